"""Builds the workspace tool set (files, search, bash, web) and the services those tools find
in `ctx.services`, from `Settings`. One call per agent: the caller merges `services` into the
agent's services and passes `approve` (or its own UI callback) as the approval callback."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import ApprovalPolicy, Settings
from ..engine.tools import ApprovalCallback, ApprovalDecision, ApprovalRequest, Tool
from .bash import Bash, BashStatus
from .bash_exec import ShellExecutor
from .file_state import FileStateRegistry
from .files import EditFile, ReadFile, StatFile, WriteFile
from .files_search import GrepFiles, SearchFiles
from .sandbox import PathSandbox
from .web import WebFetch, WebFetcher

log = logging.getLogger(__name__)

WORKSPACE_TOOL_NAMES = ("read_file", "write_file", "edit_file", "stat_file", "search_files",
                        "grep_files", "bash", "bash_status", "web_fetch")


def policy_approval(policy: ApprovalPolicy) -> ApprovalCallback:
    """The approval callback used when nobody can be asked: `ORKAS_APPROVAL` decides
    (`deny`, the default, or `allow`). The Jupyter layer replaces it with a UI prompt."""

    async def approve(request: ApprovalRequest) -> ApprovalDecision:
        decision: ApprovalDecision = "once" if policy == "allow" else "deny"
        # Class and tool only: the detail may hold a command line, which is never logged.
        log.info("approval by policy %s: tool=%s risk=%s -> %s", policy, request.tool,
                 request.risk, decision)
        return decision

    return approve


@dataclass
class WorkspaceTools:
    """The tools, the services they need, and the policy approval callback."""

    tools: list[Tool[Any]]
    sandbox: PathSandbox
    file_state: FileStateRegistry
    shell: ShellExecutor
    web: WebFetcher
    approve: ApprovalCallback
    services: dict[str, Any] = field(default_factory=dict)

    def close(self) -> None:
        """Stop background jobs still running."""
        self.shell.close()


def build_workspace_tools(
    settings: Settings,
    *,
    authorised: Iterable[Path | str] = (),
    attached: Iterable[Path | str] = (),
    file_state: FileStateRegistry | None = None,
    extra_path: Sequence[Path | str] = (),
    pass_env: Sequence[str] = (),
    web: WebFetcher | None = None,
    include: Iterable[str] | None = None,
) -> WorkspaceTools:
    """The workspace tools for `settings.workspace`.

    `authorised` folders and `attached` files widen the sandbox (credential folders and the
    product's data are refused); `extra_path` is put first on the shell's PATH (CLI shims);
    `pass_env` names credential variables the shell may inherit; `include` limits the tools by
    name.
    """
    store = settings.store_path
    sandbox = PathSandbox(
        settings.workspace, authorised=authorised, attached=attached,
        product_dirs=[settings.home, store, store.with_name(store.name + ".wal")])
    state = file_state or FileStateRegistry()
    shell = ShellExecutor(sandbox.workspace, jobs_dir=sandbox.workspace / ".orkas" / "jobs",
                          extra_path=extra_path, pass_env=pass_env)
    fetcher = web or WebFetcher()
    all_tools: list[Tool[Any]] = [ReadFile(), WriteFile(), EditFile(), StatFile(), SearchFiles(),
                                  GrepFiles(), Bash(), BashStatus(), WebFetch()]
    wanted = set(include) if include is not None else set(WORKSPACE_TOOL_NAMES)
    unknown = wanted - set(WORKSPACE_TOOL_NAMES)
    if unknown:
        raise ValueError(f"unknown workspace tools: {', '.join(sorted(unknown))}")
    tools = [t for t in all_tools if t.name in wanted]
    services: dict[str, Any] = {"sandbox": sandbox, "file_state": state, "shell": shell,
                                "web": fetcher}
    return WorkspaceTools(tools=tools, sandbox=sandbox, file_state=state, shell=shell,
                          web=fetcher, approve=policy_approval(settings.approval),
                          services=services)
