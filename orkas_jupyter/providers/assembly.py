"""Folding litellm's stream chunks into one assistant message, mending provider quirks.

A response must never be lost, and the history must stay valid, whatever an OpenAI-compatible
server sends. What litellm already normalises (measured, litellm 1.110): a missing `index` on
tool-call deltas becomes 0; `reasoning` becomes `reasoning_content`; usage is estimated when
the server sends none. What this module mends, each noted in the message's
`meta["provider_fixes"]` and logged:

- two calls with the same id in one response: the later one gets a fresh id of the same
  shape (`ToolCallPart.provider_id` keeps the provider's own); both run;
- a missing or empty id: a fresh one;
- a second call started under an index already in use (deltas without `index`, or proxies
  numbering every call 0): a new call, not arguments glued onto the first;
- a tool name with spaces, a `functions.` prefix or other decoration that names exactly one
  offered tool: that tool;
- arguments that are a JSON string holding a JSON object: unwrapped once; arguments sent as
  an object rather than text: serialised;
- reasoning under `thinking` or OpenRouter's `reasoning_details`: kept as reasoning.

Invalid or truncated argument JSON is kept verbatim: the engine answers it with a tool error
the model can act on. Unknown names stay as sent for the same reason.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import string
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from ..engine.messages import Message, TextPart, ThinkingPart, ToolCallPart
from ..engine.provider import ProviderEvent, StreamText, StreamThinking, StreamToolCall

log = logging.getLogger(__name__)


def field_of(obj: Any, name: str) -> Any:
    """`obj[name]` for dicts, `obj.name` for objects, else None."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def fresh_call_id(like: str | None = None) -> str:
    """A new call id shaped like `like` where it has a shape worth keeping: its prefix up to
    the last `_`/`-` and the same length and alphabet after it (some providers check the form
    of ids they get back, e.g. nine alphanumerics)."""
    if like:
        head, sep, tail = like.rpartition("_") if "_" in like else like.rpartition("-")
        if len(tail) >= 6 and tail.isalnum():
            alphabet = (string.digits if tail.isdigit() else
                        string.hexdigits[:16] if all(c in string.hexdigits[:16] for c in tail)
                        else string.ascii_letters + string.digits)
            return f"{head}{sep}" + "".join(secrets.choice(alphabet) for _ in tail)
    return f"call_{secrets.token_hex(8)}"


def _complete_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


_DECORATION = re.compile(r"^(?:functions?|tools?)[.:]|[\s.:/]+")


def resolve_tool_name(name: str, offered: Collection[str]) -> str:
    """`name` as sent when it is offered (or nothing is), else the one offered tool it
    plainly means (`functions.add`, ` add `, `add<|channel|>…`), else `name` unchanged."""
    if not offered or name in offered:
        return name
    stripped = name.strip()
    candidates = {stripped, stripped.split("<|", 1)[0].strip(),
                  stripped.rsplit(".", 1)[-1].strip(), _DECORATION.sub("", stripped, count=1)}
    matches = {c for c in candidates if c in offered}
    return matches.pop() if len(matches) == 1 else name


def unwrap_arguments(arguments: str) -> str | None:
    """The inner text when `arguments` is a JSON string holding a JSON object, else None."""
    try:
        outer = json.loads(arguments)
    except ValueError:
        return None
    if not isinstance(outer, str):
        return None
    try:
        inner = json.loads(outer)
    except ValueError:
        return None
    return outer if isinstance(inner, dict) else None


@dataclass
class _Draft:
    id: str
    # What the provider sent as the id (None: nothing), and `ToolCallPart.provider_id`: the
    # same when `id` had to differ from it, else None.
    wire_id: str | None
    provider_id: str | None
    name: str
    arguments: list[str] = field(default_factory=list)


