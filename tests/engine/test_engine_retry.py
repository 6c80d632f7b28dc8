"""Provider failures: backoff with jitter and cap, retry-after, non-retryable (E10)."""

from __future__ import annotations

import random

import pytest

from orkas_jupyter.engine import (
    Agent,
    BackoffPolicy,
    Error,
    FakeClock,
    NonRetryableProviderError,
    Retry,
    RetryableProviderError,
    TurnConfig,
)
from orkas_jupyter.engine.scripted import Fail, Reply, ScriptedProvider


def retryable(retry_after: float | None = None) -> Fail:
    return Fail(RetryableProviderError("server busy", status=503, retry_after=retry_after))


async def test_retryable_errors_back_off_exponentially_then_succeed():
    clock = FakeClock()
    provider = ScriptedProvider([retryable(), retryable(), retryable(), Reply(text="finally")])
    agent = Agent(provider, clock=clock)
    events = [e async for e in agent.run("hi")]
    retries = [e for e in events if isinstance(e, Retry)]
    assert [r.attempt for r in retries] == [1, 2, 3]
    # Full jitter within [ceiling/2, ceiling] for ceilings 1, 2, 4 s.
    for delay, ceiling in zip(clock.sleeps, [1, 2, 4], strict=True):
        assert ceiling / 2 <= delay <= ceiling
    assert clock.sleeps == [r.delay for r in retries]
    assert events[-1].type == "done" and events[-1].result.text == "finally"
    assert len(provider.requests) == 4


def test_backoff_is_capped_at_30_seconds_and_jittered():
    policy = BackoffPolicy(max_retries=20)
    rng = random.Random(7)
    delays = [policy.delay(n, None, rng) for n in range(1, 15)]
    assert max(delays) <= 30.0
    assert min(delays[6:]) >= 15.0  # at the cap, jitter stays in [15, 30]
    assert len({round(d, 6) for d in delays[6:]}) > 1  # jittered, not constant


async def test_retry_after_is_honoured():
    clock = FakeClock()
    provider = ScriptedProvider([retryable(retry_after=7.0), Reply(text="ok")])
    result = await Agent(provider, clock=clock).complete("hi")
    assert clock.sleeps == [7.0]
    assert result.text == "ok"


async def test_non_retryable_fails_at_once():
    clock = FakeClock()
    provider = ScriptedProvider([Fail(NonRetryableProviderError("invalid api key", status=401))])
    agent = Agent(provider, clock=clock)
    events = [e async for e in agent.run("hi")]
    assert isinstance(events[-1], Error)
    assert "HTTP 401" in events[-1].message and "invalid api key" in events[-1].message
    assert clock.sleeps == []
    assert len(provider.requests) == 1


async def test_retries_give_up_after_the_limit():
    clock = FakeClock()
    config = TurnConfig(backoff=BackoffPolicy(max_retries=2))
    provider = ScriptedProvider([retryable(), retryable(), retryable(), Reply(text="late")])
    events = [e async for e in Agent(provider, clock=clock, config=config).run("hi")]
    assert isinstance(events[-1], Error)
    assert len(provider.requests) == 3 and len(clock.sleeps) == 2


async def test_stream_dropped_midway_is_retried_and_partial_text_is_void():
    clock = FakeClock()
    provider = ScriptedProvider([
        Reply(text="partial answ", chunks=3,
              fail_with=RetryableProviderError("connection reset"), fail_after_chunks=2),
        Reply(text="complete answer"),
    ])
    agent = Agent(provider, clock=clock)
    events = [e async for e in agent.run("hi")]
    kinds = [e.type for e in events]
    assert kinds.index("retry") > kinds.index("text_delta")
    history = await agent.history()
    assert history[-1].text == "complete answer"


@pytest.mark.parametrize("retry_after", [600.0])
async def test_a_very_long_retry_after_fails_instead_of_hanging(retry_after):
    clock = FakeClock()
    provider = ScriptedProvider([retryable(retry_after=retry_after)])
    events = [e async for e in Agent(provider, clock=clock).run("hi")]
    assert isinstance(events[-1], Error)
    assert clock.sleeps == []
