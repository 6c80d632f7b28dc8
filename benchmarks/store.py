"""Store benchmark (S2, S3): append latency alone and with three writer processes, load and
repair of a 10k-message session, and a SIGKILL loop that counts lost acknowledged writes.

Every figure goes through the real path a kernel uses: a client talking to the workspace's
store server over its Unix socket. Ends with
`RESULT PF4 append_p99_ms=… contended_p99_ms=… load10k_ms=… kills=… lost=0`.

usage: python benchmarks/store.py [--appends 1000] [--kills 50] [--keep DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orkas_jupyter.engine import validate_history
from orkas_jupyter.engine.messages import (
    Message,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    tool_message,
    user_message,
)
from orkas_jupyter.store.api import StoreClient, open_client
from orkas_jupyter.store.rpc import lock_path_for

BODY = "x" * 500


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0–100) by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def time_appends(client: StoreClient, session: str, n: int) -> list[float]:
    """Milliseconds per single-message append."""
    out = []
    for i in range(n):
        msg = user_message(f"{i} {BODY}")
        start = time.perf_counter()
        client.append(session, [msg])
        out.append((time.perf_counter() - start) * 1000)
    return out


def worker(db: Path, name: str, n: int, ack: bool) -> int:
    """Subprocess body: timed appends (prints JSON) or acknowledged appends for the kill loop."""
    client = open_client(path=db, idle_seconds=30)
    client.list_sessions()
    print("READY", flush=True)
    if not ack:
        times = time_appends(client, f"bench-{name}", n)
        print(json.dumps(times), flush=True)
        return 0
    for i in range(n):
        msgs: list[Message] = [user_message(f"{name} {i}", n=str(i))]
        if i % 4 == 0:
            call = ToolCallPart(id=f"c-{name}-{i}", name="probe", arguments="{}")
            msgs = [Message(role="assistant", parts=[call])]
            client.append(f"kill-{name}", msgs)
            print("ACK", f"kill-{name}", msgs[0].id, flush=True)
            msgs = [tool_message(ToolResultPart(call_id=call.id, name="probe",
                                                content=[TextPart(text="ok")]))]
        client.append(f"kill-{name}", msgs)
        print("ACK", f"kill-{name}", msgs[0].id, flush=True)
    return 0


def server_pid(db: Path) -> int | None:
    """The live server's pid (checked against /proc so a reused pid is never signalled)."""
    try:
        pid = int(json.loads(lock_path_for(db.resolve()).read_text() or "{}").get("pid", 0))
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return None
    return pid if b"orkas_jupyter.store.server" in cmd and str(db.resolve()).encode() in cmd \
        else None


def spawn(db: Path, name: str, n: int, ack: bool) -> subprocess.Popen[str]:
    args = [sys.executable, __file__, "--worker", str(db), name, str(n)]
    if ack:
        args.append("--ack")
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
    return proc


def contended(db: Path, n: int) -> list[float]:
    """Append latencies of three writer processes running at once."""
    procs = [spawn(db, f"w{i}", n, ack=False) for i in range(3)]
    times: list[float] = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        if p.returncode != 0:
            raise SystemExit(f"writer failed: {err}")
        times.extend(json.loads(out.strip().splitlines()[-1]))
    return times


