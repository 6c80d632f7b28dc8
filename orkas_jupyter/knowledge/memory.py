"""The in-memory `KnowledgeBase`: for tests and scratch work; nothing is persisted."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .analysis import Analyzer
from .base import (
    ChunkKey,
    KnowledgeBase,
    PreparedDocument,
    StoredChunk,
    now,
)
from .embeddings import Embedder
from .models import DocumentInfo, KnowledgeBaseConfig
from .vectors import FloatMatrix


@dataclass
class _Doc:
    info: DocumentInfo
    doc_id: int
    chunk_ids: list[int] = field(default_factory=list)


class InMemoryKnowledgeBase(KnowledgeBase):
    """Keeps documents and chunks in dictionaries; same behaviour as the DuckDB store."""

    def __init__(self, *, root: Path | None = None, embedder: Embedder | None = None,
                 config: KnowledgeBaseConfig | None = None,
                 analyzer: Analyzer | None = None) -> None:
        super().__init__(root=root, embedder=embedder, config=config, analyzer=analyzer)
        self._docs: dict[str, _Doc] = {}
        self._chunks: dict[int, StoredChunk] = {}
        self._vector_of: dict[int, bool] = {}
        self._next_doc = 1
        self._next_chunk = 1

    def _find_documents(self, names: list[str]) -> dict[str, DocumentInfo]:
        return {n: self._docs[n].info for n in names if n in self._docs}

    def _save_documents(self, docs: list[PreparedDocument],
                        vectors: list[FloatMatrix | None]) -> None:
        self._delete_documents([d.name for d in docs if d.name in self._docs])
        for doc, vecs in zip(docs, vectors, strict=True):
            doc_id, self._next_doc = self._next_doc, self._next_doc + 1
            ids = list(range(self._next_chunk, self._next_chunk + len(doc.chunks)))
            self._next_chunk += len(doc.chunks)
            keys: list[ChunkKey] = []
            for cid, chunk in zip(ids, doc.chunks, strict=True):
                self._chunks[cid] = StoredChunk(cid, doc.name, chunk.locator, chunk.start_line,
                                                chunk.end_line, chunk.text)
                keys.append((doc_id, chunk.locator, chunk.start_line))
            info = DocumentInfo(name=doc.name, source=doc.source, kind=doc.kind,
                                content_hash=doc.content_hash, chunks=len(ids), added_at=now())
            self._docs[doc.name] = _Doc(info, doc_id, ids)
            self._index_rows(ids, keys, doc.counts)
            if vecs is not None:
                self._index_vectors(ids, vecs)
                self._vector_of.update(dict.fromkeys(ids, True))

    def _delete_documents(self, names: list[str]) -> None:
        for name in names:
            doc = self._docs.pop(name, None)
            if doc is None:
                continue
            for cid in doc.chunk_ids:
                self._chunks.pop(cid, None)
                self._vector_of.pop(cid, None)
            self._unindex(doc.chunk_ids)

    def _list_documents(self) -> list[DocumentInfo]:
        return [d.info for d in self._docs.values()]

    def _fetch_chunks(self, chunk_ids: list[int]) -> dict[int, StoredChunk]:
        return {c: self._chunks[c] for c in chunk_ids if c in self._chunks}

    def _chunks_without_vectors(self, limit: int) -> list[tuple[int, str]]:
        out = [(cid, ch.text) for cid, ch in self._chunks.items() if cid not in self._vector_of]
        return out[:limit]

    def _save_vectors(self, chunk_ids: list[int], vectors: FloatMatrix) -> None:
        self._index_vectors(chunk_ids, np.asarray(vectors, dtype=np.float32))
        self._vector_of.update(dict.fromkeys(chunk_ids, True))

    def _count_chunks(self) -> int:
        return len(self._chunks)

