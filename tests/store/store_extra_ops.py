"""An operation module loaded through `ORKAS_STORE_OPERATION_MODULES` (the extension point
the knowledge base uses to run its operations inside the store server)."""

from __future__ import annotations

import os

from pydantic import BaseModel

from orkas_jupyter.store.ops import REGISTRY, OpContext


class CountArgs(BaseModel):
    session_id: str


@REGISTRY.register("test.count_and_pid", CountArgs, write=False)
def count_and_pid(ctx: OpContext, args: CountArgs) -> dict[str, int]:
    """How many messages a session has, and which process answered."""
    row = ctx.con.execute("SELECT count(*) FROM messages WHERE session_id = ?",
                          [args.session_id]).fetchone()
    return {"count": int(row[0]) if row else 0, "pid": os.getpid()}
