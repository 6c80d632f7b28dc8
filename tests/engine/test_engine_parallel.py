"""Parallel read-only batches, write barriers, declared-order results (E4)."""

from __future__ import annotations

import time

from orkas_jupyter.engine import Agent, ToolEnd
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.engine.tool_exec import segment_calls


async def run_calls(tools: list, calls: list) -> tuple[Agent, ScriptedProvider, list]:
    provider = ScriptedProvider([Reply(tool_calls=calls), Reply(text="done")])
    agent = Agent(provider, tools=tools)
    events = [e async for e in agent.run("go")]
    return agent, provider, events


async def test_read_only_calls_overlap_and_results_keep_declared_order(sleep_tool, timeline):
    calls = [call("sleep_read", label="slow", delay=0.20),
             call("sleep_read", label="mid", delay=0.10),
             call("sleep_read", label="fast", delay=0.01)]
    started = time.perf_counter()
    _, provider, events = await run_calls([sleep_tool], calls)
    elapsed = time.perf_counter() - started
    # Concurrent: about the slowest, far below the 0.31 s sum.
    assert elapsed < 0.28
    spans = {label: timeline.span(label) for label in ("slow", "mid", "fast")}
    assert spans["fast"][0] < spans["slow"][1] and spans["mid"][0] < spans["slow"][1]
    # Finish order differs from declared order...
    finished = [e.result.content[0].text for e in events if isinstance(e, ToolEnd)]
    assert finished == ["read fast", "read mid", "read slow"]
    # ...but the history the model sees is in declared order.
    tool_msgs = [m for m in provider.requests[1].messages if m.role == "tool"]
    assert [m.tool_result.content[0].text for m in tool_msgs] == [  # type: ignore[union-attr]
        "read slow", "read mid", "read fast"]
    declared = provider.requests[1].messages[1].tool_calls
    assert [m.tool_result.call_id for m in tool_msgs] == [c.id for c in declared]  # type: ignore[union-attr]


async def test_a_write_tool_is_a_barrier(sleep_tool, write_tool, timeline):
    calls = [call("sleep_read", label="r1", delay=0.05),
             call("sleep_read", label="r2", delay=0.08),
             call("sleep_write", label="w", delay=0.03),
             call("sleep_read", label="r3", delay=0.01),
             call("sleep_read", label="r4", delay=0.02)]
    await run_calls([sleep_tool, write_tool], calls)
    r1, r2, w, r3, r4 = (timeline.span(x) for x in ("r1", "r2", "w", "r3", "r4"))
    assert r2[0] < r1[1]  # r1 and r2 overlap
    assert w[0] >= max(r1[1], r2[1])  # the write waits for every earlier read
    assert min(r3[0], r4[0]) >= w[1]  # later reads wait for the write
    assert r4[0] < r3[1] or r3[0] < r4[1]  # and overlap each other


async def test_segmentation_rules(sleep_tool, write_tool):
    from orkas_jupyter.engine import ToolCallPart, ToolRegistry

    reg = ToolRegistry([sleep_tool, write_tool])

    def c(name: str) -> ToolCallPart:
        return ToolCallPart(id=name + str(id(name)), name=name, arguments="{}")

    names = ["sleep_read", "sleep_read", "sleep_write", "sleep_write", "unknown", "sleep_read"]
    assert segment_calls([c(n) for n in names], reg) == [[0, 1], [2], [3], [4, 5]]
