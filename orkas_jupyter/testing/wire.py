"""Encoding scripted steps in the wire formats the fake server speaks: OpenAI chat completions
(JSON and SSE chunks), Anthropic messages (JSON and SSE events), and their error bodies.

Each stream encoder returns frames `(bytes, is_content)`; the server counts content frames to
place drops and stalls exactly.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
import uuid
from typing import Any

from .script import Fault, Raw, Reply

Frame = tuple[bytes, bool]


def _pieces(text: str, size: int) -> list[str]:
    size = max(1, size)
    return [text[i : i + size] for i in range(0, len(text), size)]


def usage_for(step: Reply, body: dict[str, Any]) -> tuple[int, int]:
    """Input and output token counts: the scripted ones, else a stable rough estimate."""
    prompt = json.dumps(body.get("messages", []), sort_keys=True) + json.dumps(
        body.get("system", ""))
    out_chars = len(step.text) + len(step.thinking) + sum(
        len(c.name) + len(c.arguments) for c in step.tool_calls)
    return (step.input_tokens if step.input_tokens is not None else len(prompt) // 4 + 1,
            step.output_tokens if step.output_tokens is not None else out_chars // 4 + 1)


# -- OpenAI chat completions -------------------------------------------------------------------

def _chunk(cid: str, model: str, delta: dict[str, Any], finish: str | None = None
           ) -> dict[str, Any]:
    return {"id": cid, "object": "chat.completion.chunk", "created": int(time.time()),
            "model": model, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _sse(data: dict[str, Any] | str, event: str | None = None) -> bytes:
    payload = data if isinstance(data, str) else json.dumps(data)
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {payload}\n\n".encode()


def openai_stream(step: Reply, body: dict[str, Any]) -> list[Frame]:
    """SSE frames of a streamed chat completion (usage chunk when `include_usage` is set)."""
    cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"
    model = str(body.get("model", "fake-model"))
    frames: list[Frame] = [(_sse(_chunk(cid, model, {"role": "assistant", "content": ""})),
                            False)]
    for piece in _pieces(step.thinking, step.chunk_chars):
        frames.append((_sse(_chunk(cid, model, {"reasoning_content": piece})), True))
    for piece in _pieces(step.text, step.chunk_chars):
        frames.append((_sse(_chunk(cid, model, {"content": piece})), True))
    for index, call in enumerate(step.tool_calls):
        start = {"index": index, "id": call.id, "type": "function",
                 "function": {"name": call.name, "arguments": ""}}
        frames.append((_sse(_chunk(cid, model, {"tool_calls": [start]})), True))
        for piece in _pieces(call.arguments, step.chunk_chars):
            delta = {"tool_calls": [{"index": index, "function": {"arguments": piece}}]}
            frames.append((_sse(_chunk(cid, model, delta)), True))
    if not step.omit_finish:
        frames.append((_sse(_chunk(cid, model, {}, step.resolved_finish())), False))
        options = body.get("stream_options") or {}
        if options.get("include_usage"):
            prompt_tokens, completion_tokens = usage_for(step, body)
            usage_chunk = {"id": cid, "object": "chat.completion.chunk",
                           "created": int(time.time()), "model": model, "choices": [],
                           "usage": {"prompt_tokens": prompt_tokens,
                                     "completion_tokens": completion_tokens,
                                     "total_tokens": prompt_tokens + completion_tokens}}
            frames.append((_sse(usage_chunk), False))
    frames.append((_sse("[DONE]"), False))
    return frames


def raw_stream(step: Raw) -> list[Frame]:
    """The frames of a `Raw` step, each counted as content (drops and stalls do not apply)."""
    frames: list[Frame] = []
    for frame in step.frames:
        if isinstance(frame, bytes):
            frames.append((frame, True))
        else:
            frames.append((_sse(frame), True))
    if step.done:
        frames.append((_sse("[DONE]"), False))
    return frames


def openai_json(step: Reply, body: dict[str, Any]) -> dict[str, Any]:
    """A non-streamed chat completion."""
    message: dict[str, Any] = {"role": "assistant", "content": step.text or None}
    if step.thinking:
        message["reasoning_content"] = step.thinking
    if step.tool_calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function",
             "function": {"name": c.name, "arguments": c.arguments}} for c in step.tool_calls]
    prompt_tokens, completion_tokens = usage_for(step, body)
    return {"id": f"chatcmpl-{uuid.uuid4().hex[:12]}", "object": "chat.completion",
            "created": int(time.time()), "model": str(body.get("model", "fake-model")),
            "choices": [{"index": 0, "message": message,
                         "finish_reason": step.resolved_finish()}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def openai_error(fault: Fault) -> dict[str, Any]:
    """The OpenAI error body for `fault`."""
    kind = "invalid_request_error" if fault.status < 500 else "server_error"
    if fault.status == 429:
        kind = "rate_limit_error" if fault.code != "insufficient_quota" else "insufficient_quota"
    return {"error": {"message": fault.message, "type": kind, "param": None,
                      "code": fault.code}}


def embeddings(body: dict[str, Any], dims: int) -> dict[str, Any]:
    """Deterministic unit vectors derived from each input's SHA-256."""
    inputs = body.get("input", [])
    texts = [inputs] if isinstance(inputs, str) else [str(x) for x in inputs]
    data = []
    for i, text in enumerate(texts):
        digest = hashlib.sha256(text.encode()).digest()
        raw = [(digest[j % len(digest)] - 127.5) / 127.5 for j in range(dims)]
        norm = math.sqrt(sum(v * v for v in raw)) or 1.0
        data.append({"object": "embedding", "index": i, "embedding": [v / norm for v in raw]})
    tokens = sum(len(t) // 4 + 1 for t in texts)
    return {"object": "list", "data": data, "model": str(body.get("model", "fake-embed")),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}


# -- Anthropic messages ------------------------------------------------------------------------

_STOP = {"stop": "end_turn", "tool_calls": "tool_use", "length": "max_tokens"}


def anthropic_stream(step: Reply, body: dict[str, Any]) -> list[Frame]:
    """SSE events of a streamed Anthropic message: thinking (with signature), text, tool_use."""
    model = str(body.get("model", "fake-claude"))
    input_tokens, output_tokens = usage_for(step, body)
    start = {"type": "message_start", "message": {
        "id": f"msg_{uuid.uuid4().hex[:12]}", "type": "message", "role": "assistant",
        "content": [], "model": model, "stop_reason": None, "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": 1}}}
    frames: list[Frame] = [(_sse(start, "message_start"), False)]
    index = 0

    def block(open_block: dict[str, Any], deltas: list[dict[str, Any]]) -> None:
        nonlocal index
        frames.append((_sse({"type": "content_block_start", "index": index,
                             "content_block": open_block}, "content_block_start"), False))
        for delta in deltas:
            frames.append((_sse({"type": "content_block_delta", "index": index,
                                 "delta": delta}, "content_block_delta"),
                           delta["type"] != "signature_delta"))
        frames.append((_sse({"type": "content_block_stop", "index": index},
                            "content_block_stop"), False))
        index += 1

    if step.thinking:
        deltas = [{"type": "thinking_delta", "thinking": p}
                  for p in _pieces(step.thinking, step.chunk_chars)]
        deltas.append({"type": "signature_delta", "signature": step.signature})
        block({"type": "thinking", "thinking": "", "signature": ""}, deltas)
    if step.text:
        block({"type": "text", "text": ""}, [{"type": "text_delta", "text": p}
                                            for p in _pieces(step.text, step.chunk_chars)])
    for call in step.tool_calls:
        block({"type": "tool_use", "id": call.id, "name": call.name, "input": {}},
              [{"type": "input_json_delta", "partial_json": p}
               for p in _pieces(call.arguments, step.chunk_chars)])
    if not step.omit_finish:
        stop = _STOP.get(step.resolved_finish(), step.resolved_finish())
        frames.append((_sse({"type": "message_delta",
                             "delta": {"stop_reason": stop, "stop_sequence": None},
                             "usage": {"output_tokens": output_tokens}}, "message_delta"),
                       False))
        frames.append((_sse({"type": "message_stop"}, "message_stop"), False))
    return frames


