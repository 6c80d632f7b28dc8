"""The example notebooks re-executed by the runners people use in CI (issue 14) —
`jupyter nbconvert --execute` and `papermill`, from a fresh copy of `notebooks/`, with the
model API unreachable, no key, and nothing telling the kernel which notebook it runs — give
the committed agent outputs; a papermill parameter that changes a prompt is reported as a
miss naming the cell."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from orkas_jupyter.testing import FakeModelServer, reply, tool_call
from orkas_jupyter.testing.notebooks import agent_outputs, compare, main, offline_environ

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
EXAMPLES = sorted(NOTEBOOKS.glob("*.ipynb"))
BIN = Path(sys.executable).parent
# The notebook's location must come from the runner and the notebook itself, never from us.
PLANTED = ("JPY_SESSION_NAME", "ORKAS_NOTEBOOK")

pytestmark = pytest.mark.slow


def fresh_copy(tmp_path: Path) -> Path:
    """`notebooks/` copied as a user would, without anything a local run left behind."""
    folder = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, folder, ignore=shutil.ignore_patterns(
        ".orkas", ".ipynb_checkpoints", "project", "*.nbconvert.ipynb"))
    return folder


def runner_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A CI machine: no model, no key, the model API at a closed port, this venv's tools
    first on PATH, orkas's home folder empty."""
    env = {**offline_environ(), "ORKAS_HOME": str(tmp_path / "home"),
           "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", **extra}
    assert not set(PLANTED) & set(env)
    return env


def run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{args[0]} failed:\n{proc.stdout}\n{proc.stderr[-3000:]}"
    return proc


def test_nbconvert_reexecutes_every_example_with_the_committed_outputs(tmp_path: Path,
                                                                        capsys):
    folder = fresh_copy(tmp_path)
    names = [p.name for p in EXAMPLES]
    run([str(BIN / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
         "--output-dir", "executed", *names], folder, runner_env(tmp_path))
    for path in EXAMPLES:
        executed = json.loads((folder / "executed" / path.name).read_text())
        problems = compare(json.loads(path.read_text()), executed, str(folder))
        assert not problems, "\n".join(problems)
        setup = agent_outputs(executed)[0][1]
        assert f"answers come from {path.stem}.orkas.json" in setup[0]
    # The documented check of another runner's results says the same.
    assert main(["compare", *map(str, EXAMPLES), "--executed", str(folder / "executed"),
                 "--ran-in", str(folder)]) == 0
    assert capsys.readouterr().out.count("ok  ") == len(EXAMPLES)
    # The agent's tools found the notebook the recording names: its cell, already there, was
    # reused, not inserted twice.
    on_disk = json.loads((folder / "quickstart.ipynb").read_text())
    assert sum("orkas" in c["metadata"] for c in on_disk["cells"]) == 1


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_papermill_reexecutes_each_example_with_the_committed_outputs(path: Path,
                                                                      tmp_path: Path):
    folder = fresh_copy(tmp_path)
    out = tmp_path / "executed" / path.name
    out.parent.mkdir()
    # From outside the folder, as a CI job would: `--cwd` starts the kernel in the notebook's.
    run([str(BIN / "papermill"), str(folder / path.name), str(out), "--cwd", str(folder),
         "--no-progress-bar"], tmp_path, runner_env(tmp_path))
    problems = compare(json.loads(path.read_text()), json.loads(out.read_text()), str(folder))
    assert not problems, "\n".join(problems)


def test_compare_reports_a_missing_or_different_run(tmp_path: Path, capsys):
    quickstart = NOTEBOOKS / "quickstart.ipynb"
    assert main(["compare", str(quickstart), "--executed", str(tmp_path)]) == 1
    assert "not found" in capsys.readouterr().out
    nb = json.loads(quickstart.read_text())
    ask = next(c for c in nb["cells"] if c["id"] == "ask")
    ask["outputs"] = []
    (tmp_path / "quickstart.ipynb").write_text(json.dumps(nb))
    assert main(["compare", str(quickstart), "--executed", str(tmp_path)]) == 1
    assert "agent cell 2 (%%orkas) differs" in capsys.readouterr().out


# -- a parameterised notebook ------------------------------------------------------------------
SALES = ("import pandas as pd\nsales = pd.DataFrame({'region': ['north', 'south', 'east'], "
         "'units': [120, 80, 95]})")


def report_notebook() -> dict[str, object]:
    """A papermill report: a `parameters` cell, a setup cell that does *not* name its
    recording (papermill's `--inject-paths` says which notebook runs), an agent cell whose
    prompt uses the parameter."""
    cells = [("params", ["parameters"], 'region = "north"'),
             ("setup", [], "%load_ext orkas_jupyter\n%orkas replay auto"),
             ("data", [], SALES),
             ("ask", [], "%%orkas\nHow many units did {region} sell? One sentence.")]
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}},
        "cells": [{"cell_type": "code", "id": cid, "metadata": {"tags": tags}, "source": src,
                   "outputs": [], "execution_count": None} for cid, tags, src in cells]}


