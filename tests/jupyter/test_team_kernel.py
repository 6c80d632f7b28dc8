"""Agent teams in a real kernel through `%orkas` (O1–O6): `%orkas agents`, a concurrent
dispatch shown as cards holding the children's transcripts, a hand-off and `@commander`,
and a kernel interrupt that stops Commander and every child."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from orkas_jupyter.testing import reply, tool_call, tool_calls
from orkas_jupyter.testing.team import last_user_text, member_of, write_agents

TUTOR = ("---\nname: tutor\ndescription: explains statistics\ntools: Read, list_variables\n"
         "---\nTeach.\n")
CRITIC = "---\nname: critic\ndescription: checks numbers\n---\nCheck.\n"
BROKEN = "---\nname: broken\ntools: [read_file\n---\nx\n"


def agents(workspace: Path) -> None:
    write_agents(workspace, tutor=TUTOR, critic=CRITIC, broken=BROKEN)


def answer(request: Any) -> Any:
    member = member_of(request)
    text = last_user_text(request)
    last = request.messages[-1]["role"]
    if member == "commander":
        if "handed the floor back" in text:
            return reply("Commander again.")
        if last == "tool" and "dispatch_to" in json.dumps(request.messages):
            return reply("Both agree: the mean is 2.")
        if "team" in text:
            return tool_calls(("dispatch_to", {"agent": "tutor", "task": "what is a mean?"}),
                              ("dispatch_to", {"agent": "critic", "task": "is the mean 2?"}))
        if "teach" in text:
            return tool_call("hand_off_to", {"agent": "tutor", "note": "wants to learn"})
        if "slow" in text:
            return tool_calls(("dispatch_to", {"agent": "tutor", "task": "long"}),
                              ("dispatch_to", {"agent": "critic", "task": "long"}))
        return reply(f"Commander: {text}")
    if text == "long":
        return reply(" ".join(f"w{i}" for i in range(400)), chunk_chars=5, chunk_delay=0.05)
    if member == "tutor":
        return reply(f"The mean is the average ({text[-20:]}).")
    return reply("Yes, 2 is right.")


def test_a_team_in_a_kernel(kernel, fake_model, tmp_path: Path) -> None:
    agents(tmp_path)
    fake_model.script(answer)
    kernel.run("%load_ext orkas_jupyter")
    listing = kernel.run("%orkas agents").stdout
    assert "@tutor — explains statistics" in listing
    assert "tools: read_file, list_variables" in listing
    assert "broken.md:4: invalid YAML" in listing and "(skipped)" in listing
    assert "@critic" in listing

    cell = kernel.run("%orkas ask the team about the mean", timeout=120)
    assert cell.error is None
    html = "".join(cell.data("text/html"))
    # Two dispatch cards, each holding its child's transcript under the agent's name.
    assert html.count("<code>dispatch_to</code>") == 2
    assert "<div class='orkas-child'><div class='orkas-agent'><b>tutor</b></div>" in html
    assert "The mean is the average" in html and "Yes, 2 is right." in html
    markdown = "".join(cell.data("text/markdown"))
    assert "Both agree: the mean is 2." in markdown
    assert "4 model calls" in markdown  # Commander's two and the children's

    cell = kernel.run("%orkas teach me variance", timeout=120)
    html = "".join(cell.data("text/html"))
    assert "<div class='orkas-agent'><b>tutor</b></div>" in html
    assert "The mean is the average" in "".join(cell.data("text/markdown"))
    assert "Commander handed the floor to tutor." in "".join(cell.data("text/markdown"))
    cell = kernel.run("%orkas and the median?", timeout=120)
    assert member_of(fake_model.chat_requests[-1]) == "tutor"
    listing = kernel.run("%orkas agents").stdout
    assert "floor of" in listing and ": tutor" in listing
    cell = kernel.run("%orkas @commander what next?", timeout=120)
    assert "Commander: what next?" in "".join(cell.data("text/markdown"))
    assert "Commander has the floor again" in "".join(cell.data("text/markdown"))


def test_interrupt_stops_commander_and_every_child(kernel, fake_model, tmp_path: Path) -> None:
    agents(tmp_path)
    fake_model.script(answer)
    kernel.run("%load_ext orkas_jupyter")
    started = time.monotonic()
    cell = kernel.run("%orkas something slow", timeout=60, interrupt_when="critic is answering")
    assert time.monotonic() - started < 20
    assert cell.error is not None and cell.error["ename"] == "KeyboardInterrupt"
    check = kernel.run(
        "from orkas_jupyter.jupyter.runtime import get_runtime\n"
        "from orkas_jupyter.engine.history import validate_history\n"
        "rt = get_runtime(get_ipython())\n"
        "s = rt.current_session\n"
        "kids = rt.submit(rt.orchestra.state.children(s)).result()\n"
        "for sid in [s] + [k['id'] for k in kids]:\n"
        "    validate_history(rt.submit(rt.store().load(sid)).result())\n"
        "print('running', len(rt.host.running()), 'children', len(kids))\n")
    assert check.error is None, check.error
    assert "running 0 children 2" in check.stdout


def test_a_childs_approval_reaches_the_cell_labelled_with_its_name(kernel, fake_model,
                                                                    tmp_path: Path) -> None:
    agents(tmp_path)
    (tmp_path / "scratch").mkdir()

    def script(request: Any) -> Any:
        member = member_of(request)
        last = request.messages[-1]["role"]
        if member == "critic":
            if last == "tool":
                return reply("Left it alone: " + request.messages[-1]["content"][:60])
            return tool_call("bash", {"command": "rm -rf scratch"})
        if last == "tool":
            return reply("The critic reported back.")
        return tool_call("dispatch_to", {"agent": "critic", "task": "clean up scratch"})

    fake_model.script(script)
    kernel.run("%load_ext orkas_jupyter")
    cell = kernel.run("%orkas clean up", timeout=120, stdin=["n"])
    prompts = [m["content"]["prompt"] for m in cell.messages
               if m.get("msg_type") == "input_request"]
    assert prompts and "critic" in prompts[0], prompts
    assert (tmp_path / "scratch").is_dir()  # denied: nothing was removed
    assert "The critic reported back." in "".join(cell.data("text/markdown"))
