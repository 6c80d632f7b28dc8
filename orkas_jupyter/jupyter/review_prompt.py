"""A review request asked in the running cell: the diff shown in the cell's output, then the
cell's input box for Accept / Reject (one change, or all the turn's remaining changes).
Runs on the kernel's main thread, like every stdin approval (`approvals.ask_stdin`)."""

from __future__ import annotations

import html
from typing import Any

from ..engine.tools import ApprovalDecision, ApprovalRequest
from ..tools.review import NobodyToReview, ReviewRequest

QUESTION = ("Apply this change? [a]ccept / [r]eject / accept [all] / reject all [n]one "
            "(after r or n, a note for the agent): ")


def _stdin_allowed() -> bool:
    from IPython import get_ipython

    kernel = getattr(get_ipython(), "kernel", None)
    # nbclient and papermill send allow_stdin=False: nobody is there to review.
    return kernel is None or bool(getattr(kernel, "_allow_stdin", False))


def diff_html(diff: str) -> str:
    """The diff as coloured lines (added green, removed red) for the cell's output."""
    rows = []
    for line in diff.splitlines():
        colour = ("#1a7f37" if line.startswith("+") and not line.startswith("+++") else
                  "#cf222e" if line.startswith("-") and not line.startswith("---") else
                  "#57606a" if line.startswith("@@") else "inherit")
        rows.append(f'<span style="color:{colour}">{html.escape(line)}</span>')
    return ('<pre class="orkas-review-diff" style="border-left:3px solid #bf8700;'
            f'padding-left:6px">{chr(10).join(rows)}</pre>')


def parse_answer(answer: str) -> tuple[ApprovalDecision, str, str]:
    """(decision, scope, feedback) from what the user typed; anything unclear rejects."""
    text = answer.strip()
    word, _, rest = text.partition(" ")
    word = word.lower()
    if word in ("a", "accept", "y", "yes"):
        return "once", "one", ""
    if word in ("all", "accept-all"):
        return "run", "all", ""
    if word in ("n", "none", "reject-all"):
        return "deny", "all", rest
    if word in ("r", "reject", "no"):
        return "deny", "one", rest
    return "deny", "one", text


def ask_review(request: ApprovalRequest) -> ApprovalDecision:
    """Show the diff under the cell and ask; raises `NobodyToReview` without stdin."""
    if not _stdin_allowed():
        raise NobodyToReview
    from IPython.core.error import StdinNotImplementedError
    from IPython.display import HTML, display

    diff = request.diff if isinstance(request, ReviewRequest) else request.detail
    who = f" ({request.agent})" if request.agent else ""
    display(HTML(f"<b>Orkas{who} — {html.escape(request.summary)}</b>{diff_html(diff)}"))
    try:
        answer = input(QUESTION)
    except (StdinNotImplementedError, EOFError):
        raise NobodyToReview from None
    decision, scope, feedback = parse_answer(answer)
    if isinstance(request, ReviewRequest):
        request.scope = "all" if scope == "all" else "one"
        request.feedback = feedback
    return decision


def is_review(request: Any) -> bool:
    """Is this approval request a review of a staged change?"""
    from ..tools.review import REVIEW_RISK

    return getattr(request, "risk", None) == REVIEW_RISK
