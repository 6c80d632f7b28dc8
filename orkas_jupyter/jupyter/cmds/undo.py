"""`%orkas undo`: put back what an agent turn changed in cells and files (docs/magic.md)."""

from __future__ import annotations

from typing import Any

HELP = """\
%orkas undo [--turn ID]       undo the last turn's cell and file changes (or turn ID's);
                              what was changed since is left alone and listed
%orkas undo list              the turns of this session that changed something"""


def run(rt: Any, parts: list[str]) -> bool:
    """`%orkas undo`, `%orkas undo list`, `%orkas undo --turn ID`."""
    from ..undo import UndoError, turns_listing, undo_turn

    if parts == ["list"]:
        for line in turns_listing(rt):
            print(line)
        return True
    if parts and (len(parts) != 2 or parts[0] != "--turn"):
        return False
    turn_id = parts[1] if parts else None
    try:
        lines = rt.submit(undo_turn(rt, turn_id)).result(timeout=300)
    except UndoError as exc:
        print(f"undo: {exc}")
        return True
    for line in lines:
        print(line)
    return True
