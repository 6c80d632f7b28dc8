"""Which files a path, folder or glob names, and the names documents get."""

from __future__ import annotations

import glob
import itertools
from collections.abc import Iterable
from pathlib import Path

from .models import SkippedPath

# Folders never walked into: version control, environments, caches, our own data.
IGNORED_DIRS = frozenset({
    ".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".orkas",
    ".ipynb_checkpoints", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", "dist",
    "build", ".cache",
})
_GLOB_CHARS = frozenset("*?[")


def _walk(folder: Path) -> Iterable[Path]:
    for child in sorted(folder.iterdir()):
        if child.name.startswith(".") or child.name in IGNORED_DIRS:
            continue
        if child.is_dir() and not child.is_symlink():
            yield from _walk(child)
        elif child.is_file():
            yield child


def _ignored_match(match: Path, pattern: Path) -> bool:
    # `**` must not pull in node_modules, .venv, caches… unless the pattern names them.
    # Only the part below the pattern's fixed prefix counts (the workspace itself may live
    # under a folder called `build`).
    base = Path(*[p for p in itertools.takewhile(lambda part: not _GLOB_CHARS & set(part),
                                                  pattern.parts)])
    try:
        below = match.relative_to(base).parts
    except ValueError:
        below = match.parts
    return bool((set(below) & IGNORED_DIRS) - set(pattern.parts))


def expand_paths(specs: Iterable[str | Path], root: Path) -> tuple[list[Path], list[SkippedPath]]:
    """Files named by `specs` (files, folders walked recursively, globs relative to `root`),
    de-duplicated in order, and the specs that named nothing."""
    files: list[Path] = []
    skipped: list[SkippedPath] = []
    seen: set[Path] = set()

    def add(path: Path) -> None:
        resolved = path.resolve()
        if resolved not in seen:
            seen.add(resolved)
            files.append(resolved)

    for spec in specs:
        text = str(spec)
        candidate = Path(text).expanduser()
        if not candidate.is_absolute():
            candidate = root / candidate
        if _GLOB_CHARS & set(text) and not candidate.exists():
            matches = [m for m in sorted(glob.glob(str(candidate), recursive=True))
                       if not _ignored_match(Path(m), candidate)]
            if not matches:
                skipped.append(SkippedPath(path=text, reason="glob matched no files"))
            for match in matches:
                path = Path(match)
                if path.is_file():
                    add(path)
                elif path.is_dir():
                    for child in _walk(path):
                        add(child)
        elif candidate.is_dir():
            for child in _walk(candidate):
                add(child)
        elif candidate.is_file():
            add(candidate)
        else:
            skipped.append(SkippedPath(path=text, reason="not found"))
    return files, skipped


def document_name(path: Path, root: Path) -> str:
    """The document's name: its path relative to `root` when inside it, else absolute."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.resolve().as_posix()
