"""Plan tools (O7): Commander writes a plan with `create_plan` and decides about a failed step
with `plan_step`; an agent doing a step asks the user with `ask_user`. None of them sets a
step's status: the orchestrator does (`planner.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self

from pydantic import BaseModel, Field

from ..engine.errors import ToolError
from ..engine.tools import Tool, ToolContext, ToolOutput
from .plan_model import PlanError, PlanSpec, StepSpec

if TYPE_CHECKING:  # annotation only: planner.py does not import this module
    from .planner import Planner

__all__ = ["PlanToolset"]


class CreatePlanArgs(BaseModel):
    title: str = Field("", description="what the plan achieves")
    steps: list[StepSpec] = Field(description="the steps; ids from 1; wait_for lists the ids a "
                                  "step needs (default: the previous step)")
    parallel: int = Field(1, ge=1, le=16, description="how many ready steps may run at once")


class PlanStepArgs(BaseModel):
    step: int
    action: Literal["retry", "skip", "abort"]
    input: str = Field("", description="for retry: a new input for the step")


class AskUserArgs(BaseModel):
    question: str = Field(min_length=1)


class CreatePlanTool(Tool[CreatePlanArgs]):
    name = "create_plan"
    description = ("Write a plan when the user asks for one or the task needs several steps "
                   "with different owners: each step has an assignee (user, commander or an "
                   "agent), an input that may use {{step_N.output_summary}}, "
                   "{{step_N.output}} and {{request}}, wait_for and on_failure (abort_plan, "
                   "continue, ask_commander). The orchestrator runs it and tracks status; "
                   "you write nothing more this turn.")
    input_model = CreatePlanArgs

    def __init__(self, planner: Planner) -> None:
        self.planner = planner

    async def execute(self, args: CreatePlanArgs, ctx: ToolContext) -> ToolOutput | str:
        spec = PlanSpec(title=args.title, steps=args.steps, parallel=args.parallel)
        request = str(ctx.services.get("turn_text", ""))
        try:
            record = await self.planner.create(ctx.session_id, spec, request)
        except PlanError as exc:
            raise ToolError(f"The plan was not created: {exc}") from None
        ctx.end_turn.append(f"plan:{record.id}")
        return (f"Plan created with {len(spec.steps)} steps; the orchestrator runs it now and "
                "shows it to the user. Write nothing more.")


class PlanStepTool(Tool[PlanStepArgs]):
    name = "plan_step"
    description = ("Decide about a failed step of the running plan: retry it (optionally with "
                   "a new input), skip it, or abort the plan.")
    input_model = PlanStepArgs

    def __init__(self, planner: Planner) -> None:
        self.planner = planner

    async def execute(self, args: PlanStepArgs, ctx: ToolContext) -> ToolOutput | str:
        try:
            record = await self.planner.decide(ctx.session_id, args.step, args.action,
                                               args.input)
        except PlanError as exc:
            raise ToolError(str(exc)) from None
        return f"Step {args.step}: {args.action} recorded; the plan is {record.state.status}."


class ReportFailureArgs(BaseModel):
    reason: str = Field(min_length=1, description="why the step cannot be done")


class ReportFailureTool(Tool[ReportFailureArgs]):
    name = "report_failure"
    description = ("Report that this step cannot be done (say why). The orchestrator then "
                   "applies the step's on_failure policy; do not pretend to have a result.")
    input_model = ReportFailureArgs

    async def execute(self, args: ReportFailureArgs, ctx: ToolContext) -> ToolOutput | str:
        ctx.end_turn.append("report_failure")
        return "Reported. Stop here."


class AskUserTool(Tool[AskUserArgs]):
    name = "ask_user"
    description = ("Ask the user something only they can answer; the plan pauses on this "
                   "step until they reply, and their answer comes to you as the next message.")
    input_model = AskUserArgs

    async def execute(self, args: AskUserArgs, ctx: ToolContext) -> ToolOutput | str:
        ctx.end_turn.append("ask_user")
        return "Asked. Stop here; the answer will be your next message."


def is_step_session(session_id: str) -> bool:
    return "/plan_" in session_id and "/step-" in session_id


class PlanToolset:
    """`create_plan` for Commander; `plan_step` for Commander while a plan is active;
    `ask_user` and `report_failure` for an agent doing a plan step."""

    def __init__(self, planner: Planner) -> None:
        self.planner = planner
        self.create = CreatePlanTool(planner)
        self.step = PlanStepTool(planner)
        self.ask = AskUserTool()
        self.failure = ReportFailureTool()

    async def get_tools(self, ctx: ToolContext) -> Mapping[str, Tool[Any]]:
        if is_step_session(ctx.session_id):
            return {"ask_user": self.ask, "report_failure": self.failure}
        if ctx.agent:
            return {}
        tools: dict[str, Tool[Any]] = {"create_plan": self.create}
        latest = await self.planner.latest(ctx.session_id)
        if latest is not None and latest.state.status in ("running", "paused", "blocked"):
            tools["plan_step"] = self.step
        return tools

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        return None
