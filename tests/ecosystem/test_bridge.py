"""The bridge for outside agents with real processes: a kernel with `%orkas bridge`, the
`orkas-mcp` console script, and the official MCP client driving the notebook through it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path

import pytest
from test_bridge_helpers import mcp_client, start_bridge, text_of, write_notebook

pytestmark = pytest.mark.slow


async def test_an_outside_agent_reads_edits_and_runs_cells(kernel, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb", ["x = 41", "print(x + 1)"])
    connection = start_bridge(kernel, tmp_path, "import pandas as pd\n"
                              "df = pd.DataFrame({'a': [1, 2, 3]})")
    async with mcp_client(connection) as client:
        listed = {t.name for t in (await client.list_tools()).tools}
        assert {"list_variables", "inspect_variable", "list_cells", "read_cell", "insert_cell",
                "edit_cell", "run_cell", "knowledge_search", "list_skills"} <= listed
        assert not listed & {"read_file", "write_file", "bash", "edit_file", "delete_cell"}
        r = await client.call_tool("inspect_variable", {"name": "df"})
        assert not r.is_error and "shape=3×1" in text_of(r)
        r = await client.call_tool("read_cell", {"cell_id": "c1"})
        assert "print(x + 1)" in text_of(r)
        r = await client.call_tool("edit_cell", {"cell_id": "c1", "source": "print(x * 2)"})
        assert not r.is_error, text_of(r)
        r = await client.call_tool("insert_cell", {"source": "y = x * 3", "after_cell_id": "c0"})
        assert not r.is_error, text_of(r)
        r = await client.call_tool("run_cell", {"cell_id": "c0"})
        assert not r.is_error, text_of(r)
        r = await client.call_tool("run_cell", {"cell_id": "c1"})
        assert not r.is_error and "82" in text_of(r), text_of(r)
    # The kernel's own namespace has what the outside agent ran.
    assert "41" in kernel.run("print(x)").stdout
    cells = json.loads((tmp_path / "analysis.ipynb").read_text())["cells"]
    assert [c["source"] for c in cells][:3] == ["x = 41", "y = x * 3", "print(x * 2)"]


async def test_calls_answer_while_a_cell_is_busy(kernel, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb", ["z = 5", "print('after', z)"])
    connection = start_bridge(kernel, tmp_path, "items = list(range(10))")
    async with mcp_client(connection) as client:
        await client.call_tool("read_cell", {"cell_id": "c0"})  # warm: the first call lists
        kernel.kc.execute("import time\ntime.sleep(6)\nbusy_done = True")
        await asyncio.sleep(0.5)
        started = time.monotonic()
        r = await client.call_tool("inspect_variable", {"name": "items"})
        assert not r.is_error and "list of length 10" in text_of(r)
        r = await client.call_tool("read_cell", {"cell_id": "c1"})
        assert "print('after', z)" in text_of(r)
        r = await client.call_tool("list_variables", {})
        assert "items" in text_of(r)
        assert time.monotonic() - started < 2.0  # answered beside the 6 s cell
        # Running a cell waits for the busy one, saying so, then runs.
        seen: list[str] = []

        async def on_progress(progress: float, total: float | None, message: str | None
                              ) -> None:
            seen.append(message or "")

        r = await client.call_tool("run_cell", {"cell_id": "c0"}, progress_callback=on_progress)
        assert not r.is_error, text_of(r)
        assert time.monotonic() - started > 4.0
        assert any("another cell is running" in m for m in seen), seen
        r = await client.call_tool("inspect_variable", {"name": "busy_done"})
        assert "True" in text_of(r)


async def test_a_long_cell_reports_progress_and_cancelling_interrupts_it(kernel, tmp_path: Path
                                                                         ) -> None:
    write_notebook(tmp_path / "analysis.ipynb",
                   ["import time\nfor i in range(600):\n    time.sleep(0.1)\nfinished = True"])
    connection = start_bridge(kernel, tmp_path)
    async with mcp_client(connection) as client:
        seen: list[str] = []

        async def on_progress(progress: float, total: float | None, message: str | None
                              ) -> None:
            seen.append(message or "")

        call = asyncio.ensure_future(
            client.call_tool("run_cell", {"cell_id": "c0"}, progress_callback=on_progress))
        while len(seen) < 2:
            await asyncio.sleep(0.2)
        assert "running the cell" in seen[-1]
        call.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await call
        started = time.monotonic()
        r = await client.call_tool("list_variables", {})
        # The kernel is free again at once, and the loop never finished.
        probe = await asyncio.to_thread(kernel.run, "print('finished' in dir(), i < 590)", 10)
    assert probe.stdout.strip() == "False True", probe.stdout
    assert time.monotonic() - started < 10 and not r.is_error


def test_closing_the_runtimes_bridge_removes_its_files(kernel, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb", ["x = 1"])
    connection = start_bridge(kernel, tmp_path)
    socket_path = Path(json.loads(connection.read_text())["socket"])
    assert socket_path.exists()
    r = kernel.run("from orkas_jupyter.jupyter.runtime import get_runtime\n"
                   "from orkas_jupyter.jupyter.kernel_bridge import close_bridge\n"
                   "close_bridge(get_runtime())")
    assert r.error is None, r.error
    assert not connection.exists() and not socket_path.exists()
    assert "The bridge is off" in kernel.run("%orkas bridge status").stdout


def test_closing_the_runtime_closes_its_bridge(kernel, tmp_path: Path) -> None:
    """`KernelRuntime.close()` (`%unload_ext`, `reset_runtime`) ends the bridge before the host."""
    write_notebook(tmp_path / "analysis.ipynb", ["x = 1"])
    connection = start_bridge(kernel, tmp_path)
    socket_path = Path(json.loads(connection.read_text())["socket"])
    r = kernel.run("from orkas_jupyter.jupyter.runtime import reset_runtime\nreset_runtime()")
    assert r.error is None, r.error
    assert not connection.exists() and not socket_path.exists()


CHILD_CLI = r'''
"""A scripted agent CLI: through orkas-mcp (found from its environment), read a variable,
insert a cell and run it, then print an answer."""
import asyncio, os, sys
import mcp_types as types
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

async def main():
    params = StdioServerParameters(command=sys.argv[1], args=[], env=dict(os.environ))
    async with stdio_client(params) as (r, w), ClientSession(
            r, w, client_info=types.Implementation(name="scripted-cli", version="1")) as s:
        await s.initialize()
        seen = await s.call_tool("inspect_variable", {"name": "sales"})
        if seen.is_error:
            print("ERROR", seen.content[0].text); return
        made = await s.call_tool("insert_cell", {"source": "total = sum(sales)\nprint(total)"})
        cell = made.content[0].text.split()[3]
        ran = await s.call_tool("run_cell", {"cell_id": cell})
        print("ANSWER total is", ran.content[1].text.split()[-1])

asyncio.run(main())
'''


def test_a_launched_cli_gets_its_own_credential(kernel, tmp_path: Path) -> None:
    """The seam agent teams use: one credential per child process, revoked when it ends.
    The child runs while the kernel is idle (a cell blocked waiting for it would hold the
    main thread that `run_cell` needs)."""
    import sys

    from test_bridge_helpers import ORKAS_MCP

    write_notebook(tmp_path / "analysis.ipynb", ["sales = [3, 4, 5]"])
    script = tmp_path / "child_cli.py"
    script.write_text(CHILD_CLI)
    out = tmp_path / "child.out"
    assert kernel.run("%load_ext orkas_jupyter\nsales = [3, 4, 5]").error is None
    r = kernel.run(
        "import os, subprocess\n"
        "from orkas_jupyter.jupyter.runtime import get_runtime\n"
        "from orkas_jupyter.jupyter.kernel_bridge import kernel_bridge\n"
        "_cm = kernel_bridge(get_runtime()).child_credential('scripted-cli')\n"
        "_env = _cm.__enter__()\n"
        f"_child = subprocess.Popen([{sys.executable!r}, {str(script)!r}, {ORKAS_MCP!r}],\n"
        f"    env={{**os.environ, **_env}}, stdout=open({str(out)!r}, 'w'),\n"
        "    stderr=subprocess.STDOUT)")
    assert r.error is None, r.error
    deadline = time.monotonic() + 60
    while "ANSWER" not in (out.read_text() if out.exists() else "") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "ANSWER total is 12" in out.read_text(), out.read_text()
    # The child's cell is in the notebook, and the kernel has its variable.
    assert "12" in kernel.run("print(total)").stdout
    # When the child is done its credential ends: the same environment opens nothing.
    assert kernel.run("_child.wait(30); _cm.__exit__(None, None, None)").error is None
    r = kernel.run(
        f"_again = subprocess.run([{sys.executable!r}, {str(script)!r}, {ORKAS_MCP!r}],\n"
        "    env={**os.environ, **_env}, capture_output=True, text=True, timeout=60)\n"
        "print(_again.stdout)", timeout=90)
    assert "ANSWER" not in r.stdout and "ERROR" in r.stdout, r.stdout
