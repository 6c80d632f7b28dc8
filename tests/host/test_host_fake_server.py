"""The host over the real provider stack (litellm → the fake HTTP model server)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.config import Settings
from orkas_jupyter.engine import InMemorySessionStore
from orkas_jupyter.engine.history import validate_history
from orkas_jupyter.host import DEFAULT_PROFILE, AgentHost
from orkas_jupyter.testing import FakeModelServer, reply, tool_call


@pytest.fixture
def server():
    with FakeModelServer() as fake:
        yield fake


def test_a_response_cut_at_the_length_limit_runs_none_of_its_calls(tmp_path: Path, server,
                                                                   monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    target = tmp_path / "half.txt"
    server.script([
        tool_call("write_file", {"path": str(target), "content": "the first half of"},
                  finish_reason="length"),
        reply("I will write it in two steps next time.")])
    settings = Settings(model="openai/gpt-4o", api_base=server.base_url, workspace=tmp_path,
                        home=tmp_path / "home")
    host = AgentHost(settings, store_factory=lambda _s: InMemorySessionStore())

    async def turn() -> list[Any]:
        return [e async for e in host.run_turn(DEFAULT_PROFILE, "s", "write the report")]

    events = host.submit(turn()).result(timeout=60)
    assert events[-1].type == "done"
    assert not target.exists()
    tool_msg = next(m for m in server.chat_requests[1].messages if m["role"] == "tool")
    assert "cut off at the output token limit" in json.dumps(tool_msg)
    validate_history(host.submit(host.store().load("s")).result())
    host.close()


def test_a_reader_that_stops_listening_finds_the_turn_over(tmp_path: Path, server,
                                                          monkeypatch) -> None:
    # A team's child is read by Commander's tool; when Commander is stopped the tool stops
    # reading. Closing the host's generator must end the agent's turn then and there, not
    # when the generator is collected (the turn's last write landed after Commander's end).
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    server.script([reply(" ".join(f"w{i}" for i in range(400)), chunk_chars=5,
                         chunk_delay=0.05)])
    settings = Settings(model="openai/gpt-4o", api_base=server.base_url, workspace=tmp_path,
                        home=tmp_path / "home")
    host = AgentHost(settings, store_factory=lambda _s: InMemorySessionStore())

    async def read_a_little() -> list[str]:
        turn = host.run_turn(DEFAULT_PROFILE, "s", "write a long text")
        async for event in turn:
            if event.type == "text_delta":
                break
        await turn.aclose()
        return [a.session_id for a in host.running()]

    assert host.submit(read_a_little()).result(timeout=60) == []
    history = host.submit(host.store().load("s")).result()
    validate_history(history)
    assert history[-1].meta.get("interrupted") is True
    host.close()
