"""Models called through the workspace's store server: a real store server, the real fake
model over HTTP, the kernel-side `RemoteProvider` (never litellm in the caller's stack).

One server serves the whole module (it imports litellm once, as it does for a workspace's
kernels); each test scripts the fake model for what it checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.config import Settings, load_settings
from orkas_jupyter.engine.errors import ContextOverflowError, ProviderError
from orkas_jupyter.engine.messages import Message, TextPart, ToolCallPart
from orkas_jupyter.engine.provider import (
    ModelRequest,
    ProviderEvent,
    StreamEnd,
    StreamText,
    StreamToolCall,
)
from orkas_jupyter.engine.tools import ToolSpec
from orkas_jupyter.providers.errors import (
    AccountError,
    MissingKeyError,
    ProviderConnectionError,
    ProviderServerError,
    ProviderUnreachableError,
    RateLimitedError,
)
from orkas_jupyter.providers.keys import KeySource
from orkas_jupyter.providers.litellm_provider import LiteLLMProvider
from orkas_jupyter.providers.remote import RemoteProvider
from orkas_jupyter.providers.replay import InMemoryRecordingStore
from orkas_jupyter.providers.rotation import RotatingProvider
from orkas_jupyter.store.api import WorkspaceStore, open_store
from orkas_jupyter.store.model_client import SocketModelChannel, make_kernel_provider
from orkas_jupyter.store.rpc import lock_path_for, log_path_for
from orkas_jupyter.testing import FakeModelServer, reply
from orkas_jupyter.testing.script import context_overflow, drop, fault, tool_call

REPO = Path(__file__).resolve().parents[2]
KEY_ONE = "sk-remote-first-7c1e9a"
KEY_TWO = "sk-remote-second-3b8d2f"


class World:
    """The module's workspace, fake model, store server and settings."""

    def __init__(self, root: Path, fake: FakeModelServer) -> None:
        self.workspace = root / "ws"
        self.workspace.mkdir()
        self.fake = fake
        self.env = {"ORKAS_MODEL": "openai/gpt-4o", "ORKAS_API_BASE": fake.base_url,
                    "OPENAI_API_KEY": KEY_ONE, "ORKAS_WORKSPACE": str(self.workspace),
                    "ORKAS_HOME": str(root / "home")}
        self.settings: Settings = load_settings(environ=self.env)
        self.store: WorkspaceStore = open_store(self.settings, idle_seconds=60)
        self.db = self.settings.store_path.resolve()
        self.channel = SocketModelChannel(self.db)

    def server_pid(self) -> int:
        pid = int(json.loads(lock_path_for(self.db).read_text())["pid"])
        assert b"orkas_jupyter.store.server" in Path(f"/proc/{pid}/cmdline").read_bytes()
        return pid

    def leaf(self, model: str = "openai/gpt-4o", api_base: str | None = "fake",
             slot: int | None = 0) -> tuple[RemoteProvider, LiteLLMProvider]:
        """A remote leaf and its in-process litellm twin (for identical-behaviour checks)."""
        base = self.fake.base_url if api_base == "fake" else api_base
        local = LiteLLMProvider(model, key_source=KeySource(slot=slot), api_base=base,
                                timeout=20)
        return RemoteProvider.like(local, self.channel), local


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    with FakeModelServer() as fake, pytest.MonkeyPatch.context() as mp:
        for name in ("ORKAS_API_KEY", "ANTHROPIC_API_KEY", "ORKAS_EMBEDDING_MODEL",
                     "ORKAS_MODEL_HOST", "ORKAS_REPLAY", "OPENAI_BASE_URL", "OPENAI_API_BASE"):
            mp.delenv(name, raising=False)
        w = World(tmp_path_factory.mktemp("remote"), fake)
        for name, value in w.env.items():
            mp.setenv(name, value)
        try:
            w.store.sync.call("session.list")  # starts the server
            # These tests compare litellm's leaf in both processes: wait for the server's
            # litellm (before it, an openai/ request goes over the direct wire, and a failure
            # is sent again through litellm: tests/store/test_store_model_cold.py).
            deadline = time.monotonic() + 120
            while not w.store.sync.call("model.warm")["warm"]:
                assert time.monotonic() < deadline, "the server's litellm never got ready"
                time.sleep(0.1)
            yield w
        finally:
            pid = w.server_pid()
            w.store.close()
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)


