"""Named operations that run against the store's DuckDB connection, and their registry.

The store server hosts whatever is registered here, so other store modules (the knowledge
base) can add their operations without touching the server or the RPC. An operation is a
plain function `(OpContext, args) -> JSON-able result` with a pydantic model for its
arguments; `write` ones run one at a time inside a transaction, read ones run concurrently on
their own cursors and never wait for a writer (DuckDB's MVCC).
"""

from __future__ import annotations

import importlib
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import duckdb
from pydantic import BaseModel, Field

from .errors import StoreArgumentError

ArgsT = TypeVar("ArgsT", bound=BaseModel)


@dataclass
class OpContext:
    """What an operation runs with: the connection (a cursor for reads), state kept for the
    engine's lifetime (caches, in-memory indexes; touch it only from write operations or under
    your own lock), and whether this request is a resend after a lost reply."""

    con: duckdb.DuckDBPyConnection
    state: dict[str, Any]
    retry: bool = False


OpFn = Callable[[OpContext, Any], Any]
# In `OpContext.state`: a callable giving a new connection of the engine's own. Operations that
# keep a connection beyond one request use it, never `ctx.con`, which is the asking client's
# read cursor and is closed when that client disconnects.
NEW_CONNECTION = "engine.new_connection"


@dataclass(frozen=True)
class Operation:
    """One registered operation."""

    name: str
    args_model: type[BaseModel]
    fn: OpFn
    write: bool
    # False when running it twice differs from once; the engine then records the request id
    # in the same transaction so a retry after a lost reply returns the first result.
    idempotent: bool = True


class OpRegistry:
    """Operations by name."""

    def __init__(self) -> None:
        self._ops: dict[str, Operation] = {}

    def register(self, name: str, args_model: type[ArgsT], *, write: bool,
                 idempotent: bool = True
                 ) -> Callable[[Callable[[OpContext, ArgsT], Any]],
                               Callable[[OpContext, ArgsT], Any]]:
        """Decorator: register `fn` under `name`; a second registration is a programming error."""
        def decorate(fn: Callable[[OpContext, ArgsT], Any]) -> Callable[[OpContext, ArgsT], Any]:
            if name in self._ops:
                raise ValueError(f"store operation {name!r} is already registered")
            self._ops[name] = Operation(name, args_model, fn, write, idempotent)
            return fn
        return decorate

    def get(self, name: str) -> Operation:
        """The operation called `name`; unknown names are an argument error."""
        op = self._ops.get(name)
        if op is None:
            raise StoreArgumentError(f"unknown store operation {name!r}; known: "
                                     + ", ".join(sorted(self._ops)))
        return op

    def names(self) -> list[str]:
        """Registered operation names, sorted."""
        return sorted(self._ops)


REGISTRY = OpRegistry()

# Modules whose import registers more operations; the engine imports them in whichever
# process opens the file (server or in-process). `ORKAS_STORE_OPERATION_MODULES` (comma-
# separated module names) adds more, e.g. the knowledge base's operations.
OPERATION_MODULES = ["orkas_jupyter.store.ledger", "orkas_jupyter.store.kb_ops",
                     "orkas_jupyter.store.team_ops", "orkas_jupyter.store.checkpoints",
                     "orkas_jupyter.store.plan_ops", "orkas_jupyter.store.evolution_ops",
                     "orkas_jupyter.store.usage_window"]


def load_operation_modules() -> list[str]:
    """Import every operation module (idempotent); returns their names."""
    names = OPERATION_MODULES + [m.strip() for m in
                                 os.environ.get("ORKAS_STORE_OPERATION_MODULES", "").split(",")
                                 if m.strip()]
    for name in names:
        importlib.import_module(name)
    return names


# --- sessions ------------------------------------------------------------------------------

class WireMessage(BaseModel):
    """A message as the store keeps it: id and role for queries, the JSON body verbatim."""

    id: str = Field(pattern=r"^[^\x1e]+$")
    role: Literal["user", "assistant", "tool"]
    body: str = Field(pattern=r"^[^\x1e]*$")


class SessionArgs(BaseModel):
    """A session id."""

    session_id: str


class AppendArgs(BaseModel):
    """Messages for a session (append or rewrite)."""

    session_id: str
    messages: list[WireMessage]


class EnsureArgs(BaseModel):
    """A session to create when missing."""

    session_id: str
    title: str = ""
    notebook: str = ""


class RenameArgs(BaseModel):
    """A session's new title."""

    session_id: str
    title: str


class NoArgs(BaseModel):
    """No arguments."""

    pass