def anthropic_json(step: Reply, body: dict[str, Any]) -> dict[str, Any]:
    """A non-streamed Anthropic message."""
    content: list[dict[str, Any]] = []
    if step.thinking:
        content.append({"type": "thinking", "thinking": step.thinking,
                        "signature": step.signature})
    if step.text:
        content.append({"type": "text", "text": step.text})
    for call in step.tool_calls:
        try:
            parsed: Any = json.loads(call.arguments)
        except json.JSONDecodeError:
            parsed = {}
        content.append({"type": "tool_use", "id": call.id, "name": call.name, "input": parsed})
    input_tokens, output_tokens = usage_for(step, body)
    return {"id": f"msg_{uuid.uuid4().hex[:12]}", "type": "message", "role": "assistant",
            "model": str(body.get("model", "fake-claude")), "content": content,
            "stop_reason": _STOP.get(step.resolved_finish(), step.resolved_finish()),
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens}}


_ANTHROPIC_ERRORS = {400: "invalid_request_error", 401: "authentication_error",
                     402: "billing_error", 403: "permission_error", 404: "not_found_error",
                     413: "request_too_large", 429: "rate_limit_error", 500: "api_error",
                     529: "overloaded_error", 503: "overloaded_error"}


def anthropic_error(fault: Fault) -> dict[str, Any]:
    """The Anthropic error body for `fault`."""
    kind = _ANTHROPIC_ERRORS.get(fault.status, "api_error")
    return {"type": "error", "error": {"type": kind, "message": fault.message}}
