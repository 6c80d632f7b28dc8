"""Where packages and what Orkas knows about them live, all under `$ORKAS_HOME`:

- `packages/NAME/` — the repository as cloned (never written by Orkas afterwards);
- `packages.json` — one record per package (source, commit, formats, shims, dependencies);
- `package-envs/NAME/` — the package's virtual environment, when it declares dependencies;
- `package-bin/` — the CLI shims, put first on the `bash` tool's PATH.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from ...config import Settings

log = logging.getLogger(__name__)

RECORDS_FILE = "packages.json"


class PackageRecord(BaseModel):
    """What Orkas keeps about one installed package."""

    name: str
    source: str
    commit: str
    installed_at: int
    updated_at: int | None = None
    # Folders (relative to the package, "." for the package itself) holding skills.
    skill_roots: list[str] = Field(default_factory=list)
    # Executables (relative paths) and the shim name of each.
    commands: dict[str, str] = Field(default_factory=dict)
    dependencies: list[str] = Field(default_factory=list)
    dependency_file: str | None = None
    venv: bool = False


def home_of(settings: Settings) -> Path:
    return Path(settings.home).expanduser()


def packages_dir(home: Path) -> Path:
    return home / "packages"


def env_dir(home: Path, name: str) -> Path:
    return home / "package-envs" / name


def bin_dir(home: Path) -> Path:
    return home / "package-bin"


def package_bin(settings: Settings) -> Path:
    """The folder of CLI shims (for the shell's PATH)."""
    return bin_dir(home_of(settings))


def load_records(home: Path) -> dict[str, PackageRecord]:
    """The records of installed packages (a broken file reads as none, with a warning)."""
    path = home / RECORDS_FILE
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        log.warning("cannot read %s; no package is listed", path)
        return {}
    records = {}
    for name, item in (raw.get("packages") or {}).items() if isinstance(raw, dict) else ():
        try:
            records[name] = PackageRecord.model_validate(item)
        except ValidationError:
            log.warning("package record %r in %s is not valid; left out", name, path)
    return records


def save_records(home: Path, records: dict[str, PackageRecord]) -> None:
    home.mkdir(parents=True, exist_ok=True)
    path = home / RECORDS_FILE
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    data = {"packages": {n: r.model_dump(mode="json") for n, r in sorted(records.items())}}
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)


def installed_skill_roots(settings: Settings) -> list[tuple[str, Path]]:
    """(package name, folder) for every skills folder of every installed package — what the
    skill catalog's `packages` seam takes."""
    home = home_of(settings)
    roots = []
    for name, record in sorted(load_records(home).items()):
        base = packages_dir(home) / name
        for rel in record.skill_roots:
            path = (base / rel).resolve()
            if path == base.resolve() or base.resolve() in path.parents:
                roots.append((name, path))
    return roots
