"""The kernel half of the live notebook bridge: `LiveNotebook`, a `NotebookBackend` whose
every operation is a request to the notebook open in the browser, answered from (or applied
to) the live document — unsaved edits included, no disk round trip, no reload prompt.

Transport-agnostic: a `BrowserLink` sends `{"type": "nb_request", "rid", "op", "args"}` through
a callable and is resolved by the browser's `{"type": "nb_reply", "rid", "ok", "result" |
"error"}`. `BridgeHub` keeps the links of the browser views open on this kernel; the newest one
answers; while a view may still be connecting (a kernel that just started or restarted under
JupyterLab) `AwaitingNotebook` waits for it rather than write the open notebook's file. Replies
arrive on whatever thread the transport delivers them (a comm subshell in JupyterLab 4.6), so
a request waits on a thread-safe future, never on the kernel's main thread.
See docs/jupyterlab.md ("The live notebook bridge") for the design and its limits.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import threading
from collections.abc import Callable
from typing import Any

from ..engine.errors import ToolError
from ..tools.notebook_doc import Cell

Send = Callable[[dict[str, Any]], None]
DEFAULT_TIMEOUT = 15.0
# How long a notebook tool waits for a browser view that may be connecting (kernel just
# started or restarted under JupyterLab) before it uses the file; measured connect times are
# well under a second (docs/jupyterlab.md).
VIEW_WAIT = 5.0


class BrowserLink:
    """Request/reply over one browser view of the notebook."""

    def __init__(self, send: Send, *, path: str = "", client: str = "",
                 timeout: float = DEFAULT_TIMEOUT) -> None:
        self._send = send
        self.path = path
        # The page (kernel client session) the view lives in: its cells and chat pick it.
        self.client = client
        self.timeout = timeout
        self.closed = False
        self._ids = itertools.count(1)
        self._pending: dict[str, concurrent.futures.Future[Any]] = {}
        self._lock = threading.Lock()

    def request(self, op: str, **args: Any) -> concurrent.futures.Future[Any]:
        """Send one operation; the future gets the browser's result (or a `ToolError`)."""
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        if self.closed:
            future.set_exception(ToolError(self._gone()))
            return future
        with self._lock:
            rid = f"r{next(self._ids)}"
            self._pending[rid] = future
        try:
            self._send({"type": "nb_request", "rid": rid, "op": op, "args": args})
        except Exception as exc:  # a dead comm: tell the tool, do not hang it
            with self._lock:
                self._pending.pop(rid, None)
            future.set_exception(ToolError(f"Could not reach the notebook in the browser "
                                           f"({exc}). Reopen the notebook and try again."))
        return future

    def resolve(self, msg: dict[str, Any]) -> bool:
        """Deliver one `nb_reply`; False when no request waits for it."""
        with self._lock:
            future = self._pending.pop(str(msg.get("rid")), None)
        if future is None or future.done():
            return False
        if msg.get("ok"):
            future.set_result(msg.get("result"))
        else:
            future.set_exception(ToolError(f"The notebook in the browser refused the change: "
                                           f"{msg.get('error') or 'unknown error'}."))
        return True

    def close(self) -> None:
        """The view went away: fail every waiting request at once."""
        self.closed = True
        with self._lock:
            pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(ToolError(self._gone()))

    async def call(self, op: str, **args: Any) -> Any:
        """Await one operation with the link's timeout."""
        future = self.request(op, **args)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.timeout)
        except TimeoutError:
            # A tab closed without closing its comm never answers again: drop the view, so the
            # next call goes to another open view or to the notebook file.
            self.close()
            raise ToolError(f"The notebook open in the browser did not answer within "
                            f"{self.timeout:.0f} s (page closed or frozen?); that view is no "
                            f"longer used. Nothing was changed by this call; try again.") from None

    def _gone(self) -> str:
        return ("The notebook's browser view closed. Reopen the notebook in JupyterLab (or set "
                "ORKAS_NOTEBOOK to work on the file) and try again.")


def _cell(raw: Any) -> Cell:
    if not isinstance(raw, dict):
        raise ToolError("The browser sent a malformed cell; reload the notebook page.")
    source = raw.get("source", "")
    return Cell(id=str(raw.get("id") or ""), cell_type=raw.get("cell_type", "code"),
                source="".join(source) if isinstance(source, list) else str(source),
                outputs=list(raw.get("outputs") or []),
                execution_count=raw.get("execution_count"),
                metadata=dict(raw.get("metadata") or {}))


