"""For agent CLIs Orkas launches itself (agent teams): the environment and the MCP
configuration that point one child process at this kernel's bridge with its own credential.

The kernel side (`jupyter/kernel_bridge.KernelBridge.child_credential`) issues the
credential and revokes it when the child exits; this module only builds what the child gets.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

from .mcp_main import ENV_SOCKET, ENV_TOKEN


def orkas_mcp_command() -> str:
    """The `orkas-mcp` executable: beside this Python, else on PATH, else the bare name."""
    beside = Path(sys.executable).with_name("orkas-mcp")
    if beside.exists():
        return str(beside)
    return shutil.which("orkas-mcp") or "orkas-mcp"


def child_environment(socket_path: Path | str, token: str) -> dict[str, str]:
    """Variables that make `orkas-mcp` in a child process open this kernel."""
    return {ENV_SOCKET: str(socket_path), ENV_TOKEN: token}


def child_mcp_config(env: dict[str, str], *, name: str = "orkas") -> dict[str, Any]:
    """An `mcpServers` document for a child CLI (e.g. `claude -p --mcp-config FILE`)."""
    return {"mcpServers": {name: {"command": orkas_mcp_command(), "args": [], "env": dict(env)}}}