def _request(text: str = "hi", tools: list[ToolSpec] | None = None) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", parts=[TextPart(text=text)])],
                        tools=tools or [])


async def _collect(stream: AsyncIterator[ProviderEvent]) -> list[ProviderEvent]:
    return [event async for event in stream]


async def test_the_kernel_stack_calls_models_through_the_store_server(world: World) -> None:
    provider = make_kernel_provider(world.settings, world.store)
    assert isinstance(provider, RotatingProvider)
    assert all(isinstance(c.provider, RemoteProvider) for c in provider.candidates)
    world.fake.script([reply("Hello from the model host.")])
    events = await _collect(provider.stream(_request()))
    assert "".join(e.text for e in events if isinstance(e, StreamText)) == \
        "Hello from the model host."
    end = events[-1]
    assert isinstance(end, StreamEnd) and end.finish_reason == "stop"
    assert end.usage.input_tokens > 0 and end.message.parts[0] == \
        TextPart(text="Hello from the model host.")
    assert provider.model_info(None).context_window == 128_000
    # A model named for one turn (`--model`) is called through the server too.
    world.fake.script([reply("From the other model.")])
    events = await _collect(provider.stream(_request().model_copy(
        update={"model": "openai/gpt-4o-mini"})))
    assert isinstance(events[-1], StreamEnd) and events[-1].message.parts[0] == \
        TextPart(text="From the other model.")
    assert world.fake.chat_requests[-1].model == "gpt-4o-mini"
    assert world.fake.chat_requests[-1].api_key == KEY_ONE
    assert isinstance(provider._pool("openai/gpt-4o-mini")[0].provider, RemoteProvider)


async def test_text_is_streamed_as_the_server_receives_it(world: World) -> None:
    remote, _ = world.leaf()
    world.fake.script([reply("x" * 64, chunk_chars=8, chunk_delay=0.15)])
    started = time.monotonic()
    arrivals: list[float] = []
    async for event in remote.stream(_request()):
        if isinstance(event, StreamText):
            arrivals.append(time.monotonic() - started)
    # Eight pieces 0.15 s apart: the first is seen long before the last was sent.
    assert len(arrivals) >= 6
    assert arrivals[-1] - arrivals[0] > 0.7


async def test_tool_calls_come_back_assembled(world: World) -> None:
    remote, _ = world.leaf()
    spec = ToolSpec(name="read_file", description="Read a file.",
                    parameters={"type": "object", "properties": {"path": {"type": "string"}}})
    world.fake.script([tool_call("read_file", {"path": "data.csv"}, id="call_abc")])
    events = await _collect(remote.stream(_request("read it", [spec])))
    starts = [e for e in events if isinstance(e, StreamToolCall)]
    assert [(s.id, s.name) for s in starts] == [("call_abc", "read_file")]
    end = events[-1]
    assert isinstance(end, StreamEnd) and end.finish_reason == "tool_calls"
    calls = [p for p in end.message.parts if isinstance(p, ToolCallPart)]
    assert [(c.name, json.loads(c.arguments)) for c in calls] == \
        [("read_file", {"path": "data.csv"})]
    assert world.fake.chat_requests[-1].body["tools"][0]["function"]["name"] == "read_file"


async def _error_of(provider: Any, request: ModelRequest) -> ProviderError:
    with pytest.raises(ProviderError) as info:
        await _collect(provider.stream(request))
    return info.value


