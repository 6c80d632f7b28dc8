"""Knowledge base: which files are ingested and how they become sections, chunking on line
boundaries, analysis for BM25, embedding backends, weighted reciprocal rank fusion, the
`KnowledgeBase` interface and its in-memory implementation (the DuckDB one lives in
`store/kb.py`).

Must not import Jupyter, the store, tools, the engine's loop or provider adapters (the store
imports this package); litellm is imported lazily and only by the litellm embedding backend.
Text extraction itself is `orkas_jupyter.extract`, shared with the file tools.

The names below are imported on first use (PEP 562): a kernel that only talks to the
workspace's knowledge base through the store server imports `errors` and `models` and never
loads NumPy or DuckDB, which the indexes and embedders need (~50 MB per kernel).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # re-exported names, for type checkers and readers
    from .base import KnowledgeBase as KnowledgeBase
    from .embeddings import CachingEmbedder as CachingEmbedder
    from .embeddings import Embedder as Embedder
    from .embeddings import HashingEmbedder as HashingEmbedder
    from .embeddings import LiteLLMEmbedder as LiteLLMEmbedder
    from .embeddings import MiniLMEmbedder as MiniLMEmbedder
    from .embeddings import embedder_from_settings as embedder_from_settings
    from .errors import EmbeddingError as EmbeddingError
    from .errors import KnowledgeError as KnowledgeError
    from .memory import InMemoryKnowledgeBase as InMemoryKnowledgeBase
    from .models import DocumentInfo as DocumentInfo
    from .models import IngestReport as IngestReport
    from .models import KbStatus as KbStatus
    from .models import KnowledgeBaseConfig as KnowledgeBaseConfig
    from .models import SearchHit as SearchHit
    from .models import SearchResult as SearchResult
    from .models import SkippedPath as SkippedPath

# Public name -> the submodule defining it.
_WHERE = {
    "KnowledgeBase": "base",
    "CachingEmbedder": "embeddings", "Embedder": "embeddings", "HashingEmbedder": "embeddings",
    "LiteLLMEmbedder": "embeddings", "MiniLMEmbedder": "embeddings",
    "embedder_from_settings": "embeddings",
    "EmbeddingError": "errors", "KnowledgeError": "errors",
    "InMemoryKnowledgeBase": "memory",
    "DocumentInfo": "models", "IngestReport": "models", "KbStatus": "models",
    "KnowledgeBaseConfig": "models", "SearchHit": "models", "SearchResult": "models",
    "SkippedPath": "models",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    """Import the submodule that defines `name` when it is first asked for."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
