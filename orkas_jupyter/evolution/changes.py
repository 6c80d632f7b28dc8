"""What a reflection may change (V2), and undoing it: a skill in the agent's private library
and the agent's competence profile.

The private library is `<workspace>/.orkas/evolution/<agent>/skills/`: per workspace, like the
store that logs every change (a lesson learned in one project does not silently change the
agent in another, and the log and the files cannot drift apart). The skills catalog lists it
for that agent only. A generated SKILL.md must pass the write scanner (`tools.threat_scan`)
and the `skills-ref` validator before it is moved into place in one rename; a name a shared
skill already has is refused (a private skill never hides a shared one).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from pydantic import BaseModel, Field
from skills_ref.errors import ParseError  # type: ignore[import-untyped]
from skills_ref.parser import parse_frontmatter  # type: ignore[import-untyped]
from skills_ref.validator import validate_metadata  # type: ignore[import-untyped]

from ..tools.threat_scan import rejection_reason

MAX_SKILL_CHARS = 8_000
_AGENT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class ChangeRefused(Exception):
    """A proposed or reverted change that cannot be applied; the message says why."""


class Competence(BaseModel):
    """What an agent is good and bad at, as reflection last wrote it."""

    good_at: list[str] = Field(default_factory=list)
    bad_at: list[str] = Field(default_factory=list)

    def line(self) -> str:
        parts = []
        if self.good_at:
            parts.append("good at " + "; ".join(self.good_at))
        if self.bad_at:
            parts.append("bad at " + "; ".join(self.bad_at))
        return " — ".join(parts)


def private_skills_folder(workspace: Path, agent: str) -> Path:
    """The agent's private skill library (existing or not)."""
    if not _AGENT.match(agent):
        raise ChangeRefused(f"{agent!r} is not an agent name (lower-case letters, digits, "
                            "'-' and '_')")
    return workspace / ".orkas" / "evolution" / agent / "skills"


def check_skill(text: str) -> str:
    """Validate a generated SKILL.md without writing it: its skill name. Raises
    ChangeRefused with the reason (too long, scanner finding, invalid front matter)."""
    if len(text) > MAX_SKILL_CHARS:
        raise ChangeRefused(f"the skill is {len(text):,} characters (at most "
                            f"{MAX_SKILL_CHARS:,})")
    reason = rejection_reason(text)
    if reason is not None:
        raise ChangeRefused(f"the write scanner refused the skill: {reason}")
    try:
        metadata, body = parse_frontmatter(text)
    except ParseError as exc:
        raise ChangeRefused(f"the SKILL.md front matter is invalid: {exc}") from None
    if not body.strip():
        raise ChangeRefused("the skill has no instructions")
    name = str(metadata.get("name", "")).strip()
    if not re.match(r"^[a-z0-9][a-z0-9-]{0,63}$", name):
        raise ChangeRefused(f"skill name {name!r}: lower-case letters, digits and hyphens")
    return name


def write_skill(folder: Path, text: str, shared_names: set[str]) -> tuple[str, str | None]:
    """Create or replace one private skill from `text` (a SKILL.md); its name and the text it
    replaced (None when new)."""
    name = check_skill(text)
    if name in shared_names:
        raise ChangeRefused(f"a shared skill is called {name!r}; a private skill may not take "
                            "its name")
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=folder))
    try:
        staged = staging / name
        staged.mkdir()
        (staged / "SKILL.md").write_text(text, encoding="utf-8")
        errors = validate_metadata(parse_frontmatter(text)[0], staged)
        if errors:
            raise ChangeRefused("the skill does not validate (skills-ref): " + "; ".join(errors))
        before = _read(target)
        if target.exists():
            os.rename(target, staging / "replaced")
        os.rename(staged, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return name, before


def _read(skill: Path) -> str | None:
    try:
        return (skill / "SKILL.md").read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def revert_skill(folder: Path, name: str, before: str | None, after: str) -> None:
    """Put a private skill back as it was before an entry: remove it (it was new) or restore
    its old text. Refused when it was changed since (revert the later entry first)."""
    target = folder / name
    if _read(target) != after:
        raise ChangeRefused(f"the skill {name!r} was changed after this entry; revert the "
                            "later entry first")
    if before is None:
        shutil.rmtree(target)
        return
    tmp = target / ".SKILL.md.reverting"
    tmp.write_text(before, encoding="utf-8")
    os.replace(tmp, target / "SKILL.md")


def parse_competence(text: str) -> Competence | None:
    """`good at: a; b` and `bad at: c` lines; None when there are neither."""
    found = Competence()
    for line in text.splitlines():
        key, sep, rest = line.strip().lstrip("-* ").partition(":")
        items = [i.strip() for i in rest.split(";") if i.strip()][:8]
        if not sep:
            continue
        if key.strip().lower() == "good at":
            found.good_at = [i[:120] for i in items]
        elif key.strip().lower() == "bad at":
            found.bad_at = [i[:120] for i in items]
    return found if found.good_at or found.bad_at else None


class Proposal(BaseModel):
    """What a reflection answer asks for."""

    skill_md: str | None = None
    competence: Competence | None = None


_BLOCK = r"<{0}>\s*\n?(.*?)\n?\s*</{0}>"


def parse_answer(text: str) -> Proposal:
    """The `<skill_md>` and `<competence>` blocks of a reflection answer (either may be
    missing; `<no_change/>` or no block is no change)."""
    skill = re.search(_BLOCK.format("skill_md"), text, re.S)
    competence = re.search(_BLOCK.format("competence"), text, re.S)
    return Proposal(skill_md=skill.group(1).strip() + "\n" if skill else None,
                    competence=parse_competence(competence.group(1)) if competence else None)
