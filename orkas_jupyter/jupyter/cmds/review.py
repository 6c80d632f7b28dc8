"""`%orkas review on|off`: review mode, where edits to existing cells and files wait for the
user's Accept or Reject (docs/magic.md, "Review mode"). `%orkas config review on|off` says the
same once `config` forwards the word here."""

from __future__ import annotations

from typing import Any

HELP = """\
%orkas review [on|off]        review mode: edits to existing cells and files are shown as
                              diffs and applied only when you accept (off under nbclient)"""


def run(rt: Any, parts: list[str]) -> bool:
    """Show or set review mode for this kernel."""
    if len(parts) > 1 or (parts and parts[0] not in ("on", "off")):
        return False
    if parts:
        rt.settings = rt.settings.model_copy(update={"review": parts[0] == "on"})
    on = bool(getattr(rt.settings, "review", False))
    print(f"review: {'on' if on else 'off'} — " + (
        "edits to existing cells and files are shown as diffs and wait for your Accept or "
        "Reject (applied unreviewed where nobody can be asked: nbclient, papermill)"
        if on else "the agent's edits apply at once (`%orkas undo` takes a turn back)"))
    return True
