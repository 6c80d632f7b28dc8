"""Commander's actions through the real provider stack (O3): concurrent dispatches in child
sessions, workers, errors the model can act on, no recursion."""

from __future__ import annotations

import json
import time
from typing import Any

from team_helpers import ANALYST, CRITIC, TUTOR, last_user, who

from orkas_jupyter.engine.events import Done, Error, ToolEnd, ToolStart
from orkas_jupyter.engine.history import validate_history
from orkas_jupyter.testing import fault, reply, tool_call, tool_calls
from orkas_jupyter.testing.team import tool_names


def has_results(request: Any) -> bool:
    return any(m["role"] == "tool" for m in request.messages)


def test_three_dispatches_run_concurrently_in_their_own_child_sessions(make_team) -> None:
    team = make_team(tutor=TUTOR, analyst=ANALYST, critic=CRITIC)
    arrivals: dict[str, float] = {}

    def answer(request: Any) -> Any:
        member = who(request)
        arrivals[member] = time.perf_counter()
        if member == "commander":
            if has_results(request):
                return reply("Together: " + " | ".join(
                    m["content"] for m in request.messages if m["role"] == "tool"))
            return tool_calls(("dispatch_to", {"agent": "tutor", "task": "explain variance"}),
                              ("dispatch_to", {"agent": "analyst", "task": "count the rows"}),
                              ("dispatch_to", {"agent": "critic", "task": "check the claim"}))
        return reply(f"{member} says: done with {last_user(request)!r}", first_byte_delay=1.0)

    team.server.script(answer)
    events = team.turn("Study the data set with the team")
    final = events[-1]
    assert isinstance(final, Done), final
    # Each child waits 1 s for its answer: all three asked before any was answered.
    spread = max(arrivals[m] for m in ("tutor", "analyst", "critic")) - min(
        arrivals[m] for m in ("tutor", "analyst", "critic"))
    assert spread < 0.9, f"the children's requests were {spread:.2f} s apart: not concurrent"
    assert "tutor says: done with 'explain variance'" in final.result.text
    assert "analyst says" in final.result.text and "critic says" in final.result.text
    # Every child request carries its own prompt and only its task (its segment).
    children = [r for r in team.server.chat_requests if who(r) != "commander"]
    assert sorted(who(r) for r in children) == ["analyst", "critic", "tutor"]
    for request in children:
        roles = [m["role"] for m in request.messages]
        assert roles == ["system", "user"], roles
        assert "Study the data set" not in json.dumps(request.messages)
    analyst = next(r for r in children if who(r) == "analyst")
    assert analyst.model == "gpt-4o-mini"  # the agent file's model
    # Its allow-list: the kernel's tools do not exist outside a kernel, and it is told so.
    assert sorted(tool_names(analyst)) == ["read_file"]
    warning = next(e for e in events if e.type == "warning" and e.agent == "analyst")
    assert "inspect_variable, list_variables" in warning.message
    # The child sessions are linked to the calls that started them, and all valid.
    calls = {e.call.id: json.loads(e.call.arguments)["agent"] for e in events
             if isinstance(e, ToolStart) and e.call.name == "dispatch_to"}
    links = team.children()
    assert {c["parent_call_id"]: c["agent"] for c in links} == calls
    for link in links:
        history = team.history(link["id"])
        validate_history(history)
        assert history[0].text in ("explain variance", "count the rows", "check the claim")
    validate_history(team.history("conv"))
    # The children's events reached the parent's stream, stamped with agent and call.
    forwarded = [e for e in events if e.parent_call_id is not None]
    assert {e.agent for e in forwarded} == {"tutor", "analyst", "critic"}
    assert {e.parent_call_id for e in forwarded} == set(calls)
    assert sum(isinstance(e, Done) for e in forwarded) == 3
    # The turn's usage counts the children's model calls too.
    assert final.result.model_calls == 5
    # Children are not listed as conversations of their own.
    assert [s.id for s in team.host.store().sync.list_sessions()] == ["conv"]


