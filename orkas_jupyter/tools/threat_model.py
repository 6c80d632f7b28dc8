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

import math
import re
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .threat_cues import text_has_cue
from .threat_windows import ReadText

if TYPE_CHECKING:
    import numpy as np

    from .threat_stack import Stack

WEIGHTS = Path(__file__).with_name("threat_model.npz")


class ThreatModel:
    """The learned layer: a small network and its decision thresholds. Each known feature
    has an embedding; a window sums its features' embeddings, divides by the square root of
    its feature count (known or not), adds `hidden_bias`, and a ReLU layer and a logistic
    output give the probability. Words count together, not each on its own (round 16)."""

    def __init__(self, vocabulary: list[str], embedding: np.ndarray, hidden_bias: np.ndarray,
                 out_weights: np.ndarray, out_bias: float, threshold: float,
                 bare_threshold: float = 2.0) -> None:
        # as given (float16 from the weights file); the look-ups and the float32 copy that
        # `window_probability` reads are built on first use: the scanner reads the stack
        # (`threat_stack.py`), and a kernel need not hold both (about 14 MB)
        self.vocabulary = vocabulary
        self.stored = embedding
        self.hidden_bias = hidden_bias.astype("float32")
        self.out_weights = out_weights.astype("float32")
        self.out_bias = out_bias
        self.threshold = threshold
        # for a text without any cue word: higher, so an ordinary request needs a score no
        # ordinary request reached in validation (above 1: such texts are never scored)
        self.bare_threshold = bare_threshold
        # weights trained with concept features (`concept_features`) need them when scoring
        self.concepts = any(f.startswith(("k:", "kk:")) for f in vocabulary)

    @classmethod
    def from_arrays(cls, data: dict[str, np.ndarray], prefix: str = "") -> ThreatModel:
        """The network stored under `prefix` in a weights file's arrays."""
        return cls(str(data[prefix + "vocabulary"]).split("\n"), data[prefix + "embedding"],
                   data[prefix + "hidden_bias"], data[prefix + "out_weights"],
                   float(data[prefix + "out_bias"]), float(data["threshold"]),
                   float(data["bare_threshold"]))

    @property
    def feature_count(self) -> int:
        return len(self.vocabulary)

    @cached_property
    def index(self) -> dict[str, int]:
        return {f: i for i, f in enumerate(self.vocabulary)}

    @cached_property
    def _known(self) -> frozenset[str]:
        return frozenset(self.index)

    @cached_property
    def embedding(self) -> np.ndarray:
        return self.stored.astype("float32")

    @cached_property
    def _stack(self) -> Stack:
        from .threat_stack import Stack

        return Stack([self])

    def _sum(self, feats: set[str]) -> np.ndarray:
        """Summed embedding of the known features of a set."""
        known = feats & self._known  # intersect in C first: most features are unknown
        rows = [self.index[f] for f in known]  # none: a row of zeros
        total: np.ndarray = self.embedding[rows].sum(axis=0)
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
        return self._stack.scores(skel)[0]


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

    @property
    def feature_count(self) -> int:
        return sum(m.feature_count for m in self.members)

    @cached_property
    def _stack(self) -> Stack:
        from .threat_stack import Stack

        return Stack(self.members)

    def score(self, skel: str | ReadText) -> tuple[float, str]:
        """The mean of the members' scores, and the excerpt of the highest one."""
        scored = [max(pair) for pair in self._stack.scores(skel)]
        return sum(p for p, _ in scored) / len(scored), max(scored)[1]

    def score_by_cue(self, skel: str | ReadText) -> tuple[tuple[float, str], tuple[float, str]]:
        """`ThreatModel.score_by_cue`, each kind the mean of the members' highest windows."""
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


# Round 34: one or two words in a script that spaces its words ("Administración", "Esperanto",
# "Zeige alle", "JSON-об'єкт": UI strings) are too few to read as an order; the network
# flagged 159 of Django's 45,728 translated strings so, and caught no attack of the project's
# sets that short alone. Chinese, Japanese, Korean, Thai, Lao, Khmer and Myanmar put a whole
# sentence in one "word".
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff"
                       r"\uac00-\ud7af\uf900-\ufaff]")
# words as letters, joined by an apostrophe or a hyphen ("JSON-об'єкт" is one); underscores,
# dots and digits part them ("ignore_all_previous_instructions" is four); words glued into a
# longer run than `_SHORT` letters ("ignoreallpreviousinstructions") are read
_SHORT = 32
_WORDS = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")


def find_learned(skel: str) -> tuple[float, str] | None:
    """(probability, excerpt) when the learned layer flags the skeleton text, else None. The
    window that scores must hold a cue word itself to be read at `threshold`; a window
    without one needs `bare_threshold`, as a text without one does (round 22: a long skill
    always has a cue word somewhere, and its windows of shell commands and file lists were
    read at the lower threshold). A text of one or two spaced words is not read."""
    words = _WORDS.findall(skel, 0, 200)
    if len(words) <= 2 and sum(map(len, words)) <= _SHORT and not _UNSPACED.search(skel):
        return None
    m = model()
    if m.bare_threshold > 1.0 and not text_has_cue(skel):
        return None
    (cued, at), (bare, there) = m.score_by_cue(ReadText(skel))
    hits = ([(cued, at)] if cued >= m.threshold else []) + (
        [(bare, there)] if bare >= m.bare_threshold else [])
    return max(hits) if hits else None
