"""Skill folders as read-only sandbox roots, through the real file tools."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from orkas_jupyter.config import Settings
from orkas_jupyter.ecosystem.skills import SkillSandbox, install_skill_sandbox
from orkas_jupyter.engine.errors import ToolError
from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools.files import ReadFile, ReadFileInput, WriteFile, WriteFileInput
from orkas_jupyter.tools.files_search import GrepFiles, GrepFilesInput
from orkas_jupyter.tools.sandbox import SandboxError
from orkas_jupyter.tools.workspace import build_workspace_tools


@pytest.fixture
def setup(tmp_path: Path):
    ws = tmp_path / "ws"
    skill = ws / ".orkas" / "skills" / "csv-tidy"
    (skill / "reference").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: csv-tidy\ndescription: x\n---\nbody\n")
    (skill / "reference" / "rules.md").write_text("Quote every field.\n")
    (ws / ".orkas" / "orkas.duckdb").write_text("not for the agent")
    other = ws / ".orkas" / "skills" / "hidden-skill"
    other.mkdir()
    (other / "SKILL.md").write_text("---\nname: hidden-skill\ndescription: x\n---\n")
    wt = build_workspace_tools(Settings(workspace=ws, home=tmp_path / "orkas-home"))
    ctx = ToolContext(session_id="s", services=dict(wt.services))
    sandbox = install_skill_sandbox(ctx.services, [skill])
    assert isinstance(sandbox, SkillSandbox)
    yield ws, skill, ctx
    wt.close()


async def test_a_skill_resource_is_readable_by_read_file(setup) -> None:
    _, skill, ctx = setup
    out = await ReadFile().execute(ReadFileInput(path=str(skill / "reference" / "rules.md")),
                                   ctx)
    assert "Quote every field." in str(out.content[0].text)


async def test_the_skill_folder_is_read_only(setup) -> None:
    _, skill, ctx = setup
    with pytest.raises(SandboxError, match=r"skill folder .* which is read-only"):
        await WriteFile().execute(WriteFileInput(path=str(skill / "reference" / "rules.md"),
                                                 content="changed"), ctx)
    assert (skill / "reference" / "rules.md").read_text() == "Quote every field.\n"


async def test_only_the_agents_skills_and_nothing_else_of_orkas_data(setup) -> None:
    ws, _skill, ctx = setup
    for path in (ws / ".orkas" / "skills" / "hidden-skill" / "SKILL.md",
                 ws / ".orkas" / "orkas.duckdb"):
        with pytest.raises(ToolError, match="Refused"):
            await ReadFile().execute(ReadFileInput(path=str(path)), ctx)


async def test_a_symlink_out_of_a_skill_folder_is_refused(setup, tmp_path) -> None:
    _, skill, ctx = setup
    secret = tmp_path / "secret.txt"
    secret.write_text("private")
    os.symlink(secret, skill / "reference" / "leak.md")
    with pytest.raises(ToolError, match="outside the workspace"):
        await ReadFile().execute(ReadFileInput(path=str(skill / "reference" / "leak.md")), ctx)


async def test_grep_searches_inside_a_skill_folder(setup) -> None:
    _, skill, ctx = setup
    out = await GrepFiles().execute(GrepFilesInput(pattern="Quote", path=str(skill)), ctx)
    assert "rules.md" in str(out)


def test_a_credential_folder_under_a_wide_skill_folder_stays_refused(tmp_path) -> None:
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("KEY")
    ws = tmp_path / "ws"
    ws.mkdir()
    from orkas_jupyter.tools.sandbox import PathSandbox

    sandbox = SkillSandbox.around(PathSandbox(ws, home=home), [home])
    with pytest.raises(SandboxError, match="never read or write"):
        sandbox.resolve(str(home / ".ssh" / "id_rsa"))


def test_clearing_the_read_only_roots_closes_the_folders(setup) -> None:
    _, skill, ctx = setup
    install_skill_sandbox(ctx.services, [])
    with pytest.raises(SandboxError):
        ctx.services["sandbox"].resolve(str(skill / "SKILL.md"))
