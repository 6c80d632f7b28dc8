"""The bridge's kernel requirements, pinned to the ipykernel range we support (>=7.0,<8): a comm
opened on a subshell answers while the main shell is busy — through lab.py's override of
ipykernel 7.4's private `_reply_subshell_for` — and a kernel without a routing we can steer
says so clearly and leaves the tools on the notebook file."""

from __future__ import annotations

import queue
import time
import uuid
from typing import Any

import ipykernel
import pytest
from ipykernel.comm.comm import BaseComm
from ipykernel.ipkernel import IPythonKernel
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from orkas_jupyter.jupyter.bridge_support import HOOK, BridgeSupport, routing_of

from .conftest import Kernel

SUPPORTED = SpecifierSet(">=7.0,<8")


def test_the_installed_ipykernel_is_in_the_supported_range_and_routes_as_expected():
    version = Version(ipykernel.__version__)
    assert version in SUPPORTED, (
        f"ipykernel {version} is outside the range the bridge is tested with ({SUPPORTED}); "
        f"check orkas_jupyter/jupyter/bridge_support.py and docs/jupyterlab.md first")
    # 7.0-7.3 route a comm message by its header's subshell id; 7.4 through the hook.
    expected = "hook" if version >= Version("7.4") else "header"
    assert routing_of(IPythonKernel, BaseComm) == expected


class HeaderRouting:
    async def shell_channel_thread_main(self, msg: Any) -> None:
        subshell_id = msg["header"].get("subshell_id")
        self.send_to(subshell_id, msg)

    def send_to(self, subshell_id: Any, msg: Any) -> None:
        """Stand-in."""


class HookRouting(HeaderRouting):
    async def shell_channel_thread_main(self, msg: Any) -> None:
        subshell_id = msg["header"].get("subshell_id")
        if msg["header"]["msg_type"] == "comm_msg":
            comm = self.comm_manager.get_comm(msg["content"]["comm_id"])
            subshell_id = comm._reply_subshell_for(msg["content"]["data"], subshell_id)
        self.send_to(subshell_id, msg)

    comm_manager: Any = None


class RenamedRouting(HeaderRouting):
    async def shell_channel_thread_main(self, msg: Any) -> None:
        subshell_id = msg["header"].get("subshell_id")
        if msg["header"]["msg_type"] == "comm_msg":
            comm = self.comm_manager.get_comm(msg["content"]["comm_id"])
            subshell_id = comm._route_reply(msg["content"]["data"], subshell_id)
        self.send_to(subshell_id, msg)

    comm_manager: Any = None


class CommWithHook:
    def _reply_subshell_for(self, data: Any, default: Any) -> Any:
        return default


class NoSubshells:
    pass


def test_routing_is_read_from_the_kernel_and_an_unknown_one_is_reported():
    assert routing_of(HeaderRouting, CommWithHook) == "header"
    assert routing_of(HookRouting, CommWithHook) == "hook"
    assert routing_of(HookRouting, object) == "unknown"  # the hook left the comm class
    assert routing_of(RenamedRouting, CommWithHook) == "unknown"  # the kernel calls another
    assert routing_of(NoSubshells, object) == "header"
    missing = BridgeSupport(ipykernel="7.9.0", subshells=True, routing="unknown")
    assert not missing.live and not missing.answers_while_busy
    assert "ipykernel 7.9.0" in missing.message() and HOOK in missing.message()
    assert "notebook file" in missing.message()
    ok = BridgeSupport(ipykernel="7.4.0", subshells=True, routing="hook")
    assert ok.live and ok.answers_while_busy and ok.message() == ""
    old = BridgeSupport(ipykernel="6.29.5", subshells=False, routing="header")
    assert old.live and not old.answers_while_busy and "subshells" in old.message()


# -- a real kernel, spoken to as JupyterLab does -------------------------------------------------

