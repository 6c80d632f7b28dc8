"""Run All right after a notebook opens, and Restart Kernel and Run All (issue 22): the agent's
cell tools must go through the live bridge, never write the open notebook's file. The agent's
plotting cell is removed from a copy of quickstart.ipynb, so the turn, replayed offline from
quickstart.orkas.json, really inserts it; the file on disk must stay byte-for-byte (and
mode-for-mode) what it was until the user saves, and saving must raise no "File Changed"
dialog.

The committed quickstart *as it is* (the agent's cell already there, as a user finds it after
cloning) is run the same ways: the replayed turn reuses that cell and runs it through the bridge
while Run All's own execution of it is still queued; every cell must end with the outputs of
exactly one run (issue 22, "the first hour": the plot and the printout came out twice)."""

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


def _quickstart_as_committed(lab: Lab, folder: str) -> Path:
    """notebooks/quickstart.ipynb exactly as committed (agent's cell included), with its
    recording and data beside it."""
    target = lab.root / folder
    target.mkdir()
    shutil.copytree(NOTEBOOKS / "data", target / "data")
    shutil.copy(NOTEBOOKS / "quickstart.orkas.json", target)
    path = target / "quickstart.ipynb"
    shutil.copy(NOTEBOOKS / "quickstart.ipynb", path)
    os.chmod(path, MODE)
    return path


def _output_kinds(cells: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Per code cell: its outputs' kinds in order (stream name, or output type and MIME types)."""
    def kind(out: dict[str, Any]) -> str:
        if out.get("output_type") == "stream":
            return f"stream:{out.get('name')}"
        return f"{out.get('output_type')}:{'+'.join(sorted(out.get('data') or {}))}"

    return {c["id"]: [kind(o) for o in c.get("outputs") or []]
            for c in cells if c["cell_type"] == "code"}


def _committed_kinds() -> dict[str, list[str]]:
    return _output_kinds(json.loads((NOTEBOOKS / "quickstart.ipynb").read_text("utf-8"))["cells"])


def _watch_runs(page: Any) -> None:
    """Record the code of every execution the current notebook's kernel starts (survives a
    restart: the session context relays every kernel's iopub)."""
    page.evaluate(
        "() => { window.__orkasRuns = []; window.jupyterapp.shell.currentWidget.sessionContext"
        ".iopubMessage.connect((_, m) => { if (m.header.msg_type === 'execute_input')"
        " window.__orkasRuns.push([m.content.code, m.content.execution_count]); }); }")


def _wait_run_all_done(nb: NotebookPage, last: str) -> list[dict[str, Any]]:
    """Until Run All's execution of cell `last` (the last code cell) has started and that cell
    shows its count, and nothing is queued; then a moment for late outputs."""
    nb.page.wait_for_function(
        "(id) => { const cells = window.jupyterapp.shell.currentWidget.content.model"
        ".sharedModel.cells; const c = cells.find(c => c.id === id);"
        " const run = window.__orkasRuns.filter(r => r[0] === c.source).pop();"
        " return run && c.execution_count === run[1]; }", arg=last, timeout=180_000)
    nb.wait_idle(timeout=120_000)
    nb.page.wait_for_timeout(1500)
    return nb.cells_json()


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


def _run_alone(nb: NotebookPage, cell_id: str) -> None:
    """Run one cell (Shift+Enter's command) and wait until that run shows its count and the
    kernel is done."""
    cells = nb.cells_json()
    index = next(i for i, c in enumerate(cells) if c["id"] == cell_id)
    seen = nb.page.evaluate("() => window.__orkasRuns.length")
    nb.run(index)
    nb.page.wait_for_function(
        "([id, seen]) => { const c = window.jupyterapp.shell.currentWidget.content.model"
        ".sharedModel.cells.find(c => c.id === id);"
        " const run = window.__orkasRuns.slice(seen).filter(r => r[0] === c.source).pop();"
        " return run && c.execution_count === run[1]; }",
        arg=[cell_id, seen], timeout=120_000)
    nb.wait_idle(timeout=120_000)
    nb.page.wait_for_timeout(1000)


def _assert_one_run_each(cells: list[dict[str, Any]]) -> None:
    assert _output_kinds(cells) == _committed_kinds()


def test_committed_quickstart_cold_run_all_gives_each_cell_one_run_of_outputs(
        run_all_lab: Lab, page: Any, artifacts: Path) -> None:
    path = _quickstart_as_committed(run_all_lab, "cold-committed")
    agent_cell = "6778a258"
    assert agent_cell in _committed_kinds()
    before = Snapshot(path)
    nb = _open_without_waiting(page, run_all_lab, "cold-committed/quickstart.ipynb", artifacts)
    _watch_runs(page)
    status = _run_all_now(page)
    assert status != "ready"
    cells = _wait_run_all_done(nb, agent_cell)
    _wait_agent_cell(nb, agent_cell)
    _assert_one_run_each(cells)
    # The page shows one plot in the agent's cell, not two.
    shown = nb.page.locator(".jp-NotebookPanel:visible .jp-Cell").last.locator(
        ".jp-OutputArea-output img")
    assert shown.count() == 1
    before.assert_unchanged()
    nb.shot("run-all-cold-committed")
    _save_without_conflict(nb, path, agent_cell)
    _assert_one_run_each(json.loads(path.read_text("utf-8"))["cells"])
    nb.shutdown()


def test_committed_quickstart_restart_and_run_all_then_single_runs(
        run_all_lab: Lab, page: Any, artifacts: Path) -> None:
    path = _quickstart_as_committed(run_all_lab, "restart-committed")
    agent_cell = "6778a258"
    assert agent_cell in _committed_kinds()
    before = Snapshot(path)
    name = "restart-committed/quickstart.ipynb"
    nb = NotebookPage(page, run_all_lab, name, artifacts).open(_url(run_all_lab, name))
    _watch_runs(page)
    page.evaluate("() => { void window.jupyterapp.commands.execute('notebook:restart-run-all'); }")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    _assert_one_run_each(_wait_run_all_done(nb, agent_cell))
    _wait_agent_cell(nb, agent_cell)
    before.assert_unchanged()
    # Restart, then the cells one at a time: the agent runs its cell while nothing is queued
    # and fills it once (captured: the printout before the plot).
    page.evaluate("() => { void window.jupyterapp.commands.execute('notebook:restart-kernel'); }")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel"
        "?.status === 'idle'", timeout=60_000)
    for cell_id in ("setup", "load", "ask"):
        _run_alone(nb, cell_id)
    _wait_agent_cell(nb, agent_cell)
    assert {k: sorted(v) for k, v in _output_kinds(nb.cells_json()).items()} == {
        k: sorted(v) for k, v in _committed_kinds().items()}
    # Then the user runs the agent's cell itself: one run of outputs again.
    _run_alone(nb, agent_cell)
    _assert_one_run_each(nb.cells_json())
    before.assert_unchanged()
    nb.shot("run-all-restart-committed")
    _save_without_conflict(nb, path, agent_cell)
    _assert_one_run_each(json.loads(path.read_text("utf-8"))["cells"])
    nb.shutdown()


