"""Sub-commands that live in their own module: `cmds/WORD.py` is `%orkas WORD …`.

Each module defines `HELP` (its lines of `%orkas help`) and `run(rt, parts) -> bool` (False
when the arguments do not fit, and the line is then a prompt). Listing the folder is cheap;
a module is imported only when its command runs or the help is printed."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any, Protocol, cast

__all__ = ["CommandModule", "command", "command_words", "help_lines"]


class CommandModule(Protocol):
    HELP: str

    def run(self, rt: Any, parts: list[str]) -> bool: ...


@cache
def command_words() -> frozenset[str]:
    """The words with a module here (no import of the modules themselves)."""
    return frozenset(info.name for info in pkgutil.iter_modules(__path__)
                     if not info.name.startswith("_"))


def command(word: str) -> CommandModule | None:
    if word not in command_words():
        return None
    return cast(CommandModule, importlib.import_module(f"{__name__}.{word}"))


def help_lines() -> str:
    return "\n".join(module.HELP.rstrip("\n") for word in sorted(command_words())
                     if (module := command(word)) is not None)
