"""Fixtures for the workspace tools: a temporary workspace, a fake home with credential
folders, the tool set built by the factory, and a helper that runs a tool the way the engine
does (arguments as JSON, through the risk policy, errors turned into error results)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.config import Settings
from orkas_jupyter.engine.messages import ImagePart, TextPart, ToolCallPart
from orkas_jupyter.engine.tool_exec import run_one
from orkas_jupyter.engine.tools import ApprovalDecision, ApprovalRequest, ToolContext, ToolRegistry
from orkas_jupyter.tools.policy import RiskPolicy
from orkas_jupyter.tools.workspace import WorkspaceTools, build_workspace_tools


@dataclass
class Approvals:
    """An approval callback that records what it was asked and answers `decision`."""

    decision: ApprovalDecision = "deny"
    asked: list[ApprovalRequest] = field(default_factory=list)

    async def __call__(self, request: ApprovalRequest) -> ApprovalDecision:
        self.asked.append(request)
        return self.decision


@dataclass
class Result:
    """A tool result as the model sees it."""

    text: str
    is_error: bool
    images: list[ImagePart]


ToolCaller = Callable[..., Awaitable[Result]]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("PRIVATE KEY\n")
    (home / ".aws").mkdir()
    (home / ".aws" / "credentials").write_text("[default]\naws_secret_access_key=x\n")
    (home / ".orkas").mkdir()
    (home / ".orkas" / "profile.md").write_text("profile\n")
    monkeypatch.setenv("HOME", str(home))
    return home


@pytest.fixture
def root(tmp_path: Path, home: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


@pytest.fixture
def ws(root: Path, home: Path) -> Iterator[WorkspaceTools]:
    tools = build_workspace_tools(Settings(workspace=root, home=home / ".orkas"))
    yield tools
    tools.close()


@pytest.fixture
def approvals() -> Approvals:
    return Approvals()


@pytest.fixture
def ctx(ws: WorkspaceTools, approvals: Approvals) -> ToolContext:
    return ToolContext(session_id="session-a", approve=approvals, services=ws.services)


def make_caller(ws: WorkspaceTools) -> ToolCaller:
    registry = ToolRegistry(ws.tools)
    policy = RiskPolicy()

    async def call(ctx: ToolContext, name: str, **args: Any) -> Result:
        part = await run_one(ToolCallPart(id="call_1", name=name, arguments=json.dumps(args)),
                             registry.get(name), registry, ctx, policy)
        text = "".join(p.text for p in part.content if isinstance(p, TextPart))
        images = [p for p in part.content if isinstance(p, ImagePart)]
        return Result(text=text, is_error=part.is_error, images=images)

    return call


@pytest.fixture
def call(ws: WorkspaceTools) -> ToolCaller:
    return make_caller(ws)


@pytest.fixture
async def no_jobs_left(ws: WorkspaceTools) -> AsyncIterator[None]:
    yield
    ws.close()
