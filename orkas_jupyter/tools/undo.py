"""Undoing a turn: the inverse of each recorded change, newest first (see `checkpoint.py`).

Each change is undone only while its target still holds what the turn left — the cell's
type and source (and outputs, for a cell the turn ran), the file's bytes; a target changed
since (by the user, another agent, another turn) is left alone, with everything the turn did
to it earlier, and the report says which and why. Undoing newest first makes each inverse
exact: a cell re-inserted goes after the neighbour it had when it was deleted, which is back
by then. Code the turn ran cannot be undone in the kernel; the report lists those cells.

Cells are put back through a `CellDoc`: the raw JSON of the notebook file (`FileCells`,
byte-exact), or the live document in the browser (the Jupyter layer's adapter).
"""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..engine.errors import ToolError
from .checkpoint import (
    CellChange,
    Change,
    FileChange,
    cell_fingerprint,
    content_digest,
    joined,
)
from .file_writes import MAX_FILE_BYTES
from .notebook_doc import FileNotebook
from .sandbox import PathSandbox


class CellDoc(Protocol):
    """Raw cell operations on one notebook, for putting cells back exactly."""

    def name(self) -> str:
        """The notebook's file name (to match the recorded one)."""
        ...

    async def raw_cells(self) -> list[dict[str, Any]]:
        """Every cell's JSON, in order."""
        ...

    async def put(self, raw: dict[str, Any], index: int) -> None:
        """Insert the cell `raw` at `index`."""
        ...

    async def replace(self, raw: dict[str, Any]) -> None:
        """Make the cell with `raw`'s id exactly `raw` (source, outputs, metadata)."""
        ...

    async def remove(self, cell_id: str) -> None:
        """Delete a cell."""
        ...


class FileCells(FileNotebook):
    """`CellDoc` over the `.ipynb` file: cells kept and put back as the file's own JSON, so an
    undone notebook is byte-identical to the one before the turn."""

    def name(self) -> str:
        return self.path.name

    async def raw_cells(self) -> list[dict[str, Any]]:
        return list(self._load()["cells"])

    def raw_cell(self, cell_id: str) -> dict[str, Any]:
        """One cell's JSON exactly as the file holds it."""
        data = self._load()
        return dict(data["cells"][self._index(data, cell_id)])

    async def put(self, raw: dict[str, Any], index: int) -> None:
        data = self._load()
        data["cells"].insert(max(0, min(index, len(data["cells"]))), raw)
        self._save(data)

    async def replace(self, raw: dict[str, Any]) -> None:
        data = self._load()
        data["cells"][self._index(data, str(raw.get("id")))] = raw
        self._save(data)

    async def remove(self, cell_id: str) -> None:
        await self.delete(cell_id)


