"""Search tools (T3): `search_files` (names by glob) and `grep_files` (contents by regex).

Both walk the tree without following symlinked folders, skip `.git`, `node_modules`, virtual
environments, caches and `.orkas/` unless asked not to, never leave the sandbox, and cap what
they return with a note saying how to narrow the search.
"""

from __future__ import annotations

import asyncio
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, Field

from ..engine.errors import ToolError
from ..engine.tools import Tool, ToolContext
from .files import workspace_services
from .sandbox import PathSandbox

SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", "node_modules", ".venv", "venv", ".orkas", "__pycache__",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", ".nox", ".ipynb_checkpoints",
})
MAX_OUTPUT_CHARS = 30_000
MAX_LINE_CHARS = 400
MAX_GREP_FILE_BYTES = 20 * 1024 * 1024


@lru_cache(maxsize=256)
def glob_to_regex(pattern: str) -> re.Pattern[str]:
    """Compile a glob: `*` and `?` stay within one folder, `**` spans folders, `[…]` and
    `{a,b}` as in shells. A pattern without `/` matches file names at any depth."""
    pat = pattern.strip()
    while pat.startswith("./"):
        pat = pat[2:]
    if "/" not in pat:
        pat = "**/" + pat
    out, i, depth = [], 0, 0
    while i < len(pat):
        c = pat[i]
        if pat.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pat.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            close = pat.find("]", i + 2)
            if close < 0:
                out.append(re.escape(c))
            else:
                body = pat[i + 1:close]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                i = close
        elif c == "{":
            out.append("(?:")
            depth += 1
        elif c == "}" and depth:
            out.append(")")
            depth -= 1
        elif c == "," and depth:
            out.append("|")
        else:
            out.append(re.escape(c))
        i += 1
    if depth:
        raise ToolError(f"The glob {pattern!r} has an unclosed '{{'.")
    try:
        return re.compile("".join(out) + r"\Z", re.DOTALL)
    except re.error as exc:
        raise ToolError(f"The glob {pattern!r} is not valid ({exc}).") from None


def _search_root(sandbox: PathSandbox, path: str | None) -> Path:
    root = sandbox.resolve(path or ".")
    if not root.exists():
        raise ToolError(f"{path} does not exist. Give a folder inside the workspace.")
    return root


@dataclass(frozen=True)
class WalkEntry:
    """A file met while walking; `dir_fd` (its folder) is valid until the walk moves on."""

    path: Path
    name: str
    dir_fd: int
    by_path: bool  # a symlink (or a single named file): read through the sandbox by path


def walk_files(sandbox: PathSandbox, top: Path, skip_dirs: frozenset[str],
               skip_marker: str | None = "pyvenv.cfg") -> Iterator[WalkEntry]:
    """Files under `top` in path order. Folders are opened component by component without
    following symlinks (a folder swapped for a link mid-walk is skipped, not followed);
    symlinked files are kept only when their target passes the sandbox; `skip_dirs` (by
    name), folders holding `skip_marker` and forbidden locations are pruned."""
    stack = [top]
    while stack:
        here = stack.pop()
        try:
            fd = sandbox.open_dir(here)
        except OSError:
            continue
        try:
            with os.scandir(fd) as it:
                entries = sorted(it, key=lambda e: e.name)
            subdirs = []
            for entry in entries:
                path = here / entry.name
                if entry.is_dir(follow_symlinks=False):
                    if entry.name in skip_dirs or sandbox.is_forbidden(path):
                        continue
                    if skip_marker and _has(fd, f"{entry.name}/{skip_marker}"):
                        continue
                    subdirs.append(path)
                elif entry.is_symlink():
                    real = Path(os.path.realpath(path))
                    if sandbox.allows(real) and real.is_file():
                        yield WalkEntry(path, entry.name, fd, True)
                elif entry.is_file(follow_symlinks=False) and not sandbox.is_forbidden_name(path):
                    yield WalkEntry(path, entry.name, fd, False)
            stack.extend(reversed(subdirs))
        finally:
            os.close(fd)


