"""What the cell tools tell the turn's checkpoint (for `%orkas undo`) and how they ask for a
review: a cell's JSON before a change, where it stood, and a fingerprint of what the change
left (`checkpoint.py`, `review.py`)."""

from __future__ import annotations

from typing import Any

from ..engine.errors import ToolError
from ..engine.tools import ToolContext
from .checkpoint import (
    CellChange,
    CellKind,
    cell_fingerprint,
    current_checkpoint,
    label_of,
    record_cell,
)
from .notebook_doc import Cell, FileNotebook, NotebookBackend
from .review import review_active, review_change
from .undo import FileCells


def find_cell(cells: list[Cell], cell_id: str) -> Cell:
    """The cell with `cell_id`, or an error listing the ids there are."""
    for cell in cells:
        if cell.id == cell_id:
            return cell
    ids = ", ".join(c.id for c in cells[:40])
    raise ToolError(f"No cell with id {cell_id!r}. Existing ids: {ids or '(none)'}.")


def _concrete(backend: NotebookBackend) -> Any:
    # The Jupyter layer's waiting back-end sticks to the one it chose on first use.
    return getattr(backend, "_chosen", None) or backend


def notebook_name(backend: NotebookBackend) -> str:
    """The notebook a change was made in: its file path, or the path the browser names."""
    chosen = _concrete(backend)
    if isinstance(chosen, FileNotebook):
        return str(chosen.path)
    link = getattr(chosen, "link", None)
    return str(getattr(link, "path", "") or chosen.describe())


def cell_json(cell: Cell) -> dict[str, Any]:
    """A cell as nbformat JSON (what a back-end without raw access holds)."""
    raw: dict[str, Any] = {"cell_type": cell.cell_type, "id": cell.id,
                           "metadata": cell.metadata, "source": cell.source}
    if cell.cell_type == "code":
        raw["outputs"] = cell.outputs
        raw["execution_count"] = cell.execution_count
    return raw


def raw_of(backend: NotebookBackend, cell: Cell) -> dict[str, Any] | None:
    """The cell's JSON as the back-end holds it, for the turn's checkpoint: the notebook
    file's own (undo restores it byte for byte), else the cell as the tools see it. None when
    no checkpoint is kept (nothing to read)."""
    if current_checkpoint() is None:
        return None
    chosen = _concrete(backend)
    if isinstance(chosen, FileNotebook):
        try:
            return FileCells(chosen.path).raw_cell(cell.id)
        except ToolError:
            pass
    return cell_json(cell)


async def record_change(ctx: ToolContext, backend: NotebookBackend, kind: CellKind, cell: Cell,
                  cells: list[Cell], before: dict[str, Any] | None,
                  after: Cell | None) -> None:
    """Report one change to the root turn's checkpoint; `cells` is the list it was made
    against (for its position)."""
    index = next((i for i, c in enumerate(cells) if c.id == cell.id), len(cells))
    prev_id = cells[index - 1].id if 0 < index <= len(cells) else None
    await record_cell(ctx.agent, ctx.call_id, CellChange(
        kind=kind, notebook=notebook_name(backend), cell_id=cell.id, index=index,
        prev_id=prev_id, before=before, label=label_of(cell.source),
        after=cell_fingerprint(cell_json(after), kind) if after is not None else None))


async def reviewed(ctx: ToolContext, backend: NotebookBackend, cell: Cell, cells: list[Cell],
                   tool: str, action: str, after: str
                   ) -> tuple[str | None, Cell, list[Cell]]:
    """Review mode: the user's decision on changing `cell` (None: apply), with the cell and
    the notebook's cells as they are once they decided (the cell must not have changed while
    they looked). Without review, `cell` and `cells` come back as they were."""
    if not review_active():
        return None, cell, cells
    rejected = await review_change(ctx, tool=tool, target=f"cell {cell.id}", action=action,
                                   before=cell.source, after=after)
    if rejected is not None:
        return rejected, cell, cells
    cells = await backend.cells()
    now = find_cell(cells, cell.id)
    if now.source != cell.source:
        raise ToolError(f"Cell {cell.id} changed while the change was being reviewed; nothing "
                        "was changed. Read it again.")
    return None, now, cells