@dataclass
class UndoReport:
    """What an undo did and what it left alone, in words for the user and the model."""

    restored: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    ran: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The report as lines (restored, left alone with why, the kernel caveat)."""
        out = [f"restored: {item}" for item in self.restored]
        out += [f"left alone: {item}" for item in self.left]
        if self.ran:
            out.append("not undone: the code this turn ran in the kernel (variables, files "
                       "that code wrote, anything it started) — cells run: "
                       + ", ".join(self.ran))
        return out or ["nothing to undo"]


def _cell_name(change: CellChange) -> str:
    return f"cell {change.cell_id}" + (f" ({change.label})" if change.label else "")


def _find(cells: list[dict[str, Any]], cell_id: str) -> tuple[int, dict[str, Any]] | None:
    for i, raw in enumerate(cells):
        if raw.get("id") == cell_id:
            return i, raw
    return None


async def _undo_cell(change: CellChange, doc: CellDoc, report: UndoReport) -> bool:
    """Undo one cell change; False when the cell is left alone (the report says why)."""
    name = _cell_name(change)
    cells = await doc.raw_cells()
    found = _find(cells, change.cell_id)
    if change.kind == "delete":
        if found is not None:
            report.left.append(f"{name}: deleted by the turn, but a cell with its id is "
                               "there again; not inserted twice")
            return False
        if change.before is None:
            report.left.append(f"{name}: deleted by the turn; {change.withheld}")
            return False
        if change.prev_id is None:
            index = 0
        else:
            prev = _find(cells, change.prev_id)
            # Its neighbour gone too (deleted by the user): where it stood, as far as that goes.
            index = prev[0] + 1 if prev is not None else min(change.index, len(cells))
        await doc.put(change.before, index)
        report.restored.append(f"{name}: deleted by the turn, put back")
        return True
    if found is None:
        if change.kind == "insert":
            report.restored.append(f"{name}: inserted by the turn, already deleted since")
            return True
        report.left.append(f"{name}: deleted since the turn; not re-created")
        return False
    current = found[1]
    if cell_fingerprint(current, change.kind) != change.after:
        why = "edited since the turn"
        if change.kind == "run" and change.before is not None and \
                joined(current.get("source")) == joined(change.before.get("source")):
            why = "run again since the turn (its outputs changed)"
        report.left.append(f"{name}: {why}; kept as it is now")
        return False
    if change.kind == "insert":
        await doc.remove(change.cell_id)
        report.restored.append(f"{name}: inserted by the turn, removed")
        return True
    if change.before is None:
        report.left.append(f"{name}: changed by the turn; {change.withheld}")
        return False
    await doc.replace(change.before)
    what = "outputs from before the turn put back" if change.kind == "run" else \
        "source as before the turn"
    report.restored.append(f"{name}: {what}")
    return True


def _undo_file(change: FileChange, sandbox: PathSandbox, report: UndoReport) -> bool:
    """Undo one file write; False when the file is left alone."""
    name = change.shown
    try:
        path = sandbox.resolve(change.path)
    except ToolError as exc:
        report.left.append(f"{name}: {exc}")
        return False
    with sandbox.locked_bytes(path, MAX_FILE_BYTES + 1) as current:
        existed = change.before is not None
        if current is None:
            if existed:
                report.left.append(f"{name}: deleted since the turn; not re-created")
                return False
            report.restored.append(f"{name}: created by the turn, already deleted since")
            return True
        if content_digest(current) != change.after:
            report.left.append(f"{name}: changed since the turn (its content differs from "
                               "what the turn wrote); kept as it is now")
            return False
        if change.withheld:
            report.left.append(f"{name}: written by the turn, but {change.withheld}")
            return False
        if not existed:
            os.unlink(path)
            report.restored.append(f"{name}: created by the turn, removed")
            return True
        sandbox.write_atomic(path, base64.b64decode(change.before or ""))
    report.restored.append(f"{name}: content as before the turn")
    return True


async def undo_changes(changes: list[Change], doc: CellDoc | None,
                       sandbox: PathSandbox | None) -> UndoReport:
    """Undo `changes` (in the order they happened) newest first; see the module docstring."""
    report = UndoReport()
    left: set[str] = set()
    ran: list[str] = []
    for change in reversed(changes):
        if isinstance(change, CellChange):
            key = f"cell:{change.cell_id}"
            if change.kind == "run" and _cell_name(change) not in ran:
                ran.insert(0, _cell_name(change))
            if key in left:
                continue
            if doc is None:
                report.left.append(f"{_cell_name(change)}: this kernel cannot reach the "
                                   "notebook (no browser view, no notebook path)")
                left.add(key)
                continue
            if Path(change.notebook).name != doc.name():
                report.left.append(f"{_cell_name(change)}: it belongs to {change.notebook}; "
                                   f"undo it from that notebook's kernel")
                left.add(key)
                continue
            try:
                done = await _undo_cell(change, doc, report)
            except ToolError as exc:
                report.left.append(f"{_cell_name(change)}: could not be restored ({exc})")
                done = False
        else:
            key = f"file:{change.path}"
            if key in left:
                continue
            if sandbox is None:
                report.left.append(f"{change.shown}: no workspace sandbox to restore it with")
                done = False
            else:
                try:
                    done = _undo_file(change, sandbox, report)
                except (ToolError, OSError) as exc:
                    report.left.append(f"{change.shown}: could not be restored ({exc})")
                    done = False
        if not done:
            left.add(key)
    report.ran = ran
    return report
