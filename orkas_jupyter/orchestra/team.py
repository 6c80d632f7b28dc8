"""A workspace's team: the agents of its agent files, as profiles the host can run, and the
team's persisted state (child sessions, the floor) behind one small interface."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..config import Settings
from ..engine.session import SessionStore
from ..host.host import AgentHost
from ..host.profile import ORKAS_PROMPT, AgentProfile
from .agent_files import AgentDef, AgentProblem, load_agents

__all__ = ["COMMANDER", "WORKER_PROFILE", "Floor", "OutsideRunner", "Team", "TeamRuntime",
           "TeamState", "member_profile"]

# How the user and the events name the notebook's own agent when it hosts a team.
COMMANDER = "commander"
TEAM_TOOLS = frozenset({"dispatch_to", "run_worker", "hand_off_to"})

MEMBER_NOTE = """You are {name}, a member of a team in the user's Jupyter notebook, hosted by
Commander. Commander gives you tasks; your final answer goes back to Commander (or, when you
have the floor, straight to the user). Work with the tools you have and answer concisely."""

WORKER_PROFILE = AgentProfile(
    name="worker", description="an anonymous helper of Commander",
    system_prompt=ORKAS_PROMPT + "\n\nYou are a worker Commander started for one sub-task. "
    "The user does not see you: do the task with your tools and answer with the result "
    "Commander needs, concisely (facts, numbers, names of cells and files you changed).")


def member_profile(agent: AgentDef) -> AgentProfile:
    """The profile a file's agent runs with."""
    prompt = MEMBER_NOTE.format(name=agent.name) + "\n\n" + agent.system_prompt
    return AgentProfile(name=agent.name, description=agent.description, system_prompt=prompt,
                        model=agent.model, tools=agent.tools, skills=agent.skills)


@dataclass
class Floor:
    """Who answers the user's next message without an @: None is Commander. `pending` are
    Commander's items still to do when the floor comes back."""

    agent: str | None = None
    pending: list[str] = field(default_factory=list)
    since: float = 0.0
    call_id: str | None = None
    # What Commander told the agent when it handed over (used on the agent's first reply).
    note: str = ""

    def encode(self) -> str | None:
        if self.agent is None:
            return None
        return json.dumps({"agent": self.agent, "pending": self.pending, "since": self.since,
                           "call_id": self.call_id, "note": self.note})

    @classmethod
    def decode(cls, raw: str | None) -> Floor:
        if not raw:
            return cls()
        try:
            data = json.loads(raw)
            return cls(agent=data.get("agent"), pending=list(data.get("pending") or []),
                       since=float(data.get("since") or 0.0), call_id=data.get("call_id"),
                       note=str(data.get("note") or ""))
        except (ValueError, TypeError, AttributeError):
            return cls()  # an unreadable floor is Commander's


class TeamState:
    """Child-session links and the floor, in the workspace store when it has the team's
    operations, else in memory (an embedding without the DuckDB store)."""

    def __init__(self, store: SessionStore) -> None:
        self._call = getattr(store, "call", None)
        self._floors: dict[str, str | None] = {}
        self._children: dict[str, list[dict[str, Any]]] = {}

    async def link(self, session_id: str, parent_id: str, parent_call_id: str | None,
                   agent: str, title: str = "") -> None:
        if self._call is not None:
            await self._call("team.link", session_id=session_id, parent_id=parent_id,
                             parent_call_id=parent_call_id, agent=agent, title=title)
            return
        self._children.setdefault(parent_id, []).append(
            {"id": session_id, "parent_call_id": parent_call_id, "agent": agent,
             "title": title, "created_at": time.time()})

    async def children(self, parent_id: str) -> list[dict[str, Any]]:
        if self._call is not None:
            return list(await self._call("team.children", session_id=parent_id))
        return list(self._children.get(parent_id, []))

    async def floor(self, session_id: str) -> Floor:
        if self._call is not None:
            return Floor.decode(await self._call("team.floor_get", session_id=session_id))
        return Floor.decode(self._floors.get(session_id))

    async def set_floor(self, session_id: str, floor: Floor,
                        expected: Floor | None = None) -> bool:
        """Set the floor; with `expected`, only if nobody changed it since (False then)."""
        raw = floor.encode()
        if self._call is not None:
            return bool(await self._call(
                "team.floor_set", session_id=session_id, floor=raw,
                expected=expected.encode() if expected is not None else None,
                check=expected is not None))
        if expected is not None and self._floors.get(session_id) != expected.encode():
            return False
        self._floors[session_id] = raw
        return True


class Team:
    """The agents of `<workspace>/.orkas/agents/` and `$ORKAS_HOME/agents/` (the workspace's
    first), re-read when a file changes."""

    def __init__(self, settings: Callable[[], Settings]) -> None:
        self._settings = settings
        self._signature: tuple[Any, ...] | None = None
        self._agents: dict[str, AgentDef] = {}
        self._problems: list[AgentProblem] = []

    def folders(self) -> list[Path]:
        settings = self._settings()
        return [settings.workspace / ".orkas" / "agents", settings.home / "agents"]

    def _current(self) -> tuple[dict[str, AgentDef], list[AgentProblem]]:
        signature = tuple(_signature(folder) for folder in self.folders())
        if signature != self._signature:
            self._agents, self._problems = load_agents(self.folders())
            self._signature = signature
        return self._agents, self._problems

    def agents(self) -> dict[str, AgentDef]:
        """Every valid agent by name."""
        return dict(self._current()[0])

    def problems(self) -> list[AgentProblem]:
        """Files that were skipped, with the reason."""
        return list(self._current()[1])

    def get(self, name: str) -> AgentDef | None:
        return self._current()[0].get(name)


def _signature(folder: Path) -> tuple[tuple[str, int, int], ...]:
    try:
        return tuple(sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size)
                            for p in folder.glob("*.md")))
    except OSError:
        return ()


class OutsideRunner(Protocol):
    """Runs an agent file's outside CLI (`command:`) on a task; its answer text. The Jupyter
    layer provides it (the CLI reaches the kernel through the bridge, issue #18)."""

    async def __call__(self, agent: AgentDef, task: str, ctx: Any) -> str: ...


class TeamRuntime(Protocol):
    """What the team's tools need of the orchestra that offers them."""

    host: AgentHost
    team: Team
    outside: OutsideRunner | None

    @property
    def state(self) -> TeamState: ...

    def member(self, name: str) -> AgentDef: ...

    def missing_tools(self, profile: AgentProfile) -> list[str]: ...
