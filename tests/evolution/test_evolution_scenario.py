"""The evaluation scenario (V1, V2): an agent keeps getting one kind of task wrong, the user
corrects it, reflection writes a private skill, the scripted model — seeing the skill in its
prompt — does the task right, and reverting the entry takes the skill out of the next request.

The model is scripted: this proves the mechanism (signals → reflection → skill in the prompt →
revert), not that a real model improves."""

from __future__ import annotations

import json
from typing import Any

from evolution_helpers import agent_file, is_reflection, system_of

from orkas_jupyter.engine.events import Done
from orkas_jupyter.testing import reply, tool_call
from orkas_jupyter.testing.team import last_user_text, member_of

SKILL = """---
name: iso-dates
description: Write dates as ISO 8601 (YYYY-MM-DD). Use whenever a task formats or converts dates.
---
# ISO dates
Always write dates as YYYY-MM-DD, never as MM/DD/YYYY. Check the result before answering.
"""
REFLECTION_ANSWER = (f"<skill_md>\n{SKILL}</skill_md>\n<competence>\ngood at: explaining "
                     "steps\nbad at: date formats\n</competence>")


def tool_results(request: Any) -> str:
    return json.dumps([m for m in request.messages if m["role"] == "tool"])


def scripted(request: Any) -> Any:
    """The dates agent fails until its prompt lists the iso-dates skill; then it loads the
    skill and answers in ISO format. Reflection answers with the skill."""
    if is_reflection(request):
        return reply(REFLECTION_ANSWER)
    if member_of(request) != "dates":
        return reply("ok")
    system = system_of(request)
    if "iso-dates" not in system:
        return reply("The date is 01/31/2024.")
    if "Always write dates as YYYY-MM-DD" not in tool_results(request):
        return tool_call("load_skill", {"name": "iso-dates"})
    return reply("The date is 2024-01-31.")


def test_corrections_lead_to_a_private_skill_that_reaches_the_prompt_and_revert_removes_it(
        make_lab) -> None:
    lab = make_lab(dates=agent_file("dates", "formats dates in reports"),
                   other=agent_file("other", "does other things"))
    lab.server.script(scripted)
    lab.evolution.bind("dates", True)

    first = lab.turn("dates", "What is the last day of January 2024?")
    assert first[-1].result.text == "The date is 01/31/2024."
    lab.turn("dates", "No, that's wrong: give me the date for the last day of January 2024.")
    assert not any(is_reflection(r) for r in lab.server.chat_requests)  # weight 5 < 10
    lab.turn("dates", "no. still wrong, try again")
    # Two corrections (weight 10) passed the threshold: one reflection ran, after the turn.
    reflections = [r for r in lab.server.chat_requests if is_reflection(r)]
    assert len(reflections) == 1
    summary = last_user_text(reflections[0])
    assert "[correction, weight 5] the user said: No, that's wrong" in summary
    assert reflections[0].body.get("max_tokens") == 1500

    [entry] = lab.evolution.entries("dates")
    assert entry["status"] == "applied" and entry["skill"] == "iso-dates"
    assert entry["skill_before"] is None and entry["skill_after"] == SKILL
    assert entry["input_tokens"] > 0 and "correction ×2" in entry["summary"]
    private = lab.workspace / ".orkas" / "evolution" / "dates" / "skills" / "iso-dates"
    assert (private / "SKILL.md").read_text() == SKILL
    assert lab.call("evolution.pending", agent="dates") == []  # used up by the run

    lab.server.clear_requests()
    events = lab.turn("dates", "What is the last day of January 2024?")
    assert isinstance(events[-1], Done) and events[-1].result.text == "The date is 2024-01-31."
    asks = [r for r in lab.server.chat_requests if member_of(r) == "dates"]
    assert "Write dates as ISO 8601" in system_of(asks[0])  # listed in its prompt
    assert "Always write dates as YYYY-MM-DD" in tool_results(asks[-1])  # its text loaded

    # Seen only by its agent: another agent's prompt does not list it.
    lab.server.clear_requests()
    lab.turn("other", "hello")
    assert "iso-dates" not in system_of(lab.server.chat_requests[0])

    # Commander sees the competence profile in its team section.
    lab.server.clear_requests()
    lab.run(_commander_turn(lab))
    commander = system_of(lab.server.chat_requests[0])
    assert "- dates: good at explaining steps — bad at date formats" in commander

    print(lab.evolution.revert(entry["id"]))
    assert not private.exists()
    lab.server.clear_requests()
    events = lab.turn("dates", "What is the last day of January 2024?")
    assert events[-1].result.text == "The date is 01/31/2024."
    assert "iso-dates" not in system_of(lab.server.chat_requests[0])
    assert lab.call("evolution.profiles") == {}
    assert lab.evolution.entry(entry["id"])["status"] == "reverted"


async def _commander_turn(lab: Any) -> None:
    from orkas_jupyter.host.profile import DEFAULT_PROFILE

    async for _ in lab.host.run_turn(DEFAULT_PROFILE, "c1", "who is good at what?"):
        pass
