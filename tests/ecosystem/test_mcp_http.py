"""A streamable-HTTP MCP server (SDK-written, `servers/http_server.py`, a real process on
127.0.0.1): no consent needed, a bearer token from the encrypted store expanded into the
header at launch, and the token never reaching the model, the session store or the logs."""

from __future__ import annotations

import json
import logging
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp_helpers import HERE, Approvals, make_host, offered, run_turn, tool_results, write_config

from orkas_jupyter.ecosystem.mcp.vault import SecretVault
from orkas_jupyter.testing import reply, tool_call

TOKEN = "tok_live_http_secret_7f3a9c"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def http_server() -> Iterator[str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, str(HERE / "servers" / "http_server.py"), str(port)],
                            env={"EXPECTED_TOKEN": TOKEN, "PATH": "/usr/bin:/bin"},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        else:
            raise RuntimeError("the test MCP server did not start")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(10)


def test_an_http_server_with_a_stored_token(settings, fake_model, workspace_config,
                                            http_server: str, monkeypatch,
                                            caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("ORKAS_NO_KEYRING", "1")
    caplog.set_level(logging.DEBUG)
    SecretVault(settings.home).set("web", "WEB_TOKEN", TOKEN)
    write_config(workspace_config, {"web": {
        "type": "http", "url": http_server,
        "headers": {"Authorization": "Bearer ${WEB_TOKEN}"}}})
    fake_model.script([tool_call("mcp__web__whoami", {}),
                       tool_call("mcp__web__add", {"a": 2, "b": "three"}), reply("ok")])
    approvals = Approvals()
    # The real store (DuckDB through the store server): its files are searched below.
    host = make_host(settings, store_factory=None)
    try:
        events = run_turn(host, "who am I?", approvals)
        history = host.submit(host.store().load("s")).result()
    finally:
        host.close()
    assert events[-1].type == "done"
    assert approvals.requests == []  # HTTP servers start without asking
    assert {"mcp__web__whoami", "mcp__web__add"} <= set(offered(fake_model.chat_requests[0]))
    whoami = tool_results(fake_model.chat_requests[1])[0]
    assert "auth ok" in whoami and "[REDACTED]" in whoami
    bad_args = tool_results(fake_model.chat_requests[2])[1]
    assert "Invalid arguments for mcp__web__add" in bad_args and 'b must be integer' in bad_args
    # The token is nowhere it must not be.
    sent = json.dumps([r.body for r in fake_model.requests])
    stored = json.dumps([m.model_dump() for m in history])
    assert TOKEN not in sent
    assert TOKEN not in stored
    assert TOKEN not in caplog.text
    files = [p for p in Path(settings.workspace).rglob("*") if p.is_file()]
    assert any(p.suffix == ".duckdb" for p in files)
    for path in files:  # mcp.json, the encrypted secrets, the store, its logs
        assert TOKEN.encode() not in path.read_bytes(), path
