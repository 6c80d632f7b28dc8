"""A budget in a notebook in JupyterLab: the 80% warning and the stop before the call that
would pass the turn budget, shown in the cell's final view with the budget in the usage line
(the screenshot docs/budgets.md shows)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from orkas_jupyter.testing import reply, tool_call

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "jupyterlab"


def test_a_turn_budget_warns_then_stops_before_the_call_that_would_pass_it(notebook,
                                                                          fake_model):
    # gpt-4o's price (litellm's table): each answer here is billed ~$0.0104 (4,000 tokens
    # in, 40 out); a $0.025 turn budget lets two calls through, warns past 80% and refuses
    # the third before it is sent.
    fake_model.script([tool_call("list_variables", {}, input_tokens=4000, output_tokens=40),
                       tool_call("list_variables", {}, input_tokens=4000, output_tokens=40),
                       reply("never sent")])
    nb = notebook(["%load_ext orkas_jupyter\n%orkas budget turn=0.025",
                   "%orkas what is in the kernel?"])
    nb.run(0)
    nb.wait_output(0, "turn", timeout=60_000)
    nb.run(1)
    nb.wait_output(1, "Stopped before the next model call", timeout=120_000)
    nb.wait_idle()
    out = nb.cell(1).inner_text()
    assert "turn budget of $0.0250" in out
    assert "of the turn budget used" in out  # the 80% warning stays in the final view
    assert "budget: turn" in out  # the usage line shows spend against the budget
    assert len(fake_model.chat_requests) == 2
    path = nb.shot("budget-cell")
    DOCS.mkdir(exist_ok=True)
    shutil.copyfile(path, DOCS / "budget-cell.png")
    print(f"screenshot: {path}")
