"""Text analysis for BM25: tokens, English stop words, Snowball stemming.

The stemmer is DuckDB's fts extension (`stem(word, 'english')`, Snowball/Porter2), loaded
offline from its PyPI package into a private in-memory connection, with a per-word cache so
each distinct word is stemmed once. If the extension cannot load, analysis falls back to
unstemmed tokens; the analyzer's `name` records which was used, so an index built with one
analyzer is never queried with another (the store re-analyses on mismatch).
"""

from __future__ import annotations

import logging
import re
import threading
from collections import Counter
from collections.abc import Iterable

import duckdb

from ..duckdb_ext import ExtensionUnavailableError, load_extension

log = logging.getLogger(__name__)

# Letters/digits runs; underscores split (snake_case → parts). CJK has no spaces, so each
# Han/Kana/Hangul character becomes its own token (unigrams).
_TOKEN = re.compile(r"[^\W_]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_CAMEL_HINT = re.compile(r"[a-z0-9][A-Z]")
_CAMEL_WORD = re.compile(r"[^\W_]*[a-z0-9][A-Z][^\W_]*")
_MAX_TOKEN = 64
_MAX_CACHE = 500_000

# A moderate English list (close to NLTK's): removes function words without touching
# content words that scientific or code text relies on.
STOP_WORDS = frozenset([
    "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any",
    "are", "as", "at", "be", "because", "been", "before", "being", "below", "between",
    "both", "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during",
    "each", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her",
    "here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into",
    "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself", "no", "nor",
    "not", "now", "of", "off", "on", "once", "only", "or", "other", "our", "ours",
    "ourselves", "out", "over", "own", "same", "she", "should", "so", "some", "such",
    "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there",
    "these", "they", "this", "those", "through", "to", "too", "under", "until", "up",
    "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "whom",
    "why", "will", "with", "would", "you", "your", "yours", "yourself", "yourselves",
])


class Stemmer:
    """Snowball English stemming through DuckDB's fts extension, cached per word."""

    def __init__(self, *, use_extension: bool = True) -> None:
        self._cache: dict[str, str] = {}
        self._lock = threading.Lock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self.name = "none"
        if use_extension:
            try:
                con = duckdb.connect(":memory:")
                load_extension(con, "fts")
                self._con, self.name = con, "snowball-english"
            except ExtensionUnavailableError as exc:
                log.warning("BM25 without stemming: %s", exc)

    def stem_many(self, words: Iterable[str]) -> dict[str, str]:
        """Stems of `words` (a dict word → stem)."""
        unique = set(words)
        with self._lock:
            missing = [w for w in unique if w not in self._cache]
            if len(self._cache) + len(missing) > _MAX_CACHE:
                self._cache.clear()  # ids, hashes and numbers never repeat: bound the memory
            if missing:
                if self._con is None:
                    self._cache.update((w, w) for w in missing)
                else:
                    rows = self._con.execute(
                        "SELECT w, stem(w, 'english') FROM unnest(?::VARCHAR[]) AS t(w)",
                        [missing]).fetchall()
                    self._cache.update((w, s or w) for w, s in rows)
            return {w: self._cache[w] for w in unique}


class Analyzer:
    """Turns text into BM25 terms: lower-cased tokens, stop words removed, stemmed."""

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self.stemmer = stemmer or _default_stemmer()

    @property
    def name(self) -> str:
        """Identifies the analysis, so stored terms are only compared with equal ones."""
        return f"v1:{self.stemmer.name}:stop-en"

    def tokens(self, text: str) -> list[str]:
        """Unstemmed, lower-cased tokens without stop words (camelCase words also give their
        parts; each CJK character is a token)."""
        if not text.isascii() and _CJK.search(text):
            return self._tokens_slow(text)
        # Fast path (most text): one regex pass over the lower-cased text, then the parts of
        # camelCase words, which only the original casing reveals.
        out = _TOKEN.findall(text.lower())
        if _CAMEL_HINT.search(text):
            for word in _CAMEL_WORD.findall(text):
                out.extend(part.lower() for part in _CAMEL.split(word))
        return [t if len(t) <= _MAX_TOKEN else t[:_MAX_TOKEN] for t in out
                if t not in STOP_WORDS]

    def _tokens_slow(self, text: str) -> list[str]:
        out: list[str] = []
        for raw in _TOKEN.findall(text):
            if not raw.isascii() and _CJK.search(raw):
                out.extend(_split_cjk(raw.lower()))
                continue
            parts = _CAMEL.split(raw) if not raw.islower() else [raw]
            if len(parts) > 1:
                out.append(raw.lower()[:_MAX_TOKEN])
            out.extend(p.lower()[:_MAX_TOKEN] for p in parts)
        return [t for t in out if t not in STOP_WORDS]

    def terms(self, text: str) -> list[str]:
        """Stemmed terms of `text` in order (repeats kept)."""
        toks = self.tokens(text)
        stems = self.stemmer.stem_many(toks)
        return [stems[t] for t in toks]

    def term_counts_many(self, texts: list[str]) -> list[Counter[str]]:
        """Term frequencies for each text, stemming the batch's vocabulary in one call."""
        token_lists = [self.tokens(t) for t in texts]
        stems = self.stemmer.stem_many(w for toks in token_lists for w in toks)
        return [Counter(stems[w] for w in toks) for toks in token_lists]


def _split_cjk(token: str) -> list[str]:
    out: list[str] = []
    run: list[str] = []
    for ch in token:
        if _CJK.match(ch):
            if run:
                out.append("".join(run))
                run = []
            out.append(ch)
        else:
            run.append(ch)
    if run:
        out.append("".join(run))
    return out


_shared: Stemmer | None = None
_shared_lock = threading.Lock()


def _default_stemmer() -> Stemmer:
    # One extension-backed stemmer per process: its cache is the expensive part.
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Stemmer()
        return _shared
