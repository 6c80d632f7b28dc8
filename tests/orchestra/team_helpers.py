"""Helpers of the agent-team tests: agent files, a team on a workspace, who sent a request."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from orkas_jupyter.config import Settings
from orkas_jupyter.host import AgentHost
from orkas_jupyter.orchestra.orchestra import Orchestra
from orkas_jupyter.providers._litellm import load_litellm
from orkas_jupyter.store.api import open_store
from orkas_jupyter.testing import FakeModelServer
from orkas_jupyter.testing.team import last_user_text, member_of

TUTOR = """---
name: tutor
description: explains mathematics step by step
tools: read_file, list_variables
---
You teach. Be patient.
"""

ANALYST = """---
name: analyst
description: looks at data and reports numbers
tools: [list_variables, inspect_variable, read_file]
model: openai/gpt-4o-mini
---
You analyse data.
"""

CRITIC = """---
name: critic
description: reviews an answer for mistakes
---
You find mistakes.
"""


who = member_of
last_user = last_user_text


class Team:
    """A host with an orchestra on a workspace, driven from the test's thread."""

    def __init__(self, workspace: Path, server: FakeModelServer) -> None:
        self.settings = Settings(model="openai/gpt-4o", api_base=server.base_url,
                                 workspace=workspace, home=workspace / "home")
        self.host = AgentHost(self.settings, store_factory=lambda s: open_store(
            s, mode="direct"))
        self.orchestra = Orchestra(self.host)
        self.server = server
        load_litellm()  # timings below measure turns, not the first import (~3 s)

    def turn(self, prompt: str, session: str = "conv", **kwargs: Any) -> list[Any]:
        async def run() -> list[Any]:
            return [e async for e in self.orchestra.turn(session, prompt, **kwargs)]

        return self.host.submit(run()).result(timeout=60)

    def run(self, coro: Any, timeout: float = 60) -> Any:
        return self.host.submit(coro).result(timeout=timeout)

    def history(self, session: str) -> list[Any]:
        return self.run(self.host.store().load(session))

    def children(self, session: str = "conv") -> list[dict[str, Any]]:
        return self.run(self.orchestra.state.children(session))

    def floor(self, session: str = "conv") -> Any:
        return self.run(self.orchestra.state.floor(session))

    def close(self) -> None:
        self.host.close()


async def sleep(seconds: float) -> None:
    await asyncio.sleep(seconds)
