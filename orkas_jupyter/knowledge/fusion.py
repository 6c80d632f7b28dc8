"""Weighted reciprocal rank fusion: score(d) = Σ_i w_i / (k + rank_i(d)).

Items are keyed by (document, locator, start line) so the same passage found twice (both
lists, or overlapping re-ingests) counts once, at its best rank in each list. Scores are
normalised by the best possible score of the lists that were available, so 1.0 means "first
in every list" whether one or two lists took part, and a minimum score means the same thing
in BM25-only mode.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass
class Fused(Generic[K]):
    """One fused item: its key, normalised score and its rank in each list (1-based)."""

    key: K
    score: float
    ranks: dict[str, int] = field(default_factory=dict)


def reciprocal_rank_fusion(lists: Mapping[str, Sequence[K]], weights: Mapping[str, float], *,
                           k: float = 60.0, top_k: int = 10,
                           min_score: float = 0.0) -> list[Fused[K]]:
    """Fuse ranked key lists (best first) into the top `top_k` with normalised scores."""
    present = {name: keys for name, keys in lists.items() if keys}
    best = sum(weights.get(name, 1.0) for name in present) / (k + 1.0)
    if best <= 0:
        return []
    fused: dict[K, Fused[K]] = {}
    for name, keys in present.items():
        weight = weights.get(name, 1.0)
        rank = 0
        for key in keys:
            item = fused.get(key)
            if item is not None and name in item.ranks:
                continue  # a duplicate further down the same list: keep the best rank
            rank += 1
            if item is None:
                item = fused[key] = Fused(key, 0.0)
            item.ranks[name] = rank
            item.score += weight / (k + rank)
    results = [f for f in fused.values() if f.score / best >= min_score]
    for f in results:
        f.score /= best
    results.sort(key=lambda f: -f.score)
    return results[:top_k]
