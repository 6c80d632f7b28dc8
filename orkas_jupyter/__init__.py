"""orkas-jupyter: a reliable, local-first AI agent inside the Jupyter kernel.

Importing the package is cheap: litellm, DuckDB and widgets are imported on first use.
"""

__version__ = "0.1.0"


def load_ipython_extension(ipython: object) -> None:
    """`%load_ext orkas_jupyter`: register the `%orkas` magics (heavy imports wait)."""
    from .jupyter.magics import register

    register(ipython)


def unload_ipython_extension(ipython: object) -> None:
    """`%unload_ext orkas_jupyter`: close the kernel runtime (running turns, the agent
    thread, background jobs, the store connection) and forget it."""
    from .jupyter.runtime import reset_runtime

    reset_runtime()
