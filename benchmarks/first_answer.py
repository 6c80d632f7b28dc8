"""PF14: the first answer in a fresh kernel, and what a kernel costs, against a local fake model.

Measures, with real kernels (jupyter_client) and the fake model server over HTTP:

* first_token_s: from sending `%orkas …` (right after `%load_ext`) to the first streamed
  output holding the model's words, in a fresh kernel of a workspace whose store server is
  already running (the usual case: another notebook of the workspace is open). The same in
  a workspace with no server yet is `cold_first_token_s`; `…after_<T>s…` asks `--think`
  seconds after `%load_ext`, as a user typing the question would.
* kernel_rss_added_mb: the kernel's VmRSS after that first turn minus before `%load_ext`.
* cell_slowdown_pct: a CPU-bound pure-Python cell sent right after `%load_ext` (execute to
  idle, as the client sees it), against the same cell in a kernel without Orkas.
* stream_overhead_ms: per streamed request, the server path minus litellm in the calling
  process (both warm), median of alternating pairs.
* The workspace's first kernel (no store server yet; `%load_ext`, then the question at
  once): cold_first_token_s, cold_kernel_rss_added_mb, and from the server's log
  cold_server_start_s (from sending `%load_ext` to the server's start), cold_models_ready_s
  (from its start to litellm imported and a request rehearsed), cold_litellm_import_s (the
  import alone: what a cold first answer waited for before the direct path) and
  cold_direct_share (the median of 1/0: the first answer was served over the direct wire
  while litellm was still importing, `providers/openai_wire.py`). `--trace` prints each
  cold run's timeline. load_avg: the
  machine's 1-minute load when the run began (these figures move with it).

`--host server` (default): models served by the workspace's store server, warmed at
`%load_ext`. `--host kernel`: litellm inside the kernel, as before (`ORKAS_MODEL_HOST=kernel`).
`--host kernel-thread`: litellm inside the kernel, imported by a thread at `%load_ext`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from jupyter_client.manager import KernelManager

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from orkas_jupyter.testing import FakeModelServer, reply  # noqa: E402

ANSWER = "Bonjour, PF14 marker: the fake model answers in small streamed pieces. " * 4
MARKER = "PF14 marker"
CPU_CELL = """
import time as _t
_t0 = _t.perf_counter()
_s = 0
for _i in range({n}):
    _s += _i * _i
