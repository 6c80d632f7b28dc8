"""Record/replay (P7): canonical keys, modes, identical event sequences, clear misses."""

from __future__ import annotations

import json

import pytest
from providers_helpers import collect, fake_settings, user_request

from orkas_jupyter.engine import FakeClock
from orkas_jupyter.engine.errors import NonRetryableProviderError, ProviderError
from orkas_jupyter.engine.messages import ImagePart, Message, TextPart
from orkas_jupyter.engine.provider import ModelRequest, StreamEnd
from orkas_jupyter.engine.tools import ToolSpec
from orkas_jupyter.providers import (
    InMemoryRecordingStore,
    RecordReplayProvider,
    ReplayMissError,
    make_provider,
    request_key,
)
from orkas_jupyter.testing import FakeModelServer, fault, reply, tool_call

SPEC = ToolSpec(name="add", description="Add.", parameters={"type": "object"})


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-replay-2222")


def test_key_ignores_ids_timestamps_and_session_but_not_content() -> None:
    base = user_request("what is 2+2?", tools=[SPEC], session_id="a")
    again = ModelRequest(messages=[Message(role="user", parts=[TextPart(text="what is 2+2?")])],
                         tools=[SPEC], session_id="b")
    assert base.messages[0].id != again.messages[0].id
    assert request_key(base, "m") == request_key(again, "m")
    assert request_key(base, "m") != request_key(base, "other-model")
    assert request_key(base, "m") != request_key(user_request("what is 2+3?", tools=[SPEC]), "m")
    assert request_key(base, "m") != request_key(user_request("what is 2+2?"), "m")
    # The harness's wording (system prompt, tool descriptions) is not the conversation: a
    # recording survives an orkas upgrade that rewords them, and the user's memory.
    assert request_key(base, "m") == request_key(base.model_copy(update={"system": "x"}), "m")
    reworded = ToolSpec(name="add", description="Adds two numbers.", parameters=SPEC.parameters)
    assert request_key(base, "m") == request_key(
        base.model_copy(update={"tools": [reworded]}), "m")
    changed = ToolSpec(name="add", description="Add.", parameters={"type": "object",
                                                                   "required": ["a"]})
    assert request_key(base, "m") != request_key(base.model_copy(update={"tools": [changed]}),
                                                 "m")


def test_key_ignores_image_bytes_addresses_and_named_paths() -> None:
    def request(text: str, png: str) -> ModelRequest:
        return ModelRequest(messages=[Message(role="user", parts=[
            TextPart(text=text), ImagePart(data=png, media_type="image/png")])])

    here = request("[<Line2D at 0x7f3a2b1c9d40>] read /home/ana/proj/data.csv\n"
                   "Exit code 0 (0.2 s).", "iVBORw0KGgo=")
    there = request("[<Line2D at 0x7ffe00112233>] read /srv/x/data.csv\nExit code 0 (1.4 s).",
                    "iVBORw0KGgoAAAA=")
    subs_here = (("/home/ana/proj", "<workspace>"),)
    subs_there = (("/srv/x", "<workspace>"),)
    assert request_key(here, "m", subs_here) == request_key(there, "m", subs_there)
    assert request_key(here, "m", subs_here) != request_key(there, "m", subs_here)
    jpeg = ModelRequest(messages=[Message(role="user", parts=[
        TextPart(text="[<Line2D at 0x7f3a2b1c9d40>] read /home/ana/proj/data.csv\n"
                      "Exit code 0 (0.2 s)."),
        ImagePart(data="iVBORw0KGgo=", media_type="image/jpeg")])])
    assert request_key(here, "m", subs_here) != request_key(jpeg, "m", subs_here)


async def test_record_then_replay_yields_the_same_events_with_no_request() -> None:
    store = InMemoryRecordingStore()
    with FakeModelServer([tool_call("add", {"a": 1, "b": 2}, text="Let me add.")]) as server:
        recorder = make_provider(fake_settings(server.base_url, replay="record"),
                                 recordings=store, clock=FakeClock())
        recorded = await collect(recorder, user_request("add", tools=[SPEC]))
        replayer = make_provider(fake_settings(server.base_url, replay="replay"),
                                 recordings=store, clock=FakeClock())
        replayed = await collect(replayer, user_request("add", tools=[SPEC]))
        assert len(server.chat_requests) == 1
    assert len(store.recordings) == 1
    strip = {"message": {"id", "created_at", "meta"}}
    assert [e.model_dump(exclude=strip) for e in replayed] == [
        e.model_dump(exclude=strip) for e in recorded]
    end = replayed[-1]
    assert isinstance(end, StreamEnd) and end.message.id != recorded[-1].message.id  # type: ignore[union-attr]
    # The same meta, plus the mark that keeps replayed usage apart from spend.
    assert end.message.meta == {**recorded[-1].message.meta, "replayed": True}  # type: ignore[union-attr]
    payload = json.loads(next(iter(store.recordings.values())))
    assert payload["format"] == "orkas-recording" and payload["version"] == 1
    assert payload["model"] == "openai/gpt-4o" and payload["request"]["last_user"] == "add"
    assert "sk-replay" not in json.dumps(payload)


