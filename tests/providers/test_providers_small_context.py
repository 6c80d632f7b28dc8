"""Small context windows end to end: the full tool set of the agent host, litellm and the HTTP
fake, which counts every request with tiktoken and answers 400 "maximum context length" when a
request is over its window, like a real server. No request may ever get that answer when Orkas
knows the window; when it does not (the server's window is smaller), the turn ends with an
error saying what to set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from providers_helpers import fake_settings

from orkas_jupyter.engine import Agent, Compaction, Done, Error, FakeClock, validate_history
from orkas_jupyter.engine.fit import FitConfig
from orkas_jupyter.engine.turn_config import TurnConfig
from orkas_jupyter.host.profile import CORE_TOOLS, ORKAS_PROMPT
from orkas_jupyter.providers import make_provider
from orkas_jupyter.providers._litellm import load_litellm
from orkas_jupyter.testing import FakeModelServer, RecordedRequest, Step, context_overflow, reply
from orkas_jupyter.testing import tool_call as fake_tool_call
from orkas_jupyter.tools.kernel import InspectVariable, ListVariables
from orkas_jupyter.tools.knowledge import KnowledgeSearchTool
from orkas_jupyter.tools.memory import MemoryTool
from orkas_jupyter.tools.notebook import notebook_tools
from orkas_jupyter.tools.workspace import WorkspaceTools, build_workspace_tools

MODEL = "openai/local-llama"
SUMMARY_SYSTEM = "You write faithful, compact conversation summaries."
LINE = "Row {i}: the sensor reported a steady temperature and nothing unusual happened.\n"


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-small-4444")


@pytest.fixture
def workspace(tmp_path: Path) -> Any:
    (tmp_path / "log.txt").write_text("".join(LINE.format(i=i) for i in range(2_000)))
    tools = build_workspace_tools(fake_settings("http://unused", workspace=tmp_path))
    yield tools
    tools.close()


class WindowedServer:
    """The fake model's behaviour: a server-side window checked with tiktoken, and a user who
    asks about a log file every turn (read it, sometimes grep it after enabling grep_files)."""

    def __init__(self, window: int) -> None:
        self.window = window
        self.counts: list[int] = []
        self.overflows = 0
        self.litellm = load_litellm()

    def prompt_tokens(self, body: dict[str, Any]) -> int:
        """Tokens of the prompt as a local server builds it: tiktoken over each message and
        the tool schemas written into the prompt as JSON (what llama.cpp and Ollama chat
        templates do), or litellm's own count when that is larger."""
        rendered = json.dumps(body.get("tools", [])) + "".join(
            f"<|{m['role']}|>{json.dumps(m.get('content'))}{json.dumps(m.get('tool_calls'))}"
            for m in body["messages"])
        counted = self.litellm.token_counter(model="gpt-4o", messages=body["messages"],
                                             tools=body.get("tools"))
        return max(int(counted), int(self.litellm.token_counter(model="gpt-4o",
                                                                text=rendered)))

    def __call__(self, request: RecordedRequest) -> Step:
        body = request.body
        tokens = self.prompt_tokens(body)
        self.counts.append(tokens)
        if tokens > self.window:
            self.overflows += 1
            return context_overflow(self.window, tokens)
        messages = body["messages"]
        if SUMMARY_SYSTEM in json.dumps(messages[0]):
            return reply("SUMMARY: the user asked about log.txt several times; it was read.")
        names = [t["function"]["name"] for t in body.get("tools", [])]
        last = messages[-1]
        turn = sum(m["role"] == "user" for m in messages)
        if last["role"] == "user":
            if turn % 3 == 0 and "grep_files" not in names and "more_tools" in names:
                return fake_tool_call("more_tools", {"names": ["grep_files"]})
            return fake_tool_call("read_file", {"path": "log.txt", "line": 1 + 40 * turn})
        if _last_call(messages) == "more_tools":
            return fake_tool_call("grep_files", {"pattern": "Row 1[0-9]:", "path": "log.txt"})
        return reply("The log shows steady temperatures; nothing unusual. " * 4)


def _last_call(messages: list[dict[str, Any]]) -> str | None:
    for message in reversed(messages):
        if message["role"] == "assistant":
            calls = message.get("tool_calls") or []
            return str(calls[0]["function"]["name"]) if calls else None
    return None


