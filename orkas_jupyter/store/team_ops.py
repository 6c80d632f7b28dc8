"""Store operations of agent teams (O2, O4): child sessions linked to the call that started
them, and a conversation's floor (who answers the user's next message)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .errors import StoreArgumentError
from .ops import REGISTRY, OpContext, SessionArgs, _ensure_session


class LinkArgs(BaseModel):
    """A child session and where it comes from."""

    session_id: str
    parent_id: str
    parent_call_id: str | None = None
    agent: str
    title: str = ""


class FloorArgs(BaseModel):
    """A conversation's floor: a JSON object, or None for Commander's."""

    session_id: str
    floor: str | None
    # The floor the caller saw: the write happens only if it is still the same (two
    # surfaces handing the floor over at once cannot both win).
    expected: str | None = None
    check: bool = False


_CHILD_COLUMNS = ("id", "parent_call_id", "agent", "title", "created_at")


@REGISTRY.register("team.link", LinkArgs, write=True)
def link_session(ctx: OpContext, args: LinkArgs) -> None:
    """Create the child session (if new) and record its parent, parent call and agent."""
    if args.parent_id == args.session_id:
        raise StoreArgumentError("a session cannot be its own parent")
    _ensure_session(ctx.con, args.session_id, args.title)
    ctx.con.execute("UPDATE sessions SET parent_id = ?, parent_call_id = ?, agent = ? "
                    "WHERE id = ?",
                    [args.parent_id, args.parent_call_id, args.agent, args.session_id])


@REGISTRY.register("team.children", SessionArgs, write=False)
def child_sessions(ctx: OpContext, args: SessionArgs) -> list[dict[str, Any]]:
    """The sessions started from `session_id`, oldest first."""
    rows = ctx.con.execute(
        "SELECT id, parent_call_id, agent, title, created_at FROM sessions "
        "WHERE parent_id = ? ORDER BY created_at, id", [args.session_id]).fetchall()
    return [dict(zip(_CHILD_COLUMNS, r, strict=True)) for r in rows]


@REGISTRY.register("team.floor_get", SessionArgs, write=False)
def get_floor(ctx: OpContext, args: SessionArgs) -> str | None:
    row = ctx.con.execute("SELECT floor FROM sessions WHERE id = ?",
                          [args.session_id]).fetchone()
    return None if row is None else row[0]


@REGISTRY.register("team.floor_set", FloorArgs, write=True)
def set_floor(ctx: OpContext, args: FloorArgs) -> bool:
    """Set the floor; with `check`, only when it is still `expected` (False otherwise)."""
    _ensure_session(ctx.con, args.session_id)
    if args.check:
        row = ctx.con.execute("SELECT floor FROM sessions WHERE id = ?",
                              [args.session_id]).fetchone()
        if (row[0] if row else None) != args.expected:
            return False
    ctx.con.execute("UPDATE sessions SET floor = ? WHERE id = ?", [args.floor, args.session_id])
    return True
