"""The conversation model: messages made of typed parts.

History is canonical and provider-neutral. Providers convert it to their wire format; the
engine never stores wire formats.
"""

from __future__ import annotations

import time
import uuid
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True)


class TextPart(_Part):
    """Plain text."""

    type: Literal["text"] = "text"
    text: str


class ImagePart(_Part):
    """An image as base64 data with its media type."""

    type: Literal["image"] = "image"
    data: str
    media_type: str = "image/png"


class ThinkingPart(_Part):
    """Reasoning produced by a model; `model` says which, so it is replayed only to it (P4)."""

    type: Literal["thinking"] = "thinking"
    text: str
    model: str
    signature: str | None = None
    redacted: bool = False


class ToolCallPart(_Part):
    """A tool call as the model emitted it; `arguments` is the raw JSON text, kept verbatim."""

    type: Literal["tool_call"] = "tool_call"
    id: str
    name: str
    arguments: str
    # The id the provider sent, when it could not be kept as `id` (it was used twice in one
    # response); `id` is what results pair with.
    provider_id: str | None = None


class ToolResultPart(_Part):
    """The result of one tool call; `is_error` marks failures the model should read (E6)."""

    type: Literal["tool_result"] = "tool_result"
    call_id: str
    name: str
    # Discriminated on `type`: decoding long histories is dominated by these parts.
    content: list[Annotated[TextPart | ImagePart, Field(discriminator="type")]] = Field(
        default_factory=list)
    is_error: bool = False


Part = Annotated[
    TextPart | ImagePart | ThinkingPart | ToolCallPart | ToolResultPart,
    Field(discriminator="type"),
]

Role = Literal["user", "assistant", "tool"]


def new_id(prefix: str) -> str:
    """A short random id with a readable prefix."""
    return f"{prefix}_{uuid.uuid4().hex[:16]}"


class Message(BaseModel):
    """One message. A `tool` message holds exactly one `ToolResultPart`."""

    model_config = ConfigDict(frozen=True)

    role: Role
    parts: list[Part]
    id: str = Field(default_factory=lambda: new_id("msg"))
    created_at: float = Field(default_factory=time.time)
    # Free-form annotations (e.g. {"summary": True}, {"steering": True}, {"model": "..."}).
    meta: dict[str, str | int | float | bool] = Field(default_factory=dict)

    @property
    def text(self) -> str:
        """Concatenated text parts."""
        return "".join(p.text for p in self.parts if isinstance(p, TextPart))

    @property
    def tool_calls(self) -> list[ToolCallPart]:
        """Tool calls in declared order."""
        return [p for p in self.parts if isinstance(p, ToolCallPart)]

    @property
    def tool_result(self) -> ToolResultPart | None:
        """The result carried by a tool message."""
        for p in self.parts:
            if isinstance(p, ToolResultPart):
                return p
        return None


def user_message(text: str, images: list[ImagePart] | None = None, **meta: str | bool) -> Message:
    """A user message with text and optional images."""
    parts: list[TextPart | ImagePart] = [TextPart(text=text)]
    parts.extend(images or [])
    return Message(role="user", parts=list(parts), meta=dict(meta))


def tool_message(result: ToolResultPart) -> Message:
    """Wrap one tool result in a `tool` message."""
    return Message(role="tool", parts=[result])


def error_result(call: ToolCallPart, text: str) -> ToolResultPart:
    """An error result for `call`."""
    return ToolResultPart(call_id=call.id, name=call.name, content=[TextPart(text=text)],
                          is_error=True)
