"""Outside agent CLIs as team members (issue #18): the `OutsideRunner` Commander's
`dispatch_to` calls for an agent file with a `command` (`claude -p`, `codex exec`, any CLI
that takes a task and prints an answer).

One dispatch:

1. a fresh bridge credential for this one process (`KernelBridge.child_credential`), written
   with the `orkas-mcp` entry into a private MCP config file (0600 in a 0700 temp folder);
2. the command line: `{mcp_config}` becomes the config file's path, `{task}` the task (shell
   quoted), `{task_file}` a file holding the task (for CLIs that read stdin: `cli < {task_file}`);
   without `{task}` or `{task_file}` the task is appended as the last argument. The process also
   gets `ORKAS_MCP_CONFIG` (the config's path);
3. that line is judged by the host's one policy exactly as a `bash` call would be (blocked
   commands refused, risky ones asked about in the turn's approval path) and started by the
   one shell executor (its own process group, credentials scrubbed from the environment,
   package shims on PATH) as a background job whose log is followed;
4. stdout streams into the dispatch card (`TextDelta`s stamped with the agent and the call), a
   final `AssistantMessage` closes it; stdout (capped, start and end kept) is the result, a
   non-zero exit an error with the end of stderr;
5. Stop (cancellation) sends SIGTERM to the process group at once and SIGKILL 100 ms later, a
   timeout (`outside_timeout`) the same; the credential is revoked and the files deleted when
   the process ends, however it ends;
6. when the kernel records or replays (P7), a successful answer is recorded beside the model's
   answers, and a replayed dispatch shows the recorded answer without starting (or asking
   about) the command (`outside_replay.py`).

The wait happens on the agent thread (this coroutine), never on the kernel's main thread: the
CLI's `run_cell` needs the main thread, which a `%orkas` cell's wait loop lends.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import dataclasses
import json
import logging
import os
import shlex
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

from ..engine.errors import ToolError
from ..engine.events import AssistantMessage, TextDelta
from ..engine.messages import Message, TextPart, ToolCallPart, new_id
from ..engine.tools import ToolContext
from ..orchestra.agent_files import AgentDef
from ..tools.bash import Bash, BashInput
from ..tools.bash_exec import DEFAULT_OUTPUT_CHARS, BackgroundJob, OutputCap, ShellExecutor
from .outside_replay import outside_recording

log = logging.getLogger(__name__)

ENV_CONFIG = "ORKAS_MCP_CONFIG"
POLL_S = 0.05
KILL_GRACE_S = 0.1
# Characters streamed into the card; the result keeps its own start and end (OutputCap).
STREAM_LIMIT = 200_000
STDERR_TAIL = 2_000

__all__ = ["ENV_CONFIG", "OutsideAgents", "command_line"]


def command_line(command: str, task: str, config: Path, task_file: Path) -> str:
    """The shell line one dispatch runs (see the module docstring). Only the three
    placeholders are replaced; other braces are left alone."""
    line = command.strip()
    takes_task = "{task}" in line or "{task_file}" in line
    line = (line.replace("{mcp_config}", shlex.quote(str(config)))
            .replace("{task_file}", shlex.quote(str(task_file)))
            .replace("{task}", shlex.quote(task)))
    return line if takes_task else f"{line} {shlex.quote(task)}"


def _signal_group(pgid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def _private_file(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)


class OutsideAgents:
    """`Orchestra.outside` for a kernel: runs agent files' commands (module docstring)."""

    def __init__(self, rt: Any) -> None:
        self.rt = rt

    async def __call__(self, agent: AgentDef, task: str, ctx: ToolContext) -> str:
        # The bridge's modules load on the first outside dispatch, not with the kernel.
        assert agent.command is not None
        recording = outside_recording(self.rt, agent.name, task)
        recorded = await recording.recorded() if recording is not None else None
        if recorded is not None:  # replayed: the command is not run (nor judged)
            self._show(agent, recorded, ctx)
            return recorded
        answer = await self._dispatch(agent, task, ctx)
        if recording is not None:
            await recording.keep(answer)
        return answer

    async def _dispatch(self, agent: AgentDef, task: str, ctx: ToolContext) -> str:
        from ..ecosystem.bridge.launch import child_mcp_config
        from .kernel_bridge import kernel_bridge

        assert agent.command is not None
        shell = ctx.services.get("shell")
        if not isinstance(shell, ShellExecutor):
            raise ToolError(f"{agent.name} is an outside command, and this agent has no shell "
                            "executor to start it")
        bridge = kernel_bridge(self.rt)
        # Starting the listener waits on the agent thread's loop: not from this coroutine.
        await asyncio.to_thread(bridge.ensure_listener)
        folder = Path(tempfile.mkdtemp(prefix="orkas-agent-"))  # 0700
        try:
            call = ctx.call_id or new_id("call")
            with bridge.child_credential(f"{agent.name} (dispatch {call})") as env:
                config, task_file = folder / "mcp.json", folder / "task.txt"
                _private_file(config, json.dumps(child_mcp_config(env), indent=1))
                _private_file(task_file, task)
                line = command_line(agent.command, task, config, task_file)
                # Asked about under the agent's name, like a member's own bash call.
                await self._judge(line, call, dataclasses.replace(ctx, agent=agent.name))
                return await self._run(agent, shell, line, folder, config, ctx)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    async def _judge(self, line: str, call_id: str, ctx: ToolContext) -> None:
        """The host's policy judges the line as a `bash` call; a refusal is the result."""
        args = BashInput(command=line)
        call = ToolCallPart(id=call_id, name=Bash.name, arguments=args.model_dump_json())
        refused = await self.rt.host.policy.before_call(call, Bash(), args, ctx)
        if refused is not None:
            text = "".join(getattr(p, "text", "") for p in refused.content)
            raise ToolError(text or "the command was refused")

    async def _run(self, agent: AgentDef, shell: ShellExecutor, line: str, folder: Path,
                   config: Path, ctx: ToolContext) -> str:
        stderr = folder / "stderr.txt"
        # stderr apart from stdout (the log): the answer is stdout, an error shows stderr.
        job = shell.start_background(f"{{ {line}\n}} 2> {shlex.quote(str(stderr))}",
                                     env={ENV_CONFIG: str(config)})
        stamp = {"agent": agent.name, "parent_call_id": ctx.call_id}
        cap = OutputCap(DEFAULT_OUTPUT_CHARS)
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        streamed = 0
        timed_out = False
        deadline = time.monotonic() + float(self.rt.settings.outside_timeout)
        log.info("outside agent %s started (pid %d)", agent.name, job.pid)

        def emit(data: bytes, final: bool = False) -> None:
            nonlocal streamed
            cap.feed(data)
            text = decoder.decode(data, final)
            if not text or ctx.emit is None or streamed >= STREAM_LIMIT:
                return
            if streamed + len(text) >= STREAM_LIMIT:
                text = text[:STREAM_LIMIT - streamed] + "\n[… more output; not shown here]\n"
            streamed += len(text)
            ctx.emit(TextDelta(text=text, **stamp))

        try:
            with open(job.log_path, "rb") as out:
                while job.poll() is None:
                    emit(out.read())
                    if time.monotonic() > deadline:
                        timed_out = True
                        self._kill(job, shell)
                        await asyncio.sleep(KILL_GRACE_S)  # the SIGKILL has gone out
                        await asyncio.to_thread(job.process.wait)
                        break
                    await asyncio.sleep(POLL_S)
                emit(out.read(), final=True)
            # As for a foreground `bash` call: what it left running in its group goes with it.
            _signal_group(job.pid, signal.SIGKILL)
        except asyncio.CancelledError:
            self._kill(job, shell)  # Stop: the group gets SIGTERM now, SIGKILL shortly after
            log.info("outside agent %s stopped", agent.name)
            raise
        self._forget(shell, job)
        answer, _ = cap.text()
        code = job.poll()
        if ctx.emit is not None:
            ctx.emit(AssistantMessage(message=Message(role="assistant",
                                                      parts=[TextPart(text=answer)]), **stamp))
        log.info("outside agent %s exited with %s", agent.name, code)
        if timed_out:
            raise ToolError(f"{agent.name} did not finish within "
                            f"{self.rt.settings.outside_timeout:g} s (ORKAS_OUTSIDE_TIMEOUT); "
                            f"it was stopped. Its output so far:\n{answer[-STDERR_TAIL:]}")
        if code != 0:
            tail = _tail(stderr) or "(nothing on stderr)"
            raise ToolError(f"{agent.name} ({agent.command}) failed with exit code {code}. "
                            f"End of its stderr:\n{tail}")
        return answer.strip() or f"({agent.name} finished without printing an answer)"

    @staticmethod
    def _show(agent: AgentDef, answer: str, ctx: ToolContext) -> None:
        """A replayed answer in the dispatch card, as the CLI's output would have been."""
        if ctx.emit is None:
            return
        stamp = {"agent": agent.name, "parent_call_id": ctx.call_id}
        ctx.emit(TextDelta(text=answer, **stamp))
        ctx.emit(AssistantMessage(message=Message(role="assistant",
                                                  parts=[TextPart(text=answer)]), **stamp))

    def _kill(self, job: BackgroundJob, shell: ShellExecutor) -> None:
        """SIGTERM to the group now, SIGKILL after KILL_GRACE_S; reaped and forgotten in the
        background (a Stop is not held up)."""
        job.stopped = True
        _signal_group(job.pid, signal.SIGTERM)
        loop = asyncio.get_running_loop()
        loop.call_later(KILL_GRACE_S, _signal_group, job.pid, signal.SIGKILL)
        reaped = loop.run_in_executor(None, job.process.wait)
        reaped.add_done_callback(lambda _: self._forget(shell, job))

    @staticmethod
    def _forget(shell: ShellExecutor, job: BackgroundJob) -> None:
        """Not one of the model's `bash` jobs: leave no entry and no log behind (the result
        has the output). A job still running stays, so the executor's close kills it."""
        if job.poll() is not None:
            shell.jobs.pop(job.id, None)
            with contextlib.suppress(OSError):
                job.log_path.unlink()


def _tail(path: Path) -> str:
    try:
        data = path.read_bytes()[-STDERR_TAIL * 4:]
    except OSError:
        return ""
    return data.decode("utf-8", errors="replace")[-STDERR_TAIL:].strip()
