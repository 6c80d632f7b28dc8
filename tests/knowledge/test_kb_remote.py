"""The workspace knowledge base hosted by a real store server, used by kernels through
`RemoteKnowledgeBase`: ingest, search from two clients and a second process, removal,
status, the `knowledge_search` tool, and bad paths that must fail clearly, not crash."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from orkas_jupyter.config import load_settings
from orkas_jupyter.engine.errors import ToolError
from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.knowledge.errors import KnowledgeError
from orkas_jupyter.store.api import StoreClient, open_client, open_store
from orkas_jupyter.store.errors import StoreArgumentError
from orkas_jupyter.store.kb_client import RemoteKnowledgeBase
from orkas_jupyter.store.kb_ops import check_path, server_workspace
from orkas_jupyter.store.rpc import lock_path_for
from orkas_jupyter.tools.knowledge import KnowledgeSearchInput, KnowledgeSearchTool

REPO = Path(__file__).resolve().parents[2]


def _stop_server(db: Path) -> None:
    """Terminate the server holding `db` (by the pid in its lock file, checked against its
    command line) and wait for it to exit."""
    try:
        pid = int(json.loads(lock_path_for(db.resolve()).read_text() or "{}").get("pid", 0))
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return
    if b"orkas_jupyter.store.server" not in cmdline or str(db.resolve()).encode() not in cmdline:
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A workspace with a few documents; the store server it starts inherits this
    environment (hashing embeddings, so vectors exist without any download)."""
    ws = tmp_path / "ws"
    (ws / "notes").mkdir(parents=True)
    (ws / "notes" / "stats.md").write_text(
        "# Statistics\n\nThe p-value is corrected with the Benjamini-Hochberg procedure.\n")
    (ws / "notes" / "cooking.md").write_text("Sourdough needs a starter fed twice a day.\n")
    (ws / "readme.txt").write_text("Project about gradient boosting on tabular data.\n")
    monkeypatch.delenv("ORKAS_WORKSPACE", raising=False)
    monkeypatch.setenv("ORKAS_EMBEDDING_MODEL", "hashing")
    yield ws
    _stop_server(ws / ".orkas" / "orkas.duckdb")


def _client(ws: Path) -> StoreClient:
    return open_client(load_settings(workspace=ws), idle_seconds=10)


@pytest.fixture
def kb(workspace: Path) -> Iterator[RemoteKnowledgeBase]:
    store = open_store(load_settings(workspace=workspace), idle_seconds=10)
    yield RemoteKnowledgeBase(store.sync)
    store.close()


async def test_add_search_from_two_clients_remove_and_status(
        kb: RemoteKnowledgeBase, workspace: Path) -> None:
    report = await kb.add_paths(["notes/", "readme.txt"])
    assert sorted(report.added) == ["notes/cooking.md", "notes/stats.md", "readme.txt"]
    assert report.skipped == [] and report.chunks_written == 3
    again = await kb.add_paths(["notes"])
    assert sorted(again.unchanged) == ["notes/cooking.md", "notes/stats.md"]
    assert again.added == [] and again.chunks_written == 0

    first = await kb.search("Benjamini Hochberg correction", top_k=2)
    assert first.hits[0].document == "notes/stats.md"
    assert first.hits[0].citation() == "notes/stats.md:1-3"
    assert "Benjamini-Hochberg" in first.hits[0].text
    other = _client(workspace)
    try:
        second = await RemoteKnowledgeBase(other).search("Benjamini Hochberg correction",
                                                         top_k=2)
        assert [h.model_dump() for h in second.hits] == [h.model_dump() for h in first.hits]
        vector = await RemoteKnowledgeBase(other).search("sourdough starter", mode="vector")
        assert vector.hits[0].document == "notes/cooking.md"
        assert vector.hits[0].vector_rank == 1
    finally:
        other.close()

    status = kb.status()
    assert (status.documents, status.chunks, status.embedded_chunks) == (3, 3, 3)
    assert status.embedding_model is not None and status.embedding_model.startswith("hashing")
    assert kb.root() == workspace.resolve()
    docs = kb.list_documents()
    assert [d.name for d in docs] == ["notes/cooking.md", "notes/stats.md", "readme.txt"]
    assert docs[1].source == str((workspace / "notes" / "stats.md").resolve())

    assert await kb.remove("notes/*") == ["notes/cooking.md", "notes/stats.md"]
    assert await kb.remove(["notes/stats.md"]) == []
    after = await kb.search("Benjamini Hochberg correction", mode="bm25")
    assert all(h.document != "notes/stats.md" for h in after.hits)
    assert kb.status().documents == 1


