"""Making a planned file write (`files.py` plans it): review mode first (an existing file),
then the write under the file's lock only if the file still holds the bytes the write was
planned against, then the report to the root turn's checkpoint for `%orkas undo`."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from ..engine.tools import ToolContext
from .checkpoint import record_file
from .file_state import FileStateRegistry, StaleFileError, content_hash
from .review import review_change
from .sandbox import PathSandbox

# The file tools' size limit (files.py re-exports it).
MAX_FILE_BYTES = 256 * 1024 * 1024


@dataclass
class PlannedWrite:
    """A write checked and computed, not yet made: `current` is what it replaces."""

    path: Path
    shown: str
    current: bytes | None
    data: bytes
    message: str = ""


def commit_write(sandbox: PathSandbox, state: FileStateRegistry, session_id: str,
                 plan: PlannedWrite) -> bool:
    """Make the planned write if the file still holds what it was planned against; returns
    True when the file was created."""
    with state.write_lock, sandbox.locked_bytes(plan.path, MAX_FILE_BYTES + 1) as now:
        if now != plan.current:
            raise StaleFileError(
                f"{plan.shown} changed since this change was prepared against it (another "
                "agent, the user or an editor wrote to it, maybe while the change was being "
                "reviewed). Nothing was written. Call read_file on it again and redo the "
                "change against the new content.")
        created = sandbox.write_atomic(plan.path, plan.data)
        state.record(session_id, plan.path, content_hash(plan.data))
    return created


async def review_and_commit(ctx: ToolContext, sandbox: PathSandbox,
                            state: FileStateRegistry, tool: str, action: str,
                            plan: PlannedWrite) -> str | None:
    """Review (an existing file), write and report to the checkpoint; the rejection message
    when the user rejected the change."""
    if plan.current is not None:
        rejected = await review_change(
            ctx, tool=tool, target=plan.shown, action=action,
            before=plan.current.decode("utf-8", errors="replace"),
            after=plan.data.decode("utf-8", errors="replace"))
        if rejected is not None:
            return rejected
    await asyncio.to_thread(commit_write, sandbox, state, ctx.session_id, plan)
    await record_file(ctx.agent, ctx.call_id, str(plan.path), plan.shown, plan.current,
                      plan.data)
    return None
