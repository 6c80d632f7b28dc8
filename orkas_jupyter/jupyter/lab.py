"""Kernel side of the JupyterLab extension: the `orkas` comm target that the browser opens for
each open notebook. One comm carries both the chat protocol (a `ChatController` per comm, see
docs/jupyterlab.md) and the live notebook bridge (`bridge.py`).

The labextension calls `attach()` quietly when a notebook's kernel starts (J1: registering a
comm target and a pre-cell hook is cheap; the magics, the store and litellm still load on
first use), or `%load_ext orkas_jupyter` plus `attach()` when the user presses "Load Orkas".
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from .bridge import HUB, BrowserLink

log = logging.getLogger(__name__)

TARGET = "orkas"
_attached_shells: set[int] = set()


def attach(shell: Any | None = None) -> None:
    """Register the `orkas` comm target and the live notebook bridge in this kernel (main
    thread; idempotent). Raises RuntimeError outside a Jupyter kernel."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        raise RuntimeError("Orkas' JupyterLab panel needs a Jupyter kernel (ipykernel).")
    if id(shell) not in _attached_shells:
        from comm import get_comm_manager

        get_comm_manager().register_target(TARGET, _on_comm_open)
        # A reloaded extension builds a new runtime: make it before each cell.
        shell.events.register("pre_run_cell", lambda *_: _ensure_runtime(shell))
        _attached_shells.add(id(shell))
    _ensure_runtime(shell)


def _ensure_runtime(shell: Any) -> None:
    # The runtime must be created on the main thread: it binds the kernel's event loop for
    # main-thread jobs (subshell threads have loops of their own).
    if threading.current_thread() is not threading.main_thread():
        return
    from .runtime import get_runtime

    get_runtime(shell)


def _trust_header(data: Any, default: Any) -> Any:
    return default


def _on_comm_open(comm: Any, open_msg: dict[str, Any]) -> None:
    """A browser view of a notebook connected (runs on the comm's subshell thread)."""
    from .chat import ChatController
    from .runtime import get_runtime

    # ipykernel 7.4 routes a comm's incoming messages to the shell that last *sent* on it
    # (`BaseComm._reply_subshell_for`); the agent thread sends under the main shell's parent,
    # so browser replies would queue behind a busy `%%orkas` cell and the bridge would stall.
    # The browser's header already names the comm's own subshell: trust it.
    comm._reply_subshell_for = _trust_header
    data = (open_msg.get("content") or {}).get("data") or {}

    def send(msg: dict[str, Any]) -> None:
        comm.send(data=msg)

    link = BrowserLink(send, path=str(data.get("notebook") or ""))
    controller = ChatController(get_runtime(), send)
    HUB.add(link)

    def on_msg(msg: dict[str, Any]) -> None:
        body = (msg.get("content") or {}).get("data") or {}
        if not isinstance(body, dict):
            return
        if body.get("type") == "nb_reply":
            link.resolve(body)
            return
        try:
            controller.handle(body)
        except Exception as exc:  # a chat failure must not kill the comm
            log.exception("orkas chat message failed")
            send({"type": "notice", "level": "error", "text": f"{type(exc).__name__}: {exc}"})

    comm.on_msg(on_msg)
    comm.on_close(lambda _msg: HUB.remove(link))
