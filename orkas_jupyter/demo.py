"""`orkas-demo`: the product working end to end with no API key.

By default it runs a notebook headless (nbclient, a real kernel) whose `%orkas` cells talk
to the packaged fake model server: the agent inspects a DataFrame, inserts and runs a
plotting cell, and explains — then prints what each cell showed. `--lab` opens JupyterLab on
that notebook against the same scripted model; `--engine` runs one bare engine turn and
prints its event stream.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics

from pydantic import BaseModel, Field

from .engine import Agent, Tool, ToolContext, ToolOutput
from .engine.events import Event
from .engine.scripted import Reply, ScriptedProvider, call

DATA: dict[str, list[float]] = {
    "sales": [120.0, 135.5, 128.25, 410.0, 131.0],
    "visits": [1000, 1040, 990, 1010, 1025],
}


class ColumnArgs(BaseModel):
    column: str = Field(description="Name of the column to describe")


class DescribeColumn(Tool[ColumnArgs]):
    name = "describe_column"
    description = "Summary statistics of one column of the demo table."
    input_model = ColumnArgs
    read_only = True

    async def execute(self, args: ColumnArgs, ctx: ToolContext) -> ToolOutput | str:
        values = DATA.get(args.column)
        if values is None:
            return ToolOutput.text(f"No column {args.column!r}; columns: {', '.join(DATA)}",
                                   is_error=True)
        await asyncio.sleep(0.05)  # pretend I/O, to show the two calls overlap
        return json.dumps({"column": args.column, "n": len(values), "mean": statistics.mean(values),
                           "max": max(values), "min": min(values)})


def demo_script() -> list[Reply]:
    """What the scripted model says, in order."""
    return [
        Reply(text="Let me look at both columns.", chunks=4,
              tool_calls=[call("describe_column", column="sales"),
                          call("describe_column", column="visits"),
                          ("describe_column", '{"column": ')]),
        Reply(text="Sales has one outlier: 410.0 is about three times the other days "
                   "(mean 184.95 with it). Visits are flat, so the spike is not traffic — "
                   "check that day's orders.", chunks=8),
    ]


def render(event: Event) -> str:
    """One line per event."""
    data = event.model_dump(mode="json", exclude={"type"})
    if event.type == "done":
        r = data["result"]
        data = {k: r[k] for k in ("stop_reason", "model_calls", "tool_calls", "tool_errors")}
    elif event.type == "assistant_message":
        data = {"parts": [p["type"] for p in data["message"]["parts"]]}
    elif event.type == "tool_end":
        data = {"call": data["call"]["name"], "is_error": data["result"]["is_error"],
                "result": data["result"]["content"][0]["text"][:90]}
    elif event.type == "tool_start":
        data = {"call": data["call"]["name"], "arguments": data["call"]["arguments"]}
    return f"{event.type:18} {json.dumps(data, ensure_ascii=False)}"


async def run_demo(prompt: str) -> int:
    agent = Agent(ScriptedProvider(demo_script()), tools=[DescribeColumn()],
                  system_prompt="You are a data analyst.")
    final: Event | None = None
    async for event in agent.run(prompt):
        print(render(event), flush=True)
        final = event
    return 0 if final is not None and final.type == "done" else 1


def main() -> None:
    """Entry point of `orkas-demo`."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engine", action="store_true", help="one bare engine turn")
    parser.add_argument("--lab", action="store_true", help="open JupyterLab on the demo")
    parser.add_argument("--dir", help="folder for the demo notebook (default: a temp folder)")
    parser.add_argument("prompt", nargs="?", default="Explain the outliers in the table.")
    args = parser.parse_args()
    if args.engine:
        raise SystemExit(asyncio.run(run_demo(args.prompt)))
    from .demo_notebook import run_lab, run_notebook

    raise SystemExit(run_lab(args.dir) if args.lab else run_notebook(args.dir))


if __name__ == "__main__":
    main()
