"""One agent turn (E2): append the user message, then stream → run tools → loop until the model
answers without tools. Policies (retry, compaction, loop guard, steering) are separate modules;
this file only wires them at their seams. Cancellation arrives as `CancelledError` at whatever
await the turn is in (E11); the history is then closed cleanly (E5).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from .compaction import NoGain, plan_compaction, summary_message, summary_request_text
from .errors import (
    BudgetExceededError,
    ContextOverflowError,
    ProviderError,
    RetryableProviderError,
)
from .events import (
    AssistantMessage,
    Compaction,
    Retry,
    StopReason,
    TextDelta,
    ThinkingDelta,
    TurnResult,
    Usage,
    Warning,
)
from .fit import WindowTooSmallError, fit_results, window_hint
from .history import repair_history
from .loop_guard import LoopGuard
from .messages import Message, TextPart, ToolResultPart, error_result, tool_message, user_message
from .prepare import prepare_messages
from .provider import ModelInfo, ModelRequest, StreamEnd, StreamText, StreamThinking
from .tool_exec import execute_tool_calls
from .tool_offer import TurnFit, fit_turn
from .turn_config import TurnConfig, TurnDeps, describe_failure

T = TypeVar("T")
SUMMARY_SYSTEM = "You write faithful, compact conversation summaries."
# Responses in a row cut off at the output limit before the turn gives up.
_MAX_CUT_OFFS = 3


@dataclass
class _TurnState:
    new_messages: list[Message] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    model_calls: int = 0
    tool_calls: int = 0
    tool_errors: int = 0
    partial_text: list[str] = field(default_factory=list)
    finished_results: dict[str, ToolResultPart] = field(default_factory=dict)
    cut_offs: int = 0
    empty_retried: bool = False


class _Turn:
    def __init__(self, deps: TurnDeps, config: TurnConfig, system: str) -> None:
        self.deps = deps
        self.config = config
        self.system = system
        self.state = _TurnState()
        self.info: ModelInfo = deps.provider.model_info(config.model)
        self._fit: TurnFit | None = None

    @property
    def fit(self) -> TurnFit:
        """The turn's system prompt and tools, fitted to the window (planned once per turn)."""
        if self._fit is None:
            self._fit = self.plan_fit()
        return self._fit

    def plan_fit(self, need_text: str = "") -> TurnFit:
        def used() -> list[str]:
            return [p.name for m in self.deps.log.messages for p in m.tool_calls]

        return fit_turn(self.system, self.deps.tools, window=self.info.context_window,
                        model=self.info.model, config=self.config.fit,
                        count=self.deps.tokens.count, need_text=need_text, used=used)

    @property
    def fixed_tokens(self) -> int:
        """Tokens every request carries now: system prompt and tool schemas."""
        return self.fit.fixed_tokens

    # -- writes -----------------------------------------------------------------------------
    async def append(self, messages: list[Message]) -> None:
        await self.deps.log.append(messages)
        self.state.new_messages.extend(messages)

    # -- model calls ------------------------------------------------------------------------
    async def with_retries(self, call: Callable[[], Awaitable[T]]) -> T:
        """Run `call`, retrying retryable provider errors with backoff (E10)."""
        attempt = 0
        policy = self.config.backoff
        while True:
            try:
                return await call()
            except RetryableProviderError as exc:
                attempt += 1
                if policy.gives_up(attempt, exc.retry_after, exc.max_retries):
                    raise
                delay = policy.delay(attempt, exc.retry_after, self.deps.rng)
                self.deps.emit(Retry(attempt=attempt, reason=str(exc), delay=delay))
                await self.deps.clock.sleep(delay)

    async def stream_once(self, request: ModelRequest) -> StreamEnd:
        self.state.partial_text = []
        end: StreamEnd | None = None
        emit = self.deps.emit
        async for event in self.deps.provider.stream(request):
            if isinstance(event, StreamText):
                self.state.partial_text.append(event.text)
                emit(TextDelta(text=event.text))
            elif isinstance(event, StreamThinking):
                emit(ThinkingDelta(text=event.text))
            elif isinstance(event, StreamEnd):
                end = event
        if end is None:
            raise RetryableProviderError("the model's stream ended before the response completed")
        return end

    def request(self) -> ModelRequest:
        return ModelRequest(
            model=self.config.model, system=self.fit.system,
            messages=prepare_messages(self.deps.log.messages, self.info),
            tools=self.fit.offer.specs(),
            max_tokens=self.config.max_output_tokens, session_id=self.deps.log.session_id,
            agent=self.deps.ctx.agent,
        )

    async def respond(self) -> StreamEnd:
        """One model response, compacting first when needed and once more on overflow (E8)."""
        await self.compact(force=False)
        self.check_fits()
        try:
            request = self.request()
            end = await self.with_retries(lambda: self.stream_once(request))
        except ContextOverflowError:
            if not await self.compact(force=True):
                raise
            request = self.request()
            end = await self.with_retries(lambda: self.stream_once(request))
        self.state.model_calls += 1
        self.state.usage = self.state.usage + end.usage
        self.state.partial_text = []
        return end

    def check_fits(self) -> None:
        """Refuse to send a request that cannot fit the window (compaction already failed):
        a clear error instead of an overflow the server may answer by silently truncating."""
        window = self.info.context_window
        total = self.fixed_tokens + self.deps.tokens.messages(self.deps.log.messages)
        if total > window:
            raise WindowTooSmallError(
                f"The conversation no longer fits the model's context window: the next "
                f"request needs ~{total:,} tokens (~{self.fixed_tokens:,} of them for the "
                f"system prompt and tools) and compacting the history cannot make it "
                f"smaller. Start a new session or send a shorter message. "
                f"{window_hint(window, self.info.model)}")

    # -- compaction -------------------------------------------------------------------------
    async def compact(self, *, force: bool) -> bool:
        """Summarise older history if the next request is too large; True if it compacted."""
        window = self.info.context_window
        messages = self.deps.log.messages
        total = self.fixed_tokens + self.deps.tokens.messages(messages)
        if not force and total <= self.config.compaction_threshold * window:
            return False
        # A summary never gets more than an eighth of the window, whatever the cap says.
        summary_budget = min(self.config.summary_max_tokens, window // 8)
        # A compact turn keeps a share of the room the fixed part leaves, not of the window.
        keep_base = self.fit.room if self.fit.compact else window
        plan = plan_compaction(
            messages, self.fixed_tokens, window, self.config.compaction_threshold,
            keep_tokens=int(self.config.keep_recent_fraction * keep_base),
            summary_tokens=summary_budget, tokens=self.deps.tokens,
        )
        if isinstance(plan, NoGain):
            self.deps.emit(Warning(message=f"Compaction skipped: {plan.reason}."))
            return False
        head = messages[: plan.cut]
        summary_request = ModelRequest(
            model=self.config.model, system=SUMMARY_SYSTEM,
            messages=[user_message(self.summary_input(head, summary_budget))],
            max_tokens=summary_budget, session_id=self.deps.log.session_id,
            purpose="summary",
        )
        try:
            end = await self.with_retries(lambda: self.deps.provider.complete(summary_request))
        except BudgetExceededError:
            raise  # a budget ends the turn; it is not a failed compaction
        except ProviderError as exc:
            self.deps.emit(Warning(message=f"Compaction failed ({exc}); continuing without it."))
            return False
        self.state.usage = self.state.usage + end.usage
        compacted = [summary_message(end.message.text, covered=plan.cut), *messages[plan.cut :]]
        await self.deps.log.rewrite(compacted)
        after = self.fixed_tokens + self.deps.tokens.messages(compacted)
        meta = end.message.meta
        self.deps.emit(Compaction(
            tokens_before=plan.tokens_before, tokens_after=after, usage=end.usage,
            model=str(meta.get("model") or self.config.model), request_id=end.message.id,
            replayed=bool(meta.get("replayed"))))
        return True

    def summary_input(self, head: list[Message], summary_budget: int) -> str:
        """The summariser's input, within the window together with the summary it writes."""
        window = self.info.context_window
        count = self.deps.tokens.count
        budget = window - summary_budget - count(SUMMARY_SYSTEM) - 64
        max_chars = window
        text = summary_request_text(head, max_chars=max_chars)
        while count(text) > budget and max_chars > 200:
            max_chars = int(max_chars * min(0.9, budget / count(text)))
            text = summary_request_text(head, max_chars=max_chars)
        return text

    # -- the loop ---------------------------------------------------------------------------
    async def run(self, user: Message) -> TurnResult:
        try:
            self._fit = self.plan_fit(user.text)
        except WindowTooSmallError as exc:
            return self.result("error", error=str(exc))
        fit = self._fit
        window = self.info.context_window
        if fit.fixed_tokens + self.deps.tokens.message(user) > window:
            # Nothing is written: the message could never be sent as it is.
            return self.result("error", error=(
                f"This message is too long for the model's context window: it is "
                f"~{self.deps.tokens.message(user):,} tokens and the system prompt and tools "
                f"take ~{fit.fixed_tokens:,} of the {window:,}. Shorten it, or put the "
                f"text in a file and ask the agent to read it in parts. "
                f"{window_hint(window, self.info.model)}"))
        if fit.system_trimmed:
            self.deps.emit(Warning(message=(
                f"The system prompt (with the memory snapshot) was shortened to fit "
                f"{self.info.model}'s {window:,}-token context window.")))
        await self.append([user])
        guard = LoopGuard(self.config.loop_warn_at, self.config.loop_stop_at)
        while True:
            if self.state.model_calls >= self.config.max_model_calls:
                return self.result("error", error=f"stopped after {self.state.model_calls} "
                                   "model calls in one turn")
            end = await self.respond()
            message = end.message
            calls = message.tool_calls
            if not calls and not message.parts:
                # Some servers now and then answer with nothing at all; one more request
                # usually gets an answer. Nothing is written, so the history stays valid.
                if not self.state.empty_retried:
                    self.state.empty_retried = True
                    self.deps.emit(Retry(attempt=1, reason="the model returned an empty "
                                         "response", delay=0.0))
                    continue
                return self.result("error", error="The model returned an empty response twice. "
                                   "Try again, or rephrase the request.")
            await self.append([message])
            self.deps.emit(AssistantMessage(message=message, usage=end.usage))
            if not calls:
                steered = self.deps.steering()
                if steered:
                    await self.append(steered)
                    continue
                if end.finish_reason == "length":
                    self.deps.emit(Warning(message="The answer was cut off at the model's "
                                           "output limit."))
                return self.result("completed", text=message.text)
            if end.finish_reason == "length":
                # The response was cut at the output limit: its calls' arguments may be cut
                # too, and running half a `write_file` would do harm. Nothing runs.
                text = ("Not run: your response was cut off at the output token limit before "
                        "this call was complete, so its arguments may be truncated. Send the "
                        "call again with less content (split large writes into several calls).")
                await self.append([tool_message(error_result(c, text)) for c in calls])
                self.deps.emit(Warning(message="The model's response was cut off at its output "
                                       "limit; its tool calls were not run."))
                self.state.cut_offs += 1
                if self.state.cut_offs >= _MAX_CUT_OFFS:
                    return self.result("error", error=f"The model's responses were cut off at "
                                       f"its output limit {_MAX_CUT_OFFS} times in a row; raise "
                                       "the output limit or ask for smaller steps.")
                continue
            self.state.cut_offs = 0
            verdicts = guard.observe_response(calls)
            if "stop" in verdicts:
                text = (f"Not run: the turn was stopped because the same call was repeated "
                        f"{self.config.loop_stop_at} times in a row." if guard.count >=
                        self.config.loop_stop_at else "Not run: the turn was stopped because "
                        f"the same calls were repeated in {self.config.loop_stop_at} responses "
                        "in a row.")
                await self.append([tool_message(error_result(c, text)) for c in calls])
                self.deps.emit(Warning(message=text))
                return self.result("loop_guard", text=message.text)
            self.state.finished_results = {}
            results = await execute_tool_calls(calls, self.fit.offer.registry, self.deps.ctx,
                                               self.deps.emit, self.state.finished_results,
                                               self.deps.policy, self.config.tool_timeout_s)
            self.fit.offer.note_called(c.name for c in calls)
            results = fit_results(results, int(self.config.fit.result_share * self.fit.room),
                                  self.deps.tokens.count, self.info.context_window)
            for i, (call, verdict) in enumerate(zip(calls, verdicts, strict=True)):
                if verdict == "warn":
                    note = guard.warning_text(call)
                    results[i] = results[i].model_copy(
                        update={"content": [*results[i].content, TextPart(text=f"\n\n{note}")]})
                    self.deps.emit(Warning(message=note))
            self.state.tool_calls += len(results)
            self.state.tool_errors += sum(r.is_error for r in results)
            await self.append([tool_message(r) for r in results])
            if self.deps.ctx.end_turn:
                # A tool handed the conversation on (e.g. the floor to another agent): the
                # model is not asked to say more in this turn.
                return self.result("completed")
            steered = self.deps.steering()
            if steered:
                await self.append(steered)

    async def close_after_cancel(self) -> None:
        """Leave a valid session after a cancel: finished results kept, the others marked
        interrupted, partial text kept as an interrupted assistant message."""
        log = self.deps.log
        if log.open_calls:
            repaired = repair_history(log.messages + [
                tool_message(r) for r in self.state.finished_results.values()])
            await self.append(repaired[len(log.messages):])
        partial = "".join(self.state.partial_text)
        if partial:
            await self.append([Message(role="assistant", parts=[TextPart(text=partial)],
                                       meta={"interrupted": True})])

    def result(self, stop_reason: StopReason, *, text: str = "",
               error: str | None = None) -> TurnResult:
        s = self.state
        return TurnResult(text=text, stop_reason=stop_reason,
                          new_messages=s.new_messages, usage=s.usage, model_calls=s.model_calls,
                          tool_calls=s.tool_calls, tool_errors=s.tool_errors, error=error)


async def run_turn(deps: TurnDeps, config: TurnConfig, system: str, user: Message) -> TurnResult:
    """Run one turn to its end; cancellation and provider failures end it with a valid history."""
    turn = _Turn(deps, config, system)
    try:
        return await turn.run(user)
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
        await turn.close_after_cancel()
        return turn.result("cancelled", text="".join(turn.state.partial_text),
                           error="cancelled")
    except WindowTooSmallError as exc:
        return turn.result("error", error=str(exc))
    except ProviderError as exc:
        return turn.result("error", error=describe_failure(exc, turn.info))
