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
                   "from orkas_jupyter.jupyter.cmds._bridge_kernel import close_bridge\n"
                   "close_bridge(get_runtime())")
    assert r.error is None, r.error
    assert not connection.exists() and not socket_path.exists()
    assert "The bridge is off" in kernel.run("%orkas bridge status").stdout
