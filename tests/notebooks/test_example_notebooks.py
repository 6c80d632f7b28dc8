"""The example notebooks (issues 9 and 14): each re-executes offline with the checker — run
as nbconvert runs it, nothing naming the notebook, the model API unreachable, no keys — with
agent outputs identical to the committed ones; each carries its recording, names it in its
setup cell and says its answers are recorded; a changed notebook is caught and explained."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from orkas_jupyter.testing.notebooks import (
    agent_outputs,
    check,
    compare,
    execute,
    kernel_env,
    main,
)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
EXAMPLES = sorted(NOTEBOOKS.glob("*.ipynb"))

pytestmark = pytest.mark.slow


def test_the_three_examples_are_there_with_their_recordings():
    assert {p.stem for p in EXAMPLES} >= {"quickstart", "workspace", "knowledge"}
    for path in EXAMPLES:
        recording = json.loads(path.with_name(path.stem + ".orkas.json").read_text())
        assert recording["format"] == "orkas-notebook-recording" and recording["exchanges"]
        nb = json.loads(path.read_text())
        assert "Recorded answers" in "".join(nb["cells"][0]["source"])
        # Named, so it replays under runners that do not tell the kernel its notebook.
        setup = next(c for c in nb["cells"] if c["id"] == "setup")
        assert f"%orkas replay auto {path.stem}.orkas.json" in "".join(setup["source"])
        outputs = agent_outputs(nb)
        assert outputs and all(shown for _, shown in outputs)
        assert not any("[error]" in s for _, shown in outputs for s in shown)


def test_the_checker_plants_no_notebook_path(monkeypatch, tmp_path: Path):
    # Even run from a JupyterLab terminal (which passes these on), the checker's kernel is
    # told nothing the runners people use in CI would not tell it.
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "lab.ipynb"))
    monkeypatch.setenv("ORKAS_NOTEBOOK", str(tmp_path / "mine.ipynb"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    env = kernel_env(tmp_path / "quickstart.ipynb", {"ORKAS_REPLAY": "replay"})
    assert not {k for k in env if k.startswith("JPY_") or k == "ORKAS_NOTEBOOK"}
    assert "OPENAI_API_KEY" not in env and env["ORKAS_REPLAY"] == "replay"
    assert env["ORKAS_API_BASE"].startswith("http://127.0.0.1:")


def test_the_checker_replays_the_quickstart_offline_with_identical_agent_outputs():
    # One notebook here (the one whose agent edits the notebook): every example is re-executed
    # with nbconvert and papermill in test_runners.py.
    problems = check(NOTEBOOKS / "quickstart.ipynb")
    assert not problems, "\n".join(problems)


def test_agent_made_cells_say_which_session_turn_and_model(tmp_path: Path):
    nb = json.loads((NOTEBOOKS / "quickstart.ipynb").read_text())
    made = [c for c in nb["cells"] if "orkas" in c["metadata"]]
    assert made, "the quickstart's agent inserts a plotting cell"
    for cell in made:
        meta = cell["metadata"]["orkas"]
        assert meta["session"].startswith("session_") and meta["turn"].startswith("msg_")
        assert meta["model"] == "openai/orkas-scripted-example" and meta["call"]
        assert cell["outputs"], "the agent ran its cell"


def copy_example(tmp_path: Path) -> Path:
    folder = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, folder, ignore=shutil.ignore_patterns(".orkas", "project"))
    return folder / "quickstart.ipynb"


def test_changed_data_is_caught_and_the_cell_says_what_changed(tmp_path: Path):
    path = copy_example(tmp_path)
    csv = path.parent / "data" / "bike_rentals.csv"
    csv.write_text(csv.read_text().replace("20,1,", "20,0,", 1))  # day 20 is not a weekend
    committed = json.loads(path.read_text())
    executed = execute(path, kernel_env(path))
    assert compare(committed, executed, str(path.parent))
    (_, shown), = [(h, s) for h, s in agent_outputs(executed) if h.startswith("%%orkas")]
    text = "\n".join(shown)
    assert "not in the recording `quickstart.orkas.json`" in text
    assert "turn 1, model call 2" in text
    assert "message 3 of 3 (tool)" in text  # the inspect_variable result changed
    assert text.count("not in the recording") == 1  # reported once, not per retry
    # No model is configured here: the recording's scripted model only replays, so nothing
    # is sent and the cell says where the answers came from and how to set a real model.
    assert "Calling the model" not in text and "connection refused" not in text
    assert "a scripted example model" in text and "nothing was sent" in text
    assert "%orkas model provider/model" in text


def test_an_edited_prompt_is_reported_by_the_checker(tmp_path: Path, capsys):
    path = copy_example(tmp_path)
    nb = json.loads(path.read_text())
    ask = next(c for c in nb["cells"] if c["id"] == "ask")
    ask["source"] = "".join(ask["source"]).replace("Plot what matters", "Plot everything")
    path.write_text(json.dumps(nb))
    assert main(["check", str(path)]) == 1
    report = capsys.readouterr().out
    assert report.startswith("FAIL") and "agent cell 2 (%%orkas) differs" in report
    assert "first difference:** message 1 of 1 (user)" in report
    assert "Plot everything" in report and "Plot what matters" in report
