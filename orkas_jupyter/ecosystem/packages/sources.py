"""What may be cloned: https, ssh (`ssh://…` or `user@host:path`), `file://` URLs and local
folders. Any `transport::address` form (`ext::`, `fd::`, remote helpers) and every other
scheme (`http://`, `git://`, …) is refused before git runs."""

from __future__ import annotations

import re
from pathlib import Path

from .errors import PackageError

ALLOWED_SCHEMES = ("https", "ssh", "file")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
_SCP = re.compile(r"^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:(?!/)[^\s]+$")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def check_source(source: str, cwd: Path | None = None) -> str:
    """The source as git should get it (a local folder made absolute); `PackageError` when
    it is not an allowed source."""
    text = source.strip()
    if not text or text.startswith("-") or any(c in text for c in "\0\n\r"):
        raise PackageError(f"{source!r} is not a git URL or a folder.")
    if "::" in text:
        raise PackageError(f"Refused {text!r}: `transport::address` sources (ext::, fd::, remote "
                           "helpers) can run commands. Use an https, ssh or file URL, or a "
                           "local folder.")
    scheme = _SCHEME.match(text)
    if scheme:
        if scheme.group(1).lower() not in ALLOWED_SCHEMES:
            raise PackageError(f"Refused {text!r}: only {', '.join(ALLOWED_SCHEMES)} URLs (and "
                               "local folders) are allowed as package sources.")
        return text
    if _SCP.match(text):
        return text  # user@host:path, git's ssh shorthand
    path = Path(text).expanduser()
    if not path.is_absolute():
        path = (cwd or Path.cwd()) / path
    if not path.is_dir():
        raise PackageError(f"No folder {path} and {text!r} is not an https, ssh or file URL.")
    return str(path.resolve())


def name_from(source: str) -> str:
    """The package name a source gives (its last path part, without `.git`)."""
    tail = re.split(r"[/:]", source.rstrip("/"))[-1]
    if tail.endswith(".git"):
        tail = tail[:-4]
    return check_name(tail)


def check_name(name: str) -> str:
    """`name` when it is a safe folder name; else `PackageError`."""
    if not _NAME.match(name) or name in (".", ".."):
        raise PackageError(f"{name!r} cannot be a package name: use letters, digits, '.', '_' "
                           "and '-' (at most 64), not starting with '.' (`--name NAME`).")
    return name
