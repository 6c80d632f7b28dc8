"""Record/replay in a real kernel (P7, issue 9): answers recorded beside the notebook replay
in a new kernel with no key, no model setting and the API unreachable; a request that no
longer matches is reported (cell, turn, first differing message); `auto` records anew."""

from __future__ import annotations

import json
from pathlib import Path

from orkas_jupyter.testing import reply, tool_call
from orkas_jupyter.testing.notebooks import closed_port_url

EMPTY_NOTEBOOK = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
ANSWER = "`sales` has 3 rows; **north** sells the most (120)."


def offline_env(kernel_env: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in kernel_env.items()
           if k not in ("ORKAS_MODEL", "OPENAI_API_KEY")}
    env["ORKAS_API_BASE"] = closed_port_url()
    return env


SETUP = "import pandas as pd\nsales = pd.DataFrame({'region': ['north', 'south', 'east'], " \
        "'units': [120, 80, 95]})"


def model(request):
    if not any(m["role"] == "tool" for m in request.messages):
        return tool_call("inspect_variable", {"name": "sales"})
    return reply(ANSWER)


def markdown(result) -> str:
    return "\n".join(result.data("text/markdown"))


def test_recorded_answers_replay_offline_in_a_new_kernel(kernel, kernel_env, fake_model,
                                                         start_kernel, tmp_path: Path):
    (tmp_path / "analysis.ipynb").write_text(json.dumps(EMPTY_NOTEBOOK))
    fake_model.script(model)
    kernel.run("%load_ext orkas_jupyter")
    kernel.run(SETUP)
    shown = kernel.run("%orkas record")
    assert "analysis.orkas.json" in shown.stdout
    first = kernel.run("%%orkas\nwhich region sells most?", timeout=120)
    assert first.error is None and ANSWER in markdown(first)
    assert "1 model answer" not in markdown(first)  # two calls were recorded
    assert "2 model answers recorded in `analysis.orkas.json`" in markdown(first)
    assert len(fake_model.chat_requests) == 2

    recording = json.loads((tmp_path / "analysis.orkas.json").read_text())
    assert recording["format"] == "orkas-notebook-recording" and recording["model"] == (
        "openai/gpt-4o")
    calls = [(x["turn"], x["call"]) for x in recording["exchanges"]]
    assert calls == [(1, 1), (1, 2)]
    assert recording["exchanges"][0]["cell"]["source"].startswith("%%orkas")
    assert "sk-test-not-a-real-key" not in json.dumps(recording)

    # A new kernel: no model, no key, nothing listening — the recording answers.
    again = start_kernel(offline_env(kernel_env))
    again.run("%load_ext orkas_jupyter")
    again.run(SETUP)
    shown = again.run("%orkas replay")
    assert "2 recorded answers" in shown.stdout and "openai/gpt-4o" in shown.stdout
    replayed = again.run("%%orkas\nwhich region sells most?", timeout=120)
    assert replayed.error is None
    text = markdown(replayed)
    assert ANSWER in text
    assert "2 recorded model answers replayed from `analysis.orkas.json`" in text
    assert len(fake_model.chat_requests) == 2  # the model was not called again
    html = "\n".join(replayed.data("text/html"))
    assert "inspect_variable" in html and "north" in html  # the tool really ran


def test_an_edited_prompt_is_reported_with_cell_turn_and_difference(
        kernel, kernel_env, fake_model, start_kernel, tmp_path: Path):
    fake_model.script(model)
    kernel.run("%load_ext orkas_jupyter")
    kernel.run(SETUP)
    kernel.run("%orkas record")
    kernel.run("%%orkas\nwhich region sells most?", timeout=120)

    again = start_kernel(offline_env(kernel_env))
    again.run("%load_ext orkas_jupyter")
    again.run(SETUP)
    again.run("%orkas replay")
    missed = again.run("%%orkas\nwhich region sells least?", timeout=120)
    text = markdown(missed)
    assert "not in the recording `analysis.orkas.json`" in text
    assert "turn 1, model call 1" in text and "%%orkas which region sells least?" in text
    assert "message 1 of 1 (user), at character 20" in text
    assert "which region sells most?" in text and "which region sells least?" in text
    assert len(fake_model.chat_requests) == 2


