"""A store client run as a subprocess by the concurrency and crash tests (and the benchmark).

Prints `ACK <session> <msg_id>` after each append has returned, so the parent knows exactly
which writes were acknowledged before it killed this process.

usage: store_worker.py DB WRITER COUNT MODE(server|direct) [--read-every N] [--rewrite-every N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from orkas_jupyter.engine.messages import (
    Message,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    tool_message,
    user_message,
)
from orkas_jupyter.store.api import open_client

SHARED = "shared"


def rewrite_history(writer: str, generation: int) -> list[Message]:
    """A valid history whose every message carries `generation`: a mix would show."""
    return [user_message(f"gen {generation} #{k}", writer=writer, gen=str(generation))
            for k in range(20)]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("db", type=Path)
    parser.add_argument("writer")
    parser.add_argument("count", type=int)
    parser.add_argument("mode", choices=["server", "direct"])
    parser.add_argument("--read-every", type=int, default=0)
    parser.add_argument("--rewrite-every", type=int, default=0)
    parser.add_argument("--tools", action="store_true", help="append call/result pairs too")
    ns = parser.parse_args()
    client = open_client(path=ns.db, mode=ns.mode, idle_seconds=5)
    own = f"own-{ns.writer}"
    out = sys.stdout
    client.list_sessions()  # opens the file (or reaches the server) before work starts
    out.write("READY\n")
    out.flush()
    for i in range(ns.count):
        for session in (own, SHARED):
            msg = user_message(f"{ns.writer} {i}", writer=ns.writer, n=str(i))
            client.append(session, [msg])
            out.write(f"ACK {session} {msg.id}\n")
        if ns.tools and i % 3 == 0:
            call = ToolCallPart(id=f"call-{ns.writer}-{i}", name="probe", arguments="{}")
            asst = Message(role="assistant", parts=[call], meta={"writer": ns.writer})
            client.append(own, [asst])
            out.write(f"ACK {own} {asst.id}\n")
            res = tool_message(ToolResultPart(call_id=call.id, name="probe",
                                              content=[TextPart(text="ok")]))
            client.append(own, [res])
            out.write(f"ACK {own} {res.id}\n")
        if ns.rewrite_every and i % ns.rewrite_every == 0:
            gen = i // ns.rewrite_every
            client.rewrite(f"rw-{ns.writer}", rewrite_history(ns.writer, gen))
            out.write(f"REWROTE rw-{ns.writer} {gen}\n")
        if ns.read_every and i % ns.read_every == 0:
            mine = [m for m in client.load(own) if m.role == "user"]
            numbers = [int(str(m.meta["n"])) for m in mine]
            if numbers != list(range(len(numbers))) or len(numbers) < i + 1:
                raise SystemExit(f"read back {numbers[-3:]} after writing {i}")
            client.load(SHARED)
        out.flush()
    client.close()
    out.write("DONE\n")
    out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
