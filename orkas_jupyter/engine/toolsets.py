"""Toolsets: where an agent's tools come from. A toolset lists its tools asynchronously at the
start of each turn (an MCP server's list can change), owns whatever it needs to work (a
process, a connection) through `__aenter__`/`__aexit__`, and may put a prefix on its tool
names so two sources never clash.

`build_registry` turns a turn's toolsets into the `ToolRegistry` the loop uses; a name that
is already taken is skipped and reported, never a crash.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, Protocol, Self

from .tools import Tool, ToolContext, ToolRegistry


class Toolset(Protocol):
    """A source of tools for an agent."""

    async def get_tools(self, ctx: ToolContext) -> Mapping[str, Tool[Any]]:
        """The tools this toolset offers now, by the name the model sees."""
        ...

    async def __aenter__(self) -> Self: ...

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None: ...


class StaticToolset:
    """A fixed list of tools, optionally under a name prefix (`prefix + tool.name`)."""

    def __init__(self, tools: Sequence[Tool[Any]], *, prefix: str = "") -> None:
        self.tools = list(tools)
        self.prefix = prefix

    async def get_tools(self, ctx: ToolContext) -> Mapping[str, Tool[Any]]:
        return {self.prefix + t.name: t for t in self.tools}

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        return None


class FilteredToolset:
    """Only the tools of `inner` whose exposed names are in `allowed` (an agent's allow-list)."""

    def __init__(self, inner: Toolset, allowed: set[str]) -> None:
        self.inner = inner
        self.allowed = set(allowed)

    async def get_tools(self, ctx: ToolContext) -> Mapping[str, Tool[Any]]:
        tools = await self.inner.get_tools(ctx)
        return {name: tool for name, tool in tools.items() if name in self.allowed}

    async def __aenter__(self) -> Self:
        await self.inner.__aenter__()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.inner.__aexit__(exc_type, exc, tb)

    def problems(self) -> list[str]:
        report = getattr(self.inner, "problems", None)
        return list(report()) if callable(report) else []

    def unavailable(self, ctx: ToolContext) -> Mapping[str, str]:
        explain = getattr(self.inner, "unavailable", None)
        return dict(explain(ctx)) if callable(explain) else {}


async def build_registry(toolsets: Sequence[Toolset], ctx: ToolContext,
                         base: ToolRegistry | None = None) -> tuple[ToolRegistry, list[str]]:
    """List every toolset concurrently and merge them in order after `base`'s tools; returns
    the registry and one message per tool left out (a name clash, or a toolset that failed
    to list)."""
    listed = await asyncio.gather(*(ts.get_tools(ctx) for ts in toolsets),
                                  return_exceptions=True)
    registry = ToolRegistry()
    for name, tool in base.items() if base is not None else ():
        registry.register(tool, name=name)
    problems: list[str] = []
    for toolset in toolsets:
        # A toolset may say why some of its tools are not this agent's (the model reads it
        # if it calls one anyway).
        explain = getattr(toolset, "unavailable", None)
        if callable(explain):
            registry.unavailable.update(explain(ctx))
    for toolset, tools in zip(toolsets, listed, strict=True):
        # A toolset may say what it left out (a server that did not start, a tool whose
        # description was refused); it reports each problem once.
        report = getattr(toolset, "problems", None)
        if callable(report):
            problems.extend(report())
        if isinstance(tools, BaseException):
            if isinstance(tools, asyncio.CancelledError):
                raise tools
            problems.append(f"{type(toolset).__name__} could not list its tools: "
                            f"{type(tools).__name__}: {tools}")
            continue
        for name, tool in tools.items():
            if name in registry:
                problems.append(f"tool {name!r} from {type(toolset).__name__} is not offered: "
                                "another tool already has that name")
                continue
            registry.register(tool, name=name)
    return registry, problems
