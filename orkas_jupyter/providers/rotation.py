"""Rotation over a candidate list with in-process cooldowns (P2, P3).

Rules:
- Candidates are tried in configured order, skipping those cooling down.
- A candidate is switched only before the first content event (text, thinking or a tool
  call) of a response; once content has streamed, any failure propagates.
- Account-level failures cool the candidate down and the next candidate is tried in the same
  request: a refused or expired key or no credit for `cooldown_s` (10 minutes); a rate limit
  for as long as its `Retry-After` asks (at most `cooldown_s`), or a minute without one.
- Everything else (timeouts, dropped connections, 5xx, bad requests, policy refusals)
  propagates unchanged: the engine's backoff (E10) is the only retry layer, and its next
  attempt starts again from the first candidate that is not cooling down — so a transient
  failure is retried on the same candidate.
- When every candidate is cooling down, the one whose cooldown ends first is tried anyway: a
  cooldown orders candidates, it never leaves the user with no model at all.
- A cooldown belongs to the key that failed: once the candidate's key changes (a new key set
  in the notebook), it is forgotten. A candidate with no key at all is skipped without a
  cooldown (`MissingKeyError`: nothing was sent, the next request reads the key again), and
  so is one whose server cannot be reached (`ProviderUnreachableError`: a refused connection
  costs milliseconds, and the server may be started any time).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass

from ..engine.errors import ProviderError
from ..engine.provider import (
    ModelInfo,
    ModelRequest,
    Provider,
    ProviderEvent,
    StreamEnd,
    complete_from_stream,
)
from ..engine.timing import Clock, RealClock
from .convert import same_model
from .errors import (
    AccountError,
    MissingKeyError,
    ProviderUnreachableError,
    RateLimitedError,
    is_account_level,
)

log = logging.getLogger(__name__)

COOLDOWN_SECONDS = 600.0
# A 429 without `Retry-After`: limits are usually per minute; ten minutes would idle a
# candidate that works again long before.
RATE_LIMIT_COOLDOWN_SECONDS = 60.0


@dataclass(frozen=True)
class Candidate:
    """One way to reach a model: a provider plus a label safe to show (no key inside)."""

    label: str
    model: str
    provider: Provider


@dataclass(frozen=True)
class Cooldown:
    """Why and until when a candidate is skipped."""

    until: float
    reason: str
    # Fingerprint of the key that failed (`LiteLLMProvider.credential_id`), never the key.
    credential: str = ""


def key_hint(api_key: str | None) -> str:
    """A label for a key that reveals nothing usable: its last four characters."""
    return f"key …{api_key[-4:]}" if api_key and len(api_key) >= 8 else "default key"


class RotatingProvider:
    """A `Provider` that spreads requests over candidates and cools down failing accounts."""

    def __init__(self, candidates: Sequence[Candidate], *, clock: Clock | None = None,
                 cooldown_s: float = COOLDOWN_SECONDS,
                 ad_hoc: Callable[[str], Provider] | None = None) -> None:
        if not candidates:
            raise ValueError("rotation needs at least one candidate")
        self.candidates = list(candidates)
        self.clock = clock or RealClock()
        self.cooldown_s = cooldown_s
        self._ad_hoc = ad_hoc
        self._ad_hoc_cache: dict[str, Candidate] = {}
        self.cooldowns: dict[str, Cooldown] = {}

    @property
    def model(self) -> str:
        """The primary model."""
        return self.candidates[0].model

    def _pool(self, model: str | None) -> list[Candidate]:
        if model is None:
            return self.candidates
        matching = [c for c in self.candidates if same_model(c.model, model)]
        if matching:
            return matching
        if self._ad_hoc is None:
            return [Candidate(label=model, model=model, provider=self.candidates[0].provider)]
        if model not in self._ad_hoc_cache:
            self._ad_hoc_cache[model] = Candidate(label=model, model=model,
                                                  provider=self._ad_hoc(model))
        return [self._ad_hoc_cache[model]]

    def order(self, model: str | None = None) -> list[Candidate]:
        """Candidates to try for one request, best first."""
        now = self.clock.now()
        pool = self._pool(model)
        ready = [c for c in pool if self._cooling(c, now) is None]
        if ready:
            return ready
        return [min(pool, key=lambda c: self.cooldowns[c.label].until)]

    def _cooling(self, candidate: Candidate, now: float) -> Cooldown | None:
        cooldown = self.cooldowns.get(candidate.label)
        if cooldown is not None and (cooldown.until <= now or
                                     cooldown.credential != _credential(candidate)):
            del self.cooldowns[candidate.label]
            return None
        return cooldown

    def model_info(self, model: str | None) -> ModelInfo:
        """The capabilities of `model`, or of the primary candidate."""
        candidate = self._pool(model)[0]
        return candidate.provider.model_info(candidate.model)

    async def stream(self, request: ModelRequest) -> AsyncIterator[ProviderEvent]:
        """Stream from the first candidate that can serve (see the module's rules)."""
        failures: list[tuple[Candidate, ProviderError]] = []
        for candidate in self.order(request.model):
            started = False
            try:
                async for event in candidate.provider.stream(
                        request.model_copy(update={"model": candidate.model})):
                    if event.type != "end":
                        started = True
                    yield event
            except (MissingKeyError, ProviderUnreachableError) as exc:
                if started:
                    raise
                failures.append((candidate, exc))  # nothing was answered: no cooldown
                continue
            except ProviderError as exc:
                if started or not is_account_level(exc):
                    raise
                self._cool_down(candidate, exc)
                failures.append((candidate, _naming_the_key(candidate, exc)))
                continue
            self.cooldowns.pop(candidate.label, None)
            return
        raise _combined(failures)

    async def complete(self, request: ModelRequest) -> StreamEnd:
        """One response, not streamed to the caller."""
        return await complete_from_stream(self, request)

    async def validate_auth(self) -> dict[str, str | None]:
        """Probe every candidate with a one-token request: label → None when it answered, else
        the reason it failed (no key is ever part of the text)."""
        report: dict[str, str | None] = {}
        for candidate in self.candidates:
            validate = getattr(candidate.provider, "validate_auth", None)
            if validate is None:
                report[candidate.label] = None
                continue
            try:
                await validate()
            except ProviderError as exc:
                report[candidate.label] = str(exc)
            else:
                report[candidate.label] = None
        return report

    def cooldown_for(self, exc: ProviderError) -> float:
        """Seconds a candidate is skipped after `exc`: a rate limit as long as the server
        asked (bounded by `cooldown_s`), any other account error `cooldown_s`."""
        if isinstance(exc, RateLimitedError):
            wait = exc.retry_after if exc.retry_after is not None else RATE_LIMIT_COOLDOWN_SECONDS
            return max(0.0, min(wait, self.cooldown_s))
        return self.cooldown_s

    def _cool_down(self, candidate: Candidate, exc: ProviderError) -> None:
        seconds = self.cooldown_for(exc)
        self.cooldowns[candidate.label] = Cooldown(until=self.clock.now() + seconds,
                                                   reason=str(exc),
                                                   credential=_credential(candidate))
        # Not a warning: the turn's error already tells the user; with one candidate there is
        # nothing to skip to (it is tried again on the next request).
        log.info("model candidate %s is skipped for %.0f s while others can serve: %s",
                 candidate.label, seconds, exc)


def _naming_the_key(candidate: Candidate, exc: ProviderError) -> ProviderError:
    """A refused key (HTTP 401/403) says which variable it came from, never the key."""
    source = getattr(candidate.provider, "key_source", None)
    if not isinstance(exc, AccountError) or exc.status not in (401, 403) or source is None:
        return exc
    where = str(source.describe(candidate.model))
    if where == "no key":
        return exc
    variable = where.split(" ")[0]
    hint = (f" (in a notebook: %env {variable}=…)" if variable.isupper() else "")
    return AccountError(f"{exc}. The key sent came from {where}; set a valid one{hint} and "
                        "ask again.", status=exc.status)


def _credential(candidate: Candidate) -> str:
    fingerprint = getattr(candidate.provider, "credential_id", None)
    return str(fingerprint()) if callable(fingerprint) else ""


def _combined(failures: list[tuple[Candidate, ProviderError]]) -> ProviderError:
    if len(failures) == 1:
        return failures[0][1]
    if all(isinstance(e, MissingKeyError) for _, e in failures):
        detail = "; ".join(str(e) for _, e in failures)
        return MissingKeyError(f"no model candidate has an API key: {detail}")
    detail = "; ".join(f"{c.label}: {e}" for c, e in failures)
    rate_limited = [e for _, e in failures if isinstance(e, RateLimitedError)]
    if rate_limited:
        waits = [e.retry_after for e in rate_limited if e.retry_after is not None]
        return RateLimitedError(f"every model candidate is rate limited or refused: {detail}",
                                status=429, retry_after=min(waits) if waits else None)
    unreachable = [e for _, e in failures if isinstance(e, ProviderUnreachableError)]
    if unreachable:
        return ProviderUnreachableError(f"no model candidate could be reached: {detail}",
                                        retry_after=unreachable[0].retry_after,
                                        max_retries=unreachable[0].max_retries)
    return AccountError(f"every model candidate refused the request: {detail}. Check the API "
                        "keys and the account's credit.", status=failures[-1][1].status)
