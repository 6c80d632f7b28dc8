"""Budgets in a real kernel through `%orkas`: the store server prices the fake server's usage
as `openai/gpt-4o-mini` (litellm), the kernel checks before each call without litellm."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from orkas_jupyter.jupyter import runtime as runtime_module
from orkas_jupyter.jupyter.render import usage_line
from orkas_jupyter.testing import reply, tool_call

pytestmark = pytest.mark.slow

PADS = 8


def _script(fake_model, tmp_path: Path) -> None:
    for i in range(PADS):
        (tmp_path / f"pad{i}.txt").write_text(" ".join(f"word{j % 89}" for j in range(500)))

    def model(request):
        done = sum(1 for m in request.messages if m["role"] == "tool")
        if done < PADS:
            return tool_call("read_file", {"path": f"pad{done}.txt"})
        return reply("All pads read.")

    fake_model.script(model)


def test_a_turn_budget_set_with_the_magic_stops_the_turn_before_passing_it(
        start_kernel, kernel_env, fake_model, tmp_path: Path):
    env = {**kernel_env, "ORKAS_MODEL": "openai/gpt-4o-mini",
           "ORKAS_STORE_OPERATION_MODULES": "orkas_jupyter.store.usage_window"}
    kernel = start_kernel(env)
    _script(fake_model, tmp_path)
    assert kernel.run("%load_ext orkas_jupyter").error is None
    r = kernel.run("%orkas budget turn=0.001 day=5")
    assert r.error is None, r.error
    assert "turn" in r.stdout and "$0.0010" in r.stdout and "$5.00" in r.stdout

    r = kernel.run("%orkas read every pad file", timeout=120)
    assert r.error is None, r.error
    shown = r.stdout + "".join(r.data("text/markdown"))
    assert "Stopped before the next model call: it would pass the turn budget of $0.0010" \
        in shown
    assert "`%orkas budget turn=0.002`" in shown
    made = len(fake_model.chat_requests)
    assert 1 < made < PADS + 1

    r = kernel.run("%orkas budget")
    rows = {line.split()[0]: line.split()[1:] for line in r.stdout.splitlines() if line}
    assert rows["turn"][0] == "$0.0010"
    spent = float(rows["turn"][1].lstrip("$"))
    assert 0 < spent <= 0.001
    day_spent = float(rows["day"][1].lstrip("$"))
    assert day_spent == pytest.approx(spent, abs=1e-4)
    assert rows["session"][0] == "off"

    # A day budget already 85% used warns, visibly, before the next turn's first call —
    # which, with the whole history to send, would pass it: nothing is sent.
    fake_model.script([reply("fine")])
    kernel.run(f"%orkas budget turn=off day={day_spent / 0.85:.6f}")
    r = kernel.run("%orkas go on")
    # (~85%: the spend read back from `%orkas budget` is rounded to 4 decimals)
    assert re.search(r"8\d% of the day budget used", r.stdout), r.stdout
    final = "".join(r.data("text/markdown"))
    assert "it would pass the day budget of" in final and "today in this workspace" in final
    assert len(fake_model.chat_requests) == made
    assert re.search(r"⚠ Budget: 8\d% of the day budget used", final), final
    out = kernel.run("import sys\nprint('LITELLM', 'litellm' in sys.modules)").stdout
    assert "LITELLM False" in out


def test_bad_budget_words_say_what_is_wrong_and_change_nothing(kernel, fake_model):
    assert kernel.run("%load_ext orkas_jupyter").error is None
    r = kernel.run("%orkas budget turn=abc")
    assert "turn: 'abc' is not a number" in r.stdout
    r = kernel.run("%orkas budget")
    turn = next(line for line in r.stdout.splitlines() if line.startswith("turn "))
    assert turn.split()[1] == "off"
    assert fake_model.chat_requests == []


@pytest.mark.skipif("budget" not in inspect.signature(usage_line).parameters,
                    reason="jupyter/render.py's usage line does not show budgets yet")
def test_the_usage_line_shows_spend_against_the_budget(kernel, fake_model):
    fake_model.script([reply("first"), reply("second")])
    assert kernel.run("%load_ext orkas_jupyter").error is None
    r = kernel.run("%orkas hi")
    assert "budget" not in r.data("text/markdown")[-1]  # no limit set: the usual line
    kernel.run("%orkas budget turn=0.5 session_tokens=100000")
    r = kernel.run("%orkas again")
    line = r.data("text/markdown")[-1]
    text = re.sub(r"<[^>]+>", "", line)  # the line's markup (<sub>, MathJax's ignore span)
    assert re.search(r"· budget: turn \$0\.0\d{3}/\$0\.5000 · session [\d,]+ tokens/"
                     r"100,000 tokens$", text), line


@pytest.mark.skipif("budget_turn_usd" not in runtime_module._REREAD,
                    reason="jupyter/runtime.py does not re-read budget settings per turn yet")
def test_a_budget_set_with_env_counts_from_the_next_turn(kernel, fake_model):
    fake_model.script([reply("first")])
    assert kernel.run("%load_ext orkas_jupyter").error is None
    assert "first" in "".join(kernel.run("%orkas hi").data("text/markdown"))
    kernel.run("%env ORKAS_BUDGET_TURN_TOKENS=10")
    r = kernel.run("%orkas again")
    final = "".join(r.data("text/markdown"))
    assert "it would pass the turn budget of 10 tokens" in final
    assert len(fake_model.chat_requests) == 1
    # What the magic sets wins over the environment, as for the model.
    fake_model.script([reply("second")])
    kernel.run("%orkas budget turn_tokens=off")
    assert "second" in "".join(kernel.run("%orkas again").data("text/markdown"))
