"""The MCP client (X2): servers from `<workspace>/.orkas/mcp.json` and `$ORKAS_HOME/mcp.json`
(the common `mcpServers` format) offered to agents as tools `mcp__<server>__<tool>`.

Cheap to import: the SDK (`mcp`) is imported only when a server starts, so `%load_ext` does
not pay for it. Modules: `config` (the files), `vault` (secrets at rest), `consent` (which
commands the user confirmed), `connection` (one server through the SDK), `tool` (an MCP tool
as an engine tool), `toolset` (all servers as one toolset), `commands` (`%orkas mcp …`).
"""

from __future__ import annotations

from ...config import Settings
from .toolset import McpToolset

__all__ = ["McpToolset", "load_mcp_toolsets"]


def load_mcp_toolsets(settings: Settings) -> list[McpToolset]:
    """The toolsets for an agent host: one for every configured MCP server (reads no file
    and starts nothing until a turn lists its tools)."""
    return [McpToolset(settings)]
