"""The provider protocol the engine talks to (P1 is implemented in `orkas_jupyter.providers`).

A provider streams small events and ends with the complete assistant message; it raises
`ProviderError` subclasses from `.errors` so the loop's retry policy stays provider-neutral.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict

from .events import Usage
from .messages import Message
from .tools import ToolSpec


class ModelInfo(BaseModel):
    """What the engine needs to know about a model."""

    model_config = ConfigDict(frozen=True)

    model: str
    context_window: int = 128_000
    max_output_tokens: int | None = None
    supports_images: bool = True
    supports_tool_result_images: bool = False
    supports_reasoning: bool = False


class ModelRequest(BaseModel):
    """One request to a model. `model=None` means the provider's default."""

    model_config = ConfigDict(frozen=True)

    model: str | None = None
    system: str = ""
    messages: list[Message]
    tools: list[ToolSpec] = []
    max_tokens: int | None = None
    session_id: str | None = None
    purpose: Literal["turn", "summary", "aux"] = "turn"
    # The team member asking ("" for a lone agent or Commander): two agents given the same
    # task are different requests to a recording.
    agent: str = ""


class StreamText(BaseModel):
    type: Literal["text"] = "text"
    text: str


class StreamThinking(BaseModel):
    type: Literal["thinking"] = "thinking"
    text: str


class StreamToolCall(BaseModel):
    """The model started a tool call (name known, arguments still streaming)."""

    type: Literal["tool_call"] = "tool_call"
    index: int
    id: str
    name: str


class StreamEnd(BaseModel):
    """The response is complete: the assembled message and what it cost."""

    type: Literal["end"] = "end"
    message: Message
    usage: Usage = Usage()
    finish_reason: str = "stop"


ProviderEvent = StreamText | StreamThinking | StreamToolCall | StreamEnd


class Provider(Protocol):
    """A model backend."""

    def stream(self, request: ModelRequest) -> AsyncIterator[ProviderEvent]:
        """Stream one response; the last event is `StreamEnd`."""
        ...

    async def complete(self, request: ModelRequest) -> StreamEnd:
        """One response, not streamed (summaries, auxiliary calls)."""
        ...

    def model_info(self, model: str | None) -> ModelInfo:
        """Capabilities and context window of `model` (or the default)."""
        ...


async def complete_from_stream(provider: Provider, request: ModelRequest) -> StreamEnd:
    """Implement `complete` by draining `stream` (one implementation of a response)."""
    end: StreamEnd | None = None
    async for event in provider.stream(request):
        if isinstance(event, StreamEnd):
            end = event
    if end is None:
        from .errors import RetryableProviderError

        raise RetryableProviderError("the model's response ended without completing")
    return end
