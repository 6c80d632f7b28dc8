"""One turn lifecycle for every Jupyter surface (a `%%orkas` cell, the chat panel, the chat
widget): which session and agent, the recording's cell, the turn's own approvals, the
host's turn, and what the turn shows afterwards (approval lines, replay/record lines, the
reason it stopped)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from ..engine.events import Event
from ..engine.timing import CancelToken
from ..host import DEFAULT_PROFILE, AgentProfile
from .approvals import TurnApprovals

if TYPE_CHECKING:
    from .runtime import KernelRuntime

log = logging.getLogger(__name__)


class SurfaceTurn:
    """One turn started from a surface. Iterate `events()` once; then read `notes()`."""

    def __init__(self, rt: KernelRuntime, text: str, *, approvals: TurnApprovals,
                 session: str | None = None, new: bool = False, model: str | None = None,
                 cancel: CancelToken | None = None, cell: dict[str, Any] | None = None,
                 profile: AgentProfile = DEFAULT_PROFILE,
                 source: Callable[[SurfaceTurn], AsyncIterator[Any]] | None = None) -> None:
        self.rt = rt
        self.text = text
        self.approvals = approvals
        self.session_id = rt.session_for(session, new=new)
        self.model = model
        self.cancel = cancel or CancelToken()
        self.cell = cell
        self.profile = profile
        # Where the events come from instead of a conversation turn (a plan being driven).
        self.source = source
        self.final: Event | None = None
        self._counts = rt.replay.counts()

    async def events(self) -> AsyncIterator[Event]:
        """The turn's events, as the host streams them (runs on the agent thread)."""
        self.rt.replay.begin_turn(self.cell)
        self._counts = self.rt.replay.counts()
        await self._name_session()
        if self.source is not None:
            events: AsyncIterator[Any] = self.source(self)
        elif self.profile is DEFAULT_PROFILE:
            # The conversation decides who answers (Commander, the floor's holder, @name).
            events = self.rt.orchestra.turn(self.session_id, self.text,
                                            approve=self.approvals, cancel=self.cancel,
                                            model=self.model)
        else:
            events = self.rt.host.run_turn(self.profile, self.session_id, self.text,
                                           approve=self.approvals, cancel=self.cancel,
                                           model=self.model)
        async for event in events:
            self.final = event
            yield event

    async def _name_session(self) -> None:
        """A session is listed by its first prompt and its notebook."""
        client = getattr(self.rt.store(), "sync", None)
        if client is None:
            return
        title = " ".join(self.text.split())[:80]
        notebook = self.rt.notebook_file()
        try:
            await asyncio.to_thread(client.ensure_session, self.session_id, title,
                                    str(notebook) if notebook else "")
        except Exception:  # naming is a courtesy; the turn goes on
            log.warning("could not name session %s", self.session_id, exc_info=True)

    def notes(self) -> list[str]:
        """What the turn shows besides its answer: approvals asked, stale recordings (auto
        mode), and a label when the model's answers were replayed or recorded."""
        replay_notes: list[str] = self.rt.replay.summary(self._counts)
        # A new question the recording's own model cannot answer (none configured) is
        # said once, by the turn's error (providers/replay.py), not again here.
        return self.approvals.notes() + replay_notes
