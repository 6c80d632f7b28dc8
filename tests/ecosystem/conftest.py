"""Fixtures for the MCP client tests; the real-kernel fixtures of `tests/jupyter/conftest.py`
are re-exported here, not copied."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from orkas_jupyter.config import Settings
from orkas_jupyter.testing import FakeModelServer

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

_NAME = "_orkas_jupyter_kernel_fixtures"
_spec = importlib.util.spec_from_file_location(
    _NAME, Path(_HERE).parent / "jupyter" / "conftest.py")
assert _spec is not None and _spec.loader is not None
_kernel_fixtures = importlib.util.module_from_spec(_spec)
sys.modules[_NAME] = _kernel_fixtures
_spec.loader.exec_module(_kernel_fixtures)
kernel = _kernel_fixtures.kernel
kernel_env = _kernel_fixtures.kernel_env


@pytest.fixture
def fake_model() -> Iterator[FakeModelServer]:
    with FakeModelServer() as server:
        yield server


@pytest.fixture
def settings(tmp_path: Path, fake_model: FakeModelServer, monkeypatch: pytest.MonkeyPatch
             ) -> Settings:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    (tmp_path / "home").mkdir()
    return Settings(model="openai/gpt-4o", api_base=fake_model.base_url, workspace=tmp_path,
                    home=tmp_path / "home")


@pytest.fixture
def workspace_config(tmp_path: Path) -> Path:
    return tmp_path / ".orkas" / "mcp.json"
