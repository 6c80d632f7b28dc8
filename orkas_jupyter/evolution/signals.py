"""Signal detectors (V1) and the turn observer that runs them. Each detector is a small pure
function over what one turn showed; docs/evolution.md writes every rule down.

- correction: the user's message *opens* with a correction ("no, …", "that's wrong", in a few
  languages); only a root turn's own user message counts (not a task Commander sent).
- review_rejected: a tool result says the user rejected the edit in review mode.
- error_recovery: a tool call failed and, later in the same turn, a *different* call (another
  tool, or the same tool with other arguments) succeeded; plain retries do not count.
- complexity: the turn took many tool calls or model calls.
- weakness_hit / weakness_overcome: the turn's task names something the agent's competence
  profile says it is bad at (word stems shared, see `touches`); hit when the turn failed or
  was corrected, overcome when it went through cleanly.
- skill_ineffective: a skill was loaded (`load_skill`) in a turn that ended in an error (or
  was stopped by the loop guard).
  (An undone turn gives `undo` and `skill_ineffective` later, from the store: see
  `store/evolution_ops.py` `sync_undos`.)
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.events import Done, Error, Event, ToolEnd, TurnResult
from ..tools.checkpoint import current_checkpoint
from .config import WEIGHTS

REVIEW_REJECTED_PREFIX = "Not applied: the user rejected"
COMPLEX_TOOL_CALLS = 10
COMPLEX_MODEL_CALLS = 8
CORRECTIONS = ("correction", "review_rejected")
DETAIL_CHARS = 300

# Openings that say "you got it wrong", checked on the first words of the user's message.
_CORRECTIONS = [
    # English
    r"no\s*[,.!:;]", r"nope\b", r"wrong\b", r"incorrect\b", r"not (quite|right)\b",
    r"(that|this|it)('s| is) (wrong|incorrect|not (right|correct|what))",
    r"not what i (asked|wanted|meant)", r"you (broke|got it wrong|made a mistake)",
    r"don'?t do that", r"that('s| is) not it\b",
    # Spanish, Portuguese, Italian
    r"(eso )?(está|esta) (mal|equivocado)", r"incorrecto\b", r"te equivocaste",
    r"não\s*[,.!]", r"(isso )?(está|esta) errado", r"errado\b", r"(è )?sbagliato",
    r"non è (giusto|corretto)",
    # French, German
    r"non\s*[,.!]", r"c'est (faux|pas (ça|ce que))", r"faux\b", r"nein\b",
    r"(das ist )?falsch\b", r"(das )?stimmt nicht\b",
    # Chinese, Japanese
    r"不对", r"错了", r"不是这样", r"違う", r"ちがう", r"間違",
]
_CORRECTION = re.compile("|".join(f"(?:{p})" for p in _CORRECTIONS))
_LEADING = re.compile(r"^(?:@[\w-]+[\s,:]*)?[\s\"'“”‘’«»(\[]*")


def is_correction(text: str) -> bool:
    """Does the message open with a correction? An @mention and quotes are skipped; only the
    first 80 characters are looked at (a correction comes first)."""
    norm = unicodedata.normalize("NFKC", text).lower().replace("’", "'")
    norm = _LEADING.sub("", norm, count=1)[:80]
    return _CORRECTION.match(norm) is not None


@dataclass(frozen=True)
class Call:
    """One finished tool call as the observer saw it."""

    name: str
    arguments: str
    is_error: bool
    text: str


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= DETAIL_CHARS else text[:DETAIL_CHARS - 1] + "…"


def review_rejection(calls: Sequence[Call]) -> str | None:
    """The first edit the user rejected in review, if any."""
    for call in calls:
        if call.text.startswith(REVIEW_REJECTED_PREFIX):
            return _short(f"{call.name}: {call.text}")
    return None


def error_recovery(calls: Sequence[Call]) -> str | None:
    """A failed call followed by a *different* successful one (name or arguments differ); a
    review rejection is the user's decision, not an error to recover from."""
    for i, failed in enumerate(calls):
        if not failed.is_error or failed.text.startswith(REVIEW_REJECTED_PREFIX):
            continue
        for later in calls[i + 1:]:
            if not later.is_error and (later.name, later.arguments) != (failed.name,
                                                                          failed.arguments):
                return _short(f"{failed.name} failed ({failed.text}); then {later.name} "
                              f"with {later.arguments} worked")
    return None


def complexity(result: TurnResult | None) -> str | None:
    """A long turn: at least COMPLEX_TOOL_CALLS tool calls or COMPLEX_MODEL_CALLS model calls."""
    if result is None:
        return None
    if result.tool_calls >= COMPLEX_TOOL_CALLS or result.model_calls >= COMPLEX_MODEL_CALLS:
        return f"{result.tool_calls} tool calls, {result.model_calls} model calls"
    return None


