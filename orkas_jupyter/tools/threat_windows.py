"""How the learned layer (`threat_model.py`) reads a skeleton text: its words, each word's
features (itself, its stem, its character n-grams), the word pairs, the concepts the words
stand for, and the overlapping windows of 48 words it is scored on."""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left, bisect_right
from functools import lru_cache

from .threat_cues import is_cjk, word_has_cue

WINDOW_TOKENS = 48
STRIDE_TOKENS = 24


def _mark_ranges() -> str:
    """The combining marks below U+2E80 as a character class body: Devanagari, Bengali,
    Tamil or Thai vowel signs are marks, not letters, and a word of letters alone would be
    cut at each of them ("निर्देशों" into four pieces)."""
    import unicodedata

    marks = [c for c in range(0x300, 0x2E80) if unicodedata.category(chr(c)) in ("Mn", "Mc",
                                                                                 "Me")]
    ranges: list[tuple[int, int]] = []
    for c in marks:
        if ranges and ranges[-1][1] == c - 1:
            ranges[-1] = (ranges[-1][0], c)
        else:
            ranges.append((c, c))
    return "".join(f"\\u{a:04x}-\\u{b:04x}" if a != b else f"\\u{a:04x}" for a, b in ranges)


_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=1)
def _marked() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a combining mark, a word with the marks that belong to it: twice as slow, so only for
    texts with a mark), built on first use, not at import."""
    marks = _mark_ranges()
    return re.compile(f"[{marks}]"), re.compile(r"(?:[^\W\d_]|[" + marks + r"])+")


def tokens(skel: str) -> list[str]:
    """Words of a skeleton text (letters only)."""
    mark, marked_word = _marked()
    return (marked_word if mark.search(skel) else _WORD).findall(skel)


@lru_cache(maxsize=32768)
def word_features(word: str) -> tuple[str, ...]:
    """Features of one word: itself, its four-letter stem and its character n-grams
    (4-grams of a word of five letters or more, bigrams of a run of CJK characters, which
    has no spaces to split on), so an unseen inflection or compound shares most features
    with a known one."""
    feats = ["w:" + word]
    if is_cjk(word):
        feats += ["c:" + word[i:i + 2] for i in range(len(word) - 1)] or ["c:" + word]
        return tuple(dict.fromkeys(feats))
    if len(word) >= 4:
        feats.append("s:" + word[:4])
    if len(word) >= 5:
        padded = f"<{word}>"
        feats += ["g:" + padded[i:i + 4] for i in range(len(padded) - 3)]
    return tuple(dict.fromkeys(feats))


def pair_feature(first: str, second: str) -> str:
    """The stem-pair feature of two neighbouring words."""
    return "b:" + first[:4] + "_" + second[:4]


def features(words: list[str]) -> set[str]:
    """Word, stem, character n-gram and stem-pair features of one window."""
    feats: set[str] = set().union(*map(word_features, words))
    feats.update(itertools.starmap(pair_feature, itertools.pairwise(words)))
    return feats


def concept_marks(skel: str) -> list[tuple[int, str]]:
    """(word index, concept) of each concept word of the skeleton text, in order
    (`threat_concept_words.py`: "ignore", "prior", "rules", "reveal", … in about seventy-five
    languages), so a window also sees what its words mean in languages it was not trained on."""
    from .threat_concept_words import UNREAD, concept_hits

    hits = [h for h in concept_hits(skel) if h[2] not in UNREAD]
    if not hits:
        return []
    mark, marked_word = _marked()
    starts = [m.start() for m in (marked_word if mark.search(skel) else _WORD).finditer(skel)]
    return [(max(bisect_right(starts, h[0]) - 1, 0), h[2]) for h in hits]


def concept_features(marks: list[tuple[int, str]], start: int, end: int) -> set[str]:
    """The concepts of the words `start` to `end` and each pair of them."""
    seen = sorted({c for i, c in marks if start <= i < end})
    return {"k:" + c for c in seen} | {"kk:" + a + "_" + b
                                        for a, b in itertools.combinations(seen, 2)}


def text_windows(skel: str, concepts: bool) -> list[set[str]]:
    """Each window's features, as `ThreatModel.score` sums them (the trainer's input)."""
    words = tokens(skel)
    marks = concept_marks(skel) if concepts else []
    return [features(words[s:e]) | concept_features(marks, s, e)
            for s, e in window_spans(len(words))]


def window_spans(n: int) -> list[tuple[int, int]]:
    """(start, end) of overlapping windows of `WINDOW_TOKENS` words over `n` words (one
    window for a short text)."""
    if n <= WINDOW_TOKENS:
        return [(0, n)]
    last = n - WINDOW_TOKENS
    starts = list(range(0, last + 1, STRIDE_TOKENS))
    if starts[-1] != last:
        starts.append(last)
    return [(s, s + WINDOW_TOKENS) for s in starts]


class ReadText:
    """A skeleton text read once for every network that scores it: its words, their concept
    marks and which of them start with a cue word (both looked up on first use)."""

    def __init__(self, skel: str) -> None:
        self.skel = skel
        self.words = tokens(skel)
        self._marks: list[tuple[int, str]] | None = None
        self._cues: list[int] | None = None

    def marks(self) -> list[tuple[int, str]]:
        if self._marks is None:
            self._marks = concept_marks(self.skel)
        return self._marks

    def cued(self, start: int, end: int) -> bool:
        """Whether one of the words `start` to `end` starts with a cue (`has_cue`)."""
        if self._cues is None:
            self._cues = [i for i, w in enumerate(self.words) if word_has_cue(w)]
        k = bisect_left(self._cues, start)
        return k < len(self._cues) and self._cues[k] < end
