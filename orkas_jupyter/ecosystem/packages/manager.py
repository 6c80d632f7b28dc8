"""Adding, updating, listing and removing packages (`%orkas packages …`).

`add` clones through `git.clone_checked` (allowed sources only; symlinks and submodules
refused before checkout), detects the format, writes the CLI shims, asks once before
installing declared dependencies into `package-envs/NAME`, then records the package. A
failure removes whatever that `add` made; an `update` that is refused leaves the package as
it was.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from . import detect, git
from .errors import PackageError
from .layout import (
    PackageRecord,
    bin_dir,
    env_dir,
    load_records,
    packages_dir,
    save_records,
)
from .sources import check_name, check_source, name_from

PIP_TIMEOUT_S = 900.0
SHIM_MARK = "# orkas package "

Confirm = Callable[[str], bool]


class PackageManager:
    """The packages of one `$ORKAS_HOME`. `confirm(question)` asks the user (False when
    nobody can be asked)."""

    def __init__(self, home: Path, confirm: Confirm, *, python: str | None = None) -> None:
        self.home = Path(home).expanduser()
        self.confirm = confirm
        self.python = python or sys.executable

    def records(self) -> dict[str, PackageRecord]:
        return load_records(self.home)

    def folder(self, name: str) -> Path:
        return packages_dir(self.home) / name

    # -- add --------------------------------------------------------------------------------
    def add(self, source: str, *, name: str | None = None, cwd: Path | None = None) -> list[str]:
        """Install a package; returns what to tell the user."""
        checked = check_source(source, cwd)
        name = check_name(name) if name else name_from(checked)
        records = self.records()
        dest = self.folder(name)
        if name in records or dest.exists():
            raise PackageError(f"A package named {name!r} is installed already: `%orkas packages "
                               f"update {name}`, or `--name OTHER`.")
        commit = git.clone_checked(checked, dest)
        try:
            record = self._describe(name, checked, commit, records)
            notes = self._dependencies(record)
            self._write_shims(record)
        except BaseException:
            self._erase(name)
            raise
        records[name] = record
        save_records(self.home, records)
        return [f"Installed {name} ({commit[:10]}) from {checked} into {dest}.",
                *self._summary(record), *notes]

    def _describe(self, name: str, source: str, commit: str,
                  records: dict[str, PackageRecord]) -> PackageRecord:
        folder = self.folder(name)
        roots = detect.skill_roots(folder)
        entries = detect.cli_entries(folder)
        if not roots and not entries:
            raise PackageError(f"{source} is neither skills (no SKILL.md) nor a CLI (no "
                               "executable in bin/ or at the top); nothing to install.")
        commands = {entry: detect.shim_name(entry) for entry in entries}
        taken = {cmd: other for other, r in records.items() if other != name
                 for cmd in r.commands.values()}
        clash = [f"{cmd} (package {taken[cmd]})" for cmd in commands.values() if cmd in taken]
        if clash:
            raise PackageError(f"Its commands clash with installed ones: {', '.join(clash)}.")
        dep_file, deps = detect.declared_dependencies(folder)
        return PackageRecord(name=name, source=source, commit=commit,
                             installed_at=int(time.time()), skill_roots=roots,
                             commands=commands, dependencies=deps, dependency_file=dep_file)

    def _summary(self, record: PackageRecord) -> list[str]:
        lines = []
        if record.skill_roots:
            lines.append("Skills: its SKILL.md folders join the skill roots "
                         f"({', '.join(record.skill_roots)}); `%orkas skills` lists them.")
        if record.commands:
            lines.append("Commands on the bash tool's PATH: "
                         + ", ".join(sorted(record.commands.values())) + ".")
        return lines

    # -- dependencies -----------------------------------------------------------------------
    def _dependencies(self, record: PackageRecord) -> list[str]:
        if not record.dependencies:
            return []
        env = env_dir(self.home, record.name)
        shown = ", ".join(record.dependencies[:8]) + (
            f" and {len(record.dependencies) - 8} more" if len(record.dependencies) > 8 else "")
        question = (f"{record.name} declares Python dependencies in {record.dependency_file}: "
                    f"{shown}. Install them with pip into its own environment {env}?")
        if not self.confirm(question):
            return [f"Dependencies not installed ({shown}); `%orkas packages update "
                    f"{record.name}` asks again."]
        self._install(record, env)
        record.venv = True
        return [f"Dependencies installed into {env}."]

    def _install(self, record: PackageRecord, env: Path) -> None:
        folder = self.folder(record.name)
        try:
            subprocess.run([self.python, "-m", "venv", str(env)], check=True,
                           capture_output=True, text=True, timeout=PIP_TIMEOUT_S)
            pip = [str(env / "bin" / "python"), "-m", "pip", "install", "--quiet",
                   "--disable-pip-version-check"]
            args = (["-r", "requirements.txt"] if record.dependency_file == "requirements.txt"
                    else list(record.dependencies))
            done = subprocess.run([*pip, *args], cwd=folder, capture_output=True, text=True,
                                  timeout=PIP_TIMEOUT_S, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as exc:
            shutil.rmtree(env, ignore_errors=True)
            raise PackageError(f"Could not create the environment {env}: {exc}") from None
        if done.returncode != 0:
            shutil.rmtree(env, ignore_errors=True)
            tail = " ".join(done.stderr.strip().splitlines()[-3:])
            raise PackageError(f"pip could not install {record.name}'s dependencies: {tail}")

    # -- shims ------------------------------------------------------------------------------
    def _write_shims(self, record: PackageRecord) -> None:
        folder = self.folder(record.name)
        shims = bin_dir(self.home)
        shims.mkdir(parents=True, exist_ok=True)
        env = env_dir(self.home, record.name)
        for entry, command in record.commands.items():
            target = folder / entry
            if record.venv and detect.is_python(target):
                run = f"exec {shlex.quote(str(env / 'bin' / 'python'))} {shlex.quote(str(target))}"
            elif record.venv:
                run = (f"PATH={shlex.quote(str(env / 'bin'))}:\"$PATH\" exec "
                       f"{shlex.quote(str(target))}")
            else:
                run = f"exec {shlex.quote(str(target))}"
            shim = shims / command
            shim.write_text(f"#!/bin/sh\n{SHIM_MARK}{record.name}: {entry}\n{run} \"$@\"\n")
            shim.chmod(0o755)

    def _remove_shims(self, name: str) -> None:
        for shim in bin_dir(self.home).glob("*"):
            try:
                head = shim.read_text(encoding="utf-8", errors="replace")[:400]
            except OSError:
                continue
            if f"{SHIM_MARK}{name}:" in head:
                shim.unlink()

    # -- update and remove ------------------------------------------------------------------
    def update(self, name: str) -> list[str]:
        records = self.records()
        record = records.get(name)
        if record is None:
            raise PackageError(f"No package {name!r}; `%orkas packages list` shows them.")
        folder = self.folder(name)
        check_source(git.remote_of(folder))  # the origin is still an allowed source
        old, new = git.update_checked(folder)
        fresh = self._describe(name, record.source, new, {**records, name: record})
        fresh.installed_at, fresh.updated_at = record.installed_at, int(time.time())
        fresh.venv = record.venv and fresh.dependencies == record.dependencies
        notes = [] if fresh.venv else self._dependencies(fresh)
        self._remove_shims(name)
        self._write_shims(fresh)
        records[name] = fresh
        save_records(self.home, records)
        moved = "already up to date" if old == new else f"{old[:10]} → {new[:10]}"
        return [f"Updated {name}: {moved}.", *self._summary(fresh), *notes]

    def remove(self, name: str) -> list[str]:
        records = self.records()
        if name not in records and not self.folder(check_name(name)).exists():
            raise PackageError(f"No package {name!r}; `%orkas packages list` shows them.")
        self._erase(name)
        records.pop(name, None)
        save_records(self.home, records)
        return [f"Removed {name}: its folder, environment and commands are gone."]

    def _erase(self, name: str) -> None:
        self._remove_shims(name)
        shutil.rmtree(self.folder(name), ignore_errors=True)
        shutil.rmtree(env_dir(self.home, name), ignore_errors=True)
