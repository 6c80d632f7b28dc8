"""The line under a turn: what it used, and nothing false when no answer completed."""

from __future__ import annotations

from orkas_jupyter.engine.events import Usage
from orkas_jupyter.jupyter.render import usage_line


def test_a_completed_turn_shows_tokens_cost_and_counts() -> None:
    line = usage_line(Usage(input_tokens=1200, output_tokens=80, cost_usd=0.0123), 2, 1)
    assert line == "1,200 in / 80 out tokens · $0.0123 · 2 model calls · 1 tool call"


def test_a_turn_stopped_before_any_answer_completed_does_not_claim_zero_tokens() -> None:
    line = usage_line(Usage(), 0, 0, budget="budget: day $1.00 of $5.00")
    assert "0 in / 0 out" not in line and "0 model calls" not in line
    assert line == ("no model answer completed, usage not reported · 0 tool calls · "
                    "budget: day $1.00 of $5.00")
