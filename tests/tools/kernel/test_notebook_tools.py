"""Cell tools on the notebook file (T6, T7 fallback): ids, provenance, optimistic
concurrency, clear errors."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.engine import ToolContext
from orkas_jupyter.engine.errors import ToolError
from orkas_jupyter.tools.kernel import ExecutionResult
from orkas_jupyter.tools.notebook import (
    DeleteCell,
    DeleteCellArgs,
    EditCell,
    EditCellArgs,
    InsertCell,
    InsertCellArgs,
    ListCells,
    ListCellsArgs,
    ReadCell,
    ReadCellArgs,
    RunCell,
    RunCellArgs,
)
from orkas_jupyter.tools.notebook_doc import FileNotebook

PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9aw"
       "AAAABJRU5ErkJggg==")


def notebook(path: Path, cells: list[dict[str, Any]], minor: int = 5) -> None:
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": minor}))


def code(cid: str | None, source: str, outputs: list | None = None) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": "code", "metadata": {}, "source": source,
                            "outputs": outputs or [], "execution_count": None}
    if cid:
        cell["id"] = cid
    return cell


class FakeKernel:
    def __init__(self, result: ExecutionResult) -> None:
        self.result = result
        self.ran: list[str] = []

    async def execute(self, code: str) -> ExecutionResult:
        self.ran.append(code)
        return self.result


@pytest.fixture
def nb(tmp_path: Path) -> Path:
    path = tmp_path / "a.ipynb"
    notebook(path, [code("c1", "x = 1"), code("c2", "print(x)", [
        {"output_type": "stream", "name": "stdout", "text": "1\n"}]),
        {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": "# Title"}])
    return path


def ctx_for(path: Path, kernel: Any = None, session: str = "s1") -> ToolContext:
    services: dict[str, Any] = {"notebook": FileNotebook(path)}
    if kernel is not None:
        services["kernel"] = kernel
    return ToolContext(session_id=session, services=services)


async def test_list_and_read_cells(nb: Path):
    ctx = ctx_for(nb)
    listing = await ListCells().execute(ListCellsArgs(), ctx)
    assert "[c1] code" in listing and "[m1] markdown" in listing
    assert "stdout 2 lines" in listing
    out = await ReadCell().execute(ReadCellArgs(cell_id="c2"), ctx)
    assert "print(x)" in out.content[0].text and "1" in out.content[1].text  # type: ignore[union-attr]


async def test_insert_gives_ids_and_provenance(nb: Path):
    ctx = ctx_for(nb)
    text = await InsertCell().execute(InsertCellArgs(source="y = 2", after_cell_id="c1"), ctx)
    new_id = text.split("cell ")[1].split(" ")[0]
    cells = json.loads(nb.read_text())["cells"]
    assert [c["id"] for c in cells] == ["c1", new_id, "c2", "m1"]
    assert cells[1]["metadata"]["orkas"]["session"] == "s1"


async def test_a_replayed_insert_makes_the_same_cell_once(nb: Path):
    # Ids come from the tool call and the source, so a replayed call (same call id, same
    # source) reads the same to the model, and a notebook run again does not pile up copies.
    ctx = replace(ctx_for(nb), call_id="call_7")
    first = await InsertCell().execute(InsertCellArgs(source="plot()"), ctx)
    assert first.endswith(" at the end.")
    again = await InsertCell().execute(InsertCellArgs(source="plot()"), replace(ctx_for(nb),
                                                                                 call_id="call_7"))
    assert again == first
    cells = json.loads(nb.read_text())["cells"]
    assert [c["source"] for c in cells].count("plot()") == 1
    assert cells[-1]["metadata"]["orkas"]["call"] == "call_7"
    other = await InsertCell().execute(InsertCellArgs(source="plot(2)"), replace(
        ctx_for(nb), call_id="call_8"))
    assert other != first and len(json.loads(nb.read_text())["cells"]) == 5
    # The same call id with other source (a provider reusing ids) is a new cell, not an edit.
    clash = await InsertCell().execute(InsertCellArgs(source="plot(3)"), replace(
        ctx_for(nb), call_id="call_7"))
    ids = [c["id"] for c in json.loads(nb.read_text())["cells"]]
    assert len(ids) == len(set(ids)) == 6 and clash.split("cell ")[1].split(" ")[0] in ids


async def test_edit_needs_a_read_and_refuses_stale_cells(nb: Path):
    ctx = ctx_for(nb)
    with pytest.raises(ToolError, match="before you edit"):
        await EditCell().execute(EditCellArgs(cell_id="c1", source="x = 10"), ctx)
    await ListCells().execute(ListCellsArgs(), ctx)
    # The user edits c1 in the meantime.
    data = json.loads(nb.read_text())
    data["cells"][0]["source"] = "x = 100  # the user's change"
    nb.write_text(json.dumps(data))
    with pytest.raises(ToolError, match="changed since you last read"):
        await EditCell().execute(EditCellArgs(cell_id="c1", source="x = 10"), ctx)
    assert "the user's change" in nb.read_text()  # nothing overwritten
    await ReadCell().execute(ReadCellArgs(cell_id="c1"), ctx)
    await EditCell().execute(EditCellArgs(cell_id="c1", source="x = 10"), ctx)
    assert json.loads(nb.read_text())["cells"][0]["source"] == "x = 10"


async def test_two_sessions_see_each_others_edits_as_changes(nb: Path):
    a, b = ctx_for(nb, session="a"), ctx_for(nb, session="b")
    await ListCells().execute(ListCellsArgs(), a)
    await ListCells().execute(ListCellsArgs(), b)
    await EditCell().execute(EditCellArgs(cell_id="c2", source="print(x + 1)"), a)
    with pytest.raises(ToolError, match="changed since"):
        await DeleteCell().execute(DeleteCellArgs(cell_id="c2"), b)


async def test_delete_and_unknown_ids(nb: Path):
    ctx = ctx_for(nb)
    await ListCells().execute(ListCellsArgs(), ctx)
    await DeleteCell().execute(DeleteCellArgs(cell_id="m1"), ctx)
    assert [c["id"] for c in json.loads(nb.read_text())["cells"]] == ["c1", "c2"]
    with pytest.raises(ToolError, match=r"No cell with id 'zz'.*c1, c2"):
        await ReadCell().execute(ReadCellArgs(cell_id="zz"), ctx)


async def test_run_cell_returns_outputs_and_images_and_stores_them(nb: Path):
    result = ExecutionResult(outputs=[
        {"output_type": "stream", "name": "stdout", "text": "hello\n"},
        {"output_type": "display_data", "data": {"image/png": PNG, "text/plain": "<Figure>"},
         "metadata": {}},
        {"output_type": "error", "ename": "ValueError", "evalue": "bad",
         "traceback": ["\x1b[31mValueError\x1b[0m: bad"]}],
        success=False, error_name="ValueError", error_value="bad")
    kernel = FakeKernel(result)
    out = await RunCell().execute(RunCellArgs(cell_id="c1"), ctx_for(nb, kernel))
    assert out.is_error
    assert kernel.ran == ["x = 1"]
    text = out.content[1].text  # type: ignore[union-attr]
    assert "hello" in text and "ValueError: bad" in text and "\x1b" not in text
    assert out.content[2].type == "image" and out.content[2].data == PNG  # type: ignore[union-attr]
    stored = json.loads(nb.read_text())["cells"][0]["outputs"]
    assert [o["output_type"] for o in stored] == ["stream", "display_data", "error"]


async def test_markdown_cells_do_not_run_and_old_notebooks_get_ids(tmp_path: Path):
    path = tmp_path / "old.ipynb"
    notebook(path, [code(None, "a = 1"), {"cell_type": "markdown", "metadata": {},
                                          "source": ["# ", "T"]}], minor=4)
    ctx = ctx_for(path, FakeKernel(ExecutionResult()))
    listing = await ListCells().execute(ListCellsArgs(), ctx)
    assert listing.count("[") >= 2
    cells = await FileNotebook(path).cells()
    assert all(c.id for c in cells) and cells[1].source == "# T"
    with pytest.raises(ToolError, match="markdown cell"):
        await RunCell().execute(RunCellArgs(cell_id=cells[1].id), ctx)


async def test_missing_or_broken_notebook_is_a_clear_error(tmp_path: Path):
    ctx = ctx_for(tmp_path / "nope.ipynb")
    with pytest.raises(ToolError, match="does not exist"):
        await ListCells().execute(ListCellsArgs(), ctx)
    bad = tmp_path / "bad.ipynb"
    bad.write_text("{not json")
    with pytest.raises(ToolError, match="not a readable notebook"):
        await ListCells().execute(ListCellsArgs(), ctx_for(bad))
    with pytest.raises(ToolError, match="notebook is not known"):
        await ListCells().execute(ListCellsArgs(), ToolContext(session_id="s"))
