"""A remote embedding model works through the store server: the one key it needs crosses to
the server process (and no other credential does), and it never reaches the server's log."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from orkas_jupyter.config import load_settings
from orkas_jupyter.store.api import open_store
from orkas_jupyter.store.kb_client import RemoteKnowledgeBase
from orkas_jupyter.store.redact import embedding_credentials
from orkas_jupyter.store.rpc import lock_path_for
from orkas_jupyter.testing import FakeModelServer

EMBED_KEY = "sk-embed-test-5f1c9a2b7d"
OTHER_KEY = "sk-ant-unrelated-8e4d2c1a"


def test_only_the_embedding_providers_key_crosses() -> None:
    env = {"OPENAI_API_KEY": "a" * 12, "ANTHROPIC_API_KEY": "b" * 12,
           "ORKAS_EMBEDDING_API_KEY": "c" * 12, "ORKAS_API_KEY": "d" * 12}
    assert embedding_credentials("openai/text-embedding-3-small", env) == {
        "OPENAI_API_KEY": "a" * 12, "ORKAS_EMBEDDING_API_KEY": "c" * 12}
    assert embedding_credentials("voyage/voyage-3", {"VOYAGE_API_KEY": "v" * 12}) == {
        "VOYAGE_API_KEY": "v" * 12}
    for keyless in (None, "", "local", "hashing", "hashing/64", "ollama/nomic-embed-text"):
        assert embedding_credentials(keyless, env) == {}


def _server_pid(db: Path) -> int:
    return int(json.loads(lock_path_for(db.resolve()).read_text() or "{}").get("pid", 0))


def _stop(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer(embedding_dims=16) as fake:
        yield fake


async def test_the_store_server_embeds_with_the_kernels_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: FakeModelServer) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.md").write_text("# Notes\n\nGradient boosting on tabular data.\n")
    monkeypatch.delenv("ORKAS_WORKSPACE", raising=False)
    monkeypatch.setenv("ORKAS_EMBEDDING_MODEL", "openai/text-embedding-3-small")
    monkeypatch.setenv("ORKAS_EMBEDDING_API_BASE", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", EMBED_KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", OTHER_KEY)
    store = open_store(load_settings(workspace=ws), idle_seconds=10)
    db = ws / ".orkas" / "orkas.duckdb"
    pid = 0
    try:
        kb = RemoteKnowledgeBase(store.sync)
        report = await kb.add_paths(["notes.md"])
        assert report.added == ["notes.md"] and not report.warnings
        status = kb.status()
        assert status.embedded_chunks == status.chunks == 1
        calls = [r for r in server.requests if r.path.endswith("/embeddings")]
        assert calls and calls[0].headers.get("authorization") == f"Bearer {EMBED_KEY}"
        pid = _server_pid(db)
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        assert f"OPENAI_API_KEY={EMBED_KEY}".encode() in environ
        assert not any(OTHER_KEY.encode() in item for item in environ)
    finally:
        store.close()
        if pid:
            _stop(pid)
    for log in (ws / ".orkas").glob("*.log"):
        assert EMBED_KEY not in log.read_text(errors="replace")
