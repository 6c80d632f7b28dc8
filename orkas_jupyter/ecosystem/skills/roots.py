"""The four skill roots, in priority order (X1):

1. `<workspace>/.orkas/skills/` — the workspace's own skills;
2. `$ORKAS_HOME/skills/` — skills the user installed for Orkas;
3. skills inside external packages (the packages feature passes their folders in);
4. global folders of other agent tools in the user's home — untrusted, on by default, off
   with `%orkas config global_skills off` (`ORKAS_GLOBAL_SKILLS=0`).

The global folders are the ones those tools document for user-level ("personal") skills:
Claude Code reads `~/.claude/skills/`; Codex reads `~/.agents/skills/` (the cross-tool
folder, also read by Gemini CLI) and, in earlier releases, `$CODEX_HOME/skills/`
(`~/.codex/skills/`); Gemini CLI reads `~/.gemini/skills/`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from ...config import Settings
from .model import SkillRoot

# (folder relative to the home, the tool it belongs to), in the order they shadow each other.
GLOBAL_SKILL_FOLDERS: tuple[tuple[str, str], ...] = (
    (".claude/skills", "Claude Code"),
    (".agents/skills", "Codex / Gemini CLI"),
    (".codex/skills", "Codex"),
    (".gemini/skills", "Gemini CLI"),
)

_OFF = {"0", "off", "false", "no"}


def global_skills_enabled(settings: Settings, environ: Mapping[str, str] | None = None) -> bool:
    """Whether global folders are read: the `global_skills` setting when the settings model
    has it, else `ORKAS_GLOBAL_SKILLS` (default on)."""
    value = getattr(settings, "global_skills", None)
    if isinstance(value, bool):
        return value
    env = os.environ if environ is None else environ
    return env.get("ORKAS_GLOBAL_SKILLS", "on").strip().lower() not in _OFF


def global_roots(home: Path | None = None,
                 environ: Mapping[str, str] | None = None) -> list[SkillRoot]:
    """The other agent tools' user-level skill folders (existing or not)."""
    env = os.environ if environ is None else environ
    home = home if home is not None else Path.home()
    roots = [SkillRoot("global", home / rel, label) for rel, label in GLOBAL_SKILL_FOLDERS]
    codex_home = env.get("CODEX_HOME")
    if codex_home:
        path = Path(codex_home).expanduser() / "skills"
        if all(r.path != path for r in roots):
            roots.append(SkillRoot("global", path, "Codex"))
    return roots


def skill_roots(settings: Settings, *, packages: Iterable[tuple[str, Path]] = (),
                home: Path | None = None,
                environ: Mapping[str, str] | None = None) -> list[SkillRoot]:
    """Every root in priority order. `packages` are (package name, its skills folder) pairs
    from the external packages feature; `home` is the user's home (tests)."""
    roots = [SkillRoot("workspace", settings.workspace / ".orkas" / "skills", "workspace"),
             SkillRoot("installed", Path(settings.home).expanduser() / "skills", "installed")]
    roots += [SkillRoot("package", Path(path), name) for name, path in packages]
    if global_skills_enabled(settings, environ):
        roots += global_roots(home, environ)
    return roots
