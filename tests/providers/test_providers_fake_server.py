"""The fake model server speaks the wire formats correctly, over real HTTP."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from orkas_jupyter.testing import (
    FakeModelServer,
    RecordedRequest,
    context_overflow,
    drop,
    fault,
    hangup,
    reply,
    slow,
    tool_call,
)


def sse_payloads(text: str) -> list[Any]:
    out: list[Any] = []
    for line in text.splitlines():
        if line.startswith("data: "):
            data = line[len("data: "):]
            out.append(data if data == "[DONE]" else json.loads(data))
    return out


def chat(server: FakeModelServer, **body: Any) -> httpx.Response:
    payload = {"model": "m", "messages": [{"role": "user", "content": "hi"}], **body}
    return httpx.post(f"{server.base_url}/chat/completions", json=payload,
                      headers={"authorization": "Bearer sk-one"}, timeout=5)


def test_streamed_text_and_usage_chunks() -> None:
    with FakeModelServer([reply("hello there, world", chunk_chars=5)]) as server:
        response = chat(server, stream=True, stream_options={"include_usage": True})
    assert response.headers["transfer-encoding"] == "chunked"
    events = sse_payloads(response.text)
    assert events[-1] == "[DONE]"
    text = "".join(e["choices"][0]["delta"].get("content") or "" for e in events[:-1]
                   if e["choices"])
    assert text == "hello there, world"
    finishes = [e["choices"][0]["finish_reason"] for e in events[:-1] if e["choices"]]
    assert finishes[-1] == "stop"
    assert events[-2]["choices"] == [] and events[-2]["usage"]["completion_tokens"] > 0


def test_tool_call_deltas_carry_id_and_name_first_then_fragments() -> None:
    with FakeModelServer([tool_call("add", {"a": 1, "b": 22}, chunk_chars=4)]) as server:
        events = sse_payloads(chat(server, stream=True).text)
    deltas = [d for e in events[:-1] if e["choices"]
              for d in e["choices"][0]["delta"].get("tool_calls") or []]
    assert deltas[0]["id"].startswith("call_") and deltas[0]["function"]["name"] == "add"
    assert all("id" not in d for d in deltas[1:])
    assert json.loads("".join(d["function"]["arguments"] for d in deltas)) == {"a": 1, "b": 22}
    assert events[-2]["choices"][0]["finish_reason"] == "tool_calls"


def test_non_streamed_reply_and_embeddings() -> None:
    with FakeModelServer([reply("plain")], embedding_dims=6) as server:
        body = chat(server).json()
        emb = httpx.post(f"{server.base_url}/embeddings",
                         json={"model": "e", "input": ["a", "b", "a"]}, timeout=5).json()
    assert body["choices"][0]["message"]["content"] == "plain"
    vectors = [d["embedding"] for d in emb["data"]]
    assert len(vectors) == 3 and all(len(v) == 6 for v in vectors)
    assert vectors[0] == vectors[2] != vectors[1]
    assert abs(sum(x * x for x in vectors[0]) - 1.0) < 1e-9


def test_faults_carry_status_retry_after_and_body() -> None:
    with FakeModelServer([fault(429, retry_after=3), fault(401), context_overflow()]) as server:
        limited, refused, overflow = chat(server), chat(server), chat(server)
    assert limited.status_code == 429 and limited.headers["retry-after"] == "3"
    assert refused.status_code == 401
    assert overflow.status_code == 400
    assert "maximum context length" in overflow.json()["error"]["message"]


def test_dropped_stream_is_a_protocol_error_for_the_client() -> None:
    with FakeModelServer([drop(after_chunks=2, chunk_chars=3), hangup()]) as server:
        with pytest.raises(httpx.RemoteProtocolError):
            chat(server, stream=True)
        with pytest.raises(httpx.RemoteProtocolError):
            chat(server, stream=True)


def test_slow_first_byte_is_slow() -> None:
    with FakeModelServer([slow(0.3)]) as server:
        start = time.perf_counter()
        chat(server, stream=True)
        assert time.perf_counter() - start >= 0.3


def test_requests_are_recorded_and_callable_mode_sees_them() -> None:
    seen: list[RecordedRequest] = []

    def answer(request: RecordedRequest) -> Any:
        seen.append(request)
        return reply(f"you said {request.messages[-1]['content']}")

    with FakeModelServer(answer) as server:
        body = chat(server).json()
        assert server.requests[0].api_key == "sk-one"
        assert server.requests[0].model == "m" and not server.requests[0].stream
    assert body["choices"][0]["message"]["content"] == "you said hi"
    assert len(seen) == 1


def test_exhausted_script_says_so() -> None:
    with FakeModelServer([reply("one")]) as server:
        chat(server)
        second = chat(server)
        assert server.remaining == 0
    assert second.status_code == 500
    assert "script exhausted" in second.json()["error"]["message"]


def test_anthropic_stream_has_thinking_signature_text_and_tool_use() -> None:
    step = tool_call("add", {"a": 1, "b": 2}, text="Let me add.")
    step = type(step)(**{**step.__dict__, "thinking": "I should add.", "signature": "sig-9"})
    with FakeModelServer([step]) as server:
        response = httpx.post(f"{server.root_url}/v1/messages", timeout=5, json={
            "model": "claude", "max_tokens": 10, "stream": True,
            "messages": [{"role": "user", "content": "hi"}]})
    events = sse_payloads(response.text)
    kinds = [e["type"] for e in events]
    assert kinds[0] == "message_start" and kinds[-1] == "message_stop"
    blocks = [e["content_block"]["type"] for e in events if e["type"] == "content_block_start"]
    assert blocks == ["thinking", "text", "tool_use"]
    deltas = [e["delta"] for e in events if e["type"] == "content_block_delta"]
    assert {"type": "signature_delta", "signature": "sig-9"} in deltas
    stop = next(e for e in events if e["type"] == "message_delta")
    assert stop["delta"]["stop_reason"] == "tool_use"


def test_stop_releases_a_stalled_response_quickly() -> None:
    server = FakeModelServer([slow(30)]).start()
    try:
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(f"{server.base_url}/chat/completions", timeout=0.3,
                       json={"model": "m", "messages": [], "stream": True})
    finally:
        start = time.perf_counter()
        server.stop()
    assert time.perf_counter() - start < 3


def test_raw_frames_go_out_exactly_as_scripted() -> None:
    from orkas_jupyter.testing import Raw, quirks

    frames = (quirks.chunk({"content": "a"}), "not json at all", b"data: {\"x\": 1}\n\n")
    with FakeModelServer([Raw(frames=frames), Raw(frames=(), done=False),
                          Raw(frames=(), body={"id": "plain"}), Raw(frames=())]) as server:
        first = chat(server, stream=True).text
        second = chat(server, stream=True).text
        third = chat(server).json()
        refused = chat(server)
    assert first == ("data: " + json.dumps(frames[0]) + "\n\n" + "data: not json at all\n\n"
                     + 'data: {"x": 1}\n\n' + "data: [DONE]\n\n")
    assert second == ""
    assert third == {"id": "plain"}
    assert refused.status_code == 400 and "only answers streamed" in refused.text
