"""The plan in the side panel, in a real JupyterLab (issue 16 item 4, O7): a plan a
`%%orkas plan` cell drives is a live DAG in the panel — two agents from files, a fan-in and a
user step; the steps answer after a short delay, so the boxes change colour while the test
watches (running → done, the same element updated in place); a click shows a step's output;
the blocked step's question is answered in the panel and the plan finishes; a reload draws the
plan again; Pause then Resume on a second plan."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.testing import reply
from orkas_jupyter.testing.team import last_user_text, member_of

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "jupyterlab"
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
SECOND = """%%orkas plan
title: long review
steps:
  - {id: 1, title: outline, assignee: tutor, input: "outline"}
  - {id: 2, title: review, assignee: critic, input: "slow review"}
"""
BLUE, GREEN = "#54aeff", "#4ac26b"  # in_progress, done (plan_view.py STATUS_COLORS)


def _box(panel: Any, step: int) -> Any:
    return panel.locator(f'.orkas-PlanStep[data-step="{step}"]')


def _fill(box: Any) -> str:
    return str(box.locator("rect").get_attribute("fill"))


def _widen(page: Any, panel: Any, by: int = 330) -> None:
    """Drag the side panel's edge to the left, for a readable screenshot."""
    box = panel.bounding_box()
    x, y = box["x"] - 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - by, y, steps=8)
    page.mouse.up()


def _reload(nb: Any) -> Any:
    page = nb.page
    page.reload()
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=60_000)
    page.wait_for_function(
        "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
        "?.status === 'idle'", timeout=60_000)
    nb.wait_connected()
    return nb.open_panel()