def test_changed_data_is_reported_and_auto_records_anew(kernel, kernel_env, fake_model,
                                                       start_kernel, tmp_path: Path):
    fake_model.script(model)
    kernel.run("%load_ext orkas_jupyter")
    kernel.run(SETUP)
    kernel.run("%orkas record")
    kernel.run("%%orkas\nwhich region sells most?", timeout=120)
    assert len(fake_model.chat_requests) == 2

    # Same prompt, different data: the second model call (after the tool) differs.
    again = start_kernel(kernel_env)
    again.run("%load_ext orkas_jupyter")
    again.run(SETUP.replace("120", "20"))
    again.run("%orkas replay auto")
    result = again.run("%%orkas\nwhich region sells most?", timeout=120)
    text = markdown(result)
    assert "turn 1, model call 2" in text
    assert "message 3 of 3 (tool)" in text and "120" in text and "20" in text
    assert "Calling the model to record a new answer." in text
    assert "1 recorded model answer replayed" in text and "1 model answer recorded" in text
    assert len(fake_model.chat_requests) == 3

    # The new answer is in the file: a third kernel replays the changed data offline.
    third = start_kernel(offline_env(kernel_env))
    third.run("%load_ext orkas_jupyter")
    third.run(SETUP.replace("120", "20"))
    third.run("%orkas replay")
    replayed = third.run("%%orkas\nwhich region sells most?", timeout=120)
    assert "2 recorded model answers replayed" in markdown(replayed)
    assert len(fake_model.chat_requests) == 3


def test_a_damaged_recording_is_left_alone_and_reported(kernel, tmp_path: Path):
    damaged = tmp_path / "analysis.orkas.json"
    damaged.write_text("{not json")
    kernel.run("%load_ext orkas_jupyter")
    shown = kernel.run("%orkas replay")
    assert "not a readable recording" in shown.stdout and "unchanged (off)" in shown.stdout
    assert damaged.read_text() == "{not json"


def test_policy_approvals_are_shown_under_the_cell(kernel, fake_model, tmp_path: Path):
    (tmp_path / "scratch.tmp").write_text("x")

    def remove(request):
        if not any(m["role"] == "tool" for m in request.messages):
            return tool_call("bash", {"command": "rm scratch.tmp"})
        return reply("Removed it.")

    fake_model.script(remove)
    kernel.run("%load_ext orkas_jupyter")
    kernel.run("%orkas config approval allow")
    result = kernel.run("%orkas remove the scratch file", timeout=120)
    text = markdown(result)
    assert "🔐 **approval** — `bash` `rm scratch.tmp`" in text
    assert "**approved once** by approval policy allow" in text
    assert not (tmp_path / "scratch.tmp").exists()


def test_orkas_replay_in_the_environment_needs_no_magic(kernel, kernel_env, fake_model,
                                                        start_kernel, tmp_path: Path):
    fake_model.script(model)
    kernel.run("%load_ext orkas_jupyter")
    kernel.run(SETUP)
    kernel.run("%orkas record")
    kernel.run("%%orkas\nwhich region sells most?", timeout=120)

    env = {**offline_env(kernel_env), "ORKAS_REPLAY": "replay"}
    again = start_kernel(env)
    again.run("%load_ext orkas_jupyter")
    again.run(SETUP)
    replayed = again.run("%%orkas\nwhich region sells most?", timeout=120)
    assert ANSWER in markdown(replayed)
    assert "2 recorded model answers replayed from `analysis.orkas.json`" in markdown(replayed)
    assert len(fake_model.chat_requests) == 2


# -- which recording, under runners that do not say which notebook (issue 14) -----------------
def runner_env(kernel_env: dict[str, str], **extra: str) -> dict[str, str]:
    """An offline kernel that, like nbconvert's, is told nothing about its notebook."""
    env = {k: v for k, v in offline_env(kernel_env).items() if k != "ORKAS_NOTEBOOK"}
    env.update(extra)
    return env


def record_analysis(kernel, fake_model) -> None:
    """Record one turn in `analysis.orkas.json` (the fixture kernel knows its notebook)."""
    fake_model.script(model)
    kernel.run("%load_ext orkas_jupyter")
    kernel.run(SETUP)
    kernel.run("%orkas record")
    kernel.run("%%orkas\nwhich region sells most?", timeout=120)


