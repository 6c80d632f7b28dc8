"""Agents defined in files (O1): parsing, both conventions for lists, Claude Code's tool
names, precedence, and broken files reported by path and line, never raised."""

from __future__ import annotations

from pathlib import Path

from orkas_jupyter.config import Settings
from orkas_jupyter.orchestra.agent_files import (
    AgentDef,
    AgentProblem,
    load_agents,
    parse_agent_file,
)
from orkas_jupyter.orchestra.team import Team


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.md"
    path.write_text(text)
    return path


def test_a_claude_code_agent_file_works_unchanged(tmp_path: Path) -> None:
    path = write(tmp_path, "reviewer", """---
name: reviewer
description: Reviews code for bugs.
  Use after every change.
tools: Read, Grep, Glob, Bash
model: anthropic/claude-sonnet-4-5
---
You are a careful reviewer.
""")
    agent = parse_agent_file(path)
    assert isinstance(agent, AgentDef)
    assert agent.name == "reviewer"
    assert agent.description == "Reviews code for bugs. Use after every change."
    assert agent.tools == ("read_file", "grep_files", "search_files", "bash", "bash_status")
    assert agent.model == "anthropic/claude-sonnet-4-5"
    assert agent.system_prompt == "You are a careful reviewer."
    assert any("Read means read_file" in n for n in agent.notes)


def test_tools_and_skills_as_yaml_lists_and_the_name_from_the_file(tmp_path: Path) -> None:
    agent = parse_agent_file(write(tmp_path, "plotter", """---
description: makes plots
tools: [run_cell, insert_cell]
skills:
  - matplotlib-style
---
Plot things.
"""))
    assert isinstance(agent, AgentDef)
    assert agent.name == "plotter" and agent.tools == ("run_cell", "insert_cell")
    assert agent.skills == ("matplotlib-style",) and agent.model is None


def test_broken_files_are_reported_with_path_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "agents"
    bad_yaml = write(folder, "a", "---\nname: a\ndescription: ok\ntools: [read_file\n---\nx\n")
    no_desc = write(folder, "b", "---\nname: b\nmodel: m\n---\nprompt\n")
    reserved = write(folder, "c", "---\nname: commander\ndescription: d\n---\nprompt\n")
    no_front = write(folder, "d", "just a prompt\n")
    bad_name = write(folder, "e", "---\nname: Bad Name\ndescription: d\n---\np\n")
    bad_tools = write(folder, "f", "---\ndescription: d\ntools: 42\n---\np\n")
    write(folder, "good", "---\ndescription: fine\n---\nprompt\n")
    agents, problems = load_agents([folder])
    assert list(agents) == ["good"]
    by_path = {p.path: p for p in problems}
    assert set(by_path) == {bad_yaml, no_desc, reserved, no_front, bad_name, bad_tools}
    assert by_path[bad_yaml].line >= 4 and "YAML" in by_path[bad_yaml].message
    assert by_path[no_desc].line == 2 and "description" in by_path[no_desc].message
    assert by_path[reserved].line == 2 and "reserved" in by_path[reserved].message
    assert "front matter" in by_path[no_front].message
    assert by_path[bad_tools].line == 3 and "tools" in by_path[bad_tools].message
    assert str(by_path[no_desc]).startswith(f"{no_desc}:2: ")
    assert all(isinstance(p, AgentProblem) for p in problems)


def test_the_workspace_agent_wins_and_edits_are_seen(tmp_path: Path) -> None:
    workspace, home = tmp_path / "ws", tmp_path / "home"
    write(home / "agents", "tutor", "---\ndescription: from home\n---\nhome prompt\n")
    write(home / "agents", "solo", "---\ndescription: only at home\n---\nsolo\n")
    team = Team(lambda: Settings(workspace=workspace, home=home))
    assert team.get("tutor").description == "from home"  # type: ignore[union-attr]
    path = write(workspace / ".orkas" / "agents", "tutor",
                 "---\ndescription: from the workspace\n---\nws prompt\n")
    assert team.get("tutor").description == "from the workspace"  # type: ignore[union-attr]
    assert set(team.agents()) == {"tutor", "solo"}
    path.write_text("---\ndescription: edited, longer than before\n---\nws prompt\n")
    assert team.get("tutor").description == "edited, longer than before"  # type: ignore[union-attr]
    path.unlink()
    assert team.get("tutor").description == "from home"  # type: ignore[union-attr]
