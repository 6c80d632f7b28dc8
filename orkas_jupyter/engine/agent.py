"""The stateful wrapper around `run_turn`: one session, a steering queue, a cancel token, and
the event stream (E1). `Agent.run` is the streaming entry point; `Agent.complete` consumes the
same stream, so there is one implementation of a turn."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

from .errors import OrkasError
from .events import Done, Error, Event, TurnResult
from .events import Warning as WarningEvent
from .loop import run_turn
from .messages import ImagePart, Message, new_id, user_message
from .policy import ToolPolicy
from .provider import Provider
from .session import InMemorySessionStore, SessionLog, SessionStore
from .timing import CancelToken, Clock, RealClock
from .tokens import TokenCache
from .tools import (
    ApprovalCallback,
    ApprovalDecision,
    ApprovalRequest,
    Tool,
    ToolContext,
    ToolRegistry,
    deny_all,
)
from .toolsets import Toolset, build_registry
from .turn_config import TurnConfig, TurnDeps

log = logging.getLogger(__name__)
# How long an approval waits for the turn's consumer to take the events before it.
APPROVAL_ORDER_WAIT_S = 1.0

PromptSection = Callable[[], str | Awaitable[str]]


class TurnInProgressError(OrkasError):
    """A second turn was started on an agent whose turn is still running."""


class Agent:
    """One agent bound to one session.

    Tools come from `tools` (fixed) and `toolsets` (listed at the start of every turn).
    Approval, cancellation and the event stream belong to a turn: `run(approve=…)` overrides
    the agent's default approval callback for that turn only."""

    def __init__(
        self,
        provider: Provider,
        *,
        tools: ToolRegistry | Sequence[Tool[Any]] = (),
        toolsets: Sequence[Toolset] = (),
        policy: ToolPolicy | None = None,
        name: str = "",
        store: SessionStore | None = None,
        session_id: str | None = None,
        system_prompt: str = "You are a helpful assistant.",
        prompt_sections: Sequence[PromptSection] = (),
        config: TurnConfig | None = None,
        clock: Clock | None = None,
        approve: ApprovalCallback = deny_all,
        services: dict[str, Any] | None = None,
        token_cache: TokenCache | None = None,
    ) -> None:
        self.provider = provider
        self.tools = tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools)
        self.toolsets = list(toolsets)
        self.policy = policy
        self.name = name
        self.store: SessionStore = store if store is not None else InMemorySessionStore()
        self.session_id = session_id or new_id("session")
        self.system_prompt = system_prompt
        self.prompt_sections = list(prompt_sections)
        self.config = config or TurnConfig()
        self.clock = clock or RealClock()
        self.ctx = ToolContext(session_id=self.session_id, approve=approve,
                               services=dict(services or {}), agent=name)
        self.tokens = token_cache or TokenCache()
        self._steering: list[Message] = []
        self._cancel: CancelToken | None = None
        self._running = False

    @property
    def running(self) -> bool:
        return self._running

    def steer(self, text: str, images: list[ImagePart] | None = None) -> None:
        """Queue a user message for the running turn's next tool-loop boundary (E13)."""
        self._steering.append(user_message(text, images, steering=True))

    def cancel(self, reason: str = "cancelled by the user") -> None:
        """Stop the running turn (safe from any thread)."""
        if self._cancel is not None:
            self._cancel.cancel(reason)

    def _drain_steering(self) -> list[Message]:
        taken, self._steering = self._steering, []
        return taken

    async def system(self) -> str:
        """The system prompt with every section evaluated now: a frozen snapshot for the turn."""
        parts = [self.system_prompt]
        for section in self.prompt_sections:
            value = section()
            if inspect.isawaitable(value):
                value = await value
            if value:
                parts.append(value)
        return "\n\n".join(parts)

    async def registry(self, ctx: ToolContext) -> tuple[ToolRegistry, list[str]]:
        """This turn's tools: the fixed ones, then each toolset's (clashes reported)."""
        if not self.toolsets:
            return self.tools, []
        return await build_registry(self.toolsets, ctx, base=self.tools)

    async def run(self, prompt: str | Message, images: list[ImagePart] | None = None,
                  cancel: CancelToken | None = None, model: str | None = None, *,
                  approve: ApprovalCallback | None = None,
                  parent_call_id: str | None = None) -> AsyncIterator[Event]:
        """Run one turn, yielding its events; the last is `done` or `error`. `model`
        overrides the configured model and `approve` the approval callback, for this turn
        only; events carry the agent's name and `parent_call_id`."""
        if self._running:
            raise TurnInProgressError("a turn is already running; use steer() to add to it")
        self._running = True
        token = cancel or CancelToken()
        self._cancel = token
        queue: asyncio.Queue[Event | None] = asyncio.Queue()
        user = prompt if isinstance(prompt, Message) else user_message(prompt, images)
        # The turn's own context: its approval callback and "for this run" answers are never
        # seen by another turn; services (and what tools remember in them) are the agent's.
        asker = approve or self.ctx.approve

        async def in_order(request: ApprovalRequest) -> ApprovalDecision:
            # The user reads what came before the question first: wait (briefly) until the
            # consumer has taken every event so far — the text and the call it is about.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(queue.join(), APPROVAL_ORDER_WAIT_S)
            return await asker(request)

        ctx = replace(self.ctx, approve=in_order, approved_for_run=set(),
                      emit=queue.put_nowait, end_turn=[])
        # Provenance for what tools make this turn (e.g. cell metadata): the turn is named by
        # its user message, the model by what was asked for.
        self.ctx.services["turn"] = user.id
        self.ctx.services["model"] = model or self.config.model or self.provider.model_info(
            None).model
        stamp: dict[str, Any] = {}
        if self.name:
            stamp["agent"] = self.name
        if parent_call_id:
            stamp["parent_call_id"] = parent_call_id

        async def drive() -> None:
            try:
                session_log = await SessionLog.open(self.store, self.session_id)
                ctx.conversation = lambda: session_log.messages
                tools, problems = await self.registry(ctx)
                for problem in problems:
                    queue.put_nowait(WarningEvent(message=problem))
                deps = TurnDeps(provider=self.provider, tools=tools, log=session_log,
                                ctx=ctx, clock=self.clock, emit=queue.put_nowait,
                                tokens=self.tokens, steering=self._drain_steering,
                                policy=self.policy)
                config = self.config if model is None else replace(self.config, model=model)
                result = await run_turn(deps, config, await self.system(), user)
                queue.put_nowait(_final_event(result))
            except asyncio.CancelledError:
                # Cancelled before the turn began (loading, prompt assembly): nothing written.
                queue.put_nowait(Error(message="cancelled", kind="cancelled"))
            except Exception as exc:
                log.exception("turn failed")
                queue.put_nowait(Error(message=f"{type(exc).__name__}: {exc}", kind="internal"))
            finally:
                queue.put_nowait(None)

        task: asyncio.Task[None] = asyncio.create_task(drive())
        token.bind(task)
        try:
            while (event := await queue.get()) is not None:
                yield event.model_copy(update=stamp) if stamp else event
                queue.task_done()  # the consumer is done with it (see `in_order`)
        finally:
            if not task.done():
                token.cancel("the consumer stopped listening")
                await asyncio.shield(task)
            self._running = False
            self._cancel = None

    async def complete(self, prompt: str | Message, images: list[ImagePart] | None = None,
                       cancel: CancelToken | None = None, *,
                       approve: ApprovalCallback | None = None) -> TurnResult:
        """Run one turn to its end and return its result (consumes `run`)."""
        final: Event | None = None
        async for event in self.run(prompt, images, cancel, approve=approve):
            final = event
        if isinstance(final, Done):
            return final.result
        if isinstance(final, Error) and final.result is not None:
            return final.result
        message = final.message if isinstance(final, Error) else "turn ended without a result"
        return TurnResult(text="", stop_reason="error", new_messages=[], error=message)

    async def history(self) -> list[Message]:
        """The session's stored history."""
        return await self.store.load(self.session_id)


def _final_event(result: TurnResult) -> Event:
    if result.stop_reason == "error":
        return Error(message=result.error or "the turn failed", kind="error", result=result)
    if result.stop_reason == "cancelled":
        return Error(message="cancelled", kind="cancelled", result=result)
    return Done(result=result)
