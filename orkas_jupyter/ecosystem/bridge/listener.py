"""The kernel side of the bridge: a Unix socket server on the host's agent thread.

A connection must say `hello` with a live credential within a few seconds, from a process
of the same user (checked with SO_PEERCRED where the system has it); otherwise it gets one
`refused` frame and is closed. Every later frame is checked against the credential again,
and revoking it closes its connections at once (their running calls are cancelled). Calls
run as tasks on the agent thread's loop, so a busy kernel main thread never blocks the
listener; while a call runs the client gets a `progress` frame every second.

The socket lives in a 0700 folder (so it is never reachable, even in the moment between
`bind` and `chmod`) and is set to 0600. Nothing here logs a token or a frame's content.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import socket
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .credentials import Credential, CredentialBook, private_folder
from .wire import MAX_FRAME_BYTES, FrameError, encode, read_frame

log = logging.getLogger(__name__)

HELLO_TIMEOUT_S = 5.0
PROGRESS_EVERY_S = 1.0
# sun_path holds 108 bytes on Linux (104 on macOS), the final NUL included.
MAX_SOCKET_PATH = 100
_ids = itertools.count(1)


@dataclass(eq=False)
class Peer:
    """One authenticated connection: its credential, the client's name, and what the
    service keeps for it (remembered cells, approvals given for this connection)."""

    credential: Credential
    client: str
    id: int = field(default_factory=lambda: next(_ids))
    state: dict[str, Any] = field(default_factory=dict)


Progress = Callable[[str], None]


class BridgeHandler(Protocol):
    """What the listener serves (`service.BridgeService`)."""

    async def tools(self, peer: Peer) -> list[dict[str, Any]]: ...

    async def call(self, peer: Peer, tool: str, arguments: dict[str, Any],
                   progress: Progress) -> dict[str, Any]: ...


def socket_path_for(folder: Path, name: str) -> Path:
    """`folder/name`, or the same name in a private folder under the system's runtime or
    temporary folder when that path is too long for a Unix socket."""
    path = folder / name
    if len(os.fsencode(path)) <= MAX_SOCKET_PATH:
        return path
    base = Path(os.environ.get("XDG_RUNTIME_DIR") or "/tmp") / f"orkas-{os.getuid()}"
    return private_folder(base) / name


def _same_user(sock: socket.socket | None) -> bool:
    """False when the peer is another user's process (Linux SO_PEERCRED; elsewhere the
    socket's mode is the only check)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if sock is None or option is None:
        return True
    try:
        raw = sock.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    except OSError:
        return True
    _pid, uid, _gid = struct.unpack("3i", raw)
    return bool(uid == os.getuid())


class _Connection:
    def __init__(self, peer: Peer, writer: asyncio.StreamWriter) -> None:
        self.peer = peer
        self.writer = writer
        self.tasks: dict[Any, asyncio.Task[None]] = {}
        self.lock = asyncio.Lock()
        self.closed = False

    async def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        async with self.lock:
            try:
                self.writer.write(encode(message))
                await self.writer.drain()
            except (ConnectionError, RuntimeError):
                self.closed = True

    async def close(self, reason: str | None = None) -> None:
        if reason is not None:
            await self.send({"type": "closed", "reason": reason})
        self.closed = True
        for task in list(self.tasks.values()):
            task.cancel()
        with contextlib.suppress(Exception):
            self.writer.close()


