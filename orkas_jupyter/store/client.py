"""How kernels reach the store: a transport to the shared server (or an in-process engine)
and `StoreClient`, the typed synchronous API over it.

Every call carries a request id, and operations are written so that a retry after a lost
reply changes nothing; the socket transport therefore retries through a server restart
without showing the user an error. It connects only to a socket of the user's own, in a
private folder, served by a process of the same user (`private_dir.py`).
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal, Protocol

from pydantic import ValidationError

from .errors import StoreArgumentError, StoreError, StoreUnavailableError, error_from_wire
from .private_dir import UnsafePathError, connect_private_socket
from .redact import embedding_credentials, scrubbed_environ
from .rpc import (
    RpcRequest,
    RpcResponse,
    encode_frame,
    lock_path_for,
    log_path_for,
    prepare_store_folder,
    recv_frame,
    server_workspace,
    socket_path_for,
)

if TYPE_CHECKING:
    from ..config import Settings
    from .engine import StoreEngine

log = logging.getLogger(__name__)

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])

# The server exits after this long with no client connected (a kernel keeps its connection
# open, so this counts from the last kernel's exit). `ORKAS_STORE_IDLE` overrides it.
DEFAULT_IDLE_SECONDS = float(os.environ.get("ORKAS_STORE_IDLE") or 300)
EXIT_EXEC_FAILED = 127


class Transport(Protocol):
    """Runs one named operation somewhere and returns its result."""

    def call(self, op: str, args: dict[str, Any], request_id: str) -> Any:
        """Run `op` with `args`; `request_id` identifies the logical call across resends."""
        ...

    def close(self) -> None:
        """Release what the transport holds."""
        ...


class DirectTransport:
    """The engine in this process: for tests, scripts and single-process use."""

    def __init__(self, db_path: Path) -> None:
        # Imported here: a kernel talking to the server never loads DuckDB (~35 MB).
        from .engine import StoreEngine

        self.engine: StoreEngine = StoreEngine(db_path)

    def call(self, op: str, args: dict[str, Any], request_id: str) -> Any:
        """Run the operation in this thread."""
        return self.engine.execute(op, args, request_id)

    def close(self) -> None:
        """Close the file (checkpointing it)."""
        self.engine.close()


class SocketTransport:
    """A connection to the workspace's store server, started on demand and restarted when it
    dies. Calls are serialised per transport; the server runs calls of different kernels
    concurrently."""

    def __init__(self, db_path: Path, *, idle_seconds: float = DEFAULT_IDLE_SECONDS,
                 retry_seconds: float = 60.0) -> None:
        self.db_path = db_path.resolve()
        try:
            self.socket_path = socket_path_for(self.db_path)
        except OSError as exc:
            raise StoreUnavailableError(f"no private folder for the store's socket: {exc}. "
                                        "Set XDG_RUNTIME_DIR or TMPDIR to a folder of "
                                        "yours.") from None
        self._refused: dict[str, str] = {}
        self.idle_seconds = idle_seconds
        self.retry_seconds = retry_seconds
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._spawned: list[subprocess.Popen[bytes]] = []

    def call(self, op: str, args: dict[str, Any], request_id: str) -> Any:
        """Send the request, reconnecting (and restarting the server) until it is answered or
        the retry budget is spent; resends carry the same request id."""
        request = RpcRequest(id=next(self._ids), op=op, args=args, request_id=request_id)
        deadline = time.monotonic() + self.retry_seconds
        with self._lock:
            for attempt in itertools.count():
                try:
                    sock = self._sock = self._sock or self._connect(deadline)
                    request.attempt = attempt
                    sock.sendall(encode_frame(request))
                    resp = RpcResponse.model_validate_json(recv_frame(sock))
                    if resp.id != request.id:
                        raise ConnectionError(f"reply {resp.id} to request {request.id}")
                except (OSError, ConnectionError, ValidationError) as exc:
                    # The server died or is restarting: the request id makes a resend safe.
                    self._drop()
                    if time.monotonic() >= deadline:
                        raise StoreUnavailableError(
                            f"the store server for {self.db_path} stopped answering ({exc}); "
                            f"see {log_path_for(self.db_path)}") from None
                    time.sleep(min(0.02 * (attempt + 1), 0.5))
                    continue
                except BaseException:
                    # Interrupted mid-exchange (KeyboardInterrupt in a kernel): the reply may
                    # still arrive, so this connection can no longer be trusted.
                    self._drop()
                    raise
                if not resp.ok:
                    raise error_from_wire(resp.error_type, resp.error)
                return resp.result
        raise AssertionError("unreachable")

    def _drop(self) -> None:
        if self._sock is not None:
            with contextlib.suppress(OSError):
                self._sock.close()
            self._sock = None

    def open_connection(self) -> socket.socket:
        """A new connection of its own to the server (started when none runs), for a
        long exchange such as a model stream that must not hold up the store calls."""
        deadline = time.monotonic() + self.retry_seconds
        with self._lock:
            return self._connect(deadline)

    def start_server(self, *, take_lock: bool = False) -> str:
        """See that a server is on its way without waiting for it: ask a running one to warm
        its models (`asked`), start one when none holds the file (`started`); otherwise one
        is starting or closing (`starting`). With `take_lock` (the launcher `%load_ext` starts,
        `store/warm.py`) this process takes the server lock itself, and a child of it that
        inherits the lock becomes the server (exec), so no second server is started
        meanwhile."""
        with self._lock:
            sock = self._find()
            if sock is not None:
                try:
                    sock.settimeout(10)
                    sock.sendall(encode_frame(RpcRequest(id=0, op="model.warm")))
                    recv_frame(sock)
                finally:
                    sock.close()
                return "asked"
            if not take_lock:
                if lock_is_held(lock_path_for(self.db_path)):
                    return "starting"
                self._spawn()
                return "started"
            # Take the lock here and hand it over across exec: a kernel asking meanwhile
            # sees a server starting and waits for it instead of starting a second one.
            prepare_store_folder(self.db_path)
            handle = acquire_server_lock(self.db_path)
            if handle is None:
                return "starting"
            argv, env = self._server_command(f"--lock-fd={handle.fileno()}")
            if os.fork() != 0:
                # The child shares the locked file: the lock stays held when this returns.
                handle.close()
                return "started"
            try:
                os.set_inheritable(handle.fileno(), True)
                # Like `_spawn`: no terminal or pipe of the launcher's is kept open (a
                # caller reading the launcher's output would wait for the server to exit).
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                os.chdir(self.db_path.parent)
                os.execve(sys.executable, argv, env)
            finally:
                os._exit(EXIT_EXEC_FAILED)  # only if exec failed: the kernel starts one
        raise AssertionError("unreachable")

    def _find(self) -> socket.socket | None:
        # Our own socket path first; then the one the running server wrote in the lock file
        # (a kernel with another TMPDIR or XDG_RUNTIME_DIR computes a different path). Either
        # must be ours, in a private folder, served by our user: never a squatter's.
        candidates = [str(self.socket_path)]
        announced = self._rendezvous().get("socket")
        if isinstance(announced, str) and announced not in candidates:
            candidates.append(announced)
        for path in candidates:
            try:
                sock = connect_private_socket(Path(path))
            except UnsafePathError as exc:
                if path not in self._refused:
                    log.warning("not connecting to %s: %s", path, exc)
                self._refused[path] = str(exc)
                continue
            except OSError:
                continue
            return sock
        return None

    def _rendezvous(self) -> dict[str, Any]:
        try:
            data = json.loads(lock_path_for(self.db_path).read_text() or "{}")
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _connect(self, deadline: float) -> socket.socket:
        """Connect, starting a server when none is running. While another server holds the
        file's lock (starting up, or closing after an idle period) wait for it rather than
        start copies that would only exit again."""
        sock = self._find()
        if sock is not None:
            return sock
        proc: subprocess.Popen[bytes] | None = None
        err: IO[bytes] | None = None
        while time.monotonic() < deadline:
            if proc is None and not lock_is_held(lock_path_for(self.db_path)):
                proc, err = self._spawn()
            sock = self._find()
            if sock is not None:
                return sock
            code = None if proc is None else proc.poll()
            if code is not None and code != 0 and err is not None:
                err.seek(0)
                lines = err.read().decode(errors="replace").strip().splitlines()
                raise _fatal_from_stderr(lines, self.db_path)
            if code == 0:
                proc = None  # another server won the lock; wait for it (or for it to go)
            time.sleep(0.01)
        refused = "".join(f"; refused {p}: {why}" for p, why in self._refused.items())
        raise StoreUnavailableError(f"the store server for {self.db_path} did not start; see "
                                    f"{log_path_for(self.db_path)}{refused}")

    def _spawn(self) -> tuple[subprocess.Popen[bytes], IO[bytes]]:
        for old in self._spawned:
            old.poll()  # reap servers that exited
        self._spawned = [p for p in self._spawned if p.returncode is None]
        err = tempfile.TemporaryFile()  # noqa: SIM115 (read after the child exits)
        argv, env = self._server_command()
        prepare_store_folder(self.db_path)
        proc = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
            start_new_session=True,  # outlives the kernel and its interrupts
            cwd=self.db_path.parent, env=env)
        self._spawned.append(proc)
        return proc, err

    def _server_command(self, *extra: str) -> tuple[list[str], dict[str, str]]:
        """The server's command line and environment."""
        # Credentials stay with the kernel, except the one key the knowledge base's
        # embedding calls need (when a remote embedding model is configured); model calls
        # carry their key with each request.
        settings = self._settings()
        env = scrubbed_environ()
        env.update(embedding_credentials(
            os.environ.get("ORKAS_EMBEDDING_MODEL") if settings is False
            else settings.embedding_model if settings else None))
        # A workspace with a model: litellm is imported while the kernel gets ready, and a
        # request for that model's provider rehearsed.
        warm = (["--warm-models", f"--for-model={settings.model}"] if settings and settings.model
                else [])
        # Importable from anywhere (a source checkout too), and not pinned to the kernel's
        # working directory, which the user may delete or unmount.
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH", "")) if p)
        argv = [sys.executable, "-m", "orkas_jupyter.store.server", str(self.db_path),
                "--idle", str(self.idle_seconds), *warm, *extra]
        return argv, env

    def _settings(self) -> Settings | Literal[False] | None:
        """The workspace's settings, read the way the server reads them (env, then
        orkas.toml / pyproject.toml): which embedding model it uses, whether models are
        configured at all. False without a workspace, None when they cannot be read (the
        server will say why)."""
        from ..config import load_settings

        try:
            workspace = server_workspace(self.db_path)
        except StoreArgumentError:  # the server will refuse to open its knowledge base
            return False
        try:
            return load_settings(workspace=workspace)
        except (OSError, ValueError):  # a broken settings file: the server will say so
            return None

    def server_pid(self) -> int | None:
        """The pid the last server wrote in the lock file (it may have exited since)."""
        pid = self._rendezvous().get("pid")
        return pid if isinstance(pid, int) and pid > 0 else None

    def close(self) -> None:
        """Close the connection (the server keeps serving other kernels)."""
        with self._lock:
            self._drop()


def acquire_server_lock(db_path: Path) -> IO[str] | None:
    """Take the per-file server lock without waiting; None when another server holds it."""
    fd = os.open(lock_path_for(db_path), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    handle = os.fdopen(fd, "r+")  # held for the process's life
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


def lock_is_held(lock_path: Path) -> bool:
    """True when some process (a live store server) holds the file's server lock. Never
    creates the file (only a server does, with its private mode)."""
    try:
        fd = os.open(lock_path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops our lock at once if we took it
    return False


def _fatal_from_stderr(lines: list[str], db_path: Path) -> StoreError:
    for line in reversed(lines):
        with contextlib.suppress(ValueError, AttributeError):
            data = json.loads(line)
            return error_from_wire(str(data["error_type"]), str(data["error"]))
    tail = " / ".join(lines[-3:]) or "no output"
    return StoreUnavailableError(f"the store server for {db_path} failed to start: {tail}")


def new_request_id() -> str:
    """A unique id for one logical call (kept across its retries)."""
    return uuid.uuid4().hex
