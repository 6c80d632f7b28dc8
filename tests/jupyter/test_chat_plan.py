"""Plans in the side panel's chat (docs/chat-protocol.md "Plans"), in a real kernel through the
`orkas` comm as the labextension opens it: a plan a `%%orkas plan` cell drives reaches the
panel as it changes, a blocked step is answered from the panel and the plan finishes as a chat
turn, Pause / Resume / Cancel act on it, a new view gets the latest plan on `hello`, and bad
messages are a notice that changes nothing."""

from __future__ import annotations

import json
import queue
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.testing import reply, tool_call
from orkas_jupyter.testing.team import last_user_text, member_of, write_agents

from .conftest import Kernel

pytestmark = pytest.mark.slow

TUTOR = "---\nname: tutor\ndescription: explains\n---\nTeach.\n"
CRITIC = "---\nname: critic\ndescription: checks\n---\nCheck.\n"
# A fan-in (4 waits for 1, 2 and the user's step 3).
PLAN = """%%orkas plan
title: launch note
steps:
  - {id: 1, title: facts, assignee: tutor, input: "facts about the launch"}
  - {id: 2, title: risks, assignee: critic, input: "risks", wait_for: []}
  - {id: 3, title: budget, assignee: user, input: "What is the budget?", wait_for: [1]}
  - {id: 4, title: note, assignee: commander, wait_for: [1, 2, 3],
     input: "Write the note from {{step_1.output}}, {{step_2.output}}, {{step_3.output}}"}
"""


def answer(request: Any) -> Any:
    member, text = member_of(request), last_user_text(request)
    if text == "slow":
        return reply(" ".join(f"w{i}" for i in range(400)), chunk_chars=4, chunk_delay=0.03)
    if member == "commander":
        return reply(f"NOTE[{text}]")
    return reply(f"{member.upper()}: {text}", first_byte_delay=3 if text == "medium" else 0.2)


