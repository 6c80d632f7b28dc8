"""The learned layer's network, trained (`train_threat_model.py`): each feature an embedding of
`hidden` numbers, summed over a window and scaled by 1/sqrt(feature count), one ReLU layer,
a logistic output. Full-batch Adam in numpy over sparse windows, weighted per example group.

Round 15 measured it against the logistic regression it replaced: words count together
(a role word and a change word, not either alone), which moved recall and false alarms on
other writers' texts at once (docs/security.md, rounds 15 and 16).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Network:
    """Trained parameters; `vocabulary[i]` owns `embedding[i]`."""

    vocabulary: list[str]
    embedding: np.ndarray
    hidden_bias: np.ndarray
    out_weights: np.ndarray
    out_bias: float


def fit(rows: list[set[str]], labels: np.ndarray, weights: np.ndarray, vocabulary: list[str],
        hidden: int = 16, epochs: int = 100, l2: float = 1e-5, lr: float = 0.01,
        seed: int = 0) -> Network:
    """Weighted logistic loss on windows (`rows`: each window's features) by full-batch Adam.

    A window's pre-activation is the sum of its known features' embeddings divided by the
    square root of all its features (known or not), as the shipped scorer computes it."""
    index = {f: i for i, f in enumerate(vocabulary)}
    idx_list: list[int] = []
    val_list: list[float] = []
    row_list: list[int] = []
    for r, feats in enumerate(rows):
        # in index order, not the set's (which follows string hashing, random per process):
        # float32 sums in another order moved features across the pruning cut between runs
        known = sorted(index[f] for f in feats if f in index)
        idx_list += known
        val_list += [1.0 / np.sqrt(max(1, len(feats)))] * len(known)
        row_list += [r] * len(known)
    idx, val = np.array(idx_list, np.int64), np.array(val_list, np.float32)
    row = np.array(row_list, np.int64)
    n = len(rows)
    by_row = np.argsort(row, kind="stable")
    row_starts = np.flatnonzero(np.r_[True, np.diff(row[by_row]) != 0])
    rows_present = row[by_row][row_starts]
    by_idx = np.argsort(idx, kind="stable")
    idx_starts = np.flatnonzero(np.r_[True, np.diff(idx[by_idx]) != 0])
    idx_present = idx[by_idx][idx_starts]
    rng = np.random.default_rng(seed)
    params = [(rng.standard_normal((len(vocabulary), hidden)) * 0.1).astype(np.float32),
              np.zeros(hidden, np.float32),
              (rng.standard_normal(hidden) * 0.1).astype(np.float32), np.zeros(1, np.float32)]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    target, sample = labels.astype(np.float32), weights.astype(np.float32)
    for t in range(1, epochs + 1):
        emb, b1, w2, b2 = params
        z = np.zeros((n, hidden), np.float32)
        z[rows_present] = np.add.reduceat(emb[idx[by_row]] * val[by_row, None], row_starts,
                                          axis=0)
        z += b1
        a = np.maximum(z, 0)
        p = 1 / (1 + np.exp(-(a @ w2 + b2[0])))
        err = (p - target) * sample
        dz = np.outer(err, w2) * (z > 0)
        g_emb = np.zeros_like(emb)
        g_emb[idx_present] = np.add.reduceat(dz[row[by_idx]] * val[by_idx, None], idx_starts,
                                             axis=0)
        grads = [g_emb + l2 * emb, dz.sum(0), a.T @ err + l2 * w2,
                 np.array([err.sum()], np.float32)]
        for k, g in enumerate(grads):
            first[k] = 0.9 * first[k] + 0.1 * g
            second[k] = 0.999 * second[k] + 0.001 * g * g
            params[k] -= lr * (first[k] / (1 - 0.9 ** t)) / (
                np.sqrt(second[k] / (1 - 0.999 ** t)) + 1e-8)
    return Network(vocabulary, params[0], params[1], params[2], float(params[3][0]))


def prune(net: Network, cutoff: float) -> Network:
    """Only the features whose embedding moves some hidden unit by at least `cutoff` (largest
    absolute entry): most n-grams of the prose learned next to nothing."""
    keep = np.abs(net.embedding).max(axis=1) >= cutoff
    return Network([f for f, k in zip(net.vocabulary, keep, strict=True) if k],
                   net.embedding[keep], net.hidden_bias, net.out_weights, net.out_bias)
