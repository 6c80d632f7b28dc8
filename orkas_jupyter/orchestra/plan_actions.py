"""What users and Commander do to a plan (O7): create it, answer a blocked step, pause,
cancel, resume, edit, decide about a failed step — each under the conversation's lock, each
saved with compare-and-swap and told to the listeners (the panel). `planner.Planner` adds the
running of steps."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from ..engine.messages import new_id
from . import plan_rules as rules
from .plan_model import PlanError, PlanSpec, PlanState
from .plan_store import PlanRecord, PlanStore
from .team import TeamRuntime

__all__ = ["ACTIVE", "MAX_ATTEMPTS", "PlanBook"]

ACTIVE = ("running", "paused", "blocked")
# A step interrupted by a crash runs once more; a second crash follows its `on_failure`.
MAX_ATTEMPTS = 2


class PlanBook:
    """A host's plans: where they are stored, the per-conversation locks, and what users
    and Commander do to them (create, answer, pause, resume, edit, decide). The running of
    steps is `Planner`'s."""

    def __init__(self, orchestra: TeamRuntime) -> None:
        self.o = orchestra
        self._store: PlanStore | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: dict[str, dict[int, asyncio.Task[None]]] = {}
        self._drivers: dict[str, Any] = {}
        # The plan as this kernel last saved it, by conversation (planner.py reconciles on it).
        self._last: dict[str, PlanRecord] = {}
        self.listeners: list[Callable[[PlanRecord], Awaitable[None] | None]] = []
        # Plans Commander created in a turn still running, by conversation (driven after it).
        self.created: dict[str, str] = {}
        # Seconds from a dependency's end to the next step's start (benchmarks/plan.py).
        self.timings: list[float] = []

    @property
    def store(self) -> PlanStore:
        if self._store is None:
            self._store = PlanStore(self.o.host.store())
        return self._store

    def _lock(self, session_id: str) -> asyncio.Lock:
        return self._locks.setdefault(session_id, asyncio.Lock())

    # -- what users and Commander do --------------------------------------------------------
    async def create(self, session_id: str, spec: PlanSpec, request: str = "") -> PlanRecord:
        """Check and store a new plan (not started); PlanError says what is wrong."""
        spec = spec.checked(set(self.o.team.agents()))
        state = PlanState(request=request)
        for step in spec.steps:
            state.step(step.id)
        record = await self.store.create(new_id("plan"), session_id, spec, state)
        self._last[session_id] = record.copy()  # the conversation's plan is this one now
        self.created[session_id] = record.id
        await self._notify(record)
        return record

    async def set_request(self, session_id: str, request: str) -> None:
        """The user's request a plan Commander wrote serves (known after its turn)."""
        async with self._lock(session_id):
            record = await self._active(session_id)
            if not record.state.request:
                record.state.request = request
                await self._save(record)

    async def latest(self, session_id: str) -> PlanRecord | None:
        return await self.store.latest(session_id)

    async def answer(self, session_id: str, step_id: int, text: str) -> PlanRecord:
        """The user's answer to a blocked step; the plan resumes on the next drive."""
        async with self._lock(session_id):
            record = await self._active(session_id)
            if step_id not in {s.id for s in record.spec.steps}:
                raise PlanError(f"the plan has no step {step_id}")
            state = record.state.step(step_id)
            if state.status != "blocked":
                raise PlanError(f"step {step_id} is {state.status}, not waiting for an answer")
            state.answer = text
            step = record.spec.step(step_id)
            if step.assignee == "user":
                rules.finish(state, "done", output=text)
            else:
                state.status = "pending"  # its agent continues with the answer
            if not any(s.status == "blocked" for s in record.state.steps.values()):
                record.state.status = "running"
            await self._save(record)
            return record

    async def pause(self, session_id: str) -> PlanRecord:
        record = await self._set_status(session_id, "paused", "paused by the user")
        await self._stop_steps(record.id, "the plan was paused")
        return record

    async def cancel(self, session_id: str) -> PlanRecord:
        record = await self._set_status(session_id, "cancelled", "cancelled by the user")
        await self._stop_steps(record.id, "the plan was cancelled")
        return record

    async def resume(self, session_id: str) -> PlanRecord:
        """A paused (or crashed) plan runs again: stale `in_progress` steps run once more or
        follow `on_failure`; failed steps waiting for Commander are retried."""
        async with self._lock(session_id):
            record = await self._active(session_id)
            running = self._tasks.get(record.id, {})
            # A step failed here by its second crash paused the plan for Commander or
            # aborted it: that outcome stands (the drive consults Commander).
            decided = False
            for step in record.spec.steps:
                state = record.state.step(step.id)
                if state.status == "in_progress" and step.id not in running:
                    if state.attempts >= MAX_ATTEMPTS:
                        rules.fail(record, step, "interrupted twice (the kernel stopped "
                                   "while it ran)")
                        decided = decided or step.on_failure != "continue"
                    else:
                        state.status = "pending"
                elif state.status == "failed" and step.on_failure == "ask_commander":
                    state.status, state.failure_reason = "pending", ""
            if not decided and (record.state.status in ("paused", "failed") or not any(
                    s.status == "blocked" for s in record.state.steps.values())):
                record.state.status, record.state.reason = "running", ""
            await self._save(record)
            return record

    async def edit(self, session_id: str, spec: PlanSpec) -> PlanRecord:
        """Replace the steps of the active plan; steps running or finished must stay as
        they are (the stored state is unchanged when the edit is refused)."""
        spec = spec.checked(set(self.o.team.agents()))
        async with self._lock(session_id):
            record = await self._active(session_id)
            new = {s.id: s for s in spec.steps}
            for old in record.spec.steps:
                status = record.state.step(old.id).status
                if status in ("in_progress", "done") and old.id not in new:
                    raise PlanError(f"step {old.id} is {status}; an edit cannot remove it")
                if status in ("in_progress", "done") and new[old.id] != old:
                    raise PlanError(f"step {old.id} is {status}; an edit cannot change it")
            record.spec = spec
            steps = {sid: s for sid, s in record.state.steps.items() if sid in new}
            record.state = record.state.model_copy(update={"steps": steps})
            for step in spec.steps:
                record.state.step(step.id)
            if not await self._save(record, with_spec=True):
                raise PlanError("the plan changed meanwhile; look at it again and retry")
            return record

    async def decide(self, session_id: str, step_id: int, action: str,
                     new_input: str = "") -> PlanRecord:
        """Commander's decision on a failed step: retry (optionally with a new input), skip
        it, or abort the plan."""
        async with self._lock(session_id):
            record = await self._active(session_id)
            if step_id not in {s.id for s in record.spec.steps}:
                raise PlanError(f"the plan has no step {step_id}")
            state = record.state.step(step_id)
            if state.status != "failed":
                raise PlanError(f"step {step_id} is {state.status}; only a failed step can be "
                                "retried, skipped or aborted")
            step = record.spec.step(step_id)
            if action == "retry":
                if new_input:
                    steps = [s.model_copy(update={"input": new_input}) if s.id == step_id
                             else s for s in record.spec.steps]
                    record.spec = record.spec.model_copy(update={"steps": steps}).checked(
                        set(self.o.team.agents()))
                state.status, state.failure_reason, state.attempts = "pending", "", 0
            elif action == "skip":
                rules.finish(state, "skipped", reason=f"skipped by Commander after: "
                             f"{state.failure_reason}")
            elif action == "abort":
                aborted = step.model_copy(update={"on_failure": "abort_plan"})
                state.status = "in_progress"
                rules.fail(record, aborted, state.failure_reason or "aborted by Commander")
            else:
                raise PlanError(f"unknown action {action!r}: retry, skip or abort")
            if record.state.status == "paused" and action in ("retry", "skip"):
                record.state.status, record.state.reason = "running", ""
            if not await self._save(record, with_spec=action == "retry"):
                raise PlanError("the plan changed meanwhile; look at it again and retry")
            return record

    # -- driving -----------------------------------------------------------------------------
    async def _active(self, session_id: str, any_status: bool = False) -> PlanRecord:
        record = await self.store.latest(session_id)
        if record is None:
            raise PlanError("this conversation has no plan (`%%orkas plan` writes one)")
        if not any_status and record.state.status not in ACTIVE:
            raise PlanError(f"the plan is {record.state.status}; nothing to do")
        return record

    async def _save(self, record: PlanRecord, *, with_spec: bool = False) -> bool:
        """Save (compare-and-swap); every saved change reaches the listeners (the panel)."""
        saved = await self.store.save(record, with_spec=with_spec)
        if saved:
            self._last[record.session_id] = record.copy()
        else:
            self._last.pop(record.session_id, None)
        if saved:
            await self._notify(record)
        return saved

    async def _notify(self, record: PlanRecord) -> None:
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):
                result = listener(record)
                if asyncio.iscoroutine(result):
                    await result

    def driving(self, session_id: str) -> bool:
        """Whether a surface is driving the conversation's plan now."""
        return session_id in self._drivers

    async def _set_status(self, session_id: str, status: str, reason: str) -> PlanRecord:
        async with self._lock(session_id):
            record = await self._active(session_id)
            record.state.status, record.state.reason = status, reason  # type: ignore[assignment]
            if status == "cancelled":
                for st in record.state.steps.values():
                    if st.status in ("pending", "blocked", "in_progress"):
                        rules.finish(st, "skipped", reason="plan cancelled")
            await self._save(record)
            return record

    async def _stop_steps(self, plan_id: str, reason: str) -> None:
        tasks = list(self._tasks.get(plan_id, {}).values())
        for task in tasks:
            task.cancel(reason)
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
