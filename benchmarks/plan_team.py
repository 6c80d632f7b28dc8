"""The scripted team of PF10 (`benchmarks/plan.py`, `plan_kill.py`): a fake model server that
stamps when each request arrived and when its answer ended, three agents, a DAG of chains,
fan-outs and fan-ins as a written plan, and the answers (each step's input starts with a tag
naming its plan and step, so the server can tell requests apart)."""

from __future__ import annotations

import json
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from orkas_jupyter.testing import FakeModelServer, RecordedRequest, reply, tool_call  # noqa: E402
from orkas_jupyter.testing.fake_server import _Handler  # noqa: E402
from orkas_jupyter.testing.team import last_user_text, member_of  # noqa: E402

AGENTS = ("alpha", "beta", "gamma")
ASSIGNEES = (*AGENTS, "commander")
# Each step's input starts with its tag, so a request names its plan and step.
TAG = re.compile(r"^\[P(\d+)S(\d+)\]")
CONSULT = re.compile(r"^\[Plan step (\d+) ")


# -- a fake model server that stamps arrivals and answer ends --------------------------------
class _TimedHandler(_Handler):
    def _answer(self, request: RecordedRequest, step: Any, *, anthropic: bool) -> None:
        try:
            super()._answer(request, step, anthropic=anthropic)
        finally:
            fake = self.server.fake
            assert isinstance(fake, TimedServer)
            fake.ended(request)


class TimedServer(FakeModelServer):
    """The fake model server, stamping (perf_counter, this process) each request's arrival
    and the moment its answer's last byte was written."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived: dict[int, float] = {}
        self.ends: dict[int, float] = {}

    def start(self) -> TimedServer:
        super().start()
        assert self._server is not None
        self._server.RequestHandlerClass = _TimedHandler  # read per connection
        return self

    def _record(self, request: RecordedRequest) -> None:
        self.arrived[id(request)] = time.perf_counter()
        super()._record(request)

    def clear_requests(self) -> None:
        super().clear_requests()
        self.arrived.clear()  # keyed by id(): a new request may reuse an old one's
        self.ends.clear()

    def ended(self, request: RecordedRequest) -> None:
        self.ends[id(request)] = time.perf_counter()

    def stamped(self) -> list[tuple[RecordedRequest, float, float]]:
        """Chat requests with their arrival and answer end (nan while unanswered)."""
        return [(r, self.arrived.get(id(r), float("nan")), self.ends.get(id(r), float("nan")))
                for r in self.chat_requests]


def tag_of(request: RecordedRequest) -> tuple[int, int] | None:
    """(plan, step) of a step's request: the tag of its first user message."""
    for message in request.messages:
        if message.get("role") == "user":
            content = message.get("content")
            text = content if isinstance(content, str) else "".join(
                p.get("text", "") for p in content or [] if isinstance(p, dict))
            match = TAG.match(text)
            return (int(match.group(1)), int(match.group(2))) if match else None
    return None


def write_agents(workspace: Path) -> None:
    folder = workspace / ".orkas" / "agents"
    folder.mkdir(parents=True, exist_ok=True)
    for name in AGENTS:
        (folder / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: agent {name}\ntools: read_file\n---\n"
            f"You are {name}.\n")
    (workspace / "notes.txt").write_text("the notes a step reads\n")


def dag(plan: int, n: int, title: str, parallel: int = 1) -> str:
    """A plan of `n` steps (a multiple of 5) as YAML: groups of five chained one after the
    other; in each, a head, two steps fanning out from it, a fan-in of both, and a step
    waiting for the fan-in and the head."""
    if n < 5 or n % 5:
        raise SystemExit(f"--steps must be a multiple of 5 (got {n})")
    lines = [f"title: {title}", f"parallel: {parallel}", "steps:"]
    for i in range(1, n + 1):
        p, base = (i - 1) % 5, i - (i - 1) % 5
        who = ASSIGNEES[(i - 1) % len(ASSIGNEES)]
        if p == 0:
            ups = [base - 1] if base > 1 else []
        else:
            ups = {1: [base], 2: [base], 3: [base + 1, base + 2], 4: [base + 3, base]}[p]
        refs = " and ".join(f"{{{{step_{u}.output_summary}}}}" for u in ups)
        text = f"[P{plan}S{i}] step {i}" + (f" from {refs}" if refs else "")
        lines.append(f"  - id: {i}\n    title: step {i}\n    assignee: {who}\n"
                     f"    wait_for: {json.dumps(ups)}\n    input: {json.dumps(text)}")
    return "\n".join(lines) + "\n"


def step_answer(rng: random.Random | None, slow: tuple[float, float] = (0.0, 0.0),
                tools: bool = False) -> Callable[[RecordedRequest], Any]:
    """The scripted model: a step answers `result PpSs by MEMBER` (after reading a file
    first, for even steps when `tools`); Commander consulted about a failed step retries it.
    `slow` is the range of each answer's random delay."""

    def delay() -> float:
        return rng.uniform(*slow) if rng is not None else 0.0

    def answer(request: RecordedRequest) -> Any:
        tag = tag_of(request)
        last = request.messages[-1] if request.messages else {}
        if tag is None:
            consult = CONSULT.match(last_user_text(request))
            if consult and last.get("role") != "tool":
                return tool_call("plan_step", {"step": int(consult.group(1)),
                                               "action": "retry"}, first_byte_delay=delay())
            return reply("noted", first_byte_delay=delay())
        plan, step = tag
        if tools and step % 2 == 0 and last.get("role") != "tool":
            return tool_call("read_file", {"path": "notes.txt"}, first_byte_delay=delay())
        return reply(f"result P{plan}S{step} by {member_of(request)}", chunk_chars=8,
                     first_byte_delay=delay())

    return answer
