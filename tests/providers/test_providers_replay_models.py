"""A recording answers the conversation it recorded (issue 22): a request recorded with one
model replays when another is configured (the store's own models are tried), and only a
request it does not hold reaches the configured model; a store whose model only replays
never has a request sent to it. Through litellm and the fake model server."""

from __future__ import annotations

import json
import time

import pytest
from providers_helpers import collect, fake_settings, user_request

from orkas_jupyter.engine import FakeClock
from orkas_jupyter.engine.errors import ProviderSetupError
from orkas_jupyter.engine.provider import StreamEnd
from orkas_jupyter.providers import (
    InMemoryRecordingStore,
    RecordReplayProvider,
    ReplayMissError,
    make_provider,
)
from orkas_jupyter.providers.replay import SCRIPTED_EXAMPLE_MODEL
from orkas_jupyter.testing import FakeModelServer, reply

SCRIPTED = SCRIPTED_EXAMPLE_MODEL


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-replay-3333")


def text_of(events: list) -> str:
    end = events[-1]
    assert isinstance(end, StreamEnd)
    return end.message.text


async def record(store: InMemoryRecordingStore, base_url: str, question: str) -> None:
    recorder = make_provider(fake_settings(base_url, model=SCRIPTED, replay="record"),
                             recordings=store, clock=FakeClock())
    await collect(recorder, user_request(question))


@pytest.mark.parametrize("mode", ["replay", "auto"])
async def test_a_request_recorded_with_another_model_replays(mode: str) -> None:
    store = InMemoryRecordingStore()
    with FakeModelServer([reply("Scripted answer.")]) as server:
        await record(store, server.base_url, "what drives rentals?")
        server.clear_requests()
        user = make_provider(fake_settings(server.base_url, model="openai/gpt-4o", replay=mode),
                             recordings=store, clock=FakeClock())
        assert isinstance(user, RecordReplayProvider)
        events = await collect(user, user_request("what drives rentals?"))
        assert text_of(events) == "Scripted answer."
        assert user.replayed == 1 and user.replayed_models == [SCRIPTED]
        assert server.chat_requests == [] and len(store.recordings) == 1


async def test_only_a_request_not_recorded_reaches_the_configured_model() -> None:
    store = InMemoryRecordingStore()
    with FakeModelServer([reply("Scripted answer."), reply("User model's answer.")]) as server:
        await record(store, server.base_url, "what drives rentals?")
        user = make_provider(fake_settings(server.base_url, model="openai/gpt-4o",
                                           replay="auto"), recordings=store, clock=FakeClock())
        assert text_of(await collect(user, user_request("and the outliers?"))) == (
            "User model's answer.")
        assert [r.model for r in server.chat_requests] == [SCRIPTED.split("/")[1], "gpt-4o"]
        models = {json.loads(p)["model"] for p in store.recordings.values()}
        assert models == {SCRIPTED, "openai/gpt-4o"}


async def test_record_mode_calls_the_configured_model_even_for_recorded_requests() -> None:
    store = InMemoryRecordingStore()
    with FakeModelServer([reply("Scripted answer."), reply("Re-recorded.")]) as server:
        await record(store, server.base_url, "what drives rentals?")
        user = make_provider(fake_settings(server.base_url, model="openai/gpt-4o",
                                           replay="record"), recordings=store, clock=FakeClock())
        assert text_of(await collect(user, user_request("what drives rentals?"))) == (
            "Re-recorded.")
        assert len(server.chat_requests) == 2


class ReplayOnlyStore(InMemoryRecordingStore):
    """A store whose model may be adopted only to replay (the notebook recording's role)."""

    replay_only: str | None = None


@pytest.mark.parametrize("mode", ["replay", "auto", "record"])
async def test_a_model_that_only_replays_is_never_called(mode: str) -> None:
    store = ReplayOnlyStore()
    with FakeModelServer([reply("Scripted answer.")]) as server:
        await record(store, server.base_url, "what drives rentals?")
        server.clear_requests()
        store.replay_only = SCRIPTED  # no model configured: the recording's was adopted
        adopted = make_provider(fake_settings(server.base_url, model=SCRIPTED, replay=mode),
                                recordings=store, clock=FakeClock())
        if mode != "record":  # what it holds still replays
            recorded = await collect(adopted, user_request("what drives rentals?"))
            assert text_of(recorded) == "Scripted answer."
        started = time.monotonic()
        with pytest.raises(ReplayMissError) as caught:
            await collect(adopted, user_request("a new question"))
        assert time.monotonic() - started < 0.5
        assert isinstance(caught.value, ProviderSetupError)  # nothing sent; no one to blame
        message = str(caught.value)
        assert "a scripted example model" in message and "%orkas model provider/model" in message
        assert "docs/models.md" in message and "API key" not in message
        assert server.requests == []
        assert len(store.recordings) == 1
