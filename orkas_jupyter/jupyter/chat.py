"""The chat, independent of how its messages travel (see docs/chat-protocol.md).

`ChatController` turns UI messages into agent turns on the kernel's agent thread and agent
events into UI messages. The anywidget chat (`widget.py`) and the JupyterLab side panel both
drive it. Text deltas are batched so a UI receives at most 25 messages a second, each carrying
only new text.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import weakref
from collections.abc import Callable
from typing import Any

from ..engine.events import Event
from ..engine.messages import Message, TextPart
from ..engine.timing import CancelToken
from ..engine.tools import ApprovalDecision, ApprovalRequest
from ..host.budget import budget_usage_line
from ..tools.remote_media import neutralize
from .chat_plan import ChatPlans
from .render import usage_line
from .views import describe_error, event_view, result_text

log = logging.getLogger(__name__)

FLUSH_INTERVAL = 0.04
HISTORY_LIMIT = 200
Send = Callable[[dict[str, Any]], None]


def plain(text: str) -> str:
    """A notice as the panel shows it, plain text: without Markdown emphasis or code ticks."""
    return text.replace("**", "").replace("`", "")


class ChatController:
    """One chat view bound to one session of a `KernelRuntime`."""

    def __init__(self, runtime: Any, send: Send, session: str | None = None) -> None:
        self.runtime = runtime
        self._send = send
        self.session = session
        self.model: str | None = None
        self.running = False
        self.last_usage = ""
        self._pending_text: list[str] = []
        self._flush_handle: asyncio.TimerHandle | None = None
        self._approvals: dict[str, concurrent.futures.Future[ApprovalDecision]] = {}
        self._approval_seq = 0
        self._mcp_unsubscribe: Callable[[], None] | None = None
        self._cancel: CancelToken | None = None
        self._delta_agent = ""
        # Dispatched agents' text, by the dispatching call: streamed into each one's card.
        self._child_text: dict[str, tuple[str, list[str]]] = {}
        self._plans = ChatPlans(self)  # the conversation's plan, live (chat_plan.py)

    # -- UI -> kernel -----------------------------------------------------------------------
    def handle(self, msg: dict[str, Any]) -> None:
        """One message from the UI (any thread)."""
        kind = msg.get("type")
        if kind == "hello":
            self.runtime.submit(self._hello())
        elif kind == "send":
            text = str(msg.get("text", "")).strip()
            if text:
                self.send_text(text)
        elif kind == "stop":
            # The turn's token stops whoever answers (Commander, a floor holder) and every
            # agent it dispatched.
            if self._cancel is not None:
                self._cancel.cancel("stopped from the chat")
            agent = self.runtime.find_agent(self._session_id())
            if agent is not None:
                agent.cancel("stopped from the chat")
        elif kind == "approve":
            future = self._approvals.pop(str(msg.get("id")), None)
            if future is not None and not future.done():
                decision = msg.get("decision")
                future.set_result(decision if decision in ("once", "run") else "deny")
        elif kind in ("plan_action", "plan_answer"):
            self._plans.handle(msg)
        elif kind == "set_model":
            self.model = str(msg.get("model") or "") or None
            self._send(self._state())
        else:
            self._send({"type": "notice", "level": "warning",
                        "text": f"unknown chat message {kind!r}"})

    def send_text(self, text: str) -> None:
        """Start a turn, or steer the running one (E13)."""
        self._send({"type": "user", "text": text})
        agent = self.runtime.find_agent(self._session_id())
        if self.running and agent is not None and agent.running:
            agent.steer(text)
            return
        self.running = True
        self.runtime.submit(self._turn(text))

    # -- turns ------------------------------------------------------------------------------
    def _session_id(self) -> str:
        if self.session is None:
            self.session = self.runtime.current_session or self.runtime.default_session()
        return self.session

    def _state(self) -> dict[str, Any]:
        settings = self.runtime.settings
        model = self.model or settings.model or ""
        models = [m for m in [settings.model, *settings.fallback_models] if m]
        if model and model not in models:
            models.insert(0, model)
        return {"type": "state", "status": "running" if self.running else "idle",
                "session": self.session or "", "model": model, "models": models,
                "usage": self.last_usage}

    async def _hello(self) -> None:
        transcripts: dict[str, list[dict[str, Any]]] = {}
        try:
            agent = self.runtime.agent(self._session_id())
            history = await agent.history()
            transcripts = await self._transcripts(history)
        except Exception as exc:
            self._send({"type": "notice", "level": "error", "text": str(exc)})
            history = []
        self._send(self._state())
        self._send({"type": "history",
                    "messages": history_view(history, transcripts)[-HISTORY_LIMIT:]})
        self._follow_mcp()
        await self._plans.hello()

    async def _transcripts(self, history: list[Message]) -> dict[str, list[dict[str, Any]]]:
        """Each dispatch's child session as its card shows it, by the parent's call id."""
        calls = {c.id for m in history for c in m.tool_calls}
        orchestra = self.runtime.orchestra
        out: dict[str, list[dict[str, Any]]] = {}
        for child in await orchestra.state.children(self._session_id()):
            call = child.get("parent_call_id")
            if call in calls:
                messages = await self.runtime.store().load(child["id"])
                out[call] = [{**v, "agent": child["agent"]} for v in history_view(messages)
                             if v["role"] == "assistant"]
        return out

    def _follow_mcp(self) -> None:
        """Send the MCP servers' view now and whenever it changes (agent loop)."""
        mcp = getattr(getattr(self.runtime, "host", None), "mcp", None)
        if mcp is None:
            return
        if self._mcp_unsubscribe is None:
            # A weak reference: a closed panel's controller is not kept alive by the host.
            method = weakref.WeakMethod(self._send_mcp_view)

            def listener(view: dict[str, Any]) -> None:
                send = method()
                if send is None:
                    unsubscribe()
                else:
                    send(view)

            self._mcp_unsubscribe = unsubscribe = mcp.subscribe(listener)
        try:
            self._send_mcp_view(mcp.view())
        except Exception as exc:  # an unreadable mcp.json is shown, not raised
            self._send({"type": "notice", "level": "warning",
                        "text": f"MCP servers: {type(exc).__name__}: {exc}"})

    def _send_mcp_view(self, view: dict[str, Any]) -> None:
        self._send({"type": "mcp_status", **view})

    async def ask(self, request: ApprovalRequest) -> ApprovalDecision:
        """Approval through the chat's buttons (J5)."""
        self._approval_seq += 1
        approval_id = f"a{self._approval_seq}"
        future: concurrent.futures.Future[ApprovalDecision] = concurrent.futures.Future()
        self._approvals[approval_id] = future
        self._flush()
        self._send({"type": "approval", "id": approval_id, "tool": request.tool,
                    "summary": request.summary, "risk": request.risk,
                    "detail": request.detail[:2_000], "agent": request.agent})
        try:
            decision = await asyncio.wrap_future(future)
        finally:
            self._approvals.pop(approval_id, None)
        self._send({"type": "approval_done", "id": approval_id, "decision": decision})
        return decision

    async def _turn(self, text: str, source: Callable[[Any], Any] | None = None) -> None:
        from .approvals import TurnApprovals
        from .turns import SurfaceTurn

        self._send(self._state())
        final: Event | None = None
        turn: SurfaceTurn | None = None
        rt = self.runtime
        rt.refresh_settings()
        if not (self.model or rt.settings.model or rt.replay.adopt_model()):
            from .notices import NO_MODEL

            self.running = False
            self._send({"type": "notice", "level": "error", "text": plain(NO_MODEL)})
            self._send({"type": "done", "stop_reason": "error", "usage": self.last_usage})
            self._send(self._state())
            return
        try:
            # This turn asks this chat's buttons, whatever other turns run meanwhile.
            approvals = TurnApprovals(self.ask, lambda: self.runtime.settings.approval)
            turn = SurfaceTurn(self.runtime, text, session=self._session_id(), model=self.model,
                               approvals=approvals, source=source)
            self._cancel = turn.cancel
            async for event in turn.events():
                self._forward(event)
                final = event
        except Exception as exc:
            log.warning("chat turn failed", exc_info=True)
            self._send({"type": "notice", "level": "error",
                        "text": plain(describe_error(exc))})
        finally:
            self._flush()
            self.running = False
            self._cancel = None
        result = getattr(final, "result", None)
        if result is not None:
            self.last_usage = usage_line(result.usage, result.model_calls, result.tool_calls,
                                         budget_usage_line(turn.session_id) if turn else "")
        stop = result.stop_reason if result is not None else "error"
        if final is not None and final.type == "error" and getattr(final, "kind", "") != (
                "cancelled"):  # a Stop is said once, by the `done` line
            self._send({"type": "notice", "level": "error", "text": plain(final.message)})
        for note in turn.notes() if turn is not None else []:
            self._send({"type": "notice", "level": "info", "text": plain(note)})
        self._send({"type": "done", "stop_reason": stop, "usage": self.last_usage})
        self._send(self._state())

    def _forward(self, event: Event) -> None:
        if event.type == "text_delta":
            if event.parent_call_id is not None:
                # Into the dispatch card; its assistant_end then replaces it, rendered.
                _, chunks = self._child_text.setdefault(event.parent_call_id,
                                                        (event.agent, []))
                chunks.append(event.text)
                self._schedule_flush()
                return
            if event.agent != self._delta_agent:
                self._flush()  # one speaker per delta message
                self._delta_agent = event.agent
            self._pending_text.append(event.text)
            self._schedule_flush()
            return
        self._flush()
        view = event_view(event)
        if view is not None and view["type"] == "plan":
            self._plans.send(view["plan"])
        elif view is not None:
            self._plans.frame(view)  # a plan step's events: its card first
            if view.get("kind") != "floor":  # the panel marks who has the floor
                view.pop("kind", None)
            self._send(view)

    def _schedule_flush(self) -> None:
        if self._flush_handle is None:
            loop = asyncio.get_running_loop()
            self._flush_handle = loop.call_later(FLUSH_INTERVAL, self._flush)

    def _flush(self) -> None:
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if self._pending_text:
            agent = {"agent": self._delta_agent} if self._delta_agent else {}
            self._send({"type": "delta", "text": "".join(self._pending_text), **agent})
            self._pending_text = []
        children, self._child_text = self._child_text, {}
        for parent, (name, chunks) in children.items():
            view = {"type": "delta", "text": "".join(chunks), "parent": parent,
                    **({"agent": name} if name else {})}
            self._plans.frame(view)  # a plan step's text: its card first
            self._send(view)