print("CPU_CELL_S", _t.perf_counter() - _t0)
"""


class Kernel:
    """A fresh kernel with its own environment, and its pid for RSS readings."""

    def __init__(self, env: dict[str, str], cwd: Path) -> None:
        self.km = KernelManager(kernel_name="python3")
        self.km.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f",
                              "{connection_file}"]
        self.km.start_kernel(env=env, cwd=str(cwd), stderr=subprocess.DEVNULL)
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=60)
        self.pid = int(self.km.provisioner.pid)  # type: ignore[union-attr]

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")

    def run(self, code: str, marker: str | None = None, timeout: float = 120) -> tuple[
            float | None, float, str]:
        """Run `code`: (seconds to the first output holding `marker`, total seconds, text)."""
        started = time.perf_counter()
        msg_id = self.kc.execute(code)
        first: float | None = None
        text = ""
        while True:
            if time.perf_counter() - started > timeout:
                raise TimeoutError(f"{code[:40]!r} did not finish; output: {text[-500:]!r}")
            try:
                msg = self.kc.get_iopub_msg(timeout=0.2)
            except queue.Empty:
                continue
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            piece = ""
            if kind == "stream":
                piece = content["text"]
            elif kind in ("display_data", "update_display_data", "execute_result"):
                piece = json.dumps(content.get("data", {}))
            elif kind == "error":
                raise RuntimeError("\n".join(content["traceback"]))
            elif kind == "status" and content["execution_state"] == "idle":
                return first, time.perf_counter() - started, text
            text += piece
            if marker and first is None and marker in piece:
                first = time.perf_counter() - started

    def close(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


def kernel_env(workspace: Path, fake: FakeModelServer, host: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ORKAS_", "JPY_"))}
    env.update({
        "ORKAS_MODEL": "openai/gpt-4o", "ORKAS_API_BASE": fake.base_url,
        "OPENAI_API_KEY": "sk-bench-not-a-real-key", "ORKAS_WORKSPACE": str(workspace),
        "ORKAS_HOME": str(workspace / "home"), "ORKAS_NOTEBOOK": str(workspace / "b.ipynb"),
        "ORKAS_MODEL_HOST": "server" if host == "server" else "kernel",
        "ORKAS_STORE_IDLE": "20", "PYTHONPATH": str(REPO), "PF14_HOST": host,
    })
    return env


def cells() -> tuple[str, str]:
    """The `%load_ext` cell and the first-turn cell."""
    return ("get_ipython().run_line_magic('load_ext', 'orkas_jupyter')\n",
            "get_ipython().run_line_magic('orkas', 'say bonjour to the benchmark')\n")


THREAD_SHIM = """
import threading as _th
from orkas_jupyter.providers._litellm import load_litellm as _ll
_th.Thread(target=_ll, daemon=True).start()
"""


def load_cell(host: str) -> str:
    """`%load_ext`, plus, for the thread option measured before, litellm's import started
    in a thread of the kernel."""
    return cells()[0] + (THREAD_SHIM if host == "kernel-thread" else "")


def server_log(workspace: Path, since: float | None = None) -> dict[str, float]:
    """From the store server's log: wall-clock time of its start, seconds to models ready,
    litellm's import alone (what a first answer waited for before the direct path), and
    whether the first answer was served directly (litellm still importing). With `since`
    (the wall-clock time `%load_ext` was sent), prints the log's lines against it."""
    found: dict[str, float] = {"direct": 0.0}
    path = workspace / ".orkas" / "orkas.duckdb.server.log"
    for line in path.read_text().splitlines() if path.exists() else []:
        stamp = time.mktime(time.strptime(line[:19], "%Y-%m-%d %H:%M:%S")) + \
            int(line[20:23]) / 1000
        if since is not None:
            print(f"    +{stamp - since:6.3f} s  {line[24:].split(' ', 2)[-1][:110]}")
        if "started; warming models" in line:
            found.setdefault("started_at", stamp)
        if "served directly" in line:
            found["direct"] = 1.0
        match = re.search(r"models ready in ([\d.]+) s \(litellm imported in ([\d.]+) s", line)
        if match:
            found["ready_s"], found["litellm_s"] = float(match[1]), float(match[2])
    return found


def wait_models_ready(workspace: Path, timeout: float = 60) -> None:
    """Let the server finish warming (its log says so) before its figures are read."""
    deadline = time.monotonic() + timeout
    while "ready_s" not in server_log(workspace) and time.monotonic() < deadline:
        time.sleep(0.2)


def first_answer(env: dict[str, str], workspace: Path, think: float = 0.0,
                 trace: bool = False) -> dict[str, float]:
    """One fresh kernel: load, (let the user type for `think` seconds,) ask, read the first
    words and the RSS. `trace`: print the server's log against the time `%load_ext` was
    sent, and when the question was sent and answered."""
    load, turn = load_cell(env["PF14_HOST"]), cells()[1]
    kernel = Kernel(env, workspace)
    try:
        before = kernel.rss_mb()
        loaded_at = time.time()
        kernel.run(load)
        time.sleep(think)
        asked_at = time.time()
        first, total, text = kernel.run(turn, MARKER)
        if first is None:
            raise RuntimeError(f"the answer never showed: {text[-800:]}")
        probe = kernel.run("import sys; print('LITELLM', 'litellm' in sys.modules)")[2]
        rss_after = kernel.rss_mb()
        if env["PF14_HOST"] == "server":
            wait_models_ready(workspace)
        if trace:
            print(f"  trace (seconds after %load_ext was sent): question sent "
                  f"+{asked_at - loaded_at:.3f} s, first words +{asked_at + first - loaded_at:.3f}"
                  " s; the server's log:")
        server = server_log(workspace, loaded_at if trace else None)
        return {"first_s": first, "turn_s": total, "rss_before": before,
                "rss_after": rss_after, "litellm": float("LITELLM True" in probe),
                "direct": server["direct"],
                "server_start_s": server.get("started_at", float("nan")) - loaded_at,
                "ready_s": server.get("ready_s", float("nan")),
                "litellm_s": server.get("litellm_s", float("nan"))}
    finally:
        kernel.close()


