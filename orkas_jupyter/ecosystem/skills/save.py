"""`save_skill` ("script it", X5): when no agent, skill or connector fits, Commander writes a
short script, runs it with `bash`, checks the result, and offers to keep it as a workspace
skill — `<workspace>/.orkas/skills/NAME/SKILL.md` plus `scripts/<file>`.

Nothing is written without the user's yes: the tool asks through the turn's approval path
(the cell's input box, the panel's buttons; under nbclient the approval policy, `deny` unless
`ORKAS_APPROVAL=allow`), showing the SKILL.md and the script. Before asking, the folder is
built in a private staging folder and checked as any skill is (the `skills-ref` validator on
its front matter) and both texts go through the write scanner (`tools.threat_scan`); an
existing skill of that name is never replaced. After the yes the folder is moved into place
in one rename, so a half-written skill is never seen; it is listed from the next turn.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import yaml  # type: ignore[import-untyped]
from pydantic import BaseModel, Field
from skills_ref.errors import ParseError  # type: ignore[import-untyped]
from skills_ref.parser import parse_frontmatter  # type: ignore[import-untyped]
from skills_ref.validator import validate_metadata  # type: ignore[import-untyped]

from ...engine.errors import ToolError
from ...engine.tools import ApprovalRequest, Tool, ToolContext, ToolOutput
from ...tools.threat_scan import rejection_reason
from .tools import INTERPRETERS

__all__ = ["SaveSkill", "skill_markdown"]

MAX_SCRIPT_CHARS = 64_000
MAX_INSTRUCTIONS_CHARS = 16_000
_SCRIPT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
RISK = "save_skill"

class SaveSkillArgs(BaseModel):
    name: str = Field(description="the skill's name: lowercase letters, digits and hyphens "
                      "(e.g. csv-total)")
    description: str = Field(description="what the skill does and when to use it (one or two "
                             "sentences; agents choose skills by it)")
    instructions: str = Field(description="the SKILL.md body: when and how to run the script, "
                              "its arguments and what it prints")
    script_name: str = Field(description="the script's file name, e.g. total.py (saved under "
                             "scripts/)")
    script: str = Field(description="the script's full text, as you ran and checked it")


def skill_markdown(args: SaveSkillArgs) -> str:
    """The SKILL.md text: front matter (YAML-quoted) and the instructions, ending with how to
    run the script."""
    front = yaml.safe_dump({"name": args.name.strip(), "description": args.description.strip()},
                           sort_keys=False, allow_unicode=True, width=10_000)
    run = (f"Run it with `run_skill_script(skill=\"{args.name.strip()}\", "
           f"script=\"scripts/{args.script_name}\", args=[...])`.")
    return f"---\n{front}---\n\n{args.instructions.strip()}\n\n{run}\n"


def _check_script_name(name: str) -> None:
    if not _SCRIPT_NAME.match(name) or name.startswith(".") or ".." in name:
        raise ToolError(f"script_name {name!r} must be a plain file name (letters, digits, "
                        "'_', '-', '.'), e.g. total.py")


def _check_texts(args: SaveSkillArgs, markdown: str) -> None:
    if len(args.script) > MAX_SCRIPT_CHARS:
        raise ToolError(f"the script is {len(args.script):,} characters; a skill's script "
                        f"must be short (at most {MAX_SCRIPT_CHARS:,})")
    if len(args.instructions) > MAX_INSTRUCTIONS_CHARS:
        raise ToolError(f"the instructions are {len(args.instructions):,} characters (at "
                        f"most {MAX_INSTRUCTIONS_CHARS:,})")
    if not args.script.strip():
        raise ToolError("the script is empty")
    suffix = Path(args.script_name).suffix
    if suffix not in INTERPRETERS and not args.script.startswith("#!"):
        known = ", ".join(sorted(INTERPRETERS))
        raise ToolError(f"{args.script_name}: use a suffix that says how to run it ({known}) "
                        "or start the script with a #! line")
    for what, text in (("SKILL.md", markdown), (args.script_name, args.script)):
        reason = rejection_reason(text)
        if reason is not None:
            raise ToolError(f"{what}: {reason}")


def _stage(staging: Path, args: SaveSkillArgs, markdown: str) -> Path:
    """Write the skill under `staging/NAME/` and validate it; the folder."""
    folder = staging / args.name.strip()
    (folder / "scripts").mkdir(parents=True)
    (folder / "SKILL.md").write_text(markdown, encoding="utf-8")
    script = folder / "scripts" / args.script_name
    script.write_text(args.script, encoding="utf-8")
    script.chmod(0o755 if args.script.startswith("#!") else 0o644)
    try:
        metadata, _ = parse_frontmatter(markdown)
    except ParseError as exc:
        raise ToolError(f"the SKILL.md front matter is invalid: {exc}") from None
    errors = validate_metadata(metadata, folder)
    if errors:
        raise ToolError("the skill does not validate (skills-ref): " + "; ".join(errors))
    return folder


class SaveSkill(Tool[SaveSkillArgs]):
    name = "save_skill"
    description = (
        "When no agent, skill or connector fits a task that a short script can do: write the "
        "script, run it with bash, check its result, then offer to keep it with this tool as "
        "a workspace skill "
        "(.orkas/skills/NAME/SKILL.md and scripts/SCRIPT_NAME), so it can be reused with "
        "run_skill_script in later turns. Use it only after the script worked, when no agent, "
        "skill or connector already did the job. The user is shown the files and asked; "
        "nothing is saved without their yes. An existing skill is never replaced.")
    input_model = SaveSkillArgs

    def __init__(self, skills_folder: Callable[[], Path]) -> None:
        self.skills_folder = skills_folder

    async def execute(self, args: SaveSkillArgs, ctx: ToolContext) -> ToolOutput | str:
        _check_script_name(args.script_name)
        markdown = skill_markdown(args)
        _check_texts(args, markdown)
        target_root = self.skills_folder()
        target = target_root / args.name.strip()
        if target.exists() or target.is_symlink():
            raise ToolError(f"a skill folder {target.name!r} already exists in "
                            ".orkas/skills/; choose another name (it is never replaced)")
        target_root.mkdir(parents=True, exist_ok=True)
        # Staged in .orkas/ (not a skill root; same file system: the move is one rename).
        staging = Path(tempfile.mkdtemp(prefix="skill-saving-", dir=target_root.parent))
        try:
            folder = _stage(staging, args, markdown)
            # The script first: a cell's input box shows only the start of the detail.
            shown = (f"scripts/{args.script_name}:\n{args.script}\n\nSKILL.md:\n{markdown}")
            lines = len(args.script.splitlines())
            allowed = await ctx.request_approval(ApprovalRequest(
                tool=self.name, risk=RISK, detail=shown,
                summary=f"Save it as the workspace skill {target.name!r} "
                        f"(.orkas/skills/{target.name}/: SKILL.md, scripts/{args.script_name}, "
                        f"{lines} lines): {args.description.strip()[:200]}"))
            if not allowed:
                return ToolOutput.text("Not saved: the user declined (or the approval policy "
                                       "denied it). Nothing was written. Do not ask again in "
                                       "this turn.")
            if target.exists():
                raise ToolError(f"a skill {target.name!r} appeared meanwhile; not replaced")
            os.rename(folder, target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        return (f"Saved the skill {target.name!r} in {target} (SKILL.md, "
                f"scripts/{args.script_name}). It is listed from the next turn "
                "(%orkas skills) and runs with run_skill_script.")
