"""The chat controller: protocol messages in and out, background turns, steering, stop,
approvals through buttons, batched deltas (in-process, scripted model)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from orkas_jupyter.config import Settings
from orkas_jupyter.engine import ApprovalRequest, InMemorySessionStore, Tool, ToolContext
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.jupyter.chat import ChatController
from orkas_jupyter.jupyter.runtime import KernelRuntime


class RiskyArgs(BaseModel):
    what: str


class Risky(Tool[RiskyArgs]):
    name = "risky"
    description = "Asks before doing."
    input_model = RiskyArgs

    def __init__(self) -> None:
        self.done: list[str] = []

    async def execute(self, args: RiskyArgs, ctx: ToolContext) -> str:
        ok = await ctx.request_approval(ApprovalRequest(tool="risky", summary=args.what,
                                                        risk="destructive_delete"))
        if not ok:
            return "denied by the user; nothing was done"
        self.done.append(args.what)
        return f"did {args.what}"


def LoopRuntime(provider: Any, tools: list[Tool[Any]]) -> KernelRuntime:
    """A real kernel runtime with no shell: the scripted model, an in-memory session store,
    and `tools` beside the kernel's own."""
    workspace = Path(tempfile.mkdtemp(prefix="orkas-chat-"))
    return KernelRuntime(None, Settings(model="scripted/model", workspace=workspace,
                                        home=workspace / "home"),
                         store_factory=lambda _s: InMemorySessionStore(),
                         provider_factory=lambda _s, _r: provider, extra_tools=tools)


class Recorder:
    def __init__(self) -> None:
        self.msgs: list[dict[str, Any]] = []
        self.times: list[float] = []

    def __call__(self, msg: dict[str, Any]) -> None:
        self.msgs.append(msg)
        self.times.append(time.monotonic())

    def wait_for(self, kind: str, count: int = 1, timeout: float = 5) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [m for m in self.msgs if m["type"] == kind]
            if len(found) >= count:
                return found
            time.sleep(0.01)
        raise AssertionError(f"no {kind} x{count} in {[m['type'] for m in self.msgs]}")


def test_a_turn_streams_batched_deltas_and_ends_idle():
    provider = ScriptedProvider([Reply(text="x" * 400, chunks=200, chunk_delay=0.002)])
    rt = LoopRuntime(provider, [])
    out = Recorder()
    chat = ChatController(rt, out)
    chat.handle({"type": "send", "text": "hello"})
    out.wait_for("done")
    kinds = [m["type"] for m in out.msgs]
    assert kinds[0] == "user" and kinds[-1] == "state"
    deltas = [m for m, t in zip(out.msgs, out.times, strict=True) if m["type"] == "delta"]
    assert "".join(d["text"] for d in deltas) == "x" * 400
    assert len(deltas) < 200 / 4  # batched, not one message per chunk
    times = [t for m, t in zip(out.msgs, out.times, strict=True) if m["type"] == "delta"]
    span = times[-1] - times[0]
    assert len(deltas) <= 25 * span + 2  # at most ~25 messages a second
    assert out.msgs[-1]["status"] == "idle"


def test_hello_replays_history():
    provider = ScriptedProvider([Reply(text="first answer")])
    rt = LoopRuntime(provider, [])
    out = Recorder()
    chat = ChatController(rt, out)
    chat.handle({"type": "send", "text": "q1"})
    out.wait_for("done")
    other = Recorder()
    ChatController(rt, other).handle({"type": "hello"})
    history = other.wait_for("history")[0]["messages"]
    assert [(m["role"], m["markdown"]) for m in history] == [("user", "q1"),
                                                             ("assistant", "first answer")]


def test_stop_cancels_the_running_turn():
    provider = ScriptedProvider([Reply(text="y" * 100, chunks=100, chunk_delay=0.05)])
    rt = LoopRuntime(provider, [])
    out = Recorder()
    chat = ChatController(rt, out)
    chat.handle({"type": "send", "text": "long"})
    out.wait_for("delta")
    started = time.monotonic()
    chat.handle({"type": "stop"})
    done = out.wait_for("done")[0]
    assert time.monotonic() - started < 0.5
    assert done["stop_reason"] == "cancelled"
    # Said once, by the `done` line: no second "cancelled" notice.
    assert not [m for m in out.msgs if m["type"] == "notice" and "cancel" in m["text"]]


def test_send_while_running_steers_the_turn():
    risky = Risky()
    provider = ScriptedProvider([Reply(tool_calls=[call("risky", what="a")]),
                                 Reply(text="done with the change")])
    rt = LoopRuntime(provider, [risky])
    out = Recorder()
    chat = ChatController(rt, out)
    chat.handle({"type": "send", "text": "go"})
    approval = out.wait_for("approval")[0]
    chat.handle({"type": "send", "text": "also mind the logs"})  # while the turn waits
    chat.handle({"type": "approve", "id": approval["id"], "decision": "deny"})
    out.wait_for("done")
    assert risky.done == []  # denied: nothing ran
    second = provider.requests[1].messages
    assert second[-1].text == "also mind the logs" and second[-1].meta.get("steering")
    tool_result = next(m for m in second if m.role == "tool").tool_result
    assert "denied" in tool_result.content[0].text  # type: ignore[union-attr]
    assert out.wait_for("approval_done")[0]["decision"] == "deny"


def test_approval_buttons_allow_once():
    risky = Risky()
    provider = ScriptedProvider([Reply(tool_calls=[call("risky", what="b")]), Reply(text="ok")])
    rt = LoopRuntime(provider, [risky])
    out = Recorder()
    chat = ChatController(rt, out)
    chat.handle({"type": "send", "text": "go"})
    approval = out.wait_for("approval")[0]
    assert approval["risk"] == "destructive_delete" and approval["summary"] == "b"
    chat.handle({"type": "approve", "id": approval["id"], "decision": "once"})
    out.wait_for("done")
    assert risky.done == ["b"]


def test_panel_turns_say_when_answers_were_replayed_or_recorded():
    from orkas_jupyter.providers import InMemoryRecordingStore, RecordReplayProvider

    store = InMemoryRecordingStore()
    recorder = RecordReplayProvider(ScriptedProvider([Reply(text="recorded answer")]), store,
                                    "record", "scripted/model")
    rt = LoopRuntime(recorder, [])
    out = Recorder()
    ChatController(rt, out).handle({"type": "send", "text": "q"})
    out.wait_for("done")
    notes = [m["text"] for m in out.msgs if m["type"] == "notice"]
    # Plain text for the panel: no code ticks, no emphasis.
    assert notes == ["● 1 model answer recorded in the workspace store"]

    replayer = RecordReplayProvider(ScriptedProvider([]), store, "replay", "scripted/model")
    rt2 = LoopRuntime(replayer, [])
    again = Recorder()
    ChatController(rt2, again).handle({"type": "send", "text": "q"})
    again.wait_for("done")
    assert [m["markdown"] for m in again.msgs if m["type"] == "assistant_end"] == [
        "recorded answer"]
    notes = [m["text"] for m in again.msgs if m["type"] == "notice"]
    assert notes == ["▶ 1 recorded model answer replayed from the workspace store (model "
                     "scripted/model); tools ran for real"]
