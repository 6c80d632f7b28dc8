"""Run All right after a notebook opens, and Restart Kernel and Run All (issue 22): the agent's
cell tools must go through the live bridge, never write the open notebook's file. The agent's
plotting cell is removed from a copy of quickstart.ipynb, so the turn, replayed offline from
quickstart.orkas.json, really inserts it; the file on disk must stay byte-for-byte (and
mode-for-mode) what it was until the user saves, and saving must raise no "File Changed"
dialog."""

from __future__ import annotations

import json
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Lab, NotebookPage, running_lab

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
MODE = 0o644


@pytest.fixture(scope="module")
def run_all_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab with no model and no key (replay only), one folder per scenario."""
    from orkas_jupyter.testing.notebooks import offline_environ

    base = tmp_path_factory.mktemp("run-all-lab")
    env = {**offline_environ(), "ORKAS_HOME": str(base / "home")}
    with running_lab(base, base / "root", env) as server:
        yield server


def _quickstart_without_agent_cell(lab: Lab, folder: str) -> tuple[Path, str]:
    """notebooks/quickstart.ipynb (recording and data beside it) minus the agent's cell, and
    that cell's id (derived from the recorded call, so the replayed turn makes it again)."""
    target = lab.root / folder
    target.mkdir()
    shutil.copytree(NOTEBOOKS / "data", target / "data")
    shutil.copy(NOTEBOOKS / "quickstart.orkas.json", target)
    nb = json.loads((NOTEBOOKS / "quickstart.ipynb").read_text("utf-8"))
    agent_cell = next(c["id"] for c in nb["cells"] if "orkas" in c["metadata"])
    nb["cells"] = [c for c in nb["cells"] if c["id"] != agent_cell]
    path = target / "quickstart.ipynb"
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", "utf-8")
    os.chmod(path, MODE)
    return path, agent_cell


