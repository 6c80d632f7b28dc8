"""The store server: one process per DuckDB file, serving every kernel of the workspace.

DuckDB lets one process open a file; this process is that one. Clients start it on demand
(`python -m orkas_jupyter.store.server DB`), or the launcher `%load_ext` starts does, handing
over the lock it took (`--lock-fd`, `store/warm.py`); it holds an exclusive `flock` for its
whole life (a second copy started by a racing client exits at once), answers requests on a
Unix socket, and exits after an idle period with no clients, or within a second or two once
its workspace, its folder, its file or its socket is gone. A client that finds it gone starts
another. Everything it creates is private to the user (umask 077; the socket 0600 in a 0700 folder),
and it serves only clients running as its own user. It also calls models for the kernels
(`model_ops.py`): litellm is imported here once instead of in every kernel.
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
from typing import IO, Any

from pydantic import ValidationError

from ..providers.remote import STREAM_OP
from .client import acquire_server_lock
from .engine import StoreEngine
from .errors import StoreArgumentError, StoreError, StoreUnavailableError
from .model_ops import ModelHost
from .private_dir import bind_private_socket, peer_uid
from .rpc import (
    RpcRequest,
    RpcResponse,
    encode_frame,
    log_path_for,
    prepare_store_folder,
    recv_frame,
    server_workspace,
    socket_path_for,
)

log = logging.getLogger("orkas_jupyter.store.server")
EXIT_ALREADY_RUNNING = 0
EXIT_FAILED = 2


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
                request = self.server.parse(frame)
                if isinstance(request, RpcRequest) and request.op == STREAM_OP:
                    # Several frames; the connection is over when the client left mid-way.
                    if not self.server.models.serve_stream(request, self.request):
                        return
                    self.server.touch()
                    continue
                response = self.server.answer(request)
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

    def __init__(self, engine: StoreEngine, socket_path: Path, idle_seconds: float,
                 models: ModelHost | None = None) -> None:
        with contextlib.suppress(FileNotFoundError):
            socket_path.unlink()  # stale: we hold the lock, so no live server owns it
        self.socket_path = socket_path
        super().__init__(str(socket_path), _Connection)
        self.engine = engine
        self.models = models or ModelHost()
        self.idle_seconds = idle_seconds
        self.last_active = time.monotonic()
        self._clients: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.stop_requested = threading.Event()

    def server_bind(self) -> None:
        """Bind the socket 0600 from the first instant, in the user's private folder."""
        bind_private_socket(self.socket, self.socket_path)
        self.server_address = self.socket.getsockname()

    def verify_request(self, request: Any, client_address: Any) -> bool:
        """Serve processes of our own user only (where the platform can tell)."""
        uid = peer_uid(request)
        if uid is not None and uid != os.getuid():
            log.warning("refused a connection from uid %d", uid)
            return False
        return True

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

    def parse(self, frame: bytes) -> RpcRequest | RpcResponse:
        """The request in `frame`, or the error response to send for a malformed one."""
        try:
            return RpcRequest.model_validate_json(frame)
        except ValidationError as exc:
            # Field names only: a request's arguments may hold a key or a conversation.
            fields = ", ".join(".".join(str(p) for p in e["loc"]) for e in exc.errors())
            return RpcResponse(id=-1, ok=False, error_type="StoreArgumentError",
                               error=f"malformed request (fields: {fields or 'frame'})")

    def answer(self, req: RpcRequest | RpcResponse) -> RpcResponse:
        """Run one request; every failure becomes an error response, never a dead thread."""
        if isinstance(req, RpcResponse):
            return req
        try:
            if self.models.serves(req.op):
                return self.models.answer(req)
            result = self.engine.execute(req.op, req.args, req.request_id, req.attempt > 0)
            return RpcResponse(id=req.id, ok=True, result=result)
        except StoreError as exc:
            return RpcResponse(id=req.id, ok=False, error_type=type(exc).__name__,
                               error=str(exc))
        except Exception as exc:  # a bug in an operation must not take the server down
            log.exception("operation %s failed", req.op)
            return RpcResponse(id=req.id, ok=False, error_type="StoreError",
                               error=f"{req.op} failed: {type(exc).__name__}: {exc}")

    def run(self, workspace: Path | None = None) -> None:
        """Serve until idle for `idle_seconds`, asked to stop, or left without its files
        (`workspace`, the store's folder, file or socket deleted), then close in order."""
        watch = _Watch(self.engine.path, self.socket_path, workspace)
        loop = threading.Thread(target=self.serve_forever, name="orkas-store-accept",
                                daemon=True)
        loop.start()
        log.info("serving %s on %s", self.engine.path, self.socket_path)
        try:
            while not self.stop_requested.wait(min(1.0, self.idle_seconds)):
                if self.idle_for() >= self.idle_seconds:
                    log.info("idle for %.0f s with no clients; exiting", self.idle_for())
                    break
                reason = watch.gone()
                if reason:
                    log.info("%s; exiting", reason)
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
            self.models.close()
            self.engine.close()


