"""Self-evolution's cost (docs/evolution.md): a turn of an agent bound to evolve against the
same turn unbound (the observer and the after-turn work must not slow the user's turn), how
long the after-turn work takes in the background, and the size of one reflection request.

A real host, litellm → the fake model server, a DuckDB store file in a temporary workspace.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from orkas_jupyter.config import Settings
from orkas_jupyter.evolution.service import install_evolution
from orkas_jupyter.host import AgentHost
from orkas_jupyter.orchestra.orchestra import Orchestra
from orkas_jupyter.orchestra.team import member_profile
from orkas_jupyter.providers._litellm import load_litellm
from orkas_jupyter.store.api import open_store
from orkas_jupyter.testing import FakeModelServer, reply
from orkas_jupyter.testing.team import _system

SKILL = ("<skill_md>\n---\nname: iso-dates\ndescription: Write dates as ISO 8601.\n---\n"
         "Always write dates as YYYY-MM-DD.\n</skill_md>")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=20)
    args = parser.parse_args()
    os.environ.update(OPENAI_API_KEY="sk-test-not-a-real-key", ORKAS_GLOBAL_SKILLS="0",
                      ORKAS_EVOLUTION_COOLDOWN="0")
    sizes: list[int] = []

    def answer(request: Any) -> Any:
        if "You improve one AI agent" in _system(request):
            sizes.append(len(str(request.messages)))
            return reply(SKILL)
        return reply("The date is 01/31/2024.")

    with tempfile.TemporaryDirectory() as tmp, FakeModelServer(answer) as server:
        workspace = Path(tmp)
        agents = workspace / ".orkas" / "agents"
        agents.mkdir(parents=True)
        for name in ("bound", "free"):
            (agents / f"{name}.md").write_text(f"---\nname: {name}\ndescription: dates\n---\n"
                                               "You format dates.\n")
        settings = Settings(model="openai/gpt-4o", api_base=server.base_url,
                            workspace=workspace, home=workspace / "home")
        host = AgentHost(settings, store_factory=lambda s: open_store(s, mode="direct"))
        orchestra = Orchestra(host)
        evolution = install_evolution(host)
        evolution.bind("bound", True)
        load_litellm()

        def profile(name: str) -> Any:
            agent = orchestra.team.get(name)
            assert agent is not None
            return member_profile(agent)

        def timed(name: str, i: int, prompt: str) -> tuple[float, float]:
            """One turn's time, then the time its background work took."""
            async def one() -> None:
                async for _ in host.run_turn(profile(name), f"{name}-{i}", prompt):
                    pass

            start = time.perf_counter()
            host.submit(one()).result(60)
            turn = (time.perf_counter() - start) * 1000
            start = time.perf_counter()
            host.submit(evolution.settle()).result(60)
            return turn, (time.perf_counter() - start) * 1000

        timed("free", -1, "warm up")
        free, bound, after = [], [], []
        for i in range(args.turns):  # interleaved: the machine's drift hits both alike
            free.append(timed("free", i, "No, that's wrong")[0])
            turn, background = timed("bound", i, "No, that's wrong")
            bound.append(turn)
            after.append(background)
        entries = evolution.entries("bound")
        tokens = [e["input_tokens"] + e["output_tokens"] for e in entries]
        host.close()

    p50_free, p50_bound = statistics.median(free), statistics.median(bound)
    print(f"turn p50: unbound {p50_free:.1f} ms, bound {p50_bound:.1f} ms "
          f"({p50_bound - p50_free:+.1f} ms)")
    print(f"after-turn background work p50 (record, check, reflect when due): "
          f"{statistics.median(after):.1f} ms, max {max(after):.1f} ms")
    print(f"reflection runs: {len(entries)} in {args.turns} corrected turns; tokens per run "
          f"(fake server's count) p50 {statistics.median(tokens) if tokens else 0:.0f}; "
          f"request size p50 {statistics.median(sizes) if sizes else 0:.0f} characters")
    print(f"RESULT evolution turn_unbound_ms={p50_free:.1f} turn_bound_ms={p50_bound:.1f} "
          f"after_turn_ms={statistics.median(after):.1f} runs={len(entries)} "
          f"tokens_per_run={statistics.median(tokens) if tokens else 0:.0f}")


if __name__ == "__main__":
    asyncio.set_event_loop_policy(None)
    main()
