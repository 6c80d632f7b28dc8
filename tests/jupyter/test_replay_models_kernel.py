"""A recording answers the conversation it recorded, whatever model is configured (issue 22):
with the user's own model exported, recorded questions still replay the recording's answers
and the file is left as it was; only new questions go to the user's model, and the file's
model stays the one the notebook was recorded with. With no model configured, the
recording's model only replays: a new question ends at once with one message saying where
the answers came from and how to set a real model, and `%orkas model` / `doctor` say that no
model is configured."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from orkas_jupyter.testing import reply

from .test_replay_kernel import ANSWER, SETUP, markdown, model

pytestmark = pytest.mark.slow

SCRIPTED = "openai/orkas-scripted-example"
QUESTION = "%%orkas\nwhich region sells most?"


def record_with_scripted_model(start_kernel, kernel_env, fake_model) -> None:
    """`analysis.orkas.json` recorded as the examples are: by the scripted example model."""
    fake_model.script(model)
    recorder = start_kernel({**kernel_env, "ORKAS_MODEL": SCRIPTED})
    recorder.run("%load_ext orkas_jupyter")
    recorder.run(SETUP)
    recorder.run("%orkas record")
    recorder.run(QUESTION, timeout=120)
    assert len(fake_model.chat_requests) == 2
    fake_model.clear_requests()


def test_recorded_questions_replay_whatever_model_the_user_exported(
        kernel_env, fake_model, start_kernel, tmp_path: Path):
    record_with_scripted_model(start_kernel, kernel_env, fake_model)
    path = tmp_path / "analysis.orkas.json"
    before = path.read_bytes()

    # The user exported their own model (the fixture's openai/gpt-4o at the fake server).
    user = start_kernel(kernel_env)
    user.run("%load_ext orkas_jupyter")
    user.run(SETUP)
    user.run("%orkas replay auto")
    replayed = user.run(QUESTION, timeout=120)
    text = markdown(replayed)
    assert replayed.error is None and ANSWER in text
    assert (f"2 recorded model answers replayed from `analysis.orkas.json` (model "
            f"`{SCRIPTED}`)") in text
    assert "not in the recording" not in text and "Calling the model" not in text
    assert fake_model.chat_requests == []
    assert path.read_bytes() == before  # Run All leaves the committed recording alone

    # A question the recording does not hold goes to the user's model and is recorded as
    # theirs; the notebook's model stays the one it was recorded with.
    fake_model.script([reply("The user's model answers.")])
    new = user.run("%%orkas\nand which sells least?", timeout=120)
    assert "The user's model answers." in markdown(new)
    assert "1 model answer recorded in `analysis.orkas.json`" in markdown(new)
    assert [r.model for r in fake_model.chat_requests] == ["gpt-4o"]
    recording = json.loads(path.read_text())
    assert recording["model"] == SCRIPTED
    assert [x["model"] for x in recording["exchanges"]] == [SCRIPTED, SCRIPTED,
                                                            "openai/gpt-4o"]

    # The recorded question still replays the scripted answers (in a new recorded run: this
    # session's history now holds the new question).
    user.run("%orkas replay auto")
    again = user.run(QUESTION, timeout=120)
    assert f"2 recorded model answers replayed from `analysis.orkas.json` (model `{SCRIPTED}`)" \
        in markdown(again)
    assert len(fake_model.chat_requests) == 1

    # `record` means what it says: every request to the configured model, which now names
    # the notebook's recording.
    fake_model.clear_requests()
    fake_model.script(model)
    recorder = start_kernel(kernel_env)
    recorder.run("%load_ext orkas_jupyter")
    recorder.run(SETUP)
    recorder.run("%orkas record")
    recorder.run(QUESTION, timeout=120)
    assert [r.model for r in fake_model.chat_requests] == ["gpt-4o", "gpt-4o"]
    recording = json.loads(path.read_text())
    assert recording["model"] == "openai/gpt-4o"
    assert {x["model"] for x in recording["exchanges"]} == {"openai/gpt-4o"}


def test_a_miss_that_differs_only_by_model_says_so(tmp_path: Path):
    """Straight on the file (no kernel): the same messages under another model and settings
    is reported by what differs, not as 'max tokens or purpose'."""
    from orkas_jupyter.jupyter.recording import NotebookRecording

    messages = [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]
    canonical = {"model": SCRIPTED, "messages": messages, "tools": [], "max_tokens": 4096,
                 "purpose": "turn"}
    payload = json.dumps({"canonical": canonical, "model": SCRIPTED, "events": [
        {"type": "end", "message": {"role": "assistant", "parts": []}}]})
    recording = NotebookRecording(tmp_path / "x.orkas.json")
    asyncio.run(recording.put_recording("k1", payload))
    report = recording.explain_miss({**canonical, "model": "openai/gpt-4o"})
    assert report is not None
    assert "identical; the request differs only in the model" in report, report
    assert f"recorded `{SCRIPTED}`, now `openai/gpt-4o`" in report
    assert "max tokens or purpose" not in report
    both = recording.explain_miss({**canonical, "model": "openai/gpt-4o", "max_tokens": 10})
    assert "differs only in the model and max tokens" in str(both)


def test_with_no_model_a_new_question_ends_at_once_with_one_message(
        kernel_env, fake_model, start_kernel, tmp_path: Path):
    record_with_scripted_model(start_kernel, kernel_env, fake_model)
    before = (tmp_path / "analysis.orkas.json").read_bytes()
    # A machine with no model and no key; the fake server still listens, so a request sent
    # anywhere it could go would be seen.
    env = {k: v for k, v in kernel_env.items() if k not in ("ORKAS_MODEL", "OPENAI_API_KEY")}
    fresh = start_kernel(env)
    fresh.run("%load_ext orkas_jupyter")
    fresh.run(SETUP)
    shown = fresh.run("%orkas replay auto").stdout
    assert f"model: {SCRIPTED}" in shown, shown  # what the answers replay with
    assert ANSWER in markdown(fresh.run(QUESTION, timeout=120))

    started = time.monotonic()
    new = fresh.run("%%orkas\nand which sells least?", timeout=120)
    took = time.monotonic() - started
    text = new.stdout + markdown(new)
    assert new.error is None, new.error
    assert "this question is not in the recording `analysis.orkas.json`" in text
    assert "a scripted example model" in text and "%orkas model provider/model" in text
    assert "docs/models.md" in text
    assert text.count("not in the recording") == 1  # one message, not three
    assert "Calling the model" not in text and "OPENAI_API_KEY" not in text
    assert "API key" not in text and "run the cell again" not in text
    assert fake_model.requests == []
    assert took < 3, took
    assert (tmp_path / "analysis.orkas.json").read_bytes() == before

    # The recording's model is not the user's: `model` and `doctor` say none is configured.
    said = fresh.run("%orkas model").stdout
    assert said.startswith("model: (none)") and "replay with the recording's model" in said
    assert "%orkas model provider/model" in said
    doctor = fresh.run("%orkas doctor", timeout=60).stdout
    assert "no model is set" in doctor and "replay with the recording's model" in doctor
    assert "api.openai.com" not in doctor and "OPENAI_API_KEY" not in doctor
    assert fake_model.requests == []

    # Choosing a real model makes new questions work; recorded ones still replay.
    fake_model.script([reply("A real answer.")])
    fresh.run("%env OPENAI_API_KEY=sk-test-not-a-real-key")
    fresh.run("%orkas model openai/gpt-4o")
    answered = fresh.run("%%orkas\nand which sells least?", timeout=120)
    assert "A real answer." in markdown(answered)
    assert [r.model for r in fake_model.chat_requests] == ["gpt-4o"]
    assert "model: openai/gpt-4o" in fresh.run("%orkas model").stdout


def test_a_model_exported_after_the_recordings_was_taken_is_used(
        kernel_env, fake_model, start_kernel, tmp_path: Path):
    record_with_scripted_model(start_kernel, kernel_env, fake_model)
    env = {k: v for k, v in kernel_env.items() if k not in ("ORKAS_MODEL", "OPENAI_API_KEY")}
    fresh = start_kernel(env)
    fresh.run("%load_ext orkas_jupyter")
    fresh.run(SETUP)
    fresh.run("%orkas replay auto")
    assert ANSWER in markdown(fresh.run(QUESTION, timeout=120))  # the recording's model
    # The way docs/models.md says: the variables, set in the notebook.
    fake_model.script([reply("From the model you exported.")])
    fresh.run("%env ORKAS_MODEL=openai/gpt-4o\n%env OPENAI_API_KEY=sk-test-not-a-real-key")
    answered = fresh.run("%%orkas\nand which sells least?", timeout=120)
    assert "From the model you exported." in markdown(answered)
    assert [r.model for r in fake_model.chat_requests] == ["gpt-4o"]
    assert "model: openai/gpt-4o" in fresh.run("%orkas model").stdout


def test_the_panel_says_the_same_one_message(kernel_env, fake_model, start_kernel,
                                            tmp_path: Path):
    record_with_scripted_model(start_kernel, kernel_env, fake_model)
    env = {k: v for k, v in kernel_env.items() if k not in ("ORKAS_MODEL", "OPENAI_API_KEY")}
    fresh = start_kernel(env)
    fresh.run("%load_ext orkas_jupyter")
    fresh.run("%orkas replay auto")
    r = fresh.run(
        "import time\n"
        "from orkas_jupyter.jupyter.chat import ChatController\n"
        "from orkas_jupyter.jupyter.runtime import get_runtime\n"
        "sent = []\n"
        "chat = ChatController(get_runtime(), sent.append)\n"
        "chat.handle({'type': 'send', 'text': 'a question nobody recorded'})\n"
        "deadline = time.monotonic() + 30\n"
        "while not any(m['type'] == 'done' for m in sent) and time.monotonic() < deadline:\n"
        "    time.sleep(0.05)\n"
        "import json\n"
        "print(json.dumps([m for m in sent if m['type'] in ('notice', 'done')]))", timeout=60)
    assert r.error is None, r.error
    shown = json.loads(r.stdout.strip().splitlines()[-1])
    notices = [m for m in shown if m["type"] == "notice"]
    assert len(notices) == 1, notices
    text = notices[0]["text"]
    assert "this question is not in the recording" in text and "a scripted example model" in text
    assert "OPENAI_API_KEY" not in text and "run the cell again" not in text
    assert "Calling the model" not in text
    assert fake_model.requests == []
    assert shown[-1]["type"] == "done"


def test_the_files_model_is_the_first_answering_one_and_record_resets_it(tmp_path: Path):
    """Straight on the file: a later model's answer or an outside agent's does not rename
    the notebook's model; `%orkas record` (a fresh run) does."""
    from orkas_jupyter.jupyter.recording import NotebookRecording

    def payload(model_name: str, text: str) -> str:
        canonical = {"model": model_name, "tools": [], "max_tokens": None, "purpose": "turn",
                     "messages": [{"role": "user", "parts": [{"type": "text", "text": text}]}]}
        return json.dumps({"canonical": canonical, "model": model_name, "events": [
            {"type": "end", "message": {"role": "assistant", "parts": []}}]})

    path = tmp_path / "nb.orkas.json"
    recording = NotebookRecording(path)
    asyncio.run(recording.put_recording("k0", payload("outside:codex", "a task")))
    asyncio.run(recording.put_recording("k1", payload(SCRIPTED, "first")))
    asyncio.run(recording.put_recording("k2", payload("openai/gpt-4o", "second")))
    assert json.loads(path.read_text())["model"] == SCRIPTED
    assert NotebookRecording(path).recorded_models() == [SCRIPTED, "openai/gpt-4o"]
    recording.start_fresh()
    asyncio.run(recording.put_recording("k3", payload("anthropic/claude-sonnet-4-5", "third")))
    assert json.loads(path.read_text())["model"] == "anthropic/claude-sonnet-4-5"
