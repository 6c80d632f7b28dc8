"""Budgets: limits per turn, per session and per day, in money and in tokens (docs/budgets.md).

A `TurnBudget` belongs to one *root* turn, the one a user started; turns that agents of a team
run from inside that turn's tool calls join it (`current_budget`), so a team spends from its
parent's turn budget. The host wraps its provider in a `BudgetedProvider` for each turn: before
every model call it prices the request about to be sent (token estimate × litellm's price,
plus the output the turn's answers have been taking) and refuses the call that would pass a
limit, with `BudgetExceededError` — a provider error, so the engine ends the turn the way it
ends any refused request: nothing half-written, the history valid. After each call the real
usage is charged; a budget used to `warn_at` (80%) queues one warning, which the host yields
as an engine `Warning` event (cell and panel show it).

Spend before the turn comes from the store's ledger (`usage.window`): the session with its
team's child sessions, and the whole workspace since local midnight.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from ..config import Settings
from ..engine.errors import BudgetExceededError
from ..engine.events import Event, Usage
from ..engine.events import Warning as WarningEvent
from ..engine.provider import ModelInfo, ModelRequest, Provider, ProviderEvent, StreamEnd
from ..engine.tokens import TokenCache, estimate_tokens
from .pricing import price_of

log = logging.getLogger(__name__)

Scope = Literal["turn", "session", "day"]
Unit = Literal["usd", "tokens"]
SCOPES: tuple[Scope, ...] = ("turn", "session", "day")
# Output assumed for a turn's first call, before any answer shows what this turn writes.
FIRST_OUTPUT_RESERVE = 256
_ACTIVE: contextvars.ContextVar[TurnBudget | None] = contextvars.ContextVar(
    "orkas_turn_budget", default=None)


@dataclass(frozen=True)
class Limit:
    """One configured limit."""

    scope: Scope
    unit: Unit
    value: float

    @property
    def setting(self) -> str:
        """The `%orkas budget` key: `turn`, `day_tokens`, …"""
        return self.scope if self.unit == "usd" else f"{self.scope}_tokens"

    @property
    def env(self) -> str:
        """The environment variable that sets it."""
        return f"ORKAS_BUDGET_{self.setting.upper()}"

    def show(self, amount: float) -> str:
        return money(amount) if self.unit == "usd" else f"{int(amount):,} tokens"


def money(amount: float) -> str:
    """USD with enough digits for small amounts."""
    return f"${amount:.4f}" if amount < 1 else f"${amount:,.2f}"


def limits_of(settings: Settings) -> list[Limit]:
    """The limits set in `settings` (none: budgets are off)."""
    out = []
    for scope in SCOPES:
        usd = getattr(settings, f"budget_{scope}_usd")
        tokens = getattr(settings, f"budget_{scope}_tokens")
        if usd is not None:
            out.append(Limit(scope, "usd", float(usd)))
        if tokens is not None:
            out.append(Limit(scope, "tokens", float(tokens)))
    return out


@dataclass
class Spend:
    """Money and tokens spent."""

    usd: float = 0.0
    tokens: int = 0

    def of(self, unit: Unit) -> float:
        return self.usd if unit == "usd" else float(self.tokens)


@dataclass
class TurnBudget:
    """The budget of one root turn (a team's turns included)."""

    limits: list[Limit]
    session_id: str
    warn_at: float = 0.8
    session_before: Spend = field(default_factory=Spend)
    day_before: Spend = field(default_factory=Spend)
    spent: Spend = field(default_factory=Spend)
    calls: int = 0
    largest_output: int = 0
    _warned: set[tuple[Scope, Unit]] = field(default_factory=set)
    _notices: list[str] = field(default_factory=list)
    _unpriced: set[str] = field(default_factory=set)

    # -- spend ------------------------------------------------------------------------------
    def total(self, scope: Scope) -> Spend:
        """What `scope` has spent, this turn included."""
        before = {"turn": Spend(), "session": self.session_before, "day": self.day_before}[scope]
        return Spend(before.usd + self.spent.usd, before.tokens + self.spent.tokens)

    def check(self, model: str, input_tokens: int, max_output: int | None) -> None:
        """Raise `BudgetExceededError` if a call of `input_tokens` (and the output the turn's
        answers have been taking) would pass a limit."""
        output = self.largest_output or FIRST_OUTPUT_RESERVE
        if max_output is not None:
            output = min(output, max_output)
        price = price_of(model)
        if price is None and any(lim.unit == "usd" for lim in self.limits):
            self._note_unpriced(model)
        call = Spend(price.cost(input_tokens, output) if price else 0.0, input_tokens + output)
        self._warn_if_due()  # spent before this turn counts: warn before its first call
        for limit in self.limits:
            spent = self.total(limit.scope).of(limit.unit)
            if spent + call.of(limit.unit) > limit.value:
                raise BudgetExceededError(self._stop_text(limit, spent, call.of(limit.unit)))

    def charge(self, usage: Usage, *, replayed: bool = False) -> None:
        """Count one answered call; queue a warning for each budget it took past `warn_at`."""
        self.calls += 1
        if replayed:  # a recorded answer cost nothing now
            return
        self.spent.usd += usage.cost_usd
        self.spent.tokens += usage.input_tokens + usage.output_tokens
        self.largest_output = max(self.largest_output, usage.output_tokens)
        self._warn_if_due()

    def _warn_if_due(self) -> None:
        for limit in self.limits:
            key = (limit.scope, limit.unit)
            spent = self.total(limit.scope).of(limit.unit)
            if key not in self._warned and spent >= self.warn_at * limit.value:
                self._warned.add(key)
                self._notices.append(
                    f"Budget: {share(spent, limit.value)} of the {limit.scope} budget used "
                    f"({limit.show(spent)} of {limit.show(limit.value)}). The turn stops "
                    f"before a model call that would pass it; raise it with "
                    f"`%orkas budget {limit.setting}={suggest(limit)}`.")

    def notices(self) -> list[str]:
        """Warnings not yet shown (each is shown once)."""
        taken, self._notices = self._notices, []
        return taken

    def status(self) -> str:
        """Spend against each limit, for the usage line: `turn $0.0012/$0.50 · day …`."""
        return " · ".join(f"{lim.scope} {lim.show(self.total(lim.scope).of(lim.unit))}/"
                          f"{lim.show(lim.value)}" for lim in self.limits)

    def _stop_text(self, limit: Limit, spent: float, call: float) -> str:
        where = {"turn": "in this turn", "session": "in this session",
                 "day": "today in this workspace"}[limit.scope]
        return (f"Stopped before the next model call: it would pass the {limit.scope} budget "
                f"of {limit.show(limit.value)} ({limit.show(spent)} spent {where}, the call "
                f"~{limit.show(call)}). Raise it with `%orkas budget "
                f"{limit.setting}={suggest(limit)}` (or {limit.env}), or remove it with "
                f"`%orkas budget {limit.setting}=off`; then ask again.")

    def _note_unpriced(self, model: str) -> None:
        if model not in self._unpriced:
            self._unpriced.add(model)
            self._notices.append(f"Budget: litellm has no price for {model}, so money budgets "
                                 "cannot hold its calls back; token budgets still do.")


def share(spent: float, limit: float) -> str:
    """`83%`."""
    return f"{100 * spent / limit:.0f}%" if limit else "100%"


def suggest(limit: Limit) -> str:
    """Twice the limit, as a setting value."""
    doubled = limit.value * 2 or (1.0 if limit.unit == "usd" else 10_000)
    return f"{doubled:g}" if limit.unit == "usd" else str(int(doubled))


def current_budget() -> TurnBudget | None:
    """The budget of the turn whose model call led here (inside a tool call), if any."""
    return _ACTIVE.get()


@contextlib.contextmanager
def use_budget(budget: TurnBudget | None) -> Iterator[TurnBudget | None]:
    """Run a child turn under `budget` when it runs outside the parent's tool-call task:
    `with use_budget(parent): async for e in host.run_turn(...)`."""
    token = _ACTIVE.set(budget)
    try:
        yield budget
    finally:
        _ACTIVE.reset(token)


def request_tokens(request: ModelRequest, cache: TokenCache) -> int:
    """Estimated input tokens of `request`: system prompt, messages and tool schemas."""
    tools = json.dumps([t.model_dump(mode="json") for t in request.tools]) if request.tools \
        else ""
    return (estimate_tokens(request.system) + cache.messages(request.messages)
            + estimate_tokens(tools))


class BudgetedProvider:
    """The turn's provider: checks the budget before each call and charges it after."""

    def __init__(self, inner: Provider, budget: TurnBudget) -> None:
        self.inner = inner
        self.budget = budget
        self.tokens = TokenCache()
        # The turn's last answered request: our estimate and the input tokens the provider
        # counted. The next request is that one plus what was added since, so only the new
        # messages are estimated (a provider's tokenizer, framing and tool-schema accounting
        # differ from any estimate; what it counted last time is exact).
        self._last: tuple[int, int] | None = None

    def expected_input(self, estimate: int) -> int:
        """Input tokens the provider will count for a request we estimate at `estimate`."""
        if self._last is None:
            return estimate
        last_estimate, last_actual = self._last
        return max(0, last_actual + estimate - last_estimate)

    def model_info(self, model: str | None) -> ModelInfo:
        return self.inner.model_info(model)

    def _before(self, request: ModelRequest) -> tuple[str, int]:
        model = self.inner.model_info(request.model).model
        estimate = request_tokens(request, self.tokens)
        self.budget.check(model, self.expected_input(estimate), request.max_tokens)
        # Tool calls of this call's answer run in this task: a team child started there
        # finds the budget (`current_budget`). The task is the turn's own, so it ends here.
        _ACTIVE.set(self.budget)
        return model, estimate

    def _after(self, request: ModelRequest, model: str, estimate: int,
               end: StreamEnd) -> None:
        if end.usage.input_tokens and request.purpose == "turn":
            self._last = (estimate, end.usage.input_tokens)
        self.budget.charge(end.usage, replayed=bool(end.message.meta.get("replayed")))

    async def stream(self, request: ModelRequest) -> AsyncIterator[ProviderEvent]:
        model, estimate = self._before(request)
        async for event in self.inner.stream(request):
            if isinstance(event, StreamEnd):
                self._after(request, model, estimate, event)
            yield event

    async def complete(self, request: ModelRequest) -> StreamEnd:
        model, estimate = self._before(request)
        end = await self.inner.complete(request)
        self._after(request, model, estimate, end)
        return end


def day_start(now: float | None = None) -> float:
    """Epoch seconds of the last local midnight."""
    moment = datetime.fromtimestamp(time.time() if now is None else now)
    return moment.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()


async def _window(store: Any, **args: Any) -> Spend:
    client = getattr(store, "sync", None)
    if client is None:  # a store without a ledger (in-memory): nothing spent before
        return Spend()
    row = await asyncio.to_thread(client.call, "usage.window", **args)
    return Spend(float(row["cost_usd"]), int(row["tokens"]))


async def open_budget(settings: Settings, store: Any, session_id: str) -> TurnBudget | None:
    """The budget a turn runs under: the running root turn's (a team child joins it), else a
    new one from the settings; None when no limit is set."""
    joined = current_budget()
    if joined is not None:
        return joined
    limits = limits_of(settings)
    if not limits or settings.replay == "replay":  # replayed answers spend nothing
        _LAST.pop(session_id, None)
        return None
    budget = TurnBudget(limits, session_id, warn_at=settings.budget_warn_at)
    scopes = {lim.scope for lim in limits}
    try:
        if "session" in scopes:
            budget.session_before = await _window(store, session_id=session_id)
        if "day" in scopes:
            budget.day_before = await _window(store, since=day_start())
    except Exception as exc:  # the ledger cannot be read: limits still hold for this turn
        log.warning("could not read the usage ledger for budgets", exc_info=True)
        budget._notices.append(f"Budget: the usage ledger could not be read ({exc}); only "
                               "this turn's spend is counted.")
    _LAST[session_id] = budget
    return budget


# The last root budget of each session, for the usage line shown after the turn.
_LAST: dict[str, TurnBudget] = {}


def last_budget(session_id: str) -> TurnBudget | None:
    """The budget of the session's last turn (None: it ran without limits)."""
    return _LAST.get(session_id)


def budget_usage_line(session_id: str) -> str:
    """`budget: turn $0.0009/$0.0010 · day …` for the session's last turn, or ''."""
    budget = _LAST.get(session_id)
    return f"budget: {budget.status()}" if budget is not None else ""


async def watch_turn(budget: TurnBudget, agent: Any, events: AsyncIterator[Event],
                     ) -> AsyncIterator[Event]:
    """The turn's events with the budget's warnings between them; `agent` calls models
    through the budget for this turn only."""
    inner = agent.provider
    agent.provider = BudgetedProvider(inner, budget)
    try:
        async for event in events:
            # Warnings queued by the call that led to this event come first (the stop last),
            # named like it (a team member's warning shows under its card).
            for text in budget.notices():
                yield WarningEvent(message=text, agent=event.agent,
                                   parent_call_id=event.parent_call_id)
            yield event
    finally:
        if isinstance(agent.provider, BudgetedProvider) and agent.provider.budget is budget:
            agent.provider = inner
        aclose = getattr(events, "aclose", None)
        if aclose is not None:
            await aclose()


def iter_limits(settings: Settings) -> Iterator[tuple[str, float | int | None]]:
    """(key, value) of every budget setting, set or not, for `%orkas budget`."""
    for scope in SCOPES:
        yield scope, getattr(settings, f"budget_{scope}_usd")
        yield f"{scope}_tokens", getattr(settings, f"budget_{scope}_tokens")
