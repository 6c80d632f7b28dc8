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
* `kills`, `redone`, `lost`, `rerun` (the loop is in `plan_kill.py`): a ~10-step plan
  (`%%orkas plan`) in a real kernel whose steps take a short random time (even steps read a
  file first); the kernel is SIGKILLed (`os.kill(pid, SIGKILL)`) at random points (`--kills`,
  ≥ 20: one in five while a new kernel resumes the plan, the others within `--kill-within`
  s of its first model request); a new kernel on the same workspace runs `%load_ext
  orkas_jupyter` and `%orkas plan resume`, until the plan is done (another plan follows if
  one finished before enough kills). After each kill the plan is read from the store (the
  kernel is dead: that is its state at the kill). `redone` = steps done at a kill that later
  got a model request or a new result (must be 0); `lost` = steps done at a kill whose result
  is not in the final state, steps not done at the end, or a step's session not ending with
  its result (must be 0); `rerun` = step attempts cut short by a kill (each runs once more,
  or follows `on_failure`: here Commander is asked and retries). Every session of the
  conversation (it and its steps' sessions) must validate when loaded.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from plan_kill import crash_loop
from plan_team import TimedServer, dag, step_answer, tag_of, write_agents


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
    shutil.rmtree(workspace, ignore_errors=True)
    return by_server, by_planner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=50, help="steps of the dispatch DAG")
    parser.add_argument("--runs", type=int, default=3, help="plans timed for dispatch")
    parser.add_argument("--kills", type=int, default=20, help="SIGKILLs of the kernel")
    parser.add_argument("--crash-steps", type=int, default=10, help="steps of the killed plan")
    parser.add_argument("--kill-within", type=float, default=2.0,
                        help="a kill lands at most this long after a kernel's first request")
    parser.add_argument("--crash-parallel", type=int, default=1,
                        help="`parallel:` of the killed plan (steps running at once)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-dispatch", action="store_true")
    parser.add_argument("--skip-kills", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("OPENAI_API_KEY", "sk-benchmark-not-a-key")
    head: list[str] = []
    tail: list[str] = []
    problems = 0
    if not args.skip_dispatch:
        load = os.getloadavg()[0]
        by_server, by_planner = dispatch_latency(args.steps, args.runs)
        p50, p99 = percentile(by_server, 0.5), percentile(by_server, 0.99)
        q50, q99 = percentile(by_planner, 0.5), percentile(by_planner, 0.99)
        print(f"dispatch over {len(by_server)} step starts ({args.runs} plans of {args.steps} "
              f"steps, load average {load:.1f} on {os.cpu_count()} cores): p50 {p50:.1f} ms, "
              f"p99 {p99:.1f} ms, max {max(by_server):.1f} ms; from the orchestrator's step "
              f"end: p50 {q50:.1f} ms, p99 {q99:.1f} ms")
        head += [f"step_dispatch_ms_p50={p50:.1f}", f"step_dispatch_ms_p99={p99:.1f}"]
        tail += [f"planner_ms_p50={q50:.1f}", f"planner_ms_p99={q99:.1f}",
                 f"loadavg={load:.1f}"]
    if not args.skip_kills:
        report = crash_loop(args.kills, args.crash_steps, args.seed, args.kill_within,
                            parallel=args.crash_parallel)
        phases = ", ".join(f"{n} {k}" for k, n in sorted(report.phases.items()))
        print(f"{report.kills} SIGKILLs ({phases}) over {report.kernels} kernels, "
              f"{report.plans} plan(s) of {args.crash_steps} steps in {report.seconds:.0f} s: "
              f"{report.done}/{report.steps} steps done, {report.rerun} step attempts cut "
              f"short, {report.consulted} Commander consultations; {report.sessions} sessions "
              f"({report.open_tails} stored with an unfinished tool call), "
              f"{len(report.invalid)} invalid")
        for problem in report.redone + report.lost + report.invalid:
            print("  PROBLEM", problem)
        problems = len(report.redone) + len(report.lost) + len(report.invalid)
        head += [f"kills={report.kills}", f"redone={len(report.redone)}",
                 f"lost={len(report.lost)}"]
        tail += [f"rerun={report.rerun}", f"invalid_sessions={len(report.invalid)}",
                 f"plans={report.plans}", f"steps_done={report.done}/{report.steps}",
                 f"open_tails={report.open_tails}", f"consulted={report.consulted}"]
    print("RESULT PF10 " + " ".join(head + tail))
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
