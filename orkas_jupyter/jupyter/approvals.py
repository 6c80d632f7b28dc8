"""How a turn asks the user about a risky action, and what it remembers of the answers.

Each turn gets its own `TurnApprovals`: a `%%orkas` cell asks through the cell's input box, the
chat panel through its buttons, and a turn nobody can ask (nbclient, papermill, a closed
panel) gets the `ORKAS_APPROVAL` policy's answer. Nothing is shared between turns, so a chat
turn waiting for an answer while a cell runs keeps asking the chat.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.tools import ApprovalCallback, ApprovalDecision, ApprovalRequest
from .mainthread import MainThreadExecutor

# (request, decision, who decided)
Decision = tuple[ApprovalRequest, ApprovalDecision, str]

# "y"/"yes" is what people type to a yes/no question: once, never more.
_ANSWERS: dict[str, ApprovalDecision] = {"o": "once", "once": "once", "y": "once",
                                         "yes": "once", "r": "run", "run": "run"}
_VERDICTS = {"once": "approved once", "run": "approved for this turn", "deny": "denied"}


class NobodyToAsk(Exception):
    """The surface cannot ask anyone now (no stdin, no panel); the policy decides."""


class TurnApprovals:
    """The approval callback of one turn: `ask` (the surface's prompt, or None when nobody
    can be asked) with the policy as fallback; every decision is kept in `decisions`."""

    def __init__(self, ask: ApprovalCallback | None, policy: Callable[[], str]) -> None:
        self._ask = ask
        self._policy = policy
        self.decisions: list[Decision] = []

    async def __call__(self, request: ApprovalRequest) -> ApprovalDecision:
        if self._ask is None:
            return self.by_policy(request)
        try:
            decision = await self._ask(request)
        except NobodyToAsk:
            return self.by_policy(request)
        self.decisions.append((request, decision, "you"))
        return decision

    def by_policy(self, request: ApprovalRequest) -> ApprovalDecision:
        """The policy's answer, recorded as such."""
        policy = self._policy()
        decision: ApprovalDecision = "once" if policy == "allow" else "deny"
        self.decisions.append((request, decision, f"approval policy {policy}"))
        return decision

    def notes(self) -> list[str]:
        """One Markdown line per decision, for the turn's final view."""
        notes = []
        for request, decision, by in self.decisions:
            if request.risk == "review":  # the diff was shown; the note names the change
                verdict = {"once": "accepted", "run": "accepted with the rest of the turn",
                           "deny": "rejected"}[decision]
                change = request.summary.split(";")[0].removeprefix("Review: ")
                agent = f"{request.agent}: " if request.agent else ""
                notes.append(f"📝 **review** — {agent}{change} → **{verdict}** by {by}")
                continue
            detail = " ".join(request.detail.split())[:200].replace("`", "'")
            shown = f" `{detail}`" if detail else ""
            who = f"{request.agent}: " if request.agent else ""
            notes.append(f"🔐 **approval** — {who}`{request.tool}`{shown}: {request.summary} "
                         f"(risk: {request.risk}) → **{_VERDICTS[decision]}** by {by}")
        return notes


def stdin_approvals(executor: MainThreadExecutor, policy: Callable[[], str]) -> TurnApprovals:
    """Approvals asked through the running cell's input box (on the main thread); with no
    stdin (nbclient, papermill) the policy decides."""

    async def ask(request: ApprovalRequest) -> ApprovalDecision:
        return await executor.run(lambda: ask_stdin(request))

    return TurnApprovals(ask, policy)


def ask_stdin(request: ApprovalRequest) -> ApprovalDecision:
    """Ask in the cell's input box (main thread); raises `NobodyToAsk` without stdin."""
    from IPython.core.error import StdinNotImplementedError

    from .review_prompt import ask_review, is_review

    if is_review(request):  # review mode: the diff, then Accept / Reject
        return ask_review(request)
    detail = " ".join(request.detail.split())[:300]
    who = f" ({request.agent})" if request.agent else ""
    question = (f"Orkas{who} wants to run {request.tool}{': ' + detail if detail else ''} — "
                f"{request.summary} [risk: {request.risk}]. Allow? [o]nce / [r]un / [d]eny: ")
    try:
        answer = input(question).strip().lower()
    except (StdinNotImplementedError, EOFError):
        raise NobodyToAsk from None
    return _ANSWERS.get(answer, "deny")