def _next_seq(ctx: OpContext, session_id: str) -> int:
    """The next sequence number of a session, creating its row on first sight.

    Kept in engine state: the engine is the only writer of the file, so after one lookup the
    count is known, and an append costs one INSERT instead of three statements.
    """
    seqs: dict[str, int] = ctx.state.setdefault("next_seq", {})
    if session_id in seqs:
        return seqs[session_id]
    _ensure_session(ctx.con, session_id)
    row = ctx.con.execute("SELECT max(seq) FROM messages WHERE session_id = ?",
                          [session_id]).fetchone()
    seqs[session_id] = 0 if row is None or row[0] is None else int(row[0]) + 1
    return seqs[session_id]


def _new_generation() -> int:
    """A fresh random generation: it changes whenever a history is replaced, so a client's
    cached prefix of the old history can never be taken for a prefix of the new one (random,
    not counted, so a deleted and re-created session cannot reuse a number)."""
    return secrets.randbits(62)


def _ensure_session(con: duckdb.DuckDBPyConnection, session_id: str, title: str = "",
                    notebook: str = "") -> None:
    if con.execute("SELECT 1 FROM sessions WHERE id = ?", [session_id]).fetchone() is None:
        now = time.time()
        con.execute("INSERT INTO sessions (id, title, notebook, created_at, updated_at, "
                    "generation) VALUES (?, ?, ?, ?, ?, ?)",
                    [session_id, title, notebook, now, now, _new_generation()])
        return
    # A session made before it had a title or a notebook (e.g. by its first append) gets
    # them; a title the user set is kept.
    if title:
        con.execute("UPDATE sessions SET title = ? WHERE id = ? AND coalesce(title, '') = ''",
                    [title, session_id])
    if notebook:
        con.execute("UPDATE sessions SET notebook = ? WHERE id = ? AND "
                    "coalesce(notebook, '') = ''", [notebook, session_id])


# Joins a batch into one VARCHAR parameter per column: binding a Python list costs a
# conversion per element (seconds for 10k rows), one string and `string_split` costs ~30 ms.
# JSON text never contains a raw U+001E (it would be escaped), and ids are checked for it.
_RS = "\x1e"


def _insert_messages(con: duckdb.DuckDBPyConnection, session_id: str, start: int,
                     messages: list[WireMessage]) -> None:
    now = time.time()
    if len(messages) == 1:
        m = messages[0]
        con.execute("INSERT INTO messages VALUES (?, ?, ?, ?, ?, ?)",
                    [session_id, start, m.id, m.role, m.body, now])
        return
    con.execute(
        "INSERT INTO messages SELECT ?, ? + generate_subscripts(b, 1) - 1, unnest(i), unnest(r), "
        "unnest(b), ? FROM (SELECT string_split(?, chr(30)) AS i, string_split(?, chr(30)) AS r, "
        "string_split(?, chr(30)) AS b)",
        [session_id, start, now, _RS.join(m.id for m in messages),
         _RS.join(m.role for m in messages), _RS.join(m.body for m in messages)])


@REGISTRY.register("session.append", AppendArgs, write=True)
def append_messages(ctx: OpContext, args: AppendArgs) -> int:
    """Append messages after the session's last one; on a resend, messages whose id is
    already stored are skipped, so a retry after a lost reply adds nothing twice."""
    messages = args.messages
    if ctx.retry and messages:
        present = {r[0] for r in ctx.con.execute(
            "SELECT msg_id FROM messages WHERE session_id = ? "
            "AND list_contains(string_split(?, chr(30)), msg_id)",
            [args.session_id, _RS.join(m.id for m in messages)]).fetchall()}
        messages = [m for m in messages if m.id not in present]
    start = _next_seq(ctx, args.session_id)
    if messages:
        _insert_messages(ctx.con, args.session_id, start, messages)
        # Advanced only after the insert: a failed commit leaves a gap, never a reused number.
        ctx.state["next_seq"][args.session_id] = start + len(messages)
    return len(messages)


@REGISTRY.register("session.rewrite", AppendArgs, write=True)
def rewrite_messages(ctx: OpContext, args: AppendArgs) -> int:
    """Replace the whole history in the caller's transaction: old or new, never a mix."""
    start = _next_seq(ctx, args.session_id)
    ctx.con.execute("DELETE FROM messages WHERE session_id = ?", [args.session_id])
    # Numbering continues after the old history, so an aborted rewrite cannot collide.
    if args.messages:
        _insert_messages(ctx.con, args.session_id, start, args.messages)
    ctx.con.execute("UPDATE sessions SET updated_at = ?, generation = ? WHERE id = ?",
                    [time.time(), _new_generation(), args.session_id])
    ctx.state["next_seq"][args.session_id] = start + len(args.messages)
    return len(args.messages)


