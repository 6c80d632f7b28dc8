"""Time and cancellation seams: an injectable clock (so backoff tests run instantly) and one
cancel token shared by every task of a turn (E11, O6)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Protocol


class Clock(Protocol):
    """Monotonic time and sleeping."""

    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class RealClock:
    """The event loop's time."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class FakeClock:
    """Virtual time: `sleep` advances `now` at once and records the delay."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self._now += max(0.0, seconds)
        await asyncio.sleep(0)


class CancelToken:
    """Stops every task bound to it. Thread-safe: a UI thread or a signal handler may call
    `cancel`; the tasks are cancelled on their own loops."""

    def __init__(self) -> None:
        self._cancelled = False
        self._tasks: set[asyncio.Task[object]] = set()
        self._lock = threading.Lock()
        self.reason = ""

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def bind(self, task: asyncio.Task[object]) -> None:
        """Cancel `task` when the token fires (at once if it already has)."""
        with self._lock:
            self._tasks.add(task)
            fired = self._cancelled
        task.add_done_callback(self._forget)
        if fired:
            _cancel_task(task)

    def _forget(self, task: asyncio.Task[object]) -> None:
        with self._lock:
            self._tasks.discard(task)

    def cancel(self, reason: str = "cancelled by the user") -> None:
        """Fire: every bound task gets `CancelledError` at its current await."""
        with self._lock:
            if self._cancelled:
                return
            self._cancelled = True
            self.reason = reason
            tasks = list(self._tasks)
        for task in tasks:
            _cancel_task(task)


def _cancel_task(task: asyncio.Task[object]) -> None:
    loop = task.get_loop()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        task.cancel()
    else:
        loop.call_soon_threadsafe(task.cancel)
