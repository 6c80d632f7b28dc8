"""Every turn is a checkpoint: random sequences of cell inserts, edits and deletes and file
writes and edits, made through the real tools on the notebook file back-end, are undone to
byte-identical notebooks and files; a target the user changed after the turn is left alone
and reported, and everything else is still put back."""

from __future__ import annotations

import asyncio
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import nbformat
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orkas_jupyter.config import Settings
from orkas_jupyter.engine.errors import ToolError
from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools.checkpoint import CURRENT, TurnCheckpoint
from orkas_jupyter.tools.files import EditFile, ReadFile, WriteFile
from orkas_jupyter.tools.notebook import DeleteCell, EditCell, InsertCell, ListCells
from orkas_jupyter.tools.notebook_doc import FileNotebook, notebook_text
from orkas_jupyter.tools.undo import FileCells, undo_changes
from orkas_jupyter.tools.workspace import build_workspace_tools

TEXTS = st.text(alphabet="abcxyz =+1\n\t#é", max_size=30)
OPS = st.lists(st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 20), TEXTS, st.sampled_from(["code",
                                                                             "markdown"])),
    st.tuples(st.just("edit"), st.integers(0, 20), TEXTS),
    st.tuples(st.just("delete"), st.integers(0, 20)),
    st.tuples(st.just("write"), st.integers(0, 4), TEXTS),
    st.tuples(st.just("edit_file"), st.integers(0, 4), TEXTS),
), min_size=1, max_size=10)
FILES = ["a.txt", "b.py", "new1.txt", "new2.md", "c.csv"]


def _notebook(path: Path) -> None:
    """A notebook as JupyterLab saves it (nbformat's writer, sources as line lists)."""
    nb = nbformat.v4.new_notebook()
    first = nbformat.v4.new_code_cell("import math\nprint(math.pi)\n", id="c1")
    first.execution_count = 2
    first.outputs = [nbformat.v4.new_output("stream", name="stdout", text="3.14\n")]
    nb.cells = [first, nbformat.v4.new_markdown_cell("# Notes\n\n- a", id="m1"),
                nbformat.v4.new_code_cell("x = 1\ny = 2", id="c2",
                                          metadata={"tags": ["keep"]})]
    nbformat.write(nb, str(path))


class Turn:
    """A workspace, a notebook and the tools, with a checkpoint current like a root turn."""

    def __init__(self, root: Path) -> None:
        self.root = root
        (root / "a.txt").write_text("alpha\nbeta\n")
        (root / "b.py").write_bytes(b"print('b')\r\n# crlf\r\n")
        (root / "c.csv").write_text("x,y\n1,2\n")
        self.nb = root / "analysis.ipynb"
        _notebook(self.nb)
        ws = build_workspace_tools(Settings(workspace=root, home=root / ".home"))
        self.sandbox = ws.sandbox
        self.ctx = ToolContext(session_id="s1", services={**ws.services,
                                                          "notebook": FileNotebook(self.nb)})
        self.checkpoint = TurnCheckpoint("turn-1", "s1")

    def snapshot(self) -> dict[str, bytes | None]:
        files: dict[str, bytes | None] = {
            name: (self.root / name).read_bytes() if (self.root / name).exists() else None
            for name in FILES}
        files["analysis.ipynb"] = self.nb.read_bytes()
        return files

    async def call(self, tool: Any, **args: Any) -> str:
        try:
            result = await tool.execute(tool.input_model(**args), self.ctx)
        except ToolError as exc:
            return f"error: {exc}"
        return result if isinstance(result, str) else result.content[0].text

    async def cell_ids(self) -> list[str]:
        return [c.id for c in await FileNotebook(self.nb).cells()]

    async def run(self, ops: list[tuple[Any, ...]]) -> None:
        token = CURRENT.set(self.checkpoint)
        try:
            await self.call(ListCells())
            for op in ops:
                ids = await self.cell_ids()
                if op[0] == "insert":
                    after = ids[op[1] % len(ids)] if ids and op[1] < 15 else None
                    await self.call(InsertCell(), source=op[2], cell_type=op[3],
                                    after_cell_id=after)
                elif op[0] == "edit" and ids:
                    await self.call(EditCell(), cell_id=ids[op[1] % len(ids)], source=op[2])
                elif op[0] == "delete" and ids:
                    await self.call(DeleteCell(), cell_id=ids[op[1] % len(ids)])
                elif op[0] in ("write", "edit_file"):
                    name = FILES[op[1]]
                    path = self.root / name
                    if path.exists():
                        await self.call(ReadFile(), path=name)
                    if op[0] == "write" or not path.exists():
                        await self.call(WriteFile(), path=name, content=op[2])
                    else:
                        text = path.read_bytes().decode()
                        old = text.splitlines(keepends=True)[0] if text else ""
                        if old and text.count(old) == 1 and old != op[2]:
                            await self.call(EditFile(), path=name, old_string=old,
                                            new_string=op[2])
        finally:
            CURRENT.reset(token)


def _cells(path: Path) -> list[dict[str, Any]]:
    return list(json.loads(path.read_text("utf-8"))["cells"])


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=OPS)
def test_undo_restores_notebook_and_files_byte_for_byte(ops: list[tuple[Any, ...]]) -> None:
    root = Path(tempfile.mkdtemp())
    try:
        turn = Turn(root)
        before = turn.snapshot()
        _run(turn.run(ops))
        report = _run(undo_changes(turn.checkpoint.changes, FileCells(turn.nb), turn.sandbox))
        assert turn.snapshot() == before, report.lines()
        assert report.left == []
    finally:
        shutil.rmtree(root)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=OPS, pick=st.integers(0, 100))
def test_a_target_the_user_changed_is_left_alone_and_the_rest_restored(
        ops: list[tuple[Any, ...]], pick: int) -> None:
    root = Path(tempfile.mkdtemp())
    try:
        turn = Turn(root)
        before = turn.snapshot()
        original_cells = _cells(turn.nb)
        _run(turn.run(ops))
        changes = turn.checkpoint.changes
        # What the turn changed that still exists: the user edits one of them.
        cells_now = {c["id"] for c in _cells(turn.nb)}
        targets = sorted({("cell", c.cell_id) for c in changes if c.type == "cell"
                          and c.cell_id in cells_now}
                         | {("file", Path(c.path).name) for c in changes if c.type == "file"
                            and Path(c.path).exists()})
        if not targets:
            return
        kind, target = targets[pick % len(targets)]
        if kind == "cell":
            data = json.loads(turn.nb.read_text("utf-8"))
            cell = next(c for c in data["cells"] if c["id"] == target)
            cell["source"] = "# the user's own edit\n"
            turn.nb.write_text(notebook_text(data), "utf-8")
        else:
            (root / target).write_text("the user's own text\n")
        report = _run(undo_changes(changes, FileCells(turn.nb), turn.sandbox))
        assert any(line.startswith(f"cell {target}" if kind == "cell" else target)
                   for line in report.left), report.lines()
        after = turn.snapshot()
        if kind == "cell":
            now = _cells(turn.nb)
            kept = next(c for c in now if c["id"] == target)
            assert kept["source"] == "# the user's own edit\n"
            assert [c for c in now if c["id"] != target] == \
                [c for c in original_cells if c["id"] != target]
            assert {k: v for k, v in after.items() if k != "analysis.ipynb"} == \
                {k: v for k, v in before.items() if k != "analysis.ipynb"}
        else:
            assert after[target] == b"the user's own text\n"
            assert {k: v for k, v in after.items() if k != target} == \
                {k: v for k, v in before.items() if k != target}
    finally:
        shutil.rmtree(root)
