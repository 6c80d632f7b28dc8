"""Secrets never reach the store (§11, J7): API keys from the environment and from the
workspace config are absent from the raw DuckDB bytes, its WAL and every log, even when a
tool result or the model's reply contains them."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from pydantic import BaseModel

from orkas_jupyter.config import load_settings
from orkas_jupyter.engine import Agent, Tool, ToolContext
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.store.api import WorkspaceStore, open_client
from orkas_jupyter.tools.memory import MemoryTool, open_memory

from .conftest import stop_server

ENV_KEY = "sk-test-ENVSECRET-1234567890abcdef"
CONFIG_KEY = "cfg-CONFIGSECRET-0987654321"


class NoArgs(BaseModel):
    pass


class LeakyTool(Tool[NoArgs]):
    """A tool whose output carries both keys (as a careless `env` dump would)."""

    name = "leaky"
    description = "prints credentials"
    input_model = NoArgs
    read_only = True

    async def execute(self, args: NoArgs, ctx: ToolContext) -> str:
        return f"OPENAI_API_KEY={ENV_KEY}\nconfig api_key = {CONFIG_KEY}"


@pytest.mark.parametrize("mode", ["server", "direct"])
async def test_api_keys_never_reach_the_store_or_logs(
        mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "orkas.toml").write_text(
        f'model = "openai/gpt-4o"\napi_key = "{CONFIG_KEY}"\n')
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    monkeypatch.setenv("ORKAS_API_KEY", ENV_KEY)
    settings = load_settings({"ORKAS_API_KEY": ENV_KEY}, workspace=workspace,
                             home=tmp_path / "home")
    client = open_client(settings, mode=mode, idle_seconds=3)  # type: ignore[arg-type]
    store = WorkspaceStore(client)
    book = open_memory(client, settings)
    provider = ScriptedProvider([
        Reply(tool_calls=[call("leaky")]),
        Reply(text=f"Your key is {ENV_KEY} and the config one is {CONFIG_KEY}."),
    ])
    agent = Agent(provider, tools=[LeakyTool(), MemoryTool(book)], store=store,
                  session_id="s", prompt_sections=[book.prompt_section()])
    result = await agent.complete("what are my keys?")
    assert ENV_KEY in result.text  # the user still sees the live answer
    client.record_usage("s", "openai/gpt-4o", 10, 5, 0.01)
    client.put_recording("req-hash", f'{{"echo": "{ENV_KEY}"}}')
    client.record_tool_call("s", "leaky", False)
    for target in ("profile", "notes"):
        book.edit(target, "add", f"deploy token is {CONFIG_KEY}")  # type: ignore[arg-type]
        assert book.entries(target) == ["deploy token is [REDACTED]"]  # type: ignore[arg-type]
    history = await store.load("s")
    assert len(history) == 4 and "[REDACTED]" in history[2].tool_result.content[0].text  # type: ignore[union-attr]
    client.close()
    stop_server(settings.store_path)

    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.suffix == ".duckdb" for p in files)
    if mode == "server":
        assert any(p.name.endswith(".server.log") for p in files)
    for path in files:
        if path.name == "orkas.toml":
            continue  # the user's own config file, where they put it
        data = path.read_bytes()
        for secret in (ENV_KEY, CONFIG_KEY):
            assert secret.encode() not in data, f"{secret[:8]}… found in {path}"
    for record in caplog.records:
        text = record.getMessage()
        assert ENV_KEY not in text and CONFIG_KEY not in text
