"""Floor control (O4): a hand-off gives the floor to an agent that answers at once and keeps
it across messages (persisted), a strict <handback /> returns it and Commander resumes its
pending items; @commander and @name address directly."""

from __future__ import annotations

from typing import Any

import pytest
from team_helpers import CRITIC, TUTOR, last_user, who

from orkas_jupyter.engine.events import Done, Notice
from orkas_jupyter.engine.history import validate_history
from orkas_jupyter.orchestra.orchestra import strip_handback
from orkas_jupyter.testing import reply, tool_call
from orkas_jupyter.testing.team import tool_names


def has_results(request: Any) -> bool:
    return request.messages[-1]["role"] == "tool"


@pytest.fixture
def tutoring(make_team):
    """Commander hands off on "teach me"; the tutor hands back when the user says "thanks";
    Commander resumes its pending item."""
    team = make_team(tutor=TUTOR, critic=CRITIC)

    def answer(request: Any) -> Any:
        member = who(request)
        text = last_user(request)
        if member == "commander":
            if has_results(request):
                raise AssertionError("Commander must not be asked again after a hand-off")
            if "handed the floor back" in text:
                return reply("Back to the plan: the report is next.")
            if "teach me" in text:
                return tool_call("hand_off_to", {"agent": "tutor",
                                                 "note": "the user is learning derivatives",
                                                 "pending": ["write the report"]})
            return reply(f"Commander answers {text!r}")
        if member == "tutor":
            if "thanks" in text:
                return reply("Glad to help!\n<handback />")
            return reply(f"Tutor explains: {text}")
        return reply("critic here")

    team.server.script(answer)
    return team


def test_hand_off_then_the_agent_keeps_the_floor_until_it_hands_back(tutoring) -> None:
    team = tutoring
    events = team.turn("teach me derivatives")
    final = events[-1]
    assert isinstance(final, Done) and final.agent == "tutor"
    assert final.result.text.startswith("Tutor explains: [Commander handed you the floor: the "
                                        "user is learning derivatives]")
    notices = [e.message for e in events if isinstance(e, Notice)]
    assert notices == ["Commander handed the floor to tutor."]
    # The floor is persisted: a new host (a restarted kernel) sees it.
    assert team.floor().agent == "tutor" and team.floor().pending == ["write the report"]
    second = type(team)(team.settings.workspace, team.server)
    try:
        events = second.turn("and the chain rule?")
        assert events[-1].agent == "tutor"
        assert events[-1].result.text == "Tutor explains: and the chain rule?"
        # The tutor's segment holds only what was addressed to it.
        tutor_request = team.server.chat_requests[-1]
        assert who(tutor_request) == "tutor"
        users = [m["content"] for m in tutor_request.messages if m["role"] == "user"]
        assert users[-1] == "and the chain rule?" and len(users) == 2
        assert "hand_off_to" not in tool_names(tutor_request)
        events = second.turn("thanks!")
    finally:
        second.close()
    notices = [e.message for e in events if isinstance(e, Notice)]
    assert notices == ["tutor handed the floor back to Commander."]
    final = events[-1]
    assert final.agent == "" and final.result.text == "Back to the plan: the report is next."
    assert team.floor().agent is None
    # Commander saw everything: the tutor's replies are in its session, marked, and the
    # model reads them attributed to the tutor.
    history = team.history("conv")
    validate_history(history)
    members = [m for m in history if m.meta.get("member") == "tutor"]
    assert [m.text for m in members] == [
        "Tutor explains: [Commander handed you the floor: the user is learning derivatives]"
        "\n\nteach me derivatives", "Tutor explains: and the chain rule?", "Glad to help!"]
    resume = team.server.chat_requests[-1]
    assert who(resume) == "commander"
    assert any(m["role"] == "assistant" and str(m.get("content", "")).startswith(
        "[tutor]: Tutor explains: and the chain rule?") for m in resume.messages)
    validate_history(team.history("conv/tutor"))


def test_at_commander_takes_the_floor_back_and_at_name_addresses_one_agent(tutoring) -> None:
    team = tutoring
    team.turn("teach me limits")
    events = team.turn("@commander what is next?")
    assert [e.message for e in events if isinstance(e, Notice)] == [
        "Commander has the floor again (it was tutor's)."]
    assert events[-1].result.text == "Commander answers 'what is next?'"
    assert team.floor().agent is None
    events = team.turn("@critic is this right?")
    assert events[-1].agent == "critic" and events[-1].result.text == "critic here"
    assert team.floor().agent is None  # addressing is not a hand-off
    events = team.turn("@tutor thanks")  # a hand-back marker without the floor: just text
    assert events[-1].result.text == "Glad to help!"
    assert not [e for e in events if isinstance(e, Notice)]


def test_a_second_hand_off_while_an_agent_holds_the_floor_is_refused(make_team) -> None:
    team = make_team(tutor=TUTOR, critic=CRITIC)
    results: list[str] = []

    def answer(request: Any) -> Any:
        if who(request) == "commander":
            if has_results(request):
                results.append(request.messages[-1]["content"])
                return reply("ok")
            return tool_call("hand_off_to", {"agent": "critic"})
        return reply("tutor talking")

    team.server.script(answer)
    team.run(team.orchestra.state.set_floor("conv", type(team.floor())(agent="tutor")))
    events = team.turn("@commander hand me to the critic")
    # @commander took the floor back first, so this hand-off is allowed...
    assert team.floor().agent == "critic"
    assert events[-1].agent == "critic"
    # ...but a hand-off while someone holds the floor is refused with the reason.
    team.run(team.orchestra.state.set_floor("conv", type(team.floor())(agent="tutor")))
    from orkas_jupyter.engine.tools import ToolContext

    async def call() -> str:
        ctx = ToolContext(session_id="conv", call_id="c1")
        args = team.orchestra.toolset.hand_off.input_model(agent="critic")
        try:
            await team.orchestra.toolset.hand_off.execute(args, ctx)
        except Exception as exc:
            return str(exc)
        return "no error"

    assert "tutor holds the floor of this conversation" in team.run(call())
    assert team.floor().agent == "tutor"


@pytest.mark.parametrize(("text", "expected"), [
    ("Done.\n<handback />", ("Done.", True)),
    ("Done.\n<handback/>\n", ("Done.", True)),
    ("Done. <handback />", ("Done. <handback />", False)),  # not alone on its line
    ("```html\n<handback />", ("```html\n<handback />", False)),  # inside a code block
    ("Use <handback /> when done.\nOK", ("Use <handback /> when done.\nOK", False)),
    ("<handback", ("<handback", False)),
])
def test_the_hand_back_marker_is_strict(text: str, expected: tuple[str, bool]) -> None:
    assert strip_handback(text) == expected


def test_an_outside_command_cannot_be_addressed_directly(make_team) -> None:
    team = make_team(tutor=TUTOR, outside="---\nname: outside\ndescription: a CLI\n"
                     "command: some-cli -p\n---\n")
    events = team.turn("@outside hello")
    assert events[-1].type == "error" and events[-1].kind == "input"
    assert "@outside is an outside command (some-cli -p)" in events[-1].message
    assert team.server.chat_requests == []
