"""The scanner's learned layer: a small network over word, stem, character n-gram and
stem-pair features of the skeleton text and the concepts its words stand for (round 19:
"ignore", "prior", "rules", "reveal", … in about seventy-five languages, each concept and
each pair of them in a window), scored on windows of 48 words (the highest window counts), so
a short injected paragraph in a long page is read on its own and an order learned in the
training languages is recognised in languages the network never read. The shipped file holds
two such networks, one without the concept features and one with them, scored by their mean
(`ThreatEnsemble`).

It catches phrasings the grammar has no rule for. Weights live next to this module
(`threat_model.npz`, made by `scripts/train_threat_model.py` from the project's own examples,
the writers' texts, template-generated attacks and near misses in 12 languages, benign
requests, and text shipped with Python and the installed packages); the file is read on the
first scan, never at import. A window with a cue word (`threat_cues.py`) is flagged at
`threshold`, one without at the higher `bare_threshold`.
"""

from __future__ import annotations

import itertools
import math
import re
from bisect import bisect_left, bisect_right
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .threat_cues import is_cjk, text_has_cue, word_has_cue

if TYPE_CHECKING:
    import numpy as np

WEIGHTS = Path(__file__).with_name("threat_model.npz")
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


def features(words: list[str]) -> set[str]:
    """Word, stem, character n-gram and stem-pair features of one window."""
    feats: set[str] = set().union(*map(word_features, words))
    feats.update(["b:" + a[:4] + "_" + b[:4] for a, b in itertools.pairwise(words)])
    return feats


def concept_marks(skel: str) -> list[tuple[int, str]]:
    """(word index, concept) of each concept word of the skeleton text, in order
    (`threat_concept_words.py`: "ignore", "prior", "rules", "reveal", … in about seventy-five
    languages), so a window also sees what its words mean in languages it was not trained on."""
    from .threat_concept_words import concept_hits

    hits = concept_hits(skel)
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


def windows(words: list[str]) -> list[list[str]]:
    """Overlapping windows of `WINDOW_TOKENS` words (one window for a short text)."""
    return [words[s:e] for s, e in window_spans(len(words))]


class ReadText:
    """A skeleton text read once for every network that scores it: its words, their concept
    marks (looked up on first use) and the word features of each span asked for."""

    def __init__(self, skel: str) -> None:
        self.skel = skel
        self.words = tokens(skel)
        self._marks: list[tuple[int, str]] | None = None
        self._spans: dict[tuple[int, int], set[str]] = {}
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

    def word_features(self, start: int, end: int) -> set[str]:
        """`features` of the words `start` to `end` (shared: callers must not change it)."""
        if (start, end) not in self._spans:
            self._spans[start, end] = features(self.words[start:end])
        return self._spans[start, end]


