"""File tools (T1–T3): `read_file`, `write_file`, `edit_file`, `stat_file`.

Every path goes through the `PathSandbox` in `ctx.services["sandbox"]`; reads and writes are
recorded in the `FileStateRegistry` in `ctx.services["file_state"]`, which refuses an edit or
overwrite of a file this session has not read, or that changed since it did. Disk work runs
in a thread so the kernel's event loop stays responsive.

A write is planned here (checked and computed), then committed by `file_writes.py` only if the
file still holds the bytes it was planned against: between the two, review mode shows the
change to the user, and the commit reports it to the turn's checkpoint for `%orkas undo`.
"""

from __future__ import annotations

import asyncio
import base64
import difflib
import os
import stat
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from ..engine.errors import ToolError
from ..engine.messages import ImagePart, TextPart
from ..engine.tools import Tool, ToolContext, ToolOutput
from .extract import Decoded, decode_content, image_type
from .file_state import FileStateRegistry, content_hash
from .file_writes import MAX_FILE_BYTES, PlannedWrite, review_and_commit
from .review import accepted_note
from .sandbox import PathSandbox, SandboxError

DEFAULT_READ_CHARS = 40_000
MAX_READ_CHARS = 90_000
MAX_IMAGE_BYTES = 5 * 1024 * 1024


def workspace_services(ctx: ToolContext) -> tuple[PathSandbox, FileStateRegistry]:
    """The sandbox and file-state registry the workspace factory put in `ctx.services`."""
    sandbox = ctx.services.get("sandbox")
    state = ctx.services.get("file_state")
    if not isinstance(sandbox, PathSandbox) or not isinstance(state, FileStateRegistry):
        raise ToolError("The workspace tools are not configured in this agent (no sandbox or "
                        "file_state service); build them with build_workspace_tools().")
    return sandbox, state


def number_lines(text: str, first_line: int) -> str:
    """`text` with a right-aligned line number and a tab before each line."""
    lines = text.split("\n")
    if lines and lines[-1] == "" and len(lines) > 1:
        lines.pop()
    width = max(6, len(str(first_line + len(lines))))
    # CRLF endings are not shown: edit_file matches `\n` in old_string against `\r\n`.
    return "\n".join(f"{n:>{width}}\t{line.removesuffix(chr(13))}"
                     for n, line in enumerate(lines, first_line))


def _read_existing(sandbox: PathSandbox, path: Path, shown: str) -> bytes:
    _read_existing_checks(path, shown)
    return sandbox.read_bytes(path, MAX_FILE_BYTES + 1)


def _read_existing_checks(path: Path, shown: str) -> None:
    if not path.exists():
        raise ToolError(f"{shown} does not exist. Check the path with search_files, or create "
                        "the file with write_file.")
    if path.is_dir():
        raise ToolError(f"{shown} is a folder, not a file. Use search_files to list it.")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ToolError(f"{shown} is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit of "
                        "the file tools. Use bash (head, tail, grep) on it instead.")


# -- read_file ---------------------------------------------------------------------------


class ReadFileInput(BaseModel):
    path: str = Field(description="File path, relative to the workspace or absolute.")
    offset: int | None = Field(None, ge=0, description="First character to show (0-based).")
    limit: int | None = Field(None, ge=1,
                              description=f"How many characters to show (default "
                                          f"{DEFAULT_READ_CHARS:,}, at most "
                                          f"{MAX_READ_CHARS:,} per call).")
    line: int | None = Field(None, ge=1, description="Start at this line (1-based) instead of "
                                                    "a character offset.")