async def test_replay_needs_no_server_and_a_miss_names_the_request() -> None:
    store = InMemoryRecordingStore()
    settings = fake_settings("http://127.0.0.1:9/v1", replay="replay")  # nothing listens there
    provider = make_provider(settings, recordings=store, clock=FakeClock())
    with pytest.raises(ReplayMissError) as caught:
        await collect(provider, user_request("summarise the outliers in df"))
    message = str(caught.value)
    assert "openai/gpt-4o" in message and "summarise the outliers" in message
    assert request_key(user_request("summarise the outliers in df"), "openai/gpt-4o")[:16] in (
        message)
    assert "ORKAS_REPLAY=record" in message


async def test_auto_mode_records_misses_and_replays_hits() -> None:
    store = InMemoryRecordingStore()
    with FakeModelServer([reply("first answer")]) as server:
        provider = make_provider(fake_settings(server.base_url, replay="auto"),
                                 recordings=store, clock=FakeClock())
        one = (await collect(provider, user_request("q")))[-1]
        two = (await collect(provider, user_request("q")))[-1]
        assert len(server.chat_requests) == 1
    assert isinstance(one, StreamEnd) and isinstance(two, StreamEnd)
    assert one.message.text == two.message.text == "first answer"


async def test_failed_responses_are_not_recorded() -> None:
    store = InMemoryRecordingStore()
    with FakeModelServer([fault(500), reply("ok")]) as server:
        provider = make_provider(fake_settings(server.base_url, replay="record"),
                                 recordings=store, clock=FakeClock())
        with pytest.raises(ProviderError):
            await collect(provider, user_request())
        assert store.recordings == {}
        await collect(provider, user_request())
    assert len(store.recordings) == 1


async def test_damaged_recording_is_a_clear_error_in_replay_and_rerecorded_in_auto() -> None:
    request = user_request("q")
    key = request_key(request, "openai/gpt-4o")
    store = InMemoryRecordingStore({key: "{not json"})
    with FakeModelServer([reply("fresh")]) as server:
        inner = make_provider(fake_settings(server.base_url), clock=FakeClock())
        strict = RecordReplayProvider(inner, store, "replay", "openai/gpt-4o")
        with pytest.raises(NonRetryableProviderError, match="unreadable"):
            await collect(strict, request)
        auto = RecordReplayProvider(inner, store, "auto", "openai/gpt-4o")
        end = (await collect(auto, request))[-1]
    assert isinstance(end, StreamEnd) and end.message.text == "fresh"
    assert json.loads(store.recordings[key])["format"] == "orkas-recording"


async def test_validate_auth_checks_keys_except_in_replay_mode() -> None:
    with FakeModelServer([fault(401)]) as server:
        replaying = make_provider(fake_settings(server.base_url, replay="replay"),
                                  clock=FakeClock())
        assert await replaying.validate_auth() == {}  # type: ignore[attr-defined]
        recording = make_provider(fake_settings(server.base_url, replay="record"),
                                  clock=FakeClock())
        report = await recording.validate_auth()  # type: ignore[attr-defined]
        assert len(server.chat_requests) == 1
    assert list(report) == ["openai/gpt-4o (key …2222)"] and "refused" in report[
        "openai/gpt-4o (key …2222)"]


def test_key_ignores_the_providers_original_call_id() -> None:
    from orkas_jupyter.engine.messages import ToolCallPart

    def history(provider_id: str | None) -> ModelRequest:
        call = ToolCallPart(id="call_9", name="add", arguments="{}", provider_id=provider_id)
        return user_request("add").model_copy(update={"messages": [
            Message(role="user", parts=[TextPart(text="add")]),
            Message(role="assistant", parts=[call])]})

    assert request_key(history(None), "openai/gpt-4o") == request_key(history("call_1"),
                                                                     "openai/gpt-4o")


async def test_an_old_recording_with_a_reused_call_id_replays_with_distinct_ids() -> None:
    store = InMemoryRecordingStore()
    with FakeModelServer([tool_call("add", {"a": 1, "b": 2})]) as server:
        recorder = make_provider(fake_settings(server.base_url, replay="record"),
                                 recordings=store, clock=FakeClock())
        await collect(recorder, user_request("add", tools=[SPEC]))
    # Rewrite the recording as one made before duplicate ids were mended would read.
    key, payload = next(iter(store.recordings.items()))
    data = json.loads(payload)
    parts = data["events"][-1]["message"]["parts"]
    parts.append(dict(parts[-1]))
    store.recordings[key] = json.dumps(data)
    replayer = make_provider(fake_settings("http://127.0.0.1:9/v1", replay="replay"),
                             recordings=store, clock=FakeClock())
    end = (await collect(replayer, user_request("add", tools=[SPEC])))[-1]
    assert isinstance(end, StreamEnd)
    ids = [c.id for c in end.message.tool_calls]
    assert len(ids) == 2 and len(set(ids)) == 2 and ids[1] == f"{ids[0]}_dup1"


def test_tools_from_the_machine_do_not_change_the_key() -> None:
    """Skills and MCP servers differ between machines; a recording must replay on both."""
    from orkas_jupyter.engine.tools import ToolSpec
    from orkas_jupyter.providers.replay import request_key

    skill = ToolSpec(name="load_skill", description="d", parameters={"type": "object"})
    mcp = ToolSpec(name="mcp__time__now", description="d", parameters={"type": "object"})
    plain = user_request("add", tools=[SPEC])
    with_machine_tools = user_request("add", tools=[SPEC, skill, mcp])
    assert request_key(plain, "m") == request_key(with_machine_tools, "m")
    other = ToolSpec(name="grep_files", description="d", parameters={"type": "object"})
    assert request_key(plain, "m") != request_key(user_request("add", tools=[SPEC, other]), "m")
