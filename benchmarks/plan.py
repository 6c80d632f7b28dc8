"""PF10: plans (O7) — how fast the orchestrator moves from one step to the next, and whether a
plan survives its kernel being killed.

* `step_dispatch_ms`: a 50-step DAG (chains, fan-outs and fan-ins over three agents and
  Commander) with zero-latency scripted answers, run by the orchestrator on a host (litellm →
  the fake model server, a DuckDB store file). Dispatch = from the moment the fake server has
  written the last byte of the answer that finished a step to the arrival of the next step's
  first model request (both stamped by the server, in this process). Steps run one at a time
  (the default), so the step finished last is the one whose end let the next one start.
  p50/p99 over `--runs` plans (goal p99 ≤ 50 ms). `planner_ms` measures from the
  orchestrator's own "step turn ended" stamp (`Planner.timings`) instead.
* `kills`, `redone`, `lost`, `rerun`: a ~10-step plan (`%%orkas plan`) in a real kernel whose
  steps take a short random time (some call a tool first); the kernel is SIGKILLed at random
  points (`--kills`, ≥ 20), a new kernel on the same workspace runs `%load_ext orkas_jupyter`
  and `%orkas plan resume`, until the plan is done (another plan follows if it finished before
  enough kills). After each kill the plan is read from the store (the kernel is dead, so it
  is the state at the kill). `redone` = steps done at a kill that later got a model request or
  changed their result (must be 0); `lost` = steps done at a kill whose result is not in the
  final state, plus steps not done at the end (must be 0); `rerun` = steps in progress at a
  kill (re-run once, or their `on_failure` — here Commander is asked and retries). Every
  session of the conversation (it and its steps' sessions) must validate when loaded.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from orkas_jupyter.testing import FakeModelServer, RecordedRequest, reply, tool_call  # noqa: E402
from orkas_jupyter.testing.fake_server import _Handler  # noqa: E402
from orkas_jupyter.testing.team import last_user_text, member_of  # noqa: E402

AGENTS = ("alpha", "beta", "gamma")
ASSIGNEES = (*AGENTS, "commander")
# Each step's input starts with its tag, so a request names its plan and step.
TAG = re.compile(r"^\[P(\d+)S(\d+)\]")
CONSULT = re.compile(r"^\[Plan step (\d+) ")


# -- a fake model server that stamps arrivals and answer ends --------------------------------
class _TimedHandler(_Handler):
    def _answer(self, request: RecordedRequest, step: Any, *, anthropic: bool) -> None:
        try:
            super()._answer(request, step, anthropic=anthropic)
        finally:
            fake = self.server.fake
            assert isinstance(fake, TimedServer)
            fake.ended(request)


class TimedServer(FakeModelServer):
    """The fake model server, stamping (perf_counter, this process) each request's arrival
    and the moment its answer's last byte was written."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived: dict[int, float] = {}
        self.ends: dict[int, float] = {}

    def start(self) -> TimedServer:
        super().start()
        assert self._server is not None
        self._server.RequestHandlerClass = _TimedHandler  # read per connection
        return self

    def _record(self, request: RecordedRequest) -> None:
        self.arrived[id(request)] = time.perf_counter()
        super()._record(request)

    def ended(self, request: RecordedRequest) -> None:
        self.ends[id(request)] = time.perf_counter()

    def stamped(self) -> list[tuple[RecordedRequest, float, float]]:
        """Chat requests with their arrival and answer end (nan while unanswered)."""
        return [(r, self.arrived.get(id(r), float("nan")), self.ends.get(id(r), float("nan")))
                for r in self.chat_requests]


def tag_of(request: RecordedRequest) -> tuple[int, int] | None:
    """(plan, step) of a step's request: the tag of its first user message."""
    for message in request.messages:
        if message.get("role") == "user":
            content = message.get("content")
            text = content if isinstance(content, str) else "".join(
                p.get("text", "") for p in content or [] if isinstance(p, dict))
            match = TAG.match(text)
            return (int(match.group(1)), int(match.group(2))) if match else None
    return None


def write_agents(workspace: Path) -> None:
    folder = workspace / ".orkas" / "agents"
    folder.mkdir(parents=True, exist_ok=True)
    for name in AGENTS:
        (folder / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: agent {name}\ntools: read_file\n---\n"
            f"You are {name}.\n")
    (workspace / "notes.txt").write_text("the notes a step reads\n")


