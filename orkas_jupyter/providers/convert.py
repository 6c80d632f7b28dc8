"""Canonical history → litellm's (OpenAI-style) message list, and tool specs → tool schemas.

Reasoning blocks (P4): a `ThinkingPart` made by the model being called is sent back verbatim
as a thinking block (with its signature) where the wire format carries one; for any other
model it becomes plain text, because a signature is only valid for the model that made it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import Any

from ..engine.messages import ImagePart, Message, TextPart, ThinkingPart, ToolCallPart
from ..engine.tools import ToolSpec

NO_IMAGES_NOTE = "[image omitted: this model does not accept images]"
# OpenAI's `prompt_cache_key` is limited to 64 characters.
CACHE_KEY_LIMIT = 64


def same_model(a: str, b: str) -> bool:
    """True when two model strings name the same model (`openai/x` and `x` included)."""
    return a == b or a.split("/", 1)[-1] == b.split("/", 1)[-1]


def _image(part: ImagePart) -> dict[str, Any]:
    return {"type": "image_url",
            "image_url": {"url": f"data:{part.media_type};base64,{part.data}"}}


def _content(parts: Sequence[TextPart | ImagePart], images: bool) -> str | list[dict[str, Any]]:
    if all(isinstance(p, TextPart) for p in parts):
        return "".join(p.text for p in parts if isinstance(p, TextPart))
    blocks: list[dict[str, Any]] = []
    for part in parts:
        if isinstance(part, TextPart):
            blocks.append({"type": "text", "text": part.text})
        elif images:
            blocks.append(_image(part))
        else:
            blocks.append({"type": "text", "text": NO_IMAGES_NOTE})
    return blocks


def downgraded_thinking(part: ThinkingPart) -> str:
    """Another model's reasoning as plain text (redacted reasoning has none to show)."""
    return f"[Reasoning by {part.model}]\n{part.text}"


_NAME_OK = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_NAME_BAD = re.compile(r"[^A-Za-z0-9_-]+")


def wire_tool_name(name: str) -> str:
    """A past call's name as providers accept it back (`^[A-Za-z0-9_-]{1,64}$`): a model that
    called `''` or `read file` got an "unknown tool" result, and sending that name again
    would make every later request fail."""
    if _NAME_OK.match(name):
        return name
    return (_NAME_BAD.sub("_", name.strip()).strip("_") or "unnamed_tool")[:64]


def _assistant(message: Message, model: str) -> dict[str, Any]:
    texts: list[str] = []
    thinking_blocks: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    for part in message.parts:
        if isinstance(part, TextPart):
            texts.append(part.text)
        elif isinstance(part, ThinkingPart):
            if same_model(part.model, model):
                # Verbatim only where a signature proves it (Anthropic-style); OpenAI-style
                # reasoning models must not be sent their reasoning back.
                if part.redacted:
                    thinking_blocks.append({"type": "redacted_thinking", "data": part.text})
                elif part.signature:
                    thinking_blocks.append({"type": "thinking", "thinking": part.text,
                                            "signature": part.signature})
            elif not part.redacted and part.text:
                texts.insert(0, downgraded_thinking(part))
        elif isinstance(part, ToolCallPart):
            # Our id, never `provider_id`: it is the one results pair with, and unique.
            calls.append({"id": part.id, "type": "function",
                          "function": {"name": wire_tool_name(part.name),
                                       "arguments": part.arguments or "{}"}})
    out: dict[str, Any] = {"role": "assistant", "content": "\n\n".join(texts) or None}
    if thinking_blocks:
        out["thinking_blocks"] = thinking_blocks
    if calls:
        out["tool_calls"] = calls
    return out


def to_litellm_messages(system: str, messages: Sequence[Message], model: str, *,
                        images: bool = True) -> list[dict[str, Any]]:
    """The request's messages as litellm takes them, for `model`."""
    out: list[dict[str, Any]] = []
    if system:
        out.append({"role": "system", "content": system})
    for message in messages:
        if message.role == "assistant":
            converted = _assistant(message, model)
            # Nothing to send (e.g. only reasoning that stays with its model): providers
            # reject an assistant message with neither content nor tool calls.
            if converted["content"] is not None or "tool_calls" in converted or \
                    "thinking_blocks" in converted:
                out.append(converted)
        elif message.role == "tool":
            result = message.tool_result
            if result is None:
                continue
            content = _content(result.content, images) if result.content else ""
            if result.is_error and isinstance(content, str):
                content = content or "error"
            out.append({"role": "tool", "tool_call_id": result.call_id, "content": content})
        else:
            parts = [p for p in message.parts if isinstance(p, TextPart | ImagePart)]
            out.append({"role": "user", "content": _content(parts, images)})
    return out


def to_litellm_tools(specs: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    """Tool specs as OpenAI function tools."""
    return [{"type": "function", "function": {"name": s.name, "description": s.description,
                                              "parameters": s.parameters}} for s in specs]


_CACHE_CONTROL = {"type": "ephemeral"}


def _with_cache_control(message: dict[str, Any]) -> dict[str, Any]:
    content = message.get("content")
    if isinstance(content, str) and content:
        blocks: list[dict[str, Any]] = [{"type": "text", "text": content}]
    elif isinstance(content, list) and content:
        blocks = [dict(block) for block in content]
    else:
        return message
    blocks[-1] = {**blocks[-1], "cache_control": _CACHE_CONTROL}
    return {**message, "content": blocks}


def add_cache_breakpoints(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mark the system prompt and the newest message as cache breakpoints (Anthropic, P5):
    the history is append-only between compactions, so each request reuses the last prefix."""
    out = list(messages)
    marks = {len(out) - 1} if out else set()
    if out and out[0]["role"] == "system":
        marks.add(0)
    for index in marks:
        out[index] = _with_cache_control(out[index])
    return out


def prompt_cache_key(session_id: str, limit: int = CACHE_KEY_LIMIT) -> str:
    """A stable cache key for a session: hashed (nothing readable leaks) and within `limit`."""
    digest = hashlib.sha256(session_id.encode()).hexdigest()
    return f"orkas-{digest}"[:limit]
