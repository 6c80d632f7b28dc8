"""Knowledge-base exceptions, under the package's `OrkasError`."""

from __future__ import annotations

from ..engine.errors import OrkasError


class KnowledgeError(OrkasError):
    """A knowledge-base operation cannot be done; the message says what would work."""


class EmbeddingError(KnowledgeError):
    """An embedding backend failed (network, model missing, wrong dimension)."""
