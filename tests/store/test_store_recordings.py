"""The store behind the providers' record/replay (P7) and the turn statistics (P6, E6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from orkas_jupyter.engine import Agent, Tool, ToolContext, ToolError
from orkas_jupyter.engine.events import Usage
from orkas_jupyter.engine.messages import user_message
from orkas_jupyter.engine.provider import ModelRequest, StreamEnd
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.providers.replay import RecordReplayProvider
from orkas_jupyter.store.api import open_store


async def test_recorded_exchange_replays_from_another_client(db_path: Path) -> None:
    recorder_store = open_store(path=db_path, idle_seconds=3)
    inner = ScriptedProvider([Reply(text="forty-two", chunks=3)])
    recorder = RecordReplayProvider(inner, recorder_store, "record", "scripted/model")
    request = ModelRequest(messages=[user_message("the answer?")])
    first = [e async for e in recorder.stream(request)]
    recorder_store.close()

    # Another kernel (another client of the same workspace store) replays with no model.
    replay_store = open_store(path=db_path, idle_seconds=3)
    offline = ScriptedProvider([])  # would fail if called
    replayer = RecordReplayProvider(offline, replay_store, "replay", "scripted/model")
    second = [e async for e in replayer.stream(request)]
    replay_store.close()
    assert [e.model_dump(exclude={"message"}) for e in second] == \
        [e.model_dump(exclude={"message"}) for e in first]
    assert isinstance(second[-1], StreamEnd) and second[-1].message.text == "forty-two"
    assert offline.requests == []


class NoArgs(BaseModel):
    pass


class Flaky(Tool[NoArgs]):
    name = "flaky"
    description = "fails on every second call"
    input_model = NoArgs
    read_only = True
    calls = 0

    async def execute(self, args: NoArgs, ctx: ToolContext) -> str:
        self.calls += 1
        if self.calls % 2 == 0:
            raise ToolError("second call fails")
        return "ok"


async def test_turn_events_feed_usage_ledger_and_tool_stats(db_path: Path) -> None:
    store = open_store(path=db_path, mode="direct")
    provider = ScriptedProvider([
        Reply(tool_calls=[call("flaky"), call("flaky")],
              usage=Usage(input_tokens=100, output_tokens=10, cost_usd=0.002)),
        Reply(text="done", usage=Usage(input_tokens=150, output_tokens=5, cost_usd=0.003)),
    ])
    agent = Agent(provider, tools=[Flaky()], store=store, session_id="s")
    async for event in agent.run("go"):
        await store.record_event("s", event)
        await store.record_event("s", event)  # a replayed event stream counts once
    (row,) = store.sync.usage("s")
    assert (row.model, row.requests, row.input_tokens, row.output_tokens) == \
        ("scripted/model", 2, 250, 15)
    assert store.sync.total_cost() == pytest.approx(0.005)
    assert [(s.tool, s.calls, s.errors) for s in store.sync.tool_stats("s")] == \
        [("flaky", 2, 1)]
    store.close()