def test_committed_quickstart_two_views_each_show_one_run_of_outputs(
        run_all_lab: Lab, page: Any, artifacts: Path) -> None:
    # New View for Notebook: two output areas on one document; the kernel's clear reaches the
    # model both render, so each view shows one plot.
    path = _quickstart_as_committed(run_all_lab, "two-views-committed")
    agent_cell = "6778a258"
    before = Snapshot(path)
    name = "two-views-committed/quickstart.ipynb"
    nb = NotebookPage(page, run_all_lab, name, artifacts).open(_url(run_all_lab, name))
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:clone')")
    page.wait_for_function("() => window.orkasJupyter.connections.size === 2")
    nb.wait_connected()
    _watch_runs(page)
    page.evaluate("() => { void window.jupyterapp.commands.execute('notebook:restart-run-all'); }")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    _assert_one_run_each(_wait_run_all_done(nb, agent_cell))
    before.assert_unchanged()
    plots = page.evaluate(
        "(id) => Array.from(window.orkasJupyter.connections.keys()).map(p => {"
        " const cell = p.content.widgets.find(w => w.model.id === id);"
        " return cell.outputArea.node.querySelectorAll('img').length; })", agent_cell)
    assert plots == [1, 1]
    nb.shot("run-all-two-views-committed")
    _save_without_conflict(nb, path, agent_cell)
    _assert_one_run_each(json.loads(path.read_text("utf-8"))["cells"])
    nb.shutdown()
