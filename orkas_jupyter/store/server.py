"""The store server: one process per DuckDB file, serving every kernel of the workspace.

DuckDB lets one process open a file; this process is that one. Clients start it on demand
(`python -m orkas_jupyter.store.server DB`), it holds an exclusive `flock` for its whole life
(a second copy started by a racing client exits at once), answers requests on a Unix socket,
and exits after an idle period with no clients. A client that finds it gone starts another.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import json
import logging
import os
import signal
import sys
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
    read_frame,
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


class StoreServer:
    """Accepts connections and runs each request on the engine."""

    def __init__(self, engine: StoreEngine, socket_path: Path, idle_seconds: float) -> None:
        self.engine = engine
        self.socket_path = socket_path
        self.idle_seconds = idle_seconds
        self.clients = 0
        self.last_active = time.monotonic()
        self._stop = asyncio.Event()

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serve one client connection until it closes."""
        self.clients += 1
        try:
            while True:
                try:
                    frame = await read_frame(reader)
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                self.last_active = time.monotonic()
                writer.write(encode_frame(await self._answer(frame)))
                await writer.drain()
                self.last_active = time.monotonic()
        finally:
            self.clients -= 1
            self.last_active = time.monotonic()
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _answer(self, frame: bytes) -> RpcResponse:
        try:
            req = RpcRequest.model_validate_json(frame)
        except ValidationError as exc:
            return RpcResponse(id=-1, ok=False, error_type="StoreArgumentError",
                               error=f"malformed request: {exc}")
        try:
            future = self.engine.submit(req.op, req.args, req.request_id, req.attempt > 0)
            result = await asyncio.wrap_future(future)
            return RpcResponse(id=req.id, ok=True, result=result)
        except StoreError as exc:
            return RpcResponse(id=req.id, ok=False, error_type=type(exc).__name__,
                               error=str(exc))
        except Exception as exc:  # a bug in an operation must not take the server down
            log.exception("operation %s failed", req.op)
            return RpcResponse(id=req.id, ok=False, error_type="StoreError",
                               error=f"{req.op} failed: {type(exc).__name__}: {exc}")

    async def serve(self) -> None:
        """Listen until idle for `idle_seconds` or asked to stop."""
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()  # stale: we hold the lock, so no live server owns it
        server = await asyncio.start_unix_server(self.handle, path=str(self.socket_path))
        os.chmod(self.socket_path, 0o600)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self._stop.set)
        log.info("serving %s on %s", self.engine.path, self.socket_path)
        try:
            while not self._stop.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), timeout=min(1.0, self.idle_seconds))
                idle = time.monotonic() - self.last_active
                if self.clients == 0 and idle >= self.idle_seconds:
                    log.info("idle for %.0f s with no clients; exiting", idle)
                    break
        finally:
            # Stop accepting first, so a client arriving now sees no socket and starts a new
            # server (which waits for our lock) instead of talking to a closing one.
            with contextlib.suppress(FileNotFoundError):
                self.socket_path.unlink()
            server.close()
            await loop.run_in_executor(None, self.engine.close)


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
    asyncio.run(StoreServer(engine, socket_path_for(db_path), ns.idle).serve())
    return 0


def _report_fatal(exc: StoreError) -> None:
    """Last stderr line: a JSON error the starting client turns back into the exception."""
    log.error("cannot serve: %s", exc)
    sys.stderr.write(json.dumps({"error_type": type(exc).__name__, "error": str(exc)}) + "\n")
    sys.stderr.flush()


if __name__ == "__main__":
    raise SystemExit(main())
