"""What a store server process loads: never pandas. DuckDB imports it on the first query with
parameters (~0.2 s, most of opening a new workspace's store, which a cold workspace's first
answer waits for) only to check whether a parameter is a pandas object; store operations,
the knowledge base's numpy scans and searches work without it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orkas_jupyter.config import load_settings
from orkas_jupyter.store.api import open_store
from orkas_jupyter.store.kb_client import RemoteKnowledgeBase
from orkas_jupyter.store.rpc import lock_path_for

from .conftest import stop_server


def _mapped(pid: int) -> str:
    return Path(f"/proc/{pid}/maps").read_text()


async def test_a_store_server_serves_without_pandas(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    ws = tmp_path / "ws"
    (ws / "notes").mkdir(parents=True)
    (ws / "notes" / "stats.md").write_text("The p-value is corrected with Benjamini-Hochberg.\n")
    (ws / "notes" / "bread.md").write_text("Sourdough needs a starter fed twice a day.\n")
    monkeypatch.delenv("ORKAS_WORKSPACE", raising=False)
    monkeypatch.delenv("ORKAS_MODEL", raising=False)
    monkeypatch.setenv("ORKAS_EMBEDDING_MODEL", "hashing")
    settings = load_settings(workspace=ws)
    store = open_store(settings, idle_seconds=10)
    db = settings.store_path.resolve()
    try:
        store.sync.call("session.ensure", session_id="s1", title="t", notebook="")
        assert [s["id"] for s in store.sync.call("session.list")] == ["s1"]
        kb = RemoteKnowledgeBase(store.sync)
        report = await kb.add_paths(["notes/"])
        assert sorted(report.added) == ["notes/bread.md", "notes/stats.md"]
        hits = (await kb.search("sourdough starter", mode="vector")).hits
        assert hits[0].document == "notes/bread.md"
        assert (await kb.search("Benjamini Hochberg")).hits[0].document == "notes/stats.md"
        pid = int(json.loads(lock_path_for(db).read_text())["pid"])
        maps = _mapped(pid)
        assert "duckdb" in maps and "numpy" in maps  # the checks below look at the right place
        assert "/pandas/" not in maps
    finally:
        store.close()
        stop_server(db)
