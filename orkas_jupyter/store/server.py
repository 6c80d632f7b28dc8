"""The store server: one process per DuckDB file, serving every kernel of the workspace.

DuckDB lets one process open a file; this process is that one. Clients start it on demand
(`python -m orkas_jupyter.store.server DB`), it holds an exclusive `flock` for its whole life
(a second copy started by a racing client exits at once), answers requests on a Unix socket,
and exits after an idle period with no clients. A client that finds it gone starts another.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import logging
import os
import signal
import socket
import socketserver
import sys
import threading
import time
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from .engine import StoreEngine
from .errors import StoreError
from .rpc import (
    RpcRequest,
    RpcResponse,
    encode_frame,
    lock_path_for,
    log_path_for,
    recv_frame,
    socket_path_for,
)

log = logging.getLogger("orkas_jupyter.store.server")
EXIT_ALREADY_RUNNING = 0
EXIT_FAILED = 2


def acquire_server_lock(db_path: Path) -> IO[str] | None:
    """Take the per-file server lock without waiting; None when another server holds it."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(lock_path_for(db_path), "a+")  # noqa: SIM115 (held for the process's life)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


class _Connection(socketserver.BaseRequestHandler):
    """One client (kernel) connection, served by its own thread: frames in, frames out."""

    server: StoreServer

    def handle(self) -> None:
        """Answer frames until the client disconnects."""
        self.server.track(self.request, +1)
        try:
            while True:
                try:
                    frame = recv_frame(self.request)
                except (ConnectionError, OSError):
                    return
                self.server.touch()
                response = self.server.answer(frame)
                try:
                    self.request.sendall(encode_frame(response))
                except OSError:
                    return  # the client went away; a resend is safe (request ids)
                self.server.touch()
        finally:
            self.server.engine.release_thread_cursor()
            self.server.track(self.request, -1)


class StoreServer(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    """Accepts connections and runs each request on the engine in the connection's thread:
    one hop from socket to DuckDB, so latency stays low when the machine is busy."""

    daemon_threads = True

    def __init__(self, engine: StoreEngine, socket_path: Path, idle_seconds: float) -> None:
        with contextlib.suppress(FileNotFoundError):
            socket_path.unlink()  # stale: we hold the lock, so no live server owns it
        super().__init__(str(socket_path), _Connection)
        os.chmod(socket_path, 0o600)
        self.engine = engine
        self.socket_path = socket_path
        self.idle_seconds = idle_seconds
        self.last_active = time.monotonic()
        self._clients: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.stop_requested = threading.Event()

    def track(self, sock: socket.socket, delta: int) -> None:
        """Count a connection in (+1) or out (-1)."""
        with self._lock:
            (self._clients.add if delta > 0 else self._clients.discard)(sock)
            self.last_active = time.monotonic()

    def touch(self) -> None:
        """Note activity (the idle clock restarts)."""
        self.last_active = time.monotonic()

    def idle_for(self) -> float:
        """Seconds without any connected client (0 while one is connected)."""
        with self._lock:
            return 0.0 if self._clients else time.monotonic() - self.last_active

    def answer(self, frame: bytes) -> RpcResponse:
        """Run one request; every failure becomes an error response, never a dead thread."""
        try:
            req = RpcRequest.model_validate_json(frame)
        except ValidationError as exc:
            return RpcResponse(id=-1, ok=False, error_type="StoreArgumentError",
                               error=f"malformed request: {exc}")
        try:
            result = self.engine.execute(req.op, req.args, req.request_id, req.attempt > 0)
            return RpcResponse(id=req.id, ok=True, result=result)
        except StoreError as exc:
            return RpcResponse(id=req.id, ok=False, error_type=type(exc).__name__,
                               error=str(exc))
        except Exception as exc:  # a bug in an operation must not take the server down
            log.exception("operation %s failed", req.op)
            return RpcResponse(id=req.id, ok=False, error_type="StoreError",
                               error=f"{req.op} failed: {type(exc).__name__}: {exc}")

    def run(self) -> None:
        """Serve until idle for `idle_seconds` or asked to stop, then close in order."""
        loop = threading.Thread(target=self.serve_forever, name="orkas-store-accept",
                                daemon=True)
        loop.start()
        log.info("serving %s on %s", self.engine.path, self.socket_path)
        try:
            while not self.stop_requested.wait(min(1.0, self.idle_seconds)):
                if self.idle_for() >= self.idle_seconds:
                    log.info("idle for %.0f s with no clients; exiting", self.idle_for())
                    break
        finally:
            # Unlink first, so a client arriving now starts a successor (which waits for our
            # locks) instead of talking to a closing server; then drop connected clients
            # (they resend to the successor) and let running operations finish.
            with contextlib.suppress(FileNotFoundError):
                self.socket_path.unlink()
            self.shutdown()
            self.server_close()
            with self._lock:
                for sock in list(self._clients):
                    with contextlib.suppress(OSError):
                        sock.shutdown(socket.SHUT_RDWR)
            self.engine.close()


def main(argv: list[str] | None = None) -> int:
    """Entry point: `python -m orkas_jupyter.store.server DB [--idle SECONDS]`."""
    parser = argparse.ArgumentParser(description="orkas-jupyter store server")
    parser.add_argument("db", type=Path)
    parser.add_argument("--idle", type=float, default=600.0, help="exit after this idle time")
    parser.add_argument("--wait-lock", type=float, default=10.0,
                        help="seconds to wait for a closing server to let go of the file")
    ns = parser.parse_args(argv)
    db_path: Path = ns.db.resolve()
    db_path.parent.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(filename=str(log_path_for(db_path)), level=logging.INFO,
                        format="%(asctime)s %(process)d %(levelname)s %(message)s")
    handle = acquire_server_lock(db_path)
    if handle is None:
        return EXIT_ALREADY_RUNNING
    deadline = time.monotonic() + ns.wait_lock
    while True:
        try:
            engine = StoreEngine(db_path)
            break
        except StoreError as exc:
            # The DuckDB lock may still be held by a server that is closing: wait a little.
            if time.monotonic() < deadline and "lock" in str(exc).lower():
                time.sleep(0.1)
                continue
            _report_fatal(exc)
            return EXIT_FAILED
        except Exception as exc:
            _report_fatal(StoreError(f"{type(exc).__name__}: {exc}"))
            return EXIT_FAILED
    handle.seek(0)
    handle.truncate()
    handle.write(json.dumps({"pid": os.getpid(), "socket": str(socket_path_for(db_path))}))
    handle.flush()
    server = StoreServer(engine, socket_path_for(db_path), ns.idle)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: server.stop_requested.set())
    server.run()
    return 0


def _report_fatal(exc: StoreError) -> None:
    """Last stderr line: a JSON error the starting client turns back into the exception."""
    log.error("cannot serve: %s", exc)
    sys.stderr.write(json.dumps({"error_type": type(exc).__name__, "error": str(exc)}) + "\n")
    sys.stderr.flush()


if __name__ == "__main__":
    raise SystemExit(main())
