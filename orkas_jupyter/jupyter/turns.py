"""One turn lifecycle for every Jupyter surface (a `%%orkas` cell, the chat panel, the chat
widget): which session and agent, the recording's cell, the turn's own approvals, the
host's turn, and what the turn shows afterwards (approval lines, replay/record lines, the
reason it stopped)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from ..engine.events import Event
from ..engine.timing import CancelToken
from ..host import DEFAULT_PROFILE, AgentProfile
from .approvals import TurnApprovals

if TYPE_CHECKING:
    from .runtime import KernelRuntime


class SurfaceTurn:
    """One turn started from a surface. Iterate `events()` once; then read `notes()`."""

    def __init__(self, rt: KernelRuntime, text: str, *, approvals: TurnApprovals,
                 session: str | None = None, new: bool = False, model: str | None = None,
                 cancel: CancelToken | None = None, cell: dict[str, Any] | None = None,
                 profile: AgentProfile = DEFAULT_PROFILE) -> None:
        self.rt = rt
        self.text = text
        self.approvals = approvals
        self.session_id = rt.session_for(session, new=new)
        self.model = model
        self.cancel = cancel or CancelToken()
        self.cell = cell
        self.profile = profile
        self.final: Event | None = None
        self._counts = rt.replay.counts()

    async def events(self) -> AsyncIterator[Event]:
        """The turn's events, as the host streams them (runs on the agent thread)."""
        self.rt.replay.begin_turn(self.cell)
        self._counts = self.rt.replay.counts()
        async for event in self.rt.host.run_turn(self.profile, self.session_id, self.text,
                                                 approve=self.approvals, cancel=self.cancel,
                                                 model=self.model):
            self.final = event
            yield event

    def notes(self) -> list[str]:
        """What the turn shows besides its answer: approvals asked, stale recordings (auto
        mode), and a label when the model's answers were replayed or recorded."""
        replay_notes: list[str] = self.rt.replay.summary(self._counts)
        return self.approvals.notes() + replay_notes
