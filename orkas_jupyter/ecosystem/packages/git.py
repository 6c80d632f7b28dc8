"""git with only the allowed transports, and checks of what a repository holds before any of
it is checked out.

Every git command runs with `GIT_ALLOW_PROTOCOL=https:ssh:file` and `protocol.allow=never`
plus `protocol.{https,ssh,file}.allow=always` (whatever the user's environment or git config
say), no terminal prompt, no system config, no hooks, and object checks on transfer. A clone
is made without a checkout; its tree is listed and refused when it holds a symlink or a
submodule; only then is it checked out and moved into place.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
from pathlib import Path

from .errors import PackageError

ALLOWED_PROTOCOLS = "https:ssh:file"
GIT_TIMEOUT_S = 300.0
_CONFIG = ("protocol.allow=never", "protocol.https.allow=always", "protocol.ssh.allow=always",
           "protocol.file.allow=always", "core.symlinks=false", "transfer.fsckObjects=true",
           "core.hooksPath=/dev/null", "submodule.recurse=false")
_SYMLINK, _SUBMODULE = "120000", "160000"


def git_environment() -> dict[str, str]:
    """The environment git runs in: the user's without any `GIT_*` override, plus ours."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({"GIT_ALLOW_PROTOCOL": ALLOWED_PROTOCOLS, "GIT_TERMINAL_PROMPT": "0",
                "GIT_CONFIG_NOSYSTEM": "1"})
    return env


def run_git(*args: str, cwd: Path | None = None, timeout: float = GIT_TIMEOUT_S) -> str:
    """Run git; its stdout, or `PackageError` with the end of its stderr."""
    command = ["git"]
    for item in _CONFIG:
        command += ["-c", item]
    try:
        done = subprocess.run([*command, *args], cwd=cwd, env=git_environment(),
                              capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise PackageError("git is not installed; packages are git repositories.") from None
    except subprocess.TimeoutExpired:
        raise PackageError(f"git {args[0]} did not finish within {timeout:g} s.") from None
    if done.returncode != 0:
        detail = " ".join(done.stderr.strip().splitlines()[-3:])
        raise PackageError(f"git {args[0]} failed: {detail or 'exit ' + str(done.returncode)}")
    return done.stdout


def unsafe_entries(repo: Path, rev: str) -> list[str]:
    """Paths in `rev`'s tree that are symlinks or submodules."""
    listing = run_git("-C", str(repo), "ls-tree", "-r", "-z", "--full-tree", rev)
    bad = []
    for entry in listing.split("\0"):
        if not entry:
            continue
        meta, _, path = entry.partition("\t")
        mode = meta.split(" ", 1)[0]
        if mode == _SYMLINK:
            bad.append(f"{path} (symlink)")
        elif mode == _SUBMODULE:
            bad.append(f"{path} (submodule)")
    return bad


def _refuse_unsafe(repo: Path, rev: str) -> None:
    bad = unsafe_entries(repo, rev)
    if bad:
        shown = ", ".join(bad[:5]) + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
        raise PackageError(f"Refused: the repository contains {shown}. Packages may not hold "
                           "symlinks (they can point anywhere on your machine) or submodules "
                           "(fetched from elsewhere).")


def links_on_disk(folder: Path) -> list[Path]:
    """Symlinks under `folder` (`.git` excluded): none may exist after a checkout."""
    found = []
    for here, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != ".git" or Path(here) != folder]
        found += [Path(here) / n for n in [*dirs, *files] if (Path(here) / n).is_symlink()]
    return found


def clone_checked(source: str, dest: Path) -> str:
    """Clone `source` into `dest` (which must not exist) after checking its tree; returns the
    commit. Nothing is left behind on failure."""
    staging = dest.parent / f".staging-{dest.name}-{secrets.token_hex(3)}"
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        run_git("clone", "--no-checkout", "--quiet", "--", source, str(staging))
        try:
            commit = run_git("-C", str(staging), "rev-parse", "HEAD").strip()
        except PackageError:
            raise PackageError(f"{source} has no commits to install.") from None
        _refuse_unsafe(staging, commit)
        run_git("-C", str(staging), "reset", "--hard", "--quiet", commit)
        if links_on_disk(staging):
            raise PackageError("Refused: the checkout produced symlinks.")
        os.rename(staging, dest)
        return commit
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def update_checked(repo: Path) -> tuple[str, str]:
    """Fast-forward `repo` to its upstream after checking the new tree; (old, new) commits.
    The folder is unchanged when the update is refused."""
    old = run_git("-C", str(repo), "rev-parse", "HEAD").strip()
    run_git("-C", str(repo), "fetch", "--quiet", "origin")
    new = run_git("-C", str(repo), "rev-parse", "@{upstream}").strip()
    if new == old:
        return old, new
    _refuse_unsafe(repo, new)
    run_git("-C", str(repo), "merge", "--ff-only", "--quiet", new)
    return old, new


def remote_of(repo: Path) -> str:
    return run_git("-C", str(repo), "remote", "get-url", "origin").strip()