def warm_server(env: dict[str, str], workspace: Path) -> None:
    """Start the workspace's store server the way another notebook would (a first turn)."""
    kernel = Kernel(env, workspace)
    try:
        kernel.run(load_cell(env["PF14_HOST"]))
        kernel.run(cells()[1], MARKER)
    finally:
        kernel.close()


def cpu_cell(env: dict[str, str], workspace: Path, load: bool, n: int) -> float:
    kernel = Kernel(env, workspace)
    try:
        if load:
            kernel.run(load_cell(env["PF14_HOST"]))
        # Seen from the client: a cell that has to wait for a warm-up step counts too.
        return kernel.run(CPU_CELL.format(n=n))[1]
    finally:
        kernel.close()


async def _paired_streams(local: Any, remote: Any, count: int) -> list[tuple[float, float]]:
    """(local, remote) seconds per streamed request, alternating, after two warm-up pairs."""
    from orkas_jupyter.engine.messages import Message, TextPart
    from orkas_jupyter.engine.provider import ModelRequest

    request = ModelRequest(messages=[Message(role="user", parts=[TextPart(text="hi")])])

    async def once(provider: Any) -> float:
        t0 = time.perf_counter()
        async for _ in provider.stream(request):
            pass
        return time.perf_counter() - t0

    pairs = []
    for i in range(count + 2):
        pair = (await once(local), await once(remote))
        if i >= 2:  # the first requests warm connections and caches
            pairs.append(pair)
    return pairs


