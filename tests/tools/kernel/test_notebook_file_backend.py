"""The notebook file back-end writes like Jupyter does: the file keeps its permissions, and a
change to one cell leaves every other cell's bytes, key order and execution count as Jupyter
saved them (issue 22: the file went 644 -> 600 and its outputs were reordered)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import nbformat
import pytest

from orkas_jupyter.tools.notebook_doc import Cell, FileNotebook


def _jupyter_notebook(path: Path) -> str:
    """A notebook written by nbformat, the way JupyterLab saves it."""
    nb = nbformat.v4.new_notebook()
    first = nbformat.v4.new_code_cell("import math\nprint(math.pi)", id="first")
    first.execution_count = 3
    first.outputs = [nbformat.v4.new_output("stream", name="stdout", text="3.14159\n"),
                     nbformat.v4.new_output("execute_result", execution_count=3,
                                            data={"text/plain": "'pi'\n'again'"})]
    second = nbformat.v4.new_markdown_cell("# Notes\n\n- a\n- b", id="second")
    nb.cells = [first, second]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, str(path))
    return path.read_text("utf-8")


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o664], ids=oct)
async def test_every_change_keeps_the_files_mode(tmp_path: Path, mode: int) -> None:
    path = tmp_path / "analysis.ipynb"
    _jupyter_notebook(path)
    os.chmod(path, mode)
    nb = FileNotebook(path)
    await nb.insert(Cell(id="new1", cell_type="code", source="x = 1"), "first")
    assert stat.S_IMODE(path.stat().st_mode) == mode
    await nb.update("new1", outputs=[{"output_type": "stream", "name": "stdout", "text": "1\n"}],
                    execution_count=None)
    assert stat.S_IMODE(path.stat().st_mode) == mode
    await nb.delete("new1")
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert [p.name for p in tmp_path.iterdir()] == ["analysis.ipynb"]  # no temp file left


async def test_a_change_leaves_other_cells_as_jupyter_wrote_them(tmp_path: Path) -> None:
    path = tmp_path / "analysis.ipynb"
    original = _jupyter_notebook(path)
    nb = FileNotebook(path)
    await nb.insert(Cell(id="new1", cell_type="code", source="y = 2"), "first")
    await nb.update("new1", outputs=[], execution_count=None, metadata={"orkas": {"s": "1"}})
    text = path.read_text("utf-8")
    # Jupyter reads the file back to the same notebook, and the untouched cells' text is
    # exactly what Jupyter had written (same key order, same line lists, same counts).
    on_disk = nbformat.reads(text, as_version=4)
    assert [c.id for c in on_disk.cells] == ["first", "new1", "second"]
    assert on_disk.cells[0].execution_count == 3
    before = nbformat.reads(original, as_version=4)
    for cell_id in ("first", "second"):
        old = next(c for c in before.cells if c.id == cell_id)
        new = next(c for c in on_disk.cells if c.id == cell_id)
        assert new == old
    first_cell_text = original[original.index('  {\n   "cell_type": "code"'):
                               original.index('  {\n   "cell_type": "markdown"')]
    assert first_cell_text in text
    # Jupyter saving the notebook now changes only the agent's cell (its source as lines).
    resaved = nbformat.writes(on_disk) + "\n"  # nbformat.write ends the file with a newline
    assert resaved.replace('"source": [\n    "y = 2"\n   ]', '"source": "y = 2"') == text
