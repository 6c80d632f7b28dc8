"""Commander's structured actions (O3) as tools: `dispatch_to`, `run_worker`, `hand_off_to`.

A dispatch or a worker runs another agent's whole turn inside this tool call, in a child
session linked to the call; its events are forwarded into the parent's stream (stamped with
the agent and the call), its approvals go to the parent turn's user, and cancelling the parent
cancels it. Dispatches in one response run concurrently (`concurrent`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from types import TracebackType
from typing import Any, Self

from pydantic import BaseModel, Field

from ..engine.errors import ToolError
from ..engine.events import Done, Error, Warning
from ..engine.messages import user_message
from ..engine.tools import Tool, ToolContext, ToolOutput
from ..host.profile import AgentProfile
from .team import TEAM_TOOLS, WORKER_PROFILE, Floor, TeamRuntime, member_profile

__all__ = ["DispatchTool", "HandOffTool", "TeamToolset", "WorkerTool"]

# A child turn may run long (it has its own tool limits); the parent waits for it.
CHILD_TIMEOUT_S = 3600.0
NO_RECURSION = ("only Commander can use the team's actions: a dispatched agent or worker "
                "cannot dispatch, start workers or hand off. Do the task yourself and answer "
                "with your result; Commander decides what happens next.")


class DispatchArgs(BaseModel):
    agent: str = Field(description="the agent's name, as listed in your instructions")
    task: str = Field(description="a self-contained task: the agent sees only this text, "
                      "not the conversation")


class WorkerArgs(BaseModel):
    task: str = Field(description="a self-contained sub-task: the worker sees only this text")


class HandOffArgs(BaseModel):
    agent: str = Field(description="the agent that takes the floor")
    note: str = Field("", description="what the agent needs to know to help the user")
    pending: list[str] = Field(default_factory=list, description="your items still to do "
                               "when the floor comes back to you")


async def run_child(orchestra: TeamRuntime, profile: AgentProfile, task: str,
                    ctx: ToolContext) -> str:
    """Run `profile`'s turn on `task` in a new child session of the caller's; its result text.
    Raises ToolError when the child fails (the parent's model reads why)."""
    parent_call = ctx.call_id or "call"
    session = f"{ctx.session_id}/{profile.name}/{parent_call}"
    missing = orchestra.missing_tools(profile)
    if missing and ctx.emit is not None:
        ctx.emit(Warning(message=f"{profile.name}'s agent file names tools that do not exist "
                         f"here: {', '.join(missing)} (it works without them)",
                         agent=profile.name, parent_call_id=parent_call))
    await orchestra.state.link(session, ctx.session_id, parent_call, profile.name,
                               title=" ".join(task.split())[:80])
    final: Done | Error | None = None
    turn = orchestra.host.run_turn(profile, session,
                                   user_message(task, dispatched_by="commander"),
                                   approve=ctx.approve, parent_call_id=parent_call)
    try:
        # closed here, not when collected: when Commander is stopped, the child's turn is over
        # (its interrupted call written) before Commander's own last event
        async with contextlib.aclosing(turn):
            async for event in turn:
                if ctx.emit is not None:
                    ctx.emit(event)
                if isinstance(event, Done | Error):
                    final = event
    finally:
        orchestra.host.forget(session, profile)
    if isinstance(final, Done):
        result = final.result
        text = result.text.strip() or "(the agent finished without a written answer)"
        if result.stop_reason == "loop_guard":
            text += (f"\n\n[{profile.name} was stopped: it repeated the same tool call; its "
                     "answer may be incomplete]")
        return text
    if isinstance(final, Error) and final.kind == "cancelled":
        raise asyncio.CancelledError
    reason = final.message if final is not None else "it ended without a result"
    raise ToolError(f"{profile.name} could not finish the task: {reason}")


class DispatchTool(Tool[DispatchArgs]):
    name = "dispatch_to"
    description = ("Send a task to one of the team's agents; it works with its own tools until "
                   "done and its answer comes back to you to use in your reply. Several "
                   "dispatches in one response run at the same time.")
    input_model = DispatchArgs
    concurrent = True
    timeout_s = CHILD_TIMEOUT_S

    def __init__(self, orchestra: TeamRuntime) -> None:
        self.orchestra = orchestra

    async def execute(self, args: DispatchArgs, ctx: ToolContext) -> ToolOutput | str:
        agent = self.orchestra.member(args.agent)
        if agent.command is not None:
            runner = self.orchestra.outside
            if runner is None:
                raise ToolError(f"{agent.name} is an outside command ({agent.command}); it "
                                "can run only in a Jupyter kernel (it reaches the notebook "
                                "through the kernel bridge)")
            return await runner(agent, args.task, ctx)
        return await run_child(self.orchestra, member_profile(agent), args.task, ctx)


class WorkerTool(Tool[WorkerArgs]):
    name = "run_worker"
    description = ("Start an anonymous worker with your own tools on a self-contained sub-task "
                   "and get its result back; several workers in one response run at the same "
                   "time. Use it to split independent work, not for one quick step.")
    input_model = WorkerArgs
    concurrent = True
    timeout_s = CHILD_TIMEOUT_S

    def __init__(self, orchestra: TeamRuntime) -> None:
        self.orchestra = orchestra

    async def execute(self, args: WorkerArgs, ctx: ToolContext) -> ToolOutput | str:
        return await run_child(self.orchestra, WORKER_PROFILE, args.task, ctx)


class HandOffTool(Tool[HandOffArgs]):
    name = "hand_off_to"
    description = ("Give the floor to an agent: it answers the user directly from now on (you "
                   "write nothing more this turn), until it hands back or the user writes "
                   "@commander. Use it when the user should talk with the agent for a while.")
    input_model = HandOffArgs

    def __init__(self, orchestra: TeamRuntime) -> None:
        self.orchestra = orchestra

    async def execute(self, args: HandOffArgs, ctx: ToolContext) -> ToolOutput | str:
        agent = self.orchestra.member(args.agent)
        if agent.command is not None:
            raise ToolError(f"{agent.name} is an outside command; it cannot hold the floor")
        if any(reason.startswith("hand_off:") for reason in ctx.end_turn):
            raise ToolError("the floor was already handed over in this response; one hand-off "
                            "per turn")
        floor = Floor(agent=agent.name, pending=[p for p in args.pending if p.strip()],
                      since=_now(), call_id=ctx.call_id, note=args.note.strip())
        state = self.orchestra.state
        current = await state.floor(ctx.session_id)
        if current.agent is not None or not await state.set_floor(ctx.session_id, floor,
                                                                   expected=current):
            holder = (await state.floor(ctx.session_id)).agent
            raise ToolError(f"{holder} holds the floor of this conversation; it must hand "
                            "back (or the user write @commander) before another hand-off")
        ctx.end_turn.append(f"hand_off:{agent.name}")
        return (f"{agent.name} has the floor now and answers the user directly; the user's "
                f"messages go to {agent.name} until it hands back or the user writes "
                "@commander. Write nothing more now.")


class TeamToolset:
    """The team's actions, offered to Commander only: `run_worker` always, `dispatch_to` and
    `hand_off_to` when agents are defined. Others are told why they cannot use them."""

    def __init__(self, orchestra: TeamRuntime) -> None:
        self.orchestra = orchestra
        self.dispatch = DispatchTool(orchestra)
        self.worker = WorkerTool(orchestra)
        self.hand_off = HandOffTool(orchestra)

    async def get_tools(self, ctx: ToolContext) -> Mapping[str, Tool[Any]]:
        if ctx.agent:  # a member, a worker: no recursion
            return {}
        tools: dict[str, Tool[Any]] = {"run_worker": self.worker}
        if self.orchestra.team.agents():
            tools["dispatch_to"] = self.dispatch
            tools["hand_off_to"] = self.hand_off
        return tools

    def unavailable(self, ctx: ToolContext) -> Mapping[str, str]:
        """Why a team tool the model called is not there (see `build_registry`)."""
        return {name: NO_RECURSION for name in TEAM_TOOLS} if ctx.agent else {}

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        return None


def _now() -> float:
    import time

    return time.time()
