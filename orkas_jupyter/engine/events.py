"""Everything a turn reports, as one discriminated union (E1).

Consumers (the magic, the widget, tests) switch on `type`; `error` ends the stream, as does
`done`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .messages import Message, ToolCallPart, ToolResultPart


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    # Which agent's turn produced the event ("" for a lone agent), and the tool call of the
    # parent agent that started that turn (sub-agents); the host stamps both.
    agent: str = ""
    parent_call_id: str | None = None


class Usage(BaseModel):
    """Token usage and cost (USD, when the provider knows it)."""

    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cost_usd: float = 0.0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_read_tokens=self.cache_read_tokens + other.cache_read_tokens,
            cost_usd=self.cost_usd + other.cost_usd,
        )


StopReason = Literal["completed", "cancelled", "loop_guard", "error"]


class TurnResult(BaseModel):
    """What a finished turn produced."""

    model_config = ConfigDict(frozen=True)

    text: str
    stop_reason: StopReason
    new_messages: list[Message]
    usage: Usage = Usage()
    model_calls: int = 0
    tool_calls: int = 0
    tool_errors: int = 0
    error: str | None = None


class TextDelta(_Event):
    type: Literal["text_delta"] = "text_delta"
    text: str


class ThinkingDelta(_Event):
    type: Literal["thinking_delta"] = "thinking_delta"
    text: str


class ToolStart(_Event):
    type: Literal["tool_start"] = "tool_start"
    call: ToolCallPart


class ToolEnd(_Event):
    type: Literal["tool_end"] = "tool_end"
    call: ToolCallPart
    result: ToolResultPart
    duration_s: float


class Compaction(_Event):
    """Older history was summarised. The summary's model call is spent like any other: its
    usage, model and response id go to the ledger (P6), kept apart when it was replayed."""

    type: Literal["compaction"] = "compaction"
    tokens_before: int
    tokens_after: int
    usage: Usage = Usage()
    model: str = ""
    request_id: str = ""
    replayed: bool = False


class Retry(_Event):
    """A model request failed and will be sent again; text streamed since the last request
    is void."""

    type: Literal["retry"] = "retry"
    attempt: int
    reason: str
    delay: float


class Warning(_Event):
    type: Literal["warning"] = "warning"
    message: str


class Notice(_Event):
    """Something the user should know that is not a problem (the floor of a team changed
    hands); `kind` names what happened."""

    type: Literal["notice"] = "notice"
    message: str
    kind: str = "info"


class AssistantMessage(_Event):
    """A complete assistant message, as recorded in history (useful to renderers)."""

    type: Literal["assistant_message"] = "assistant_message"
    message: Message
    usage: Usage = Usage()


class Done(_Event):
    type: Literal["done"] = "done"
    result: TurnResult


class Error(_Event):
    type: Literal["error"] = "error"
    message: str
    kind: str = "error"
    result: TurnResult | None = None


Event = Annotated[
    TextDelta | ThinkingDelta | ToolStart | ToolEnd | Compaction | Retry | Warning | Notice
    | AssistantMessage | Done | Error,
    Field(discriminator="type"),
]


def event_to_dict(event: _Event) -> dict[str, Any]:
    """JSON-ready form of an event (for widgets and logs)."""
    return event.model_dump(mode="json")
