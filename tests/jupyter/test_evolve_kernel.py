"""`%orkas evolve` and `%orkas evolution log|diff|revert` in a real kernel (V1, V2): an agent
bound to evolve is corrected twice, reflection runs after the turn on the agent thread, the
log shows the run, diff shows the skill, revert removes it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from orkas_jupyter.testing import reply
from orkas_jupyter.testing.team import _system

from .conftest import Kernel

SKILL = """---
name: iso-dates
description: Write dates as ISO 8601 (YYYY-MM-DD).
---
Always write dates as YYYY-MM-DD.
"""


def answer(request: Any) -> Any:
    if "You improve one AI agent" in _system(request):
        return reply(f"<skill_md>\n{SKILL}</skill_md>")
    return reply("01/31/2024")


def _panel(kernel: Kernel, call: str) -> dict[str, Any]:
    """What the side panel's Evolution section reads (labextension/src/evolution.ts)."""
    out = kernel.run("__import__('orkas_jupyter.jupyter.cmds.evolution', "
                     f"fromlist=['panel_view']).{call}").stdout
    line = next(x for x in out.splitlines() if x.startswith("ORKAS_EVOLUTION "))
    view: dict[str, Any] = json.loads(line.removeprefix("ORKAS_EVOLUTION "))
    return view


def test_evolve_log_diff_revert(kernel: Kernel, fake_model, tmp_path: Path) -> None:
    agents = tmp_path / ".orkas" / "agents"
    agents.mkdir(parents=True)
    (agents / "dates.md").write_text("---\nname: dates\ndescription: formats dates\n---\n"
                                     "You format dates.\n")
    fake_model.script(answer)
    assert kernel.run("%load_ext orkas_jupyter").error is None
    off = kernel.run("%orkas evolve")
    assert "Self-evolution is off" in off.stdout, off.stdout
    assert "no agent named 'nobody'" in kernel.run("%orkas evolve on nobody").stdout
    on = kernel.run("%orkas evolve on dates")
    assert "Self-evolution is on for dates" in on.stdout, on.stdout

    for text in ("No, that's wrong", "No, still wrong"):
        turn = kernel.run(f"%orkas @dates {text}", timeout=120)
        assert turn.error is None and "01/31/2024" in turn.stdout + str(turn.outputs)

    deadline = time.monotonic() + 30
    log = kernel.run("%orkas evolution log").stdout
    while "applied" not in log and time.monotonic() < deadline:
        time.sleep(0.3)
        log = kernel.run("%orkas evolution log").stdout
    assert "dates  applied  skill iso-dates created" in log, log
    assert "signals: weight 10: correction ×2" in log
    entry_id = log.split()[0]

    status = kernel.run("%orkas evolve").stdout
    assert "private skills: iso-dates in " in status, status
    diff = kernel.run(f"%orkas evolution diff {entry_id}").stdout
    assert "+name: iso-dates" in diff and "+Always write dates as YYYY-MM-DD." in diff
    skill = tmp_path / ".orkas" / "evolution" / "dates" / "skills" / "iso-dates"
    assert skill.is_dir()
    panel = _panel(kernel, "panel_view()")
    assert panel["bound"] == ["dates"] and panel["entries"][0]["id"] == entry_id
    assert panel["entries"][0]["revertable"] and panel["entries"][0]["change"] == (
        "skill iso-dates created")
    panel = _panel(kernel, f"panel_revert({entry_id!r})")  # the section's Revert button
    assert panel["message"] == f"Reverted {entry_id} (dates): skill iso-dates removed."
    assert panel["entries"][0]["status"] == "reverted" and not panel["entries"][0]["revertable"]
    assert not skill.exists()
    again = kernel.run(f"%orkas evolution revert {entry_id}").stdout
    assert "only applied entries can be reverted" in again
    assert "no evolution entry 'evo_nope'" in kernel.run("%orkas evolution diff evo_nope").stdout
    assert "pending signal weight 0 of 10" in kernel.run("%orkas evolve").stdout
