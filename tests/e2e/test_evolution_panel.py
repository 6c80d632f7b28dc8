"""The side panel's Evolution section in a real JupyterLab (V2, docs/evolution.md): an agent
bound with `%orkas evolve on` is corrected twice from the panel, the reflection's run appears
in the section with a Revert button, and Revert removes the private skill."""

from __future__ import annotations

from typing import Any

import pytest

from orkas_jupyter.testing import reply
from orkas_jupyter.testing.team import _system, member_of

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

DATES = "---\nname: dates\ndescription: formats dates\n---\nYou format dates.\n"
SKILL = ("---\nname: iso-dates\ndescription: Write dates as ISO 8601 (YYYY-MM-DD).\n---\n"
         "Always write dates as YYYY-MM-DD.\n")


def answer(request: Any) -> Any:
    if "You improve one AI agent" in _system(request):
        return reply(f"<skill_md>\n{SKILL}</skill_md>")
    return reply("01/31/2024" if member_of(request) == "dates" else "ok")


def test_evolution_section_lists_the_run_and_reverts_it(notebook, fake_model, lab) -> None:
    agents = lab.root / ".orkas" / "agents"
    agents.mkdir(parents=True, exist_ok=True)
    (agents / "dates.md").write_text(DATES)
    fake_model.script(answer)
    nb = notebook(["%load_ext orkas_jupyter\n%orkas evolve on dates"])
    nb.run(0)
    nb.wait_output(0, "Self-evolution is on for dates", timeout=60_000)
    panel = nb.open_panel()
    for n, text in enumerate(("@dates No, that's wrong", "@dates No, still wrong"), 1):
        panel.locator("textarea").fill(text)
        panel.locator(".orkas-Send").click()
        panel.locator(".orkas-Done").nth(n - 1).wait_for(timeout=60_000)

    section = panel.locator(".orkas-Evolution")
    applied = section.locator('.orkas-EvolutionEntry[data-status="applied"]')
    applied.wait_for(timeout=60_000)  # refreshed after the turn, and again 5 s later
    assert "dates · applied · skill iso-dates created" in applied.inner_text()
    assert "weight 10: correction ×2" in applied.inner_text()
    assert "Evolution · on for dates · 1 run" in section.locator("summary").inner_text()
    skill = lab.root / ".orkas" / "evolution" / "dates" / "skills" / "iso-dates"
    assert (skill / "SKILL.md").read_text() == SKILL
    nb.shot("evolution-panel")

    applied.locator(".orkas-EvolutionRevert").click()
    section.locator('.orkas-EvolutionEntry[data-status="reverted"]').wait_for(timeout=30_000)
    message = section.locator(".orkas-EvolutionMessage").inner_text()
    assert message.startswith("Reverted evo_") and "skill iso-dates removed" in message
    assert not skill.exists()
    assert section.locator(".orkas-EvolutionRevert").count() == 0