def test_without_agents_only_run_worker_is_offered_and_it_works(make_team) -> None:
    team = make_team()

    def answer(request: Any) -> Any:
        member = who(request)
        if member == "worker":
            assert "run_worker" not in tool_names(request)  # no recursion
            return reply(f"worker result for {last_user(request)!r}")
        if has_results(request):
            return reply("The worker found it.")
        return tool_call("run_worker", {"task": "sum the column"})

    team.server.script(answer)
    events = team.turn("add it up")
    first = team.server.chat_requests[0]
    names = tool_names(first)
    assert "run_worker" in names
    assert "dispatch_to" not in names and "hand_off_to" not in names
    assert isinstance(events[-1], Done) and events[-1].result.text == "The worker found it."
    ends = [e for e in events if isinstance(e, ToolEnd) and e.call.name == "run_worker"]
    assert "worker result for 'sum the column'" in ends[0].result.content[0].text  # type: ignore[union-attr]
    worker_events = [e for e in events if e.agent == "worker"]
    assert worker_events and all(e.parent_call_id == ends[0].call.id for e in worker_events)


def test_bad_dispatches_become_errors_the_model_reads(make_team) -> None:
    team = make_team(tutor=TUTOR)
    seen: list[str] = []

    def answer(request: Any) -> Any:
        member = who(request)
        if member == "tutor":
            if has_results(request):
                return reply("I will answer myself then.")
            # A child tries to dispatch further: refused with the reason.
            return tool_call("dispatch_to", {"agent": "tutor", "task": "recurse"})
        results = [m["content"] for m in request.messages if m["role"] == "tool"]
        seen[:] = results
        if len(results) == 0:
            return tool_calls(("dispatch_to", {"agent": "nobody", "task": "x"}),
                              ("dispatch_to", {"agent": "tutor", "task": "teach"}))
        return reply("handled")

    team.server.script(answer)
    events = team.turn("go")
    assert isinstance(events[-1], Done) and events[-1].result.text == "handled"
    assert "No agent named 'nobody'. Agents: tutor." in seen[0]
    assert seen[1] == "I will answer myself then."
    tutor_end = next(e for e in events if isinstance(e, ToolEnd) and e.agent == "tutor")
    assert tutor_end.result.is_error
    assert "only Commander can use the team's actions" in tutor_end.result.content[0].text  # type: ignore[union-attr]
    for link in team.children():
        validate_history(team.history(link["id"]))


def test_a_child_whose_model_fails_is_an_error_result_not_a_broken_turn(make_team) -> None:
    team = make_team(tutor=TUTOR)

    def answer(request: Any) -> Any:
        if who(request) == "tutor":
            return fault(400, message="model 'nope' does not exist")
        if has_results(request):
            return reply("The tutor could not help: " + next(
                m["content"] for m in request.messages if m["role"] == "tool"))
        return tool_call("dispatch_to", {"agent": "tutor", "task": "teach"})

    team.server.script(answer)
    events = team.turn("go")
    final = events[-1]
    assert isinstance(final, Done)
    assert "tutor could not finish the task" in final.result.text
    assert "does not exist" in final.result.text
    validate_history(team.history("conv"))


def test_unknown_address_is_refused_before_any_model_call(make_team) -> None:
    team = make_team(tutor=TUTOR)
    events = team.turn("@nobody what is 2+2?")
    assert isinstance(events[-1], Error) and events[-1].kind == "input"
    assert "There is no agent @nobody (agents: @tutor" in events[-1].message
    assert team.server.chat_requests == []


def test_a_child_that_loops_is_stopped_by_its_own_guard(make_team, tmp_path) -> None:
    team = make_team(tutor=TUTOR)
    (tmp_path / "notes.txt").write_text("same every time")

    def answer(request: Any) -> Any:
        if who(request) == "tutor":
            return tool_call("read_file", {"path": "notes.txt"})  # forever
        if has_results(request):
            return reply("The tutor got stuck; I'll answer myself.")
        return tool_call("dispatch_to", {"agent": "tutor", "task": "read the notes"})

    team.server.script(answer)
    events = team.turn("go")
    assert isinstance(events[-1], Done)
    end = next(e for e in events if isinstance(e, ToolEnd) and e.call.name == "dispatch_to")
    assert "tutor was stopped: it repeated the same tool call" in end.result.content[0].text  # type: ignore[union-attr]
    tutor_calls = [r for r in team.server.chat_requests if who(r) == "tutor"]
    assert len(tutor_calls) == 5  # the default guard stops at the fifth identical call
    for link in team.children():
        validate_history(team.history(link["id"]))