def dag(plan: int, n: int, title: str, parallel: int = 1) -> str:
    """A plan of `n` steps (a multiple of 5) as YAML: groups of five chained one after the
    other; in each, a head, two steps fanning out from it, a fan-in of both, and a step
    waiting for the fan-in and the head."""
    if n < 5 or n % 5:
        raise SystemExit(f"--steps must be a multiple of 5 (got {n})")
    lines = [f"title: {title}", f"parallel: {parallel}", "steps:"]
    for i in range(1, n + 1):
        p, base = (i - 1) % 5, i - (i - 1) % 5
        who = ASSIGNEES[(i - 1) % len(ASSIGNEES)]
        if p == 0:
            ups = [base - 1] if base > 1 else []
        else:
            ups = {1: [base], 2: [base], 3: [base + 1, base + 2], 4: [base + 3, base]}[p]
        refs = " and ".join(f"{{{{step_{u}.output_summary}}}}" for u in ups)
        text = f"[P{plan}S{i}] step {i}" + (f" from {refs}" if refs else "")
        lines.append(f"  - id: {i}\n    title: step {i}\n    assignee: {who}\n"
                     f"    wait_for: {json.dumps(ups)}\n    input: {json.dumps(text)}")
    return "\n".join(lines) + "\n"


def step_answer(rng: random.Random | None, slow: tuple[float, float] = (0.0, 0.0),
                tools: bool = False) -> Callable[[RecordedRequest], Any]:
    """The scripted model: a step answers `result PpSs by MEMBER` (after reading a file
    first, for even steps when `tools`); Commander consulted about a failed step retries it.
    `slow` is the range of each answer's random delay."""

    def delay() -> float:
        return rng.uniform(*slow) if rng is not None else 0.0

    def answer(request: RecordedRequest) -> Any:
        tag = tag_of(request)
        last = request.messages[-1] if request.messages else {}
        if tag is None:
            consult = CONSULT.match(last_user_text(request))
            if consult and last.get("role") != "tool":
                return tool_call("plan_step", {"step": int(consult.group(1)),
                                               "action": "retry"}, first_byte_delay=delay())
            return reply("noted", first_byte_delay=delay())
        plan, step = tag
        if tools and step % 2 == 0 and last.get("role") != "tool":
            return tool_call("read_file", {"path": "notes.txt"}, first_byte_delay=delay())
        return reply(f"result P{plan}S{step} by {member_of(request)}", chunk_chars=8,
                     first_byte_delay=delay())

    return answer


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


# -- part 1: dispatch latency on a host ----------------------------------------------------
def dispatch_latency(steps: int, runs: int) -> tuple[list[float], list[float]]:
    """Dispatch latencies (ms) of `runs` plans of `steps` steps: from the server's answer end
    and from the orchestrator's step-end stamp."""
    from orkas_jupyter.config import Settings
    from orkas_jupyter.host import AgentHost
    from orkas_jupyter.orchestra.orchestra import Orchestra
    from orkas_jupyter.orchestra.plan_model import parse_plan
    from orkas_jupyter.orchestra.planner import PlanUpdate
    from orkas_jupyter.providers._litellm import load_litellm
    from orkas_jupyter.store.api import open_store

    load_litellm()
    workspace = Path(tempfile.mkdtemp(prefix="orkas-plan-bench-"))
    write_agents(workspace)
    by_server: list[float] = []
    by_planner: list[float] = []
    with TimedServer() as server:
        server.script(step_answer(None))
        settings = Settings(model="openai/gpt-4o", api_base=server.base_url,
                            workspace=workspace, home=workspace / "home")
        host = AgentHost(settings, store_factory=lambda s: open_store(s, mode="direct"))
        orchestra = Orchestra(host)
        try:
            for run in range(runs + 1):  # run 0 warms up (tools, store, model info)
                n = 5 if run == 0 else steps
                spec = parse_plan(dag(run, n, f"bench {run}"))
                server.clear_requests()
                orchestra.plans.timings.clear()

                async def go(spec: Any = spec, run: int = run) -> Any:
                    events = [e async for e in orchestra.plan(f"bench-{run}", "start",
                                                              spec=spec)]
                    return [e for e in events if isinstance(e, PlanUpdate)][-1]

                last = host.submit(go()).result(timeout=600)
                state = last.plan["state"]
                done = sum(s["status"] == "done" for s in state["steps"].values())
                if state["status"] != "done" or done != n:
                    raise SystemExit(f"plan {run} ended {state['status']} with {done}/{n} "
                                     "steps done")
                if run == 0:
                    continue
                firsts: dict[int, float] = {}
                ends: list[float] = []
                for request, arrived, ended in server.stamped():
                    tag = tag_of(request)
                    assert tag is not None and tag[0] == run, "a request of no step"
                    firsts.setdefault(tag[1], arrived)
                    ends.append(ended)
                if len(firsts) != n or len(server.chat_requests) != n:
                    raise SystemExit(f"expected one request per step, got "
                                     f"{len(server.chat_requests)} for {len(firsts)} steps")
                stamps = sorted(orchestra.plans.timings)
                for arrived in sorted(firsts.values())[1:]:
                    by_server.append((arrived - max(e for e in ends if e < arrived)) * 1000)
                    by_planner.append((arrived - max(t for t in stamps if t < arrived)) * 1000)
        finally:
            host.close()
    return by_server, by_planner


