"""One mapping from a turn's events to what a user sees, shared by every surface: the chat
panel and widget send these dicts as protocol messages (docs/chat-protocol.md), and a cell
renders the same dicts as streamed lines and, at the end, as its final view."""

from __future__ import annotations

from typing import Any

from ..engine.events import Event
from ..engine.messages import ImagePart, TextPart, ToolResultPart
from ..orchestra.planner import PlanUpdate
from ..tools.remote_media import neutralize

SUMMARY_CHARS = 2_000


def result_text(result: ToolResultPart) -> str:
    """The text of a tool result (images noted)."""
    return "\n".join(p.text if isinstance(p, TextPart) else f"[{p.media_type}]"
                     for p in result.content)


def event_view(event: Event | PlanUpdate) -> dict[str, Any] | None:
    """What `event` shows, as a chat-protocol message; None for events shown otherwise
    (text deltas are batched by each surface; `done`/`error` end the turn)."""
    if isinstance(event, PlanUpdate):  # the whole plan, after every change
        return {"type": "plan", "plan": event.plan}
    agent: dict[str, Any] = {"agent": event.agent} if event.agent else {}
    if event.parent_call_id is not None:
        # A dispatched agent's or a worker's event: shown inside that call's card.
        agent["parent"] = event.parent_call_id
    if event.type == "tool_start":
        return {"type": "tool_start", "id": event.call.id, "name": event.call.name,
                "arguments": event.call.arguments, **agent}
    if event.type == "tool_end":
        images = [f"data:{p.media_type};base64,{p.data}" for p in event.result.content
                  if isinstance(p, ImagePart)]
        return {"type": "tool_end", "id": event.call.id, "name": event.call.name,
                "is_error": event.result.is_error,
                "summary": result_text(event.result)[:SUMMARY_CHARS], "images": images,
                **agent}
    if event.type == "assistant_message":
        # Rendered, a remote image is fetched without a click: it shows as a link instead.
        return {"type": "assistant_end", "markdown": neutralize(event.message.text)[0], **agent}
    if event.type == "retry":
        return {"type": "notice", "level": "warning", "kind": "retry",
                "text": f"retrying in {event.delay:.1f}s: {event.reason}", **agent}
    if event.type == "warning":
        return {"type": "notice", "level": "warning", "kind": "warning", "text": event.message,
                **agent}
    if event.type == "notice":
        return {"type": "notice", "level": "info", "kind": event.kind, "text": event.message,
                **agent}
    if event.type == "compaction":
        return {"type": "notice", "level": "info", "kind": "compaction",
                "text": f"context compacted: {event.tokens_before:,} → "
                        f"{event.tokens_after:,} tokens", **agent}
    return None


def describe_error(exc: BaseException) -> str:
    """A failure as a user reads it: our own errors by their message (they say what to do),
    anything else with its type, never a traceback."""
    from ..engine.errors import OrkasError

    if isinstance(exc, OrkasError | OSError):
        return str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {exc}"
