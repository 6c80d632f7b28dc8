"""Fixtures for the store tests: a fresh store file per test, and cleanup of any store
server a test started (by the pid in its lock file, never by name)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from orkas_jupyter.store.rpc import lock_path_for


def server_pid(db: Path) -> int | None:
    """The pid of the live server that holds `db`, if any: the lock file names it, and the
    process's command line must say so too (a dead server's pid may have been reused)."""
    try:
        pid = int(json.loads(lock_path_for(db.resolve()).read_text() or "{}").get("pid", 0))
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except (OSError, ValueError):
        return None
    if b"orkas_jupyter.store.server" in cmdline and str(db.resolve()).encode() in cmdline:
        return pid
    return None


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def stop_server(db: Path) -> None:
    """Terminate the server of `db` and wait for it to let go of the file."""
    pid = server_pid(db)
    if pid is None or not pid_alive(pid):
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while pid_alive(pid) and time.monotonic() < deadline:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        time.sleep(0.02)


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "ws" / ".orkas" / "orkas.duckdb"
    yield path
    stop_server(path)
