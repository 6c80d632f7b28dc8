"""The bridge for outside agents with real processes: a kernel with `%orkas bridge`, the
`orkas-mcp` console script, and the official MCP client driving the notebook through it."""

from __future__ import annotations

import json
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
