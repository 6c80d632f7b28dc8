"""`orkas-mcp`: a stdio MCP server (official SDK, low-level `Server`) that forwards every
tool listing and call to one running kernel's bridge.

Where the kernel is comes from a connection file (`--connection FILE`, or
`ORKAS_BRIDGE_CONNECTION`), which `%orkas bridge` writes and `%orkas bridge revoke` deletes;
or, for agent CLIs Orkas launches itself, from `ORKAS_BRIDGE_SOCKET` and
`ORKAS_BRIDGE_TOKEN`. The file is read again whenever the kernel connection has to be
opened, so after a kernel restart and a new `%orkas bridge` the same MCP configuration
works; a revoked credential is refused by the kernel and the call reports it.

Progress frames from the kernel become MCP progress notifications (when the client asked
for them); an MCP cancellation cancels the call in the kernel (a running cell is
interrupted).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .client import BridgeError, KernelLink
from .credentials import read_connection_file

log = logging.getLogger("orkas_jupyter.ecosystem.bridge.mcp")

ENV_CONNECTION = "ORKAS_BRIDGE_CONNECTION"
ENV_SOCKET = "ORKAS_BRIDGE_SOCKET"
ENV_TOKEN = "ORKAS_BRIDGE_TOKEN"


class KernelTarget:
    """Where the kernel is and how to open it (re-read from the connection file on every
    reconnect)."""

    def __init__(self, connection: Path | None, socket: str | None, token: str | None) -> None:
        self.connection = connection
        self._socket = socket
        self._token = token
        self.notebook = ""

    def resolve(self) -> tuple[str, str]:
        if self.connection is not None:
            info = read_connection_file(self.connection)
            self.notebook = str(info.get("notebook") or "")
            return str(info["socket"]), str(info["token"])
        if not self._socket or not self._token:
            raise ValueError(f"orkas-mcp needs --connection FILE (printed by `%orkas bridge`) "
                             f"or both {ENV_SOCKET} and {ENV_TOKEN}.")
        return self._socket, self._token


class Forwarder:
    """Holds the kernel link, opened on first use with the MCP client's name."""

    def __init__(self, target: KernelTarget) -> None:
        self.target = target
        self._link: KernelLink | None = None
        self._lock = asyncio.Lock()

    async def link(self, client: str) -> KernelLink:
        async with self._lock:
            if self._link is not None and self._link.connected:
                return self._link
            if self._link is not None:
                await self._link.close()
            try:
                socket, token = self.target.resolve()
            except ValueError as exc:
                raise BridgeError(str(exc)) from None
            link = KernelLink(socket, token, client=client)
            await link.connect()
            self._link = link
            return link

    async def close(self) -> None:
        if self._link is not None:
            await self._link.close()


def _client_name(ctx: Any) -> str:
    params = getattr(ctx.session, "client_params", None)
    info = getattr(params, "client_info", None)
    name = getattr(info, "name", "") or "outside agent"
    return str(name)


def _content(answer: dict[str, Any]) -> list[Any]:
    import mcp_types as types

    blocks: list[Any] = []
    for part in answer.get("content") or []:
        if part.get("type") == "image":
            blocks.append(types.ImageContent(data=part["data"], mime_type=part["media_type"]))
        else:
            blocks.append(types.TextContent(text=str(part.get("text", ""))))
    return blocks or [types.TextContent(text="(no output)")]


def build_server(forwarder: Forwarder) -> Any:
    """The MCP server whose handlers forward to the kernel."""
    import mcp_types as types
    from mcp.server.lowlevel import Server

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        link = await forwarder.link(_client_name(ctx))
        listed = await link.list_tools()
        return types.ListToolsResult(tools=[
            types.Tool(name=t["name"], description=t.get("description") or "",
                       input_schema=t.get("input_schema") or {"type": "object"},
                       annotations=types.ToolAnnotations(read_only_hint=bool(t.get("read_only"))))
            for t in listed])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        token = (ctx.meta or {}).get("progress_token")

        async def progress(elapsed: float, message: str) -> None:
            if token is not None:
                await ctx.session.send_progress_notification(token, elapsed, None, message)

        try:
            link = await forwarder.link(_client_name(ctx))
            answer = await link.call(params.name, dict(params.arguments or {}), progress)
        except BridgeError as exc:
            return types.CallToolResult(content=[types.TextContent(text=f"Orkas bridge: {exc}")],
                                        is_error=True)
        return types.CallToolResult(content=_content(answer),
                                    is_error=bool(answer.get("is_error")))

    notebook = forwarder.target.notebook or "a Jupyter notebook"
    return Server("orkas", version="1",
                  instructions=(f"Tools of the live Jupyter kernel of {notebook}: its variables, "
                                "its cells (by id; read a cell before you edit it), running cells "
                                "under the notebook user's approval rules, the workspace "
                                "knowledge base, skills and the MCP connectors configured in "
                                "Orkas."),
                  on_list_tools=list_tools, on_call_tool=call_tool)


async def serve(target: KernelTarget) -> None:
    """Serve MCP on stdin/stdout until the client closes it."""
    from mcp.server.stdio import stdio_server

    forwarder = Forwarder(target)
    server = build_server(forwarder)
    try:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
    finally:
        await forwarder.close()


def main(argv: Sequence[str] | None = None) -> int:
    """The console script."""
    parser = argparse.ArgumentParser(
        prog="orkas-mcp", description="MCP server for a running Orkas kernel (stdio). See "
                                      "docs/bridge.md.")
    parser.add_argument("--connection", help="the connection file `%%orkas bridge` printed "
                                             f"(default: ${ENV_CONNECTION})")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="orkas-mcp: %(levelname)s %(message)s")
    connection = args.connection or os.environ.get(ENV_CONNECTION)
    target = KernelTarget(Path(connection).expanduser() if connection else None,
                          os.environ.get(ENV_SOCKET), os.environ.get(ENV_TOKEN))
    try:
        target.resolve()  # also learns the notebook's name for the server's instructions
    except ValueError as exc:
        if target.connection is None:
            # Without a connection file nothing can ever work: say so at once. A missing
            # file is reported per call (the bridge may be started after the client).
            print(f"orkas-mcp: {exc}", file=sys.stderr)
            return 2
    try:
        asyncio.run(serve(target))
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