# -- part 2: SIGKILL a kernel running a plan, resume, repeat -------------------------------
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
                 steps: int, kill_within: float, log: Callable[[str], None]) -> None:
        from orkas_jupyter.store.api import default_session_id, open_client

        self.server, self.workspace, self.rng = server, workspace, rng
        self.steps, self.kill_within, self.log = steps, kill_within, log
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
                code = "%%orkas plan\n" + dag(number, self.steps, f"crash plan {number}")
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
            for sid, st in p["steps"].items():
                report.steps += 1
                report.done += st["status"] == "done"
                if st["status"] != "done":
                    report.lost.append(f"{pid}:{sid} ended {st['status']}")
                elif not st["output"].startswith(f"result P{self.known[pid]}S{sid} by "):
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
               slow: tuple[float, float] = (0.05, 0.35),
               log: Callable[[str], None] = print) -> CrashReport:
    """Plans of `steps` steps (each model answer delayed at random within `slow`) in
    kernels SIGKILLed `kills` times at random points, each followed by a new kernel and
    `%orkas plan resume`; checked from the store at the end."""
    rng = random.Random(seed)
    workspace = Path(tempfile.mkdtemp(prefix="orkas-plan-crash-"))
    write_agents(workspace)
    with TimedServer() as server:
        server.script(step_answer(rng, slow, tools=True))
        run = CrashRun(server, workspace, rng, steps=steps, kill_within=kill_within, log=log)
        try:
            return run.run(kills)
        finally:
            run.close()


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=50, help="steps of the dispatch DAG")
    parser.add_argument("--runs", type=int, default=3, help="plans timed for dispatch")
    parser.add_argument("--kills", type=int, default=20, help="SIGKILLs of the kernel")
    parser.add_argument("--crash-steps", type=int, default=10, help="steps of the killed plan")
    parser.add_argument("--kill-within", type=float, default=2.0,
                        help="a kill lands at most this long after a kernel's first request")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-dispatch", action="store_true")
    parser.add_argument("--skip-kills", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("OPENAI_API_KEY", "sk-benchmark-not-a-key")
    fields: list[str] = []
    if not args.skip_dispatch:
        by_server, by_planner = dispatch_latency(args.steps, args.runs)
        p50, p99 = percentile(by_server, 0.5), percentile(by_server, 0.99)
        print(f"dispatch over {len(by_server)} step starts ({args.runs} plans of {args.steps} "
              f"steps): p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(by_server):.1f} ms; "
              f"from the orchestrator's step end: p50 {percentile(by_planner, 0.5):.1f} ms, "
              f"p99 {percentile(by_planner, 0.99):.1f} ms")
        fields += [f"step_dispatch_ms_p50={p50:.1f}", f"step_dispatch_ms_p99={p99:.1f}",
                   f"planner_ms_p50={percentile(by_planner, 0.5):.1f}",
                   f"planner_ms_p99={percentile(by_planner, 0.99):.1f}"]
    if not args.skip_kills:
        report = crash_loop(args.kills, args.crash_steps, args.seed, args.kill_within)
        phases = ", ".join(f"{n} {k}" for k, n in sorted(report.phases.items()))
        print(f"{report.kills} SIGKILLs ({phases}) over {report.kernels} kernels, "
              f"{report.plans} plan(s) of {args.crash_steps} steps in {report.seconds:.0f} s: "
              f"{report.done}/{report.steps} steps done, {report.rerun} step attempts cut "
              f"short, {report.consulted} Commander consultations; {report.sessions} sessions "
              f"({report.open_tails} stored with an unfinished tool call), "
              f"{len(report.invalid)} invalid")
        for problem in report.redone + report.lost + report.invalid:
            print("  PROBLEM", problem)
        fields += [f"kills={report.kills}", f"redone={len(report.redone)}",
                   f"lost={len(report.lost)}", f"rerun={report.rerun}",
                   f"invalid_sessions={len(report.invalid)}", f"plans={report.plans}",
                   f"open_tails={report.open_tails}"]
    print("RESULT PF10 " + " ".join(fields))


if __name__ == "__main__":
    main()
