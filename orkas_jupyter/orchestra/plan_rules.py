"""The rules of a plan's run state (O7), as pure functions of the stored plan: which steps are
ready, what a step's outcome does to the plan (retry, `on_failure`), when the plan is done.
Only the orchestrator (`planner.py`) calls them, under the conversation's lock."""

from __future__ import annotations

import time
from typing import Any

from .plan_model import SETTLED, TERMINAL, StepSpec, render_input, summary_of
from .plan_store import PlanRecord

__all__ = ["apply", "awaiting_commander", "dispatch", "fail", "finish", "ready"]

# A failure the provider may not repeat (a dropped connection, a rate limit) re-runs the step.
MAX_TRANSIENT_RETRIES = 2


def awaiting_commander(record: PlanRecord) -> StepSpec | None:
    if record.state.status != "paused":
        return None
    for step in record.spec.steps:
        if step.on_failure == "ask_commander" and record.state.step(step.id).status \
                == "failed":
            return step
    return None


def ready(record: PlanRecord) -> list[StepSpec]:
    state = record.state
    return [s for s in record.spec.steps if state.step(s.id).status == "pending"
            and all(state.step(u).status in SETTLED for u in s.upstream())]


def dispatch(record: PlanRecord) -> list[int]:
    """Mark ready steps in progress (or blocked, for the user's); settle the plan. The
    steps to start now."""
    state = record.state
    started: list[int] = []
    if state.status == "running":
        running = sum(1 for s in state.steps.values() if s.status == "in_progress")
        for step in ready(record):
            st = state.step(step.id)
            if step.assignee == "user":
                st.status, st.question = "blocked", render_input(
                    record.spec, state, step, state.request)
                continue
            if running >= record.spec.parallel:
                break
            st.status, st.started_at = "in_progress", time.time()
            st.attempts += 1
            running += 1
            started.append(step.id)
    statuses = [state.step(s.id).status for s in record.spec.steps]
    if state.status in ("running", "blocked"):
        if all(s in TERMINAL for s in statuses):
            state.status = "failed" if "failed" in statuses else "done"
        elif "blocked" in statuses and "in_progress" not in statuses \
                and not ready(record):
            state.status = "blocked"
        elif state.status == "blocked" and "blocked" not in statuses:
            state.status = "running"
    return started


def apply(record: PlanRecord, step: StepSpec, outcome: dict[str, Any]) -> None:
    state = record.state.step(step.id)
    if state.status != "in_progress":
        return  # paused or cancelled meanwhile: that decision stands
    kind = outcome["kind"]
    if kind == "done":
        finish(state, "done", output=outcome["text"])
    elif kind == "blocked":
        state.status, state.question, state.answer = "blocked", outcome["question"], ""
    elif kind == "stopped":
        state.status = "pending"
        state.attempts = max(0, state.attempts - 1)
    elif outcome.get("transient") and state.transient_retries < MAX_TRANSIENT_RETRIES:
        state.status = "pending"
        state.transient_retries += 1
        state.attempts = max(0, state.attempts - 1)
    else:
        fail(record, step, outcome["reason"])


def fail(record: PlanRecord, step: StepSpec, reason: str) -> None:
    state = record.state.step(step.id)
    if step.on_failure == "continue":
        finish(state, "skipped", reason=f"failed, plan continued: {reason}")
        return
    finish(state, "failed", reason=reason)
    if step.on_failure == "abort_plan":
        for other in record.spec.steps:
            st = record.state.step(other.id)
            if st.status in ("pending", "blocked"):
                finish(st, "skipped", reason=f"step {step.id} failed; plan aborted")
        record.state.status, record.state.reason = "failed", f"step {step.id} failed"
    else:
        record.state.status = "paused"
        record.state.reason = (f"step {step.id} failed: {reason} — Commander decides "
                               "(or `%orkas plan resume` retries it)")


def finish(state: Any, status: str, *, output: str = "", reason: str = "") -> None:
    state.status, state.finished_at = status, time.time()
    state.output, state.output_summary = output, summary_of(output) if output else ""
    state.failure_reason = reason
