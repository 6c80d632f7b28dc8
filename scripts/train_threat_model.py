"""Train the injection scanner's learned layer (`orkas_jupyter/tools/threat_model.npz`).

Data (all written in this repository or shipped with Python, nothing downloaded):
* attacks and benign notes, questions, code and notebook cells from
  `tests/data/injection/tune.jsonl` (the project's own examples; `heldout.jsonl` is never read);
* benign English technical prose: the paragraphs of `pydoc_data.topics` (the Python
  documentation shipped with CPython, PSF licence);
* benign code: standard-library modules that the benchmark does not use.

Model: logistic regression (numpy, full-batch Adam, L2) over word, four-letter-stem and
stem-pair features of the scanner's skeleton text, one example per window of 48 words; each
benign group weighs the same. As in the scanner, a text with no cue word
(`threat_model.CUE_STEMS`) scores 0. Prints out-of-fold (5-fold) recall and false positives
per group at several thresholds; the shipped threshold is the lowest whose out-of-fold false
positives stay at or under `--max-fp` on every benign group. Then trains on all of it and writes the
weights (features with |weight| >= `--prune`, float16) to `--out`.

The threshold is then raised, if needed, until the benign rows of `--benign-check` (default:
the shared dev file's benign prompts, when present) also stay at or under `--max-fp`.

usage: python scripts/train_threat_model.py [--out FILE] [--max-fp 0.01] [--folds 5]
       python scripts/train_threat_model.py --dry-run   (the cross-validation only)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import sysconfig
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orkas_jupyter.tools.threat_model import (  # noqa: E402
    WEIGHTS,
    ThreatModel,
    features,
    has_cue,
    tokens,
    windows,
)
from orkas_jupyter.tools.threat_patterns import normalize, skeleton  # noqa: E402

TUNE = ROOT / "tests" / "data" / "injection" / "tune.jsonl"
DEV = ROOT / ".." / "shared" / "data" / "injection" / "dev.jsonl"
# Kept apart from benchmarks/injection_scan.py's STDLIB_MODULES, which measure false positives.
TRAIN_MODULES = ("ast", "inspect", "functools", "collections/__init__", "typing", "enum",
                 "tarfile", "urllib/parse", "subprocess", "tempfile", "unittest/case",
                 "asyncio/tasks", "configparser", "smtplib", "ftplib", "getpass", "netrc",
                 "optparse", "calendar", "locale")

Example = tuple[str, int, str]  # (text, label, group)


def own_examples() -> list[Example]:
    """Rows of the tune split: (text, 1 for attack, group)."""
    rows = []
    for line in TUNE.read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            rows.append((r["text"], int(r["label"] == "attack"),
                         "attack" if r["label"] == "attack" else f"own-{r['kind']}"))
    return rows


def prose_examples() -> list[Example]:
    """Paragraphs of the Python documentation shipped with CPython."""
    from pydoc_data.topics import topics

    out = []
    for text in topics.values():
        for para in text.split("\n\n"):
            if len(para.split()) >= 8:
                out.append((para, 0, "python-docs"))
    return out


def code_examples() -> list[Example]:
    """Chunks of 30 lines of standard-library modules."""
    lib = Path(sysconfig.get_paths()["stdlib"])
    out = []
    for name in TRAIN_MODULES:
        path = lib / f"{name}.py"
        if not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for i in range(0, len(lines), 30):
            chunk = "\n".join(lines[i:i + 30]).strip()
            if chunk:
                out.append((chunk, 0, "stdlib-code"))
    return out


def featurize(examples: list[Example]) -> tuple[list[set[str]], np.ndarray, list[int]]:
    """One feature set per window; labels; the example each window belongs to."""
    feats, labels, owner = [], [], []
    for i, (text, label, _) in enumerate(examples):
        for window in windows(tokens(skeleton(normalize(text)))):
            feats.append(features(window))
            labels.append(label)
            owner.append(i)
    return feats, np.array(labels, dtype=np.float64), owner


def group_weights(examples: list[Example], owner: list[int]) -> np.ndarray:
    """Per-window weights: attacks weigh half; the other half is shared equally by the
    benign groups, so a few hundred own notes count as much as thousands of doc paragraphs
    (they are the near misses the model must learn)."""
    groups = [examples[i][2] for i in owner]
    benign = sorted({g for g in groups if g != "attack"})
    size = {g: groups.count(g) for g in set(groups)}
    return np.array([0.5 / size[g] if g == "attack" else 0.5 / len(benign) / size[g]
                     for g in groups])


class Sparse:
    """Rows of binary features scaled by 1/sqrt(count), in flat arrays."""

    def __init__(self, rows: list[set[str]], vocab: dict[str, int]) -> None:
        idx, val, row = [], [], []
        for r, feats in enumerate(rows):
            known = [vocab[f] for f in feats if f in vocab]
            scale = 1.0 / np.sqrt(max(1, len(feats)))
            idx += known
            val += [scale] * len(known)
            row += [r] * len(known)
        self.idx = np.array(idx, dtype=np.int64)
        self.val = np.array(val)
        self.row = np.array(row, dtype=np.int64)
        self.n = len(rows)

    def dot(self, w: np.ndarray) -> np.ndarray:
        return np.bincount(self.row, weights=w[self.idx] * self.val, minlength=self.n)

    def grad(self, err: np.ndarray, size: int) -> np.ndarray:
        return np.bincount(self.idx, weights=err[self.row] * self.val, minlength=size)


def fit(x: Sparse, y: np.ndarray, sample: np.ndarray, size: int, l2: float, epochs: int
        ) -> tuple[np.ndarray, float]:
    """Weighted logistic regression, full-batch Adam."""
    w, b = np.zeros(size), 0.0
    m, v, mb, vb = np.zeros(size), np.zeros(size), 0.0, 0.0
    lr, beta1, beta2 = 0.05, 0.9, 0.999
    for t in range(1, epochs + 1):
        p = 1.0 / (1.0 + np.exp(-(x.dot(w) + b)))
        err = (p - y) * sample
        g = x.grad(err, size) + l2 * w
        gb = float(err.sum())
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        mb = beta1 * mb + (1 - beta1) * gb
        vb = beta2 * vb + (1 - beta2) * gb * gb
        w -= lr * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + 1e-8)
        b -= lr * (mb / (1 - beta1 ** t)) / (np.sqrt(vb / (1 - beta2 ** t)) + 1e-8)
    return w, b


def train(examples: list[Example], l2: float, epochs: int, min_count: int = 2
          ) -> tuple[dict[str, int], np.ndarray, float]:
    """Vocabulary (features seen in at least `min_count` windows), weights, bias."""
    feats, y, owner = featurize(examples)
    counts: dict[str, int] = {}
    for fs in feats:
        for f in fs:
            counts[f] = counts.get(f, 0) + 1
    vocab = {f: i for i, f in enumerate(sorted(f for f, c in counts.items() if c >= min_count))}
    w, b = fit(Sparse(feats, vocab), y, group_weights(examples, owner), len(vocab), l2,
               epochs)
    return vocab, w, b


def scores(examples: list[Example], vocab: dict[str, int], w: np.ndarray, b: float
           ) -> np.ndarray:
    """Highest window probability of each example."""
    feats, _, owner = featurize(examples)
    p = 1.0 / (1.0 + np.exp(-(Sparse(feats, vocab).dot(w) + b)))
    best = np.zeros(len(examples))
    np.maximum.at(best, np.array(owner), p)
    # as in the scanner: a text without any cue word is never flagged by this layer
    cued = np.array([has_cue(tokens(skeleton(normalize(t)))) for t, _, _ in examples])
    return np.where(cued, best, 0.0)


def out_of_fold(examples: list[Example], folds: int, l2: float, epochs: int) -> np.ndarray:
    """Scores of each example from a model that did not see it."""
    order = list(range(len(examples)))
    random.Random(0).shuffle(order)
    result = np.zeros(len(examples))
    for k in range(folds):
        held = set(order[k::folds])
        train_set = [e for i, e in enumerate(examples) if i not in held]
        test_idx = sorted(held)
        vocab, w, b = train(train_set, l2, epochs)
        result[test_idx] = scores([examples[i] for i in test_idx], vocab, w, b)
    return result


def choose_threshold(examples: list[Example], oof: np.ndarray, max_fp: float) -> float:
    """Lowest threshold at which every benign group's false-positive rate is <= max_fp."""
    groups = sorted({g for _, label, g in examples if label == 0})
    for t in np.arange(0.30, 0.995, 0.005):
        ok = True
        for g in groups:
            mask = np.array([grp == g for _, _, grp in examples])
            if (oof[mask] >= t).mean() > max_fp:
                ok = False
                break
        if ok:
            return float(round(t, 3))
    return 0.995


