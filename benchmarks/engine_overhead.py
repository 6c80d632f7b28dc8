"""PF1-engine: the engine's own cost per step with a zero-latency scripted model.

A scripted 20-turn conversation where each turn makes one response with 3 read-only tool
calls and then a final answer (40 model calls, 60 tool calls). Prints the median over
repetitions of microseconds per step (a step = one model call and the tools it asked for).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from pydantic import BaseModel

from orkas_jupyter.engine import Agent, Tool, ToolContext, ToolOutput
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call


class LookupArgs(BaseModel):
    key: str


class Lookup(Tool[LookupArgs]):
    name = "lookup"
    description = "Look a key up."
    input_model = LookupArgs
    read_only = True

    async def execute(self, args: LookupArgs, ctx: ToolContext) -> ToolOutput | str:
        return f"value of {args.key}"


def script(turns: int, tools: int) -> list[Reply]:
    steps: list[Reply] = []
    for t in range(turns):
        steps.append(Reply(text="Checking.", tool_calls=[call("lookup", key=f"k{t}.{i}")
                                                         for i in range(tools)]))
        steps.append(Reply(text=f"Answer {t}: " + "word " * 40, chunks=20))
    return steps


async def one_run(turns: int, tools: int) -> tuple[float, int]:
    provider = ScriptedProvider(script(turns, tools))
    agent = Agent(provider, tools=[Lookup()])
    started = time.perf_counter()
    for t in range(turns):
        async for _ in agent.run(f"question {t}"):
            pass
    return time.perf_counter() - started, len(provider.requests)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--tools", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    asyncio.run(one_run(2, args.tools))  # warm-up: imports, pydantic schema caches
    per_step: list[float] = []
    for _ in range(args.repeat):
        seconds, steps = asyncio.run(one_run(args.turns, args.tools))
        per_step.append(seconds / steps * 1e6)
        print(f"run: {seconds * 1000:.1f} ms for {steps} steps = {per_step[-1]:.0f} us/step")
    median = statistics.median(per_step)
    print(f"median {median:.0f} us/step over {args.repeat} runs "
          f"({args.turns} turns x {args.tools} tools)")
    print(f"RESULT PF1-engine us_per_step={median:.0f}")


if __name__ == "__main__":
    main()
