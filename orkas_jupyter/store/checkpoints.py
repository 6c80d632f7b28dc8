"""Turn checkpoints: what each root turn changed in cells and files, with the state
before the change, so `%orkas undo` can put it back.

A root turn (the one a user started; a team's turns join it) gets one `checkpoint_turns` row
on its first change (a session keeps its last `KEEP_TURNS`); every change is one
`checkpoint_changes` row numbered in the order it happened. `payload` is the change as JSON
(kind, target, the before-state, a fingerprint of the after-state), opaque to the store.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, Field

from .errors import StoreArgumentError
from .ops import REGISTRY, OpContext

# Turns of a session that keep their checkpoint; older ones are dropped when a new one starts
# (a file's before-state can be megabytes).
KEEP_TURNS = 50


class ChangeArgs(BaseModel):
    """One change of a root turn."""

    turn_id: str = Field(min_length=1)
    session_id: str
    prompt: str = ""
    seq: int = Field(ge=0)
    agent: str = ""
    call_id: str = ""
    kind: str
    target: str
    payload: str


class TurnArgs(BaseModel):
    """A root turn."""

    turn_id: str = Field(min_length=1)


class TurnsArgs(BaseModel):
    """Which turns to list."""

    session_id: str
    limit: int = Field(20, ge=1, le=1000)


class UndoneArgs(BaseModel):
    """A turn that was undone, and what the undo did."""

    turn_id: str = Field(min_length=1)
    report: str


@REGISTRY.register("checkpoint.record", ChangeArgs, write=True)
def record_change(ctx: OpContext, args: ChangeArgs) -> None:
    """Keep one change (the turn's row is made on its first); the same (turn, seq) twice
    is kept once."""
    con = ctx.con
    now = time.time()
    if con.execute("SELECT 1 FROM checkpoint_turns WHERE turn_id = ?",
                   [args.turn_id]).fetchone() is None:
        con.execute("INSERT INTO checkpoint_turns VALUES (?, ?, ?, ?, NULL, NULL, NULL)",
                    [args.turn_id, args.session_id, args.prompt[:300], now])
        _drop_old_turns(ctx, args.session_id)
    if con.execute("SELECT 1 FROM checkpoint_changes WHERE turn_id = ? AND seq = ?",
                   [args.turn_id, args.seq]).fetchone() is not None:
        return
    con.execute("INSERT INTO checkpoint_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [args.turn_id, args.seq, args.agent, args.call_id, args.kind, args.target,
                 args.payload, now])


def _drop_old_turns(ctx: OpContext, session_id: str) -> None:
    old = [r[0] for r in ctx.con.execute(
        "SELECT turn_id FROM checkpoint_turns WHERE session_id = ? "
        "ORDER BY started_at DESC, turn_id OFFSET ?", [session_id, KEEP_TURNS]).fetchall()]
    for turn_id in old:
        ctx.con.execute("DELETE FROM checkpoint_changes WHERE turn_id = ?", [turn_id])
        ctx.con.execute("DELETE FROM checkpoint_turns WHERE turn_id = ?", [turn_id])


@REGISTRY.register("checkpoint.end", TurnArgs, write=True)
def end_turn(ctx: OpContext, args: TurnArgs) -> None:
    """The root turn finished (an unfinished turn cannot be undone)."""
    ctx.con.execute("UPDATE checkpoint_turns SET ended_at = ? WHERE turn_id = ? "
                    "AND ended_at IS NULL", [time.time(), args.turn_id])


_TURN_COLUMNS = ("turn_id", "session_id", "prompt", "started_at", "ended_at", "undone_at",
                 "undo_report", "changes")


@REGISTRY.register("checkpoint.turns", TurnsArgs, write=False)
def list_turns(ctx: OpContext, args: TurnsArgs) -> list[dict[str, Any]]:
    """A session's turns that changed something, newest first, with their change counts."""
    rows = ctx.con.execute("""
        SELECT t.turn_id, t.session_id, t.prompt, t.started_at, t.ended_at, t.undone_at,
               t.undo_report, (SELECT count(*) FROM checkpoint_changes c
                               WHERE c.turn_id = t.turn_id)
        FROM checkpoint_turns t WHERE t.session_id = ?
        ORDER BY t.started_at DESC, t.turn_id LIMIT ?""",
        [args.session_id, args.limit]).fetchall()
    return [dict(zip(_TURN_COLUMNS, r, strict=True)) for r in rows]


@REGISTRY.register("checkpoint.turn", TurnArgs, write=False)
def get_turn(ctx: OpContext, args: TurnArgs) -> dict[str, Any]:
    """One turn with its changes in the order they happened."""
    con = ctx.con
    con.execute("BEGIN TRANSACTION")  # the turn and its changes from one snapshot
    try:
        row = con.execute("""
            SELECT t.turn_id, t.session_id, t.prompt, t.started_at, t.ended_at, t.undone_at,
                   t.undo_report, 0 FROM checkpoint_turns t WHERE t.turn_id = ?""",
                          [args.turn_id]).fetchone()
        if row is None:
            raise StoreArgumentError(f"no checkpoint for turn {args.turn_id!r}; "
                                     "`%orkas undo list` shows the turns that changed something")
        changes = con.execute(
            "SELECT seq, agent, call_id, kind, target, payload FROM checkpoint_changes "
            "WHERE turn_id = ? ORDER BY seq", [args.turn_id]).fetchall()
    finally:
        con.execute("COMMIT")
    turn = dict(zip(_TURN_COLUMNS, row, strict=True))
    turn["changes"] = [dict(zip(("seq", "agent", "call_id", "kind", "target", "payload"), c,
                                strict=True)) for c in changes]
    return turn


@REGISTRY.register("checkpoint.undone", UndoneArgs, write=True)
def mark_undone(ctx: OpContext, args: UndoneArgs) -> None:
    """Remember that the turn was undone, and the undo's report."""
    ctx.con.execute("UPDATE checkpoint_turns SET undone_at = ?, undo_report = ? "
                    "WHERE turn_id = ?", [time.time(), args.report, args.turn_id])
