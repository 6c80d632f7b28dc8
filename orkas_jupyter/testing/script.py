"""What the fake model server answers: scripted steps and the helpers that build them.

A step is wire-format neutral: the same `Reply` is encoded as OpenAI chat-completions chunks or
as Anthropic `/v1/messages` events, depending on the endpoint the client called.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def _call_id() -> str:
    return f"call_{uuid.uuid4().hex[:12]}"


@dataclass(frozen=True)
class ToolCallSpec:
    """One tool call in a reply; `arguments` is raw JSON text (it may be malformed on purpose)."""

    name: str
    arguments: str = "{}"
    id: str = field(default_factory=_call_id)


@dataclass(frozen=True)
class Reply:
    """A successful response, streamed in small pieces when the client asks for a stream.

    `drop_after` closes the connection after that many content pieces (0: before any
    content); `stall_after` pauses `stall_seconds` after that many pieces; `omit_finish`
    ends the stream without a finish reason.
    """

    text: str = ""
    tool_calls: tuple[ToolCallSpec, ...] = ()
    thinking: str = ""
    signature: str = "fake-signature"
    chunk_chars: int = 16
    input_tokens: int | None = None
    output_tokens: int | None = None
    finish_reason: str | None = None
    first_byte_delay: float = 0.0
    chunk_delay: float = 0.0
    drop_after: int | None = None
    stall_after: int | None = None
    stall_seconds: float = 0.0
    omit_finish: bool = False

    def resolved_finish(self) -> str:
        """The finish reason to send (OpenAI vocabulary)."""
        if self.finish_reason:
            return self.finish_reason
        return "tool_calls" if self.tool_calls else "stop"


@dataclass(frozen=True)
class Fault:
    """An HTTP error response, with an optional `Retry-After` header and delay before it."""

    status: int
    message: str = ""
    retry_after: float | None = None
    code: str | None = None
    delay: float = 0.0


@dataclass(frozen=True)
class Hangup:
    """Close the connection without sending any response."""

    delay: float = 0.0


@dataclass(frozen=True)
class Raw:
    """A streamed response written exactly as given, for wire-level quirks and malformed input.

    Each frame is a chunk object (sent as one `data: {json}` event), a `str` (sent as the
    event's data verbatim, e.g. `[DONE]` or broken JSON) or `bytes` (written as they are).
    A `[DONE]` event is added at the end unless `done=False`. `body` answers a non-streamed
    request (without it such a request gets a 400 saying the step only streams).
    """

    frames: tuple[dict[str, Any] | str | bytes, ...]
    done: bool = True
    body: dict[str, Any] | None = None


Step = Reply | Fault | Hangup | Raw


def reply(text: str = "", *, thinking: str = "", **options: Any) -> Reply:
    """A text reply (optionally with reasoning); `options` are `Reply` fields."""
    return Reply(text=text, thinking=thinking, **options)


def _arguments(arguments: dict[str, Any] | str | None) -> str:
    if arguments is None:
        return "{}"
    return arguments if isinstance(arguments, str) else json.dumps(arguments)


def tool_call(name: str, arguments: dict[str, Any] | str | None = None, *, text: str = "",
              id: str | None = None, **options: Any) -> Reply:
    """A reply calling one tool; a `str` `arguments` is sent verbatim (malformed on purpose)."""
    spec = ToolCallSpec(name=name, arguments=_arguments(arguments), id=id or _call_id())
    return Reply(text=text, tool_calls=(spec,), **options)


def tool_calls(*calls: tuple[str, dict[str, Any] | str], text: str = "",
               **options: Any) -> Reply:
    """A reply calling several tools in one response, in the given order."""
    specs = tuple(ToolCallSpec(name=n, arguments=_arguments(a)) for n, a in calls)
    return Reply(text=text, tool_calls=specs, **options)


_FAULT_MESSAGES = {
    400: "Bad request.",
    401: "Incorrect API key provided.",
    402: "Insufficient credit: add credit to your account to continue.",
    403: "Permission denied.",
    429: "Rate limit reached for requests.",
    500: "The server had an error while processing your request.",
    503: "The service is temporarily overloaded.",
    529: "Overloaded.",
}
_FAULT_CODES = {401: "invalid_api_key", 402: "insufficient_quota", 429: "rate_limit_exceeded"}


def fault(status: int, *, message: str | None = None, retry_after: float | None = None,
          code: str | None = None, delay: float = 0.0) -> Fault:
    """An HTTP error: 429 (with `retry_after`), 401, 402, 500, 503, …"""
    return Fault(status=status, message=message or _FAULT_MESSAGES.get(status, "Error."),
                 retry_after=retry_after, code=code or _FAULT_CODES.get(status), delay=delay)


def context_overflow(limit: int = 8_192, requested: int = 9_000) -> Fault:
    """The 400 an OpenAI-compatible server sends when the prompt is too long."""
    return Fault(status=400, code="context_length_exceeded", message=(
        f"This model's maximum context length is {limit} tokens. However, your messages "
        f"resulted in {requested} tokens. Please reduce the length of the messages."))


def drop(after_chunks: int = 0, text: str = "Partial answer that never finishes",
         **options: Any) -> Reply:
    """A stream whose connection drops after `after_chunks` content pieces (0: before any)."""
    return Reply(text=text, drop_after=after_chunks, **options)


def slow(seconds: float, step: Reply | None = None) -> Reply:
    """`step` (default: a short text) sent only after `seconds` of silence."""
    base = step or Reply(text="late answer")
    return Reply(**{**base.__dict__, "first_byte_delay": seconds})


def stall(after_chunks: int, seconds: float, text: str = "An answer that stalls half-way",
          **options: Any) -> Reply:
    """A stream that goes silent for `seconds` after `after_chunks` content pieces."""
    return Reply(text=text, stall_after=after_chunks, stall_seconds=seconds, chunk_chars=4,
                 **options)


def hangup(delay: float = 0.0) -> Hangup:
    """Close the connection without any response."""
    return Hangup(delay=delay)


ScriptFunction = Callable[[Any], Step]
