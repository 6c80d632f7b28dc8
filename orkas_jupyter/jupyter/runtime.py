"""One `KernelRuntime` per kernel: the Jupyter side of the agent host.

The host (`orkas_jupyter.host.AgentHost`) owns agents, turns, the agent thread and the
store; this module adds what only a kernel has: the main-thread executor that runs kernel
work for tools, the kernel and notebook tools and their services, the notebook resolver (the
live view in the browser, else the file), record/replay state, and which session this
notebook continues. A `%%orkas` cell blocks the main thread in a wait loop that renders events
and runs the jobs tools hand to the main thread; a kernel interrupt lands in that loop within
milliseconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from ..config import BUDGET_FIELDS, Settings, load_settings
from ..engine.agent import Agent
from ..engine.provider import Provider
from ..engine.session import SessionStore
from ..engine.tools import Tool
from ..host import DEFAULT_PROFILE, AgentHost
from ..store.memory import MemoryBook
from ..tools.kernel import ExecutionResult, InspectVariable, ListVariables
from ..tools.notebook import notebook_tools
from ..tools.notebook_doc import FileNotebook, NotebookBackend
from .capture import run_code
from .locate import notebook_path
from .mainthread import MainThreadExecutor
from .replay_control import ReplayControl

log = logging.getLogger(__name__)
T = TypeVar("T")
# Settings re-read before every turn (the rest is fixed for the kernel's life); a change in
# the first group rebuilds the provider.
_PROVIDER_REREAD = ("model", "api_base", "fallback_models", "approval", "replay")
_REREAD = (*_PROVIDER_REREAD, *BUDGET_FIELDS, "budget_warn_at")


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

    def __init__(self, shell: Any, settings: Settings | None = None, *,
                 store_factory: Callable[[Settings], SessionStore] | None = None,
                 provider_factory: Callable[[Settings, Any], Provider] | None = None,
                 extra_tools: Sequence[Tool[Any]] = ()) -> None:
        self.shell = shell
        self._extra_tools = list(extra_tools)
        self._overrides: dict[str, Any] = {}
        # Settings given by the embedder are theirs to change; read from the environment
        # and files, they are re-read before every turn.
        self._reread = settings is None
        try:
            kernel_loop: asyncio.AbstractEventLoop | None = asyncio.get_event_loop()
        except RuntimeError:
            kernel_loop = None
        self.executor = MainThreadExecutor(kernel_loop)
        self.kernel = ShellKernel(shell, self.executor)
        self.current_session: str | None = None
        self.replay = ReplayControl(self)
        self.host = AgentHost(settings or load_settings(), surface_tools=self._kernel_tools,
                              surface_services=self._kernel_services,
                              recordings=self.replay.recordings_for,
                              store_factory=store_factory, provider_factory=provider_factory)
        # Commander's team (agent files, dispatch, the floor): every turn of the notebook's
        # own agent goes through it.
        from ..orchestra.orchestra import Orchestra

        self.orchestra = Orchestra(self.host)
        from ..evolution.service import install_evolution

        install_evolution(self.host)  # self-evolution: inert until `%orkas evolve on NAME`
        from .outside_agents import OutsideAgents  # agent files' `command:` (issue #18)
        self.orchestra.outside = OutsideAgents(self)

    # -- what the host is asked for ---------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.host.settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        # What a command sets (`%orkas model`, `config`, replay modes) outlives re-reading.
        old = self.host.settings
        for name in _REREAD:
            if getattr(value, name) != getattr(old, name):
                self._overrides[name] = getattr(value, name)
        self.host.settings = value

    def refresh_settings(self) -> bool:
        """Re-read the model settings from the environment and the settings files (a
        `%env ORKAS_MODEL=…` after a failure counts on the next turn); what a command set
        still wins. True when the provider had to be rebuilt."""
        if not self._reread:
            return False
        try:
            fresh = load_settings(workspace=self.settings.workspace)
        except (OSError, ValueError):  # a broken settings file: keep what works
            log.warning("could not re-read the settings", exc_info=True)
            return False
        update = {name: getattr(fresh, name) for name in _REREAD}
        update.update(self._overrides)
        adopted = self.replay.adopted()
        if adopted is not None and fresh.model and fresh.model != adopted:
            # A model set after the recording's was taken (`%env ORKAS_MODEL=…`): the user's
            # now; the recording's only replayed.
            self._overrides.pop("model", None)
            self.replay.forget_adopted()
            update["model"] = fresh.model
        current = self.host.settings
        changed = {k for k, v in update.items() if getattr(current, k) != v}
        if not changed:
            return False
        self.host.settings = current.model_copy(update=update)
        if not changed & set(_PROVIDER_REREAD):  # budgets only: the provider stays
            return False
        self.reset_provider()
        return True

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        """Run `coro` on the agent thread."""
        return self.host.submit(coro)

    def store(self) -> SessionStore:
        return self.host.store()

    def memory(self) -> MemoryBook | None:
        return self.host.memory()

    def knowledge(self) -> Any:
        return self.host.knowledge()

    def built_provider(self) -> Provider | None:
        return self.host.built_provider()

    def reset_provider(self) -> None:
        self.host.reset_provider()

    def stop_all(self) -> int:
        """Cancel every running turn of this kernel; returns how many were running."""
        return self.host.stop_all("stopped by the user")

    def close(self) -> None:
        """End the host: turns, agent thread, background jobs, store connection."""
        from .kernel_bridge import close_bridge

        close_bridge(self)  # credentials, connections, socket and files go first
        self.host.close()

    # -- the kernel's own tools and services ------------------------------------------------
    def _kernel_tools(self) -> list[Tool[Any]]:
        return [ListVariables(), InspectVariable(), *notebook_tools(), *self._extra_tools]

    def _kernel_services(self) -> dict[str, Any]:
        return {"kernel": self.kernel, "notebook": self.notebook}

    def notebook(self) -> NotebookBackend | None:
        """The notebook the tools edit: the live notebook in the browser when a view is
        open, else the file back-end when the notebook's path is known."""
        from .bridge import HUB

        return HUB.resolve(self.file_notebook())  # type: ignore[no-any-return]

    def notebook_file(self) -> Path | None:
        """The path of this kernel's notebook, when the runner reveals it."""
        # A recording the notebook names (`%orkas replay auto NAME.orkas.json`) also tells
        # which notebook this is: under nbconvert and papermill nothing else does.
        return notebook_path(self.settings, namespace=self.shell.user_ns if self.shell else None,
                             recording=self.replay.file)

    def file_notebook(self) -> NotebookBackend | None:
        """The notebook file, ignoring any browser view."""
        path = self.notebook_file()
        return FileNotebook(path) if path is not None else None

    # -- sessions ---------------------------------------------------------------------------
    def default_session(self) -> str:
        """The session this notebook continues: keyed by the notebook's path when known."""
        from ..store.api import default_session_id

        recorded_run = self.replay.session()
        if recorded_run is not None:
            return recorded_run
        path = self.notebook_file()
        return default_session_id(str(path) if path else None)

    def session_for(self, session_id: str | None = None, *, new: bool = False) -> str:
        """The session a turn uses: `session_id`, a new one, or this notebook's current one;
        it becomes the current one."""
        if new:
            from ..engine.messages import new_id

            session_id = new_id("session")
        sid = session_id or self.current_session or self.default_session()
        self.current_session = sid
        return sid

    def agent(self, session_id: str | None = None, *, new: bool = False) -> Agent:
        """The notebook agent of `session_id` (default: this notebook's session)."""
        return self.host.agent(self.session_for(session_id, new=new), DEFAULT_PROFILE)

    def find_agent(self, session_id: str) -> Agent | None:
        return self.host.find_agent(session_id, DEFAULT_PROFILE)


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
    """Close and forget the runtime (`%unload_ext`, tests): nothing it started is left."""
    global _RUNTIME
    runtime, _RUNTIME = _RUNTIME, None
    if runtime is not None:
        runtime.close()
