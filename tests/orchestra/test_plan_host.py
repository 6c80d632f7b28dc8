"""Plans (O7) through the real provider stack and a DuckDB store: a DAG with a fan-in run by
the orchestrator, templates filled from finished steps, a user step that blocks the plan
until answered, on_failure policies, and bad plans refused with the step and field named."""

from __future__ import annotations

from typing import Any

import pytest
from team_helpers import CRITIC, TUTOR, last_user, who

from orkas_jupyter.engine.events import Done, Error
from orkas_jupyter.engine.history import validate_history
from orkas_jupyter.orchestra import plan_rules as rules
from orkas_jupyter.orchestra.plan_model import PlanError, parse_plan
from orkas_jupyter.orchestra.planner import PlanUpdate
from orkas_jupyter.testing import fault, reply

FAN_IN = """
title: a report
steps:
  - {id: 1, title: facts, assignee: tutor, input: "List the facts about {{request}}"}
  - {id: 2, title: risks, assignee: critic, input: "List the risks", wait_for: []}
  - {id: 3, title: ask budget, assignee: user, input: "What budget do we have?",
     wait_for: [1]}
  - id: 4
    title: summary
    assignee: commander
    input: "Summarise: {{step_1.output_summary}} / {{step_2.output}} / budget {{step_3.output}}"
    wait_for: [1, 2, 3]
"""


def plan_answers(request: Any) -> Any:
    member = who(request)
    text = last_user(request)
    if member == "tutor":
        return reply(f"FACTS about {text.split('about ')[-1]}\n\nmore detail")
    if member == "critic":
        return reply("RISKS: few")
    return reply(f"SUMMARY <{text}>")


def run_plan(team, action: str, **kwargs: Any) -> list[Any]:
    async def go() -> list[Any]:
        return [e async for e in team.orchestra.plan("conv", action, **kwargs)]

    return team.run(go())


def test_a_fan_in_plan_blocks_on_the_user_and_finishes_after_the_answer(make_team) -> None:
    team = make_team(tutor=TUTOR, critic=CRITIC)
    team.server.script(plan_answers)
    spec = parse_plan(FAN_IN)
    events = run_plan(team, "start", spec=spec, text="solar panels")
    updates = [e for e in events if isinstance(e, PlanUpdate)]
    state = updates[-1].plan["state"]
    assert state["status"] == "blocked"
    steps = state["steps"]
    assert steps["1"]["status"] == "done" and steps["2"]["status"] == "done"
    assert steps["3"]["status"] == "blocked"
    assert steps["3"]["question"] == "What budget do we have?"
    assert steps["4"]["status"] == "pending"
    assert steps["1"]["output_summary"] == "FACTS about a report"  # first paragraph
    assert isinstance(events[-1], Done) and "blocked" in events[-1].result.text
    # Answering a step that is not blocked is refused; the stored state is unchanged.
    events = run_plan(team, "answer", step=4, text="nope")
    assert isinstance(events[-1], Error) and "step 4 is pending" in events[-1].message
    events = run_plan(team, "answer", step=3, text="1000 EUR")
    final = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert final["status"] == "done"
    summary = final["steps"]["4"]["output"]
    assert summary == ("SUMMARY <Summarise: FACTS about a report / RISKS: few / budget "
                       "1000 EUR>")
    # Every step ran once; every session (conversation and steps) is valid.
    assert sorted(who(r) for r in team.server.chat_requests) == [
        "commander", "critic", "tutor"]
    for link in team.children():
        validate_history(team.history(link["id"]))


def test_on_failure_continue_skips_and_abort_stops(make_team) -> None:
    team = make_team(tutor=TUTOR, critic=CRITIC)

    def answers(request: Any) -> Any:
        if who(request) == "critic":
            return fault(400, message="the critic's model refused")
        return reply("ok")

    team.server.script(answers)
    spec = parse_plan("""
steps:
  - {id: 1, title: try, assignee: critic, on_failure: continue}
  - {id: 2, title: then, assignee: tutor}
""")
    events = run_plan(team, "start", spec=spec)
    state = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert state["status"] == "done"
    assert state["steps"]["1"]["status"] == "skipped"
    assert "the critic's model refused" in state["steps"]["1"]["failure_reason"]
    assert state["steps"]["2"]["status"] == "done"

    spec = parse_plan("""
steps:
  - {id: 1, title: try, assignee: critic, on_failure: abort_plan}
  - {id: 2, title: then, assignee: tutor}
""")
    events = run_plan(team, "start", spec=spec)
    state = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert state["status"] == "failed"
    assert [state["steps"][k]["status"] for k in ("1", "2")] == ["failed", "skipped"]


