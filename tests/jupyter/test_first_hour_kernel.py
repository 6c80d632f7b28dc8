"""What a new user meets in a real kernel: typos, option errors, no model, sessions with
titles, prune, export of nothing, and a stopped turn that says why in its final view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orkas_jupyter.testing import reply, tool_call

pytestmark = pytest.mark.slow


def _text(r) -> str:
    return r.stdout + "\n".join(r.data("text/markdown"))


def test_a_mistyped_subcommand_asks_and_costs_nothing(kernel, fake_model):
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas sesions")
    assert r.error is None, r.error
    assert "Did you mean `%orkas sessions`?" in r.stdout
    r = kernel.run("%orkas memroy")
    assert "Did you mean `%orkas memory`?" in r.stdout
    # With arguments that read as the sub-command's own.
    r = kernel.run("%orkas sesions list")
    assert "Did you mean `%orkas sessions list`?" in r.stdout
    r = kernel.run("%orkas modle openai/gpt-4o")
    assert "Did you mean `%orkas model openai/gpt-4o`?" in r.stdout
    # A known setting with a wrong value is a config line, not a prompt.
    r = kernel.run("%orkas config approval maybe")
    assert "set it with `%orkas config approval allow|deny`" in r.stdout
    assert fake_model.chat_requests == []
    # Prose that starts like a command is still a prompt.
    fake_model.script([reply("A churn model.")])
    r = kernel.run("%orkas modle the churn with xgboost", timeout=120)
    assert "Did you mean" not in r.stdout and len(fake_model.chat_requests) == 1


def test_cell_option_errors_are_one_line(kernel, fake_model):
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%%orkas --model\nexplain the data")
    assert r.error is None, r.error
    lines = [x for x in r.stdout.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("%%orkas:") and "--model" in lines[0]
    assert fake_model.chat_requests == []


def test_without_a_model_nothing_prints_a_traceback_and_run_all_goes_on(kernel, fake_model):
    kernel.run("%load_ext orkas_jupyter\nimport os; os.environ.pop('ORKAS_MODEL')")
    kernel.run("from orkas_jupyter.jupyter.runtime import reset_runtime; reset_runtime()")
    r = kernel.run("%orkas sessions new")
    assert r.error is None, r.error
    assert r.stdout.startswith("new session: session_")
    assert "Traceback" not in r.stdout
    r = kernel.run("%orkas hello there")
    assert r.error is None
    assert r.stdout.count("No model is configured") == 1
    assert "%orkas model provider/model" in r.stdout and "%orkas config" not in r.stdout
    assert fake_model.chat_requests == []


def test_sessions_are_listed_by_title_and_notebook_and_pruned(kernel, fake_model, tmp_path):
    fake_model.script([reply("First answer."), reply("Second answer.")])
    kernel.run("%load_ext orkas_jupyter")
    kernel.run("%orkas what drives the rentals?")
    r = kernel.run("%orkas sessions")
    line = next(x for x in r.stdout.splitlines() if x.startswith("*"))
    assert "what drives the rentals?" in line and "analysis.ipynb" in line and "2 msgs" in line
    first = line.split()[1]
    # A new session with nothing in it: export refuses, and writes no file.
    kernel.run("%orkas sessions new")
    r = kernel.run("%orkas export")
    assert "nothing to export" in r.stdout
    assert not list(Path(tmp_path).glob("orkas-*.ipynb"))
    kernel.run("%%orkas\nand the outliers?")
    listed = kernel.run("%orkas sessions").stdout
    assert first in listed and "and the outliers?" in listed
    # Prune what was not used for 0 days: every session but the current one.
    r = kernel.run("%orkas sessions prune 0")
    assert "removed 1 " in r.stdout
    listed = kernel.run("%orkas sessions").stdout
    assert first not in listed and "and the outliers?" in listed
    r = kernel.run("%orkas sessions prune soon")
    assert "DAYS must be a number" in r.stdout


def test_prune_keeps_another_notebooks_session_in_use(kernel, kernel_env, start_kernel,
                                                       fake_model, tmp_path):
    # Another notebook of the workspace, open in its own kernel, has a conversation.
    other = start_kernel({**kernel_env, "ORKAS_NOTEBOOK": str(tmp_path / "other.ipynb")})
    fake_model.script([reply("Other notebook's answer."), reply("This notebook's answer.")])
    other.run("%load_ext orkas_jupyter")
    other.run("%orkas remember this", timeout=120)
    kernel.run("%load_ext orkas_jupyter")
    kernel.run("%orkas a question here", timeout=120)
    kernel.run("%orkas sessions new")  # this notebook's earlier session: prunable
    r = kernel.run("%orkas sessions prune 0")
    assert "removed 1 empty or unused for 0 days session" in r.stdout, r.stdout
    assert "kept 1 of other notebooks used in the last hour" in r.stdout
    assert "other.ipynb" in r.stdout
    # The other kernel's conversation goes on with its history.
    listed = kernel.run("%orkas sessions").stdout
    assert "remember this" in listed and "other.ipynb" in listed
    assert "a question here" not in listed
    assert "DAYS must be" in kernel.run("%orkas sessions prune -1").stdout


def test_a_loop_guard_stop_keeps_its_reason_in_the_final_view(kernel, fake_model):
    same = tool_call("list_variables", {})
    fake_model.script([same] * 5 + [reply("unreachable")])
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas loop please")
    assert r.error is None, r.error
    final = "\n".join(r.data("text/markdown"))
    assert "repeated 5 times in a row" in final
    tool_texts = json.dumps(fake_model.chat_requests[3].messages[-1])
    assert "\\n\\n" in tool_texts  # the loop warning is set apart from the tool's own output


def test_a_model_set_after_a_failure_works_on_the_next_turn(kernel, fake_model):
    fake_model.script([reply("Now I answer.")])
    kernel.run("%load_ext orkas_jupyter\nimport os; model = os.environ.pop('ORKAS_MODEL')")
    kernel.run("from orkas_jupyter.jupyter.runtime import reset_runtime; reset_runtime()")
    r = kernel.run("%orkas hello")
    assert "No model is configured" in r.stdout
    kernel.run("os.environ['ORKAS_MODEL'] = model")  # what `%env ORKAS_MODEL=…` does
    r = kernel.run("%orkas hello again")
    assert r.error is None, r.error
    assert any("Now I answer." in m for m in r.data("text/markdown"))
    # A model chosen with the magic outlives what the environment says.
    kernel.run("%orkas model openai/gpt-4o-mini")
    fake_model.script([reply("From the mini model.")])
    kernel.run("%orkas once more")
    assert fake_model.chat_requests[-1].model.endswith("gpt-4o-mini")


def test_doctor_reports_a_working_model_and_names_a_missing_key(kernel, fake_model):
    fake_model.script([tool_call("orkas_ping", {}), reply("pong")])
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas doctor", timeout=120)
    assert r.error is None, r.error
    assert "orkas doctor" in r.stdout and "The model is ready." in r.stdout, r.stdout
    assert "sk-test-not-a-real-key" not in r.stdout  # the key is named, never shown
    # The checks ran in a process of their own: the kernel stays without litellm.
    assert "False" in kernel.run("import sys; print('litellm' in sys.modules)").stdout
    # Without a key, a local server may still answer: the doctor names the variables.
    fake_model.script([tool_call("orkas_ping", {}), reply("pong")])
    kernel.run("import os; os.environ.pop('OPENAI_API_KEY')")
    r = kernel.run("%orkas doctor", timeout=120)
    key_line = next(x for x in r.stdout.splitlines() if x.strip().startswith("! key"))
    assert "OPENAI_API_KEY" in key_line and "ORKAS_API_KEY" in key_line, r.stdout


def test_cost_keeps_replayed_answers_apart_from_spend(kernel, fake_model, tmp_path):
    fake_model.script([reply("Recorded answer.")])
    kernel.run("%load_ext orkas_jupyter")
    kernel.run(f"%orkas record {tmp_path / 'run.orkas.json'}")
    r = kernel.run("%orkas what is the mean?")
    assert any("Recorded answer." in m for m in r.data("text/markdown"))
    kernel.run(f"%orkas replay {tmp_path / 'run.orkas.json'}")
    r = kernel.run("%orkas what is the mean?")
    assert any("Recorded answer." in m for m in r.data("text/markdown"))
    assert len(fake_model.chat_requests) == 1  # the second answer came from the recording
    cost = kernel.run("%orkas cost").stdout
    session_lines = cost.split("all sessions")[0]
    assert "replayed from recordings (no spend)" in session_lines, cost
    assert "no model calls" in session_lines, cost  # this replayed session spent nothing


def test_skills_are_listed_and_offered_to_the_agent(kernel, fake_model, tmp_path):
    skill = tmp_path / ".orkas" / "skills" / "csv-tidy"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: csv-tidy\ndescription: Tidies messy CSV files."
                                    "\n---\nStrip blank rows, then normalise the header.\n")
    broken = tmp_path / ".orkas" / "skills" / "broken"
    broken.mkdir()
    (broken / "SKILL.md").write_text("---\nname: [unclosed\n---\nbody\n")
    fake_model.script([tool_call("load_skill", {"name": "csv-tidy"}), reply("Tidied.")])
    kernel.run("%load_ext orkas_jupyter")
    listing = kernel.run("%orkas skills").stdout
    assert "csv-tidy" in listing and "broken" in listing and "invalid front matter" in listing
    r = kernel.run("%orkas tidy data.csv")
    assert r.error is None, r.error
    first = fake_model.chat_requests[0]
    assert "csv-tidy" in json.dumps(first.body.get("messages", [])[0])  # named in the prompt
    result = next(m for m in fake_model.chat_requests[1].messages if m["role"] == "tool")
    assert "normalise the header" in json.dumps(result)  # the body, only when loaded


def test_a_fresh_workspace_answers_its_first_question_and_the_kernel_stays_light(
        kernel, fake_model, tmp_path):
    """No store server yet: `%load_ext` then the question at once. The answer comes from the
    server the load started; the kernel imports neither litellm nor NumPy/DuckDB."""
    assert not (tmp_path / ".orkas").exists()
    fake_model.script([reply("The workspace's first answer.")])
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas hello, first question", timeout=120)
    assert r.error is None, r.error
    assert any("The workspace's first answer." in m for m in r.data("text/markdown"))
    out = kernel.run("import sys\nprint(sorted({m.split('.')[0] for m in sys.modules} & "
                     "{'litellm', 'openai', 'numpy', 'duckdb'}))").stdout
    assert out.strip() == "[]", out


def test_the_store_server_starts_while_the_cell_after_load_ext_still_runs(kernel, fake_model):
    """The server is started by a process of its own at `%load_ext`, not by the kernel's idle
    time: a cell that keeps the kernel busy (or Run All) does not hold it back."""
    r = kernel.run(
        "%load_ext orkas_jupyter\n"
        "import time\n"
        "from orkas_jupyter.config import load_settings\n"
        "from orkas_jupyter.store.client import lock_is_held\n"
        "from orkas_jupyter.store.rpc import lock_path_for\n"
        "_lock = lock_path_for(load_settings().store_path)\n"
        "_t = time.monotonic()\n"
        "while not lock_is_held(_lock) and time.monotonic() - _t < 60:\n"
        "    time.sleep(0.05)\n"
        "print('HELD', lock_is_held(_lock))\n", timeout=90)
    assert r.error is None, r.error
    assert "HELD True" in r.stdout


def test_opening_a_notebook_in_jupyterlab_starts_the_model_host(kernel, fake_model):
    """The panel's quiet attach (every notebook kernel JupyterLab opens) starts the
    workspace's model host before anyone runs `%load_ext` or asks anything."""
    r = kernel.run(
        "import time\n"
        "from orkas_jupyter.jupyter.lab import attach\n"
        "from orkas_jupyter.config import load_settings\n"
        "from orkas_jupyter.store.client import lock_is_held\n"
        "from orkas_jupyter.store.rpc import lock_path_for\n"
        "_lock = lock_path_for(load_settings().store_path)\n"
        "print('BEFORE', lock_is_held(_lock))\n"
        "attach()\n"
        "_t = time.monotonic()\n"
        "while not lock_is_held(_lock) and time.monotonic() - _t < 60:\n"
        "    time.sleep(0.05)\n"
        "print('HELD', lock_is_held(_lock))\n", timeout=90)
    assert r.error is None, r.error
    assert "BEFORE False" in r.stdout and "HELD True" in r.stdout


def test_a_model_removed_after_a_turn_says_so_without_a_traceback(kernel, fake_model):
    fake_model.script([reply("First.")])
    kernel.run("%load_ext orkas_jupyter")
    assert kernel.run("%orkas hello", timeout=120).error is None
    r = kernel.run("%env ORKAS_MODEL=\n%orkas and now?", timeout=120)
    assert r.error is None, r.error
    assert "No model is configured" in r.stdout and "Traceback" not in r.stdout
    assert len(fake_model.chat_requests) == 1
