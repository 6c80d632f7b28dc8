"""A scripted provider: canned responses, injected errors and delays, no network.

Used by the engine's tests, the benchmarks and the demo. Each request takes the next step of
the script (or asks a callable), and every request is kept for assertions.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .events import Usage
from .messages import Message, TextPart, ThinkingPart, ToolCallPart, new_id
from .provider import (
    ModelInfo,
    ModelRequest,
    ProviderEvent,
    StreamEnd,
    StreamText,
    StreamThinking,
    StreamToolCall,
    complete_from_stream,
)


@dataclass
class Reply:
    """One scripted response: text (streamed in `chunks`), optional thinking, tool calls."""

    text: str = ""
    tool_calls: list[tuple[str, dict[str, Any] | str]] = field(default_factory=list)
    thinking: str = ""
    chunks: int = 1
    chunk_delay: float = 0.0
    first_delay: float = 0.0
    usage: Usage = field(default_factory=lambda: Usage(input_tokens=10, output_tokens=5))
    # Raise this after `fail_after_chunks` text chunks (a stream dropped mid-way).
    fail_with: Exception | None = None
    fail_after_chunks: int = 0
    # None: "tool_calls" when there are calls, else "stop"; "length" for a cut-off response.
    finish_reason: str | None = None


@dataclass
class Fail:
    """A request that fails before any content."""

    error: Exception
    delay: float = 0.0


Step = Reply | Fail


def call(name: str, **arguments: Any) -> tuple[str, dict[str, Any]]:
    """A tool call for `Reply.tool_calls`."""
    return (name, arguments)


class ScriptedProvider:
    """Serves `script` in order (or `script(request)` when callable)."""

    def __init__(self, script: Sequence[Step] | Callable[[ModelRequest], Step] = (),
                 *, model: str = "scripted/model", info: ModelInfo | None = None) -> None:
        self._script: list[Step] | Callable[[ModelRequest], Step] = (
            script if callable(script) else list(script))
        self.model = model
        self.info = info or ModelInfo(model=model, context_window=128_000)
        self.requests: list[ModelRequest] = []

    def add(self, *steps: Step) -> None:
        if callable(self._script):
            raise TypeError("this provider is driven by a callable")
        self._script.extend(steps)

    def model_info(self, model: str | None) -> ModelInfo:
        return self.info

    def _next(self, request: ModelRequest) -> Step:
        if callable(self._script):
            return self._script(request)
        if not self._script:
            raise AssertionError(f"script exhausted at request {len(self.requests)}")
        return self._script.pop(0)

    async def stream(self, request: ModelRequest) -> AsyncIterator[ProviderEvent]:
        self.requests.append(request)
        step = self._next(request)
        model = request.model or self.model
        if isinstance(step, Fail):
            if step.delay:
                await asyncio.sleep(step.delay)
            raise step.error
        if step.first_delay:
            await asyncio.sleep(step.first_delay)
        parts: list[TextPart | ThinkingPart | ToolCallPart] = []
        if step.thinking:
            yield StreamThinking(text=step.thinking)
            parts.append(ThinkingPart(text=step.thinking, model=model, signature="sig"))
        for i, chunk in enumerate(_split(step.text, step.chunks)):
            if step.fail_with is not None and i == step.fail_after_chunks:
                raise step.fail_with
            if step.chunk_delay:
                await asyncio.sleep(step.chunk_delay)
            yield StreamText(text=chunk)
        if step.fail_with is not None:
            raise step.fail_with
        if step.text:
            parts.append(TextPart(text=step.text))
        for index, (name, args) in enumerate(step.tool_calls):
            call_id = new_id("call")
            yield StreamToolCall(index=index, id=call_id, name=name)
            raw = args if isinstance(args, str) else json.dumps(args)
            parts.append(ToolCallPart(id=call_id, name=name, arguments=raw))
        message = Message(role="assistant", parts=list(parts), meta={"model": model})
        finish = step.finish_reason or ("tool_calls" if step.tool_calls else "stop")
        yield StreamEnd(message=message, usage=step.usage, finish_reason=finish)

    async def complete(self, request: ModelRequest) -> StreamEnd:
        return await complete_from_stream(self, request)


def _split(text: str, chunks: int) -> list[str]:
    if not text:
        return []
    chunks = max(1, min(chunks, len(text)))
    size = -(-len(text) // chunks)
    return [text[i : i + size] for i in range(0, len(text), size)]
