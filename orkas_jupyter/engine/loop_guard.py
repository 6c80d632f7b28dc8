"""Loop guard (E12): the same call (name + canonical arguments) made again and again, or the
same several calls in response after response (a cycle A, B, A, B never repeats one call
twice in a row)."""

from __future__ import annotations

import json
from collections.abc import Sequence
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
        self._last_response: tuple[str, ...] | None = None
        self._responses = 0

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

    def observe_response(self, calls: Sequence[ToolCallPart]) -> list[Verdict]:
        """Verdicts for one response's calls: each call counted as `observe` does, and the
        whole response counted against the previous responses (several calls only)."""
        verdicts = [self.observe(c) for c in calls]
        key = tuple(sorted(canonical_call(c) for c in calls))
        if len(calls) > 1 and key == self._last_response:
            self._responses += 1
        else:
            self._last_response, self._responses = key, 1
        if len(calls) > 1 and self._responses >= self.warn_at:
            level: Verdict = "stop" if self._responses >= self.stop_at else "warn"
            verdicts = [level if v == "ok" or level == "stop" else v for v in verdicts]
        return verdicts

    def warning_text(self, call: ToolCallPart) -> str:
        if self._responses >= self.warn_at and self._responses > self._count:
            return (f"Loop warning: this is response {self._responses} in a row with the same "
                    f"calls and arguments; their results will not change. Try a different "
                    f"approach. At {self.stop_at} identical responses the turn is stopped.")
        return (f"Loop warning: this is call {self._count} in a row of {call.name} with the same "
                f"arguments; its result will not change. Try a different approach. At "
                f"{self.stop_at} identical calls the turn is stopped.")
