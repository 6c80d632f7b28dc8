"""`bash` and `bash_status`: the model's way to run shell commands.

`Bash.actions` tells the turn's policy what a call would run (the command and its working
folder); the policy (`tools.policy.RiskPolicy`) classifies it, refuses blocked commands and
asks for approval before `execute` is ever called. Execution is `ShellExecutor`'s
(`ctx.services["shell"]`).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from pydantic import BaseModel, Field

from ..engine.errors import ToolError
from ..engine.policy import ToolAction
from ..engine.tools import Tool, ToolContext, ToolOutput
from .bash_exec import BackgroundJob, ShellError, ShellExecutor
from .sandbox import PathSandbox

DEFAULT_TIMEOUT_S = 120.0
MAX_TIMEOUT_S = 600.0


def _executor(ctx: ToolContext) -> ShellExecutor:
    shell = ctx.services.get("shell")
    if not isinstance(shell, ShellExecutor):
        raise ToolError("The bash tool is not configured in this agent (no shell service); "
                        "build it with build_workspace_tools().")
    return shell


def _resolve_cwd(ctx: ToolContext, cwd: str | None) -> Path | None:
    if cwd is None:
        return None
    sandbox = ctx.services.get("sandbox")
    if not isinstance(sandbox, PathSandbox):
        raise ToolError("cwd needs the workspace sandbox service.")
    path = sandbox.resolve(cwd)
    if not path.is_dir():
        raise ToolError(f"cwd {cwd} is not an existing folder.")
    return path


class BashInput(BaseModel):
    command: str = Field(description="A bash command line (pipes, &&, redirections allowed).")
    timeout: float | None = Field(None, gt=0, le=MAX_TIMEOUT_S,
                                  description=f"Seconds before the command and everything it "
                                              f"started are killed (default "
                                              f"{DEFAULT_TIMEOUT_S:.0f}, at most "
                                              f"{MAX_TIMEOUT_S:.0f}).")
    background: bool = Field(False, description="Start detached and return at once; read "
                                                "status and output with bash_status.")
    env: dict[str, str] | None = Field(None, description="Extra environment variables for this "
                                                         "command only.")
    cwd: str | None = Field(None, description="Working folder (default: the workspace root).")


class Bash(Tool[BashInput]):
    name = "bash"
    # The command's own `timeout` (at most MAX_TIMEOUT_S) governs; the loop's limit is a net.
    timeout_s = MAX_TIMEOUT_S + 30
    description = (
        "Run a bash command in the workspace, non-interactively (stdin is closed). Returns the "
        "exit code and the combined stdout+stderr, at most 30,000 characters (start and end "
        "kept). Default timeout 120 s (max 600); on timeout the command and all its child "
        "processes are killed, and so are processes it leaves behind: for servers, watchers "
        "or anything long, use background=true and poll with bash_status. Risky commands "
        "(deleting, sending data out, privilege changes, credential files, piping downloads "
        "into a shell) need the user's approval; a few destructive ones are always refused. "
        "Credential variables (API keys, tokens) are not inherited; pass what a command needs "
        "in `env`.")
    input_model = BashInput

    async def actions(self, args: BashInput, ctx: ToolContext) -> list[ToolAction]:
        """The command as typed, and the folder it runs in (relative paths resolve there)."""
        cwd = _resolve_cwd(ctx, args.cwd)
        if cwd is None:
            shell = ctx.services.get("shell")
            cwd = shell.workspace if isinstance(shell, ShellExecutor) else None
        return [ToolAction(kind="shell", text=args.command, cwd=str(cwd) if cwd else None)]

    async def execute(self, args: BashInput, ctx: ToolContext) -> ToolOutput:
        shell = _executor(ctx)
        if not args.command.strip():
            raise ToolError("command is empty.")
        cwd = _resolve_cwd(ctx, args.cwd)
        try:
            if args.background:
                job = shell.start_background(args.command, env=args.env, cwd=cwd)
                return ToolOutput.text(
                    f"Started background job {job.id} (pid {job.pid}). Its output goes to "
                    f"{_shown_log(job, shell)}. Check it with bash_status(job_id='{job.id}'); "
                    "stop it with bash_status(job_id=..., stop=true).")
            result = await shell.run(args.command, timeout=args.timeout or DEFAULT_TIMEOUT_S,
                                     env=args.env, cwd=cwd)
        except ShellError as exc:
            raise ToolError(str(exc)) from None
        except OSError as exc:
            raise ToolError(f"Could not start the command: {exc}.") from None
        if result.timed_out:
            head = (f"Timed out after {args.timeout or DEFAULT_TIMEOUT_S:g} s; the command and "
                    "every process it started were killed. Use a longer timeout, or "
                    "background=true for long-running work.")
        else:
            head = f"Exit code {result.exit_code} ({result.duration_s:.1f} s)."
        if result.stray_killed:
            head += (" Processes it left running in the background were stopped; use "
                     "background=true to keep a process running.")
        body = result.output if result.output else "(no output)"
        return ToolOutput.text(f"{head}\n{body}", is_error=result.timed_out)


def _shown_log(job: BackgroundJob, shell: ShellExecutor) -> str:
    try:
        return str(job.log_path.relative_to(shell.workspace))
    except ValueError:
        return str(job.log_path)


class BashStatusInput(BaseModel):
    job_id: str | None = Field(None, description="A background job id; omit to list all jobs.")
    tail: int = Field(4000, ge=0, le=30_000, description="Characters of the log's end to show.")
    wait: float = Field(0, ge=0, le=60, description="Seconds to wait for the job to finish "
                                                    "before reporting.")
    stop: bool = Field(False, description="Stop the job (its whole process group).")


def _describe(job: BackgroundJob) -> str:
    code = job.poll()
    runtime = time.time() - job.started
    if code is None:
        state = f"running for {runtime:.0f} s"
    elif job.stopped:
        state = f"stopped (exit code {code})"
    else:
        state = f"exited with code {code}"
    return f"{job.id}: {state}, pid {job.pid}"


class BashStatus(Tool[BashStatusInput]):
    name = "bash_status"
    description = (
        "Status and log of background jobs started with bash(background=true): running or "
        "exit code, runtime, and the end of the output log. Can wait up to 60 s for a job to "
        "finish, or stop it (kills its whole process group). Without job_id, lists all jobs.")
    input_model = BashStatusInput

    async def execute(self, args: BashStatusInput, ctx: ToolContext) -> str:
        shell = _executor(ctx)
        if args.job_id is None:
            if not shell.jobs:
                return "No background jobs have been started."
            return "\n".join(_describe(job) for job in shell.jobs.values())
        try:
            job = shell.job(args.job_id)
        except KeyError:
            known = ", ".join(shell.jobs) or "none"
            raise ToolError(f"No background job {args.job_id!r}. Known jobs: {known}.") from None
        if args.stop and job.poll() is None:
            await shell.stop(job)
        deadline = time.monotonic() + args.wait
        while job.poll() is None and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        text, size = shell.read_log(job, args.tail)
        report = f"{_describe(job)}. Log {_shown_log(job, shell)}: {size:,} bytes."
        if args.tail and text:
            shown = "end of the log" if len(text) < size else "log"
            report += f"\n--- {shown} ---\n{text}"
        elif args.tail:
            report += " (no output yet)"
        return report
