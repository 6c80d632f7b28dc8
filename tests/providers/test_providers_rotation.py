"""Rotation and cooldowns (P2, P3) through litellm and the HTTP fake, on a fake clock."""

from __future__ import annotations

import pytest
from providers_helpers import collect, fake_settings, user_request

from orkas_jupyter.engine import FakeClock
from orkas_jupyter.engine.errors import ContextOverflowError
from orkas_jupyter.engine.provider import StreamEnd, StreamText
from orkas_jupyter.providers import (
    AccountError,
    Candidate,
    ProviderConnectionError,
    ProviderServerError,
    RateLimitedError,
    RotatingProvider,
    build_candidates,
    make_provider,
)
from orkas_jupyter.testing import FakeModelServer, context_overflow, drop, fault, reply


def two_models(server: FakeModelServer, clock: FakeClock) -> RotatingProvider:
    settings = fake_settings(server.base_url, fallback_models=["openai/gpt-4o-mini"])
    return RotatingProvider(build_candidates(settings, timeout=5), clock=clock)


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-primary-1111")


@pytest.mark.parametrize("failure", [fault(401), fault(402), fault(403),
                                     fault(429, code="insufficient_quota",
                                           message="You exceeded your current quota.")])
async def test_account_errors_rotate_within_the_request_and_cool_down(failure: object) -> None:
    clock = FakeClock()
    with FakeModelServer([failure, reply("from mini"), reply("mini again")]) as server:  # type: ignore[list-item]
        provider = two_models(server, clock)
        end = (await collect(provider, user_request()))[-1]
        assert isinstance(end, StreamEnd) and end.message.text == "from mini"
        assert end.message.meta["model"] == "openai/gpt-4o-mini"
        assert [r.model for r in server.chat_requests] == ["gpt-4o", "gpt-4o-mini"]
        # Still cooling down: the next request goes straight to the fallback.
        clock._now += 599
        await collect(provider, user_request())
        assert server.chat_requests[-1].model == "gpt-4o-mini"
        # Ten minutes later the primary is preferred again.
        clock._now += 2
        server.add(reply("primary back"))
        end = (await collect(provider, user_request()))[-1]
        assert isinstance(end, StreamEnd) and end.message.text == "primary back"
        assert server.chat_requests[-1].model == "gpt-4o"
    assert clock.sleeps == []  # rotation itself never sleeps


@pytest.mark.parametrize(("failure", "cooldown"), [
    (fault(429, retry_after=7), 7.0),    # as long as the server asked
    (fault(429, retry_after=0.5), 0.5),
    (fault(429), 60.0),                   # no Retry-After: a minute
    (fault(429, retry_after=3600), 600.0),  # bounded by the account cooldown
])
async def test_a_rate_limit_cools_the_candidate_for_its_retry_after(
        failure: object, cooldown: float) -> None:
    clock = FakeClock()
    with FakeModelServer([failure, reply("from mini")]) as server:  # type: ignore[list-item]
        provider = two_models(server, clock)
        end = (await collect(provider, user_request()))[-1]
        assert isinstance(end, StreamEnd) and end.message.text == "from mini"
        assert provider.cooldowns["openai/gpt-4o (key …1111)"].until == cooldown
        # Just before the cooldown ends the fallback still serves…
        clock._now = cooldown - 0.1
        server.add(reply("mini again"))
        await collect(provider, user_request())
        # …and once it has passed the primary is preferred again.
        clock._now = cooldown + 0.1
        server.add(reply("primary back"))
        end = (await collect(provider, user_request()))[-1]
        assert isinstance(end, StreamEnd) and end.message.text == "primary back"
        assert [r.model for r in server.chat_requests] == [
            "gpt-4o", "gpt-4o-mini", "gpt-4o-mini", "gpt-4o"]
    assert clock.sleeps == []


@pytest.mark.parametrize(("failure", "error"), [
    (fault(500), ProviderServerError), (fault(503), ProviderServerError),
    (context_overflow(), ContextOverflowError), (drop(0), ProviderConnectionError),
    (fault(400, message="bad field"), Exception),
])
async def test_transient_server_and_request_errors_propagate_without_rotation(
        failure: object, error: type[Exception]) -> None:
    clock = FakeClock()
    with FakeModelServer([failure, reply("ok")]) as server:  # type: ignore[list-item]
        provider = two_models(server, clock)
        with pytest.raises(error):
            await collect(provider, user_request())
        assert [r.model for r in server.chat_requests] == ["gpt-4o"]
        assert provider.cooldowns == {}
        # The engine's retry goes to the same candidate.
        await collect(provider, user_request())
        assert [r.model for r in server.chat_requests] == ["gpt-4o", "gpt-4o"]


async def test_a_stream_broken_after_content_propagates_without_rotation() -> None:
    clock = FakeClock()
    with FakeModelServer([drop(after_chunks=1, text="abcdefgh", chunk_chars=2)]) as server:
        provider = two_models(server, clock)
        seen: list[object] = []
        with pytest.raises(ProviderConnectionError):
            async for event in provider.stream(user_request()):
                seen.append(event)
        assert len(server.chat_requests) == 1
    assert any(isinstance(e, StreamText) for e in seen)


