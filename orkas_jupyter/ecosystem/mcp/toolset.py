"""Configured MCP servers as one engine toolset (X2).

Servers start lazily, on the first turn that lists tools, and concurrently; a stdio server
starts only after the user confirmed its command line (asked in the turn, the way every
approval is; remembered per command hash), an HTTP server without asking. The configuration
is re-read every turn (two small files), so `%orkas mcp add|remove|enable|disable` counts on
the next turn: a changed server is restarted, a removed one stopped.

Every tool description (and the descriptions inside its schema) and every server's
instructions pass the injection scanner (`tools/threat_scan.py`); a hit leaves that tool out
(instructions: they are dropped) with the reason in `problems()` and `%orkas mcp tools`.
A crashed server is restarted once; its call returns a clear error. `aclose()` (the host's
`close()`) stops every server. `subscribe()` tells a listener (the side panel) each change of
the servers' view (`status.py`), whatever caused it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, NoReturn, Self

from ...config import Settings
from ...engine.errors import ToolError
from ...engine.tools import ApprovalRequest, Tool, ToolContext
from ...secrets import Redactor, is_secret_name
from .config import ServerConfig, load_servers
from .consent import ConsentStore, command_line
from .errors import McpCallError, McpStartError
from .status import Listener, StatusListeners, server_views
from .vault import SecretVault, VaultError

if TYPE_CHECKING:
    import mcp_types as types

    from .connection import ServerConnection
    from .tool import McpTool

log = logging.getLogger(__name__)

State = Literal["not started", "waiting", "starting", "ready", "failed", "denied", "disabled",
                "crashed"]


@dataclass
class ServerRecord:
    """What the toolset knows of one configured server."""

    config: ServerConfig
    state: State = "not started"
    detail: str = ""
    connection: ServerConnection | None = None
    restarts: int = 0
    tools: dict[str, McpTool] = field(default_factory=dict)
    # Tools left out, by their MCP name, with the reason.
    left_out: dict[str, str] = field(default_factory=dict)
    stale: bool = True
    # The server's instructions when they passed the scanner; messages about the server.
    instructions: str | None = None
    notices: list[str] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def scan_reason(text: str, *, label: bool = False) -> str | None:
    """Why `text` (a description, instructions) must not reach the model, or None. A
    `label` (a title, often made from an identifier: "Delete Everything") is read by the
    rules and the grammar only: the learned layer is calibrated on sentences, and two words
    of a name carry too little for it."""
    from ...tools.threat_scan import scan, scan_layers

    findings = scan_layers(text, ("rules", "intent")) if label else scan(text)
    if not findings:
        return None
    return "; ".join(f.describe() for f in findings[:3])


def _schema_texts(schema: Any, key: str) -> list[str]:
    """Every `key` ("description" or "title") inside a JSON Schema (where poisoning also
    hides)."""
    found: list[str] = []
    if isinstance(schema, dict):
        for name, value in schema.items():
            if name == key and isinstance(value, str):
                found.append(value)
            else:
                found += _schema_texts(value, key)
    elif isinstance(schema, list):
        for item in schema:
            found += _schema_texts(item, key)
    return found


class McpToolset:
    """Every server of `mcp.json` (workspace and user level), as `mcp__<server>__<tool>`."""

    def __init__(self, settings: Settings | Callable[[], Settings], *,
                 connect_timeout: float = 30.0) -> None:
        # A callable follows the host's settings as they change (a new workspace or home).
        self._settings = settings
        self.connect_timeout = connect_timeout
        self.servers: dict[str, ServerRecord] = {}
        self.config_problems: list[str] = []
        self._reported: set[str] = set()
        self._lock: asyncio.Lock | None = None
        self._consent_lock: asyncio.Lock | None = None
        self._redactors: dict[str, Redactor] = {}
        self._listeners = StatusListeners()

    @property
    def settings(self) -> Settings:
        """The settings in effect (workspace and home are read from them every turn)."""
        return self._settings() if callable(self._settings) else self._settings

    @property
    def consent(self) -> ConsentStore:
        return ConsentStore(self.settings.home)

    @property
    def vault(self) -> SecretVault:
        return SecretVault(self.settings.home)

    # -- the toolset protocol ---------------------------------------------------------------
    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()

    async def get_tools(self, ctx: ToolContext) -> Mapping[str, Tool[Any]]:
        """Start what is configured and not running yet, then every server's tools."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            await self.sync(ctx)
        tools: dict[str, Tool[Any]] = {}
        for record in self.servers.values():
            if record.state != "ready":
                continue
            if record.stale:
                self._build_tools(record)
            for name, tool in record.tools.items():
                if name in tools:
                    record.left_out[tool.mcp_name] = (f"its name {name} is taken by another "
                                                      "MCP server's tool")
                    continue
                tools[name] = tool
        self.notify()
        return tools

    def current_problems(self) -> list[str]:
        """Everything wrong now: broken config entries, servers that did not start, tools
        left out and why (for `%orkas mcp` and the panel)."""
        current = list(self.config_problems)
        for name, record in self.servers.items():
            if record.state in ("failed", "denied", "crashed") and record.detail:
                current.append(record.detail)
            current += record.notices
            current += [f"MCP tool {tool!r} of server {name!r} is not offered: {why}"
                        for tool, why in record.left_out.items()]
        return current

    def problems(self) -> list[str]:
        """The problems not reported yet (the engine shows them as warnings of the turn,
        each once)."""
        fresh = [p for p in self.current_problems() if p not in self._reported]
        self._reported.update(fresh)
        return fresh

    # -- starting and stopping --------------------------------------------------------------
    async def sync(self, ctx: ToolContext) -> None:
        """Bring the running servers in line with the configuration."""
        configs, self.config_problems = load_servers(self.settings.workspace,
                                                     self.settings.home)
        for name in list(self.servers):
            record = self.servers[name]
            if configs.get(name) != record.config:
                await self._stop(record)
                del self.servers[name]
        to_start: list[ServerRecord] = []
        for name, config in configs.items():
            record = self.servers.setdefault(name, ServerRecord(config))
            if config.disabled:
                record.state, record.detail = "disabled", ""
                continue
            if record.state != "not started":
                continue
            if (config.type == "stdio" and not self.consent.granted(config)
                    and not await self._ask_consent(record, ctx)):
                continue
            to_start.append(record)
        self.notify()
        await asyncio.gather(*(self._start(r) for r in to_start))

    async def _ask_consent(self, record: ServerRecord, ctx: ToolContext) -> bool:
        if self._consent_lock is None:
            self._consent_lock = asyncio.Lock()
        config = record.config
        shown = command_line(config)
        # One question at a time (a cell's input box asks one thing); never "for this run"
        # across servers: each command is confirmed on its own.
        async with self._consent_lock:
            record.state = "waiting"
            self.notify()
            try:
                decision = await ctx.approve(ApprovalRequest(
                    tool="mcp", risk="mcp_server_start", detail=shown, agent=ctx.agent,
                    summary=f"Start MCP server {config.name!r}: run this command on your "
                            f"machine (from {config.source}); your answer is remembered for "
                            "this exact command"))
            finally:  # asked again next time unless the answer below says otherwise
                record.state = "not started"
        if decision in ("once", "run"):
            self.consent.grant(config)
            return True
        record.state = "denied"
        record.detail = (f"MCP server {config.name!r} was not started: its command line needs "
                         "your confirmation and it was denied (by you, or by ORKAS_APPROVAL when "
                         f"nobody could be asked). `%orkas mcp test {config.name}` asks again.")
        self.notify()
        return False

    def _variables(self, config: ServerConfig) -> tuple[dict[str, str], list[str]]:
        secrets = self.vault.secrets(config.name)
        variables = {**os.environ, **secrets}
        return variables, list(secrets.values())

    async def _start(self, record: ServerRecord) -> None:
        from .connection import ServerConnection

        config = record.config
        record.state, record.detail = "starting", ""
        self.notify()
        # A failing server's error output may print its secrets: redact every message.
        redact = Redactor()
        try:
            variables, secret_values = self._variables(config)
            conn = ServerConnection(config, variables, self.settings.workspace,
                                    on_tools_changed=lambda: self._changed(record),
                                    on_closed=self.notify)
            env, headers = conn.resolved()
            secret_values += [v for k, v in {**env, **headers}.items()
                              if is_secret_name(k) or k.lower() == "authorization"]
            redact.add(secret_values)
            self._redactors[config.name] = redact
            record.connection = conn
            await conn.start(self.connect_timeout)
        except (McpStartError, VaultError) as exc:
            record.state, record.detail, record.connection = "failed", redact(str(exc)), None
            log.info("MCP server %s did not start", config.name)
            self.notify()
            return
        except asyncio.CancelledError:  # the turn was stopped: start again next time
            record.state, record.connection = "not started", None
            self.notify()
            raise
        except Exception as exc:  # one broken server never takes the others' tools away
            log.warning("MCP server %s failed to start", config.name, exc_info=True)
            record.state, record.connection = "failed", None
            record.detail = redact(f"MCP server {config.name!r} could not start: "
                                   f"{type(exc).__name__}: {exc}")
            self.notify()
            return
        record.state, record.stale = "ready", True
        record.instructions, record.notices = conn.instructions, []
        if conn.instructions and (why := scan_reason(conn.instructions)):
            # Instructions are not given to the model; flagged ones are dropped and said so,
            # the tools (each scanned on its own) stay.
            record.instructions = None
            record.notices.append(f"MCP server {config.name!r}: its instructions were dropped, "
                                  f"they look like an attempt to steer the model ({why}).")
        # Built now (not at the next listing) so the panel shows the tool count at once.
        self._build_tools(record)
        self.notify()

    def _changed(self, record: ServerRecord) -> None:
        record.stale = True
        if record.state == "ready" and record.connection is not None:
            self._build_tools(record)
            self.notify()

    def _build_tools(self, record: ServerRecord) -> None:
        from .tool import exposed_name, make_tool

        conn = record.connection
        assert conn is not None
        record.tools, record.left_out = {}, {}
        redactor = self._redactors.get(record.config.name, Redactor())
        for info in conn.tools:
            why = self._poisoned(info)
            if why:
                record.left_out[info.name] = f"its description looks unsafe ({why})"
                continue
            name = exposed_name(record.config.name, info.name)
            if name in record.tools:
                record.left_out[info.name] = f"its name {name} clashes with another tool"
                continue
            try:
                record.tools[name] = make_tool(
                    record.config.name, info, name, self._caller(record.config.name),
                    redactor, record.config.timeout)
            except Exception as exc:  # an invalid schema: leave that tool out, keep the rest
                record.left_out[info.name] = f"its input schema is invalid ({exc})"
        record.stale = False

    @staticmethod
    def _poisoned(info: types.Tool) -> str | None:
        texts = [info.description or "", *_schema_texts(info.input_schema, "description")]
        labels = [info.title or "", *_schema_texts(info.input_schema, "title")]
        return (scan_reason("\n".join(t for t in texts if t))
                or scan_reason("\n".join(t for t in labels if t), label=True))

    def _caller(self, server: str) -> Any:
        async def call(tool: str, arguments: dict[str, Any]) -> types.CallToolResult:
            return await self.call(server, tool, arguments)

        return call

    async def call(self, server: str, tool: str, arguments: dict[str, Any]
                   ) -> types.CallToolResult:
        """Call `tool` of `server`; a crash restarts the server once and raises `ToolError`."""
        record = self.servers.get(server)
        conn = record.connection if record is not None else None
        if record is None or conn is None:
            raise ToolError(f"MCP server {server!r} is not running; `%orkas mcp list` shows why.")
        try:
            return await conn.call(tool, arguments)
        except McpCallError as exc:
            redact = self._redactors.get(server, Redactor())
            if not exc.crashed:
                raise ToolError(redact(str(exc))) from None
            message = redact(str(exc)) + " The call was not completed."
        if self.servers.get(server) is not record:  # reconfigured or removed meanwhile
            raise ToolError(f"{message} The server was reconfigured or removed during the call.")
        async with record.lock:
            if record.connection is not conn:  # another call already restarted it
                await self._after_restart(record, message)
            await self._stop(record)
            if record.restarts >= 1:
                record.state = "crashed"
                record.detail = (f"MCP server {server!r} crashed again after a restart and is "
                                 f"stopped; `%orkas mcp test {server}` starts it again.")
                self.notify()
                raise ToolError(f"{message} It had already been restarted once, so it stays "
                                f"stopped; `%orkas mcp test {server}` starts it again.")
            record.restarts += 1
            record.state = "not started"
            await self._start(record)
            await self._after_restart(record, message)

    async def _after_restart(self, record: ServerRecord, message: str) -> NoReturn:
        if record.state == "ready":
            raise ToolError(f"{message} The server was restarted; repeat the call only if it "
                            "is safe to run again.")
        raise ToolError(f"{message} Restarting it failed: {record.detail}")

    async def _stop(self, record: ServerRecord) -> None:
        conn, record.connection = record.connection, None
        record.tools, record.stale = {}, True
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.stop()

    async def reset(self, name: str) -> None:
        """Forget a failure, denial or crash of `name` so the next listing starts it again."""
        record = self.servers.get(name)
        if record is not None:
            await self._stop(record)
            del self.servers[name]
        self.notify()

    async def aclose(self) -> None:
        """Stop every server."""
        records = list(self.servers.values())
        await asyncio.gather(*(self._stop(r) for r in records), return_exceptions=True)
        for record in records:
            if record.state == "ready":
                record.state = "not started"
        self.notify()

    # -- what the panel and `%orkas mcp list` show ------------------------------------------
    def status(self) -> list[dict[str, Any]]:
        """Each configured server's state, for the side panel (JSON-ready; `status.py`)."""
        return self.view()["servers"]  # type: ignore[no-any-return]

    def view(self) -> dict[str, Any]:
        """What the side panel shows: `servers` (see `status.server_view`) and `problems`
        (broken entries of the configuration files). Reads the two files."""
        configs, problems = load_servers(self.settings.workspace, self.settings.home)
        return {"servers": server_views(configs, self.servers), "problems": problems}

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(view)` on the toolset's loop whenever the view changes; returns
        the function that unsubscribes."""
        return self._listeners.subscribe(listener)

    def notify(self) -> None:
        """Tell the listeners when the view changed (after anything that may change it;
        `%orkas mcp` calls it after editing a file)."""
        if self._listeners:
            self._listeners.publish(self.view)
