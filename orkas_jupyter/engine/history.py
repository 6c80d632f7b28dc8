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


def distinct_call_ids(msg: Message) -> Message:
    """`msg` with later calls that reuse an id in it renamed `<id>_dup<n>` (deterministic, so a
    stored history repairs the same way on every load); `provider_id` keeps the id sent.
    Dropping them instead would lose a call the model made, and its result."""
    seen: dict[str, int] = {}
    parts = []
    changed = False
    for p in msg.parts:
        if isinstance(p, ToolCallPart):
            count = seen.get(p.id, 0)
            seen[p.id] = count + 1
            if count:
                taken = {q.id for q in msg.tool_calls}
                new = f"{p.id}_dup{count}"
                while new in taken:
                    new += "_"
                p = p.model_copy(update={"id": new, "provider_id": p.provider_id or p.id})
                changed = True
        parts.append(p)
    return msg.model_copy(update={"parts": parts}) if changed else msg


def _answer_span(original: Message, assistant: Message, span: Sequence[Message]
                 ) -> list[Message]:
    """Results for `assistant`'s calls in declared order, then the span's other messages.

    Results may have been written out of order or after a stray message; the n-th result
    carrying an id answers the n-th call `original` made with that id (ids renamed by
    `distinct_call_ids` follow), a missing one gets an "interrupted" result, and results that
    answer no call of this message are dropped (they belong to nothing the model sent).
    """
    calls = assistant.tool_calls
    slots: dict[tuple[str, int], int] = {}
    occurrences: dict[str, int] = {}
    for position, call in enumerate(original.tool_calls):
        n = occurrences.get(call.id, 0)
        occurrences[call.id] = n + 1
        slots[(call.id, n)] = position
    found: dict[int, Message] = {}
    arrived: dict[str, int] = {}
    others: list[Message] = []
    for msg in span:
        if msg.role == "tool":
            result = msg.tool_result
            if result is None:
                continue
            n = arrived.get(result.call_id, 0)
            arrived[result.call_id] = n + 1
            slot = slots.get((result.call_id, n))
            if slot is not None:
                call = calls[slot]
                if call.id != result.call_id:
                    msg = msg.model_copy(update={
                        "parts": [result.model_copy(update={"call_id": call.id})]})
                found[slot] = msg
            continue
        others.append(msg)
    ordered = [found.get(i) or _interrupted(c) for i, c in enumerate(calls)]
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
        assistant = distinct_call_ids(msg)
        j = i + 1
        while j < n and messages[j].role != "assistant":
            j += 1
        out.append(assistant)
        out.extend(_answer_span(msg, assistant, messages[i + 1 : j]))
        i = j
    return out
