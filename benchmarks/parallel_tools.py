"""PF2: 8 read-only tools of 200 ms each in one response; batch time divided by one tool's
time (1.0 would be perfect overlap; goal <= 1.25)."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from pydantic import BaseModel

from orkas_jupyter.engine import Agent, Tool, ToolContext, ToolOutput, ToolStart
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call


class WaitArgs(BaseModel):
    seconds: float
    label: int = 0


class Wait(Tool[WaitArgs]):
    name = "wait"
    description = "Wait (I/O-bound work)."
    input_model = WaitArgs
    read_only = True

    async def execute(self, args: WaitArgs, ctx: ToolContext) -> ToolOutput | str:
        await asyncio.sleep(args.seconds)
        return "waited"


async def batch_seconds(n: int, seconds: float) -> float:
    calls = [call("wait", seconds=seconds, label=i) for i in range(n)]
    provider = ScriptedProvider([Reply(tool_calls=calls),
                                 Reply(text="done")])
    agent = Agent(provider, tools=[Wait()])
    started = ended = 0.0
    async for event in agent.run("go"):
        if isinstance(event, ToolStart) and not started:
            started = time.perf_counter()
        if event.type == "assistant_message" and started:
            ended = time.perf_counter()  # the final answer: all tools are done
    return ended - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tools", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    single = statistics.median(asyncio.run(batch_seconds(1, args.seconds))
                               for _ in range(args.repeat))
    batch = statistics.median(asyncio.run(batch_seconds(args.tools, args.seconds))
                              for _ in range(args.repeat))
    print(f"one tool: {single * 1000:.1f} ms; {args.tools} tools: {batch * 1000:.1f} ms "
          f"(sequential would be {args.tools * args.seconds * 1000:.0f} ms)")
    print(f"RESULT PF2 ratio={batch / single:.3f}")


if __name__ == "__main__":
    main()
