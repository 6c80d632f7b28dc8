"""Finding skills: each sub-folder of a root with a `SKILL.md`, parsed and validated with the
Agent Skills reference library (`skills-ref`), checked for symlinks that leave the folder, and
— for untrusted (global) skills — scanned for prompt injection before any of its text can
reach a prompt. A bad skill becomes a `Skill` with status `broken` and the reason; discovery
itself never raises for one skill."""

from __future__ import annotations

import logging
import os
import stat
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from skills_ref.errors import ParseError  # type: ignore[import-untyped]
from skills_ref.parser import find_skill_md, parse_frontmatter  # type: ignore[import-untyped]
from skills_ref.validator import validate_metadata  # type: ignore[import-untyped]

from ...tools.threat_scan import ThreatFinding, scan
from .model import Skill, SkillRoot

log = logging.getLogger(__name__)

MAX_SKILL_MD_BYTES = 256 * 1024
# A skill is a small folder; past this many entries it is refused rather than half-checked.
MAX_ENTRIES = 5_000
_UNEXPECTED = "Unexpected fields in frontmatter"
# Untrusted skills: their prose files are scanned too, up to this much text in all.
DOCUMENT_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".rst"})
MAX_DOCUMENT_BYTES = 1024 * 1024


def _within(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


@dataclass(frozen=True)
class ParsedSkill:
    """The text of a skill's SKILL.md as checked: the skill (status set) and its body."""

    skill: Skill
    body: str


@dataclass
class Visible:
    """An agent's usable skills now, and why named ones are left out."""

    skills: list[ParsedSkill] = field(default_factory=list)
    left_out: dict[str, str] = field(default_factory=dict)

    def get(self, name: str) -> ParsedSkill | None:
        return next((p for p in self.skills if p.skill.name == name), None)


def _broken(name: str, root: SkillRoot, folder: Path, real: Path, reason: str) -> ParsedSkill:
    return ParsedSkill(Skill(name=name, root=root, folder=folder, real=real, status="broken",
                             reason=reason), "")


def symlink_escape(real: Path) -> str | None:
    """The first symlink under `real` whose target lies outside it, as 'link -> target';
    None when there is none. Too many entries count as a problem too."""
    count = 0
    for here, dirs, files in os.walk(real, followlinks=False):
        for name in [*dirs, *files]:
            count += 1
            if count > MAX_ENTRIES:
                return f"more than {MAX_ENTRIES:,} files (a skill must be a small folder)"
            path = Path(here) / name
            if not path.is_symlink():
                continue
            target = Path(os.path.realpath(path))
            if not _within(target, real):
                return f"{path.relative_to(real)} -> {os.readlink(path)}"
    return None


def text_documents(real: Path, skill_md: Path) -> list[tuple[Path, os.stat_result]]:
    """The prose files of a skill folder besides SKILL.md (what its instructions send the
    model to read), with their stat, in a stable order."""
    found = []
    for here, dirs, files in os.walk(real, followlinks=False):
        dirs.sort()
        for name in sorted(files):
            path = Path(here) / name
            if path.suffix.lower() in DOCUMENT_SUFFIXES and path != skill_md:
                st = path.lstat()
                if stat.S_ISREG(st.st_mode):
                    found.append((path, st))
    return found


def _flag_reason(findings: Sequence[ThreatFinding], where: str) -> str:
    # Category and rule only: the excerpt is the hostile text itself, and this reason
    # reaches the model when it asks for the skill.
    shown = "; ".join(f"{f.category.replace('_', ' ')} ({f.rule})" for f in findings[:3])
    return (f"the injection scanner flagged {where} ({shown}); the skill is kept out of every "
            "prompt")


def _check_documents(parsed: ParsedSkill, real: Path,
                     docs: Sequence[tuple[Path, os.stat_result]]) -> ParsedSkill:
    """An untrusted skill whose documents carry instructions for the model is flagged too:
    its SKILL.md would send the model to read them."""
    skill = parsed.skill
    total = sum(d.st_size for _, d in docs)
    if total > MAX_DOCUMENT_BYTES:
        return ParsedSkill(replace(skill, status="broken", reason=(
            f"its text files hold {total:,} bytes, over the {MAX_DOCUMENT_BYTES:,} bytes an "
            "untrusted skill may have checked; copy it into .orkas/skills/ if you trust it")),
            "")
    for path, _ in docs:
        text = path.read_bytes().decode("utf-8", "replace")
        findings = scan(text)
        if findings:
            log.warning("global skill %s flagged by the injection scanner", skill.name)
            return ParsedSkill(replace(skill, status="flagged", reason=_flag_reason(
                findings, str(path.relative_to(real)))), "")
    return parsed


def _too_wide(real: Path, home: Path) -> bool:
    """A skill folder that resolves to `/`, the home folder or one of its parents would make
    all of it readable; refuse it."""
    return real == Path(real.anchor) or _within(home, real)


class SkillReader:
    """Reads skill folders, remembering parsed and scanned SKILL.md files by their
    (path, inode, size, mtime) so each turn's discovery does not re-scan unchanged text."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = Path(os.path.realpath(home if home is not None else Path.home()))
        self._cache: dict[tuple[str, bool], tuple[object, ParsedSkill]] = {}
        self._lock = threading.Lock()

    def read(self, folder: Path, root: SkillRoot) -> ParsedSkill:
        """The skill in `folder` (status `broken` with the reason when it cannot be used)."""
        real = Path(os.path.realpath(folder))
        name = folder.name
        if _too_wide(real, self.home):
            return _broken(name, root, folder, real,
                           f"the folder resolves to {real}, which contains the home folder; "
                           "a skill must be its own folder")
        skill_md = find_skill_md(folder)
        if skill_md is None:
            return _broken(name, root, folder, real, "no SKILL.md in the folder")
        md_real = Path(os.path.realpath(skill_md))
        if not _within(md_real, real):
            return _broken(name, root, folder, real,
                           f"{skill_md.name} is a symlink out of the skill folder "
                           f"(-> {os.readlink(skill_md)}); a skill must be self-contained")
        escape = symlink_escape(real)
        if escape is not None:
            if escape.startswith("more than"):
                return _broken(name, root, folder, real, escape)
            return _broken(name, root, folder, real,
                           f"it contains a symlink out of its folder ({escape}); a skill must "
                           "be self-contained — copy the file in instead")
        try:
            st = md_real.stat()
        except OSError as exc:
            return _broken(name, root, folder, real, f"cannot read {skill_md.name}: {exc}")
        if not stat.S_ISREG(st.st_mode):  # a FIFO would block the read for ever
            return _broken(name, root, folder, real, f"{skill_md.name} is not a regular file")
        key = (str(md_real), root.trusted)
        docs = [] if root.trusted else text_documents(real, md_real)
        stamp = ((st.st_ino, st.st_size, st.st_mtime_ns),
                 tuple((str(p), d.st_size, d.st_mtime_ns) for p, d in docs))
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None and hit[0] == stamp:
            parsed = hit[1]
            return ParsedSkill(replace(parsed.skill, root=root, folder=folder, real=real,
                                       skill_md=skill_md), parsed.body)
        parsed = self._parse(folder, real, skill_md, md_real, st.st_size, root)
        if parsed.skill.usable and docs:
            parsed = _check_documents(parsed, real, docs)
        with self._lock:
            self._cache[key] = (stamp, parsed)
        return parsed

    def _parse(self, folder: Path, real: Path, skill_md: Path, md_real: Path, size: int,
               root: SkillRoot) -> ParsedSkill:
        name = folder.name
        if size > MAX_SKILL_MD_BYTES:
            return _broken(name, root, folder, real,
                           f"{skill_md.name} is {size:,} bytes, over the "
                           f"{MAX_SKILL_MD_BYTES:,}-byte limit; move detail into resource files")
        try:
            content = md_real.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            return _broken(name, root, folder, real, f"{skill_md.name} is not UTF-8 text")
        except OSError as exc:
            return _broken(name, root, folder, real, f"cannot read {skill_md.name}: {exc}")
        try:
            metadata, body = parse_frontmatter(content)
        except ParseError as exc:
            return _broken(name, root, folder, real, f"invalid front matter: {exc}")
        errors = validate_metadata(metadata, folder)
        warnings = tuple(e for e in errors if e.startswith(_UNEXPECTED))
        fatal = [e for e in errors if not e.startswith(_UNEXPECTED)]
        if fatal:
            return _broken(name, root, folder, real, "invalid front matter: " + "; ".join(fatal))
        skill_name = unicodedata.normalize("NFKC", str(metadata["name"]).strip())
        description = str(metadata["description"]).strip()
        skill = Skill(name=skill_name, root=root, folder=folder, real=real,
                      description=description, warnings=warnings, skill_md=skill_md)
        if not root.trusted:
            findings = scan(f"{skill_name}\n{description}\n{body}")
            if findings:
                log.warning("global skill %s flagged by the injection scanner", skill_name)
                return ParsedSkill(replace(skill, status="flagged", reason=_flag_reason(
                    findings, skill_md.name)), "")
        return ParsedSkill(skill, body)


def skill_folders(root: SkillRoot) -> list[Path]:
    """The candidate skill folders of a root: its sub-folders (symlinked ones too), hidden
    ones skipped (Codex keeps its own system skills in `.system`). A package that is one
    skill (its own `SKILL.md` at the top) is its only skill folder."""
    if root.kind == "package" and (root.path / "SKILL.md").is_file():
        return [root.path]
    try:
        entries = sorted(os.scandir(root.path), key=lambda e: e.name)
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as exc:
        log.warning("cannot list the skill root %s: %s", root.path, exc)
        return []
    return [Path(e.path) for e in entries
            if not e.name.startswith(".") and e.is_dir(follow_symlinks=True)]


def discover(roots: Sequence[SkillRoot], reader: SkillReader) -> list[ParsedSkill]:
    """Every skill of every root, in priority order. The first usable skill of a name wins;
    later ones of that name are `shadowed`. A broken or flagged skill shadows nothing."""
    found: list[ParsedSkill] = []
    winners: dict[str, Skill] = {}
    for root in roots:
        for folder in skill_folders(root):
            try:
                parsed = reader.read(folder, root)
            except Exception as exc:  # one odd folder never hides the others
                log.warning("skill folder %s could not be read", folder, exc_info=True)
                real = Path(os.path.realpath(folder))
                parsed = _broken(folder.name, root, folder, real,
                                 f"could not be read: {type(exc).__name__}: {exc}")
            skill = parsed.skill
            if skill.usable:
                winner = winners.get(skill.name)
                if winner is not None:
                    parsed = ParsedSkill(replace(skill, status="shadowed", reason=(
                        f"a {winner.root.label} skill of the same name wins "
                        f"({winner.folder})")), "")
                else:
                    winners[skill.name] = skill
            found.append(parsed)
    return found


