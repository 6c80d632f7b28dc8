"""Review mode: an edit to an *existing* cell or file waits for the user's decision, shown as
a diff; nothing is applied until it is accepted, and the model gets the decision as the tool
result (docs/magic.md, "Review mode").

A review request is an approval request (risk `review`) carrying the diff, so it goes where
the turn's approvals go: the cell's input box, or the side panel's buttons. "Accept all" is the
approval's "for this run" answer; "reject all" is the `scope` the asker sets. An asker that
has nobody to ask (nbclient, papermill) raises `NobodyToReview`: review is then off and the
change applies as it would without review.
"""

from __future__ import annotations

import difflib
from typing import Literal

from ..engine.tools import ApprovalRequest, ToolContext
from .checkpoint import current_checkpoint

REVIEW_RISK = "review"
MAX_DIFF_CHARS = 20_000


class ReviewRequest(ApprovalRequest):
    """An approval request for one staged change; the asker may set `scope` ("all": the
    answer holds for the rest of the turn) and `feedback` (the user's words to the model)."""

    diff: str = ""
    target: str = ""
    scope: Literal["one", "all"] = "one"
    feedback: str = ""


class NobodyToReview(Exception):
    """The surface cannot show a review now (no stdin): the change applies unreviewed."""


def unified_diff(before: str, after: str, name: str) -> str:
    """A unified diff of two texts, bounded in length."""
    lines = difflib.unified_diff(before.splitlines(keepends=True),
                                 after.splitlines(keepends=True),
                                 fromfile=f"{name} (now)", tofile=f"{name} (proposed)")
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    if len(text) > MAX_DIFF_CHARS:
        text = text[:MAX_DIFF_CHARS] + f"… [{len(text) - MAX_DIFF_CHARS:,} more characters]\n"
    return text or "(no change in the text)\n"


def _counts(diff: str) -> str:
    added = sum(1 for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++"))
    removed = sum(1 for ln in diff.splitlines()
                  if ln.startswith("-") and not ln.startswith("---"))
    return f"+{added} −{removed} lines"


def review_active() -> bool:
    """Does review mode decide about the next change (ask, or reject after "reject all")?"""
    checkpoint = current_checkpoint()
    return checkpoint is not None and checkpoint.review and checkpoint.review_all != "accept"


async def review_change(ctx: ToolContext, *, tool: str, target: str, action: str,
                        before: str, after: str) -> str | None:
    """Ask the user about one change to an existing `target` ("cell 1a2b", "data.csv") when
    review mode is on. None: apply it. Otherwise the tool's result for the model: the change
    was rejected and nothing was applied."""
    checkpoint = current_checkpoint()
    if checkpoint is None or not checkpoint.review:
        return None
    if checkpoint.review_all == "accept":
        return None
    if checkpoint.review_all == "reject":
        return (f"Not applied: the user rejected all remaining changes of this turn in review; "
                f"{target} is unchanged. Do not retry; say what you would have changed.")
    diff = unified_diff(before, after, target)
    request = ReviewRequest(
        tool=tool, risk=REVIEW_RISK, target=target, diff=diff, agent=ctx.agent,
        summary=f"Review: {action} {target} ({_counts(diff)}); nothing is applied until "
                "you accept", detail=diff)
    try:
        decision = await ctx.approve(request)
    except NobodyToReview:
        checkpoint.review = False  # nobody to ask for the rest of the turn either
        return None
    if decision == "run" or (decision == "once" and request.scope == "all"):
        checkpoint.review_all = "accept"
    if decision in ("once", "run"):
        return None
    if request.scope == "all":
        checkpoint.review_all = "reject"
    said = f" The user said: {request.feedback.strip()}" if request.feedback.strip() else ""
    return (f"Not applied: the user rejected this change to {target} in review; it is "
            f"unchanged.{said} Do not make the same change again unless the user asks.")


def accepted_note() -> str:
    """Appended to a result when the change was reviewed and accepted."""
    checkpoint = current_checkpoint()
    return " (accepted by the user in review)" if checkpoint is not None and \
        checkpoint.review else ""
