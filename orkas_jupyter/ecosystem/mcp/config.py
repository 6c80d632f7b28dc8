"""MCP server configuration (X2): the common `mcpServers` JSON format that Claude Desktop,
Cursor and Claude Code use, read from `<workspace>/.orkas/mcp.json` and `$ORKAS_HOME/mcp.json`
(a workspace server wins over a user-level one of the same name).

A broken file or entry is reported with its file and key and skipped; every other server
still loads. Keys other tools add (`autoApprove`, `alwaysAllow`, …) are ignored, so the same
file works unchanged. Our own keys: `disabled` (true skips the server, as in Cline), `timeout`
(seconds per tool call) and `cwd`.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

FILE_NAME = "mcp.json"
DEFAULT_TIMEOUT_S = 120.0
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")
NAME_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
Transport = Literal["stdio", "http"]
# Spellings of the transport's `type` in other clients' files.
_TYPES: dict[str, Transport] = {"stdio": "stdio", "http": "http", "streamable-http": "http",
                                "streamablehttp": "http", "streamable_http": "http"}


class ServerConfig(BaseModel):
    """One server entry: a program to run (`command`, `args`, `env`) or a URL (`url`,
    `headers`)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str
    type: Transport = "stdio"
    command: str = ""
    args: tuple[str, ...] = ()
    env: dict[str, str] = Field(default_factory=dict)
    cwd: str | None = None
    url: str = ""
    headers: dict[str, str] = Field(default_factory=dict)
    disabled: bool = False
    timeout: float = Field(DEFAULT_TIMEOUT_S, gt=0, le=3600)
    # The file it came from (reported with problems, edited by `%orkas mcp`).
    source: Path | None = None

    @field_validator("env", "headers", mode="before")
    @classmethod
    def _strings(cls, value: Any) -> Any:
        # Numbers and booleans in env are common in hand-written files; keep them as text.
        if isinstance(value, dict):
            return {k: _text(v) for k, v in value.items()}
        return value


def _text(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int | float) else value


def config_paths(workspace: Path, home: Path) -> list[Path]:
    """The files read, lowest priority first."""
    return [home / FILE_NAME, workspace / ".orkas" / FILE_NAME]


def _entry(name: str, raw: Any, path: Path) -> ServerConfig:
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: mcpServers.{name}: must be an object, got "
                         f"{type(raw).__name__}")
    data = dict(raw)
    kind = str(data.get("type") or data.get("transport") or "").lower()
    if not kind:
        kind = "http" if data.get("url") and not data.get("command") else "stdio"
    if kind == "sse":
        raise ValueError(f"{path}: mcpServers.{name}.type: the SSE transport is not "
                         "supported; use the server's streamable HTTP endpoint (type \"http\")")
    if kind not in _TYPES:
        raise ValueError(f"{path}: mcpServers.{name}.type: {kind!r} is not one of stdio, http")
    data["type"] = _TYPES[kind]
    data.pop("transport", None)
    if data["type"] == "stdio" and not data.get("command"):
        raise ValueError(f"{path}: mcpServers.{name}.command: a stdio server needs a command")
    if data["type"] == "http" and not data.get("url"):
        raise ValueError(f"{path}: mcpServers.{name}.url: an http server needs a url")
    try:
        return ServerConfig(name=name, source=path, **{k: v for k, v in data.items()
                                                        if k not in ("name", "source")})
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"])
        raise ValueError(f"{path}: mcpServers.{name}.{key}: {err['msg']}") from None


def read_file(path: Path) -> tuple[dict[str, ServerConfig], list[str]]:
    """The servers of one file and a message per problem (file and key named)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, []
    except OSError as exc:
        return {}, [f"{path}: cannot be read ({exc.strerror or exc})"]
    try:
        data = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        return {}, [f"{path}: not valid JSON ({exc.msg} at line {exc.lineno}, column "
                    f"{exc.colno}); its servers are not loaded"]
    if not isinstance(data, dict):
        return {}, [f"{path}: must hold a JSON object with \"mcpServers\""]
    servers = data.get("mcpServers", {})
    if not isinstance(servers, dict):
        return {}, [f"{path}: mcpServers: must be an object of servers by name"]
    found: dict[str, ServerConfig] = {}
    problems: list[str] = []
    for name, raw in servers.items():
        try:
            found[name] = _entry(name, raw, path)
        except ValueError as exc:
            problems.append(str(exc))
    return found, problems


def load_servers(workspace: Path, home: Path) -> tuple[dict[str, ServerConfig], list[str]]:
    """Every configured server by name (the workspace's win) and the problems found."""
    servers: dict[str, ServerConfig] = {}
    problems: list[str] = []
    for path in config_paths(workspace, home):
        found, bad = read_file(path)
        servers.update(found)
        problems += bad
    return servers, problems


def expand(text: str, variables: Mapping[str, str]) -> str:
    """`${VAR}` (or `${VAR:-default}`) replaced from `variables`; an unset variable without a
    default raises `KeyError` naming it."""

    def one(match: re.Match[str]) -> str:
        name, default = match.group(1), match.group(2)
        if name in variables:
            return variables[name]
        if default is not None:
            return default
        raise KeyError(name)

    return _VAR.sub(one, text)


def referenced(values: Mapping[str, str]) -> set[str]:
    """The variable names `${…}` in these values refer to."""
    return {m.group(1) for v in values.values() for m in _VAR.finditer(v)}


# -- editing (for `%orkas mcp add|remove|enable|disable`) ------------------------------------
def _load_raw(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {"mcpServers": {}}
    data = json.loads(path.read_text(encoding="utf-8") or "{}")
    if not isinstance(data, dict) or not isinstance(data.setdefault("mcpServers", {}), dict):
        raise ValueError(f"{path}: mcpServers is not an object; fix the file first")
    return data


def _write_raw(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def write_server(path: Path, name: str, entry: dict[str, Any]) -> None:
    """Add or replace one server in `path`, keeping everything else in the file."""
    data = _load_raw(path)
    data["mcpServers"][name] = entry
    _write_raw(path, data)


def remove_server(path: Path, name: str) -> bool:
    """Remove one server from `path`; False when it was not there."""
    data = _load_raw(path)
    if name not in data["mcpServers"]:
        return False
    del data["mcpServers"][name]
    _write_raw(path, data)
    return True


def set_disabled(path: Path, name: str, disabled: bool) -> None:
    """Set a server's `disabled` key (removed when false, as other clients write it)."""
    data = _load_raw(path)
    entry = data["mcpServers"][name]
    if disabled:
        entry["disabled"] = True
    else:
        entry.pop("disabled", None)
    _write_raw(path, data)
