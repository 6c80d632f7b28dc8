"""One live connection to an MCP server through the official SDK (the one MCP launcher, §11).

The SDK's transports and session are anyio context managers that must be entered and left in
one task, so each connection runs in its own runner task: it starts the process (or opens the
HTTP session), initialises, lists the tools, then waits to be stopped. Calls from any task of
the same loop go through the session. A call cancelled by the engine (timeout, the user's
stop) is cancelled through the SDK, which sends the protocol's `notifications/cancelled`.

A stdio server's stderr goes to a temporary file whose tail explains a failed start or a
crash. Its stdout is relayed to the session through a stream of ours, so a server that exits
between calls is noticed at once (`on_closed`), not only by the next call. A stdio server
inherits only the SDK's safe default environment plus its own `env`, never the kernel's
credentials.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any, TextIO, cast

import anyio
import mcp_types as types
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError
from mcp_types.jsonrpc import CONNECTION_CLOSED

from .config import ServerConfig, expand
from .errors import McpCallError, McpStartError

log = logging.getLogger(__name__)

CONNECT_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 5.0
_STDERR_TAIL = 1_500


def quiet_sdk_logs() -> None:
    """The SDK logs whole messages at DEBUG (a result may echo a token): keep its loggers at
    INFO unless someone set a level on them on purpose."""
    for name in ("mcp", "httpx2", "httpcore2"):
        logger = logging.getLogger(name)
        if logger.level == logging.NOTSET:
            logger.setLevel(logging.INFO)


def _tail(errlog: IO[str] | None) -> str:
    if errlog is None:
        return ""
    with contextlib.suppress(OSError, ValueError):
        errlog.flush()
        errlog.seek(0)
        text = errlog.read()
        return text[-_STDERR_TAIL:].strip()
    return ""


class ServerConnection:
    """A started MCP server: its session, tools and instructions, until `stop()`."""

    def __init__(self, config: ServerConfig, variables: Mapping[str, str], cwd: Path,
                 on_tools_changed: Callable[[], None] = lambda: None,
                 on_closed: Callable[[], None] = lambda: None) -> None:
        self.config = config
        self._variables = dict(variables)
        self._cwd = cwd
        self._on_tools_changed = on_tools_changed
        # Told when a started server ends without being stopped (it crashed or exited).
        self._on_closed = on_closed
        self.session: ClientSession | None = None
        self.tools: list[types.Tool] = []
        self.instructions: str | None = None
        self.server_name = ""
        self._ready = asyncio.Event()
        self._stop = asyncio.Event()
        self._eof = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._error: BaseException | None = None
        self._errlog: IO[str] | None = None
        self.closed = False

    # -- starting ---------------------------------------------------------------------------
    def resolved(self) -> tuple[dict[str, str], dict[str, str]]:
        """`env` and `headers` with `${VAR}` expanded (secrets first, then the environment)."""
        try:
            env = {k: expand(v, self._variables) for k, v in self.config.env.items()}
            headers = {k: expand(v, self._variables) for k, v in self.config.headers.items()}
        except KeyError as exc:
            raise McpStartError(
                f"MCP server {self.config.name!r}: the variable ${{{exc.args[0]}}} is not set; "
                f"export it before starting Jupyter, or store it with `%orkas mcp add "
                f"{self.config.name} … --secret {exc.args[0]}=VALUE`") from None
        return env, headers

    async def start(self, timeout: float = CONNECT_TIMEOUT_S) -> None:
        """Start the server and list its tools; raises `McpStartError` saying why not."""
        env, headers = self.resolved()
        quiet_sdk_logs()
        if self.config.type == "stdio":
            # Kept open until `stop()`: its tail explains a failed start or a crash.
            self._errlog = tempfile.TemporaryFile(  # noqa: SIM115
                "w+", encoding="utf-8", errors="replace")
        self._task = asyncio.create_task(self._run(env, headers),
                                         name=f"mcp-{self.config.name}")
        ready = asyncio.create_task(self._ready.wait())
        try:
            done, _ = await asyncio.wait({ready, self._task}, timeout=timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            ready.cancel()
            await self.stop()
            raise
        ready.cancel()
        if self._ready.is_set():
            return
        message = self._explain(self._cause() if done else
                                f"did not answer within {timeout:g} s")
        await self.stop()
        raise McpStartError(message)

    def _cause(self) -> str:
        exc = self._error
        if isinstance(exc, FileNotFoundError) or (
                isinstance(exc, OSError) and exc.errno == 2):
            return (f"its command {self.config.command!r} was not found; install the server "
                    "or fix `command` in mcp.json")
        while isinstance(exc, BaseExceptionGroup):  # anyio nests one group per task group
            exc = exc.exceptions[0]
        if isinstance(exc, MCPError) and exc.code == CONNECTION_CLOSED:
            return "it exited before it answered"
        return f"{type(exc).__name__}: {exc}" if exc is not None else "it stopped"

    def _explain(self, why: str) -> str:
        where = self.config.url if self.config.type == "http" else self.config.command
        text = f"MCP server {self.config.name!r} ({where}) could not start: {why}."
        tail = _tail(self._errlog)
        return f"{text}\nIts error output ends with:\n{tail}" if tail else text

    async def _run(self, env: dict[str, str], headers: dict[str, str]) -> None:
        try:
            async with contextlib.AsyncExitStack() as stack:
                if self.config.type == "stdio":
                    params = StdioServerParameters(
                        command=self.config.command, args=list(self.config.args), env=env,
                        cwd=self._cwd / self.config.cwd if self.config.cwd else self._cwd,
                        encoding_error_handler="replace")
                    read, write = await stack.enter_async_context(
                        stdio_client(params, errlog=cast(TextIO, self._errlog or sys.stderr)))
                    read = await self._relay(stack, read)
                else:
                    client = await stack.enter_async_context(
                        create_mcp_http_client(headers=headers))
                    read, write = await stack.enter_async_context(
                        streamable_http_client(self.config.url, http_client=client))
                session = await stack.enter_async_context(
                    ClientSession(read, write, message_handler=self._on_message))
                init = await session.initialize()
                self.instructions = init.instructions
                self.server_name = init.server_info.name if init.server_info else ""
                self.session = session
                self.tools = await self._list(session)
                self._ready.set()
                await self._until_stopped_or_ended()
        except Exception as exc:
            self._error = exc
            if self._ready.is_set():
                log.warning("MCP server %s ended: %s", self.config.name, type(exc).__name__)
        finally:
            self.session = None
            self.closed = True
            if self._ready.is_set() and not self._stop.is_set():
                with contextlib.suppress(Exception):
                    self._on_closed()

    async def _relay(self, stack: contextlib.AsyncExitStack, read: Any) -> Any:
        """A stream with what the server writes, and `_eof` set when it stops writing."""
        send, receive = anyio.create_memory_object_stream[Any](0)

        async def relay() -> None:
            async with send:
                async for item in read:
                    await send.send(item)
            self._eof.set()

        group = await stack.enter_async_context(anyio.create_task_group())
        # Left before the group is joined: the relay waits on the transport, which closes later.
        stack.callback(group.cancel_scope.cancel)
        group.start_soon(relay)
        return receive

    async def _until_stopped_or_ended(self) -> None:
        async with anyio.create_task_group() as group:
            async def first(event: asyncio.Event) -> None:
                await event.wait()
                group.cancel_scope.cancel()

            group.start_soon(first, self._stop)
            group.start_soon(first, self._eof)
        if not self._stop.is_set():
            log.info("MCP server %s exited between calls", self.config.name)

    async def _list(self, session: ClientSession) -> list[types.Tool]:
        tools: list[types.Tool] = []
        cursor: str | None = None
        for _ in range(100):  # a paginator that never ends cannot hang the turn
            params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
            page = await session.list_tools(params=params)
            tools += page.tools
            cursor = page.next_cursor
            if not cursor:
                break
        return tools

    async def _on_message(self, message: Any) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            session = self.session
            if session is not None:
                # The handler runs in the session's own task group; list from a task of ours.
                asyncio.get_running_loop().create_task(self._refresh(session))
        elif isinstance(message, Exception):
            log.info("MCP server %s sent something that is not MCP: %s", self.config.name,
                     type(message).__name__)

    async def _refresh(self, session: ClientSession) -> None:
        try:
            self.tools = await self._list(session)
        except Exception:
            log.warning("MCP server %s: could not re-list its tools", self.config.name,
                        exc_info=True)
        self._on_tools_changed()

    # -- calls ------------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        """True while the connection is up (a crashed stdio server is not)."""
        return self.session is not None and not self.closed

    async def call(self, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        """Call one tool; raises `McpCallError` when the server is gone."""
        session = self.session
        if session is None:
            raise McpCallError(f"MCP server {self.config.name!r} is not running", crashed=True)
        try:
            return await session.call_tool(name, arguments)
        except MCPError as exc:
            if exc.code == CONNECTION_CLOSED:
                tail = _tail(self._errlog)
                detail = f" Its error output ends with:\n{tail}" if tail else ""
                raise McpCallError(f"MCP server {self.config.name!r} exited during the call."
                                   f"{detail}", crashed=True) from None
            raise McpCallError(f"MCP server {self.config.name!r} answered with an error "
                               f"({exc.code}): {exc.message}") from None

    async def stop(self) -> None:
        """Stop the server (the process ends with its stdin closed, then a signal)."""
        self._stop.set()
        task = self._task
        if task is not None and not task.done():
            try:
                await asyncio.wait_for(asyncio.shield(task), STOP_TIMEOUT_S)
            except TimeoutError:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            except asyncio.CancelledError:
                task.cancel()
                raise
        self.session = None
        self.closed = True
        if self._errlog is not None:
            self._errlog.close()
            self._errlog = None
