"""The one shell executor (T5, §11): every shell command the product runs starts here.

Each command runs under `/bin/bash -c` in its own process group (a new session), with stdin
closed, in an environment built per call (a copy: the kernel's `os.environ` is never
changed). A timeout or an asyncio cancellation kills the whole group, grandchildren included;
output is capped keeping head and tail. Background jobs are detached, write to a log under the
workspace's `.orkas/jobs/`, and are polled later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import subprocess
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..secrets import scrub_environ

log = logging.getLogger(__name__)

DEFAULT_OUTPUT_CHARS = 30_000
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
_VAR_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class ShellError(Exception):
    """The executor could not start or manage a process."""


def clean_output(text: str) -> str:
    """Drop colour codes and keep only the last state of `\\r`-redrawn progress lines."""
    text = _ANSI.sub("", text)
    if "\r" in text:
        text = "\n".join(line.rsplit("\r", 1)[-1] if "\r" in line.rstrip("\r") else
                         line.rstrip("\r") for line in text.split("\n"))
    return text


class OutputCap:
    """Collects a stream keeping its first and last bytes, counting what it drops."""

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars
        # Bytes, not characters: twice the character budget covers most UTF-8 text; the exact
        # character cut happens after decoding.
        self.head_limit = max_chars * 2
        self.tail_limit = max_chars * 2
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0

    def feed(self, chunk: bytes) -> None:
        """Add a chunk of output."""
        self.total += len(chunk)
        room = self.head_limit - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if chunk:
            self.tail += chunk
            if len(self.tail) > self.tail_limit:
                del self.tail[:len(self.tail) - self.tail_limit]

    @property
    def dropped_bytes(self) -> int:
        """Bytes that were never kept."""
        return self.total - len(self.head) - len(self.tail)

    def text(self) -> tuple[str, bool]:
        """The kept output within `max_chars` (head and tail), and whether it was cut."""
        head = clean_output(self.head.decode("utf-8", errors="replace"))
        tail = clean_output(self.tail.decode("utf-8", errors="replace"))
        if not self.dropped_bytes and len(head) + len(tail) <= self.max_chars:
            return head + tail, False
        full = head + tail if not self.dropped_bytes else None
        half = self.max_chars // 2
        if full is not None:
            omitted = f"{len(full) - 2 * half:,} characters"
            head, tail = full[:half], full[-half:]
        else:
            omitted = f"about {self.dropped_bytes + len(head) + len(tail) - 2 * half:,} bytes"
            head, tail = head[:half], tail[-half:]
        return (f"{head}\n\n[… {omitted} of output omitted; the start and the end are shown. "
                f"Redirect to a file and read it with read_file or grep_files for the rest …]"
                f"\n\n{tail}"), True


@dataclass
class ShellResult:
    """What a finished foreground command produced."""

    exit_code: int | None
    output: str
    truncated: bool
    timed_out: bool
    duration_s: float
    stray_killed: bool = False


@dataclass
class BackgroundJob:
    """A detached command and its log file."""

    id: str
    pid: int
    log_path: Path
    started: float
    command_length: int
    process: subprocess.Popen[bytes] = field(repr=False)
    stopped: bool = False

    def poll(self) -> int | None:
        """The exit code, or None while it runs."""
        return self.process.poll()


def _kill_group(pgid: int, sig: int) -> bool:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def _group_alive(pgid: int) -> bool:
    return _kill_group(pgid, 0)


async def _wait_for_shell(proc: asyncio.subprocess.Process, reader: asyncio.Task[None],
                          timeout: float) -> None:
    """Return when the shell itself has exited, or raise `TimeoutError`.

    `Process.wait()` also waits for the output pipe to close, which a process the command left
    behind can keep open; so watch the return code, waking at once when the output ends.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while proc.returncode is None:
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise TimeoutError
        if reader.done():
            await asyncio.wait_for(proc.wait(), remaining)
            return
        await asyncio.wait({reader}, timeout=min(0.05, remaining))


