"""The system prompt and tools one turn offers the model, fitted to its context window (`fit`).

In a large window the offer is every tool as registered and the system prompt as written. In a
small one the schemas are compact, the system prompt is cut to its budget, and when the tools
still do not fit, the turn offers the ones it needs first and one real tool, `more_tools`, that
names the others and enables them for the rest of the turn.

Which tools come first: those the user's message names, then those the history already calls
(most recent first), then the agent's core list, then registration order. The offer is turn
state, not history, so compacting the history never undoes an activation; a tool the model
calls by name without enabling it still runs (it is in the registry) and is offered from then
on, so every call in the history pairs with a result as usual.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from .fit import (
    MIN_ROOM_TOKENS,
    Count,
    FitConfig,
    WindowTooSmallError,
    compact_spec,
    first_sentence,
    trim_system,
    window_hint,
)
from .tools import Tool, ToolContext, ToolOutput, ToolRegistry, ToolSpec

MORE_TOOLS = "more_tools"


class MoreToolsInput(BaseModel):
    names: list[str] = Field(default_factory=list,
                             description="Tools to enable; leave empty to list them.")


class MoreTools(Tool[MoreToolsInput]):
    """Names the tools a small window leaves out and enables the ones the model asks for."""

    name = MORE_TOOLS
    description = "Enable more tools for this turn."
    input_model = MoreToolsInput
    read_only = True

    def __init__(self, offer: ToolOffer) -> None:
        self.offer = offer

    def spec(self) -> ToolSpec:
        waiting = ", ".join(self.offer.deferred) or "(none)"
        return ToolSpec(
            name=self.offer.more_name, read_only=True,
            description=(f"Enable more tools for the rest of this turn. Not shown yet: "
                         f"{waiting}. Call with `names` to enable some (then call them "
                         "directly); call with no names for one line on each."),
            parameters={"type": "object", "properties": {"names": {
                "type": "array", "items": {"type": "string"}}}})

    async def execute(self, args: MoreToolsInput, ctx: ToolContext) -> ToolOutput | str:
        return self.offer.enable(args.names)


@dataclass
class ToolOffer:
    """The tools of one turn: `registry` runs calls, `specs()` is what the model sees."""

    base: ToolRegistry
    compact: bool = False
    # Names offered with a schema (compact mode only; a full offer shows everything).
    offered: set[str] = field(default_factory=set)
    more_name: str = MORE_TOOLS
    version: int = 0
    _compact_specs: dict[str, ToolSpec] = field(default_factory=dict)
    _registry: ToolRegistry | None = None

    @property
    def deferred(self) -> list[str]:
        """Tools not shown to the model yet, in registration order."""
        if not self.compact:
            return []
        return [n for n in self.base.names() if n not in self.offered]

    @property
    def registry(self) -> ToolRegistry:
        """Every tool of the turn, plus `more_tools` when some are left out."""
        if self._registry is None:
            if not self.deferred:
                self._registry = self.base
            else:
                registry = ToolRegistry()
                registry.unavailable = self.base.unavailable
                for name, tool in self.base.items():
                    registry.register(tool, name=name)
                registry.register(MoreTools(self), name=self.more_name)
                self._registry = registry
        return self._registry

    def specs(self) -> list[ToolSpec]:
        """The schemas for the next request."""
        if not self.compact:
            return self.base.specs()
        specs = [self._compact_specs[n] for n in self.base.names() if n in self.offered]
        if self.registry is not self.base:
            more = self.registry.get(self.more_name)
            assert more is not None
            specs.append(more.spec())
        return specs

    def note_called(self, names: Iterable[str]) -> None:
        """Tools the model called by name are offered from now on."""
        waiting = set(self.deferred)
        added = {n for n in names if n in waiting}
        if added:
            self.offered |= added
            self.version += 1

    def enable(self, names: Sequence[str]) -> ToolOutput:
        """`more_tools`: enable `names`, or list what can be enabled."""
        waiting = self.deferred
        if not names:
            if not waiting:
                return ToolOutput.text("Every tool is already enabled.")
            lines = [f"- {n}: {self._line(n)}" for n in waiting]
            return ToolOutput.text("Tools you can enable with more_tools(names=[...]):\n"
                                   + "\n".join(lines))
        known = [n for n in dict.fromkeys(names) if n in waiting]
        already = [n for n in names if n in self.offered]
        unknown = [n for n in names if n not in self.base]
        lines = []
        if known:
            self.offered |= set(known)
            self.version += 1
            lines.append("Enabled for the rest of this turn; call them directly now:")
            lines += [f"- {n}: {self._line(n, limit=400)}" for n in known]
        if already:
            lines.append(f"Already enabled: {', '.join(already)}.")
        if unknown:
            rest = ", ".join(self.deferred) or "none"
            lines.append(f"No tool named {', '.join(unknown)}. Tools you can enable: {rest}.")
        return ToolOutput.text("\n".join(lines), is_error=not known and not already)

    def _line(self, name: str, limit: int = 160) -> str:
        tool = self.base.get(name)
        return first_sentence(tool.description, limit) if tool is not None else ""


@dataclass
class TurnFit:
    """The system prompt and tool offer of one turn, and what they cost."""

    window: int
    model: str
    system: str
    offer: ToolOffer
    count: Count
    system_trimmed: bool = False
    _fixed: tuple[int, int] | None = None

    @property
    def compact(self) -> bool:
        return self.offer.compact

    @property
    def fixed_tokens(self) -> int:
        """Tokens every request of the turn carries now (system prompt and tool schemas)."""
        if self._fixed is None or self._fixed[0] != self.offer.version:
            tokens = self.count(self.system) + self.count(
                json.dumps([s.model_dump() for s in self.offer.specs()]))
            self._fixed = (self.offer.version, tokens)
        return self._fixed[1]

    @property
    def room(self) -> int:
        """Tokens left for the conversation."""
        return self.window - self.fixed_tokens


def fit_turn(system: str, registry: ToolRegistry, *, window: int, model: str,
             config: FitConfig, count: Count, need_text: str = "",
             used: Sequence[str] | Callable[[], Sequence[str]] = ()) -> TurnFit:
    """The turn's offer: unchanged when the fixed part takes at most `config.fixed_share` of
    the window, else compact (see the module docstring). Raises `WindowTooSmallError` when
    even the compact offer leaves too little room for a conversation."""
    full = TurnFit(window=window, model=model, system=system,
                   offer=ToolOffer(registry), count=count)
    limit = int(config.fixed_share * window)
    if full.fixed_tokens <= limit:
        return full
    trimmed = trim_system(system, int(config.system_share * window), count, window)
    compact = {name: compact_spec(spec) for name, spec in zip(registry.names(),
                                                              registry.specs(), strict=True)}
    sizes = {name: count(json.dumps(spec.model_dump())) for name, spec in compact.items()}
    budget = limit - count(trimmed)
    offer = ToolOffer(registry, compact=True, _compact_specs=compact)
    if sum(sizes.values()) <= budget:
        offer.offered = set(compact)
    else:
        # Reserve room for `more_tools` as if it named every tool (its largest form).
        everything = ToolOffer(registry, compact=True, _compact_specs=compact)
        budget -= count(json.dumps(MoreTools(everything).spec().model_dump()))
        # In priority order until the first tool that does not fit: a lower-priority tool
        # never takes the place of a higher one (bash_status without bash helps nobody).
        # `used` may be a callable: walking the history is only worth it in a small window.
        called = used() if callable(used) else used
        for name in _priority(registry.names(), config.core_tools, need_text, called):
            if sizes[name] > budget:
                break
            offer.offered.add(name)
            budget -= sizes[name]
    if MORE_TOOLS in registry and offer.deferred:
        offer.more_name = "orkas_" + MORE_TOOLS
    fit = TurnFit(window=window, model=model, system=trimmed, offer=offer, count=count,
                  system_trimmed=trimmed != system)
    if fit.room < MIN_ROOM_TOKENS:
        raise WindowTooSmallError(
            f"The model's context window is too small for this agent: even with short tool "
            f"descriptions and a shortened system prompt, the fixed part of every request "
            f"takes ~{fit.fixed_tokens:,} of its {window:,} tokens, leaving no room for the "
            f"conversation. {window_hint(window, model)}")
    return fit


def _mentions(text: str, name: str) -> bool:
    spaced = name.replace("_", " ")
    pattern = rf"\b({re.escape(name)}|{re.escape(spaced)})\b"
    return re.search(pattern, text, flags=re.IGNORECASE) is not None


def _priority(names: list[str], core: Sequence[str], need_text: str,
              used: Sequence[str]) -> list[str]:
    """Tool names in the order a small window offers them."""
    named = [n for n in names if need_text and _mentions(need_text, n)]
    recent = [n for n in reversed(used) if n in names]
    ordered: dict[str, Any] = dict.fromkeys([*named, *recent,
                                             *(n for n in core if n in names), *names])
    return list(ordered)
