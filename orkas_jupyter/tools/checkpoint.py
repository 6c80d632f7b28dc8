"""Every turn is a checkpoint: the cell and file tools report each change they make, with the
state before it, to the checkpoint of the *root* turn they run under (docs/magic.md, "Undo").

The host starts a `TurnCheckpoint` for a turn a user started and puts it in `CURRENT` (a
context variable); a team's child turns run inside a tool call of that turn, so they inherit
it and their changes join the root turn's. The tools call `record_cell` / `record_file` right
after a change lands, before any other await, so the numbering is the order the changes hit
the notebook and the disk: undo applies the inverses in reverse.

A change is kept with its before-state (the cell's JSON as the back-end holds it, or the
file's bytes) and a fingerprint of its after-state, which undo compares with what is there
now: content, as the stale-edit rule does, never timestamps.
"""

from __future__ import annotations

import asyncio
import base64
import contextvars
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from pydantic import BaseModel

log = logging.getLogger(__name__)

# Bigger before-states are not kept (the change is listed; undo says why it cannot restore it).
MAX_KEPT_BYTES = 8 * 1024 * 1024

CellKind = Literal["insert", "edit", "delete", "run"]


class CellChange(BaseModel):
    """One change to a notebook cell. `before` is the cell's JSON before it (None for an
    insert); `after` fingerprints what the turn left (None for a delete)."""

    type: Literal["cell"] = "cell"
    kind: CellKind
    notebook: str
    cell_id: str
    index: int
    prev_id: str | None = None
    before: dict[str, Any] | None = None
    after: str | None = None
    label: str = ""
    withheld: str = ""


class FileChange(BaseModel):
    """One write to a file. `before` is the old content in base64 (None: the file was
    created); `after` is the SHA-256 of what the turn wrote."""

    type: Literal["file"] = "file"
    kind: Literal["write"] = "write"
    path: str
    shown: str
    before: str | None = None
    after: str
    withheld: str = ""


Change = CellChange | FileChange
Persist = Callable[[int, Change, str, str], Awaitable[None]]


class TurnCheckpoint:
    """The changes of one root turn (its team's turns included), kept as they happen.

    `review` says whether edits to existing cells and files wait for the user's decision;
    `review_all` remembers an "accept all" / "reject all" answer for the rest of the turn."""

    def __init__(self, turn_id: str, session_id: str, *, persist: Persist | None = None,
                 review: bool = False) -> None:
        self.turn_id = turn_id
        self.session_id = session_id
        self.review = review
        self.review_all: Literal["accept", "reject"] | None = None
        self.changes: list[Change] = []
        self._persist = persist
        self.failed = 0
        self._pending: set[asyncio.Task[None]] = set()
        # Set when the root turn ends: a context that still holds it (a turn abandoned
        # mid-stream and closed from elsewhere) must not make a later turn join it.
        self.ended = False

    async def record(self, change: Change, *, agent: str = "", call_id: str = "") -> None:
        """Number `change` now (the caller has not awaited since it landed) and keep it; the
        store write runs beside the tool (`flush` waits for it), so a tool does not wait on
        the store."""
        seq = len(self.changes)
        self.changes.append(change)
        if self._persist is None:
            return
        task = asyncio.create_task(self._keep(seq, change, agent, call_id))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _keep(self, seq: int, change: Change, agent: str, call_id: str) -> None:
        assert self._persist is not None
        try:
            await self._persist(seq, change, agent, call_id)
        except Exception:  # a lost record must not fail the tool that already changed things
            self.failed += 1
            log.warning("could not keep change %d of turn %s", seq, self.turn_id, exc_info=True)

    async def flush(self) -> None:
        """Wait until every change recorded so far is in the store."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)


CURRENT: contextvars.ContextVar[TurnCheckpoint | None] = contextvars.ContextVar(
    "orkas_turn_checkpoint", default=None)


def current_checkpoint() -> TurnCheckpoint | None:
    """The checkpoint of the root turn this code runs under, if any."""
    checkpoint = CURRENT.get()
    return checkpoint if checkpoint is not None and not checkpoint.ended else None


# -- cells --------------------------------------------------------------------------------

def joined(source: Any) -> str:
    """A cell source as one string (nbformat allows a list of lines)."""
    return "".join(source) if isinstance(source, list) else str(source or "")


def cell_fingerprint(raw: dict[str, Any], kind: CellKind) -> str:
    """What undo compares: type and source; for a run, the outputs too (a cell run again
    since has outputs of the user's)."""
    shown: dict[str, Any] = {"cell_type": raw.get("cell_type"), "source": joined(raw.get("source"))}
    if kind == "run":
        shown["outputs"] = raw.get("outputs") or []
    text = json.dumps(shown, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def label_of(source: str) -> str:
    """The first non-empty line of a source, short, for messages."""
    line = next((ln.strip() for ln in source.splitlines() if ln.strip()), "")
    return line if len(line) <= 60 else line[:59] + "…"


async def record_cell(ctx_agent: str, call_id: str | None, change: CellChange) -> None:
    """Give `change` to the running root turn's checkpoint (nothing when there is none)."""
    checkpoint = current_checkpoint()
    if checkpoint is not None:
        await checkpoint.record(_bounded(change), agent=ctx_agent, call_id=call_id or "")


def _bounded(change: CellChange) -> CellChange:
    if change.before is None:
        return change
    size = len(json.dumps(change.before, ensure_ascii=False))
    if size <= MAX_KEPT_BYTES:
        return change
    return change.model_copy(update={
        "before": None, "withheld": f"its earlier content ({size:,} characters with outputs) "
                                    "was too large to keep"})


# -- files --------------------------------------------------------------------------------

def content_digest(data: bytes) -> str:
    """The after-state fingerprint of a file."""
    return hashlib.sha256(data).hexdigest()


async def record_file(ctx_agent: str, call_id: str | None, path: str, shown: str,
                      before: bytes | None, after: bytes) -> None:
    """Give one file write to the running root turn's checkpoint (nothing when none)."""
    checkpoint = current_checkpoint()
    if checkpoint is None:
        return
    change = FileChange(path=path, shown=shown, after=content_digest(after))
    if before is not None:
        if len(before) > MAX_KEPT_BYTES:
            change.withheld = f"its earlier content ({len(before):,} bytes) was too large to keep"
            change.before = ""
        else:
            change.before = base64.b64encode(before).decode()
    await checkpoint.record(change, agent=ctx_agent, call_id=call_id or "")


def file_existed(change: FileChange) -> bool:
    """Did the file exist before the write?"""
    return change.before is not None


def change_from_json(data: dict[str, Any]) -> Change:
    """A stored change back as its model."""
    if data.get("type") == "file":
        return FileChange.model_validate(data)
    return CellChange.model_validate(data)
