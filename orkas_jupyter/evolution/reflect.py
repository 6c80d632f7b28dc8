"""One reflection run (V1, V2): the agent's pending signals, its private skills and its
competence profile go to the reflection model in one request, bounded by a token budget per
run and in total (and by the user's day budget, docs/budgets.md); its answer may hold one
SKILL.md and a competence profile, which are checked and applied, and the run is logged.

The budget is checked *before* the request: the activity summary is cut (oldest signals
first) until the estimate fits, and the answer is capped with `max_tokens`; a run that cannot
fit is logged as `over_budget` and sends nothing.
"""

from __future__ import annotations

import asyncio
import difflib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import BudgetExceededError
from ..engine.messages import user_message
from ..engine.provider import ModelRequest, Provider
from ..engine.tokens import estimate_tokens
from ..host.budget import open_budget
from .changes import ChangeRefused, Competence, parse_answer, write_skill
from .config import EvolutionConfig

log = logging.getLogger(__name__)

# The least answer worth asking for: below this, a run does not start.
MIN_OUTPUT_TOKENS = 200
PRIVATE_SKILL_CHARS = 1_500

REFLECT_SYSTEM = """You improve one AI agent from its recent work. You read what went wrong
or was hard in its recent turns (the user's corrections weigh most), its private skills and
its competence profile. Decide whether ONE skill in its private library would have avoided
the problems: a new skill, or a better version of one of its private skills (same name).

Answer with at most one of each block, nothing else:
<skill_md>
---
name: lower-case-hyphenated-name
description: what the skill does and when to use it (the agent chooses skills by this)
---
Short, concrete instructions for the agent (not for the user).
</skill_md>
<competence>
good at: task kind; task kind
bad at: task kind; task kind
</competence>
Write <no_change/> when no skill would help. Never put secrets, file contents or the user's
data in a skill."""


@dataclass
class RunInput:
    """Everything one run needs, gathered by the caller."""

    agent: str
    signals: list[dict[str, Any]]
    private_skills: dict[str, str]
    competence: Competence | None
    skills_folder: Path
    shared_names: set[str]
    spent_total: int
    # Credential values out of what is written (the store's redactor).
    redact: Callable[[str], str] = str


def _signal_line(signal: dict[str, Any]) -> str:
    return f"- [{signal['kind']}, weight {signal['weight']:g}] {signal['detail']}"


def summary_text(run: RunInput, signals: list[dict[str, Any]]) -> str:
    """The reflection request's user message."""
    lines = [f"Agent: {run.agent}", "", "Recent signals (oldest first):",
             *map(_signal_line, signals)]
    if run.private_skills:
        lines += ["", "Its private skills:"]
        for name, text in sorted(run.private_skills.items()):
            lines += [f"## {name}", text[:PRIVATE_SKILL_CHARS]]
    if run.competence is not None:
        lines += ["", f"Its competence profile: {run.competence.line()}"]
    return "\n".join(lines)


class OverBudget(Exception):
    """The run cannot fit its budgets; nothing was sent."""


def fit_request(run: RunInput, config: EvolutionConfig) -> tuple[str, list[dict[str, Any]], int]:
    """The summary that fits the run's budget (newest signals kept), the signals it holds and
    the answer's max_tokens. Raises OverBudget."""
    limit = min(config.run_tokens, config.total_tokens - run.spent_total)
    if limit <= 0:
        raise OverBudget(f"the total self-evolution budget of {config.total_tokens:,} tokens "
                         f"is used up ({run.spent_total:,} spent)")
    fixed = estimate_tokens(REFLECT_SYSTEM)
    signals = list(run.signals)
    while signals:
        text = summary_text(run, signals)
        used = fixed + estimate_tokens(text)
        if used + MIN_OUTPUT_TOKENS <= limit:
            return text, signals, min(config.max_output_tokens, limit - used)
        signals = signals[1:]  # the oldest go first
    raise OverBudget(f"the run budget of {limit:,} tokens cannot hold the system prompt, one "
                     f"signal and a {MIN_OUTPUT_TOKENS}-token answer")


