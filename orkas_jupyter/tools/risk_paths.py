"""Where a command writes, and whether that is outside the workspace.

`write_targets` lists the paths a program changes, as written on the command line (`chmod`,
`chown`, `mv` both ends, the destination of `cp`/`install`/`rsync`/`ln`, `touch`, `mkdir`,
`tee`, `truncate`, `dd of=`, `sed -i`, `perl -i`, `tar -x -C`, `unzip -d`, `curl -o`, `git -C`
…). `Place.resolve` turns one into an absolute path the way the shell and the kernel would
(`~`, `$HOME`, relative to the working folder, `..`, symlinks), and `Place.outside` says
whether it lies outside the workspace and the folders the user authorised.

Writes to the system temp folder (`/tmp`, `/var/tmp`, `$TMPDIR`, `/dev/shm`) and to
`/dev/null`, `/dev/stdout`, `/dev/stderr` never count as outside: every tool uses them.
A temp folder inside the home folder is the home folder, not temp.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

_HARMLESS_DEVICES = ("/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/zero",
                     "/dev/fd/", "/proc/self/fd/")
_GLOB = re.compile(r"[*?\[{]")
_REMOTE = re.compile(r"^([\w.-]+@)?[\w.-]+:(?!//)|^[a-z][a-z0-9+.-]*://", re.IGNORECASE)


@lru_cache(maxsize=1)
def _temp_roots() -> tuple[str, ...]:
    roots = {tempfile.gettempdir(), "/tmp", "/var/tmp", "/dev/shm"}
    return tuple(sorted({os.path.realpath(r) for r in roots}))


def _within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


@dataclass(frozen=True)
class Place:
    """Where a command or code runs, and the folders it may change without asking."""

    workspace: Path
    allowed: tuple[Path, ...] = ()
    cwd: Path | None = None
    home: Path | None = None

    @classmethod
    def make(cls, workspace: Path, allowed: Sequence[Path] = (), cwd: Path | None = None,
             home: Path | None = None) -> Place:
        """A place with every folder symlink-resolved (so comparisons are exact)."""
        ws = Path(os.path.realpath(workspace))
        return cls(workspace=ws, allowed=tuple(Path(os.path.realpath(p)) for p in allowed),
                   cwd=Path(os.path.realpath(cwd)) if cwd else ws,
                   home=Path(home) if home else Path(os.path.expanduser("~")))

    def with_cwd(self, cwd: Path) -> Place:
        """The same place with another working folder."""
        return replace(self, cwd=cwd)

    def resolve(self, raw: str) -> Path | None:
        """The absolute, symlink-free path a shell word or a string in code names; None when
        it depends on what the text does not say (a variable, a substitution) or is remote."""
        word = raw.strip()
        if not word or _REMOTE.match(word):
            return None
        home = str(self.home or Path(os.path.expanduser("~")))
        cwd = str(self.cwd or self.workspace)
        for var, value in (("$HOME", home), ("${HOME}", home), ("$PWD", cwd),
                           ("${PWD}", cwd), ("$TMPDIR", tempfile.gettempdir()),
                           ("${TMPDIR}", tempfile.gettempdir())):
            if word == var or word.startswith(var + "/"):
                word = value + word[len(var):]
                break
        if word == "~" or word.startswith("~/"):
            word = home + word[1:]
        elif word.startswith("~"):
            expanded = os.path.expanduser(word)
            if expanded == word:
                return None
            word = expanded
        if "$" in word or "`" in word:
            return None
        # A glob names files under the folder before its first pattern.
        if _GLOB.search(word):
            kept = []
            for part in word.split("/"):
                if _GLOB.search(part):
                    break
                kept.append(part)
            word = "/".join(kept) or ("/" if word.startswith("/") else ".")
        path = word if word.startswith("/") else os.path.join(cwd, word)
        return Path(os.path.realpath(path))

    def outside(self, path: Path) -> bool:
        """True when a write to `path` needs approval: outside the workspace, the authorised
        folders, the system temp folder and the harmless devices."""
        text = str(path)
        if text.startswith(_HARMLESS_DEVICES):
            return False
        for root in (self.workspace, *self.allowed):
            if _within(text, str(root)):
                return False
        home = os.path.realpath(self.home) if self.home else None
        in_home = home is not None and home != "/" and _within(text, home)
        return in_home or not any(_within(text, t) for t in _temp_roots())


# -- what each program writes ----------------------------------------------------------------

_VALUE_OPTS: dict[str, frozenset[str]] = {
    "cp": frozenset({"-t", "-S", "--target-directory", "--suffix"}),
    "mv": frozenset({"-t", "-S", "--target-directory", "--suffix"}),
    "install": frozenset({"-m", "-o", "-g", "-t", "-S", "--mode", "--owner", "--group",
                          "--target-directory", "--suffix"}),
    "ln": frozenset({"-t", "-S", "--target-directory", "--suffix"}),
    "mkdir": frozenset({"-m", "--mode"}),
    "touch": frozenset({"-d", "-t", "-r", "--date", "--reference"}),
    "truncate": frozenset({"-s", "-r", "--size", "--reference"}),
    "sed": frozenset({"-e", "-f", "-l", "--expression", "--file", "--line-length"}),
    "perl": frozenset({"-e", "-E", "-I", "-M", "-m", "-x"}),
    "ruby": frozenset({"-e", "-I", "-r"}),
    "rsync": frozenset({"-e", "--rsh", "-f", "--filter", "--exclude", "--include", "-T",
                        "--temp-dir", "--exclude-from", "--include-from", "--files-from",
                        "--port", "--chmod", "--chown", "-B", "--block-size", "--timeout",
                        "--log-file", "--partial-dir", "--backup-dir", "--suffix",
                        "--compare-dest", "--copy-dest", "--link-dest"}),
    "tar": frozenset({"-f", "-C", "--file", "--directory", "-T", "-X", "-b", "-H", "-I", "-K",
                      "-N", "-V", "-g", "--exclude", "--format", "--use-compress-program",
                      "--listed-incremental", "--label", "--files-from", "--exclude-from"}),
    "unzip": frozenset({"-d", "-x", "-P"}),
    "curl": frozenset({"-o", "--output", "--output-dir", "-d", "--data", "-H", "--header",
                       "-u", "--user", "-X", "--request", "-A", "--user-agent", "-e",
                       "--referer", "-F", "--form", "-T", "--upload-file", "-b", "--cookie",
                       "-c", "--cookie-jar", "-m", "--max-time", "-x", "--proxy", "-w",
                       "--write-out", "--data-raw", "--data-binary", "--json", "-r",
                       "--range", "--connect-timeout", "--retry", "-K", "--config",
                       "--cacert", "--cert", "--key", "-E"}),
    "wget": frozenset({"-O", "--output-document", "-P", "--directory-prefix", "-o",
                       "--output-file", "-a", "--append-output", "-U", "--user-agent",
                       "--header", "-t", "--tries", "-T", "--timeout", "-e", "--execute",
                       "-i", "--input-file"}),
    "sort": frozenset({"-o", "--output", "-k", "--key", "-t", "--field-separator", "-S",
                       "--buffer-size", "-T", "--temporary-directory"}),
    "git": frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"}),
}
_CHMOD_MODE_FLAG = re.compile(r"^-[rwxXst]+$")
# git subcommands that change nothing on disk.
_GIT_READS = frozenset({"status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree",
                        "blame", "describe", "grep", "shortlog", "cat-file", "version", "help",
                        "rev-list", "name-rev", "whatchanged", "ls-remote", "var", "check-ignore"})
_TAR_WRITES_ARCHIVE = frozenset({"-c", "-r", "-u", "-A", "--create", "--append", "--update",
                                 "--concatenate"})
_TAR_EXTRACTS = frozenset({"-x", "--extract", "--get"})


def parse_options(args: Sequence[str], value_opts: frozenset[str] = frozenset()
                  ) -> tuple[list[str], list[tuple[str, str]]]:
    """Plain arguments and (option, value) pairs; `value_opts` take a value (`-t DIR`,
    `-tDIR`, `--target-directory=DIR`); short flags may be clustered (`-Rf`)."""
    plain: list[str] = []
    opts: list[tuple[str, str]] = []
    i = 0
    only_plain = False
    while i < len(args):
        arg = args[i]
        if only_plain or arg == "-" or not arg.startswith("-"):
            plain.append(arg)
        elif arg == "--":
            only_plain = True
        elif arg.startswith("--"):
            name, eq, value = arg.partition("=")
            if not eq and name in value_opts and i + 1 < len(args):
                value = args[i + 1]
                i += 1
            opts.append((name, value))
        else:
            for j, ch in enumerate(arg[1:], 1):
                flag = "-" + ch
                if flag in value_opts:
                    value = arg[j + 1:]
                    if not value and i + 1 < len(args):
                        value = args[i + 1]
                        i += 1
                    opts.append((flag, value))
                    break
                opts.append((flag, ""))
        i += 1
    return plain, opts


def _values(opts: list[tuple[str, str]], *names: str) -> list[str]:
    return [v for n, v in opts if n in names and v]


def _has(opts: list[tuple[str, str]], *names: str) -> bool:
    return any(n in names for n, _ in opts)


def write_targets(program: str, args: Sequence[str]) -> list[str]:
    """The paths `program args` changes, as written (relative, `~`, variables kept)."""
    value_opts = _VALUE_OPTS.get(program, frozenset())
    if program == "chmod":
        modes = [a for a in args if _CHMOD_MODE_FLAG.match(a)]
        plain, opts = parse_options([a for a in args if a not in modes])
        return plain if modes or _has(opts, "--reference") else plain[1:]
    if program == "tar" and args and re.fullmatch(r"[A-Za-z]+", args[0]):
        args = ["-" + args[0], *args[1:]]  # old-style bundle: `tar xzf a.tgz`
    plain, opts = parse_options(args, value_opts)
    if program in ("rm", "unlink", "shred", "srm", "wipe", "rmdir", "touch", "mkdir",
                   "truncate", "tee", "chattr"):
        return [p for p in plain if not (program == "chattr" and p[:1] in "+-=")]
    if program in ("chown", "chgrp"):
        return plain if _has(opts, "--reference") else plain[1:]
    if program == "mv":
        return plain + _values(opts, "-t", "--target-directory")
    if program in ("cp", "install", "ln", "rsync"):
        target_dir = _values(opts, "-t", "--target-directory")
        if target_dir:
            return target_dir
        if program == "install" and _has(opts, "-d", "--directory"):
            return plain
        if program == "rsync" and _has(opts, "--remove-source-files"):
            return plain
        if program == "ln" and len(plain) == 1:
            return [os.path.basename(plain[0].rstrip("/")) or "."]
        return plain[-1:] if len(plain) >= 2 else []
    if program == "dd":
        return [a[3:] for a in args if a.startswith("of=")]
    if program == "sed":
        if not _has(opts, "-i", "--in-place"):
            return []
        return plain if _has(opts, "-e", "--expression", "-f", "--file") else plain[1:]
    if program in ("perl", "ruby"):
        if not any(re.match(r"^-[A-Za-z0-9]*i", a) for a in args if not a.startswith("--")):
            return []
        return plain if _has(opts, "-e", "-E") else plain[1:]
    if program == "tar":
        if _has(opts, *_TAR_WRITES_ARCHIVE):
            return _values(opts, "-f", "--file")
        if _has(opts, *_TAR_EXTRACTS):
            return _values(opts, "-C", "--directory") or ["."]
        return []
    if program == "unzip":
        return _values(opts, "-d") or ["."]
    if program == "curl":
        found = _values(opts, "-o", "--output", "--output-dir")
        return found + (["."] if _has(opts, "-O", "--remote-name") else [])
    if program == "wget":
        return _values(opts, "-O", "--output-document", "-P", "--directory-prefix", "-o",
                       "--output-file", "-a", "--append-output") or ["."]
    if program == "sort":
        return _values(opts, "-o", "--output")
    if program == "git":
        return _git_targets(plain, opts)
    return []


def _git_targets(plain: list[str], opts: list[tuple[str, str]]) -> list[str]:
    sub, rest = (plain[0], plain[1:]) if plain else ("", [])
    if sub in _GIT_READS or not sub:
        return []
    if sub in ("clone", "init"):
        dest = [r for r in rest if not r.startswith("-")]
        if sub == "clone":
            return dest[1:2] or ([os.path.basename(dest[0].rstrip("/")).removesuffix(".git")]
                                 if dest else [])
        return dest[:1] or ["."]
    if sub in ("branch", "tag", "remote", "config", "stash") and (
            not rest or rest[0] in ("-l", "--list", "-v", "-a", "-r", "--get", "list",
                                    "show", "--show-current")):
        return []
    where = _values(opts, "-C") or _values(opts, "--work-tree") or _values(opts, "--git-dir")
    return where[-1:] or ["."]
