"""Skill folders as read-only sandbox roots. `read_file`, `search_files`, `grep_files` and
`bash`'s `cwd` may reach inside the folders of the skills an agent sees; `write_file` and
`edit_file` may not write there.

`PathSandbox` has no read-only roots, and skill folders often lie where it refuses on purpose
(`<workspace>/.orkas/`, `$ORKAS_HOME`), so `SkillSandbox` extends it: a path inside a skill
folder is allowed unless a forbidden location lies *inside* that folder (a credential folder
under a skill that is a symlink to somewhere wide); the product folders that merely contain
the skill roots do not count. Paths are resolved the same way (symlinks, `..`) first, so a
symlink out of a skill folder resolves outside it and gets the ordinary refusal.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

from ...tools.sandbox import PathSandbox, SandboxError

_LOCK_MAX_BYTES = 1 << 30


def _within(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


class SkillSandbox(PathSandbox):
    """A `PathSandbox` plus read-only roots (the skill folders an agent may read)."""

    read_only: list[Path]

    @classmethod
    def around(cls, base: PathSandbox, folders: Iterable[Path] = ()) -> SkillSandbox:
        """A sandbox sharing `base`'s configuration (its roots and attached files stay the
        same lists, so authorising a folder later shows in both) plus read-only `folders`."""
        new = cls.__new__(cls)
        new.__dict__.update(base.__dict__)
        new.read_only = []
        new.set_read_only(folders)
        return new

    def set_read_only(self, folders: Iterable[Path]) -> None:
        """Replace the read-only roots (resolved)."""
        self.read_only = [Path(os.path.realpath(f)) for f in folders]

    def read_only_root(self, path: Path) -> Path | None:
        """The read-only root holding the resolved `path`, if any (the deepest)."""
        best: Path | None = None
        for root in self.read_only:
            if _within(path, root) and (best is None or len(root.parts) > len(best.parts)):
                best = root
        return best

    def resolve(self, raw: str) -> Path:
        path = self._absolute(raw)
        root = self.read_only_root(path)
        if root is None:
            return super().resolve(raw)
        for bad in self.forbidden:
            if _within(path, bad) and not _within(root, bad):
                raise SandboxError(f"Refused {raw}: {path} is inside {bad}, which the agent may "
                                   "never read or write.")
        return path

    def is_forbidden(self, path: Path) -> bool:
        root = self.read_only_root(path)
        if root is None:
            return super().is_forbidden(path)
        return any(_within(path, bad) and not _within(root, bad) for bad in self.forbidden)

    def is_forbidden_name(self, path: Path) -> bool:
        if self.read_only_root(path) is not None:
            return self.is_forbidden(path)
        return super().is_forbidden_name(path)

    def _root_for(self, path: Path) -> Path:
        # Walk from the skill folder with O_NOFOLLOW, like any other root.
        root = self.read_only_root(path)
        return root if root is not None else super()._root_for(path)

    def write_atomic(self, path: Path, data: bytes) -> bool:
        self.refuse_write(path)
        return super().write_atomic(path, data)

    @contextlib.contextmanager
    def locked_bytes(self, path: Path, max_bytes: int = _LOCK_MAX_BYTES,
                     wait_s: float = 10.0) -> Iterator[bytes | None]:
        # Only writers lock a file (write_file, edit_file): refuse before their other checks.
        self.refuse_write(path)
        with super().locked_bytes(path, max_bytes, wait_s) as data:
            yield data

    def refuse_write(self, path: Path) -> None:
        """Raise `SandboxError` when `path` lies in a skill folder."""
        root = self.read_only_root(Path(os.path.realpath(path)))
        if root is not None:
            raise SandboxError(f"Refused to write {path}: it is inside the skill folder "
                               f"{root}, which is read-only. Write to the workspace instead.")


def install_skill_sandbox(services: MutableMapping[str, Any],
                          folders: Iterable[Path]) -> SkillSandbox | None:
    """Make `services["sandbox"]` a `SkillSandbox` whose read-only roots are `folders` (the
    agent's visible skills); None when the agent has no workspace sandbox."""
    current = services.get("sandbox")
    if isinstance(current, SkillSandbox):
        current.set_read_only(folders)
        return current
    if not isinstance(current, PathSandbox):
        return None
    sandbox = SkillSandbox.around(current, folders)
    services["sandbox"] = sandbox
    return sandbox