def host_tools(workspace: WorkspaceTools) -> list[Any]:
    return [*workspace.tools, ListVariables(), InspectVariable(), *notebook_tools(),
            MemoryTool(), KnowledgeSearchTool()]


def agent_for(server: FakeModelServer, workspace: WorkspaceTools, window: int) -> Agent:
    provider = make_provider(fake_settings(server.base_url, model=MODEL), clock=FakeClock(),
                             timeout=10.0, environ={"ORKAS_CONTEXT_WINDOW": str(window)})
    return Agent(provider, tools=host_tools(workspace), services=workspace.services,
                 system_prompt=ORKAS_PROMPT, clock=FakeClock(),
                 config=TurnConfig(fit=FitConfig(core_tools=CORE_TOOLS)))


@pytest.mark.parametrize("window", [4_096, 8_192, 32_768])
async def test_no_request_ever_exceeds_the_servers_window(workspace: WorkspaceTools,
                                                          window: int) -> None:
    model = WindowedServer(window)
    with FakeModelServer(model) as server:
        agent = agent_for(server, workspace, window)
        compactions = 0
        for i in range(12):
            events = [e async for e in agent.run(f"Question {i}: what does log.txt say?")]
            assert isinstance(events[-1], Done), events[-1]
            compactions += sum(isinstance(e, Compaction) for e in events)
        requests = server.chat_requests
    assert model.overflows == 0
    assert max(model.counts) <= window
    assert compactions > 0
    assert validate_history(await agent.history()) == []
    first_tools = requests[0].body["tools"]
    names = [t["function"]["name"] for t in first_tools]
    called = [c["function"]["name"] for r in requests for m in r.messages
              for c in m.get("tool_calls") or []]
    if window == 4_096:
        # Left out at first, enabled through more_tools, then really run.
        assert "more_tools" in names and "grep_files" not in names
        assert "more_tools" in called and "grep_files" in called
        grep_results = [m for r in requests for m in r.messages
                        if m["role"] == "tool" and "Row 1" in str(m.get("content"))
                        and ":Row" in str(m.get("content"))]
        assert grep_results
    elif window == 8_192:
        # Every tool fits once its description is one sentence: no more_tools needed.
        assert len(names) == 19 and "more_tools" not in names
        read_file = next(t for t in first_tools if t["function"]["name"] == "read_file")
        assert "Binary files are refused" not in read_file["function"]["description"]
    else:
        # 32k: the full tool set with full descriptions, as for any large window.
        assert len(names) == 19 and "more_tools" not in names
        read_file = next(t for t in first_tools if t["function"]["name"] == "read_file")
        assert "Binary files are refused" in read_file["function"]["description"]


async def test_4k_offers_the_notebook_core_and_more_tools(workspace: WorkspaceTools) -> None:
    model = WindowedServer(4_096)
    with FakeModelServer(model) as server:
        agent = agent_for(server, workspace, 4_096)
        result = await agent.complete("What does log.txt say?")
        first = server.chat_requests[0]
    assert result.stop_reason == "completed"
    names = [t["function"]["name"] for t in first.body["tools"]]
    assert names[-1] == "more_tools"
    assert {"list_cells", "read_cell", "insert_cell", "run_cell", "read_file"} <= set(names)
    assert "bash" not in names and "web_fetch" not in names
    assert model.counts[0] <= 0.45 * 4_096


async def test_a_server_window_smaller_than_configured_is_a_clear_error(
        workspace: WorkspaceTools) -> None:
    # Orkas is told 8,192 but the server runs a 2,048-token context: the first request is
    # refused, compaction has nothing to summarise, and the error says what to set.
    model = WindowedServer(2_048)
    with FakeModelServer(model) as server:
        agent = agent_for(server, workspace, 8_192)
        events = [e async for e in agent.run("What does log.txt say?")]
    final = events[-1]
    assert isinstance(final, Error)
    assert model.overflows >= 1 and server.chat_requests[0].body["tools"]
    assert "no longer fits the model's context window" in final.message
    assert "8,192-token context window" in final.message
    assert "ORKAS_CONTEXT_WINDOW" in final.message and "num_ctx" in final.message
    assert validate_history(await agent.history()) == []
