"""The policy seam, tool timeouts, toolsets and per-turn approval in the loop."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel

from orkas_jupyter.engine import Agent, Tool, ToolContext, ToolOutput
from orkas_jupyter.engine.history import validate_history
from orkas_jupyter.engine.messages import ToolCallPart, ToolResultPart
from orkas_jupyter.engine.policy import ToolAction
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.engine.tools import ApprovalDecision, ApprovalRequest
from orkas_jupyter.engine.toolsets import StaticToolset

from .conftest import EchoTool


class CommandArgs(BaseModel):
    command: str


class RecordingCommandTool(Tool[CommandArgs]):
    """Says what it would run, and records what it really ran."""

    name = "run"
    description = "Run a command."
    input_model = CommandArgs

    def __init__(self) -> None:
        self.ran: list[str] = []

    async def actions(self, args: CommandArgs, ctx: ToolContext) -> list[ToolAction]:
        return [ToolAction(kind="shell", text=args.command)]

    async def execute(self, args: CommandArgs, ctx: ToolContext) -> ToolOutput | str:
        self.ran.append(args.command)
        return f"ran {args.command}"


class AskForDangerous:
    """A policy that asks the turn's approval callback for commands containing 'rm'."""

    def __init__(self) -> None:
        self.after: list[str] = []

    async def before_call(self, call: ToolCallPart, tool: Tool[Any], args: BaseModel,
                          ctx: ToolContext) -> ToolOutput | None:
        for action in await tool.actions(args, ctx):
            if "rm" in action.text.split():
                ok = await ctx.request_approval(ApprovalRequest(
                    tool=call.name, summary="delete files", risk="destructive_delete",
                    detail=action.text))
                if not ok:
                    return ToolOutput.text("Not run: denied.", is_error=True)
        return None

    async def after_call(self, call: ToolCallPart, tool: Tool[Any], args: BaseModel,
                         result: ToolResultPart, ctx: ToolContext) -> ToolResultPart:
        self.after.append(call.name)
        return result


def _results(agent_history: list[Any]) -> list[ToolResultPart]:
    return [m.tool_result for m in agent_history if m.tool_result is not None]


async def test_policy_judges_every_call_and_a_denial_runs_nothing() -> None:
    tool = RecordingCommandTool()
    policy = AskForDangerous()
    provider = ScriptedProvider([Reply(tool_calls=[call("run", command="rm -rf build"),
                                                   call("run", command="ls")]),
                                 Reply(text="done")])
    asked: list[str] = []

    async def deny(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request.detail)
        return "deny"

    agent = Agent(provider, tools=[tool], policy=policy)
    result = await agent.complete("clean up", approve=deny)
    assert result.stop_reason == "completed"
    assert asked == ["rm -rf build"]
    assert tool.ran == ["ls"]
    results = _results(await agent.history())
    assert results[0].is_error and "denied" in results[0].content[0].text  # type: ignore[union-attr]
    assert policy.after == ["run"]  # only the call that ran reaches after_call
    validate_history(await agent.history())


async def test_approval_is_per_turn_not_per_agent() -> None:
    """Two agents' turns run at once with different approvers; each is asked only its own."""
    answers: dict[str, list[str]] = {"a": [], "b": []}

    def approver(key: str, decision: ApprovalDecision) -> Any:
        async def ask(request: ApprovalRequest) -> ApprovalDecision:
            answers[key].append(request.detail)
            await asyncio.sleep(0.05)
            return decision
        return ask

    tool_a, tool_b = RecordingCommandTool(), RecordingCommandTool()
    agent_a = Agent(ScriptedProvider([Reply(tool_calls=[call("run", command="rm a")]),
                                      Reply(text="ok")]), tools=[tool_a],
                    policy=AskForDangerous())
    agent_b = Agent(ScriptedProvider([Reply(tool_calls=[call("run", command="rm b")]),
                                      Reply(text="ok")]), tools=[tool_b],
                    policy=AskForDangerous())
    await asyncio.gather(agent_a.complete("x", approve=approver("a", "once")),
                         agent_b.complete("y", approve=approver("b", "deny")))
    assert answers == {"a": ["rm a"], "b": ["rm b"]}
    assert tool_a.ran == ["rm a"] and tool_b.ran == []


class HangArgs(BaseModel):
    pass


class HangTool(Tool[HangArgs]):
    name = "hang"
    description = "Never returns."
    input_model = HangArgs
    read_only = True
    timeout_s = 0.2

    async def execute(self, args: HangArgs, ctx: ToolContext) -> ToolOutput | str:
        await asyncio.sleep(3600)
        return "never"