async def test_several_keys_for_one_model_rotate_by_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-first-key-aaaa, sk-second-key-bbbb")
    clock = FakeClock()
    with FakeModelServer([fault(401), reply("second key works")]) as server:
        provider = make_provider(fake_settings(server.base_url), clock=clock)
        end = (await collect(provider, user_request()))[-1]
        keys = [r.api_key for r in server.chat_requests]
    assert isinstance(end, StreamEnd) and end.message.text == "second key works"
    assert keys == ["sk-first-key-aaaa", "sk-second-key-bbbb"]
    assert isinstance(provider, RotatingProvider)
    assert list(provider.cooldowns) == ["openai/gpt-4o (key …aaaa)"]
    assert "sk-first" not in repr(provider.cooldowns)


async def test_all_candidates_refused_is_one_clear_error() -> None:
    clock = FakeClock()
    with (FakeModelServer([fault(401), fault(402)]) as server,
          pytest.raises(AccountError, match="every model candidate refused") as caught):
        await collect(two_models(server, clock), user_request())
    assert "gpt-4o-mini" in str(caught.value) and "sk-primary" not in str(caught.value)


async def test_rate_limits_everywhere_stay_retryable_with_the_shortest_wait() -> None:
    clock = FakeClock()
    with FakeModelServer([fault(429, retry_after=9), fault(429, retry_after=4),
                          reply("after the wait")]) as server:
        provider = two_models(server, clock)
        with pytest.raises(RateLimitedError) as caught:
            await collect(provider, user_request())
        assert caught.value.retry_after == 4.0
        # Everything is cooling down: the candidate whose cooldown ends first (the one
        # that asked for 4 s) is tried.
        end = (await collect(provider, user_request()))[-1]
        assert isinstance(end, StreamEnd) and end.message.text == "after the wait"
        assert [r.model for r in server.chat_requests] == ["gpt-4o", "gpt-4o-mini",
                                                           "gpt-4o-mini"]


async def test_explicit_model_outside_the_candidates_is_served_ad_hoc() -> None:
    with FakeModelServer([reply("via ad hoc")]) as server:
        provider = make_provider(fake_settings(server.base_url), clock=FakeClock())
        request = user_request().model_copy(update={"model": "openai/gpt-4.1"})
        end = (await collect(provider, request))[-1]
        assert server.chat_requests[0].model == "gpt-4.1"
        assert server.chat_requests[0].api_key == "sk-primary-1111"
    assert isinstance(end, StreamEnd) and end.message.meta["model"] == "openai/gpt-4.1"


def test_fallbacks_of_another_provider_get_neither_base_nor_key() -> None:
    settings = fake_settings("http://127.0.0.1:9/v1",
                             fallback_models=["anthropic/claude-sonnet-4-5", "openai/gpt-4o-mini"])
    labels = [(c.label, getattr(c.provider, "api_base", None))
              for c in build_candidates(settings, timeout=5)]
    assert labels == [("openai/gpt-4o (key …1111)", "http://127.0.0.1:9/v1"),
                      ("anthropic/claude-sonnet-4-5 (default key)", None),
                      ("openai/gpt-4o-mini (key …1111)", "http://127.0.0.1:9/v1")]


async def test_account_error_after_first_content_propagates_and_does_not_rotate() -> None:
    from orkas_jupyter.engine.scripted import Reply as ScriptedReply
    from orkas_jupyter.engine.scripted import ScriptedProvider

    failing = ScriptedProvider([ScriptedReply(text="abcdef", chunks=3,
                                              fail_with=AccountError("key expired", status=401),
                                              fail_after_chunks=1)])
    spare = ScriptedProvider([ScriptedReply(text="spare")])
    provider = RotatingProvider([Candidate("a", "m/a", failing), Candidate("b", "m/b", spare)],
                                clock=FakeClock())
    seen: list[object] = []
    with pytest.raises(AccountError):
        async for event in provider.stream(user_request()):
            seen.append(event)
    assert [e.text for e in seen if isinstance(e, StreamText)] == ["ab"]
    assert spare.requests == []
    assert provider.cooldowns == {}


async def test_validate_auth_reports_each_candidate() -> None:
    with FakeModelServer([reply("pong"), fault(401)]) as server:
        report = await two_models(server, FakeClock()).validate_auth()
    assert report["openai/gpt-4o (key …1111)"] is None
    refused = report["openai/gpt-4o-mini (key …1111)"]
    assert refused is not None and "refused" in refused and "sk-primary" not in refused


async def test_a_refused_key_names_its_variable_and_logs_no_warning(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delenv("ORKAS_API_KEY")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-refused-by-the-server-9999")
    clock = FakeClock()
    with (FakeModelServer([fault(401)]) as server,
          pytest.raises(AccountError) as caught):
        await collect(make_provider(fake_settings(server.base_url), clock=clock),
                      user_request())
    message = str(caught.value)
    assert "HTTP 401" in message and "came from OPENAI_API_KEY" in message
    assert "%env OPENAI_API_KEY=…" in message and "9999" not in message
    # The user reads the error; nothing is written to the cell's stderr besides it.
    assert not [r for r in caplog.records if r.levelname == "WARNING"]
