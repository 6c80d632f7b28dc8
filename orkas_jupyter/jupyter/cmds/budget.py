"""`%orkas budget`: show and set the spend limits of turns, sessions and days
(docs/budgets.md)."""

from __future__ import annotations

from typing import Any

HELP = """\
%orkas budget [turn=0.50 session=2 day=5 turn_tokens=20000 … | KEY=off | off]   spend limits
                              in USD and tokens (in + out): shows them with what is spent"""

_KEYS = ("turn", "session", "day", "turn_tokens", "session_tokens", "day_tokens", "warn_at")


def _field(key: str) -> str:
    if key == "warn_at":
        return "budget_warn_at"
    scope, _, tokens = key.partition("_")
    return f"budget_{scope}_tokens" if tokens else f"budget_{scope}_usd"


def parse(parts: list[str]) -> dict[str, Any]:
    """The settings fields `KEY=VALUE` words set; ValueError says what is wrong."""
    if parts == ["off"]:
        return {_field(k): None for k in _KEYS if k != "warn_at"}
    update: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        key, raw = key.strip().lower(), raw.strip().lower().lstrip("$")
        if not sep or key not in _KEYS:
            raise ValueError(f"{part!r} is not KEY=VALUE with KEY one of {', '.join(_KEYS)}")
        if raw in ("off", "none") and key != "warn_at":
            update[_field(key)] = None
            continue
        try:
            value = float(raw.replace("_", "").replace(",", ""))
        except ValueError:
            raise ValueError(f"{key}: {raw!r} is not a number (or off)") from None
        if key == "warn_at":
            value = value / 100 if value > 1 else value
            if not 0 < value <= 1:
                raise ValueError("warn_at: a share between 0 and 1 (or a percentage)")
            update[_field(key)] = value
        elif value < 0:
            raise ValueError(f"{key}: a budget cannot be negative")
        else:
            update[_field(key)] = int(value) if key.endswith("_tokens") else value
    return update


def run(rt: Any, parts: list[str]) -> bool:
    """`%orkas budget …`; False when the words are a prompt rather than settings."""
    if parts and parts != ["off"] and not any("=" in p for p in parts):
        return False
    if parts:
        try:
            update = parse(parts)
        except ValueError as exc:
            print(f"budget: {exc}. Example: %orkas budget turn=0.50 day=5 turn_tokens=20000")
            return True
        rt.settings = rt.settings.model_copy(update=update)
    show(rt)
    return True


def show(rt: Any) -> None:
    """The limits in effect and what the current session and today have spent."""
    from ...host.budget import day_start, iter_limits, last_budget, money

    settings = rt.settings
    session = rt.current_session or rt.default_session()
    spent: dict[str, Any] = {}
    client = getattr(rt.store(), "sync", None)
    try:
        if client is not None:
            spent["session"] = client.call("usage.window", session_id=session)
            spent["day"] = client.call("usage.window", since=day_start())
    except Exception as exc:  # the ledger is out of reach: limits still show
        print(f"(what was spent is unknown: {str(exc).split(';')[0]})")
    last = last_budget(session)
    if last is not None:
        spent["turn"] = {"cost_usd": last.spent.usd, "tokens": last.spent.tokens}
    print(f"{'budget':15} {'limit':>14} {'spent':>14}")
    for key, value in iter_limits(settings):
        scope = key.partition("_")[0]
        tokens = key.endswith("_tokens")
        limit = "off" if value is None else (f"{int(value):,}" if tokens else money(value))
        row = spent.get(scope)
        used = "" if row is None else (f"{int(row['tokens']):,}" if tokens
                                       else money(float(row["cost_usd"])))
        print(f"{key:15} {limit:>14} {used:>14}")
    print(f"warn at {settings.budget_warn_at:.0%} · turn: the last turn of this session · "
          "day: the workspace since local midnight")
