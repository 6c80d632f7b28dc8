"""Engine ↔ provider stack ↔ litellm ↔ the HTTP fake: whole turns, every fault class (E10, P3),
overflow → compaction → one retry, and model mistakes that must never crash a turn."""

from __future__ import annotations

import json
from typing import Any

import pytest
from providers_helpers import AddTool, NoteTool, fake_settings

from orkas_jupyter.engine import (
    Agent,
    Compaction,
    FakeClock,
    InMemorySessionStore,
    Retry,
    TurnResult,
    user_message,
)
from orkas_jupyter.engine.messages import Message, TextPart
from orkas_jupyter.providers import make_provider
from orkas_jupyter.testing import (
    FakeModelServer,
    Reply,
    context_overflow,
    drop,
    fault,
    hangup,
    reply,
    slow,
    stall,
    tool_call,
    tool_calls,
)


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-engine-3333")


def agent_for(server: FakeModelServer, clock: FakeClock, *, tools: list[Any] | None = None,
              timeout: float = 5.0, **kwargs: Any) -> Agent:
    environ = kwargs.pop("environ", {})
    provider = make_provider(fake_settings(server.base_url), clock=clock, timeout=timeout,
                             environ=environ)
    return Agent(provider, tools=tools if tools is not None else [AddTool()], clock=clock,
                 **kwargs)


async def run(agent: Agent, prompt: str) -> tuple[TurnResult, list[Any]]:
    events = [event async for event in agent.run(prompt)]
    final = events[-1]
    result = final.result
    assert result is not None
    return result, events


async def test_multi_tool_turns_with_parallel_reads_and_a_write() -> None:
    note = NoteTool()
    clock = FakeClock()
    script = [
        tool_calls(("add", {"a": 1, "b": 2}), ("add", {"a": 10, "b": 20}),
                   ("note", {"text": "sums done"})),
        tool_call("add", {"a": 3, "b": 30}, text="One more."),
        reply("The sums are 3, 30 and 33."),
        reply("Second turn answer."),
    ]
    with FakeModelServer(script) as server:
        agent = agent_for(server, clock, tools=[AddTool(), note])
        result, _ = await run(agent, "add things")
        second, _ = await run(agent, "and now?")
        requests = server.chat_requests
    assert result.stop_reason == "completed" and result.text == "The sums are 3, 30 and 33."
    assert (result.model_calls, result.tool_calls, result.tool_errors) == (3, 4, 0)
    assert note.notes == ["sums done"]
    assert second.text == "Second turn answer."
    assert len(requests) == 4
    tool_results = [m["content"] for m in requests[2].messages if m["role"] == "tool"]
    assert tool_results == ["3", "30", "stored note 1", "33"]
    assert requests[3].messages[-1] == {"role": "user", "content": "and now?"}
    assert result.usage.input_tokens > 0 and result.usage.cost_usd > 0


@pytest.mark.parametrize(("failure", "delays"), [
    (fault(429, retry_after=2), [2.0]),
    (fault(500), None), (fault(503), None),
    (drop(after_chunks=0), None), (drop(after_chunks=2, chunk_chars=3), None),
    (hangup(), None),
])
async def test_retryable_faults_are_retried_once_on_the_same_candidate(
        failure: Any, delays: list[float] | None) -> None:
    clock = FakeClock()
    with FakeModelServer([failure, reply("recovered")]) as server:
        result, events = await run(agent_for(server, clock), "hi")
        assert [r.model for r in server.chat_requests] == ["gpt-4o", "gpt-4o"]
    assert result.stop_reason == "completed" and result.text == "recovered"
    retries = [e for e in events if isinstance(e, Retry)]
    assert len(retries) == 1 and clock.sleeps == [retries[0].delay]
    if delays is not None:
        assert clock.sleeps == delays
    else:
        assert 0.5 <= clock.sleeps[0] <= 1.0  # first backoff step, jittered (E10)


@pytest.mark.parametrize("failure", [fault(401), fault(402), fault(429, retry_after=30)])
async def test_account_errors_switch_to_the_fallback_without_waiting(failure: Any) -> None:
    clock = FakeClock()
    with FakeModelServer([failure, reply("from the fallback"), reply("still fallback")]) as server:
        settings = fake_settings(server.base_url, fallback_models=["openai/gpt-4o-mini"])
        agent = Agent(make_provider(settings, clock=clock), tools=[AddTool()], clock=clock)
        first, events = await run(agent, "hi")
        second, _ = await run(agent, "again")
        models = [r.model for r in server.chat_requests]
    assert (first.text, second.text) == ("from the fallback", "still fallback")
    assert models == ["gpt-4o", "gpt-4o-mini", "gpt-4o-mini"]  # the primary is cooling down
    assert clock.sleeps == [] and not any(isinstance(e, Retry) for e in events)


