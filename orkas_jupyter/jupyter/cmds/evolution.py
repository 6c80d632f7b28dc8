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
        change = []
        if e["skill"]:
            change.append(f"skill {e['skill']} " + ("created" if e["skill_before"] is None
                                                    else "changed"))
        if e["profile_after"] is not None:
            change.append("competence profile")
        what = ", ".join(change) or "no change"
        lines.append(f"{e['id']}  {when}  {e['agent']}  {e['status']}  {what}")
        lines.append(f"    signals: {e['summary'] or '-'}")
        lines.append(f"    model {e['model'] or '-'} · {e['input_tokens']:,} in / "
                     f"{e['output_tokens']:,} out tokens · ${e['cost_usd']:.4f}")
        if e["note"]:
            lines.append(f"    note: {e['note']}")
    return "\n".join(lines)
