"""Helpers for the MCP client tests, imported by module name (the conftest puts this folder
on sys.path): real MCP servers (the PyPI reference servers and the SDK-written fault server in
`servers/`), an agent host over the fake model server, and readers for what the model got."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from orkas_jupyter.config import Settings
from orkas_jupyter.engine import InMemorySessionStore
from orkas_jupyter.engine.events import Event
from orkas_jupyter.engine.tools import ApprovalDecision, ApprovalRequest

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
FAULT_SERVER = HERE / "servers" / "fault_server.py"


def time_server() -> dict[str, Any]:
    return {"command": str(BIN / "mcp-server-time"), "args": ["--local-timezone", "UTC"]}

def fault_server(*args: str, **env: str) -> dict[str, Any]:
    return {"command": sys.executable, "args": [str(FAULT_SERVER), *args], "env": env}

def write_config(path: Path, servers: dict[str, Any], **extra: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"mcpServers": servers, **extra}, indent=2))
    return path

class Approvals:
    """An approval callback that records every request and answers from a list (default)."""

    def __init__(self, *answers: ApprovalDecision, default: ApprovalDecision = "once") -> None:
        self.answers = list(answers)
        self.default = default
        self.requests: list[ApprovalRequest] = []

    async def __call__(self, request: ApprovalRequest) -> ApprovalDecision:
        self.requests.append(request)
        return self.answers.pop(0) if self.answers else self.default

def make_host(settings: Settings, **kw: Any) -> Any:
    """An agent host over the fake model, with the MCP toolset (added here unless the host
    already builds one itself)."""
    from orkas_jupyter.ecosystem.mcp import find_toolset, load_mcp_toolsets
    from orkas_jupyter.host import AgentHost

    kw.setdefault("store_factory", lambda _s: InMemorySessionStore())
    host = AgentHost(settings, **kw)
    if find_toolset(host.toolsets) is None:
        host.toolsets.extend(load_mcp_toolsets(settings))
    return host


def mcp_of(host: Any) -> Any:
    """The host's MCP toolset."""
    from orkas_jupyter.ecosystem.mcp import find_toolset

    return find_toolset(host.toolsets)


def run_turn(host: Any, prompt: str, approve: Any = None, session: str = "s",
             timeout: float = 90) -> list[Event]:
    from orkas_jupyter.host import DEFAULT_PROFILE

    async def go() -> list[Event]:
        return [e async for e in host.run_turn(DEFAULT_PROFILE, session, prompt,
                                               approve=approve)]

    return host.submit(go()).result(timeout=timeout)

def tool_results(request: Any) -> list[str]:
    """The tool messages the model got in one request, as JSON text."""
    return [m["content"] if isinstance(m["content"], str) else json.dumps(m["content"])
            for m in request.messages if m["role"] == "tool"]

def offered(request: Any) -> list[str]:
    """The names of the tools offered in one request."""
    return [t["function"]["name"] for t in request.body.get("tools", [])]
