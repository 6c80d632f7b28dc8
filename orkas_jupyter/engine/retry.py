"""Backoff for retryable provider errors (E10): exponential, jittered, capped at 30 s, and
`retry-after` honoured when the server sends one."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class BackoffPolicy:
    """How often and how long to wait before sending a failed request again."""

    max_retries: int = 5
    base: float = 1.0
    cap: float = 30.0
    # A server asking for more than this is treated as "not soon": the turn fails instead.
    max_retry_after: float = 120.0

    def delay(self, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        """Seconds to wait before retry number `attempt` (1-based)."""
        if retry_after is not None and retry_after >= 0:
            return min(retry_after, self.max_retry_after)
        ceiling = min(self.cap, self.base * 2 ** (attempt - 1))
        return rng.uniform(ceiling / 2, ceiling)

    def gives_up(self, attempt: int, retry_after: float | None,
                 max_retries: int | None = None) -> bool:
        """True when retry number `attempt` should not happen; `max_retries` is the failed
        error's own, lower budget (`ProviderError.max_retries`), if it has one."""
        budget = self.max_retries if max_retries is None else min(max_retries, self.max_retries)
        if attempt > budget:
            return True
        return retry_after is not None and retry_after > self.max_retry_after
