"""Compaction at the threshold, clean cut points, no-gain guard, overflow retry (E8)."""

from __future__ import annotations

from orkas_jupyter.engine import (
    Agent,
    Compaction,
    ContextOverflowError,
    Error,
    InMemorySessionStore,
    Message,
    ModelInfo,
    ModelRequest,
    TextPart,
    Warning,
    validate_history,
)
from orkas_jupyter.engine.compaction import NoGain, clean_cut_points, plan_compaction
from orkas_jupyter.engine.scripted import Fail, Reply, ScriptedProvider, Step, call
from orkas_jupyter.engine.tokens import TokenCache

WORDS = "the quick brown fox jumps over the lazy dog "


def small_model(window: int = 2_000) -> ModelInfo:
    return ModelInfo(model="scripted/small", context_window=window)


def answering(tool_every: int = 0):
    """A model that summarises when asked and otherwise answers at length."""
    count = {"n": 0}

    def step(request: ModelRequest) -> Step:
        if request.purpose == "summary":
            return Reply(text="SUMMARY: user asked things; assistant answered.")
        count["n"] += 1
        last = request.messages[-1]
        if tool_every and last.role == "user" and count["n"] % tool_every == 0:
            return Reply(tool_calls=[call("echo", text=WORDS * 10)])
        return Reply(text=WORDS * 20)

    return step


async def test_compacts_at_80_percent_with_a_clean_cut(echo_tool):
    provider = ScriptedProvider(answering(tool_every=2), info=small_model())
    store = InMemorySessionStore()
    agent = Agent(provider, tools=[echo_tool], store=store)
    compactions: list[Compaction] = []
    for i in range(8):
        async for event in agent.run(f"question {i}: " + WORDS * 5):
            if isinstance(event, Compaction):
                compactions.append(event)
    assert compactions, "history grew past 80% and was never compacted"
    for c in compactions:
        assert c.tokens_before > 0.8 * 2_000
        assert c.tokens_after < c.tokens_before
    history = await agent.history()
    assert validate_history(history) == []
    assert history[0].meta.get("summary") is True
    assert history[0].text.startswith("[Summary of the earlier conversation")
    assert history[1].role != "tool"
    summary_requests = [r for r in provider.requests if r.purpose == "summary"]
    # Auxiliary calls carry a small cap (E14): here an eighth of the tiny window.
    assert summary_requests and all(r.max_tokens == 250 for r in summary_requests)
    # Every turn request after compaction fits under the threshold by our estimate.
    cache = TokenCache()
    for request in provider.requests:
        if request.purpose == "turn":
            assert cache.messages(request.messages) < 2_000


def test_cut_points_never_split_a_call_from_its_result():
    msgs = [
        Message(role="user", parts=[TextPart(text="q")]),
        Message(role="assistant", parts=[TextPart(text="a")]),
    ]
    from orkas_jupyter.engine import ToolCallPart, ToolResultPart
    from orkas_jupyter.engine.messages import tool_message

    call_part = ToolCallPart(id="c1", name="t", arguments="{}")
    msgs += [Message(role="assistant", parts=[call_part]),
             tool_message(ToolResultPart(call_id="c1", name="t", content=[TextPart(text="r")])),
             Message(role="user", parts=[TextPart(text="q2")])]
    assert clean_cut_points(msgs) == [1, 2, 4]


async def test_no_gain_guard_skips_the_summary_call():
    # Past the 80% threshold but inside the window: nothing earlier to summarise, so the
    # request goes out as it is, with a warning and no summary call.
    provider = ScriptedProvider(answering(), info=small_model(1_000))
    agent = Agent(provider)
    events = [e async for e in agent.run("tell me " + WORDS * 90)]
    warnings = [e for e in events if isinstance(e, Warning)]
    assert warnings and "Compaction skipped" in warnings[0].message
    assert not [r for r in provider.requests if r.purpose == "summary"]
    assert [r.purpose for r in provider.requests] == ["turn"]


async def test_a_message_larger_than_the_window_is_refused_before_anything_is_sent():
    provider = ScriptedProvider(answering(), info=small_model(1_000))
    store = InMemorySessionStore()
    agent = Agent(provider, store=store, session_id="s")
    events = [e async for e in agent.run("tell me " + WORDS * 150)]
    assert isinstance(events[-1], Error)
    assert "too long for the model's context window" in events[-1].message
    assert "1,000-token context window" in events[-1].message
    assert "ORKAS_CONTEXT_WINDOW" in events[-1].message
    assert provider.requests == []
    assert store.raw("s") == []


def test_plan_reports_no_gain_when_the_tail_fills_the_window():
    msgs = [Message(role="user", parts=[TextPart(text=WORDS * 10)]),
            Message(role="assistant", parts=[TextPart(text=WORDS * 400)])]
    plan = plan_compaction(msgs, fixed_tokens=0, window=1_000, threshold=0.8,
                           keep_tokens=300, summary_tokens=100, tokens=TokenCache())
    assert isinstance(plan, NoGain)


async def test_context_overflow_compacts_and_retries_once():
    state = {"overflowed": False}

    def step(request: ModelRequest) -> Step:
        if request.purpose == "summary":
            return Reply(text="short summary")
        if not state["overflowed"]:
            state["overflowed"] = True
            return Fail(ContextOverflowError("maximum context length exceeded", status=400))
        return Reply(text="answer after compaction")

    provider = ScriptedProvider(step, info=small_model(100_000))
    store = InMemorySessionStore()
    seed = [Message(role="user", parts=[TextPart(text=f"old {i}")]) if i % 2 == 0 else
            Message(role="assistant", parts=[TextPart(text=f"reply {i}")]) for i in range(10)]
    await store.rewrite("s", seed)
    agent = Agent(provider, store=store, session_id="s")
    result = await agent.complete("new question")
    assert result.text == "answer after compaction"
    purposes = [r.purpose for r in provider.requests]
    assert purposes == ["turn", "summary", "turn"]
    assert provider.requests[2].messages[0].meta.get("summary") is True


async def test_second_overflow_is_an_error_not_a_loop():
    def step(request: ModelRequest) -> Step:
        if request.purpose == "summary":
            return Reply(text="s")
        return Fail(ContextOverflowError("maximum context length exceeded", status=400))

    provider = ScriptedProvider(step, info=small_model(100_000))
    store = InMemorySessionStore()
    seed = [Message(role="user", parts=[TextPart(text="old")]),
            Message(role="assistant", parts=[TextPart(text="reply")])]
    await store.rewrite("s", seed)
    events = [e async for e in Agent(provider, store=store, session_id="s").run("q")]
    assert isinstance(events[-1], Error)
    assert "context window" in events[-1].message
    assert [r.purpose for r in provider.requests] == ["turn", "summary", "turn"]


async def test_compaction_rewrite_is_what_the_store_keeps():
    provider = ScriptedProvider(answering(), info=small_model())
    store = InMemorySessionStore()
    agent = Agent(provider, store=store, session_id="s")
    for i in range(9):
        await agent.complete(f"q{i} " + WORDS * 5)
    raw = store.raw("s")
    assert raw[0].meta.get("summary") is True
    assert validate_history(raw) == []
