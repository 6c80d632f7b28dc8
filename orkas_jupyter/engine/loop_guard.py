"""Loop guard (E12): the same call (name + canonical arguments) made again and again."""

from __future__ import annotations

import json
from typing import Literal

from .messages import ToolCallPart

Verdict = Literal["ok", "warn", "stop"]


def canonical_call(call: ToolCallPart) -> str:
    """Name plus arguments with keys sorted and whitespace removed."""
    try:
        args = json.dumps(json.loads(call.arguments or "{}"), sort_keys=True,
                          separators=(",", ":"), ensure_ascii=False)
    except json.JSONDecodeError:
        args = call.arguments.strip()
    return f"{call.name}\x00{args}"


class LoopGuard:
    """Counts consecutive identical calls: warn at `warn_at`, stop at `stop_at`; a different
    call resets the count."""

    def __init__(self, warn_at: int = 3, stop_at: int = 5) -> None:
        self.warn_at = warn_at
        self.stop_at = stop_at
        self._last: str | None = None
        self._count = 0

    @property
    def count(self) -> int:
        return self._count

    def observe(self, call: ToolCallPart) -> Verdict:
        key = canonical_call(call)
        if key == self._last:
            self._count += 1
        else:
            self._last, self._count = key, 1
        if self._count >= self.stop_at:
            return "stop"
        if self._count >= self.warn_at:
            return "warn"
        return "ok"

    def warning_text(self, call: ToolCallPart) -> str:
        return (f"Loop warning: this is call {self._count} in a row of {call.name} with the same "
                f"arguments; its result will not change. Try a different approach. At "
                f"{self.stop_at} identical calls the turn is stopped.")
