"""The kernel half of the bridge for outside agents (`%orkas bridge`): one `KernelBridge`
per runtime, holding the credential book, the listener on the host's agent thread, the
kernel access outside agents use, and the questions they ask in the notebook.

Why a call answers while a cell is busy: the listener and every tool call run on the host's
agent thread, never on the kernel's main thread. Kernel work that must run on the main
thread (running a cell) goes through the main-thread executor and waits for the busy cell;
reads of variables (`list_variables`, `inspect_variable`) run on the main thread when the
kernel is idle and, while a cell runs, on a worker thread over a snapshot of the namespace
(the cell may change an object while it is read; nothing is written). Cells are read from
the notebook back-end, which needs no main thread.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import os
import re
import signal
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from ..ecosystem.bridge import BridgeListener, BridgeService, CredentialBook
from ..ecosystem.bridge.credentials import write_connection_file
from ..ecosystem.bridge.launch import child_environment
from ..ecosystem.bridge.listener import socket_path_for
from ..ecosystem.bridge.service import CALL_PROGRESS, BridgeSources
from ..tools.kernel import ExecutionResult
from .bridge_questions import NotebookQuestions
from .capture import run_code

log = logging.getLogger(__name__)
T = TypeVar("T")
# An idle kernel runs a main-thread job within milliseconds; past this a cell has started.
IDLE_GRACE_S = 0.25
_SKIPPED = object()


class BusyCells:
    """Whether a cell is running now (IPython's pre/post_run_cell events)."""

    def __init__(self, shell: Any) -> None:
        self.depth = 0
        if shell is not None and getattr(shell, "events", None) is not None:
            shell.events.register("pre_run_cell", self._pre)
            shell.events.register("post_run_cell", self._post)

    def _pre(self, *_: Any) -> None:
        self.depth += 1

    def _post(self, *_: Any) -> None:
        self.depth = max(0, self.depth - 1)

    def __call__(self) -> bool:
        return self.depth > 0


class OutsideKernel:
    """`KernelAccess` for outside agents (see the module docstring); cancelling a running
    `execute` interrupts its cell."""

    def __init__(self, rt: Any, busy: Callable[[], bool]) -> None:
        self.rt = rt
        self.busy = busy

    def namespace(self) -> Mapping[str, Any]:
        ns: Mapping[str, Any] = self.rt.kernel.namespace()
        if threading.current_thread() is threading.main_thread():
            return ns
        return dict(ns)  # one C-level copy: a running cell may add names meanwhile

    def hidden_names(self) -> set[str]:
        return set(self.rt.kernel.hidden_names())

    async def on_main_thread(self, fn: Callable[[], T]) -> T:
        if self.busy():
            return await asyncio.to_thread(fn)
        claim = threading.Lock()

        def job() -> Any:
            return fn() if claim.acquire(blocking=False) else _SKIPPED

        task = asyncio.ensure_future(self.rt.executor.run(job))
        done, _ = await asyncio.wait({task}, timeout=IDLE_GRACE_S)
        if task not in done and claim.acquire(blocking=False):
            task.cancel()  # a cell started meanwhile: read beside it
            return await asyncio.to_thread(fn)
        result: T = await task
        return result

    async def execute(self, code: str) -> ExecutionResult:
        lock = threading.Lock()
        running = [False]
        main = threading.main_thread().ident
        shell = self.rt.shell
        report = CALL_PROGRESS.get() or (lambda _message: None)

        def job() -> ExecutionResult:
            # Idle, ipykernel ignores SIGINT; while this cell runs, an interrupt (the
            # kernel's ■ or a cancelled call) must reach it.
            previous = signal.signal(signal.SIGINT, signal.default_int_handler)
            report("running the cell")
            with lock:
                running[0] = True
            try:
                return run_code(shell, code)
            finally:
                with lock:
                    running[0] = False
                signal.signal(signal.SIGINT, previous)

        report("waiting for the kernel: another cell is running" if self.busy()
               else "running the cell")
        try:
            result: ExecutionResult = await self.rt.executor.run(job)
            return result
        except asyncio.CancelledError:
            with lock:
                if running[0] and main is not None:
                    signal.pthread_kill(main, signal.SIGINT)
            raise


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-").lower()[:40] or "kernel"


def _pid_alive(pid: Any) -> bool:
    try:
        os.kill(int(pid), 0)
    except (OSError, ValueError, TypeError):
        return False
    return True


class KernelBridge:
    """This kernel's bridge: start, credentials for the notebook and for child processes,
    revoke, status."""

    def __init__(self, rt: Any) -> None:
        self.rt = rt
        self.book = CredentialBook()
        self.busy = BusyCells(rt.shell)
        self.kernel = OutsideKernel(rt, self.busy)
        self.questions = NotebookQuestions(lambda: rt.settings.approval,
                                           float(rt.settings.bridge_ask_timeout))
        self.listener: BridgeListener | None = None
        self.service: BridgeService | None = None
        self.connection_file: Path | None = None
        self.notebook_credential: str | None = None
        self._skills_view: Any = None

    # -- names ------------------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        return Path(self.rt.settings.workspace) / ".orkas" / "bridge"

    def notebook_name(self) -> tuple[str, str]:
        """(the notebook's path or "", a short name for the MCP server entry)."""
        path = self.rt.notebook_file()
        return (str(path), _slug(Path(path).stem)) if path else ("", f"kernel-{os.getpid()}")

    def server_name(self) -> str:
        return f"orkas-{self.notebook_name()[1]}"

    def _connection_path(self) -> Path:
        _, slug = self.notebook_name()
        path = self.folder / f"{slug}.json"
        if path.exists():
            import json

            with contextlib.suppress(OSError, ValueError):
                owner = json.loads(path.read_text()).get("kernel_pid")
                if owner != os.getpid() and _pid_alive(owner):
                    return self.folder / f"{slug}-{os.getpid()}.json"  # another kernel's
        return path

    # -- the listener -----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return (self.listener is not None and self.listener.serving
                and not self.rt.host.closed)

    def _sources(self) -> BridgeSources:
        host = self.rt.host
        if self._skills_view is None:
            self._skills_view = host.skills.view(None)
        view = self._skills_view

        def services() -> dict[str, Any]:
            return {**host.services(), "kernel": self.kernel}

        return BridgeSources(tools=host.tools, toolsets=lambda: [*host.toolsets, view],
                             services=services, policy=host.policy, ask=self.questions.ask,
                             skills=lambda: view, prepare=host.enter_toolsets)

    def ensure_listener(self) -> BridgeListener:
        """Start the socket server on the agent thread (idempotent)."""
        if self.running:
            assert self.listener is not None
            return self.listener
        self.rt.host.services()  # opens the store here, not in the first call
        path, _ = self.notebook_name()
        self.service = BridgeService(self._sources())
        listener = BridgeListener(
            socket_path_for(self.folder, f"k{os.getpid()}.sock"), self.book, self.service,
            welcome={"notebook": path, "kernel_pid": os.getpid()})
        self.rt.submit(listener.start()).result(10)
        self.listener = listener
        _LIVE.add(self)
        return listener

    def start(self) -> Path:
        """Start (or keep) the bridge with a credential for the notebook's snippet; returns
        the connection file."""
        listener = self.ensure_listener()
        if self.notebook_credential is not None and self.connection_file is not None \
                and self.connection_file.exists():
            return self.connection_file
        cred, token = self.book.issue("notebook")
        self.notebook_credential = cred.id
        path, _ = self.notebook_name()
        self.connection_file = self._connection_path()
        write_connection_file(self.connection_file, {
            "socket": str(listener.socket_path), "token": token, "notebook": path,
            "kernel_pid": os.getpid(), "server": self.server_name(),
            "credential": cred.id, "created": int(time.time())})
        return self.connection_file

    @contextlib.contextmanager
    def child_credential(self, label: str) -> Iterator[dict[str, str]]:
        """A fresh credential for one child process (an agent CLI Orkas launches): yields the
        environment that points `orkas-mcp` at this kernel; revoked when the block ends."""
        listener = self.ensure_listener()
        cred, token = self.book.issue(label)
        try:
            yield child_environment(listener.socket_path, token)
        finally:
            self.book.revoke(cred.id)

    def revoke(self) -> int:
        """End every credential now (connections closed at once), stop the listener and
        remove the connection file and the socket; returns how many credentials ended."""
        ended = self.book.revoke()
        self.notebook_credential = None
        if self.connection_file is not None:
            with contextlib.suppress(FileNotFoundError):
                self.connection_file.unlink()
        listener, self.listener = self.listener, None
        if listener is not None and not self.rt.host.closed:
            with contextlib.suppress(Exception):
                self.rt.submit(listener.close()).result(5)
        _LIVE.discard(self)
        return len(ended)

    def cleanup(self) -> None:
        """At kernel exit: the files must not outlive the kernel."""
        self.book.revoke()
        for path in (self.connection_file,
                     self.listener.socket_path if self.listener else None):
            if path is not None:
                with contextlib.suppress(OSError):
                    path.unlink()


_BRIDGES: weakref.WeakKeyDictionary[Any, KernelBridge] = weakref.WeakKeyDictionary()
_LIVE: weakref.WeakSet[KernelBridge] = weakref.WeakSet()


def kernel_bridge(rt: Any) -> KernelBridge:
    """The bridge of this runtime (made on first use; nothing starts until asked)."""
    bridge = _BRIDGES.get(rt)
    if bridge is None:
        bridge = _BRIDGES[rt] = KernelBridge(rt)
    return bridge


@atexit.register
def _cleanup_at_exit() -> None:
    for bridge in list(_LIVE):
        with contextlib.suppress(Exception):
            bridge.cleanup()


def close_bridge(rt: Any) -> None:
    """End this runtime's bridge, if it has one (for `KernelRuntime.close()`: credentials,
    connections, the socket and the connection file go with the runtime)."""
    bridge = _BRIDGES.pop(rt, None)
    if bridge is not None:
        bridge.revoke()
        bridge.cleanup()