@pytest.mark.parametrize(("step", "expected"), [
    (fault(429, retry_after=7), RateLimitedError),
    (fault(401), AccountError),
    (context_overflow(), ContextOverflowError),
    (fault(500), ProviderServerError),
])
async def test_errors_are_the_same_class_and_message_as_in_the_kernel(
        world: World, step: Any, expected: type[ProviderError]) -> None:
    remote, local = world.leaf()
    world.fake.script([step, step])
    remote_error = await _error_of(remote, _request())
    local_error = await _error_of(local, _request())
    assert type(remote_error) is type(local_error) is expected
    assert str(remote_error) == str(local_error)
    assert (remote_error.status, remote_error.retry_after, remote_error.max_retries) == \
        (local_error.status, local_error.retry_after, local_error.max_retries)


async def test_a_refused_connection_and_a_missing_key_read_as_in_the_kernel(
        world: World) -> None:
    with FakeModelServer() as gone:
        closed = gone.base_url
    remote, local = world.leaf(api_base=closed)
    remote_error, local_error = (await _error_of(remote, _request()),
                                 await _error_of(local, _request()))
    assert isinstance(remote_error, ProviderUnreachableError)
    assert str(remote_error) == str(local_error) and remote_error.max_retries == 1
    # No key for another provider's candidate: nothing is sent, the message names variables.
    remote, local = world.leaf("anthropic/claude-sonnet-4-5", api_base=None, slot=None)
    remote_error, local_error = (await _error_of(remote, _request()),
                                 await _error_of(local, _request()))
    assert isinstance(remote_error, MissingKeyError)
    assert str(remote_error) == str(local_error)
    assert "ANTHROPIC_API_KEY" in str(remote_error)


async def test_what_streamed_before_a_dropped_connection_arrives_before_its_error(
        world: World) -> None:
    remote, local = world.leaf()

    async def until_error(provider: Any) -> tuple[str, ProviderError]:
        text = ""
        with pytest.raises(ProviderError) as info:
            async for event in provider.stream(_request()):
                if isinstance(event, StreamText):
                    text += event.text
        return text, info.value

    world.fake.script([drop(after_chunks=3, chunk_chars=4), drop(after_chunks=3, chunk_chars=4)])
    (remote_text, remote_error), (local_text, local_error) = (await until_error(remote),
                                                              await until_error(local))
    assert remote_text == local_text and len(remote_text) == 12
    assert type(remote_error) is type(local_error) is ProviderConnectionError
    assert str(remote_error) == str(local_error)


