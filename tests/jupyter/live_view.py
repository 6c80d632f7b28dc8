"""A browser view of a notebook, played by the test: it opens the `orkas` comm on its own
subshell as the labextension does, holds the notebook document, and answers the kernel's
`nb_request`s with the same semantics as labextension/src/bridge.ts (`cells`, `insert` with
`after_id` or `index`, `update` with `replace_metadata`, `delete`)."""

from __future__ import annotations

import copy
import queue
import time
from typing import Any

from .conftest import CellResult, Kernel
from .test_lab_bridge_kernel import _open_view, _shell_on

WAIT_FOR_VIEW = """
import time as _t
from orkas_jupyter.jupyter.bridge import HUB as _HUB
_deadline = _t.monotonic() + 10
while _HUB.current() is None and _t.monotonic() < _deadline:
    _t.sleep(0.02)
print("view:", _HUB.current() is not None)
"""


def cell_json(raw: dict[str, Any]) -> dict[str, Any]:
    """bridge.ts `cellJSON`: source joined, outputs and count for code cells only."""
    source = raw.get("source", "")
    cell = {"id": raw["id"], "cell_type": raw["cell_type"],
            "source": "".join(source) if isinstance(source, list) else source,
            "metadata": copy.deepcopy(raw.get("metadata") or {})}
    if raw["cell_type"] == "code":
        cell["outputs"] = copy.deepcopy(raw.get("outputs") or [])
        cell["execution_count"] = raw.get("execution_count")
    return cell


class LiveView:
    """One open notebook page."""

    def __init__(self, kernel: Kernel, cells: list[dict[str, Any]]) -> None:
        self.kernel = kernel
        self.cells = [cell_json(c) for c in cells]
        self.requests: list[dict[str, Any]] = []
        self.subshell, self.comm_id = _open_view(kernel)
        # The comm opens on its subshell while this returns: wait until the kernel has it.
        ready = self.run(WAIT_FOR_VIEW, timeout=30)
        assert "view: True" in ready.stdout, ready.stdout

    def _index(self, cell_id: str) -> int:
        for i, c in enumerate(self.cells):
            if c["id"] == cell_id:
                return i
        raise ValueError(f"no cell with id {cell_id}")

    def apply(self, op: str, args: dict[str, Any]) -> Any:
        """What bridge.ts `_apply` does to the shared model."""
        if op == "cells":
            return [cell_json(c) for c in self.cells]
        if op == "insert":
            cell = args["cell"]
            if isinstance(args.get("index"), int):
                at = max(0, min(args["index"], len(self.cells)))
            else:
                at = self._index(args["after_id"]) + 1 if args.get("after_id") else \
                    len(self.cells)
            self.cells.insert(at, cell_json(cell))
            return {"index": at, "id": self.cells[at]["id"]}
        if op == "update":
            cell = self.cells[self._index(args["cell_id"])]
            if isinstance(args.get("source"), str):
                cell["source"] = args["source"]
            if isinstance(args.get("outputs"), list) and cell["cell_type"] == "code":
                cell["outputs"] = args["outputs"]
                cell["execution_count"] = args.get("execution_count")
            if args.get("metadata"):
                if args.get("replace_metadata"):
                    cell["metadata"] = {k: v for k, v in cell["metadata"].items()
                                        if k in args["metadata"]}
                cell["metadata"] = {**cell["metadata"], **args["metadata"]}
            return cell_json(cell)
        if op == "delete":
            del self.cells[self._index(args["cell_id"])]
            return None
        raise ValueError(f"unknown notebook operation {op}")

    def _answer(self, data: dict[str, Any]) -> None:
        self.requests.append(data)
        try:
            reply = {"type": "nb_reply", "rid": data["rid"], "ok": True,
                     "result": self.apply(data["op"], data.get("args") or {})}
        except ValueError as exc:
            reply = {"type": "nb_reply", "rid": data["rid"], "ok": False, "error": str(exc)}
        _shell_on(self.kernel, self.subshell, "comm_msg",
                  {"comm_id": self.comm_id, "data": reply})

    def run(self, code: str, *, stdin: list[str] | None = None,
            timeout: float = 120) -> CellResult:
        """Run a cell on the main shell while answering the page's requests and, when
        `stdin` is given, the cell's input prompts."""
        kc = self.kernel.kc
        msg_id = kc.execute(code, allow_stdin=stdin is not None)
        result = CellResult()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if stdin is not None:
                try:
                    req = kc.get_stdin_msg(timeout=0.01)
                    result.messages.append(req)
                    kc.input(stdin.pop(0) if stdin else "")
                except queue.Empty:
                    pass
            try:
                msg = kc.get_iopub_msg(timeout=0.05)
            except queue.Empty:
                continue
            content = msg["content"]
            data = content.get("data") or {}
            if msg["msg_type"] == "comm_msg" and data.get("type") == "nb_request":
                self._answer(data)
                continue
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            result.messages.append(msg)
            kind = msg["msg_type"]
            if kind == "stream":
                result.stdout += content["text"]
            elif kind in ("display_data", "execute_result"):
                result.outputs.append(content)
            elif kind == "clear_output":
                result.outputs.clear()
            elif kind == "error":
                result.error = content
            elif kind == "status" and content["execution_state"] == "idle":
                return result
        raise TimeoutError(f"cell did not finish: {code[:60]!r}; stdout {result.stdout[-800:]!r}")
