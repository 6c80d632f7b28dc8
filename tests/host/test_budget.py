"""Budgets at host level: litellm → the fake HTTP model server (its usage is the size of the
request), priced by litellm as `openai/gpt-4o-mini`, the ledger in a real DuckDB file."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from orkas_jupyter.config import Settings, load_settings
from orkas_jupyter.engine.events import Usage
from orkas_jupyter.engine.history import validate_history
from orkas_jupyter.engine.tools import Tool, ToolContext
from orkas_jupyter.host import DEFAULT_PROFILE, AgentHost
from orkas_jupyter.host.budget import (
    BudgetExceededError,
    Limit,
    TurnBudget,
    budget_usage_line,
    current_budget,
    day_start,
    last_budget,
    limits_of,
)
from orkas_jupyter.host.pricing import price_of
from orkas_jupyter.providers.factory import make_provider
from orkas_jupyter.store.api import open_store
from orkas_jupyter.testing import FakeModelServer, reply, tool_call

MODEL = "openai/gpt-4o-mini"
PAD_WORDS = 500  # each pad result adds ~700 tokens to every later request


class PadArgs(BaseModel):
    """A different number each call (the loop guard stops repeated identical calls)."""

    n: int = 0


class Pad(Tool[PadArgs]):
    name = "pad"
    description = "Return a long text."
    input_model = PadArgs
    read_only = True

    async def execute(self, args: PadArgs, ctx: ToolContext) -> str:
        return " ".join(f"word{i % 97}" for i in range(PAD_WORDS))


@pytest.fixture
def server():
    with FakeModelServer() as fake:
        yield fake


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    # The ledger's window query (store/usage_window.py) for the in-process store.
    monkeypatch.setenv("ORKAS_STORE_OPERATION_MODULES", "orkas_jupyter.store.usage_window")


def make_host(tmp_path: Path, server: FakeModelServer, **budget: Any) -> AgentHost:
    tmp_path.mkdir(parents=True, exist_ok=True)
    settings = Settings(model=MODEL, api_base=server.base_url, workspace=tmp_path,
                        home=tmp_path / "home", **budget)
    return AgentHost(settings, surface_tools=lambda: [Pad()],
                     store_factory=lambda s: open_store(s, mode="direct"),
                     provider_factory=lambda s, rec: make_provider(s, recordings=rec))


def run(host: AgentHost, session: str, prompt: str) -> list[Any]:
    async def turn() -> list[Any]:
        return [e async for e in host.run_turn(DEFAULT_PROFILE, session, prompt)]

    return host.submit(turn()).result(timeout=120)


def ledger_cost(host: AgentHost, session: str | None = None) -> float:
    return float(host.store().sync.total_cost(session))  # type: ignore[attr-defined]


def pad_script(server: FakeModelServer, pads: int = 8) -> None:
    server.script([*(tool_call("pad", {"n": i}) for i in range(pads)), reply("padded")])


def test_a_turn_stops_before_the_call_that_would_pass_a_money_budget(tmp_path: Path,
                                                                      server) -> None:
    # Without a budget: what each request of the same turn costs, in order.
    free = make_host(tmp_path / "free", server)
    pad_script(server)
    events = run(free, "s", "pad the context")
    assert events[-1].type == "done"
    costs = [e.usage.cost_usd for e in events if e.type == "assistant_message"]
    assert all(c > 0 for c in costs), "litellm must price openai/gpt-4o-mini"
    free.close()
    limit = 0.001
    cumulative = [sum(costs[: i + 1]) for i in range(len(costs))]
    allowed = sum(1 for c in cumulative if c <= limit)
    assert 1 < allowed < len(costs)
    assert cumulative[allowed - 1] >= 0.8 * limit  # the scenario crosses 80% first

    host = make_host(tmp_path / "budget", server, budget_turn_usd=limit)
    pad_script(server)
    server.clear_requests()
    events = run(host, "s", "pad the context")
    # Exactly the calls that fit were made; the one that would pass the budget was not.
    assert len(server.chat_requests) == allowed
    spent = ledger_cost(host, "s")
    assert spent <= limit < spent + costs[allowed]
    final = events[-1]
    assert final.type == "error"
    assert final.message.startswith("Stopped before the next model call: it would pass the "
                                    "turn budget of $0.0010")
    assert "`%orkas budget turn=0.002`" in final.message and "ORKAS_BUDGET_TURN" in final.message
    assert final.result.error == final.message
    # The 80% warning came as an event before the stop.
    warnings = [e.message for e in events if e.type == "warning"]
    assert any("of the turn budget used" in w for w in warnings), warnings
    # History stays valid (every call has its result) and the next turn can go on.
    history = host.submit(host.store().load("s")).result()
    assert validate_history(history) == []
    assert budget_usage_line("s").startswith("budget: turn $0.0")
    host.close()


def test_token_budget_and_the_warning_once(tmp_path: Path, server) -> None:
    host = make_host(tmp_path, server, budget_turn_tokens=7_000)
    pad_script(server)
    events = run(host, "s", "pad the context")
    assert events[-1].type == "error"
    assert "turn budget of 7,000 tokens" in events[-1].message
    assert "`%orkas budget turn_tokens=14000`" in events[-1].message
    warnings = [e.message for e in events if e.type == "warning"
                and "of the turn budget used" in e.message]
    assert len(warnings) == 1
    rows = host.store().sync.usage("s")  # type: ignore[attr-defined]
    assert sum(r.input_tokens + r.output_tokens for r in rows) <= 7_000
    host.close()


def test_day_budget_counts_earlier_turns_and_sessions_from_the_ledger(tmp_path: Path,
                                                                      server) -> None:
    host = make_host(tmp_path, server, budget_day_usd=0.01)
    client = host.store().sync  # type: ignore[attr-defined]
    # Spent earlier today in another session; yesterday (not counted); replayed (no spend).
    client.record_usage("other", MODEL, 10_000, 0, 0.0085)
    client.record_usage("old", MODEL, 10_000, 0, 5.0)
    client.record_usage("other", f"{MODEL} (replayed)", 10**6, 10**6, 0.0)
    engine = client.transport.engine  # the in-process store: its own connection
    engine.con.execute("UPDATE usage SET created_at = ? WHERE session_id = 'old'",
                       [day_start() - 3600])
    server.script([reply("short answer")])
    events = run(host, "s", "hi")
    assert events[-1].type == "done"
    warnings = [e.message for e in events if e.type == "warning"]
    assert any("of the day budget used ($0.0085 of $0.0100)" in w for w in warnings), warnings
    first_turn = ledger_cost(host, "s")
    assert first_turn > 0
    pad_script(server)
    events = run(host, "s", "pad the context")
    assert events[-1].type == "error"
    assert "day budget of $0.0100" in events[-1].message
    assert "today in this workspace" in events[-1].message
    budget = last_budget("s")
    assert budget is not None
    assert budget.day_before.usd == pytest.approx(0.0085 + first_turn)
    assert budget.day_before.tokens == 10_000 + sum(
        r.input_tokens + r.output_tokens for r in client.usage("s")) - budget.spent.tokens
    assert ledger_cost(host) - 5.0 <= 0.01
    host.close()


def test_session_budget_counts_the_sessions_team_children(tmp_path: Path, server) -> None:
    host = make_host(tmp_path, server, budget_session_usd=0.001)
    client = host.store().sync  # type: ignore[attr-defined]
    client.ensure_session("parent")
    client.ensure_session("child")
    client.transport.engine.con.execute(
        "UPDATE sessions SET parent_id = 'parent' WHERE id = 'child'")
    client.record_usage("child", MODEL, 1, 0, 0.00098)
    client.record_usage("elsewhere", MODEL, 1, 0, 0.5)
    server.script([reply("never sent")])
    events = run(host, "parent", "hi")
    assert events[-1].type == "error"
    assert "session budget of $0.0010 ($0.0010 spent in this session" in events[-1].message
    assert server.chat_requests == []
    host.close()


def test_a_child_turn_started_inside_a_tool_call_spends_from_the_parents_turn(
        tmp_path: Path, server) -> None:
    seen: list[Any] = []

    class Delegate(Tool[PadArgs]):
        name = "delegate"
        description = "Ask a helper agent."
        input_model = PadArgs

        async def execute(self, args: PadArgs, ctx: ToolContext) -> str:
            seen.append(current_budget())
            events = [e async for e in host.run_turn(DEFAULT_PROFILE, "child", "help",
                                                     parent_call_id=ctx.call_id)]
            return events[-1].type

    settings = Settings(model=MODEL, api_base=server.base_url, workspace=tmp_path,
                        home=tmp_path / "home", budget_turn_usd=1.0)
    host = AgentHost(settings, surface_tools=lambda: [Delegate()],
                     store_factory=lambda s: open_store(s, mode="direct"),
                     provider_factory=lambda s, rec: make_provider(s, recordings=rec))
    server.script([tool_call("delegate", {}), reply("child answer"), reply("parent done")])

    async def turn() -> tuple[list[Any], Any]:
        events = [e async for e in host.run_turn(DEFAULT_PROFILE, "parent", "delegate it")]
        return events, current_budget()  # in the consumer's task, after the turn

    events, after = host.submit(turn()).result(timeout=120)
    assert events[-1].type == "done"
    budget = seen[0]
    assert isinstance(budget, TurnBudget) and budget.session_id == "parent"
    # Three model calls, all charged to the parent's turn budget.
    assert budget.calls == 3
    assert budget.spent.usd == pytest.approx(ledger_cost(host), rel=1e-9)
    assert after is None  # the budget never leaks into the task that consumed the turn
    host.close()


def test_no_budget_set_means_no_wrapper_and_no_ledger_reads(tmp_path: Path, server) -> None:
    host = make_host(tmp_path, server)
    server.script([reply("fine")])
    assert run(host, "s", "hi")[-1].type == "done"
    assert budget_usage_line("s") == ""
    agent = host.find_agent("s")
    assert agent is not None and type(agent.provider).__name__ != "BudgetedProvider"
    host.close()


def test_unit_check_and_charge() -> None:
    budget = TurnBudget([Limit("turn", "usd", 0.01)], "s")
    price = price_of(MODEL)
    assert price is not None and price.input == pytest.approx(0.15e-6)
    budget.check(MODEL, 10_000, None)  # ~$0.0016
    budget.charge(Usage(input_tokens=50_000, output_tokens=100, cost_usd=0.0081))
    assert budget.notices() and not budget.notices()  # 81%: one warning, shown once
    with pytest.raises(BudgetExceededError):
        budget.check(MODEL, 20_000, None)
    # A model litellm does not price: money budgets cannot hold it back, and say so.
    budget.check("openai/no-such-model-here", 10**9, None)
    assert any("no price" in n for n in budget.notices())


def test_settings_from_environment() -> None:
    settings = load_settings({"ORKAS_BUDGET_TURN": "0.5", "ORKAS_BUDGET_DAY_TOKENS": "200000",
                              "ORKAS_BUDGET_SESSION": "off"})
    assert [(lim.scope, lim.unit, lim.value) for lim in limits_of(settings)] == [
        ("turn", "usd", 0.5), ("day", "tokens", 200_000)]
    assert limits_of(load_settings({})) == []
    with pytest.raises(ValueError):
        load_settings({"ORKAS_BUDGET_DAY": "-1"})
    assert time.time() - day_start() < 86_400


def test_a_compaction_summary_is_spent_in_the_ledger(tmp_path: Path, server,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # A small window: the pads fill it and older history is summarised in the same turn.
    monkeypatch.setenv("ORKAS_CONTEXT_WINDOW", "6000")
    from orkas_jupyter.engine.loop import SUMMARY_SYSTEM

    pads = iter([*(tool_call("pad", {"n": i}) for i in range(8)), reply("padded")])

    def model(request: Any) -> Any:
        if SUMMARY_SYSTEM in json.dumps(request.body["messages"][0]):
            return reply("SUMMARY: the user padded the context with long texts.")
        return next(pads)

    server.script(model)
    host = make_host(tmp_path, server)
    events = run(host, "s", "pad the context")
    assert events[-1].type == "done"
    compactions = [e for e in events if e.type == "compaction"]
    assert compactions, "the window must have forced a compaction"
    summary = compactions[0]
    assert summary.usage.input_tokens > 0 and summary.usage.cost_usd > 0
    assert summary.model == MODEL
    answers = [e for e in events if e.type == "assistant_message"]
    expected = sum(e.usage.cost_usd for e in answers) + sum(c.usage.cost_usd
                                                            for c in compactions)
    # Every model call of the turn is in the ledger, the summaries included.
    assert ledger_cost(host, "s") == pytest.approx(expected)
    rows = host.store().sync.usage("s")  # type: ignore[attr-defined]
    assert sum(r.requests for r in rows) == len(answers) + len(compactions)
    host.close()


def test_a_replayed_compaction_is_kept_apart_from_spend() -> None:
    import asyncio

    from orkas_jupyter.engine.events import Compaction
    from orkas_jupyter.host.observers import LedgerObserver

    seen: list[Any] = []

    async def record(session: str, event: Any) -> None:
        seen.append((session, event))

    async def feed() -> None:
        observer = LedgerObserver(record, "s")
        observer(Compaction(tokens_before=10, tokens_after=5, model=MODEL, request_id="r1",
                            usage=Usage(input_tokens=100, output_tokens=9, cost_usd=0.5),
                            replayed=True))
        await observer.flush()

    asyncio.run(feed())
    [(session, event)] = seen
    assert session == "s" and event.model == f"{MODEL} (replayed)"
    assert event.usage.cost_usd == 0.0 and event.usage.input_tokens == 100


def test_an_aliased_model_is_priced_before_litellm_is_imported() -> None:
    """litellm's bundled table names some models as aliases of others (`alias_of`); budgets
    price them from the file, as litellm would once imported."""
    import subprocess
    import sys

    from orkas_jupyter.providers.model_table import bundled_model_table

    table = bundled_model_table()
    alias = next((name for name, row in table.items() if isinstance(row, dict)
                  and isinstance(row.get("alias_of"), str)
                  and isinstance(table.get(row["alias_of"]), dict)
                  and table[row["alias_of"]].get("input_cost_per_token")), None)
    if alias is None:
        pytest.skip("this litellm's table has no priced alias rows")
    code = ("import sys\nfrom orkas_jupyter.host.pricing import price_of\n"
            f"p = price_of({alias!r})\nassert 'litellm' not in sys.modules\n"
            "print(p.input if p else None)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    target = table[table[alias]["alias_of"]]
    assert float(out.stdout.strip()) == pytest.approx(target["input_cost_per_token"])
