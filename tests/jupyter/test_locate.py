"""Which notebook and which recording (issue 14): each runner's hint in its order, the
notebook beside a named recording, names relative to the kernel's folder, and the folder's
only recording as a last resort — said so — or a plain message when there is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from orkas_jupyter.config import Settings
from orkas_jupyter.jupyter.locate import (
    find_recording,
    missing_recording,
    notebook_for,
    notebook_path,
    resolve_named,
)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The kernel's working directory, holding two notebooks."""
    for name in ("a.ipynb", "b.ipynb"):
        (tmp_path / name).write_text("{}")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def locate(folder: Path, env: dict[str, str] | None = None,
           ns: dict[str, object] | None = None, recording: Path | None = None) -> Path | None:
    return notebook_path(Settings(workspace=folder), env or {}, ns or {}, recording)


def test_each_runner_hint_in_its_order(folder: Path) -> None:
    vsc = {"__vsc_ipynb_file__": str(folder / "a.ipynb")}
    papermill = {"PAPERMILL_INPUT_PATH": "b.ipynb"}
    named = folder / "b.orkas.json"
    assert locate(folder, {"JPY_SESSION_NAME": "/lab/x.ipynb", "ORKAS_NOTEBOOK": "/y.ipynb"},
                  vsc, named) == Path("/lab/x.ipynb")
    assert locate(folder, {"ORKAS_NOTEBOOK": "sub/y.ipynb"}, vsc) == folder / "sub/y.ipynb"
    assert locate(folder, {}, {**vsc, **papermill}, named) == folder / "a.ipynb"
    assert locate(folder, {}, papermill, folder / "a.orkas.json") == folder / "b.ipynb"
    assert locate(folder, {}, {}, named) == folder / "b.ipynb"
    assert locate(folder) is None


def test_hints_that_name_no_notebook_are_ignored(folder: Path) -> None:
    # JupyterLab's consoles have a session name too; a namespace may hold anything.
    assert locate(folder, {"JPY_SESSION_NAME": "console-1-abc"}) is None
    assert locate(folder, {}, {"__vsc_ipynb_file__": 3, "PAPERMILL_INPUT_PATH": None}) is None
    assert locate(folder, {}, {"__vsc_ipynb_file__": str(folder / "gone.ipynb")}) is None
    assert locate(folder, {}, {}, folder / "c.orkas.json") is None  # no c.ipynb beside it
    assert notebook_for(folder / "a.json") is None


def test_papermill_path_relative_to_another_folder_is_found_by_name(folder: Path) -> None:
    # `papermill --cwd notebooks notebooks/a.ipynb out.ipynb --inject-paths`: the path is
    # relative to papermill's folder, the kernel runs in the notebook's.
    assert locate(folder, {}, {"PAPERMILL_INPUT_PATH": "notebooks/a.ipynb"}) == folder / "a.ipynb"


def test_named_files_are_relative_to_the_kernel_folder_or_beside_the_notebook(
        folder: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    elsewhere = tmp_path_factory.mktemp("nb")
    (elsewhere / "x.orkas.json").write_text("{}")
    assert resolve_named(Path("x.orkas.json"), None) == folder / "x.orkas.json"
    assert resolve_named(Path("x.orkas.json"), elsewhere / "x.ipynb") == elsewhere / "x.orkas.json"
    (folder / "x.orkas.json").write_text("{}")
    assert resolve_named(Path("x.orkas.json"), elsewhere / "x.ipynb") == folder / "x.orkas.json"
    assert resolve_named(Path("/abs/r.orkas.json"), None) == Path("/abs/r.orkas.json")


def test_recording_order_named_then_notebook_then_the_only_file(folder: Path) -> None:
    named = folder / "mine.orkas.json"
    assert find_recording(named, folder / "a.ipynb") == find_recording(named, None)
    assert find_recording(named, None).path == named  # type: ignore[union-attr]
    beside = find_recording(None, folder / "a.ipynb")
    assert beside is not None and beside.path == folder / "a.orkas.json" and beside.note is None
    assert find_recording(None, None) is None  # the folder has no recording
    (folder / "a.orkas.json").write_text("{}")
    only = find_recording(None, None)
    assert only is not None and only.path == folder / "a.orkas.json"
    assert only.note is not None and "only recording" in only.note
    assert "%orkas replay auto a.orkas.json" in only.note
    (folder / "b.orkas.json").write_text("{}")
    assert find_recording(None, None) is None  # two: no guessing


def test_the_missing_message_says_how_to_name_the_file(folder: Path) -> None:
    text = missing_recording("auto")
    assert text.startswith("No recording file found for `auto`")
    assert "%orkas replay auto NAME.orkas.json" in text and "ORKAS_NOTEBOOK" in text
    assert "no `*.orkas.json` file" in text
    (folder / "a.orkas.json").write_text("{}")
    (folder / "b.orkas.json").write_text("{}")
    assert "holds 2 `*.orkas.json` files" in missing_recording("replay")
    assert "`%orkas replay NAME.orkas.json`" in missing_recording("replay")