def _read(sandbox: PathSandbox, state: FileStateRegistry, session_id: str,
          args: ReadFileInput) -> ToolOutput:
    path = sandbox.resolve(args.path)
    shown = sandbox.display(path)
    data = _read_existing(sandbox, path, shown)
    media = image_type(data)
    if media is not None and len(data) <= MAX_IMAGE_BYTES:
        return ToolOutput(content=[TextPart(text=f"{shown}: {media}, {len(data):,} bytes."),
                                   ImagePart(data=base64.b64encode(data).decode(),
                                             media_type=media)])
    decoded = decode_content(data, shown)
    if decoded.kind == "text":
        state.record(session_id, path, content_hash(data))
    text = decoded.text
    total = len(text)
    if args.line is not None and args.offset is not None:
        raise ToolError("Give either offset (characters) or line, not both.")
    start = args.offset or 0
    if args.line is not None:
        start = _line_start(text, args.line, shown)
    if start > total:
        raise ToolError(f"offset {start:,} is past the end of {shown} ({total:,} characters).")
    limit = min(args.limit or DEFAULT_READ_CHARS, MAX_READ_CHARS)
    end = min(total, start + limit)
    first_line = text.count("\n", 0, start) + 1
    body = number_lines(text[start:end], first_line)
    total_lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    kind = "" if decoded.kind == "text" else f" (text extracted from {decoded.kind.upper()})"
    header = f"{shown}{kind}: {total_lines:,} lines, {total:,} characters."
    if start == 0 and end == total:
        return ToolOutput.text(f"{header}\n{body}" if text else f"{header} The file is empty.")
    last_line = text.count("\n", 0, end) + (0 if end and text[end - 1] == "\n" else 1)
    note = (f"[Showing characters {start:,}–{end:,} of {total:,} (lines {first_line:,}–"
            f"{last_line:,}).")
    if end < total:
        note += f" To read further, call read_file with offset={end}.]"
    else:
        note += " This is the end of the file.]"
    return ToolOutput.text(f"{header}\n{body}\n{note}")


def _line_start(text: str, line: int, shown: str) -> int:
    pos = 0
    for _ in range(line - 1):
        nxt = text.find("\n", pos)
        if nxt < 0:
            raise ToolError(f"{shown} has fewer than {line:,} lines.")
        pos = nxt + 1
    return pos


class ReadFile(Tool[ReadFileInput]):
    name = "read_file"
    description = (
        "Read a text file with line numbers (text of PDF, .docx, .xlsx and .pptx files is "
        "extracted; PNG/JPEG/GIF/WebP images are returned as images). Shows up to 40,000 "
        "characters from `offset` (or from `line`); a note says how to read further. Binary "
        "files are refused. Reading a file is required before edit_file or write_file may "
        "change it.")
    input_model = ReadFileInput
    read_only = True

    async def execute(self, args: ReadFileInput, ctx: ToolContext) -> ToolOutput:
        sandbox, state = workspace_services(ctx)
        return await asyncio.to_thread(_read, sandbox, state, ctx.session_id, args)


# -- write_file --------------------------------------------------------------------------


class WriteFileInput(BaseModel):
    path: str = Field(description="File path, relative to the workspace or absolute.")
    content: str = Field(description="The complete new content of the file.")


def _plan_write(sandbox: PathSandbox, state: FileStateRegistry, session_id: str,
                args: WriteFileInput) -> PlannedWrite:
    path = sandbox.resolve(args.path)
    shown = sandbox.display(path)
    if path.is_dir():
        raise ToolError(f"{shown} is a folder; give a file path.")
    with sandbox.locked_bytes(path, MAX_FILE_BYTES + 1) as current:
        if current is not None:
            state.require_fresh(session_id, path, current, shown)
    return PlannedWrite(path, shown, current, args.content.encode("utf-8"))


class WriteFile(Tool[WriteFileInput]):
    name = "write_file"
    description = (
        "Create or overwrite a file with `content` (UTF-8), atomically (temporary file, then "
        "rename); missing folders are created. Overwriting an existing file requires having "
        "read it in this session, and fails if it changed since. Prefer edit_file for changes "
        "to part of a file.")
    input_model = WriteFileInput

    async def execute(self, args: WriteFileInput, ctx: ToolContext) -> ToolOutput | str:
        sandbox, state = workspace_services(ctx)
        plan = await asyncio.to_thread(_plan_write, sandbox, state, ctx.session_id, args)
        rejected = await review_and_commit(ctx, sandbox, state, self.name, "overwrite", plan)
        if rejected is not None:
            return ToolOutput.text(rejected, is_error=True)
        lines = args.content.count("\n") + (0 if args.content.endswith("\n") or not args.content
                                            else 1)
        verb = "Created" if plan.current is None else "Overwrote"
        return (f"{verb} {plan.shown} ({len(args.content):,} characters, {lines:,} lines)."
                f"{accepted_note() if plan.current is not None else ''}")


# -- edit_file ---------------------------------------------------------------------------


class EditFileInput(BaseModel):
    path: str = Field(description="File path, relative to the workspace or absolute.")
    old_string: str = Field(description="Exact text to replace, including whitespace.")
    new_string: str = Field(description="Replacement text.")
    replace_all: bool = Field(False, description="Replace every occurrence instead of "
                                                 "requiring exactly one.")