class ShellExecutor:
    """Runs shell commands for one workspace (foreground and background)."""

    def __init__(self, workspace: Path | str, *, jobs_dir: Path | str | None = None,
                 extra_path: Sequence[Path | str] = (), pass_env: Sequence[str] = (),
                 base_env: Mapping[str, str] | None = None, shell: str = "/bin/bash",
                 max_output_chars: int = DEFAULT_OUTPUT_CHARS, kill_grace_s: float = 2.0) -> None:
        self.workspace = Path(workspace)
        self.jobs_dir = Path(jobs_dir) if jobs_dir else self.workspace / ".orkas" / "jobs"
        self.extra_path = [str(p) for p in extra_path]
        self.pass_env = set(pass_env)
        self._base_env = dict(base_env) if base_env is not None else None
        self.shell = shell
        self.max_output_chars = max_output_chars
        self.kill_grace_s = kill_grace_s
        self.jobs: dict[str, BackgroundJob] = {}

    def environment(self, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """A fresh environment for one command: the kernel's (read, never written) without
        credentials, plus the product's PATH entries and pager settings, plus `overrides`."""
        base = self._base_env if self._base_env is not None else os.environ
        # Credentials (`secrets.is_secret_variable`: by name, or a URL with a password) are
        # not inherited unless the user listed them in `pass_env`; a command that needs one
        # gets it through `env=`.
        env = scrub_environ(base, keep=self.pass_env)
        if self.extra_path:
            env["PATH"] = os.pathsep.join([*self.extra_path, env.get("PATH", os.defpath)])
        # Commands run without a terminal: pagers and credential prompts would hang them.
        env.setdefault("PAGER", "cat")
        env.setdefault("GIT_PAGER", "cat")
        env["GIT_TERMINAL_PROMPT"] = "0"
        for key, value in (overrides or {}).items():
            if not _VAR_NAME.match(key):
                raise ShellError(f"{key!r} is not a valid environment variable name.")
            env[key] = value
        return env

    async def run(self, command: str, *, timeout: float, env: Mapping[str, str] | None = None,
                  cwd: Path | None = None) -> ShellResult:
        """Run `command` to completion (or timeout), output capped; cancelling kills it."""
        started = time.monotonic()
        proc = await asyncio.create_subprocess_exec(
            self.shell, "-c", command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, cwd=str(cwd or self.workspace),
            env=self.environment(env), start_new_session=True)
        pgid = proc.pid
        cap = OutputCap(self.max_output_chars)
        assert proc.stdout is not None

        async def pump() -> None:
            assert proc.stdout is not None
            while chunk := await proc.stdout.read(65536):
                cap.feed(chunk)

        reader = asyncio.create_task(pump())
        timed_out = stray = False
        try:
            try:
                await _wait_for_shell(proc, reader, timeout)
            except TimeoutError:
                timed_out = True
                await self._terminate(pgid, proc, reader)
            # The shell is gone; a process it left behind may still hold the pipe open. The
            # whole group goes with the command: long-lived processes belong in background mode.
            if _group_alive(pgid):
                stray = not timed_out
                _kill_group(pgid, signal.SIGKILL)
            try:
                await asyncio.wait_for(asyncio.shield(reader), 2.0)
            except TimeoutError:
                # Only a process that left the group (setsid) can still hold the pipe. Close
                # our end now: left to the garbage collector, the transport would be closed
                # after its event loop is gone. asyncio offers no public handle for it.
                reader.cancel()
                transport = getattr(proc, "_transport", None)
                if transport is not None:
                    transport.close()
        except asyncio.CancelledError:
            _kill_group(pgid, signal.SIGKILL)
            reader.cancel()
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            raise
        output, truncated = cap.text()
        return ShellResult(exit_code=proc.returncode if not timed_out else None, output=output,
                           truncated=truncated, timed_out=timed_out,
                           duration_s=time.monotonic() - started, stray_killed=stray)

    async def _terminate(self, pgid: int, proc: asyncio.subprocess.Process,
                         reader: asyncio.Task[None]) -> None:
        _kill_group(pgid, signal.SIGTERM)
        with contextlib.suppress(TimeoutError):
            await _wait_for_shell(proc, reader, self.kill_grace_s)
        _kill_group(pgid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        with contextlib.suppress(TimeoutError):
            await _wait_for_shell(proc, reader, 5.0)

    # -- background jobs -----------------------------------------------------------------

    def start_background(self, command: str, *, env: Mapping[str, str] | None = None,
                         cwd: Path | None = None) -> BackgroundJob:
        """Start `command` detached, its output going to a log file; returns at once."""
        self.jobs_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        job_id = f"job_{uuid.uuid4().hex[:10]}"
        log_path = self.jobs_dir / f"{job_id}.log"
        with open(log_path, "wb") as log_file:
            proc = subprocess.Popen(
                [self.shell, "-c", command], stdin=subprocess.DEVNULL, stdout=log_file,
                stderr=subprocess.STDOUT, cwd=str(cwd or self.workspace),
                env=self.environment(env), start_new_session=True)
        job = BackgroundJob(id=job_id, pid=proc.pid, log_path=log_path, started=time.time(),
                            command_length=len(command), process=proc)
        self.jobs[job_id] = job
        return job

    def job(self, job_id: str) -> BackgroundJob:
        """A job by id; `KeyError` when unknown."""
        return self.jobs[job_id]

    async def stop(self, job: BackgroundJob) -> int | None:
        """Stop a background job's whole process group; returns its exit code."""
        job.stopped = True
        _kill_group(job.pid, signal.SIGTERM)
        deadline = time.monotonic() + self.kill_grace_s
        while job.poll() is None and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        _kill_group(job.pid, signal.SIGKILL)
        if job.poll() is None:
            await asyncio.to_thread(job.process.wait)
        return job.poll()

    def read_log(self, job: BackgroundJob, tail_chars: int) -> tuple[str, int]:
        """The last `tail_chars` characters of a job's log, and the log's size in bytes."""
        try:
            size = job.log_path.stat().st_size
        except FileNotFoundError:
            return "", 0
        with open(job.log_path, "rb") as fh:
            fh.seek(max(0, size - tail_chars * 4))
            data = fh.read()
        return clean_output(data.decode("utf-8", errors="replace"))[-tail_chars:], size

    def close(self) -> None:
        """Kill every background job still running (on kernel shutdown or in tests)."""
        for job in self.jobs.values():
            if job.poll() is None:
                _kill_group(job.pid, signal.SIGKILL)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    job.process.wait(timeout=5)