def _file_id(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class _Watch:
    """What must stay in place for the server to be of use: once the workspace or the store's
    folder is deleted, or the file or socket is removed or replaced, nobody can reach this
    server's data again, so it exits instead of idling for minutes."""

    def __init__(self, db_path: Path, socket_path: Path, workspace: Path | None) -> None:
        self.folders = [p for p in (workspace, db_path.parent) if p is not None and p.is_dir()]
        self.files = [(p, _file_id(p)) for p in (db_path, socket_path)]

    def gone(self) -> str | None:
        """Why the server should exit now, or None."""
        for folder in self.folders:
            if not folder.is_dir():
                return f"the folder {folder} was deleted"
        for path, ident in self.files:
            if ident is not None and _file_id(path) != ident:
                return f"{path} was removed or replaced"
        return None


def _workspace_of(db_path: Path) -> Path | None:
    try:
        return server_workspace(db_path)
    except StoreArgumentError:
        return None


def main(argv: list[str] | None = None) -> int:
    """Entry point: `python -m orkas_jupyter.store.server DB [--idle SECONDS]`."""
    parser = argparse.ArgumentParser(description="orkas-jupyter store server")
    parser.add_argument("db", type=Path)
    parser.add_argument("--idle", type=float, default=600.0, help="exit after this idle time")
    parser.add_argument("--wait-lock", type=float, default=10.0,
                        help="seconds to wait for a closing server to let go of the file")
    parser.add_argument("--lock-fd", type=int, default=None,
                        help="the file's server lock, already taken by the launcher that "
                             "exec'd this process (store/warm.py)")
    parser.add_argument("--warm-models", action="store_true",
                        help="import litellm at start, for the kernels' model calls")
    parser.add_argument("--for-model", default=None, metavar="MODEL",
                        help="with --warm-models: the workspace's model, whose provider's "
                             "request path the warm-up rehearses")
    ns = parser.parse_args(argv)
    _keep_pandas_out()
    # Everything this process creates (log, lock, database, WAL, spill files, socket) is for
    # the user's eyes only: sessions hold what the agent read, 0600 files included.
    os.umask(0o077)
    db_path: Path = ns.db.resolve()
    prepare_store_folder(db_path)
    logging.basicConfig(filename=str(log_path_for(db_path)), level=logging.INFO,
                        format="%(asctime)s %(process)d %(levelname)s %(message)s")
    handle = acquire_server_lock(db_path) if ns.lock_fd is None else _inherited_lock(ns.lock_fd)
    if handle is None:
        return EXIT_ALREADY_RUNNING
    models = ModelHost()
    if ns.warm_models:
        log.info("started; warming models")
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
    try:
        sock_path = socket_path_for(db_path)
        server = StoreServer(engine, sock_path, ns.idle, models)
    except OSError as exc:  # no private folder for the socket (see private_dir.py)
        engine.close()
        _report_fatal(StoreUnavailableError(f"cannot serve {db_path}: {exc}"))
        return EXIT_FAILED
    if ns.warm_models:
        # Only now: opening a new file (~0.2 s) took 0.6–0.9 s with litellm's import fighting
        # it for the interpreter, and a workspace's first answer waits for the store, while
        # the direct path (providers/openai_wire.py) needs no litellm.
        models.warm(ns.for_model)
    handle.seek(0)
    handle.truncate()
    handle.write(json.dumps({"pid": os.getpid(), "socket": str(sock_path)}))
    handle.flush()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: server.stop_requested.set())
    server.run(_workspace_of(db_path))
    return 0


def _keep_pandas_out() -> None:
    """DuckDB imports pandas on the first query with parameters (~0.2 s: most of opening a
    new workspace's store, which a cold first answer waits for) only to ask whether a
    parameter is a pandas object. Nothing in this process uses pandas (store operations,
    the knowledge base's numpy scans and litellm work without it), so it is marked absent."""
    if "pandas" not in sys.modules:
        sys.modules["pandas"] = None  # type: ignore[assignment]


def _inherited_lock(fd: int) -> IO[str] | None:
    """The lock the launcher took, checked: taking it again on the same open file succeeds
    only if it is ours."""
    handle = os.fdopen(fd, "r+")
    os.set_inheritable(fd, False)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


def _report_fatal(exc: StoreError) -> None:
    """Last stderr line: a JSON error the starting client turns back into the exception."""
    log.error("cannot serve: %s", exc)
    sys.stderr.write(json.dumps({"error_type": type(exc).__name__, "error": str(exc)}) + "\n")
    sys.stderr.flush()


if __name__ == "__main__":
    raise SystemExit(main())
