"""Self-evolution on a real host (V1, V2): off by default, budgets, undo as a signal, the
cool-down, one agent's failed reflection not blocking another's, and reflection waiting for
running turns."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from evolution_helpers import agent_file, is_reflection
from test_evolution_scenario import REFLECTION_ANSWER

from orkas_jupyter.host.checkpoints import list_turns, record_undo
from orkas_jupyter.testing import fault, reply, slow, tool_call
from orkas_jupyter.testing.team import member_of

ALPHA = agent_file("alpha", "does alpha work", tools="read_file, write_file")
BETA = agent_file("beta", "does beta work")


def reflections(lab: Any) -> list[Any]:
    return [r for r in lab.server.chat_requests if is_reflection(r)]


def answer_all(request: Any) -> Any:
    return reply(REFLECTION_ANSWER) if is_reflection(request) else reply("done")


def test_off_by_default_an_unbound_agent_leaves_no_trace(make_lab) -> None:
    lab = make_lab(alpha=ALPHA)
    lab.server.script(answer_all)
    for _ in range(3):
        lab.turn("alpha", "No, that's wrong")
    assert lab.evolution.bound == set()
    assert lab.call("evolution.pending", agent="alpha") == []
    assert lab.evolution.entries() == [] and reflections(lab) == []
    # Bound, then unbound: nothing more is collected.
    lab.evolution.bind("alpha", True)
    lab.turn("alpha", "No, that's wrong")
    assert len(lab.call("evolution.pending", agent="alpha")) == 1
    lab.evolution.bind("alpha", False)
    lab.turn("alpha", "No, that's wrong")
    assert len(lab.call("evolution.pending", agent="alpha")) == 1
    assert lab.call("evolution.bound") == []


def test_a_run_stops_at_its_budget(make_lab, monkeypatch: pytest.MonkeyPatch) -> None:
    lab = make_lab(alpha=ALPHA)
    lab.server.script(answer_all)
    lab.evolution.bind("alpha", True)
    monkeypatch.setenv("ORKAS_EVOLUTION_RUN_TOKENS", "300")
    lab.turn("alpha", "No, that's wrong")
    lab.turn("alpha", "No, still wrong")
    [entry] = lab.evolution.entries()
    assert entry["status"] == "over_budget" and "run budget of 300 tokens" in entry["note"]
    assert reflections(lab) == []  # nothing was sent
    assert len(lab.call("evolution.pending", agent="alpha")) == 2  # kept for a later run

    # A budget that fits: the answer is capped so that input + output stay within it.
    monkeypatch.setenv("ORKAS_EVOLUTION_RUN_TOKENS", "900")
    lab.run(lab.evolution.check_all())
    lab.settle()
    [request] = reflections(lab)
    entry = lab.evolution.entries()[0]
    assert entry["status"] == "applied"
    assert 200 <= request.body["max_tokens"] < 1500
    assert entry["input_tokens"] + request.body["max_tokens"] <= 900 * 1.2  # estimate vs count

    # The total budget: what all runs spent counts; past it, no run starts.
    monkeypatch.setenv("ORKAS_EVOLUTION_TOTAL_TOKENS", str(lab.call(
        "evolution.spent", agent="alpha")["tokens"] + 100))
    lab.turn("alpha", "No, wrong")
    lab.turn("alpha", "No, wrong again")
    assert lab.evolution.entries()[0]["status"] == "over_budget"
    assert len(reflections(lab)) == 1
    # Reflection's spend is in the usage ledger (the day budget counts it).
    rows = lab.host.store().sync.usage("evolution-alpha")
    assert rows and rows[0].input_tokens == entry["input_tokens"]


def test_an_undone_turn_is_a_correction_and_its_skills_did_not_help(make_lab) -> None:
    lab = make_lab(alpha=ALPHA)
    (lab.workspace / ".orkas" / "skills" / "notes").mkdir(parents=True)
    (lab.workspace / ".orkas" / "skills" / "notes" / "SKILL.md").write_text(
        "---\nname: notes\ndescription: Write notes.\n---\nWrite notes to notes.txt.\n")
    steps = iter([tool_call("load_skill", {"name": "notes"}),
                  tool_call("write_file", {"path": "notes.txt", "content": "x"}),
                  reply("written")])
    lab.server.script(lambda r: next(steps) if member_of(r) == "alpha" else reply("ok"))
    lab.evolution.bind("alpha", True)
    lab.turn("alpha", "write the notes")
    assert (lab.workspace / "notes.txt").exists()
    client = lab.host.store().sync
    [info] = list_turns(client, "s1")
    lab.run(record_undo(lab.host, info, ["notes.txt removed"]))
    lab.run(lab.evolution.check_all())
    kinds = sorted((s["kind"], s["weight"]) for s in lab.call("evolution.pending", agent="alpha"))
    assert kinds == [("skill_ineffective", 3.0), ("undo", 5.0)]
    lab.run(lab.evolution.check_all())  # each undone turn counts once
    assert len(lab.call("evolution.pending", agent="alpha")) == 2


def test_cool_down_holds_the_next_run(make_lab, monkeypatch: pytest.MonkeyPatch) -> None:
    lab = make_lab(alpha=ALPHA)
    lab.server.script(answer_all)
    lab.evolution.bind("alpha", True)
    monkeypatch.setenv("ORKAS_EVOLUTION_COOLDOWN", "3600")
    for _ in range(4):
        lab.turn("alpha", "No, that's wrong")
    assert len(reflections(lab)) == 1
    assert len(lab.call("evolution.pending", agent="alpha")) == 2  # waiting for the next run


def test_one_agents_failing_reflection_does_not_block_another(
        make_lab, monkeypatch: pytest.MonkeyPatch) -> None:
    lab = make_lab(alpha=ALPHA, beta=BETA)

    def answer(request: Any) -> Any:
        if is_reflection(request):
            if "Agent: alpha" in str(request.messages):
                return fault(400, message="the reflection model refused")
            return reply(REFLECTION_ANSWER)
        return reply("done")

    lab.server.script(answer)
    lab.evolution.bind("alpha", True)
    lab.evolution.bind("beta", True)
    monkeypatch.setenv("ORKAS_EVOLUTION_THRESHOLD", "100")
    for agent in ("alpha", "beta"):
        lab.turn(agent, "No, that's wrong")
        lab.turn(agent, "No, that's wrong")
    monkeypatch.setenv("ORKAS_EVOLUTION_THRESHOLD", "10")
    lab.run(lab.evolution.check_all())
    lab.settle()
    status = {e["agent"]: e for e in lab.evolution.entries()}
    assert status["alpha"]["status"] == "failed" and "refused" in status["alpha"]["note"]
    assert status["beta"]["status"] == "applied"
    assert len(lab.call("evolution.pending", agent="alpha")) == 2  # not used up by a failure
    assert lab.evolution.reflecting == set()


def test_reflection_waits_until_no_turn_is_running(make_lab) -> None:
    lab = make_lab(alpha=ALPHA, beta=BETA)
    seen: dict[str, float] = {}

    def answer(request: Any) -> Any:
        if is_reflection(request):
            seen["reflection"] = time.monotonic()
            return reply(REFLECTION_ANSWER)
        if member_of(request) == "beta":
            return slow(1.5, reply("beta done"))
        return reply("done")

    lab.server.script(answer)
    lab.evolution.bind("alpha", True)
    lab.turn("alpha", "No, that's wrong")

    def beta() -> None:
        profile = lab.profile("beta")

        async def run() -> None:
            async for _ in lab.host.run_turn(profile, "s2", "a long task"):
                pass
            seen["beta_end"] = time.monotonic()

        lab.run(run())

    thread = threading.Thread(target=beta)
    thread.start()
    time.sleep(0.3)  # beta's turn is running
    profile = lab.profile("alpha")

    async def alpha() -> None:
        async for _ in lab.host.run_turn(profile, "s1", "No, wrong again"):
            pass

    lab.run(alpha())
    alpha_end = time.monotonic()
    thread.join(30)
    lab.settle()
    assert "reflection" in seen
    assert alpha_end < seen["beta_end"]  # alpha's turn passed the threshold first
    assert seen["reflection"] > seen["beta_end"]


def test_credential_values_stay_out_of_signals_and_skills(
        make_lab, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "sk-live-0123456789abcdef0123"
    monkeypatch.setenv("ACME_API_KEY", secret)
    lab = make_lab(alpha=ALPHA)
    leaky = ("<skill_md>\n---\nname: acme\ndescription: Call the ACME API.\n---\n"
             f"Use the key {secret} in the header.\n</skill_md>")
    lab.server.script(lambda r: reply(leaky) if is_reflection(r) else reply("done"))
    lab.evolution.bind("alpha", True)
    lab.turn("alpha", f"No, the key is {secret}")
    lab.turn("alpha", "No, wrong again")
    [entry] = lab.evolution.entries()
    assert entry["status"] == "no_change"
    assert entry["note"] == "skill refused: it holds a credential value"
    assert not (lab.workspace / ".orkas" / "evolution" / "alpha" / "skills" / "acme").exists()
    [reflection] = reflections(lab)
    assert secret not in str(reflection.messages)  # the stored correction was redacted
    assert "No, the key is" in str(reflection.messages)


def test_a_dispatched_agents_turn_counts_for_it_but_commanders_words_do_not(make_lab) -> None:
    lab = make_lab(alpha=ALPHA)
    (lab.workspace / "data").mkdir()
    (lab.workspace / "data" / "a.csv").write_text("x\n1\n")
    alpha_steps = iter([tool_call("read_file", {"path": "a.csv"}),
                        tool_call("read_file", {"path": "data/a.csv"}), reply("x is 1")])

    def answer(request: Any) -> Any:
        if member_of(request) == "alpha":
            return next(alpha_steps)
        if any(m["role"] == "tool" for m in request.messages):
            return reply("alpha says x is 1")
        return tool_call("dispatch_to", {"agent": "alpha", "task": "No, read a.csv again"})

    lab.server.script(answer)
    lab.evolution.bind("alpha", True)

    async def commander() -> list[Any]:
        return [e async for e in lab.orchestra.turn("c1", "No, that's wrong: ask alpha")]

    events = lab.run(commander())
    lab.settle()
    assert events[-1].type == "done", events[-1]
    [signal] = lab.call("evolution.pending", agent="alpha")
    assert signal["kind"] == "error_recovery"  # not the user's (or Commander's) "No, …"
    assert "read_file failed" in signal["detail"] and "data/a.csv" in signal["detail"]
    root = next(m for m in lab.run(lab.host.store().load("c1")) if m.role == "user")
    assert signal["turn_id"] == root.id  # the root turn's checkpoint names it


def test_the_users_day_budget_holds_reflection_too(make_lab) -> None:
    lab = make_lab({"budget_day_tokens": 40}, alpha=ALPHA)
    lab.server.script(answer_all)
    lab.evolution.bind("alpha", True)
    for text in ("No, that's wrong", "No, still wrong"):
        events = lab.turn("alpha", text)
        assert events[-1].type == "error"  # the day budget stops the agent's own call too
    [entry] = lab.evolution.entries()
    assert entry["status"] == "over_budget" and "day budget" in entry["note"]
    assert lab.server.chat_requests == []  # neither the turns nor the reflection were sent
