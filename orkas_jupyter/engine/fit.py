"""Fitting a turn into the model's context window.

Every request carries a fixed part (system prompt with the memory snapshot, tool schemas). With
the full tool set that is ~4,300 tokens: nothing for a 128k model, most of a 4k-8k local one.
When the fixed part would take more than `FitConfig.fixed_share` of the window, the turn goes
*compact*: tool schemas lose their titles, defaults and long descriptions, the system prompt is
cut to `system_share` of the window with a note, and when the tools still do not fit, the turn
offers the ones it needs first and reaches the others through `more_tools` (`tool_offer`).

Below that share nothing changes: the request is byte-for-byte what it was. Tool results of one
response are always kept to `result_share` of the room the fixed part leaves, which never binds
for normal results in a large window but keeps one `read_file` from filling a small one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .messages import ImagePart, TextPart, ToolResultPart
from .tokens import IMAGE_TOKENS
from .tools import ToolSpec

Count = Callable[[str], int]

# Below this many tokens left for the conversation after the compact fixed part, a turn cannot
# hold a question, a tool result and an answer: it is refused with a clear error instead.
MIN_ROOM_TOKENS = 1_024
_MAX_DESCRIPTION_CHARS = 160
_MAX_PARAM_DESCRIPTION_CHARS = 60
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(])")


@dataclass(frozen=True)
class FitConfig:
    """How a turn shares a small window; every field has a working default."""

    # The fixed part may take this share of the window before the turn goes compact.
    fixed_share: float = 0.3
    # In compact mode, the system prompt (memory snapshot included) is cut to this share.
    system_share: float = 0.1
    # The results of one response together get at most this share of the room left after
    # the fixed part (each result its fair part of it).
    result_share: float = 0.3
    # Tools a small window offers first, in order (an agent profile names them); tools the
    # user's message names and tools the history already uses come before these.
    core_tools: tuple[str, ...] = ()


class WindowTooSmallError(Exception):
    """The turn cannot fit the model's context window, whatever is trimmed."""


def window_hint(window: int, model: str) -> str:
    """What a user of a small local model should check, named in every fit error."""
    return (f"Orkas assumes {model} has a {window:,}-token context window. If your server "
            "runs it with a different one, set ORKAS_CONTEXT_WINDOW to that size (Ollama: "
            "the model's num_ctx; llama.cpp: --ctx-size); 8,192 tokens or more works best.")


# -- compact descriptions and schemas ----------------------------------------------------------
def first_sentence(text: str, limit: int = _MAX_DESCRIPTION_CHARS) -> str:
    """The first sentence of `text`, cut to `limit` characters."""
    text = " ".join(text.split())
    head = _SENTENCE_END.split(text, maxsplit=1)[0]
    if len(head) > limit:
        head = head[: limit - 1].rsplit(" ", 1)[0] + "…"
    return head


def compact_schema(schema: Any, *, required: bool = True) -> Any:
    """A JSON schema the model can still call correctly, with titles, defaults, bounds and
    optional parameters' descriptions left out (arguments are validated against the full
    model anyway). `Optional[X]` becomes `X`: leaving the field out means None."""
    if isinstance(schema, list):
        return [compact_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    any_of = schema.get("anyOf")
    if isinstance(any_of, list):
        kept = [s for s in any_of if not (isinstance(s, dict) and s.get("type") == "null")]
        if len(kept) == 1 and isinstance(kept[0], dict):
            merged = {k: v for k, v in schema.items() if k != "anyOf"}
            schema = {**merged, **kept[0]}
    out: dict[str, Any] = {}
    needed = set(schema.get("required", []))
    for key, value in schema.items():
        if key in ("title", "default", "minimum", "maximum", "examples", "exclusiveMinimum",
                   "exclusiveMaximum", "minLength", "maxLength"):
            continue
        if key == "description":
            if required and isinstance(value, str):
                out[key] = first_sentence(value, _MAX_PARAM_DESCRIPTION_CHARS)
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: compact_schema(sub, required=name in needed)
                        for name, sub in value.items()}
        elif key == "$defs" and isinstance(value, dict):
            out[key] = {name: compact_schema(sub) for name, sub in value.items()}
        else:
            out[key] = compact_schema(value)
    return out


