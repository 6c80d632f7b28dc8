"""Budgets as the side panel shows them: the chat protocol's notices (in-process runtime,
scripted model whose answers report their usage)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from orkas_jupyter.config import Settings
from orkas_jupyter.engine import InMemorySessionStore
from orkas_jupyter.engine.events import Usage
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.jupyter.chat import ChatController
from orkas_jupyter.jupyter.runtime import KernelRuntime


def test_the_panel_shows_the_80_percent_warning_and_the_stop() -> None:
    workspace = Path(tempfile.mkdtemp(prefix="orkas-budget-"))
    (workspace / "notes.txt").write_text("some notes\n")
    big = Usage(input_tokens=8_500, output_tokens=100)
    provider = ScriptedProvider([Reply(tool_calls=[call("read_file", path="notes.txt")],
                                       usage=big),
                                 Reply(text="never asked")])
    rt = KernelRuntime(None, Settings(model="scripted/model", workspace=workspace,
                                      home=workspace / "home", budget_turn_tokens=10_000),
                       store_factory=lambda _s: InMemorySessionStore(),
                       provider_factory=lambda _s, _r: provider)
    sent: list[dict[str, Any]] = []
    chat = ChatController(rt, sent.append)
    chat.handle({"type": "send", "text": "read my notes"})
    deadline = time.monotonic() + 10
    while not any(m["type"] == "done" for m in sent) and time.monotonic() < deadline:
        time.sleep(0.01)
    notices = [(m["level"], m["text"]) for m in sent if m["type"] == "notice"]
    assert ("warning", "Budget: 86% of the turn budget used (8,600 tokens of 10,000 tokens). "
            "The turn stops before a model call that would pass it; raise it with "
            "`%orkas budget turn_tokens=20000`.") in notices
    stops = [text for level, text in notices if level == "error"]
    assert len(stops) == 1 and stops[0].startswith(
        "Stopped before the next model call: it would pass the turn budget of 10,000 tokens "
        "(8,600 tokens spent in this turn")
    done = next(m for m in sent if m["type"] == "done")
    assert done["stop_reason"] == "error"
    assert provider.requests and len(provider.requests) == 1  # the second call was not made
    rt.close()


def test_budget_words_parse_into_settings_fields() -> None:
    import pytest

    from orkas_jupyter.jupyter.cmds.budget import parse

    assert parse(["turn=$0.50", "day_tokens=200_000", "warn_at=90"]) == {
        "budget_turn_usd": 0.5, "budget_day_tokens": 200_000, "budget_warn_at": 0.9}
    assert parse(["session=off"]) == {"budget_session_usd": None}
    assert set(parse(["off"])) == {"budget_turn_usd", "budget_session_usd", "budget_day_usd",
                                   "budget_turn_tokens", "budget_session_tokens",
                                   "budget_day_tokens"}
    for bad, says in ((["turn=-1"], "cannot be negative"), (["week=5"], "KEY=VALUE"),
                      (["warn_at=0"], "between 0 and 1"), (["day=lots"], "not a number")):
        with pytest.raises(ValueError, match=says):
            parse(bad)


def test_prices_come_from_litellms_table_without_importing_litellm() -> None:
    import subprocess
    import sys

    code = ("import sys\nfrom orkas_jupyter.host.pricing import price_of\n"
            "p = price_of('openai/gpt-4o-mini'); a = price_of('anthropic/claude-sonnet-4-5')\n"
            "print(p.input, p.output, a.input, price_of('openai/no-such-model'), "
            "price_of('gpt-4o') is not None, 'litellm' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout.split()
    assert out == ["1.5e-07", "6e-07", "3e-06", "None", "True", "False"]
