"""Undo a turn from the kernel (`%orkas undo`, the side panel's "Undo turn"): load the turn's
checkpoint from the store, put its cells back through the notebook the kernel reaches now —
the live document in the browser when a view is open, else the `.ipynb` file — and its files
through the workspace sandbox, then record the undo in the session (docs/magic.md, "Undo").
"""

from __future__ import annotations

import time
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from ..engine.errors import ToolError
from ..host.checkpoints import TurnInfo, list_turns, load_turn, record_undo
from ..tools.checkpoint import joined
from ..tools.undo import CellDoc, FileCells, undo_changes

if TYPE_CHECKING:
    from .bridge import BrowserLink
    from .runtime import KernelRuntime


class UndoError(Exception):
    """The undo cannot start (nothing to undo, turn still running…); says what to do."""


class LiveCells:
    """`CellDoc` over the notebook open in the browser (the bridge's `nb_request`s)."""

    def __init__(self, link: BrowserLink) -> None:
        self.link = link

    def name(self) -> str:
        return PurePath(self.link.path).name

    async def raw_cells(self) -> list[dict[str, Any]]:
        cells = await self.link.call("cells")
        if not isinstance(cells, list):
            raise ToolError("the browser sent a malformed cell list; reload the notebook page")
        return [dict(c) for c in cells]

    async def put(self, raw: dict[str, Any], index: int) -> None:
        cell = {**raw, "source": joined(raw.get("source"))}
        result = await self.link.call("insert", cell=cell, after_id=None, index=index)
        if not isinstance(result, dict) or result.get("index") != index \
                or result.get("id") != raw.get("id"):
            raise ToolError("the notebook page did not put the cell where it was (its Orkas "
                            "extension may be older than the kernel's: reload the page)")

    async def replace(self, raw: dict[str, Any]) -> None:
        args: dict[str, Any] = {"cell_id": raw.get("id"), "source": joined(raw.get("source")),
                                "metadata": raw.get("metadata") or {}, "replace_metadata": True}
        if raw.get("cell_type") == "code":
            args["outputs"] = raw.get("outputs") or []
            args["execution_count"] = raw.get("execution_count")
        result = await self.link.call("update", **args)
        if not isinstance(result, dict) or (result.get("metadata") or {}) != args["metadata"]:
            raise ToolError("the notebook page kept metadata the turn added (its Orkas "
                            "extension may be older than the kernel's: reload the page)")

    async def remove(self, cell_id: str) -> None:
        await self.link.call("delete", cell_id=cell_id)


def notebook_doc(rt: KernelRuntime) -> CellDoc | None:
    """The notebook as undo edits it: the browser's live document, else the file."""
    from .bridge import HUB

    link = HUB.current() if HUB.enabled else None
    if link is not None:
        return LiveCells(link)
    path = rt.notebook_file()
    return FileCells(path) if path is not None else None


def _client(rt: KernelRuntime) -> Any:
    client = getattr(rt.store(), "sync", None)
    if client is None:
        raise UndoError("undo needs the workspace store (this kernel runs without it)")
    return client


def _session(rt: KernelRuntime) -> str:
    return rt.current_session or rt.default_session()


def turns_listing(rt: KernelRuntime, limit: int = 20) -> list[str]:
    """`%orkas undo list`: the session's turns that changed something, newest first."""
    turns = list_turns(_client(rt), _session(rt), limit)
    if not turns:
        return ["no turn of this session changed a cell or a file yet"]
    lines = []
    for info in turns:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.started_at))
        state = ("undone" if info.undone_at else "unfinished" if info.ended_at is None
                 else "can be undone")
        lines.append(f"{info.turn_id:24} {when}  {info.changes:3} change"
                     f"{'s' * (info.changes != 1)}  {state:14} {info.prompt[:60]}")
    return lines


def _pick(rt: KernelRuntime, turn_id: str | None) -> str:
    if turn_id is not None:
        return turn_id
    for info in list_turns(_client(rt), _session(rt), 1000):
        if info.undone_at is None:
            return info.turn_id
    raise UndoError("nothing to undo: no turn of this session changed a cell or a file (or "
                    "all were undone); `%orkas undo list` shows them")


def _check(rt: KernelRuntime, info: TurnInfo) -> None:
    if info.undone_at is not None:
        raise UndoError(f"turn {info.turn_id} was already undone")
    agent = rt.find_agent(info.session_id)
    # A turn of the session running now would interleave with the undo and its note in the
    # history; a turn that never finished (its kernel died) can be undone.
    if agent is not None and agent.running:
        raise UndoError("a turn of this session is running; stop it first (interrupt the "
                        "cell, or `%orkas stop`), then undo")


async def undo_turn(rt: KernelRuntime, turn_id: str | None = None) -> list[str]:
    """Undo one turn (default: the session's last finished, not yet undone one); returns the
    report's lines, which the session also records. Runs on the agent thread."""
    client = _client(rt)
    info, changes = load_turn(client, _pick(rt, turn_id))
    _check(rt, info)
    workspace = rt.host.workspace()
    report = await undo_changes(changes, notebook_doc(rt), workspace.sandbox)
    asked = f" (“{info.prompt[:80]}”)" if info.prompt else ""
    lines = [f"undid turn {info.turn_id}{asked}", *report.lines()]
    await record_undo(rt.host, info, report.lines())
    return lines
