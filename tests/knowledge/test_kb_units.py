"""Unit tests of the knowledge base's pure parts: chunking, fusion, BM25, vectors,
analysis, extraction."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from orkas_jupyter.engine.tokens import estimate_tokens
from orkas_jupyter.knowledge.analysis import Analyzer, Stemmer
from orkas_jupyter.knowledge.bm25 import Bm25Index
from orkas_jupyter.knowledge.chunking import chunk_lines
from orkas_jupyter.knowledge.embeddings import HashingEmbedder
from orkas_jupyter.knowledge.extract import SkipFile, extract_bytes, extract_file, html_to_text
from orkas_jupyter.knowledge.fusion import reciprocal_rank_fusion
from orkas_jupyter.knowledge.vectors import VectorIndex

# -- chunking ------------------------------------------------------------------------------


def test_chunks_cover_every_line_within_budget_with_overlap() -> None:
    lines = [f"row {i} " + "word " * (i % 7) for i in range(1, 120)]
    chunks = chunk_lines("\n".join(lines), max_tokens=50, overlap_tokens=12)
    assert chunks[0].start_line == 1 and chunks[-1].end_line == len(lines)
    for chunk in chunks:
        assert estimate_tokens(chunk.text) <= 50 + chunk.text.count("\n") + 1
        assert chunk.text.splitlines() == lines[chunk.start_line - 1:chunk.end_line]
    for prev, nxt in itertools.pairwise(chunks):
        assert prev.start_line < nxt.start_line <= prev.end_line + 1
        assert nxt.start_line <= prev.end_line  # consecutive chunks share lines
    covered = set()
    for chunk in chunks:
        covered.update(range(chunk.start_line, chunk.end_line + 1))
    assert covered == set(range(1, len(lines) + 1))


def test_long_line_is_split_and_keeps_its_line_number() -> None:
    text = "short\n" + "x" * 5000 + "\nlast"
    chunks = chunk_lines(text, max_tokens=100, overlap_tokens=0)
    middle = [c for c in chunks if c.start_line == 2]
    assert len(middle) > 1 and all(c.end_line == 2 for c in middle)
    assert "".join(c.text for c in middle) == "x" * 5000
    assert all(estimate_tokens(c.text) <= 100 for c in middle)


def test_chunk_sizes_follow_tokens_not_characters() -> None:
    cjk = "\n".join("机器学习模型的训练需要大量数据" for _ in range(40))
    english = "\n".join("the model needs a lot of data!" for _ in range(40))
    # Half the characters of the English text, but more tokens: so more chunks.
    assert len(cjk) < len(english) and estimate_tokens(cjk) > estimate_tokens(english)
    cjk_chunks = chunk_lines(cjk, max_tokens=60, overlap_tokens=0)
    assert len(cjk_chunks) > len(chunk_lines(english, max_tokens=60, overlap_tokens=0))
    assert all(estimate_tokens(c.text) <= 60 for c in cjk_chunks)


def test_chunking_rejects_bad_sizes_and_skips_blank_text() -> None:
    with pytest.raises(ValueError):
        chunk_lines("a", max_tokens=10, overlap_tokens=10)
    assert chunk_lines("\n \n\n", max_tokens=10, overlap_tokens=0) == []


# -- fusion --------------------------------------------------------------------------------


def test_rrf_weights_favour_the_heavier_list_and_normalise() -> None:
    fused = reciprocal_rank_fusion({"bm25": ["a", "b"], "vector": ["b", "a"]},
                                   {"bm25": 1.0, "vector": 1.5}, k=60, top_k=5)
    assert [f.key for f in fused] == ["b", "a"]
    assert fused[0].ranks == {"vector": 1, "bm25": 2}
    expected = (1.5 / 61 + 1.0 / 62) / (2.5 / 61)
    assert fused[0].score == pytest.approx(expected)


def test_rrf_single_list_top_is_one_and_duplicates_count_once() -> None:
    fused = reciprocal_rank_fusion({"bm25": ["a", "a", "b"], "vector": []},
                                   {"bm25": 1.0, "vector": 1.5}, k=60, top_k=5)
    assert [(f.key, f.ranks) for f in fused] == [("a", {"bm25": 1}), ("b", {"bm25": 2})]
    assert fused[0].score == pytest.approx(1.0)


def test_rrf_min_score_and_top_k() -> None:
    keys = [str(i) for i in range(50)]
    fused = reciprocal_rank_fusion({"bm25": keys}, {"bm25": 1.0}, k=10, top_k=100,
                                   min_score=0.5)
    assert fused and all(f.score >= 0.5 for f in fused)
    assert len(fused) == 12  # 11/(10+r) >= 0.5  ⇔  r <= 12
    assert len(reciprocal_rank_fusion({"bm25": keys}, {}, top_k=3)) == 3
    assert reciprocal_rank_fusion({"bm25": [], "vector": []}, {}) == []


# -- BM25 and vectors ----------------------------------------------------------------------


def test_bm25_ranks_rare_terms_higher_and_respects_removal() -> None:
    index = Bm25Index()
    docs = [Counter({"common": 1, "rare": 1}), Counter({"common": 3}),
            Counter({"common": 1, "other": 5})]
    index.add_many(range(3), docs)
    assert next(r for r, _ in index.search(["rare", "common"], 10)) == 0
    assert {r for r, _ in index.search(["common"], 10)} == {0, 1, 2}
    before = dict(index.search(["common"], 10))
    index.remove([1])
    after = dict(index.search(["common"], 10))
    assert set(after) == {0, 2}
    assert after[0] != before[0]  # df and average length follow the live rows
    assert index.search(["absent"], 10) == []
    assert index.live_rows == 2


def test_vector_index_cosine_order_and_dimension_check() -> None:
    index = VectorIndex()
    index.set(np.array([0, 1, 2]), np.array([[1, 0], [0, 1], [1, 1]], dtype=np.float32))
    assert [r for r, _ in index.search(np.array([[1.0, 0.1]], np.float32), 3)] == [0, 2, 1]
    index.remove(np.array([0]))
    assert [r for r, _ in index.search(np.array([[1.0, 0.0]], np.float32), 3)] == [2, 1]
    with pytest.raises(ValueError, match="dimension"):
        index.search(np.ones((1, 3), np.float32), 1)


def test_hashing_embedder_is_deterministic_and_unit() -> None:
    emb = HashingEmbedder(32)
    vectors = emb.embed_sync(["alpha beta", "alpha beta", ""])
    assert np.allclose(np.linalg.norm(vectors[:2], axis=1), 1.0)
    assert np.array_equal(vectors[0], vectors[1]) and not vectors[2].any()


# -- analysis ------------------------------------------------------------------------------


def test_analyzer_stems_drops_stop_words_and_splits_identifiers() -> None:
    analyzer = Analyzer()
    assert analyzer.name == "v1:snowball-english:stop-en"
    assert analyzer.terms("The runners were running") == ["runner", "run"]
    assert analyzer.terms("read_file") == ["read", "file"]
    assert analyzer.terms("getValue") == ["getvalu", "get", "valu"]
    assert analyzer.terms("机器学习") == ["机", "器", "学", "习"]


def test_stemmer_fallback_without_extension() -> None:
    analyzer = Analyzer(Stemmer(use_extension=False))
    assert analyzer.name == "v1:none:stop-en"
    assert analyzer.terms("The runners were running") == ["runners", "running"]


# -- extraction ----------------------------------------------------------------------------


def test_extract_kinds_by_suffix(make_pdf: Callable[[list[str]], bytes]) -> None:
    assert extract_bytes(b"# T\nbody", ".md").kind == "markdown"
    assert extract_bytes(b"x = 1\n", ".py").kind == "code"
    assert extract_bytes(b"\xef\xbb\xbfplain", ".txt").sections[0].text == "plain"
    pdf = extract_bytes(make_pdf(["alpha page", "beta page"]), ".pdf")
    assert [(s.locator, s.text) for s in pdf.sections] == [("page 1", "alpha page"),
                                                          ("page 2", "beta page")]


def test_notebook_extraction_uses_cell_ids_and_skips_empty_cells() -> None:
    nb = {"nbformat": 4, "nbformat_minor": 4, "metadata": {}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Title\n", "text"]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": 1,
         "source": ""},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": 2,
         "source": "print(1)"},
    ]}
    sections = extract_bytes(json.dumps(nb).encode(), ".ipynb").sections
    # nbformat 4.4 cells have no ids: the position stands in (1-based, counting empties).
    assert [(s.locator, s.text) for s in sections] == [("cell #1", "# Title\ntext"),
                                                       ("cell #3", "print(1)")]
    with pytest.raises(SkipFile, match="notebook"):
        extract_bytes(b"{not json", ".ipynb")


def test_html_to_text_drops_scripts_and_keeps_blocks() -> None:
    text = html_to_text("<html><head><title>Page  name</title><style>p{}</style></head>"
                        "<body><h1>Title</h1><script>alert(1)</script><p>First   para</p>"
                        "<p>Second</p></body></html>")
    assert text.splitlines() == ["Page name", "Title", "First para", "Second"]


def test_unreadable_inputs_are_skipped_with_reasons(tmp_path: Path) -> None:
    with pytest.raises(SkipFile, match="PDF"):
        extract_bytes(b"%PDF-1.4 garbage", ".pdf")
    with pytest.raises(SkipFile, match="Office"):
        extract_file(tmp_path / "report.docx")
    with pytest.raises(SkipFile, match="unreadable"):
        extract_file(tmp_path / "missing.txt")
    folder = tmp_path / "dir.txt"
    folder.mkdir()
    with pytest.raises(SkipFile, match="unreadable"):
        extract_file(folder)


def test_vector_search_runs_blas_on_one_thread() -> None:
    threadpoolctl = pytest.importorskip("threadpoolctl")
    from orkas_jupyter.knowledge.vectors import single_thread_blas

    def numpy_blas_threads() -> list[int]:
        # numpy's own BLAS (other libraries, e.g. torch's, may be loaded later by other tests)
        return [i["num_threads"] for i in threadpoolctl.threadpool_info()
                if i["user_api"] == "blas" and "numpy" in i["filepath"]]

    with single_thread_blas():
        inside = numpy_blas_threads()
    assert inside == [1] * len(inside) and inside
