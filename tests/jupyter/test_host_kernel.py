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