async def test_a_hung_tool_times_out_into_an_error_result() -> None:
    provider = ScriptedProvider([Reply(tool_calls=[call("hang")]), Reply(text="moved on")])
    agent = Agent(provider, tools=[HangTool()])
    started = asyncio.get_running_loop().time()
    result = await agent.complete("go")
    assert asyncio.get_running_loop().time() - started < 2
    assert result.text == "moved on"
    (res,) = _results(await agent.history())
    assert res.is_error and "did not finish within 0.2 s" in res.content[0].text  # type: ignore[union-attr]


async def test_tool_calls_of_a_response_cut_at_the_length_limit_do_not_run() -> None:
    tool = RecordingCommandTool()
    provider = ScriptedProvider([
        Reply(tool_calls=[call("run", command="echo partial")], finish_reason="length"),
        Reply(tool_calls=[call("run", command="echo whole")]),
        Reply(text="done")])
    agent = Agent(provider, tools=[tool])
    events = [e async for e in agent.run("write it")]
    assert tool.ran == ["echo whole"]
    first = _results(await agent.history())[0]
    assert first.is_error and "cut off at the output token limit" in first.content[0].text  # type: ignore[union-attr]
    assert any(e.type == "warning" and "cut off" in e.message for e in events)  # type: ignore[union-attr]
    # The model was told, in the next request, that its call did not run.
    assert "cut off" in provider.requests[1].messages[-1].tool_result.content[0].text  # type: ignore[union-attr]
    validate_history(await agent.history())


async def test_repeated_cut_offs_end_the_turn_with_a_clear_error() -> None:
    tool = RecordingCommandTool()
    provider = ScriptedProvider([Reply(tool_calls=[call("run", command="x")],
                                       finish_reason="length") for _ in range(3)])
    agent = Agent(provider, tools=[tool])
    result = await agent.complete("go")
    assert result.stop_reason == "error" and "cut off" in (result.error or "")
    assert tool.ran == []
    validate_history(await agent.history())


class BrokenToolset(StaticToolset):
    async def get_tools(self, ctx: ToolContext) -> dict[str, Tool[Any]]:
        raise ConnectionError("server went away")


async def test_toolsets_prefix_names_report_clashes_and_failures() -> None:
    echo = EchoTool()
    provider = ScriptedProvider([Reply(tool_calls=[call("ext__echo", text="hi")]),
                                 Reply(text="ok")])
    agent = Agent(provider, tools=[EchoTool()],
                  toolsets=[StaticToolset([echo], prefix="ext__"), StaticToolset([EchoTool()]),
                            BrokenToolset([])])
    events = [e async for e in agent.run("go")]
    names = [s.name for s in provider.requests[0].tools]
    assert names == ["echo", "ext__echo"]
    warnings = [e.message for e in events if e.type == "warning"]  # type: ignore[union-attr]
    assert any("'echo'" in w and "already has that name" in w for w in warnings)
    assert any("server went away" in w for w in warnings)
    (res,) = _results(await agent.history())
    assert not res.is_error and res.content[0].text == "hi"  # type: ignore[union-attr]


async def test_events_carry_the_agent_and_the_parent_call() -> None:
    agent = Agent(ScriptedProvider([Reply(text="hello")]), name="analyst")
    events = [e async for e in agent.run("hi", parent_call_id="call_parent")]
    assert events and all(e.agent == "analyst" for e in events)
    assert all(e.parent_call_id == "call_parent" for e in events)


async def test_an_approval_is_asked_after_the_consumer_has_seen_what_came_before() -> None:
    """A surface shows events as it takes them; the question must not overtake the text and
    the tool call it is about (the panel once drew the approval above the model's text)."""
    tool = RecordingCommandTool()
    provider = ScriptedProvider([Reply(text="I will clean the build folder first.", chunks=6,
                                       tool_calls=[call("run", command="rm -rf build")]),
                                 Reply(text="done")])
    seen: list[str] = []

    async def approve(request: ApprovalRequest) -> ApprovalDecision:
        seen.append("approval asked")
        return "once"

    agent = Agent(provider, tools=[tool], policy=AskForDangerous())
    async for event in agent.run("clean up", approve=approve):
        await asyncio.sleep(0.01)  # a consumer slower than the turn
        seen.append(event.type)
    asked = seen.index("approval asked")
    assert seen[:asked].count("text_delta") == 6
    assert "assistant_message" in seen[:asked] and "tool_start" in seen[:asked]
    assert tool.ran == ["rm -rf build"]
