"""The store as the other layers use it.

`StoreClient` is the typed synchronous API (for magics such as `%orkas sessions`);
`WorkspaceStore` is the same API for async code and implements the engine's `SessionStore`
and the providers' `RecordingStore`. Both share one implementation: the async methods run the
synchronous ones on a worker thread, so the kernel's event loop never blocks on the store.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, TypeAdapter, ValidationError

from ..config import Settings, load_settings
from ..engine.events import AssistantMessage, Compaction, Event, ToolEnd
from ..engine.history import repair_history
from ..engine.messages import Message
from .client import (
    DEFAULT_IDLE_SECONDS,
    DirectTransport,
    SocketTransport,
    Transport,
    new_request_id,
)
from .memory_rules import Action
from .redact import SecretRedactor, secret_config_values, secret_env_values

log = logging.getLogger(__name__)
_MESSAGES = TypeAdapter(list[Message])
StoreMode = Literal["server", "direct"]
WORKSPACE_SESSION = "workspace-default"


class SessionInfo(BaseModel):
    """A row of the session list."""

    id: str
    title: str
    notebook: str
    created_at: float
    updated_at: float
    message_count: int


class UsageRow(BaseModel):
    """Usage totals for one model."""

    model: str
    requests: int
    input_tokens: int
    output_tokens: int
    cost_usd: float


class ToolStat(BaseModel):
    """Calls and error results of one tool (E6)."""

    tool: str
    calls: int
    errors: int


def default_session_id(notebook: str | None) -> str:
    """The session a notebook continues when none is named: keyed by its absolute path."""
    if not notebook:
        return WORKSPACE_SESSION
    digest = hashlib.sha256(str(Path(notebook).resolve()).encode()).hexdigest()[:16]
    return f"nb-{digest}"


def decode_messages(array_json: str) -> list[Message]:
    """Parse a stored JSON array of messages; an unreadable one is skipped with a warning
    (the rest of the history is worth more than a refusal to load)."""
    try:
        return _MESSAGES.validate_json(array_json)
    except ValidationError:
        out: list[Message] = []
        for i, item in enumerate(json.loads(array_json)):
            try:
                out.append(Message.model_validate(item))
            except ValidationError:
                log.warning("skipping unreadable stored message %d", i)
        return out


class StoreClient:
    """Typed synchronous access to a workspace store."""

    def __init__(self, transport: Transport, *, secrets: Iterable[str] = (),
                 cache_sessions: int = 8) -> None:
        self.transport = transport
        self.redact = SecretRedactor(secret_env_values())
        self.redact.add(secrets)
        # Decoded histories of recently loaded sessions: (generation, stored rows, messages).
        # Decoding dominates a load, and a turn reloads its session every time.
        self._cache: OrderedDict[str, tuple[int, int, list[Message]]] = OrderedDict()
        self._cache_size = cache_sessions
        self._cache_lock = threading.Lock()

    def call(self, op: str, **args: Any) -> Any:
        """Run any registered operation (the knowledge base adds its own)."""
        return self.transport.call(op, args, new_request_id())

    def _wire(self, messages: Sequence[Message]) -> list[dict[str, str]]:
        return [{"id": m.id, "role": m.role, "body": self.redact(m.model_dump_json())}
                for m in messages]

    # sessions
    def load(self, session_id: str) -> list[Message]:
        """The session's history, repaired (E5); empty for an unknown session. Only rows
        appended since this client's last load of the same history are fetched and decoded."""
        with self._cache_lock:
            cached = self._cache.get(session_id)
        generation, count, known = cached if cached else (None, 0, [])
        res = self.call("session.load", session_id=session_id, known_generation=generation,
                        known_count=count)
        fresh = decode_messages(str(res["bodies"]))
        if cached and res["generation"] == generation and res["offset"] == count:
            messages, rows = known + fresh, count + int(res["count"])
        else:
            messages, rows = fresh, int(res["count"])
        if res["generation"] is not None and self._cache_size:
            with self._cache_lock:
                self._cache[session_id] = (int(res["generation"]), rows, messages)
                self._cache.move_to_end(session_id)
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return repair_history(messages)

    def append(self, session_id: str, messages: Sequence[Message]) -> None:
        """Append atomically (all or none); a message id already stored is not added twice."""
        if messages:
            self.call("session.append", session_id=session_id, messages=self._wire(messages))

    def rewrite(self, session_id: str, messages: Sequence[Message]) -> None:
        """Replace the whole history atomically: readers see the old or the new one."""
        self.call("session.rewrite", session_id=session_id, messages=self._wire(messages))

    def ensure_session(self, session_id: str, title: str = "", notebook: str = "") -> None:
        """Create the session when missing."""
        self.call("session.ensure", session_id=session_id, title=title, notebook=notebook)

    def default_session(self, notebook: str | None = None) -> str:
        """The id of the notebook's default session (created when missing)."""
        session_id = default_session_id(notebook)
        title = Path(notebook).name if notebook else "workspace"
        self.ensure_session(session_id, title, str(Path(notebook).resolve()) if notebook else "")
        return session_id

    def list_sessions(self) -> list[SessionInfo]:
        """Every session, most recently updated first."""
        return [SessionInfo.model_validate(r) for r in self.call("session.list")]

    def rename_session(self, session_id: str, title: str) -> None:
        """Set a session's title; an unknown id is a `StoreArgumentError`."""
        self.call("session.rename", session_id=session_id, title=title)

    def delete_session(self, session_id: str) -> bool:
        """Delete a session and its messages; False when it did not exist."""
        return bool(self.call("session.delete", session_id=session_id))

    # recordings (P7)
    def get_recording(self, key: str) -> str | None:
        """The payload recorded under `key`, or None."""
        result = self.call("recording.get", key=key)
        return None if result is None else str(result)

    def put_recording(self, key: str, payload: str) -> None:
        """Store an opaque payload under `key` (replacing an older one)."""
        self.call("recording.put", key=key, payload=self.redact(payload))

    # usage ledger (P6) and tool statistics (E6)
    def record_usage(self, session_id: str, model: str, input_tokens: int, output_tokens: int,
                     cost_usd: float, request_id: str | None = None) -> None:
        """Add one model call to the ledger; the same `request_id` twice counts once."""
        self.call("usage.record", request_id=request_id or new_request_id(),
                  session_id=session_id, model=model, input_tokens=input_tokens,
                  output_tokens=output_tokens, cost_usd=cost_usd)

    def usage(self, session_id: str | None = None) -> list[UsageRow]:
        """Totals per model for a session, or for the workspace when `session_id` is None."""
        return [UsageRow.model_validate(r)
                for r in self.call("usage.summary", session_id=session_id)]

    def total_cost(self, session_id: str | None = None) -> float:
        """Total cost in USD for a session or the workspace."""
        return sum(r.cost_usd for r in self.usage(session_id))

    def record_tool_call(self, session_id: str, tool: str, is_error: bool,
                         call_id: str | None = None) -> None:
        """Count one tool call; the same `call_id` twice counts once."""
        self.call("tools.record", call_id=call_id or new_request_id(), session_id=session_id,
                  tool=tool, is_error=is_error)

    def tool_stats(self, session_id: str | None = None) -> list[ToolStat]:
        """Calls and errors per tool."""
        return [ToolStat.model_validate(r)
                for r in self.call("tools.stats", session_id=session_id)]

    # project notes (memory)
    def notes(self) -> list[str]:
        """The project notes."""
        return [str(e) for e in self.call("notes.get")]

    def edit_notes(self, action: Action, content: str, old: str, limit: int) -> str:
        """Apply one memory edit to the notes atomically; returns the report line."""
        result = self.call("notes.edit", action=action, content=content, old=old, limit=limit)
        return str(result["message"])

    def close(self) -> None:
        """Release the connection (the server keeps running for other kernels)."""
        self.transport.close()