class LiveNotebook:
    """`NotebookBackend` over the live document in the browser. `on_outputs(cell_id)` hears
    of every cell whose outputs the kernel wrote (run_cell, undo)."""

    def __init__(self, link: BrowserLink,
                 on_outputs: Callable[[str], None] | None = None) -> None:
        self.link = link
        self._on_outputs = on_outputs

    def describe(self) -> str:
        return f"live notebook {self.link.path or '(unsaved)'} open in the browser"

    async def cells(self) -> list[Cell]:
        raw = await self.link.call("cells")
        if not isinstance(raw, list):
            raise ToolError("The browser sent a malformed cell list; reload the notebook page.")
        return [_cell(c) for c in raw]

    async def insert(self, cell: Cell, after_id: str | None) -> int:
        result = await self.link.call("insert", cell=cell.model_dump(mode="json"),
                                      after_id=after_id)
        if not isinstance(result, dict) or result.get("id") != cell.id:
            # JupyterLab versions that do not keep the requested id would break later calls.
            raise ToolError("The notebook in the browser did not keep the new cell's id; "
                            "call list_cells to find the cell.")
        return int(result.get("index", 0))

    async def update(self, cell_id: str, *, source: str | None = None,
                     outputs: list[dict[str, Any]] | None = None,
                     execution_count: int | None = None,
                     metadata: dict[str, Any] | None = None) -> Cell:
        args: dict[str, Any] = {"cell_id": cell_id}
        if source is not None:
            args["source"] = source
        if outputs is not None:
            args["outputs"] = outputs
            args["execution_count"] = execution_count
        if metadata is not None:
            args["metadata"] = metadata
        cell = _cell(await self.link.call("update", **args))
        if outputs is not None and self._on_outputs is not None:
            self._on_outputs(cell_id)
        return cell

    async def delete(self, cell_id: str) -> None:
        await self.link.call("delete", cell_id=cell_id)


class AwaitingNotebook:
    """`NotebookBackend` for a kernel whose notebook is probably open in a browser that has not
    connected yet (a cold Run All, Restart Kernel and Run All): the first operation waits up to
    `timeout` seconds for a view, without blocking any thread, then sticks to what it found —
    the live notebook, or the file when no view answered. One source of truth per tool call:
    the runtime makes one back-end per call."""

    def __init__(self, hub: BridgeHub, fallback: Any, timeout: float) -> None:
        self.hub, self.fallback, self.timeout = hub, fallback, timeout
        self._chosen: Any = None

    def describe(self) -> str:
        chosen = self._chosen if self._chosen is not None else self.fallback
        where = chosen.describe() if chosen is not None else "no notebook file"
        return f"{where} (or its browser view, once connected)"

    async def _backend(self) -> Any:
        if self._chosen is None:
            link = await self.hub.wait_for_view(self.timeout)
            if link is not None:
                self._chosen = LiveNotebook(link, self.hub.note_outputs)
            elif self.fallback is not None:
                self._chosen = self.fallback
            else:
                raise ToolError(
                    "This kernel's notebook is not known: no browser view connected within "
                    f"{self.timeout:.0f} s and the notebook path is unknown. Open the notebook "
                    "in JupyterLab with the Orkas extension, or set ORKAS_NOTEBOOK.")
        return self._chosen

    async def cells(self) -> list[Cell]:
        cells: list[Cell] = await (await self._backend()).cells()
        return cells

    async def insert(self, cell: Cell, after_id: str | None) -> int:
        index: int = await (await self._backend()).insert(cell, after_id)
        return index

    async def update(self, cell_id: str, *, source: str | None = None,
                     outputs: list[dict[str, Any]] | None = None,
                     execution_count: int | None = None,
                     metadata: dict[str, Any] | None = None) -> Cell:
        cell: Cell = await (await self._backend()).update(
            cell_id, source=source, outputs=outputs, execution_count=execution_count,
            metadata=metadata)
        return cell

    async def delete(self, cell_id: str) -> None:
        await (await self._backend()).delete(cell_id)