class LoadArgs(BaseModel):
    """A session to load, with what the caller already holds."""

    session_id: str
    # What the caller already holds: the history's generation and how many rows of it.
    known_generation: int | None = None
    known_count: int = Field(0, ge=0)


@REGISTRY.register("session.load", LoadArgs, write=False)
def load_messages(ctx: OpContext, args: LoadArgs) -> dict[str, Any]:
    """The message bodies as one JSON array in append order (one string crosses the wire and
    is parsed in one go). When the caller holds the first `known_count` rows of the current
    generation, only the rows after them are sent (appends never change a prefix)."""
    con = ctx.con
    con.execute("BEGIN TRANSACTION")  # generation and rows from one snapshot
    try:
        row = con.execute("SELECT generation FROM sessions WHERE id = ?",
                          [args.session_id]).fetchone()
        generation = None if row is None else int(row[0])
        offset = args.known_count if generation is not None \
            and generation == args.known_generation else 0
        data = con.execute(
            "SELECT string_agg(body, ',' ORDER BY seq), count(*) FROM (SELECT body, seq "
            "FROM messages WHERE session_id = ? ORDER BY seq OFFSET ?)",
            [args.session_id, offset]).fetchone()
    finally:
        con.execute("COMMIT")
    bodies = data[0] if data and data[0] else ""
    return {"generation": generation, "offset": offset, "count": int(data[1]) if data else 0,
            "bodies": "[" + bodies + "]"}


@REGISTRY.register("session.ensure", EnsureArgs, write=True)
def ensure_session(ctx: OpContext, args: EnsureArgs) -> None:
    """Create a session if it does not exist (keeps an existing one's title)."""
    _ensure_session(ctx.con, args.session_id, args.title, args.notebook)


_SESSION_COLUMNS = ("id", "title", "notebook", "created_at", "updated_at", "message_count")


@REGISTRY.register("session.list", NoArgs, write=False)
def list_sessions(ctx: OpContext, args: NoArgs) -> list[dict[str, Any]]:
    """Every session, most recently updated first."""
    rows = ctx.con.execute("""
        SELECT s.id, s.title, s.notebook, s.created_at,
               greatest(s.updated_at, coalesce(m.last, 0)) AS updated, coalesce(m.n, 0)
        FROM sessions s LEFT JOIN (
            SELECT session_id, count(*) AS n, max(created_at) AS last
            FROM messages GROUP BY session_id) m ON m.session_id = s.id
        WHERE s.parent_id IS NULL  -- a team's child sessions belong to their conversation
        ORDER BY updated DESC, s.id""").fetchall()
    return [dict(zip(_SESSION_COLUMNS, r, strict=True)) for r in rows]


@REGISTRY.register("session.rename", RenameArgs, write=True)
def rename_session(ctx: OpContext, args: RenameArgs) -> None:
    """Set a session's title."""
    con = ctx.con
    if con.execute("SELECT 1 FROM sessions WHERE id = ?", [args.session_id]).fetchone() is None:
        raise StoreArgumentError(f"no session {args.session_id!r}; list sessions to see ids")
    con.execute("UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?",
                [args.title, time.time(), args.session_id])


@REGISTRY.register("session.delete", SessionArgs, write=True)
def delete_session(ctx: OpContext, args: SessionArgs) -> bool:
    """Remove a session and its messages; False when there was none."""
    con = ctx.con
    existed = con.execute("SELECT 1 FROM sessions WHERE id = ?",
                          [args.session_id]).fetchone() is not None
    # A conversation's child sessions (its team's dispatches) go with it.
    con.execute("DELETE FROM messages WHERE session_id IN (SELECT id FROM sessions WHERE "
                "parent_id = ?) OR session_id = ?", [args.session_id, args.session_id])
    con.execute("DELETE FROM sessions WHERE parent_id = ? OR id = ?",
                [args.session_id, args.session_id])
    # Its undo checkpoints and plans go too (nothing can restore into a deleted session).
    con.execute("DELETE FROM checkpoint_changes WHERE turn_id IN (SELECT turn_id FROM "
                "checkpoint_turns WHERE session_id = ?)", [args.session_id])
    con.execute("DELETE FROM checkpoint_turns WHERE session_id = ?", [args.session_id])
    con.execute("DELETE FROM plans WHERE session_id = ?", [args.session_id])
    # Keep the counter: numbers stay unique even if the id is reused after a failed commit.
    return existed
