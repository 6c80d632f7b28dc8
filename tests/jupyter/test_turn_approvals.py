"""Each turn asks its own user: a chat-panel turn waiting for approval while a cell's turn
starts and finishes keeps its question in the panel (in-process, scripted model)."""

from __future__ import annotations

import time
from typing import Any

from orkas_jupyter.engine import ApprovalRequest
from orkas_jupyter.engine.scripted import Reply, call
from orkas_jupyter.engine.tools import ApprovalDecision
from orkas_jupyter.jupyter.approvals import NobodyToAsk, TurnApprovals
from orkas_jupyter.jupyter.chat import ChatController
from orkas_jupyter.jupyter.turns import SurfaceTurn

from .test_chat_controller import LoopRuntime, Recorder, Risky


def _script(request: Any) -> Reply:
    """Each conversation asks for one risky step, then answers."""
    last = request.messages[-1]
    if last.role == "user":
        return Reply(tool_calls=[call("risky", what=last.text)])
    return Reply(text=f"finished: {last.tool_result.content[0].text}")


class _ScriptFromRequests:
    """A provider that answers each request from its content (turns interleave)."""

    def __init__(self) -> None:
        from orkas_jupyter.engine.scripted import ScriptedProvider

        self.inner = ScriptedProvider(_script)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_a_cell_turn_does_not_take_the_panels_approval_question() -> None:
    risky = Risky()
    rt = LoopRuntime(_ScriptFromRequests().inner, [risky])
    out = Recorder()
    chat = ChatController(rt, out, session="panel")
    chat.handle({"type": "send", "text": "panel step"})
    approval = out.wait_for("approval")[0]
    assert approval["summary"] == "panel step"

    asked_in_cell: list[str] = []

    async def cell_input_box(request: ApprovalRequest) -> ApprovalDecision:
        asked_in_cell.append(request.summary)
        return "once"

    cell = SurfaceTurn(rt, "cell step", session="notebook",
                       approvals=TurnApprovals(cell_input_box, lambda: "deny"))

    async def run_cell_turn() -> list[Any]:
        return [e async for e in cell.events()]

    events = rt.submit(run_cell_turn()).result(timeout=10)
    assert events[-1].type == "done"
    assert asked_in_cell == ["cell step"]  # the cell was asked only its own question
    assert any("approved once" in n and "by you" in n for n in cell.notes())

    # After the cell ended, the panel's question is still open: not denied by a policy.
    time.sleep(0.2)
    assert risky.done == ["cell step"]
    assert not [m for m in out.msgs if m["type"] == "approval_done"]
    chat.handle({"type": "approve", "id": approval["id"], "decision": "once"})
    out.wait_for("done")
    assert risky.done == ["cell step", "panel step"]
    assert out.wait_for("approval_done")[0]["decision"] == "once"
    rt.close()


def test_with_nobody_to_ask_the_policy_decides_and_says_so() -> None:
    async def no_stdin(request: ApprovalRequest) -> ApprovalDecision:
        raise NobodyToAsk

    approvals = TurnApprovals(no_stdin, lambda: "deny")
    risky = Risky()
    rt = LoopRuntime(_ScriptFromRequests().inner, [risky])
    turn = SurfaceTurn(rt, "x", approvals=approvals)

    async def run() -> list[Any]:
        return [e async for e in turn.events()]

    rt.submit(run()).result(timeout=10)
    assert risky.done == []
    assert turn.notes()[0].endswith("→ **denied** by approval policy deny")
    rt.close()
