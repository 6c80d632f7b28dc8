"""Keep secrets out of the store: the values of secret-looking environment variables, and any
the caller registers, are replaced before a payload is written. What looks like a secret is
decided by `orkas_jupyter.secrets`, the same rules the shell's environment scrubbing uses."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..secrets import (
    MIN_SECRET_LEN,
    REDACTED,
    Redactor,
    is_secret_name,
    scrub_environ,
    secret_values,
)

__all__ = ["REDACTED", "SecretRedactor", "embedding_credentials", "scrubbed_environ",
           "secret_config_values", "secret_env_values"]


def secret_env_values(environ: Mapping[str, str] | None = None) -> set[str]:
    """Values of credential variables (and passwords inside URLs) in the environment."""
    return secret_values(environ)


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
        elif isinstance(node, str) and is_secret_name(key) and len(node) >= MIN_SECRET_LEN:
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
    return scrub_environ(environ)


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


class SecretRedactor(Redactor):
    """Replaces known secret values in text, including their JSON-escaped form."""
