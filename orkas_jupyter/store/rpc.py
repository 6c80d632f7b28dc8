"""The store's wire protocol: length-prefixed JSON frames over a Unix domain socket.

A frame is a 4-byte big-endian length then that many bytes of UTF-8 JSON. Requests name an
operation of the registry (`ops.py`); responses carry its result or an error type and message.
The paths of a store's files live here too; the socket's folder is private to the user
(`private_dir.py`), and the store's folder and files are readable by the user alone.
"""

from __future__ import annotations

import hashlib
import os
import socket
import struct
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from .errors import StoreArgumentError
from .private_dir import make_private, private_runtime_dir

MAX_FRAME = 512 * 1024 * 1024
_HEADER = struct.Struct(">I")


class RpcRequest(BaseModel):
    """One call: `op` names a registered operation; `request_id` makes a non-idempotent write
    safe to retry."""

    id: int
    op: str
    args: dict[str, Any] = Field(default_factory=dict)
    request_id: str | None = None
    attempt: int = 0


class RpcResponse(BaseModel):
    """The answer to request `id`. A streamed answer (`model.stream`) is several frames:
    `more=True` ones carry results, the last one (`more=False`) ends it or holds the error;
    `detail` carries an error's attributes (status, retry delay)."""

    id: int
    ok: bool
    result: Any = None
    error_type: str = ""
    error: str = ""
    more: bool = False
    detail: dict[str, Any] | None = None


def encode_frame(model: BaseModel) -> bytes:
    """A model as one frame."""
    data = model.model_dump_json().encode()
    return _HEADER.pack(len(data)) + data


def _check_length(n: int) -> int:
    if n > MAX_FRAME:
        raise ConnectionError(f"frame of {n} bytes exceeds the {MAX_FRAME}-byte limit")
    return n


def recv_frame(sock: socket.socket) -> bytes:
    """Read one frame from a blocking socket; `ConnectionError` when the peer went away."""
    n = _check_length(_HEADER.unpack(_recv_exact(sock, _HEADER.size))[0])
    return _recv_exact(sock, n)


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(min(n - len(buf), 4 * 1024 * 1024))
        if not chunk:
            raise ConnectionError("the store server closed the connection")
        buf.extend(chunk)
    return bytes(buf)


def runtime_dir() -> Path:
    """The user's private folder for sockets: short enough for AF_UNIX's ~100-byte path
    limit, never one another user made or can write (see `private_dir.py`)."""
    return private_runtime_dir("orkas")


def socket_path_for(db_path: Path) -> Path:
    """The server socket of a store file (one per resolved path)."""
    digest = hashlib.sha256(str(db_path.resolve()).encode()).hexdigest()[:20]
    return runtime_dir() / f"store-{digest}.sock"


def lock_path_for(db_path: Path) -> Path:
    """The lock a server holds for its whole life; its content names the pid and socket."""
    return db_path.with_name(db_path.name + ".server.lock")


def log_path_for(db_path: Path) -> Path:
    """The server's log (operation names and errors only: never payloads)."""
    return db_path.with_name(db_path.name + ".server.log")


def store_files(db_path: Path) -> list[Path]:
    """Every file the store keeps beside the database: its WAL, the server's lock and log,
    and DuckDB's spill folder."""
    return [db_path, db_path.with_name(db_path.name + ".wal"), lock_path_for(db_path),
            log_path_for(db_path), db_path.with_name(db_path.name + ".tmp")]


def prepare_store_folder(db_path: Path) -> None:
    """Create the store's folder (0700 when we create it) and make an existing store private:
    the default `.orkas/` folder 0700, the store's own files 0600. A folder named elsewhere
    with `ORKAS_STORE` is the user's own choice and keeps its mode."""
    db_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if db_path.parent.name == ".orkas":
        make_private(db_path.parent)
    for path in store_files(db_path):
        make_private(path)


def server_workspace(db_path: Path, environ: dict[str, str] | None = None) -> Path:
    """The workspace this store belongs to: `ORKAS_WORKSPACE` if set, else the parent of the
    default `<workspace>/.orkas/` folder; anything else cannot be guessed safely."""
    env = dict(os.environ) if environ is None else environ
    if env.get("ORKAS_WORKSPACE"):
        return Path(env["ORKAS_WORKSPACE"]).expanduser().resolve()
    if db_path.parent.name == ".orkas":
        return db_path.parent.parent
    raise StoreArgumentError(
        f"the store server cannot tell which workspace {db_path} belongs to; set "
        "ORKAS_WORKSPACE in the kernel's environment (the server it starts inherits it)")
