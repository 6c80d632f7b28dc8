"""The npm reference server `@modelcontextprotocol/server-everything` over streamable HTTP,
reached by the agent through the fake model. CI installs it (`.ci/run`: `npm install --prefix
.cache/mcp-everything @modelcontextprotocol/server-everything`); `ORKAS_TEST_MCP_EVERYTHING`
may name another copy of its `mcp-server-everything` script. Without it this module is
skipped; the HTTP path is also covered by `test_mcp_http.py` with an SDK-written server."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp_helpers import (
    HERE,
    Approvals,
    make_host,
    offered,
    run_turn,
    tool_results,
    write_config,
)

from orkas_jupyter.testing import reply, tool_calls

SCRIPT = Path(os.environ.get("ORKAS_TEST_MCP_EVERYTHING") or HERE.parents[1] / ".cache" /
              "mcp-everything" / "node_modules" / ".bin" / "mcp-server-everything")
pytestmark = pytest.mark.skipif(not SCRIPT.exists() or shutil.which("node") is None,
                                reason=f"server-everything is not installed at {SCRIPT}")


@pytest.fixture
def everything() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(["node", str(SCRIPT), "streamableHttp"],
                            env={"PORT": str(port), "PATH": os.environ["PATH"]},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_everything_server_over_streamable_http(settings, fake_model, workspace_config,
                                                    everything: str) -> None:
    write_config(workspace_config, {"everything": {"type": "http", "url": everything}})
    fake_model.script([
        tool_calls(("mcp__everything__echo", {"message": "hello there"}),
                   ("mcp__everything__get-tiny-image", {}),
                   ("mcp__everything__get-sum", {"a": 1, "b": "two"})),
        reply("done")])
    approvals = Approvals()
    host = make_host(settings)
    try:
        events = run_turn(host, "try it", approvals)
    finally:
        host.close()
    assert events[-1].type == "done" and approvals.requests == []
    names = offered(fake_model.chat_requests[0])
    assert {"mcp__everything__echo", "mcp__everything__get-sum"} <= set(names)
    spec = next(t["function"] for t in fake_model.chat_requests[0].body["tools"]
                if t["function"]["name"] == "mcp__everything__get-sum")
    assert "$schema" not in spec["parameters"] and spec["parameters"]["required"] == ["a", "b"]
    echo, _image, bad = tool_results(fake_model.chat_requests[1])
    assert "Echo: hello there" in echo
    assert "data:image/png;base64," in json.dumps(fake_model.chat_requests[1].messages)
    assert "Invalid arguments for mcp__everything__get-sum" in bad