class ThreatModel:
    """The learned layer: a small network and its decision thresholds. Each known feature
    has an embedding; a window sums its features' embeddings, divides by the square root of
    its feature count (known or not), adds `hidden_bias`, and a ReLU layer and a logistic
    output give the probability. Words count together, not each on its own (round 16)."""

    def __init__(self, vocabulary: list[str], embedding: np.ndarray, hidden_bias: np.ndarray,
                 out_weights: np.ndarray, out_bias: float, threshold: float,
                 bare_threshold: float = 2.0) -> None:
        self.index = {f: i for i, f in enumerate(vocabulary)}
        self._known = frozenset(self.index)
        self.embedding = embedding.astype("float32")
        self.hidden_bias = hidden_bias.astype("float32")
        self.out_weights = out_weights.astype("float32")
        self.out_bias = out_bias
        self._zero: np.ndarray = self.embedding[:0].sum(axis=0)
        self.threshold = threshold
        # for a text without any cue word: higher, so an ordinary request needs a score no
        # ordinary request reached in validation (above 1: such texts are never scored)
        self.bare_threshold = bare_threshold
        # weights trained with concept features (`concept_features`) need them when scoring
        self.concepts = any(f.startswith(("k:", "kk:")) for f in vocabulary)
        self._stack: Stack | None = None

    @classmethod
    def from_arrays(cls, data: dict[str, np.ndarray], prefix: str = "") -> ThreatModel:
        """The network stored under `prefix` in a weights file's arrays."""
        return cls(str(data[prefix + "vocabulary"]).split("\n"), data[prefix + "embedding"],
                   data[prefix + "hidden_bias"], data[prefix + "out_weights"],
                   float(data[prefix + "out_bias"]), float(data["threshold"]),
                   float(data["bare_threshold"]))

    @property
    def feature_count(self) -> int:
        return len(self.index)

    def _sum(self, feats: set[str]) -> np.ndarray:
        """Summed embedding of the known features of a set."""
        known = feats & self._known  # intersect in C first: most features are unknown
        if not known:
            return self._zero
        total: np.ndarray = self.embedding[[self.index[f] for f in known]].sum(axis=0)
        return total

    def _probability(self, total: np.ndarray, count: int) -> float:
        z = total / math.sqrt(count) + self.hidden_bias
        out = float(z.clip(min=0.0) @ self.out_weights) + self.out_bias
        return 1.0 / (1.0 + math.exp(-out)) if out > -500 else 0.0

    def window_probability(self, feats: set[str]) -> float:
        """Probability that one window is an injection."""
        return self._probability(self._sum(feats), len(feats)) if feats else 0.0

    def score(self, skel: str | ReadText) -> tuple[float, str]:
        """The highest window probability of a skeleton text, and that window's first words."""
        return max(self.score_by_cue(skel))

    def score_by_cue(self, skel: str | ReadText) -> tuple[tuple[float, str], tuple[float, str]]:
        """(probability, first words) of the highest window with a cue word and of the
        highest window without one ((0.0, "") when there is none of a kind)."""
        if self._stack is None:
            self._stack = Stack([self])
        return self._stack.scores(skel)[0]


class Stack:
    """Networks laid side by side over one vocabulary, so a text's windows are read once for
    all of them and summed in one numpy call: each half-window's known features become row
    numbers of the stacked table, `np.add.reduceat` sums every such set of rows at once, and a
    window adds its two halves and takes away what they share (round 23: the learned layer
    took a third less time than summing each network's windows one numpy call at a time)."""

    def __init__(self, members: list[ThreatModel]) -> None:
        import numpy as np

        index: dict[str, int] = {}
        for m in members:
            for f in m.index:
                index.setdefault(f, len(index) + 1)  # row 0 stays zero: no window is empty
        self.index = index
        self.known = frozenset(index)
        self.members = members
        self.concepts = any(m.concepts for m in members)
        self.columns: list[tuple[int, int]] = []
        table = np.zeros((len(index) + 1, sum(m.embedding.shape[1] for m in members)),
                         dtype=np.float32)
        for m in members:
            left = self.columns[-1][1] if self.columns else 0
            self.columns.append((left, left + m.embedding.shape[1]))
            rows = np.fromiter((index[f] for f in m.index), dtype=np.int64, count=len(m.index))
            table[rows, left:left + m.embedding.shape[1]] = m.embedding[list(m.index.values())]
        self.table = table
        self.widths = [right - left for left, right in self.columns]
        self.lefts = [left for left, _ in self.columns]
        self.reads_concepts = np.array([m.concepts for m in members], dtype=np.float32)
        self.bias = np.concatenate([m.hidden_bias for m in members])
        self.weights = np.concatenate([m.out_weights for m in members])
        self.out_bias = np.array([m.out_bias for m in members])

    def scores(self, skel: str | ReadText) -> list[tuple[tuple[float, str], tuple[float, str]]]:
        """`ThreatModel.score_by_cue` of each member."""
        import numpy as np

        text = skel if isinstance(skel, ReadText) else ReadText(skel)
        words = text.words
        marks = text.marks() if self.concepts else []
        spans = window_spans(len(words))
        known, find = self.known, self.index.__getitem__
        rows: list[int] = []
        starts: list[int] = []

        def segment(feats: set[str]) -> int:
            starts.append(len(rows))
            rows.append(0)  # the zero row: reduceat needs every segment to have one
            rows.extend(map(find, feats & known))
            return len(starts) - 1

        blocks: dict[int, tuple[set[str], int]] = {}

        def block(first: int) -> tuple[set[str], int]:
            if first not in blocks:
                feats = text.word_features(first, first + STRIDE_TOKENS)
                blocks[first] = (feats, segment(feats))
            return blocks[first]

        # a window's sum is that of some segments less that of one: its two half-windows
        # and what joins them, less what the halves share
        zero = segment(set())
        plus: list[tuple[int, int, int]] = []
        minus: list[int] = []
        plain: list[int] = []
        extra: list[int] = []
        for start, end in spans:
            concepts = concept_features(marks, start, end) if marks else set()
            if end - start == 2 * STRIDE_TOKENS and start % STRIDE_TOKENS == 0:
                middle = start + STRIDE_TOKENS
                (a, in_a), (b, in_b) = block(start), block(middle)
                shared = a & b
                bridge = f"b:{words[middle - 1][:4]}_{words[middle][:4]}"
                joins = {bridge} if bridge not in a and bridge not in b else set()
                plus.append((in_a, in_b, segment(joins | concepts)))
                minus.append(segment(shared))
                plain.append(len(a) + len(b) - len(shared) + len(joins))
            else:
                feats = text.word_features(start, end)
                plus.append((segment(feats), segment(concepts), zero))
                minus.append(zero)
                plain.append(len(feats))
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


