"""Cross-session memory (M4–M7): the user profile and the project notes, and the frozen
snapshot of both that goes into the system prompt.

The profile is user-level, shared by every workspace, so it lives under `ORKAS_HOME` as a
small JSON file (one per user, readable and exportable by hand) replaced atomically and
edited under an exclusive `flock`, so two kernels never lose each other's edits. It is not a
DuckDB file because DuckDB admits one process per file and kernels of *different* workspaces
would then contend for it. The notes belong to the workspace and live in its store.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Literal

from .api import StoreClient
from .errors import StoreError
from .memory_rules import Action, MemoryEditError, apply_edit, used_chars

Target = Literal["profile", "notes"]
PROFILE_LIMIT = 2000
NOTES_LIMIT = 4000
Scanner = Callable[[str], str | None]


class ProfileFile:
    """The user profile: a JSON list of entries, replaced atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the profile's lock (read-modify-write across processes)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def read(self) -> list[str]:
        """The entries; a missing file is an empty profile, a damaged one an error that
        names the file (it is never overwritten)."""
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            raise StoreError(f"the profile memory {self.path} is unreadable ({exc}); fix or "
                             "move it away, nothing was changed") from None
        entries = data.get("entries") if isinstance(data, dict) else None
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            raise StoreError(f"the profile memory {self.path} has no list of text entries; "
                             "fix or move it away, nothing was changed")
        return list(entries)

    def write(self, entries: list[str]) -> None:
        """Replace the file atomically: a crash leaves the old or the new profile."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".profile-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({"version": 1, "entries": entries}, fh, ensure_ascii=False, indent=1)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
        dir_fd = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


class MemoryBook:
    """Both memory targets behind one API; every write is scanned first (M6) when a scanner
    is given (the `memory` tool gives the threat scanner)."""

    def __init__(self, client: StoreClient, profile_path: Path, *,
                 scanner: Scanner | None = None, profile_limit: int = PROFILE_LIMIT,
                 notes_limit: int = NOTES_LIMIT) -> None:
        self.client = client
        self.profile = ProfileFile(profile_path)
        self.scanner = scanner
        self.limits: dict[Target, int] = {"profile": profile_limit, "notes": notes_limit}

    def entries(self, target: Target) -> list[str]:
        """The entries of one target."""
        return self.profile.read() if target == "profile" else self.client.notes()

    def budget(self, target: Target) -> str:
        """"N of M characters remain" for `target`."""
        limit = self.limits[target]
        return f"{limit - used_chars(self.entries(target))} of {limit} characters remain"

    def edit(self, target: Target, action: Action, content: str = "", old: str = "") -> str:
        """Add, replace (a substring of one entry) or remove; returns a one-line report.
        Raises `MemoryEditError` with the reason and the remaining budget."""
        if target not in self.limits:
            raise MemoryEditError(f"unknown memory target {target!r}; use profile or notes.")
        if self.scanner is not None and action != "remove":
            reason = self.scanner(content)
            if reason is not None:
                raise MemoryEditError(f"{reason} Nothing was written ({self.budget(target)}).")
        # A credential the scanner does not recognise by shape is still known by value.
        content, old = self.client.redact(content), self.client.redact(old)
        limit = self.limits[target]
        if target == "notes":
            return self.client.edit_notes(action, content, old, limit)
        with self.profile.locked():
            entries, report = apply_edit(self.profile.read(), action, content, old, limit,
                                         "profile")
            self.profile.write(entries)
        return report

    def snapshot(self) -> str:
        """The memory block for the system prompt, verbatim (M4); empty when nothing is kept."""
        sections = []
        for target, title in (("profile", "User profile"), ("notes", "Project notes")):
            entries = self.entries(target)  # type: ignore[arg-type]
            if entries:
                sections.append(f"### {title}\n" + "\n".join(f"- {e}" for e in entries))
        if not sections:
            return ""
        return ("## Memory\nDurable facts saved in earlier sessions (a snapshot taken at the "
                "start of this turn; edits made now show from the next turn).\n\n"
                + "\n\n".join(sections))

    def export(self) -> dict[str, list[str]]:
        """Both targets as plain lists (M7: view and export)."""
        return {"profile": self.entries("profile"), "notes": self.entries("notes")}

    def prompt_section(self) -> Callable[[], Awaitable[str]]:
        """A callable for `Agent(prompt_sections=[...])`: evaluated once at the start of each
        turn, so the turn sees a frozen snapshot."""
        async def section() -> str:
            return await asyncio.to_thread(self.snapshot)
        return section
