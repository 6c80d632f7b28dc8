"""The pairing invariant: validation, repair, enforcement on writes (E5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orkas_jupyter.engine import (
    HistoryError,
    InMemorySessionStore,
    Message,
    SessionLog,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    repair_history,
    validate_history,
)
from orkas_jupyter.engine.history import INTERRUPTED_TEXT
from orkas_jupyter.engine.messages import tool_message


def user(text: str) -> Message:
    return Message(role="user", parts=[TextPart(text=text)])


def assistant(text: str, *call_ids: str) -> Message:
    parts: list = [TextPart(text=text)] if text else []
    parts += [ToolCallPart(id=c, name="t", arguments="{}") for c in call_ids]
    return Message(role="assistant", parts=parts)


def result(call_id: str, text: str = "ok") -> Message:
    return tool_message(ToolResultPart(call_id=call_id, name="t", content=[TextPart(text=text)]))


def test_valid_history_has_no_problems():
    h = [user("q"), assistant("", "a", "b"), result("a"), result("b"), assistant("done")]
    assert validate_history(h) == []


def test_each_kind_of_breakage_is_reported():
    assert "no results for 'a'" in validate_history([user("q"), assistant("", "a")])[0]
    assert "answers no open call" in validate_history([user("q"), result("zz")])[0]
    assert "before results" in validate_history(
        [user("q"), assistant("", "a"), user("again"), result("a")])[0]
    assert "where 'a' was expected" in validate_history(
        [user("q"), assistant("", "a", "b"), result("b"), result("a")])[0]
    assert validate_history([user("q"), assistant("", "a")], allow_open_tail=True) == []


def test_repair_synthesizes_reorders_and_drops():
    h = [user("q"), assistant("", "a", "b", "c"), result("c", "C"), result("zz"), result("a", "A"),
         user("steer"), assistant("", "d")]
    fixed = repair_history(h)
    assert validate_history(fixed) == []
    roles_ids = [(m.role, m.tool_result.call_id if m.tool_result else m.text) for m in fixed]
    assert roles_ids == [("user", "q"), ("assistant", ""), ("tool", "a"), ("tool", "b"),
                         ("tool", "c"), ("user", "steer"), ("assistant", ""), ("tool", "d")]
    assert fixed[3].tool_result.is_error  # type: ignore[union-attr]
    assert fixed[3].tool_result.content[0].text == INTERRUPTED_TEXT  # type: ignore[union-attr]
    assert fixed[2].tool_result.content[0].text == "A"  # type: ignore[union-attr]
    assert repair_history(fixed) == fixed


# -- property-based: corrupt random valid histories -------------------------------------------

@st.composite
def valid_histories(draw: st.DrawFn) -> list[Message]:
    history: list[Message] = []
    n_turns = draw(st.integers(1, 6))
    counter = 0
    for t in range(n_turns):
        history.append(user(f"u{t}"))
        for _ in range(draw(st.integers(0, 3))):
            k = draw(st.integers(1, 3))
            ids = [f"c{counter + i}" for i in range(k)]
            counter += k
            history.append(assistant("", *ids))
            history.extend(result(i, f"r-{i}") for i in ids)
        history.append(assistant(f"a{t}"))
    return history


@st.composite
def corrupted(draw: st.DrawFn) -> list[Message]:
    h = list(draw(valid_histories()))
    for _ in range(draw(st.integers(1, 6))):
        if not h:
            break
        op = draw(st.sampled_from(["drop", "dup", "swap", "orphan", "move"]))
        i = draw(st.integers(0, len(h) - 1))
        if op == "drop":
            h.pop(i)
        elif op == "dup":
            h.insert(i, h[i])
        elif op == "swap" and i + 1 < len(h):
            h[i], h[i + 1] = h[i + 1], h[i]
        elif op == "orphan":
            h.insert(i, result(f"orphan{i}"))
        elif op == "move":
            m = h.pop(i)
            h.insert(draw(st.integers(0, len(h))), m)
    return h


def intact_pairs(h: list[Message]) -> set[tuple[str, str]]:
    """(call id, result text) for calls whose result follows in the same assistant span."""
    pairs: set[tuple[str, str]] = set()
    for i, m in enumerate(h):
        if m.role != "assistant" or not m.tool_calls:
            continue
        wanted = {c.id for c in m.tool_calls}
        seen: set[str] = set()
        for later in h[i + 1:]:
            if later.role == "assistant":
                break
            r = later.tool_result
            if r is not None and r.call_id in wanted and r.call_id not in seen:
                seen.add(r.call_id)
                pairs.add((r.call_id, r.content[0].text))  # type: ignore[union-attr]
    return pairs


def pairs_of(h: list[Message]) -> set[tuple[str, str]]:
    return {(m.tool_result.call_id, m.tool_result.content[0].text)  # type: ignore[union-attr]
            for m in h if m.tool_result is not None}


@settings(max_examples=300, deadline=None)
@given(corrupted())
def test_repair_always_validates_keeps_intact_pairs_and_is_idempotent(h):
    fixed = repair_history(h)
    assert validate_history(fixed) == []
    assert intact_pairs(h) <= pairs_of(fixed)
    assert repair_history(fixed) == fixed
    # Nothing that was not a tool result disappears.
    assert [m.id for m in h if m.role == "user"] == [m.id for m in fixed if m.role == "user"]


@settings(max_examples=100, deadline=None)
@given(valid_histories())
def test_repair_leaves_valid_histories_unchanged(h):
    assert repair_history(h) == h


# -- enforcement on writes ---------------------------------------------------------------------

async def test_session_log_refuses_writes_that_break_pairing():
    store = InMemorySessionStore()
    log = SessionLog(store, "s", [])
    await log.append([user("q"), assistant("", "a", "b")])
    with pytest.raises(HistoryError):
        await log.append([result("b")])
    with pytest.raises(HistoryError):
        await log.append([user("jumping the queue")])
    assert len(store.raw("s")) == 2  # nothing of the refused writes landed
    await log.append([result("a"), result("b"), assistant("fine")])
    assert validate_history(store.raw("s")) == []
    with pytest.raises(HistoryError):
        await log.rewrite([user("q"), assistant("", "x")])


async def test_load_repairs_a_crashed_session():
    store = InMemorySessionStore()
    await store.append("s", [user("q"), assistant("", "a")])  # crash before the result
    log = await SessionLog.open(store, "s")
    assert validate_history(log.messages) == []
    assert log.messages[-1].tool_result.is_error  # type: ignore[union-attr]
