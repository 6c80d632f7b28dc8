"""Spend in a window of the usage ledger, for budgets (docs/budgets.md): since a moment (the
start of the day), for the workspace or for one session with the sessions its agents started.

Answers replayed from recordings are kept apart in the ledger (model suffix " (replayed)") and
spent nothing, so they count neither money nor tokens here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from .ops import REGISTRY, OpContext

REPLAYED_PATTERN = "% (replayed)"


class UsageWindowArgs(BaseModel):
    """Arguments of `usage.window`."""

    since: float | None = Field(None, description="epoch seconds; None: all time")
    session_id: str | None = Field(None, description="a session and its team's child "
                                                     "sessions; None: the workspace")


@REGISTRY.register("usage.window", UsageWindowArgs, write=False)
def usage_window(ctx: OpContext, args: UsageWindowArgs) -> dict[str, Any]:
    """Money, tokens and requests spent in the window."""
    where = ["model NOT LIKE ?"]
    params: list[Any] = [REPLAYED_PATTERN]
    if args.since is not None:
        where.append("created_at >= ?")
        params.append(args.since)
    prefix = ""
    if args.session_id is not None:
        # A team's child sessions name their parent (schema v3); grandchildren count too.
        prefix = ("WITH RECURSIVE tree(id) AS (SELECT ? UNION SELECT s.id FROM sessions s "
                  "JOIN tree t ON s.parent_id = t.id) ")
        params.insert(0, args.session_id)
        where.append("session_id IN (SELECT id FROM tree)")
    row = ctx.con.execute(
        f"{prefix}SELECT coalesce(sum(cost_usd), 0), coalesce(sum(input_tokens), 0), "
        f"coalesce(sum(output_tokens), 0), count(*) FROM usage WHERE {' AND '.join(where)}",
        params).fetchone()
    assert row is not None
    return {"cost_usd": float(row[0]), "tokens": int(row[1]) + int(row[2]),
            "requests": int(row[3])}
