"""Secrets for MCP servers, encrypted at rest (X2): `%orkas mcp add … --secret K=V` stores
`V` here and writes only `${K}` into `mcp.json`, so the file can be shared or committed.

Values are Fernet tokens in `$ORKAS_HOME/mcp-secrets.json`. The key lives in the OS keyring
when one is usable, else in `$ORKAS_HOME/mcp-secrets.key` with mode 0600 (servers and CI
usually have no keyring). Nothing here logs a value.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

SECRETS_FILE = "mcp-secrets.json"
KEY_FILE = "mcp-secrets.key"
_KEYRING_SERVICE = "orkas-jupyter"
_KEYRING_USER = "mcp-secrets"


class VaultError(RuntimeError):
    """The secrets could not be read (a lost key, a damaged file)."""


def _keyring_key(create: bool) -> bytes | None:
    """The key from a real OS keyring (None when there is none: `keyring`'s fail backend)."""
    if os.environ.get("ORKAS_NO_KEYRING"):
        return None
    try:
        import keyring
        from keyring.backends import fail

        backend = keyring.get_keyring()
        if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
            return None
        value = keyring.get_password(_KEYRING_SERVICE, _KEYRING_USER)
        if value is None and create:
            from cryptography.fernet import Fernet

            value = Fernet.generate_key().decode()
            keyring.set_password(_KEYRING_SERVICE, _KEYRING_USER, value)
        return value.encode() if value else None
    except Exception:  # a keyring that is present but locked or broken: use the file
        log.info("no usable OS keyring; the MCP secrets key is kept in a 0600 file")
        return None


class SecretVault:
    """Per-server secrets, encrypted with one key per `$ORKAS_HOME`."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.path = home / SECRETS_FILE
        self.key_path = home / KEY_FILE

    def _key(self, create: bool) -> bytes | None:
        if self.key_path.exists():
            return self.key_path.read_bytes().strip()
        key = _keyring_key(create)
        if key is not None or not create:
            return key
        from cryptography.fernet import Fernet

        key = Fernet.generate_key()
        self.home.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key)
        return key

    def _data(self) -> dict[str, dict[str, str]]:
        if not self.path.exists():
            return {}
        try:
            data: Any = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise VaultError(f"{self.path} cannot be read ({exc}); add the secrets again with "
                             "`%orkas mcp add … --secret K=V`") from None
        return data if isinstance(data, dict) else {}

    def _save(self, data: dict[str, dict[str, str]]) -> None:
        self.home.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        os.replace(tmp, self.path)

    def set(self, server: str, name: str, value: str) -> None:
        """Store one secret of `server` (replacing an older value)."""
        from cryptography.fernet import Fernet

        key = self._key(create=True)
        assert key is not None
        data = self._data()
        data.setdefault(server, {})[name] = Fernet(key).encrypt(value.encode()).decode()
        self._save(data)

    def secrets(self, server: str) -> dict[str, str]:
        """The decrypted secrets of `server` (empty when it has none)."""
        tokens = self._data().get(server) or {}
        if not tokens:
            return {}
        from cryptography.fernet import Fernet, InvalidToken

        key = self._key(create=False)
        if key is None:
            raise VaultError(f"the key for {self.path} is missing; add the secrets of "
                             f"{server!r} again with `%orkas mcp add … --secret K=V`")
        fernet = Fernet(key)
        try:
            return {name: fernet.decrypt(token.encode()).decode()
                    for name, token in tokens.items()}
        except InvalidToken:
            raise VaultError(f"the secrets of {server!r} in {self.path} do not match the key; "
                             "add them again with `%orkas mcp add … --secret K=V`") from None

    def names(self, server: str) -> list[str]:
        """The names of the secrets of `server` (never the values)."""
        return sorted(self._data().get(server) or {})

    def forget(self, server: str) -> None:
        """Drop every secret of `server`."""
        data = self._data()
        if data.pop(server, None) is not None:
            self._save(data)
        with contextlib.suppress(OSError):
            if not data and self.path.exists():
                self.path.unlink()