def compact_spec(spec: ToolSpec) -> ToolSpec:
    """`spec` with its first sentence for a description and a compact schema."""
    parameters = compact_schema(spec.parameters)
    parameters.pop("description", None)
    return spec.model_copy(update={"description": first_sentence(spec.description),
                                   "parameters": parameters})


# -- trimming text to a token budget -----------------------------------------------------------
def clip_to_tokens(text: str, max_tokens: int, count: Count, *, note: str,
                   keep_tail: bool = True) -> str:
    """`text` cut to about `max_tokens` (head, and tail when `keep_tail`), with `note` saying
    how much was left out; unchanged when it already fits."""
    total = count(text)
    if total <= max_tokens:
        return text
    budget = max(0, max_tokens - count(note) - 8)
    chars = int(len(text) * budget / total)
    clipped = text
    for _ in range(40):
        head = chars * 2 // 3 if keep_tail else chars
        tail = text[len(text) - (chars - head):] if chars > head else ""
        omitted = len(text) - head - len(tail)
        clipped = f"{text[:head]}\n\n[… {omitted:,} characters {note} …]"
        if tail:
            clipped += f"\n\n{tail}"
        if count(clipped) <= max_tokens or chars == 0:
            return clipped
        chars = int(chars * 0.85)
    return clipped


def trim_system(system: str, max_tokens: int, count: Count, window: int) -> str:
    """The system prompt cut from its end (the memory snapshot and other late sections go
    first) to `max_tokens`, with a note."""
    return clip_to_tokens(system, max_tokens, count, keep_tail=False,
                          note=(f"of the system prompt (memory and other sections) left out to "
                                f"fit this model's {window:,}-token context window"))


def _result_tokens(result: ToolResultPart, count: Count) -> int:
    return sum(IMAGE_TOKENS if isinstance(p, ImagePart) else count(p.text)
               for p in result.content)


def fair_caps(sizes: Sequence[int], budget: int) -> list[int | None]:
    """Per-item caps so the items together fit `budget`: small items keep their size, large
    ones share what is left equally (None: no cap needed)."""
    caps: list[int | None] = [None] * len(sizes)
    remaining = budget
    order = sorted(range(len(sizes)), key=lambda i: sizes[i])
    for k, i in enumerate(order):
        share = max(0, remaining // (len(sizes) - k))
        if sizes[i] <= share:
            remaining -= sizes[i]
        else:
            caps[i] = share
            remaining -= share
    return caps


def fit_results(results: list[ToolResultPart], budget: int, count: Count,
                window: int) -> list[ToolResultPart]:
    """Results of one response kept within `budget` tokens together; what is cut says so and
    how to get the rest. Results already within budget are returned as they are."""
    sizes = [_result_tokens(r, count) for r in results]
    if sum(sizes) <= budget:
        return results
    caps = fair_caps(sizes, budget)
    out = []
    for result, size, cap in zip(results, sizes, caps, strict=True):
        if cap is None or size <= cap:
            out.append(result)
            continue
        out.append(result.model_copy(update={"content": _clip_content(result, cap, count,
                                                                       window)}))
    return out


def _clip_content(result: ToolResultPart, cap: int, count: Count,
                  window: int) -> list[TextPart | ImagePart]:
    images = sum(isinstance(p, ImagePart) for p in result.content)
    text_budget = cap - images * IMAGE_TOKENS
    keep_images = text_budget >= cap // 4
    if not keep_images:
        text_budget = cap
    texts = [p for p in result.content if isinstance(p, TextPart)]
    text_caps = fair_caps([count(p.text) for p in texts], max(0, text_budget))
    note = (f"omitted to fit this model's {window:,}-token context window; ask for a "
            "narrower range or a smaller part to see them")
    content: list[TextPart | ImagePart] = []
    index = 0
    for part in result.content:
        if isinstance(part, ImagePart):
            content.append(part if keep_images else TextPart(
                text=f"[image omitted: it does not fit this model's {window:,}-token context "
                     "window]"))
            continue
        limit = text_caps[index]
        index += 1
        content.append(part if limit is None else TextPart(
            text=clip_to_tokens(part.text, limit, count, note=note)))
    return content
