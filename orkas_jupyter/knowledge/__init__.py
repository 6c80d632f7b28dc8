"""Knowledge base: which files are ingested and how they become sections, chunking on line
boundaries, analysis for BM25, embedding backends, weighted reciprocal rank fusion, the
`KnowledgeBase` interface and its in-memory implementation (the DuckDB one lives in
`store/kb.py`).

Must not import Jupyter, the store, tools, the engine's loop or provider adapters (the store
imports this package); litellm is imported lazily and only by the litellm embedding backend.
Text extraction itself is `orkas_jupyter.extract`, shared with the file tools.
"""

from .base import KnowledgeBase
from .embeddings import (
    CachingEmbedder,
    Embedder,
    HashingEmbedder,
    LiteLLMEmbedder,
    MiniLMEmbedder,
    embedder_from_settings,
)
from .errors import EmbeddingError, KnowledgeError
from .memory import InMemoryKnowledgeBase
from .models import (
    DocumentInfo,
    IngestReport,
    KbStatus,
    KnowledgeBaseConfig,
    SearchHit,
    SearchResult,
    SkippedPath,
)

__all__ = [
    "CachingEmbedder",
    "DocumentInfo",
    "Embedder",
    "EmbeddingError",
    "HashingEmbedder",
    "InMemoryKnowledgeBase",
    "IngestReport",
    "KbStatus",
    "KnowledgeBase",
    "KnowledgeBaseConfig",
    "KnowledgeError",
    "LiteLLMEmbedder",
    "MiniLMEmbedder",
    "SearchHit",
    "SearchResult",
    "SkippedPath",
    "embedder_from_settings",
]