@dataclass
class Assembly:
    """Accumulates one streamed response for `model`, offered `tool_names`."""

    model: str
    tool_names: frozenset[str] = frozenset()
    text: list[str] = field(default_factory=list)
    thinking: list[str] = field(default_factory=list)
    signature: str | None = None
    redacted: list[str] = field(default_factory=list)
    drafts: list[_Draft] = field(default_factory=list)
    # The wire `index` → the draft it currently feeds.
    by_index: dict[int, int] = field(default_factory=dict)
    finish_reason: str | None = None
    usage: Any = None
    fixes: list[str] = field(default_factory=list)

    @property
    def has_content(self) -> bool:
        return bool("".join(self.text) or self.thinking or self.drafts or self.redacted)

    # -- chunks ------------------------------------------------------------------------------
    def absorb(self, chunk: Any) -> list[ProviderEvent]:
        """Fold one litellm chunk in; the events it produces, in order."""
        events: list[ProviderEvent] = []
        usage = getattr(chunk, "usage", None)
        if usage is not None:
            self.usage = usage
        choices = getattr(chunk, "choices", None) or []
        if not choices:
            return events
        choice = choices[0]
        delta = getattr(choice, "delta", None)
        if delta is not None:
            reasoning = _reasoning_text(delta)
            if reasoning:
                self.thinking.append(reasoning)
                events.append(StreamThinking(text=reasoning))
            for block in getattr(delta, "thinking_blocks", None) or []:
                if field_of(block, "type") == "redacted_thinking":
                    self.redacted.append(str(field_of(block, "data") or ""))
                elif signature := field_of(block, "signature"):
                    self.signature = str(signature)
            content = getattr(delta, "content", None)
            if content:
                self.text.append(content)
                events.append(StreamText(text=content))
            for call in getattr(delta, "tool_calls", None) or []:
                events.extend(self._absorb_call(call))
        if choice.finish_reason:
            self.finish_reason = str(choice.finish_reason)
        return events

    def _absorb_call(self, call: Any) -> list[ProviderEvent]:
        index = int(field_of(call, "index") or 0)
        function = field_of(call, "function")
        name = field_of(function, "name") if function is not None else None
        arguments = field_of(function, "arguments") if function is not None else None
        if arguments is not None and not isinstance(arguments, str):
            arguments = json.dumps(arguments)  # an object where text belongs
        sent_id = field_of(call, "id")
        sent_id = str(sent_id) if sent_id else None
        draft = self._draft_at(index)
        events: list[ProviderEvent] = []
        if draft is None or self._starts_new_call(draft, sent_id, name):
            if draft is not None:
                self.fixes.append(f"a second tool call arrived under stream index {index}; "
                                  "kept as its own call")
            draft = self._start(sent_id, name or "")
            self.by_index[index] = len(self.drafts) - 1
            events.append(StreamToolCall(index=len(self.drafts) - 1, id=draft.id,
                                         name=resolve_tool_name(draft.name, self.tool_names)))
        elif name and not draft.name:
            draft.name = name
        if arguments:
            draft.arguments.append(arguments)
        return events

    def _draft_at(self, index: int) -> _Draft | None:
        position = self.by_index.get(index)
        return self.drafts[position] if position is not None else None

    @staticmethod
    def _starts_new_call(draft: _Draft, sent_id: str | None, name: str | None) -> bool:
        """A delta under an index in use begins another call when it names a different id,
        or repeats a name after the current call's arguments are already complete JSON."""
        if not sent_id and not name:
            return False  # an argument fragment: checked cheaply, arguments can be long
        so_far = "".join(draft.arguments)
        complete = not so_far.strip() or _complete_json(so_far)
        if not draft.name or not complete:
            return False
        if sent_id and draft.wire_id and sent_id != draft.wire_id:
            return True
        return bool(name) and bool(so_far.strip())

    def _start(self, sent_id: str | None, name: str) -> _Draft:
        position = len(self.drafts) + 1
        if not sent_id:
            new = fresh_call_id()
            self.fixes.append(f"tool call {position} ({name or 'no name'}) came without an id; "
                              f"it was given {new!r}")
            draft = _Draft(id=new, wire_id=None, provider_id=None, name=name)
        elif any(d.id == sent_id or d.wire_id == sent_id for d in self.drafts):
            new = fresh_call_id(sent_id)
            self.fixes.append(f"tool call id {sent_id!r} was used twice in one response; call "
                              f"{position} ({name or 'no name'}) was given {new!r}")
            draft = _Draft(id=new, wire_id=sent_id, provider_id=sent_id, name=name)
        else:
            draft = _Draft(id=sent_id, wire_id=sent_id, provider_id=None, name=name)
        self.drafts.append(draft)
        return draft

    # -- the message -------------------------------------------------------------------------
    def message(self) -> Message:
        """The assembled assistant message, with what was mended in `meta`."""
        parts: list[TextPart | ThinkingPart | ToolCallPart] = []
        parts.extend(ThinkingPart(text=data, model=self.model, redacted=True)
                     for data in self.redacted)
        if self.thinking:
            parts.append(ThinkingPart(text="".join(self.thinking), model=self.model,
                                      signature=self.signature))
        if self.text and "".join(self.text):
            parts.append(TextPart(text="".join(self.text)))
        fixes = list(self.fixes)
        parts.extend(self._call_part(d, fixes) for d in self.drafts)
        meta: dict[str, str | int | float | bool] = {"model": self.model}
        if fixes:
            meta["provider_fixes"] = "; ".join(fixes)
            log.warning("%s: mended the provider's response: %s", self.model,
                        meta["provider_fixes"])
        return Message(role="assistant", parts=list(parts), meta=meta)

    def _call_part(self, draft: _Draft, fixes: list[str]) -> ToolCallPart:
        name = resolve_tool_name(draft.name, self.tool_names)
        if name != draft.name:
            fixes.append(f"tool name {draft.name!r} was read as {name!r}")
        arguments = "".join(draft.arguments)
        inner = unwrap_arguments(arguments)
        if inner is not None:
            fixes.append(f"the arguments of {name!r} were a JSON string holding an "
                              "object; unwrapped once")
            arguments = inner
        return ToolCallPart(id=draft.id, name=name, arguments=arguments,
                            provider_id=draft.provider_id)


def _reasoning_text(delta: Any) -> str:
    """Reasoning in a delta, under whichever name the provider used."""
    for name in ("reasoning_content", "reasoning", "thinking"):
        value = getattr(delta, name, None)
        if isinstance(value, str) and value:
            return value
    details = getattr(delta, "reasoning_details", None)
    if isinstance(details, list):
        texts = [field_of(d, "text") or field_of(d, "summary") for d in details]
        return "".join(t for t in texts if isinstance(t, str))
    return ""