class BridgeHub:
    """The browser views open on this kernel. The view that answers is the newest one in the
    page that last ran a cell or chatted (two browser tabs on one notebook hold two separate
    documents: the agent's cell must land in the one the user is working in), else the newest.

    `expect_view` says whether a view may exist when none is connected (by default: the kernel
    runs under jupyter-server and the bridge can connect while a cell is busy); then a notebook
    tool waits up to `view_wait` seconds for one before using the file. After one such wait
    found nothing, later calls use the file at once, until a view connects.
    """

    def __init__(self, *, expect_view: Callable[[], bool] | None = None,
                 view_wait: float = VIEW_WAIT) -> None:
        self._links: list[BrowserLink] = []
        self._waiters: list[concurrent.futures.Future[BrowserLink]] = []
        self._lock = threading.Lock()
        self._expect_view = expect_view or (lambda: False)
        self.view_wait = view_wait
        self._gave_up = False
        self._active_client = ""
        self._filled: set[str] = set()
        self.enabled = True
        self.disabled_reason = ""

    def add(self, link: BrowserLink) -> None:
        """A view opened (or reconnected); tool calls waiting for one take it."""
        with self._lock:
            self._links.append(link)
            self._gave_up = False
            waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(link)

    def remove(self, link: BrowserLink) -> None:
        """A view closed; its waiting requests fail at once."""
        link.close()
        with self._lock:
            self._links = [x for x in self._links if x is not link]

    def disable(self, reason: str) -> None:
        """The kernel cannot carry the bridge: tools use the notebook file (see
        bridge_support)."""
        self.enabled, self.disabled_reason = False, reason

    def note_client(self, client: str) -> None:
        """The page with this kernel client session ran a cell or sent a chat message."""
        if client:
            self._active_client = client

    def note_outputs(self, cell_id: str) -> None:
        """The kernel wrote this cell's outputs into the browser's document."""
        with self._lock:
            self._filled.add(cell_id)

    def take_filled(self, cell_id: str) -> bool:
        """Were this cell's outputs written by the kernel since it last started running from
        the user's queue? Forgets the cell (the caller clears its outputs; see lab.py)."""
        with self._lock:
            if cell_id not in self._filled:
                return False
            self._filled.discard(cell_id)
            return True

    def current(self) -> BrowserLink | None:
        """The link to use now, or None when no browser has the notebook open."""
        with self._lock:
            return self._pick([x for x in self._links if not x.closed])

    def _pick(self, live: list[BrowserLink]) -> BrowserLink | None:
        mine = [x for x in live if x.client and x.client == self._active_client]
        chosen = mine or live
        return chosen[-1] if chosen else None

    def backend(self) -> LiveNotebook | None:
        """A `LiveNotebook` over the current link, if any."""
        link = self.current() if self.enabled else None
        return LiveNotebook(link, self.note_outputs) if link is not None else None

    def expecting(self) -> bool:
        """Would a tool call wait for a view now?"""
        return self.enabled and not self._gave_up and self._expect_view()

    def resolve(self, fallback: Any) -> Any:
        """The back-end a notebook tool uses now: the live notebook while a browser view is
        open; one that waits for a view when one may be about to connect; else `fallback`
        (the notebook file, or None)."""
        live = self.backend()
        if live is not None:
            return live
        if self.expecting():
            return AwaitingNotebook(self, fallback, self.view_wait)
        return fallback

    async def wait_for_view(self, timeout: float) -> BrowserLink | None:
        """The current view, or the first to connect within `timeout` seconds (None, and no
        more waiting until a view connects, when none does). Awaits; blocks no thread."""
        waiter: concurrent.futures.Future[BrowserLink] = concurrent.futures.Future()
        with self._lock:
            live = [x for x in self._links if not x.closed]
            if live or self._gave_up or timeout <= 0:
                return self._pick(live)
            self._waiters.append(waiter)
        try:
            woken_by = await asyncio.wait_for(asyncio.wrap_future(waiter), timeout)
            # Several views may have connected by now: pick as usual (the running page's).
            return self.current() or woken_by
        except TimeoutError:
            with self._lock:
                self._waiters = [w for w in self._waiters if w is not waiter]
                self._gave_up = not any(not x.closed for x in self._links)
            return self.current()


def _view_may_connect() -> bool:
    from .bridge_support import kernel_support, view_may_exist

    return view_may_exist() and kernel_support().answers_while_busy


# The browser views of this kernel's notebook: the `orkas` comm target adds and removes them,
# the runtime's notebook resolver reads them.
HUB = BridgeHub(expect_view=_view_may_connect)
