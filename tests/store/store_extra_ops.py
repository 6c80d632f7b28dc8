"""An operation module loaded through `ORKAS_STORE_OPERATION_MODULES` (the extension point
the knowledge base uses to run its operations inside the store server)."""

from __future__ import annotations

import os
import time

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


class SlowAppendArgs(BaseModel):
    session_id: str
    text: str
    seconds: float


@REGISTRY.register("test.slow_append", SlowAppendArgs, write=True)
def slow_append(ctx: OpContext, args: SlowAppendArgs) -> None:
    """Append a message, then hold the write transaction open (a long write)."""
    from orkas_jupyter.engine.messages import user_message
    from orkas_jupyter.store.ops import AppendArgs, WireMessage, append_messages

    msg = user_message(args.text)
    append_messages(ctx, AppendArgs(session_id=args.session_id, messages=[
        WireMessage(id=msg.id, role="user", body=msg.model_dump_json())]))
    time.sleep(args.seconds)