def _candidates(text: str, old: str, limit: int = 3) -> list[tuple[int, str, float]]:
    """Regions of `text` most similar to `old`: (first line number, region, similarity)."""
    lines = text.split("\n")
    width = max(1, min(old.count("\n") + 1, 60))
    target = old.strip()
    scored: list[tuple[float, int]] = []
    step = 1 if len(lines) <= 20_000 else len(lines) // 20_000 + 1
    for i in range(0, max(1, len(lines) - width + 1), step):
        window = "\n".join(lines[i:i + width]).strip()
        matcher = difflib.SequenceMatcher(None, window, target, autojunk=False)
        if matcher.real_quick_ratio() < 0.4 or matcher.quick_ratio() < 0.4:
            continue
        scored.append((matcher.ratio(), i))
    scored.sort(key=lambda s: (-s[0], s[1]))
    found: list[tuple[int, str, float]] = []
    for score, i in scored:
        if score < 0.4 or any(abs(i - j + 1) < width for j, _, _ in found):
            continue
        found.append((i + 1, "\n".join(lines[i:i + width]), score))
        if len(found) == limit:
            break
    return found


def _not_found(text: str, old: str, shown: str) -> ToolError:
    squash = " ".join(old.split())
    hint = ""
    if squash and squash in " ".join(text.split()):
        hint = (" The text exists with different whitespace or line breaks: copy it exactly "
                "from read_file output (without the line-number prefix).")
    message = f"old_string was not found in {shown}.{hint}"
    cands = _candidates(text, old) if len(text) <= 5_000_000 else []
    if cands:
        message += " Nearest candidates:"
        for line_no, region, score in cands:
            message += f"\n--- at line {line_no} ({score:.0%} similar) ---\n"
            message += number_lines(region[:2000], line_no)
    else:
        message += " Nothing similar was found; read the file again to see its current content."
    return ToolError(message)


def _plan_edit(sandbox: PathSandbox, state: FileStateRegistry, session_id: str,
               args: EditFileInput) -> PlannedWrite:
    if args.old_string == "":
        raise ToolError("old_string is empty. To create a file use write_file; to add text, "
                        "replace a nearby unique piece of text with itself plus the addition.")
    if args.old_string == args.new_string:
        raise ToolError("old_string and new_string are identical; nothing would change.")
    path = sandbox.resolve(args.path)
    shown = sandbox.display(path)
    _read_existing_checks(path, shown)
    with sandbox.locked_bytes(path, MAX_FILE_BYTES + 1) as locked:
        if locked is None:
            raise ToolError(f"{shown} does not exist (it was removed a moment ago).")
        data = locked
        state.require_fresh(session_id, path, data, shown)
        decoded: Decoded = decode_content(data, shown)
        if decoded.kind != "text" or decoded.encoding is None:
            raise ToolError(f"{shown} is a {decoded.kind.upper()} document; edit_file changes "
                            "text files only.")
        text = decoded.text
        old, new = args.old_string, args.new_string
        count = text.count(old)
        if count == 0 and "\r\n" in text and "\n" in old and "\r\n" not in old:
            # The model saw CRLF lines as plain lines: match and write in the file's style.
            old, new = old.replace("\n", "\r\n"), new.replace("\n", "\r\n")
            count = text.count(old)
        if count == 0:
            raise _not_found(text, args.old_string, shown)
        if count > 1 and not args.replace_all:
            where, pos = [], -1
            for _ in range(min(count, 10)):
                pos = text.find(old, pos + 1)
                where.append(str(text.count("\n", 0, pos) + 1))
            raise ToolError(
                f"old_string occurs {count} times in {shown} (at lines {', '.join(where)}"
                f"{', …' if count > 10 else ''}). Include more surrounding text to make it "
                "unique, or set replace_all to true to change every occurrence.")
        first = text.find(old)
        updated = text.replace(old, new) if args.replace_all else text.replace(old, new, 1)
        try:
            out = updated.encode(decoded.encoding)
        except UnicodeEncodeError:
            raise ToolError(f"{shown} is stored as {decoded.encoding}, which cannot hold some "
                            "characters of new_string. Use characters that encoding has, or "
                            "rewrite the file as UTF-8 with write_file.") from None
    first_line = updated.count("\n", 0, first) + 1
    start_line = max(1, first_line - 3)
    lines = updated.split("\n")
    span = new.count("\n") + 1
    snippet = "\n".join(lines[start_line - 1:first_line - 1 + span + 3])
    replaced = f"{count} occurrences" if args.replace_all and count > 1 else "1 occurrence"
    return PlannedWrite(path, shown, data, out, message=(
        f"Edited {shown}: replaced {replaced}. Around the (first) change it now reads:\n"
        f"{number_lines(snippet[:4000], start_line)}"))


