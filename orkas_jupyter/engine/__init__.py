"""One agent's turn: the run loop, events, the tool protocol, compaction, token estimates,
retries, the loop guard and the history invariants.

Imports nothing from Jupyter, DuckDB, litellm or widgets, nor from the package's other
layers; they implement the protocols defined here (provider, session store, tool, approval).
"""

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
