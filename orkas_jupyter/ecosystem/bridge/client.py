"""The socket client `orkas-mcp` uses to reach one kernel's bridge."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .wire import MAX_FRAME_BYTES, FrameError, encode, read_frame

CONNECT_TIMEOUT_S = 10.0


class BridgeError(Exception):
    """The kernel refused the credential, is gone, or closed the bridge."""


OnProgress = Callable[[float, str], Any]


class KernelLink:
    """One authenticated connection to a kernel's bridge; requests may run concurrently."""

    def __init__(self, socket_path: Path | str, token: str, client: str = "outside agent"
                 ) -> None:
        self.socket_path = str(socket_path)
        self._token = token
        self.client = client
        self.welcome: dict[str, Any] = {}
        self.closed_reason: str | None = None
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._progress: dict[int, OnProgress] = {}
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None

    @property
    def connected(self) -> bool:
        return self._writer is not None and self.closed_reason is None

    async def connect(self) -> dict[str, Any]:
        """Open the socket and present the credential; returns the kernel's welcome."""
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(self.socket_path, limit=MAX_FRAME_BYTES),
                CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError) as exc:
            raise BridgeError(f"Cannot reach the kernel's bridge at {self.socket_path} "
                              f"({type(exc).__name__}): is the kernel running and "
                              "`%orkas bridge` started?") from None
        writer.write(encode({"type": "hello", "token": self._token, "client": self.client}))
        await writer.drain()
        try:
            first = await asyncio.wait_for(read_frame(reader), CONNECT_TIMEOUT_S)
        except (TimeoutError, FrameError, ConnectionError) as exc:
            writer.close()
            raise BridgeError(f"The kernel did not answer the bridge greeting: {exc}") from None
        if first is None or first.get("type") != "welcome":
            writer.close()
            error = (first or {}).get("error") or "the kernel closed the connection"
            raise BridgeError(str(error))
        self.welcome = first
        self._writer = writer
        self.closed_reason = None
        self._reader_task = asyncio.get_running_loop().create_task(self._read(reader))
        return first

    async def _read(self, reader: asyncio.StreamReader) -> None:
        reason = "the kernel closed the bridge connection (the kernel stopped or restarted)"
        try:
            while True:
                frame = await read_frame(reader)
                if frame is None:
                    break
                kind, rid = frame.get("type"), frame.get("id")
                if kind == "closed":
                    reason = f"the kernel closed the bridge: {frame.get('reason')}"
                    break
                if kind == "progress":
                    callback = self._progress.get(rid) if isinstance(rid, int) else None
                    if callback is not None:
                        with contextlib.suppress(Exception):
                            result = callback(float(frame.get("elapsed") or 0),
                                              str(frame.get("message") or ""))
                            if asyncio.iscoroutine(result):
                                await result
                    continue
                future = self._pending.pop(rid, None) if isinstance(rid, int) else None
                if future is not None and not future.done():
                    future.set_result(frame)
        except (FrameError, ConnectionError) as exc:
            reason = f"the bridge connection broke: {exc}"
        finally:
            self.closed_reason = reason
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(BridgeError(reason))
            self._pending.clear()

    async def request(self, message: dict[str, Any], on_progress: OnProgress | None = None
                      ) -> dict[str, Any]:
        """Send one request and wait for its answer; cancelling this sends `cancel`."""
        if self._writer is None or self.closed_reason is not None:
            raise BridgeError(self.closed_reason or "not connected")
        rid = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        if on_progress is not None:
            self._progress[rid] = on_progress
        try:
            self._writer.write(encode({**message, "id": rid}))
            await self._writer.drain()
            return await future
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                self._writer.write(encode({"type": "cancel", "id": rid}))
                await self._writer.drain()
            raise
        except ConnectionError as exc:
            raise BridgeError(f"the bridge connection broke: {exc}") from None
        finally:
            self._pending.pop(rid, None)
            self._progress.pop(rid, None)

    async def list_tools(self) -> list[dict[str, Any]]:
        answer = await self.request({"type": "list"})
        if answer.get("error"):
            raise BridgeError(str(answer["error"]))
        return list(answer.get("tools") or [])

    async def call(self, tool: str, arguments: dict[str, Any],
                   on_progress: OnProgress | None = None) -> dict[str, Any]:
        return await self.request({"type": "call", "tool": tool, "arguments": arguments},
                                  on_progress)

    async def close(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()
        if self._reader_task is not None:
            self._reader_task.cancel()
            with contextlib.suppress(BaseException):
                await self._reader_task
