"""`%orkas evolve on|off AGENT`: bind an agent to self-evolution, or unbind it; `%orkas
evolve` lists the bound agents, their pending signal and the settings (docs/evolution.md)."""

from __future__ import annotations

from typing import Any

HELP = """\
%orkas evolve                 self-evolution: bound agents, pending signal weight, settings
%orkas evolve on|off AGENT    let AGENT (an agent file's) learn private skills from its turns"""


def run(rt: Any, parts: list[str]) -> bool:
    """`%orkas evolve`, `%orkas evolve on AGENT`, `%orkas evolve off AGENT`."""
    from ...evolution.service import install_evolution

    if parts and (len(parts) != 2 or parts[0] not in ("on", "off")):
        return False
    evolution = install_evolution(rt.host)
    if not parts:
        print(status(rt, evolution))
        return True
    switch, name = parts[0], parts[1].strip().lstrip("@").lower()
    if switch == "on" and rt.orchestra.team.get(name) is None:
        known = ", ".join(sorted(rt.orchestra.team.agents())) or "none defined"
        print(f"evolve: no agent named {name!r} (agents: {known}). Only an agent of "
              ".orkas/agents/ can evolve; Commander, the notebook's own agent, never does.")
        return True
    try:
        evolution.bind(name, switch == "on")
    except Exception as exc:
        print(f"evolve: {exc}")
        return True
    if switch == "on":
        print(f"Self-evolution is on for {name}: its turns are watched for corrections and "
              "errors; past the threshold a reflection may write a skill to its private "
              "library. `%orkas evolution log` lists every change; `revert ID` undoes one.")
    else:
        print(f"Self-evolution is off for {name}; its private skills stay until reverted.")
    return True


def status(rt: Any, evolution: Any) -> str:
    from ...evolution.config import evolution_config

    config = evolution_config(rt.host.settings)
    evolution.sync_undos()  # turns undone since the last look count now
    lines = []
    for agent in sorted(evolution.bound):
        pending = evolution.host.store().sync.call("evolution.pending", agent=agent)
        weight = sum(s["weight"] for s in pending)
        lines.append(f"  {agent}: pending signal weight {weight:g} of {config.threshold:g} "
                     f"({len(pending)} signal(s))")
        folder = evolution.private_root(agent)
        skills = sorted(p.parent.name for p in folder.glob("*/SKILL.md")) if folder else []
        lines.append(f"    private skills: {', '.join(skills) or '(none yet)'}"
                     + (f" in {folder}" if folder else ""))
    head = ("Self-evolution is on for:" if lines
            else "Self-evolution is off (no agent is bound; `%orkas evolve on AGENT`).")
    spent = evolution.host.store().sync.call("evolution.spent", agent="")
    lines.append(f"model {config.model or 'the notebook model'} · threshold "
                 f"{config.threshold:g} · cool-down {config.cooldown_s:g} s · budget "
                 f"{config.run_tokens:,} tokens a run, {spent['tokens']:,} of "
                 f"{config.total_tokens:,} in all")
    return "\n".join([head, *lines])
