"""A streamable-HTTP MCP server written with the official SDK, for the client's HTTP path:
`python http_server.py PORT`. Its `whoami` tool says whether the request carried the bearer
token in the environment variable `EXPECTED_TOKEN`, and echoes the header it got (the client
must redact it before the model sees it)."""

from __future__ import annotations

import os
import sys

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import ToolAnnotations

server = MCPServer("web", instructions="A small HTTP server for tests.", log_level="WARNING")


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def whoami(ctx: Context) -> str:
    """Say whether the request was authorised."""
    header = (ctx.headers or {}).get("authorization", "")
    ok = header == f"Bearer {os.environ.get('EXPECTED_TOKEN', '')}"
    return f"{'auth ok' if ok else 'auth missing'}; header was {header!r}"


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


if __name__ == "__main__":
    server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[1]))