def _has(dir_fd: int, rel: str) -> bool:
    try:
        os.stat(rel, dir_fd=dir_fd, follow_symlinks=False)
    except OSError:
        return False
    return True


def read_entry(sandbox: PathSandbox, entry: WalkEntry, max_bytes: int) -> bytes | None:
    """The bytes of a walked file, or None when it is larger than `max_bytes` or not a
    regular file any more."""
    if entry.by_path:
        path = sandbox.resolve(str(entry.path))
        if path.stat().st_size > max_bytes:
            return None
        return sandbox.read_bytes(path, max_bytes)
    fd = os.open(entry.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=entry.dir_fd)
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > max_bytes:
            return None
        return fh.read(max_bytes + 1)


def _iter_files(sandbox: PathSandbox, root: Path, no_ignore: bool) -> Iterator[WalkEntry]:
    if root.is_file():
        # One file named by the caller: read it by its (already checked) path.
        yield WalkEntry(root, root.name, -1, by_path=True)
        return
    skip = frozenset() if no_ignore else SKIP_DIRS
    yield from walk_files(sandbox, root, skip, None if no_ignore else "pyvenv.cfg")


def _rel(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.name


# -- search_files ------------------------------------------------------------------------


class SearchFilesInput(BaseModel):
    pattern: str = Field(description="Glob such as '*.py', 'src/**/test_*.py', "
                                     "'*.{csv,parquet}'. Without '/', matches names at any "
                                     "depth.")
    path: str | None = Field(None, description="Folder to search (default: the workspace).")
    limit: int = Field(200, ge=1, description="Most paths to list (at most 2,000).")
    no_ignore: bool = Field(False, description="Also search .git, node_modules, virtual "
                                               "environments and caches.")


def _search(sandbox: PathSandbox, args: SearchFilesInput) -> str:
    if not args.pattern.strip():
        raise ToolError("pattern is empty; give a glob such as '*.py'.")
    root = _search_root(sandbox, args.path)
    regex = glob_to_regex(args.pattern)
    hits = [e.path for e in _iter_files(sandbox, root, args.no_ignore)
            if regex.match(_rel(e.path, root))]
    where = sandbox.display(root)
    if not hits:
        return f"No files match {args.pattern!r} under {where}."
    shown = [sandbox.display(f) for f in hits[:min(args.limit, 2000)]]
    text = "\n".join(shown)
    if len(text) > MAX_OUTPUT_CHARS:
        text = text[:MAX_OUTPUT_CHARS].rsplit("\n", 1)[0]
        shown = text.split("\n")
    head = f"{len(hits):,} file(s) match {args.pattern!r} under {where}"
    if len(shown) < len(hits):
        head += (f"; showing the first {len(shown):,}. Narrow the pattern or path to see the "
                 "rest")
    return f"{head}:\n{text}"


class SearchFiles(Tool[SearchFilesInput]):
    name = "search_files"
    description = (
        "Find files by glob pattern (names and paths), sorted by path. Skips .git, "
        "node_modules, virtual environments, caches and .orkas unless no_ignore is true. "
        "Lists at most `limit` paths (default 200).")
    input_model = SearchFilesInput
    read_only = True

    async def execute(self, args: SearchFilesInput, ctx: ToolContext) -> str:
        sandbox, _ = workspace_services(ctx)
        return await asyncio.to_thread(_search, sandbox, args)


# -- grep_files --------------------------------------------------------------------------


class GrepFilesInput(BaseModel):
    pattern: str = Field(description="Python regular expression, matched line by line.")
    path: str | None = Field(None, description="File or folder to search (default: the "
                                               "workspace).")
    glob: str | None = Field(None, description="Only files matching this glob, e.g. '*.py'.")
    context: int = Field(0, ge=0, description="Lines of context before and after (at most "
                                              "20).")
    ignore_case: bool = Field(False, description="Case-insensitive matching.")
    files_only: bool = Field(False, description="List matching files instead of lines.")
    max_matches: int = Field(200, ge=1, description="Stop after this many matches (at most "
                                                    "5,000).")
    no_ignore: bool = Field(False, description="Also search .git, node_modules, virtual "
                                               "environments and caches.")


def _clip(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + " […]"


def _grep_file(regex: re.Pattern[str], text: str, rel: str, context: int,
               budget: int) -> tuple[list[str], int]:
    lines = text.splitlines()
    hits = [i for i, line in enumerate(lines) if regex.search(line)][:budget]
    if not context:
        return [f"{rel}:{i + 1}:{_clip(lines[i])}" for i in hits], len(hits)
    out: list[str] = []
    last = -1
    hit_set = set(hits)
    for i in hits:
        lo, hi = max(0, i - context), min(len(lines) - 1, i + context)
        if last >= 0 and lo > last + 1:
            out.append("--")
        for j in range(max(lo, last + 1), hi + 1):
            sep = ":" if j in hit_set else "-"
            out.append(f"{rel}{sep}{j + 1}{sep}{_clip(lines[j])}")
        last = max(last, hi)
    return out, len(hits)


def _grep(sandbox: PathSandbox, args: GrepFilesInput) -> str:
    args = args.model_copy(update={"context": min(args.context, 20),
                                   "max_matches": min(args.max_matches, 5000)})
    try:
        regex = re.compile(args.pattern, re.IGNORECASE if args.ignore_case else 0)
    except re.error as exc:
        raise ToolError(f"The regex {args.pattern!r} is not valid: {exc}. Escape special "
                        "characters such as ( [ . * with a backslash.") from None
    root = _search_root(sandbox, args.path)
    name_filter = glob_to_regex(args.glob) if args.glob else None
    out: list[str] = []
    matches = searched = skipped = files_hit = 0
    size = 0
    truncated = False
    for entry in _iter_files(sandbox, root, args.no_ignore):
        file = entry.path
        rel_root = _rel(file, root) if root.is_dir() else file.name
        if name_filter is not None and not name_filter.match(rel_root):
            continue
        try:
            data = read_entry(sandbox, entry, MAX_GREP_FILE_BYTES)
        except (OSError, ToolError):
            data = None
        if data is None:
            skipped += 1
            continue
        if b"\x00" in data[:8192]:
            skipped += 1
            continue
        searched += 1
        text = data.decode("utf-8", errors="replace")
        if regex.search(text) is None:
            continue
        shown = sandbox.display(file)
        lines, n = _grep_file(regex, text, shown, args.context, args.max_matches - matches)
        if n == 0:
            continue
        files_hit += 1
        matches += n
        block = [shown] if args.files_only else ([*lines, "--"] if args.context else lines)
        for line in block:
            size += len(line) + 1
            if size > MAX_OUTPUT_CHARS:
                truncated = True
                break
            out.append(line)
        if truncated or matches >= args.max_matches:
            truncated = True
            break
    if out and out[-1] == "--":
        out.pop()
    where = sandbox.display(root)
    summary = (f"{matches:,} match(es) in {files_hit:,} file(s) under {where} "
               f"({searched:,} text files searched")
    summary += f", {skipped:,} binary/unreadable/large skipped)." if skipped else ")."
    if not matches:
        return f"No match for {args.pattern!r} under {where}. " + summary
    if truncated:
        summary += (" Output stopped early (match or size cap); narrow the pattern, path or "
                    "glob, or raise max_matches.")
    return "\n".join(out) + "\n" + summary


class GrepFiles(Tool[GrepFilesInput]):
    name = "grep_files"
    description = (
        "Search file contents with a regular expression (Python syntax, line by line). "
        "Output lines are path:line:text; with `context`, neighbours are path-line-text and "
        "groups are separated by '--'. Binary files and files over 20 MB are skipped. Stops "
        "after max_matches (default 200) or 30,000 characters.")
    input_model = GrepFilesInput
    read_only = True

    async def execute(self, args: GrepFilesInput, ctx: ToolContext) -> str:
        sandbox, _ = workspace_services(ctx)
        return await asyncio.to_thread(_grep, sandbox, args)
