"""Store operations of self-evolution (V1, V2; docs/evolution.md): which agents evolve, the
turns and weighted signals of those agents, the logged entries of reflection runs, and each
agent's competence profile. The rules (weights, threshold, what a reflection may change) live
in `orkas_jupyter.evolution`; this module only keeps the rows."""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from pydantic import BaseModel, Field

from .errors import StoreArgumentError
from .ops import REGISTRY, OpContext


def _id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(6)}"


class AgentArgs(BaseModel):
    agent: str = Field(min_length=1, max_length=100)


class BindArgs(AgentArgs):
    enabled: bool


class NoArgs(BaseModel):
    pass


class SignalIn(BaseModel):
    kind: str
    weight: float = Field(ge=0)
    detail: str = Field("", max_length=2_000)


class TurnArgs(AgentArgs):
    """One finished turn of an evolving agent and the signals its observer found."""

    turn_id: str
    session_id: str
    skills: list[str] = Field(default_factory=list)
    failed: bool = False
    signals: list[SignalIn] = Field(default_factory=list)


class UndoArgs(BaseModel):
    """Weights of the signals an undone turn gives (the rules are the caller's)."""

    correction_weight: float = Field(ge=0)
    skill_weight: float = Field(ge=0)


class EntryIn(AgentArgs):
    """One reflection run as logged; `consume` are the signal ids it used up."""

    status: str
    summary: str = ""
    skill: str | None = None
    skill_before: str | None = None
    skill_after: str | None = None
    profile_before: str | None = None
    profile_after: str | None = None
    model: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    note: str = ""
    consume: list[str] = Field(default_factory=list)


class EntriesArgs(BaseModel):
    agent: str | None = None
    limit: int = Field(50, ge=1, le=1_000)


class EntryArgs(BaseModel):
    id: str


class ProfileArgs(AgentArgs):
    profile: str | None


_SIGNAL = ("id", "agent", "kind", "weight", "turn_id", "detail", "created_at", "entry_id")
ENTRY_COLUMNS = ("id", "agent", "status", "summary", "skill", "skill_before", "skill_after",
                 "profile_before", "profile_after", "model", "input_tokens", "output_tokens",
                 "cost_usd", "note", "created_at", "reverted_at")


@REGISTRY.register("evolution.bind", BindArgs, write=True)
def bind(ctx: OpContext, args: BindArgs) -> None:
    """Turn evolution on or off for an agent."""
    ctx.con.execute("DELETE FROM evolution_agents WHERE agent = ?", [args.agent])
    ctx.con.execute("INSERT INTO evolution_agents VALUES (?, ?, ?)",
                    [args.agent, args.enabled, time.time()])


@REGISTRY.register("evolution.bound", NoArgs, write=False)
def bound(ctx: OpContext, args: NoArgs) -> list[str]:
    """The agents that evolve, by name."""
    rows = ctx.con.execute("SELECT agent FROM evolution_agents WHERE enabled ORDER BY agent")
    return [r[0] for r in rows.fetchall()]


def _add_signal(ctx: OpContext, agent: str, signal: SignalIn, turn_id: str) -> None:
    ctx.con.execute("INSERT INTO evolution_signals VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
                    [_id("sig"), agent, signal.kind, signal.weight, turn_id, signal.detail,
                     time.time()])


@REGISTRY.register("evolution.turn", TurnArgs, write=True)
def record_turn(ctx: OpContext, args: TurnArgs) -> None:
    """Keep one turn of an agent (an agent run twice in one root turn is one row) and add its
    signals."""
    row = ctx.con.execute("SELECT skills, failed FROM evolution_turns WHERE turn_id = ? AND "
                          "agent = ?", [args.turn_id, args.agent]).fetchone()
    if row is None:
        ctx.con.execute("INSERT INTO evolution_turns VALUES (?, ?, ?, ?, ?, FALSE, ?)",
                        [args.turn_id, args.agent, args.session_id,
                         json.dumps(sorted(set(args.skills))), args.failed, time.time()])
    else:
        skills = sorted(set(json.loads(row[0] or "[]")) | set(args.skills))
        ctx.con.execute("UPDATE evolution_turns SET skills = ?, failed = ? WHERE turn_id = ? "
                        "AND agent = ?", [json.dumps(skills), bool(row[1]) or args.failed,
                                          args.turn_id, args.agent])
    for signal in args.signals:
        _add_signal(ctx, args.agent, signal, args.turn_id)


@REGISTRY.register("evolution.sync_undos", UndoArgs, write=True)
def sync_undos(ctx: OpContext, args: UndoArgs) -> int:
    """Turn undone turns of evolving agents into signals (once each): a correction for every
    agent that took part, and a skill-did-not-help signal for every skill it loaded there.
    Returns how many turns were new."""
    rows = ctx.con.execute("""
        SELECT e.turn_id, e.agent, e.skills, c.prompt FROM evolution_turns e
        JOIN checkpoint_turns c ON c.turn_id = e.turn_id
        WHERE c.undone_at IS NOT NULL AND NOT e.undo_seen""").fetchall()
    for turn_id, agent, skills, prompt in rows:
        asked = f": {prompt[:160]}" if prompt else ""
        _add_signal(ctx, agent, SignalIn(kind="undo", weight=args.correction_weight,
                                         detail=f"the user undid the turn{asked}"), turn_id)
        for skill in json.loads(skills or "[]"):
            _add_signal(ctx, agent, SignalIn(
                kind="skill_ineffective", weight=args.skill_weight,
                detail=f"skill {skill} was loaded in a turn the user undid"), turn_id)
        ctx.con.execute("UPDATE evolution_turns SET undo_seen = TRUE WHERE turn_id = ? AND "
                        "agent = ?", [turn_id, agent])
    return len(rows)


