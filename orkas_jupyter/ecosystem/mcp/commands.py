"""`%orkas mcp list|tools|add|remove|enable|disable|test` as functions returning the text to
print; the magic only parses the line and prints (`jupyter/commands.py`).

`add` writes the common `mcpServers` entry into `<workspace>/.orkas/mcp.json` (`--global`:
`$ORKAS_HOME/mcp.json`); `--secret K=V` stores V encrypted and writes only `${K}`, and
`--secret K` alone asks for the value without echo, so it is not left in the notebook.
"""

from __future__ import annotations

import argparse
import inspect
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, NoReturn

from ...engine.tools import ApprovalCallback, ToolContext, deny_all
from .config import FILE_NAME, NAME_PATTERN, load_servers, referenced, remove_server, set_disabled
from .config import write_server as write_entry
from .status import server_view
from .toolset import McpToolset

USAGE = """\
%orkas mcp [list]                 configured servers and their state
%orkas mcp tools [NAME]           the tools each server offers (starts servers)
%orkas mcp add NAME [--global] [--env K=V] [--secret K[=V]] [--header K=V] [--timeout S] \
-- COMMAND [ARGS…]
%orkas mcp add NAME [--header K=V] [--secret K[=V]] URL
%orkas mcp remove NAME | enable NAME | disable NAME | test NAME"""


class CommandError(ValueError):
    """The command line does not fit; the message says what would."""


def _pairs(values: list[str], what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CommandError(f"{what} takes KEY=VALUE, got {item!r}")
        out[key] = value
    return out


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # never print or exit inside a kernel
        raise CommandError(f"{message}\n{USAGE}")


def _add_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="%orkas mcp add", add_help=False, exit_on_error=False)
    parser.add_argument("name")
    parser.add_argument("--global", dest="glob", action="store_true")
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--secret", action="append", default=[])
    parser.add_argument("--header", action="append", default=[])
    parser.add_argument("--timeout", type=float)
    parser.add_argument("url", nargs="?")
    return parser


SecretReader = Callable[[str], "str | Awaitable[str]"]


async def add_server(toolset: McpToolset, parts: list[str],
                     read_secret: SecretReader | None = None) -> str:
    """`%orkas mcp add …`: write the entry, store its secrets; returns what was done."""
    split = parts.index("--") if "--" in parts else len(parts)
    try:
        args = _add_parser().parse_intermixed_args(parts[:split])
    except argparse.ArgumentError as exc:
        raise CommandError(f"{exc or 'the options do not fit'}\n{USAGE}") from None
    if not NAME_PATTERN.match(args.name):
        raise CommandError(f"server name {args.name!r}: use letters, digits, - and _ "
                           "(at most 40)")
    target = parts[split + 1:] or ([args.url] if args.url else [])
    if not target or (args.url and split < len(parts)):
        raise CommandError(f"say what to run (after --) or the server's URL\n{USAGE}")
    settings = toolset.settings
    secrets: dict[str, str] = {}
    for item in args.secret:
        key, sep, value = item.partition("=")
        if not sep:
            if read_secret is None:
                raise CommandError(f"--secret {key}: give the value as {key}=VALUE (it then "
                                   "stays in this cell's source) or run it where it can be asked")
            answer = read_secret(key)
            value = await answer if inspect.isawaitable(answer) else answer
        if not key or not value:
            raise CommandError(f"--secret {item!r}: a name and a value are needed")
        secrets[key] = value
    entry: dict[str, Any]
    if len(target) == 1 and target[0].startswith(("http://", "https://")):
        headers = _pairs(args.header, "--header")
        entry = {"type": "http", "url": target[0], **({"headers": headers} if headers else {})}
        unused = set(secrets) - referenced(headers)
        if unused:
            raise CommandError(f"secret {', '.join(sorted(unused))} is not used by any header; "
                               f"write it as --header 'Authorization=Bearer ${{{min(unused)}}}'")
    else:
        env = _pairs(args.env, "--env")
        env.update({k: "${" + k + "}" for k in secrets if k not in referenced(env)})
        entry = {"command": target[0], "args": target[1:], **({"env": env} if env else {})}
    if args.timeout:
        entry["timeout"] = args.timeout
    path = (settings.home if args.glob else settings.workspace / ".orkas") / FILE_NAME
    write_entry(path, args.name, entry)
    vault = toolset.vault
    vault.forget(args.name)
    for key, value in secrets.items():
        vault.set(args.name, key, value)
    toolset.notify()
    stored = f"; secrets {', '.join(sorted(secrets))} stored encrypted" if secrets else ""
    return (f"Added MCP server {args.name!r} to {path}{stored}. It starts on the next turn "
            "that needs tools" + (" after you confirm its command line." if "command" in entry
                                  else "."))


