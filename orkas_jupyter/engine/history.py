"""The pairing invariant (E5): every tool call is followed by exactly its result.

Providers reject histories where an assistant tool call is not answered before the next
message, and a crash, a cancel or a hand-edited store can leave one. `validate_history` says
what is wrong; `repair_history` fixes it without ever dropping an intact call/result pair.
"""

from __future__ import annotations

from collections.abc import Sequence

from .messages import Message, TextPart, ToolCallPart, ToolResultPart, tool_message

INTERRUPTED_TEXT = (
    "Tool call was interrupted before it returned a result; nothing is known of its effect."
)


class PairingTracker:
    """Checks the invariant incrementally, so each write is validated in time linear in the
    write, not in the whole history."""

    def __init__(self) -> None:
        self.pending: list[ToolCallPart] = []
        self.count = 0

    def feed(self, msg: Message) -> list[str]:
        """Account for one more message; return the problems it causes."""
        i = self.count
        self.count += 1
        problems: list[str] = []
        if msg.role == "tool":
            result = msg.tool_result
            if result is None:
                problems.append(f"message {i}: tool message without a result")
            elif not self.pending:
                problems.append(f"message {i}: result {result.call_id!r} answers no open call")
            elif result.call_id != self.pending[0].id:
                problems.append(
                    f"message {i}: result {result.call_id!r} where {self.pending[0].id!r} "
                    "was expected"
                )
                self.pending = [c for c in self.pending if c.id != result.call_id]
            else:
                self.pending.pop(0)
            return problems
        if self.pending:
            missing = ", ".join(repr(c.id) for c in self.pending)
            problems.append(f"message {i}: {msg.role} message before results of {missing}")
            self.pending = []
        if msg.role == "assistant":
            calls = msg.tool_calls
            if len({c.id for c in calls}) != len(calls):
                problems.append(f"message {i}: duplicate tool call ids")
            self.pending = list(calls)
        return problems

    def open_calls_problem(self) -> list[str]:
        """The problem of a history that ends with calls still unanswered."""
        if not self.pending:
            return []
        missing = ", ".join(repr(c.id) for c in self.pending)
        return [f"end of history: no results for {missing}"]


def validate_history(messages: Sequence[Message], *, allow_open_tail: bool = False) -> list[str]:
    """Return the invariant violations in `messages` (an empty list means valid).

    `allow_open_tail` accepts a history whose last assistant calls await their results (the
    state between writing a model's response and writing its tool results).
    """
    tracker = PairingTracker()
    problems: list[str] = []
    for msg in messages:
        problems.extend(tracker.feed(msg))
    if not allow_open_tail:
        problems.extend(tracker.open_calls_problem())
    return problems


def _interrupted(call: ToolCallPart) -> Message:
    """A synthesized result for a call whose result was lost: the model must not assume success."""
    return tool_message(ToolResultPart(call_id=call.id, name=call.name,
                                       content=[TextPart(text=INTERRUPTED_TEXT)], is_error=True))


def _dedupe_calls(msg: Message) -> Message:
    """Drop later calls that reuse an id within one message: results could not tell them apart."""
    seen: set[str] = set()
    parts = []
    for p in msg.parts:
        if isinstance(p, ToolCallPart):
            if p.id in seen:
                continue
            seen.add(p.id)
        parts.append(p)
    return msg if len(parts) == len(msg.parts) else msg.model_copy(update={"parts": parts})


def _answer_span(assistant: Message, span: Sequence[Message]) -> list[Message]:
    """Results for `assistant`'s calls in declared order, then the span's other messages.

    Results may have been written out of order or after a stray message; each call takes the
    first result carrying its id, a missing one gets an "interrupted" result, and results that
    answer no call of this message are dropped (they belong to nothing the model sent).
    """
    calls = assistant.tool_calls
    wanted = {c.id for c in calls}
    found: dict[str, Message] = {}
    others: list[Message] = []
    for msg in span:
        if msg.role == "tool":
            result = msg.tool_result
            if result is not None and result.call_id in wanted and result.call_id not in found:
                found[result.call_id] = msg
            continue
        others.append(msg)
    ordered = [found.get(c.id) or _interrupted(c) for c in calls]
    return ordered + others


def repair_history(messages: Sequence[Message]) -> list[Message]:
    """Return a history that satisfies the pairing invariant; idempotent and order-preserving."""
    out: list[Message] = []
    i = 0
    n = len(messages)
    while i < n:
        msg = messages[i]
        if msg.role == "tool":
            i += 1  # a result before any call it could answer
            continue
        if msg.role != "assistant" or not msg.tool_calls:
            out.append(msg)
            i += 1
            continue
        assistant = _dedupe_calls(msg)
        j = i + 1
        while j < n and messages[j].role != "assistant":
            j += 1
        out.append(assistant)
        out.extend(_answer_span(assistant, messages[i + 1 : j]))
        i = j
    return out
