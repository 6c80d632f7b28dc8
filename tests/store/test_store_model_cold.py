"""A cold workspace's first model requests: a store server that has just started (litellm
still importing) answers `model.info` and streams an `openai/` model at a base URL over the
direct wire (`providers/openai_wire.py`), with the same events as litellm gives once ready;
a failure before the first event is served by litellm, so it ends exactly as it always did.

The fake model tells the two paths apart by the client that called it (httpx's own
User-Agent for the direct path, the openai SDK's for litellm)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.engine.errors import ProviderError
from orkas_jupyter.engine.messages import Message, TextPart
from orkas_jupyter.engine.provider import ModelRequest, ProviderEvent
from orkas_jupyter.engine.tools import ToolSpec
from orkas_jupyter.providers.keys import KeySource
from orkas_jupyter.providers.litellm_provider import LiteLLMProvider
from orkas_jupyter.providers.remote import RemoteProvider
from orkas_jupyter.store.client import SocketTransport
from orkas_jupyter.store.model_client import SocketModelChannel
from orkas_jupyter.store.rpc import log_path_for
from orkas_jupyter.testing import FakeModelServer
from orkas_jupyter.testing.script import Step, fault, tool_call

KEY = "sk-cold-start-9b1f3e7a"
MODEL = "openai/gpt-4o"
ADD = ToolSpec(name="add", description="Add two integers.",
               parameters={"type": "object", "properties": {"a": {"type": "integer"},
                                                           "b": {"type": "integer"}}})


def _request() -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", parts=[TextPart(text="add 2 and 2")])],
                        tools=[ADD])


def _canonical(events: list[ProviderEvent]) -> list[dict[str, Any]]:
    data = [e.model_dump(mode="json") for e in events]
    for item in data:
        if item["type"] == "end":
            item["message"].pop("id", None)
            item["message"].pop("created_at", None)
    return data


def _start_cold(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> SocketTransport:
    """A store server for a workspace with a model: it starts importing litellm at once."""
    monkeypatch.delenv("ORKAS_WORKSPACE", raising=False)
    monkeypatch.delenv("ORKAS_MODEL_HOST", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("ORKAS_MODEL", MODEL)
    transport = SocketTransport(db_path, idle_seconds=30)
    transport.call("session.list", {}, "r-start")
    return transport


def _server_log(db_path: Path) -> str:
    return log_path_for(db_path.resolve()).read_text()


def _wait_models_ready(db_path: Path) -> None:
    deadline = time.monotonic() + 120
    while "models ready" not in _server_log(db_path):
        assert time.monotonic() < deadline, "litellm never finished importing"
        time.sleep(0.1)


async def _stream(remote: RemoteProvider) -> list[ProviderEvent]:
    return [event async for event in remote.stream(_request())]


def _clients(fake: FakeModelServer) -> list[str]:
    return ["httpx" if r.headers.get("user-agent", "").startswith("python-httpx") else
            "litellm" for r in fake.chat_requests]


async def test_a_cold_servers_first_answer_does_not_wait_for_litellm(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    step = tool_call("add", {"a": 2, "b": 2}, text="Adding.", id="call_cold1", chunk_chars=4,
                     input_tokens=30, output_tokens=12)
    with FakeModelServer(default=step) as fake:
        base = fake.base_url
        transport = _start_cold(db_path, monkeypatch)
        try:
            remote = RemoteProvider(SocketModelChannel(db_path), MODEL,
                                    key_source=KeySource(fixed=KEY), api_base=base,
                                    timeout=20)
            info = remote.remote_info(MODEL)
            first = await _stream(remote)
            # Neither waited for the warm-up (which logs this before it lets requests in).
            assert "models ready" not in _server_log(db_path), "litellm was ready too soon"
            _wait_models_ready(db_path)
            second = await _stream(remote)
        finally:
            transport.close()
        assert _clients(fake) == ["httpx", "litellm"]
        assert all(r.api_key == KEY for r in fake.chat_requests)
        assert fake.chat_requests[0].body == fake.chat_requests[1].body
    assert _canonical(first) == _canonical(second)
    local = LiteLLMProvider(MODEL, api_key=KEY, api_base=base)
    assert info.info == local.model_info(MODEL) and info.needs_key
    log = _server_log(db_path)
    assert "served directly" in log and KEY not in log and base not in log


@pytest.mark.parametrize("step", [fault(500), fault(401), fault(429, retry_after=3)],
                         ids=["500", "401", "429"])
async def test_a_cold_failure_ends_as_through_litellm(
        db_path: Path, monkeypatch: pytest.MonkeyPatch, step: Step) -> None:
    with FakeModelServer(default=step) as fake:
        local = LiteLLMProvider(MODEL, api_key=KEY, api_base=fake.base_url, timeout=20)
        with pytest.raises(ProviderError) as expected:
            await _stream_local(local)
        fake.clear_requests()
        transport = _start_cold(db_path, monkeypatch)
        try:
            remote = RemoteProvider(SocketModelChannel(db_path), MODEL,
                                    key_source=KeySource(fixed=KEY), api_base=fake.base_url,
                                    timeout=20)
            with pytest.raises(ProviderError) as got:
                await _stream(remote)
        finally:
            transport.close()
        # Tried directly, then sent again through litellm, whose error it is.
        assert _clients(fake) == ["httpx", "litellm"]
    assert type(got.value) is type(expected.value)
    assert str(got.value) == str(expected.value)
    assert (got.value.status, got.value.retry_after) == (expected.value.status,
                                                          expected.value.retry_after)


async def test_a_refused_port_when_cold_ends_as_through_litellm(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closed = "http://127.0.0.1:9/v1"
    local = LiteLLMProvider(MODEL, api_key=KEY, api_base=closed, timeout=5)
    with pytest.raises(ProviderError) as expected:
        await _stream_local(local)
    transport = _start_cold(db_path, monkeypatch)
    try:
        remote = RemoteProvider(SocketModelChannel(db_path), MODEL,
                                key_source=KeySource(fixed=KEY), api_base=closed, timeout=5)
        with pytest.raises(ProviderError) as got:
            await _stream(remote)
    finally:
        transport.close()
    assert (type(got.value), str(got.value)) == (type(expected.value), str(expected.value))
    assert re.search(r"waits for litellm: openai/gpt-4o: ConnectError", _server_log(db_path))


async def _stream_local(local: LiteLLMProvider) -> list[ProviderEvent]:
    return [event async for event in local.stream(_request())]

