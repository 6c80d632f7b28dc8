"""Kernels call models through the workspace's store server (`model_ops.py`).

`make_kernel_provider` is what a kernel builds its provider stack with: rotation and
record/replay in the kernel, each model call made by the store server, which imports litellm
once for every kernel of the workspace. It falls back to litellm in the kernel when there is
no store server (an in-process or custom store), when a configured model's credentials are
more than one key (cloud accounts), or when `ORKAS_MODEL_HOST=kernel`. `warm.py` starts the
server early (at `%load_ext`) so litellm is imported while the user types.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncGenerator, Mapping
from pathlib import Path
from typing import Any

from ..config import Settings
from .client import DEFAULT_IDLE_SECONDS, SocketTransport, new_request_id
from .rpc import MAX_FRAME, RpcRequest, RpcResponse, encode_frame

log = logging.getLogger(__name__)

HOST_VARIABLE = "ORKAS_MODEL_HOST"
_HOSTS = ("server", "kernel")


class SocketModelChannel:
    """The `ModelChannel` to a workspace's store server over its private socket. Holds no
    connection between requests: each stream has its own, closed when the stream ends (a
    close mid-way cancels the request on the server)."""

    def __init__(self, db_path: Path, *, idle_seconds: float = DEFAULT_IDLE_SECONDS) -> None:
        self.transport = SocketTransport(db_path, idle_seconds=idle_seconds)
        self.db_path = self.transport.db_path

    def call(self, op: str, args: dict[str, Any]) -> Any:
        """One request, one answer; the connection is closed again right after."""
        try:
            return self.transport.call(op, args, new_request_id())
        finally:
            self.transport.close()

    async def stream(self, op: str, args: dict[str, Any]) -> AsyncGenerator[list[Any], None]:
        """Send `op` on a connection of its own and yield each batch of results as it comes."""
        from ..providers.remote import ModelHostError

        sock = await asyncio.to_thread(self.transport.open_connection)
        reader, writer = await asyncio.open_unix_connection(sock=sock)
        try:
            writer.write(encode_frame(RpcRequest(id=1, op=op, args=args)))
            await writer.drain()
            while True:
                resp = RpcResponse.model_validate_json(await _read_frame(reader))
                if not resp.ok:
                    raise ModelHostError(resp.error_type, resp.error, resp.detail)
                if not resp.more:
                    return
                yield list(resp.result or [])
        except asyncio.IncompleteReadError:
            raise ConnectionError("the store server closed the connection") from None
        finally:
            writer.close()  # the server sees it and cancels a request still running


async def _read_frame(reader: asyncio.StreamReader) -> bytes:
    size = int.from_bytes(await reader.readexactly(4), "big")
    if size > MAX_FRAME:
        raise ConnectionError(f"frame of {size} bytes exceeds the {MAX_FRAME}-byte limit")
    return await reader.readexactly(size)


def model_host(environ: Mapping[str, str] | None = None) -> str:
    """Where model calls run: `server` (default) or `kernel` (`ORKAS_MODEL_HOST`)."""
    from ..providers.errors import ProviderConfigError

    env = os.environ if environ is None else environ
    value = (env.get(HOST_VARIABLE) or "server").strip().lower()
    if value not in _HOSTS:
        raise ProviderConfigError(f"{HOST_VARIABLE} must be 'server' or 'kernel', got "
                                  f"{value!r}")
    return value


def server_store_path(store: Any) -> Path | None:
    """The store file when `store` talks to a store server (a `WorkspaceStore` or
    `StoreClient` over a socket), else None."""
    client = getattr(store, "sync", store)
    transport = getattr(client, "transport", None)
    return transport.db_path if isinstance(transport, SocketTransport) else None


def make_kernel_provider(settings: Settings, recordings: Any = None, *,
                         store: Any = None) -> Any:
    """The kernel's provider stack: model calls made by the store server that `store` (or
    `recordings`, when it is the store) talks to; litellm in this process when there is none,
    when a model needs more than one key, or with `ORKAS_MODEL_HOST=kernel`."""
    from ..providers.factory import make_provider
    from ..providers.remote import make_remote_provider, remote_capable

    db = server_store_path(store if store is not None else recordings)
    if db is None or model_host() == "kernel" or not remote_capable(settings):
        return make_provider(settings, recordings=recordings)
    return make_remote_provider(settings, SocketModelChannel(db), recordings=recordings)
