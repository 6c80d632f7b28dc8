"""Skills in the Agent Skills format (X1): `SKILL.md` folders found over four roots in
priority order (workspace, installed, external packages, other agent tools' global folders),
parsed and validated with the format's reference library (`skills-ref`), shown to an agent by
name and description in its system prompt, loaded on demand with `load_skill`, their files
read through the sandbox (skill folders are read-only roots) and their scripts run through
the one shell executor under the turn's policy.

Imports the engine, `config` and `tools` (sandbox, shell executor, threat scanner); never
`host` or `jupyter` — the host wires a catalog in.
"""

from .catalog import SkillCatalog, SkillView, skills_prompt
from .discovery import ParsedSkill, SkillReader, discover
from .listing import set_global_skills, skills_listing
from .model import ROOT_ORDER, Skill, SkillRoot
from .roots import GLOBAL_SKILL_FOLDERS, global_skills_enabled, skill_roots
from .sandbox import SkillSandbox, install_skill_sandbox
from .tools import LoadSkill, RunSkillScript

__all__ = ["GLOBAL_SKILL_FOLDERS", "ROOT_ORDER", "LoadSkill", "ParsedSkill", "RunSkillScript",
           "Skill", "SkillCatalog", "SkillReader", "SkillRoot", "SkillSandbox", "SkillView",
           "discover", "global_skills_enabled", "install_skill_sandbox", "set_global_skills",
           "skill_roots", "skills_listing", "skills_prompt"]
