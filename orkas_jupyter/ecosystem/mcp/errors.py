"""Errors of the MCP client: each message says which server, what happened and what to do."""

from __future__ import annotations


class McpError(RuntimeError):
    """Base class for MCP client errors."""


class McpStartError(McpError):
    """A server could not be started or reached."""


class McpCallError(McpError):
    """A tool call failed at the protocol level; `crashed` when the server is gone."""

    def __init__(self, message: str, *, crashed: bool = False) -> None:
        super().__init__(message)
        self.crashed = crashed
