"""`%orkas evolution log|diff ID|revert ID`: every change self-evolution made, what it
changed, and undoing one (docs/evolution.md)."""

from __future__ import annotations

import time
from typing import Any

HELP = """\
%orkas evolution log [AGENT]  self-evolution's runs: signals, change, model, tokens, cost
%orkas evolution diff ID      what run ID changed (skill and competence profile)
%orkas evolution revert ID    undo run ID's change; a reverted skill is gone next turn"""


def run(rt: Any, parts: list[str]) -> bool:
    from ...evolution.reflect import entry_diff
    from ...evolution.service import EvolutionError, install_evolution

    if not parts or parts[0] not in ("log", "diff", "revert"):
        return False
    evolution = install_evolution(rt.host)
    if parts[0] == "log":
        if len(parts) > 2:
            return False
        evolution.sync_undos()  # turns undone since the last look count now
        print(log_text(evolution.entries(parts[1] if len(parts) == 2 else None)))
        return True
    if len(parts) != 2:
        return False
    try:
        if parts[0] == "diff":
            print(entry_diff(evolution.entry(parts[1])) or "(this run changed nothing)")
        else:
            print(evolution.revert(parts[1]))
    except EvolutionError as exc:
        print(f"evolution: {exc}")
    return True


def log_text(entries: list[dict[str, Any]]) -> str:
    """One block per run, newest first."""
    if not entries:
        return "No self-evolution runs yet."
    lines = []
    for e in entries:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(e["created_at"]))
        lines.append(f"{e['id']}  {when}  {e['agent']}  {e['status']}  {_change(e)}")
        lines.append(f"    signals: {e['summary'] or '-'}")
        lines.append(f"    model {e['model'] or '-'} · {e['input_tokens']:,} in / "
                     f"{e['output_tokens']:,} out tokens · ${e['cost_usd']:.4f}")
        if e["note"]:
            lines.append(f"    note: {e['note']}")
    return "\n".join(lines)


# -- the side panel's Evolution section (labextension/src/evolution.ts) -----------------------
PANEL_MARK = "ORKAS_EVOLUTION "


def _change(e: dict[str, Any]) -> str:
    change = []
    if e["skill"]:
        change.append(f"skill {e['skill']} " + ("created" if e["skill_before"] is None
                                                else "changed"))
    if e["profile_after"] is not None:
        change.append("competence profile")
    return ", ".join(change) or "no change"


def panel_view(message: str = "") -> None:
    """Print the section's view as one line: `ORKAS_EVOLUTION {json}` (bound agents, the last
    runs, which can be reverted), after `message` if any."""
    import json

    from ...evolution.service import install_evolution
    from ..runtime import get_runtime

    try:
        evolution = install_evolution(get_runtime().host)
        evolution.sync_undos()
    except Exception as exc:  # the section shows why instead of a traceback nobody sees
        print(PANEL_MARK + json.dumps({"bound": [], "entries": [],
                                       "message": f"Evolution: {exc}"}))
        return
    entries = [{"id": e["id"], "agent": e["agent"], "status": e["status"],
                "change": _change(e), "summary": e["summary"], "model": e["model"],
                "tokens": e["input_tokens"] + e["output_tokens"], "cost_usd": e["cost_usd"],
                "note": e["note"], "created_at": e["created_at"],
                "revertable": e["status"] == "applied"} for e in evolution.entries(limit=20)]
    view = {"bound": sorted(evolution.bound), "entries": entries, "message": message}
    print(PANEL_MARK + json.dumps(view))


def panel_revert(entry_id: str) -> None:
    """The section's Revert button: revert, then print the view with the outcome."""
    from ...evolution.service import EvolutionError, install_evolution
    from ..runtime import get_runtime

    try:
        message = install_evolution(get_runtime().host).revert(entry_id)
    except EvolutionError as exc:
        message = f"Not reverted: {exc}"
    panel_view(message)
