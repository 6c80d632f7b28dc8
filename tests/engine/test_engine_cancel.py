"""Cancellation at every await point ends the turn fast with a valid history (E11)."""

from __future__ import annotations

import asyncio
import threading
import time

from orkas_jupyter.engine import (
    Agent,
    CancelToken,
    Error,
    RetryableProviderError,
    TextDelta,
    ToolStart,
    validate_history,
)
from orkas_jupyter.engine.history import INTERRUPTED_TEXT
from orkas_jupyter.engine.scripted import Fail, Reply, ScriptedProvider, call


async def cancel_when(agent: Agent, predicate, delay: float = 0.02):
    """Run a turn, cancel it once `predicate(event)` holds; return events and seconds from
    cancel to the end of the stream."""
    events = []
    cancelled_at = None
    async for event in agent.run("go"):
        events.append(event)
        if cancelled_at is None and predicate(event):
            await asyncio.sleep(delay)
            cancelled_at = time.perf_counter()
            agent.cancel()
    assert cancelled_at is not None
    return events, time.perf_counter() - cancelled_at


async def test_cancel_during_stream(sleep_tool):
    provider = ScriptedProvider([Reply(text="a" * 50, chunks=50, chunk_delay=0.05)])
    agent = Agent(provider)
    events, latency = await cancel_when(agent, lambda e: isinstance(e, TextDelta))
    assert latency < 0.1
    assert isinstance(events[-1], Error) and events[-1].kind == "cancelled"
    history = await agent.history()
    assert validate_history(history) == []
    assert history[-1].meta.get("interrupted") is True  # partial text kept
    assert 0 < len(history[-1].text) < 50


async def test_cancel_during_tools_keeps_finished_results(sleep_tool):
    provider = ScriptedProvider([Reply(tool_calls=[
        call("sleep_read", label="quick", delay=0.0),
        call("sleep_read", label="long", delay=10.0)])])
    agent = Agent(provider, tools=[sleep_tool])
    events, latency = await cancel_when(agent, lambda e: isinstance(e, ToolStart), delay=0.05)
    assert latency < 0.1
    history = await agent.history()
    assert validate_history(history) == []
    results = [m.tool_result for m in history if m.role == "tool"]
    assert results[0].content[0].text == "read quick"  # type: ignore[union-attr]
    assert results[1].is_error and results[1].content[0].text == INTERRUPTED_TEXT  # type: ignore[union-attr]
    assert events[-1].result.stop_reason == "cancelled"  # type: ignore[union-attr]


async def test_cancel_during_backoff_sleep_starts_no_retry():
    provider = ScriptedProvider([Fail(RetryableProviderError("rate limited", status=429,
                                                             retry_after=5.0)),
                                 Reply(text="never")])
    agent = Agent(provider)
    _, latency = await cancel_when(agent, lambda e: e.type == "retry")
    assert latency < 0.1
    assert len(provider.requests) == 1  # no retry was sent
    assert validate_history(await agent.history()) == []


async def test_cancel_from_another_thread():
    provider = ScriptedProvider([Reply(text="b" * 40, chunks=40, chunk_delay=0.05)])
    agent = Agent(provider)
    token = CancelToken()
    timer = threading.Timer(0.1, token.cancel)
    timer.start()
    started = time.perf_counter()
    events = [e async for e in agent.run("go", cancel=token)]
    assert time.perf_counter() - started < 0.3
    assert isinstance(events[-1], Error) and events[-1].kind == "cancelled"


async def test_consumer_that_stops_listening_cancels_the_turn(sleep_tool):
    provider = ScriptedProvider([Reply(tool_calls=[call("sleep_read", label="x", delay=10)])])
    agent = Agent(provider, tools=[sleep_tool])
    stream = agent.run("go")
    async for event in stream:
        if isinstance(event, ToolStart):
            break
    started = time.perf_counter()
    await stream.aclose()
    assert time.perf_counter() - started < 0.1
    assert not agent.running
    assert validate_history(await agent.history()) == []


async def test_next_turn_after_cancel_sees_a_valid_session(sleep_tool):
    provider = ScriptedProvider([Reply(tool_calls=[call("sleep_read", label="x", delay=10)]),
                                 Reply(text="fresh start")])
    agent = Agent(provider, tools=[sleep_tool])
    await cancel_when(agent, lambda e: isinstance(e, ToolStart))
    result = await agent.complete("again")
    assert result.text == "fresh start"
    assert validate_history(provider.requests[-1].messages) == []


async def test_a_stopped_concurrent_call_ends_the_turn_after_its_siblings_clean_up():
    # A team's children run as concurrent calls. The host's Stop cancels each agent's turn on
    # its own, so a dispatch raises `CancelledError` by itself; the parent's turn then ends,
    # but only after its other calls were cancelled and finished their cleanup (each child
    # writes its interrupted turn): nothing may still run behind the parent's last event.
    from pydantic import BaseModel

    from orkas_jupyter.engine import Tool

    cleaned: list[str] = []

    class Args(BaseModel):
        label: str

    class Member(Tool[Args]):
        name = "member"
        description = "Work; stopped, take a moment to clean up."
        input_model = Args
        read_only = True

        async def execute(self, args: Args, ctx) -> str:  # type: ignore[no-untyped-def]
            if args.label == "stopped":
                await asyncio.sleep(0.02)
                raise asyncio.CancelledError  # its own turn was stopped
            try:
                await asyncio.sleep(10)
            finally:
                await asyncio.sleep(0.05)
                cleaned.append(args.label)
            return "never"

    provider = ScriptedProvider([Reply(tool_calls=[call("member", label="stopped"),
                                                   call("member", label="slow")])])
    agent = Agent(provider, tools=[Member()])
    started = time.perf_counter()
    events = [event async for event in agent.run("go")]
    assert time.perf_counter() - started < 1.0
    assert isinstance(events[-1], Error) and events[-1].kind == "cancelled"
    assert cleaned == ["slow"]
    assert validate_history(await agent.history()) == []