def test_a_named_recording_replays_in_a_kernel_told_nothing(kernel, kernel_env, fake_model,
                                                           start_kernel, tmp_path: Path):
    record_analysis(kernel, fake_model)
    (tmp_path / "runs").mkdir()
    (tmp_path / "analysis.orkas.json").rename(tmp_path / "runs" / "analysis.orkas.json")
    (tmp_path / "other.orkas.json").write_text("{}")  # a folder's only file is no answer
    again = start_kernel(runner_env(kernel_env))
    again.run("%load_ext orkas_jupyter")
    again.run(SETUP)
    shown = again.run("%orkas replay runs/analysis.orkas.json")  # relative to the kernel
    assert "analysis.orkas.json" in shown.stdout and "2 recorded answers" in shown.stdout
    replayed = again.run("%%orkas\nwhich region sells most?", timeout=120)
    assert "2 recorded model answers replayed from `analysis.orkas.json`" in markdown(replayed)
    assert len(fake_model.chat_requests) == 2


def test_vs_code_names_the_notebook_in_the_namespace(kernel_env, fake_model, start_kernel,
                                                     tmp_path: Path):
    # VS Code's Jupyter extension runs `__vsc_ipynb_file__ = "<path>"` when it starts a kernel.
    (tmp_path / "from_vscode.ipynb").write_text(json.dumps(EMPTY_NOTEBOOK))
    env = {k: v for k, v in kernel_env.items() if k != "ORKAS_NOTEBOOK"}
    fake_model.script(model)
    vsc = start_kernel(env)
    vsc.run(f"__vsc_ipynb_file__ = {str(tmp_path / 'from_vscode.ipynb')!r}")
    vsc.run("%load_ext orkas_jupyter")
    vsc.run(SETUP)
    shown = vsc.run("%orkas record")
    assert "from_vscode.orkas.json beside the notebook" in shown.stdout
    vsc.run("%%orkas\nwhich region sells most?", timeout=120)
    recorded = json.loads((tmp_path / "from_vscode.orkas.json").read_text())
    assert recorded["notebook"] == "from_vscode.ipynb" and len(recorded["exchanges"]) == 2


def test_jupyter_server_session_name_comes_before_orkas_notebook(kernel_env, start_kernel,
                                                                  tmp_path: Path):
    env = {**kernel_env, "JPY_SESSION_NAME": str(tmp_path / "lab.ipynb")}
    lab = start_kernel(env)
    lab.run("%load_ext orkas_jupyter")
    assert "lab.orkas.json beside the notebook" in lab.run("%orkas record").stdout


def test_the_folders_only_recording_is_used_and_the_cell_says_so(kernel, kernel_env,
                                                                  fake_model, start_kernel):
    record_analysis(kernel, fake_model)
    env = runner_env(kernel_env, ORKAS_REPLAY="replay")  # no `%orkas replay` cell at all
    again = start_kernel(env)
    again.run("%load_ext orkas_jupyter")
    again.run(SETUP)
    replayed = again.run("%%orkas\nwhich region sells most?", timeout=120)
    text = markdown(replayed)
    assert ANSWER in text
    assert "was not told its notebook, so it uses `analysis.orkas.json`, the only recording" \
        in text
    assert "`%orkas replay auto analysis.orkas.json`" in text
    assert "2 recorded model answers replayed from `analysis.orkas.json`" in text
    assert len(fake_model.chat_requests) == 2
    second = again.run("%%orkas\nwhich region sells most?", timeout=120)
    assert "only recording" not in markdown(second)  # said once


def test_no_recording_to_be_found_is_said_plainly(kernel_env, start_kernel, tmp_path: Path):
    nothing = start_kernel(runner_env(kernel_env))
    nothing.run("%load_ext orkas_jupyter")
    shown = nothing.run("%orkas replay auto").stdout
    assert shown.startswith("No recording file found for `auto`")
    assert "%orkas replay auto NAME.orkas.json" in shown and "ORKAS_NOTEBOOK" in shown
    asked = nothing.run("%orkas which region sells most?", timeout=120).stdout
    assert asked.startswith("No recording file found for `auto`")
    assert asked.index("No recording file found") < asked.index("No model is configured")
    assert not list(tmp_path.glob("*.orkas.json"))
