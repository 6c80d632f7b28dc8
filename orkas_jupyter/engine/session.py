"""The session-store protocol and an in-memory implementation.

Stores persist; the engine's `SessionLog` keeps the turn's view of history and checks the
pairing invariant on every write before anything reaches a store (E5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .errors import HistoryError
from .history import PairingTracker, repair_history, validate_history
from .messages import Message


class SessionStore(Protocol):
    """Where a session's messages live."""

    async def load(self, session_id: str) -> list[Message]:
        """The session's history, repaired (E5); empty for an unknown session."""
        ...

    async def append(self, session_id: str, messages: Sequence[Message]) -> None:
        """Add messages atomically: all of them or none."""
        ...

    async def rewrite(self, session_id: str, messages: Sequence[Message]) -> None:
        """Replace the whole history atomically (compaction, clear)."""
        ...


class InMemorySessionStore:
    """Sessions in a dict: tests, scratch work, and the engine's demo."""

    def __init__(self) -> None:
        self._sessions: dict[str, list[Message]] = {}

    async def load(self, session_id: str) -> list[Message]:
        return repair_history(self._sessions.get(session_id, []))

    async def append(self, session_id: str, messages: Sequence[Message]) -> None:
        self._sessions.setdefault(session_id, []).extend(messages)

    async def rewrite(self, session_id: str, messages: Sequence[Message]) -> None:
        self._sessions[session_id] = list(messages)

    def raw(self, session_id: str) -> list[Message]:
        """The stored messages without repair (for tests)."""
        return list(self._sessions.get(session_id, []))


class SessionLog:
    """A session's history as the running turn sees it; every write is validated first."""

    def __init__(self, store: SessionStore, session_id: str, history: Sequence[Message]) -> None:
        self.store = store
        self.session_id = session_id
        self.messages: list[Message] = list(history)
        self._tracker = PairingTracker()
        problems = [p for m in self.messages for p in self._tracker.feed(m)]
        if problems:
            raise HistoryError("; ".join(problems))

    @classmethod
    async def open(cls, store: SessionStore, session_id: str) -> SessionLog:
        """Load the session from `store`; repaired only if the store did not already."""
        history = await store.load(session_id)
        if validate_history(history):
            history = repair_history(history)
        return cls(store, session_id, history)

    @property
    def open_calls(self) -> int:
        return len(self._tracker.pending)

    async def append(self, messages: Sequence[Message]) -> None:
        """Write `messages`; refuses any that would break the invariant."""
        probe = PairingTracker()
        probe.pending = list(self._tracker.pending)
        probe.count = self._tracker.count
        problems = [p for m in messages for p in probe.feed(m)]
        if problems:
            raise HistoryError("refusing a write that breaks tool-call pairing: "
                               + "; ".join(problems))
        await self.store.append(self.session_id, messages)
        self._tracker = probe
        self.messages.extend(messages)

    async def rewrite(self, messages: Sequence[Message]) -> None:
        """Replace the whole history; it must be valid with no open calls."""
        problems = validate_history(messages)
        if problems:
            raise HistoryError("refusing a rewrite that breaks tool-call pairing: "
                               + "; ".join(problems))
        await self.store.rewrite(self.session_id, messages)
        self.messages = list(messages)
        self._tracker = PairingTracker()
        for m in self.messages:
            self._tracker.feed(m)
