"""Loading DuckDB extensions offline from their PyPI packages (`duckdb-extension-fts`,
`duckdb-extension-vss`).

Each package ships `extensions/v<duckdb version>/<name>.duckdb_extension`. We `LOAD` that file
by path: nothing is downloaded and nothing is written to `~/.duckdb` (which `INSTALL` would do,
and which fails offline).

A top-level module, outside `store/`, because both the store and the knowledge base's text
analysis (Snowball stemming through `fts`) load extensions, and the store imports the
knowledge base. Imports nothing from the package but the engine's base error.
"""

from __future__ import annotations

import importlib
import threading
from pathlib import Path

import duckdb

from .engine.errors import OrkasError

_lock = threading.Lock()


class ExtensionUnavailableError(OrkasError):
    """The packaged extension is missing or does not load on this platform."""


def _duckdb_version(con: duckdb.DuckDBPyConnection) -> str:
    row = con.execute("PRAGMA version").fetchone()
    if row is None:  # pragma: no cover - DuckDB always answers
        raise ExtensionUnavailableError("DuckDB did not report its version")
    return str(row[0])


def extension_path(name: str, version: str) -> Path:
    """The packaged binary of extension `name` for DuckDB `version` (e.g. `v1.5.5`)."""
    package = f"duckdb_extension_{name}"
    try:
        module = importlib.import_module(package)
    except ImportError as exc:
        raise ExtensionUnavailableError(
            f"DuckDB extension {name!r} is not installed: pip install "
            f"'duckdb-extension-{name}=={duckdb.__version__}' (it must match duckdb)."
        ) from exc
    root = Path(module.__file__ or "").resolve().parent / "extensions"
    path = root / version / f"{name}.duckdb_extension"
    if not path.is_file():
        found = sorted(p.name for p in root.iterdir()) if root.is_dir() else []
        raise ExtensionUnavailableError(
            f"duckdb-extension-{name} has no binary for DuckDB {version} (it has "
            f"{', '.join(found) or 'none'}); install the version matching duckdb "
            f"{duckdb.__version__}."
        )
    return path


def is_loaded(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    """True when extension `name` is already loaded in `con`."""
    row = con.execute("SELECT loaded FROM duckdb_extensions() WHERE extension_name = ?",
                      [name]).fetchone()
    return bool(row and row[0])


def load_extension(con: duckdb.DuckDBPyConnection, name: str) -> None:
    """Load extension `name` (`fts`, `vss`) into `con` from its PyPI package; idempotent.

    Raises `ExtensionUnavailableError` with what to install when it cannot load."""
    with _lock:
        if is_loaded(con, name):
            return
        path = extension_path(name, _duckdb_version(con))
        literal = str(path).replace("'", "''")
        try:
            con.execute(f"LOAD '{literal}'")
        except duckdb.Error as exc:
            raise ExtensionUnavailableError(
                f"DuckDB could not load {path.name} on this platform ({exc}); full-text "
                f"stemming is unavailable."
            ) from exc
