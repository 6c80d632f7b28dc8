"""Experiment (round 15, measured, not shipped): the learned layer's features fed to a small
network (one ReLU layer) instead of a linear model, so words can count together.

Trains on what `train_threat_model.py` trains on (`--team`, `--probes` as there), calibrates the
threshold the same way (each pooled validation benign set at most 1 %, the dev file's benign
prompts at most 1 %), writes `--out` (an .npz: vocabulary, embedding, hidden bias, output
weights and bias, thresholds), then prints recall / false positives on the held-out sets as
aggregates, with the rules and the grammar as shipped and this network in place of the
learned layer, at the calibrated threshold and at 0.8. Numbers are in docs/security.md
(round 15). Full-batch Adam in numpy; about a minute on two cores.

usage: python scripts/threat_mlp_experiment.py [--hidden 16] [--epochs 100] [--team]
                                               [--probes] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import train_threat_model as T  # noqa: E402

from orkas_jupyter.tools import threat_model as tm  # noqa: E402
from orkas_jupyter.tools.threat_mention import blank_mentions  # noqa: E402
from orkas_jupyter.tools.threat_patterns import normalize, skeleton  # noqa: E402
from orkas_jupyter.tools.threat_scan import scan_layers  # noqa: E402

DATA = ROOT / "tests" / "data" / "injection"
HELD_OUT = ("heldout", "generated", "written_heldout", "other_author", "probes_heldout", "blind")


class Network:
    """Embedding of each feature (scaled by 1/sqrt(count), summed), a ReLU layer, a logistic
    output; a text scores as its best window, like the shipped layer."""

    def __init__(self, vocab: dict[str, int], emb: np.ndarray, b1: np.ndarray, w2: np.ndarray,
                 b2: float) -> None:
        self.vocab, self.emb, self.b1, self.w2, self.b2 = vocab, emb, b1, w2, b2

    def score(self, skel: str) -> float:
        best = 0.0
        for window in T.windows(tm.tokens(skel)):
            feats = tm.features(window)
            ids = [self.vocab[f] for f in feats if f in self.vocab]
            z = self.emb[ids].sum(0) / np.sqrt(max(1, len(feats))) + self.b1
            best = max(best, float(1 / (1 + np.exp(-(np.maximum(z, 0) @ self.w2 + self.b2)))))
        return best


def fit(examples: list[T.Example], hidden: int, epochs: int) -> Network:
    """Full-batch Adam on the windows of `examples`, weighted as `train_threat_model` does."""
    feats, y, owner = T.featurize(examples)
    counts: dict[str, int] = {}
    for fs in feats:
        for f in fs:
            counts[f] = counts.get(f, 0) + 1
    vocab = {f: i for i, f in enumerate(sorted(f for f, c in counts.items() if c >= 2))}
    x = T.Sparse(feats, vocab)
    weight = T.group_weights(examples, owner).astype(np.float32)
    rng = np.random.default_rng(0)
    params = [(rng.standard_normal((len(vocab), hidden)) * 0.1).astype(np.float32),
              np.zeros(hidden, np.float32),
              (rng.standard_normal(hidden) * 0.1).astype(np.float32), np.zeros(1, np.float32)]
    val = x.val.astype(np.float32)
    by_row = np.argsort(x.row, kind="stable")
    row_starts = np.flatnonzero(np.r_[True, np.diff(x.row[by_row]) != 0])
    rows = x.row[by_row][row_starts]
    by_idx = np.argsort(x.idx, kind="stable")
    idx_starts = np.flatnonzero(np.r_[True, np.diff(x.idx[by_idx]) != 0])
    idxs = x.idx[by_idx][idx_starts]
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    target = y.astype(np.float32)
    for t in range(1, epochs + 1):
        emb, b1, w2, b2 = params
        z = np.zeros((x.n, hidden), np.float32)
        z[rows] = np.add.reduceat(emb[x.idx[by_row]] * val[by_row, None], row_starts, axis=0)
        z += b1
        a = np.maximum(z, 0)
        p = 1 / (1 + np.exp(-(a @ w2 + b2[0])))
        err = (p - target) * weight
        dz = np.outer(err, w2) * (z > 0)
        g_emb = np.zeros_like(emb)
        g_emb[idxs] = np.add.reduceat(dz[x.row[by_idx]] * val[by_idx, None], idx_starts, axis=0)
        grads = [g_emb + 1e-5 * emb, dz.sum(0), a.T @ err + 1e-5 * w2,
                 np.array([err.sum()], np.float32)]
        for k, g in enumerate(grads):
            m1[k] = 0.9 * m1[k] + 0.1 * g
            m2[k] = 0.999 * m2[k] + 0.001 * g * g
            params[k] -= 0.01 * (m1[k] / (1 - 0.9 ** t)) / (np.sqrt(m2[k] / (1 - 0.999 ** t))
                                                            + 1e-8)
    return Network(vocab, params[0], params[1], params[2], float(params[3][0]))


def skel_of(text: str) -> str:
    return skeleton(normalize(blank_mentions(text)))


def calibrate(net: Network, valid: list[T.Example]) -> tuple[float, float]:
    """Thresholds as `train_threat_model` chooses them (validation, then the dev file)."""
    skels = [skel_of(t) for t, _, _ in valid]
    p = np.array([net.score(s) for s in skels])
    cued = np.array([tm.text_has_cue(s) for s in skels])
    threshold, bare = T.choose_thresholds(valid, p, cued, 0.01, 0.05)
    dev = [skel_of(r["text"]) for r in map(json.loads, T.DEV.read_text("utf-8").splitlines())
           if r["label"] == "benign"]
    pd = np.array([net.score(s) for s in dev])
    cd = np.array([tm.text_has_cue(s) for s in dev])
    while T.decide(pd, cd, threshold, 2.0).mean() > 0.01 and threshold < 0.995:
        threshold = round(threshold + 0.005, 3)
    return threshold, max(bare, threshold, 0.9)


def evaluate(net: Network, thresholds: list[float], bare: float) -> None:
    """Recall / benign flagged per held-out set (aggregates only)."""
    for split in HELD_OUT:
        path = DATA / f"{split}.jsonl"
        if not path.is_file():
            continue
        rows = [json.loads(x) for x in path.read_text("utf-8").splitlines() if x.strip()]
        ruled = [bool(scan_layers(r["text"], ("rules", "intent"))) for r in rows]
        skels = [skel_of(r["text"]) for r in rows]
        scores = [net.score(s) for s in skels]
        cued = [tm.text_has_cue(s) for s in skels]
        for t in thresholds:
            flag = [r or s >= (t if c else bare) for r, s, c in zip(ruled, scores, cued,
                                                                    strict=True)]
            att = [f for f, r in zip(flag, rows, strict=True) if r["label"] == "attack"]
            ben = [f for f, r in zip(flag, rows, strict=True) if r["label"] != "attack"]
            print(f"{split:16} threshold {t:.3f}: recall {np.mean(att):.3f}, benign flagged "
                  f"{np.mean(ben) if ben else 0:.3f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=100)
    parser.add_argument("--team", action="store_true")
    parser.add_argument("--probes", action="store_true")
    parser.add_argument("--out", type=Path, default=Path("threat_mlp.npz"))
    ns = parser.parse_args()
    extra = (T.team_examples() if ns.team else []) + (T.probe_examples() if ns.probes else [])
    fixed_train, fixed_valid = T.split_fixed(T.own_examples() + extra + T.prose_examples()
                                             + T.code_examples())
    net = fit(fixed_train + T.generated("train"), ns.hidden, ns.epochs)
    threshold, bare = calibrate(net, fixed_valid + T.generated("valid"))
    print(f"calibrated thresholds: {threshold} with a cue word, {bare} without")
    names = sorted(net.vocab, key=net.vocab.__getitem__)
    np.savez_compressed(ns.out, vocabulary=np.array("\n".join(names)),
                        embedding=net.emb.astype(np.float16), hidden_bias=net.b1,
                        weights=net.w2, bias=np.array(net.b2), threshold=np.array(threshold),
                        bare_threshold=np.array(bare))
    evaluate(net, sorted({threshold, 0.8}), bare)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
