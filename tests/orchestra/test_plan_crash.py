"""Plans survive their kernel being killed (O7): SIGKILL a real kernel while `%%orkas plan`
runs, resume it in a new kernel on the same workspace, and check from the store that no done
step ran again, no result was lost and every session validates (benchmarks/plan.py runs the
same loop with ≥ 20 kills)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest
from team_helpers import CRITIC, TUTOR, last_user, who

from orkas_jupyter.engine.history import INTERRUPTED_TEXT, validate_history
from orkas_jupyter.engine.messages import Message, ToolCallPart, user_message
from orkas_jupyter.orchestra import plan_rules as rules
from orkas_jupyter.orchestra.plan_model import parse_plan
from orkas_jupyter.orchestra.planner import PlanUpdate
from orkas_jupyter.store.api import decode_messages
from orkas_jupyter.testing import reply, tool_call

REPO = Path(__file__).resolve().parents[2]


def _benchmark() -> Any:
    spec = importlib.util.spec_from_file_location("plan_kill", REPO / "benchmarks" /
                                                  "plan_kill.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("last", [False, True])
def test_a_step_interrupted_twice_asks_commander_who_retries_it(make_team, last: bool) -> None:
    """A step's second crash follows its on_failure: with ask_commander (the default),
    resume consults Commander and its retry runs the step. (Before: the plan sat 'running'
    with the failed step and nothing to do, or — the failed step being the last — ended
    'failed' without Commander ever being asked.)"""
    team = make_team(tutor=TUTOR, critic=CRITIC)

    def answers(request: Any) -> Any:
        if who(request) == "commander":
            if request.messages[-1]["role"] == "tool":
                return reply("retried")
            assert last_user(request).startswith("[Plan step 2 ")
            return tool_call("plan_step", {"step": 2, "action": "retry"})
        return reply(f"{who(request)}: {last_user(request)}")

    team.server.script(answers)
    text = ("steps:\n  - {id: 1, title: facts, assignee: tutor, input: one}\n"
            "  - {id: 2, title: risks, assignee: critic, input: two}\n")
    spec = parse_plan(text if last else
                      text + "  - {id: 3, title: more, assignee: tutor, input: three}\n")
    planner = team.orchestra.plans

    async def crashed_twice() -> None:
        record = await planner.create("conv", spec)
        planner.created.clear()
        rules.finish(record.state.step(1), "done", output="tutor: one")
        st = record.state.step(2)
        st.status, st.attempts = "in_progress", 2
        assert await planner.store.save(record)

    team.run(crashed_twice())

    async def resume() -> list[Any]:
        return [e async for e in team.orchestra.plan("conv", "resume")]

    events = team.run(resume())
    state = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert [who(r) for r in team.server.chat_requests] == [
        "commander", "commander", "critic", *([] if last else ["tutor"])]
    assert state["status"] == "done"
    assert {s["status"] for s in state["steps"].values()} == {"done"}
    assert state["steps"]["2"]["output"] == "critic: two"
    assert state["steps"]["1"]["finished_at"] > 0 and state["steps"]["1"]["attempts"] == 0


def test_a_step_killed_between_its_tool_call_and_the_result_reruns_on_a_valid_session(
        make_team) -> None:
    """What a kill mid-tool leaves in a step's session (the model's tool call stored, its
    result never): resume re-runs the step on that session; the model gets the call answered
    as interrupted, then the step's input again; the session validates when loaded."""
    team = make_team(tutor=TUTOR)
    team.server.script(lambda r: reply(f"{who(r)}: {last_user(r)}"))
    spec = parse_plan("steps:\n  - {id: 1, title: read, assignee: tutor, input: read it}\n")
    planner = team.orchestra.plans
    store = team.host.store()

    async def killed_mid_tool() -> str:
        record = await planner.create("conv", spec)
        planner.created.clear()
        st = record.state.step(1)
        st.status, st.attempts = "in_progress", 1
        assert await planner.store.save(record)
        child = f"conv/{record.id}/step-1"
        call = ToolCallPart(id="call_cut", name="read_file", arguments='{"path": "a.txt"}')
        await store.append(child, [user_message("read it", plan_step="1"),
                                   Message(role="assistant", parts=[call])])
        return child

    child = team.run(killed_mid_tool())
    raw = team.run(store.call("session.load", session_id=child, known_generation=None,
                              known_count=0))
    assert validate_history(decode_messages(str(raw["bodies"])))  # the open tail is stored

    async def resume() -> list[Any]:
        return [e async for e in team.orchestra.plan("conv", "resume")]

    events = team.run(resume())
    state = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert state["status"] == "done" and state["steps"]["1"]["output"] == "tutor: read it"
    (request,) = team.server.chat_requests
    sent = [(m["role"], m.get("tool_call_id")) for m in request.messages[1:]]
    assert sent == [("user", None), ("assistant", None), ("tool", "call_cut"), ("user", None)]
    assert INTERRUPTED_TEXT in str(request.messages[3]["content"])
    history = team.history(child)
    assert validate_history(history) == []
    assert [m.role for m in history] == ["user", "assistant", "tool", "user", "assistant"]


@pytest.mark.slow
def test_sigkilled_kernels_resume_the_plan_without_redoing_or_losing_a_step() -> None:
    bench = _benchmark()
    lines: list[str] = []
    report = bench.crash_loop(kills=3, steps=5, seed=7, log=lines.append)
    assert report.kills == 3, lines
    assert report.steps >= 5 and report.done == report.steps, lines
    assert report.redone == [], lines
    assert report.lost == [], lines
    assert report.invalid == [] and report.sessions >= 6, lines
