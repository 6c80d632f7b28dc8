"""A cell whose outputs the agent wrote through the live bridge, then run from the user's queue
(Run All queued it before the agent's turn): the kernel clears the agent's outputs as that
run starts, so the cell ends with one set (issue 22). Spoken to as JupyterLab does: the view's
comm on a subshell, execute requests carrying the cell's id in their metadata."""

from __future__ import annotations

import queue
import time
from typing import Any

import ipykernel
import pytest
from packaging.version import Version

from .conftest import Kernel
from .test_lab_bridge_kernel import _open_view, _shell_on

pytestmark = pytest.mark.skipif(Version(ipykernel.__version__) < Version("7.0"),
                                reason="no subshells")

# What run_cell does after running a cell: write its outputs into the cell in the browser.
AGENT_FILLS = """
import time
from orkas_jupyter.jupyter.bridge import HUB
deadline = time.monotonic() + 10  # the view's comm opens on its subshell meanwhile
while HUB.current() is None and time.monotonic() < deadline:
    time.sleep(0.02)
await HUB.backend().update({cell!r}, outputs=[
    {{"output_type": "stream", "name": "stdout", "text": "the agent's run\\n"}}])
"""


def _execute(kernel: Kernel, code: str, cell_id: str | None, subshell: str, comm_id: str
             ) -> list[str]:
    """One execute request as JupyterLab sends it (metadata `cellId`); answers the bridge's
    requests like the browser. Returns the request's iopub message types (and stream text)."""
    metadata = {"cellId": cell_id} if cell_id else {}
    msg = kernel.kc.session.msg("execute_request", {
        "code": code, "silent": False, "store_history": True, "user_expressions": {},
        "allow_stdin": False, "stop_on_error": True}, metadata=metadata)
    kernel.kc.shell_channel.send(msg)
    seen: list[str] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            got = kernel.kc.get_iopub_msg(timeout=0.05)
        except queue.Empty:
            continue
        content: dict[str, Any] = got["content"]
        data = content.get("data") or {}
        if got["msg_type"] == "comm_msg" and data.get("type") == "nb_request":
            cell = {"id": data["args"]["cell_id"], "cell_type": "code", "source": "",
                    "outputs": data["args"].get("outputs", [])}
            _shell_on(kernel, subshell, "comm_msg", {"comm_id": comm_id, "data": {
                "type": "nb_reply", "rid": data["rid"], "ok": True, "result": cell}})
        if got["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
            continue
        if got["msg_type"] == "status" and content["execution_state"] == "idle":
            return seen
        if got["msg_type"] in ("clear_output", "error"):
            seen.append(got["msg_type"] if got["msg_type"] != "error" else
                        f"error {content['ename']}: {content['evalue']}")
        elif got["msg_type"] == "stream":
            seen.append(f"stream {content['text'].strip()}")
    raise TimeoutError(f"the request did not finish; seen so far: {seen}")


def test_a_queued_cell_the_agent_filled_is_cleared_once_as_it_starts(kernel: Kernel) -> None:
    subshell, comm_id = _open_view(kernel)
    # The %%orkas cell's turn runs the plotting cell through the bridge; Run All has queued it.
    assert _execute(kernel, AGENT_FILLS.format(cell="plot"), "ask", subshell, comm_id) == []
    # Its queued run starts: the agent's outputs go first, then its own.
    assert _execute(kernel, "print('queued run')", "plot", subshell, comm_id) == [
        "clear_output", "stream queued run"]
    # Run again by the user: JupyterLab cleared it when queuing, nothing for the kernel to do.
    assert _execute(kernel, "print('again')", "plot", subshell, comm_id) == ["stream again"]
    # Other cells, and requests with no cell id (a console, the extension's own), are left be.
    _execute(kernel, AGENT_FILLS.format(cell="plot"), "ask", subshell, comm_id)
    assert _execute(kernel, "print('other')", "load", subshell, comm_id) == ["stream other"]
    assert _execute(kernel, "print('console')", None, subshell, comm_id) == ["stream console"]
    assert _execute(kernel, "print('plot')", "plot", subshell, comm_id) == [
        "clear_output", "stream plot"]


def test_the_agents_own_run_of_a_cell_clears_nothing(kernel: Kernel) -> None:
    # run_cell executes the cell's code under the %%orkas cell's request (no cell id): the
    # asking cell's outputs must never be cleared by it, even when it is marked itself.
    subshell, comm_id = _open_view(kernel)
    code = (AGENT_FILLS.format(cell="ask") +
            "from orkas_jupyter.jupyter.capture import run_code\n"
            "print(run_code(get_ipython(), 'print(1)').outputs[0]['text'].strip())")
    assert _execute(kernel, code, "ask", subshell, comm_id) == ["stream 1"]