def report(examples: list[Example], oof: np.ndarray, thresholds: list[float]) -> None:
    """Out-of-fold recall (attacks) and false-positive rate (each benign group)."""
    groups = sorted({g for _, _, g in examples})
    print("threshold " + " ".join(f"{g:>14s}" for g in groups))
    for t in thresholds:
        cells = []
        for g in groups:
            mask = np.array([grp == g for _, _, grp in examples])
            cells.append(f"{(oof[mask] >= t).mean():14.3f}")
        print(f"{t:9.3f} " + " ".join(cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--dry-run", action="store_true", help="print the cross-validation only")
    parser.add_argument("--benign-check", type=Path, default=DEV,
                        help="JSONL whose benign rows must also stay under --max-fp")
    parser.add_argument("--max-fp", type=float, default=0.01)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--prune", type=float, default=0.02)
    ns = parser.parse_args()
    examples = own_examples() + prose_examples() + code_examples()
    print(f"{len(examples)} examples: {sum(e[1] for e in examples)} attacks")
    oof = out_of_fold(examples, ns.folds, ns.l2, ns.epochs)
    threshold = choose_threshold(examples, oof, ns.max_fp)
    report(examples, oof, sorted({0.5, 0.7, 0.9, threshold}))
    print(f"lowest threshold with out-of-fold false positives <= {ns.max_fp} on every benign "
          f"group: {threshold}")
    if ns.dry_run:
        return 0
    vocab, w, b = train(examples, ns.l2, ns.epochs)
    keep = np.abs(w) >= ns.prune
    names = [f for f, i in sorted(vocab.items(), key=lambda kv: kv[1]) if keep[i]]
    shipped = w[keep].astype(np.float16)
    if ns.benign_check.is_file():
        # Benign requests written elsewhere ("Write a poem about ...") look like the tasks an
        # attack smuggles in: raise the threshold until they stay under --max-fp too, scored
        # with the weights exactly as shipped (float16, pruned).
        model = ThreatModel(dict(zip(names, shipped.astype(np.float64).tolist(), strict=True)),
                            b, threshold)
        check = [r["text"] for r in map(json.loads, ns.benign_check.read_text(
            encoding="utf-8").splitlines()) if r["label"] == "benign"]
        p = np.array([model.score(skeleton(normalize(t)))[0]
                      if has_cue(tokens(skeleton(normalize(t)))) else 0.0 for t in check])
        while (p >= threshold).mean() > ns.max_fp and threshold < 0.995:
            threshold = round(threshold + 0.005, 3)
        print(f"threshold {threshold}: {(p >= threshold).mean():.3f} false positives on "
              f"{len(check)} benign prompts of {ns.benign_check}")
    np.savez_compressed(ns.out, vocabulary=np.array("\n".join(names)), weights=shipped,
                        bias=np.array(b), threshold=np.array(threshold))
    print(f"wrote {ns.out} ({ns.out.stat().st_size / 1024:.0f} KB, {len(names)} features "
          f"of {len(vocab)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
