"""What an outside agent may do through the bridge, and how each call is made.

The tools are the agent's own `Tool` objects, taken from the host (its tools, its toolsets:
MCP connectors and the skills view), filtered to `BRIDGE_TOOLS` plus `mcp__…` connector
tools, and called with the engine's `run_one`: the same argument validation, the same one
policy (`tools/policy.py RiskPolicy`: risk classes, approval, credential redaction) and the
same time limits as the notebook's own agent. Workspace file and shell tools are not
offered: an outside agent has its own, in its own sandbox.

Each connection (a `Peer`) has its own tool context, so cell stale checks ("read before you
edit") and "approved for this run" answers belong to one outside agent. The first call of
an MCP connector by an outside agent asks once per (credential, agent, connector).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from pydantic import BaseModel

from ...engine.messages import ImagePart, TextPart, ToolCallPart
from ...engine.policy import ToolPolicy
from ...engine.tool_exec import run_one
from ...engine.tools import (
    ApprovalDecision,
    ApprovalRequest,
    Tool,
    ToolContext,
    ToolRegistry,
)
from ...engine.toolsets import Toolset, build_registry
from .listener import Peer, Progress

BRIDGE_TOOLS = ("list_variables", "inspect_variable", "list_cells", "read_cell", "insert_cell",
                "edit_cell", "run_cell", "knowledge_search", "list_skills", "load_skill",
                "run_skill_script")
CONNECTOR_PREFIX = "mcp__"
# Listing toolsets reads skill folders and the MCP configuration: not on every call.
REGISTRY_TTL_S = 5.0

Ask = Callable[[Peer, ApprovalRequest, Progress], Awaitable[ApprovalDecision]]
# The running call's progress report, for code deeper down (the kernel access says "waiting
# for the busy cell", then "running the cell") without a parameter through every tool.
CALL_PROGRESS: ContextVar[Progress | None] = ContextVar("bridge_call_progress", default=None)


class SkillsSeen(Protocol):
    def visible(self) -> Any: ...


@dataclass
class BridgeSources:
    """What the host lends the bridge (the Jupyter side fills it from `rt.host`)."""

    tools: Callable[[], Sequence[Tool[Any]]]
    toolsets: Callable[[], Sequence[Toolset]]
    # The services a tool finds in `ctx.services`, made once per connection.
    services: Callable[[], dict[str, Any]]
    policy: ToolPolicy
    ask: Ask
    skills: Callable[[], SkillsSeen | None] = lambda: None
    # Run before the first listing (the host enters its toolsets).
    prepare: Callable[[], Awaitable[None]] | None = None


class ListSkillsArgs(BaseModel):
    """No arguments."""


class ListSkills(Tool[ListSkillsArgs]):
    name = "list_skills"
    description = ("List the skills of this Orkas workspace (name and description). Read one "
                   "with load_skill; run its scripts with run_skill_script.")
    input_model = ListSkillsArgs
    read_only = True

    def __init__(self, view: SkillsSeen) -> None:
        self.view = view

    async def execute(self, args: ListSkillsArgs, ctx: ToolContext) -> str:
        seen = await asyncio.to_thread(self.view.visible)
        rows = [f"- {p.skill.name} ({p.skill.root.label}): {p.skill.description}"
                for p in seen.skills]
        return "\n".join(rows) if rows else "No skills are available in this workspace."


@dataclass
class _PeerState:
    ctx: ToolContext
    registry: ToolRegistry | None = None
    listed_at: float = 0.0
    calls: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def _offered(name: str) -> bool:
    return name in BRIDGE_TOOLS or name.startswith(CONNECTOR_PREFIX)


def tool_entry(name: str, tool: Tool[Any]) -> dict[str, Any]:
    """A tool as `orkas-mcp` lists it to the MCP client."""
    spec = tool.spec()
    return {"name": name, "description": spec.description, "input_schema": spec.parameters,
            "read_only": spec.read_only}


class BridgeService:
    """The outside agents' tools, called through the host's policy."""

    def __init__(self, sources: BridgeSources, *, session_id: str = "bridge") -> None:
        self.sources = sources
        self.session_id = session_id
        self._peers: dict[int, _PeerState] = {}
        self._prepared = False
        # (credential id, agent, connector) the user let through.
        self.connector_grants: set[tuple[str, str, str]] = set()

    def _state(self, peer: Peer) -> _PeerState:
        state = self._peers.get(peer.id)
        if state is None:
            ctx = ToolContext(session_id=f"{self.session_id}-{peer.credential.id}",
                              services=self.sources.services(),
                              agent=f"outside agent {peer.client}")
            state = self._peers[peer.id] = _PeerState(ctx=ctx)
        return state

    def forget(self, peer: Peer) -> None:
        """Drop what was kept for a closed connection."""
        self._peers.pop(peer.id, None)

    def _ctx(self, peer: Peer, progress: Progress) -> ToolContext:
        ask = self.sources.ask

        async def approve(request: ApprovalRequest) -> ApprovalDecision:
            return await ask(peer, request, progress)

        return replace(self._state(peer).ctx, approve=approve)

    async def registry(self, peer: Peer, progress: Progress, *,
                       fresh: bool = False) -> ToolRegistry:
        """The tools this outside agent gets now (cached a few seconds)."""
        state = self._state(peer)
        async with state.lock:
            if (not fresh and state.registry is not None
                    and time.monotonic() - state.listed_at < REGISTRY_TTL_S):
                return state.registry
            if not self._prepared and self.sources.prepare is not None:
                await self.sources.prepare()
            self._prepared = True
            ctx = self._ctx(peer, progress)
            full, _problems = await build_registry(
                list(self.sources.toolsets()), ctx, base=ToolRegistry(self.sources.tools()))
            registry = ToolRegistry()
            for name, tool in full.items():
                if _offered(name):
                    registry.register(tool, name=name)
            view = self.sources.skills()
            if view is not None and "list_skills" not in registry:
                registry.register(ListSkills(view))
            state.registry, state.listed_at = registry, time.monotonic()
            return registry

    async def tools(self, peer: Peer) -> list[dict[str, Any]]:
        registry = await self.registry(peer, lambda _m: None, fresh=True)
        return [tool_entry(name, tool) for name, tool in registry.items()]

    async def call(self, peer: Peer, tool: str, arguments: Mapping[str, Any],
                   progress: Progress) -> dict[str, Any]:
        registry = await self.registry(peer, progress)
        if tool not in registry and _offered(tool):
            registry = await self.registry(peer, progress, fresh=True)
        found = registry.get(tool)
        state = self._state(peer)
        state.calls += 1
        call = ToolCallPart(id=f"bridge-{peer.credential.id}-{peer.id}-{state.calls}",
                            name=tool, arguments=json.dumps(dict(arguments)))
        ctx = self._ctx(peer, progress)
        if found is not None:
            refused = await self._connector_gate(peer, tool, found, ctx, progress)
            if refused is not None:
                return {"is_error": True, "content": [{"type": "text", "text": refused}]}
        progress(f"{tool} running")
        token = CALL_PROGRESS.set(progress)
        try:
            result = await run_one(call, found, registry, ctx, self.sources.policy)
        finally:
            CALL_PROGRESS.reset(token)
        content: list[dict[str, Any]] = []
        for part in result.content:
            if isinstance(part, TextPart):
                content.append({"type": "text", "text": part.text})
            elif isinstance(part, ImagePart):
                content.append({"type": "image", "data": part.data,
                                "media_type": part.media_type})
        return {"is_error": result.is_error, "content": content}

    async def _connector_gate(self, peer: Peer, name: str, tool: Tool[Any], ctx: ToolContext,
                              progress: Progress) -> str | None:
        """None when the connector may be called; else why not. Asked once per
        (credential, outside agent, connector)."""
        server = getattr(tool, "server", None)
        if not name.startswith(CONNECTOR_PREFIX) or not isinstance(server, str):
            return None
        key = (peer.credential.id, peer.client, server)
        if key in self.connector_grants:
            return None
        decision = await ctx.approve(ApprovalRequest(
            tool=name, risk="bridge_connector", agent=ctx.agent, detail=name,
            summary=f"Let the outside agent {peer.client!r} use the MCP connector {server!r} "
                    "(asked once per agent and connector while this bridge credential lives)"))
        if decision in ("once", "run"):
            self.connector_grants.add(key)
            return None
        return (f"Not run: using the connector {server!r} needs the notebook user's "
                "confirmation, and it was denied (or nobody answered). Ask the user.")
