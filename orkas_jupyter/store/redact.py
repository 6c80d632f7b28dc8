"""Keep secrets out of the store (J7, §11): the values of secret-looking environment
variables, and any the caller registers, are replaced before a payload is written."""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH", re.IGNORECASE)
# Short values (e.g. "1", "true") would redact ordinary text and protect nothing.
_MIN_SECRET_LEN = 8
REDACTED = "[REDACTED]"


def secret_env_values(environ: Mapping[str, str] | None = None) -> set[str]:
    """Values of environment variables whose names look like credentials."""
    env = os.environ if environ is None else environ
    return {v for k, v in env.items() if _SECRET_NAME.search(k) and len(v) >= _MIN_SECRET_LEN}


def secret_config_values(workspace: Path) -> set[str]:
    """Values under secret-looking keys in the workspace's `orkas.toml` or
    `pyproject.toml [tool.orkas]` (users do put keys there, even though they should not)."""
    found: set[str] = set()

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, str(k))
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and _SECRET_NAME.search(key) and len(node) >= _MIN_SECRET_LEN:
            found.add(node)

    for name in ("orkas.toml", "pyproject.toml"):
        try:
            data = tomllib.loads((workspace / name).read_text("utf-8"))
        except (OSError, ValueError):
            continue
        walk(data if name == "orkas.toml" else data.get("tool", {}).get("orkas", {}))
    return found


def scrubbed_environ(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """A copy of the environment without credential-looking variables (for the server)."""
    env = os.environ if environ is None else environ
    return {k: v for k, v in env.items() if not _SECRET_NAME.search(k)}


# Embedding backends that need no credentials (see knowledge/embeddings.py).
_KEYLESS_EMBEDDERS = re.compile(r"^(local(/.*)?|all-minilm-l6-v2|hashing(/\d+)?|ollama/.*)$",
                                re.IGNORECASE)


def embedding_credentials(model: str | None,
                          environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The credentials a store server needs for its knowledge-base embedding calls, and no
    others: `ORKAS_EMBEDDING_API_KEY` and the key variable of the embedding model's provider
    (`openai/…` → `OPENAI_API_KEY`). Empty for local, hashing and keyless models."""
    env = os.environ if environ is None else environ
    model = (model or "").strip()
    if not model or _KEYLESS_EMBEDDERS.match(model):
        return {}
    names = ["ORKAS_EMBEDDING_API_KEY"]
    if "/" in model:
        provider = re.sub(r"[^A-Z0-9]", "_", model.split("/", 1)[0].upper())
        names.append(f"{provider}_API_KEY")
    return {name: env[name] for name in names if env.get(name)}


class SecretRedactor:
    """Replaces known secret values in text, including their JSON-escaped form."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self._secrets: set[str] = set()
        self.add(secrets)

    def add(self, secrets: Iterable[str]) -> None:
        """Register more values to keep out of storage."""
        for s in secrets:
            if len(s) >= _MIN_SECRET_LEN:
                self._secrets.add(s)
                self._secrets.add(json.dumps(s)[1:-1])
        # Longest first, so a secret containing another is replaced whole.
        self._ordered = sorted(self._secrets, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for s in self._ordered:
            if s in text:
                text = text.replace(s, REDACTED)
        return text