@pytest.mark.parametrize(("text", "message"), [
    ("steps:\n  - {id: 1, title: a, assignee: tutor, wait_for: [2]}\n"
     "  - {id: 2, title: b, assignee: tutor, wait_for: [1]}", "wait_for: a cycle"),
    ("steps:\n  - {id: 1, title: a, assignee: nobody}", "step 1 assignee: 'nobody' is not"),
    ("steps:\n  - {id: 1, title: a, assignee: tutor, input: '{{step_9.output}}'}",
     "step 1 input: {{step_9.output}} names a step that does not exist"),
    ("steps:\n  - {id: 1, title: a, assignee: tutor}\n"
     "  - {id: 2, title: b, assignee: tutor, wait_for: [], input: '{{step_1.output}}'}",
     "which has not finished when step 2 starts"),
    ("steps:\n  - {id: 1, title: a, assignee: tutor, on_failure: explode}",
     "step 1 on_failure: Input should be"),
    ("steps:\n  - {id: 1, assignee: tutor}", "step 1 title: Field required"),
    ("steps: [", "not valid YAML or JSON"),
])
def test_bad_plans_name_the_step_and_field(make_team, text: str, message: str) -> None:
    team = make_team(tutor=TUTOR)
    with pytest.raises(PlanError, match=None) as caught:
        spec = parse_plan(text)
        spec.checked(set(team.orchestra.team.agents()))
    assert message in str(caught.value)


def test_two_plans_at_once_are_refused(make_team) -> None:
    team = make_team(tutor=TUTOR)
    team.server.script(lambda r: reply("ok"))
    blocked = parse_plan('steps:\n  - {id: 1, title: ask, assignee: user, input: "why?"}')
    run_plan(team, "start", spec=blocked)
    events = run_plan(team, "start", spec=blocked)
    assert isinstance(events[-1], Error)
    assert "is blocked in this conversation; finish or cancel it" in events[-1].message


def test_resume_after_a_crash_reruns_the_interrupted_step_once(make_team) -> None:
    """The stored state a killed kernel leaves (a step saved as in progress, its turn never
    finished): resume runs it once more; a second crash follows its on_failure."""
    team = make_team(tutor=TUTOR, critic=CRITIC)
    team.server.script(plan_answers)
    spec = parse_plan("""
steps:
  - {id: 1, title: facts, assignee: tutor, input: "about x"}
  - {id: 2, title: risks, assignee: critic, on_failure: continue}
  - {id: 3, title: more, assignee: tutor, input: "about y"}
""")
    planner = team.orchestra.plans

    async def crashed_at(step: int, attempts: int) -> None:
        record = await planner.create("conv", spec)
        planner.created.clear()
        for sid in range(1, step):
            rules.finish(record.state.step(sid), "done", output=f"out {sid}")
        st = record.state.step(step)
        st.status, st.attempts = "in_progress", attempts
        assert await planner.store.save(record)

    team.run(crashed_at(2, 1))
    events = run_plan(team, "resume")
    state = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert state["status"] == "done"
    assert [state["steps"][k]["status"] for k in ("1", "2", "3")] == ["done"] * 3
    assert state["steps"]["2"]["attempts"] == 2
    # Step 1 was done before the crash: it never ran again.
    assert [who(r) for r in team.server.chat_requests] == ["critic", "tutor"]

    team.run(crashed_at(2, 2))
    team.server.clear_requests()
    events = run_plan(team, "resume")
    state = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert state["steps"]["2"]["status"] == "skipped"  # on_failure: continue
    assert "interrupted twice" in state["steps"]["2"]["failure_reason"]
    assert state["steps"]["3"]["status"] == "done"
    assert [who(r) for r in team.server.chat_requests] == ["tutor"]


