"""Talking to models: the litellm adapter, candidate rotation and cooldowns, record/replay.

Implements the engine's `Provider` protocol. Must not import the store, tools or Jupyter.
litellm itself is imported on first use only (`_litellm.load_litellm`), never at import.
"""

from .errors import (
    AccountError,
    ContentPolicyError,
    MissingKeyError,
    ProviderConfigError,
    ProviderConnectionError,
    ProviderServerError,
    ProviderUnreachableError,
    RateLimitedError,
    ReplayMissError,
    classify_provider_error,
)
from .factory import build_candidates, make_provider
from .keys import KeySource, endpoint_of
from .litellm_provider import LiteLLMProvider
from .replay import (
    InMemoryRecordingStore,
    RecordingStore,
    RecordReplayProvider,
    request_key,
)
from .rotation import Candidate, RotatingProvider

__all__ = [
    "AccountError", "Candidate", "ContentPolicyError", "InMemoryRecordingStore", "KeySource",
    "LiteLLMProvider", "MissingKeyError", "ProviderConfigError", "ProviderConnectionError",
    "ProviderServerError", "ProviderUnreachableError", "RateLimitedError",
    "RecordReplayProvider", "RecordingStore", "ReplayMissError", "RotatingProvider",
    "build_candidates", "classify_provider_error", "endpoint_of", "make_provider",
    "request_key",
]
