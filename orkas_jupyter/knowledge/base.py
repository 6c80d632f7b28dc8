"""The `KnowledgeBase` interface with the behaviour both implementations share:
ingestion (extract → hash check → chunk → analyse → embed → store), search (BM25 and vector
lists fused by weighted RRF) and the in-memory indexes searched by both.

Subclasses implement only storage (`_find_documents`, `_save_documents`, ...). Search always
runs on `Bm25Index` and `VectorIndex` held here; the DuckDB implementation rebuilds them from
its tables when another connection changed the data.
"""

from __future__ import annotations

import asyncio
import fnmatch
import hashlib
import time
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from .analysis import Analyzer
from .bm25 import Bm25Index
from .chunking import TextChunk, chunk_lines
from .embeddings import Embedder
from .errors import EmbeddingError, KnowledgeError
from .extract import Extracted, Section, SkipFile, extract_file
from .fusion import reciprocal_rank_fusion
from .ingest import document_name, expand_paths
from .models import (
    DocumentInfo,
    IngestReport,
    KbStatus,
    KnowledgeBaseConfig,
    SearchHit,
    SearchResult,
    SkippedPath,
)
from .vectors import FloatMatrix, VectorIndex

SearchMode = Literal["hybrid", "bm25", "vector"]
_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True)
class PreparedDocument:
    """A document ready to store: chunks, their term counts and (maybe) vectors."""

    name: str
    source: str | None
    kind: str
    content_hash: str
    chunks: list[TextChunk]
    counts: list[Counter[str]]


@dataclass(frozen=True)
class StoredChunk:
    """A chunk as a search result needs it."""

    chunk_id: int
    document: str
    locator: str | None
    start_line: int
    end_line: int
    text: str


ChunkKey = tuple[int, str | None, int]  # (doc id, locator, start line): the de-dup key


