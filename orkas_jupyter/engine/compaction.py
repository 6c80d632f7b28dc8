"""Compaction (E8): when a request would pass a share of the model's window, older history is
summarised by the model and the recent tail kept verbatim.

The cut always lands before a user or assistant message, never between a tool call and its
result, so the kept tail is valid on its own. If the tail that must be kept already fills the
window, summarising cannot help: the plan says so and no summary call is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .messages import ImagePart, Message, TextPart, ThinkingPart, ToolCallPart, ToolResultPart
from .tokens import TokenCache

SUMMARY_PREFIX = "[Summary of the earlier conversation, written by the assistant]\n\n"

SUMMARY_INSTRUCTIONS = """You are compacting a conversation between a user and an AI agent \
working in a Jupyter notebook so the agent can continue with less context. Write a concise \
summary that keeps: the user's goals and every explicit request or correction; decisions made \
and why; names of files, variables, cells and data the work touched; results that were found; \
errors met and how they were resolved; and what remains to be done. Do not invent anything. \
Write plain Markdown, no preamble."""

_MAX_PART_CHARS = 4_000


@dataclass(frozen=True)
class CompactionPlan:
    """Summarise `messages[:cut]`, keep `messages[cut:]`."""

    cut: int
    tokens_before: int
    tail_tokens: int


@dataclass(frozen=True)
class NoGain:
    """Compaction cannot bring the request under the limit."""

    reason: str


def clean_cut_points(messages: Sequence[Message]) -> list[int]:
    """Indices where history may be cut: before a user or assistant message."""
    return [i for i in range(1, len(messages)) if messages[i].role != "tool"]


def plan_compaction(
    messages: Sequence[Message],
    fixed_tokens: int,
    window: int,
    threshold: float,
    keep_tokens: int,
    summary_tokens: int,
    tokens: TokenCache,
) -> CompactionPlan | NoGain:
    """Choose the earliest clean cut whose tail fits `keep_tokens` (else the latest cut).

    `fixed_tokens` is what every request carries (system prompt, tool schemas).
    """
    per_message = [tokens.message(m) for m in messages]
    total = fixed_tokens + sum(per_message)
    cuts = clean_cut_points(messages)
    if not cuts:
        return NoGain("there is no earlier history to summarise")
    suffix = [0] * (len(messages) + 1)
    for i in range(len(messages) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + per_message[i]
    chosen = next((c for c in cuts if suffix[c] <= keep_tokens), cuts[-1])
    after = fixed_tokens + summary_tokens + suffix[chosen]
    if after >= threshold * window:
        return NoGain(
            f"the recent messages that must be kept (~{suffix[chosen]:,} tokens) and the "
            f"system prompt already fill the context window ({window:,} tokens)"
        )
    return CompactionPlan(cut=chosen, tokens_before=total, tail_tokens=suffix[chosen])


def _clip(text: str) -> str:
    if len(text) <= _MAX_PART_CHARS:
        return text
    return text[: _MAX_PART_CHARS // 2] + " […] " + text[-_MAX_PART_CHARS // 2 :]


def transcript(messages: Sequence[Message]) -> str:
    """A compact plain-text rendering of `messages` for the summariser."""
    lines: list[str] = []
    for msg in messages:
        for part in msg.parts:
            if isinstance(part, TextPart):
                lines.append(f"{msg.role.upper()}: {_clip(part.text)}")
            elif isinstance(part, ThinkingPart):
                continue
            elif isinstance(part, ImagePart):
                lines.append(f"{msg.role.upper()}: [image]")
            elif isinstance(part, ToolCallPart):
                lines.append(f"TOOL CALL {part.name}: {_clip(part.arguments)}")
            elif isinstance(part, ToolResultPart):
                body = " ".join(p.text if isinstance(p, TextPart) else "[image]"
                                for p in part.content)
                flag = " (error)" if part.is_error else ""
                lines.append(f"TOOL RESULT {part.name}{flag}: {_clip(body)}")
    return "\n".join(lines)


def summary_request_text(messages: Sequence[Message], max_chars: int) -> str:
    """The summariser's input; when too long, the start (often an earlier summary) and the
    most recent part are kept."""
    text = transcript(messages)
    if len(text) > max_chars:
        head = max_chars // 4
        omitted = "\n[… middle of the conversation omitted …]\n"
        text = text[:head] + omitted + text[-(max_chars - head) :]
    return f"{SUMMARY_INSTRUCTIONS}\n\n<conversation>\n{text}\n</conversation>"


def summary_message(summary: str, covered: int) -> Message:
    """The user-role message that stands for the summarised history."""
    return Message(role="user", parts=[TextPart(text=SUMMARY_PREFIX + summary.strip())],
                   meta={"summary": True, "covered_messages": covered})
