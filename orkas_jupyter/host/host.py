"""`AgentHost`: one per kernel (or per process that embeds agents). It owns the agent thread,
the store, the provider stack, the workspace tools, the toolsets and the tool policy, and runs
turns for any surface.

A turn's approval callback, cancel token and observers are arguments of `run_turn`, never
state of the host: a panel turn and a cell turn running at the same time each ask their own
user interface. `close()` ends everything the host started.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import threading
from collections.abc import AsyncGenerator, Callable, Coroutine, Mapping, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

from ..config import Settings
from ..ecosystem.mcp import McpToolset
from ..ecosystem.skills import SkillCatalog
from ..engine.agent import Agent, PromptSection
from ..engine.errors import OrkasError
from ..engine.events import Event
from ..engine.fit import FitConfig
from ..engine.messages import ImagePart, Message
from ..engine.policy import ToolPolicy
from ..engine.provider import Provider
from ..engine.session import SessionStore
from ..engine.timing import CancelToken
from ..engine.tools import ApprovalCallback, ApprovalDecision, ApprovalRequest, Tool
from ..engine.toolsets import FilteredToolset, Toolset
from ..engine.turn_config import TurnConfig
from ..tools.output_size import OutputLimits
from ..tools.policy import RiskPolicy
from .budget import open_budget, watch_turn
from .checkpoints import begin_turn, end_turn, turn_message
from .observers import LedgerObserver, TurnObserver
from .profile import DEFAULT_PROFILE, AgentProfile

if TYPE_CHECKING:
    from ..store.memory import MemoryBook
    from ..tools.workspace import WorkspaceTools

log = logging.getLogger(__name__)
T = TypeVar("T")


class HostClosedError(RuntimeError):
    """The host was closed; make a new one."""


class AgentHost:
    """Builds agents from profiles and runs their turns on one agent thread."""

    def __init__(
        self,
        settings: Settings,
        *,
        surface_tools: Callable[[], Sequence[Tool[Any]]] = tuple,
        surface_services: Callable[[], Mapping[str, Any]] = dict,
        toolsets: Sequence[Toolset] = (),
        policy: ToolPolicy | None = None,
        recordings: Callable[[SessionStore], Any] | None = None,
        skills: SkillCatalog | None = None,
        store_factory: Callable[[Settings], SessionStore] | None = None,
        provider_factory: Callable[[Settings, Any], Provider] | None = None,
    ) -> None:
        self.settings = settings
        self._surface_tools = surface_tools
        self._surface_services = surface_services
        # MCP servers of mcp.json (started on the first turn that lists tools).
        self.mcp = McpToolset(lambda: self.settings)
        self.toolsets = [*toolsets, self.mcp]
        # The one place every tool call of every agent is judged (risk, approval).
        self.policy: ToolPolicy = policy if policy is not None else RiskPolicy()
        # Skills from the workspace, ORKAS_HOME and (untrusted) other tools' folders.
        self.skills = skills if skills is not None else SkillCatalog(lambda: self.settings)
        self._recordings = recordings
        self._store_factory = store_factory
        self._provider_factory = provider_factory
        self.agents: dict[tuple[str, str], Agent] = {}
        # More sections of an agent's system prompt, by profile (a team lists its agents to
        # Commander); each returns None for profiles it does not concern.
        self.prompt_sections: list[Callable[[AgentProfile], PromptSection | None]] = []
        # Observers every turn gets, by (profile, session, parent call); None: not this turn.
        self.turn_observers: list[
            Callable[[AgentProfile, str, str | None], TurnObserver | None]] = []
        self._store: SessionStore | None = None
        self._provider: Provider | None = None
        self._workspace: WorkspaceTools | None = None
        self._memory: MemoryBook | None = None
        self._knowledge: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._entered: contextlib.AsyncExitStack | None = None
        self._closed = False

    # -- the agent thread -------------------------------------------------------------------
    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The agent thread's loop, started on first use."""
        with self._lock:
            if self._closed:
                raise HostClosedError("the agent host was closed")
            if self._loop is None:
                ready = threading.Event()

                def main() -> None:
                    self._loop = asyncio.new_event_loop()
                    asyncio.set_event_loop(self._loop)
                    ready.set()
                    self._loop.run_forever()

                self._thread = threading.Thread(target=main, name="orkas-agent", daemon=True)
                self._thread.start()
                ready.wait()
            assert self._loop is not None
            return self._loop

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        """Run `coro` on the agent thread."""
        try:
            loop = self.loop
        except HostClosedError:
            coro.close()
            raise
        return asyncio.run_coroutine_threadsafe(coro, loop)

    # -- components -------------------------------------------------------------------------
    def store(self) -> SessionStore:
        """The workspace store (DuckDB through the store server)."""
        if self._store is None:
            if self._store_factory is not None:
                self._store = self._store_factory(self.settings)
            else:
                from ..store.api import open_store

                self._store = open_store(self.settings)
        return self._store

    def provider(self) -> Provider:
        """The provider stack (rotation, record/replay) for the configured model."""
        if self._provider is None:
            store = self.store()
            recordings: Any = (self._recordings(store) if self._recordings is not None
                               else store)
            if self._provider_factory is not None:
                self._provider = self._provider_factory(self.settings, recordings)
            else:
                # Model calls run in the workspace's store server (litellm imported once for
                # every kernel there), with an in-process fallback.
                from ..store.model_client import make_kernel_provider

                self._provider = make_kernel_provider(self.settings, recordings, store=store)
        return self._provider

    def built_provider(self) -> Provider | None:
        """The provider if one was built (record/replay counts read it)."""
        return self._provider

    def reset_provider(self) -> None:
        """Rebuild the provider on next use (after a model or replay-mode change)."""
        self._provider = None
        if not self.agents:
            return
        try:
            provider = self.provider()
        except OrkasError:
            # No usable model now (e.g. ORKAS_MODEL removed): the next turn says so before
            # any agent runs, and builds the provider again.
            log.info("provider not rebuilt", exc_info=True)
            self._provider = None
            return
        for agent in self.agents.values():
            agent.provider = provider

    def workspace(self) -> WorkspaceTools:
        """Workspace files, shell and web tools with their sandbox (built once)."""
        if self._workspace is None:
            from ..ecosystem.packages.layout import package_bin
            from ..tools.workspace import build_workspace_tools

            # Package CLI shims (`%orkas packages`) are on bash's PATH from the first turn.
            self._workspace = build_workspace_tools(self.settings,
                                                    extra_path=[package_bin(self.settings)])
        return self._workspace

    def memory(self) -> MemoryBook | None:
        """The user profile and project notes; None without the DuckDB store."""
        if self._memory is None:
            client = getattr(self.store(), "sync", None)
            if client is None:
                return None
            from ..tools.memory import open_memory

            self._memory = open_memory(client, self.settings)
        return self._memory

    def knowledge(self) -> Any:
        """The workspace knowledge base, hosted by the store server (None without it)."""
        if self._knowledge is None:
            client = getattr(self.store(), "sync", None)
            if client is None:
                return None
            from ..store.kb_client import RemoteKnowledgeBase

            self._knowledge = RemoteKnowledgeBase(client)
        return self._knowledge

    def tools(self) -> list[Tool[Any]]:
        """Every tool the host offers: workspace, the surface's, memory, knowledge."""
        from ..tools.knowledge import KnowledgeSearchTool
        from ..tools.memory import MemoryTool

        return [*self.workspace().tools, *self._surface_tools(), MemoryTool(),
                KnowledgeSearchTool()]

    def services(self) -> dict[str, Any]:
        """What tools find in `ctx.services`."""
        services = {**self.workspace().services, **self._surface_services()}
        # Per-type sizes of what cell and MCP results hand the model, read when used.
        services["output_limits"] = lambda: OutputLimits.from_settings(self.settings)
        book = self.memory()
        if book is not None:
            services["memory"] = book
        kb = self.knowledge()
        if kb is not None:
            services["knowledge"] = kb
        return services

    async def policy_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        """The decision when nobody can be asked: the approval policy in effect now."""
        decision: ApprovalDecision = "once" if self.settings.approval == "allow" else "deny"
        log.info("approval by policy %s: tool=%s risk=%s -> %s", self.settings.approval,
                 request.tool, request.risk, decision)
        return decision

    # -- agents and turns -------------------------------------------------------------------
    def agent(self, session_id: str, profile: AgentProfile = DEFAULT_PROFILE) -> Agent:
        """The agent of `profile` bound to `session_id` (made on first use)."""
        key = (profile.name, session_id)
        agent = self.agents.get(key)
        if agent is None:
            tools = self.tools()
            toolsets: list[Toolset] = list(self.toolsets)
            if profile.tools is not None:
                allowed = set(profile.tools)
                toolsets = [FilteredToolset(ts, allowed) for ts in toolsets]
                tools = [t for t in tools if t.name in allowed]
            book = self.memory()
            sections: list[PromptSection] = [book.prompt_section()] if book is not None else []
            # Skills: names and descriptions in the prompt, bodies through load_skill. Global
            # (untrusted) skills only for the notebook's own agent; never widen an allow-list.
            view = self.skills.view(profile.skills, commander=profile is DEFAULT_PROFILE,
                                    agent=profile.name)
            skill_tools: Toolset = view
            if profile.tools is not None:
                keep = {"load_skill"} | ({"run_skill_script"}
                                         if {"bash", "run_skill_script"} & set(profile.tools)
                                         else set())
                skill_tools = FilteredToolset(view, keep)
            toolsets.append(skill_tools)
            sections.append(view.prompt_section)
            sections.extend(s for make in self.prompt_sections
                            if (s := make(profile)) is not None)
            agent = Agent(self.provider(), tools=tools, toolsets=toolsets, policy=self.policy,
                          name=profile.name if profile is not DEFAULT_PROFILE else "",
                          store=self.store(), session_id=session_id,
                          system_prompt=profile.system_prompt, approve=self.policy_approval,
                          services=self.services(), prompt_sections=sections,
                          # In a small window the profile's core tools are offered first.
                          config=TurnConfig(fit=FitConfig(core_tools=profile.core_tools)))
            self.agents[key] = agent
        return agent

    def forget(self, session_id: str, profile: AgentProfile = DEFAULT_PROFILE) -> None:
        """Drop the agent of (profile, session) once its turn is over (a team's child: its
        session is not used again)."""
        key = (profile.name, session_id)
        agent = self.agents.get(key)
        if agent is not None and not agent.running:
            del self.agents[key]

    def find_agent(self, session_id: str, profile: AgentProfile = DEFAULT_PROFILE
                   ) -> Agent | None:
        """The agent if it was made (never makes one)."""
        return self.agents.get((profile.name, session_id))

    async def run_turn(
        self,
        profile: AgentProfile,
        session_id: str,
        prompt: str | Message,
        *,
        images: list[ImagePart] | None = None,
        approve: ApprovalCallback | None = None,
        cancel: CancelToken | None = None,
        observers: Sequence[TurnObserver] = (),
        model: str | None = None,
        parent_call_id: str | None = None,
    ) -> AsyncGenerator[Event, None]:
        """Run one turn of `profile` in `session_id`, yielding its events. `approve` asks the
        user of this turn (default: the approval policy); `cancel` stops it; every observer
        sees every event."""
        await self.enter_toolsets()
        agent = self.agent(session_id, profile)
        record = getattr(self.store(), "record_event", None)
        ledger = (LedgerObserver(record, agent.session_id, parent_call_id)
                  if record is not None else None)
        watchers: list[TurnObserver] = [*([ledger] if ledger else []), *observers]
        watchers += [w for make in self.turn_observers
                     if (w := make(profile, agent.session_id, parent_call_id)) is not None]
        prompt, images = turn_message(prompt, images), None  # its id names the turn
        events = agent.run(prompt, images, cancel, model or profile.model, approve=approve,
                           parent_call_id=parent_call_id)
        # Budgets (docs/budgets.md): a team's child turn joins its root turn's budget.
        budget = await open_budget(self.settings, self.store(), agent.session_id)
        if budget is not None:
            events = watch_turn(budget, agent, events)
        # Every root turn is a checkpoint for undo; a team's turns join their root's.
        checkpoint = begin_turn(self, agent.session_id, prompt, approve)
        try:
            async for event in events:
                for watch in watchers:
                    await _notify(watch, event)
                yield event
        finally:
            # Close the agent's turn now, not when the generator is collected: a caller that
            # stops reading (a cancelled team member) must find the turn over when it returns.
            aclose = getattr(events, "aclose", None)
            if aclose is not None:
                await aclose()
            await end_turn(self, checkpoint)
            if ledger is not None:
                await ledger.flush()

    def running(self) -> list[Agent]:
        """Agents whose turn is running now."""
        return [a for a in self.agents.values() if a.running]

    def stop_all(self, reason: str = "stopped by the user") -> int:
        """Cancel every running turn; returns how many were running."""
        running = self.running()
        for agent in running:
            agent.cancel(reason)
        return len(running)

    async def enter_toolsets(self) -> None:
        """Enter every toolset once (MCP servers start here); the bridge calls it too."""
        if self._entered is None:
            stack = contextlib.AsyncExitStack()
            for toolset in self.toolsets:
                await stack.enter_async_context(toolset)
            self._entered = stack

    # -- lifecycle --------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self._closed

    def close(self, timeout: float = 5.0) -> None:
        """Stop running turns, leave the toolsets, kill background jobs, close the store
        connection and stop the agent thread. Idempotent; safe from any thread but the
        agent thread itself."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            loop, thread = self._loop, self._thread
        self.stop_all("the agent host is closing")
        if loop is not None and thread is not None:
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self._aclose(), loop).result(timeout)
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout)
            if not thread.is_alive():
                loop.close()
        if self._workspace is not None:
            self._workspace.close()
        client = getattr(self._store, "sync", self._store)
        close = getattr(client, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()
        self.agents.clear()

    async def _aclose(self) -> None:
        deadline = asyncio.get_running_loop().time() + 2.0
        while self.running() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        if self._entered is not None:
            try:
                await self._entered.aclose()
            except Exception:
                log.warning("a toolset failed to close", exc_info=True)


async def _notify(watch: TurnObserver, event: Event) -> None:
    try:
        result = watch(event)
        if inspect.isawaitable(result):
            await result
    except Exception:  # an observer never breaks the turn
        log.warning("a turn observer failed on %s", event.type, exc_info=True)

