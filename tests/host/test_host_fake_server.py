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
