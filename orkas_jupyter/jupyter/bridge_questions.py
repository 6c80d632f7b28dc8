"""Questions outside agents ask in the notebook (`%orkas bridge`): shown under the bridge
cell with Allow/Deny buttons (ipywidgets, whose updates reach the browser from any thread),
answered there or with `%orkas bridge allow|deny [N]`."""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import logging
from collections.abc import Callable
from typing import Any

from ..ecosystem.bridge import Peer
from ..engine.tools import ApprovalDecision, ApprovalRequest
from .approvals import NobodyToAsk, TurnApprovals

log = logging.getLogger(__name__)


class NotebookQuestions:
    """Approval questions of outside agents, shown under the `%orkas bridge` cell (buttons)
    and answered there or with `%orkas bridge allow|deny [N]`. Each question goes through a
    `TurnApprovals` (jupyter/approvals.py), as a cell's or the panel's do: unanswered after the
    timeout, nobody could be asked and the approval policy (`ORKAS_APPROVAL`) decides."""

    def __init__(self, policy: Callable[[], str], timeout_s: float) -> None:
        self._policy = policy
        self.timeout_s = timeout_s
        self._ids = itertools.count(1)
        self.pending: dict[int, tuple[ApprovalRequest, concurrent.futures.Future[str]]] = {}
        self.notes: list[str] = []
        self.view: Any = None

    async def ask(self, peer: Peer, request: ApprovalRequest,
                  progress: Callable[[str], None]) -> ApprovalDecision:
        """The decision on `request` (the bridge service's `ask`)."""
        async def ask_user(request: ApprovalRequest) -> ApprovalDecision:
            return await self._ask_user(request, progress)

        approvals = TurnApprovals(ask_user, self._policy)
        decision = await approvals(request)
        self.notes += [note.replace("**", "") for note in approvals.notes()]
        log.info("bridge approval tool=%s risk=%s -> %s", request.tool, request.risk, decision)
        self.show()
        return decision

    async def _ask_user(self, request: ApprovalRequest,
                        progress: Callable[[str], None]) -> ApprovalDecision:
        qid = next(self._ids)
        future: concurrent.futures.Future[str] = concurrent.futures.Future()
        self.pending[qid] = (request, future)
        self.show()
        progress(f"waiting for the notebook user to approve ({request.summary}); question "
                 f"{qid} under the `%orkas bridge` cell")
        try:
            answer = await asyncio.wait_for(asyncio.wrap_future(future), self.timeout_s)
        except TimeoutError:
            raise NobodyToAsk from None
        finally:
            self.pending.pop(qid, None)
        return "once" if answer == "once" else "deny"

    def answer(self, decision: str, qid: int | None = None) -> str:
        """Answer question `qid` (default: the oldest open one)."""
        if not self.pending:
            return "No outside agent is waiting for an answer."
        key = qid if qid is not None else min(self.pending)
        entry = self.pending.get(key)
        if entry is None:
            return f"No open question {key}; open: {', '.join(map(str, sorted(self.pending)))}."
        request, future = entry
        if not future.done():
            future.set_result(decision)
        shown = "allowed once" if decision == "once" else "denied"
        return f"Question {key} ({request.tool}): {shown}."

    def text(self) -> str:
        lines = []
        for qid, (request, _) in sorted(self.pending.items()):
            detail = " ".join(request.detail.split())[:400]
            lines.append(f"❓ {qid}. {request.agent or 'an outside agent'} wants "
                         f"{request.tool}: {request.summary} [risk: {request.risk}]"
                         + (f"\n    {detail}" if detail else "")
                         + f"\n    answer: %orkas bridge allow {qid}  |  %orkas bridge deny {qid}")
        lines += self.notes[-5:]
        return "\n".join(lines) or "No questions from outside agents."

    def show(self) -> None:
        if self.view is not None:
            try:
                self.view(self.text(), bool(self.pending))
            except Exception:  # a display problem never blocks the decision
                log.warning("could not show the bridge question", exc_info=True)


def question_view(questions: NotebookQuestions) -> Any:
    """An ipywidgets box (text and Allow/Deny buttons for the oldest open question) whose
    updates reach the browser from any thread; None without ipywidgets."""
    try:
        import ipywidgets as w
    except ImportError:
        return None
    text = w.HTML(value="")
    allow = w.Button(description="Allow once", button_style="warning")
    deny = w.Button(description="Deny", button_style="danger")
    buttons = w.HBox([allow, deny], layout=w.Layout(display="none"))
    allow.on_click(lambda _b: questions.answer("once"))
    deny.on_click(lambda _b: questions.answer("deny"))

    def update(body: str, open_question: bool) -> None:
        import html

        text.value = f"<pre style='white-space:pre-wrap'>{html.escape(body)}</pre>"
        buttons.layout.display = "flex" if open_question else "none"

    questions.view = update
    questions.show()
    return w.VBox([text, buttons])
