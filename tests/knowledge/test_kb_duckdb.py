"""DuckDB-specific behaviour: persistence, several connections, model and analyzer changes,
atomic writes, and loading the fts extension offline."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from orkas_jupyter import duckdb_ext as extensions
from orkas_jupyter.duckdb_ext import ExtensionUnavailableError, load_extension
from orkas_jupyter.knowledge import HashingEmbedder
from orkas_jupyter.knowledge.analysis import Analyzer, Stemmer
from orkas_jupyter.store.kb import DuckDBKnowledgeBase

DOCS = [("guide.md", "Install the package with pip.\nThen load the extension."),
        ("faq.md", "Running notebooks offline works.\nReplays need no API key.")]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "orkas.duckdb"


async def test_reopened_file_keeps_documents_terms_and_vectors(db: Path) -> None:
    con = duckdb.connect(str(db))
    kb = DuckDBKnowledgeBase(con, embedder=HashingEmbedder())
    await kb.add_texts(DOCS)
    con.close()
    con = duckdb.connect(str(db))
    kb = DuckDBKnowledgeBase(con, embedder=HashingEmbedder())
    assert [d.name for d in kb.list_documents()] == ["faq.md", "guide.md"]
    assert kb.status().embedded_chunks == 2
    hit = (await kb.search("run notebook offline")).hits[0]
    assert (hit.document, hit.bm25_rank, hit.vector_rank) == ("faq.md", 1, 1)
    tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables")
              .fetchall()}
    assert tables >= {"kb_meta", "kb_documents", "kb_chunks", "kb_terms", "kb_postings",
                      "kb_vectors"}
    assert all(t.startswith("kb_") for t in tables)
    con.close()


async def test_second_instance_sees_writes_of_the_first(db: Path) -> None:
    con = duckdb.connect(str(db))
    writer = DuckDBKnowledgeBase(con)
    reader = DuckDBKnowledgeBase(con.cursor())
    assert (await reader.search("pip")).hits == []
    await writer.add_texts(DOCS)
    assert (await reader.search("pip")).hits[0].document == "guide.md"
    await reader.remove("guide.md")
    assert (await writer.search("pip")).hits == []
    await writer.add_text("new.md", "pip again")
    assert [h.document for h in (await reader.search("pip")).hits] == ["new.md"]
    con.close()


async def test_changing_embedding_model_drops_old_vectors(db: Path) -> None:
    con = duckdb.connect(str(db))
    await DuckDBKnowledgeBase(con, embedder=HashingEmbedder(64)).add_texts(DOCS)
    kb = DuckDBKnowledgeBase(con, embedder=HashingEmbedder(32))
    assert kb.status().embedded_chunks == 0
    assert con.execute("SELECT count(*) FROM kb_vectors").fetchone() == (0,)
    result = await kb.search("pip install")
    assert result.hits[0].document == "guide.md" and "BM25 only" in result.warnings[0]
    assert await kb.embed_missing() == 2
    assert (await kb.search("pip install", mode="vector")).hits[0].document == "guide.md"
    con.close()


async def test_analyzer_change_reanalyses_stored_chunks(db: Path) -> None:
    con = duckdb.connect(str(db))
    await DuckDBKnowledgeBase(con, analyzer=Analyzer(Stemmer(use_extension=False))).add_texts(
        [("a.md", "The runners were running")])
    assert (await DuckDBKnowledgeBase(
        con, analyzer=Analyzer(Stemmer(use_extension=False))).search("run")).hits == []
    kb = DuckDBKnowledgeBase(con)  # Snowball stemming: "run" now matches "running"
    assert (await kb.search("run")).hits[0].document == "a.md"
    assert con.execute("SELECT value FROM kb_meta WHERE key = 'analyzer'").fetchone() == (
        "v1:snowball-english:stop-en",)
    con.close()


async def test_failed_write_leaves_old_content_searchable(db: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    con = duckdb.connect(str(db))
    kb = DuckDBKnowledgeBase(con, embedder=HashingEmbedder())
    await kb.add_text("a.md", "original alpha text")

    def boom(*args: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(kb, "_insert_vectors", boom)
    with pytest.raises(RuntimeError):
        await kb.add_text("a.md", "replacement beta text")
    monkeypatch.undo()
    assert [h.document for h in (await kb.search("alpha")).hits] == ["a.md"]
    assert (await kb.search("beta")).hits == []
    assert con.execute("SELECT count(*) FROM kb_chunks").fetchone() == (1,)
    con.close()


async def test_schema_from_the_future_is_refused(db: Path) -> None:
    con = duckdb.connect(str(db))
    DuckDBKnowledgeBase(con)
    con.execute("UPDATE kb_meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(Exception, match="newer"):
        DuckDBKnowledgeBase(con)
    con.close()


def test_fts_loads_from_the_package_without_writing_home(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    con = duckdb.connect(":memory:")
    load_extension(con, "fts")
    load_extension(con, "fts")  # idempotent
    assert extensions.is_loaded(con, "fts")
    assert con.execute("SELECT stem('running', 'english')").fetchone() == ("run",)
    assert not (tmp_path / "home").exists()


def test_missing_extension_package_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    con = duckdb.connect(":memory:")
    with pytest.raises(ExtensionUnavailableError, match="pip install 'duckdb-extension-nope"):
        load_extension(con, "nope")
    with pytest.raises(ExtensionUnavailableError, match=r"no binary for DuckDB v0\.0\.1"):
        extensions.extension_path("fts", "v0.0.1")


def test_stemmer_falls_back_when_fts_cannot_load(monkeypatch: pytest.MonkeyPatch) -> None:
    from orkas_jupyter.knowledge import analysis

    def unavailable(con: object, name: str) -> None:
        raise ExtensionUnavailableError("no fts here")

    monkeypatch.setattr(analysis, "load_extension", unavailable)
    stemmer = analysis.Stemmer()
    assert stemmer.name == "none"
    assert analysis.Analyzer(stemmer).terms("running dogs") == ["running", "dogs"]


async def test_open_knowledge_base_follows_settings(tmp_path: Path) -> None:
    from orkas_jupyter.config import load_settings
    from orkas_jupyter.store.kb import open_knowledge_base

    (tmp_path / "notes.md").write_text("Quarterly revenue grew.\n")
    settings = load_settings({"ORKAS_WORKSPACE": str(tmp_path),
                              "ORKAS_EMBEDDING_MODEL": "hashing/32"})
    con = duckdb.connect(str(tmp_path / "orkas.duckdb"))
    kb = open_knowledge_base(con, settings)
    await kb.add_paths(["notes.md"])
    assert kb.status().embedding_model == "hashing-32"
    assert (await kb.search("revenue")).hits[0].citation() == "notes.md:1-1"
    con.close()
