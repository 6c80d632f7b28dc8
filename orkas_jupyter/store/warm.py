"""Getting a kernel ready for its first turn while the user types.

`warm_up` is a coroutine for the kernel's own event loop, scheduled at `%load_ext`. It runs
only while the kernel is idle (a running cell freezes it), one small step per loop turn, so
a cell started meanwhile waits at most one step and is never slowed by a competing thread
(a background thread importing modules during a CPU-bound cell fights it for the GIL). Its
steps: start the workspace's store server — which imports litellm for every kernel of the
workspace — or ask the running one to warm its models; then import the modules a first turn
needs, one at a time, dependencies first.

Importing this module is cheap (standard library only): `%load_ext` stays fast.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import time
from collections.abc import Sequence

log = logging.getLogger(__name__)

# Between two steps: long enough for a pending execute request to be taken first.
STEP_PAUSE = 0.005
# What the store connection needs, imported as separate steps before the server is asked.
_CLIENT_MODULES = ("pydantic", "orkas_jupyter.config", "orkas_jupyter.engine",
                   "orkas_jupyter.store.client")


def start_model_host() -> str:
    """Start the workspace's store server with its models warming, or ask the running one to
    warm them; never waits for a server to come up. Returns what was done (for logs and
    tests): `started`, `asked`, `starting`, or why nothing was (`no model`, `kernel`)."""
    from ..config import load_settings
    from .client import SocketTransport

    settings = load_settings()
    if not settings.model:
        return "no model"
    if (os.environ.get("ORKAS_MODEL_HOST") or "server").strip().lower() == "kernel":
        return "kernel"
    return SocketTransport(settings.store_path).start_server()


async def warm_up(modules: Sequence[str] = ()) -> list[tuple[str, float]]:
    """Start the model host, then import `modules` one per loop turn (list dependencies
    before the modules that use them). Failures are left for the first turn to report.
    Returns (step, seconds) for each step."""
    steps: list[tuple[str, float]] = []

    async def step(name: str, action: object) -> None:
        await asyncio.sleep(STEP_PAUSE)
        started = time.perf_counter()
        try:
            result = action() if callable(action) else importlib.import_module(str(action))
        except Exception:
            log.debug("warm-up step %s failed", name, exc_info=True)
            result = "failed"
        label = f"{name}: {result}" if isinstance(result, str) else name
        steps.append((label, time.perf_counter() - started))

    for module in _CLIENT_MODULES:
        await step(module, module)
    await step("model host", start_model_host)
    for module in modules:
        await step(module, module)
    return steps
