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


def _wired() -> tuple[bool, bool]:
    """Whether the product already builds its provider with `make_kernel_provider` and
    prewarms at `%load_ext` (until then this benchmark does both itself, in the same cells)."""
    host = (REPO / "orkas_jupyter/host/host.py").read_text()
    load = "".join((REPO / f).read_text() for f in ("orkas_jupyter/__init__.py",
                                                    "orkas_jupyter/jupyter/magics.py"))
    return "make_kernel_provider" in host, "warm_up" in load


PROVIDER_SHIM = """
import orkas_jupyter.providers.factory as _f
from orkas_jupyter.store.model_client import make_kernel_provider as _mkp
_orig = _f.make_provider
def _patched(settings, recordings=None, **kw):
    _f.make_provider = _orig  # the fallback inside calls the original
    try:
        return _mkp(settings, recordings)
    finally:
        _f.make_provider = _patched
_f.make_provider = _patched
"""
# What a first turn imports, dependencies first (the list proposed for `%load_ext`).
TURN_MODULES = (
    "numpy", "duckdb", "httpx", "bs4", "markdownify", "ipywidgets",
    "orkas_jupyter.store.api", "orkas_jupyter.providers.remote",
    "orkas_jupyter.store.model_client", "orkas_jupyter.knowledge",
    "orkas_jupyter.tools.policy", "orkas_jupyter.tools.threat_patterns",
    "orkas_jupyter.tools.workspace", "orkas_jupyter.tools.memory",
    "orkas_jupyter.tools.knowledge", "orkas_jupyter.host.host", "orkas_jupyter.jupyter.runtime",
    "orkas_jupyter.jupyter.render", "orkas_jupyter.jupyter.turns",
    "orkas_jupyter.store.kb_client",
)
PREWARM_SHIM = """
import asyncio as _a
from orkas_jupyter.store.warm import warm_up as _wu
_warm_task = _a.get_running_loop().create_task(_wu({modules!r}))
"""


# The other option measured: litellm imported in the kernel by a thread at `%load_ext`.
THREAD_SHIM = """
import threading as _th
from orkas_jupyter.providers._litellm import load_litellm as _ll
_th.Thread(target=_ll, daemon=True).start()
"""
IDLE_IMPORTS = True


def cells(host: str) -> tuple[str, str]:
    """The `%load_ext` cell and the first-turn cell, with the shims the product lacks."""
    provider_wired, prewarm_wired = _wired()
    load = "get_ipython().run_line_magic('load_ext', 'orkas_jupyter')\n"
    turn = "get_ipython().run_line_magic('orkas', 'say bonjour to the benchmark')\n"
    if host == "kernel-thread":
        load += THREAD_SHIM
    if host == "server" and not prewarm_wired:
        load += PREWARM_SHIM.format(modules=TURN_MODULES if IDLE_IMPORTS else ())
    if host == "server" and not provider_wired:
        turn = PROVIDER_SHIM + turn
    return load, turn


def first_answer(env: dict[str, str], workspace: Path, think: float = 0.0) -> dict[str, float]:
    """One fresh kernel: load, (let the user type for `think` seconds,) ask, read the first
    words and the RSS."""
    load, turn = cells(env["PF14_HOST"])
    kernel = Kernel(env, workspace)
    try:
        before = kernel.rss_mb()
        kernel.run(load)
        time.sleep(think)
        first, total, text = kernel.run(turn, MARKER)
        if first is None:
            raise RuntimeError(f"the answer never showed: {text[-800:]}")
        probe = kernel.run("import sys; print('LITELLM', 'litellm' in sys.modules)")[2]
        return {"first_s": first, "turn_s": total, "rss_before": before,
                "rss_after": kernel.rss_mb(), "litellm": float("LITELLM True" in probe)}
    finally:
        kernel.close()


def warm_server(env: dict[str, str], workspace: Path) -> None:
    """Start the workspace's store server the way another notebook would (a first turn)."""
    load, turn = cells(env["PF14_HOST"])
    kernel = Kernel(env, workspace)
    try:
        kernel.run(load)
        kernel.run(turn, MARKER)
    finally:
        kernel.close()


def cpu_cell(env: dict[str, str], workspace: Path, load: bool, n: int) -> float:
    kernel = Kernel(env, workspace)
    try:
        if load:
            kernel.run(cells(env["PF14_HOST"])[0])
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
    parser.add_argument("--no-idle-imports", action="store_true",
                        help="warm only the model host at %%load_ext, not the turn's modules")
    args = parser.parse_args()
    global IDLE_IMPORTS
    IDLE_IMPORTS = not args.no_idle_imports
    fake = FakeModelServer(default=reply(ANSWER)).start()
    root = Path(tempfile.mkdtemp(prefix="pf14-"))
    try:
        cold = []
        for i in range(args.kernels):
            ws = root / f"cold{i}"
            ws.mkdir()
            cold.append(first_answer(kernel_env(ws, fake, args.host), ws))
        typed = []
        for i in range(args.kernels if args.think else 0):
            ws = root / f"typed{i}"
            ws.mkdir()
            typed.append(first_answer(kernel_env(ws, fake, args.host), ws, args.think))
        ws = root / "warm"
        ws.mkdir()
        env = kernel_env(ws, fake, args.host)
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
        plain, loaded = [], []
        for _ in range(args.kernels + 1):
            plain.append(cpu_cell(env, ws, False, args.cpu_loop))
            loaded.append(cpu_cell(env, ws, True, args.cpu_loop))
        print(f"CPU cell (best of {len(plain)}): without Orkas {min(plain):.2f} s, right "
              f"after %load_ext {min(loaded):.2f} s")
        local, remote_s, paired = stream_overhead(fake, ws, args.streams)
        print(f"streamed request: litellm in process {local * 1000:.1f} ms, server path "
              f"{remote_s * 1000:.1f} ms, paired difference {paired * 1000:+.1f} ms")
    finally:
        fake.stop()
        # Store servers exit once their workspace is gone.
        shutil.rmtree(root, ignore_errors=True)
    first = statistics.median(r["first_s"] for r in warm)
    cold_first = statistics.median(r["first_s"] for r in cold)
    typed_first = statistics.median(r["first_s"] for r in typed) if typed else float("nan")
    warm_typed_first = (statistics.median(r["first_s"] for r in warm_typed) if warm_typed
                        else float("nan"))
    added = statistics.median(r["rss_after"] - r["rss_before"] for r in warm)
    slowdown = (min(loaded) / min(plain) - 1) * 100
    overhead = paired * 1000 if args.host == "server" else 0.0
    provider_wired, prewarm_wired = _wired()
    if args.host == "server" and not (provider_wired and prewarm_wired):
        print(f"note: shims in the cells (provider wired: {provider_wired}, prewarm at "
              f"%load_ext wired: {prewarm_wired})")
    print(f"RESULT PF14 first_token_s={first:.2f} kernel_rss_added_mb={added:.0f} "
          f"cell_slowdown_pct={slowdown:.1f} stream_overhead_ms={overhead:.1f} "
          f"cold_first_token_s={cold_first:.2f} "
          f"cold_after_{args.think:g}s_first_token_s={typed_first:.2f} "
          f"after_{args.think:g}s_first_token_s={warm_typed_first:.2f} host={args.host} "
          f"idle_imports={IDLE_IMPORTS}")


if __name__ == "__main__":
    main()
