"""MCP from `%orkas` in a real kernel through the fake model server: the server's command line
confirmed in the cell's input box, its tool answering, `%orkas mcp list` showing its state.

The `%orkas mcp` wiring lives in `jupyter/commands.py` and the toolset in the kernel's host;
until both are wired this module is skipped (the guard below says so)."""

from __future__ import annotations

import json

import pytest
from mcp_helpers import time_server, tool_results, write_config

from orkas_jupyter.jupyter import commands
from orkas_jupyter.testing import reply, tool_call

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif("mcp" not in commands._COMMANDS,
                       reason="`%orkas mcp` is not wired into jupyter/commands.py yet"),
]


def test_a_stdio_server_confirmed_in_the_cell_then_listed(kernel, fake_model, tmp_path) -> None:
    write_config(tmp_path / ".orkas" / "mcp.json", {"time": time_server(),
                                                    "broken": {"command": "x", "args": 3}})
    fake_model.script([tool_call("mcp__time__get_current_time", {"timezone": "Asia/Tokyo"}),
                       reply("It is evening in Tokyo.")])
    assert kernel.run("%load_ext orkas_jupyter").error is None
    listed = kernel.run("%orkas mcp list")
    assert listed.error is None, listed.error
    assert "time" in listed.stdout and "not started" in listed.stdout
    assert "mcpServers.broken.args" in listed.stdout
    r = kernel.run("%orkas what time is it in Tokyo?", timeout=120, stdin=["o"])
    assert r.error is None, r.error
    asked = [m["content"]["prompt"] for m in r.messages if m.get("msg_type") == "input_request"]
    assert len(asked) == 1 and "mcp-server-time --local-timezone UTC" in asked[0]
    [result] = tool_results(fake_model.chat_requests[1])
    assert "Asia/Tokyo" in json.dumps(result)
    listed = kernel.run("%orkas mcp list")
    assert "ready" in listed.stdout and "2 tools" in listed.stdout
    assert "mcp__time__get_current_time" in kernel.run("%orkas mcp tools time").stdout
