"""Provider quirks on the wire: `Raw` streamed responses reproducing what some OpenAI-compatible
servers and proxies really send (duplicate or missing tool-call ids, deltas without `index`,
JSON inside a JSON string, no finish reason, reasoning under another field name, …).

`chunk` and `call_delta` build single chat-completion chunks for cases of your own; each
named function returns a whole response as a `Raw` step for `FakeModelServer`.
"""

from __future__ import annotations

import json
from typing import Any

from .script import Raw

CHUNK_ID = "chatcmpl-quirk"


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, *,
          usage: dict[str, int] | None = None, choices: bool = True,
          model: str = "fake-model") -> dict[str, Any]:
    """One `chat.completion.chunk`; `choices=False` gives the empty-choices usage chunk."""
    out: dict[str, Any] = {"id": CHUNK_ID, "object": "chat.completion.chunk", "created": 0,
                           "model": model, "choices": []}
    if choices:
        out["choices"] = [{"index": 0, "delta": delta or {}, "finish_reason": finish}]
    if usage is not None:
        out["usage"] = usage
    return out


def usage(prompt: int = 12, completion: int = 5) -> dict[str, int]:
    """A usage object."""
    return {"prompt_tokens": prompt, "completion_tokens": completion,
            "total_tokens": prompt + completion}


def call_delta(index: int | None, *, id: str | None = None, name: str | None = None,
               arguments: str | dict[str, Any] | None = None) -> dict[str, Any]:
    """A delta carrying one tool-call fragment; `None` fields are left out of the JSON."""
    call: dict[str, Any] = {"type": "function", "function": {}}
    if index is not None:
        call["index"] = index
    if id is not None:
        call["id"] = id
    if name is not None:
        call["function"]["name"] = name
    if arguments is not None:
        call["function"]["arguments"] = (arguments if isinstance(arguments, str)
                                         else json.dumps(arguments))
    return {"tool_calls": [call]}


def _response(deltas: list[dict[str, Any]], finish: str | None = "tool_calls", *,
              with_usage: bool = True, text_after: str = "") -> Raw:
    frames: list[dict[str, Any] | str | bytes] = [chunk({"role": "assistant", "content": ""})]
    frames.extend(chunk(d) for d in deltas)
    if text_after:
        frames.append(chunk({"content": text_after}))
    if finish is not None:
        frames.append(chunk({}, finish))
    if with_usage:
        frames.append(chunk(choices=False, usage=usage()))
    return Raw(frames=tuple(frames))


def duplicate_ids(name: str = "add", first: Any = None, second: Any = None,
                  id: str = "call_1") -> Raw:
    """Two tool calls with the same id in one response (distinct `index`)."""
    return _response([call_delta(0, id=id, name=name, arguments=first or {"a": 1, "b": 2}),
                      call_delta(1, id=id, name=name, arguments=second or {"a": 3, "b": 4})])


def calls_with_ids(*ids: str | None, name: str = "add") -> Raw:
    """One call per id (a `None` id is left out of the delta, `""` is sent empty)."""
    return _response([call_delta(i, id=cid, name=name, arguments={"a": i, "b": 1})
                      for i, cid in enumerate(ids)])


def no_index(name: str = "add") -> Raw:
    """Two calls whose deltas carry no `index`; the first one's arguments are split."""
    return _response([call_delta(None, id="call_a", name=name, arguments='{"a": 1,'),
                      call_delta(None, arguments=' "b": 2}'),
                      call_delta(None, id="call_b", name=name, arguments={"a": 3, "b": 4})])


def same_index(name: str = "add") -> Raw:
    """Two complete calls sent one after the other under `index` 0 and with no ids."""
    return _response([call_delta(0, name=name, arguments={"a": 1, "b": 2}),
                      call_delta(0, name=name, arguments={"a": 3, "b": 4})])


def id_before_name(name: str = "add") -> Raw:
    """Two calls under `index` 0 whose ids come one delta before their names and arguments."""
    return _response([call_delta(0, id="call_p"), call_delta(0, name=name, arguments={"a": 1,
                                                                                      "b": 2}),
                      call_delta(0, id="call_q"), call_delta(0, name=name, arguments={"a": 3,
                                                                                      "b": 4})])


def arguments(raw: str, name: str = "add") -> Raw:
    """One call whose argument text is sent verbatim (invalid, truncated, a JSON string…)."""
    return _response([call_delta(0, id="call_args", name=name, arguments=raw)])


def named(name: str, args: Any = None) -> Raw:
    """One call under `name` (empty, with spaces or dots, …)."""
    return _response([call_delta(0, id="call_named", name=name,
                                 arguments=args if args is not None else {"a": 1, "b": 2})])


def text_after_calls(text: str = "Done calling.", name: str = "add") -> Raw:
    """A tool call followed by text in the same message."""
    return _response([call_delta(0, id="call_then_text", name=name,
                                 arguments={"a": 1, "b": 2})], text_after=text)


def finish(reason: str | None, name: str = "add") -> Raw:
    """One call with `finish_reason` `reason` (`None`: the stream ends without one)."""
    return _response([call_delta(0, id="call_fin", name=name, arguments={"a": 2, "b": 2})],
                     finish=reason)


def text(content: str = "plain answer", *, usage_in: str = "last") -> Raw:
    """A text answer whose usage is `"last"` (own chunk), `"every"` (each chunk, growing),
    or `"none"`."""
    frames: list[dict[str, Any] | str | bytes] = []
    pieces = [content[i : i + 4] for i in range(0, len(content), 4)] or [""]
    for n, piece in enumerate(pieces, 1):
        frames.append(chunk({"content": piece},
                            usage=usage(12, n) if usage_in == "every" else None))
    frames.append(chunk({}, "stop", usage=usage(12, len(pieces)) if usage_in == "every"
                        else None))
    if usage_in == "last":
        frames.append(chunk(choices=False, usage=usage(12, len(pieces))))
    return Raw(frames=tuple(frames))


def reasoning(field: str, thought: str = "Let me think.", answer: str = "42") -> Raw:
    """Reasoning sent under `field` (`reasoning_content`, `reasoning`, `thinking`, or
    `reasoning_details` as OpenRouter's list of blocks), then the answer."""
    value: Any = thought
    if field == "reasoning_details":
        value = [{"type": "reasoning.text", "text": thought}]
    return Raw(frames=(chunk({"role": "assistant", field: value}), chunk({"content": answer}),
                       chunk({}, "stop"), chunk(choices=False, usage=usage())))


def empty() -> Raw:
    """An assistant message with neither text nor tool calls."""
    return Raw(frames=(chunk({"role": "assistant", "content": None}), chunk({}, "stop"),
                       chunk(choices=False, usage=usage(12, 0))))
