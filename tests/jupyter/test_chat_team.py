"""The chat protocol of a team turn, as the side panel's team view reads it
(docs/chat-protocol.md "Agent teams"): a hand-off's floor notice keeps `kind: "floor"`, the
floor holder's reply carries its `agent`, and the history replay brings both back."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from orkas_jupyter.config import Settings
from orkas_jupyter.engine import InMemorySessionStore
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.jupyter.chat import ChatController
from orkas_jupyter.jupyter.runtime import KernelRuntime

TUTOR = "---\nname: tutor\ndescription: explains statistics\n---\nTeach.\n"


def team_runtime(provider: Any) -> KernelRuntime:
    """A real kernel runtime with no shell on a workspace with one agent file."""
    workspace = Path(tempfile.mkdtemp(prefix="orkas-chat-team-"))
    agents = workspace / ".orkas" / "agents"
    agents.mkdir(parents=True)
    (agents / "tutor.md").write_text(TUTOR)
    return KernelRuntime(None, Settings(model="scripted/model", workspace=workspace,
                                        home=workspace / "home"),
                         store_factory=lambda _s: InMemorySessionStore(),
                         provider_factory=lambda _s, _r: provider)


class Recorder:
    def __init__(self) -> None:
        self.msgs: list[dict[str, Any]] = []

    def __call__(self, msg: dict[str, Any]) -> None:
        self.msgs.append(msg)

    def wait_for(self, kind: str, timeout: float = 10) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [m for m in self.msgs if m["type"] == kind]
            if found:
                return found
            time.sleep(0.01)
        raise AssertionError(f"no {kind} in {[m['type'] for m in self.msgs]}")


def test_a_hand_off_reaches_the_panel_as_a_floor_notice_and_a_labelled_reply():
    provider = ScriptedProvider([Reply(tool_calls=[call("hand_off_to", agent="tutor",
                                                        note="wants to learn")]),
                                 Reply(text="Variance is the mean squared distance.")])
    rt = team_runtime(provider)
    out = Recorder()
    chat = ChatController(rt, out)
    chat.handle({"type": "send", "text": "teach me variance"})
    out.wait_for("done")
    notices = [m for m in out.msgs if m["type"] == "notice"]
    assert {"type": "notice", "level": "info", "kind": "floor",
            "text": "Commander handed the floor to tutor."} in notices
    ends = [m for m in out.msgs if m["type"] == "assistant_end"]
    assert ends[-1] == {"type": "assistant_end", "agent": "tutor",
                        "markdown": "Variance is the mean squared distance."}

    again = Recorder()
    ChatController(rt, again).handle({"type": "hello"})
    history = again.wait_for("history")[0]["messages"]
    hand_off = history[1]["tools"][0]
    assert hand_off["name"] == "hand_off_to" and not hand_off["is_error"]
    assert history[-1]["agent"] == "tutor"
    assert history[-1]["markdown"] == "Variance is the mean squared distance."


def test_floor_changes_come_back_with_the_history() -> None:
    """After a reload the panel shows where the floor changed hands: a hand-back (with or
    without pending items) and `@commander` taking it back."""
    from orkas_jupyter.engine.messages import Message, TextPart, user_message
    from orkas_jupyter.jupyter.chat import history_view

    history = [
        user_message("teach me"),
        Message(role="assistant", parts=[TextPart(text="Here it is.")],
                meta={"member": "tutor"}),
        user_message("thanks"),
        Message(role="assistant", parts=[TextPart(text="Glad to help!")],
                meta={"member": "tutor", "handed_back": True}),
        user_message("[tutor handed the floor back to you. Your pending items:]\n- x",
                     handback="tutor"),
        Message(role="assistant", parts=[TextPart(text="Resuming.")]),
        user_message("what next?", floor_from="critic"),
    ]
    view = history_view(history)
    assert [(v["role"], v["markdown"]) for v in view] == [
        ("user", "teach me"), ("assistant", "Here it is."), ("user", "thanks"),
        ("assistant", "Glad to help!"),
        ("notice", "tutor handed the floor back to Commander."),
        ("assistant", "Resuming."),
        ("notice", "Commander has the floor again (it was critic's)."),
        ("user", "what next?")]
    assert view[1]["agent"] == "tutor"
