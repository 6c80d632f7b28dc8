"""The chat half of a JupyterLab comm delivers messages in order, to one controller, even when
the main thread's flush and the comm's subshell thread deliver at the same moment."""

from __future__ import annotations

import threading
import time
from typing import Any, ClassVar

import pytest

from orkas_jupyter.jupyter import chat, lab, runtime


class SlowController:
    """Records who handled what; building it takes a while (as a real one may)."""

    made: ClassVar[list[SlowController]] = []
    handled: ClassVar[list[tuple[int, str]]] = []
    gate = threading.Event()

    def __init__(self, rt: Any, send: Any) -> None:
        SlowController.made.append(self)
        SlowController.gate.wait(2)

    def handle(self, body: dict[str, Any]) -> None:
        SlowController.handled.append((id(self), body["type"]))


@pytest.fixture
def fresh_lab(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab, "_runtime_made", threading.Event())
    monkeypatch.setattr(lab, "_waiting_chats", [])
    monkeypatch.setattr(chat, "ChatController", SlowController)
    monkeypatch.setattr(runtime, "get_runtime", lambda shell=None: object())
    SlowController.made, SlowController.handled = [], []
    SlowController.gate = threading.Event()


def test_a_message_arriving_while_the_waiting_ones_flush_goes_after_them(fresh_lab: None
                                                                          ) -> None:
    comm_chat = lab.CommChat(lambda msg: None)
    comm_chat.handle({"type": "hello"})  # before the runtime exists: it waits
    assert SlowController.made == []

    def subshell() -> None:  # the user's Send, while the main thread builds the controller
        deadline = time.monotonic() + 5
        while not SlowController.made and time.monotonic() < deadline:
            time.sleep(0.005)
        comm_chat.handle({"type": "send"})
        SlowController.gate.set()

    other = threading.Thread(target=subshell)
    other.start()
    lab._ensure_runtime(None)  # the main thread makes the runtime and flushes
    other.join(5)

    assert len(SlowController.made) == 1
    only = id(SlowController.made[0])
    assert SlowController.handled == [(only, "hello"), (only, "send")]


def test_messages_after_the_runtime_exists_are_delivered_at_once(fresh_lab: None) -> None:
    SlowController.gate.set()
    lab._runtime_made.set()
    comm_chat = lab.CommChat(lambda msg: None)
    comm_chat.handle({"type": "hello"})
    comm_chat.handle({"type": "send"})
    assert [kind for _, kind in SlowController.handled] == ["hello", "send"]
    assert len(SlowController.made) == 1
    assert lab._waiting_chats == []
