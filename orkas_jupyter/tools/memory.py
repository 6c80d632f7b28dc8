"""The `memory` tool (M5, §12): the only way the model writes cross-session memory.

Arguments: `action` (add / replace / remove), `target` (profile / notes), `content`, `old`.
Every write is scanned by the threat scanner first; refusals and over-limit writes come back
as tool errors that state the remaining budget.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from ..config import Settings
from ..engine.errors import ToolError
from ..engine.tools import Tool, ToolContext
from ..store.api import StoreClient
from ..store.errors import StoreError
from ..store.memory import NOTES_LIMIT, PROFILE_LIMIT, MemoryBook
from .threat_scan import rejection_reason


class MemoryArgs(BaseModel):
    """Arguments of the memory tool."""

    action: Literal["add", "replace", "remove"] = Field(
        description="add a new entry; replace text inside one entry; remove one entry")
    target: Literal["profile", "notes"] = Field(
        description="profile: facts about the user (all projects); notes: this project")
    content: str = Field("", description="the entry to add, or the replacement text")
    old: str = Field("", description="for replace/remove: text that appears in exactly one "
                                     "existing entry")


class MemoryTool(Tool[MemoryArgs]):
    """Edits the user profile or the project notes."""

    name = "memory"
    description = (
        "Save durable facts across sessions. Both memories are shown to you at the start of "
        "every turn, verbatim. target=profile: who the user is and how they like to work "
        "(preferences, corrections they gave you, expertise); target=notes: this project's "
        "conventions, durable decisions, where things are. Keep entries short and factual. "
        "Do NOT store transient task state, debug output, things you can re-derive from the "
        "files, or secrets. action=add with `content`; action=replace with `old` (text from "
        "one entry) and `content` (its replacement); action=remove with `old`. Each target "
        f"has a hard limit (profile {PROFILE_LIMIT}, notes {NOTES_LIMIT} characters): when "
        "full, replace or remove old entries. Writes with instructions aimed at a model, "
        "hidden characters or commands that leak secrets are refused.")
    input_model = MemoryArgs
    read_only = False

    def __init__(self, book: MemoryBook | None = None) -> None:
        self.book = book

    async def execute(self, args: MemoryArgs, ctx: ToolContext) -> str:
        """Apply the edit; a refusal becomes a `ToolError` with the reason and budget."""
        book = self.book or ctx.services.get("memory")
        if not isinstance(book, MemoryBook):
            raise ToolError("memory is not available in this session (no store configured); "
                            "answer without saving, or ask the user to enable the store.")
        try:
            return await asyncio.to_thread(book.edit, args.target, args.action, args.content,
                                           args.old)
        except StoreError as exc:
            raise ToolError(str(exc)) from None


def open_memory(client: StoreClient, settings: Settings) -> MemoryBook:
    """The memory of this user and workspace, with the threat scanner on every write."""
    return MemoryBook(client, profile_path(settings), scanner=rejection_reason)


def profile_path(settings: Settings) -> Path:
    """Where the user profile lives (`ORKAS_HOME`, §12)."""
    return settings.home / "memory" / "profile.json"
