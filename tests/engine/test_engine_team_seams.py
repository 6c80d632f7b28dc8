"""Engine seams agent teams rest on: concurrent non-read-only tools, a tool that ends the
turn, events forwarded from inside a tool, and other members' words attributed by name."""

from __future__ import annotations

import asyncio
import time

from pydantic import BaseModel

from orkas_jupyter.engine import Agent, Tool, ToolContext, ToolOutput
from orkas_jupyter.engine.events import Done, Warning
from orkas_jupyter.engine.messages import Message, TextPart
from orkas_jupyter.engine.prepare import prepare_messages
from orkas_jupyter.engine.provider import ModelInfo
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call


class Label(BaseModel):
    label: str


class Dispatch(Tool[Label]):
    """Not read-only, but concurrent: like a dispatch to another agent."""

    name = "dispatch"
    description = "Run a long task elsewhere."
    input_model = Label
    concurrent = True

    async def execute(self, args: Label, ctx: ToolContext) -> ToolOutput | str:
        assert ctx.emit is not None
        ctx.emit(Warning(message=f"from inside {args.label}"))
        await asyncio.sleep(0.2)
        return f"done {args.label}"


class HandOff(Tool[Label]):
    name = "hand_off"
    description = "Give the floor away."
    input_model = Label

    async def execute(self, args: Label, ctx: ToolContext) -> ToolOutput | str:
        ctx.end_turn.append(f"handed to {args.label}")
        return f"{args.label} has the floor"


async def test_concurrent_tools_overlap_and_forward_events() -> None:
    provider = ScriptedProvider([Reply(tool_calls=[call("dispatch", label="a"),
                                                   call("dispatch", label="b"),
                                                   call("dispatch", label="c")]),
                                 Reply(text="all done")])
    agent = Agent(provider, tools=[Dispatch()])
    started = time.perf_counter()
    events = [e async for e in agent.run("go")]
    assert time.perf_counter() - started < 0.45  # three 0.2 s calls, not 0.6 s
    forwarded = sorted(e.message for e in events if isinstance(e, Warning))
    assert forwarded == ["from inside a", "from inside b", "from inside c"]
    assert isinstance(events[-1], Done) and events[-1].result.text == "all done"


async def test_a_tool_that_ends_the_turn_stops_before_the_next_model_call() -> None:
    provider = ScriptedProvider([Reply(tool_calls=[call("hand_off", label="tutor")]),
                                 Reply(text="hello again")])
    agent = Agent(provider, tools=[HandOff()])
    events = [e async for e in agent.run("teach me")]
    assert len(provider.requests) == 1
    final = events[-1]
    assert isinstance(final, Done) and final.result.stop_reason == "completed"
    history = await agent.history()
    assert [m.role for m in history] == ["user", "assistant", "tool"]  # valid pairing
    # The next turn starts clean: the request to end belonged to the last turn only.
    again = [e async for e in agent.run("and now?")]
    assert isinstance(again[-1], Done) and again[-1].result.text == "hello again"


def test_other_members_words_are_attributed_for_the_model() -> None:
    info = ModelInfo(model="m", context_window=8000)
    mine = Message(role="assistant", parts=[TextPart(text="I dispatched it.")])
    theirs = Message(role="assistant", parts=[TextPart(text="A derivative is …")],
                     meta={"member": "tutor"})
    out = prepare_messages([mine, theirs], info)
    assert out[0].text == "I dispatched it."
    assert out[1].text == "[tutor]: A derivative is …"
    assert theirs.text == "A derivative is …"  # the stored history is unchanged
