"""PF1 — harness overhead: the same scripted 20-turn × 3-tool conversation (40 streamed
requests) against the fake model server, driven by a raw litellm streaming loop and by the
orkas engine (plus, when installed, a raw AsyncOpenAI loop, pydantic-ai, openai-agents and
smolagents), alternating runs. Prints a table and ends with

    RESULT PF1 ratio=<engine/raw litellm> raw_s=<median s> engine_s=<median s> …

The fake server runs in a separate process so the figures measure the client side only.
Seconds are the client process's CPU time (every loop is CPU-bound, and CPU time does not
move when other work shares the machine); wall-clock medians are printed too.
The framework columns are optional (`pip install pydantic-ai-slim[openai] openai-agents
smolagents`); missing ones are reported as skipped.

Usage: python benchmarks/harness_overhead.py [--rounds 5] [--turns 20]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"

KEY = "sk-benchmark-0000"
MODEL = "gpt-4o"
SYSTEM = "You are a benchmark assistant. Use the lookup tool, then answer briefly."
TOOLS_PER_TURN = 3
TOOL_TEXT = "value " * 40
ANSWER = "Done: the three values were looked up and they agree with each other."
LOOKUP_SCHEMA = {"type": "object", "properties": {"key": {"type": "string"}},
                 "required": ["key"]}
OPENAI_TOOLS = [{"type": "function", "function": {
    "name": "lookup", "description": "Look up a key.", "parameters": LOOKUP_SCHEMA}}]


# -- the fake server's script (runs in the server process) ------------------------------------

def script(request: Any) -> Any:
    """3 lookups after a user message, a text answer after tool results (or, for smolagents,
    a `final_answer` call once observations arrived)."""
    from orkas_jupyter.testing import reply, tool_call, tool_calls

    tools = request.body.get("tools") or []
    names = {(t.get("function") or t).get("name") for t in tools}
    last = request.messages[-1] if request.messages else {}
    content = json.dumps(last.get("content", ""))
    # smolagents sends tool results as "Observation:" user text, and a follow-up task as
    # "New task:" appended to the last observation.
    answered = last.get("role") == "tool" or ("Observation" in content
                                              and "New task" not in content)
    if "final_answer" in names:
        if answered:
            return tool_call("final_answer", {"answer": ANSWER}, chunk_chars=8)
    elif answered:
        return reply(ANSWER, chunk_chars=8)
    calls = [("lookup", {"key": f"k{i}"}) for i in range(TOOLS_PER_TURN)]
    return tool_calls(*calls, chunk_chars=8)  # type: ignore[arg-type]


def serve() -> None:
    """Server process: print the base URL, serve until stdin closes."""
    from orkas_jupyter.testing import FakeModelServer

    with FakeModelServer(script) as server:
        print(server.base_url, flush=True)
        sys.stdin.read()


# -- the loops ----------------------------------------------------------------------------------

def lookup_result(key: str) -> str:
    return f"{key}: {TOOL_TEXT}"


async def raw_litellm(base_url: str, turns: int) -> None:
    import litellm

    litellm.suppress_debug_info = True
    messages: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}]
    for turn in range(turns):
        messages.append({"role": "user", "content": f"Question {turn}"})
        while True:
            response = await litellm.acompletion(
                model=f"openai/{MODEL}", api_base=base_url, api_key=KEY, messages=messages,
                tools=OPENAI_TOOLS, stream=True, stream_options={"include_usage": True},
                timeout=60, num_retries=0, max_retries=0)
            text: list[str] = []
            calls: dict[int, dict[str, Any]] = {}
            async for chunk in response:
                if not chunk.choices:
                    continue
                delta = chunk.choices[0].delta
                if delta.content:
                    text.append(delta.content)
                for tc in delta.tool_calls or []:
                    call = calls.setdefault(tc.index, {"id": tc.id, "name": tc.function.name,
                                                       "args": []})
                    if tc.function.arguments:
                        call["args"].append(tc.function.arguments)
            if not calls:
                messages.append({"role": "assistant", "content": "".join(text)})
                break
            messages.append({"role": "assistant", "content": "".join(text) or None,
                             "tool_calls": [{"id": c["id"], "type": "function", "function": {
                                 "name": c["name"], "arguments": "".join(c["args"])}}
                                 for c in calls.values()]})
            for c in calls.values():
                key = json.loads("".join(c["args"]))["key"]
                messages.append({"role": "tool", "tool_call_id": c["id"],
                                 "content": lookup_result(key)})


async def raw_openai(base_url: str, turns: int) -> None:
    from openai import AsyncOpenAI

    client = AsyncOpenAI(base_url=base_url, api_key=KEY, max_retries=0, timeout=60)
    messages: list[Any] = [{"role": "system", "content": SYSTEM}]
    for turn in range(turns):
        messages.append({"role": "user", "content": f"Question {turn}"})
        while True:
            stream = await client.chat.completions.create(
                model=MODEL, messages=messages, tools=OPENAI_TOOLS, stream=True,  # type: ignore[arg-type]
                stream_options={"include_usage": True})
            text: list[str] = []
            calls: dict[int, dict[str, Any]] = {}
            async for chunk in stream:
                if not chunk.choices:
                    continue
                delta = chunk.choices[0].delta
                if delta.content:
                    text.append(delta.content)
                for tc in delta.tool_calls or []:
                    call = calls.setdefault(tc.index, {"id": tc.id, "name": tc.function.name,  # type: ignore[union-attr]
                                                       "args": []})
                    if tc.function and tc.function.arguments:
                        call["args"].append(tc.function.arguments)
            if not calls:
                messages.append({"role": "assistant", "content": "".join(text)})
                break
            messages.append({"role": "assistant", "content": "".join(text) or None,
                             "tool_calls": [{"id": c["id"], "type": "function", "function": {
                                 "name": c["name"], "arguments": "".join(c["args"])}}
                                 for c in calls.values()]})
            for c in calls.values():
                key = json.loads("".join(c["args"]))["key"]
                messages.append({"role": "tool", "tool_call_id": c["id"],
                                 "content": lookup_result(key)})
    await client.close()


async def orkas_engine(base_url: str, turns: int) -> None:
    from pydantic import BaseModel

    from orkas_jupyter.config import load_settings
    from orkas_jupyter.engine import Agent, Tool, ToolContext
    from orkas_jupyter.providers import make_provider

    class LookupInput(BaseModel):
        key: str

    class Lookup(Tool[LookupInput]):
        name = "lookup"
        description = "Look up a key."
        input_model = LookupInput
        read_only = True

        async def execute(self, args: LookupInput, ctx: ToolContext) -> str:
            return lookup_result(args.key)

    os.environ["ORKAS_API_KEY"] = KEY
    settings = load_settings({}, model=f"openai/{MODEL}", api_base=base_url)
    agent = Agent(make_provider(settings, environ={}), tools=[Lookup()], system_prompt=SYSTEM)
    for turn in range(turns):
        result = await agent.complete(f"Question {turn}")
        if result.stop_reason != "completed":
            raise RuntimeError(f"engine turn failed: {result.error}")


async def pydantic_ai(base_url: str, turns: int) -> None:
    from pydantic_ai import Agent as PAgent
    from pydantic_ai import AgentRunResultEvent
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    model = OpenAIChatModel(MODEL, provider=OpenAIProvider(base_url=base_url, api_key=KEY))
    agent = PAgent(model, system_prompt=SYSTEM)

    @agent.tool_plain
    def lookup(key: str) -> str:
        """Look up a key."""
        return lookup_result(key)

    history: list[Any] = []
    for turn in range(turns):
        async with agent.run_stream_events(f"Question {turn}",
                                           message_history=history) as events:
            async for event in events:
                if isinstance(event, AgentRunResultEvent):
                    history = event.result.all_messages()


async def openai_agents(base_url: str, turns: int) -> None:
    from agents import Agent as OAgent
    from agents import OpenAIChatCompletionsModel, Runner, function_tool, set_tracing_disabled
    from openai import AsyncOpenAI

    set_tracing_disabled(True)
    client = AsyncOpenAI(base_url=base_url, api_key=KEY, max_retries=0, timeout=60)

    @function_tool
    def lookup(key: str) -> str:
        """Look up a key."""
        return lookup_result(key)

    agent = OAgent(name="bench", instructions=SYSTEM, tools=[lookup],
                   model=OpenAIChatCompletionsModel(model=MODEL, openai_client=client))
    items: list[Any] = []
    for turn in range(turns):
        result = Runner.run_streamed(agent, input=[*items, {"role": "user",
                                                           "content": f"Question {turn}"}])
        async for _ in result.stream_events():
            pass
        items = result.to_input_list()
    await client.close()


async def smolagents_loop(base_url: str, turns: int) -> None:
    from smolagents import OpenAIServerModel, ToolCallingAgent, tool

    @tool
    def lookup(key: str) -> str:
        """Look up a key.

        Args:
            key: the key to look up.
        """
        return lookup_result(key)

    model = OpenAIServerModel(model_id=MODEL, api_base=base_url, api_key=KEY)
    agent = ToolCallingAgent(tools=[lookup], model=model, max_steps=4, verbosity_level=-1,
                             stream_outputs=True)

    def run_all() -> None:
        # stream_outputs draws a live console; its drawing is part of the framework's cost,
        # but not of the benchmark's output.
        with contextlib.redirect_stdout(io.StringIO()):
            for turn in range(turns):
                agent.run(f"Question {turn}", reset=turn == 0)

    await asyncio.to_thread(run_all)


Loop = Callable[[str, int], Awaitable[None]]
LOOPS: dict[str, Loop] = {
    "raw_litellm": raw_litellm, "engine": orkas_engine, "raw_openai": raw_openai,
    "pydantic_ai": pydantic_ai, "openai_agents": openai_agents, "smolagents": smolagents_loop,
}


async def measure(rounds: int, turns: int, base_url: str) -> dict[str, list[float]]:
    available: dict[str, Loop] = {}
    for name, loop in LOOPS.items():
        try:
            await loop(base_url, 1)  # warm-up: imports, clients, first-call setup
            available[name] = loop
        except ImportError as exc:
            print(f"{name}: skipped (not installed: {exc.name})")
        except Exception as exc:
            print(f"{name}: skipped ({type(exc).__name__}: {str(exc)[:200]})")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in available}
    names = list(available)
    for r in range(rounds):
        # Alternate the order each round so drift and warm caches do not favour one loop.
        order = names[r % len(names):] + names[: r % len(names)]
        for name in order:
            cpu, wall = time.process_time(), time.perf_counter()
            await available[name](base_url, turns)
            times[name].append((time.process_time() - cpu, time.perf_counter() - wall))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    server = subprocess.Popen([sys.executable, __file__, "--serve"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert server.stdout is not None
        base_url = server.stdout.readline().strip()
        times = asyncio.run(measure(args.rounds, args.turns, base_url))
    finally:
        if server.stdin is not None:
            server.stdin.close()
        server.wait(timeout=10)
    cpu = {name: statistics.median(c for c, _ in runs) for name, runs in times.items()}
    wall = {name: statistics.median(w for _, w in runs) for name, runs in times.items()}
    raw = cpu["raw_litellm"]
    print(f"{args.turns} turns × {TOOLS_PER_TURN} tools ({2 * args.turns} streamed requests), "
          f"{args.rounds} alternating rounds; medians of client CPU seconds (the loops are "
          "CPU-bound; CPU time is robust to other load on the machine) and wall seconds:")
    for name in times:
        print(f"  {name:14s} cpu {cpu[name]:6.3f} s ×{cpu[name] / raw:5.2f}   "
              f"wall {wall[name]:6.3f} s ×{wall[name] / wall['raw_litellm']:5.2f}   "
              f"[cpu {', '.join(f'{c:.2f}' for c, _ in times[name])}]")
    extra = " ".join(f"{name}_s={cpu[name]:.3f}" for name in times
                     if name not in ("raw_litellm", "engine"))
    print(f"RESULT PF1 ratio={cpu['engine'] / raw:.3f} raw_s={raw:.3f} "
          f"engine_s={cpu['engine']:.3f} wall_ratio={wall['engine'] / wall['raw_litellm']:.3f} "
          f"{extra}".rstrip())

if __name__ == "__main__":
    main()
