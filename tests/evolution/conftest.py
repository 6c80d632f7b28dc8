"""Self-evolution over a real host: litellm → the fake model server, a real DuckDB store file,
agent files in a workspace."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

_HERE = os.path.dirname(__file__)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from evolution_helpers import Lab  # noqa: E402

from orkas_jupyter.testing import FakeModelServer  # noqa: E402


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeModelServer]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    monkeypatch.setenv("ORKAS_GLOBAL_SKILLS", "0")
    monkeypatch.setenv("ORKAS_EVOLUTION_COOLDOWN", "0")
    with FakeModelServer() as fake:
        yield fake


@pytest.fixture
def make_lab(tmp_path: Path, server: FakeModelServer) -> Iterator[Callable[..., Lab]]:
    made: list[Lab] = []

    def make(settings: dict[str, object] | None = None, **agents: str) -> Lab:
        lab = Lab(tmp_path, server, agents, **(settings or {}))
        made.append(lab)
        return lab

    yield make
    for lab in made:
        lab.close()
