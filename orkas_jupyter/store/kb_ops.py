"""Store operations for the workspace knowledge base (`kb.*`), hosted by the store server.

One `DuckDBKnowledgeBase` per server lives in `OpContext.state`, created on first use, so its
in-memory BM25 and vector indexes are built once and shared by every kernel. It runs on its
own DuckDB connection (a cursor of the server's file), driven by one event-loop thread:

* the knowledge base's methods are async (extraction and embedding run in worker threads)
  and it keeps an `asyncio.Lock`, so every call goes to that one loop; the connection is then
  only ever touched from one thread;
* it opens its own transactions, which the engine's write transaction would nest, and an
  ingest can take minutes (embedding): under the engine's write lock it would hold every
  session append behind it. The operations are therefore registered as reads for the engine
  (`write=False`); the knowledge base serialises its writes itself, on tables nobody else
  writes, and each of them is idempotent (re-adding unchanged files is a no-op).

The workspace root comes from the server's environment: `ORKAS_WORKSPACE` when the kernel
that started the server had it, else the folder holding `.orkas/` of the default store path.
"""

from __future__ import annotations

import asyncio
import os
import threading
import weakref
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import duckdb
from pydantic import BaseModel, Field

from ..config import load_settings
from .errors import StoreArgumentError
from .ops import NEW_CONNECTION, REGISTRY, NoArgs, OpContext
from .rpc import server_workspace

if TYPE_CHECKING:
    from .kb import DuckDBKnowledgeBase

T = TypeVar("T")
_STATE_KEY = "knowledge_host"
_STATE_LOCK = "knowledge_host_lock"
_GLOB_CHARS = frozenset("*?[")


def store_file(con: duckdb.DuckDBPyConnection) -> Path:
    """The DuckDB file `con` works on."""
    row = con.execute("SELECT path FROM duckdb_databases() "
                      "WHERE database_name = current_database()").fetchone()
    if row is None or not row[0]:
        raise StoreArgumentError("the knowledge base needs a store file, not an in-memory "
                                 "database")
    return Path(str(row[0])).resolve()


def check_path(spec: str, root: Path) -> str:
    """`spec` if it may be ingested: absolute (or `~`) paths are the user's explicit choice;
    relative ones must stay inside `root` (checked lexically, so a symlinked data folder
    inside the workspace still works)."""
    if not spec.strip():
        raise StoreArgumentError("an empty path was given; name a file, folder or glob")
    if "\x00" in spec:
        raise StoreArgumentError(f"the path {spec!r} contains a NUL byte")
    path = Path(spec).expanduser()
    if path.is_absolute():
        return spec
    joined = Path(os.path.normpath(root / path))
    if joined != root and root not in joined.parents:
        raise StoreArgumentError(
            f"the path {spec!r} leads outside the workspace {root}; give a path inside it, "
            "or an absolute path if you really mean that file")
    return spec


class _KbHost:
    """The knowledge base and the event-loop thread that runs all its calls."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        # Imported here: numpy and the knowledge package cost ~70 ms of every server start,
        # worth paying only when a kernel uses the knowledge base.
        from .kb import open_knowledge_base

        db = store_file(con)
        self.root = server_workspace(db)
        settings = load_settings(workspace=self.root)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="orkas-kb",
                                        daemon=True)
        self._thread.start()
        # Its own connection: its own transactions, never the engine's or a reader's cursor
        # (a reader's cursor is closed when its client goes, while the host stays).
        self.con = con
        # When the engine (and so its state) goes away, e.g. an in-process store that was
        # closed, stop the loop and let go of the file: nothing else would.
        self._finalizer = weakref.finalize(self, _shutdown, self.loop, self._thread, self.con)
        try:
            self.kb: DuckDBKnowledgeBase = self.run(
                _call_soon(lambda: open_knowledge_base(self.con, settings)))
        except ValueError as exc:  # e.g. ORKAS_EMBEDDING_MODEL=hashing/abc
            self.close()
            raise StoreArgumentError(f"cannot open the workspace knowledge base: {exc}") from None
        except BaseException:
            self.close()
            raise

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run `coro` on the knowledge base's loop and wait for it (from any thread);
        knowledge errors become argument errors the client can show as they are."""
        from ..knowledge.errors import KnowledgeError

        try:
            return asyncio.run_coroutine_threadsafe(coro, self.loop).result()
        except KnowledgeError as exc:
            raise StoreArgumentError(str(exc)) from None

    def call(self, fn: Callable[[DuckDBKnowledgeBase], Awaitable[T]]) -> T:
        """Await `fn(kb)` on the loop."""
        async def go() -> T:
            return await fn(self.kb)
        return self.run(go())

    def call_sync(self, fn: Callable[[DuckDBKnowledgeBase], T]) -> T:
        """Run the synchronous `fn(kb)` on the loop (the connection's only thread)."""
        return self.run(_call_soon(lambda: fn(self.kb)))

    def close(self) -> None:
        """Stop the loop and close the connection."""
        self._finalizer()


