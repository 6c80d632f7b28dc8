"""Provider quirks, sent raw by the HTTP fake, through litellm into real `Agent` turns: every
case ends in a valid, complete turn (or a clear error that loses nothing), the stored session
validates, and the next request the server receives is one a strict provider accepts."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from providers_helpers import AddTool, fake_settings

from orkas_jupyter.engine import Agent, FakeClock, TurnResult
from orkas_jupyter.engine.history import validate_history
from orkas_jupyter.engine.messages import Message, ThinkingPart, ToolCallPart
from orkas_jupyter.providers import make_provider
from orkas_jupyter.testing import FakeModelServer, Raw, Step, quirks, reply, tool_call

_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_API_KEY", "sk-quirks-4444")


async def turn(script: list[Step], prompt: str = "add 1 and 2"
               ) -> tuple[TurnResult, list[Message], list[list[dict[str, Any]]]]:
    """One turn over the fake: its result, the stored session, every request's messages."""
    clock = FakeClock()
    with FakeModelServer(script) as server:
        provider = make_provider(fake_settings(server.base_url), clock=clock, timeout=5,
                                 environ={})
        agent = Agent(provider, tools=[AddTool()], clock=clock)
        events = [event async for event in agent.run(prompt)]
        history = await agent.history()
        sent = [r.messages for r in server.chat_requests]
    result = events[-1].result
    assert result is not None
    assert validate_history(history) == []
    for messages in sent:
        assert_acceptable(messages)
    return result, history, sent


def assert_acceptable(messages: list[dict[str, Any]]) -> None:
    """What strict OpenAI-compatible servers check in a request's history."""
    open_ids: list[str] = []
    for message in messages:
        if message["role"] == "tool":
            assert message["tool_call_id"] == open_ids.pop(0), messages
            continue
        assert not open_ids, f"calls {open_ids} unanswered before {message}"
        if message["role"] == "assistant":
            calls = message.get("tool_calls") or []
            assert message.get("content") is not None or calls, message
            ids = [c["id"] for c in calls]
            assert len(set(ids)) == len(ids) and all(ids), ids
            assert all(_NAME.match(c["function"]["name"]) for c in calls), calls
            open_ids = ids
    assert not open_ids


def results_of(messages: list[dict[str, Any]]) -> list[str]:
    return [m["content"] for m in messages if m["role"] == "tool"]


