"""Plan mode in a real kernel (O7): `%%orkas plan` runs a written plan with a live DAG under
the cell, a user step blocks it until `%orkas plan answer`, `%orkas plan` prints it as text,
an interrupt pauses it and `%orkas plan resume` goes on; a bad plan is one line, no model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from orkas_jupyter.testing import reply
from orkas_jupyter.testing.team import last_user_text, member_of, write_agents

TUTOR = "---\nname: tutor\ndescription: explains\n---\nTeach.\n"
CRITIC = "---\nname: critic\ndescription: checks\n---\nCheck.\n"
PLAN = """%%orkas plan
title: launch note
steps:
  - {id: 1, title: facts, assignee: tutor, input: "facts about the launch"}
  - {id: 2, title: risks, assignee: critic, input: "risks", wait_for: []}
  - {id: 3, title: budget, assignee: user, input: "What is the budget?", wait_for: [1]}
  - {id: 4, title: note, assignee: commander, wait_for: [1, 2, 3],
     input: "Write the note from {{step_1.output}}, {{step_2.output}}, {{step_3.output}}"}
"""


def agents(workspace: Path) -> None:
    write_agents(workspace, tutor=TUTOR, critic=CRITIC)


def answer(request: Any) -> Any:
    member = member_of(request)
    text = last_user_text(request)
    if text == "slow":
        return reply(" ".join(f"w{i}" for i in range(300)), chunk_chars=4, chunk_delay=0.03)
    if member == "commander":
        return reply(f"NOTE[{text}]")
    return reply(f"{member.upper()}: {text}")


def test_a_written_plan_runs_blocks_on_the_user_and_finishes(kernel, fake_model,
                                                             tmp_path: Path) -> None:
    agents(tmp_path)
    fake_model.script(answer)
    kernel.run("%load_ext orkas_jupyter")
    bad = kernel.run("%%orkas plan\nsteps:\n  - {id: 1, title: x, assignee: nobody}\n")
    assert "%%orkas plan: step 1 assignee: 'nobody' is not" in bad.stdout
    assert "Nothing was started." in bad.stdout and fake_model.chat_requests == []

    cell = kernel.run(PLAN, timeout=120)
    assert cell.error is None, cell.error
    html = "".join(cell.data("text/html"))
    assert "orkas-plan-dag" in html and 'data-step="3" data-status="blocked"' in html
    markdown = "".join(cell.data("text/markdown"))
    assert "waiting for your answer: *What is the budget?*" in markdown
    # The live view was updated in place while the plan ran.
    updates = [m for m in cell.messages if m.get("msg_type") == "update_display_data"]
    assert updates
    text = kernel.run("%orkas plan").stdout
    assert "blocked, 2/4 steps done" in text and "%orkas plan answer 3" in text

    wrong = kernel.run("%orkas plan answer 4 too early", timeout=60)
    assert "step 4 is pending, not waiting for an answer" in "".join(
        wrong.data("text/markdown")) + wrong.stdout
    cell = kernel.run("%orkas plan answer 3 5000 EUR", timeout=120)
    markdown = "".join(cell.data("text/markdown"))
    assert "done, 4/4 steps done" in markdown
    note = next(r for r in fake_model.chat_requests if member_of(r) == "commander")
    assert last_user_text(note) == ("Write the note from TUTOR: facts about the launch, "
                                    "CRITIC: risks, 5000 EUR")


def test_an_interrupt_pauses_and_resume_goes_on(kernel, fake_model, tmp_path: Path) -> None:
    agents(tmp_path)
    fake_model.script(answer)
    kernel.run("%load_ext orkas_jupyter")
    cell = kernel.run("%%orkas plan\nsteps:\n  - {id: 1, title: long, assignee: tutor, "
                      "input: slow}\n  - {id: 2, title: after, assignee: critic}\n",
                      timeout=60, interrupt_when="tutor is answering")
    assert cell.error is not None and cell.error["ename"] == "KeyboardInterrupt"
    assert "paused, 0/2 steps done" in kernel.run("%orkas plan").stdout
    fake_model.script(lambda r: reply(f"{member_of(r)} quick"))
    cell = kernel.run("%orkas plan resume", timeout=120)
    assert "done, 2/2 steps done" in "".join(cell.data("text/markdown"))
