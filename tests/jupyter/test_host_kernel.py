"""The host's lifecycle in a real kernel: `%unload_ext orkas_jupyter` leaves no agent thread,
no store connection and no background process behind."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from orkas_jupyter.testing import reply, tool_call

pytestmark = pytest.mark.slow

_PROBE = """
import threading, json
from orkas_jupyter.jupyter import runtime as _r
_rt = _r._RUNTIME
print("PROBE", json.dumps({
    "threads": sorted(t.name for t in threading.enumerate() if t.name.startswith("orkas")),
    "runtime": _rt is not None,
}))
"""


def _probe(kernel) -> dict:
    out = kernel.run(_PROBE).stdout
    line = next(x for x in out.splitlines() if x.startswith("PROBE "))
    return json.loads(line[len("PROBE "):])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "zombie" in status.read_text())


def test_unload_ext_leaves_no_thread_connection_or_background_job(kernel, fake_model,
                                                                  tmp_path: Path):
    fake_model.script([tool_call("bash", {"command": "sleep 300", "background": True}),
                       reply("Started the job.")])
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas start a long job")
    assert r.error is None, r.error
    job_text = json.dumps(fake_model.chat_requests[1].messages)
    assert "pid" in job_text
    pid = int(job_text.split("(pid ")[1].split(")")[0])
    assert _alive(pid)
    before = _probe(kernel)
    assert "orkas-agent" in before["threads"] and before["runtime"]
    conns = kernel.run("import os\nprint('FDS', len(os.listdir('/proc/self/fd')))").stdout

    r = kernel.run("%unload_ext orkas_jupyter")
    assert r.error is None, r.error
    after = _probe(kernel)
    assert after == {"threads": [], "runtime": False}
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid), "the background job outlived the extension"
    # The store connection is closed: the kernel holds fewer descriptors than with it open.
    fds_before = int(conns.split("FDS ")[1].split()[0])
    fds_after = int(kernel.run("import os\nprint('FDS', len(os.listdir('/proc/self/fd')))")
                    .stdout.split("FDS ")[1].split()[0])
    assert fds_after < fds_before

    # Loading again works: a new runtime, a new agent thread, the same session store.
    fake_model.script([reply("Back again.")])
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas hello again")
    assert r.error is None, r.error
    assert any("Back again." in m for m in r.data("text/markdown"))


def _comm_messages(kernel, comm_id: str, until: str, timeout: float = 30) -> list[dict]:
    import queue as _queue

    received: list[dict] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            m = kernel.kc.get_iopub_msg(timeout=0.2)
        except _queue.Empty:
            continue
        if m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == comm_id:
            data = m["content"]["data"]
            if data.get("method") == "custom":
                received.append(data["content"])
                if data["content"]["type"] == until:
                    return received
    raise AssertionError(f"no {until!r} from the chat: {[c['type'] for c in received]}")


def test_a_panel_approval_waits_for_the_panel_while_a_cell_turn_runs(kernel, fake_model,
                                                                      tmp_path: Path):
    victim = tmp_path / "build"
    victim.mkdir()

    def model(request):
        last = request.messages[-1]
        text = json.dumps(last.get("content"))
        if last["role"] == "user" and "clean the build" in text:
            return tool_call("bash", {"command": f"rm -rf {victim}"})
        if last["role"] == "tool":
            return reply("Done with the build folder.")
        return reply("The cell's own answer.")

    fake_model.script(model)
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas chat")
    comm_id = next(m["content"]["comm_id"] for m in r.messages if m["msg_type"] == "comm_open"
                   and "orkas-chat" in str(m["content"]["data"].get("state", {})))
    kc = kernel.kc
    kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
        "method": "custom", "content": {"type": "send", "text": "clean the build folder"}}}))
    approval = _comm_messages(kernel, comm_id, "approval")[-1]
    assert "rm -rf" in approval["detail"]

    # A cell's turn starts and finishes meanwhile; it has no question of its own.
    cell = kernel.run("%%orkas --new\nwhat is in the data?")
    assert cell.error is None, cell.error
    assert any("The cell's own answer." in m for m in cell.data("text/markdown"))
    assert not [m for m in cell.messages if m.get("msg_type") == "input_request"]
    assert victim.exists()  # the panel's question was neither taken nor denied by policy

    kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
        "method": "custom", "content": {"type": "approve", "id": approval["id"],
                                        "decision": "once"}}}))
    done = _comm_messages(kernel, comm_id, "done")
    assert any(c["type"] == "approval_done" and c["decision"] == "once" for c in done)
    assert not victim.exists()


def test_code_the_model_runs_in_a_cell_is_judged_like_a_command(kernel, fake_model,
                                                                tmp_path: Path):
    nb = tmp_path / "analysis.ipynb"
    nb.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    victim = tmp_path / "results"
    victim.mkdir()
    (victim / "keep.csv").write_text("1,2\n")
    harmless = "total = sum(range(10))\nprint('total', total)"
    destructive = f"import shutil\nshutil.rmtree({str(victim)!r})"

    def model(request):
        tools = [m for m in request.messages if m["role"] == "tool"]
        if not tools:
            return tool_call("insert_cell", {"source": harmless})
        if len(tools) == 1:
            return tool_call("run_cell", {"cell_id": tools[0]["content"].split("cell ")[1]
                                          .split(" ")[0]})
        if len(tools) == 2:
            return tool_call("insert_cell", {"source": destructive})
        if len(tools) == 3:
            return tool_call("run_cell", {"cell_id": tools[2]["content"].split("cell ")[1]
                                          .split(" ")[0]})
        return reply("Done.")

    fake_model.script(model)
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas tidy up", stdin=["d"])
    assert r.error is None, r.error
    prompts = [m["content"]["prompt"] for m in r.messages if m.get("msg_type") == "input_request"]
    assert len(prompts) == 1 and "rmtree" in prompts[0]  # only the destructive cell asked
    assert (victim / "keep.csv").exists()
    assert "total 45" in kernel.run("print('total', total)").stdout
    last_tool = json.dumps(fake_model.chat_requests[-1].messages[-1])
    assert "denied" in last_tool.lower() or "not run" in last_tool.lower()


def test_a_turn_does_not_import_litellm_in_the_kernel(kernel, fake_model):
    """Model calls run in the workspace's store server: the kernel stays small."""
    fake_model.script([reply("Answered from the server.")])
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas hello")
    assert r.error is None, r.error
    assert any("Answered from the server." in m for m in r.data("text/markdown"))
    out = kernel.run("import sys\nprint('LITELLM', 'litellm' in sys.modules)").stdout
    assert "LITELLM False" in out