class Snapshot:
    """The notebook file as it was: bytes, mtime and mode."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data = path.read_bytes()
        st = path.stat()
        self.mtime_ns, self.mode = st.st_mtime_ns, stat.S_IMODE(st.st_mode)

    def assert_unchanged(self) -> None:
        st = self.path.stat()
        assert stat.S_IMODE(st.st_mode) == self.mode, oct(st.st_mode)
        assert self.path.read_bytes() == self.data, "the open notebook's file was written"
        assert st.st_mtime_ns == self.mtime_ns
        strays = [p.name for p in self.path.parent.iterdir() if p.name.endswith(".tmp")]
        assert not strays


def _url(lab: Lab, name: str) -> str:
    workspace = name.split("/")[0]  # a workspace of its own per scenario
    return f"{lab.url}lab/workspaces/{workspace}/tree/{name}?token={lab.token}"


def _open_without_waiting(page: Any, lab: Lab, name: str, artifacts: Path) -> NotebookPage:
    """Open `name` and return as soon as its kernel exists (not idle, not attached)."""
    nb = NotebookPage(page, lab, name, artifacts)
    page.goto(_url(lab, name))
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=60_000)
    page.wait_for_function(
        "() => { const w = window.jupyterapp?.shell.currentWidget;"
        " return w && w.context?.isReady && w.sessionContext?.session?.kernel; }",
        timeout=60_000, polling=20)
    return nb


def _run_all_now(page: Any) -> str:
    """Run All at once; returns the Orkas connection status at that moment."""
    status: str = page.evaluate(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " const c = window.orkasJupyter.connections.get(w);"
        " void window.jupyterapp.commands.execute('notebook:run-all-cells');"
        " return c ? c.status : 'none'; }")
    return status


def _wait_agent_cell(nb: NotebookPage, agent_cell: str) -> dict[str, Any]:
    nb.page.wait_for_function(
        "(id) => { const w = window.jupyterapp.shell.currentWidget;"
        " const c = w.content.model.sharedModel.cells.find(c => c.id === id);"
        " return c && c.toJSON().outputs.some(o => o.data && o.data['image/png']); }",
        arg=agent_cell, timeout=180_000)
    nb.wait_idle(timeout=120_000)
    cells = nb.cells_json()
    made = [c for c in cells if c["id"] == agent_cell]
    assert len(made) == 1 and made[0]["metadata"]["orkas"]["call"]
    # The model's view of the answer (the page may not have laid out an off-screen cell).
    ask = next(c for c in cells if c["id"] == "ask")
    text = json.dumps(ask["outputs"])
    assert "Day 20 is an outlier" in text and "not in the recording" not in text
    # The plot is in the page, in the inserted cell (the last one).
    plot = nb.page.locator(".jp-NotebookPanel:visible .jp-Cell").last.locator(
        ".jp-OutputArea-output img").first
    plot.wait_for(timeout=10_000)
    plot.scroll_into_view_if_needed()  # for the screenshot
    return made[0]


def _save_without_conflict(nb: NotebookPage, path: Path, agent_cell: str) -> None:
    """Ctrl+S: the save lands with no 'File Changed' dialog, mode kept."""
    nb.page.locator(".jp-NotebookPanel:visible .jp-Cell").first.click()
    nb.page.keyboard.press("Control+s")
    nb.page.wait_for_function(
        "() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=20_000)
    nb.page.wait_for_timeout(1000)  # a conflict dialog would be up by now
    dialogs = nb.page.locator(".jp-Dialog").all_inner_texts()
    assert not dialogs, dialogs
    saved = json.loads(path.read_text("utf-8"))
    assert any(c["id"] == agent_cell for c in saved["cells"])
    assert stat.S_IMODE(path.stat().st_mode) == MODE


def test_cold_run_all_right_after_opening_goes_through_the_bridge(
        run_all_lab: Lab, page: Any, artifacts: Path) -> None:
    path, agent_cell = _quickstart_without_agent_cell(run_all_lab, "cold")
    before = Snapshot(path)
    nb = _open_without_waiting(page, run_all_lab, "cold/quickstart.ipynb", artifacts)
    status = _run_all_now(page)
    assert status != "ready"  # the race this test is about: Run All before the bridge
    _wait_agent_cell(nb, agent_cell)
    before.assert_unchanged()
    nb.shot("run-all-cold-inserted")
    _save_without_conflict(nb, path, agent_cell)
    nb.shutdown()


def test_restart_kernel_and_run_all_goes_through_the_bridge(
        run_all_lab: Lab, page: Any, artifacts: Path) -> None:
    path, agent_cell = _quickstart_without_agent_cell(run_all_lab, "restart")
    before = Snapshot(path)
    name = "restart/quickstart.ipynb"
    nb = NotebookPage(page, run_all_lab, name, artifacts).open(_url(run_all_lab, name))
    page.evaluate("() => { void window.jupyterapp.commands.execute('notebook:restart-run-all'); }")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    _wait_agent_cell(nb, agent_cell)
    before.assert_unchanged()
    nb.shot("run-all-restart-inserted")
    _save_without_conflict(nb, path, agent_cell)
    nb.shutdown()


def test_two_views_of_the_notebook_both_show_the_inserted_cell(
        run_all_lab: Lab, page: Any, artifacts: Path) -> None:
    path, agent_cell = _quickstart_without_agent_cell(run_all_lab, "two-views")
    before = Snapshot(path)
    name = "two-views/quickstart.ipynb"
    nb = NotebookPage(page, run_all_lab, name, artifacts).open(_url(run_all_lab, name))
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:clone')")
    page.wait_for_function("() => window.orkasJupyter.connections.size === 2")
    nb.wait_connected()
    page.evaluate("() => { void window.jupyterapp.commands.execute('notebook:restart-run-all'); }")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    _wait_agent_cell(nb, agent_cell)
    before.assert_unchanged()
    # Both views show the new cell and its plot: they share one document.
    views = page.evaluate(
        "(id) => Array.from(window.orkasJupyter.connections.keys()).map(p =>"
        " p.content.model.sharedModel.cells.some(c => c.id === id))", agent_cell)
    assert views == [True, True]
    nb.shot("run-all-two-views-inserted")
    _save_without_conflict(nb, path, agent_cell)
    nb.shutdown()


def test_two_browser_tabs_the_cell_lands_in_the_tab_that_ran_it(
        run_all_lab: Lab, page: Any, artifacts: Path) -> None:
    # Two tabs hold two separate documents (no collaboration): the newer tab must not get the
    # cell the user asked for in the older one, or saving either one would lose or conflict.
    path, agent_cell = _quickstart_without_agent_cell(run_all_lab, "two-tabs")
    before = Snapshot(path)
    name = "two-tabs/quickstart.ipynb"
    older = NotebookPage(page, run_all_lab, name, artifacts).open(_url(run_all_lab, name))
    newer_page = page.context.new_page()
    newer_url = f"{run_all_lab.url}lab/workspaces/two-tabs-b/tree/{name}?token={run_all_lab.token}"
    newer = NotebookPage(newer_page, run_all_lab, name, artifacts).open(newer_url)
    page.bring_to_front()
    page.evaluate("() => { void window.jupyterapp.commands.execute('notebook:restart-run-all'); }")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    _wait_agent_cell(older, agent_cell)
    before.assert_unchanged()
    assert not any(c["id"] == agent_cell for c in newer.cells_json())
    older.shot("run-all-two-tabs-inserted")
    _save_without_conflict(older, path, agent_cell)
    newer_page.close()
    older.shutdown()
