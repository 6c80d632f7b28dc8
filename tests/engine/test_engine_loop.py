"""The run loop: events (E1), the turn (E2), tools as results (E3, E6), steering (E13),
output caps (E14)."""

from __future__ import annotations

import json

from orkas_jupyter.engine import (
    Agent,
    Done,
    Error,
    ImagePart,
    TextDelta,
    ToolEnd,
    ToolStart,
    validate_history,
)
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call


async def collect(agent: Agent, prompt: str, **kw: object) -> list[object]:
    return [ev async for ev in agent.run(prompt, **kw)]  # type: ignore[arg-type]


async def test_events_stream_in_order_and_done_carries_result(sleep_tool) -> None:
    provider = ScriptedProvider([
        Reply(text="Looking.", tool_calls=[call("sleep_read", label="a")]),
        Reply(text="All done here.", chunks=3),
    ])
    agent = Agent(provider, tools=[sleep_tool])
    events = await collect(agent, "go")
    types = [e.type for e in events]  # type: ignore[attr-defined]
    assert types[0] == "text_delta"
    assert types.index("tool_start") < types.index("tool_end")
    assert types.count("text_delta") == 4  # 1 + 3 chunks
    assert types[-1] == "done"
    done = events[-1]
    assert isinstance(done, Done)
    assert done.result.text == "All done here."
    assert done.result.tool_calls == 1 and done.result.model_calls == 2
    streamed = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert streamed == "Looking.All done here."


async def test_complete_consumes_the_same_stream() -> None:
    provider = ScriptedProvider([Reply(text="hello there")])
    agent = Agent(provider)
    result = await agent.complete("hi")
    assert result.text == "hello there"
    assert result.stop_reason == "completed"
    history = await agent.history()
    assert [m.role for m in history] == ["user", "assistant"]


async def test_turn_sends_system_prompt_sections_tools_and_images(echo_tool) -> None:
    calls = {"n": 0}

    def memory_section() -> str:
        calls["n"] += 1
        return f"MEMORY SNAPSHOT {calls['n']}"

    provider = ScriptedProvider([
        Reply(tool_calls=[call("echo", text="x")]),
        Reply(text="first"),
        Reply(text="second"),
    ])
    agent = Agent(provider, tools=[echo_tool], system_prompt="BASE",
                  prompt_sections=[memory_section])
    image = ImagePart(data="aGVsbG8=")
    await agent.complete("look at this", images=[image])
    # Frozen per turn: both requests of turn 1 carry snapshot 1.
    assert [r.system for r in provider.requests] == ["BASE\n\nMEMORY SNAPSHOT 1"] * 2
    assert provider.requests[0].tools[0].name == "echo"
    assert provider.requests[0].tools[0].parameters["required"] == ["text"]
    assert provider.requests[0].messages[0].parts[1] == image
    await agent.complete("again")
    assert provider.requests[-1].system.endswith("MEMORY SNAPSHOT 2")


async def test_invalid_arguments_become_tool_errors_for_the_model(echo_tool) -> None:
    provider = ScriptedProvider([
        Reply(tool_calls=[
            call("echo", wrong="field"),
            ("echo", '{"text": "unterminated'),
            ("echo", "[1, 2]"),
            call("no_such_tool", a=1),
        ]),
        Reply(text="I will fix my call."),
    ])
    agent = Agent(provider, tools=[echo_tool])
    result = await agent.complete("go")
    assert result.stop_reason == "completed"
    assert result.tool_errors == 4
    results = [m.tool_result for m in provider.requests[1].messages if m.role == "tool"]
    texts = [r.content[0].text for r in results if r]  # type: ignore[union-attr]
    assert all(r.is_error for r in results if r)
    assert "text: Field required" in texts[0]
    assert "not valid JSON" in texts[1]
    assert "must be a JSON object" in texts[2]
    assert "Unknown tool 'no_such_tool'" in texts[3] and "echo" in texts[3]


async def test_tool_failures_are_results_and_the_turn_goes_on(boom_tool) -> None:
    provider = ScriptedProvider([
        Reply(tool_calls=[call("boom"), call("boom", kind="tool_error")]),
        Reply(text="Recovered."),
    ])
    agent = Agent(provider, tools=[boom_tool])
    events = await collect(agent, "go")
    ends = [e for e in events if isinstance(e, ToolEnd)]
    assert [e.result.is_error for e in ends] == [True, True]
    texts = sorted(e.result.content[0].text for e in ends)  # type: ignore[union-attr]
    assert "RuntimeError: kaput" in texts[0] or "RuntimeError: kaput" in texts[1]
    assert any("pass a name that exists" in t for t in texts)
    assert isinstance(events[-1], Done)
    assert events[-1].result.text == "Recovered."
    assert events[-1].result.tool_errors == 2