def test_commander_writes_a_plan_and_it_runs_in_the_same_turn(make_team) -> None:
    from orkas_jupyter.testing import tool_call

    team = make_team(tutor=TUTOR, critic=CRITIC)

    def answers(request: Any) -> Any:
        member = who(request)
        if member == "commander" and "Plan step" not in str(request.messages):
            return tool_call("create_plan", {"title": "two views", "steps": [
                {"id": 1, "title": "explain", "assignee": "tutor",
                 "input": "explain {{request}}"},
                {"id": 2, "title": "check", "assignee": "critic",
                 "input": "check: {{step_1.output_summary}}"}]})
        return plan_answers(request)

    team.server.script(answers)
    events = team.turn("derivatives please")
    updates = [e for e in events if isinstance(e, PlanUpdate)]
    assert updates and updates[-1].plan["state"]["status"] == "done"
    tutor = next(r for r in team.server.chat_requests if who(r) == "tutor")
    assert last_user(tutor) == "explain derivatives please"
    critic = next(r for r in team.server.chat_requests if who(r) == "critic")
    assert last_user(critic) == "check: FACTS about explain derivatives please"
    final = events[-1]
    assert isinstance(final, Done) and "2/2 steps done" in final.result.text
    validate_history(team.history("conv"))


def test_a_paused_plan_resumes_where_it_stopped(make_team) -> None:
    team = make_team(tutor=TUTOR, critic=CRITIC)

    def answers(request: Any) -> Any:
        if who(request) == "tutor":
            return reply(" ".join(f"w{i}" for i in range(200)), chunk_chars=4, chunk_delay=0.02)
        return reply("critic done")

    team.server.script(answers)
    spec = parse_plan("steps:\n  - {id: 1, title: long, assignee: tutor}\n"
                      "  - {id: 2, title: after, assignee: critic}\n")

    async def start_then_pause() -> list[Any]:
        out: list[Any] = []
        run = team.orchestra.plan("conv", "start", spec=spec)
        async for event in run:
            out.append(event)
            if event.type == "text_delta" and event.agent == "tutor":
                await team.orchestra.plans.pause("conv")
        return out

    events = team.run(start_then_pause())
    state = team.run(team.orchestra.plans.latest("conv")).state
    assert state.status == "paused"
    assert state.step(1).status == "pending" and state.step(1).attempts == 0
    team.server.script(lambda r: reply(f"{who(r)} quick"))
    events = run_plan(team, "resume")
    state = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert state["status"] == "done"
    assert state["steps"]["1"]["output"] == "tutor quick"
    for link in team.children():
        validate_history(team.history(link["id"]))


def test_deleting_a_conversation_deletes_its_children_and_plans(make_team) -> None:
    team = make_team(tutor=TUTOR, critic=CRITIC)
    team.server.script(plan_answers)
    client = team.host.store().sync
    client.ensure_session("conv", "a conversation")
    spec = parse_plan("steps:\n  - {id: 1, title: facts, assignee: tutor, input: about x}\n")
    run_plan(team, "start", spec=spec)
    assert team.children() and team.run(team.orchestra.plans.latest("conv")) is not None
    assert client.delete_session("conv")
    assert team.children() == []
    assert team.run(team.orchestra.plans.latest("conv")) is None
    assert client.call("session.load", session_id="conv/x")["count"] == 0


def test_an_agent_reports_failure_and_the_orchestrator_decides(make_team) -> None:
    from orkas_jupyter.testing import tool_call

    team = make_team(tutor=TUTOR, critic=CRITIC)

    def answers(request: Any) -> Any:
        if who(request) == "tutor":  # an agent with a tools allow-list
            if request.messages[-1]["role"] == "tool":
                raise AssertionError("the step ends at report_failure")
            return tool_call("report_failure", {"reason": "no data to check"})
        return reply("fine")

    team.server.script(answers)
    spec = parse_plan("""
steps:
  - {id: 1, title: check, assignee: tutor, on_failure: continue}
  - {id: 2, title: go on, assignee: critic}
""")
    events = run_plan(team, "start", spec=spec)
    state = [e for e in events if isinstance(e, PlanUpdate)][-1].plan["state"]
    assert state["status"] == "done"
    assert state["steps"]["1"]["status"] == "skipped"
    assert state["steps"]["1"]["failure_reason"] == (
        "failed, plan continued: tutor reported: no data to check")
    for link in team.children():
        validate_history(team.history(link["id"]))
