"""PF10's crash half (`benchmarks/plan.py`; `tests/orchestra/test_plan_crash.py` runs it
small): a plan in a real kernel SIGKILLed at random points, a new kernel on the same workspace
resuming it each time, then checks from the store — no step done at a kill ran again, no
result lost, every step done, every session of the conversation valid."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from plan_team import CONSULT, ROOT, TimedServer, dag, step_answer, tag_of, write_agents

from orkas_jupyter.testing.team import last_user_text


@dataclass
class CrashReport:
    """What the kill/resume loop saw."""

    kills: int = 0
    phases: dict[str, int] = field(default_factory=dict)  # what a kill interrupted
    kernels: int = 0
    plans: int = 0
    steps: int = 0
    done: int = 0
    rerun: int = 0  # step attempts cut short by a kill
    redone: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    sessions: int = 0
    invalid: list[str] = field(default_factory=list)
    open_tails: int = 0  # sessions stored with a tool call and no result (repaired on load)
    consulted: int = 0
    seconds: float = 0.0


class _Kernel:
    """A kernel on the workspace, driven through jupyter_client."""

    def __init__(self, env: dict[str, str], cwd: Path, stderr: Any = None) -> None:
        from jupyter_client.manager import KernelManager

        self.km = KernelManager(kernel_name="python3")
        self.km.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f",
                              "{connection_file}"]
        self.km.start_kernel(env=env, cwd=str(cwd), stderr=stderr)
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=60)
        # The process jupyter_client started is the kernel itself (ipykernel_launcher).
        self.pid = int(self.km.provisioner.process.pid)  # type: ignore[union-attr]

    def finished(self, msg_id: str, until: float) -> bool:
        """Wait for the cell `msg_id` to end, at most until `until` (perf_counter)."""
        import queue

        while time.perf_counter() < until:
            wait = max(0.001, min(0.05, until - time.perf_counter()))
            try:
                msg = self.kc.get_iopub_msg(timeout=wait)
            except queue.Empty:
                continue
            if msg["parent_header"].get("msg_id") == msg_id and \
                    msg["msg_type"] == "status" and \
                    msg["content"]["execution_state"] == "idle":
                return True
        return False

    def run(self, code: str, timeout: float = 120) -> None:
        if not self.finished(self.kc.execute(code), time.perf_counter() + timeout):
            raise TimeoutError(f"{code!r} did not finish in {timeout} s")

    def kill(self) -> None:
        """SIGKILL the kernel process: nothing in it gets to clean up."""
        os.kill(self.pid, signal.SIGKILL)
        self.km.provisioner.process.wait()  # type: ignore[union-attr]
        self.kc.stop_channels()
        with contextlib.suppress(Exception):
            self.km.cleanup_resources()

    def close(self) -> None:
        self.kc.stop_channels()
        if self.km.has_kernel:
            self.km.shutdown_kernel(now=True)


class CrashRun:
    """Plans run in kernels that are SIGKILLed at random points and resumed in new ones."""

    def __init__(self, server: TimedServer, workspace: Path, rng: random.Random, *,
                 steps: int, kill_within: float, log: Callable[[str], None],
                 parallel: int = 1) -> None:
        from orkas_jupyter.store.api import default_session_id, open_client

        self.server, self.workspace, self.rng = server, workspace, rng
        self.steps, self.kill_within, self.log = steps, kill_within, log
        self.parallel = parallel
        self.session = default_session_id(str(workspace / "crash.ipynb"))
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("ORKAS_", "JPY_"))}
        self.env.update({
            "ORKAS_MODEL": "openai/gpt-4o", "ORKAS_API_BASE": server.base_url,
            "OPENAI_API_KEY": "sk-test-not-a-real-key", "ORKAS_WORKSPACE": str(workspace),
            "ORKAS_HOME": str(workspace / "home"),
            "ORKAS_NOTEBOOK": str(workspace / "crash.ipynb"),
            "ORKAS_STORE_IDLE": "20", "PYTHONPATH": str(ROOT)})
        # Reads the store through the workspace's store server, beside the kernels.
        self.client = open_client(path=workspace / ".orkas" / "orkas.duckdb", mode="server")
        self.report = CrashReport()
        self.known: dict[str, int] = {}  # plan id → its number (the P of its steps' tags)
        # (kill time, plan id, step id → state at the kill), for every kill.
        self.snapshots: list[tuple[float, str, dict[str, dict[str, Any]]]] = []
        self._interrupted: set[tuple[str, str, float]] = set()  # (plan, step, started_at)

    def plan(self) -> dict[str, Any] | None:
        """The conversation's latest plan (spec and state); remembers its number."""
        row = self.client.call("plan.latest", session_id=self.session)
        if row is None:
            return None
        spec = json.loads(row["spec"])
        self.known[row["id"]] = int(spec["title"].rsplit(" ", 1)[-1])
        return {"id": row["id"], "spec": spec, "state": json.loads(row["state"])}

    def run(self, kills: int) -> CrashReport:
        """Kill kernels `kills` times, then let the last plan finish."""
        started = time.perf_counter()
        with (self.workspace / "kernels.log").open("ab") as errors:
            while True:
                self.life(kills, errors)
                final = self.plan()
                if final is None:
                    continue
                status = final["state"]["status"]
                if status == "done" and self.report.kills >= kills:
                    break
                if status in ("failed", "cancelled"):
                    raise SystemExit(f"plan {final['id']} ended {status}: "
                                     f"{final['state']['reason']}")
        self.check()
        self.report.seconds = time.perf_counter() - started
        return self.report

    def life(self, kills: int, errors: Any) -> None:
        """One kernel: load the extension, start or resume the plan, kill it at a random
        point (or let it end once there were enough kills)."""
        kernel = _Kernel(self.env, self.workspace, stderr=errors)
        self.report.kernels += 1
        try:
            kernel.run("%load_ext orkas_jupyter")
            current = self.plan()
            if current is None or current["state"]["status"] == "done":
                number = max(self.known.values(), default=0) + 1
                code = "%%orkas plan\n" + dag(number, self.steps, f"crash plan {number}",
                                                 self.parallel)
            else:
                code = "%orkas plan resume"
            seen = len(self.server.chat_requests)
            msg_id = kernel.kc.execute(code)
            sent = time.perf_counter()
            if self.report.kills >= kills:
                if not kernel.finished(msg_id, sent + 300):
                    raise TimeoutError(f"{code.splitlines()[0]!r} did not end in 300 s")
                return
            if self.cell_ends_before_the_kill(kernel, msg_id, seen):
                return
            kernel.kill()
            self.killed(time.perf_counter(), sent, seen)
        finally:
            kernel.close()

    def cell_ends_before_the_kill(self, kernel: _Kernel, msg_id: str, seen: int) -> bool:
        """Wait for the random kill point: one kill in five while the new kernel resumes
        the plan, the others at a random time after this kernel's first model request."""
        now = time.perf_counter()
        if self.rng.random() < 0.2:
            return kernel.finished(msg_id, now + self.rng.uniform(0, 0.8))
        deadline = now + 120
        while len(self.server.chat_requests) == seen:
            if kernel.finished(msg_id, time.perf_counter() + 0.005):
                return True
            if time.perf_counter() > deadline:
                raise TimeoutError("the resumed plan made no model request in 120 s")
        return kernel.finished(msg_id, time.perf_counter()
                               + self.rng.uniform(0, self.kill_within))

    def killed(self, at: float, sent: float, seen: int) -> None:
        """Note what the kill interrupted and the plan's state at that moment (the kernel
        is dead: once a store call it had sent has completed, the state stays put)."""
        self.report.kills += 1
        stamped = self.server.stamped()
        if len(stamped) == seen:
            phase = "start"
        elif any(arrived < at and not ended <= at for _, arrived, ended in stamped):
            phase = "request"
        else:
            phase = "between"
        self.report.phases[phase] = self.report.phases.get(phase, 0) + 1
        time.sleep(0.2)
        state = self.plan()
        if state is None:
            self.log(f"kill {self.report.kills} ({phase}): before the plan was stored")
            return
        steps = state["state"]["steps"]
        self.snapshots.append((at, state["id"], steps))
        for sid, st in steps.items():
            if st["status"] == "in_progress":
                self._interrupted.add((state["id"], sid, st["started_at"]))
        self.report.rerun = len(self._interrupted)
        self.log(f"kill {self.report.kills} after {at - sent:.2f} s ({phase}): "
                 f"{state['state']['status']} {_compact(state['state'])}")

    def check(self) -> None:
        """From the store, every kernel gone: each step done once with its result, nothing
        done at a kill ran again, every session of the conversation valid."""
        from orkas_jupyter.engine.history import validate_history
        from orkas_jupyter.store.api import decode_messages

        report = self.report
        plans = {pid: _plan_row(self.client, pid) for pid in self.known}
        report.plans = len(plans)
        for pid, p in plans.items():
            who = {str(step["id"]): step["assignee"] for step in p["spec"]["steps"]}
            for sid, st in p["steps"].items():
                report.steps += 1
                report.done += st["status"] == "done"
                if st["status"] != "done":
                    report.lost.append(f"{pid}:{sid} ended {st['status']}")
                elif st["output"] != f"result P{self.known[pid]}S{sid} by {who[sid]}":
                    report.lost.append(f"{pid}:{sid} output {st['output']!r}")
        stamped = self.server.stamped()
        for at, pid, seen in self.snapshots:
            for sid, st in seen.items():
                if st["status"] != "done":
                    continue
                now = plans[pid]["steps"][sid]
                if now["status"] != "done" or now["output"] != st["output"]:
                    report.lost.append(f"{pid}:{sid} result changed after a kill")
                if (now["finished_at"], now["attempts"]) != (st["finished_at"],
                                                             st["attempts"]):
                    report.redone.append(f"{pid}:{sid} finished again after a kill")
                again = sum(1 for r, arrived, _ in stamped if arrived > at
                            and tag_of(r) == (self.known[pid], int(sid)))
                if again:
                    report.redone.append(f"{pid}:{sid} got {again} model requests after a "
                                         "kill")
        report.consulted = sum(1 for r, _, _ in stamped if tag_of(r) is None
                               and CONSULT.match(last_user_text(r)))
        children = self.client.call("team.children", session_id=self.session)
        for sid in [self.session] + [c["id"] for c in children]:
            report.sessions += 1
            raw = self.client.call("session.load", session_id=sid, known_generation=None,
                                   known_count=0)
            if validate_history(decode_messages(str(raw["bodies"]))):
                report.open_tails += 1
            problems = validate_history(self.client.load(sid))
            if problems:
                report.invalid.append(f"{sid}: {problems[0]}")
        for pid, p in plans.items():  # a step's result is its session's last answer
            for sid, st in p["steps"].items():
                child = f"{self.session}/{pid}/step-{sid}"
                texts = [m.text for m in self.client.load(child)
                         if m.role == "assistant" and m.text]
                if not texts or texts[-1] != st["output"]:
                    report.lost.append(f"{child}: its session does not end with the result")

    def close(self) -> None:
        self.client.close()