def _source(toolset: McpToolset, name: str) -> Path:
    servers, _ = load_servers(toolset.settings.workspace, toolset.settings.home)
    config = servers.get(name)
    if config is None or config.source is None:
        known = ", ".join(sorted(servers)) or "none"
        raise CommandError(f"no MCP server named {name!r} (configured: {known})")
    return config.source


def list_servers(toolset: McpToolset) -> str:
    """`%orkas mcp list`: every configured server, its state and where it is configured."""
    servers, problems = load_servers(toolset.settings.workspace, toolset.settings.home)
    if not servers and not problems:
        return (f"No MCP servers configured. Add one with `%orkas mcp add`, or copy your "
                f"mcpServers from Claude Desktop or Cursor into "
                f"{toolset.settings.workspace / '.orkas' / FILE_NAME} (docs/mcp.md).")
    lines = []
    for name, config in servers.items():
        # The state the side panel shows too (a server that exited between calls: crashed).
        view = server_view(name, config, toolset.servers.get(name))
        state = view["state"]
        tools = f", {view['tools']} tools" if view["tools"] else ""
        where = config.url if config.type == "http" else config.command
        lines.append(f"{name:<16} {config.type:<5} {state}{tools}  {where}  ({config.source})")
        if view["detail"] and state != "ready":
            lines.append(f"    {view['detail']}")
    lines += [f"problem: {p}" for p in problems]
    return "\n".join(lines)


async def list_tools(toolset: McpToolset, name: str | None, approve: ApprovalCallback
                     ) -> str:
    """`%orkas mcp tools [NAME]`: start the servers (asking as a turn would) and list tools."""
    await toolset.get_tools(ToolContext(session_id="mcp-command", approve=approve))
    lines = []
    for server, record in toolset.servers.items():
        if name not in (None, server):
            continue
        lines.append(f"{server}: {record.state}" + (f" — {record.detail}"
                                                    if record.detail else ""))
        for exposed, tool in record.tools.items():
            flags = "read-only" if tool.read_only else "asks first" if tool.destructive else ""
            lines.append(f"  {exposed}{f'  [{flags}]' if flags else ''}  "
                         f"{tool.description.splitlines()[0][:90] if tool.description else ''}")
        lines += [f"  not offered: {tool} — {why}" for tool, why in record.left_out.items()]
        lines += [f"  note: {notice}" for notice in record.notices]
    if name is not None and not lines:
        raise CommandError(f"no MCP server named {name!r}")
    return "\n".join(lines)


async def test_server(toolset: McpToolset, name: str, approve: ApprovalCallback) -> str:
    """`%orkas mcp test NAME`: (re)start one server now and say what happened."""
    _source(toolset, name)
    await toolset.reset(name)
    started = time.perf_counter()
    await toolset.get_tools(ToolContext(session_id="mcp-command", approve=approve))
    record = toolset.servers[name]
    took = (time.perf_counter() - started) * 1000
    if record.state == "ready":
        return (f"MCP server {name!r} is ready: {len(record.tools)} tools in {took:.0f} ms"
                + (f"; {len(record.left_out)} left out (`%orkas mcp tools {name}`)"
                   if record.left_out else "") + ".")
    return record.detail or f"MCP server {name!r}: {record.state}."


async def mcp_command(toolset: McpToolset, parts: list[str], *,
                      approve: ApprovalCallback = deny_all,
                      read_secret: SecretReader | None = None) -> str:
    """Run `%orkas mcp PARTS…` and return the text to show; a wrong command line returns the
    reason and the usage. `approve` asks the user to confirm a stdio server's command line
    (`tools`, `test`); `read_secret` reads a `--secret K` value without echo (it may return
    an awaitable, to ask on the kernel's main thread)."""
    action, rest = (parts[0], parts[1:]) if parts else ("list", [])
    try:
        if action == "list" and not rest:
            return list_servers(toolset)
        if action == "tools" and len(rest) <= 1:
            return await list_tools(toolset, rest[0] if rest else None, approve)
        if action == "add" and rest:
            return await add_server(toolset, rest, read_secret)
        if action in ("remove", "enable", "disable", "test") and len(rest) == 1:
            name = rest[0]
            if action == "test":
                return await test_server(toolset, name, approve)
            path = _source(toolset, name)
            await toolset.reset(name)
            if action == "remove":
                remove_server(path, name)
                toolset.vault.forget(name)
                toolset.consent.revoke(name)
                toolset.notify()
                return f"Removed MCP server {name!r} from {path} (and its stored secrets)."
            set_disabled(path, name, action == "disable")
            toolset.notify()
            return f"MCP server {name!r} {action}d in {path}."
    except (CommandError, ValueError, OSError) as exc:
        return f"{exc}"
    return f"Unknown or incomplete `%orkas mcp` command.\n{USAGE}"
