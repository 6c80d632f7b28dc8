"""The pure rules of cross-session memory (M4–M6): entries, duplicates, the character budget.

Both targets (profile, notes) are lists of short entries with a hard limit on their joined
length. These functions decide an edit; where the entries live is someone else's concern, so
the same rules apply to the profile file and to the notes table.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from .errors import StoreArgumentError

Action = Literal["add", "replace", "remove"]
ENTRY_JOIN = "\n"


class MemoryEditError(StoreArgumentError):
    """An edit that cannot be made; the message says why and what budget remains."""


def used_chars(entries: list[str]) -> int:
    """Characters the entries take in the snapshot."""
    return len(ENTRY_JOIN.join(entries))


def dedupe_key(text: str) -> str:
    """Entries equal after normalisation, case folding and whitespace collapsing are one fact."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"\s+", " ", folded).strip().rstrip(".!;")


def _budget(entries: list[str], limit: int) -> str:
    return f"{limit - used_chars(entries)} of {limit} characters remain"


def _matching(entries: list[str], old: str, label: str, limit: int) -> int:
    if not old:
        raise MemoryEditError(f"`old` is required: quote part of the {label} entry to change "
                              f"({_budget(entries, limit)}).")
    hits = [i for i, e in enumerate(entries) if old in e]
    if not hits:
        raise MemoryEditError(f"no {label} entry contains {old!r}; quote text exactly as it "
                              f"appears in memory ({_budget(entries, limit)}).")
    if len(hits) > 1:
        raise MemoryEditError(f"{len(hits)} {label} entries contain {old!r}; quote more of the "
                              f"one you mean ({_budget(entries, limit)}).")
    return hits[0]


def apply_edit(entries: list[str], action: Action, content: str, old: str, limit: int,
               label: str) -> tuple[list[str], str]:
    """Return the entries after the edit and a one-line report; raises `MemoryEditError`."""
    content = content.strip()
    new = list(entries)
    keys = {dedupe_key(e) for e in entries}
    if action == "add":
        if not content:
            raise MemoryEditError(f"`content` is required to add to {label} "
                                  f"({_budget(entries, limit)}).")
        if dedupe_key(content) in keys:
            return entries, (f"{label} already holds this; nothing added "
                             f"({_budget(entries, limit)}).")
        new.append(content)
        verb = "added to"
    elif action == "replace":
        i = _matching(entries, old, label, limit)
        replaced = entries[i].replace(old, content, 1).strip()
        others = {dedupe_key(e) for j, e in enumerate(entries) if j != i}
        if not replaced or dedupe_key(replaced) in others:
            del new[i]  # emptied, or now a duplicate of another entry: keep one copy
        else:
            new[i] = replaced
        verb = "updated in"
    elif action == "remove":
        del new[_matching(entries, old, label, limit)]
        verb = "removed from"
    else:
        raise MemoryEditError(f"unknown action {action!r}; use add, replace or remove.")
    needed = used_chars(new)
    if needed > limit:
        raise MemoryEditError(
            f"{label} memory is limited to {limit} characters and this write would make it "
            f"{needed}; {_budget(entries, limit)}. Shorten the entry, or replace/remove older "
            "entries first.")
    return new, f"Entry {verb} {label} ({_budget(new, limit)})."
