"""Kernel side of the JupyterLab extension: the `orkas` comm target that the browser opens for
each open notebook. One comm carries both the chat protocol (a `ChatController` per comm, see
docs/jupyterlab.md) and the live notebook bridge (`bridge.py`).

The labextension registers the target as soon as the kernel is up, from the comm's own subshell
(`register_target()`: no runtime, so it does not wait behind cells queued by Run All), opens
the comm, and runs `attach()` on the main shell (queued like any cell) to create the kernel's
runtime. Registering a comm target and a pre-cell hook is cheap; the magics, the store and
litellm still load on first use.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from .bridge import HUB, BrowserLink
from .bridge_support import HOOK, kernel_support

log = logging.getLogger(__name__)

TARGET = "orkas"
_lock = threading.Lock()
_registered_shells: set[int] = set()
_runtime_made = threading.Event()
_waiting_chats: list[CommChat] = []


def register_target(shell: Any | None = None) -> bool:
    """Register the `orkas` comm target and the pre-cell hook that makes the runtime (any
    thread; idempotent). False outside a Jupyter kernel."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return False
    with _lock:
        if id(shell) in _registered_shells:
            return True
        _registered_shells.add(id(shell))
    support = kernel_support()
    if not support.live:
        HUB.disable(support.message())
    if support.message():
        log.warning("orkas: %s", support.message())
    from comm import get_comm_manager

    get_comm_manager().register_target(TARGET, _on_comm_open)
    # A reloaded extension builds a new runtime: make it before each cell.
    shell.events.register("pre_run_cell", lambda info=None, *_: _before_cell(shell, info))
    return True


def _before_cell(shell: Any, info: Any = None) -> None:
    if threading.current_thread() is threading.main_thread():
        # The page that runs this cell is the one whose view its agent's cell tools should edit.
        parent = shell.kernel.get_parent() or {}
        HUB.note_client(str((parent.get("header") or {}).get("session") or ""))
        _clear_agent_outputs(shell, getattr(info, "cell_id", None))
    _ensure_runtime(shell)


def _clear_agent_outputs(shell: Any, cell_id: Any) -> None:
    """A cell from the user's queue starts: if the agent wrote its outputs since (run_cell
    through the bridge while Run All had it queued), clear them, or this run appends to them.
    JupyterLab clears a cell's outputs when it queues it, not when it starts; a clear_output
    under this execute request clears exactly that cell's output area, in every view. The
    agent's own runs of a cell (no `cell_id`) never clear anything."""
    if not cell_id or not HUB.take_filled(str(cell_id)):
        return
    try:
        shell.display_pub.clear_output(wait=False)
    except Exception:  # a front end that cannot clear keeps both sets; the run goes on
        log.debug("could not clear cell %s before it ran", cell_id, exc_info=True)


def attach(shell: Any | None = None) -> None:
    """Register the comm target and create the kernel's runtime (main thread; idempotent).
    Raises RuntimeError outside a Jupyter kernel."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    if not register_target(shell):
        raise RuntimeError("Orkas' JupyterLab panel needs a Jupyter kernel (ipykernel).")
    _warm_model_host()
    _ensure_runtime(shell)


def _warm_model_host() -> None:
    """A notebook just opened in JupyterLab: start the workspace's model host now (a small
    process of its own; nothing is imported here), so it is warm by the first question."""
    try:
        from ..store.warm import launch_model_host

        launch_model_host()
    except Exception:  # a courtesy: the first turn starts it anyway
        log.debug("could not start the model host early", exc_info=True)


def _ensure_runtime(shell: Any) -> None:
    # The runtime must be created on the main thread: it binds the kernel's event loop for
    # main-thread jobs (subshell threads have loops of their own).
    if threading.current_thread() is not threading.main_thread():
        return
    from .runtime import get_runtime

    get_runtime(shell)
    _runtime_made.set()
    with _lock:
        waiting, _waiting_chats[:] = list(_waiting_chats), []
    for chat in waiting:
        chat.flush()


def _trust_header(data: Any, default: Any) -> Any:
    return default


class CommChat:
    """The chat half of one comm. A comm may open (on its subshell thread) before the runtime
    exists, which only the main thread may create: chat messages wait until it does.

    Messages are delivered one at a time and in arrival order, to one controller, whichever
    thread delivers them: the main thread flushing what waited (a `hello`) and the subshell
    thread handling a new `send` once raced, made two controllers, and the idle one's state
    disabled the running turn's Stop button."""

    def __init__(self, send: Callable[[dict[str, Any]], None]) -> None:
        self._send = send
        self._controller: Any = None
        self._pending: list[dict[str, Any]] = []
        self._draining = False

    def handle(self, body: dict[str, Any]) -> None:
        """One chat message from the browser (any thread)."""
        with _lock:
            self._pending.append(body)
            if not _runtime_made.is_set():
                if self not in _waiting_chats:
                    _waiting_chats.append(self)
                return
            if self._draining:
                return  # the thread delivering now takes this one next
            self._draining = True
        self._drain()

    def flush(self) -> None:
        """The runtime exists now: deliver what waited."""
        with _lock:
            if self._draining or not self._pending:
                return
            self._draining = True
        self._drain()

    def _drain(self) -> None:
        while True:
            with _lock:
                if not self._pending:
                    self._draining = False
                    return
                body = self._pending.pop(0)
            self._deliver(body)

    def _deliver(self, body: dict[str, Any]) -> None:
        try:
            if self._controller is None:
                from .chat import ChatController
                from .runtime import get_runtime

                self._controller = ChatController(get_runtime(), self._send)
            self._controller.handle(body)
        except Exception as exc:  # a chat failure must not kill the comm
            log.exception("orkas chat message failed")
            self._send({"type": "notice", "level": "error",
                        "text": f"{type(exc).__name__}: {exc}"})


def _on_comm_open(comm: Any, open_msg: dict[str, Any]) -> None:
    """A browser view of a notebook connected (runs on the comm's subshell thread)."""
    # ipykernel 7.4 routes a comm's incoming messages to the shell that last *sent* on it
    # (`BaseComm._reply_subshell_for`); the agent thread sends under the main shell's parent,
    # so browser replies would queue behind a busy `%%orkas` cell and the bridge would stall.
    # The browser's header already names the comm's own subshell: trust it.
    setattr(comm, HOOK, _trust_header)
    data = (open_msg.get("content") or {}).get("data") or {}

    def send(msg: dict[str, Any]) -> None:
        comm.send(data=msg)

    link = BrowserLink(send, path=str(data.get("notebook") or ""),
                       client=str((open_msg.get("header") or {}).get("session") or ""))
    chat = CommChat(send)
    if HUB.enabled:
        HUB.add(link)
    else:
        send({"type": "notice", "level": "warning", "text": HUB.disabled_reason})

    def on_msg(msg: dict[str, Any]) -> None:
        body = (msg.get("content") or {}).get("data") or {}
        if not isinstance(body, dict):
            return
        if body.get("type") == "nb_reply":
            link.resolve(body)
            return
        if body.get("type") == "send":
            HUB.note_client(link.client)  # a panel turn edits the page that asked
        chat.handle(body)

    comm.on_msg(on_msg)
    comm.on_close(lambda _msg: HUB.remove(link))
