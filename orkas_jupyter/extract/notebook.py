"""Jupyter notebooks cell by cell, each with a locator naming the cell."""

from __future__ import annotations

from .errors import ExtractError


def notebook_cells(text: str) -> list[tuple[str, str]]:
    """(source, locator) for each non-empty cell of the notebook JSON `text`; the locator is
    `cell <id>`, or `cell #<n>` (1-based) for notebooks whose cells have no ids."""
    import nbformat

    try:
        nb = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
    except Exception as exc:  # nbformat raises several unrelated types for bad JSON
        raise ExtractError(f"not a readable notebook: {str(exc)[:200]}") from None
    cells: list[tuple[str, str]] = []
    for index, cell in enumerate(nb.cells):
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(source)
        if not source.strip():
            continue
        cells.append((source, f"cell {cell.get('id') or f'#{index + 1}'}"))
    return cells
