"""Loop guard (E12)."""

from __future__ import annotations

from orkas_jupyter.engine import Agent, Done, ToolCallPart, Warning, validate_history
from orkas_jupyter.engine.loop_guard import LoopGuard
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call


def tc(name: str, args: str) -> ToolCallPart:
    return ToolCallPart(id="x", name=name, arguments=args)


def test_canonical_arguments_and_reset():
    guard = LoopGuard()
    assert guard.observe(tc("a", '{"x": 1, "y": 2}')) == "ok"
    assert guard.observe(tc("a", '{"y":2,"x":1}')) == "ok"
    assert guard.observe(tc("a", '{ "x" : 1, "y" : 2 }')) == "warn"
    assert guard.observe(tc("a", '{"x": 1, "y": 3}')) == "ok"  # different args reset
    assert guard.count == 1


async def test_warn_at_third_and_stop_at_fifth(echo_tool):
    same = call("echo", text="again")
    provider = ScriptedProvider([Reply(tool_calls=[same]) for _ in range(6)])
    agent = Agent(provider, tools=[echo_tool])
    events = [e async for e in agent.run("go")]
    warnings = [e for e in events if isinstance(e, Warning)]
    assert len(warnings) == 3  # calls 3 and 4 warn; call 5 stops
    assert events[-1].type == "done" and events[-1].result.stop_reason == "loop_guard"
    assert len(provider.requests) == 5
    third = [m for m in provider.requests[3].messages if m.role == "tool"][-1]
    assert "Loop warning" in third.tool_result.content[-1].text  # type: ignore[union-attr]
    history = await agent.history()
    assert validate_history(history) == []
    assert history[-1].tool_result.is_error  # type: ignore[union-attr]
    assert "repeated 5 times" in history[-1].tool_result.content[0].text  # type: ignore[union-attr]


async def test_different_call_resets_the_count(echo_tool):
    a, b = call("echo", text="a"), call("echo", text="b")
    script = [Reply(tool_calls=[a]), Reply(tool_calls=[a]), Reply(tool_calls=[b]),
              Reply(tool_calls=[a]), Reply(tool_calls=[a]), Reply(text="fine")]
    provider = ScriptedProvider(script)
    events = [e async for e in Agent(provider, tools=[echo_tool]).run("go")]
    assert not [e for e in events if isinstance(e, Warning)]
    assert events[-1].result.stop_reason == "completed"


async def test_a_cycle_of_several_calls_per_response_is_a_loop_too(sleep_tool) -> None:
    """Two calls per response, the same two each time: no call repeats twice in a row, but
    the response does; the guard warns at 3 responses and stops at 5."""
    same = Reply(tool_calls=[call("sleep_read", label="a"), call("sleep_read", label="b")])
    provider = ScriptedProvider([same] * 6 + [Reply(text="never")])
    agent = Agent(provider, tools=[sleep_tool])
    events = [e async for e in agent.run("go")]
    final = events[-1]
    assert isinstance(final, Done) and final.result.stop_reason == "loop_guard"
    assert len(provider.requests) == 5
    warnings = [e.message for e in events if isinstance(e, Warning)]
    assert any("response 3 in a row with the same calls" in w for w in warnings)
    assert "repeated in 5 responses in a row" in warnings[-1]
    validate_history(await agent.history())
