"""Knowledge-base ingest time and query latency on synthetic corpora (10k and 100k chunks).

Documents are made of lines of Zipf-distributed words from a synthetic vocabulary, one chunk
per line (20 chunks per document). Vectors are 384-dimensional, derived from each text's hash
by a seeded generator: this measures the store and the search, not an embedding model (the
local model needs ~30 ms per passage on 2 cores, see docs/knowledge.md). Ingestion goes into a
DuckDB file through `DuckDBKnowledgeBase.add_texts` in batches of 500 documents; queries of
2–4 words run in BM25, vector and hybrid mode (top 10, query embedding included).

    python benchmarks/kb_latency.py [--sizes 10000,100000] [--queries 200]

Last line: `RESULT PF5 hybrid_p50_ms_100k=… ingest_s_100k=… …`.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

import duckdb
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from orkas_jupyter.knowledge import KnowledgeBaseConfig  # noqa: E402
from orkas_jupyter.knowledge.embeddings import EmbedKind  # noqa: E402
from orkas_jupyter.knowledge.vectors import FloatMatrix, normalize  # noqa: E402
from orkas_jupyter.store.kb import DuckDBKnowledgeBase  # noqa: E402

CHUNKS_PER_DOC = 20
WORDS_PER_LINE = 55


class SeededEmbedder:
    """384-d unit vectors seeded by each text's CRC32: deterministic, model-free, fast."""

    name = "seeded-384"

    async def embed(self, texts: list[str], *, kind: EmbedKind = "document") -> FloatMatrix:
        rows = [np.random.default_rng(zlib.crc32(t.encode())).standard_normal(384)
                for t in texts]
        return normalize(np.asarray(rows, dtype=np.float32))


def vocabulary(size: int, rng: np.random.Generator) -> list[str]:
    consonants, vowels = list("bcdfghjklmnprstvz"), list("aeiou")
    words: set[str] = set()
    while len(words) < size:
        n = int(rng.integers(2, 5))
        words.add("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(n)))
    return sorted(words)


def zipf_words(vocab: list[str], count: int, rng: np.random.Generator) -> list[str]:
    ranks = np.minimum(rng.zipf(1.1, size=count), len(vocab)) - 1
    return [vocab[r] for r in ranks]


def documents(n_chunks: int, vocab: list[str], rng: np.random.Generator) -> list[tuple[str, str]]:
    docs = []
    for d in range(n_chunks // CHUNKS_PER_DOC):
        words = zipf_words(vocab, CHUNKS_PER_DOC * WORDS_PER_LINE, rng)
        lines = [" ".join(words[i:i + WORDS_PER_LINE])
                 for i in range(0, len(words), WORDS_PER_LINE)]
        docs.append((f"doc{d:06d}.txt", "\n".join(lines)))
    return docs


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


async def run_size(n_chunks: int, n_queries: int, workdir: Path) -> dict[str, float]:
    rng = np.random.default_rng(n_chunks)
    vocab = vocabulary(30_000, rng)
    docs = documents(n_chunks, vocab, rng)
    db = workdir / f"kb_{n_chunks}.duckdb"
    con = duckdb.connect(str(db))
    con.execute("SET enable_progress_bar = false")
    # Lines of ~55 words fit one chunk each and do not share lines.
    config = KnowledgeBaseConfig(chunk_tokens=90, overlap_tokens=0)
    kb = DuckDBKnowledgeBase(con, embedder=SeededEmbedder(), config=config)
    start = time.perf_counter()
    for i in range(0, len(docs), 500):
        await kb.add_texts(docs[i:i + 500])
    ingest = time.perf_counter() - start
    status = kb.status()
    con.close()
    start = time.perf_counter()
    con = duckdb.connect(str(db))
    kb = DuckDBKnowledgeBase(con, embedder=SeededEmbedder(), config=config)
    reopen = time.perf_counter() - start
    mid = vocab[200:8000]  # mid-frequency words make selective but non-empty queries
    queries = [" ".join(rng.choice(mid, size=int(rng.integers(2, 5))))
               for _ in range(n_queries)]
    figures = {"ingest_s": ingest, "reopen_s": reopen, "chunks": float(status.chunks)}
    print(f"{n_chunks:>7} chunks: ingest {ingest:.1f} s ({status.chunks} chunks, "
          f"{status.embedded_chunks} vectors), reopen {reopen:.2f} s, "
          f"file {db.stat().st_size / 1e6:.0f} MB")
    for mode in ("bm25", "vector", "hybrid"):
        for q in queries[:5]:  # warm caches
            await kb.search(q, top_k=10, mode=mode)  # type: ignore[arg-type]
        times = []
        for q in queries:
            t0 = time.perf_counter()
            await kb.search(q, top_k=10, mode=mode)  # type: ignore[arg-type]
            times.append((time.perf_counter() - t0) * 1000)
        p50, p95 = statistics.median(times), percentile(times, 95)
        figures[f"{mode}_p50_ms"], figures[f"{mode}_p95_ms"] = p50, p95
        print(f"          {mode:7s} p50 {p50:6.1f} ms   p95 {p95:6.1f} ms")
    con.close()
    return figures


def label(n: int) -> str:
    return f"{n // 1000}k" if n % 1000 == 0 else str(n)


async def main_async(sizes: list[int], n_queries: int) -> dict[str, float]:
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="orkas-kb-bench-") as tmp:
        for n in sizes:
            for key, value in (await run_size(n, n_queries, Path(tmp))).items():
                out[f"{key}_{label(n)}"] = value
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000", help="comma-separated chunk counts")
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    figures = asyncio.run(main_async(sizes, args.queries))
    big = label(max(sizes))
    head = (f"hybrid_p50_ms_{big}={figures[f'hybrid_p50_ms_{big}']:.1f} "
            f"ingest_s_{big}={figures[f'ingest_s_{big}']:.1f}")
    rest = " ".join(f"{k}={v:.1f}" for k, v in figures.items()
                    if not k.startswith("chunks") and k not in
                    (f"hybrid_p50_ms_{big}", f"ingest_s_{big}"))
    print(f"RESULT PF5 {head} {rest}")


if __name__ == "__main__":
    main()
