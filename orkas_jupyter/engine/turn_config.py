"""What a turn is given (its knobs and the parts it talks to) and how a failed turn is told to
the user; `loop.py` runs the turn."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import (
    BudgetExceededError,
    ContextOverflowError,
    ProviderError,
    ProviderSetupError,
    RetryableProviderError,
)
from .events import Event
from .fit import FitConfig, window_hint
from .messages import Message
from .policy import ToolPolicy
from .provider import ModelInfo, Provider
from .retry import BackoffPolicy
from .session import SessionLog
from .timing import Clock
from .tokens import TokenCache
from .tools import ToolContext, ToolRegistry


@dataclass(frozen=True)
class TurnConfig:
    """Knobs of one turn; every field has a working default."""

    model: str | None = None
    # None: no cap on the main answer beyond the model's own (E14).
    max_output_tokens: int | None = None
    backoff: BackoffPolicy = field(default_factory=BackoffPolicy)
    compaction_threshold: float = 0.8
    keep_recent_fraction: float = 0.3
    summary_max_tokens: int = 2_048
    loop_warn_at: int = 3
    loop_stop_at: int = 5
    # A runaway-turn safety net, far above any real task.
    max_model_calls: int = 500
    # Seconds one tool call may take unless its tool says otherwise (`Tool.timeout_s`).
    tool_timeout_s: float = 300.0
    # How a small context window is shared (compact tools, trimmed prompt, result budget).
    fit: FitConfig = field(default_factory=FitConfig)


@dataclass
class TurnDeps:
    """Everything a turn talks to."""

    provider: Provider
    tools: ToolRegistry
    log: SessionLog
    ctx: ToolContext
    clock: Clock
    emit: Callable[[Event], None]
    tokens: TokenCache = field(default_factory=TokenCache)
    rng: random.Random = field(default_factory=random.Random)
    steering: Callable[[], list[Message]] = list
    # Judges every tool call (risk, approval); None lets every call run.
    policy: ToolPolicy | None = None


def describe_failure(exc: ProviderError, info: ModelInfo) -> str:
    """The message a turn ends with when the provider failed."""
    if isinstance(exc, BudgetExceededError):
        return str(exc)  # says which budget and how to raise it; no provider is to blame
    # Provider messages already say "HTTP 429: …"; do not repeat it.
    status = (f" (HTTP {exc.status})" if exc.status and f"HTTP {exc.status}" not in str(exc)
              else "")
    if isinstance(exc, ContextOverflowError):
        kind = "The conversation no longer fits the model's context window"
        reason = str(exc).rstrip(". ")
        return f"{kind}{status}: {reason}. {window_hint(info.context_window, info.model)}"
    elif isinstance(exc, ProviderSetupError):
        kind = "The model is not set up"
    elif isinstance(exc, RetryableProviderError):
        kind = "The model provider kept failing"
    else:
        kind = "The model provider refused the request"
    return f"{kind}{status}: {exc}"