def _diff(before: str | None, after: str | None, name: str) -> str:
    return "".join(difflib.unified_diff((before or "").splitlines(keepends=True),
                                        (after or "").splitlines(keepends=True),
                                        f"a/{name}", f"b/{name}"))


def entry_diff(entry: dict[str, Any]) -> str:
    """The unified diff of what an entry changed (skill and profile)."""
    parts = []
    if entry.get("skill"):
        parts.append(_diff(entry.get("skill_before"), entry.get("skill_after"),
                           f"{entry['skill']}/SKILL.md"))
    if entry.get("profile_after") is not None:
        def show(raw: str | None) -> str | None:
            return None if raw is None else Competence.model_validate_json(raw).line() + "\n"
        parts.append(_diff(show(entry.get("profile_before")), show(entry.get("profile_after")),
                           "competence"))
    return "".join(parts)


async def run_reflection(run: RunInput, config: EvolutionConfig, *, provider: Provider,
                         store: Any, settings: Any) -> dict[str, Any]:
    """Run one reflection and apply what it proposes; the entry to log (`consume`: the
    signal ids it used, empty when the run did not happen)."""
    summary = "; ".join(f"{s['kind']}×1" for s in run.signals)
    entry: dict[str, Any] = {"agent": run.agent, "summary": summary, "model": config.model or ""}
    try:
        text, used, max_tokens = fit_request(run, config)
        model = provider.model_info(config.model).model
        entry["model"] = model
        day = await open_budget(settings, store, f"evolution-{run.agent}")
        if day is not None:  # the user's budgets hold reflection too
            day.check(model, estimate_tokens(REFLECT_SYSTEM) + estimate_tokens(text), max_tokens)
    except (OverBudget, BudgetExceededError) as exc:
        return {**entry, "status": "over_budget", "note": str(exc), "consume": []}
    entry["summary"] = _summarise(used)
    request = ModelRequest(model=config.model, system=REFLECT_SYSTEM,
                           messages=[user_message(text)], max_tokens=max_tokens, purpose="aux",
                           agent=run.agent)
    end = await provider.complete(request)
    usage = end.usage
    entry.update(input_tokens=usage.input_tokens, output_tokens=usage.output_tokens,
                 cost_usd=usage.cost_usd, consume=[s["id"] for s in used])
    record = getattr(store, "record_usage", None)
    if record is not None:  # the ledger (and so the day budget) counts reflection
        await record(f"evolution-{run.agent}", model, usage.input_tokens, usage.output_tokens,
                     usage.cost_usd)
    return {**entry, **await asyncio.to_thread(_apply, run, end.message.text)}


def _summarise(signals: list[dict[str, Any]]) -> str:
    counts: dict[str, float] = {}
    for s in signals:
        counts[s["kind"]] = counts.get(s["kind"], 0) + 1
    weight = sum(s["weight"] for s in signals)
    return f"weight {weight:g}: " + ", ".join(f"{k} ×{v:g}" for k, v in counts.items())


def _apply(run: RunInput, answer: str) -> dict[str, Any]:
    """Apply the answer's skill (checked) and competence; the entry's fields for it."""
    proposal = parse_answer(answer)
    out: dict[str, Any] = {"status": "no_change", "note": ""}
    if proposal.skill_md is not None:
        try:
            if run.redact(proposal.skill_md) != proposal.skill_md:
                raise ChangeRefused("it holds a credential value")
            name, before = write_skill(run.skills_folder, proposal.skill_md, run.shared_names)
        except ChangeRefused as exc:
            out["note"] = f"skill refused: {exc}"
        else:
            out.update(status="applied", skill=name, skill_before=before,
                       skill_after=proposal.skill_md)
    if proposal.competence is not None and proposal.competence != run.competence:
        out.update(status="applied", profile_after=proposal.competence.model_dump_json(),
                   profile_before=(run.competence.model_dump_json()
                                   if run.competence is not None else None))
    return out
