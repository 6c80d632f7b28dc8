"""One `KernelRuntime` per kernel: the agent thread, the main-thread executor, the store,
the provider, and one `Agent` per session.

The agent runs on a daemon thread with its own event loop. A `%%orkas` cell blocks the main
thread in a wait loop that renders events and runs the jobs tools hand to the main thread;
a kernel interrupt lands in that loop within milliseconds (measured: ~80 ms, where a cell
awaiting a coroutine is only interrupted when the coroutine ends).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from ..config import Settings, load_settings
from ..engine.agent import Agent
from ..engine.events import Event
from ..engine.provider import Provider
from ..engine.session import SessionStore
from ..engine.timing import CancelToken
from ..engine.tools import ApprovalCallback, ApprovalDecision, ApprovalRequest, Tool
from ..store.memory import MemoryBook
from ..tools.kernel import ExecutionResult, InspectVariable, ListVariables
from ..tools.notebook import notebook_tools
from ..tools.notebook_doc import FileNotebook, NotebookBackend
from ..tools.workspace import WorkspaceTools
from .capture import run_code
from .locate import notebook_path
from .mainthread import MainThreadExecutor
from .replay_control import ReplayControl

log = logging.getLogger(__name__)
T = TypeVar("T")

SYSTEM_PROMPT = """You are Orkas, an AI agent working inside the user's live Jupyter kernel.
You can see the kernel's variables, the notebook's cells and their outputs, and workspace
files; you can insert, edit and run cells, and use the other tools you are given. Prefer
looking (list_variables, inspect_variable, list_cells, read_cell) before guessing. When you
run code, read its outputs and fix errors yourself. Answer in concise Markdown; cite files as
path:line and cells by id."""


class ShellKernel:
    """`KernelAccess` over an IPython shell, via the main-thread executor."""

    def __init__(self, shell: Any, executor: MainThreadExecutor) -> None:
        self.shell = shell
        self.executor = executor

    def namespace(self) -> Mapping[str, Any]:
        return self.shell.user_ns  # type: ignore[no-any-return]

    def hidden_names(self) -> set[str]:
        return set(getattr(self.shell, "user_ns_hidden", {}) or {})

    async def on_main_thread(self, fn: Callable[[], T]) -> T:
        return await self.executor.run(fn)

    async def execute(self, code: str) -> ExecutionResult:
        result = await self.executor.run(lambda: run_code(self.shell, code))
        if result.interrupted:
            # The interrupt was meant for the whole turn, not just this cell.
            self.executor.interrupted.set()
        return result


class KernelRuntime:
    """Everything the Jupyter adapter shares within one kernel."""

    def __init__(self, shell: Any, settings: Settings | None = None) -> None:
        self.shell = shell
        self.settings = settings or load_settings()
        try:
            kernel_loop: asyncio.AbstractEventLoop | None = asyncio.get_event_loop()
        except RuntimeError:
            kernel_loop = None
        self.executor = MainThreadExecutor(kernel_loop)
        self.kernel = ShellKernel(shell, self.executor)
        self.agents: dict[str, Agent] = {}
        self.current_session: str | None = None
        # Seams for tests and embedding: replace before the first turn.
        self.provider_factory: Callable[[Settings, Any], Provider] | None = None
        self.store_factory: Callable[[Settings], SessionStore] | None = None
        self.approval_prompt: ApprovalCallback | None = None
        self.approvals: list[tuple[ApprovalRequest, ApprovalDecision, str]] = []
        self._store: SessionStore | None = None
        self._workspace: WorkspaceTools | None = None
        self._memory: MemoryBook | None = None
        self._knowledge: Any = None
        self._provider: Provider | None = None
        self.replay = ReplayControl(self)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    # -- the agent thread -------------------------------------------------------------------
    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The agent thread's loop, started on first use."""
        with self._lock:
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
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    # -- components -------------------------------------------------------------------------
    def store(self) -> SessionStore:
        """The workspace store (DuckDB through the store server)."""
        if self._store is None:
            if self.store_factory is not None:
                self._store = self.store_factory(self.settings)
            else:
                from ..store.api import open_store

                self._store = open_store(self.settings)
        return self._store

    def provider(self) -> Provider:
        """The provider stack (rotation, record/replay) for the configured model."""
        if self._provider is None:
            store = self.store()
            recordings = self.replay.recordings_for(store)
            if self.provider_factory is not None:
                self._provider = self.provider_factory(self.settings, recordings)
            else:
                from ..providers.factory import make_provider

                self._provider = make_provider(self.settings, recordings=recordings)
        return self._provider

    def built_provider(self) -> Provider | None:
        """The provider if one was built (record/replay counts read it)."""
        return self._provider

    def reset_provider(self) -> None:
        """Rebuild the provider on next use (after a model or replay-mode change)."""
        self._provider = None
        if self.agents:
            provider = self.provider()
            for agent in self.agents.values():
                agent.provider = provider

    def stop_all(self) -> int:
        """Cancel every running turn of this kernel; returns how many were running."""
        running = [a for a in self.agents.values() if a.running]
        for agent in running:
            agent.cancel("stopped by the user")
        return len(running)

    async def stdin_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        """Ask through the cell's input box (a running `%%orkas` cell); with no stdin
        (nbclient, papermill) the `ORKAS_APPROVAL` policy decides. Each question and its
        answer is kept in `approvals` for the cell to show."""

        def ask() -> ApprovalDecision:
            from IPython.core.error import StdinNotImplementedError

            detail = " ".join(request.detail.split())[:300]
            question = (f"Orkas wants to run {request.tool}{': ' + detail if detail else ''} "
                        f"— {request.summary} [risk: {request.risk}]. "
                        "Allow? [o]nce / [r]un / [d]eny: ")
            try:
                answer = input(question).strip().lower()
            except (StdinNotImplementedError, EOFError):
                decision: ApprovalDecision = ("once" if self.settings.approval == "allow"
                                              else "deny")
                self.approvals.append((request, decision, f"approval policy "
                                                          f"{self.settings.approval}"))
                return decision
            decisions: dict[str, ApprovalDecision] = {"o": "once", "once": "once", "r": "run",
                                                      "run": "run"}
            decision = decisions.get(answer, "deny")
            self.approvals.append((request, decision, "you"))
            return decision

        return await self.executor.run(ask)

    def notebook(self) -> NotebookBackend | None:
        """The notebook the tools edit: the live notebook in the browser when a view is
        open, else the file back-end when the notebook's path is known."""
        from .bridge import HUB

        return HUB.resolve(self.file_notebook())  # type: ignore[no-any-return]

    def notebook_file(self) -> Path | None:
        """The path of this kernel's notebook, when the runner reveals it."""
        return notebook_path(self.settings, namespace=self.shell.user_ns if self.shell else None)

    def file_notebook(self) -> NotebookBackend | None:
        """The notebook file, ignoring any browser view."""
        path = self.notebook_file()
        return FileNotebook(path) if path is not None else None

    def default_session(self) -> str:
        """The session this notebook continues (§12)."""
        from ..store.api import default_session_id

        recorded_run = self.replay.session()
        if recorded_run is not None:
            return recorded_run
        path = self.notebook_file()
        return default_session_id(str(path) if path else None)

    def workspace(self) -> WorkspaceTools:
        """Workspace files, shell and web tools with their sandbox (built once per kernel)."""
        if self._workspace is None:
            from ..tools.workspace import build_workspace_tools

            self._workspace = build_workspace_tools(self.settings)
        return self._workspace

    def memory(self) -> MemoryBook | None:
        """The user profile and project notes (M4-M7); None without the DuckDB store."""
        if self._memory is None:
            store = self.store()
            client = getattr(store, "sync", None)
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
        """The agent's tool set."""
        from ..tools.knowledge import KnowledgeSearchTool
        from ..tools.memory import MemoryTool

        return [*self.workspace().tools, ListVariables(), InspectVariable(), *notebook_tools(),
                MemoryTool(), KnowledgeSearchTool()]

    def services(self) -> dict[str, Any]:
        """What the tools find in `ctx.services`."""
        services = {**self.workspace().services, "kernel": self.kernel,
                    "notebook": self.notebook}
        book = self.memory()
        if book is not None:
            services["memory"] = book
        kb = self.knowledge()
        if kb is not None:
            services["knowledge"] = kb
        return services

    async def stream(self, agent: Agent, text: str, *, cancel: CancelToken | None = None,
                     model: str | None = None,
                     cell: dict[str, Any] | None = None) -> AsyncIterator[Event]:
        """Run a turn and record what the ledger keeps (usage, tool statistics) as it goes.

        Recording runs beside the stream, never in it: a consumer that waited on the store
        would see a tool's start only after the main thread had begun running that tool."""
        self.replay.begin_turn(cell)
        record = getattr(self.store(), "record_event", None)
        pending: set[asyncio.Task[None]] = set()

        async def keep(event: Event) -> None:
            try:
                await record(agent.session_id, event)  # type: ignore[misc]
            except Exception:  # the ledger must never break a turn
                log.warning("could not record %s", event.type, exc_info=True)

        try:
            async for event in agent.run(text, cancel=cancel, model=model):
                if record is not None and event.type in ("tool_end", "assistant_message"):
                    task = asyncio.create_task(keep(event))
                    pending.add(task)
                    task.add_done_callback(pending.discard)
                yield event
        finally:
            if pending:
                await asyncio.gather(*pending, return_exceptions=True)

    async def approve(self, request: ApprovalRequest) -> ApprovalDecision:
        """Ask the user when a prompt is available, else apply `ORKAS_APPROVAL` (J5)."""
        if self.approval_prompt is not None:
            return await self.approval_prompt(request)
        return "once" if self.settings.approval == "allow" else "deny"

    def agent(self, session_id: str | None = None, *, new: bool = False) -> Agent:
        """The agent of `session_id` (default: this notebook's session)."""
        sid = session_id or self.current_session or self.default_session()
        if new:
            from ..engine.messages import new_id

            sid = new_id("session")
        self.current_session = sid
        agent = self.agents.get(sid)
        if agent is None:
            book = self.memory()
            sections = [book.prompt_section()] if book is not None else []
            agent = Agent(self.provider(), tools=self.tools(), store=self.store(),
                          session_id=sid, system_prompt=SYSTEM_PROMPT, approve=self.approve,
                          services=self.services(), prompt_sections=sections)
            self.agents[sid] = agent
        return agent


_RUNTIME: KernelRuntime | None = None


def get_runtime(shell: Any | None = None) -> KernelRuntime:
    """This kernel's runtime, created on first use."""
    global _RUNTIME
    if _RUNTIME is None:
        if shell is None:
            from IPython import get_ipython

            shell = get_ipython()
        _RUNTIME = KernelRuntime(shell)
    return _RUNTIME


def reset_runtime() -> None:
    """Forget the runtime (tests, `%reload_ext`)."""
    global _RUNTIME
    _RUNTIME = None
