"""Notebook cell tools (T6, §12): list, read, insert, edit, delete and run cells of the notebook
the kernel belongs to. `run_cell` executes in the user's kernel and returns what it printed,
displayed and raised, with images as image content — execute *and* observe in one call.

Edits and deletes need a prior look at the cell (list_cells or read_cell) in this session, and
fail with a stale-state error if the cell's source changed since (the user or another agent
edited it) — the same optimistic concurrency as `edit_file`.

Every insert, edit, delete and run is reported, with the cell as it was before, to the root
turn's checkpoint (`checkpoint.py`, for `%orkas undo`); in review mode an edit or delete of an
existing cell first waits for the user's decision (`review.py`).
"""

from __future__ import annotations

import asyncio
import hashlib
import os
from typing import Any

from pydantic import BaseModel, Field

from ..engine.errors import ToolError
from ..engine.messages import TextPart
from ..engine.policy import ToolAction
from ..engine.tools import Tool, ToolContext, ToolOutput
from .kernel import kernel_access
from .notebook_changes import find_cell as _find
from .notebook_changes import raw_of as _raw
from .notebook_changes import record_change as _record
from .notebook_changes import reviewed as _reviewed
from .notebook_doc import Cell, CellType, NotebookBackend, new_cell_id
from .output_size import IMAGE_TYPES, output_limits, render_outputs
from .review import accepted_note

MAX_SOURCE_PREVIEW = 300


