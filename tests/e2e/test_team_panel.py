"""The side panel's team view in a real JupyterLab (issue 15, O5/O6): two agents from files,
the fake model scripted by member. Commander dispatches to both in one response — the two
cards run side by side (one child waits for the user's approval, which names it), open to the
child's transcript, and Commander synthesises; Commander hands off to the tutor, whose reply is
a block under its name; a page reload draws the same structure from the history; two
dispatched children's answers stream into their cards, and Stop while they stream ends
everything and the panel is idle at once."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from orkas_jupyter.testing import reply, tool_call, tool_calls
from orkas_jupyter.testing.team import last_user_text, member_of

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TUTOR = "---\nname: tutor\ndescription: explains statistics\ntools: read_file\n---\nTeach.\n"
CRITIC = "---\nname: critic\ndescription: checks numbers\n---\nCheck.\n"
SYNTHESIS = "Both agree: the mean of 1, 2, 3 is 2."
MEAN = "The mean is the sum divided by the count."
CHECKED = "Checked: 2 is right."
VARIANCE = "Variance is the mean squared distance from the mean."

# What the panel shows, as structure: each top-level item of the chat with its speaker and
# text, each card with its agent, state and transcript. Turn-end lines, approvals and
# notices other than the floor's are not part of a conversation's history.
STRUCTURE = """() => {
  const text = el => el.textContent.replace(/\\s+/g, ' ').trim();
  const items = [];
  const list = document.querySelector('#orkas-chat-panel .orkas-Messages');
  for (const el of list.children) {
    const c = el.classList;
    if (c.contains('orkas-Done') || c.contains('orkas-Approval')
        || (c.contains('orkas-Note') && !c.contains('orkas-Floor'))) continue;
    if (c.contains('orkas-Dispatch')) {
      items.push(['card', el.dataset.agent, el.dataset.state,
        Array.from(el.querySelector('.orkas-Transcript').children).map(b =>
          b.classList.contains('orkas-Tool') ? ['tool', text(b.querySelector('summary'))]
            : [b.dataset.agent, text(b.querySelector('.orkas-SpeechText'))])]);
    } else if (c.contains('orkas-Tool')) {
      items.push(['tool', text(el.querySelector('summary'))]);
    } else if (c.contains('orkas-Floor')) {
      items.push(['floor', text(el)]);
    } else if (c.contains('orkas-Message')) {
      const body = el.querySelector('.orkas-SpeechText') || el;
      items.push([c.contains('orkas-mod-user') ? 'user' : 'assistant',
                  el.dataset.agent || '', text(body)]);
    } else {
      items.push(['other', el.className, text(el)]);
    }
  }
  return items;
}"""


def answer(request: Any) -> Any:
    """The team's scripted model: who asks, and what about."""
    member = member_of(request)
    text = last_user_text(request)
    last = request.messages[-1]
    if member == "commander":
        if last["role"] == "tool":
            return reply(SYNTHESIS)
        if "team" in text:
            return tool_calls(("dispatch_to", {"agent": "tutor", "task": "explain the mean"}),
                              ("dispatch_to", {"agent": "critic",
                                               "task": "check that the mean of 1, 2, 3 is 2"}))
        if "variance" in text:
            return tool_call("hand_off_to", {"agent": "tutor", "note": "wants to learn"})
        if "slow" in text:
            return tool_calls(("dispatch_to", {"agent": "tutor", "task": "slow lecture"}),
                              ("dispatch_to", {"agent": "critic", "task": "slow review"}))
        return reply(f"Commander: {text}")
    if "slow" in text:
        return reply("word " * 400, chunk_chars=5, chunk_delay=0.05)  # ~4 s of streaming
    if member == "tutor":
        if "variance" in text:
            return reply(VARIANCE, chunk_chars=8, chunk_delay=0.03)
        # A short delay: both cards are seen running side by side.
        return reply(MEAN, first_byte_delay=1.5)
    if last["role"] == "tool":
        return reply(CHECKED)
    return tool_call("bash", {"command": "rm -rf scratch"})


def _reload(nb: Any) -> Any:
    page = nb.page
    page.reload()
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=60_000)
    page.wait_for_function(
        "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
        "?.status === 'idle'", timeout=60_000)
    nb.wait_connected()
    return nb.open_panel()


def _widen(page: Any, panel: Any, by: int = 230) -> None:
    """Drag the side panel's edge to the left, for a readable screenshot."""
    box = panel.bounding_box()
    x, y = box["x"] - 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - by, y, steps=8)
    page.mouse.up()


def _card(panel: Any, agent: str) -> Any:
    return panel.locator(f'.orkas-Dispatch[data-agent="{agent}"]')


