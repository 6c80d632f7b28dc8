"""The bridge's protections, each with real processes (a kernel, `orkas-mcp`, the MCP
client, a second process on the socket). Each test fails when its protection is removed."""

from __future__ import annotations

import asyncio
import json
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_bridge_helpers import mcp_client, start_bridge, text_of, write_notebook

pytestmark = pytest.mark.slow
start_kernel = sys.modules["_orkas_jupyter_kernel_fixtures"].start_kernel

RAW_CLIENT = r"""
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
for line in sys.argv[2:]:
    try:
        s.sendall(line.encode() + b"\n")
    except (BrokenPipeError, ConnectionResetError):
        break  # the kernel already closed the connection
s.settimeout(8)
got = b""
try:
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
except (socket.timeout, ConnectionResetError):
    pass
print(got.decode())
"""


def raw_session(socket_path: str, *frames: dict[str, Any]) -> str:
    """What a second process gets from the socket after sending `frames`."""
    done = subprocess.run([sys.executable, "-c", RAW_CLIENT, socket_path,
                           *(json.dumps(f) for f in frames)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


def connection(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_socket_and_connection_file_are_private(kernel, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb", ["x = 1"])
    conn = start_bridge(kernel, tmp_path)
    sock = Path(connection(conn)["socket"])
    assert stat.S_ISSOCK(sock.stat().st_mode)
    assert stat.S_IMODE(sock.stat().st_mode) == 0o600
    assert stat.S_IMODE(sock.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(conn.stat().st_mode) == 0o600
    assert sock.parent == tmp_path / ".orkas" / "bridge"


def test_a_process_without_the_credential_gets_nothing(kernel, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb", ["secret_cell = 1"])
    conn = start_bridge(kernel, tmp_path, "secret_value = 'do-not-leak-4242'")
    sock = connection(conn)["socket"]
    probes = [
        raw_session(sock, {"type": "list", "id": 1},
                    {"type": "call", "id": 2, "tool": "list_variables", "arguments": {}}),
        raw_session(sock, {"type": "hello", "token": "guessed", "client": "x"},
                    {"type": "call", "id": 2, "tool": "inspect_variable",
                     "arguments": {"name": "secret_value"}}),
        raw_session(sock, {"type": "hello", "client": "x"}, {"type": "list", "id": 1}),
    ]
    for got in probes:
        frames = [json.loads(line) for line in got.splitlines() if line.strip()]
        # The kernel answers `refused` and closes (a reset may swallow even that).
        assert {f["type"] for f in frames} <= {"refused"}, got
        assert "secret" not in got and "list_variables" not in got
    # The same through orkas-mcp with the socket and a wrong token.

    async def through_mcp() -> str:
        async with mcp_client(None, env={"ORKAS_BRIDGE_SOCKET": sock,
                                         "ORKAS_BRIDGE_TOKEN": "wrong"}) as client:
            r = await client.call_tool("inspect_variable", {"name": "secret_value"})
            assert r.is_error
            return text_of(r)

    text = asyncio.run(through_mcp())
    assert "does not open this kernel" in text and "do-not-leak" not in text


def test_a_revoked_credential_is_refused_mid_session(kernel, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb", ["x = 1"])
    conn = start_bridge(kernel, tmp_path, "value = 'treasure-7391'")
    # A second credential, as agent teams issue for a CLI they launch: revoking it must
    # cut its session while the notebook's own credential keeps working.
    child = tmp_path / "child.json"
    r = kernel.run(
        "from orkas_jupyter.jupyter.runtime import get_runtime\n"
        "from orkas_jupyter.jupyter.kernel_bridge import kernel_bridge\n"
        "import json, os\n"
        "_cm = kernel_bridge(get_runtime()).child_credential('test child')\n"
        "_env = _cm.__enter__()\n"
        f"_fd = os.open({str(child)!r}, os.O_WRONLY | os.O_CREAT, 0o600)\n"
        "os.write(_fd, json.dumps(_env).encode()); os.close(_fd)")
    assert r.error is None, r.error
    env = json.loads(child.read_text())

    async def scenario() -> None:
        async with mcp_client(None, env=env) as client, mcp_client(conn) as notebook_client:
            r = await client.call_tool("inspect_variable", {"name": "value"})
            assert not r.is_error and "treasure-7391" in text_of(r)
            revoked = await asyncio.to_thread(kernel.run, "_cm.__exit__(None, None, None)")
            assert revoked.error is None, revoked.error
            r = await client.call_tool("inspect_variable", {"name": "value"})
            assert r.is_error and "treasure" not in text_of(r)
            assert "revoked" in text_of(r) or "does not open this kernel" in text_of(r)
            r = await notebook_client.call_tool("inspect_variable", {"name": "value"})
            assert not r.is_error
            # `%orkas bridge revoke` ends the notebook's credential too, at once.
            await asyncio.to_thread(kernel.run, "%orkas bridge revoke")
            r = await notebook_client.call_tool("inspect_variable", {"name": "value"})
            assert r.is_error and "treasure" not in text_of(r)

    asyncio.run(scenario())
    assert not conn.exists()


def test_a_credential_opens_exactly_one_kernel(start_kernel, kernel_env, tmp_path: Path
                                               ) -> None:
    write_notebook(tmp_path / "a.ipynb", ["x = 1"])
    write_notebook(tmp_path / "b.ipynb", ["x = 2"])
    a = start_kernel({**kernel_env, "ORKAS_NOTEBOOK": str(tmp_path / "a.ipynb")})
    b = start_kernel({**kernel_env, "ORKAS_NOTEBOOK": str(tmp_path / "b.ipynb")})
    conn_a = start_bridge(a, tmp_path, "where = 'kernel A'")
    conn_b = start_bridge(b, tmp_path, "where = 'kernel B'")
    assert conn_a.name == "a.json" and conn_b.name == "b.json"
    info_a, info_b = connection(conn_a), connection(conn_b)
    assert info_a["socket"] != info_b["socket"]
    assert info_a["notebook"].endswith("a.ipynb") and info_a["server"] == "orkas-a"

    async def scenario() -> None:
        async with mcp_client(conn_b) as client:
            r = await client.call_tool("inspect_variable", {"name": "where"})
            assert "kernel B" in text_of(r)
        async with mcp_client(None, env={"ORKAS_BRIDGE_SOCKET": info_b["socket"],
                                         "ORKAS_BRIDGE_TOKEN": info_a["token"]}) as client:
            r = await client.call_tool("inspect_variable", {"name": "where"})
            assert r.is_error and "does not open this kernel" in text_of(r)
            assert "kernel A" not in text_of(r) and "kernel B" not in text_of(r)

    asyncio.run(scenario())


def _widget_text_with(kernel: Any, needle: str, timeout: float = 30) -> str:
    """The first widget update on iopub (the question shown under `%orkas bridge`) that
    contains `needle`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            msg = kernel.kc.get_iopub_msg(timeout=0.2)
        except Exception:
            continue
        if msg["msg_type"] == "comm_msg":
            text = json.dumps(msg["content"].get("data", {}))
            if needle in text:
                return text
    raise AssertionError(f"no question containing {needle!r} was shown in the notebook")


def test_a_destructive_cell_asks_in_the_notebook_and_does_nothing_when_denied(
        start_kernel, kernel_env, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    home = tmp_path_factory.mktemp("fake-home")
    (home / "thesis.tex").write_text("years of work")
    # `home` is a variable: with the path written out, the cell is refused without asking.
    write_notebook(tmp_path / "analysis.ipynb", ["import shutil\nshutil.rmtree(home)"])
    kernel = start_kernel({**kernel_env, "HOME": str(home), "ORKAS_APPROVAL": "allow"})
    conn = start_bridge(kernel, tmp_path, "import os\nhome = os.path.expanduser('~')")

    async def scenario() -> str:
        async with mcp_client(conn) as client:
            call = asyncio.ensure_future(client.call_tool("run_cell", {"cell_id": "c0"}))
            shown = await asyncio.to_thread(_widget_text_with, kernel, "rmtree")
            assert "run_cell" in shown and "test-agent" in shown
            assert not call.done()
            answer = await asyncio.to_thread(kernel.run, "%orkas bridge deny")
            assert "denied" in answer.stdout
            r = await asyncio.wait_for(call, 30)
            assert r.is_error
            return text_of(r)

    text = asyncio.run(scenario())
    assert "Not run" in text and "denied" in text
    assert (home / "thesis.tex").read_text() == "years of work"


def test_unanswered_questions_fall_to_the_deny_policy(start_kernel, kernel_env, tmp_path: Path,
                                                      tmp_path_factory: pytest.TempPathFactory
                                                      ) -> None:
    home = tmp_path_factory.mktemp("fake-home")
    (home / "keep.txt").write_text("keep")
    write_notebook(tmp_path / "analysis.ipynb", ["import shutil\nshutil.rmtree(home)",
                                                 "import os, shutil\n"
                                                 "shutil.rmtree(os.path.expanduser('~'))"])
    kernel = start_kernel({**kernel_env, "HOME": str(home), "ORKAS_APPROVAL": "deny",
                           "ORKAS_BRIDGE_ASK_TIMEOUT": "1"})
    conn = start_bridge(kernel, tmp_path, "import os\nhome = os.path.expanduser('~')")

    async def scenario() -> str:
        async with mcp_client(conn) as client:
            r = await client.call_tool("run_cell", {"cell_id": "c0"})
            assert r.is_error
            # The home folder written out is on the blocked list: refused, never asked.
            blocked = await client.call_tool("run_cell", {"cell_id": "c1"})
            assert blocked.is_error and "Refused" in text_of(blocked)
            return text_of(r)

    assert "Not run" in asyncio.run(scenario())
    assert (home / "keep.txt").exists()
    status = kernel.run("%orkas bridge status").stdout
    assert "→ denied by approval policy deny" in status, status


def test_an_allowed_question_runs_the_cell(start_kernel, kernel_env, tmp_path: Path,
                                           tmp_path_factory: pytest.TempPathFactory) -> None:
    scratch = tmp_path_factory.mktemp("scratch")
    (scratch / "old.txt").write_text("old")
    write_notebook(tmp_path / "analysis.ipynb", ["import shutil\nshutil.rmtree(scratch)"])
    kernel = start_kernel(kernel_env)
    conn = start_bridge(kernel, tmp_path, f"scratch = {str(scratch)!r}")

    async def scenario() -> None:
        async with mcp_client(conn) as client:
            call = asyncio.ensure_future(client.call_tool("run_cell", {"cell_id": "c0"}))
            await asyncio.to_thread(_widget_text_with, kernel, "rmtree(scratch)")
            await asyncio.to_thread(kernel.run, "%orkas bridge allow 1")
            r = await asyncio.wait_for(call, 30)
            assert not r.is_error, text_of(r)

    asyncio.run(scenario())
    assert not scratch.exists()


def test_the_outside_agent_reaches_no_file_outside_the_workspace(kernel, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb", ["x = 1"])
    skill = tmp_path / ".orkas" / "skills" / "hello"
    (skill / "scripts").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: hello\ndescription: Say hello.\n---\nRun "
                                    "scripts/hi.sh.\n")
    (skill / "scripts" / "hi.sh").write_text("echo hi\n")
    conn = start_bridge(kernel, tmp_path)

    async def scenario() -> None:
        async with mcp_client(conn) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"load_skill", "run_skill_script", "list_skills"} <= names
            for tool, args in [("read_file", {"path": "/etc/passwd"}),
                               ("bash", {"command": "cat /etc/passwd"}),
                               ("write_file", {"path": "/tmp/x", "content": "x"})]:
                r = await client.call_tool(tool, args)
                assert r.is_error and "Unknown tool" in text_of(r), text_of(r)
                assert "root:" not in text_of(r)
            r = await client.call_tool("run_skill_script", {"skill": "hello",
                                                            "script": "../../../../etc/passwd"})
            assert r.is_error and "outside the skill folder" in text_of(r)
            r = await client.call_tool("list_skills", {})
            assert "hello" in text_of(r)
            r = await client.call_tool("run_skill_script", {"skill": "hello",
                                                            "script": "scripts/hi.sh"})
            assert not r.is_error and "hi" in text_of(r), text_of(r)

    asyncio.run(scenario())


def test_the_credential_never_lands_in_logs_store_or_recordings(kernel, fake_model,
                                                                tmp_path: Path) -> None:
    from orkas_jupyter.testing import reply

    write_notebook(tmp_path / "analysis.ipynb", ["x = 1"])
    log_file = tmp_path / "kernel.log"
    outputs = []
    r = kernel.run(f"import logging; logging.basicConfig(filename={str(log_file)!r}, "
                   "level=logging.DEBUG, force=True)")
    assert r.error is None
    conn = start_bridge(kernel, tmp_path)
    token = connection(conn)["token"]
    fake_model.script([reply("Noted.")])
    outputs.append(kernel.run("%orkas record").stdout)
    outputs.append(kernel.run("%orkas hello there", timeout=120).stdout)
    errlog = tmp_path / "orkas-mcp.err"

    async def scenario() -> None:
        async with mcp_client(conn, errlog=errlog) as client:
            for tool, args in [("list_cells", {}), ("read_cell", {"cell_id": "c0"}),
                               ("run_cell", {"cell_id": "c0"}),
                               ("knowledge_search", {"query": "anything"})]:
                await client.call_tool(tool, args)

    asyncio.run(scenario())
    outputs.append(kernel.run("%orkas bridge status").stdout)
    outputs.append(kernel.run("%orkas bridge revoke").stdout)
    kernel.run("import logging; logging.shutdown()")
    assert log_file.read_text().count("bridge") >= 2  # the bridge did log, without the token
    assert all(token not in out for out in outputs)
    scanned = 0
    for path in tmp_path.rglob("*"):
        if path.is_file() and not path.is_symlink():
            assert token.encode() not in path.read_bytes(), path
            scanned += 1
    assert scanned > 3 and any(p.suffix == ".duckdb" for p in tmp_path.rglob("*"))
    assert any(p.name.endswith(".orkas.json") for p in tmp_path.rglob("*"))
    assert errlog.exists()  # orkas-mcp's stderr was kept (and scanned above)


def test_connectors_are_confirmed_per_outside_agent_and_connector(kernel, tmp_path: Path
                                                                  ) -> None:
    from mcp_helpers import fault_server, write_config

    write_notebook(tmp_path / "analysis.ipynb", ["x = 1"])
    write_config(tmp_path / ".orkas" / "mcp.json", {"faults": fault_server()})
    conn = start_bridge(kernel, tmp_path)

    async def answer_when_shown(needle: str, verdict: str) -> None:
        # The needle names the open question ("<agent> wants <tool>"): the note about an
        # earlier answer also names the agent and may reach iopub after that answer's cell.
        await asyncio.to_thread(_widget_text_with, kernel, needle)
        await asyncio.to_thread(kernel.run, f"%orkas bridge {verdict}")

    async def scenario() -> None:
        async with mcp_client(conn, name="agent-one") as one:
            # Starting the configured stdio server is confirmed once, as for the agent.
            listing = asyncio.ensure_future(one.list_tools())
            await answer_when_shown("Start MCP server", "allow")
            names = {t.name for t in (await listing).tools}
            assert "mcp__faults__echo" in names
            call = asyncio.ensure_future(one.call_tool("mcp__faults__echo", {"text": "ping"}))
            await answer_when_shown("agent-one wants mcp__faults__echo", "allow")
            assert text_of(await asyncio.wait_for(call, 60)) == "ping"
            r = await asyncio.wait_for(one.call_tool("mcp__faults__echo", {"text": "again"}), 10)
            assert text_of(r) == "again"  # not asked twice
        async with mcp_client(conn, name="agent-two") as two:
            call = asyncio.ensure_future(two.call_tool("mcp__faults__echo", {"text": "x"}))
            await answer_when_shown("agent-two wants mcp__faults__echo", "deny")
            r = await asyncio.wait_for(call, 60)
            assert r.is_error and "faults" in text_of(r) and "denied" in text_of(r)

    asyncio.run(scenario())