class View:
    """What the labextension does for one notebook view: a subshell, the comm opened on it;
    then chat messages sent on it and everything the kernel sends back."""

    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel
        self.subshell = self._control("create_subshell_request", {})["subshell_id"]
        register = self._shell("execute_request", {
            "code": "__import__('orkas_jupyter.jupyter.lab', fromlist=['x']).register_target()",
            "silent": True, "store_history": False, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": False})
        while kernel.kc.get_shell_msg(timeout=30)["parent_header"].get("msg_id") != register:
            pass  # the target exists before the comm opens
        self.comm_id = uuid.uuid4().hex
        self._shell("comm_open", {"comm_id": self.comm_id, "target_name": "orkas",
                                  "data": {"notebook": "analysis.ipynb"}})
        self.received: list[dict[str, Any]] = []

    def _control(self, msg_type: str, content: dict[str, Any]) -> dict[str, Any]:
        msg = self.kernel.kc.session.msg(msg_type, content)
        self.kernel.kc.control_channel.send(msg)
        while True:
            answer = self.kernel.kc.control_channel.get_msg(timeout=10)
            if answer["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
                return dict(answer["content"])

    def _shell(self, msg_type: str, content: dict[str, Any]) -> str:
        msg = self.kernel.kc.session.msg(msg_type, content)
        msg["header"]["subshell_id"] = self.subshell
        self.kernel.kc.shell_channel.send(msg)
        return str(msg["header"]["msg_id"])

    def send(self, data: dict[str, Any]) -> None:
        self._shell("comm_msg", {"comm_id": self.comm_id, "data": data})

    def plans(self) -> list[dict[str, Any]]:
        return [m["plan"] for m in self.received if m.get("type") == "plan"]


def pump(kernel: Kernel, views: list[View], until: Callable[[], bool], *,
         cell: str | None = None, timeout: float = 60) -> str:
    """Read iopub until `until()` holds and the cell `cell` (an execute request's id), if
    given, is idle; each view's comm messages go to its `received`. Returns its stdout."""
    idle, out = cell is None, ""
    by_comm = {v.comm_id: v for v in views}
    deadline = time.monotonic() + timeout
    while not (idle and until()):
        if time.monotonic() > deadline:
            seen = {v.comm_id[:6]: [m.get("type") for m in v.received] for v in views}
            raise TimeoutError(f"waited {timeout}s; stdout {out[-800:]!r}; comm {seen}; "
                               f"{views[-1].received[-3:]}")
        try:
            msg = kernel.kc.get_iopub_msg(timeout=0.05)
        except queue.Empty:
            continue
        content = msg["content"]
        if msg["msg_type"] == "comm_msg" and content["comm_id"] in by_comm:
            by_comm[content["comm_id"]].received.append(content["data"])
        if cell is not None and msg["parent_header"].get("msg_id") == cell:
            if msg["msg_type"] == "stream":
                out += content["text"]
            if msg["msg_type"] == "status" and content["execution_state"] == "idle":
                idle = True
    return out


def opened(kernel: Kernel) -> View:
    """A view whose hello was answered (the first cell's hook makes the kernel's runtime)."""
    view = View(kernel)
    view.send({"type": "hello"})
    pump(kernel, [view], lambda: any(m["type"] == "history" for m in view.received),
         cell=kernel.kc.execute("%load_ext orkas_jupyter"))
    return view


def statuses(plan: dict[str, Any]) -> dict[str, str]:
    return {sid: st["status"] for sid, st in plan["state"]["steps"].items()}


def agents(workspace: Path) -> None:
    write_agents(workspace, tutor=TUTOR, critic=CRITIC)



def streamed_text(framed: list[dict]) -> str:
    """A card's streamed text; every delta comes after the card's tool_start and before its
    assistant_end."""
    kinds = [m["type"] for m in framed]
    deltas = [i for i, kind in enumerate(kinds) if kind == "delta"]
    if deltas:
        assert kinds.index("tool_start") < deltas[0] and deltas[-1] < kinds.index(
            "assistant_end"), kinds
    return "".join(framed[i]["text"] for i in deltas)

def test_a_cell_driven_plan_is_live_in_the_panel_and_answered_from_it(
        kernel: Kernel, fake_model: Any, tmp_path: Path) -> None:
    agents(tmp_path)
    fake_model.script(answer)
    view = opened(kernel)
    assert view.plans() == []  # no plan yet in this conversation

    # The cell drives the plan; the panel sees each change as it happens.
    pump(kernel, [view], lambda: True, cell=kernel.kc.execute(PLAN), timeout=120)
    seen = [(p["state"]["status"], statuses(p)) for p in view.plans()]
    assert ("running", {"1": "done", "2": "in_progress", "3": "blocked", "4": "pending"}) \
        in seen, seen
    last = view.plans()[-1]
    assert last["spec"]["title"] == "launch note"
    assert [s["wait_for"] for s in last["spec"]["steps"]] == [None, [], [1], [1, 2, 3]]
    assert last["state"]["status"] == "blocked"
    assert statuses(last) == {"1": "done", "2": "done", "3": "blocked", "4": "pending"}
    assert last["state"]["steps"]["3"]["question"] == "What is the budget?"
    assert last["state"]["steps"]["1"]["output_summary"] == "TUTOR: facts about the launch"

    # Bad messages: a notice each, nothing sent to the model, the plan unchanged.
    before, requests = len(view.received), len(fake_model.chat_requests)
    view.send({"type": "plan_action", "action": "explode"})
    view.send({"type": "plan_answer", "step": "three", "text": "x"})
    view.send({"type": "plan_answer", "step": 3, "text": "  "})
    view.send({"type": "plan_answer", "step": 4, "text": "too early"})
    pump(kernel, [view], lambda: any(m["type"] == "done" for m in view.received[before:]))
    notices = [m["text"] for m in view.received[before:] if m["type"] == "notice"]
    assert "plan_action: unknown action 'explode' (pause, resume or cancel)" in notices
    assert "plan_answer: step must be a step number, not 'three'" in notices
    assert "plan_answer: the answer to step 3 is empty" in notices
    assert "step 4 is pending, not waiting for an answer" in notices
    assert len(fake_model.chat_requests) == requests
    assert "blocked, 2/4 steps done" in kernel.run("%orkas plan").stdout

    # The answer from the panel: the plan goes on as the chat's turn and finishes.
    before = len(view.received)
    view.send({"type": "plan_answer", "step": 3, "text": "5000 EUR"})
    pump(kernel, [view], lambda: any(m["type"] == "done" for m in view.received[before:]),
         timeout=120)
    got = view.received[before:]
    assert got[0] == {"type": "user", "text": "plan answer 3 5000 EUR"}
    final = [m["plan"] for m in got if m["type"] == "plan"][-1]
    assert final["state"]["status"] == "done" and set(statuses(final).values()) == {"done"}
    assert final["state"]["steps"]["3"]["output"] == "5000 EUR"
    assert next(m for m in got if m["type"] == "done")["stop_reason"] == "completed"
    # The step that ran in this turn is a card: opened before its events, closed when done.
    card = f"plan:{final['id']}:4"
    framed = [m for m in got if card in (m.get("id"), m.get("parent"))]
    streamed = streamed_text(framed)  # the step's answer streams into its card first
    framed = [m for m in framed if m["type"] != "delta"]
    assert [m["type"] for m in framed] == ["tool_start", "assistant_end", "tool_end"], framed
    assert streamed == framed[1]["markdown"]
    assert json.loads(framed[0]["arguments"]) == {"agent": "commander", "task": "step 4: note"}
    assert framed[2]["summary"].startswith("NOTE[Write the note") and not framed[2]["is_error"]
    note = next(r for r in fake_model.chat_requests if member_of(r) == "commander")
    assert last_user_text(note) == ("Write the note from TUTOR: facts about the launch, "
                                    "CRITIC: risks, 5000 EUR")

    # A view opened later (a reload) gets the latest plan with its hello.
    again = View(kernel)
    again.send({"type": "hello"})
    pump(kernel, [view, again], lambda: bool(again.plans()))
    assert again.plans() == [final]


def test_pause_resume_and_cancel_from_the_panel(kernel: Kernel, fake_model: Any,
                                                tmp_path: Path) -> None:
    agents(tmp_path)
    fake_model.script(answer)
    view = opened(kernel)

    # Pause while the cell drives a slow step: the cell ends, the plan waits, paused.
    cell = kernel.kc.execute("%%orkas plan\nsteps:\n  - {id: 1, title: long, assignee: tutor, "
                             "input: slow}\n  - {id: 2, title: after, assignee: critic}\n")
    deadline = time.monotonic() + 30
    while not any(last_user_text(r) == "slow" for r in fake_model.chat_requests):
        assert time.monotonic() < deadline, "the slow step never asked the model"
        time.sleep(0.05)
    view.send({"type": "plan_action", "action": "pause"})
    pump(kernel, [view], lambda: bool(view.plans())
         and view.plans()[-1]["state"]["status"] == "paused")
    pump(kernel, [view], lambda: True, cell=cell)  # the cell that drove it ends on its own
    paused = view.plans()[-1]
    assert paused["state"]["reason"] == "paused by the user"
    assert statuses(paused) == {"1": "pending", "2": "pending"}
    assert "paused, 0/2 steps done" in kernel.run("%orkas plan").stdout

    # Resume from the panel: the chat's turn runs the plan to its end.
    fake_model.script(lambda r: reply(f"{member_of(r)} quick"))
    before = len(view.received)
    view.send({"type": "plan_action", "action": "resume"})
    pump(kernel, [view], lambda: any(m["type"] == "done" for m in view.received[before:]),
         timeout=120)
    final = [m["plan"] for m in view.received[before:] if m["type"] == "plan"][-1]
    assert final["state"]["status"] == "done"
    assert final["state"]["steps"]["2"]["output"] == "critic quick"
    # Nothing is left to resume: a notice, no turn.
    before = len(view.received)
    view.send({"type": "plan_action", "action": "pause"})
    pump(kernel, [view], lambda: any(m["type"] == "notice" for m in view.received[before:]))
    assert [m["text"] for m in view.received[before:] if m["type"] == "notice"] == [
        "Plan pause: the plan is done; nothing to do"]

    # Cancel a plan blocked on its first (user) step.
    asked = kernel.run("%%orkas plan\nsteps:\n  - {id: 1, title: ask, assignee: user, "
                       "input: \"why?\"}\n  - {id: 2, title: then, assignee: tutor}\n", timeout=60)
    assert "blocked, 0/2 steps done" in "".join(asked.data("text/markdown")), asked
    before = len(view.received)
    view.send({"type": "plan_action", "action": "cancel"})
    pump(kernel, [view], lambda: any(m["type"] == "plan" and m["plan"]["state"]["status"]
                                     == "cancelled" for m in view.received[before:]))
    cancelled = view.plans()[-1]
    assert statuses(cancelled) == {"1": "skipped", "2": "skipped"}
    assert "cancelled, 0/2 steps done" in kernel.run("%orkas plan").stdout


def test_a_plan_commander_writes_in_a_chat_turn_streams_into_the_panel(
        kernel: Kernel, fake_model: Any, tmp_path: Path) -> None:
    agents(tmp_path)
    steps = [{"id": 1, "title": "facts", "assignee": "tutor", "input": "facts about {{request}}"},
             {"id": 2, "title": "tone", "assignee": "user", "input": "Formal or casual?"}]

    def commander(request: Any) -> Any:
        if member_of(request) != "commander":
            return answer(request)
        return tool_call("create_plan", {"title": "a note", "steps": steps})

    fake_model.script(commander)
    view = opened(kernel)
    view.send({"type": "send", "text": "plan a launch note"})
    pump(kernel, [view], lambda: any(m["type"] == "done" for m in view.received), timeout=120)
    plans = view.plans()
    assert plans[0]["spec"]["title"] == "a note"
    assert plans[-1]["state"]["status"] == "blocked"
    assert plans[-1]["state"]["steps"]["1"]["output"] == "TUTOR: facts about plan a launch note"
    assert plans[-1]["state"]["steps"]["2"]["question"] == "Formal or casual?"
    # The tutor's step is a card in the chat: its answer inside, closed as done.
    card = f"plan:{plans[-1]['id']}:1"
    framed = [m for m in view.received if card in (m.get("id"), m.get("parent"))]
    streamed = streamed_text(framed)
    framed = [m for m in framed if m["type"] != "delta"]
    assert [m["type"] for m in framed] == ["tool_start", "assistant_end", "tool_end"], framed
    assert streamed == "TUTOR: facts about plan a launch note"
    assert framed[1] == {"type": "assistant_end", "agent": "tutor", "parent": card,
                         "markdown": "TUTOR: facts about plan a launch note"}
    assert json.loads(framed[0]["arguments"]) == {"agent": "tutor", "task": "step 1: facts"}

    before = len(view.received)
    view.send({"type": "plan_answer", "step": 2, "text": "casual"})
    pump(kernel, [view], lambda: any(m["type"] == "done" for m in view.received[before:]),
         timeout=60)
    final = [m["plan"] for m in view.received[before:] if m["type"] == "plan"][-1]
    assert final["state"]["status"] == "done" and statuses(final) == {"1": "done", "2": "done"}


def test_an_answer_while_a_cell_drives_the_plan_goes_to_that_cell(
        kernel: Kernel, fake_model: Any, tmp_path: Path) -> None:
    agents(tmp_path)
    fake_model.script(answer)
    view = opened(kernel)
    cell = kernel.kc.execute(
        "%%orkas plan\nsteps:\n  - {id: 1, title: ask, assignee: user, input: \"Go?\"}\n"
        "  - {id: 2, title: work, assignee: tutor, input: medium, wait_for: []}\n"
        "  - {id: 3, title: sum up, assignee: commander, input: \"{{step_1.output}}\","
        " wait_for: [1, 2]}\n")
    deadline = time.monotonic() + 30
    while not any(last_user_text(r) == "medium" for r in fake_model.chat_requests):
        assert time.monotonic() < deadline, "step 2 never asked the model"
        time.sleep(0.05)
    view.send({"type": "plan_answer", "step": 1, "text": "yes"})
    out = pump(kernel, [view], lambda: True, cell=cell, timeout=60)
    # Every saved change reaches the panel; the first one with the answer in it:
    answered = next(p for p in view.plans() if statuses(p)["1"] == "done")
    assert statuses(answered) == {"1": "done", "2": "in_progress", "3": "pending"}
    assert answered["state"]["steps"]["1"]["output"] == "yes"
    # No chat turn: the cell went on with the answer and finished the plan.
    assert not [m for m in view.received if m["type"] in ("user", "done")]
    assert view.plans()[-1]["state"]["status"] == "done", out
    assert view.plans()[-1]["state"]["steps"]["3"]["output"] == "NOTE[yes]"
