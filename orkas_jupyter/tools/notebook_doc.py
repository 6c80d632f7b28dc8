"""The notebook the agent works on, behind one interface with two back-ends: the live
document in JupyterLab (the labextension bridge) and, with no frontend (nbclient, papermill,
plain IPython), the `.ipynb` file itself. This module has the interface and the file back-end.

The file back-end reads and writes JSON directly (nbformat 4) — importing nbformat costs about a
second — writes atomically (temp file + rename, keeping the file's permissions) and re-reads
before every change so edits made by others in between are kept. It writes the way Jupyter
does (sorted keys, one-space indent), so a change to one cell leaves the bytes of every other
cell as Jupyter saved them.
"""

from __future__ import annotations

import json
import os
import secrets
import stat
import tempfile
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from ..engine.errors import ToolError

CellType = Literal["code", "markdown", "raw"]


class Cell(BaseModel):
    """One cell as the tools see it."""

    id: str
    cell_type: CellType
    source: str
    outputs: list[dict[str, Any]] = Field(default_factory=list)
    execution_count: int | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)


class NotebookBackend(Protocol):
    """Cell operations on one notebook."""

    def describe(self) -> str:
        """Where the notebook lives, for messages."""
        ...

    async def cells(self) -> list[Cell]:
        """All cells, in order."""
        ...

    async def insert(self, cell: Cell, after_id: str | None) -> int:
        """Insert `cell` after `after_id` (None: at the end); return its index."""
        ...

    async def update(self, cell_id: str, *, source: str | None = None,
                     outputs: list[dict[str, Any]] | None = None,
                     execution_count: int | None = None,
                     metadata: dict[str, Any] | None = None) -> Cell:
        """Change fields of a cell; returns the new cell."""
        ...

    async def delete(self, cell_id: str) -> None:
        """Remove a cell."""
        ...


def new_cell_id() -> str:
    """An nbformat-style cell id."""
    return secrets.token_hex(4)


def _joined(source: str | list[str]) -> str:
    return "".join(source) if isinstance(source, list) else source


def _from_json(raw: dict[str, Any]) -> Cell:
    return Cell(id=str(raw.get("id") or ""), cell_type=raw.get("cell_type", "code"),
                source=_joined(raw.get("source", "")), outputs=list(raw.get("outputs") or []),
                execution_count=raw.get("execution_count"),
                metadata=dict(raw.get("metadata") or {}))


def _to_json(cell: Cell) -> dict[str, Any]:
    raw: dict[str, Any] = {"cell_type": cell.cell_type, "id": cell.id,
                           "metadata": cell.metadata, "source": cell.source}
    if cell.cell_type == "code":
        raw["outputs"] = cell.outputs
        raw["execution_count"] = cell.execution_count
    return raw


def notebook_text(data: dict[str, Any]) -> str:
    """A notebook as Jupyter serialises it (nbformat's JSON writer)."""
    return json.dumps(data, indent=1, sort_keys=True, separators=(",", ": "),
                      ensure_ascii=False) + "\n"


class FileNotebook:
    """A notebook file edited in place with atomic writes."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def describe(self) -> str:
        return f"notebook file {self.path}"

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except FileNotFoundError:
            raise ToolError(f"The notebook file {self.path} does not exist.") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ToolError(f"{self.path} is not a readable notebook ({exc}).") from None
        if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
            raise ToolError(f"{self.path} is not an nbformat 4 notebook (no cell list).")
        changed = False
        for raw in data["cells"]:
            if not raw.get("id"):  # nbformat < 4.5 files: give cells ids
                raw["id"] = new_cell_id()
                changed = True
        if changed:
            # Ids must be stable between reads: upgrade the file once (nbformat 4.5 has ids).
            if data.get("nbformat", 4) == 4 and data.get("nbformat_minor", 0) < 5:
                data["nbformat_minor"] = 5
            self._save(data)
        return data

    def _save(self, data: dict[str, Any]) -> None:
        text = notebook_text(data)
        try:
            mode = stat.S_IMODE(self.path.stat().st_mode)
        except FileNotFoundError:  # removed since it was read: Jupyter's usual mode
            mode = 0o644
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.",
                                   suffix=".tmp")
        try:
            # mkstemp makes the file 0600; the notebook keeps the permissions it had.
            os.fchmod(fd, mode)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @staticmethod
    def _index(data: dict[str, Any], cell_id: str) -> int:
        for i, raw in enumerate(data["cells"]):
            if raw.get("id") == cell_id:
                return i
        ids = ", ".join(str(c.get("id")) for c in data["cells"][:30])
        raise ToolError(f"No cell with id {cell_id!r}. Cell ids: {ids}. Call list_cells.")

    async def cells(self) -> list[Cell]:
        return [_from_json(raw) for raw in self._load()["cells"]]

    async def insert(self, cell: Cell, after_id: str | None) -> int:
        data = self._load()
        index = len(data["cells"]) if after_id is None else self._index(data, after_id) + 1
        data["cells"].insert(index, _to_json(cell))
        self._save(data)
        return index

    async def update(self, cell_id: str, *, source: str | None = None,
                     outputs: list[dict[str, Any]] | None = None,
                     execution_count: int | None = None,
                     metadata: dict[str, Any] | None = None) -> Cell:
        data = self._load()
        raw = data["cells"][self._index(data, cell_id)]
        if source is not None:
            raw["source"] = source
        if outputs is not None and raw.get("cell_type") == "code":
            raw["outputs"] = outputs
            raw["execution_count"] = execution_count
        if metadata is not None:
            raw["metadata"] = {**(raw.get("metadata") or {}), **metadata}
        self._save(data)
        return _from_json(raw)

    async def delete(self, cell_id: str) -> None:
        data = self._load()
        del data["cells"][self._index(data, cell_id)]
        self._save(data)