class KnowledgeBase(ABC):
    """Documents, chunks and hybrid search. `root` is where relative paths resolve and what
    document names are relative to."""

    def __init__(self, *, root: Path | None = None, embedder: Embedder | None = None,
                 config: KnowledgeBaseConfig | None = None,
                 analyzer: Analyzer | None = None) -> None:
        self.root = (root or Path.cwd()).resolve()
        self.embedder = embedder
        self.config = config or KnowledgeBaseConfig()
        if self.config.overlap_tokens >= self.config.chunk_tokens:
            raise ValueError("overlap_tokens must be smaller than chunk_tokens")
        self.analyzer = analyzer or Analyzer()
        self._write_lock = asyncio.Lock()
        self._reset_indexes()

    # -- index bookkeeping (rows are positions in these arrays) ----------------------------

    def _reset_indexes(self) -> None:
        self._bm25 = Bm25Index(self.config.bm25_k1, self.config.bm25_b)
        self._vectors = VectorIndex()
        self._row_chunk: list[int] = []
        self._row_key: list[ChunkKey] = []
        self._chunk_row: dict[int, int] = {}

    def _index_rows(self, chunk_ids: list[int], keys: list[ChunkKey],
                    counts: list[Counter[str]]) -> list[int]:
        rows = list(range(len(self._row_chunk), len(self._row_chunk) + len(chunk_ids)))
        self._row_chunk.extend(chunk_ids)
        self._row_key.extend(keys)
        self._chunk_row.update(zip(chunk_ids, rows, strict=True))
        self._bm25.add_many(rows, counts)
        return rows

    def _index_vectors(self, chunk_ids: list[int], vectors: FloatMatrix) -> None:
        rows = np.asarray([self._chunk_row[c] for c in chunk_ids], dtype=np.int64)
        self._vectors.set(rows, vectors)

    def _unindex(self, chunk_ids: Iterable[int]) -> None:
        rows = [self._chunk_row.pop(c) for c in chunk_ids if c in self._chunk_row]
        self._bm25.remove(rows)
        self._vectors.remove(np.asarray(rows, dtype=np.int64))
        dead = len(self._row_chunk) - len(self._chunk_row)
        # Removed rows are only masked; once they outnumber the live ones (repeated
        # re-ingests in a long session), renumber so memory and scan time follow live data.
        if dead > max(1024, len(self._chunk_row)):
            self._compact()

    def _compact(self) -> None:
        live = sorted(self._chunk_row.items(), key=lambda item: item[1])
        mapping = np.full(len(self._row_chunk), -1, dtype=np.int64)
        mapping[[row for _, row in live]] = np.arange(len(live), dtype=np.int64)
        self._bm25.compact(mapping, len(live))
        self._vectors.compact(mapping, len(live))
        self._row_key = [self._row_key[row] for _, row in live]
        self._row_chunk = [chunk for chunk, _ in live]
        self._chunk_row = {chunk: new for new, (chunk, _) in enumerate(live)}

    # -- storage, implemented per backend --------------------------------------------------

    def _sync(self) -> None:  # noqa: B027 - a hook; the in-memory store has nothing to do
        """Bring the indexes up to date with storage (another connection may have written)."""

    @abstractmethod
    def _find_documents(self, names: list[str]) -> dict[str, DocumentInfo]:
        """The stored documents among `names` (one lookup for a whole batch)."""

    @abstractmethod
    def _save_documents(self, docs: list[PreparedDocument],
                        vectors: list[FloatMatrix | None]) -> None:
        """Store `docs`, replacing same-named ones, and update the indexes."""

    @abstractmethod
    def _delete_documents(self, names: list[str]) -> None:
        """Remove documents and their chunks, and update the indexes."""

    @abstractmethod
    def _list_documents(self) -> list[DocumentInfo]:
        """Every stored document, by name."""

    @abstractmethod
    def _fetch_chunks(self, chunk_ids: list[int]) -> dict[int, StoredChunk]:
        """Stored chunks by id."""

    @abstractmethod
    def _chunks_without_vectors(self, limit: int) -> list[tuple[int, str]]:
        """Up to `limit` (chunk id, text) that have no vector for the current embedder."""

    @abstractmethod
    def _save_vectors(self, chunk_ids: list[int], vectors: FloatMatrix) -> None:
        """Store vectors for existing chunks and update the vector index."""

    @abstractmethod
    def _count_chunks(self) -> int:
        """Number of stored chunks."""

    # -- ingestion -------------------------------------------------------------------------

    async def add_paths(self, paths: Iterable[str | Path]) -> IngestReport:
        """Ingest files, folders (recursively) and globs; changed files replace their chunks,
        unchanged ones are skipped, unreadable ones are reported in `skipped`."""
        files, skipped = expand_paths(paths, self.root)
        report = IngestReport(skipped=skipped)
        async with self._write_lock:
            self._sync()
            prepared: list[PreparedDocument] = []
            names = [document_name(path, self.root) for path in files]
            known = self._find_documents(names)
            for path, name in zip(files, names, strict=True):
                try:
                    extracted = await asyncio.to_thread(extract_file, path)
                except SkipFile as skip:
                    report.skipped.append(SkippedPath(path=name, reason=skip.reason))
                    continue
                doc = self._prepare(name, str(path), extracted, known.get(name), report)
                if doc is not None:
                    prepared.append(doc)
            await self._commit(prepared, report)
        return report

    async def add_text(self, name: str, text: str, *, kind: str = "text") -> IngestReport:
        """Ingest `text` as the document `name` (replacing a changed one of that name)."""
        return await self.add_texts([(name, text)], kind=kind)

    async def add_texts(self, items: Iterable[tuple[str, str]], *,
                        kind: str = "text") -> IngestReport:
        """Ingest several (name, text) documents in one batch (one embedding pass, one
        transaction)."""
        pairs = list(dict(items).items())  # a repeated name: the last text wins
        for name, _ in pairs:
            if not name.strip():
                raise KnowledgeError("a document needs a non-empty name")
        report = IngestReport()
        async with self._write_lock:
            self._sync()
            prepared = []
            known = self._find_documents([name for name, _ in pairs])
            for name, text in pairs:
                extracted = Extracted(kind, [Section(text)], text.encode("utf-8"))
                doc = self._prepare(name, None, extracted, known.get(name), report)
                if doc is not None:
                    prepared.append(doc)
            await self._commit(prepared, report)
        return report

    def _content_hash(self, raw: bytes) -> str:
        # Chunking settings are part of the hash: changing them re-chunks on the next add.
        digest = hashlib.sha256(raw)
        digest.update(f"|{self.config.chunk_tokens}|{self.config.overlap_tokens}".encode())
        return digest.hexdigest()

    def _prepare(self, name: str, source: str | None, extracted: Extracted,
                 existing: DocumentInfo | None, report: IngestReport) -> PreparedDocument | None:
        content_hash = self._content_hash(extracted.raw)
        if existing is not None and existing.content_hash == content_hash:
            report.unchanged.append(name)
            return None
        chunks: list[TextChunk] = []
        for section in extracted.sections:
            chunks.extend(chunk_lines(section.text, max_tokens=self.config.chunk_tokens,
                                      overlap_tokens=self.config.overlap_tokens,
                                      locator=section.locator))
        if not chunks:
            report.skipped.append(SkippedPath(path=name, reason="no text to index"))
            return None
        (report.updated if existing is not None else report.added).append(name)
        counts = self.analyzer.term_counts_many([c.text for c in chunks])
        return PreparedDocument(name, source, extracted.kind, content_hash, chunks, counts)

    async def _commit(self, docs: list[PreparedDocument], report: IngestReport) -> None:
        # Groups of about `commit_chunks` chunks: each is embedded then written in one
        # transaction, so a long ingest keeps its progress and memory stays bounded.
        embed = self.embedder is not None
        group: list[PreparedDocument] = []
        size = 0
        for position, doc in enumerate(docs):
            group.append(doc)
            size += len(doc.chunks)
            if size < self.config.commit_chunks and position < len(docs) - 1:
                continue
            vectors: list[FloatMatrix | None] = [None] * len(group)
            if embed:
                try:
                    vectors = await self._embed_documents(group)
                except EmbeddingError as exc:
                    embed = False  # one outage: do not wait on it again for every group
                    report.warnings.append(f"stored without vectors (BM25 still works; run "
                                           f"embed_missing() later): {exc}")
            self._save_documents(group, vectors)
            report.chunks_written += size
            group, size = [], 0

    async def _embed_documents(self, docs: list[PreparedDocument]) -> list[FloatMatrix | None]:
        assert self.embedder is not None
        texts = [c.text for d in docs for c in d.chunks]
        parts = []
        for start in range(0, len(texts), self.config.embed_batch):
            parts.append(await self.embedder.embed(texts[start:start + self.config.embed_batch]))
        matrix = np.vstack(parts)
        out: list[FloatMatrix | None] = []
        pos = 0
        for d in docs:
            out.append(matrix[pos:pos + len(d.chunks)])
            pos += len(d.chunks)
        return out

    async def embed_missing(self, batch: int | None = None) -> int:
        """Embed chunks stored without vectors (after a failure or a model change)."""
        if self.embedder is None:
            return 0
        size = batch or self.config.embed_batch
        done = 0
        async with self._write_lock:
            self._sync()
            while todo := self._chunks_without_vectors(size):
                vectors = await self.embedder.embed([t for _, t in todo])
                self._save_vectors([c for c, _ in todo], vectors)
                done += len(todo)
        return done

    # -- documents ---------------------------------------------------------------------------

    def list_documents(self) -> list[DocumentInfo]:
        """Stored documents, sorted by name."""
        self._sync()
        return sorted(self._list_documents(), key=lambda d: d.name)

    async def remove(self, names: str | Iterable[str]) -> list[str]:
        """Remove documents by name, path or glob over names; returns the names removed."""
        wanted = [names] if isinstance(names, str) else list(names)
        async with self._write_lock:
            self._sync()
            stored = [d.name for d in self._list_documents()]
            hits: list[str] = []
            for spec in wanted:
                if _GLOB_CHARS & set(spec):
                    hits.extend(n for n in stored if fnmatch.fnmatchcase(n, spec))
                    continue
                path = Path(spec).expanduser()
                as_path = document_name(path if path.is_absolute() else self.root / path,
                                        self.root)
                hits.extend(n for n in (spec, as_path) if n in stored)
            removed = list(dict.fromkeys(hits))
            if removed:
                self._delete_documents(removed)
        return removed

    async def prune(self) -> list[str]:
        """Remove documents whose source file no longer exists."""
        gone = [d.name for d in self.list_documents()
                if d.source is not None and not Path(d.source).exists()]
        return await self.remove(gone) if gone else []

    def status(self) -> KbStatus:
        """Counts and backends."""
        self._sync()
        return KbStatus(documents=len(self._list_documents()), chunks=self._count_chunks(),
                        embedded_chunks=self._vectors.count,
                        embedding_model=self.embedder.name if self.embedder else None,
                        analyzer=self.analyzer.name)

    # -- search ------------------------------------------------------------------------------

    async def search(self, query: str, top_k: int | None = None, *,
                     mode: SearchMode = "hybrid") -> SearchResult:
        """Top chunks for `query`: BM25 and vector lists fused; either alone when the
        other is absent or fails (a warning says so)."""
        query = query.strip()
        if not query:
            raise KnowledgeError("the query is empty; pass words to search for")
        k = top_k or self.config.top_k
        if k < 1:
            raise KnowledgeError("top_k must be at least 1")
        self._sync()
        depth = max(self.config.candidates, k)
        lists: dict[str, list[ChunkKey]] = {}
        first_chunk: dict[ChunkKey, int] = {}
        warnings: list[str] = []
        if mode in ("hybrid", "bm25"):
            rows = self._bm25.search(self.analyzer.terms(query), depth)
            lists["bm25"] = self._keys(rows, first_chunk)
        if mode in ("hybrid", "vector"):
            rows_v, warning = await self._vector_rows(query, depth, required=mode == "vector")
            if warning:
                warnings.append(warning)
            lists["vector"] = self._keys(rows_v, first_chunk)
        fused = reciprocal_rank_fusion(
            lists, {"bm25": self.config.bm25_weight, "vector": self.config.vector_weight},
            k=self.config.rrf_k, top_k=k, min_score=self.config.min_score)
        chunks = self._fetch_chunks([first_chunk[f.key] for f in fused])
        hits = []
        for f in fused:
            chunk = chunks.get(first_chunk[f.key])
            if chunk is None:
                continue  # removed by another connection between index and fetch
            hits.append(SearchHit(document=chunk.document, locator=chunk.locator,
                                  start_line=chunk.start_line, end_line=chunk.end_line,
                                  score=round(f.score, 6), text=chunk.text,
                                  bm25_rank=f.ranks.get("bm25"),
                                  vector_rank=f.ranks.get("vector")))
        return SearchResult(hits=hits, warnings=warnings)

    async def _vector_rows(self, query: str, depth: int,
                           required: bool) -> tuple[list[tuple[int, float]], str | None]:
        if self.embedder is None:
            if required:
                raise KnowledgeError("vector search needs an embedding model: set "
                                     "ORKAS_EMBEDDING_MODEL (e.g. local) or use mode='bm25'")
            return [], None
        if self._vectors.count == 0:
            return [], "no chunk has a vector yet; results are BM25 only"
        try:
            vector = await self.embedder.embed([query], kind="query")
            rows = self._vectors.search(vector, depth)
            return [(r, s) for r, s in rows if s > self.config.min_cosine], None
        except (EmbeddingError, ValueError) as exc:
            if required:
                raise KnowledgeError(f"vector search failed: {exc}") from exc
            return [], f"vector search failed, results are BM25 only: {exc}"

    def _keys(self, rows: list[tuple[int, float]],
              first_chunk: dict[ChunkKey, int]) -> list[ChunkKey]:
        keys = []
        for row, _ in rows:
            key = self._row_key[row]
            first_chunk.setdefault(key, self._row_chunk[row])
            keys.append(key)
        return keys


def now() -> float:
    """Seconds since the epoch (one place, so tests can reason about it)."""
    return time.time()