class WorkspaceStore:
    """The async face of `StoreClient`: the engine's `SessionStore` and the providers'
    `RecordingStore`. `sync` is the underlying client for synchronous callers."""

    def __init__(self, client: StoreClient) -> None:
        self.sync = client

    async def load(self, session_id: str) -> list[Message]:
        """The session's history, repaired (E5)."""
        return await asyncio.to_thread(self.sync.load, session_id)

    async def append(self, session_id: str, messages: Sequence[Message]) -> None:
        """Append atomically."""
        await asyncio.to_thread(self.sync.append, session_id, list(messages))

    async def rewrite(self, session_id: str, messages: Sequence[Message]) -> None:
        """Replace the whole history atomically."""
        await asyncio.to_thread(self.sync.rewrite, session_id, list(messages))

    async def get_recording(self, key: str) -> str | None:
        """The payload recorded under `key`, or None."""
        return await asyncio.to_thread(self.sync.get_recording, key)

    async def put_recording(self, key: str, payload: str) -> None:
        """Store an opaque payload under `key`."""
        await asyncio.to_thread(self.sync.put_recording, key, payload)

    async def record_usage(self, session_id: str, model: str, input_tokens: int,
                           output_tokens: int, cost_usd: float,
                           request_id: str | None = None) -> None:
        """Add one model call to the ledger."""
        await asyncio.to_thread(self.sync.record_usage, session_id, model, input_tokens,
                                output_tokens, cost_usd, request_id)

    async def record_tool_call(self, session_id: str, tool: str, is_error: bool,
                               call_id: str | None = None) -> None:
        """Count one tool call."""
        await asyncio.to_thread(self.sync.record_tool_call, session_id, tool, is_error, call_id)

    async def record_event(self, session_id: str, event: Event) -> None:
        """Feed one event of a turn: tool results count in the tool statistics (E6), each
        model response's usage goes to the ledger (P6); other events are ignored. Ids make a
        repeated event count once."""
        if isinstance(event, ToolEnd):
            await self.record_tool_call(session_id, event.call.name, event.result.is_error,
                                        event.call.id)
        elif isinstance(event, AssistantMessage):
            u = event.usage
            if u.input_tokens or u.output_tokens or u.cost_usd:
                await self.record_usage(session_id, str(event.message.meta.get("model", "?")),
                                        u.input_tokens, u.output_tokens, u.cost_usd,
                                        request_id=event.message.id)
        elif isinstance(event, Compaction):  # the summary's model call
            u = event.usage
            if u.input_tokens or u.output_tokens or u.cost_usd:
                await self.record_usage(session_id, event.model or "?", u.input_tokens,
                                        u.output_tokens, u.cost_usd,
                                        request_id=event.request_id or None)

    async def call(self, op: str, **args: Any) -> Any:
        """Run any registered operation."""
        return await asyncio.to_thread(lambda: self.sync.call(op, **args))

    def close(self) -> None:
        """Release the connection."""
        self.sync.close()


def open_client(settings: Settings | None = None, *, path: Path | None = None,
                mode: StoreMode = "server",
                idle_seconds: float = DEFAULT_IDLE_SECONDS) -> StoreClient:
    """A synchronous client for the workspace store (`ORKAS_STORE`, §12)."""
    settings = settings or load_settings()
    db = path or settings.store_path
    transport: Transport = (DirectTransport(db) if mode == "direct"
                            else SocketTransport(db, idle_seconds=idle_seconds))
    return StoreClient(transport, secrets=secret_config_values(settings.workspace))


def open_store(settings: Settings | None = None, *, path: Path | None = None,
               mode: StoreMode = "server",
               idle_seconds: float = DEFAULT_IDLE_SECONDS) -> WorkspaceStore:
    """The async store for the workspace: what the agent and its tools are given."""
    return WorkspaceStore(open_client(settings, path=path, mode=mode,
                                      idle_seconds=idle_seconds))
