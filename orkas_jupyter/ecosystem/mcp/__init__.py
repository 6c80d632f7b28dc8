"""The MCP client (X2): servers from `<workspace>/.orkas/mcp.json` and `$ORKAS_HOME/mcp.json`
(the common `mcpServers` format) offered to agents as tools `mcp__<server>__<tool>`.

Cheap to import: the SDK (`mcp`) is imported only when a server starts, so `%load_ext` does
not pay for it. Modules: `config` (the files), `vault` (secrets at rest), `consent` (which
commands the user confirmed), `connection` (one server through the SDK), `tool` (an MCP tool
as an engine tool), `toolset` (all servers as one toolset), `commands` (`%orkas mcp …`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...config import Settings
from .toolset import McpToolset

__all__ = ["McpToolset", "find_toolset", "load_mcp_toolsets"]


def load_mcp_toolsets(settings: Settings | Callable[[], Settings]) -> list[McpToolset]:
    """The toolsets for an agent host: one for every configured MCP server (reads no file
    and starts nothing until a turn lists its tools). Pass a callable to follow the host's
    settings as they change."""
    return [McpToolset(settings)]


def find_toolset(toolsets: Iterable[Any]) -> McpToolset | None:
    """The MCP toolset among a host's toolsets (for `%orkas mcp` and the side panel)."""
    return next((t for t in toolsets if isinstance(t, McpToolset)), None)
