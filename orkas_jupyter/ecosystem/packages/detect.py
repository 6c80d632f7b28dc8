"""What a package is: skills (folders with `SKILL.md`), a CLI (executables in `bin/`, or at
the top with a shebang) or both; and the Python dependencies it declares
(`requirements.txt`, else `[project].dependencies` of `pyproject.toml`)."""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path

MAX_DEPTH = 4
SHIM_SUFFIXES = (".py", ".sh", ".bash")


def _walk(folder: Path) -> list[Path]:
    found = []
    for here, dirs, files in os.walk(folder):
        depth = len(Path(here).relative_to(folder).parts)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and depth < MAX_DEPTH)
        found += [Path(here) / f for f in files if f == "SKILL.md"]
    return found


def skill_roots(folder: Path) -> list[str]:
    """Folders (relative; "." for the package) whose sub-folders are skills, or that are one
    skill themselves."""
    roots: set[str] = set()
    for skill_md in _walk(folder):
        skill = skill_md.parent
        roots.add("." if skill == folder else str(skill.parent.relative_to(folder)))
    return sorted(roots)


def _executable(path: Path) -> bool:
    try:
        mode = path.lstat().st_mode
    except OSError:
        return False
    return stat.S_ISREG(mode) and bool(mode & stat.S_IXUSR)


def _has_shebang(path: Path) -> bool:
    with path.open("rb") as fh:
        return fh.read(2) == b"#!"


def cli_entries(folder: Path) -> list[str]:
    """Executable files in `bin/`, and executable files with a shebang at the top."""
    entries = []
    bin_folder = folder / "bin"
    if bin_folder.is_dir():
        entries += [f"bin/{p.name}" for p in sorted(bin_folder.iterdir())
                    if not p.name.startswith(".") and _executable(p)]
    entries += [p.name for p in sorted(folder.iterdir())
                if not p.name.startswith(".") and _executable(p) and _has_shebang(p)]
    return entries


def shim_name(entry: str) -> str:
    """The command name for an entry (`bin/tool.py` → `tool`)."""
    name = Path(entry).name
    for suffix in SHIM_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def declared_dependencies(folder: Path) -> tuple[str | None, list[str]]:
    """(the file that declares them, the requirement lines)."""
    requirements = folder / "requirements.txt"
    if requirements.is_file():
        lines = [line.split("#", 1)[0].strip()
                 for line in requirements.read_text(encoding="utf-8").splitlines()]
        return "requirements.txt", [line for line in lines if line]
    pyproject = folder / "pyproject.toml"
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None, []
        deps = (data.get("project") or {}).get("dependencies") or []
        if deps:
            return "pyproject.toml", [str(d) for d in deps]
    return None, []


def is_python(path: Path) -> bool:
    if path.suffix == ".py":
        return True
    with path.open("rb") as fh:
        first = fh.readline(200)
    return first.startswith(b"#!") and b"python" in first
