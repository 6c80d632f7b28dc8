"""The orchestrator of plans (O7): the only writer of a plan's run state.

Every event — a step finished, failed or asked the user, the user answered, the plan was
edited, paused or resumed — leads to one *reconcile* under the conversation's lock: read the
plan, apply what happened, dispatch the ready steps (one at a time unless `parallel: N`),
save (compare-and-swap). A step's state is saved as `in_progress` before its turn starts, so
after a crash `resume` knows what was running: done steps are never run again, the step in
progress is run once more or follows its `on_failure`.

`drive()` is what a surface runs: it reconciles, forwards the steps' events, yields a
`PlanUpdate` after every change and returns when nothing more can happen without the user
(done, failed, blocked on a question, paused, cancelled)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from ..engine.events import Done, Error, Event, ToolEnd, TurnResult, Usage
from ..engine.messages import user_message
from ..engine.timing import CancelToken
from ..engine.tools import ApprovalCallback
from ..host.profile import DEFAULT_PROFILE, AgentProfile
from . import plan_rules as rules
from .plan_actions import PlanBook
from .plan_model import (
    PlanError,
    StepSpec,
    render_input,
)
from .plan_store import PlanRecord
from .team import member_profile

__all__ = ["PlanUpdate", "Planner"]

_WAKE = object()  # a step task ended: the driver looks at the plan again
STEP_NOTE = """
You are doing step {id} of a plan Commander runs: "{title}". Do exactly this step and answer
with its result (it is passed to later steps). If you need something only the user can tell
you, call ask_user(question): the plan pauses until they answer. If the step cannot be done,
call report_failure(reason) instead of answering."""


class PlanUpdate(BaseModel):
    """The plan changed: its whole current form, for displays."""

    type: Literal["plan"] = "plan"
    agent: str = ""
    parent_call_id: str | None = None
    plan: dict[str, Any]


@dataclass
class _Driver:
    """The surface currently driving a conversation's plan."""

    queue: asyncio.Queue[Any]
    approve: ApprovalCallback | None
    cancel: CancelToken
    usage: Usage = field(default_factory=Usage)
    model_calls: int = 0
    tool_calls: int = 0


