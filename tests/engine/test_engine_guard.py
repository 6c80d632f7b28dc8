"""Loop guard (E12)."""

from __future__ import annotations

from orkas_jupyter.engine import Agent, ToolCallPart, Warning, validate_history
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