def sales_model(request):
    if not any(m["role"] == "tool" for m in request.messages):
        return tool_call("inspect_variable", {"name": "sales"})
    asked = next(m for m in request.messages if m["role"] == "user")
    region = "north" if "north" in json.dumps(asked) else "another region"
    return reply(f"{region} sold 120 units.")


def test_papermill_parameter_that_changes_the_prompt_is_a_miss_naming_the_cell(tmp_path: Path):
    folder = tmp_path / "reports"
    folder.mkdir()
    (folder / "report.ipynb").write_text(json.dumps(report_notebook()))
    # Another recording in the folder: the kernel must find report's by papermill's hint.
    (folder / "other.orkas.json").write_text("{}")
    papermill = [str(BIN / "papermill"), "report.ipynb", "out.ipynb", "--inject-paths",
                 "--no-progress-bar"]
    with FakeModelServer(sales_model) as server:
        run(papermill, folder, runner_env(tmp_path, ORKAS_MODEL="openai/gpt-4o",
                                          ORKAS_API_BASE=server.base_url,
                                          OPENAI_API_KEY="sk-test-not-a-real-key"))
        assert len(server.chat_requests) == 2
    recording = json.loads((folder / "report.orkas.json").read_text())
    assert len(recording["exchanges"]) == 2
    recorded = json.loads((folder / "out.ipynb").read_text())
    assert "north sold 120 units." in json.dumps(agent_outputs(recorded))

    # The same parameters replay offline; a changed one changes the prompt: a clear miss.
    run([*papermill, "-p", "region", "south"], folder, runner_env(tmp_path))
    (_, shown), = [o for o in agent_outputs(json.loads((folder / "out.ipynb").read_text()))
                   if o[0] == "%%orkas"]
    text = "\n".join(shown)
    assert "not in the recording `report.orkas.json` (2 recorded answers)" in text
    assert "`%%orkas How many units did {region} sell? One sentence.`" in text  # the cell
    assert "turn 1, model call 1" in text
    assert "message 1 of 1 (user), at character 20" in text
    assert "How many units did north sell?" in text and "How many units did south sell?" in text
    # No model here: the recording's only replays, so nothing is sent and the cell says how
    # to set one (not "calling the model").
    assert "Calling the model" not in text and "nothing was sent" in text
    assert "answers came from `openai/gpt-4o`" in text and "%orkas model provider/model" in text


def test_one_print_split_into_two_stream_messages_compares_equal() -> None:
    def nb(*outputs: dict[str, object]) -> dict[str, object]:
        return {"cells": [{"cell_type": "code", "source": "%orkas plan", "metadata": {},
                           "outputs": list(outputs)}]}

    def out(text: str, name: str = "stdout") -> dict[str, object]:
        return {"output_type": "stream", "name": name, "text": text}

    committed = nb(out("Plan: blocked, 2/5 steps done\n  · 5. note pending\n"))
    assert compare(committed, nb(out("Plan: blocked, 2/5 steps done\n  · 5. note pending"),
                                 out("\n")), ".") == []
    assert compare(committed, nb(out("Plan: blocked, 2/5 steps done\n"), out("other\n")),
                   ".") != []
    assert compare(committed, nb(out("Plan: blocked, 2/5 steps done\n  · 5. note pending"),
                                 out("\n", "stderr")), ".") != []
