"""The main job (issue 9): JupyterLab opened on notebooks/quickstart.ipynb with no model
setting, no key and the model API unreachable runs the whole notebook from its recording —
through the live-notebook bridge, as a Binder user would."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow


def test_quickstart_runs_all_from_its_recording_in_jupyterlab(offline_lab: Any, page: Any,
                                                              open_notebook: Any) -> None:
    nb = open_notebook(offline_lab, "notebooks/quickstart.ipynb")
    before = nb.cells_json()
    ask = next(i for i, c in enumerate(before) if c["id"] == "ask")
    page.evaluate("() => { void window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    nb.wait_output(ask, "Three things drive daily rentals", timeout=120_000)
    nb.wait_output(ask, "recorded model answers replayed from quickstart.orkas.json",
                   timeout=30_000)
    nb.wait_idle(timeout=120_000)
    nb.shot("quickstart-lab-replayed")
    text = nb.cell(ask).inner_text()
    assert "Day 20 is an outlier" in text and "not in the recording" not in text
    after = nb.cells_json()
    made = [c for c in after if "orkas" in c["metadata"]]
    # The agent's plotting cell was recreated in place, not inserted a second time.
    assert len(made) == 1 and len(after) == len(before)
    assert any("image/png" in o.get("data", {}) for o in made[0]["outputs"])
    nb.shutdown()


def test_workspace_notebook_asks_in_the_cell_and_replays_after_approval(
        offline_lab: Any, page: Any, open_notebook: Any) -> None:
    nb = open_notebook(offline_lab, "notebooks/workspace.ipynb")
    cells = nb.cells_json()
    ask = next(i for i, c in enumerate(cells) if c["id"] == "ask")
    page.evaluate("() => { void window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    box = nb.cell(ask).locator(".jp-Stdin-input")
    box.wait_for(timeout=120_000)
    prompt = nb.cell(ask).locator(".jp-Stdin-prompt").inner_text()
    assert "rm project/nightly.lock" in prompt and "destructive_delete" in prompt
    nb.shot("workspace-lab-approval")
    box.fill("o")
    box.press("Enter")
    nb.wait_output(ask, "Why it failed", timeout=120_000)
    nb.wait_idle(timeout=120_000)
    text = nb.cell(ask).inner_text()
    assert "approved once by you" in text and "not in the recording" not in text
    assert "7 recorded model answers replayed" in text
    assert not (offline_lab.root / "notebooks" / "project" / "nightly.lock").exists()
    nb.shutdown()