async def test_slow_first_byte_and_stall_time_out_and_are_retried() -> None:
    clock = FakeClock()
    with FakeModelServer([slow(3), stall(1, 3), reply("finally")]) as server:
        result, events = await run(agent_for(server, clock, timeout=0.4), "hi")
        assert len(server.chat_requests) == 3
    assert result.text == "finally"
    assert len([e for e in events if isinstance(e, Retry)]) == 2


@pytest.mark.parametrize("failure", [
    fault(401), fault(402), fault(403), fault(400, message="messages: invalid"),
    fault(400, message="flagged by the content_filter"),
])
async def test_non_retryable_faults_fail_the_turn_at_once(failure: Any) -> None:
    clock = FakeClock()
    with FakeModelServer([failure, reply("never")]) as server:
        result, events = await run(agent_for(server, clock), "hi")
        assert len(server.chat_requests) == 1
    assert result.stop_reason == "error" and result.error
    assert f"HTTP {failure.status}" in result.error
    assert clock.sleeps == [] and not any(isinstance(e, Retry) for e in events)
    assert "sk-engine" not in result.error


async def test_retries_stop_after_the_backoff_budget() -> None:
    clock = FakeClock()
    with FakeModelServer(default=fault(503)) as server:
        result, _ = await run(agent_for(server, clock), "hi")
        assert len(server.chat_requests) == 6  # one try + five retries (BackoffPolicy)
    assert result.stop_reason == "error" and "HTTP 503" in result.error  # type: ignore[operator]
    assert len(clock.sleeps) == 5 and max(clock.sleeps) <= 30


async def test_context_overflow_compacts_and_retries_once() -> None:
    clock = FakeClock()
    store = InMemorySessionStore()
    old: list[Message] = []
    for i in range(12):
        old.append(user_message(f"question {i}: " + "words " * 150))
        old.append(Message(role="assistant", parts=[TextPart(text=f"answer {i}: " +
                                                             "reply " * 150)]))
    await store.append("s1", old)
    script = [context_overflow(), reply("Summary of the earlier questions."),
              reply("Answer after compaction.")]
    with FakeModelServer(script) as server:
        agent = agent_for(server, clock, store=store, session_id="s1",
                          environ={"ORKAS_CONTEXT_WINDOW": "6000"})
        result, events = await run(agent, "final question")
        requests = server.chat_requests
    assert result.text == "Answer after compaction."
    assert len(requests) == 3
    assert len(requests[2].messages) < len(requests[0].messages)
    assert "Summary of the earlier questions." in json.dumps(requests[2].messages)
    assert len([e for e in events if isinstance(e, Compaction)]) == 1


async def test_a_second_overflow_after_compaction_is_a_clear_error() -> None:
    clock = FakeClock()
    store = InMemorySessionStore()
    await store.append("s2", [m for i in range(8) for m in (
        user_message(f"q{i} " + "x " * 60),
        Message(role="assistant", parts=[TextPart(text=f"a{i} " + "y " * 60)]))])
    with FakeModelServer([context_overflow(), reply("summary"), context_overflow()]) as server:
        agent = agent_for(server, clock, store=store, session_id="s2",
                          environ={"ORKAS_CONTEXT_WINDOW": "6000"})
        result, _ = await run(agent, "q")
        assert len(server.chat_requests) == 3
    assert result.stop_reason == "error" and "context window" in result.error  # type: ignore[operator]


async def test_truncated_tool_arguments_and_unknown_tools_become_tool_errors() -> None:
    clock = FakeClock()
    script = [tool_calls(("add", '{"a": 1, "b": '), ("launch_rockets", {"n": 3})),
              reply("I will fix my call."), ]
    with FakeModelServer(script) as server:
        result, _ = await run(agent_for(server, clock), "go")
        tool_messages = [m for m in server.chat_requests[1].messages if m["role"] == "tool"]
    assert result.stop_reason == "completed" and result.tool_errors == 2
    assert "not valid JSON" in tool_messages[0]["content"]
    assert "Unknown tool 'launch_rockets'" in tool_messages[1]["content"]


async def test_empty_response_ends_the_turn_with_a_clear_error() -> None:
    clock = FakeClock()
    with FakeModelServer([Reply(text=""), Reply(text="")]) as server:
        agent = agent_for(server, clock)
        result, _ = await run(agent, "hi")
        history = await agent.history()
        assert len(server.chat_requests) == 2  # asked once more before giving up
    assert result.stop_reason == "error" and "empty response" in result.error  # type: ignore[operator]
    assert [m.role for m in history] == ["user"]
