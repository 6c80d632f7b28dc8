"""One Stop for all (O6): cancelling Commander's turn stops every child and worker within
200 ms, and every session (parent and children) stays valid and says what was stopped."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from team_helpers import CRITIC, TUTOR, who

from orkas_jupyter.engine.events import Error, TextDelta
from orkas_jupyter.engine.history import validate_history
from orkas_jupyter.engine.timing import CancelToken
from orkas_jupyter.testing import reply, tool_calls


def streaming_children(request: Any) -> Any:
    if who(request) == "commander":
        return tool_calls(("dispatch_to", {"agent": "tutor", "task": "long lecture"}),
                          ("dispatch_to", {"agent": "critic", "task": "long review"}),
                          ("run_worker", {"task": "long computation"}))
    return reply(" ".join(f"w{i}" for i in range(400)), chunk_chars=5, chunk_delay=0.05)


@pytest.mark.parametrize("how", ["token", "stop_all"])
def test_stop_cancels_commander_and_every_child_quickly(make_team, how: str) -> None:
    team = make_team(tutor=TUTOR, critic=CRITIC)
    team.server.script(streaming_children)
    cancel = CancelToken()

    async def run() -> tuple[list[Any], float]:
        events: list[Any] = []
        streaming: set[str] = set()
        stopped_at = 0.0
        async for event in team.orchestra.turn("conv", "do three long things",
                                               cancel=cancel):
            events.append(event)
            if isinstance(event, TextDelta) and event.agent:
                streaming.add(event.agent)
                if len(streaming) == 3 and not stopped_at:
                    stopped_at = time.perf_counter()
                    if how == "token":
                        cancel.cancel("stopped by the user")
                    else:
                        await asyncio.to_thread(team.host.stop_all)
        return events, time.perf_counter() - stopped_at

    events, took = team.run(run(), timeout=30)
    assert took < 0.2, f"the stop took {took * 1000:.0f} ms"
    final = events[-1]
    assert isinstance(final, Error) and final.kind == "cancelled"
    # Commander closes each child's turn before its own last event: nothing still runs.
    assert not team.host.running()
    # Every session is valid; the interrupted calls and partial answers say so.
    parent = team.history("conv")
    validate_history(parent)
    interrupted = [m for m in parent if m.role == "tool"]
    assert len(interrupted) == 3
    assert all(m.tool_result.is_error for m in interrupted)  # type: ignore[union-attr]
    children = team.children()
    assert sorted(c["agent"] for c in children) == ["critic", "tutor", "worker"]
    for child in children:
        history = team.history(child["id"])
        validate_history(history)
        assert history[-1].meta.get("interrupted") is True, child["agent"]
