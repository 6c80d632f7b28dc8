"""Consent to start a stdio MCP server (X2): a stdio server is a program the user runs, so it
starts only after the user confirmed its exact command line once. Consent is kept per hash of
the command as typed (command, arguments, working folder and environment before `${VAR}`
expansion, so a secret kept encrypted is never part of it): a changed command asks again.
HTTP servers need no consent.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import time
from pathlib import Path
from typing import Any

from ...secrets import is_secret_name
from .config import ServerConfig

CONSENT_FILE = "mcp-consent.json"


def command_line(server: ServerConfig) -> str:
    """The command as the user typed it, for the approval prompt: environment assignments
    first (values of credential-named variables hidden unless they are `${VAR}` references),
    then the command and its arguments."""
    env = [f"{k}={v if v.startswith('${') or not is_secret_name(k) else '…'}"
           for k, v in sorted(server.env.items())]
    words = shlex.join([server.command, *server.args])
    where = f"cd {shlex.quote(server.cwd)} && " if server.cwd else ""
    return where + " ".join([*(shlex.quote(e) for e in env), words])


def command_digest(server: ServerConfig) -> str:
    """What consent is given to: the command line as typed, environment included."""
    material = json.dumps([server.command, list(server.args), server.cwd,
                           sorted(server.env.items())], ensure_ascii=False)
    return hashlib.sha256(material.encode()).hexdigest()


class ConsentStore:
    """Command hashes the user agreed to start, in `$ORKAS_HOME/mcp-consent.json`."""

    def __init__(self, home: Path) -> None:
        self.path = home / CONSENT_FILE

    def _data(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def granted(self, server: ServerConfig) -> bool:
        """True when this exact command was confirmed before."""
        return command_digest(server) in self._data()

    def grant(self, server: ServerConfig) -> None:
        """Remember that the user confirmed this command."""
        data = self._data()
        data[command_digest(server)] = {"server": server.name, "at": int(time.time())}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        os.replace(tmp, self.path)

    def revoke(self, name: str) -> None:
        """Forget every consent given to a server of this name."""
        data = {k: v for k, v in self._data().items()
                if not (isinstance(v, dict) and v.get("server") == name)}
        if self.path.exists():
            self.path.write_text(json.dumps(data, indent=1), encoding="utf-8")
