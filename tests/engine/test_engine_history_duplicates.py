"""Repairing a history whose assistant message reuses a call id: both calls stay, each with
its own result, and the repair is the same on every load."""

from __future__ import annotations

from orkas_jupyter.engine import (
    InMemorySessionStore,
    Message,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    repair_history,
    validate_history,
)
from orkas_jupyter.engine.history import INTERRUPTED_TEXT, distinct_call_ids
from orkas_jupyter.engine.messages import tool_message


def calls(*pairs: tuple[str, str]) -> Message:
    return Message(role="assistant", parts=[ToolCallPart(id=i, name="add", arguments=a)
                                            for i, a in pairs])


def result(call_id: str, text: str) -> Message:
    return tool_message(ToolResultPart(call_id=call_id, name="add",
                                       content=[TextPart(text=text)]))


def user(text: str) -> Message:
    return Message(role="user", parts=[TextPart(text=text)])


def test_a_reused_id_is_renamed_and_each_result_follows_its_call() -> None:
    history = [user("q"), calls(("c1", '{"a":1}'), ("c1", '{"a":2}')),
               result("c1", "first"), result("c1", "second"), user("next")]
    fixed = repair_history(history)
    assert validate_history(fixed) == []
    first, second = fixed[1].tool_calls
    assert (first.id, first.provider_id) == ("c1", None)
    assert (second.id, second.provider_id, second.arguments) == ("c1_dup1", "c1", '{"a":2}')
    answers = [(m.tool_result.call_id, m.tool_result.content[0].text)  # type: ignore[union-attr]
               for m in fixed if m.tool_result is not None]
    assert answers == [("c1", "first"), ("c1_dup1", "second")]
    assert fixed[2].id == history[2].id and fixed[3].id == history[3].id
    assert repair_history(fixed) == fixed
    assert repair_history(history) == fixed  # the same on every load


def test_a_missing_second_result_is_marked_interrupted_not_dropped() -> None:
    fixed = repair_history([user("q"), calls(("c1", "{}"), ("c1", "{}")),
                            result("c1", "only one")])
    assert validate_history(fixed) == []
    texts = [m.tool_result.content[0].text  # type: ignore[union-attr]
             for m in fixed if m.tool_result is not None]
    assert texts == ["only one", INTERRUPTED_TEXT]


def test_renaming_avoids_ids_already_taken() -> None:
    message = calls(("c1", "{}"), ("c1_dup1", "{}"), ("c1", "{}"))
    ids = [c.id for c in distinct_call_ids(message).tool_calls]
    assert len(set(ids)) == 3 and ids[:2] == ["c1", "c1_dup1"]


async def test_a_stored_session_with_a_reused_id_loads_valid() -> None:
    store = InMemorySessionStore()
    # Written before the provider gave duplicates fresh ids (the store checks nothing).
    store._sessions["s"] = [user("q"), calls(("x", "{}"), ("x", "{}")), result("x", "1"),
                            result("x", "2")]
    loaded = await store.load("s")
    assert validate_history(loaded) == []
    assert len([m for m in loaded if m.tool_result is not None]) == 2
