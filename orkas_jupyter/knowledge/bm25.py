"""An incremental BM25 index over integer rows, scored with numpy.

Postings are appended per batch (no rebuild, so ingestion stays linear); deleted rows are
masked. Document frequency and the average length are computed over live rows at query time,
so scores stay exact after removals. Okapi BM25 with Lucene's idf, k1 = 1.2, b = 0.75.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]


class _Postings:
    __slots__ = ("_cache", "parts")

    def __init__(self) -> None:
        self.parts: list[tuple[IntArray, IntArray]] = []
        self._cache: tuple[IntArray, IntArray] | None = None

    def add(self, rows: IntArray, tfs: IntArray) -> None:
        self.parts.append((rows, tfs))
        self._cache = None

    def arrays(self) -> tuple[IntArray, IntArray]:
        if self._cache is None:
            if len(self.parts) == 1:
                self._cache = self.parts[0]
            else:
                self._cache = (np.concatenate([p[0] for p in self.parts]),
                               np.concatenate([p[1] for p in self.parts]))
                self.parts = [self._cache]
        return self._cache


class Bm25Index:
    """BM25 over rows 0..n-1; rows are assigned by the caller and may be removed."""

    def __init__(self, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self._postings: dict[str, _Postings] = defaultdict(_Postings)
        self._length = np.zeros(0, dtype=np.float32)
        self._alive = np.zeros(0, dtype=bool)

    @property
    def live_rows(self) -> int:
        """Number of rows that can be returned."""
        return int(self._alive.sum())

    def _grow(self, size: int) -> None:
        if size <= len(self._length):
            return
        cap = max(size, 2 * len(self._length), 1024)
        length = np.zeros(cap, dtype=np.float32)
        alive = np.zeros(cap, dtype=bool)
        length[: len(self._length)] = self._length
        alive[: len(self._alive)] = self._alive
        self._length, self._alive = length, alive

    def add_many(self, rows: Iterable[int], counts: Iterable[Mapping[str, int]]) -> None:
        """Index each row's term counts (a batch: one postings append per term)."""
        per_term: dict[str, tuple[list[int], list[int]]] = defaultdict(lambda: ([], []))
        row_list: list[int] = []
        lengths: list[int] = []
        for row, counter in zip(rows, counts, strict=True):
            row_list.append(row)
            lengths.append(sum(counter.values()))
            for term, tf in counter.items():
                entry = per_term[term]
                entry[0].append(row)
                entry[1].append(tf)
        if not row_list:
            return
        self._grow(max(row_list) + 1)
        idx = np.asarray(row_list, dtype=np.int64)
        self._length[idx] = np.asarray(lengths, dtype=np.float32)
        self._alive[idx] = True
        for term, (r, t) in per_term.items():
            self._postings[term].add(np.asarray(r, dtype=np.int64), np.asarray(t, dtype=np.int64))

    def add_arrays(self, rows: IntArray, lengths: npt.NDArray[np.float32],
                   terms: list[str], term_rows: list[IntArray], term_tfs: list[IntArray]) -> None:
        """Bulk load: row lengths plus, per term, its postings (used when reopening a store)."""
        if len(rows):
            self._grow(int(rows.max()) + 1)
            self._length[rows] = lengths
            self._alive[rows] = True
        for term, r, t in zip(terms, term_rows, term_tfs, strict=True):
            self._postings[term].add(r, t)

    def remove(self, rows: Iterable[int]) -> None:
        """Hide rows from results (their postings stay, masked)."""
        idx = np.fromiter(rows, dtype=np.int64)
        idx = idx[idx < len(self._alive)]
        self._alive[idx] = False

    def compact(self, mapping: IntArray, size: int) -> None:
        """Renumber rows: row r becomes `mapping[r]` (or disappears where it is -1)."""
        length = np.zeros(max(size, 1), dtype=np.float32)
        alive = np.zeros(max(size, 1), dtype=bool)
        old = np.flatnonzero(mapping[: len(self._length)] >= 0)
        length[mapping[old]] = self._length[old]
        alive[mapping[old]] = self._alive[old]
        postings: dict[str, _Postings] = defaultdict(_Postings)
        for term, entry in self._postings.items():
            rows, tfs = entry.arrays()
            new_rows = mapping[rows]
            keep = new_rows >= 0
            if keep.any():
                postings[term].add(new_rows[keep], tfs[keep])
        self._postings, self._length, self._alive = postings, length, alive

    def search(self, terms: list[str], limit: int) -> list[tuple[int, float]]:
        """Top `limit` (row, score) for the query terms, best first; only rows that match."""
        n_live = self.live_rows
        if n_live == 0 or limit <= 0:
            return []
        size = len(self._length)
        avgdl = float(self._length[self._alive].mean()) or 1.0
        scores = np.zeros(size, dtype=np.float32)
        touched = False
        for term in Counter(terms):
            postings = self._postings.get(term)
            if postings is None:
                continue
            rows, tfs = postings.arrays()
            live = self._alive[rows]
            if not live.any():
                continue
            rows, tf = rows[live], tfs[live].astype(np.float32)
            df = len(rows)
            idf = np.log1p((n_live - df + 0.5) / (df + 0.5))
            norm = self.k1 * (1.0 - self.b + self.b * self._length[rows] / avgdl)
            # Rows are unique within one term's postings, so fancy-index += is exact.
            scores[rows] += np.float32(idf) * tf * (self.k1 + 1.0) / (tf + norm)
            touched = True
        if not touched:
            return []
        hit = np.flatnonzero(scores > 0)
        if len(hit) > limit:
            part = np.argpartition(-scores[hit], limit - 1)[:limit]
            hit = hit[part]
        order = hit[np.argsort(-scores[hit], kind="stable")]
        return [(int(r), float(scores[r])) for r in order]
