"""Knowledge base (M1–M3): extraction of text from files, chunking on line boundaries,
analysis for BM25, embedding backends, weighted reciprocal rank fusion, the `KnowledgeBase`
interface and its in-memory implementation (the DuckDB one lives in `store/kb.py`).

Must not import Jupyter, the engine's loop or provider adapters; litellm is imported lazily
and only by the litellm embedding backend.
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