class BridgeListener:
    """Serves one kernel's bridge on `socket_path` (start and close on the agent loop)."""

    def __init__(self, socket_path: Path, book: CredentialBook, handler: BridgeHandler, *,
                 welcome: dict[str, Any] | None = None) -> None:
        self.socket_path = socket_path
        self.book = book
        self.handler = handler
        self.welcome = dict(welcome or {})
        self._server: asyncio.AbstractServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connections: set[_Connection] = set()
        self.refused = 0
        book.on_revoke(self._revoked)

    @property
    def serving(self) -> bool:
        return self._server is not None and self._server.is_serving()

    def connections(self) -> list[Peer]:
        return [c.peer for c in self._connections if not c.closed]

    async def start(self) -> None:
        """Bind the socket (0600 in a 0700 folder) and accept connections."""
        private_folder(self.socket_path.parent)
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()  # a socket left by a kernel that died
        self._loop = asyncio.get_running_loop()
        self._server = await asyncio.start_unix_server(
            self._serve, path=str(self.socket_path), limit=MAX_FRAME_BYTES)
        os.chmod(self.socket_path, 0o600)
        log.info("bridge listening (socket mode 0600)")

    async def close(self) -> None:
        """Stop accepting, close every connection and remove the socket."""
        server, self._server = self._server, None
        if server is not None:
            server.close()
        for conn in list(self._connections):
            await conn.close("the bridge was stopped")
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()

    # -- revocation -------------------------------------------------------------------------
    def _revoked(self, cred: Credential) -> None:
        """(any thread) Close the connections of a revoked credential now."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return

        def drop() -> None:
            for conn in list(self._connections):
                if conn.peer.credential.id == cred.id:
                    loop.create_task(conn.close("the credential was revoked"))

        if _running_loop() is loop:
            drop()
        else:
            loop.call_soon_threadsafe(drop)

    # -- one connection ---------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = await self._authenticate(reader, writer)
        if peer is None:
            return
        conn = _Connection(peer, writer)
        self._connections.add(conn)
        log.info("bridge: %s connected (credential %s)", peer.client, peer.credential.id)
        try:
            await conn.send({"type": "welcome", "credential": peer.credential.id,
                             **self.welcome})
            while not conn.closed:
                try:
                    frame = await read_frame(reader)
                except FrameError as exc:
                    await conn.close(f"bad frame: {exc}")
                    break
                except ConnectionError:
                    break
                if frame is None:
                    break
                if peer.credential.revoked:
                    await conn.close("the credential was revoked")
                    break
                self._dispatch(conn, frame)
        finally:
            await conn.close()
            self._connections.discard(conn)
            forget = getattr(self.handler, "forget", None)
            if callable(forget):
                forget(peer)
            log.info("bridge: %s disconnected", peer.client)

    async def _authenticate(self, reader: asyncio.StreamReader,
                            writer: asyncio.StreamWriter) -> Peer | None:
        cred: Credential | None = None
        hello: dict[str, Any] | None = None
        if _same_user(writer.get_extra_info("socket")):
            try:
                hello = await asyncio.wait_for(read_frame(reader), HELLO_TIMEOUT_S)
            except (TimeoutError, FrameError, ConnectionError):
                hello = None
            if hello is not None and hello.get("type") == "hello":
                cred = self.book.check(hello.get("token"))
        if cred is None or hello is None:
            self.refused += 1
            log.warning("bridge: refused a connection (no valid credential)")
            with contextlib.suppress(Exception):
                writer.write(encode({
                    "type": "refused",
                    "error": "This bridge credential does not open this kernel: it was "
                             "revoked, belongs to another kernel, or is wrong. Run `%orkas "
                             "bridge` in the notebook for a new one."}))
                await writer.drain()
                writer.close()
            return None
        client = " ".join(str(hello.get("client") or "outside agent").split())[:80]
        return Peer(credential=cred, client=client or "outside agent")

    def _dispatch(self, conn: _Connection, frame: dict[str, Any]) -> None:
        kind, rid = frame["type"], frame.get("id")
        if kind == "cancel":
            task = conn.tasks.get(rid)
            if task is not None:
                task.cancel()
            return
        if kind not in ("list", "call") or rid is None or rid in conn.tasks:
            asyncio.get_running_loop().create_task(conn.send(
                {"type": "result", "id": rid, "is_error": True,
                 "content": [{"type": "text", "text": f"unknown or duplicate request {kind}"}]}))
            return
        task = asyncio.get_running_loop().create_task(self._run(conn, kind, rid, frame))
        conn.tasks[rid] = task
        task.add_done_callback(lambda _t: conn.tasks.pop(rid, None))

    async def _run(self, conn: _Connection, kind: str, rid: Any, frame: dict[str, Any]) -> None:
        peer = conn.peer
        if kind == "list":
            try:
                tools = await self.handler.tools(peer)
            except Exception as exc:
                log.warning("bridge: listing tools failed", exc_info=True)
                await conn.send({"type": "tools", "id": rid, "tools": [],
                                 "error": f"{type(exc).__name__}: {exc}"})
                return
            await conn.send({"type": "tools", "id": rid, "tools": tools})
            return
        tool = str(frame.get("tool") or "")
        arguments = frame.get("arguments") or {}
        status = {"message": f"{tool} started"}
        started = time.monotonic()

        def progress(message: str) -> None:
            status["message"] = message

        async def beat() -> None:
            while True:
                await asyncio.sleep(PROGRESS_EVERY_S)
                await conn.send({"type": "progress", "id": rid,
                                 "elapsed": round(time.monotonic() - started, 1),
                                 "message": status["message"]})

        heart = asyncio.get_running_loop().create_task(beat())
        try:
            if not isinstance(arguments, dict):
                raise ValueError("arguments must be a JSON object")
            result = await self.handler.call(peer, tool, arguments, progress)
        except asyncio.CancelledError:
            result = {"is_error": True, "cancelled": True,
                      "content": [{"type": "text", "text": f"{tool} was cancelled."}]}
        except Exception as exc:
            log.warning("bridge: %s failed", tool, exc_info=True)
            result = {"is_error": True,
                      "content": [{"type": "text", "text": f"{tool} failed: "
                                                           f"{type(exc).__name__}: {exc}"}]}
        finally:
            heart.cancel()
        await conn.send({"type": "result", "id": rid, **result})


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
