"""litellm's Anthropic path against the fake's /v1/messages: errors, thinking through whole
engine turns, and reasoning handed to another model after rotation (P4)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from providers_helpers import AddTool, collect, user_request

from orkas_jupyter.config import load_settings
from orkas_jupyter.engine import Agent, FakeClock, ThinkingPart
from orkas_jupyter.engine.errors import ContextOverflowError, ProviderError
from orkas_jupyter.providers import (
    AccountError,
    LiteLLMProvider,
    ProviderConnectionError,
    ProviderServerError,
    RateLimitedError,
    make_provider,
)
from orkas_jupyter.testing import (
    FakeModelServer,
    Reply,
    drop,
    fault,
    hangup,
    reply,
    tool_call,
)

CLAUDE = "anthropic/claude-sonnet-4-5"
KEY = "sk-ant-test-4444"


def thinking(step: Reply, text: str, signature: str) -> Reply:
    return Reply(**{**step.__dict__, "thinking": text, "signature": signature})


@pytest.mark.parametrize(("step", "error", "retry_after"), [
    (fault(429, retry_after=2), RateLimitedError, 2.0),
    (fault(401), AccountError, None),
    (fault(402, message="Your credit balance is too low to access the Anthropic API."),
     AccountError, None),
    (fault(529), ProviderServerError, None),
    (fault(400, message="prompt is too long: 250000 tokens > 200000 maximum"),
     ContextOverflowError, None),
    (drop(after_chunks=1), ProviderConnectionError, None),
    (hangup(), ProviderConnectionError, None),
])
async def test_anthropic_faults_map_like_openai_ones(step: Any, error: type[ProviderError],
                                                     retry_after: float | None) -> None:
    with FakeModelServer([step]) as server:
        provider = LiteLLMProvider(CLAUDE, api_key=KEY, api_base=server.root_url)
        with pytest.raises(error) as caught:
            await collect(provider, user_request())
        assert len(server.chat_requests) == 1
    assert caught.value.retry_after == retry_after
    message = str(caught.value)
    assert "b'{" not in message and KEY not in message  # the body's message, not raw bytes


async def test_engine_turn_with_thinking_and_tools_replays_signed_reasoning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", KEY)
    script = [thinking(tool_call("add", {"a": 2, "b": 3}), "Need the sum.", "sig-one"),
              thinking(reply("It is 5."), "Done.", "sig-two")]
    with FakeModelServer(script) as server:
        settings = load_settings({}, model=CLAUDE, api_base=server.base_url)
        clock = FakeClock()
        agent = Agent(make_provider(settings, clock=clock), tools=[AddTool()], clock=clock)
        result = await agent.complete("add 2 and 3")
        second = server.chat_requests[1].body
    assert result.stop_reason == "completed" and result.text == "It is 5."
    assistant = second["messages"][1]
    assert assistant["content"][0] == {"type": "thinking", "thinking": "Need the sum.",
                                       "signature": "sig-one"}
    assert assistant["content"][1]["type"] == "tool_use"
    assert second["messages"][2]["content"][0]["type"] == "tool_result"
    stored = [p for m in result.new_messages for p in m.parts if isinstance(p, ThinkingPart)]
    assert [(p.model, p.signature) for p in stored] == [(CLAUDE, "sig-one"), (CLAUDE, "sig-two")]


async def test_reasoning_is_downgraded_when_rotation_moves_to_another_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Claude thinks and calls a tool, then is refused (credit): the OpenAI fallback gets the
    reasoning as plain text, never a signature it could not verify."""
    monkeypatch.setenv("ORKAS_API_KEY", KEY)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai-5555")
    script = [thinking(tool_call("add", {"a": 1, "b": 1}), "Add one and one.", "sig-x"),
              fault(402), reply("Two.")]
    with FakeModelServer(script) as server:
        settings = load_settings({}, model=CLAUDE, api_base=server.base_url,
                                 fallback_models=["openai/gpt-4o"])
        clock = FakeClock()
        provider = make_provider(settings, clock=clock)
        # The fallback is of another provider: point it at the fake explicitly.
        fallback = provider.candidates[1].provider  # type: ignore[attr-defined]
        fallback.api_base = server.base_url
        agent = Agent(provider, tools=[AddTool()], clock=clock)
        result = await agent.complete("1+1?")
        paths = [r.path for r in server.chat_requests]
        final = server.chat_requests[2]
    assert result.text == "Two."
    assert paths == ["/v1/messages", "/v1/messages", "/v1/chat/completions"]
    assert final.api_key == "sk-openai-5555"
    assert final.messages[0]["role"] == "system"
    assistant = final.messages[2]
    assert assistant["content"].startswith(f"[Reasoning by {CLAUDE}]\nAdd one and one.")
    assert "sig-x" not in json.dumps(final.body)