async def test_texts_prune_and_changed_file(kb: RemoteKnowledgeBase, workspace: Path) -> None:
    report = await kb.add_texts([("meeting", "Decided to ship the zebra release on Friday.")])
    assert report.added == ["meeting"]
    hits = (await kb.search("zebra release")).hits
    assert hits[0].document == "meeting" and hits[0].text.startswith("Decided")
    await kb.add_paths(["readme.txt"])
    (workspace / "readme.txt").write_text("Now about survival analysis.\n")
    assert (await kb.add_paths(["readme.txt"])).updated == ["readme.txt"]
    assert (await kb.search("survival analysis")).hits[0].document == "readme.txt"
    (workspace / "readme.txt").unlink()
    assert await kb.prune() == ["readme.txt"]
    assert [d.name for d in kb.list_documents()] == ["meeting"]


async def test_a_second_process_searches_the_same_index(
        kb: RemoteKnowledgeBase, workspace: Path) -> None:
    await kb.add_paths(["notes"])
    script = (
        "import asyncio, json, sys\n"
        "from orkas_jupyter.config import load_settings\n"
        "from orkas_jupyter.store.api import open_client\n"
        "from orkas_jupyter.store.kb_client import RemoteKnowledgeBase\n"
        "c = open_client(load_settings(workspace=sys.argv[1]), idle_seconds=10)\n"
        "r = asyncio.run(RemoteKnowledgeBase(c).search('sourdough starter', top_k=3))\n"
        "print(json.dumps([h.citation() for h in r.hits]))\n"
        "c.close()\n")
    out = subprocess.run([sys.executable, "-c", script, str(workspace)], cwd=REPO,
                         capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1])[0] == "notes/cooking.md:1-1"


async def test_knowledge_search_tool_uses_the_remote_base(kb: RemoteKnowledgeBase) -> None:
    tool = KnowledgeSearchTool()
    ctx = ToolContext("s", services={"knowledge": kb})
    out = await tool.execute(KnowledgeSearchInput(query="p-value"), ctx)
    assert "knowledge base is empty" in str(out)
    await kb.add_paths(["notes/stats.md"])
    out = await tool.execute(KnowledgeSearchInput(query="p-value corrected"), ctx)
    assert "[1] notes/stats.md:1-3" in str(out) and "Benjamini-Hochberg" in str(out)
    with pytest.raises(ToolError, match="query is empty"):
        await tool.execute(KnowledgeSearchInput(query="   "), ctx)


async def test_bad_paths_fail_clearly_and_change_nothing(
        kb: RemoteKnowledgeBase, workspace: Path) -> None:
    outside = workspace.parent / "secret.txt"
    outside.write_text("private words outside the workspace\n")
    with pytest.raises(KnowledgeError, match="outside the workspace"):
        await kb.add_paths(["readme.txt", "../secret.txt"])
    with pytest.raises(KnowledgeError, match="outside the workspace"):
        await kb.add_paths(["notes/../../*.txt"])
    assert kb.status().documents == 0  # the good path of the refused call was not ingested

    (workspace / "blob.bin").write_bytes(b"\x00\x01\x02binary\xff" * 50)
    (workspace / "data.txt").write_bytes(b"abc\x00def\n")
    report = await kb.add_paths(["missing.md", "blob.bin", "data.txt", "readme.txt"])
    assert report.added == ["readme.txt"]
    reasons = {s.path: s.reason for s in report.skipped}
    assert set(reasons) == {"missing.md", "blob.bin", "data.txt"}
    assert reasons["missing.md"] == "not found"
    assert all(reason for reason in reasons.values())

    # An absolute path is the user's explicit choice and is allowed.
    absolute = await kb.add_paths([str(outside)])
    assert absolute.added and (await kb.search("private words")).hits
    with pytest.raises(KnowledgeError, match="empty"):
        await kb.search("  ")
    with pytest.raises(KnowledgeError, match=r"at least 1|greater than or equal"):
        await kb.search("words", top_k=0)
    assert kb.status().documents == 2  # the server survived every bad request


