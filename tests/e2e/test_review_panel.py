"""Review mode and undo in the side panel of a real JupyterLab: "Review edits" turns review on,
the agent's edit of an existing cell appears as a diff with Accept / Accept all / Reject and
is not applied before Accept; Reject leaves the cell as it was; "Undo turn" puts the accepted
edit back through the live document and shows the report."""

from __future__ import annotations

import pytest

from orkas_jupyter.testing import reply, tool_call

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def _sources(nb) -> list[str]:
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in nb.cells_json()]


def test_review_accept_reject_and_undo_turn_in_the_panel(notebook, fake_model):
    fake_model.script([
        tool_call("list_cells", {}),
        tool_call("edit_cell", {"cell_id": "c0", "source": "a = 10"}),
        tool_call("edit_cell", {"cell_id": "c1", "source": "b = 'changed'"}),
        reply("One edit was accepted, one rejected."),
    ])
    nb = notebook(["a = 1", "b = 2"])
    panel = nb.open_panel()
    panel.locator(".orkas-ReviewToggle input").check()
    # The kernel answered the toggle's `%orkas review on` (the magic need not be loaded).
    panel.locator('.orkas-ReviewControls[data-review="on"]').wait_for(timeout=60_000)

    panel.locator("textarea").fill("tidy the cells")
    panel.locator(".orkas-Send").click()
    first = panel.locator(".orkas-Review").nth(0)
    first.wait_for(timeout=60_000)
    diff = first.locator(".orkas-ReviewDiff").inner_text()
    assert "-a = 1" in diff and "+a = 10" in diff
    assert _sources(nb)[:2] == ["a = 1", "b = 2"]  # nothing applied before Accept
    nb.shot("review-panel")
    first.locator(".orkas-Approve.orkas-mod-once").click()

    second = panel.locator(".orkas-Review").nth(1)
    second.wait_for(timeout=60_000)
    assert "+b = 'changed'" in second.locator(".orkas-ReviewDiff").inner_text()
    second.locator(".orkas-Approve.orkas-mod-deny").click()
    panel.locator(".orkas-Message.orkas-mod-assistant",
                  has_text="One edit was accepted").wait_for(timeout=60_000)
    assert _sources(nb)[:2] == ["a = 10", "b = 2"]  # accepted applied, rejected kept
    tool_text = str(fake_model.chat_requests[-1].messages)
    assert "accepted by the user in review" in tool_text
    assert "rejected this change to cell c1" in tool_text

    panel.locator(".orkas-Undo").click()
    panel.locator(".orkas-Note", has_text="undid turn").wait_for(timeout=60_000)
    assert _sources(nb)[:2] == ["a = 1", "b = 2"]
    note = panel.locator(".orkas-Note", has_text="undid turn").inner_text()
    assert "restored: cell c0 (a = 1): source as before the turn" in note
    nb.shot("undo-panel")
