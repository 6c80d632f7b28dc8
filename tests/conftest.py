"""Suite-wide: the store servers a test module's kernels started are stopped when the module
ends. A real workspace has one server; the suite makes hundreds of workspaces, and each server
keeps litellm imported (~300 MB) for its idle time (300 s) — enough to exhaust memory."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest


def store_servers_under(folder: Path) -> list[int]:
    """Pids of store servers whose store file is under `folder`."""
    marker = str(folder)
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [a.decode(errors="replace") for a in args]
        if "orkas_jupyter.store.server" in words and any(w.startswith(marker) for w in words):
            pids.append(int(entry.name))
    return pids


@pytest.fixture(autouse=True, scope="module")
def _stop_store_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    yield
    if not Path("/proc").is_dir():
        return
    for pid in store_servers_under(tmp_path_factory.getbasetemp()):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
