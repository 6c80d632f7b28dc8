"""Running work on the kernel's main thread from the agent's thread.

The agent runs on its own thread (so a blocking user cell does not freeze it and a kernel
interrupt reaches a magic cell at once). Kernel state — the user namespace, `run_cell`,
matplotlib — belongs to the main thread, so tools hand it jobs here. Jobs run either in the
wait loop of a running `%%orkas` cell (`drain`) or, when the kernel is idle, as callbacks on
the kernel's event loop; whichever comes first.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple[Callable[[], Any], "concurrent.futures.Future[Any]"]


class MainThreadExecutor:
    """A queue of jobs for the main thread."""

    def __init__(self, kernel_loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.kernel_loop = kernel_loop
        self._jobs: queue.Queue[_Job] = queue.Queue()
        self.interrupted = threading.Event()

    def on_main_thread(self) -> bool:
        return threading.current_thread() is threading.main_thread()

    async def run(self, fn: Callable[[], T]) -> T:
        """Run `fn` on the main thread and return its result (awaitable from any loop)."""
        if self.on_main_thread():
            return fn()
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        # Let the loop deliver events emitted just before this job (a tool's start) to their
        # consumer first, so a waiting cell shows them before it runs the job.
        await asyncio.sleep(0)
        self._jobs.put((fn, future))
        loop = self.kernel_loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.drain)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()  # a job not started yet never starts
            raise

    def pending(self) -> bool:
        """True when a job is waiting."""
        return not self._jobs.empty()

    def drain(self) -> int:
        """Run every queued job now (main thread only); returns how many ran."""
        ran = 0
        while True:
            try:
                fn, future = self._jobs.get_nowait()
            except queue.Empty:
                return ran
            if not future.set_running_or_notify_cancel():
                continue
            ran += 1
            try:
                future.set_result(fn())
            except KeyboardInterrupt:
                # Never hand a KeyboardInterrupt to the agent's loop: it would escape the
                # loop and kill the thread. To the waiting task it is a cancellation.
                self.interrupted.set()
                future.set_exception(asyncio.CancelledError("the kernel was interrupted"))
            except BaseException as exc:
                future.set_exception(exc)

    def wait_for_job(self, timeout: float) -> bool:
        """Block up to `timeout` for a job, run it and any others; True if any ran."""
        try:
            fn, future = self._jobs.get(timeout=timeout)
        except queue.Empty:
            return False
        self._jobs.put((fn, future))
        return self.drain() > 0
