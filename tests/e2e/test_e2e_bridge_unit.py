"""The bridge's kernel half against a scripted browser (no Jupyter): requests, replies from
another thread, errors, timeouts, closed views, the runtime seam, and waiting for a view that
is still connecting."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from orkas_jupyter.engine.errors import ToolError
from orkas_jupyter.jupyter.bridge import AwaitingNotebook, BridgeHub, BrowserLink, LiveNotebook
from orkas_jupyter.jupyter.bridge_support import view_may_exist
from orkas_jupyter.tools.notebook_doc import Cell


class FakeBrowser:
    """Answers `nb_request`s from a thread of its own, like a comm subshell does."""

    def __init__(self, cells: list[dict[str, Any]], *, answer: bool = True) -> None:
        self.cells = cells
        self.answer = answer
        self.requests: list[dict[str, Any]] = []
        self.link = BrowserLink(self.receive, path="work/analysis.ipynb", timeout=2)

    def receive(self, msg: dict[str, Any]) -> None:
        self.requests.append(msg)
        if self.answer:
            threading.Thread(target=self._reply, args=(msg,)).start()

    def _index(self, cell_id: str) -> int:
        for i, cell in enumerate(self.cells):
            if cell["id"] == cell_id:
                return i
        raise ValueError(f"no cell with id {cell_id}")

    def _reply(self, msg: dict[str, Any]) -> None:
        op, args = msg["op"], msg["args"]
        try:
            if op == "cells":
                result: Any = [dict(c) for c in self.cells]
            elif op == "insert":
                at = self._index(args["after_id"]) + 1 if args["after_id"] else len(self.cells)
                self.cells.insert(at, dict(args["cell"]))
                result = {"index": at, "id": args["cell"]["id"]}
            elif op == "update":
                cell = self.cells[self._index(args["cell_id"])]
                for key in ("source", "outputs", "execution_count"):
                    if key in args:
                        cell[key] = args[key]
                if "metadata" in args:
                    cell["metadata"] = {**cell.get("metadata", {}), **args["metadata"]}
                result = dict(cell)
            elif op == "delete":
                del self.cells[self._index(args["cell_id"])]
                result = None
            else:
                raise ValueError(f"unknown op {op}")
            reply = {"type": "nb_reply", "rid": msg["rid"], "ok": True, "result": result}
        except ValueError as exc:
            reply = {"type": "nb_reply", "rid": msg["rid"], "ok": False, "error": str(exc)}
        self.link.resolve(reply)


def _cells() -> list[dict[str, Any]]:
    return [{"id": "a1", "cell_type": "code", "source": "x = 1  # typed, not saved",
             "outputs": [], "execution_count": None, "metadata": {}},
            {"id": "b2", "cell_type": "markdown", "source": ["# Title\n", "text"],
             "metadata": {}}]


async def test_live_notebook_reads_and_edits_the_browser_document():
    browser = FakeBrowser(_cells())
    nb = LiveNotebook(browser.link)
    cells = await nb.cells()
    assert [c.id for c in cells] == ["a1", "b2"]
    assert cells[0].source == "x = 1  # typed, not saved"
    assert cells[1].source == "# Title\ntext"  # list sources are joined
    index = await nb.insert(Cell(id="c3", cell_type="code", source="print(x)",
                                 metadata={"orkas": {"session": "s1"}}), "a1")
    assert index == 1
    assert [c["id"] for c in browser.cells] == ["a1", "c3", "b2"]
    out = [{"output_type": "stream", "name": "stdout", "text": "1\n"}]
    updated = await nb.update("c3", outputs=out, execution_count=None,
                              metadata={"orkas": {"session": "s1", "turn": 2}})
    assert updated.outputs == out
    assert browser.cells[1]["metadata"] == {"orkas": {"session": "s1", "turn": 2}}
    await nb.delete("a1")
    assert [c["id"] for c in browser.cells] == ["c3", "b2"]
    assert "work/analysis.ipynb" in nb.describe()


async def test_browser_errors_become_tool_errors_and_change_nothing():
    browser = FakeBrowser(_cells())
    nb = LiveNotebook(browser.link)
    with pytest.raises(ToolError, match="no cell with id zz"):
        await nb.update("zz", source="y")
    assert browser.cells[0]["source"] == "x = 1  # typed, not saved"


async def test_insert_that_loses_the_id_is_reported():
    browser = FakeBrowser(_cells())
    original = browser._reply

    def renaming(msg: dict[str, Any]) -> None:
        if msg["op"] == "insert":
            msg["args"]["cell"]["id"] = "other"
        original(msg)

    browser._reply = renaming  # type: ignore[method-assign]
    with pytest.raises(ToolError, match="did not keep the new cell's id"):
        await LiveNotebook(browser.link).insert(Cell(id="c3", cell_type="code", source=""), None)


async def test_silent_browser_times_out_with_a_clear_message():
    browser = FakeBrowser(_cells(), answer=False)
    browser.link.timeout = 0.2
    with pytest.raises(ToolError, match="did not answer within"):
        await LiveNotebook(browser.link).cells()
    # A late reply to the abandoned request is ignored.
    assert not browser.link.resolve({"type": "nb_reply", "rid": browser.requests[0]["rid"],
                                     "ok": True, "result": []})


async def test_a_view_that_timed_out_is_dropped_for_the_next_one():
    hub = BridgeHub()
    answering, silent = FakeBrowser(_cells()), FakeBrowser(_cells(), answer=False)
    silent.link.timeout = 0.2
    hub.add(answering.link)
    hub.add(silent.link)  # newest: asked first
    with pytest.raises(ToolError, match="no longer used"):
        await LiveNotebook(silent.link).cells()
    backend = hub.backend()
    assert backend is not None and backend.link is answering.link
    assert [c.id for c in await backend.cells()] == ["a1", "b2"]


async def test_closing_the_view_fails_waiting_requests_at_once():
    browser = FakeBrowser(_cells(), answer=False)
    hub = BridgeHub()
    hub.add(browser.link)
    task = asyncio.ensure_future(LiveNotebook(browser.link).cells())
    await asyncio.sleep(0.05)
    hub.remove(browser.link)
    with pytest.raises(ToolError, match="browser view closed"):
        await asyncio.wait_for(task, 1)
    assert hub.current() is None
    with pytest.raises(ToolError, match="browser view closed"):
        await LiveNotebook(browser.link).cells()


def test_a_failing_transport_is_a_tool_error():
    def broken(msg: dict[str, Any]) -> None:
        raise OSError("comm closed")

    future = BrowserLink(broken).request("cells")
    with pytest.raises(ToolError, match="Could not reach the notebook"):
        future.result(timeout=1)


def test_hub_resolves_to_the_newest_live_view_and_falls_back_to_the_file():
    hub = BridgeHub()
    file_backend = object()
    assert hub.resolve(file_backend) is file_backend
    first, second = FakeBrowser(_cells()), FakeBrowser(_cells())
    hub.add(first.link)
    hub.add(second.link)
    live = hub.resolve(file_backend)
    assert isinstance(live, LiveNotebook) and live.link is second.link  # newest view answers
    hub.remove(second.link)
    assert hub.resolve(file_backend).link is first.link
    hub.remove(first.link)
    assert hub.resolve(file_backend) is file_backend
    assert hub.resolve(None) is None


class FileStandIn:
    """A file back-end that records whether it was used."""

    def __init__(self) -> None:
        self.used: list[str] = []

    def describe(self) -> str:
        return "notebook file x.ipynb"

    async def cells(self) -> list[Cell]:
        self.used.append("cells")
        return [Cell(id="f1", cell_type="code", source="from the file")]

    async def insert(self, cell: Cell, after_id: str | None) -> int:
        self.used.append("insert")
        return 0


def _expecting_hub(wait: float) -> BridgeHub:
    return BridgeHub(expect_view=lambda: True, view_wait=wait)


async def test_a_tool_call_waits_for_a_view_that_connects_late_and_never_touches_the_file():
    hub, file_backend = _expecting_hub(5), FileStandIn()
    browser = FakeBrowser(_cells())
    backend = hub.resolve(file_backend)
    assert isinstance(backend, AwaitingNotebook)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    tick = asyncio.ensure_future(ticker())
    # The view connects from another thread (a comm subshell) 0.3 s later.
    threading.Timer(0.3, hub.add, args=(browser.link,)).start()
    started = time.monotonic()
    cells = await backend.cells()
    waited = time.monotonic() - started
    tick.cancel()
    assert [c.id for c in cells] == ["a1", "b2"] and file_backend.used == []
    assert 0.25 < waited < 2
    assert ticks > 10  # the wait blocked no event loop
    # The same tool call sticks to the view it found.
    await backend.insert(Cell(id="c3", cell_type="code", source="print(1)"), None)
    assert [c["id"] for c in browser.cells] == ["a1", "b2", "c3"]
    assert isinstance(hub.resolve(file_backend), LiveNotebook)


async def test_no_view_within_the_wait_uses_the_file_then_stops_waiting_until_one_connects():
    hub, file_backend = _expecting_hub(0.3), FileStandIn()
    started = time.monotonic()
    cells = await hub.resolve(file_backend).cells()
    assert [c.id for c in cells] == ["f1"] and time.monotonic() - started >= 0.25
    # Given up: the next call uses the file at once.
    assert hub.resolve(file_backend) is file_backend
    browser = FakeBrowser(_cells())
    hub.add(browser.link)
    assert isinstance(hub.resolve(file_backend), LiveNotebook)
    hub.remove(browser.link)
    # A view came and went: a next view may come again (a page reload), so wait once more.
    assert isinstance(hub.resolve(file_backend), AwaitingNotebook)


async def test_a_view_connecting_after_the_file_was_chosen_does_not_split_the_call():
    hub, file_backend = _expecting_hub(0.2), FileStandIn()
    backend = hub.resolve(file_backend)
    await backend.cells()
    browser = FakeBrowser(_cells())
    hub.add(browser.link)
    await backend.insert(Cell(id="c3", cell_type="code", source=""), None)
    assert file_backend.used == ["cells", "insert"] and browser.requests == []


async def test_no_view_and_no_notebook_file_is_a_clear_tool_error():
    backend = _expecting_hub(0.1).resolve(None)
    with pytest.raises(ToolError, match=r"notebook is not known.*ORKAS_NOTEBOOK"):
        await backend.cells()


def test_outside_jupyter_server_nothing_waits():
    hub = BridgeHub(expect_view=lambda: False, view_wait=5)
    file_backend = FileStandIn()
    assert hub.resolve(file_backend) is file_backend


def test_a_disabled_bridge_uses_the_file_even_with_a_view_open():
    hub, file_backend = _expecting_hub(5), FileStandIn()
    hub.add(FakeBrowser(_cells()).link)
    hub.disable("ipykernel 9.0 routes notebook messages in a way Orkas does not know")
    assert hub.resolve(file_backend) is file_backend


def test_the_default_hub_expects_a_view_only_under_jupyter_server():
    assert view_may_exist({"JPY_SESSION_NAME": "/w/a.ipynb", "JPY_PARENT_PID": "12"})
    assert not view_may_exist({"JPY_SESSION_NAME": "/w/a.ipynb"})  # not jupyter-server
    assert not view_may_exist({"ORKAS_NOTEBOOK": "/w/a.ipynb"})  # nbclient, papermill
    assert not view_may_exist({"JPY_SESSION_NAME": "/w/console-1", "JPY_PARENT_PID": "12"})


def test_the_page_that_ran_the_cell_answers_not_the_newest_tab():
    # Two browser tabs on one notebook hold two documents: the agent's cell must land in the
    # tab where the user ran the cell (or chatted), even when another tab opened later.
    hub = BridgeHub()
    tab_a = BrowserLink(lambda msg: None, client="page-a")
    tab_b = BrowserLink(lambda msg: None, client="page-b")
    hub.add(tab_a)
    hub.add(tab_b)
    assert hub.current() is tab_b  # nothing ran yet: the newest
    hub.note_client("page-a")
    assert hub.current() is tab_a
    second_view_a = BrowserLink(lambda msg: None, client="page-a")  # New View, same page
    hub.add(second_view_a)
    assert hub.current() is second_view_a
    hub.remove(second_view_a)
    hub.remove(tab_a)
    assert hub.current() is tab_b  # page A closed: the other tab answers