def crash_loop(kills: int = 20, steps: int = 10, seed: int = 1, kill_within: float = 2.0,
               slow: tuple[float, float] = (0.05, 0.35), parallel: int = 1,
               log: Callable[[str], None] = print) -> CrashReport:
    """Plans of `steps` steps (each model answer delayed at random within `slow`) in
    kernels SIGKILLed `kills` times at random points, each followed by a new kernel and
    `%orkas plan resume`; checked from the store at the end."""
    rng = random.Random(seed)
    workspace = Path(tempfile.mkdtemp(prefix="orkas-plan-crash-"))
    write_agents(workspace)
    with TimedServer() as server:
        server.script(step_answer(rng, slow, tools=True))
        run = CrashRun(server, workspace, rng, steps=steps, kill_within=kill_within, log=log,
                       parallel=parallel)
        try:
            report = run.run(kills)
        finally:
            run.close()
    if report.redone or report.lost or report.invalid:
        log(f"the workspace is kept for a look: {workspace} (kernels.log: their stderr)")
    else:
        shutil.rmtree(workspace, ignore_errors=True)
    return report


def _compact(state: dict[str, Any]) -> str:
    """Steps as `id:status` letters with attempts: 1:d1 2:R2 3:p0 …"""
    letters = {"done": "d", "in_progress": "R", "pending": "p", "failed": "F",
               "skipped": "s", "blocked": "b"}
    return " ".join(f"{k}:{letters[v['status']]}{v['attempts']}"
                    for k, v in sorted(state["steps"].items(), key=lambda kv: int(kv[0])))


def _plan_row(client: Any, plan_id: str) -> dict[str, Any]:
    """A plan's spec and state as stored."""
    row = client.call("plan.get", plan_id=plan_id)
    return {"spec": json.loads(row["spec"]), **json.loads(row["state"])}
