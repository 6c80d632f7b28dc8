"""A workspace's first kernel: the launcher `%load_ext` starts hands the store's lock to the
server it starts (one server, however many kernels ask), and the server's model warm-up
rehearses a request offline and leaves the garbage collector on."""

from __future__ import annotations

import asyncio
import gc
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from orkas_jupyter.store.client import SocketTransport, lock_is_held
from orkas_jupyter.store.rpc import lock_path_for, log_path_for
from orkas_jupyter.testing import FakeModelServer, reply

from .conftest import server_pid

REPO = Path(__file__).resolve().parents[2]


def _launch(workspace: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("ORKAS_")}
    base.update({"ORKAS_WORKSPACE": str(workspace), "PYTHONPATH": str(REPO),
                 "ORKAS_STORE_IDLE": "30"}, **env)
    return subprocess.run([sys.executable, "-m", "orkas_jupyter.store.warm"], env=base,
                          cwd=workspace, capture_output=True, text=True, timeout=60)


def _cmdline(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")


def test_the_launcher_hands_its_lock_to_the_one_server_it_starts(db_path: Path) -> None:
    workspace = db_path.parent.parent
    workspace.mkdir(parents=True)
    first = _launch(workspace, ORKAS_MODEL="openai/gpt-4o")
    assert first.stdout.strip() == "started", first.stderr
    # The launcher has exited; its child holds the lock already, before it imported anything.
    assert lock_is_held(lock_path_for(db_path))
    # Kernels arriving now wait for that server instead of starting others.
    again = [_launch(workspace, ORKAS_MODEL="openai/gpt-4o").stdout.strip() for _ in range(2)]
    assert set(again) <= {"starting", "asked"}, again
    deadline = time.monotonic() + 60
    while (pid := server_pid(db_path)) is None:
        assert time.monotonic() < deadline, log_path_for(db_path).read_text()
        time.sleep(0.05)
    args = _cmdline(pid)
    assert "--warm-models" in args and "--for-model=openai/gpt-4o" in args
    assert any(a.startswith("--lock-fd=") for a in args)
    ppid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    assert ppid != os.getpid()  # the launcher's child, not a child of whoever launched it
    transport = SocketTransport(db_path, idle_seconds=30)
    try:
        assert transport.call("session.list", {}, "r-list") == []
    finally:
        transport.close()
    assert server_pid(db_path) == pid  # still the one the launcher started
    while "models ready" not in log_path_for(db_path).read_text():
        assert time.monotonic() < deadline, log_path_for(db_path).read_text()
        time.sleep(0.1)
    assert _launch(workspace, ORKAS_MODEL="openai/gpt-4o").stdout.strip() == "asked"


def test_the_launcher_starts_nothing_without_a_model_or_with_models_in_the_kernel(
        db_path: Path) -> None:
    workspace = db_path.parent.parent
    workspace.mkdir(parents=True)
    assert _launch(workspace).stdout.strip() == "no model"
    assert _launch(workspace, ORKAS_MODEL="openai/gpt-4o",
                   ORKAS_MODEL_HOST="kernel").stdout.strip() == "kernel"
    assert not lock_path_for(db_path).exists()


def test_a_broken_settings_file_leaves_the_launcher_quiet(db_path: Path) -> None:
    workspace = db_path.parent.parent
    workspace.mkdir(parents=True)
    (workspace / "orkas.toml").write_text("model = [unclosed\n")
    done = _launch(workspace)
    assert done.returncode == 0 and done.stdout.startswith("failed: ")
    assert done.stderr == ""  # the first turn reports the settings error, not the launcher
    assert not lock_path_for(db_path).exists()


def test_the_model_warm_up_rehearses_offline_and_leaves_the_collector_on() -> None:
    from orkas_jupyter.engine.messages import Message, TextPart
    from orkas_jupyter.engine.provider import ModelRequest
    from orkas_jupyter.providers.keys import KeySource
    from orkas_jupyter.store.model_ops import ModelHost

    with FakeModelServer(default=reply("warm and ready")) as fake:
        host = ModelHost()
        try:
            host.warm("openai/gpt-4o")
            assert host.warmed.wait(120)
            assert gc.isenabled()
            assert fake.chat_requests == []  # the rehearsal never left the process
            from orkas_jupyter.store.model_ops import LiteLLMProvider

            leaf = LiteLLMProvider("openai/gpt-4o", api_base=fake.base_url,
                                   key_source=KeySource(fixed="sk-cold-test"))
            request = ModelRequest(messages=[Message(role="user",
                                                     parts=[TextPart(text="hi")])])

            async def collect() -> list[object]:
                return [e async for e in leaf.stream(request)]

            events = asyncio.run_coroutine_threadsafe(collect(), host.loop()).result(60)
        finally:
            host.close()
    assert "warm and ready" in str(events[-1])
    assert len(fake.chat_requests) == 1


@pytest.mark.parametrize("model", ["anthropic/claude-sonnet-4-5", "not-a-provider/x"])
def test_a_rehearsal_for_any_model_ends_warm(model: str) -> None:
    from orkas_jupyter.store.model_ops import ModelHost

    host = ModelHost()
    try:
        host.warm(model)
        assert host.warmed.wait(120)
        assert gc.isenabled()
    finally:
        host.close()