def loaded_skills(calls: Sequence[Call]) -> list[str]:
    """Skills `load_skill` returned in this turn."""
    names = []
    for call in calls:
        if call.name == "load_skill" and not call.is_error:
            try:
                name = json.loads(call.arguments or "{}").get("name")
            except (ValueError, AttributeError):
                continue
            if isinstance(name, str) and name not in names:
                names.append(name)
    return names


_WORD = re.compile(r"\w+")
STEM = 4


def _stems(text: str) -> set[str]:
    """Word stems (first letters of words of four letters or more)."""
    return {w[:STEM] for w in _WORD.findall(text.lower()) if len(w) >= 4}


def touches(task: str, item: str) -> bool:
    """Does `task` name the weakness `item`? At least two of its word stems (its only one,
    when it has one) appear in the task."""
    stems = _stems(item)
    return bool(stems) and len(stems & _stems(task)) >= min(2, len(stems))


def weakness(task: str, bad_at: Sequence[str], went_wrong: bool) -> tuple[str, str] | None:
    """("weakness_hit" or "weakness_overcome", detail) when the task touches a weakness."""
    item = next((b for b in bad_at if touches(task, b)), None)
    if item is None:
        return None
    if went_wrong:
        return "weakness_hit", f"a known weakness ({item}) showed again"
    return "weakness_overcome", f"a task touching a known weakness ({item}) went through"


@dataclass
class TurnReport:
    """What one turn of an evolving agent gave: its signals and the skills it loaded."""

    agent: str
    session_id: str
    turn_id: str
    failed: bool
    skills: list[str]
    signals: list[tuple[str, float, str]] = field(default_factory=list)
    # The turn's task (the user's message, or the task Commander sent), for weaknesses.
    task: str = ""

    def add_weakness(self, bad_at: Sequence[str]) -> None:
        """Add the weakness signal, if the task touches one of `bad_at`."""
        wrong = self.failed or any(k in CORRECTIONS for k, _, _ in self.signals)
        found = weakness(self.task, bad_at, wrong)
        if found is not None:
            self.signals.append((found[0], WEIGHTS[found[0]], found[1]))


def report_of(agent: str, session_id: str, turn_id: str, user_text: str | None,
              calls: Sequence[Call], result: TurnResult | None, failed: bool,
              task: str = "") -> TurnReport:
    """Run every detector over one turn (weaknesses: `TurnReport.add_weakness`)."""
    skills = loaded_skills(calls)
    report = TurnReport(agent, session_id, turn_id, failed, skills, task=task)

    def add(kind: str, detail: str | None) -> None:
        if detail is not None:
            report.signals.append((kind, WEIGHTS[kind], detail))

    if user_text is not None and is_correction(user_text):
        add("correction", _short(f"the user said: {user_text}"))
    add("review_rejected", review_rejection(calls))
    add("error_recovery", error_recovery(calls))
    add("complexity", complexity(result))
    if failed:
        for skill in skills:
            add("skill_ineffective", f"skill {skill} was loaded in a turn that failed")
    return report


def _canonical(arguments: str) -> str:
    """Arguments as sorted JSON, so the same call written twice compares equal."""
    try:
        return json.dumps(json.loads(arguments or "{}"), sort_keys=True, ensure_ascii=False)
    except ValueError:
        return arguments


def _text(parts: Any) -> str:
    return "".join(getattr(p, "text", "") for p in parts)


class TurnWatch:
    """The observer of one turn of an evolving agent: keeps its tool calls, and at its end
    hands the report to `done` (which must not block)."""

    def __init__(self, agent: str, session_id: str, parent_call_id: str | None,
                 done: Callable[[TurnReport], None]) -> None:
        self.agent = agent
        self.session_id = session_id
        self.parent_call_id = parent_call_id
        self.done = done
        self.calls: list[Call] = []

    def __call__(self, event: Event) -> None:
        if event.parent_call_id != self.parent_call_id:
            return  # a team child's event, forwarded: its own watch sees it
        if isinstance(event, ToolEnd):
            self.calls.append(Call(event.call.name, _canonical(event.call.arguments),
                                   event.result.is_error, _text(event.result.content)))
        elif isinstance(event, Done | Error):
            result = event.result
            failed = isinstance(event, Error) or (
                result is not None and result.stop_reason in ("error", "loop_guard"))
            user = next((m for m in (result.new_messages if result else [])
                         if m.role == "user"), None)
            # The root turn's checkpoint (a team child joins its root's) names the turn.
            checkpoint = current_checkpoint()
            turn_id = (checkpoint.turn_id if checkpoint is not None
                       else user.id if user is not None else "")
            # The user's own words: only in the root turn (its user message names the turn).
            user_text = user.text if user is not None and user.id == turn_id else None
            self.done(report_of(self.agent, self.session_id, turn_id, user_text, self.calls,
                                result, failed, task=user.text if user is not None else ""))