def _shutdown(loop: asyncio.AbstractEventLoop, thread: threading.Thread,
              con: duckdb.DuckDBPyConnection) -> None:
    loop.call_soon_threadsafe(loop.stop)
    if thread is not threading.current_thread():
        thread.join(5)
        if not thread.is_alive():
            loop.close()
    con.close()


async def _call_soon(fn: Callable[[], T]) -> T:
    return fn()


def host(ctx: OpContext) -> _KbHost:
    """The server's knowledge base host, created on first use (once, even when two kernels
    ask at the same moment)."""
    found: _KbHost | None = ctx.state.get(_STATE_KEY)
    if found is not None:
        return found
    lock: threading.Lock = ctx.state.setdefault(_STATE_LOCK, threading.Lock())
    with lock:
        found = ctx.state.get(_STATE_KEY)
        if found is None:
            new_connection = ctx.state.get(NEW_CONNECTION)
            found = _KbHost(new_connection() if new_connection else ctx.con.cursor())
            ctx.state[_STATE_KEY] = found
    return found


class PathsArgs(BaseModel):
    """Files, folders or globs to ingest."""

    paths: list[str] = Field(min_length=1)


class TextItem(BaseModel):
    """A document that is not a file."""

    name: str = Field(min_length=1)
    text: str


class TextsArgs(BaseModel):
    """Documents given as text."""

    items: list[TextItem] = Field(min_length=1)
    kind: str = "text"


class RemoveArgs(BaseModel):
    """Names, paths or globs over names to remove."""

    names: list[str] = Field(min_length=1)


class SearchArgs(BaseModel):
    """A query."""

    query: str
    top_k: int | None = Field(None, ge=1, le=1000)
    mode: Literal["hybrid", "bm25", "vector"] = "hybrid"


@REGISTRY.register("kb.add_paths", PathsArgs, write=False)
def add_paths(ctx: OpContext, args: PathsArgs) -> dict[str, Any]:
    """Ingest paths relative to the workspace (or absolute); an `IngestReport` as a dict."""
    h = host(ctx)
    paths = [check_path(p, h.root) for p in args.paths]  # all checked before any work
    report = h.call(lambda kb: kb.add_paths(paths))
    return report.model_dump(mode="json")


@REGISTRY.register("kb.add_texts", TextsArgs, write=False)
def add_texts(ctx: OpContext, args: TextsArgs) -> dict[str, Any]:
    """Ingest (name, text) documents in one batch; an `IngestReport` as a dict."""
    items = [(i.name, i.text) for i in args.items]
    report = host(ctx).call(lambda kb: kb.add_texts(items, kind=args.kind))
    return report.model_dump(mode="json")


@REGISTRY.register("kb.remove", RemoveArgs, write=False)
def remove(ctx: OpContext, args: RemoveArgs) -> list[str]:
    """Remove documents; the names removed."""
    return host(ctx).call(lambda kb: kb.remove(args.names))


@REGISTRY.register("kb.prune", NoArgs, write=False)
def prune(ctx: OpContext, args: NoArgs) -> list[str]:
    """Remove documents whose file is gone; the names removed."""
    return host(ctx).call(lambda kb: kb.prune())


@REGISTRY.register("kb.embed_missing", NoArgs, write=False)
def embed_missing(ctx: OpContext, args: NoArgs) -> int:
    """Embed chunks stored without vectors; how many were embedded."""
    return host(ctx).call(lambda kb: kb.embed_missing())


@REGISTRY.register("kb.list", NoArgs, write=False)
def list_documents(ctx: OpContext, args: NoArgs) -> list[dict[str, Any]]:
    """Stored documents (`DocumentInfo` dicts), sorted by name."""
    docs = host(ctx).call_sync(lambda kb: kb.list_documents())
    return [d.model_dump(mode="json") for d in docs]


@REGISTRY.register("kb.search", SearchArgs, write=False)
def search(ctx: OpContext, args: SearchArgs) -> dict[str, Any]:
    """Hybrid (or BM25 / vector) search; a `SearchResult` as a dict."""
    result = host(ctx).call(lambda kb: kb.search(args.query, args.top_k, mode=args.mode))
    return result.model_dump(mode="json")


@REGISTRY.register("kb.status", NoArgs, write=False)
def status(ctx: OpContext, args: NoArgs) -> dict[str, Any]:
    """Counts and backends (`KbStatus` as a dict), plus the workspace root names resolve
    against."""
    h = host(ctx)
    return {**h.call_sync(lambda kb: kb.status()).model_dump(mode="json"), "root": str(h.root)}
