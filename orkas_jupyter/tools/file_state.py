"""What each session read, and whether it changed since (T2).

A read records the SHA-256 of the file's bytes for (session, path). An edit or an overwrite of
an existing file is allowed only when the session read it and the bytes on disk still hash the
same: content, not timestamps (timestamps gave false "modified since read" errors in other
agents, and miss a same-second change). A write records the new hash, so a session can keep
editing its own output without reading it again, while any other session (another agent, the
user's editor) that changes the file makes the next write stale.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

from ..engine.errors import ToolError


class FileNotReadError(ToolError):
    """An edit or overwrite of an existing file that this session has not read."""


class StaleFileError(ToolError):
    """The file changed since this session read it; nothing was written."""


def content_hash(data: bytes) -> str:
    """The hash recorded for a file's bytes."""
    return hashlib.sha256(data).hexdigest()


class FileStateRegistry:
    """Content hashes of files read or written, per session.

    One registry may serve several sessions (it is keyed by session id); sessions never see
    each other's records, only each other's writes on disk.
    """

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], str] = {}
        # Held around check-then-write so two sessions in one process cannot both pass the
        # check before either writes.
        self.write_lock = threading.RLock()

    def record(self, session_id: str, path: Path, digest: str) -> None:
        """Remember that `session_id` has seen `path` with content hash `digest`."""
        self._seen[(session_id, str(path))] = digest

    def recorded(self, session_id: str, path: Path) -> str | None:
        """The hash this session last saw for `path`, if any."""
        return self._seen.get((session_id, str(path)))

    def forget(self, session_id: str, path: Path | None = None) -> None:
        """Drop one record, or every record of a session (e.g. after `clear`)."""
        if path is not None:
            self._seen.pop((session_id, str(path)), None)
            return
        for key in [k for k in self._seen if k[0] == session_id]:
            del self._seen[key]

    def require_fresh(self, session_id: str, path: Path, current: bytes, shown: str) -> None:
        """Raise unless this session read `path` and its bytes are still `current`."""
        seen = self.recorded(session_id, path)
        if seen is None:
            raise FileNotReadError(
                f"{shown} already exists and has not been read in this session. Call "
                f"read_file on {shown} first, then retry, so the change is made against its "
                "current content.")
        if seen != content_hash(current):
            raise StaleFileError(
                f"{shown} changed since this session last read it (another agent, the user or "
                "an editor wrote to it). Nothing was written. Call read_file on it again and "
                "redo the change against the new content.")