class ThreatEnsemble:
    """Networks scored together (round 19: one reads words, the other also their concepts): a
    text scores as the mean of their scores, each network's own highest window, and the
    excerpt is the surer network's. The concept network alone lost German overrides that the
    word network kept; their mean kept both (docs/security.md, round 19)."""

    def __init__(self, members: list[ThreatModel], threshold: float,
                 bare_threshold: float = 2.0) -> None:
        self.members = members
        self.threshold = threshold
        self.bare_threshold = bare_threshold
        self._stack: Stack | None = None

    @property
    def feature_count(self) -> int:
        return sum(m.feature_count for m in self.members)

    def score(self, skel: str | ReadText) -> tuple[float, str]:
        """The mean of the members' scores, and the excerpt of the highest one."""
        if self._stack is None:
            self._stack = Stack(self.members)
        scored = [max(pair) for pair in self._stack.scores(skel)]
        return sum(p for p, _ in scored) / len(scored), max(scored)[1]

    def score_by_cue(self, skel: str | ReadText) -> tuple[tuple[float, str], tuple[float, str]]:
        """`ThreatModel.score_by_cue`, each kind the mean of the members' highest windows."""
        if self._stack is None:
            self._stack = Stack(self.members)
        cued, bare = zip(*self._stack.scores(skel), strict=True)
        return ((sum(p for p, _ in cued) / len(cued), max(cued)[1]),
                (sum(p for p, _ in bare) / len(bare), max(bare)[1]))


def load_model(path: Path = WEIGHTS) -> ThreatModel | ThreatEnsemble:
    """A weights file of one network, or of several (`members` > 0) scored together."""
    import numpy as np  # only when the model is first used

    with np.load(path, allow_pickle=False) as data:
        arrays = dict(data)
    count = int(arrays.get("members", 0))
    if not count:
        return ThreatModel.from_arrays(arrays)
    return ThreatEnsemble([ThreatModel.from_arrays(arrays, f"m{i}_") for i in range(count)],
                          float(arrays["threshold"]), float(arrays["bare_threshold"]))


@lru_cache(maxsize=1)
def model() -> ThreatModel | ThreatEnsemble:
    """The shipped model, loaded on first use."""
    return load_model()


def find_learned(skel: str) -> tuple[float, str] | None:
    """(probability, excerpt) when the learned layer flags the skeleton text, else None. The
    window that scores must hold a cue word itself to be read at `threshold`; a window
    without one needs `bare_threshold`, as a text without one does (round 22: a long skill
    always has a cue word somewhere, and its windows of shell commands and file lists were
    read at the lower threshold)."""
    m = model()
    if m.bare_threshold > 1.0 and not text_has_cue(skel):
        return None
    (cued, at), (bare, there) = m.score_by_cue(ReadText(skel))
    hits = ([(cued, at)] if cued >= m.threshold else []) + (
        [(bare, there)] if bare >= m.bare_threshold else [])
    return max(hits) if hits else None
