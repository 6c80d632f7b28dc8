"""Store operations besides sessions: project notes (memory), model recordings (P7), the
usage/cost ledger (P6) and tool-error statistics (E6)."""

from __future__ import annotations

import time
from typing import Any

import duckdb
from pydantic import BaseModel, Field

from .memory_rules import Action, apply_edit
from .ops import REGISTRY, NoArgs, OpContext


class NotesEditArgs(BaseModel):
    """Arguments of `notes.edit`."""

    action: Action
    content: str = ""
    old: str = ""
    limit: int = Field(gt=0)


def _notes(con: duckdb.DuckDBPyConnection) -> list[str]:
    return [r[0] for r in con.execute("SELECT content FROM notes ORDER BY pos").fetchall()]


@REGISTRY.register("notes.get", NoArgs, write=False)
def get_notes(ctx: OpContext, args: NoArgs) -> list[str]:
    """The project notes, in order."""
    return _notes(ctx.con)


@REGISTRY.register("notes.edit", NotesEditArgs, write=True, idempotent=False)
def edit_notes(ctx: OpContext, args: NotesEditArgs) -> dict[str, Any]:
    """Apply one memory edit to the notes inside the write transaction (no lost updates
    between kernels)."""
    entries, report = apply_edit(_notes(ctx.con), args.action, args.content, args.old,
                                 args.limit, "notes")
    ctx.con.execute("DELETE FROM notes")
    now = time.time()
    for i, entry in enumerate(entries):
        ctx.con.execute("INSERT INTO notes VALUES (?, ?, ?)", [i, entry, now])
    return {"entries": entries, "message": report}


class RecordingKey(BaseModel):
    """Arguments of `recording.get`."""

    key: str


class RecordingPut(BaseModel):
    """Arguments of `recording.put`."""

    key: str
    payload: str


@REGISTRY.register("recording.get", RecordingKey, write=False)
def get_recording(ctx: OpContext, args: RecordingKey) -> str | None:
    """The payload recorded under `key`, if any."""
    row = ctx.con.execute("SELECT payload FROM recordings WHERE key = ? ORDER BY created_at DESC "
                      "LIMIT 1", [args.key]).fetchone()
    return None if row is None else str(row[0])


@REGISTRY.register("recording.put", RecordingPut, write=True)
def put_recording(ctx: OpContext, args: RecordingPut) -> None:
    """Store (or replace) the payload for `key`."""
    ctx.con.execute("DELETE FROM recordings WHERE key = ?", [args.key])
    ctx.con.execute("INSERT INTO recordings VALUES (?, ?, ?)",
                    [args.key, args.payload, time.time()])


class UsageRecord(BaseModel):
    """One model call for the ledger."""

    request_id: str
    session_id: str
    model: str
    input_tokens: int = Field(ge=0)
    output_tokens: int = Field(ge=0)
    cost_usd: float = Field(ge=0)


class SessionFilter(BaseModel):
    """Optional session to restrict a summary to."""

    session_id: str | None = None


@REGISTRY.register("usage.record", UsageRecord, write=True)
def record_usage(ctx: OpContext, args: UsageRecord) -> None:
    """Add one model call to the ledger; the same request id twice counts once."""
    if ctx.con.execute("SELECT 1 FROM usage WHERE request_id = ?",
                   [args.request_id]).fetchone() is not None:
        return
    ctx.con.execute("INSERT INTO usage VALUES (?, ?, ?, ?, ?, ?, ?)",
                [args.request_id, args.session_id, args.model, args.input_tokens,
                 args.output_tokens, args.cost_usd, time.time()])


_USAGE_COLUMNS = ("model", "requests", "input_tokens", "output_tokens", "cost_usd")


@REGISTRY.register("usage.summary", SessionFilter, write=False)
def usage_summary(ctx: OpContext, args: SessionFilter) -> list[dict[str, Any]]:
    """Totals per model, for one session or for the whole workspace."""
    where, params = ("WHERE session_id = ?", [args.session_id]) if args.session_id else ("", [])
    rows = ctx.con.execute(
        f"SELECT model, count(*), sum(input_tokens), sum(output_tokens), sum(cost_usd) "
        f"FROM usage {where} GROUP BY model ORDER BY model", params).fetchall()
    return [dict(zip(_USAGE_COLUMNS, r, strict=True)) for r in rows]


class ToolCallRecord(BaseModel):
    """One tool call for the statistics."""

    call_id: str
    session_id: str
    tool: str
    is_error: bool


@REGISTRY.register("tools.record", ToolCallRecord, write=True)
def record_tool_call(ctx: OpContext, args: ToolCallRecord) -> None:
    """Count one tool call; the same call id twice counts once."""
    if ctx.con.execute("SELECT 1 FROM tool_calls WHERE call_id = ?",
                   [args.call_id]).fetchone() is not None:
        return
    ctx.con.execute("INSERT INTO tool_calls VALUES (?, ?, ?, ?, ?)",
                [args.call_id, args.session_id, args.tool, args.is_error, time.time()])


@REGISTRY.register("tools.stats", SessionFilter, write=False)
def tool_stats(ctx: OpContext, args: SessionFilter) -> list[dict[str, Any]]:
    """Calls and errors per tool, for one session or the whole workspace."""
    where, params = ("WHERE session_id = ?", [args.session_id]) if args.session_id else ("", [])
    rows = ctx.con.execute(
        f"SELECT tool, count(*), count(*) FILTER (WHERE is_error) FROM tool_calls {where} "
        f"GROUP BY tool ORDER BY tool", params).fetchall()
    return [{"tool": r[0], "calls": r[1], "errors": r[2]} for r in rows]
