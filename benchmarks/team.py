"""PF9: the costs of agent teams, through the real stack (litellm → the fake model server, a
DuckDB store file, the host and Commander's tools).

* `dispatch_ratio`: every model answer delayed `--delay` s; Commander dispatches three agents
  in one response: the wall time of the three dispatches (first start → last end) ÷ the time
  of one dispatch alone (goal ≤ 1.3: they run concurrently).
* `cancel_ms`: Stop (the turn's cancel token) while three children stream: time until the
  turn has ended with every session closed (median and max over `--stops`; goal ≤ 200).
* `overhead_ms`: the team machinery per dispatch with zero-latency answers: a dispatch's
  duration minus the same agent's turn run directly by the host (medians over `--runs`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orkas_jupyter.config import Settings  # noqa: E402
from orkas_jupyter.engine.events import Done, TextDelta, ToolEnd, ToolStart  # noqa: E402
from orkas_jupyter.engine.timing import CancelToken  # noqa: E402
from orkas_jupyter.host import AgentHost  # noqa: E402
from orkas_jupyter.orchestra.orchestra import Orchestra  # noqa: E402
from orkas_jupyter.orchestra.team import member_profile  # noqa: E402
from orkas_jupyter.providers._litellm import load_litellm  # noqa: E402
from orkas_jupyter.store.api import open_store  # noqa: E402
from orkas_jupyter.testing import FakeModelServer, reply, tool_calls  # noqa: E402
from orkas_jupyter.testing.team import last_user_text, member_of  # noqa: E402

AGENTS = ("alpha", "beta", "gamma")


def workspace() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="orkas-team-bench-"))
    agents = folder / ".orkas" / "agents"
    agents.mkdir(parents=True)
    for name in AGENTS:
        (agents / f"{name}.md").write_text(
            f"---\ndescription: agent {name}\ntools: read_file\n---\nYou are {name}.\n")
    return folder


class Bench:
    def __init__(self, server: FakeModelServer) -> None:
        self.server = server
        self.delay = 0.0
        self.stream = False
        self.count = 3
        server.script(self.answer)
        settings = Settings(model="openai/gpt-4o", api_base=server.base_url,
                            workspace=workspace(), home=Path(tempfile.mkdtemp()))
        self.host = AgentHost(settings, store_factory=lambda s: open_store(s, mode="direct"))
        self.orchestra = Orchestra(self.host)
        self.session = 0

    def answer(self, request: Any) -> Any:
        member = member_of(request)
        if member == "commander":
            if request.messages[-1]["role"] == "tool":
                return reply("synthesis", first_byte_delay=self.delay)
            return tool_calls(*[("dispatch_to", {"agent": a, "task": f"task for {a}"})
                                for a in AGENTS[:self.count]], first_byte_delay=self.delay)
        if self.stream:
            words = " ".join(f"w{i}" for i in range(300))
            return reply(words, chunk_chars=4, chunk_delay=0.02)
        return reply(f"{member} done: {last_user_text(request)}", first_byte_delay=self.delay)

    def turn(self, prompt: str, cancel_when_streaming: int = 0) -> tuple[list[Any], float]:
        self.session += 1
        session = f"bench-{self.session}"
        cancel = CancelToken()

        async def run() -> tuple[list[Any], float]:
            events: list[Any] = []
            streaming: set[str] = set()
            fired = 0.0
            async for event in self.orchestra.turn(session, prompt, cancel=cancel):
                events.append(event)
                if (cancel_when_streaming and isinstance(event, TextDelta) and event.agent
                        and not fired):
                    streaming.add(event.agent)
                    if len(streaming) == cancel_when_streaming:
                        fired = time.perf_counter()
                        cancel.cancel("stopped by the benchmark")
            return events, (time.perf_counter() - fired) if fired else 0.0

        return self.host.submit(run()).result(timeout=120)

    def direct(self) -> float:
        """One agent's turn run by the host itself (no dispatch around it)."""
        self.session += 1
        agent = self.orchestra.team.get("alpha")
        assert agent is not None
        profile = member_profile(agent)

        async def run() -> float:
            started = time.perf_counter()
            async for _ in self.host.run_turn(profile, f"direct-{self.session}", "task for alpha"):
                pass
            return time.perf_counter() - started

        took = self.host.submit(run()).result(timeout=60)
        self.host.forget(f"direct-{self.session}", profile)
        return took


def dispatch_span(events: list[Any]) -> float:
    starts = [e for e in events if isinstance(e, ToolStart) and e.call.name == "dispatch_to"
              and e.parent_call_id is None]
    ends = [e for e in events if isinstance(e, ToolEnd) and e.call.name == "dispatch_to"
            and e.parent_call_id is None]
    assert starts and len(ends) == len(starts), "the dispatches did not all finish"
    return max(e.duration_s for e in ends)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--delay", type=float, default=1.0)
    parser.add_argument("--stops", type=int, default=5)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    os.environ.setdefault("OPENAI_API_KEY", "sk-benchmark-not-a-key")
    load_litellm()
    with FakeModelServer() as server:
        bench = Bench(server)
        bench.turn("warm up")  # first use: tools, store, model info
        bench.delay = args.delay
        bench.count = 1
        events, _ = bench.turn("one agent")
        one = dispatch_span(events)
        bench.count = 3
        events, _ = bench.turn("three agents")
        three = dispatch_span(events)
        assert isinstance(events[-1], Done)
        ratio = three / one
        print(f"one dispatch {one:.3f} s, three concurrent {three:.3f} s: ratio {ratio:.3f}")

        bench.delay = 0.0
        bench.stream = True
        stops = []
        for _ in range(args.stops):
            events, took = bench.turn("three streaming agents", cancel_when_streaming=3)
            assert events[-1].type == "error" and not bench.host.running()
            stops.append(took * 1000)
        print(f"stop while 3 children stream: median {statistics.median(stops):.1f} ms, "
              f"max {max(stops):.1f} ms over {len(stops)}")

        bench.stream = False
        bench.count = 1
        dispatched, direct = [], []
        for _ in range(args.runs):
            events, _ = bench.turn("one quick agent")
            dispatched.append(dispatch_span(events))
            direct.append(bench.direct())
        overhead = (statistics.median(dispatched) - statistics.median(direct)) * 1000
        print(f"zero-latency dispatch {statistics.median(dispatched) * 1000:.1f} ms vs the "
              f"agent's own turn {statistics.median(direct) * 1000:.1f} ms: overhead "
              f"{overhead:.1f} ms")
        bench.host.close()
    print(f"RESULT PF9 dispatch_ratio={ratio:.3f} cancel_ms={statistics.median(stops):.1f} "
          f"cancel_max_ms={max(stops):.1f} overhead_ms={overhead:.1f} one_s={one:.3f} "
          f"three_s={three:.3f}")


if __name__ == "__main__":
    main()
