"""orkas-jupyter: a reliable, local-first AI agent inside the Jupyter kernel.

Importing the package is cheap: litellm, DuckDB and widgets are imported on first use.
"""

from typing import Any

__version__ = "0.1.0"

# What a first turn imports in the kernel, dependencies first, loaded while the kernel is
# idle after `%load_ext`, one module per loop step (docs/architecture-models.md). Not NumPy,
# DuckDB or litellm: the workspace's store server uses them for the kernel.
_TURN_MODULES = (
    "pydantic", "httpx", "orkas_jupyter.config", "orkas_jupyter.engine",
    "orkas_jupyter.store.client", "orkas_jupyter.store.api", "orkas_jupyter.providers.remote",
    "orkas_jupyter.store.model_client", "orkas_jupyter.tools.policy",
    "orkas_jupyter.tools.threat_patterns", "orkas_jupyter.tools.workspace",
    "orkas_jupyter.tools.memory", "orkas_jupyter.tools.knowledge", "orkas_jupyter.host.host",
    "orkas_jupyter.jupyter.approvals", "orkas_jupyter.jupyter.runtime",
    "orkas_jupyter.jupyter.interpolate", "orkas_jupyter.jupyter.render",
    "orkas_jupyter.jupyter.turns", "orkas_jupyter.store.kb_client",
)
_warm_task: Any = None  # the warm-up's asyncio.Task, kept so it is not garbage-collected


def load_ipython_extension(ipython: object) -> None:
    """`%load_ext orkas_jupyter`: register the `%orkas` magics (heavy imports wait), start
    the workspace's store server — which imports litellm for every kernel of the workspace —
    in a process of its own, and import what a turn needs while the kernel is idle."""
    from .jupyter.magics import register

    register(ipython)
    _start_warm_up()


def _start_warm_up() -> None:
    import asyncio

    from .store.warm import launch_model_host  # standard library only

    global _warm_task
    launch_model_host()
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no kernel loop (plain IPython): the first turn does it all
        return
    _warm_task = loop.create_task(_warm_up())


async def _warm_up() -> None:
    from .store.warm import warm_up

    await warm_up(_TURN_MODULES)


def unload_ipython_extension(ipython: object) -> None:
    """`%unload_ext orkas_jupyter`: close the kernel runtime (running turns, the agent
    thread, background jobs, the store connection) and forget it."""
    from .jupyter.runtime import reset_runtime

    if _warm_task is not None:
        _warm_task.cancel()
    reset_runtime()
