"""Turn observers: code that watches a turn's events without being part of it. The usage and
tool-statistics ledger is one; a surface may add its own.

An observer is called with every event in order; it may be sync or async. It never changes
the turn, and an observer that fails is logged, never allowed to break the turn.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from ..engine.events import AssistantMessage, Compaction, Event

log = logging.getLogger(__name__)

TurnObserver = Callable[[Event], Awaitable[None] | None]
# Ledger rows of replayed answers carry the model under this suffix (no spend).
REPLAYED_SUFFIX = " (replayed)"


class LedgerObserver:
    """Records tool results and model usage in the store's ledger, beside the stream: a
    consumer never waits on the store (it would see a tool start only after the tool ran)."""

    def __init__(self, record: Callable[[str, Event], Awaitable[None]], session_id: str,
                 parent_call_id: str | None = None) -> None:
        self.record = record
        self.session_id = session_id
        self.parent_call_id = parent_call_id
        self.pending: set[asyncio.Task[None]] = set()

    def __call__(self, event: Event) -> None:
        if event.type not in ("tool_end", "assistant_message", "compaction"):
            return
        if event.parent_call_id != self.parent_call_id:
            return  # a team child's event, forwarded: its own turn's ledger records it
        task = asyncio.create_task(self._keep(event))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def _keep(self, event: Event) -> None:
        if isinstance(event, AssistantMessage) and event.message.meta.get("replayed"):
            # A replayed answer cost nothing now: it is kept apart from spend.
            meta = {**event.message.meta,
                    "model": f"{event.message.meta.get('model', '?')}{REPLAYED_SUFFIX}"}
            event = event.model_copy(update={
                "message": event.message.model_copy(update={"meta": meta}),
                "usage": event.usage.model_copy(update={"cost_usd": 0.0})})
        elif isinstance(event, Compaction) and event.replayed:
            event = event.model_copy(update={
                "model": f"{event.model}{REPLAYED_SUFFIX}",
                "usage": event.usage.model_copy(update={"cost_usd": 0.0})})
        try:
            await self.record(self.session_id, event)
        except Exception:  # the ledger must never break a turn
            log.warning("could not record %s", event.type, exc_info=True)

    async def flush(self) -> None:
        """Wait for the records still being written."""
        if self.pending:
            await asyncio.gather(*self.pending, return_exceptions=True)