def assistant_calls(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [c for m in messages if m["role"] == "assistant" for c in m.get("tool_calls") or []]


def stored_calls(history: list[Message]) -> list[ToolCallPart]:
    return [c for m in history for c in m.tool_calls]


def fixes(history: list[Message]) -> str:
    return " | ".join(str(m.meta.get("provider_fixes", "")) for m in history)


async def test_two_calls_with_one_id_both_run_under_distinct_ids() -> None:
    result, history, sent = await turn([quirks.duplicate_ids(), reply("3 and 7")])
    assert result.stop_reason == "completed" and result.text == "3 and 7"
    assert (result.tool_calls, result.tool_errors) == (2, 0)
    first, second = stored_calls(history)
    assert first.id == "call_1" and first.provider_id is None
    assert second.id != "call_1" and second.provider_id == "call_1"
    assert "'call_1' was used twice" in fixes(history)
    # The next request: both calls, both results, paired by our ids.
    assert [c["id"] for c in assistant_calls(sent[1])] == ["call_1", second.id]
    assert results_of(sent[1]) == ["3", "7"]
    assert [m["role"] for m in sent[1]] == ["system", "user", "assistant", "tool", "tool"]


async def test_a_duplicate_id_keeps_the_shape_of_the_providers_ids() -> None:
    # Some providers check the form of ids they get back (nine alphanumerics).
    result, history, _ = await turn([quirks.duplicate_ids(id="a1B2c3D4e"), reply("ok")])
    first, second = stored_calls(history)
    assert result.tool_errors == 0 and first.id == "a1B2c3D4e"
    assert re.fullmatch(r"[A-Za-z0-9]{9}", second.id) and second.id != first.id


async def test_an_id_reused_across_responses_is_fine() -> None:
    script = [tool_call("add", {"a": 1, "b": 1}, id="call_same"),
              tool_call("add", {"a": 2, "b": 2}, id="call_same"), reply("2 then 4")]
    result, history, sent = await turn(script)
    assert result.text == "2 then 4" and result.tool_calls == 2
    assert [c.id for c in stored_calls(history)] == ["call_same", "call_same"]
    assert results_of(sent[2]) == ["2", "4"]


@pytest.mark.parametrize("ids", [(None,), ("",), (None, None), ("call_x", "")])
async def test_missing_or_empty_ids_get_fresh_ones(ids: tuple[str | None, ...]) -> None:
    result, history, sent = await turn([quirks.calls_with_ids(*ids), reply("done")])
    assert result.stop_reason == "completed" and result.tool_errors == 0
    calls = stored_calls(history)
    assert len(calls) == len(ids) and all(c.id for c in calls)
    assert len({c.id for c in calls}) == len(calls)
    assert "without an id" in fixes(history)
    assert results_of(sent[1]) == [str(i + 1) for i in range(len(ids))]


@pytest.mark.parametrize(("raw", "says"), [
    ('{"a": 1,, "b": 2}', "not valid JSON"),
    ('{"a": 1, "b": ', "not valid JSON"),
    ('[1, 2]', "must be a JSON object"),
    ('{"a": "one"}', "Invalid arguments for add"),
])
async def test_bad_argument_json_becomes_an_error_the_model_can_act_on(raw: str,
                                                                      says: str) -> None:
    result, _history, sent = await turn([quirks.arguments(raw), reply("I will resend it.")])
    assert result.stop_reason == "completed" and result.tool_errors == 1
    (answer,) = results_of(sent[1])
    assert says in answer
    # The call goes back verbatim: the model sees exactly what it sent.
    assert assistant_calls(sent[1])[0]["function"]["arguments"] == raw


async def test_a_json_string_holding_the_arguments_is_unwrapped_once() -> None:
    wrapped = json.dumps(json.dumps({"a": 20, "b": 22}))
    result, history, sent = await turn([quirks.arguments(wrapped), reply("42")])
    assert result.tool_errors == 0 and results_of(sent[1]) == ["42"]
    assert json.loads(assistant_calls(sent[1])[0]["function"]["arguments"]) == {"a": 20, "b": 22}
    assert "unwrapped once" in fixes(history)
    # Twice wrapped is not unwrapped twice: the model is told what it sent.
    twice = json.dumps(wrapped)
    result, _, sent = await turn([quirks.arguments(twice), reply("retry")])
    assert result.tool_errors == 1 and "must be a JSON object" in results_of(sent[1])[0]


@pytest.mark.parametrize(("name", "runs", "wire"), [
    ("functions.add", True, "add"), (" add ", True, "add"), ("add<|channel|>commentary", True,
                                                             "add"),
    ("", False, "unnamed_tool"), ("add numbers", False, "add_numbers"),
    ("math.sum", False, "math_sum"),
])
async def test_odd_tool_names(name: str, runs: bool, wire: str) -> None:
    result, history, sent = await turn([quirks.named(name), reply("done")])
    assert result.stop_reason == "completed"
    (answer,) = results_of(sent[1])
    if runs:
        assert answer == "3" and stored_calls(history)[0].name == "add"
        assert "was read as 'add'" in fixes(history)
    else:
        assert f"Unknown tool {name!r}. Available tools: add." == answer
    assert assistant_calls(sent[1])[0]["function"]["name"] == wire


@pytest.mark.parametrize(("step", "ids"), [
    (quirks.no_index(), ["call_a", "call_b"]), (quirks.same_index(), None),
    (quirks.id_before_name(), ["call_p", "call_q"])])
async def test_calls_sharing_a_stream_index_stay_separate(step: Raw,
                                                          ids: list[str] | None) -> None:
    result, history, sent = await turn([step, reply("3 and 7")])
    assert (result.tool_calls, result.tool_errors) == (2, 0)
    assert results_of(sent[1]) == ["3", "7"]
    assert len({c.id for c in stored_calls(history)}) == 2
    if ids is not None:  # the provider's ids are kept
        assert [c.id for c in stored_calls(history)] == ids


async def test_text_after_tool_calls_is_kept_with_them() -> None:
    result, _history, sent = await turn([quirks.text_after_calls("Adding now."), reply("3")])
    assert result.text == "3" and result.tool_errors == 0
    assistant = next(m for m in sent[1] if m["role"] == "assistant")
    assert assistant["content"] == "Adding now." and len(assistant["tool_calls"]) == 1


@pytest.mark.parametrize("reason", [None, "stop"])
async def test_calls_run_without_a_tool_calls_finish_reason(reason: str | None) -> None:
    result, history, sent = await turn([quirks.finish(reason), reply("4")])
    assert result.text == "4" and results_of(sent[1]) == ["4"]
    if reason is None:
        assert "no finish reason" in fixes(history)


async def test_text_without_a_finish_reason_is_kept_when_the_stream_closed_cleanly() -> None:
    step = Raw(frames=(quirks.chunk({"content": "the whole answer"}),))
    result, history, _ = await turn([step])
    assert result.stop_reason == "completed" and result.text == "the whole answer"
    assert "no finish reason" in fixes(history)


@pytest.mark.parametrize("usage_in", ["last", "every", "none"])
async def test_usage_where_ever_it_comes(usage_in: str) -> None:
    result, _, _ = await turn([quirks.text("twelve chars", usage_in=usage_in)])
    assert result.text == "twelve chars"
    if usage_in != "none":
        assert (result.usage.input_tokens, result.usage.output_tokens) == (12, 3)


@pytest.mark.parametrize("field", ["reasoning_content", "reasoning", "thinking",
                                   "reasoning_details"])
async def test_reasoning_under_any_providers_name_is_kept(field: str) -> None:
    result, history, _ = await turn([quirks.reasoning(field, "Six times seven.", "42")])
    assert result.text == "42"
    thinking = [p for p in history[-1].parts if isinstance(p, ThinkingPart)]
    assert [t.text for t in thinking] == ["Six times seven."]


async def test_reasoning_only_answer_is_not_sent_back_as_an_empty_message() -> None:
    clock = FakeClock()
    only_reasoning = Raw(frames=(quirks.chunk({"reasoning_content": "pondering"}),
                                 quirks.chunk({}, "stop")))
    with FakeModelServer([only_reasoning, reply("second answer")]) as server:
        agent = Agent(make_provider(fake_settings(server.base_url), clock=clock, timeout=5),
                      tools=[AddTool()], clock=clock)
        _ = [e async for e in agent.run("think")]
        second = [e async for e in agent.run("and answer")][-1].result
        sent = server.chat_requests[1].messages
    assert second is not None and second.text == "second answer"
    assert_acceptable(sent)
    assert [m["role"] for m in sent] == ["system", "user", "user"]


async def test_an_empty_message_is_a_clear_error_that_loses_nothing() -> None:
    result, history, _ = await turn([quirks.empty(), quirks.empty()])
    assert result.stop_reason == "error" and "empty response" in (result.error or "")
    assert [m.role for m in history] == ["user"]