def history_view(messages: list[Message],
                 transcripts: dict[str, list[dict[str, Any]]] | None = None
                 ) -> list[dict[str, Any]]:
    """Stored messages as the chat shows them: user and assistant text with tool summaries;
    a team member's reply carries its `agent`, a dispatch its child's `transcript`."""
    view: list[dict[str, Any]] = []
    results = {m.tool_result.call_id: m.tool_result for m in messages if m.tool_result}
    for msg in messages:
        if msg.role == "user" and msg.meta.get("handback"):
            continue  # Commander resuming its items: the hand-back notice is shown already
        if msg.role == "user" and msg.meta.get("floor_from"):
            view.append({"role": "notice", "markdown": "Commander has the floor again (it "
                         f"was {msg.meta['floor_from']}'s).", "tools": []})
        if msg.role == "user" and not msg.meta.get("tool_images"):
            text = "".join(p.text for p in msg.parts if isinstance(p, TextPart))
            view.append({"role": "user", "markdown": text, "tools": []})
        elif msg.role == "assistant":
            tools = []
            for call in msg.tool_calls:
                result = results.get(call.id)
                tool: dict[str, Any] = {
                    "id": call.id, "name": call.name, "arguments": call.arguments,
                    "is_error": bool(result and result.is_error),
                    "summary": result_text(result)[:300] if result else ""}
                if transcripts and call.id in transcripts:
                    tool["transcript"] = transcripts[call.id]
                tools.append(tool)
            entry: dict[str, Any] = {"role": "assistant", "markdown": neutralize(msg.text)[0],
                                     "tools": tools}
            if msg.meta.get("member"):
                entry["agent"] = msg.meta["member"]
            if entry["markdown"] or tools:
                view.append(entry)
            if msg.meta.get("handed_back"):
                view.append({"role": "notice", "markdown": f"{msg.meta['member']} handed the "
                             "floor back to Commander.", "tools": []})
    return view
