"""The one risk policy, through the engine's call path (`run_one`): the real `bash` tool and
`run_cell` over a notebook file and a kernel stand-in that really runs the code, an approval
callback that records what it was asked, and a temporary home folder."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import stat
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.config import Settings
from orkas_jupyter.engine import Agent
from orkas_jupyter.engine.errors import ToolError
from orkas_jupyter.engine.messages import TextPart, ToolCallPart
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.engine.tool_exec import run_one
from orkas_jupyter.engine.tools import (
    ApprovalDecision,
    ApprovalRequest,
    Tool,
    ToolContext,
    ToolRegistry,
)
from orkas_jupyter.tools.kernel import ExecutionResult
from orkas_jupyter.tools.notebook import notebook_tools
from orkas_jupyter.tools.notebook_doc import FileNotebook
from orkas_jupyter.tools.policy import RiskPolicy, trim_detail
from orkas_jupyter.tools.workspace import WorkspaceTools, build_workspace_tools


@dataclass
class Approvals:
    decision: ApprovalDecision = "deny"
    asked: list[ApprovalRequest] = field(default_factory=list)

    async def __call__(self, request: ApprovalRequest) -> ApprovalDecision:
        self.asked.append(request)
        return self.decision


class ExecKernel:
    """Runs cells with `exec` in one namespace, as the kernel would run them."""

    def __init__(self) -> None:
        self.ns: dict[str, Any] = {}
        self.ran: list[str] = []

    async def execute(self, code: str) -> ExecutionResult:
        self.ran.append(code)
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(code, "<cell>", "exec"), self.ns)
        except Exception as exc:
            return ExecutionResult(
                outputs=[{"output_type": "error", "ename": type(exc).__name__,
                          "evalue": str(exc), "traceback": traceback.format_exc().splitlines()}],
                success=False, error_name=type(exc).__name__, error_value=str(exc))
        return ExecutionResult(outputs=[{"output_type": "stream", "name": "stdout",
                                         "text": out.getvalue()}])

    def namespace(self) -> dict[str, Any]:
        return self.ns


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    (home / "somedir").mkdir(parents=True)
    (home / "somedir" / "keep.txt").write_text("precious\n")
    monkeypatch.setenv("HOME", str(home))
    return home


@pytest.fixture
def root(tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    # Tools run in the kernel's process: its working folder is the notebook's, here the
    # workspace.
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def ws(root: Path, home: Path) -> Iterator[WorkspaceTools]:
    tools = build_workspace_tools(Settings(workspace=root, home=home / ".orkas"))
    yield tools
    tools.close()


@pytest.fixture
def nb(root: Path) -> Path:
    path = root / "analysis.ipynb"
    path.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}))
    return path


@dataclass
class Harness:
    registry: ToolRegistry
    ctx: ToolContext
    approvals: Approvals
    kernel: ExecKernel
    policy: RiskPolicy = field(default_factory=RiskPolicy)
    calls: int = 0

    async def call(self, name: str, **args: Any) -> tuple[str, bool]:
        self.calls += 1
        part = await run_one(ToolCallPart(id=f"call_{self.calls}", name=name,
                                          arguments=json.dumps(args)),
                             self.registry.get(name), self.registry, self.ctx, self.policy)
        return "".join(p.text for p in part.content if isinstance(p, TextPart)), part.is_error

    async def run_code(self, source: str) -> tuple[str, bool]:
        inserted, _ = await self.call("insert_cell", source=source)
        cell_id = inserted.split("cell ")[1].split(" ")[0]
        return await self.call("run_cell", cell_id=cell_id)


@pytest.fixture
def h(ws: WorkspaceTools, nb: Path) -> Harness:
    kernel = ExecKernel()
    tools: list[Tool[Any]] = [*ws.tools, *notebook_tools()]
    approvals = Approvals()
    services = {**ws.services, "notebook": FileNotebook(nb), "kernel": kernel}
    return Harness(ToolRegistry(tools), ToolContext(session_id="s", approve=approvals,
                                                    services=services), approvals, kernel)


# -- code the model wrote ------------------------------------------------------------------


async def test_destructive_cell_asks_and_denied_does_not_run(h: Harness, root: Path) -> None:
    (root / "data").mkdir()
    (root / "data" / "a.csv").write_text("1\n")
    text, is_error = await h.run_code("import shutil\nshutil.rmtree('data')")
    assert is_error and "denied" in text and "Not run" in text
    assert (root / "data" / "a.csv").exists()
    assert h.kernel.ran == []
    assert [(r.tool, r.risk) for r in h.approvals.asked] == [("run_cell",
                                                             "destructive_delete")]
    assert h.approvals.asked[0].detail == "import shutil\nshutil.rmtree('data')"
    assert h.approvals.asked[0].summary.startswith("Run Python code that deletes files")


async def test_destructive_cell_approved_runs(h: Harness, root: Path) -> None:
    h.approvals.decision = "once"
    (root / "data").mkdir()
    text, is_error = await h.run_code("import shutil\nshutil.rmtree('data')")
    assert not is_error, text
    assert not (root / "data").exists()


async def test_harmless_cell_does_not_ask(h: Harness, root: Path) -> None:
    (root / "data.csv").write_text("a,b\n1,2\n3,4\n")
    text, is_error = await h.run_code(
        "import csv, os\nrows = list(csv.reader(open('data.csv')))\n"
        "open('summary.txt', 'w').write(str(len(rows)))\nprint(sorted(os.listdir('.')))")
    assert not is_error, text
    assert "summary.txt" in text and (root / "summary.txt").read_text() == "3"
    assert h.approvals.asked == []


async def test_cell_changing_the_home_folder_asks(h: Harness, home: Path) -> None:
    text, is_error = await h.run_code(
        "import os\nos.chmod(os.path.expanduser('~/somedir'), 0)")
    assert is_error and "outside_workspace" in text and "authorise" in text
    assert stat.S_IMODE((home / "somedir").stat().st_mode) != 0
    assert [r.risk for r in h.approvals.asked] == ["outside_workspace"]


async def test_shell_lines_in_a_cell_are_judged_as_shell(h: Harness, home: Path) -> None:
    text, is_error = await h.run_code("!chmod -R 000 ~/somedir")
    assert is_error and "Not run" in text and h.kernel.ran == []
    assert [r.risk for r in h.approvals.asked] == ["outside_workspace"]


async def test_command_built_at_run_time_asks(h: Harness) -> None:
    text, is_error = await h.run_code("import os\ncmd = input_command\nos.system(cmd)")
    assert is_error and "literal" in text
    assert [r.risk for r in h.approvals.asked] == ["shell_from_code"]


async def test_blocked_cell_is_refused_without_asking(h: Harness, home: Path) -> None:
    h.approvals.decision = "run"
    text, is_error = await h.run_code(
        "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))")
    assert is_error and "blocked list" in text
    assert h.approvals.asked == [] and h.kernel.ran == []
    assert (home / "somedir" / "keep.txt").exists()


async def test_a_cell_edited_while_it_was_judged_does_not_run(h: Harness, nb: Path) -> None:
    inserted, _ = await h.call("insert_cell", source="print('judged')")
    cell_id = inserted.split("cell ")[1].split(" ")[0]
    tool = h.registry.get("run_cell")
    assert tool is not None
    args = tool.input_model.model_validate({"cell_id": cell_id})
    call_ctx = replace(h.ctx, call_id="call_x")
    assert await h.policy.before_call(ToolCallPart(id="call_x", name="run_cell",
                                                   arguments="{}"), tool, args,
                                      call_ctx) is None
    # The user (or another agent) edits the cell between the check and the run.
    data = json.loads(nb.read_text())
    data["cells"][0]["source"] = "import shutil; shutil.rmtree('.')"
    nb.write_text(json.dumps(data))
    with pytest.raises(ToolError, match="changed while this call was being checked"):
        await tool.execute(args, call_ctx)
    assert h.kernel.ran == []


async def test_an_unreadable_cell_has_no_action_and_fails_in_execute(h: Harness) -> None:
    text, is_error = await h.call("run_cell", cell_id="nope")
    assert is_error and "No cell with id" in text
    assert h.approvals.asked == []


# -- the shell -----------------------------------------------------------------------------


async def test_chmod_of_the_home_folder_asks_and_deny_keeps_modes(h: Harness,
                                                                  home: Path) -> None:
    before = stat.S_IMODE((home / "somedir").stat().st_mode)
    text, is_error = await h.call("bash", command="chmod -R 000 ~/somedir")
    assert is_error and "outside_workspace" in text
    assert stat.S_IMODE((home / "somedir").stat().st_mode) == before
    assert [(r.tool, r.risk, r.detail) for r in h.approvals.asked] == [
        ("bash", "outside_workspace", "chmod -R 000 ~/somedir")]


async def test_moving_a_home_folder_away_asks(h: Harness, home: Path, tmp_path: Path) -> None:
    target = tmp_path / "moved"
    text, is_error = await h.call("bash", command=f"mv ~/somedir {target}")
    assert is_error and "denied" in text
    assert (home / "somedir" / "keep.txt").exists() and not target.exists()
    assert [r.risk for r in h.approvals.asked] == ["outside_workspace"]
    assert "~/somedir" in h.approvals.asked[0].summary


async def test_writes_inside_the_workspace_do_not_ask(h: Harness, root: Path) -> None:
    text, is_error = await h.call(
        "bash", command="mkdir -p out && echo 1 > out/a.txt && chmod 600 out/a.txt && "
                        "mv out/a.txt out/b.txt && cp ~/somedir/keep.txt out/ && ls out")
    assert not is_error, text
    assert (root / "out" / "b.txt").read_text() == "1\n"
    assert h.approvals.asked == []


async def test_approved_outside_write_runs(h: Harness, home: Path) -> None:
    h.approvals.decision = "once"
    text, is_error = await h.call("bash", command="touch ~/somedir/new.txt")
    assert not is_error, text
    assert (home / "somedir" / "new.txt").exists()


async def test_cwd_argument_is_where_relative_writes_land(h: Harness, ws: WorkspaceTools,
                                                          home: Path, root: Path) -> None:
    (root / "sub").mkdir()
    text, is_error = await h.call("bash", command="touch ../../home/somedir/x", cwd="sub")
    assert is_error and "outside_workspace" in text
    assert [r.risk for r in h.approvals.asked] == ["outside_workspace"]
    assert not (home / "somedir" / "x").exists()


async def test_one_question_per_class_and_for_this_run(h: Harness, home: Path) -> None:
    h.approvals.decision = "run"
    await h.call("bash", command="touch ~/somedir/a")
    await h.run_code("open(__import__('os').path.expanduser('~/somedir/b'), 'w').close()")
    assert [r.risk for r in h.approvals.asked] == ["outside_workspace"]
    assert (home / "somedir" / "a").exists() and (home / "somedir" / "b").exists()


async def test_logs_keep_class_and_length_never_the_text(h: Harness,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    await h.call("bash", command="chmod 000 ~/somedir/MARKER_ONE")
    await h.run_code("import shutil\nshutil.rmtree('MARKER_TWO')")
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "MARKER" not in text
    assert "risk=outside_workspace" in text and "risk=destructive_delete" in text


# -- results -------------------------------------------------------------------------------


async def test_credential_values_are_redacted_from_results(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACME_API_KEY", "acme-secret-value-123")
    text, is_error = await h.run_code("import os\nprint(dict(os.environ))")
    assert not is_error
    assert "acme-secret-value-123" not in text and "[REDACTED]" in text


def test_approval_detail_is_trimmed_keeping_both_ends() -> None:
    code = "import os\n" + "x = 1\n" * 5000 + "os.system('rm -rf data')\n"
    shown = trim_detail(code)
    assert len(shown) < 6_200 and shown.startswith("import os")
    assert shown.rstrip().endswith("os.system('rm -rf data')")
    assert "characters not shown" in shown


# -- in a whole turn -----------------------------------------------------------------------


async def test_an_agent_turn_asks_through_the_policy(h: Harness, root: Path) -> None:
    (root / "precious").mkdir()
    provider = ScriptedProvider([
        Reply(tool_calls=[call("bash", command="rm -rf precious"),
                          call("bash", command="echo still-here > note.txt")]),
        Reply(text="done")])
    tools = [h.registry.get(n) for n in ("bash", "bash_status")]
    agent = Agent(provider, tools=[t for t in tools if t is not None],
                  services=h.ctx.services, policy=RiskPolicy())
    result = await agent.complete("tidy up", approve=h.approvals)
    assert result.stop_reason == "completed"
    assert (root / "precious").exists() and (root / "note.txt").read_text() == "still-here\n"
    assert [r.risk for r in h.approvals.asked] == ["destructive_delete"]
