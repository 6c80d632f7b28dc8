"""Which notebook does this kernel belong to? Record/replay and the notebook tools need the
answer; each runner reveals it differently."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..config import Settings


def notebook_path(settings: Settings, environ: Mapping[str, str] | None = None,
                  namespace: Mapping[str, Any] | None = None) -> Path | None:
    """The kernel's notebook: `ORKAS_NOTEBOOK`, else JupyterLab's `JPY_SESSION_NAME`."""
    env = os.environ if environ is None else environ
    for var in ("ORKAS_NOTEBOOK", "JPY_SESSION_NAME"):
        value = env.get(var)
        if value and value.endswith(".ipynb"):
            path = Path(value)
            return path if path.is_absolute() else settings.workspace / path
    return None
