"""Turn checkpoints through the real host: the model (fake HTTP server via litellm) makes the
changes, the store is a real DuckDB file. A team's child turn, run inside a tool call of the
root turn, records into the root turn's checkpoint; the undo is recorded in the session and
the model reads it on its next turn."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from orkas_jupyter.config import Settings
from orkas_jupyter.engine.tools import Tool, ToolContext
from orkas_jupyter.host import DEFAULT_PROFILE, AgentHost, AgentProfile
from orkas_jupyter.host.checkpoints import list_turns, load_turn, record_undo
from orkas_jupyter.store.api import open_store
from orkas_jupyter.testing import FakeModelServer, reply, tool_call
from orkas_jupyter.tools.undo import undo_changes

WRITER = AgentProfile(name="writer", system_prompt="You write files.",
                      tools=("read_file", "write_file", "edit_file"))


class DelegateArgs(BaseModel):
    task: str


class Delegate(Tool[DelegateArgs]):
    """A stand-in for a team's dispatch: runs a child turn inside this tool call."""

    name = "delegate"
    description = "Give a task to the writer agent."
    input_model = DelegateArgs

    def __init__(self) -> None:
        self.host: AgentHost | None = None

    async def execute(self, args: DelegateArgs, ctx: ToolContext) -> str:
        assert self.host is not None
        events = [e async for e in self.host.run_turn(
            WRITER, f"{ctx.session_id}-writer", args.task, approve=ctx.approve,
            parent_call_id=ctx.call_id)]
        return f"writer finished: {events[-1].type}"


@pytest.fixture
def server():
    with FakeModelServer() as fake:
        yield fake


def test_a_team_turn_is_one_checkpoint_and_its_undo_reaches_the_model(
        tmp_path: Path, server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    (tmp_path / "report.md").write_text("# Report\n\nold text\n")
    server.script([
        tool_call("read_file", {"path": "report.md"}),
        tool_call("edit_file", {"path": "report.md", "old_string": "old text",
                                "new_string": "the root's text"}),
        tool_call("delegate", {"task": "write notes.txt"}),
        tool_call("write_file", {"path": "notes.txt", "content": "by the writer\n"}),
        reply("written"),
        reply("All done."),
        reply("I see the undo."),
    ])
    settings = Settings(model="openai/gpt-4o", api_base=server.base_url, workspace=tmp_path,
                        home=tmp_path / "home")
    delegate = Delegate()
    host = AgentHost(settings, surface_tools=lambda: [delegate],
                     store_factory=lambda s: open_store(s, mode="direct"))
    delegate.host = host

    async def turn(prompt: str) -> list[Any]:
        return [e async for e in host.run_turn(DEFAULT_PROFILE, "root", prompt)]

    try:
        events = host.submit(turn("update the report")).result(timeout=120)
        assert events[-1].type == "done", events[-1]
        assert (tmp_path / "notes.txt").read_text() == "by the writer\n"
        client = host.store().sync  # type: ignore[attr-defined]
        turns = list_turns(client, "root")
        assert len(turns) == 1  # the child's write joined the root turn
        info, changes = load_turn(client, turns[0].turn_id)
        assert info.prompt == "update the report" and info.ended_at is not None
        assert [Path(c.path).name for c in changes] == ["report.md", "notes.txt"]
        stored = client.call("checkpoint.turn", turn_id=info.turn_id)["changes"]
        assert [c["agent"] for c in stored] == ["", "writer"]
        # The turn is named by its user message.
        history = host.submit(host.store().load("root")).result()
        assert history[0].id == info.turn_id

        report = host.submit(undo_changes(changes, None, host.workspace().sandbox)).result()
        assert (tmp_path / "report.md").read_text() == "# Report\n\nold text\n"
        assert not (tmp_path / "notes.txt").exists()
        host.submit(record_undo(host, info, report.lines())).result()
        assert list_turns(client, "root")[0].undone_at is not None

        host.submit(turn("what happened?")).result(timeout=60)
        last = server.chat_requests[-1].messages
        notes = [m for m in last if m["role"] == "user" and "undid your turn" in json.dumps(m)]
        assert len(notes) == 1
        assert "report.md: content as before the turn" in json.dumps(notes[0])
    finally:
        host.close()


def test_a_turn_that_changed_nothing_leaves_no_checkpoint(
        tmp_path: Path, server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    server.script([tool_call("read_file", {"path": "missing.txt"}), reply("nothing there")])
    settings = Settings(model="openai/gpt-4o", api_base=server.base_url, workspace=tmp_path,
                        home=tmp_path / "home")
    host = AgentHost(settings, store_factory=lambda s: open_store(s, mode="direct"))
    try:
        async def turn() -> list[Any]:
            return [e async for e in host.run_turn(DEFAULT_PROFILE, "s", "look")]

        host.submit(turn()).result(timeout=60)
        assert list_turns(host.store().sync, "s") == []  # type: ignore[attr-defined]
    finally:
        host.close()


def test_a_before_state_holding_a_credential_is_not_kept_and_undo_says_so(
        tmp_path: Path, server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    monkeypatch.setenv("WAREHOUSE_PASSWORD", "hunter2-correct-horse-battery")
    (tmp_path / "settings.ini").write_text("password = hunter2-correct-horse-battery\n")
    (tmp_path / "plain.txt").write_text("nothing secret\n")
    server.script([
        tool_call("read_file", {"path": "settings.ini"}),
        tool_call("write_file", {"path": "settings.ini", "content": "password = ***\n"}),
        tool_call("read_file", {"path": "plain.txt"}),
        tool_call("write_file", {"path": "plain.txt", "content": "changed\n"}),
        reply("done"),
    ])
    settings = Settings(model="openai/gpt-4o", api_base=server.base_url, workspace=tmp_path,
                        home=tmp_path / "home")
    host = AgentHost(settings, store_factory=lambda s: open_store(s, mode="direct"))
    try:
        async def turn() -> list[Any]:
            return [e async for e in host.run_turn(DEFAULT_PROFILE, "s", "tidy settings")]

        host.submit(turn()).result(timeout=60)
        client = host.store().sync  # type: ignore[attr-defined]
        info = list_turns(client, "s")[0]
        stored = client.call("checkpoint.turn", turn_id=info.turn_id)["changes"]
        kept = {Path(c["target"]).name: json.loads(c["payload"]) for c in stored}
        assert kept["settings.ini"]["before"] == "" and kept["settings.ini"]["withheld"]
        assert base64.b64decode(kept["plain.txt"]["before"]) == b"nothing secret\n"
        _, changes = load_turn(client, info.turn_id)
        report = host.submit(undo_changes(changes, None, host.workspace().sandbox)).result()
        assert (tmp_path / "plain.txt").read_text() == "nothing secret\n"
        assert (tmp_path / "settings.ini").read_text() == "password = ***\n"
        assert any(line.startswith("settings.ini: written by the turn, but its earlier "
                                   "content held a credential value") for line in report.left)
    finally:
        host.close()
