"""Can the live notebook bridge answer while a cell is busy, in this kernel? And may a browser
view of this kernel's notebook exist at all?

The bridge needs two things from the kernel (docs/jupyterlab.md): kernel subshells (the
browser's comm runs on a subshell thread of its own) and replies routed to that subshell.
ipykernel 7.0-7.3 route a comm message by the subshell id in its header; ipykernel 7.4 routes
it to the shell that last *sent* on the comm, through the private hook
`BaseComm._reply_subshell_for`, which `lab.py` overrides per comm. A later ipykernel that
routes comm messages some other way would make every bridge call from a busy cell stall:
`check()` says so, and the tools then use the notebook file.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

Routing = Literal["header", "hook", "unknown"]
HOOK = "_reply_subshell_for"


@dataclass(frozen=True)
class BridgeSupport:
    """What this kernel offers the bridge."""

    ipykernel: str
    subshells: bool
    routing: Routing

    @property
    def live(self) -> bool:
        """False when browser replies would queue behind a busy cell with no way to steer
        them (the tools then use the notebook file)."""
        return self.routing != "unknown"

    @property
    def answers_while_busy(self) -> bool:
        """A view can connect and answer while a cell runs."""
        return self.subshells and self.routing != "unknown"

    def message(self) -> str:
        """A user-facing sentence when something is missing, else ''."""
        if self.routing == "unknown":
            return (f"ipykernel {self.ipykernel} routes notebook messages in a way Orkas does "
                    f"not know (no `{HOOK}` hook), so the live notebook bridge could stall "
                    f"behind a running cell. The agent's cell tools edit the notebook file "
                    f"instead: save your work before asking, and reload the file after. "
                    f"`pip install 'ipykernel>=7.0,<8'` restores the bridge.")
        if not self.subshells:
            return (f"ipykernel {self.ipykernel} has no kernel subshells: the live notebook "
                    f"bridge answers only while no cell runs, so cell tools called from a "
                    f"%%orkas cell time out. `pip install 'ipykernel>=7.0,<8' 'jupyterlab>=4.4'` "
                    f"fixes that.")
        return ""


def routing_of(kernel_class: type, comm_class: type | None) -> Routing:
    """How `kernel_class` routes an incoming comm message to a shell."""
    has_hook = comm_class is not None and callable(getattr(comm_class, HOOK, None))
    router = getattr(kernel_class, "shell_channel_thread_main", None)
    if router is None:
        return "header"  # no subshells: everything runs on the main shell
    try:
        source: str | None = inspect.getsource(router)
    except (OSError, TypeError):
        source = None
    if source is None or HOOK in source:
        return "hook" if has_hook else "unknown"
    # 7.0-7.3 read only the header's subshell id; comm-specific routing we cannot steer.
    return "unknown" if "comm" in source else "header"


def check(kernel: Any | None = None) -> BridgeSupport:
    """The bridge's support in `kernel` (default: the running IPython kernel)."""
    if kernel is None:
        kernel = _running_kernel()
    try:
        import ipykernel
        from ipykernel.comm.comm import BaseComm
    except ImportError:  # not an ipykernel (another kernel implementing the protocol)
        return BridgeSupport(ipykernel="none", subshells=False, routing="header")
    subshells = bool(getattr(kernel, "_supports_kernel_subshells", False))
    return BridgeSupport(ipykernel=str(getattr(ipykernel, "__version__", "?")),
                         subshells=subshells,
                         routing=routing_of(type(kernel) if kernel is not None else object,
                                            BaseComm))


@lru_cache(maxsize=1)
def kernel_support() -> BridgeSupport:
    """`check()` for this process's kernel, computed once."""
    return check()


def _running_kernel() -> Any | None:
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    return getattr(shell, "kernel", None)


def view_may_exist(environ: Mapping[str, str] | None = None) -> bool:
    """True when jupyter-server started this kernel for a notebook (JupyterLab, Notebook 7):
    a browser view of it may exist or be about to connect. nbclient, papermill, nbconvert and
    plain IPython do not set these."""
    env = os.environ if environ is None else environ
    return bool(env.get("JPY_SESSION_NAME", "").endswith(".ipynb")
                and env.get("JPY_PARENT_PID"))
