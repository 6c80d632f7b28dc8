"""A first real model that just works: keys read at each request, no cooldown for a missing
key, errors naming the model, the URL tried and the cause, a refused port given up quickly."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest
from providers_helpers import AddTool, collect, fake_settings, user_request

from orkas_jupyter.config import load_settings
from orkas_jupyter.engine import Agent, FakeClock, Retry, TurnResult
from orkas_jupyter.engine.errors import ProviderSetupError
from orkas_jupyter.engine.retry import BackoffPolicy
from orkas_jupyter.providers import (
    MissingKeyError,
    ProviderConnectionError,
    ProviderServerError,
    ProviderUnreachableError,
    RotatingProvider,
    endpoint_of,
    make_provider,
)
from orkas_jupyter.providers._litellm import load_litellm
from orkas_jupyter.testing import FakeModelServer, RecordedRequest, Step, fault, reply, slow

KEY_VARIABLES = ("ORKAS_API_KEY", "OPENAI_API_KEY", "OPENAI_ADMIN_KEY", "OPENAI_BASE_URL",
                 "OPENAI_API_BASE")


@pytest.fixture(autouse=True)
def _no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in KEY_VARIABLES:
        monkeypatch.delenv(variable, raising=False)


async def run(agent: Agent, prompt: str) -> tuple[TurnResult, list[Any]]:
    events = [event async for event in agent.run(prompt)]
    result = events[-1].result
    assert result is not None
    return result, events


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wants_key(expected: str) -> Any:
    """A server that answers 401 unless `expected` is sent."""
    def answer(request: RecordedRequest) -> Step:
        if request.api_key != expected:
            return fault(401, message="Incorrect API key provided.")
        return reply("hello with a key")
    return answer


async def test_a_missing_key_sends_nothing_and_a_key_set_afterwards_works_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    with FakeModelServer(wants_key("sk-set-later-5555")) as server:
        # The provider's own base-URL variable: the default-endpoint path, with no key.
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        provider = make_provider(load_settings({}, model="openai/gpt-4o"), clock=clock)
        agent = Agent(provider, tools=[AddTool()], clock=clock)
        load_litellm()  # its first import (~3 s) is not what is timed
        started = time.monotonic()
        first, events = await run(agent, "hi")
        elapsed = time.monotonic() - started
        assert server.chat_requests == []  # nothing was sent
        assert first.stop_reason == "error"
        error = first.error or ""
        for name in ("openai/gpt-4o", "OPENAI_API_KEY", "ORKAS_API_KEY", "nothing was sent"):
            assert name in error
        assert "HTTP" not in error
        assert elapsed < 1.0
        assert not any(isinstance(e, Retry) for e in events)
        assert isinstance(provider, RotatingProvider) and provider.cooldowns == {}
        # The same provider, the key set in the notebook: the very next turn works.
        monkeypatch.setenv("OPENAI_API_KEY", "sk-set-later-5555")
        second, _ = await run(agent, "hi again")
        assert second.text == "hello with a key"
        assert [r.api_key for r in server.chat_requests] == ["sk-set-later-5555"]


async def test_a_custom_server_that_wants_a_key_says_which_to_set_and_does_not_cool_down(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    with FakeModelServer(wants_key("sk-orkas-6666")) as server:
        provider = make_provider(fake_settings(server.base_url), clock=clock)
        agent = Agent(provider, tools=[AddTool()], clock=clock)
        first, _ = await run(agent, "hi")
        assert first.stop_reason == "error"
        assert "no API key" in (first.error or "") and server.base_url in (first.error or "")
        assert "ORKAS_API_KEY" in (first.error or "")
        assert isinstance(provider, RotatingProvider) and provider.cooldowns == {}
        monkeypatch.setenv("ORKAS_API_KEY", "sk-orkas-6666")
        second, _ = await run(agent, "again")
        assert second.text == "hello with a key"
        assert server.chat_requests[-1].api_key == "sk-orkas-6666"


async def test_a_missing_key_is_a_setup_error_not_an_account_error() -> None:
    provider = make_provider(load_settings({}, model="openai/gpt-4o"), clock=FakeClock())
    with pytest.raises(MissingKeyError) as caught:
        await collect(provider, user_request())
    assert isinstance(caught.value, ProviderSetupError) and not caught.value.retryable
    assert caught.value.status is None


async def test_a_new_key_ends_the_cooldown_of_the_key_that_was_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-wrong-0000")
    clock = FakeClock()

    def answer(request: RecordedRequest) -> Step:
        if request.api_key != "sk-right-9999":
            return fault(401)
        return reply(f"served by {request.model}")

    with FakeModelServer(answer) as server:
        settings = fake_settings(server.base_url, fallback_models=["openai/gpt-4o-mini"])
        provider = make_provider(settings, clock=clock)
        with pytest.raises(Exception, match="every model candidate refused"):
            await collect(provider, user_request())
        assert isinstance(provider, RotatingProvider) and len(provider.cooldowns) == 2
        monkeypatch.setenv("ORKAS_API_KEY", "sk-right-9999")
        end = (await collect(provider, user_request()))[-1]
        assert end.type == "end" and end.message.text == "served by gpt-4o"
    assert provider.cooldowns == {}
    assert "sk-wrong" not in repr(provider.cooldowns)


async def test_a_refused_port_is_named_and_retried_only_briefly() -> None:
    port = closed_port()
    base = f"http://127.0.0.1:{port}/v1"
    provider = make_provider(fake_settings(base), clock=FakeClock())
    load_litellm()
    started = time.monotonic()
    with pytest.raises(ProviderUnreachableError) as caught:
        await collect(provider, user_request())
    assert time.monotonic() - started < 1.0
    message = str(caught.value)
    assert message.startswith(f"openai/gpt-4o at {base}: connection refused")
    assert "ORKAS_API_BASE" in message and "HTTP" not in message
    assert caught.value.status is None and caught.value.retryable
    # One more attempt, half a second later, then the turn fails.
    policy = BackoffPolicy()
    error = caught.value
    assert error.retry_after == 0.5 and error.max_retries == 1
    assert not policy.gives_up(1, error.retry_after, error.max_retries)
    assert policy.gives_up(2, error.retry_after, error.max_retries)
    assert not policy.gives_up(5, None) and policy.gives_up(6, None)


async def test_a_turn_against_a_refused_port_fails_after_one_short_retry() -> None:
    clock = FakeClock()
    agent = Agent(make_provider(fake_settings(f"http://127.0.0.1:{closed_port()}/v1"),
                                clock=clock), tools=[AddTool()], clock=clock)
    result, _ = await run(agent, "hi")
    assert result.stop_reason == "error" and "connection refused" in (result.error or "")
    assert clock.sleeps == [0.5]


@pytest.mark.parametrize(("step", "error", "says"), [
    (fault(500, message="upstream model crashed"), ProviderServerError,
     "HTTP 500: upstream model crashed"),
    (fault(404, message="The model `gpt-9` does not exist"), Exception,
     "HTTP 404: The model `gpt-9` does not exist"),
    (slow(3), ProviderConnectionError, "no answer within the request timeout (0.5 s, "),
])
async def test_errors_name_the_model_the_url_and_the_cause(
        monkeypatch: pytest.MonkeyPatch, step: Step, error: type[Exception], says: str) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-named-7777")
    with FakeModelServer([step]) as server:
        provider = make_provider(fake_settings(server.base_url), clock=FakeClock(), timeout=0.5)
        with pytest.raises(error) as caught:
            await collect(provider, user_request())
        base = server.base_url
    message = str(caught.value)
    assert message.startswith(f"openai/gpt-4o at {base}: ") and says in message
    assert "sk-named" not in message


@pytest.mark.parametrize(("model", "variables"), [
    ("anthropic/claude-sonnet-4-5", ["ANTHROPIC_API_KEY"]),
    ("gemini/gemini-2.0-flash", ["GEMINI_API_KEY", "GOOGLE_API_KEY"]),
    ("openrouter/meta-llama/llama-3.1-8b-instruct", ["OPENROUTER_API_KEY"]),
])
async def test_each_provider_names_its_own_key_variable(
        monkeypatch: pytest.MonkeyPatch, model: str, variables: list[str]) -> None:
    for variable in variables:
        monkeypatch.delenv(variable, raising=False)
    provider = make_provider(load_settings({}, model=model), clock=FakeClock())
    with pytest.raises(MissingKeyError) as caught:
        await collect(provider, user_request())
    message = str(caught.value)
    assert message.startswith(f"{model}: no API key")
    assert all(v in message for v in variables) and f"%env {variables[0]}=" in message


async def test_a_local_server_that_is_not_running_is_named_by_its_url(
        monkeypatch: pytest.MonkeyPatch) -> None:
    base = f"http://127.0.0.1:{closed_port()}/v1"
    provider = make_provider(load_settings({}, model="openai/llama3.1", api_base=base),
                             clock=FakeClock())
    with pytest.raises(ProviderUnreachableError) as caught:
        await collect(provider, user_request())
    assert str(caught.value).startswith(f"openai/llama3.1 at {base}: connection refused")
    # Ollama's own route, with no base URL, is named by litellm's default for it (not
    # called here: a developer's machine may run Ollama).
    monkeypatch.delenv("OLLAMA_API_BASE", raising=False)
    assert endpoint_of("ollama_chat/llama3.1", None) == "http://localhost:11434"
    monkeypatch.setenv("OLLAMA_API_BASE", "http://gpu-box:11434")
    assert endpoint_of("ollama_chat/llama3.1", None) == "http://gpu-box:11434"
    assert endpoint_of("openai/gpt-4o", None) == "https://api.openai.com/v1"


async def test_a_fallback_serves_while_the_primary_server_is_down(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fallback-1212")
    with FakeModelServer([reply("from claude"), reply("claude again")]) as server:
        monkeypatch.setenv("ANTHROPIC_API_BASE", server.root_url)
        settings = load_settings({}, model="openai/local-llama",
                                 api_base=f"http://127.0.0.1:{closed_port()}/v1",
                                 fallback_models=["anthropic/claude-sonnet-4-5"])
        provider = make_provider(settings, clock=FakeClock())
        for expected in ("from claude", "claude again"):
            end = (await collect(provider, user_request()))[-1]
            assert end.type == "end" and end.message.text == expected
        assert [r.path for r in server.chat_requests] == ["/v1/messages", "/v1/messages"]
    assert isinstance(provider, RotatingProvider) and provider.cooldowns == {}
