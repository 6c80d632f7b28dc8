"""What a skill is once found: where it came from (its root, and so its trust), its name and
description, and its status — usable, broken (with the reason), shadowed by a skill of the
same name in a higher root, or flagged by the injection scanner."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

# Highest priority first; a name found in an earlier root shadows the same name in later ones.
# "private": one agent's own skills (self-evolution), listed for that agent only.
RootKind = Literal["workspace", "installed", "package", "private", "global"]
ROOT_ORDER: tuple[RootKind, ...] = ("workspace", "installed", "package", "private", "global")

SkillStatus = Literal["ok", "broken", "shadowed", "flagged"]


@dataclass(frozen=True)
class SkillRoot:
    """A folder whose sub-folders are skills. Global roots (other agent tools' folders in the
    user's home) are untrusted: scanned for injections, seen by Commander only."""

    kind: RootKind
    path: Path
    # Who put the skills there, for listings: "workspace", "installed", a package's name,
    # or the agent tool whose folder it is ("Claude Code").
    label: str

    @property
    def trusted(self) -> bool:
        return self.kind != "global"


@dataclass(frozen=True)
class Skill:
    """One skill folder and what discovery made of it."""

    name: str
    root: SkillRoot
    # The folder as found (may be a symlink in the root) and its resolved location: reads
    # and scripts are confined to `real`.
    folder: Path
    real: Path
    description: str = ""
    status: SkillStatus = "ok"
    reason: str = ""
    # Not fatal: fields outside the Agent Skills spec, and similar.
    warnings: tuple[str, ...] = field(default=())
    skill_md: Path | None = None

    @property
    def usable(self) -> bool:
        return self.status == "ok"

    @property
    def trusted(self) -> bool:
        return self.root.trusted
