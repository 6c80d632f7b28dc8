"""`%orkas agents`: the team's agents (their files, models, tools), broken files with the
reason, and who holds the floor of this notebook's conversation (docs/teams.md)."""

from __future__ import annotations

from typing import Any

HELP = """\
%orkas agents                 the team's agents (.orkas/agents/*.md), broken files, the floor
%orkas @NAME PROMPT           ask one agent directly; @commander takes the floor back"""


def run(rt: Any, parts: list[str]) -> bool:
    if parts:
        return False
    print(listing(rt))
    return True


def listing(rt: Any) -> str:
    orchestra = rt.orchestra
    team = orchestra.team
    agents = team.agents()
    lines: list[str] = []
    if not agents:
        folders = " or ".join(str(f) for f in team.folders())
        lines.append(f"No agents defined. Write NAME.md in {folders} (docs/teams.md); "
                     "Commander can still start anonymous workers (run_worker).")
    for agent in agents.values():
        profile_tools = "all of Commander's" if agent.tools is None else ", ".join(agent.tools)
        lines.append(f"@{agent.name} — {agent.description}")
        lines.append(f"    file:  {agent.path}")
        lines.append(f"    model: {agent.model or 'the notebook model'}")
        lines.append(f"    tools: {profile_tools}")
        if agent.skills is not None:
            lines.append(f"    skills: {', '.join(agent.skills) or '(none)'}")
        if agent.command:
            lines.append(f"    command: {agent.command}")
        from ...orchestra.team import member_profile

        missing = orchestra.missing_tools(member_profile(agent))
        if missing:
            lines.append(f"    ⚠ unknown tools (ignored): {', '.join(missing)}")
        lines.extend(f"    note: {note}" for note in agent.notes)
    for problem in team.problems():
        lines.append(f"✗ {problem} (skipped)")
    session = rt.current_session
    if session is not None and agents:
        floor = rt.submit(orchestra.state.floor(session)).result(timeout=30)
        holder = floor.agent or "commander"
        lines.append(f"floor of {session}: {holder}"
                     + (f" (pending: {'; '.join(floor.pending)})" if floor.pending else ""))
    return "\n".join(lines)
