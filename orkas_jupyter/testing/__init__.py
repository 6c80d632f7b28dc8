"""Test doubles shipped with the package: `FakeModelServer`, a real HTTP fake of a model API
on 127.0.0.1 (OpenAI chat completions and embeddings, Anthropic messages) with scripted
replies and faults, for this project's tests and users' own (see docs/testing.md).
`Raw` steps send chunks exactly as given; `testing.quirks` builds the provider quirks (duplicate
tool-call ids, deltas without `index`, no finish reason, …) as `Raw` steps.

Standard library only; must not import litellm or any other layer of the package.
"""

from . import quirks
from .counting import CountingServer
from .fake_server import FakeModelServer, RecordedRequest
from .script import (
    Fault,
    Hangup,
    Raw,
    Reply,
    Step,
    ToolCallSpec,
    context_overflow,
    drop,
    fault,
    hangup,
    reply,
    slow,
    stall,
    tool_call,
    tool_calls,
)

__all__ = [
    "CountingServer",
    "FakeModelServer", "Fault", "Hangup", "Raw", "RecordedRequest", "Reply", "Step",
    "ToolCallSpec", "context_overflow", "drop", "fault", "hangup", "quirks", "reply", "slow",
    "stall", "tool_call", "tool_calls",
]
