"""The notebook recording file (P7): format, shared messages, secrets, crash-safe writes,
damaged files, `record` starting afresh, and miss reports."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from orkas_jupyter.engine.errors import NonRetryableProviderError
from orkas_jupyter.engine.messages import Message, TextPart
from orkas_jupyter.engine.provider import ModelRequest
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider
from orkas_jupyter.engine.tools import ToolSpec
from orkas_jupyter.jupyter.recording import (
    NotebookRecording,
    RecordingFileError,
    recording_path_for,
)
from orkas_jupyter.providers import RecordReplayProvider

SECRET = "sk-live-abcdef0123456789"


def conversation(*texts: str) -> ModelRequest:
    roles = ["user", "assistant"]
    return ModelRequest(messages=[Message(role=roles[i % 2], parts=[TextPart(text=t)])  # type: ignore[arg-type]
                                  for i, t in enumerate(texts)])


async def ask(provider: RecordReplayProvider, request: ModelRequest) -> str:
    end = await provider.complete(request)
    return end.message.text


def test_the_file_sits_beside_the_notebook() -> None:
    assert recording_path_for(Path("/w/sales.ipynb")) == Path("/w/sales.orkas.json")


async def test_recorded_exchanges_share_messages_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "nb.orkas.json"
    recording = NotebookRecording(path)
    recording.begin_turn({"id": "c9", "number": 4, "source": "%%orkas hi"})
    inner = ScriptedProvider([Reply(text="one"), Reply(text="two")], model="m")
    recorder = RecordReplayProvider(inner, recording, "record", "m")
    assert await ask(recorder, conversation("first question")) == "one"
    assert await ask(recorder, conversation("first question", "one", "second")) == "two"
    data = json.loads(path.read_text())
    assert data["format"] == "orkas-notebook-recording" and data["notebook"] == "nb.ipynb"
    assert [(x["turn"], x["call"]) for x in data["exchanges"]] == [(1, 1), (1, 2)]
    assert data["exchanges"][0]["cell"] == {"id": "c9", "number": 4, "source": "%%orkas hi"}
    assert len(data["messages"]) == 3  # "first question" is stored once
    # A fresh reader (another machine) replays without the inner provider.
    replayer = RecordReplayProvider(ScriptedProvider([], model="m"), NotebookRecording(path),
                                    "replay", "m")
    assert await ask(replayer, conversation("first question", "one", "second")) == "two"
    assert replayer.replayed == 1


async def test_secrets_are_redacted_before_writing(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_SERVICE_TOKEN", SECRET)
    path = tmp_path / "nb.orkas.json"
    recorder = RecordReplayProvider(ScriptedProvider([Reply(text=f"the token is {SECRET}")]),
                                    NotebookRecording(path), "record", "m")
    await ask(recorder, conversation(f"print {SECRET}"))
    text = path.read_text()
    assert SECRET not in text and "[REDACTED]" in text


async def test_a_crash_while_writing_keeps_the_old_file(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "nb.orkas.json"
    recorder = RecordReplayProvider(ScriptedProvider([Reply(text="kept"), Reply(text="lost")]),
                                    NotebookRecording(path), "record", "m")
    await ask(recorder, conversation("q1"))
    before = path.read_text()

    def crash(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        await ask(recorder, conversation("q2"))
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["nb.orkas.json"]  # no temp file left


@pytest.mark.parametrize("content, message", [
    ("{half", "not a readable recording"),
    ('{"format": "something-else"}', "not an orkas notebook recording"),
    ('{"format": "orkas-notebook-recording", "version": 99}', "recording version 99"),
])
def test_damaged_or_foreign_files_are_refused_and_left_alone(tmp_path: Path, content: str,
                                                             message: str) -> None:
    path = tmp_path / "nb.orkas.json"
    path.write_text(content)
    with pytest.raises(RecordingFileError, match=message):
        NotebookRecording(path)
    assert path.read_text() == content


async def test_record_replaces_what_this_run_did_not_use(tmp_path: Path) -> None:
    path = tmp_path / "nb.orkas.json"
    old = RecordReplayProvider(ScriptedProvider([Reply(text="a"), Reply(text="b")]),
                               NotebookRecording(path), "record", "m")
    await ask(old, conversation("kept question"))
    await ask(old, conversation("dropped question"))
    recording = NotebookRecording(path)
    auto = RecordReplayProvider(ScriptedProvider([Reply(text="c")]), recording, "auto", "m")
    assert await ask(auto, conversation("kept question")) == "a"  # used by this run
    recording.start_fresh()
    auto.mode = "record"
    await ask(auto, conversation("new question"))
    data = json.loads(path.read_text())
    firsts = [data["messages"][x["request"]["messages"][0]]["parts"][0]["text"]
              for x in data["exchanges"]]
    assert firsts == ["kept question", "new question"]
    assert len(data["messages"]) == 2  # the dropped question's message went with it


async def test_a_miss_names_the_closest_recording_and_what_changed(tmp_path: Path) -> None:
    path = tmp_path / "nb.orkas.json"
    recording = NotebookRecording(path)
    recording.begin_turn({"id": None, "number": 3, "source": "%%orkas summarise sales"})
    tools = [ToolSpec(name="read_file", description="Read.", parameters={"type": "object"})]
    recorder = RecordReplayProvider(ScriptedProvider([Reply(text="ok")]), recording, "record",
                                    "m")
    request = conversation("summarise the sales of 2024 by region")
    await ask(recorder, request.model_copy(update={"tools": tools}))

    again = NotebookRecording(path)
    again.begin_turn({"id": None, "number": 3, "source": "%%orkas summarise sales"})
    replayer = RecordReplayProvider(ScriptedProvider([]), again, "replay", "other-model")
    more = [*tools, ToolSpec(name="grep", description="", parameters={"type": "object"})]
    edited = conversation("summarise the sales of 2025 by region").model_copy(
        update={"tools": more})
    with pytest.raises(NonRetryableProviderError) as caught:
        await ask(replayer, edited)
    report = str(caught.value)
    assert "not in the recording `nb.orkas.json` (1 recorded answers)" in report
    assert "cell [3] `%%orkas summarise sales`, turn 1, model call 1" in report
    assert "message 1 of 1 (user), at character 27" in report
    assert "recorded: `summarise the sales of 2024 by region`" in report
    assert "now: `summarise the sales of 2025 by region`" in report
    assert "recorded `m`, now `other-model`" in report
    assert "the tool set changed (+grep)" in report
    assert "%orkas replay auto" in report


async def test_a_longer_conversation_than_recorded_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nb.orkas.json"
    recorder = RecordReplayProvider(ScriptedProvider([Reply(text="one")]),
                                    NotebookRecording(path), "record", "m")
    await ask(recorder, conversation("q"))
    replayer = RecordReplayProvider(ScriptedProvider([]), NotebookRecording(path), "replay", "m")
    with pytest.raises(NonRetryableProviderError, match=r"message 2 \(assistant\) is new"):
        await ask(replayer, conversation("q", "one", "and then?"))
