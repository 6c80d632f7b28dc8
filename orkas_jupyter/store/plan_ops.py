"""Store operations of plans (O7): create one per conversation at a time, read, and save the
run state with compare-and-swap, so two writers can never both advance a plan."""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel

from .errors import StoreArgumentError
from .ops import REGISTRY, OpContext, SessionArgs

# A plan in one of these holds its conversation: a second plan is refused.
ACTIVE = ("running", "paused", "blocked")
_COLUMNS = ("id", "session_id", "spec", "state", "status", "version", "created_at",
            "updated_at")


class CreateArgs(BaseModel):
    plan_id: str
    session_id: str
    spec: str
    state: str
    status: str


class PlanArgs(BaseModel):
    plan_id: str


class SaveArgs(BaseModel):
    plan_id: str
    state: str
    status: str
    version: int
    # After an edit: the plan as now written.
    spec: str | None = None


def _row(row: tuple[Any, ...] | None) -> dict[str, Any] | None:
    return None if row is None else dict(zip(_COLUMNS, row, strict=True))


@REGISTRY.register("plan.create", CreateArgs, write=True, idempotent=False)
def create_plan(ctx: OpContext, args: CreateArgs) -> dict[str, Any]:
    """A new plan for the conversation; refused while another one is active there."""
    busy = ctx.con.execute(
        f"SELECT id, status FROM plans WHERE session_id = ? AND status IN {ACTIVE}",
        [args.session_id]).fetchone()
    if busy is not None:
        raise StoreArgumentError(
            f"plan {busy[0]} is {busy[1]} in this conversation; finish or cancel it "
            "(`%orkas plan cancel`) before starting another")
    now = time.time()
    ctx.con.execute("INSERT INTO plans VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
                    [args.plan_id, args.session_id, args.spec, args.state, args.status, now,
                     now])
    return _row(ctx.con.execute("SELECT * FROM plans WHERE id = ?",
                                [args.plan_id]).fetchone()) or {}


@REGISTRY.register("plan.get", PlanArgs, write=False)
def get_plan(ctx: OpContext, args: PlanArgs) -> dict[str, Any] | None:
    return _row(ctx.con.execute("SELECT * FROM plans WHERE id = ?", [args.plan_id]).fetchone())


@REGISTRY.register("plan.latest", SessionArgs, write=False)
def latest_plan(ctx: OpContext, args: SessionArgs) -> dict[str, Any] | None:
    """The conversation's active plan, else its most recent one."""
    return _row(ctx.con.execute(
        f"SELECT * FROM plans WHERE session_id = ? ORDER BY (status IN {ACTIVE}) DESC, "
        "created_at DESC LIMIT 1", [args.session_id]).fetchone())


@REGISTRY.register("plan.save", SaveArgs, write=True)
def save_plan(ctx: OpContext, args: SaveArgs) -> int:
    """Write the run state if the plan is still at `version`; the new version (0: someone
    else wrote first, nothing changed)."""
    row = ctx.con.execute("SELECT version FROM plans WHERE id = ?", [args.plan_id]).fetchone()
    if row is None:
        raise StoreArgumentError(f"no plan {args.plan_id!r}")
    if int(row[0]) != args.version:
        return 0
    ctx.con.execute("UPDATE plans SET state = ?, status = ?, version = version + 1, "
                    "updated_at = ?, spec = coalesce(?, spec) WHERE id = ?",
                    [args.state, args.status, time.time(), args.spec, args.plan_id])
    return args.version + 1
