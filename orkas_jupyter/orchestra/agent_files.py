"""Agents defined in files (O1): `<workspace>/.orkas/agents/NAME.md` and
`$ORKAS_HOME/agents/NAME.md`, the workspace's winning. YAML front matter (`name`,
`description`, optional `model`, `tools`, `skills`, `command`), the body is the system prompt —
Claude Code's agent-file convention, so its files work here unchanged.

A broken file is reported by path and line and skipped; it never stops a turn."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

__all__ = ["CLAUDE_TOOL_NAMES", "RESERVED_NAMES", "AgentDef", "AgentProblem", "load_agents"]

# Names the conversation itself uses: `@commander` takes the floor back, workers are anonymous.
RESERVED_NAMES = frozenset({"commander", "orkas", "worker", "user", "all"})
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,47}$")
_FIELDS = {"name", "description", "model", "tools", "skills", "command", "color"}
# Claude Code's tool names, for agent files written for it.
CLAUDE_TOOL_NAMES: dict[str, tuple[str, ...]] = {
    "Read": ("read_file",), "Write": ("write_file",), "Edit": ("edit_file",),
    "MultiEdit": ("edit_file",), "Bash": ("bash", "bash_status"), "Grep": ("grep_files",),
    "Glob": ("search_files",), "LS": ("search_files",), "WebFetch": ("web_fetch",),
    "NotebookRead": ("list_cells", "read_cell"),
    "NotebookEdit": ("insert_cell", "edit_cell", "delete_cell"),
}


@dataclass(frozen=True)
class AgentProblem:
    """Why a file (or one of its fields) was not used."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True)
class AgentDef:
    """One agent as its file defines it."""

    name: str
    description: str
    system_prompt: str
    path: Path
    model: str | None = None
    # None: every tool Commander has (minus the team's); a tuple: an allow-list.
    tools: tuple[str, ...] | None = None
    skills: tuple[str, ...] | None = None
    # An outside agent CLI that takes the task and prints an answer (e.g. `claude -p`).
    command: str | None = None
    notes: tuple[str, ...] = field(default=())


def _split_front_matter(text: str) -> tuple[str, str, int] | None:
    """(front matter, body, line where the front matter starts) or None without one."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        return None
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            return "".join(lines[1:i]), "".join(lines[i + 1:]), 2
    return None


def _names(value: Any) -> tuple[str, ...] | None:
    """A list, or a comma-separated string (both conventions exist); None when absent."""
    if value is None:
        return None
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise ValueError("must be a list of names or a comma-separated string")
    return tuple(i.strip() for i in items if i.strip())


def _tools(names: tuple[str, ...] | None) -> tuple[tuple[str, ...] | None, list[str]]:
    """Claude Code's names mapped to ours; the notes say what was mapped."""
    if names is None:
        return None, []
    out: list[str] = []
    notes: list[str] = []
    for name in names:
        mapped = CLAUDE_TOOL_NAMES.get(name)
        if mapped is not None:
            out.extend(m for m in mapped if m not in out)
            notes.append(f"tool {name} means {', '.join(mapped)} here")
        elif name not in out:
            out.append(name)
    return tuple(out), notes


def _key_line(front: str, key: str, start: int) -> int:
    for i, line in enumerate(front.splitlines()):
        if re.match(rf"^{re.escape(key)}\s*:", line):
            return start + i
    return start


def parse_agent_file(path: Path) -> AgentDef | AgentProblem:
    """One file, parsed and checked."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return AgentProblem(path, 1, f"cannot be read: {exc}")
    split = _split_front_matter(text)
    if split is None:
        return AgentProblem(path, 1, "no front matter: the file must start with a line `---`, "
                            "then `name:` and `description:`, then `---` and the prompt")
    front, body, start = split
    try:
        data = yaml.safe_load(front) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = start + (mark.line if mark is not None else 0)
        problem = getattr(exc, "problem", None) or str(exc)
        return AgentProblem(path, line, f"invalid YAML in the front matter: {problem}")
    if not isinstance(data, dict):
        return AgentProblem(path, start, "the front matter must be `key: value` lines")
    notes = [f"unknown field {k!r} ignored" for k in data if k not in _FIELDS]
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not _NAME.match(name):
        return AgentProblem(path, _key_line(front, "name", start),
                            f"invalid name {name!r}: use lowercase letters, digits, - and _")
    if name in RESERVED_NAMES:
        return AgentProblem(path, _key_line(front, "name", start),
                            f"the name {name!r} is reserved; choose another")
    description = data.get("description")
    if not isinstance(description, str) or not description.strip():
        return AgentProblem(path, _key_line(front, "description", start),
                            "`description` is required: Commander reads it to choose the agent")
    values: dict[str, Any] = {}
    for key in ("model", "command"):
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            return AgentProblem(path, _key_line(front, key, start), f"`{key}` must be a string")
        values[key] = value.strip() if isinstance(value, str) else None
    try:
        tools, mapped = _tools(_names(data.get("tools")))
    except ValueError as exc:
        return AgentProblem(path, _key_line(front, "tools", start), f"`tools` {exc}")
    try:
        skills = _names(data.get("skills"))
    except ValueError as exc:
        return AgentProblem(path, _key_line(front, "skills", start), f"`skills` {exc}")
    prompt = body.strip()
    if not prompt and values["command"] is None:
        return AgentProblem(path, start, "the file has no prompt after its front matter")
    return AgentDef(name=name, description=" ".join(description.split()), system_prompt=prompt,
                    path=path, model=values["model"], tools=tools, skills=skills,
                    command=values["command"], notes=tuple(notes + mapped))


def load_agents(folders: Sequence[Path]) -> tuple[dict[str, AgentDef], list[AgentProblem]]:
    """Agents from `folders` in priority order (the first folder's agent of a name wins);
    the problems of every broken file."""
    agents: dict[str, AgentDef] = {}
    problems: list[AgentProblem] = []
    for folder in folders:
        for path in _agent_files(folder):
            parsed = parse_agent_file(path)
            if isinstance(parsed, AgentProblem):
                problems.append(parsed)
            elif parsed.name not in agents:
                agents[parsed.name] = parsed
    return agents, problems


def _agent_files(folder: Path) -> Iterable[Path]:
    try:
        return sorted(p for p in folder.glob("*.md") if p.is_file())
    except OSError:
        return []
