"""Getting a kernel ready for its first turn while the user types.

Two parts, both started at `%load_ext`:

* `launch_model_host()` starts, in a few milliseconds and without importing anything, a
  small process (`python -m orkas_jupyter.store.warm`) that reads the workspace's settings
  the way the kernel does and either asks the running store server to warm its models, or
  takes the store's server lock and hands it to a child that becomes the server (exec) and
  imports litellm at once, for every kernel of the workspace. It runs beside the kernel
  whatever the kernel does next (a long cell, Run All): a workspace's first answer waits
  only for what the server itself needs.
* `warm_up(modules)` is a coroutine for the kernel's own event loop. It runs only while the
  kernel is idle (a running cell freezes it), one small step per loop turn, so a cell
  started meanwhile waits at most one step and is never slowed by a competing thread (a
  background thread importing modules during a CPU-bound cell fights it for the GIL). Its
  steps: what the store connection needs; then, once the launcher is done, the model host
  (started by the kernel if the launcher could not, else asked to warm); then the modules a
  first turn needs, dependencies first.

Importing this module is cheap (standard library only): `%load_ext` stays fast.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger(__name__)

# Between two steps: long enough for a pending execute request to be taken first.
STEP_PAUSE = 0.005
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
# What the store connection needs, imported as separate steps before the server is asked.
_CLIENT_MODULES = ("pydantic", "orkas_jupyter.config", "orkas_jupyter.engine",
                   "orkas_jupyter.store.client")
# The launcher exits once the server holds the lock (or it found one): well under a second.
LAUNCHER_WAIT = 10.0
_launched: list[subprocess.Popen[bytes]] = []  # reaped by the warm-up


def launch_model_host() -> subprocess.Popen[bytes] | None:
    """Start the launcher process for this kernel's workspace (its environment and working
    directory) without waiting for it; None when models run in the kernel
    (`ORKAS_MODEL_HOST=kernel`) or the process cannot be started (the first turn then
    starts the server itself)."""
    if (os.environ.get("ORKAS_MODEL_HOST") or "server").strip().lower() == "kernel":
        return None
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH", ""))
                                        if p)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "orkas_jupyter.store.warm"], env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)  # the server it starts outlives the kernel
    except OSError:
        log.debug("could not start the model host launcher", exc_info=True)
        return None
    _launched.append(proc)
    return proc


def start_model_host(*, take_lock: bool = False) -> str:
    """Start the workspace's store server with its models warming, or ask the running one to
    warm them; never waits for a server to come up. Returns what was done (for logs and
    tests): `started`, `asked`, `starting`, or why nothing was (`no model`, `kernel`).
    `take_lock`: the launcher's way (`SocketTransport.start_server`), for a process with no
    other threads."""
    from ..config import load_settings
    from .client import SocketTransport

    settings = load_settings()
    if not settings.model:
        return "no model"
    if (os.environ.get("ORKAS_MODEL_HOST") or "server").strip().lower() == "kernel":
        return "kernel"
    return SocketTransport(settings.store_path).start_server(take_lock=take_lock)


async def warm_up(modules: Sequence[str] = ()) -> list[tuple[str, float]]:
    """Import what the store connection needs, see to the model host once the launcher is
    done, then import `modules` one per loop turn (list dependencies before the modules that
    use them). Failures are left for the first turn to report. Returns (step, seconds) for
    each step."""
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
    await _launchers_done()
    await step("model host", start_model_host)
    for module in modules:
        await step(module, module)
    return steps


async def _launchers_done() -> None:
    """Wait (without blocking the loop) until the launchers started by this kernel exited,
    reaping them; a stuck one is left behind after `LAUNCHER_WAIT`."""
    deadline = time.monotonic() + LAUNCHER_WAIT
    while _launched and time.monotonic() < deadline:
        for proc in _launched[:]:
            if proc.poll() is not None:
                _launched.remove(proc)
        if _launched:
            await asyncio.sleep(0.05)


def main() -> int:
    """`python -m orkas_jupyter.store.warm`: the launcher. Exits once the workspace's server
    holds the store's lock (or nothing is to be done), printing what it did."""
    import gc

    gc.disable()  # a short-lived process: the collector would only cost it time
    try:
        outcome = start_model_host(take_lock=True)
    except Exception as exc:  # the kernel's warm-up or first turn starts it and says why
        outcome = f"failed: {type(exc).__name__}"
    print(outcome)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
