"""Running one response's tool calls (E3, E4, E6).

Ordering contract: calls are split into segments; consecutive read-only (or `concurrent`)
calls form one segment and run concurrently, and every other call (a write, or any tool not marked
read-only) is a segment of its own, so it starts only after everything before it finished and
finishes before anything after it starts. Results are recorded by declared index, whatever
order they finish in. Unknown tools, invalid arguments and exceptions become error results.

Every call with valid arguments passes the turn's policy (`policy.ToolPolicy`) before it runs
and after, and runs under a time limit (the tool's `timeout_s`, else the turn's default): a
tool that hangs becomes an error result, not a hung turn.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Iterable, Sequence
from dataclasses import replace
from typing import Any

from .errors import ToolError, ToolInputError
from .events import Event, ToolEnd, ToolStart
from .messages import ImagePart, TextPart, ToolCallPart, ToolResultPart, error_result
from .policy import AllowAll, ToolPolicy
from .tools import Tool, ToolContext, ToolOutput, ToolRegistry, parse_arguments

log = logging.getLogger(__name__)

MAX_RESULT_CHARS = 100_000
DEFAULT_TOOL_TIMEOUT_S = 300.0
# How long a Stop waits for concurrent calls to wind down after cancelling them.
CANCEL_GRACE_S = 2.0
_ALLOW_ALL = AllowAll()


def segment_calls(calls: Sequence[ToolCallPart], registry: ToolRegistry) -> list[list[int]]:
    """Indices of `calls` grouped into segments that may run concurrently."""
    segments: list[list[int]] = []
    current: list[int] = []
    for i, call in enumerate(calls):
        tool = registry.get(call.name)
        # An unknown tool runs nothing, so it cannot conflict with anything.
        if tool is None or tool.read_only or tool.concurrent:
            current.append(i)
            continue
        if current:
            segments.append(current)
            current = []
        segments.append([i])
    if current:
        segments.append(current)
    return segments


def cap_text(text: str, limit: int = MAX_RESULT_CHARS) -> str:
    """Keep head and tail of an over-long text, saying how much was left out."""
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    tail = limit - head
    omitted = len(text) - head - tail
    return (f"{text[:head]}\n\n[… {omitted:,} characters omitted of {len(text):,}; ask for a "
            f"narrower range to see them …]\n\n{text[-tail:]}")


def _to_result(call: ToolCallPart, output: ToolOutput | str) -> ToolResultPart:
    if isinstance(output, str):
        output = ToolOutput.text(output)
    content: list[TextPart | ImagePart] = [
        TextPart(text=cap_text(p.text)) if isinstance(p, TextPart) else p for p in output.content
    ]
    return ToolResultPart(call_id=call.id, name=call.name, content=content,
                          is_error=output.is_error)


def _unknown_tool(call: ToolCallPart, registry: ToolRegistry) -> ToolResultPart:
    reason = registry.unavailable.get(call.name)
    if reason is not None:
        return error_result(call, f"Tool {call.name!r} is not available to you: {reason}")
    names = ", ".join(registry.names()) or "(none)"
    return error_result(call, f"Unknown tool {call.name!r}. Available tools: {names}.")


async def run_one(call: ToolCallPart, tool: Tool[Any] | None, registry: ToolRegistry,
                  ctx: ToolContext, policy: ToolPolicy | None = None,
                  timeout_s: float = DEFAULT_TOOL_TIMEOUT_S) -> ToolResultPart:
    """Execute one call through the policy; every failure becomes an error result the model
    can read."""
    if tool is None:
        return _unknown_tool(call, registry)
    policy = policy or _ALLOW_ALL
    call_ctx = replace(ctx, call_id=call.id)
    limit = tool.timeout_s if tool.timeout_s is not None else timeout_s
    try:
        args = parse_arguments(tool, call.arguments, call.name)
        verdict = await policy.before_call(call, tool, args, call_ctx)
        if verdict is not None:
            return _to_result(call, verdict)
        deadline = asyncio.timeout(limit)
        try:
            # `timeout()` (not `wait_for`) runs the tool in this task: no task per call.
            async with deadline:
                output = await tool.execute(args, call_ctx)
        except TimeoutError:
            if not deadline.expired():  # the tool's own timeout: an ordinary failure
                raise
            return error_result(call, f"{call.name} did not finish within {limit:g} s and was "
                                "abandoned; its effects, if any, may be partial. Try a smaller "
                                "step, or a background job for long work.")
        return await policy.after_call(call, tool, args, _to_result(call, output), call_ctx)
    except (ToolInputError, ToolError) as exc:
        return error_result(call, str(exc))
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # a bug in a tool must not end the turn
        log.warning("tool %s raised %s", call.name, type(exc).__name__, exc_info=True)
        return error_result(call, f"{call.name} failed: {type(exc).__name__}: {exc}")


async def execute_tool_calls(
    calls: Sequence[ToolCallPart],
    registry: ToolRegistry,
    ctx: ToolContext,
    emit: Callable[[Event], None],
    results: dict[str, ToolResultPart],
    policy: ToolPolicy | None = None,
    timeout_s: float = DEFAULT_TOOL_TIMEOUT_S,
) -> list[ToolResultPart]:
    """Run `calls` honouring the ordering contract; returns results in declared order.

    `results` is filled as calls finish, so a caller interrupted by cancellation knows
    which calls completed.
    """

    async def timed(call: ToolCallPart) -> None:
        started = time.perf_counter()
        result = await run_one(call, registry.get(call.name), registry, ctx, policy, timeout_s)
        results[call.id] = result
        emit(ToolEnd(call=call, result=result, duration_s=time.perf_counter() - started))

    for segment in segment_calls(calls, registry):
        for i in segment:
            emit(ToolStart(call=calls[i]))
        if len(segment) == 1:
            await timed(calls[segment[0]])
        else:
            await _all_or_none(timed(calls[i]) for i in segment)
    return [results[c.id] for c in calls]


async def _all_or_none(calls: Iterable[Coroutine[Any, Any, None]]) -> None:
    """Run concurrent calls; when the turn is cancelled, cancel them and let each finish its
    cleanup (a team member writes its interrupted call) before the turn goes on to record
    the interruption. `gather` alone returns at once and leaves them finishing behind it."""
    tasks = [asyncio.ensure_future(c) for c in calls]
    try:
        await asyncio.gather(*tasks)
    except asyncio.CancelledError:
        for task in tasks:
            # once only: a second cancel would cut short the cleanup the first one started
            if not task.done() and not task.cancelling():
                task.cancel()
        # bounded: a call that ignores cancellation must not hold the Stop
        await asyncio.wait(tasks, timeout=CANCEL_GRACE_S)
        raise