def test_a_plan_is_a_live_dag_in_the_panel(notebook, fake_model, lab, tmp_path: Path) -> None:
    agents = lab.root / ".orkas" / "agents"
    agents.mkdir(parents=True, exist_ok=True)
    (agents / "tutor.md").write_text(TUTOR)
    (agents / "critic.md").write_text(CRITIC)
    slow = {"review": True}

    def answer(request: Any) -> Any:
        member, text = member_of(request), last_user_text(request)
        if member == "commander":
            return reply(f"NOTE[{text}]")
        if text == "slow review" and slow["review"]:
            return reply("word " * 600, chunk_chars=5, chunk_delay=0.05)  # ~6 s
        # A short delay: each step is seen running before it is done.
        return reply(f"{member.upper()}: {text}", first_byte_delay=1.5)

    fake_model.script(answer)
    nb = notebook(["%load_ext orkas_jupyter", PLAN, SECOND])
    panel = nb.open_panel()
    nb.run(0)
    nb.wait_idle()
    plan = panel.locator(".orkas-Plan")

    # 1. The cell drives the plan; the panel's DAG follows it.
    nb.run(1)
    risks = _box(panel, 2)
    panel.locator('.orkas-PlanStep[data-step="2"][data-status="in_progress"]').wait_for(
        timeout=30_000)
    assert _fill(risks) == BLUE
    assert _box(panel, 1).get_attribute("data-status") == "done"
    assert "running" in risks.text_content()
    # The box is updated in place: hold it and watch its colour change.
    held = risks.element_handle()
    nb.shot("plan-panel-running")
    panel.locator('.orkas-PlanStep[data-step="2"][data-status="done"]').wait_for(
        timeout=30_000)
    assert held.evaluate("e => e.isConnected && e.getAttribute('data-status')") == "done"
    assert _fill(risks) == GREEN
    assert panel.locator(".orkas-PlanArrow").count() == 4  # 1→3, 1→4, 2→4, 3→4
    assert panel.locator('.orkas-PlanArrow[data-from="3"][data-to="4"]').count() == 1
    nb.wait_output(1, "What is the budget?", timeout=60_000)
    nb.wait_idle()
    assert plan.get_attribute("data-status") == "blocked"
    assert _box(panel, 3).get_attribute("data-status") == "blocked"
    assert "user" in _box(panel, 3).text_content()

    # 2. A click shows a step's output.
    _box(panel, 1).click()
    detail = panel.locator(".orkas-PlanDetail")
    detail.locator(".orkas-PlanDetailText", has_text="TUTOR: facts about the launch").wait_for()
    assert "facts — tutor, done" in detail.locator(".orkas-PlanDetailHead").inner_text()

    # 3. The blocked step's question, answered in the panel: the plan finishes.
    question = panel.locator('.orkas-PlanQuestion[data-step="3"]')
    assert "What is the budget?" in question.inner_text()
    assert panel.locator(".orkas-PlanAction.orkas-mod-resume").is_disabled()
    question.locator("textarea").fill("5000 EUR")
    question.locator(".orkas-PlanAnswer").click()
    panel.locator('.orkas-Plan[data-status="done"]').wait_for(timeout=60_000)
    assert question.count() == 0
    assert [_box(panel, i).get_attribute("data-status") for i in (1, 2, 3, 4)] == ["done"] * 4
    assert _fill(_box(panel, 4)) == GREEN
    _box(panel, 4).click()
    note = "NOTE[Write the note from TUTOR: facts about the launch, CRITIC: risks, 5000 EUR]"
    detail.locator(".orkas-PlanDetailText", has_text=note).wait_for()
    panel.locator(".orkas-Status", has_text="idle").wait_for()
    assert all(panel.locator(f".orkas-PlanAction.orkas-mod-{a}").is_disabled()
               for a in ("pause", "resume", "cancel"))
    # The step that ran in the panel's turn is a card in the chat, done.
    card = panel.locator('.orkas-Dispatch[data-agent="commander"]')
    assert card.get_attribute("data-state") == "done"
    assert "step 4: note" in card.locator(".orkas-DispatchTask").inner_text()
    _widen(nb.page, panel)
    _box(panel, 4).click()
    _box(panel, 3).click()  # its answer, for the screenshot
    shot = tmp_path / "plan-panel.png"
    nb.page.screenshot(path=str(shot))
    DOCS.mkdir(parents=True, exist_ok=True)
    nb.page.screenshot(path=str(DOCS / "plan-panel.png"))
    print(f"plan panel screenshot: {shot} (and {DOCS / 'plan-panel.png'})")

    # 4. A reload draws the plan again from the kernel.
    panel = _reload(nb)
    panel.locator('.orkas-Plan[data-status="done"]').wait_for()
    assert [_box(panel, i).get_attribute("data-status") for i in (1, 2, 3, 4)] == ["done"] * 4

    # 5. Pause while a second plan's slow step runs, then Resume: it goes on to the end.
    nb.run(2)
    panel.locator('.orkas-Plan[data-status="running"] '
                  '.orkas-PlanStep[data-step="2"][data-status="in_progress"]').wait_for(
        timeout=30_000)
    assert panel.locator(".orkas-PlanTitle").inner_text() == "Plan: long review"
    panel.locator(".orkas-PlanAction.orkas-mod-pause").click()
    panel.locator('.orkas-Plan[data-status="paused"]').wait_for(timeout=15_000)
    # the plan is saved as paused first, then its running step is stopped: the step goes back
    # to pending once its turn has ended (its interrupted call written)
    panel.locator('.orkas-PlanStep[data-step="2"][data-status="pending"]').wait_for(
        timeout=5_000)
    assert panel.locator(".orkas-PlanReason").inner_text() == "paused by the user"
    nb.wait_idle()  # the cell that drove it ended
    nb.shot("plan-panel-paused")
    slow["review"] = False
    requests = len(fake_model.chat_requests)
    panel.locator(".orkas-PlanAction.orkas-mod-resume").click()
    panel.locator('.orkas-Plan[data-status="done"]').wait_for(timeout=60_000)
    assert _box(panel, 2).get_attribute("data-status") == "done"
    assert [last_user_text(r) for r in fake_model.chat_requests[requests:]] == ["slow review"]
    panel.locator(".orkas-Status", has_text="idle").wait_for()
