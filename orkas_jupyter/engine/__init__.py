"""One agent's turn: the run loop, events, the tool protocol, compaction, token estimates,
retries, the loop guard and the history invariants.

Imports nothing from Jupyter, DuckDB, litellm or widgets, nor from the package's other
layers; they implement the protocols defined here (provider, session store, tool, approval).

Names load on first use (PEP 562): importing one module (`orkas_jupyter.engine.errors`, as
the store's launcher does) does not import the run loop and its models.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .agent import Agent, TurnInProgressError
    from .errors import (
        ContextOverflowError,
        HistoryError,
        NonRetryableProviderError,
        OrkasError,
        ProviderError,
        RetryableProviderError,
        ToolError,
        ToolInputError,
    )
    from .events import (
        AssistantMessage,
        Compaction,
        Done,
        Error,
        Event,
        Notice,
        Retry,
        TextDelta,
        ThinkingDelta,
        ToolEnd,
        ToolStart,
        TurnResult,
        Usage,
        Warning,
    )
    from .history import repair_history, validate_history
    from .messages import (
        ImagePart,
        Message,
        TextPart,
        ThinkingPart,
        ToolCallPart,
        ToolResultPart,
        user_message,
    )
    from .provider import ModelInfo, ModelRequest, Provider, StreamEnd, StreamText, StreamThinking
    from .retry import BackoffPolicy
    from .session import InMemorySessionStore, SessionLog, SessionStore
    from .timing import CancelToken, Clock, FakeClock, RealClock
    from .tokens import estimate_tokens
    from .tools import ApprovalRequest, Tool, ToolContext, ToolOutput, ToolRegistry, ToolSpec
    from .turn_config import TurnConfig

# Each public name and the module that defines it.
_WHERE: dict[str, str] = {
    "Agent": "agent",
    "ApprovalRequest": "tools",
    "AssistantMessage": "events",
    "BackoffPolicy": "retry",
    "CancelToken": "timing",
    "Clock": "timing",
    "Compaction": "events",
    "ContextOverflowError": "errors",
    "Done": "events",
    "Error": "events",
    "Event": "events",
    "FakeClock": "timing",
    "HistoryError": "errors",
    "ImagePart": "messages",
    "InMemorySessionStore": "session",
    "Message": "messages",
    "ModelInfo": "provider",
    "ModelRequest": "provider",
    "NonRetryableProviderError": "errors",
    "Notice": "events",
    "OrkasError": "errors",
    "Provider": "provider",
    "ProviderError": "errors",
    "RealClock": "timing",
    "Retry": "events",
    "RetryableProviderError": "errors",
    "SessionLog": "session",
    "SessionStore": "session",
    "StreamEnd": "provider",
    "StreamText": "provider",
    "StreamThinking": "provider",
    "TextDelta": "events",
    "TextPart": "messages",
    "ThinkingDelta": "events",
    "ThinkingPart": "messages",
    "Tool": "tools",
    "ToolCallPart": "messages",
    "ToolContext": "tools",
    "ToolEnd": "events",
    "ToolError": "errors",
    "ToolInputError": "errors",
    "ToolOutput": "tools",
    "ToolRegistry": "tools",
    "ToolResultPart": "messages",
    "ToolSpec": "tools",
    "ToolStart": "events",
    "TurnConfig": "turn_config",
    "TurnInProgressError": "agent",
    "TurnResult": "events",
    "Usage": "events",
    "Warning": "events",
    "estimate_tokens": "tokens",
    "repair_history": "history",
    "user_message": "messages",
    "validate_history": "history",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # once loaded, a plain module attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


__all__ = [
    "Agent", "ApprovalRequest", "AssistantMessage", "BackoffPolicy", "CancelToken", "Clock",
    "Compaction", "ContextOverflowError", "Done", "Error", "Event", "FakeClock", "HistoryError",
    "ImagePart", "InMemorySessionStore", "Message", "ModelInfo", "ModelRequest",
    "NonRetryableProviderError", "Notice", "OrkasError", "Provider", "ProviderError", "RealClock",
    "Retry", "RetryableProviderError", "SessionLog", "SessionStore", "StreamEnd", "StreamText",
    "StreamThinking", "TextDelta", "TextPart", "ThinkingDelta", "ThinkingPart", "Tool",
    "ToolCallPart", "ToolContext", "ToolEnd", "ToolError", "ToolInputError", "ToolOutput",
    "ToolRegistry", "ToolResultPart", "ToolSpec", "ToolStart", "TurnConfig",
    "TurnInProgressError", "TurnResult", "Usage", "Warning", "estimate_tokens",
    "repair_history", "user_message", "validate_history",
]
