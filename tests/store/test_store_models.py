"""The store server's model operations, as the wire sees them: requests it cannot read are
refused without repeating what they carried (keys, conversations), and a server started for
a workspace with a model imports litellm in the background, one without does not."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from orkas_jupyter.store.client import SocketTransport
from orkas_jupyter.store.errors import StoreArgumentError
from orkas_jupyter.store.private_dir import connect_private_socket
from orkas_jupyter.store.rpc import (
    RpcResponse,
    log_path_for,
    recv_frame,
)

from .conftest import server_pid

KEY = "sk-never-echoed-4e7a1c9d"


def test_a_malformed_model_request_is_refused_without_echoing_it(db_path: Path) -> None:
    transport = SocketTransport(db_path, idle_seconds=30)
    try:
        for op in ("model.stream", "model.info"):
            with pytest.raises(StoreArgumentError) as info:
                transport.call(op, {"key": KEY, "timeout": "soon", "request": {"bad": KEY}},
                               "r-" + op)
            message = str(info.value)
            assert KEY not in message and "soon" not in message
            assert "fields:" in message and "restart the kernel" in message
        # The connection is still good for store operations after a refused stream.
        assert transport.call("session.list", {}, "r-list") == []
    finally:
        transport.close()
    assert KEY.encode() not in log_path_for(db_path.resolve()).read_bytes()


def test_an_unreadable_frame_is_answered_with_field_names_only(db_path: Path) -> None:
    transport = SocketTransport(db_path, idle_seconds=30)
    try:
        transport.call("session.list", {}, "r-start")  # starts the server
        sock = connect_private_socket(transport.socket_path)
        try:
            body = f'{{"id": 1, "args": {{"api_key": "{KEY}"}}}}'.encode()
            sock.sendall(len(body).to_bytes(4, "big") + body)
            resp = RpcResponse.model_validate_json(recv_frame(sock))
        finally:
            sock.close()
    finally:
        transport.close()
    assert not resp.ok and resp.error_type == "StoreArgumentError"
    assert "op" in resp.error and KEY not in resp.error


def _cmdline(db: Path) -> list[bytes]:
    deadline = time.monotonic() + 10
    while (pid := server_pid(db)) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pid is not None
    return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")


@pytest.mark.parametrize("model", ["openai/gpt-4o", None])
def test_the_server_warms_models_only_for_a_workspace_with_a_model(
        db_path: Path, monkeypatch: pytest.MonkeyPatch, model: str | None) -> None:
    monkeypatch.delenv("ORKAS_WORKSPACE", raising=False)
    if model:
        monkeypatch.setenv("ORKAS_MODEL", model)
    else:
        monkeypatch.delenv("ORKAS_MODEL", raising=False)
    transport = SocketTransport(db_path, idle_seconds=30)
    try:
        transport.call("session.list", {}, "r-start")
        assert (b"--warm-models" in _cmdline(db_path)) == bool(model)
        # Asking to warm is always answered at once (the import runs in the background).
        started = time.monotonic()
        assert set(transport.call("model.warm", {}, "r-warm")) == {"warm"}
        assert time.monotonic() - started < 2
    finally:
        transport.close()


def test_store_calls_are_answered_while_a_model_stream_runs(db_path: Path) -> None:
    from orkas_jupyter.engine.messages import Message, TextPart
    from orkas_jupyter.engine.provider import ModelRequest
    from orkas_jupyter.providers.remote import StreamArgs
    from orkas_jupyter.store.rpc import RpcRequest, encode_frame

    with socket.socket() as probe:  # a port with nothing behind it
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    args = StreamArgs(model="openai/gpt-4o", api_base=closed, timeout=5, key=KEY,
                      request=ModelRequest(messages=[Message(role="user",
                                                             parts=[TextPart(text="hi")])]))
    transport = SocketTransport(db_path, idle_seconds=30)
    try:
        transport.call("session.list", {}, "r-start")
        stream = transport.open_connection()
        try:
            stream.sendall(encode_frame(RpcRequest(id=7, op="model.stream",
                                                   args=args.model_dump(mode="json"))))
            # The stream waits for litellm's import in a fresh server; the store answers.
            started = time.monotonic()
            transport.call("session.ensure", {"session_id": "s", "title": "", "notebook": ""},
                           "r-ensure")
            assert transport.call("session.list", {}, "r-list")[0]["id"] == "s"
            assert time.monotonic() - started < 2
            stream.settimeout(120)
            end = RpcResponse.model_validate_json(recv_frame(stream))
        finally:
            stream.close()
    finally:
        transport.close()
    assert (end.id, end.ok, end.more, end.error_type) == (7, False, False,
                                                         "ProviderUnreachableError")
    assert "connection refused" in end.error and KEY not in end.error
    assert end.detail == {"status": None, "retry_after": 0.5, "max_retries": 1}


def test_warm_up_starts_the_model_host_without_waiting_then_imports(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from orkas_jupyter.store.warm import warm_up

    workspace = db_path.parent.parent
    monkeypatch.setenv("ORKAS_WORKSPACE", str(workspace))
    monkeypatch.delenv("ORKAS_STORE", raising=False)
    monkeypatch.delenv("ORKAS_MODEL_HOST", raising=False)
    monkeypatch.setenv("ORKAS_MODEL", "openai/gpt-4o")
    steps = asyncio.run(warm_up(["colorsys"]))
    names = [name for name, _ in steps]
    assert names[-2:] == ["model host: started", "colorsys"]
    assert b"--warm-models" in _cmdline(db_path)
    # A second kernel finds the server running and asks it to warm (a no-op by now).
    deadline = time.monotonic() + 30
    while (steps := asyncio.run(warm_up()))[-1][0] != "model host: asked":
        assert steps[-1][0] == "model host: starting"
        assert time.monotonic() < deadline
        time.sleep(0.1)
    monkeypatch.setenv("ORKAS_MODEL_HOST", "kernel")
    assert asyncio.run(warm_up())[-1][0] == "model host: kernel"
    monkeypatch.delenv("ORKAS_MODEL")
    assert asyncio.run(warm_up())[-1][0] == "model host: no model"


def test_a_candidate_the_adapter_refuses_comes_back_as_its_error(db_path: Path) -> None:
    from orkas_jupyter.engine.messages import Message, TextPart
    from orkas_jupyter.engine.provider import ModelRequest
    from orkas_jupyter.providers.remote import StreamArgs
    from orkas_jupyter.store.rpc import RpcRequest, encode_frame

    args = StreamArgs(model="   ", timeout=5, key=KEY, request=ModelRequest(
        messages=[Message(role="user", parts=[TextPart(text="hi")])]))
    transport = SocketTransport(db_path, idle_seconds=30)
    try:
        stream = transport.open_connection()
        try:
            stream.sendall(encode_frame(RpcRequest(id=3, op="model.stream",
                                                   args=args.model_dump(mode="json"))))
            stream.settimeout(30)
            end = RpcResponse.model_validate_json(recv_frame(stream))
            # The connection stays usable after the refusal.
            stream.sendall(encode_frame(RpcRequest(id=4, op="session.list")))
            listed = RpcResponse.model_validate_json(recv_frame(stream))
        finally:
            stream.close()
    finally:
        transport.close()
    assert (end.id, end.ok, end.error_type) == (3, False, "ProviderConfigError")
    assert end.error.startswith("no model given") and KEY not in end.error
    assert (listed.id, listed.ok, listed.result) == (4, True, [])