def test_path_checks_and_workspace_discovery(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    assert check_path("notes/a.md", root) == "notes/a.md"
    assert check_path("notes/../a.md", root) == "notes/../a.md"
    assert check_path("/etc/hosts", root) == "/etc/hosts"
    for bad in ("..", "../x", "a/../../x", "../**/*.md"):
        with pytest.raises(StoreArgumentError, match="outside the workspace"):
            check_path(bad, root)
    with pytest.raises(StoreArgumentError, match="empty path"):
        check_path(" ", root)
    db = root / ".orkas" / "orkas.duckdb"
    assert server_workspace(db, {}) == root
    assert server_workspace(db, {"ORKAS_WORKSPACE": str(tmp_path)}) == tmp_path.resolve()
    with pytest.raises(StoreArgumentError, match="ORKAS_WORKSPACE"):
        server_workspace(tmp_path / "elsewhere.duckdb", {})


async def test_searches_from_another_client_run_during_an_ingest(
        kb: RemoteKnowledgeBase, workspace: Path) -> None:
    await kb.add_paths(["notes/stats.md"])
    bulk = workspace / "bulk"
    bulk.mkdir()
    for i in range(150):
        (bulk / f"doc{i}.md").write_text(f"Document {i} talks about topic{i} and more.\n" * 20)
    other = _client(workspace)
    try:
        searcher = RemoteKnowledgeBase(other)
        ingest = asyncio.create_task(kb.add_paths(["bulk"]))
        results = []
        while not ingest.done():
            results.append(await searcher.search("Benjamini Hochberg", top_k=1))
        report = await ingest
    finally:
        other.close()
    assert len(report.added) == 150 and report.skipped == []
    # Searches did not queue behind the ingest (~100 ran during it when measured).
    assert len(results) >= 2
    assert results and all(r.hits[0].document == "notes/stats.md" for r in results)
    assert kb.status().documents == 151
    assert (await kb.search("topic77", mode="bm25")).hits[0].document == "bulk/doc77.md"


def test_a_bad_embedding_setting_is_reported_not_fatal(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKAS_EMBEDDING_MODEL", "hashing/abc")
    client = _client(workspace)
    try:
        with pytest.raises(KnowledgeError, match="hashing/abc"):
            RemoteKnowledgeBase(client).status()
        assert client.list_sessions() == []  # the server is still serving
    finally:
        client.close()


async def test_in_process_store_lets_go_of_the_file(workspace: Path) -> None:
    client = open_client(load_settings(workspace=workspace), mode="direct")
    kb = RemoteKnowledgeBase(client)
    assert (await kb.add_paths(["readme.txt"])).added == ["readme.txt"]
    assert any(t.name == "orkas-kb" for t in threading.enumerate())
    client.close()
    del client, kb
    gc.collect()
    assert not any(t.name == "orkas-kb" for t in threading.enumerate())
    db = workspace / ".orkas" / "orkas.duckdb"
    probe = ("import duckdb, sys; con = duckdb.connect(sys.argv[1]); "
             "print(con.execute('SELECT name FROM kb_documents').fetchall())")
    out = subprocess.run([sys.executable, "-c", probe, str(db)], capture_output=True,
                         text=True, timeout=60, check=True)
    assert "readme.txt" in out.stdout


async def test_the_knowledge_base_outlives_the_client_that_opened_it(workspace: Path) -> None:
    """The server's knowledge base must not live on the first client's read cursor: a kernel
    that ingested and went away left the next kernel with "Connection already closed"."""
    first = _client(workspace)
    report = await RemoteKnowledgeBase(first).add_paths(["notes/"])
    assert sorted(report.added) == ["notes/cooking.md", "notes/stats.md"]
    first.close()
    time.sleep(0.3)  # the server notices the first client is gone and frees its cursor
    second = _client(workspace)
    try:
        kb = RemoteKnowledgeBase(second)
        assert (await kb.add_paths(["readme.txt"])).added == ["readme.txt"]
        hits = (await kb.search("Benjamini Hochberg correction")).hits
        assert hits and hits[0].document == "notes/stats.md"
    finally:
        second.close()
