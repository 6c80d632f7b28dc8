"""The learned layer's networks scored together (`threat_model.py`): one table of their
embeddings side by side over the union of their vocabularies, and a text's windows summed in
one pass for all of them."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from .threat_windows import (
    STRIDE_TOKENS,
    ReadText,
    concept_features,
    pair_feature,
    window_spans,
    word_features,
)

if TYPE_CHECKING:
    import numpy as np


class Network(Protocol):
    """What a stack reads of a network (`threat_model.ThreatModel`)."""

    vocabulary: list[str]
    stored: np.ndarray  # one row per word of the vocabulary
    hidden_bias: np.ndarray
    out_weights: np.ndarray
    out_bias: float
    concepts: bool


class Stack:
    """Networks laid side by side over one vocabulary, so a text's windows are read once for
    all of them and summed in one numpy call: each half-window's known features are row
    numbers of the stacked table (a word's rows remembered), `np.add.reduceat` sums every
    such set of rows at once, and a window adds its two halves and takes away what they share
    (round 23: the learned layer in about half the time of summing each network's windows one
    numpy call at a time, with the same scores)."""

    def __init__(self, members: Sequence[Network]) -> None:
        import numpy as np

        index: dict[str, int] = {}
        for m in members:
            for f in m.vocabulary:
                index.setdefault(f, len(index) + 1)  # row 0 stays zero: no window is empty
        self.index = index
        self.members = members
        self.concepts = any(m.concepts for m in members)
        self.columns: list[tuple[int, int]] = []
        table = np.zeros((len(index) + 1, sum(m.stored.shape[1] for m in members)),
                         dtype=np.float32)
        for m in members:
            left = self.columns[-1][1] if self.columns else 0
            self.columns.append((left, left + m.stored.shape[1]))
            rows = np.fromiter(map(index.__getitem__, m.vocabulary), dtype=np.int64,
                               count=len(m.vocabulary))
            table[rows, left:left + m.stored.shape[1]] = m.stored.astype(np.float32)
        self.table = table
        self.widths = [right - left for left, right in self.columns]
        self.lefts = [left for left, _ in self.columns]
        self.reads_concepts = np.array([m.concepts for m in members], dtype=np.float32)
        self.bias = np.concatenate([m.hidden_bias for m in members])
        self.weights = np.concatenate([m.out_weights for m in members])
        self.out_bias = np.array([m.out_bias for m in members])
        # a word's features as the stacked rows of the known ones and the unknown ones (the
        # last words seen: most words recur)
        self.word: Callable[[str], tuple[tuple[int, ...], tuple[str, ...]]] = lru_cache(
            maxsize=32768)(self._word)

    def _word(self, word: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
        # not `word_features`' own memory: it would keep every remembered word's strings
        # again (17 MB more after 5,000 abstracts)
        feats, get = word_features.__wrapped__(word), self.index.get
        return (tuple(r for f in feats if (r := get(f))),
                tuple(f for f in feats if f not in self.index))

    def span(self, words: list[str]) -> tuple[set[int], set[str]]:
        """`features` of some words, as the rows of the known ones and the unknown ones: one
        set of each, so a count of the features is the sum of their sizes."""
        parts = list(map(self.word, words))
        found: set[int] = set().union(*[known for known, _ in parts])
        unknown: set[str] = set().union(*[other for _, other in parts])
        get = self.index.get
        for pair in itertools.starmap(pair_feature, itertools.pairwise(words)):
            row = get(pair)
            if row:
                found.add(row)
            else:
                unknown.add(pair)
        return found, unknown

    def scores(self, skel: str | ReadText) -> list[tuple[tuple[float, str], tuple[float, str]]]:
        """`ThreatModel.score_by_cue` of each member."""
        import numpy as np

        text = skel if isinstance(skel, ReadText) else ReadText(skel)
        words = text.words
        marks = text.marks() if self.concepts else []
        spans = window_spans(len(words))
        get = self.index.get
        rows: list[int] = []
        starts: list[int] = []

        def segment(found: Iterable[int]) -> int:
            starts.append(len(rows))
            rows.append(0)  # the zero row: reduceat needs every segment to have one
            rows.extend(found)
            return len(starts) - 1

        blocks: dict[int, tuple[set[int], set[str], int]] = {}

        def block(first: int) -> tuple[set[int], set[str], int]:
            if first not in blocks:
                found, unknown = self.span(words[first:first + STRIDE_TOKENS])
                blocks[first] = (found, unknown, segment(found))
            return blocks[first]

        # a window's sum is that of some segments less that of one: its two half-windows
        # and what joins them, less what the halves share
        zero = segment(())
        plus: list[tuple[int, int, int]] = []
        minus: list[int] = []
        plain: list[int] = []
        extra: list[int] = []
        for start, end in spans:
            concepts = concept_features(marks, start, end) if marks else set()
            meant = [row for c in concepts if (row := get(c))]
            if end - start == 2 * STRIDE_TOKENS and start % STRIDE_TOKENS == 0:
                middle = start + STRIDE_TOKENS
                (a, not_a, in_a), (b, not_b, in_b) = block(start), block(middle)
                shared = a & b
                bridge = pair_feature(words[middle - 1], words[middle])
                row = get(bridge)
                joins = ([row] if row not in a and row not in b else []) if row else []
                new = bool(joins) if row else bridge not in not_a and bridge not in not_b
                plus.append((in_a, in_b, segment(joins + meant)))
                minus.append(segment(shared))
                plain.append(len(a) + len(not_a) + len(b) + len(not_b) - len(shared)
                             - len(not_a & not_b) + new)
            else:
                found, unknown = self.span(words[start:end])
                plus.append((segment(found), segment(meant), zero))
                minus.append(zero)
                plain.append(len(found) + len(unknown))
            extra.append(len(concepts))
        parts = np.add.reduceat(self.table.take(np.array(rows, dtype=np.intp), axis=0),
                                starts, axis=0)
        sums = parts[plus].sum(axis=1) - parts[minus]
        # every member at once: a member that reads concepts counts them too
        count = (np.array(plain, dtype=np.float32)[:, None]
                 + np.array(extra, dtype=np.float32)[:, None] * self.reads_concepts)
        z = sums / np.repeat(np.sqrt(np.maximum(count, 1.0)), self.widths, axis=1) + self.bias
        logit = np.add.reduceat(z.clip(min=0.0) * self.weights, self.lefts, axis=1)
        logit = logit.astype(np.float64) + self.out_bias
        p = np.where((count > 0) & (logit > -500),
                     1.0 / (1.0 + np.exp(-logit.clip(min=-500.0))), 0.0)
        cued = [text.cued(start, end) for start, end in spans]
        out = []
        for column in p.T.tolist():
            best = [(0.0, 0), (0.0, 0)]  # with a cue, without: (probability, window)
            for w, (q, kind) in enumerate(zip(column, cued, strict=True)):
                if q > best[not kind][0]:
                    best[not kind] = (q, w)
            picked = [(q, " ".join(words[spans[w][0]:spans[w][0] + 12]) if q else "")
                      for q, w in best]
            out.append((picked[0], picked[1]))
        return out
