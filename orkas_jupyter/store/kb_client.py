"""`RemoteKnowledgeBase`: the workspace knowledge base as a kernel sees it.

A kernel cannot open the DuckDB file (the store server holds its lock), so it forwards every
call to the `kb.*` operations the server hosts (`store/kb_ops.py`) and gets the same pydantic
models back as the in-process `KnowledgeBase`. Async methods run the blocking socket call in
a worker thread, so the kernel's event loop keeps running during a long ingest.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..knowledge.errors import KnowledgeError
from ..knowledge.models import DocumentInfo, IngestReport, KbStatus, SearchResult
from .api import StoreClient
from .errors import StoreArgumentError

if TYPE_CHECKING:  # an annotation only: `knowledge.base` needs NumPy, a kernel does not
    from ..knowledge.base import SearchMode


class RemoteKnowledgeBase:
    """The `KnowledgeBase` API over a `StoreClient`: documents live in the workspace store,
    indexes in its server, shared by every kernel of the workspace."""

    def __init__(self, client: StoreClient) -> None:
        self.client = client

    def _call(self, op: str, **args: Any) -> Any:
        # The server reports the knowledge base's own errors (empty query, path outside the
        # workspace, no embedding model) as argument errors: give callers the same exception
        # type as the in-process knowledge base. Unavailability stays a store error.
        try:
            return self.client.call(op, **args)
        except StoreArgumentError as exc:
            raise KnowledgeError(str(exc)) from None

    async def _acall(self, op: str, **args: Any) -> Any:
        return await asyncio.to_thread(lambda: self._call(op, **args))

    async def add_paths(self, paths: Iterable[str | Path]) -> IngestReport:
        """Ingest files, folders and globs, relative to the workspace root (or absolute)."""
        specs = [str(p) for p in paths]
        if not specs:
            return IngestReport()
        return IngestReport.model_validate(await self._acall("kb.add_paths", paths=specs))

    async def add_text(self, name: str, text: str, *, kind: str = "text") -> IngestReport:
        """Ingest `text` as the document `name`."""
        return await self.add_texts([(name, text)], kind=kind)

    async def add_texts(self, items: Iterable[tuple[str, str]], *,
                        kind: str = "text") -> IngestReport:
        """Ingest several (name, text) documents in one batch; known secrets are redacted
        before the text leaves the kernel (the store never holds them)."""
        redact = self.client.redact
        wire = [{"name": name, "text": redact(text)} for name, text in items]
        if not wire:
            return IngestReport()
        return IngestReport.model_validate(
            await self._acall("kb.add_texts", items=wire, kind=kind))

    async def remove(self, names: str | Iterable[str]) -> list[str]:
        """Remove documents by name, path or glob over names; returns the names removed."""
        wanted = [names] if isinstance(names, str) else list(names)
        if not wanted:
            return []
        return [str(n) for n in await self._acall("kb.remove", names=wanted)]

    async def prune(self) -> list[str]:
        """Remove documents whose source file no longer exists."""
        return [str(n) for n in await self._acall("kb.prune")]

    async def embed_missing(self) -> int:
        """Embed chunks stored without vectors; how many were embedded."""
        return int(await self._acall("kb.embed_missing"))

    async def search(self, query: str, top_k: int | None = None, *,
                     mode: SearchMode = "hybrid") -> SearchResult:
        """Top chunks for `query` (hybrid, `bm25` or `vector`)."""
        return SearchResult.model_validate(
            await self._acall("kb.search", query=query, top_k=top_k, mode=mode))

    def list_documents(self) -> list[DocumentInfo]:
        """Stored documents, sorted by name (one short blocking call)."""
        return [DocumentInfo.model_validate(d) for d in self._call("kb.list")]

    def status(self) -> KbStatus:
        """Counts and backends (one short blocking call)."""
        return KbStatus.model_validate(self._call("kb.status"))

    def root(self) -> Path:
        """The workspace root the server resolves relative paths against."""
        return Path(str(self._call("kb.status")["root"]))
