"""Agent teams over the real provider stack (litellm → the fake model server) and a real
DuckDB store file."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

_HERE = os.path.dirname(__file__)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from team_helpers import Team  # noqa: E402

from orkas_jupyter.testing import FakeModelServer  # noqa: E402
from orkas_jupyter.testing.team import write_agents  # noqa: E402


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeModelServer]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    with FakeModelServer() as fake:
        yield fake


@pytest.fixture
def make_team(tmp_path: Path, server: FakeModelServer) -> Iterator[Callable[..., Team]]:
    made: list[Team] = []

    def make(**agents: str) -> Team:
        if agents:
            write_agents(tmp_path, **agents)
        team = Team(tmp_path, server)
        made.append(team)
        return team

    yield make
    for team in made:
        team.close()

