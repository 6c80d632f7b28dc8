"""The knowledge-base benchmarks run end to end on tiny inputs and report what they measure."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / script), *args],
                          capture_output=True, text=True, timeout=300, check=True)
    return done.stdout


@pytest.mark.slow
def test_scifact_benchmark_scores_a_tiny_beir_set(tmp_path: Path) -> None:
    (tmp_path / "qrels").mkdir()
    docs = [{"_id": "d1", "title": "Cats", "text": "Cats purr when content."},
            {"_id": "d2", "title": "Dogs", "text": "Dogs bark at strangers."},
            {"_id": "d3", "title": "Birds", "text": "Birds migrate south."}]
    (tmp_path / "corpus.jsonl").write_text("\n".join(json.dumps(d) for d in docs))
    queries = [{"_id": "q1", "text": "why do cats purr"},
               {"_id": "q2", "text": "zebra stripes"},
               {"_id": "q3", "text": "unjudged query"}]
    (tmp_path / "queries.jsonl").write_text("\n".join(json.dumps(q) for q in queries))
    # q1 finds its document first (nDCG 1); q2 matches nothing (0); q3 has no qrels.
    (tmp_path / "qrels" / "test.tsv").write_text(
        "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td3\t1\n")
    out = run("kb_scifact.py", "--data", str(tmp_path), "--no-vectors")
    assert "2 test queries with qrels" in out
    last = out.strip().splitlines()[-1]
    assert last == "RESULT PF6 bm25_ndcg10=0.5000 hybrid_ndcg10=n/a bm25_recall100=0.5000"


@pytest.mark.slow
def test_latency_benchmark_reports_every_mode() -> None:
    out = run("kb_latency.py", "--sizes", "200", "--queries", "5")
    last = out.strip().splitlines()[-1]
    assert last.startswith("RESULT PF5 hybrid_p50_ms_200=")
    for key in ("ingest_s_200=", "bm25_p50_ms_200=", "vector_p95_ms_200=", "reopen_s_200="):
        assert key in last
    assert "200 chunks" in out
