"""The factory: every tool under its §12 name with a pydantic input model and the required
arguments of §12, and a whole agent turn using the tools through the engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from orkas_jupyter.config import Settings, load_settings
from orkas_jupyter.engine import Agent
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.tools.file_state import FileStateRegistry
from orkas_jupyter.tools.workspace import (
    WORKSPACE_TOOL_NAMES,
    WorkspaceTools,
    build_workspace_tools,
)

REQUIRED = {
    "read_file": ["path"],
    "write_file": ["path", "content"],
    "edit_file": ["path", "old_string", "new_string"],
    "stat_file": ["path"],
    "search_files": ["pattern"],
    "grep_files": ["pattern"],
    "bash": ["command"],
    "bash_status": [],
    "web_fetch": ["url"],
}
OPTIONAL = {
    "read_file": {"offset", "limit"},
    "edit_file": {"replace_all"},
    "search_files": {"path"},
    "grep_files": {"path", "glob"},
    "bash": {"timeout", "background"},
}


def test_tools_have_stable_names_schemas_and_flags(ws: WorkspaceTools) -> None:
    assert [t.name for t in ws.tools] == list(WORKSPACE_TOOL_NAMES)
    for tool in ws.tools:
        assert issubclass(tool.input_model, BaseModel)
        spec = tool.spec()
        assert sorted(spec.parameters.get("required", [])) == sorted(REQUIRED[tool.name])
        assert OPTIONAL.get(tool.name, set()) <= set(spec.parameters["properties"])
        assert len(tool.description) > 60
    read_only = {t.name for t in ws.tools if t.read_only}
    assert read_only == {"read_file", "stat_file", "search_files", "grep_files", "web_fetch"}


def test_services_and_include(root: Path, home: Path) -> None:
    shared = FileStateRegistry()
    tools = build_workspace_tools(Settings(workspace=root, home=home / ".orkas"),
                                  include=["read_file", "bash"], file_state=shared)
    assert [t.name for t in tools.tools] == ["read_file", "bash"]
    assert tools.services["file_state"] is shared
    assert set(tools.services) == {"sandbox", "file_state", "shell", "web"}
    with pytest.raises(ValueError, match="unknown"):
        build_workspace_tools(Settings(workspace=root), include=["rm_everything"])


def test_settings_protect_the_store_and_home(tmp_path: Path, home: Path) -> None:
    root = tmp_path / "w"
    root.mkdir()
    store = root / "data" / "custom.duckdb"
    settings = load_settings(environ={"ORKAS_WORKSPACE": str(root), "ORKAS_STORE": str(store),
                                      "ORKAS_HOME": str(home / ".orkas")})
    tools = build_workspace_tools(settings, authorised=[home])
    for refused in (str(store), str(home / ".orkas" / "profile.md"), ".orkas/x"):
        with pytest.raises(Exception, match="Orkas"):
            tools.sandbox.resolve(refused)
    assert tools.sandbox.resolve("data/other.csv") == root / "data" / "other.csv"


async def test_an_agent_reads_edits_and_runs_through_the_engine(ws: WorkspaceTools,
                                                                root: Path) -> None:
    (root / "calc.py").write_text("def double(x):\n    return x + x\n")
    provider = ScriptedProvider([
        Reply(tool_calls=[call("edit_file", path="calc.py", old_string="x + x",
                               new_string="2 * x")]),
        Reply(tool_calls=[call("read_file", path="calc.py"),
                          call("grep_files", pattern="def ")]),
        Reply(tool_calls=[call("edit_file", path="calc.py", old_string="x + x",
                               new_string="2 * x")]),
        Reply(tool_calls=[call("bash",
                               command="python3 -c 'import calc; print(calc.double(21))'")]),
        Reply(text="Done: double(21) is 42."),
    ])
    agent = Agent(provider, tools=ws.tools, services=ws.services, approve=ws.approve)
    result = await agent.complete("make double use multiplication and check it")
    assert result.stop_reason != "error", result.error
    results = [m.tool_result for m in result.new_messages if m.role == "tool"]
    assert results[0] is not None and results[0].is_error  # edit before any read
    assert "has not been read" in results[0].content[0].text  # type: ignore[union-attr]
    assert all(r is not None and not r.is_error for r in results[1:])
    assert "42" in results[-1].content[0].text  # type: ignore[union-attr]
    assert (root / "calc.py").read_text() == "def double(x):\n    return 2 * x\n"
    assert result.tool_errors == 1
