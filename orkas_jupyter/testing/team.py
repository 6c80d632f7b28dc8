"""Scripting a team through the fake model server: which member sent a request.

Commander, each agent of an agent file and each worker have their own system prompt; a
scripted model answers each by who asks (see docs/teams.md and docs/testing.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["last_user_text", "member_of", "tool_names", "write_agents"]


def write_agents(workspace: Path, **files: str) -> Path:
    """Agent files `<workspace>/.orkas/agents/NAME.md` from `NAME=text`; the folder."""
    folder = Path(workspace) / ".orkas" / "agents"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.md").write_text(text)
    return folder


def _system(request: Any) -> str:
    for message in request.messages:
        if message.get("role") == "system":
            content = message.get("content") or ""
            if isinstance(content, list):  # content parts
                return "".join(p.get("text", "") for p in content if isinstance(p, dict))
            return str(content)
    return ""


def member_of(request: Any) -> str:
    """"commander", "worker", or the agent's name (from "You are NAME, a member of a
    team …", the first line an agent file's prompt gets)."""
    system = _system(request)
    for line in system.splitlines():
        if line.startswith("You are ") and ", a member of a team" in line:
            return line.split()[2].rstrip(",")
    if "You are a worker Commander started" in system:
        return "worker"
    return "commander"


def last_user_text(request: Any) -> str:
    """The text of the request's last user message."""
    for message in reversed(request.messages):
        if message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, list):
                return "".join(p.get("text", "") for p in content if isinstance(p, dict))
            return str(content or "")
    return ""


def tool_names(request: Any) -> list[str]:
    """The names of the tools offered in the request."""
    return [t["function"]["name"] for t in request.body.get("tools") or []]