class EditFile(Tool[EditFileInput]):
    name = "edit_file"
    description = (
        "Replace the exact text `old_string` with `new_string` in a file. The file must have "
        "been read in this session and not changed since (else a stale-state error: read it "
        "again). `old_string` must occur exactly once unless `replace_all` is true; when it is "
        "not found, the nearest candidates are shown.")
    input_model = EditFileInput

    async def execute(self, args: EditFileInput, ctx: ToolContext) -> ToolOutput | str:
        sandbox, state = workspace_services(ctx)
        plan = await asyncio.to_thread(_plan_edit, sandbox, state, ctx.session_id, args)
        rejected = await review_and_commit(ctx, sandbox, state, self.name, "edit", plan)
        if rejected is not None:
            return ToolOutput.text(rejected, is_error=True)
        head, sep, rest = plan.message.partition(". Around")
        return f"{head}{accepted_note()}{sep}{rest}"


# -- stat_file ---------------------------------------------------------------------------


class StatFileInput(BaseModel):
    path: str = Field(description="File or folder path, relative to the workspace or absolute.")


def _stat(sandbox: PathSandbox, state: FileStateRegistry, session_id: str,
          args: StatFileInput) -> str:
    path = sandbox.resolve(args.path)
    shown = sandbox.display(path)
    if not path.exists():
        parent = path.parent
        near: list[str] = []
        if parent.is_dir() and sandbox.allows(parent):
            near = difflib.get_close_matches(path.name, os.listdir(parent), n=3, cutoff=0.6)
        hint = f" Similar names in {sandbox.display(parent)}: {', '.join(near)}." if near else ""
        raise ToolError(f"{shown} does not exist.{hint}")
    st = path.stat()
    info: dict[str, Any] = {"path": shown, "absolute": str(path)}
    literal = Path(args.path).expanduser()
    literal = literal if literal.is_absolute() else sandbox.workspace / literal
    if literal.is_symlink():
        info["symlink_to"] = os.readlink(literal)
    info["modified"] = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(st.st_mtime))
    info["permissions"] = stat.filemode(st.st_mode)
    if stat.S_ISDIR(st.st_mode):
        info["type"] = "folder"
        info["entries"] = len(os.listdir(path))
    else:
        info["type"] = "file"
        info["size_bytes"] = st.st_size
        head = sandbox.read_bytes(path, 8192)
        media = image_type(head)
        if media:
            info["content"] = media
        elif head.startswith(b"%PDF-"):
            info["content"] = "PDF document (read_file extracts its text)"
        elif head.startswith(b"PK\x03\x04") and path.suffix.lower() in (".docx", ".xlsx",
                                                                         ".pptx"):
            info["content"] = "Office document (read_file extracts its text)"
        elif b"\x00" in head:
            info["content"] = "binary"
        else:
            info["content"] = "text"
            if st.st_size <= 20_000_000:
                data = sandbox.read_bytes(path)
                try:
                    text = decode_content(data, shown).text
                    info["characters"] = len(text)
                    info["lines"] = text.count("\n") + (0 if text.endswith("\n") or not text
                                                        else 1)
                except SandboxError:
                    raise
                except ToolError:
                    info["content"] = "binary"
                seen = state.recorded(session_id, path)
                info["read_in_session"] = ("no" if seen is None else "yes, unchanged since"
                                           if seen == content_hash(data) else
                                           "yes, but changed since")
    return "\n".join(f"{k}: {v}" for k, v in info.items())


class StatFile(Tool[StatFileInput]):
    name = "stat_file"
    description = ("Facts about a file or folder without reading it all: type, size, lines "
                   "and characters (text), content kind, modification time, permissions, "
                   "symlink target, whether this session read it and if it changed since.")
    input_model = StatFileInput
    read_only = True

    async def execute(self, args: StatFileInput, ctx: ToolContext) -> str:
        sandbox, state = workspace_services(ctx)
        return await asyncio.to_thread(_stat, sandbox, state, ctx.session_id, args)