def stream_overhead(fake: FakeModelServer, workspace: Path,
                    count: int) -> tuple[float, float, float]:
    """Median seconds per streamed request with litellm in this process, through the server,
    and the median of the paired differences (server minus in-process)."""
    from orkas_jupyter.config import load_settings
    from orkas_jupyter.providers.litellm_provider import LiteLLMProvider
    from orkas_jupyter.store.api import open_store
    from orkas_jupyter.store.model_client import make_kernel_provider

    local = LiteLLMProvider("openai/gpt-4o", api_key="sk-bench", api_base=fake.base_url)
    env = {"ORKAS_MODEL": "openai/gpt-4o", "ORKAS_API_BASE": fake.base_url,
           "ORKAS_API_KEY": "sk-bench", "ORKAS_WORKSPACE": str(workspace)}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        settings = load_settings(workspace=workspace)
        store = open_store(settings, idle_seconds=10)
        remote = make_kernel_provider(settings, store)
        pairs = asyncio.run(_paired_streams(local, remote, count))
        store.close()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return (statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs),
            statistics.median(p[1] - p[0] for p in pairs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", choices=["server", "kernel", "kernel-thread"],
                        default="server")
    parser.add_argument("--kernels", type=int, default=2, help="fresh kernels per figure")
    parser.add_argument("--cpu-loop", type=int, default=30_000_000)
    parser.add_argument("--streams", type=int, default=30)
    parser.add_argument("--think", type=float, default=5.0,
                        help="seconds between %%load_ext and the question, cold workspace")
    parser.add_argument("--cold-only", action="store_true",
                        help="only the fresh-workspace figures (the others print nan)")
    parser.add_argument("--trace", action="store_true",
                        help="print each cold run's timeline (the store server's log)")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    fake = FakeModelServer(default=reply(ANSWER)).start()
    root = Path(tempfile.mkdtemp(prefix="pf14-"))
    try:
        cold = []
        for i in range(args.kernels):
            ws = root / f"cold{i}"
            ws.mkdir()
            cold.append(first_answer(kernel_env(ws, fake, args.host), ws, trace=args.trace))
        typed = []
        for i in range(args.kernels if args.think else 0):
            ws = root / f"typed{i}"
            ws.mkdir()
            typed.append(first_answer(kernel_env(ws, fake, args.host), ws, args.think))
        ws = root / "warm"
        ws.mkdir()
        env = kernel_env(ws, fake, args.host)
        warm: list[dict[str, float]] = []
        warm_typed: list[dict[str, float]] = []
        if not args.cold_only:
            warm_server(env, ws)
            warm = [first_answer(env, ws) for _ in range(args.kernels)]
            warm_typed = [first_answer(env, ws, args.think)
                          for _ in range(args.kernels if args.think else 0)]
        for label, runs in (("cold workspace", cold), (f"cold, {args.think:g} s later", typed),
                            ("warm server", warm), (f"warm, {args.think:g} s later", warm_typed)):
            for r in runs:
                print(f"{label:18s} first token {r['first_s']:.2f} s  turn {r['turn_s']:.2f} s  "
                      f"RSS {r['rss_before']:.0f} -> {r['rss_after']:.0f} MB  "
                      f"litellm in kernel: {bool(r['litellm'])}")
        for r in cold:
            print(f"cold workspace: store server started {r['server_start_s']:.2f} s after "
                  f"%load_ext was sent, models ready {r['ready_s']:.2f} s later (litellm's "
                  f"import alone {r['litellm_s']:.2f} s)")
        plain: list[float] = []
        loaded: list[float] = []
        for _ in range(0 if args.cold_only else args.kernels + 1):
            plain.append(cpu_cell(env, ws, False, args.cpu_loop))
            loaded.append(cpu_cell(env, ws, True, args.cpu_loop))
        if plain:
            print(f"CPU cell (best of {len(plain)}): without Orkas {min(plain):.2f} s, right "
                  f"after %load_ext {min(loaded):.2f} s")
        paired = float("nan")
        if not args.cold_only:
            local, remote_s, paired = stream_overhead(fake, ws, args.streams)
            print(f"streamed request: litellm in process {local * 1000:.1f} ms, server path "
                  f"{remote_s * 1000:.1f} ms, paired difference {paired * 1000:+.1f} ms")
    finally:
        fake.stop()
        # Store servers exit once their workspace is gone.
        shutil.rmtree(root, ignore_errors=True)
    def median(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in runs) if runs else float("nan")

    added = median([{"d": r["rss_after"] - r["rss_before"]} for r in warm], "d")
    cold_added = median([{"d": r["rss_after"] - r["rss_before"]} for r in cold], "d")
    slowdown = (min(loaded) / min(plain) - 1) * 100 if plain else float("nan")
    overhead = paired * 1000 if args.host == "server" else 0.0
    print(f"load average (1 min) {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} "
          "at the end")
    print(f"RESULT PF14 first_token_s={median(warm, 'first_s'):.2f} "
          f"kernel_rss_added_mb={added:.0f} "
          f"cell_slowdown_pct={slowdown:.1f} stream_overhead_ms={overhead:.1f} "
          f"cold_first_token_s={median(cold, 'first_s'):.2f} "
          f"cold_after_{args.think:g}s_first_token_s={median(typed, 'first_s'):.2f} "
          f"after_{args.think:g}s_first_token_s={median(warm_typed, 'first_s'):.2f} "
          f"cold_kernel_rss_added_mb={cold_added:.0f} "
          f"cold_server_start_s={median(cold, 'server_start_s'):.2f} "
          f"cold_models_ready_s={median(cold, 'ready_s'):.2f} "
          f"cold_litellm_import_s={median(cold, 'litellm_s'):.2f} "
          f"cold_direct_share={median(cold, 'direct'):.2f} "
          f"load_avg={load_before:.1f} host={args.host} idle_imports=True")


if __name__ == "__main__":
    main()
