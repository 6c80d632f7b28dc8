"""The model host's cold path (`openai_wire.py`) against litellm, both on the real fake server:
for the same scripts, the same request body goes out and the same events come back; every
failure before the first event is left to litellm (`NotServed`); a failure after events
were sent ends as litellm ends it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from orkas_jupyter.engine.errors import ProviderError
from orkas_jupyter.engine.messages import (
    ImagePart,
    Message,
    TextPart,
    ToolCallPart,
    ToolResultPart,
)
from orkas_jupyter.engine.provider import ModelRequest, ProviderEvent, StreamEnd
from orkas_jupyter.engine.tools import ToolSpec
from orkas_jupyter.providers import openai_wire
from orkas_jupyter.providers._litellm import load_litellm
from orkas_jupyter.providers.keys import KeySource, needs_key
from orkas_jupyter.providers.litellm_provider import LiteLLMProvider
from orkas_jupyter.providers.model_table import bundled_model_table
from orkas_jupyter.providers.openai_wire import NotServed, WireLeaf, wire_model
from orkas_jupyter.testing import FakeModelServer, quirks, reply
from orkas_jupyter.testing.script import Step, drop, fault, tool_call, tool_calls

KEY = "sk-wire-test-5d8e2a7f"
ADD = ToolSpec(name="add", description="Add two integers.",
               parameters={"type": "object", "properties": {"a": {"type": "integer"},
                                                           "b": {"type": "integer"}}})


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeModelServer]:
    with FakeModelServer() as server:
        yield server


def _pair(fake: FakeModelServer, model: str = "openai/gpt-4o", *, ready: bool = False,
          timeout: float = 20) -> tuple[LiteLLMProvider, WireLeaf]:
    source = KeySource(fixed=KEY)
    local = LiteLLMProvider(model, key_source=source, api_base=fake.base_url, timeout=timeout)
    wire = WireLeaf(model, key_source=source, api_base=fake.base_url, timeout=timeout,
                    litellm_ready=lambda: ready)
    return local, wire


def _history() -> list[Message]:
    return [Message(role="user", parts=[TextPart(text="add 1 and 2, then say hi")]),
            Message(role="assistant", parts=[TextPart(text="Adding."), ToolCallPart(
                id="call_h1", name="add", arguments='{"a": 1, "b": 2}')]),
            Message(role="tool", parts=[ToolResultPart(call_id="call_h1", name="add",
                                                      content=[TextPart(text="3")])]),
            Message(role="assistant", parts=[TextPart(text="It is 3.")]),
            Message(role="user", parts=[TextPart(text="thanks")])]


def _request(**fields: Any) -> ModelRequest:
    fields.setdefault("messages", [Message(role="user", parts=[TextPart(text="hi")])])
    return ModelRequest(**fields)


def _canonical(events: list[ProviderEvent]) -> list[dict[str, Any]]:
    """Events as data; ids made up on the spot (message ids, fresh call ids) numbered by
    first appearance, so both paths compare equal when they do the same thing."""
    data = [e.model_dump(mode="json") for e in events]
    for item in data:
        if item["type"] == "end":
            item["message"].pop("id", None)
            item["message"].pop("created_at", None)
    text = json.dumps(data)
    fresh: dict[str, str] = {}
    for found in re.findall(r"call_[0-9a-f]{16}|call_[A-Za-z0-9]+_[A-Za-z0-9]{6,}", text):
        fresh.setdefault(found, f"fresh{len(fresh)}")
    for old, new in fresh.items():
        text = text.replace(old, new)
    return list(json.loads(text))


async def _through(provider: Any, request: ModelRequest) -> list[ProviderEvent]:
    stream = provider.stream_direct(request) if isinstance(provider, WireLeaf) else \
        provider.stream(request)
    return [event async for event in stream]


async def _both(fake: FakeModelServer, step: Step, request: ModelRequest | None = None,
                model: str = "openai/gpt-4o") -> tuple[list[Any], list[Any], list[Any]]:
    """(litellm's events, the wire path's, the two request bodies) for one scripted step."""
    local, wire = _pair(fake, model)
    request = request or _request(tools=[ADD])
    fake.clear_requests()
    fake.script([step, step])
    ours = await _through(wire, request)
    theirs = await _through(local, request)
    bodies = [r.body for r in fake.chat_requests]
    return _canonical(theirs), _canonical(ours), bodies


SCRIPTS: dict[str, Step] = {
    "text": reply("Hello from the fake model, in small pieces.", input_tokens=21,
                  output_tokens=9),
    "text, estimated usage": reply("No usage given by the script."),
    "reasoning then text": reply("42", thinking="Let me think about it."),
    "tool call, streamed arguments": tool_call("add", {"a": 1, "b": 2}, text="Sure.",
                                               id="call_wire1", chunk_chars=3),
    "two tool calls": tool_calls(("add", {"a": 1, "b": 2}), ("add", {"a": 3, "b": 4})),
    "length stop": reply("cut", finish_reason="length"),
    "duplicate ids": quirks.duplicate_ids(),
    "missing ids": quirks.calls_with_ids(None, ""),
    "no index": quirks.no_index(),
    "same index": quirks.same_index(),
    "id before name": quirks.id_before_name(),
    "json in a string": quirks.arguments(json.dumps('{"a": 1, "b": 2}')),
    "decorated name": quirks.named("functions.add"),
    "text after calls": quirks.text_after_calls(),
    "no finish reason": quirks.finish(None),
    "usage in every chunk": quirks.text(usage_in="every"),
    "reasoning field": quirks.reasoning("reasoning"),
    "thinking field": quirks.reasoning("thinking"),
    "reasoning details": quirks.reasoning("reasoning_details"),
    "empty message": quirks.empty(),
}


@pytest.mark.parametrize("name", list(SCRIPTS))
async def test_the_wire_path_gives_litellms_events_and_sends_its_body(
        fake: FakeModelServer, name: str) -> None:
    theirs, ours, bodies = await _both(fake, SCRIPTS[name])
    assert ours == theirs
    assert len(bodies) == 2 and bodies[0] == bodies[1]


@pytest.mark.parametrize("model", ["openai/gpt-4o", "openai/gpt-3.5-turbo",
                                   "openai/my-local-model"])
async def test_histories_tools_and_options_go_out_as_litellm_sends_them(
        fake: FakeModelServer, model: str) -> None:
    request = _request(system="You are terse.", messages=_history(), tools=[ADD],
                       max_tokens=64, session_id="session-wire-1")
    theirs, ours, bodies = await _both(fake, reply("ok", input_tokens=50, output_tokens=1),
                                       request, model)
    assert ours == theirs
    assert bodies[0] == bodies[1]
    assert bodies[0]["model"] == model.split("/", 1)[1] and "prompt_cache_key" in bodies[0]
    recorded = fake.chat_requests[0]
    assert recorded.api_key == KEY and recorded.path == "/v1/chat/completions"


async def test_every_openai_catalog_model_served_directly_gets_litellms_body(
        fake: FakeModelServer) -> None:
    table = bundled_model_table()
    models = [f"openai/{name}" for name, row in table.items() if isinstance(row, dict)
              and row.get("litellm_provider") == "openai" and "/" not in name]
    served = [m for m in models if wire_model(m, fake.base_url, {})]
    assert "openai/gpt-4o" in served and "openai/o3-mini" not in served
    request = _request(system="You are terse.", messages=_history(), tools=[ADD],
                       max_tokens=64, session_id="session-wire-2")
    fake.script(lambda _: reply("ok"))
    try:
        for model in served:
            local, wire = _pair(fake, model)
            fake.clear_requests()
            await _through(wire, request)
            await _through(local, request)
            bodies = [r.body for r in fake.chat_requests]
            assert bodies[0] == bodies[1], model
    finally:
        fake.script([])


async def test_the_cost_is_litellms_when_ready_and_the_bundled_price_before(
        fake: FakeModelServer) -> None:
    fake.script([reply("priced", input_tokens=1000, output_tokens=500)] * 3)
    local, _ = _pair(fake)
    end = next(e for e in await _through(local, _request()) if isinstance(e, StreamEnd))
    assert end.usage.cost_usd > 0
    for ready in (False, True):
        _, wire = _pair(fake, ready=ready)
        mine = next(e for e in await _through(wire, _request()) if isinstance(e, StreamEnd))
        assert mine.usage == end.usage


@pytest.mark.parametrize("step", [fault(500), fault(401), fault(429, retry_after=1),
                                  quirks.Raw(frames=("not json",)), drop(0),
                                  quirks.Raw(frames=({"error": {"message": "bad", "code": 400}},)),
                                  quirks.Raw(frames=(quirks.chunk({}, None),), done=True)],
                         ids=["500", "401", "429", "bad json", "dropped", "error chunk",
                              "nothing"])
async def test_a_failure_before_the_first_event_is_left_to_litellm(
        fake: FakeModelServer, step: Step) -> None:
    _, wire = _pair(fake)
    fake.script([step])
    stream = wire.stream_direct(_request())
    with pytest.raises(NotServed):
        await stream.__anext__()


async def test_a_refused_port_is_left_to_litellm() -> None:
    wire = WireLeaf("openai/gpt-4o", key_source=KeySource(fixed=KEY),
                    api_base="http://127.0.0.1:9/v1", timeout=5)
    with pytest.raises(NotServed):
        await wire.stream_direct(_request()).__anext__()


@pytest.mark.parametrize("step", [
    drop(after_chunks=2, text="Partial answer that never finishes"),
    quirks.Raw(frames=(quirks.chunk({"content": "part"}), "not json")),
    quirks.Raw(frames=(quirks.chunk({"content": "part"}),
                       {"error": {"message": "upstream gave up", "code": 500}})),
], ids=["dropped", "bad json", "error chunk"])
async def test_a_failure_after_events_ends_as_through_litellm(
        fake: FakeModelServer, step: Step) -> None:
    local, wire = _pair(fake)
    results = []
    for provider in (wire, local):
        fake.script([step])
        events: list[ProviderEvent] = []
        with pytest.raises(ProviderError) as info:
            async for event in (provider.stream_direct(_request()) if provider is wire
                                else provider.stream(_request())):
                events.append(event)
        results.append((type(info.value), str(info.value), _canonical(events)))
    assert results[0] == results[1]
    assert "the response stream broke off" in results[0][1] and results[0][2]
    assert KEY not in results[0][1]


async def test_a_silent_server_mid_stream_ends_as_through_litellm(
        fake: FakeModelServer) -> None:
    local, wire = _pair(fake, timeout=0.5)
    results = []
    for provider in (wire, local):
        fake.script([reply("slow answer arriving", stall_after=1, stall_seconds=1.5)])
        with pytest.raises(ProviderError) as info:
            async for _ in (provider.stream_direct(_request()) if provider is wire
                            else provider.stream(_request())):
                pass
        results.append((type(info.value), str(info.value)))
    assert results[0] == results[1]


def test_requests_litellm_would_change_are_not_served(fake: FakeModelServer) -> None:
    _, wire = _pair(fake)
    image = Message(role="user", parts=[TextPart(text="look"),
                                        ImagePart(media_type="image/png", data="iVBORw0KGgo=")])
    with pytest.raises(NotServed):
        wire.request_body(_request(messages=[image]))
    for model in ("openai/o3-mini", "openai/gpt-5", "openai/gpt-4o-audio-preview",
                  "anthropic/claude-sonnet-4-5", "hosted_vllm/llama", "gpt-4o"):
        assert not wire_model(model, fake.base_url, {})
    assert not wire_model("openai/gpt-4o", None, {})
    assert not wire_model("openai/gpt-4o", fake.base_url, {"temperature": 0})
    assert wire_model("openai/llama3.2", fake.base_url, {})


def test_bundled_prices_match_litellms_for_every_model_served_directly() -> None:
    litellm = load_litellm()
    table = bundled_model_table()
    models = [f"openai/{name}" for name, row in table.items() if isinstance(row, dict)
              and row.get("litellm_provider") == "openai" and "/" not in name]
    served = [m for m in models if wire_model(m, "http://127.0.0.1:1/v1", {})]
    for model in [*served, "openai/my-local-model"]:
        for prompt, completion in ((1000, 500), (300_000, 2_000), (0, 0)):
            try:
                theirs = sum(litellm.cost_per_token(model=model, prompt_tokens=prompt,
                                                    completion_tokens=completion))
            except Exception:  # no price: LiteLLMProvider counts 0
                theirs = 0.0
            assert openai_wire.bundled_cost(model, prompt, completion) == \
                pytest.approx(theirs, abs=1e-12), (model, prompt)


def test_model_info_and_keys_match_litellms_for_every_openai_chat_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    litellm = load_litellm()
    names = [k for k, v in litellm.model_cost.items()
             if isinstance(v, dict) and v.get("litellm_provider") == "openai"
             and v.get("mode") == "chat" and "/" not in k]
    models = [f"openai/{n}" for n in names] + ["openai/my-local-model", "openai/llama3.2"]
    models = [m for m in models if wire_model(m, "http://127.0.0.1:1/v1", {})]
    assert len(models) > 20
    for window in (None, 4096):
        for model in models:
            local = LiteLLMProvider(model, api_key=KEY, context_window=window)
            assert openai_wire.wire_model_info(model, window) == local.model_info(model), model
    for present in (True, False):
        if present:
            monkeypatch.setenv("OPENAI_API_KEY", "sk-host-env")
        else:
            monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        assert openai_wire.wire_needs_key("openai/my-local-model") == \
            needs_key("openai/my-local-model")
