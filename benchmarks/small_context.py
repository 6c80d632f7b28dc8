"""PF15: a 30-turn conversation in small context windows (4k, 8k, 32k tokens).

The agent carries the host's full tool set (workspace files, shell, web, kernel, notebook,
memory, knowledge: 19 tools) and talks to the HTTP fake through litellm. The fake counts every
prompt with tiktoken the way a local server builds it (tool schemas written into the prompt as
JSON) and answers 400 "maximum context length" when a prompt is over its window, like llama.cpp
or vLLM. Each turn reads part of a log file; every third turn also greps it (enabling
grep_files through more_tools where a small window left it out); every fifth answer is long.

Prints per window: the fixed part (system prompt + tool schemas, by the engine's estimate and
by the server's count), the largest prompt, compactions and overflows.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from orkas_jupyter.config import load_settings
from orkas_jupyter.engine import Agent, Compaction, Done, FakeClock, ToolRegistry
from orkas_jupyter.engine.fit import FitConfig
from orkas_jupyter.engine.tokens import estimate_tokens
from orkas_jupyter.engine.tool_offer import fit_turn
from orkas_jupyter.engine.turn_config import TurnConfig
from orkas_jupyter.host.profile import CORE_TOOLS, ORKAS_PROMPT
from orkas_jupyter.providers import make_provider
from orkas_jupyter.providers._litellm import load_litellm
from orkas_jupyter.testing import (
    FakeModelServer,
    RecordedRequest,
    Step,
    context_overflow,
    reply,
    tool_call,
)
from orkas_jupyter.tools.kernel import InspectVariable, ListVariables
from orkas_jupyter.tools.knowledge import KnowledgeSearchTool
from orkas_jupyter.tools.memory import MemoryTool
from orkas_jupyter.tools.notebook import notebook_tools
from orkas_jupyter.tools.workspace import WorkspaceTools, build_workspace_tools

MODEL = "openai/local-llama"
SUMMARY_SYSTEM = "You write faithful, compact conversation summaries."
LINE = "Row {i}: the sensor reported a steady temperature and nothing unusual happened.\n"
WINDOWS = (4_096, 8_192, 32_768)


class LocalServer:
    """The fake model's side: a prompt window like a local server's, and a scripted user."""

    def __init__(self, window: int) -> None:
        self.window = window
        self.litellm = load_litellm()
        self.counts: list[int] = []
        self.overflows = 0

    def prompt_tokens(self, body: dict[str, Any]) -> int:
        rendered = json.dumps(body.get("tools", [])) + "".join(
            f"<|{m['role']}|>{json.dumps(m.get('content'))}{json.dumps(m.get('tool_calls'))}"
            for m in body["messages"])
        counted = self.litellm.token_counter(model="gpt-4o", messages=body["messages"],
                                             tools=body.get("tools"))
        return max(int(counted), int(self.litellm.token_counter(model="gpt-4o",
                                                                text=rendered)))

    def __call__(self, request: RecordedRequest) -> Step:
        body = request.body
        tokens = self.prompt_tokens(body)
        self.counts.append(tokens)
        if tokens > self.window:
            self.overflows += 1
            return context_overflow(self.window, tokens)
        messages = body["messages"]
        if SUMMARY_SYSTEM in json.dumps(messages[0]):
            return reply("SUMMARY: the user asked about log.txt turn after turn; rows were "
                         "read and grepped; temperatures were steady.")
        names = [t["function"]["name"] for t in body.get("tools", [])]
        last = messages[-1]
        question = int(json.dumps(last.get("content")).split("Question ")[-1].split(":")[0]) \
            if last["role"] == "user" else -1
        if last["role"] == "user":
            if question % 3 == 0:
                if "grep_files" in names:
                    return tool_call("grep_files", {"pattern": f"Row {question}[0-9]:",
                                                    "path": "log.txt"})
                return tool_call("more_tools", {"names": ["grep_files"]})
            return tool_call("read_file", {"path": "log.txt", "line": 1 + 50 * question})
        if _last_call(messages) == "more_tools":
            return tool_call("grep_files", {"pattern": "Row 1[0-9]:", "path": "log.txt"})
        long = sum(m["role"] == "user" for m in messages) % 5 == 0
        return reply("The rows show steady temperatures and nothing unusual. " *
                     (40 if long else 4))


def _last_call(messages: list[dict[str, Any]]) -> str | None:
    for message in reversed(messages):
        if message["role"] == "assistant":
            calls = message.get("tool_calls") or []
            return str(calls[0]["function"]["name"]) if calls else None
    return None


def host_tools(workspace: WorkspaceTools) -> list[Any]:
    return [*workspace.tools, ListVariables(), InspectVariable(), *notebook_tools(),
            MemoryTool(), KnowledgeSearchTool()]


async def run_window(window: int, workspace: WorkspaceTools, turns: int) -> dict[str, Any]:
    model = LocalServer(window)
    config = TurnConfig(fit=FitConfig(core_tools=CORE_TOOLS))
    fixed = fit_turn(ORKAS_PROMPT, ToolRegistry(host_tools(workspace)), window=window,
                     model=MODEL, config=config.fit, count=estimate_tokens)
    compactions = errors = 0
    started = time.perf_counter()
    with FakeModelServer(model) as server:
        provider = make_provider(load_settings({}, model=MODEL, api_base=server.base_url),
                                 clock=FakeClock(), timeout=30.0,
                                 environ={"ORKAS_CONTEXT_WINDOW": str(window)})
        agent = Agent(provider, tools=host_tools(workspace), services=workspace.services,
                      system_prompt=ORKAS_PROMPT, clock=FakeClock(), config=config)
        for i in range(turns):
            events = [e async for e in agent.run(f"Question {i}: what does log.txt say?")]
            compactions += sum(isinstance(e, Compaction) for e in events)
            errors += not isinstance(events[-1], Done)
        requests = len(server.chat_requests)
    return {"window": window, "fixed_estimate": fixed.fixed_tokens, "compact": fixed.compact,
            "offered": len(fixed.offer.specs()), "fixed_server": model.counts[0],
            "max_prompt": max(model.counts), "overflows": model.overflows,
            "compactions": compactions, "errors": errors, "requests": requests,
            "seconds": time.perf_counter() - started}


async def main_async(turns: int) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "log.txt").write_text("".join(LINE.format(i=i) for i in range(3_000)))
        workspace = build_workspace_tools(load_settings({}, workspace=root))
        try:
            return [await run_window(w, workspace, turns) for w in WINDOWS]
        finally:
            workspace.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args()
    # The fake server takes any key; keys are read at each request.
    os.environ.setdefault("ORKAS_API_KEY", "sk-benchmark-small-context")
    rows = asyncio.run(main_async(args.turns))
    print(f"{args.turns}-turn conversation, 19 host tools, model {MODEL} on the HTTP fake")
    print(f"{'window':>7} {'mode':>8} {'tools':>5} {'fixed(est)':>10} {'first(srv)':>10} "
          f"{'max prompt':>10} {'share':>6} {'compact.':>8} {'overflows':>9} {'errors':>6} "
          f"{'requests':>8} {'s':>6}")
    for r in rows:
        print(f"{r['window']:>7} {'compact' if r['compact'] else 'full':>8} {r['offered']:>5} "
              f"{r['fixed_estimate']:>10} {r['fixed_server']:>10} {r['max_prompt']:>10} "
              f"{r['max_prompt'] / r['window']:>6.0%} {r['compactions']:>8} "
              f"{r['overflows']:>9} {r['errors']:>6} {r['requests']:>8} {r['seconds']:>6.1f}")
    by = {r["window"]: r for r in rows}
    overflows = sum(r["overflows"] for r in rows)
    errors = sum(r["errors"] for r in rows)
    print(f"RESULT PF15 overflows={overflows} errors={errors} "
          f"fixed_tokens_4k={by[4_096]['fixed_estimate']} "
          f"fixed_tokens_8k={by[8_192]['fixed_estimate']} "
          f"fixed_tokens_32k={by[32_768]['fixed_estimate']} "
          f"compactions_4k={by[4_096]['compactions']} "
          f"max_share_4k={by[4_096]['max_prompt'] / 4_096:.2f}")
    if overflows or errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
