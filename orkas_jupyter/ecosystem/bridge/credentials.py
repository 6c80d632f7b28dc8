"""One-time credentials for the bridge, and the connection file that carries one to
`orkas-mcp`.

A credential is a random 256-bit token made when the bridge starts (or when Orkas launches
an agent CLI); the kernel keeps only its SHA-256, compares in constant time, and forgets it
at `revoke`. It opens exactly one kernel: each kernel's book knows only its own tokens.

The connection file is what the snippet printed by `%orkas bridge` names (the way Jupyter's
kernel connection files carry their key): the socket path, the token, the notebook and the
kernel's pid, mode 0600 in a 0700 folder. The token is never printed, logged or stored
elsewhere; revoking deletes the file.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


@dataclass
class Credential:
    """A live credential. `id` is a short public name for logs and listings (not secret)."""

    id: str
    label: str
    digest: bytes = field(repr=False)
    created: float = field(default_factory=time.time)
    revoked: bool = False


class CredentialBook:
    """The credentials of one kernel's bridge (thread-safe: checked on the agent thread,
    revoked from a cell)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._live: dict[str, Credential] = {}
        self._on_revoke: list[Callable[[Credential], None]] = []

    def issue(self, label: str) -> tuple[Credential, str]:
        """A new credential and its token (the only time the token is seen)."""
        token = secrets.token_urlsafe(32)
        cred = Credential(id=secrets.token_hex(4), label=label, digest=_digest(token))
        with self._lock:
            self._live[cred.id] = cred
        return cred, token

    def check(self, token: object) -> Credential | None:
        """The live credential of `token`, or None (constant-time over every live one)."""
        if not isinstance(token, str) or not token:
            return None
        digest = _digest(token)
        found = None
        with self._lock:
            for cred in self._live.values():
                if hmac.compare_digest(cred.digest, digest) and not cred.revoked:
                    found = cred
        return found

    def live(self) -> list[Credential]:
        with self._lock:
            return [c for c in self._live.values() if not c.revoked]

    def on_revoke(self, callback: Callable[[Credential], None]) -> None:
        """Call `callback` for every credential revoked from now on (the listener drops
        its connections)."""
        self._on_revoke.append(callback)

    def revoke(self, cred_id: str | None = None) -> list[Credential]:
        """Revoke one credential by id, or every one; returns those revoked."""
        with self._lock:
            chosen = [c for c in self._live.values()
                      if cred_id is None or c.id == cred_id]
            for cred in chosen:
                cred.revoked = True
                del self._live[cred.id]
        for cred in chosen:
            for callback in self._on_revoke:
                callback(cred)
        return chosen


def private_folder(path: Path) -> Path:
    """`path` made (if needed) and set to mode 0700."""
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


def write_connection_file(path: Path, info: dict[str, Any]) -> None:
    """Write `info` (with the token) to `path`, mode 0600 from its first byte."""
    private_folder(path.parent)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(info, f, indent=1)
    os.replace(tmp, path)


def read_connection_file(path: Path) -> dict[str, Any]:
    """The connection file's content; `ValueError` with a clear message when unusable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"No bridge connection file at {path}: the bridge is not running "
                         "or was revoked. Run `%orkas bridge` in the notebook.") from None
    except (OSError, ValueError) as exc:
        raise ValueError(f"Cannot read the bridge connection file {path}: {exc}") from None
    if not isinstance(data, dict) or not data.get("socket") or not data.get("token"):
        raise ValueError(f"{path} is not a bridge connection file (no socket or token).")
    return data
