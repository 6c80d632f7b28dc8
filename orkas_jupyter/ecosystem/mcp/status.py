"""What the side panel shows of the MCP servers (X2): each configured server's name,
transport, state, tool count and the tools left out with the reason, plus broken config
entries; and the listeners told when that changes, so the panel follows a server connecting,
crashing or being disabled without waiting for a turn.

The view merges the configuration files (read again each time: a server configured but not
started yet is listed as "not started", a disabled one as "disabled") with what the toolset
knows of the servers it has seen. Messages in it are the toolset's, already redacted.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .config import ServerConfig

log = logging.getLogger(__name__)

Listener = Callable[[dict[str, Any]], None]


class ServerRecord(Protocol):
    """What the view reads of the toolset's record of a server (`toolset.ServerRecord`)."""

    @property
    def config(self) -> ServerConfig: ...
    @property
    def state(self) -> str: ...
    @property
    def detail(self) -> str: ...
    @property
    def tools(self) -> Mapping[str, Any]: ...
    @property
    def left_out(self) -> Mapping[str, str]: ...
    @property
    def connection(self) -> Any: ...


def server_view(name: str, config: ServerConfig | None, record: ServerRecord | None
                ) -> dict[str, Any]:
    """One server as the panel shows it (JSON-ready)."""
    base = record.config if record is not None else config
    assert base is not None
    entry: dict[str, Any] = {"name": name, "type": base.type, "state": "not started",
                             "tools": 0, "left_out": {}, "detail": "",
                             "source": str(base.source)}
    if config is not None and config.disabled:
        entry["state"] = "disabled"
        return entry
    if record is None:
        return entry
    entry.update(state=record.state, tools=len(record.tools), left_out=dict(record.left_out),
                 detail=record.detail)
    conn = record.connection
    if record.state == "ready" and conn is not None and conn.closed:
        # It exited between calls: say so now; its next call restarts it (once).
        entry.update(state="crashed", tools=0,
                     detail=f"MCP server {name!r} exited; it is restarted on its next call.")
    return entry


def server_views(configs: Mapping[str, ServerConfig], records: Mapping[str, ServerRecord]
                 ) -> list[dict[str, Any]]:
    """Every configured server (file order), then servers still running from an older
    configuration (until the next turn stops them)."""
    names = [*configs, *(n for n in records if n not in configs)]
    return [server_view(n, configs.get(n), records.get(n)) for n in names]


class StatusListeners:
    """Callbacks told the new view when it changed (each change once)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._last: dict[str, Any] | None = None

    def __bool__(self) -> bool:
        return bool(self._listeners)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add `listener`; returns the function that removes it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def publish(self, make_view: Callable[[], dict[str, Any]]) -> None:
        """Tell every listener about the view `make_view()` returns, unless it is the view
        they were last told."""
        try:
            view = make_view()
        except Exception:  # an unreadable home must not break what changed the state
            log.warning("the MCP status could not be read", exc_info=True)
            return
        if view == self._last:
            return
        self._last = view
        for listener in list(self._listeners):
            try:
                listener(view)
            except Exception:  # a closed panel must not break the turn that changed a state
                log.warning("an MCP status listener failed", exc_info=True)
