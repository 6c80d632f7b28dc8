"""What `%orkas skills` prints, and the `%orkas config global_skills on|off` switch. Plain
functions returning text: the Jupyter layer prints what they return."""

from __future__ import annotations

from collections.abc import Sequence

from ...config import Settings
from .catalog import SkillCatalog
from .model import ROOT_ORDER, Skill
from .roots import global_skills_enabled

_MARK = {"ok": "ok", "broken": "BROKEN", "shadowed": "shadowed", "flagged": "FLAGGED"}


def skills_listing(catalog: SkillCatalog, *, allowed: Sequence[str] | None = None,
                   commander: bool = True) -> str:
    """Every skill with its root and status; broken, shadowed and flagged ones with the
    reason. `allowed`/`commander` describe the agent asked about (default: Commander)."""
    roots = catalog.roots()
    skills = catalog.skills()
    settings_on = any(r.kind == "global" for r in roots)
    lines: list[str] = []
    if not skills:
        lines.append("No skills found. Put a skill folder (with a SKILL.md) in one of:")
    else:
        lines.append(f"{len(skills)} skill folder(s), highest priority first:")
        width = max(len(s.name) for s in skills)
        for kind in ROOT_ORDER:
            for skill in (s for s in skills if s.root.kind == kind):
                lines.append(_line(skill, width))
        view = catalog.view(allowed, commander=commander)
        seen = view.visible()
        who = "Commander" if commander and allowed is None else "this agent"
        lines.append(f"{who} sees {len(seen.skills)}: "
                     + (", ".join(p.skill.name for p in seen.skills) or "none") + ".")
        lines.append("Folders searched:")
    for root in roots:
        state = "" if root.path.is_dir() else " (absent)"
        trust = "" if root.trusted else ", untrusted"
        lines.append(f"  {root.kind:9} {root.path}{state} — {root.label}{trust}")
    if not settings_on:
        lines.append("Global skill folders are off (%orkas config global_skills on).")
    return "\n".join(lines)


def _line(skill: Skill, width: int) -> str:
    trust = "" if skill.trusted else " [untrusted]"
    head = (f"  {skill.name:{width}}  {_MARK[skill.status]:8}  {skill.root.kind}"
            f" ({skill.root.label}){trust}  {skill.folder}")
    if skill.status != "ok":
        return f"{head}\n      {skill.reason}"
    if skill.warnings:
        return f"{head}\n      note: {'; '.join(skill.warnings)}"
    return head


def set_global_skills(settings: Settings, word: str) -> tuple[Settings, str]:
    """`%orkas config global_skills on|off`: the new settings and the line to print.
    `ValueError` for another word."""
    value = {"on": True, "off": False}.get(word.strip().lower())
    if value is None:
        raise ValueError("global_skills takes on or off")
    changed = settings.model_copy(update={"global_skills": value})
    state = global_skills_enabled(changed)
    if state:
        return changed, ("global_skills: on — skills in other agent tools' folders "
                         "(~/.claude/skills, ~/.agents/skills, ~/.codex/skills, "
                         "~/.gemini/skills) are offered to Commander, untrusted")
    return changed, "global_skills: off — other agent tools' skill folders are not read"
