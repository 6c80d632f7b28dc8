"""What keeping every turn as a checkpoint costs, and how long an undo takes.

Runs the real cell and file tools on a notebook file (30 cells of 20 lines) and a workspace,
with the turn's checkpoint kept in the workspace store through its store server (as in a
kernel), against the same tools with no checkpoint; then undoes the turn.

    python benchmarks/checkpoint_undo.py [--edits 40]

Prints the median per-call times and ends with
`RESULT UNDO1 edit_cell_ms=… edit_cell_checkpoint_ms=… write_file_ms=…
write_file_checkpoint_ms=… end_flush_ms=… undo_ms=… changes=…` (the store writes run beside
the tools; `end_flush_ms` is what the turn's end still waits for).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat

from orkas_jupyter.config import Settings
from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.host.checkpoints import _persister
from orkas_jupyter.store.api import open_store
from orkas_jupyter.tools.checkpoint import CURRENT, TurnCheckpoint
from orkas_jupyter.tools.files import ReadFile, WriteFile
from orkas_jupyter.tools.notebook import EditCell, ListCells
from orkas_jupyter.tools.notebook_doc import FileNotebook
from orkas_jupyter.tools.undo import FileCells, undo_changes
from orkas_jupyter.tools.workspace import build_workspace_tools

CELLS = 30


async def _call(tool: Any, ctx: ToolContext, **args: Any) -> float:
    started = time.perf_counter()
    await tool.execute(tool.input_model(**args), ctx)
    return time.perf_counter() - started


async def _turn(root: Path, edits: int, checkpoint: TurnCheckpoint | None
                ) -> tuple[list[float], list[float], float, Any]:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"x{i} = {i}\n" * 20, id=f"c{i}")
                for i in range(CELLS)]
    path = root / "bench.ipynb"
    nbformat.write(nb, str(path))
    for i in range(edits):
        (root / f"f{i}.txt").write_text(f"line {i}\n" * 200)
    ws = build_workspace_tools(Settings(workspace=root, home=root / ".home"))
    ctx = ToolContext(session_id="bench", services={**ws.services,
                                                    "notebook": FileNotebook(path)})
    token = CURRENT.set(checkpoint)
    try:
        await ListCells().execute(ListCells.input_model(), ctx)
        cell_times = [await _call(EditCell(), ctx, cell_id=f"c{i % CELLS}", source=f"y = {i}")
                      for i in range(edits)]
        file_times = []
        for i in range(edits):
            await ReadFile().execute(ReadFile.input_model(path=f"f{i}.txt"), ctx)
            file_times.append(await _call(WriteFile(), ctx, path=f"f{i}.txt", content="new\n"))
        started = time.perf_counter()
        if checkpoint is not None:  # the store writes ran beside the tools; the turn's end waits
            await checkpoint.flush()
        flush = time.perf_counter() - started
    finally:
        CURRENT.reset(token)
    return cell_times, file_times, flush, ws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=40)
    opts = parser.parse_args()
    plain_root, kept_root = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    store = open_store(Settings(workspace=kept_root, home=kept_root / ".home"))
    try:
        cells, files, _, _ = asyncio.run(_turn(plain_root, opts.edits, None))
        checkpoint = TurnCheckpoint("turn-bench", "bench",
                                    persist=_persister(store.sync, "turn-bench", "bench", "b"))
        kept_cells, kept_files, flush, ws = asyncio.run(_turn(kept_root, opts.edits,
                                                              checkpoint))
        stored = store.sync.call("checkpoint.turn", turn_id="turn-bench")["changes"]
        assert len(stored) == len(checkpoint.changes) and not checkpoint.failed
        started = time.perf_counter()
        report = asyncio.run(undo_changes(checkpoint.changes,
                                          FileCells(kept_root / "bench.ipynb"), ws.sandbox))
        undo = time.perf_counter() - started
        assert not report.left, report.lines()
    finally:
        store.close()
        shutil.rmtree(plain_root)
        shutil.rmtree(kept_root)
    ms = {name: statistics.median(values) * 1000 for name, values in (
        ("edit_cell", cells), ("edit_cell_checkpoint", kept_cells), ("write_file", files),
        ("write_file_checkpoint", kept_files))}
    for name, value in ms.items():
        print(f"{name:24} {value:7.2f} ms (median of {opts.edits})")
    print(f"{'store writes left at end':24} {flush * 1000:7.0f} ms (the turn's end waits)")
    print(f"{'undo':24} {undo * 1000:7.0f} ms for {len(checkpoint.changes)} changes")
    print("RESULT UNDO1 " + " ".join(f"{k}_ms={v:.2f}" for k, v in ms.items())
          + f" end_flush_ms={flush * 1000:.0f} undo_ms={undo * 1000:.0f}"
          + f" changes={len(checkpoint.changes)}")


if __name__ == "__main__":
    main()
