"""Several kernel processes share one workspace store (S3) and survive crashes (S2)."""

from __future__ import annotations

import contextlib
import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from orkas_jupyter.engine import validate_history
from orkas_jupyter.store.api import open_client

from .conftest import pid_alive, server_pid

WORKER = Path(__file__).with_name("store_worker.py")


def _start(db: Path, writer: str, count: int, mode: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(WORKER), str(db), writer, str(count), mode,
                             *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_ready(proc: subprocess.Popen[str], timeout: float = 60) -> None:
    """Block until the worker printed READY (fail, not hang, if it never does)."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    if not ready:
        proc.kill()
        raise AssertionError(f"worker not ready after {timeout} s")
    line = proc.stdout.readline().strip()
    assert line == "READY", (line, proc.stderr.read() if proc.stderr else "")


def _acks(stdout: str) -> dict[str, list[str]]:
    acked: dict[str, list[str]] = {}
    for line in stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "ACK":
            acked.setdefault(parts[1], []).append(parts[2])
    return acked


@pytest.mark.slow
def test_three_processes_append_and_read_concurrently(db_path: Path) -> None:
    procs = [_start(db_path, f"w{i}", 300, "server", "--read-every", "25") for i in range(3)]
    outputs = [p.communicate(timeout=240) for p in procs]
    for p, (out, err) in zip(procs, outputs, strict=True):
        assert p.returncode == 0, err
        assert out.rstrip().endswith("DONE")
        assert "Traceback" not in err
    client = open_client(path=db_path, idle_seconds=3)
    shared = client.load("shared")
    assert len(shared) == 900
    for i in range(3):
        own = client.load(f"own-w{i}")
        assert [int(str(m.meta["n"])) for m in own] == list(range(300))
        # Per writer, the shared session holds its messages in the order it wrote them.
        mine = [int(str(m.meta["n"])) for m in shared if m.meta["writer"] == f"w{i}"]
        assert mine == list(range(300))
    client.close()


def _kill(pid: int | None) -> None:
    if pid is not None and pid_alive(pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def _check_store(db: Path, acked: dict[str, list[str]], rewrites: dict[str, int],
                 mode: str) -> None:
    client = open_client(path=db, mode=mode, idle_seconds=3)  # type: ignore[arg-type]
    try:
        for session, ids in acked.items():
            loaded = client.load(session)
            assert validate_history(loaded) == []
            position = {m.id: k for k, m in enumerate(loaded)}
            missing = [i for i in ids if i not in position]
            assert not missing, f"{len(missing)} acknowledged messages lost in {session}"
            assert [position[i] for i in ids] == sorted(position[i] for i in ids)
        for session, last in rewrites.items():
            loaded = client.load(session)
            seen = {int(str(m.meta["gen"])) for m in loaded}
            # The last acknowledged history or the one being written at the kill: never a mix,
            # never a torn one.
            if last < 0 and not loaded:
                continue
            assert len(seen) == 1 and len(loaded) == 20, (session, seen, len(loaded))
            assert seen.pop() in (last, last + 1)
    finally:
        client.close()


def _kill_loop(db: Path, iterations: int, mode: str, seed: int) -> int:
    """Run a writer, SIGKILL the process holding the file (and the writer) at random moments;
    return how many kills happened. Asserts nothing acknowledged was lost."""
    rng = random.Random(seed)
    acked: dict[str, list[str]] = {}
    rewrites: dict[str, int] = {}
    kills = 0
    for it in range(iterations):
        proc = _start(db, f"k{it}", 100_000, mode, "--tools", "--rewrite-every", "7")
        # Let it get going (server start or first open), then kill at a random moment.
        _wait_ready(proc)
        time.sleep(rng.uniform(0.02, 0.5))
        if mode == "server":
            _kill(server_pid(db))  # the process that owns the DuckDB file
            kills += 1
            time.sleep(rng.uniform(0.0, 0.4))  # the writer restarts the server and goes on
        proc.send_signal(signal.SIGKILL)
        kills += 1
        out, err = proc.communicate(timeout=30)
        assert "Traceback" not in err, err
        for session, ids in _acks(out).items():
            acked.setdefault(session, []).extend(ids)
        rewrites[f"rw-k{it}"] = -1
        for line in out.splitlines():
            if line.startswith("REWROTE"):
                _, session, gen = line.split()
                rewrites[session] = int(gen)
        if mode == "server" and rng.random() < 0.5:
            _kill(server_pid(db))
    assert sum(len(v) for v in acked.values()) > iterations  # it really wrote something
    _check_store(db, acked, rewrites, mode)
    return kills


@pytest.mark.slow
def test_sigkill_of_server_and_writers_loses_no_acknowledged_write(db_path: Path) -> None:
    assert _kill_loop(db_path, 10, "server", seed=4) >= 20


@pytest.mark.slow
def test_sigkill_of_in_process_writer_loses_no_acknowledged_write(db_path: Path) -> None:
    assert _kill_loop(db_path, 6, "direct", seed=7) == 6


def test_racing_first_clients_start_one_server_and_idle_exit_restarts(db_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from orkas_jupyter.engine.messages import user_message

    def first_call(i: int) -> int:
        client = open_client(path=db_path, idle_seconds=1)
        client.append("race", [user_message(f"m{i}")])
        pid = server_pid(db_path)
        client.close()
        assert pid is not None
        return pid

    with ThreadPoolExecutor(4) as pool:
        pids = set(pool.map(first_call, range(4)))
    assert len(pids) == 1  # one owner, however the race went
    (pid,) = pids
    deadline = time.monotonic() + 10
    while pid_alive(pid) and time.monotonic() < deadline:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        time.sleep(0.05)
    assert not pid_alive(pid), "the idle server did not exit"
    client = open_client(path=db_path, idle_seconds=1)
    assert sorted(m.text for m in client.load("race")) == [f"m{i}" for i in range(4)]
    assert server_pid(db_path) not in (None, pid)
    client.close()


def test_kernel_with_another_runtime_dir_finds_the_running_server(
        db_path: Path, tmp_path: Path) -> None:
    first = open_client(path=db_path, idle_seconds=3)
    first.list_sessions()
    pid = server_pid(db_path)
    env = dict(os.environ, XDG_RUNTIME_DIR=str(tmp_path / "elsewhere"), TMPDIR=str(tmp_path))
    (tmp_path / "elsewhere").mkdir()
    code = ("import sys; from pathlib import Path; from orkas_jupyter.store.api import "
            "open_client; from orkas_jupyter.engine.messages import user_message; "
            "c = open_client(path=Path(sys.argv[1])); c.append('x', [user_message('hi')]); "
            "print(c.transport.server_pid())")
    out = subprocess.run([sys.executable, "-c", code, str(db_path)], env=env, timeout=60,
                         capture_output=True, text=True, check=True)
    assert int(out.stdout.strip()) == pid  # the same server, not a second one
    assert [m.text for m in first.load("x")] == ["hi"]
    first.close()


@pytest.mark.slow
def test_reader_does_not_wait_behind_a_long_write(db_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from orkas_jupyter.engine.messages import user_message

    monkeypatch.setenv("ORKAS_STORE_OPERATION_MODULES", "tests.store.store_extra_ops")
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[2]))
    writer = open_client(path=db_path, idle_seconds=3)
    reader = open_client(path=db_path, idle_seconds=3)
    reader.append("s", [user_message("committed")])
    reader.load("s")  # connected, cursor ready
    done = threading.Event()

    def write() -> None:
        # Inserts a message, then keeps its transaction open for 3 s before committing.
        writer.call("test.slow_append", session_id="s", text="in flight", seconds=3.0)
        done.set()

    thread = threading.Thread(target=write)
    # The transaction opens after this instant and commits 3 s later: a read that ends
    # within 2.5 s of it must not see the row (checking `done` instead raced the commit,
    # which lands before the writer's call returns).
    started = time.perf_counter()
    thread.start()
    time.sleep(0.3)
    reads = []
    while not done.is_set():
        t = time.perf_counter()
        texts = [m.text for m in reader.load("s")]
        reads.append(time.perf_counter() - t)
        if time.perf_counter() < started + 2.5:
            assert texts == ["committed"]  # the open transaction is invisible, not awaited
        time.sleep(0.02)
    thread.join()
    # Waiting behind the writer would take the rest of its 3 s; a busy CI machine may add
    # scheduling delays, but not seconds.
    assert len(reads) >= 5 and max(reads) < 1.2, (len(reads), max(reads))
    assert [m.text for m in reader.load("s")] == ["committed", "in flight"]
    writer.close()
    reader.close()