def _control(kernel: Kernel, msg_type: str, content: dict[str, Any]) -> dict[str, Any]:
    msg = kernel.kc.session.msg(msg_type, content)
    kernel.kc.control_channel.send(msg)
    while True:
        reply = kernel.kc.control_channel.get_msg(timeout=10)
        if reply["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
            return dict(reply["content"])


def _shell_on(kernel: Kernel, subshell: str, msg_type: str, content: dict[str, Any]) -> None:
    msg = kernel.kc.session.msg(msg_type, content)
    msg["header"]["subshell_id"] = subshell
    kernel.kc.shell_channel.send(msg)


def _open_view(kernel: Kernel) -> tuple[str, str]:
    """What the labextension does: a subshell, the target registered on it, the comm opened
    on it. Returns (subshell id, comm id)."""
    subshell = _control(kernel, "create_subshell_request", {})["subshell_id"]
    register = ("__import__('orkas_jupyter.jupyter.lab', fromlist=['register_target'])"
                ".register_target()")
    _shell_on(kernel, subshell, "execute_request",
              {"code": register, "silent": True, "store_history": False,
               "user_expressions": {}, "allow_stdin": False, "stop_on_error": False})
    comm_id = uuid.uuid4().hex
    _shell_on(kernel, subshell, "comm_open", {"comm_id": comm_id, "target_name": "orkas",
                                              "data": {"notebook": "analysis.ipynb"}})
    return subshell, comm_id


# The cell blocks the main shell until the browser answers (or 3 s pass): the reply can only
# arrive on the comm's subshell.
ASK_WHILE_BUSY = """
import time
from comm import get_comm_manager
from orkas_jupyter.jupyter.bridge import HUB
deadline = time.monotonic() + 10
while HUB.current() is None and time.monotonic() < deadline:
    time.sleep(0.02)
if {plain}:  # ipykernel's own routing, without lab.py's override
    for c in list(get_comm_manager().comms.values()):
        c.__dict__.pop("{hook}", None)
t0 = time.monotonic()
try:
    cells = HUB.current().request("cells").result(timeout=3)
    print("answered", len(cells), "cells in", round(time.monotonic() - t0, 2), "s")
except Exception as exc:
    print("no answer:", type(exc).__name__)
"""


def _answer_requests(kernel: Kernel, subshell: str, comm_id: str, cell_id: str) -> str:
    """Act as the browser until the cell ends: answer each nb_request on the subshell."""
    out = ""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            msg = kernel.kc.get_iopub_msg(timeout=0.05)
        except queue.Empty:
            continue
        content = msg["content"]
        if msg["msg_type"] == "comm_msg" and content.get("data", {}).get("type") == "nb_request":
            _shell_on(kernel, subshell, "comm_msg", {"comm_id": comm_id, "data": {
                "type": "nb_reply", "rid": content["data"]["rid"], "ok": True,
                "result": [{"id": "a1", "cell_type": "code", "source": "x = 1"}]}})
        if msg["parent_header"].get("msg_id") != cell_id:
            continue
        if msg["msg_type"] == "stream":
            out += content["text"]
        if msg["msg_type"] == "status" and content["execution_state"] == "idle":
            return out
    raise TimeoutError(f"the cell did not finish; output so far: {out!r}")


@pytest.mark.skipif(Version(ipykernel.__version__) < Version("7.0"), reason="no subshells")
def test_a_view_answers_while_the_main_shell_is_busy(kernel: Kernel) -> None:
    subshell, comm_id = _open_view(kernel)
    cell = kernel.kc.execute(ASK_WHILE_BUSY.format(plain=False, hook=HOOK))
    out = _answer_requests(kernel, subshell, comm_id, cell)
    assert "answered 1 cells" in out, out
    seconds = float(out.split(" in ")[1].split(" s")[0])
    assert seconds < 1.5


@pytest.mark.skipif(Version(ipykernel.__version__) < Version("7.4"), reason="no routing hook")
def test_without_the_override_the_answer_queues_behind_the_busy_cell(kernel: Kernel) -> None:
    # The trap the override exists for: ipykernel 7.4 sends the reply to the shell that last
    # sent on the comm — the busy main shell.
    subshell, comm_id = _open_view(kernel)
    cell = kernel.kc.execute(ASK_WHILE_BUSY.format(plain=True, hook=HOOK))
    out = _answer_requests(kernel, subshell, comm_id, cell)
    assert "no answer: TimeoutError" in out, out


SIMULATE_RENAMED_HOOK = f"""
import ipykernel.comm.comm as ipk_comm
del ipk_comm.BaseComm.{HOOK}
from orkas_jupyter.jupyter import bridge_support, lab
bridge_support.kernel_support.cache_clear()
lab.register_target()
"""


def test_a_kernel_without_the_hook_says_so_and_the_tools_use_the_file(kernel: Kernel) -> None:
    loaded = kernel.run(SIMULATE_RENAMED_HOOK)
    assert loaded.error is None
    assert "routes notebook messages in a way Orkas does not know" in loaded.stdout
    assert "ipykernel>=7.0,<8" in loaded.stdout
    subshell = _control(kernel, "create_subshell_request", {})["subshell_id"]
    comm_id = uuid.uuid4().hex
    _shell_on(kernel, subshell, "comm_open", {"comm_id": comm_id, "target_name": "orkas",
                                              "data": {"notebook": "analysis.ipynb"}})
    notice = ""
    deadline = time.monotonic() + 10
    while not notice and time.monotonic() < deadline:
        try:
            msg = kernel.kc.get_iopub_msg(timeout=0.1)
        except queue.Empty:
            continue
        data = msg["content"].get("data") or {}
        if msg["msg_type"] == "comm_msg" and data.get("type") == "notice":
            notice = data["text"]
    assert "notebook file instead" in notice  # the panel shows why
    used = kernel.run("from orkas_jupyter.jupyter.bridge import HUB\n"
                      "print(HUB.current() is None, HUB.resolve('the file'))")
    assert used.stdout.strip() == "True the file"


def _comm_messages(kernel: Kernel, seconds: float) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = kernel.kc.get_iopub_msg(timeout=0.05)
        except queue.Empty:
            continue
        if msg["msg_type"] == "comm_msg":
            found.append(msg["content"]["data"])
    return found


def test_a_chat_opened_before_the_runtime_exists_is_answered_once_a_cell_runs(
        kernel: Kernel) -> None:
    # The comm opens on its subshell before any cell ran (the runtime may only be made on the
    # main thread): the panel's hello waits, and the first cell's pre-run hook delivers it.
    subshell, comm_id = _open_view(kernel)
    _shell_on(kernel, subshell, "comm_msg", {"comm_id": comm_id, "data": {"type": "hello"}})
    assert not [m for m in _comm_messages(kernel, 1.5) if m.get("type") == "history"]
    kernel.run("x = 1")
    answered = [m.get("type") for m in _comm_messages(kernel, 10)]
    assert "state" in answered and "history" in answered