def _established(port: int) -> int:
    """Open TCP connections whose local port is `port` (the fake server's side)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":
                    count += 1
    return count


async def _wait_for(check: Any, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(0.05)
    return bool(check())


@pytest.mark.parametrize("how", ["aclose", "task-cancel"])
async def test_cancelling_mid_stream_closes_the_upstream_request(world: World,
                                                                 how: str) -> None:
    with FakeModelServer([reply("y" * 400, chunk_chars=4, chunk_delay=0.05)]) as fake:
        local = LiteLLMProvider("openai/gpt-4o", key_source=KeySource(slot=0),
                                api_base=fake.base_url, timeout=20)
        remote = RemoteProvider.like(local, world.channel)
        got_text, close_now = asyncio.Event(), asyncio.Event()

        async def consume() -> None:
            stream = remote.stream(_request())
            async for event in stream:
                if isinstance(event, StreamText) and not got_text.is_set():
                    got_text.set()
                    if how == "aclose":
                        await close_now.wait()
                        await stream.aclose()  # type: ignore[attr-defined]
                        return

        task = asyncio.create_task(consume())
        await asyncio.wait_for(got_text.wait(), 20)
        assert _established(fake.port) == 1  # the upstream request is in flight
        if how == "task-cancel":
            task.cancel()
        else:
            close_now.set()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        # The host aborted the HTTP request: the fake server's side of it is gone.
        assert await _wait_for(lambda: _established(fake.port) == 0)


async def test_the_key_is_read_per_request_and_never_reaches_the_servers_environment(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    remote, _ = world.leaf()
    world.fake.script([reply("one"), reply("two")])
    world.fake.clear_requests()
    await _collect(remote.stream(_request()))
    monkeypatch.setenv("OPENAI_API_KEY", KEY_TWO)  # as `%env` after a refused key
    await _collect(remote.stream(_request()))
    assert [r.api_key for r in world.fake.chat_requests] == [KEY_ONE, KEY_TWO]
    pid = world.server_pid()
    for path in (f"/proc/{pid}/environ", f"/proc/{pid}/cmdline", str(log_path_for(world.db))):
        data = Path(path).read_bytes()
        assert KEY_ONE.encode() not in data and KEY_TWO.encode() not in data, path
    # The log holds operation names and errors only: not litellm's or httpx's request lines.
    log = log_path_for(world.db).read_text()
    assert "completion()" not in log and str(world.fake.port) not in log


async def test_record_and_replay_wrap_the_remote_stack(world: World) -> None:
    settings = world.settings.model_copy(update={"replay": "auto"})
    recordings = InMemoryRecordingStore()
    provider = make_kernel_provider(settings, recordings, store=world.store)
    world.fake.script([reply("Recorded once.")])
    world.fake.clear_requests()
    first = await _collect(provider.stream(_request("same question")))
    again = await _collect(provider.stream(_request("same question")))
    assert len(world.fake.chat_requests) == 1
    assert [e.type for e in first] == [e.type for e in again]
    assert isinstance(again[-1], StreamEnd) and again[-1].message.parts[0] == \
        TextPart(text="Recorded once.")


def test_without_a_store_server_the_kernel_calls_litellm_itself(world: World,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    stack = make_kernel_provider(world.settings, InMemoryRecordingStore())
    assert isinstance(stack, RotatingProvider)
    assert all(isinstance(c.provider, LiteLLMProvider) for c in stack.candidates)
    monkeypatch.setenv("ORKAS_MODEL_HOST", "kernel")
    stack = make_kernel_provider(world.settings, world.store)
    assert all(isinstance(c.provider, LiteLLMProvider)
               for c in stack.candidates)  # type: ignore[attr-defined]
    cloud = world.settings.model_copy(update={"fallback_models": ["bedrock/claude-x"]})
    monkeypatch.delenv("ORKAS_MODEL_HOST")
    stack = make_kernel_provider(cloud, world.store)
    assert all(isinstance(c.provider, LiteLLMProvider)
               for c in stack.candidates)  # type: ignore[attr-defined]


KERNEL_SCRIPT = """
import json, sys, time
from orkas_jupyter.config import load_settings
from orkas_jupyter.host import AgentHost
from orkas_jupyter.host.profile import DEFAULT_PROFILE
from orkas_jupyter.store.model_client import make_kernel_provider

started = time.monotonic()
host = AgentHost(load_settings(), provider_factory=make_kernel_provider)

async def turn():
    return [e async for e in host.run_turn(DEFAULT_PROFILE, "s-" + sys.argv[1], "hello")]

events = host.submit(turn()).result(timeout=120)
seconds = time.monotonic() - started
host.close()
print(json.dumps({"types": [e.type for e in events], "seconds": seconds,
                  "litellm": sorted(m for m in sys.modules if m.split(".")[0] in
                                    ("litellm", "tiktoken", "openai"))}))
"""


def test_kernels_share_the_warm_server_and_never_import_litellm(world: World) -> None:
    pid = world.server_pid()
    world.fake.script([reply("First kernel's answer."), reply("Second kernel's answer.")])
    world.fake.clear_requests()
    env = {**os.environ, **world.env, "PYTHONPATH": str(REPO)}
    runs = []
    for name in ("a", "b"):
        out = subprocess.run([sys.executable, "-c", KERNEL_SCRIPT, name], env=env,
                             capture_output=True, text=True, timeout=180,
                             cwd=world.workspace)
        assert out.returncode == 0, out.stderr[-2000:]
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    for run in runs:
        assert "done" in run["types"], run
        assert run["litellm"] == [], run  # the kernel side loads no model client
    assert world.server_pid() == pid  # one server for every kernel
    assert len(world.fake.chat_requests) == 2
