"""The scanner's learned layer: a logistic regression over word, stem and stem-pair features
of the skeleton text, scored on windows of 48 words (the highest window counts), so a short
injected paragraph in a long page is read on its own.

It catches phrasings the grammar has no rule for. Weights live next to this module
(`threat_model.npz`, a few hundred KB, made by `scripts/train_threat_model.py` from the
project's own tune split and text shipped with Python); inference is numpy-free pure Python
dictionary look-ups, and the file is read on the first scan, never at import.
"""

from __future__ import annotations

import itertools
import math
import re
from functools import lru_cache
from pathlib import Path

WEIGHTS = Path(__file__).with_name("threat_model.npz")
WINDOW_TOKENS = 48
STRIDE_TOKENS = 24
_TOKEN = re.compile(r"[^\W\d_]+")


def tokens(skel: str) -> list[str]:
    """Words of a skeleton text (letters only)."""
    return _TOKEN.findall(skel)


def features(words: list[str]) -> set[str]:
    """Word, four-letter stem and stem-pair features of one window."""
    stems = [w[:4] for w in words]
    feats = {"w:" + w for w in words}
    feats.update("s:" + s for s in stems if len(s) == 4)
    feats.update(f"b:{a}_{b}" for a, b in itertools.pairwise(stems))
    return feats


def windows(words: list[str]) -> list[list[str]]:
    """Overlapping windows of `WINDOW_TOKENS` words (one window for a short text)."""
    if len(words) <= WINDOW_TOKENS:
        return [words]
    last = len(words) - WINDOW_TOKENS
    starts = list(range(0, last + 1, STRIDE_TOKENS))
    if starts[-1] != last:
        starts.append(last)
    return [words[s:s + WINDOW_TOKENS] for s in starts]


class ThreatModel:
    """Weights of the learned layer and its decision threshold."""

    def __init__(self, weights: dict[str, float], bias: float, threshold: float) -> None:
        self.weights = weights
        self.bias = bias
        self.threshold = threshold

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> ThreatModel:
        """Read a weights file written by `scripts/train_threat_model.py`."""
        import numpy as np  # only when the model is first used

        with np.load(path, allow_pickle=False) as data:
            names = str(data["vocabulary"]).split("\n")
            values = data["weights"].astype(np.float64).tolist()
            return cls(dict(zip(names, values, strict=True)), float(data["bias"]),
                       float(data["threshold"]))

    def window_probability(self, feats: set[str]) -> float:
        """Probability that one window is an injection."""
        if not feats:
            return 0.0
        get = self.weights.get
        z = self.bias + sum(get(f, 0.0) for f in feats) / math.sqrt(len(feats))
        return 1.0 / (1.0 + math.exp(-z))

    def score(self, skel: str) -> tuple[float, str]:
        """The highest window probability of a skeleton text, and that window's first words."""
        best, where = 0.0, ""
        for window in windows(tokens(skel)):
            p = self.window_probability(features(window))
            if p > best:
                best, where = p, " ".join(window[:12])
        return best, where


@lru_cache(maxsize=1)
def model() -> ThreatModel:
    """The shipped model, loaded on first use."""
    return ThreatModel.load()


# Words an injection cannot do without: the model's instructions, rules or role, what came
# before, setting aside, revealing, filters. The learned layer only counts for texts that have
# one, so an ordinary request ("tell me a joke about cats") is never flagged for sounding like
# the task an attack smuggles in.
CUE_STEMS = frozenset((
    "instruc", "rule", "guideline", "prompt", "system", "previous", "prior", "above",
    "earlier", "ignor", "disregard", "forget", "pretend", "roleplay", "role", "character",
    "persona", "assistant", "model", "chatbot", "developer", "operator", "admin", "config",
    "setting", "filter", "restrict", "limit", "policy", "censor", "jailbreak", "unfilter",
    "uncensor", "unrestrict", "override", "bypass", "secret", "password", "hidden",
    "reveal", "preamble", "context", "told", "obey", "stop", "attention", "urgent",
    "anweis", "instrukt", "regel", "richtlin", "vorgab", "aufgab", "befehl", "vorher",
    "bisher", "obig", "davor", "zuvor", "oben", "vergiss", "vergess", "rolle", "assistent",
    "entwickl", "betreib", "konfig", "einstell", "zensur", "einschrank", "gesagt",
    "passwort", "geheim", "versteck", "instrucc", "regla", "indicac", "anterior", "olvid",
    "papel", "personaje", "asistente", "desarroll", "filtro", "restricc", "contrase",
    "tarea", "consign", "regle", "precedent", "oubli", "personnag", "developpeur", "filtre",
    "tache", "istruz", "regol", "dimentic", "ruolo", "personaggio", "svilupp", "filtr",
    "compito", "instruc", "regra", "esquec", "personagem", "desenvolv", "tarefa", "senha",
    "instructie", "vorige", "eerder", "vergeet", "negeer", "personage", "ontwikkel", "taak",
    "wachtwoord", "nirdesh", "niyam", "pehle", "bhool", "upar", "dan", "stan", "gpt", "ki",
    "ia", "ai", "llm", "kaam",
))


def has_cue(words: list[str]) -> bool:
    """Whether any word starts with one of `CUE_STEMS`."""
    for w in words:
        for n in range(2, min(len(w), 11) + 1):
            if w[:n] in CUE_STEMS:
                return True
    return False


def find_learned(skel: str) -> tuple[float, str] | None:
    """(probability, excerpt) when the learned layer flags the skeleton text, else None."""
    words = tokens(skel)
    if not has_cue(words):
        return None
    m = model()
    p, where = m.score(skel)
    return (p, where) if p >= m.threshold else None