class Planner(PlanBook):
    """Plans of one host's conversations: `PlanBook`'s actions and the running of steps."""

    async def drive(self, session_id: str, *, approve: ApprovalCallback | None = None,
                    cancel: CancelToken | None = None) -> AsyncIterator[Any]:
        """Run the conversation's plan until it needs the user or ends; yields the steps'
        events, a `PlanUpdate` after each change, and one final `done`/`error`."""
        driver = _Driver(asyncio.Queue(), approve, cancel or CancelToken())
        self._drivers[session_id] = driver
        try:
            record = await self._reconcile(session_id)
            yield self._update(record)
            consulted = 0
            while True:
                if driver.cancel.cancelled:
                    record = await self._reconcile(session_id)  # pauses it
                    await self._stop_steps(record.id, "the plan was paused")
                    record = await self.store.get(record.id) or record
                    yield self._update(record)
                    break
                while not driver.queue.empty():
                    item = driver.queue.get_nowait()
                    if item is _WAKE:
                        continue
                    if isinstance(item, PlanRecord):
                        record = item
                        yield self._update(record)
                    else:
                        yield item
                if not self._tasks.get(record.id):
                    record = await self.store.get(record.id) or record
                    if record.state.status == "running" and rules.ready(record):
                        record = await self._reconcile(session_id)
                        yield self._update(record)
                        continue
                    failed = rules.awaiting_commander(record)
                    if failed is None or consulted >= 3:
                        break
                    consulted += 1
                    async for event in self._consult(record, failed, driver):
                        yield event
                    record = await self.store.get(record.id) or record
                    yield self._update(record)
                    if record.state.status != "running":
                        break
                    record = await self._reconcile(session_id)
                    yield self._update(record)
                    continue
                item = await driver.queue.get()
                if item is _WAKE:
                    continue
                if isinstance(item, PlanRecord):
                    record = item
                    yield self._update(record)
                else:
                    yield item
        except asyncio.CancelledError:
            with contextlib.suppress(PlanError):
                await self._set_status(session_id, "paused", "interrupted")
            await self._stop_steps(record.id, "the plan was paused")
            raise
        finally:
            self._drivers.pop(session_id, None)
        yield self._final(record, driver)

    async def _consult(self, record: PlanRecord, step: StepSpec,
                       driver: _Driver) -> AsyncIterator[Event]:
        """Wake Commander in the conversation to decide about a failed step."""
        state = record.state.step(step.id)
        text = (f"[Plan step {step.id} \"{step.title}\" ({step.assignee}) failed: "
                f"{state.failure_reason}]\nDecide with plan_step(step={step.id}, action=…): "
                "retry (optionally with a new input), skip, or abort; or explain to the user "
                "what is needed.")
        async for event in self.o.host.run_turn(
                DEFAULT_PROFILE, record.session_id, user_message(text, plan_failure=str(step.id)),
                approve=driver.approve, cancel=driver.cancel):
            if isinstance(event, Done | Error) and event.parent_call_id is None:
                if event.result is not None:
                    driver.usage = driver.usage + event.result.usage
                    driver.model_calls += event.result.model_calls
                    driver.tool_calls += event.result.tool_calls
                continue
            yield event

    def _update(self, record: PlanRecord) -> PlanUpdate:
        return PlanUpdate(plan={"id": record.id, "spec": record.spec.model_dump(),
                                "state": record.state.model_dump(mode="json")})

    def _final(self, record: PlanRecord, driver: _Driver) -> Done:
        from .plan_view import plan_markdown

        result = TurnResult(text=plan_markdown(record), stop_reason="completed",
                            new_messages=[], usage=driver.usage,
                            model_calls=driver.model_calls, tool_calls=driver.tool_calls)
        return Done(result=result)

    async def _reconcile(self, session_id: str, finished: Callable[[PlanRecord], None]
                         | None = None) -> PlanRecord:
        """Under the conversation's lock: apply `finished` (a step's outcome), then dispatch
        what is ready, and save. Retries when another writer saved first."""
        async with self._lock(session_id):
            for attempt in range(5):
                # What this kernel saved last is the plan unless another writer saved since
                # (then the compare-and-swap fails and the store is read): no read per step.
                cached = self._last.get(session_id) if attempt == 0 else None
                record = (cached.copy() if cached is not None
                          else await self._active(session_id, any_status=True))
                if finished is not None:
                    finished(record)
                driver = self._drivers.get(session_id)
                if driver is not None and driver.cancel.cancelled \
                        and record.state.status == "running":
                    # The user stopped the surface driving the plan: pause, start nothing.
                    record.state.status, record.state.reason = "paused", "interrupted"
                started = rules.dispatch(record)
                if await self._save(record):
                    for step_id in started:
                        self._start_task(record, step_id)
                    return record
                self._last.pop(session_id, None)
            raise PlanError("the plan kept changing under this kernel; run "
                            "`%orkas plan resume` again")

    def _start_task(self, record: PlanRecord, step_id: int) -> None:
        tasks = self._tasks.setdefault(record.id, {})
        if step_id in tasks:
            return
        task = asyncio.create_task(self._run_step(record.session_id, record.copy(), step_id))
        tasks[step_id] = task

        def ended(_task: asyncio.Task[None]) -> None:
            tasks.pop(step_id, None)
            driver = self._drivers.get(record.session_id)
            if driver is not None:  # the driver may be waiting for this last task
                driver.queue.put_nowait(_WAKE)

        task.add_done_callback(ended)

    async def _run_step(self, session_id: str, record: PlanRecord, step_id: int) -> None:
        step = record.spec.step(step_id)
        driver = self._drivers.get(session_id)
        try:
            outcome = await self._step_turn(record, step, driver)
        except (PlanError, OSError) as exc:  # e.g. the step's agent file was removed
            outcome = {"kind": "failed", "reason": str(exc), "transient": False}
        self.timings.append(time.perf_counter())

        def finished(current: PlanRecord) -> None:
            rules.apply(current, step, outcome)

        try:
            updated = await self._reconcile(session_id, finished)
        except PlanError:
            return
        if driver is not None:
            driver.queue.put_nowait(updated)

    async def _step_turn(self, record: PlanRecord, step: StepSpec,
                         driver: _Driver | None) -> dict[str, Any]:
        """Run the step's agent; what happened, for `_apply`."""
        profile = self._profile(step)
        state = record.state.step(step.id)
        child = f"{record.session_id}/{record.id}/step-{step.id}"
        # The link is written beside the turn's start, not before it (one round trip less).
        link = asyncio.create_task(self.o.state.link(
            child, record.session_id, f"{record.id}:{step.id}", profile.name, title=step.title))
        if state.answer and step.assignee != "user":
            prompt = f"The user answered your question: {state.answer}"
        else:
            prompt = render_input(record.spec, record.state, step, record.state.request)
        final: Done | Error | None = None
        question = failure = ""
        try:
            async for event in self.o.host.run_turn(
                    profile, child, user_message(prompt, plan_step=str(step.id)),
                    approve=driver.approve if driver else None,
                    cancel=driver.cancel if driver else None,
                    parent_call_id=f"plan:{record.id}:{step.id}"):
                if isinstance(event, ToolEnd) and not event.result.is_error:
                    if event.call.name == "ask_user":
                        question = _argument(event.call.arguments, "question")
                    elif event.call.name == "report_failure":
                        failure = _argument(event.call.arguments, "reason")
                if isinstance(event, Done | Error) and event.parent_call_id == \
                        f"plan:{record.id}:{step.id}":
                    final = event
                    if event.result is not None and driver is not None:
                        driver.usage = driver.usage + event.result.usage
                        driver.model_calls += event.result.model_calls
                        driver.tool_calls += event.result.tool_calls
                if driver is not None:
                    driver.queue.put_nowait(event)
        except asyncio.CancelledError:
            return {"kind": "stopped"}
        finally:
            self.o.host.forget(child, profile)
            with contextlib.suppress(Exception):
                await link
        if failure:
            return {"kind": "failed", "reason": f"{profile.name} reported: {failure}",
                    "transient": False}
        if question:
            return {"kind": "blocked", "question": question}
        if isinstance(final, Done):
            return {"kind": "done", "text": final.result.text}
        if isinstance(final, Error) and final.kind == "cancelled":
            return {"kind": "stopped"}
        message = final.message if final is not None else "the step ended without a result"
        transient = "kept failing" in message or "connection" in message.lower()
        return {"kind": "failed", "reason": message, "transient": transient}

    def _profile(self, step: StepSpec) -> AgentProfile:
        if step.assignee == "commander":
            base = DEFAULT_PROFILE.model_copy(update={"name": "commander"})
        else:
            agent = self.o.team.get(step.assignee)
            if agent is None:
                raise PlanError(f"step {step.id}: the agent {step.assignee} no longer exists")
            base = member_profile(agent)
        note = STEP_NOTE.format(id=step.id, title=step.title)
        update: dict[str, Any] = {"system_prompt": base.system_prompt + "\n" + note}
        if base.tools is not None:  # an allow-list still lets the step report back
            update["tools"] = (*base.tools, "ask_user", "report_failure")
        return base.model_copy(update=update)

    # -- storage helpers ----------------------------------------------------------------------
def _argument(arguments: str, name: str) -> str:
    import json

    try:
        return str(json.loads(arguments).get(name, "")).strip() or f"(no {name})"
    except (ValueError, AttributeError):
        return arguments.strip() or f"(no {name})"
