"""A real IPython kernel (jupyter_client) talking to the fake model server."""

from __future__ import annotations

import os
import queue
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from jupyter_client.manager import KernelManager

from orkas_jupyter.testing import FakeModelServer

REPO = Path(__file__).resolve().parents[2]


@dataclass
class CellResult:
    """What one execute request produced, from iopub."""

    stdout: str = ""
    outputs: list[dict[str, Any]] = field(default_factory=list)
    error: dict[str, Any] | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)

    def data(self, mime: str) -> list[str]:
        return [o["data"][mime] for o in self.outputs if mime in o.get("data", {})]


class Kernel:
    """Runs code in a live kernel and collects its iopub messages."""

    def __init__(self, km: KernelManager) -> None:
        self.km = km
        self.kc = km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=60)

    def run(self, code: str, timeout: float = 60, interrupt_after: float | None = None,
            stdin: list[str] | None = None, interrupt_when: str | None = None) -> CellResult:
        """Execute `code`; interrupt after a delay or once stdout shows `interrupt_when`."""
        msg_id = self.kc.execute(code, allow_stdin=stdin is not None)
        result = CellResult()
        started = time.monotonic()
        interrupted = False
        while True:
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"cell did not finish in {timeout}s: {code[:80]!r}; "
                                   f"interrupted={interrupted}; stdout so far: "
                                   f"{result.stdout[-1500:]!r}")
            due = interrupt_after is not None and time.monotonic() - started > interrupt_after
            if interrupt_when is not None and interrupt_when in result.stdout:
                interrupt_when, interrupt_after = None, time.monotonic() - started + 0.5
            if due and not interrupted:
                self.km.interrupt_kernel()
                interrupted = True
            if stdin is not None:
                try:
                    req = self.kc.get_stdin_msg(timeout=0.01)
                    result.messages.append(req)
                    self.kc.input(stdin.pop(0) if stdin else "")
                except queue.Empty:
                    pass
            try:
                msg = self.kc.get_iopub_msg(timeout=0.05)
            except queue.Empty:
                continue
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            result.messages.append(msg)
            if kind == "stream":
                result.stdout += content["text"]
            elif kind in ("display_data", "execute_result"):
                result.outputs.append(content)
            elif kind == "clear_output":
                result.outputs.clear()
            elif kind == "error":
                result.error = content
            elif kind == "status" and content["execution_state"] == "idle":
                return result

    def close(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


@pytest.fixture
def fake_model() -> Iterator[FakeModelServer]:
    with FakeModelServer() as server:
        yield server


@pytest.fixture
def kernel_env(tmp_path: Path, fake_model: FakeModelServer) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ORKAS_", "JPY_"))}
    env.update({
        "ORKAS_MODEL": "openai/gpt-4o",
        "ORKAS_API_BASE": fake_model.base_url,
        "OPENAI_API_KEY": "sk-test-not-a-real-key",
        "ORKAS_WORKSPACE": str(tmp_path),
        "ORKAS_HOME": str(tmp_path / "home"),
        "ORKAS_NOTEBOOK": str(tmp_path / "analysis.ipynb"),
        "MPLBACKEND": "module://matplotlib_inline.backend_inline",
        "PYTHONPATH": str(REPO),
    })
    return env


@pytest.fixture
def kernel(tmp_path: Path, kernel_env: dict[str, str]) -> Iterator[Kernel]:
    km = KernelManager(kernel_name="python3")
    km.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    km.start_kernel(env=kernel_env, cwd=str(tmp_path))
    k = Kernel(km)
    try:
        yield k
    finally:
        k.close()


@pytest.fixture
def start_kernel(tmp_path: Path) -> Iterator[Any]:
    """Start more kernels in the same workspace, each with its own environment."""
    started: list[Kernel] = []

    def start(env: dict[str, str]) -> Kernel:
        km = KernelManager(kernel_name="python3")
        km.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        km.start_kernel(env=env, cwd=str(tmp_path))
        k = Kernel(km)
        started.append(k)
        return k

    yield start
    for k in started:
        k.close()