def test_team_view_dispatch_hand_off_reload_and_stop(notebook, fake_model, lab, tmp_path):
    agents = lab.root / ".orkas" / "agents"
    agents.mkdir(parents=True, exist_ok=True)
    (agents / "tutor.md").write_text(TUTOR)
    (agents / "critic.md").write_text(CRITIC)
    scratch = lab.root / "scratch"
    scratch.mkdir(exist_ok=True)
    fake_model.script(answer)
    nb = notebook([""])
    panel = nb.open_panel()

    # 1. Two dispatches in one response: two cards, running at once, named by their agents.
    panel.locator("textarea").fill("ask the team about the mean of 1, 2, 3")
    panel.locator(".orkas-Send").click()
    tutor, critic = _card(panel, "tutor"), _card(panel, "critic")
    for card in (tutor, critic):
        card.locator(".orkas-DispatchState", has_text="running").wait_for()
        assert card.locator(".orkas-DispatchAgent").inner_text() == card.get_attribute(
            "data-agent")
    # The critic's risky command asks the user, labelled with the critic's name.
    approval = panel.locator('.orkas-Approval[data-agent="critic"]')
    approval.wait_for()
    assert "critic asks" in approval.inner_text() and "bash" in approval.inner_text()
    assert critic.get_attribute("data-state") == "running"
    approval.locator(".orkas-Approve.orkas-mod-once").click()
    panel.locator(".orkas-Message", has_text=SYNTHESIS).wait_for(timeout=30_000)
    assert not scratch.exists()  # the approved command ran
    assert tutor.get_attribute("data-state") == "done"
    assert critic.get_attribute("data-state") == "done"
    # Collapsed, a card shows no transcript; opened, the child's text and tool card.
    transcript = tutor.locator(".orkas-Transcript")
    assert not transcript.is_visible()
    tutor.locator(".orkas-DispatchHead").click()
    transcript.locator('.orkas-Message[data-agent="tutor"]', has_text=MEAN).wait_for()
    critic.locator(".orkas-DispatchHead").click()
    critic.locator(".orkas-Transcript .orkas-Tool summary", has_text="bash").wait_for()
    critic.locator(".orkas-Transcript", has_text=CHECKED).wait_for()
    synthesis = panel.locator(".orkas-Messages > .orkas-Message", has_text=SYNTHESIS)
    assert synthesis.get_attribute("data-agent") == "commander"  # once a team spoke

    # 2. A hand-off: the floor notice, then the tutor's own labelled block.
    panel.locator("textarea").fill("teach me variance")
    panel.locator(".orkas-Send").click()
    block = panel.locator('.orkas-Messages > .orkas-Message[data-agent="tutor"]',
                          has_text=VARIANCE)
    block.wait_for(timeout=30_000)
    assert block.locator(".orkas-Speaker").inner_text() == "tutor"
    floor = panel.locator(".orkas-Floor", has_text="Commander handed the floor to tutor.")
    assert floor.count() == 1
    panel.locator(".orkas-Status", has_text="idle").wait_for()
    live = nb.page.evaluate(STRUCTURE)

    # 3. A reload draws the same structure from the history.
    panel = _reload(nb)
    panel.locator(".orkas-Messages > .orkas-Message", has_text=VARIANCE).wait_for()
    reloaded = nb.page.evaluate(STRUCTURE)
    assert reloaded == live, json.dumps({"live": live, "reloaded": reloaded}, indent=1)
    kinds = [item[0] for item in live]
    assert kinds.count("card") == 2 and kinds.count("floor") == 1
    assert ["assistant", "tutor", VARIANCE] in live
    _widen(nb.page, panel)
    for agent in ("tutor", "critic"):
        _card(panel, agent).locator(".orkas-DispatchHead").click()
    _card(panel, "critic").locator(".orkas-Transcript", has_text=CHECKED).wait_for()
    shot = tmp_path / "team-panel.png"
    nb.page.screenshot(path=str(shot))
    nb.shot("team-panel")
    print(f"team view screenshot: {shot}")

    # 4. Stop while two dispatched children stream: everything ends, the panel is idle.
    requests = len(fake_model.chat_requests)
    panel.locator("textarea").fill("@commander do two slow things")
    panel.locator(".orkas-Send").click()
    slow = panel.locator(".orkas-Dispatch", has_text="slow")
    slow.nth(1).wait_for()
    deadline = time.monotonic() + 20
    while sum("slow" in last_user_text(r) and member_of(r) != "commander"
              for r in fake_model.chat_requests[requests:]) < 2:
        assert time.monotonic() < deadline, "the two children never asked the model"
        time.sleep(0.05)
    assert all(slow.nth(i).get_attribute("data-state") == "running" for i in range(2))
    # Their answers stream into their cards as they come, before either is complete.
    for i in range(2):
        slow.nth(i).locator(".orkas-Transcript .orkas-mod-streaming",
                            has_text="word word").wait_for(state="attached")
    assert all(slow.nth(i).get_attribute("data-state") == "running" for i in range(2))
    stopped_at = time.monotonic()
    panel.locator(".orkas-Stop").click()
    panel.locator(".orkas-Status", has_text="idle").wait_for(timeout=5_000)
    took = time.monotonic() - stopped_at
    print(f"Stop to idle in the panel: {took * 1000:.0f} ms")
    assert took < 2.0, f"the panel was idle {took:.2f} s after Stop"
    assert panel.locator(".orkas-Send").is_enabled()
    assert not panel.locator(".orkas-Stop").is_enabled()
    assert [slow.nth(i).get_attribute("data-state") for i in range(2)] == ["stopped"] * 2
    assert "stopped" in slow.nth(0).locator(".orkas-DispatchState").inner_text()
    done = panel.locator(".orkas-Done").last.inner_text()
    assert "cancel" in done, done
    nb.shot("team-panel-stopped")
    # The stopped cards say so after a reload too.
    panel = _reload(nb)
    slow.nth(1).wait_for()
    assert [slow.nth(i).get_attribute("data-state") for i in range(2)] == ["stopped"] * 2

