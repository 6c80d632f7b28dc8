"""The plan part of a chat (docs/chat-protocol.md, "Plans"): the conversation's latest plan on
`hello`, every change of it as a `plan` message — whether a chat turn or a `%%orkas plan` cell
drives it — and the panel's Pause / Resume / Cancel and answers to a blocked step.

In a chat turn that drives a plan, each step's events carry `parent: "plan:PLAN:STEP"`; the
chat frames them like a dispatch — a `tool_start` (`dispatch_to`, the step's assignee and
title) before the first, a `tool_end` once the plan shows the step finished — so a panel
draws each step as a card.

Resume and answer drive the plan as a chat turn (its events stream into the panel and Stop
pauses it); when something else already drives the plan (a cell still running other steps),
an answer is only recorded and that driver goes on with it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..orchestra.plan_store import PlanRecord


class Chat(Protocol):
    """What this module uses of `chat.ChatController` (not imported: chat.py imports this)."""

    runtime: Any
    running: bool

    def _send(self, msg: dict[str, Any]) -> None: ...

    def _session_id(self) -> str: ...

    def _turn(self, text: str, source: Callable[[Any], Any] | None = None
              ) -> Coroutine[Any, Any, None]: ...

ACTIONS = ("pause", "resume", "cancel")


def plan_view(record: PlanRecord) -> dict[str, Any]:
    """The plan as a `plan` message carries it (the same form as the planner's `PlanUpdate`)."""
    return {"id": record.id, "spec": record.spec.model_dump(),
            "state": record.state.model_dump(mode="json")}


class ChatPlans:
    """The plans of one chat view; held by its `ChatController`."""

    def __init__(self, chat: Chat) -> None:
        self.chat = chat
        self._last: dict[str, Any] | None = None
        self._following = False
        self._cards: set[str] = set()  # steps whose card is open in this chat

    # -- kernel -> UI ---------------------------------------------------------------------
    def send(self, plan: dict[str, Any]) -> None:
        """Send a plan unless the panel already shows exactly it (a change reaches this chat
        both from its own turn's events and from the planner's listeners)."""
        if plan == self._last:
            return
        self._last = plan
        self.chat._send({"type": "plan", "plan": plan})
        for sid, st in plan["state"]["steps"].items():
            card = f"plan:{plan['id']}:{sid}"
            if card in self._cards and st["status"] not in ("pending", "in_progress"):
                self._cards.discard(card)
                failed = st["status"] in ("failed", "skipped")
                summary = (st.get("failure_reason") or st.get("output_summary")
                           or (f"asks: {st['question']}" if st.get("question") else "")
                           or st["status"])
                self.chat._send({"type": "tool_end", "id": card, "name": "dispatch_to",
                                 "is_error": failed, "summary": summary, "images": []})

    def frame(self, view: dict[str, Any]) -> None:
        """Before a plan step's first event in this chat: the `tool_start` of its card."""
        parent = str(view.get("parent") or "")
        if not parent.startswith("plan:") or parent in self._cards:
            return
        self._cards.add(parent)
        sid = parent.rsplit(":", 1)[-1]
        steps = (self._last or {}).get("spec", {}).get("steps", [])
        step = next((s for s in steps if str(s["id"]) == sid), None)
        agent = step["assignee"] if step else str(view.get("agent") or "commander")
        task = f"step {sid}: {step['title']}" if step else f"step {sid}"
        self.chat._send({"type": "tool_start", "id": parent, "name": "dispatch_to",
                         "arguments": json.dumps({"agent": agent, "task": task})})

    async def hello(self) -> None:
        """The latest plan of the conversation (the panel draws it again after a reload), and
        every change from now on."""
        self._follow()
        planner = self.chat.runtime.orchestra.plans
        try:
            record = await planner.latest(self.chat._session_id())
        except Exception as exc:  # an unreadable plan is shown, the chat still opens
            self._notice("warning", f"Plan: {type(exc).__name__}: {exc}")
            return
        self._last = None
        if record is not None:
            self.send(plan_view(record))

    def changed(self, record: PlanRecord) -> None:
        if record.session_id == self.chat._session_id():
            self.send(plan_view(record))

    def _follow(self) -> None:
        if self._following:
            return
        self._following = True
        planner = self.chat.runtime.orchestra.plans
        # A weak reference: a closed panel's chat is not kept alive by the planner.
        ref = weakref.ref(self)

        def listener(record: PlanRecord) -> None:
            plans = ref()
            if plans is not None:
                plans.changed(record)
                return
            # Not while the planner walks its list: that would skip the next listener.
            asyncio.get_running_loop().call_soon(_remove, planner.listeners, listener)

        planner.listeners.append(listener)

    # -- UI -> kernel ---------------------------------------------------------------------
    def handle(self, msg: dict[str, Any]) -> None:
        """A `plan_action` or `plan_answer` from the panel (any thread)."""
        chat = self.chat
        if msg.get("type") == "plan_action":
            action = msg.get("action")
            if action not in ACTIONS:
                self._notice("error", f"plan_action: unknown action {action!r} (pause, resume "
                             "or cancel)")
                return
            chat.runtime.submit(self._act(str(action)))
            return
        step, text = msg.get("step"), str(msg.get("text") or "").strip()
        if isinstance(step, bool) or not isinstance(step, int | str) or not str(step).isdigit():
            self._notice("error", f"plan_answer: step must be a step number, not {step!r}")
            return
        if not text:
            self._notice("error", f"plan_answer: the answer to step {step} is empty")
            return
        chat.runtime.submit(self._answer(int(step), text))

    async def _act(self, action: str) -> None:
        from ..orchestra.plan_model import PlanError

        planner = self.chat.runtime.orchestra.plans
        session = self.chat._session_id()
        if action == "resume":
            self._start_turn(session, "resume", "plan resume")
            return
        try:
            record = await (planner.pause(session) if action == "pause"
                            else planner.cancel(session))
        except PlanError as exc:
            self._notice("error", f"Plan {action}: {exc}")
            return
        # Its stopped steps were saved after the returned record: send what is stored now.
        record = await planner.latest(session) or record
        self.send(plan_view(record))

    async def _answer(self, step: int, text: str) -> None:
        from ..orchestra.plan_model import PlanError

        planner = self.chat.runtime.orchestra.plans
        session = self.chat._session_id()
        if _driven(planner, session):
            try:  # the driver running the plan's other steps goes on with the answer
                record = await planner.answer(session, step, text)
            except PlanError as exc:
                self._notice("error", f"Plan answer: {exc}")
                return
            self.send(plan_view(record))
            return
        self._start_turn(session, "answer", f"plan answer {step} {text}", step=step, text=text)

    def _start_turn(self, session: str, action: str, label: str, *, step: int = 0,
                    text: str = "") -> bool:
        """Drive the plan as this chat's turn (agent thread); False when it cannot start."""
        chat = self.chat
        planner = chat.runtime.orchestra.plans
        if chat.running:
            self._notice("warning", "A turn is running in this chat: wait for it or Stop it, "
                         "then try again.")
            return False
        if _driven(planner, session):
            self._notice("warning", "The plan is already running (a cell or another chat "
                         "drives it).")
            return False
        rt = chat.runtime

        def source(turn: Any) -> Any:
            return rt.orchestra.plan(turn.session_id, action, step=step, text=text,
                                     approve=turn.approvals, cancel=turn.cancel)

        chat._send({"type": "user", "text": label})
        chat.running = True
        rt.submit(chat._turn(label, source=source))
        return True

    def _notice(self, level: str, text: str) -> None:
        self.chat._send({"type": "notice", "level": level, "text": text})


def _driven(planner: Any, session: str) -> bool:
    """Whether a surface drives the conversation's plan right now. The planner keeps its
    drivers private; read them, do not change them."""
    return bool(planner.driving(session))


def _remove(listeners: list[Any], listener: Any) -> None:
    with contextlib.suppress(ValueError):
        listeners.remove(listener)