async def test_huge_tool_output_is_capped_with_a_note(echo_tool) -> None:
    big = "x" * 300_000
    provider = ScriptedProvider([Reply(tool_calls=[call("echo", text=big)]), Reply(text="ok")])
    agent = Agent(provider, tools=[echo_tool])
    await agent.complete("go")
    result = next(m.tool_result for m in provider.requests[1].messages if m.role == "tool")
    text = result.content[0].text  # type: ignore[union-attr]
    assert len(text) < 110_000
    assert "characters omitted of 300,000" in text


async def test_steering_is_injected_at_the_tool_loop_boundary(sleep_tool) -> None:
    provider = ScriptedProvider([
        Reply(tool_calls=[call("sleep_read", label="a", delay=0.05)]),
        Reply(text="Adjusted answer."),
    ])
    agent = Agent(provider, tools=[sleep_tool])
    seen_tool_start = False
    async for event in agent.run("do the thing"):
        if isinstance(event, ToolStart) and not seen_tool_start:
            seen_tool_start = True
            agent.steer("actually, use metric units")
    second = provider.requests[1].messages
    assert [m.role for m in second] == ["user", "assistant", "tool", "user"]
    assert second[-1].text == "actually, use metric units"
    assert second[-1].meta.get("steering") is True
    assert validate_history(await agent.history()) == []


async def test_steering_during_final_answer_gets_its_own_response() -> None:
    provider = ScriptedProvider([
        Reply(text="Part one.", chunks=5, chunk_delay=0.01),
        Reply(text="Answer to the follow-up."),
    ])
    agent = Agent(provider)
    async for event in agent.run("q"):
        if isinstance(event, TextDelta) and event.text.startswith("Pa"):
            agent.steer("and also this")
    assert len(provider.requests) == 2
    assert provider.requests[1].messages[-1].text == "and also this"
    history = await agent.history()
    assert history[-1].text == "Answer to the follow-up."


async def test_main_turn_has_no_small_output_cap() -> None:
    provider = ScriptedProvider([Reply(text="long answer")])
    await Agent(provider).complete("write a lot")
    assert provider.requests[0].max_tokens is None
    assert provider.requests[0].purpose == "turn"


async def test_a_second_run_while_running_is_refused() -> None:
    provider = ScriptedProvider([Reply(text="slow", chunks=4, chunk_delay=0.02)])
    agent = Agent(provider)
    stream = agent.run("one")
    first = await stream.__anext__()
    assert isinstance(first, TextDelta)
    try:
        async for _ in agent.run("two"):
            pass
        raise AssertionError("second run was not refused")
    except Exception as exc:
        assert "already running" in str(exc)
    rest = [e async for e in stream]
    assert isinstance(rest[-1], Done)


async def test_empty_model_response_is_asked_again_then_a_clear_error() -> None:
    provider = ScriptedProvider([Reply(text=""), Reply(text="")])
    agent = Agent(provider)
    events = [e async for e in agent.run("hi")]
    assert isinstance(events[-1], Error)
    assert "empty response" in events[-1].message
    assert len(provider.requests) == 2
    assert any(e.type == "retry" and "empty response" in e.reason for e in events)  # type: ignore[union-attr]
    history = await agent.history()
    assert [m.role for m in history] == ["user"]


async def test_one_empty_response_is_recovered_by_asking_again() -> None:
    provider = ScriptedProvider([Reply(text=""), Reply(text="here it is")])
    agent = Agent(provider)
    result = await agent.complete("hi")
    assert result.stop_reason == "completed" and result.text == "here it is"
    assert [m.role for m in await agent.history()] == ["user", "assistant"]


async def test_tool_call_arguments_are_kept_verbatim(echo_tool) -> None:
    raw = '{"text":  "spaced"}'
    provider = ScriptedProvider([Reply(tool_calls=[("echo", raw)]), Reply(text="ok")])
    agent = Agent(provider, tools=[echo_tool])
    await agent.complete("go")
    history = await agent.history()
    assert history[1].tool_calls[0].arguments == raw
    assert json.loads(raw)["text"] == "spaced"


async def test_tools_see_the_turn_and_model_for_provenance():
    from pydantic import BaseModel

    from orkas_jupyter.engine import Tool, ToolContext

    seen: list[tuple[str, str]] = []

    class NoArgs(BaseModel):
        pass

    class Probe(Tool[NoArgs]):
        name = "probe"
        description = "Reports provenance."
        input_model = NoArgs

        async def execute(self, args: NoArgs, ctx: ToolContext) -> str:
            seen.append((ctx.services["turn"], ctx.services["model"]))
            return "ok"

    provider = ScriptedProvider([Reply(tool_calls=[call("probe")]), Reply(text="a"),
                                 Reply(tool_calls=[call("probe")]), Reply(text="b")])
    agent = Agent(provider, tools=[Probe()])
    await agent.complete("one")
    async for _ in agent.run("two", model="other/model"):
        pass
    history = await agent.history()
    users = [m.id for m in history if m.role == "user"]
    assert seen == [(users[0], "scripted/model"), (users[1], "other/model")]
