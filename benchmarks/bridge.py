"""PF12: a call from an outside agent through `orkas-mcp` to the live kernel, in milliseconds
(goal: p50 <= 20 ms), with the kernel idle and while another cell is busy for 10 s.

Starts a real kernel (jupyter_client) with `%orkas bridge`, the real `orkas-mcp` process and
the official MCP client over stdio, then times `read_cell` and `inspect_variable` calls
(alternating) end to end: client -> orkas-mcp -> Unix socket -> the kernel's agent thread ->
the same tool objects and policy as the notebook's agent -> back. The busy phase runs
`time.sleep(10)` in a cell and times calls during it; `--cpu` adds a phase with a
CPU-bound cell (the bridge thread then competes for the GIL).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# benchmarks/mcp.py would shadow the `mcp` SDK when this file runs as a script.
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path.pop(0)

from jupyter_client.manager import KernelManager

ORKAS_MCP = str(Path(sys.executable).with_name("orkas-mcp"))
REPO = Path(__file__).resolve().parents[1]


def run_cell(kc: Any, code: str, timeout: float = 120) -> str:
    msg_id = kc.execute(code)
    out = ""
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind == "stream":
            out += msg["content"]["text"]
        elif kind == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def timed_calls(session: Any, count: int, until: float | None = None) -> list[float]:
    calls = [("read_cell", {"cell_id": "c1"}), ("inspect_variable", {"name": "df"})]
    times: list[float] = []
    for i in range(count):
        if until is not None and time.monotonic() > until:
            break
        tool, args = calls[i % 2]
        started = time.perf_counter()
        result = await session.call_tool(tool, args)
        times.append((time.perf_counter() - started) * 1000)
        if result.is_error:
            raise RuntimeError(f"{tool} failed: {result.content}")
    return times


async def measure(connection: Path, kc: Any, calls: int, cpu: bool) -> dict[str, list[float]]:
    import mcp_types as types
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=ORKAS_MCP, args=["--connection", str(connection)],
                                   env=dict(os.environ))
    phases: dict[str, list[float]] = {}
    async with stdio_client(params) as (read, write), ClientSession(
            read, write, client_info=types.Implementation(name="bench", version="1")) as session:
        await session.initialize()
        await timed_calls(session, 10)  # warm-up: first listing, imports
        phases["idle"] = await timed_calls(session, calls)
        busy = [("busy", "import time\ntime.sleep(10)")]
        if cpu:
            busy.append(("busy_cpu", "import time\n_t = time.time()\n"
                                     "while time.time() - _t < 10: sum(range(1000))"))
        for name, code in busy:
            msg_id = kc.execute(code)
            await asyncio.sleep(0.5)
            phases[name] = await timed_calls(session, 10_000, until=time.monotonic() + 8.5)
            while True:  # wait for the busy cell to end
                msg = await asyncio.to_thread(kc.get_iopub_msg, timeout=30)
                if (msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "status"
                        and msg["content"]["execution_state"] == "idle"):
                    break
    return phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--cpu", action="store_true", help="also a CPU-bound busy cell")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="orkas-pf12-") as tmp:
        ws = Path(tmp)
        cells = [{"id": f"c{i}", "cell_type": "code", "source": src, "metadata": {},
                  "outputs": [], "execution_count": None}
                 for i, src in enumerate(["x = 1", "df.describe()\n" * 20, "print(x)"])]
        (ws / "bench.ipynb").write_text(json.dumps(
            {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ORKAS_", "JPY_"))}
        env.update({"ORKAS_WORKSPACE": str(ws), "ORKAS_HOME": str(ws / "home"),
                    "ORKAS_NOTEBOOK": str(ws / "bench.ipynb"), "PYTHONPATH": str(REPO)})
        km = KernelManager(kernel_name="python3")
        km.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        km.start_kernel(env=env, cwd=str(ws))
        kc = km.client()
        kc.start_channels()
        try:
            kc.wait_for_ready(timeout=60)
            run_cell(kc, "import numpy as np, pandas as pd\n"
                         "df = pd.DataFrame(np.random.default_rng(0).normal(size=(10_000, 8)))\n"
                         "%load_ext orkas_jupyter")
            run_cell(kc, "%orkas bridge")
            connection = ws / ".orkas" / "bridge" / "bench.json"
            phases = asyncio.run(measure(connection, kc, args.calls, args.cpu))
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    for name, values in phases.items():
        print(f"{name:9} calls={len(values):4d} p50={statistics.median(values):7.2f} ms "
              f"p99={percentile(values, 0.99):7.2f} ms max={max(values):7.2f} ms")
    extra = ""
    if "busy_cpu" in phases:
        extra = f" busy_cpu_call_ms_p50={statistics.median(phases['busy_cpu']):.1f}"
    print(f"RESULT PF12 call_ms_p50={statistics.median(phases['idle']):.1f} "
          f"call_ms_p99={percentile(phases['idle'], 0.99):.1f} "
          f"busy_call_ms_p50={statistics.median(phases['busy']):.1f} "
          f"busy_calls={len(phases['busy'])}{extra}")


if __name__ == "__main__":
    main()