def _hash(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def notebook(ctx: ToolContext) -> NotebookBackend:
    """The notebook service, or a clear error when the kernel's notebook is unknown."""
    backend = ctx.services.get("notebook")
    if callable(backend) and not hasattr(backend, "cells"):
        backend = backend()
    if backend is None:
        raise ToolError("This kernel's notebook is not known (no JupyterLab bridge and no "
                        "notebook path). Set ORKAS_NOTEBOOK to the .ipynb path, or open the "
                        "notebook in JupyterLab with the Orkas extension.")
    return backend  # type: ignore[no-any-return]


def _seen(ctx: ToolContext) -> dict[str, str]:
    seen: dict[str, str] = ctx.services.setdefault("notebook_seen", {})
    return seen


def _remember(ctx: ToolContext, cells: list[Cell]) -> None:
    seen = _seen(ctx)
    for cell in cells:
        seen[cell.id] = _hash(cell.source)


def _judged(ctx: ToolContext) -> dict[str, str]:
    """Source hashes of cells the policy judged, by call id (checked again before running)."""
    judged: dict[str, str] = ctx.services.setdefault("notebook_judged", {})
    return judged


def _check_fresh(ctx: ToolContext, cell: Cell, action: str) -> None:
    known = _seen(ctx).get(cell.id)
    if known is None:
        raise ToolError(f"Read cell {cell.id} (read_cell or list_cells) before you {action} it.")
    if known != _hash(cell.source):
        raise ToolError(f"Cell {cell.id} changed since you last read it (edited by the user or "
                        f"another agent); nothing was changed. Read it again, then {action} it.")


def output_summary(outputs: list[dict[str, Any]]) -> str:
    """A one-line description of a cell's outputs."""
    parts: list[str] = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            text = "".join(out.get("text", ""))
            parts.append(f"{out.get('name', 'stdout')} {text.count(chr(10)) + 1} lines")
        elif kind == "error":
            parts.append(f"error {out.get('ename')}: {str(out.get('evalue'))[:80]}")
        elif kind in ("display_data", "execute_result"):
            data = out.get("data", {})
            best = next((m for m in (*IMAGE_TYPES, "text/html", "text/markdown", "text/plain")
                         if m in data), None)
            parts.append(best or "display")
    return "; ".join(parts) or "no output"


def _describe_cell(cell: Cell) -> str:
    source = cell.source if len(cell.source) <= MAX_SOURCE_PREVIEW else (
        cell.source[:MAX_SOURCE_PREVIEW] + f"… [{len(cell.source):,} characters]")
    line = f"[{cell.id}] {cell.cell_type}"
    if cell.cell_type == "code":
        line += f" (outputs: {output_summary(cell.outputs)})"
    return f"{line}\n{source}"


def provenance(ctx: ToolContext) -> dict[str, Any]:
    """Cell metadata saying which session and turn made or changed a cell."""
    meta: dict[str, Any] = {"session": ctx.session_id}
    if ctx.call_id:
        meta["call"] = ctx.call_id
    for key in ("turn", "model"):
        if key in ctx.services:
            meta[key] = ctx.services[key]
    return {"orkas": meta}


class ListCellsArgs(BaseModel):
    """No arguments."""


class ListCells(Tool[ListCellsArgs]):
    name = "list_cells"
    description = ("List the notebook's cells in order: id, type, source (long sources cut) "
                   "and a summary of each code cell's outputs.")
    input_model = ListCellsArgs
    read_only = True

    async def execute(self, args: ListCellsArgs, ctx: ToolContext) -> str:
        cells = await notebook(ctx).cells()
        _remember(ctx, cells)
        if not cells:
            return "The notebook has no cells."
        return "\n\n".join(f"#{i} {_describe_cell(c)}" for i, c in enumerate(cells))


class ReadCellArgs(BaseModel):
    cell_id: str = Field(description="Cell id from list_cells")


class ReadCell(Tool[ReadCellArgs]):
    name = "read_cell"
    description = ("Read one cell: its full source and its outputs (text, errors with "
                   "tracebacks, and images as images).")
    input_model = ReadCellArgs
    read_only = True

    async def execute(self, args: ReadCellArgs, ctx: ToolContext) -> ToolOutput:
        cell = _find(await notebook(ctx).cells(), args.cell_id)
        _remember(ctx, [cell])
        header = TextPart(text=f"[{cell.id}] {cell.cell_type}\n```\n{cell.source}\n```\nOutputs:")
        limits = output_limits(ctx.services)
        return ToolOutput(content=[header, *render_outputs(cell.outputs, limits)])


class InsertCellArgs(BaseModel):
    source: str = Field(description="The new cell's source")
    cell_type: CellType = "code"
    after_cell_id: str | None = Field(None, description="Insert after this cell; default: end")


class InsertCell(Tool[InsertCellArgs]):
    name = "insert_cell"
    description = ("Insert a new cell (code by default) after the given cell, or at the end. "
                   "Returns the new cell's id; use run_cell to execute it.")
    input_model = InsertCellArgs

    async def actions(self, args: InsertCellArgs, ctx: ToolContext) -> list[ToolAction]:
        """A Markdown cell is shown, rendered, as soon as it is inserted."""
        return _markdown(args.source) if args.cell_type == "markdown" else []

    async def execute(self, args: InsertCellArgs, ctx: ToolContext) -> str:
        backend = notebook(ctx)
        meta = provenance(ctx)
        cell_id = _insert_id(ctx.call_id, args.source)
        cells = await backend.cells()
        existing = next((c for c in cells if c.id == cell_id), None)
        where = f"after cell {args.after_cell_id}" if args.after_cell_id else "at the end"
        if existing is not None and existing.source == args.source:
            # The same call inserting the same source again: a recorded notebook run once
            # more. Reuse the cell rather than pile up copies (the result reads the same).
            before = _raw(backend, existing)
            cell = await backend.update(cell_id, metadata=meta)
            await _record(ctx, backend, "edit", existing, cells, before, cell)
        else:
            cell = Cell(id=cell_id if existing is None else new_cell_id(),
                        cell_type=args.cell_type, source=args.source, metadata=meta)
            index = await backend.insert(cell, args.after_cell_id)
            cells.insert(min(index, len(cells)), cell)
            await _record(ctx, backend, "insert", cell, cells, None, cell)
        _remember(ctx, [cell])
        return f"Inserted {args.cell_type} cell {cell.id} {where}."


def _markdown(source: str) -> list[ToolAction]:
    return [ToolAction(kind="markdown", text=source)]


def _insert_id(call_id: str | None, source: str) -> str:
    """A cell id derived from the tool call and the source: a replayed call (same id, same
    source) makes the same cell id, so the model's next request reads the same (P7)."""
    if call_id is None:
        return new_cell_id()
    return hashlib.sha256(f"{call_id}\0{source}".encode()).hexdigest()[:8]


class EditCellArgs(BaseModel):
    cell_id: str
    source: str = Field(description="The cell's complete new source")


class EditCell(Tool[EditCellArgs]):
    name = "edit_cell"
    description = ("Replace a cell's source. The cell must have been read in this session and "
                   "be unchanged since; outputs are kept until the cell is run again.")
    input_model = EditCellArgs

    async def actions(self, args: EditCellArgs, ctx: ToolContext) -> list[ToolAction]:
        """The new source of a Markdown cell (rendered when shown); nothing when the cell
        cannot be read (then `execute` reports why)."""
        try:
            cell = _find(await notebook(ctx).cells(), args.cell_id)
        except ToolError:
            return []
        return _markdown(args.source) if cell.cell_type == "markdown" else []

    async def execute(self, args: EditCellArgs, ctx: ToolContext) -> ToolOutput | str:
        backend = notebook(ctx)
        cells = await backend.cells()
        cell = _find(cells, args.cell_id)
        _check_fresh(ctx, cell, "edit")
        rejected, cell, cells = await _reviewed(ctx, backend, cell, cells, self.name, "edit",
                                                args.source)
        if rejected is not None:
            return ToolOutput.text(rejected, is_error=True)
        before = _raw(backend, cell)
        updated = await backend.update(cell.id, source=args.source, metadata=provenance(ctx))
        await _record(ctx, backend, "edit", cell, cells, before, updated)
        _remember(ctx, [updated])
        return f"Cell {cell.id} updated ({len(args.source)} characters).{accepted_note()}"


class DeleteCellArgs(BaseModel):
    cell_id: str


class DeleteCell(Tool[DeleteCellArgs]):
    name = "delete_cell"
    description = "Delete a cell. It must have been read in this session and be unchanged since."
    input_model = DeleteCellArgs

    async def execute(self, args: DeleteCellArgs, ctx: ToolContext) -> ToolOutput | str:
        backend = notebook(ctx)
        cells = await backend.cells()
        cell = _find(cells, args.cell_id)
        _check_fresh(ctx, cell, "delete")
        rejected, cell, cells = await _reviewed(ctx, backend, cell, cells, self.name, "delete",
                                                "")
        if rejected is not None:
            return ToolOutput.text(rejected, is_error=True)
        before = _raw(backend, cell)
        await backend.delete(cell.id)
        await _record(ctx, backend, "delete", cell, cells, before, None)
        _seen(ctx).pop(cell.id, None)
        return f"Cell {cell.id} deleted.{accepted_note()}"


class RunCellArgs(BaseModel):
    cell_id: str


class RunCell(Tool[RunCellArgs]):
    name = "run_cell"
    # A cell may train a model for a long time; the user interrupts it, not the loop.
    timeout_s = 6 * 3600.0
    description = ("Execute a code cell in the user's kernel (variables it defines stay in "
                   "the user's namespace) and return its stdout, stderr, the error with its "
                   "traceback, rich outputs, and plots as images. Outputs are also stored in "
                   "the cell.")
    input_model = RunCellArgs

    async def actions(self, args: RunCellArgs, ctx: ToolContext) -> list[ToolAction]:
        """The cell's current source as Python code run in the kernel's working folder; no
        action when the cell cannot be read (then `execute` reports why)."""
        try:
            cell = _find(await notebook(ctx).cells(), args.cell_id)
        except ToolError:
            return []
        if cell.cell_type != "code":
            return []
        if ctx.call_id:
            judged = _judged(ctx)
            judged[ctx.call_id] = _hash(cell.source)
            while len(judged) > 64:  # calls that were denied never come to `execute`
                judged.pop(next(iter(judged)))
        # Tools run in the kernel's process: its working folder is the code's.
        return [ToolAction(kind="python", text=cell.source, cwd=os.getcwd())]

    async def execute(self, args: RunCellArgs, ctx: ToolContext) -> ToolOutput:
        backend = notebook(ctx)
        cell = _find(await backend.cells(), args.cell_id)
        if cell.cell_type != "code":
            raise ToolError(f"Cell {cell.id} is a {cell.cell_type} cell; only code cells run.")
        judged = _judged(ctx).pop(ctx.call_id, None) if ctx.call_id else None
        if judged is not None and judged != _hash(cell.source):
            # Edited while the approval question was open: what was judged is not what runs.
            raise ToolError(f"Cell {cell.id} changed while this call was being checked; "
                            "nothing was run. Read it again, then run it.")
        result = await kernel_access(ctx).execute(cell.source)
        cells = await backend.cells()
        now = next((c for c in cells if c.id == cell.id), cell)
        before = _raw(backend, now)
        ran = await backend.update(cell.id, outputs=result.outputs, execution_count=None)
        await _record(ctx, backend, "run", now, cells, before, ran)
        _remember(ctx, [cell])
        if result.interrupted:
            # The user interrupted the kernel: that stops the whole turn, not just this cell.
            raise asyncio.CancelledError("the kernel was interrupted")
        status = "ran successfully" if result.success else f"raised {result.error_name}"
        if result.interrupted:
            status = "was interrupted"
        header = TextPart(text=f"Cell {cell.id} {status}. Outputs:")
        limits = output_limits(ctx.services)
        return ToolOutput(content=[header, *render_outputs(result.outputs, limits)],
                          is_error=not result.success)


def notebook_tools() -> list[Tool[Any]]:
    """The cell tools, in the order the model sees them."""
    return [ListCells(), ReadCell(), InsertCell(), EditCell(), DeleteCell(), RunCell()]
