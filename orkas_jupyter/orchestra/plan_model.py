"""A plan as data (O7): steps with an assignee, an input template, `wait_for` and
`on_failure` — what the model (or the user) writes — and each step's run state, which only the
orchestrator writes.

`PlanSpec.checked(...)` validates a plan against the team: ids, a cycle in `wait_for`, an
unknown assignee, a template naming a step that does not exist or does not run before it.
Errors name the step and the field."""

from __future__ import annotations

import re
import time
from typing import Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

__all__ = [
    "TEMPLATE",
    "PlanError",
    "PlanSpec",
    "PlanState",
    "StepSpec",
    "StepState",
    "StepStatus",
    "parse_plan",
]

StepStatus = Literal["pending", "in_progress", "done", "failed", "skipped", "blocked"]
OnFailure = Literal["abort_plan", "continue", "ask_commander"]
PlanStatus = Literal["running", "paused", "blocked", "done", "failed", "cancelled"]
TERMINAL: frozenset[str] = frozenset({"done", "failed", "skipped"})
# What lets a later step start: it finished, or it was skipped on purpose.
SETTLED: frozenset[str] = frozenset({"done", "skipped"})
TEMPLATE = re.compile(r"\{\{\s*step_(\w+)\.(output_summary|output)\s*\}\}")
_REQUEST = re.compile(r"\{\{\s*request\s*\}\}")


class PlanError(ValueError):
    """A plan that cannot run as written; the message names the step and the field."""


class StepSpec(BaseModel):
    """One step as written: who does it, with what input, after which steps."""

    id: int = Field(ge=1, description="1-based, stable, never renumbered")
    title: str = Field(min_length=1)
    assignee: str = Field(min_length=1, description="user, commander or an agent's name")
    input: str = Field("", description="what the assignee gets; may use {{step_N.output}}, "
                       "{{step_N.output_summary}} and {{request}}")
    wait_for: list[int] | None = Field(None, description="step ids; default: the previous step")
    on_failure: OnFailure = "ask_commander"

    @field_validator("assignee")
    @classmethod
    def _lower(cls, value: str) -> str:
        return value.strip().lstrip("@").lower()

    def upstream(self) -> list[int]:
        if self.wait_for is not None:
            return list(self.wait_for)
        return [self.id - 1] if self.id > 1 else []


class PlanSpec(BaseModel):
    """A plan as written. `parallel`: how many ready steps may run at once (default 1)."""

    title: str = ""
    steps: list[StepSpec] = Field(min_length=1)
    parallel: int = Field(1, ge=1, le=16)

    def step(self, step_id: int) -> StepSpec:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(step_id)

    def checked(self, agents: set[str]) -> PlanSpec:
        """This plan, or a PlanError saying what is wrong with it."""
        ids = [s.id for s in self.steps]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise PlanError(f"step {duplicates[0]}: two steps have the id {duplicates[0]}")
        known = set(ids)
        for step in self.steps:
            if step.assignee not in agents | {"user", "commander"}:
                names = ", ".join(sorted(agents)) or "none defined"
                raise PlanError(f"step {step.id} assignee: {step.assignee!r} is not user, "
                                f"commander or an agent (agents: {names})")
            for up in step.upstream():
                if up not in known:
                    raise PlanError(f"step {step.id} wait_for: there is no step {up}")
                if up == step.id:
                    raise PlanError(f"step {step.id} wait_for: a step cannot wait for itself")
        order = self.order()  # raises on a cycle
        before = {sid: self.ancestors(sid) for sid in order}
        for step in self.steps:
            for match in TEMPLATE.finditer(step.input):
                ref = match.group(1)
                if not ref.isdigit() or int(ref) not in known:
                    raise PlanError(f"step {step.id} input: {match.group(0)} names a step "
                                    "that does not exist")
                if int(ref) not in before[step.id]:
                    raise PlanError(f"step {step.id} input: {match.group(0)} names step {ref}, "
                                    f"which has not finished when step {step.id} starts (add "
                                    f"it to wait_for)")
        return self

    def order(self) -> list[int]:
        """Step ids in an order that respects `wait_for`; a PlanError names a cycle."""
        ups = {s.id: s.upstream() for s in self.steps}
        done: list[int] = []
        state: dict[int, int] = {}  # 1 visiting, 2 done

        def visit(sid: int, path: list[int]) -> None:
            if state.get(sid) == 2:
                return
            if state.get(sid) == 1:
                cycle = [*path[path.index(sid):], sid]
                raise PlanError(f"step {sid} wait_for: a cycle ("
                                + " → ".join(str(c) for c in cycle) + ")")
            state[sid] = 1
            for up in ups.get(sid, []):
                visit(up, [*path, sid])
            state[sid] = 2
            done.append(sid)

        for step in self.steps:
            visit(step.id, [])
        return done

    def ancestors(self, step_id: int) -> set[int]:
        """Every step `step_id` waits for, directly or not."""
        ups = {s.id: s.upstream() for s in self.steps}
        seen: set[int] = set()
        todo = list(ups.get(step_id, []))
        while todo:
            sid = todo.pop()
            if sid not in seen:
                seen.add(sid)
                todo.extend(ups.get(sid, []))
        return seen


