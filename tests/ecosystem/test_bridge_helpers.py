"""Shared pieces of the bridge tests (no tests here): a notebook file, a kernel with the
bridge on, and an MCP client session with the real `orkas-mcp` process."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

ORKAS_MCP = str(Path(sys.executable).with_name("orkas-mcp"))


def write_notebook(path: Path, sources: list[str]) -> None:
    """An nbformat 4.5 notebook with code cells c0, c1, … holding `sources`."""
    cells = [{"id": f"c{i}", "cell_type": "code", "source": src, "metadata": {},
              "outputs": [], "execution_count": None} for i, src in enumerate(sources)]
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}))


def start_bridge(kernel: Any, workspace: Path, setup: str = "") -> Path:
    """Load the extension, run `setup`, start the bridge; returns the connection file."""
    r = kernel.run("%load_ext orkas_jupyter\n" + setup)
    assert r.error is None, r.error
    r = kernel.run("%orkas bridge")
    assert r.error is None, r.error
    line = next(t for t in r.stdout.split() if t.endswith(".json") and "bridge" in t)
    path = Path(line.rstrip(",)"))
    assert path.parent == workspace / ".orkas" / "bridge", r.stdout
    return path


@contextlib.asynccontextmanager
async def mcp_client(connection: Path | None, env: dict[str, str] | None = None,
                     name: str = "test-agent", errlog: Path | None = None
                     ) -> AsyncIterator[Any]:
    """An initialised `ClientSession` talking to a real `orkas-mcp` over stdio (its stderr
    into `errlog` when given)."""
    import mcp_types as types
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    args = ["--connection", str(connection)] if connection is not None else []
    params = StdioServerParameters(command=ORKAS_MCP, args=args,
                                   env={**os.environ, **(env or {})})
    with contextlib.ExitStack() as stack:
        err = stack.enter_context(errlog.open("w")) if errlog is not None else sys.stderr
        async with stdio_client(params, errlog=err) as (read, write), ClientSession(
                read, write, client_info=types.Implementation(name=name, version="1")
        ) as session:
            await session.initialize()
            yield session


def text_of(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)
