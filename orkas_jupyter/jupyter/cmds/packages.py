"""`%orkas packages`: external packages — git repositories of skills or CLIs (docs/packages.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

HELP = """\
%orkas packages [list|add SOURCE [--name N] [--yes]|update NAME|remove NAME]   external
                              packages: a git repository (https, ssh, file or a folder) of
                              skills or a CLI (docs/packages.md)"""


def ask_in_cell(question: str) -> bool:
    """Yes/no in the cell's input box; False when the cell has no input box."""
    from IPython.core.error import StdinNotImplementedError

    try:
        answer = input(f"{question} [y/N] ")
    except (StdinNotImplementedError, EOFError):
        print(f"{question} — nobody can be asked here (no input box); not installed. "
              "Add --yes to agree in advance.")
        return False
    return answer.strip().lower() in ("y", "yes")


def shims_on_path(rt: Any) -> None:
    """Put the package shims first on this kernel's `bash` PATH (once)."""
    from ...ecosystem.packages import package_bin

    folder = str(package_bin(rt.settings))
    shell = rt.host.workspace().shell
    if folder not in shell.extra_path:
        shell.extra_path.insert(0, folder)


def _list(manager: Any) -> None:
    records = manager.records()
    if not records:
        print("No packages. `%orkas packages add <git url or folder>` installs one.")
        return
    for name, r in sorted(records.items()):
        kinds = [k for k, on in (("skills", r.skill_roots), ("cli", r.commands)) if on]
        deps = (f"; {len(r.dependencies)} dependencies "
                + ("installed" if r.venv else "not installed")) if r.dependencies else ""
        commands = f"; commands: {', '.join(sorted(r.commands.values()))}" if r.commands else ""
        print(f"{name:20} {r.commit[:10]}  {'+'.join(kinds):10} {r.source}{commands}{deps}")


def run(rt: Any, parts: list[str]) -> bool:
    from ...ecosystem.packages import PackageError, PackageManager

    yes = "--yes" in parts
    words = [p for p in parts if p != "--yes"]
    name: str | None = None
    if "--name" in words:
        at = words.index("--name")
        if at + 1 >= len(words):
            return False
        name = words[at + 1]
        del words[at:at + 2]
    action = words[0] if words else "list"
    if (action == "list" and len(words) > 1) or action not in ("list", "add", "update", "remove") \
            or (action != "list" and len(words) != 2):
        return False
    manager = PackageManager(Path(rt.settings.home), (lambda _q: True) if yes else ask_in_cell)
    try:
        if action == "list":
            _list(manager)
            return True
        if action == "add":
            lines = manager.add(words[1], name=name, cwd=Path.cwd())
        elif action == "update":
            lines = manager.update(words[1])
        else:
            lines = manager.remove(words[1])
    except PackageError as exc:
        print(f"✗ {exc}")
        return True
    shims_on_path(rt)
    print("\n".join(lines))
    return True
