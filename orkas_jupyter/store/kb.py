"""The DuckDB `KnowledgeBase` (the default): documents, chunks, BM25 postings and vectors
in `kb_*` tables of a connection it is given (the store process owns the file).

Full text: terms come from `knowledge.analysis` (Snowball stems from DuckDB's fts extension)
and are stored as postings (`kb_postings`), appended in the same transaction as their chunks.
The index is therefore consistent after every insert or delete, and ingestion stays linear:
the fts extension's own `create_fts_index` must be rebuilt whole after each insert (~10 s at
100k chunks) and `match_bm25` took ~151 ms per query there, three times the latency budget.
Queries run on numpy indexes rebuilt from these tables when `kb_meta.generation` shows that
another connection wrote.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import duckdb
import numpy as np

from ..knowledge.base import ChunkKey, KnowledgeBase, PreparedDocument, StoredChunk, now
from ..knowledge.embeddings import embedder_from_settings
from ..knowledge.errors import KnowledgeError
from ..knowledge.models import DocumentInfo, KnowledgeBaseConfig
from ..knowledge.vectors import FloatMatrix, normalize

if TYPE_CHECKING:
    from ..config import Settings

SCHEMA_VERSION = 1

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS kb_meta (key VARCHAR PRIMARY KEY, value VARCHAR)",
    # No key constraints below: a re-ingest deletes and re-inserts in one transaction.
    """CREATE TABLE IF NOT EXISTS kb_documents (doc_id BIGINT, name VARCHAR, source VARCHAR,
       kind VARCHAR, content_hash VARCHAR, chunks INTEGER, added_at DOUBLE)""",
    """CREATE TABLE IF NOT EXISTS kb_chunks (chunk_id BIGINT, doc_id BIGINT, locator VARCHAR,
       start_line INTEGER, end_line INTEGER, length INTEGER, text VARCHAR)""",
    "CREATE TABLE IF NOT EXISTS kb_terms (term_id INTEGER, term VARCHAR)",
    "CREATE TABLE IF NOT EXISTS kb_postings (chunk_id BIGINT, term_id INTEGER, tf INTEGER)",
    "CREATE TABLE IF NOT EXISTS kb_vectors (chunk_id BIGINT, model VARCHAR, vec FLOAT[])",
    # Fetching the ten chunks of a result: 3 ms with this index, ~40 ms scanning 100k rows.
    "CREATE INDEX IF NOT EXISTS kb_chunks_chunk_id ON kb_chunks (chunk_id)",
]


class DuckDBKnowledgeBase(KnowledgeBase):
    """Knowledge base in `kb_*` tables of `con`; never opens a file itself."""

    def __init__(self, con: duckdb.DuckDBPyConnection, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.con = con
        self._generation = -1
        self._term_id: dict[str, int] = {}
        self._doc_names: dict[int, str] = {}
        self._doc_ids: dict[str, int] = {}
        self._migrate()
        self._sync()

    # -- schema and metadata ---------------------------------------------------------------

    def _migrate(self) -> None:
        self.con.begin()
        try:
            for statement in _SCHEMA:
                self.con.execute(statement)
            version = self._meta("schema_version")
            if version is not None and int(version) > SCHEMA_VERSION:
                raise KnowledgeError(
                    f"the knowledge base schema is version {version}, newer than this "
                    f"orkas-jupyter understands ({SCHEMA_VERSION}); upgrade the package")
            self._set_meta("schema_version", str(SCHEMA_VERSION))
            if self._meta("generation") is None:
                self._set_meta("generation", "0")
            self.con.commit()
        except BaseException:
            self.con.rollback()
            raise

    def _meta(self, key: str) -> str | None:
        row = self.con.execute("SELECT value FROM kb_meta WHERE key = ?", [key]).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, key: str, value: str) -> None:
        self.con.execute("INSERT OR REPLACE INTO kb_meta VALUES (?, ?)", [key, value])

    def _bump_generation(self) -> None:
        gen = int(self._meta("generation") or 0) + 1
        self._set_meta("generation", str(gen))
        self._generation = gen

    # -- reload ------------------------------------------------------------------------------

    def _sync(self) -> None:
        gen = int(self._meta("generation") or 0)
        if gen != self._generation:
            self._reload()
            self._generation = int(self._meta("generation") or 0)

    def _reload(self) -> None:
        """Rebuild the numpy indexes from the tables (and re-analyse or drop vectors when
        the analyzer or the embedding model changed)."""
        self.con.begin()
        try:
            if self._meta("analyzer") != self.analyzer.name:
                self._reanalyse()
            model = self.embedder.name if self.embedder else None
            if model is not None and self._meta("embedding_model") != model:
                # Vectors of another model live in another space: drop them; embed_missing()
                # recomputes them.
                self.con.execute("DELETE FROM kb_vectors WHERE model IS DISTINCT FROM ?",
                                 [model])
                self._set_meta("embedding_model", model)
                self._bump_generation()
            self.con.commit()
        except BaseException:
            self.con.rollback()
            raise
        self._reset_indexes()
        chunks = self.con.execute(
            "SELECT chunk_id, doc_id, coalesce(locator, '') AS locator, start_line, length "
            "FROM kb_chunks ORDER BY chunk_id").fetchnumpy()
        chunk_ids = chunks["chunk_id"].astype(np.int64)
        n = len(chunk_ids)
        locators = [loc or None for loc in chunks["locator"].tolist()]
        self._row_chunk = chunk_ids.tolist()
        self._row_key = list(zip(chunks["doc_id"].tolist(), locators,
                                 chunks["start_line"].tolist(), strict=True))
        self._chunk_row = dict(zip(self._row_chunk, range(n), strict=True))
        self._doc_names = dict(self.con.execute("SELECT doc_id, name FROM kb_documents")
                               .fetchall())
        self._doc_ids = {name: doc_id for doc_id, name in self._doc_names.items()}
        terms = self.con.execute("SELECT term_id, term FROM kb_terms").fetchall()
        self._term_id = {term: int(tid) for tid, term in terms}
        names = {int(tid): term for tid, term in terms}
        post = self.con.execute(
            "SELECT chunk_id, term_id, tf FROM kb_postings ORDER BY term_id").fetchnumpy()
        rows = np.searchsorted(chunk_ids, post["chunk_id"].astype(np.int64)).astype(np.int64)
        term_ids = post["term_id"].astype(np.int64)
        tfs = post["tf"].astype(np.int64)
        bounds = np.flatnonzero(np.diff(term_ids)) + 1
        starts = np.concatenate([[0], bounds]) if len(term_ids) else np.zeros(0, np.int64)
        ends = np.concatenate([bounds, [len(term_ids)]]) if len(term_ids) else starts
        self._bm25.add_arrays(
            np.arange(n, dtype=np.int64), chunks["length"].astype(np.float32),
            [names[int(term_ids[s])] for s in starts],
            [rows[s:e] for s, e in zip(starts, ends, strict=True)],
            [tfs[s:e] for s, e in zip(starts, ends, strict=True)])
        if self.embedder is not None:
            vec = self.con.execute("SELECT chunk_id, vec FROM kb_vectors WHERE model = ?",
                                   [self.embedder.name]).fetchnumpy()
            if len(vec["chunk_id"]):
                matrix = np.stack([np.asarray(v, dtype=np.float32) for v in vec["vec"]])
                vrows = np.searchsorted(chunk_ids, vec["chunk_id"].astype(np.int64))
                self._vectors.set(vrows.astype(np.int64), matrix)

    def _reanalyse(self) -> None:
        # Terms made by another analyzer (e.g. the stemmer was unavailable) cannot be compared
        # with this one's: recompute every posting from the stored text.
        self.con.execute("DELETE FROM kb_postings")
        self.con.execute("DELETE FROM kb_terms")
        self._term_id = {}
        total = self.con.execute("SELECT count(*) FROM kb_chunks").fetchone()
        offset, size = 0, 5000
        while total and offset < total[0]:
            batch = self.con.execute(
                "SELECT chunk_id, text FROM kb_chunks ORDER BY chunk_id LIMIT ? OFFSET ?",
                [size, offset]).fetchall()
            counts = self.analyzer.term_counts_many([t for _, t in batch])
            self._insert_postings([int(c) for c, _ in batch], counts)
            offset += size
        self._set_meta("analyzer", self.analyzer.name)
        self._bump_generation()

    # -- writes ------------------------------------------------------------------------------

    def _insert_from(self, table: str, select: str, columns: dict[str, Any],
                     params: list[Any] | None = None) -> None:
        """INSERT from numpy columns, registered explicitly (not by frame-inspecting
        replacement scans, which break when the connection is wrapped or proxied)."""
        view = f"kb_tmp_{table}"
        self.con.register(view, columns)
        try:
            self.con.execute(f"INSERT INTO {table} SELECT {select} FROM {view}", params or [])
        finally:
            self.con.unregister(view)

    def _delete_chunk_rows(self, table: str, chunk_ids: list[int]) -> None:
        view = "kb_tmp_ids"
        self.con.register(view, {"chunk_id": np.asarray(chunk_ids, dtype=np.int64)})
        try:
            self.con.execute(f"DELETE FROM {table} WHERE chunk_id IN "
                             f"(SELECT chunk_id FROM {view})")
        finally:
            self.con.unregister(view)

    def _insert_postings(self, chunk_ids: list[int], counts: list[Any]) -> list[int]:
        new_terms = sorted({t for c in counts for t in c if t not in self._term_id})
        if new_terms:
            start = max(self._term_id.values(), default=-1) + 1
            ids = np.arange(start, start + len(new_terms), dtype=np.int32)
            self._term_id.update(zip(new_terms, ids.tolist(), strict=True))
            self._insert_from("kb_terms", "term_id, term",
                              {"term_id": ids, "term": np.asarray(new_terms, dtype=object)})
        cids: list[int] = []
        tids: list[int] = []
        tfs: list[int] = []
        lengths: list[int] = []
        for cid, counter in zip(chunk_ids, counts, strict=True):
            lengths.append(sum(counter.values()))
            for term, tf in counter.items():
                cids.append(cid)
                tids.append(self._term_id[term])
                tfs.append(tf)
        self._insert_from("kb_postings", "chunk_id, term_id, tf",
                          {"chunk_id": np.asarray(cids, dtype=np.int64),
                           "term_id": np.asarray(tids, dtype=np.int32),
                           "tf": np.asarray(tfs, dtype=np.int32)})
        return lengths

    def _insert_vectors(self, chunk_ids: list[int], vectors: FloatMatrix) -> None:
        assert self.embedder is not None
        matrix = normalize(vectors)
        # One numpy column per dimension, assembled by array_value: ~20x faster than
        # converting per-row objects (FACTS.md).
        cols: dict[str, Any] = {"chunk_id": np.asarray(chunk_ids, dtype=np.int64)}
        for j in range(matrix.shape[1]):
            cols[f"c{j}"] = np.ascontiguousarray(matrix[:, j])
        listing = ", ".join(f"c{j}" for j in range(matrix.shape[1]))
        self._insert_from("kb_vectors", f"chunk_id, ?, array_value({listing})::FLOAT[]", cols,
                          [self.embedder.name])

    def _delete_in_tx(self, names: list[str]) -> list[int]:
        rows = self.con.execute(
            "SELECT c.chunk_id FROM kb_chunks c JOIN kb_documents d USING (doc_id) "
            "WHERE d.name IN (SELECT unnest(?::VARCHAR[]))", [names]).fetchall()
        old = [int(r[0]) for r in rows]
        if old:
            for table in ("kb_postings", "kb_vectors", "kb_chunks"):
                self._delete_chunk_rows(table, old)
        self.con.execute("DELETE FROM kb_documents WHERE name IN (SELECT unnest(?::VARCHAR[]))",
                         [names])
        return old

    def _save_documents(self, docs: list[PreparedDocument],
                        vectors: list[FloatMatrix | None]) -> None:
        self._sync()  # another connection may have written while we were embedding
        self.con.begin()
        try:
            old = self._delete_in_tx([d.name for d in docs])
            row = self.con.execute("SELECT coalesce(max(doc_id), 0), "
                                   "(SELECT coalesce(max(chunk_id), 0) FROM kb_chunks) "
                                   "FROM kb_documents").fetchone()
            next_doc, next_chunk = (int(row[0]) + 1, int(row[1]) + 1) if row else (1, 1)
            doc_rows = []
            all_ids: list[int] = []
            keys: list[ChunkKey] = []
            chunk_cols: dict[str, list[Any]] = {k: [] for k in
                                                ("doc_id", "locator", "start", "end", "text")}
            vec_ids: list[int] = []
            vec_parts: list[FloatMatrix] = []
            all_counts = []
            for offset, (doc, vecs) in enumerate(zip(docs, vectors, strict=True)):
                doc_id = next_doc + offset
                ids = list(range(next_chunk, next_chunk + len(doc.chunks)))
                next_chunk += len(doc.chunks)
                doc_rows.append((doc_id, doc.name, doc.source, doc.kind, doc.content_hash,
                                 len(ids), now()))
                for chunk in doc.chunks:
                    chunk_cols["doc_id"].append(doc_id)
                    chunk_cols["locator"].append(chunk.locator)
                    chunk_cols["start"].append(chunk.start_line)
                    chunk_cols["end"].append(chunk.end_line)
                    chunk_cols["text"].append(chunk.text)
                    keys.append((doc_id, chunk.locator, chunk.start_line))
                all_ids.extend(ids)
                all_counts.extend(doc.counts)
                if vecs is not None:
                    vec_ids.extend(ids)
                    vec_parts.append(vecs)
            self.con.executemany("INSERT INTO kb_documents VALUES (?, ?, ?, ?, ?, ?, ?)",
                                 doc_rows)
            lengths = self._insert_postings(all_ids, all_counts)
            new = {
                "chunk_id": np.asarray(all_ids, dtype=np.int64),
                "doc_id": np.asarray(chunk_cols["doc_id"], dtype=np.int64),
                # No None in object columns: DuckDB's numpy scan then needs pandas.
                "locator": np.asarray([loc or "" for loc in chunk_cols["locator"]],
                                      dtype=object),
                "start_line": np.asarray(chunk_cols["start"], dtype=np.int32),
                "end_line": np.asarray(chunk_cols["end"], dtype=np.int32),
                "length": np.asarray(lengths, dtype=np.int32),
                "text": np.asarray(chunk_cols["text"], dtype=object),
            }
            self._insert_from("kb_chunks", "chunk_id, doc_id, nullif(locator, ''), start_line, "
                              "end_line, length, text", new)
            if vec_ids:
                self._insert_vectors(vec_ids, np.vstack(vec_parts))
            self._bump_generation()
            self.con.commit()
        except BaseException:
            self.con.rollback()
            self._generation = -1  # the indexes may be ahead of the tables: reload next time
            raise
        self._forget_names([d.name for d in docs])
        self._doc_names.update((row[0], row[1]) for row in doc_rows)
        self._doc_ids.update((row[1], row[0]) for row in doc_rows)
        self._unindex(old)
        self._index_rows(all_ids, keys, all_counts)
        if vec_ids:
            self._index_vectors(vec_ids, np.vstack(vec_parts))

    def _delete_documents(self, names: list[str]) -> None:
        self.con.begin()
        try:
            old = self._delete_in_tx(names)
            self._bump_generation()
            self.con.commit()
        except BaseException:
            self.con.rollback()
            self._generation = -1
            raise
        self._forget_names(names)
        self._unindex(old)

    def _forget_names(self, names: list[str]) -> None:
        for name in names:
            doc_id = self._doc_ids.pop(name, None)
            if doc_id is not None:
                self._doc_names.pop(doc_id, None)

    def _save_vectors(self, chunk_ids: list[int], vectors: FloatMatrix) -> None:
        self.con.begin()
        try:
            self._delete_chunk_rows("kb_vectors", chunk_ids)
            self._insert_vectors(chunk_ids, vectors)
            self._bump_generation()
            self.con.commit()
        except BaseException:
            self.con.rollback()
            self._generation = -1
            raise
        self._index_vectors(chunk_ids, vectors)

    # -- reads -------------------------------------------------------------------------------

    def _find_documents(self, names: list[str]) -> dict[str, DocumentInfo]:
        if not names:
            return {}
        rows = self.con.execute(
            "SELECT name, source, kind, content_hash, chunks, added_at FROM kb_documents "
            "WHERE name IN (SELECT unnest(?::VARCHAR[]))", [names]).fetchall()
        return {r[0]: _doc_info(r) for r in rows}

    def _list_documents(self) -> list[DocumentInfo]:
        rows = self.con.execute("SELECT name, source, kind, content_hash, chunks, added_at "
                                "FROM kb_documents ORDER BY name").fetchall()
        return [_doc_info(r) for r in rows]

    def _fetch_chunks(self, chunk_ids: list[int]) -> dict[int, StoredChunk]:
        if not chunk_ids:
            return {}
        # A literal IN list lets DuckDB use the chunk_id index (a join or unnest scans).
        marks = ", ".join("?" * len(chunk_ids))
        rows = self.con.execute(
            "SELECT chunk_id, doc_id, locator, start_line, end_line, text FROM kb_chunks "
            f"WHERE chunk_id IN ({marks})", chunk_ids).fetchall()
        return {int(r[0]): StoredChunk(int(r[0]), self._doc_names.get(int(r[1]), "?"), r[2],
                                       int(r[3]), int(r[4]), r[5])
                for r in rows if int(r[1]) in self._doc_names}

    def _chunks_without_vectors(self, limit: int) -> list[tuple[int, str]]:
        model = self.embedder.name if self.embedder else None
        rows = self.con.execute(
            "SELECT c.chunk_id, c.text FROM kb_chunks c WHERE NOT EXISTS (SELECT 1 FROM "
            "kb_vectors v WHERE v.chunk_id = c.chunk_id AND v.model = ?) "
            "ORDER BY c.chunk_id LIMIT ?", [model, limit]).fetchall()
        return [(int(c), t) for c, t in rows]

    def _count_chunks(self) -> int:
        row = self.con.execute("SELECT count(*) FROM kb_chunks").fetchone()
        return int(row[0]) if row else 0


def open_knowledge_base(con: duckdb.DuckDBPyConnection, settings: Settings, *,
                        config: KnowledgeBaseConfig | None = None) -> DuckDBKnowledgeBase:
    """The workspace knowledge base on `con`: names relative to the workspace, the embedding
    backend `ORKAS_EMBEDDING_MODEL` names (none = BM25 only)."""
    return DuckDBKnowledgeBase(con, root=settings.workspace,
                               embedder=embedder_from_settings(settings), config=config)


def _doc_info(row: tuple[Any, ...]) -> DocumentInfo:
    return DocumentInfo(name=row[0], source=row[1], kind=row[2], content_hash=row[3],
                        chunks=int(row[4]), added_at=float(row[5]))
