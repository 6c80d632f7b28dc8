"""Provider tests: make `providers_helpers` importable (pytest runs in importlib mode, which
does not put test folders on sys.path)."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