@REGISTRY.register("evolution.pending", AgentArgs, write=False)
def pending(ctx: OpContext, args: AgentArgs) -> list[dict[str, Any]]:
    """The agent's signals no reflection has used yet, oldest first."""
    rows = ctx.con.execute(f"SELECT {', '.join(_SIGNAL)} FROM evolution_signals WHERE "
                           "agent = ? AND entry_id IS NULL ORDER BY created_at",
                           [args.agent]).fetchall()
    return [dict(zip(_SIGNAL, r, strict=True)) for r in rows]


@REGISTRY.register("evolution.entry_add", EntryIn, write=True)
def add_entry(ctx: OpContext, args: EntryIn) -> str:
    """Log one reflection run; the signals it used are marked with its id."""
    entry_id = _id("evo")
    values = args.model_dump(exclude={"consume"})
    ctx.con.execute(f"INSERT INTO evolution_entries ({', '.join(ENTRY_COLUMNS)}) VALUES "
                    f"({', '.join('?' * len(ENTRY_COLUMNS))})",
                    [entry_id, *(values[c] for c in ENTRY_COLUMNS[1:-2]), time.time(), None])
    for signal_id in args.consume:
        ctx.con.execute("UPDATE evolution_signals SET entry_id = ? WHERE id = ? AND "
                        "entry_id IS NULL", [entry_id, signal_id])
    return entry_id


def _entries(ctx: OpContext, where: str, params: list[Any], limit: int) -> list[dict[str, Any]]:
    rows = ctx.con.execute(f"SELECT {', '.join(ENTRY_COLUMNS)} FROM evolution_entries {where} "
                           "ORDER BY created_at DESC LIMIT ?", [*params, limit]).fetchall()
    return [dict(zip(ENTRY_COLUMNS, r, strict=True)) for r in rows]


@REGISTRY.register("evolution.entries", EntriesArgs, write=False)
def entries(ctx: OpContext, args: EntriesArgs) -> list[dict[str, Any]]:
    """Logged runs, newest first (one agent's, or every agent's)."""
    if args.agent is None:
        return _entries(ctx, "", [], args.limit)
    return _entries(ctx, "WHERE agent = ?", [args.agent], args.limit)


@REGISTRY.register("evolution.entry", EntryArgs, write=False)
def entry(ctx: OpContext, args: EntryArgs) -> dict[str, Any]:
    found = _entries(ctx, "WHERE id = ?", [args.id], 1)
    if not found:
        raise StoreArgumentError(f"no evolution entry {args.id!r}")
    return found[0]


@REGISTRY.register("evolution.entry_reverted", EntryArgs, write=True)
def entry_reverted(ctx: OpContext, args: EntryArgs) -> None:
    ctx.con.execute("UPDATE evolution_entries SET status = 'reverted', reverted_at = ? "
                    "WHERE id = ?", [time.time(), args.id])


class SpentArgs(BaseModel):
    agent: str = ""


@REGISTRY.register("evolution.spent", SpentArgs, write=False)
def spent(ctx: OpContext, args: SpentArgs) -> dict[str, Any]:
    """Tokens all reflection runs took (every agent), and when this agent's last run was."""
    total = ctx.con.execute("SELECT coalesce(sum(input_tokens + output_tokens), 0), "
                            "coalesce(sum(cost_usd), 0) FROM evolution_entries").fetchone()
    last = ctx.con.execute("SELECT max(created_at) FROM evolution_entries WHERE agent = ?",
                           [args.agent]).fetchone()
    return {"tokens": int(total[0]) if total else 0,
            "cost_usd": float(total[1]) if total else 0.0,
            "last_run": last[0] if last else None}


@REGISTRY.register("evolution.profile_set", ProfileArgs, write=True)
def profile_set(ctx: OpContext, args: ProfileArgs) -> None:
    """Replace the agent's competence profile (None removes it)."""
    ctx.con.execute("DELETE FROM evolution_profiles WHERE agent = ?", [args.agent])
    if args.profile is not None:
        ctx.con.execute("INSERT INTO evolution_profiles VALUES (?, ?, ?)",
                        [args.agent, args.profile, time.time()])


@REGISTRY.register("evolution.profiles", NoArgs, write=False)
def profiles(ctx: OpContext, args: NoArgs) -> dict[str, str]:
    """Every competence profile, by agent."""
    rows = ctx.con.execute("SELECT agent, profile FROM evolution_profiles ORDER BY agent")
    return {a: p for a, p in rows.fetchall()}
