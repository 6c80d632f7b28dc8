"""A host with a team and self-evolution installed, driven from the test's thread."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from orkas_jupyter.config import Settings
from orkas_jupyter.engine.events import Event
from orkas_jupyter.evolution.service import Evolution, install_evolution
from orkas_jupyter.host import AgentHost
from orkas_jupyter.host.profile import AgentProfile
from orkas_jupyter.orchestra.orchestra import Orchestra
from orkas_jupyter.orchestra.team import member_profile
from orkas_jupyter.store.api import open_store
from orkas_jupyter.testing import FakeModelServer
from orkas_jupyter.testing.team import _system

REFLECTION_MARK = "You improve one AI agent"


def agent_file(name: str, description: str, tools: str = "read_file") -> str:
    return f"---\nname: {name}\ndescription: {description}\ntools: {tools}\n---\nYou work.\n"


def system_of(request: Any) -> str:
    return _system(request)


def is_reflection(request: Any) -> bool:
    return REFLECTION_MARK in system_of(request)


class Lab:
    def __init__(self, workspace: Path, server: FakeModelServer, agents: dict[str, str],
                 **settings: Any) -> None:
        folder = workspace / ".orkas" / "agents"
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in agents.items():
            (folder / f"{name}.md").write_text(text)
        self.workspace = workspace
        self.server = server
        self.settings = Settings(model="openai/gpt-4o", api_base=server.base_url,
                                 workspace=workspace, home=workspace / "home", **settings)
        self.host = AgentHost(self.settings,
                              store_factory=lambda s: open_store(s, mode="direct"))
        self.orchestra = Orchestra(self.host)
        self.evolution: Evolution = install_evolution(self.host)

    def profile(self, name: str) -> AgentProfile:
        agent = self.orchestra.team.get(name)
        assert agent is not None, name
        return member_profile(agent)

    def run(self, coro: Any, timeout: float = 60) -> Any:
        return self.host.submit(coro).result(timeout=timeout)

    def turn(self, agent: str, prompt: str, session: str = "s1") -> list[Event]:
        """One turn of `agent`, then the background work it started (reflection)."""
        profile = self.profile(agent)

        async def run() -> list[Event]:
            events = [e async for e in self.host.run_turn(profile, session, prompt)]
            return events

        events: list[Event] = self.run(run())
        self.settle()
        return events

    def settle(self) -> None:
        self.run(self.evolution.settle())

    def call(self, op: str, **args: Any) -> Any:
        return self.host.store().sync.call(op, **args)

    def close(self) -> None:
        self.host.close()