def load_10k(client: StoreClient, db: Path) -> tuple[list[float], list[float]]:
    """Milliseconds to load and repair a 10k-message session (with tool-call pairs): cold
    (a fresh client: fetch and decode everything) and warm (a client that loaded it before
    and fetches only what was appended since)."""
    msgs: list[Message] = []
    for i in range(2500):
        call = ToolCallPart(id=f"c{i}", name="read_file", arguments='{"path": "a.py"}')
        msgs += [user_message(f"question {i} {BODY[:200]}"),
                 Message(role="assistant", parts=[call]),
                 tool_message(ToolResultPart(call_id=call.id, name="read_file",
                                             content=[TextPart(text=BODY[:300])])),
                 Message(role="assistant", parts=[TextPart(text=f"answer {i}")])]
    client.rewrite("big", msgs)
    cold, warm = [], []
    for _ in range(5):
        fresh = open_client(path=db, idle_seconds=30)
        fresh.list_sessions()  # connected, so only the load is timed
        start = time.perf_counter()
        loaded = fresh.load("big")
        cold.append((time.perf_counter() - start) * 1000)
        assert len(loaded) >= 10_000
        client.append("big", [user_message("one more")])
        start = time.perf_counter()
        loaded = fresh.load("big")
        warm.append((time.perf_counter() - start) * 1000)
        fresh.close()
    return cold, warm


def kill_loop(db: Path, iterations: int, seed: int = 1) -> tuple[int, int, int]:
    """SIGKILL the server and the writer at random moments; return (kills, acked, lost)."""
    rng = random.Random(seed)
    acked: dict[str, list[str]] = {}
    kills = 0
    for it in range(iterations):
        proc = spawn(db, f"k{it}", 1_000_000, ack=True)
        time.sleep(rng.uniform(0.02, 0.4))
        pid = server_pid(db)
        if pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
                kills += 1
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        kills += 1
        out, err = proc.communicate(timeout=60)
        if "Traceback" in err:
            raise SystemExit(f"writer raised:\n{err}")
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[0] == "ACK":
                acked.setdefault(parts[1], []).append(parts[2])
    client = open_client(path=db, idle_seconds=5)
    lost = 0
    for session, ids in acked.items():
        history = client.load(session)
        if validate_history(history):
            raise SystemExit(f"{session} does not validate after repair")
        present = {m.id for m in history}
        lost += sum(1 for i in ids if i not in present)
    client.close()
    return kills, sum(len(v) for v in acked.values()), lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=1000)
    parser.add_argument("--kills", type=int, default=50, help="kill-loop iterations")
    parser.add_argument("--keep", type=Path, help="folder for the store files (kept)")
    parser.add_argument("--worker", nargs=3, metavar=("DB", "NAME", "N"), help=argparse.SUPPRESS)
    parser.add_argument("--ack", action="store_true", help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.worker:
        return worker(Path(ns.worker[0]), ns.worker[1], int(ns.worker[2]), ns.ack)
    folder = ns.keep or Path(tempfile.mkdtemp(prefix="orkas-store-bench-"))
    db = folder / "bench.duckdb"
    client = open_client(path=db, idle_seconds=30)
    time_appends(client, "warmup", 50)
    alone = time_appends(client, "alone", ns.appends)
    print(f"append alone     n={len(alone)} p50={statistics.median(alone):.2f} ms "
          f"p99={percentile(alone, 99):.2f} ms")
    busy = contended(db, ns.appends // 2)
    print(f"append contended n={len(busy)} (3 processes) p50={statistics.median(busy):.2f} ms "
          f"p99={percentile(busy, 99):.2f} ms")
    loads, warm = load_10k(client, db)
    print(f"load+repair 10k  cold median={statistics.median(loads):.1f} ms "
          f"max={max(loads):.1f} ms; warm (after one append) median="
          f"{statistics.median(warm):.1f} ms")
    client.close()
    kills, acked, lost = kill_loop(folder / "kill.duckdb", ns.kills)
    print(f"kill loop        iterations={ns.kills} kills={kills} acknowledged={acked} "
          f"lost={lost}")
    for path in (db, folder / "kill.duckdb"):
        pid = server_pid(path)
        if pid is not None:
            os.kill(pid, signal.SIGTERM)
    print(f"RESULT PF4 append_p99_ms={percentile(alone, 99):.2f} "
          f"contended_p99_ms={percentile(busy, 99):.2f} "
          f"load10k_ms={statistics.median(loads):.1f} kills={kills} lost={lost}")
    return 0 if lost == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
