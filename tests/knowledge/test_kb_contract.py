"""The contract both `KnowledgeBase` implementations must keep (M3): run against the
in-memory one and the DuckDB one (a real file) through the `make_kb` fixture."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from orkas_jupyter.knowledge import (
    EmbeddingError,
    HashingEmbedder,
    KnowledgeBaseConfig,
    KnowledgeError,
)
from orkas_jupyter.knowledge.embeddings import EmbedKind
from orkas_jupyter.knowledge.vectors import FloatMatrix

DOCS = {
    "notes/cats.md": "# Cats\nCats sleep most of the day.\nA cat purrs when content.\n",
    "notes/dogs.md": "# Dogs\nDogs bark at the postman.\nA dog fetches sticks.\n",
    "src/io_utils.py": "def read_file(path):\n    with open(path) as fh:\n"
                       "        return fh.read()\n",
}


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


class FlakyEmbedder:
    """Hashing vectors, but fails on demand (at ingest, at query, or both)."""

    def __init__(self, fail_documents: bool = False, fail_queries: bool = False) -> None:
        self.inner = HashingEmbedder(64)
        self.name = "flaky-64"
        self.fail_documents, self.fail_queries = fail_documents, fail_queries
        self.calls = 0

    async def embed(self, texts: list[str], *, kind: EmbedKind = "document") -> FloatMatrix:
        self.calls += 1
        if (kind == "document" and self.fail_documents) or (kind == "query" and
                                                            self.fail_queries):
            raise EmbeddingError("simulated outage")
        return await self.inner.embed(texts, kind=kind)


async def test_ingests_folder_and_finds_passage_with_lines(make_kb: Callable) -> None:
    write(make_kb.root, DOCS)
    kb = make_kb(embedder=HashingEmbedder())
    report = await kb.add_paths(["notes", "src"])
    assert sorted(report.added) == sorted(DOCS)
    assert report.chunks_written == 3 and not report.skipped
    result = await kb.search("purring cat", top_k=3)
    top = result.hits[0]
    assert (top.document, top.start_line, top.end_line) == ("notes/cats.md", 1, 3)
    assert top.score == pytest.approx(1.0)
    assert top.bm25_rank == 1 and top.vector_rank == 1
    assert "purrs" in top.text
    assert top.citation() == "notes/cats.md:1-3"


async def test_globs_and_skips_binary_and_bad_text(make_kb: Callable) -> None:
    write(make_kb.root, {**DOCS, "img.png": b"\x89PNG\x00\x00", "blob.dat": b"ab\x00cd",
                         "latin.txt": "caf\xe9".encode("latin-1"), "empty.txt": "  \n"})
    kb = make_kb()
    report = await kb.add_paths(["**/*.md", "*.png", "blob.dat", "latin.txt", "empty.txt",
                                 "missing.txt", "nomatch/*.rst"])
    assert sorted(report.added) == ["notes/cats.md", "notes/dogs.md"]
    reasons = {s.path: s.reason for s in report.skipped}
    assert "binary" in reasons["img.png"]
    assert "NUL" in reasons["blob.dat"]
    assert "UTF-8" in reasons["latin.txt"]
    assert reasons["empty.txt"] == "no text to index"
    assert reasons["missing.txt"] == "not found"
    assert reasons["nomatch/*.rst"] == "glob matched no files"
    assert [d.name for d in kb.list_documents()] == ["notes/cats.md", "notes/dogs.md"]


async def test_reingest_skips_unchanged_and_replaces_changed(make_kb: Callable) -> None:
    write(make_kb.root, DOCS)
    kb = make_kb()
    await kb.add_paths(["notes"])
    again = await kb.add_paths(["notes"])
    assert sorted(again.unchanged) == ["notes/cats.md", "notes/dogs.md"]
    assert again.chunks_written == 0
    write(make_kb.root, {"notes/cats.md": "# Felines\nLions roar loudly.\n"})
    changed = await kb.add_paths(["notes"])
    assert changed.updated == ["notes/cats.md"] and changed.unchanged == ["notes/dogs.md"]
    assert (await kb.search("purrs")).hits == []
    hits = (await kb.search("lions roar")).hits
    assert [(h.document, h.end_line) for h in hits] == [("notes/cats.md", 2)]
    assert kb.status().chunks == 2


async def test_remove_by_name_path_and_glob(make_kb: Callable) -> None:
    write(make_kb.root, DOCS)
    kb = make_kb(embedder=HashingEmbedder())
    await kb.add_paths(["."])
    assert await kb.remove(str(make_kb.root / "src" / "io_utils.py")) == ["src/io_utils.py"]
    assert await kb.remove("notes/*") == ["notes/cats.md", "notes/dogs.md"]
    assert await kb.remove("notes/cats.md") == []
    assert kb.list_documents() == []
    assert (await kb.search("cat dog read file")).hits == []
    assert kb.status().chunks == 0


async def test_prune_drops_documents_whose_file_is_gone(make_kb: Callable) -> None:
    write(make_kb.root, DOCS)
    kb = make_kb()
    await kb.add_paths(["notes"])
    (make_kb.root / "notes" / "dogs.md").unlink()
    assert await kb.prune() == ["notes/dogs.md"]
    assert [d.name for d in kb.list_documents()] == ["notes/cats.md"]


async def test_notebook_cells_keep_ids_and_lines(make_kb: Callable) -> None:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"id": "intro", "cell_type": "markdown", "metadata": {},
         "source": "# Analysis\nWe load the penguins data."},
        {"id": "load", "cell_type": "code", "metadata": {}, "execution_count": None,
         "outputs": [], "source": "import pandas as pd\n\ndf = pd.read_csv('penguins.csv')"},
    ]}
    write(make_kb.root, {"analysis.ipynb": json.dumps(nb)})
    kb = make_kb()
    await kb.add_paths(["analysis.ipynb"])
    hit = (await kb.search("read_csv penguins", top_k=1)).hits[0]
    assert (hit.locator, hit.start_line, hit.end_line) == ("cell load", 1, 3)
    assert hit.citation() == "analysis.ipynb cell load:1-3"
    assert kb.list_documents()[0].kind == "notebook"


async def test_pdf_and_html_are_extracted(make_kb: Callable, make_pdf: Callable) -> None:
    write(make_kb.root, {
        "paper.pdf": make_pdf(["Photosynthesis converts light", "Mitochondria make ATP"]),
        "page.html": "<html><head><title>t</title><script>var secret = 1;</script></head>"
                     "<body><h1>Glaciers</h1><p>Glaciers retreat as climate warms.</p></body>"
                     "</html>",
    })
    kb = make_kb()
    report = await kb.add_paths(["."])
    assert sorted(report.added) == ["page.html", "paper.pdf"]
    hit = (await kb.search("mitochondria ATP", top_k=1)).hits[0]
    assert (hit.document, hit.locator) == ("paper.pdf", "page 2")
    html_hit = (await kb.search("glaciers retreat", top_k=1)).hits[0]
    assert html_hit.document == "page.html" and "<p>" not in html_hit.text
    assert (await kb.search("secret")).hits == []


async def test_long_document_is_chunked_with_overlap(make_kb: Callable) -> None:
    lines = [f"line {i} talks about topic{i}" for i in range(1, 201)]
    kb = make_kb(config=KnowledgeBaseConfig(chunk_tokens=60, overlap_tokens=15))
    await kb.add_text("long.txt", "\n".join(lines))
    docs = kb.list_documents()
    assert docs[0].chunks > 10
    hit = (await kb.search("topic150", top_k=1)).hits[0]
    assert hit.start_line <= 150 <= hit.end_line
    assert "line 150 talks about topic150" in hit.text.splitlines()


async def test_top_k_min_score_and_modes(make_kb: Callable) -> None:
    texts = [(f"doc{i}", f"shared word alpha number{i}") for i in range(12)]
    kb = make_kb(embedder=HashingEmbedder(), config=KnowledgeBaseConfig(min_score=0.5))
    report = await kb.add_texts(texts)
    assert report.chunks_written == 12
    hits = (await kb.search("alpha number3", top_k=20)).hits
    assert hits[0].document == "doc3"
    assert all(h.score >= 0.5 for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    bm25 = (await kb.search("alpha", top_k=5, mode="bm25")).hits
    assert len(bm25) == 5 and all(h.vector_rank is None for h in bm25)
    vec = (await kb.search("number7", top_k=2, mode="vector")).hits
    assert vec[0].document == "doc7" and vec[0].bm25_rank is None


async def test_vector_failure_at_query_falls_back_to_bm25(make_kb: Callable) -> None:
    embedder = FlakyEmbedder(fail_queries=True)
    kb = make_kb(embedder=embedder)
    await kb.add_texts(DOCS.items())
    result = await kb.search("dog fetches sticks")
    assert result.hits[0].document == "notes/dogs.md"
    assert result.hits[0].score == pytest.approx(1.0)
    assert "BM25 only" in result.warnings[0]
    with pytest.raises(KnowledgeError, match="vector search failed"):
        await kb.search("dog", mode="vector")


async def test_embedding_outage_at_ingest_keeps_bm25_and_recovers(make_kb: Callable) -> None:
    embedder = FlakyEmbedder(fail_documents=True)
    kb = make_kb(embedder=embedder)
    report = await kb.add_texts(DOCS.items())
    assert report.warnings and "without vectors" in report.warnings[0]
    assert kb.status().embedded_chunks == 0
    assert (await kb.search("bark postman")).hits[0].document == "notes/dogs.md"
    embedder.fail_documents = False
    assert await kb.embed_missing() == 3
    assert kb.status().embedded_chunks == 3
    hit = (await kb.search("postman", mode="vector")).hits[0]
    assert hit.document == "notes/dogs.md"
    assert await kb.embed_missing() == 0


async def test_no_embedder_is_bm25_only(make_kb: Callable) -> None:
    kb = make_kb()
    await kb.add_texts(DOCS.items())
    result = await kb.search("cats sleep")
    assert result.hits[0].document == "notes/cats.md" and result.warnings == []
    with pytest.raises(KnowledgeError, match="ORKAS_EMBEDDING_MODEL"):
        await kb.search("cats", mode="vector")
    with pytest.raises(KnowledgeError, match="empty"):
        await kb.search("   ")
    with pytest.raises(KnowledgeError, match="name"):
        await kb.add_text(" ", "text")


async def test_duplicate_positions_are_fused_once(make_kb: Callable) -> None:
    kb = make_kb(embedder=HashingEmbedder())
    await kb.add_texts([("a", "apples and pears"), ("b", "apples and plums")])
    hits = (await kb.search("apples", top_k=10)).hits
    keys = [(h.document, h.locator, h.start_line) for h in hits]
    assert len(keys) == len(set(keys)) == 2


async def test_large_ingest_commits_in_groups_and_survives_an_outage(
        make_kb: Callable) -> None:
    embedder = FlakyEmbedder()
    kb = make_kb(embedder=embedder, config=KnowledgeBaseConfig(commit_chunks=3))
    first = await kb.add_texts([(f"d{i}", f"text number {i}") for i in range(7)])
    assert first.chunks_written == 7 and embedder.calls == 3  # groups of 3, 3, 1
    embedder.fail_documents = True
    embedder.calls = 0
    second = await kb.add_texts([(f"e{i}", f"more words {i}") for i in range(7)])
    assert second.chunks_written == 7 and len(second.warnings) == 1
    assert embedder.calls == 1  # after one failure the other groups skip the model
    assert kb.status().chunks == 14 and kb.status().embedded_chunks == 7


async def test_repeated_reingest_compacts_the_indexes(make_kb: Callable) -> None:
    kb = make_kb(embedder=HashingEmbedder(16),
                 config=KnowledgeBaseConfig(chunk_tokens=16, overlap_tokens=0))
    await kb.add_texts([("keep", "stable alpha text")])
    versions = 15
    for version in range(versions):
        lines = "\n".join(f"version {version} line {i} omega" for i in range(200))
        await kb.add_text("churn", lines)
    live = kb.status().chunks
    assert 90 < live < 200
    # Without compaction every replaced version would stay as masked rows (~1,500).
    assert len(kb._row_chunk) <= 1024 + 2 * live < versions * (live - 1)
    assert (await kb.search("stable alpha")).hits[0].document == "keep"
    hit = (await kb.search("version 14 line 7 omega", top_k=3)).hits[0]
    assert hit.document == "churn" and "version 14 line 7 omega" in hit.text
    old = (await kb.search("version 3 line 7", top_k=50)).hits
    assert old and all("version 14 " in h.text for h in old if h.document == "churn")
    assert (await kb.search("stable alpha text", mode="vector")).hits[0].document == "keep"


async def test_globs_do_not_descend_into_ignored_folders(make_kb: Callable) -> None:
    write(make_kb.root, {"docs/a.md": "alpha", "node_modules/pkg/readme.md": "beta",
                         "build/out.md": "gamma"})
    kb = make_kb()
    report = await kb.add_paths(["**/*.md"])
    assert report.added == ["docs/a.md"]
    explicit = await kb.add_paths(["node_modules/**/*.md"])
    assert explicit.added == ["node_modules/pkg/readme.md"]


async def test_workspace_under_an_ignored_name_still_globs(tmp_path: Path) -> None:
    from orkas_jupyter.knowledge import InMemoryKnowledgeBase

    root = tmp_path / "build" / "project"
    write(root, {"notes/a.md": "alpha", "node_modules/x.md": "beta"})
    report = await InMemoryKnowledgeBase(root=root).add_paths(["**/*.md"])
    assert report.added == ["notes/a.md"]
