"""PF11: the MCP client's costs.

* `call_overhead_ms`: one call of `get_current_time` on `mcp-server-time` (stdio) through the
  engine's tool path (argument check, the risk policy, the call, result conversion), minus the
  same call made directly with the SDK's `ClientSession.call_tool` on its own connection to the
  same server; `call_ratio` is engine ÷ direct (medians over `--calls`).
* `connect_ms`: three stdio servers (time, git, the tests' fault server) connected
  concurrently by the toolset, consent already given, until their tools are listed.
* `load_ext_ms`: `%load_ext orkas_jupyter` in fresh kernels whose workspace configures those
  three servers (median); `mcp_imported` says whether the SDK was imported by it (it must not
  be: servers start on the first turn that needs tools).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# This file is named like the SDK's package: keep its folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
BIN = Path(sys.executable).parent
FAULT = ROOT / "tests" / "ecosystem" / "servers" / "fault_server.py"


def _servers(repo: Path) -> dict[str, Any]:
    return {"time": {"command": str(BIN / "mcp-server-time")},
            "git": {"command": str(BIN / "mcp-server-git"), "args": ["--repository", str(repo)]},
            "faults": {"command": sys.executable, "args": [str(FAULT)]}}


def _workspace() -> Path:
    root = Path(tempfile.mkdtemp(prefix="orkas-mcp-bench-"))
    repo = root / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (root / ".orkas").mkdir()
    (root / ".orkas" / "mcp.json").write_text(json.dumps({"mcpServers": _servers(repo)}))
    (root / "home").mkdir()
    return root


def _settings(root: Path) -> Any:
    from orkas_jupyter.config import Settings

    return Settings(workspace=root, home=root / "home")


async def _grant_all(toolset: Any) -> None:
    from orkas_jupyter.ecosystem.mcp.config import load_servers

    for config in load_servers(toolset.settings.workspace, toolset.settings.home)[0].values():
        toolset.consent.grant(config)


async def measure_connect(root: Path, rounds: int) -> list[float]:
    from orkas_jupyter.ecosystem.mcp import McpToolset
    from orkas_jupyter.engine.tools import ToolContext

    times = []
    for _ in range(rounds):
        toolset = McpToolset(_settings(root))
        await _grant_all(toolset)
        started = time.perf_counter()
        tools = await toolset.get_tools(ToolContext(session_id="bench"))
        times.append((time.perf_counter() - started) * 1000)
        states = {s["name"]: s["state"] for s in toolset.status()}
        await toolset.aclose()
        if set(states.values()) != {"ready"}:
            raise RuntimeError(f"not every server started: {states}")
        print(f"connect: {len(tools)} tools from 3 servers in {times[-1]:.0f} ms")
    return times


async def measure_calls(root: Path, calls: int) -> tuple[float, float]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    from orkas_jupyter.ecosystem.mcp import McpToolset
    from orkas_jupyter.engine.messages import ToolCallPart
    from orkas_jupyter.engine.tool_exec import run_one
    from orkas_jupyter.engine.tools import ToolContext, ToolRegistry
    from orkas_jupyter.tools.policy import RiskPolicy

    args = {"timezone": "Europe/Paris"}
    params = StdioServerParameters(command=str(BIN / "mcp-server-time"))
    toolset = McpToolset(_settings(root))
    await _grant_all(toolset)
    ctx = ToolContext(session_id="bench")
    tools = await toolset.get_tools(ctx)
    registry = ToolRegistry()
    for name, tool in tools.items():
        registry.register(tool, name=name)
    name = "mcp__time__get_current_time"
    policy = RiskPolicy()
    direct: list[float] = []
    engine: list[float] = []
    # Both paths are open at once and take turns, so machine load hits them alike.
    try:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for i in range(calls + 1):
                started = time.perf_counter()
                await session.call_tool("get_current_time", args)
                took = (time.perf_counter() - started) * 1000
                call = ToolCallPart(id=f"c{i}", name=name, arguments=json.dumps(args))
                started = time.perf_counter()
                result = await run_one(call, registry.get(name), registry, ctx, policy)
                if i:  # the first round warms up (the engine path compiles its schema check)
                    engine.append((time.perf_counter() - started) * 1000)
                    direct.append(took)
                if result.is_error:
                    raise RuntimeError(f"the call failed: {result.content}")
    finally:
        await toolset.aclose()
    return statistics.median(engine), statistics.median(direct)


def measure_load_ext(root: Path, kernels: int) -> list[dict[str, Any]]:
    from jupyter_client.manager import KernelManager

    code = ("import sys, time, json\n_t = time.perf_counter()\n"
            "get_ipython().run_line_magic('load_ext', 'orkas_jupyter')\n"
            "print(json.dumps({'ms': (time.perf_counter() - _t) * 1000, "
            "'mcp': 'mcp' in sys.modules}))\n")
    runs = []
    for _ in range(kernels):
        km = KernelManager(kernel_name="python3")
        km.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        import os

        env = {k: v for k, v in os.environ.items() if not k.startswith("ORKAS_")}
        env.update({"ORKAS_WORKSPACE": str(root), "ORKAS_HOME": str(root / "home")})
        km.start_kernel(env=env, cwd=str(root))
        kc = km.client()
        kc.start_channels()
        try:
            kc.wait_for_ready(timeout=60)
            msg_id = kc.execute(code)
            while True:
                msg = kc.get_iopub_msg(timeout=60)
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                if msg["msg_type"] == "stream":
                    runs.append(json.loads(msg["content"]["text"]))
                    break
                if msg["msg_type"] == "error":
                    raise RuntimeError("\n".join(msg["content"]["traceback"]))
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
        print(f"load_ext {runs[-1]['ms']:.1f} ms  mcp imported: {runs[-1]['mcp']}")
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kernels", type=int, default=3)
    args = parser.parse_args()
    root = _workspace()
    connect = asyncio.run(measure_connect(root, args.rounds))
    engine_ms, direct_ms = asyncio.run(measure_calls(root, args.calls))
    print(f"call: engine {engine_ms:.2f} ms, direct SDK {direct_ms:.2f} ms (medians of "
          f"{args.calls})")
    loads = measure_load_ext(root, args.kernels)
    load_ms = statistics.median(r["ms"] for r in loads)
    imported = any(r["mcp"] for r in loads)
    print(f"RESULT PF11 call_overhead_ms={engine_ms - direct_ms:.2f} "
          f"call_ratio={engine_ms / direct_ms:.2f} connect_ms={statistics.median(connect):.0f} "
          f"load_ext_ms={load_ms:.1f} mcp_imported={str(imported).lower()}")


if __name__ == "__main__":
    main()