class StepState(BaseModel):
    """A step's run state: written by the orchestrator only."""

    status: StepStatus = "pending"
    output: str = ""
    output_summary: str = ""
    failure_reason: str = ""
    attempts: int = 0
    transient_retries: int = 0
    question: str = ""
    answer: str = ""
    session_id: str = ""
    started_at: float = 0.0
    finished_at: float = 0.0


class PlanState(BaseModel):
    """A plan's run state."""

    status: PlanStatus = "running"
    steps: dict[int, StepState] = Field(default_factory=dict)
    # The user's request the plan serves ({{request}} in inputs).
    request: str = ""
    # Why the plan is paused, blocked, failed or cancelled.
    reason: str = ""
    updated_at: float = Field(default_factory=time.time)

    def step(self, step_id: int) -> StepState:
        return self.steps.setdefault(step_id, StepState())


def render_input(spec: PlanSpec, state: PlanState, step: StepSpec, request: str) -> str:
    """The step's input with its references filled from finished steps."""

    def fill(match: re.Match[str]) -> str:
        ref = state.step(int(match.group(1)))
        if ref.status != "done":
            return f"(step {match.group(1)} produced nothing: {ref.status})"
        return ref.output_summary if match.group(2) == "output_summary" else ref.output

    text = TEMPLATE.sub(fill, step.input or step.title)
    return _REQUEST.sub(lambda _m: request, text)


def summary_of(text: str, limit: int = 400) -> str:
    """A step's output summary: its first paragraph, cut at a word (no model call, so a
    replayed plan summarises identically)."""
    text = text.strip()
    first = text.split("\n\n", 1)[0].strip()
    if len(first) <= limit:
        return first
    cut = first[:limit].rsplit(" ", 1)[0]
    return cut + " …"


def parse_plan(text: str) -> PlanSpec:
    """A plan from YAML or JSON text; a PlanError names the step and field that are wrong."""
    import yaml  # type: ignore[import-untyped]

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise PlanError(f"the plan is not valid YAML or JSON{where}: "
                        f"{getattr(exc, 'problem', None) or exc}") from None
    if isinstance(data, list):
        data = {"steps": data}
    if not isinstance(data, dict):
        raise PlanError("a plan is a mapping with `steps:` (a list of steps)")
    try:
        return PlanSpec.model_validate(data)
    except ValidationError as exc:
        raise PlanError(_describe(exc, data)) from None


def _describe(exc: ValidationError, data: dict[str, object]) -> str:
    lines = []
    steps = data.get("steps")
    for err in exc.errors()[:5]:
        loc = list(err["loc"])
        if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
            index = loc[1]
            raw = steps[index] if isinstance(steps, list) and index < len(steps) else None
            name = (f"step {raw['id']}" if isinstance(raw, dict) and "id" in raw
                    else f"step #{index + 1}")
            field = ".".join(str(p) for p in loc[2:]) or "(the step)"
            lines.append(f"{name} {field}: {err['msg']}")
        else:
            lines.append(f"{'.'.join(str(p) for p in loc) or 'plan'}: {err['msg']}")
    return "; ".join(lines)
