"""The path sandbox (T4): every file tool resolves a path here before touching the disk.

Allowed: the workspace, folders the user authorised, files the user attached. Never allowed,
even inside those: credential folders (SSH, cloud CLIs, GnuPG, keyrings, …) and the product's
own data (`ORKAS_HOME`, the workspace's `.orkas/`). Paths are fully resolved (`~`, `..`,
absolute, symlinks) before the check, and the actual open walks the checked path component by
component with `O_NOFOLLOW`, so a symlink swapped in after the check is refused, not followed.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
import unicodedata
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..engine.errors import ToolError

# Relative to the user's home. Folders and files holding credentials: never readable through
# the file tools, never authorisable. Sources: the default credential locations documented by
# OpenSSH, GnuPG, AWS/GCloud/Azure/Kubernetes/Docker/GitHub CLIs, netrc, pip/npm, keyrings.
CREDENTIAL_PATHS: tuple[str, ...] = (
    ".ssh", ".aws", ".gnupg", ".azure", ".kube", ".docker", ".oci", ".netrc", ".pgpass",
    ".git-credentials", ".pypirc", ".npmrc", ".password-store", ".vault-token", ".terraform.d",
    ".config/gcloud", ".config/gh", ".config/hub", ".config/op", ".config/doctl",
    ".config/google-chrome", ".config/chromium", ".mozilla",
    ".local/share/keyrings", ".local/share/kwalletd", "Library/Keychains",
)
# System files holding credentials, refused even when a user authorises their folder.
SYSTEM_CREDENTIAL_PATHS: tuple[str, ...] = (
    "/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d", "/etc/ssh",
)

# Characters that render like a path separator, a dot or `~` but are not: a path spelled with
# them cannot be what the model meant, and a later normalisation could turn it into an escape.
_LOOKALIKES = frozenset(
    "\u2024\u2025\u2026\u00b7\u2027\u0701\u0702\ufe52\uff0e\u3002\ufe12\ufe57"  # dots
    "\u2044\u2215\u29f8\u29f5\u2571\u2572\uff0f\uff3c\u2216\ufe68\u1735\u2cc6"  # slashes
    "\u02dc\u223c\u301c\uff5e\u2053"  # tildes
)
_ASCII_SPECIAL = frozenset("./\\~")

_SKIP_BYTES = 1 << 30


class SandboxError(ToolError):
    """A path was refused; the message says which and why."""


def _check_characters(raw: str) -> None:
    """Refuse control, invisible, bidi and look-alike characters in a path."""
    for ch in raw:
        cat = unicodedata.category(ch)
        if ch == "\x00" or cat == "Cc":
            raise SandboxError(f"Refused path {raw!r}: it contains the control character "
                               f"U+{ord(ch):04X}. Use a plain path.")
        if cat == "Cf":
            raise SandboxError(f"Refused path {raw!r}: it contains the invisible character "
                               f"U+{ord(ch):04X} ({unicodedata.name(ch, 'format')}). Remove it.")
        if ord(ch) > 127 and (ch in _LOOKALIKES
                              or set(unicodedata.normalize("NFKC", ch)) & _ASCII_SPECIAL):
            raise SandboxError(
                f"Refused path {raw!r}: U+{ord(ch):04X} ({unicodedata.name(ch, '?')}) looks "
                "like '.', '/', '\\' or '~' but is not. Spell the path with ASCII separators.")


def _key(path: Path | str) -> str:
    """Comparison key: case-folded and NFKC-normalised, so a case-insensitive file system or a
    normalising one cannot make a credential folder look like something else."""
    return unicodedata.normalize("NFKC", str(path)).casefold()


def _within(path: Path, root: Path) -> bool:
    p, r = _key(path), _key(root)
    return p == r or p.startswith(r.rstrip(os.sep) + os.sep)


class PathSandbox:
    """Decides which paths the tools may touch, and opens them safely."""

    def __init__(self, workspace: Path | str, *, authorised: Iterable[Path | str] = (),
                 attached: Iterable[Path | str] = (), product_dirs: Iterable[Path | str] = (),
                 home: Path | str | None = None) -> None:
        self.workspace = Path(os.path.realpath(Path(workspace).expanduser()))
        if not self.workspace.is_dir():
            raise SandboxError(f"The workspace {self.workspace} is not a folder.")
        self.home = Path(home).expanduser() if home else Path.home()
        labelled = [(self.home / p, "a credential location") for p in CREDENTIAL_PATHS]
        labelled += [(Path(p), "a system credential file") for p in SYSTEM_CREDENTIAL_PATHS]
        product = "Orkas's own data (sessions, memory, logs, settings)"
        labelled += [(Path(p).expanduser(), product) for p in product_dirs]
        labelled.append((self.workspace / ".orkas", product))
        # Keep both the literal and the resolved spelling: a credential folder may itself be a
        # symlink (dotfile managers), and the literal one must be refused too.
        self._forbidden: dict[Path, str] = {}
        for p, label in labelled:
            for q in (p, Path(os.path.realpath(p))):
                self._forbidden.setdefault(q, label)
        self._forbidden_keys = frozenset(_key(p) for p in self._forbidden)
        self.roots: list[Path] = [self.workspace]
        self.attached: list[Path] = []
        for folder in authorised:
            self.authorise(folder)
        for file in attached:
            self.attach(file)

    # -- configuration -------------------------------------------------------------------

    def authorise(self, folder: Path | str) -> Path:
        """Allow a folder the user chose; credential and product folders are refused."""
        path = self._absolute(str(folder))
        self._refuse_forbidden(path, str(folder), action="authorise")
        # Authorising `/` or the home folder is allowed: what lies under them stays checked.
        if not path.is_dir():
            raise SandboxError(f"Cannot authorise {folder}: {path} is not an existing folder.")
        if path not in self.roots:
            self.roots.append(path)
        return path

    def attach(self, file: Path | str) -> Path:
        """Allow one file the user attached."""
        path = self._absolute(str(file))
        self._refuse_forbidden(path, str(file), action="attach")
        if not path.is_file():
            raise SandboxError(f"Cannot attach {file}: {path} is not an existing file.")
        if path not in self.attached:
            self.attached.append(path)
        return path

    # -- resolution ----------------------------------------------------------------------

    def _absolute(self, raw: str) -> Path:
        if not raw or not raw.strip():
            raise SandboxError("Refused an empty path. Give a path relative to the workspace.")
        _check_characters(raw)
        if any(part.startswith("$") for part in Path(raw).parts):
            raise SandboxError(f"Refused {raw}: paths are not shell-expanded, so a $VARIABLE "
                               "would be taken literally. Write the path out in full.")
        try:
            path = Path(raw).expanduser()
        except RuntimeError:
            raise SandboxError(f"Refused {raw}: the home folder it names is unknown, outside "
                               "the workspace. Use a path inside the workspace.") from None
        if not path.is_absolute():
            path = self.workspace / path
        # realpath resolves `..` after symlinks, as the kernel does; a path that does not
        # exist yet (a new file) resolves as far as it exists.
        try:
            return Path(os.path.realpath(path, strict=True))
        except FileNotFoundError:
            pass
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise SandboxError(f"Refused {raw}: it is a symlink loop.") from None
        return Path(os.path.realpath(path))

    @property
    def forbidden(self) -> list[Path]:
        """Locations that are never allowed, whatever was authorised."""
        return list(self._forbidden)

    def is_forbidden(self, path: Path) -> bool:
        """True when `path` lies in a credential location or the product's data."""
        return any(_within(path, bad) for bad in self._forbidden)

    def is_forbidden_name(self, path: Path) -> bool:
        """Exact match against the forbidden list (cheap; for files whose folder passed)."""
        return _key(path) in self._forbidden_keys

    def _refuse_forbidden(self, path: Path, raw: str, *, action: str = "access") -> None:
        for bad, label in self._forbidden.items():
            if _within(path, bad):
                raise SandboxError(
                    f"Refused to {action} {raw}: {path} is inside {bad}, {label}, which the "
                    "agent may never read or write.")

    def resolve(self, raw: str) -> Path:
        """The absolute, symlink-free path for `raw`, or `SandboxError` saying why not."""
        path = self._absolute(raw)
        self._refuse_forbidden(path, raw)
        if any(_within(path, root) for root in self.roots):
            return path
        if any(_key(path) == _key(f) for f in self.attached):
            return path
        allowed = ", ".join(str(r) for r in self.roots)
        raise SandboxError(
            f"Refused {raw}: it resolves to {path}, outside the workspace and the authorised "
            f"folders ({allowed}). Use a path inside them, or ask the user to authorise the "
            "folder.")

    def allows(self, path: Path) -> bool:
        """True when an already-absolute path would pass `resolve`."""
        try:
            self.resolve(str(path))
        except SandboxError:
            return False
        return True

    def display(self, path: Path) -> str:
        """A short spelling for messages: relative to the workspace when inside it."""
        try:
            rel = path.relative_to(self.workspace)
        except ValueError:
            return str(path)
        return str(rel) if str(rel) != "." else "."

    # -- safe I/O ------------------------------------------------------------------------

    def _root_for(self, path: Path) -> Path:
        best: Path | None = None
        for root in self.roots:
            if _within(path, root) and (best is None or len(str(root)) > len(str(best))):
                best = root
        if best is not None:
            return best
        # An attached file: walk from its parent.
        return path.parent

    def open_dir(self, path: Path) -> int:
        """A directory fd for a checked folder, opened without following symlinks."""
        return self._open_parent(path, include_last=True)

    def _open_parent(self, path: Path, *, create: bool = False,
                     include_last: bool = False) -> int:
        """A directory fd for `path`'s parent (or `path` itself with `include_last`), opened
        one component at a time without following symlinks, from the sandbox root."""
        root = self._root_for(path)
        parts = path.relative_to(root).parts if path != root else ()
        if not include_last:
            parts = parts[:-1]
        flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
        fd = os.open(root, flags)
        try:
            for part in parts:
                try:
                    nxt = os.open(part, flags | os.O_NOFOLLOW, dir_fd=fd)
                except FileNotFoundError:
                    if not create:
                        raise
                    os.mkdir(part, dir_fd=fd)
                    nxt = os.open(part, flags | os.O_NOFOLLOW, dir_fd=fd)
                except OSError as exc:
                    if not _is_symlink_error(exc):
                        raise
                    raise SandboxError(
                        f"Refused {self.display(path)}: the folder {part!r} on its way changed "
                        "(it is now a symlink or not a folder) after the path was checked. "
                        "Try again.") from None
                os.close(fd)
                fd = nxt
        except BaseException:
            os.close(fd)
            raise
        return fd

    def open_read(self, path: Path) -> int:
        """A read-only fd for a checked path; a symlink swapped in since the check is refused."""
        if path == self._root_for(path):
            return os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        dfd = self._open_parent(path)
        try:
            # O_NONBLOCK: a FIFO swapped in must not hang the read; regular files ignore it.
            return os.open(path.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dfd)
        except OSError as exc:
            if _is_symlink_error(exc):
                raise SandboxError(f"Refused {self.display(path)}: it became a symlink after "
                                   "the path was checked. Try again.") from None
            raise
        finally:
            os.close(dfd)

    def read_bytes(self, path: Path, max_bytes: int = _SKIP_BYTES) -> bytes:
        """The file's bytes (at most `max_bytes`), read through `open_read`."""
        fd = self.open_read(path)
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise SandboxError(f"{self.display(path)} is not a regular file.")
            return fh.read(max_bytes)

    @contextlib.contextmanager
    def locked_bytes(self, path: Path, max_bytes: int = _SKIP_BYTES,
                     wait_s: float = 10.0) -> Iterator[bytes | None]:
        """Hold an exclusive advisory lock (`flock`) on the file at `path` and yield its
        current bytes (None when it does not exist) — so check-then-replace is atomic against
        other processes using the tools (several kernels on one workspace). The lock is taken
        on the inode now at `path`; if a writer renamed a new file into place meanwhile, retry
        on that one, so the bytes are always the current ones."""
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fd = self.open_read(path)
            except FileNotFoundError:
                yield None
                return
            try:
                while True:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() > deadline:
                            raise SandboxError(f"{self.display(path)} is being changed by "
                                               "another process; try again.") from None
                        time.sleep(0.01)
                held = os.fstat(fd)
                try:
                    now = os.stat(path, follow_symlinks=False)
                except FileNotFoundError:
                    now = None
                if now is not None and (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
                    if not stat.S_ISREG(held.st_mode):
                        raise SandboxError(f"{self.display(path)} is not a regular file.")
                    with os.fdopen(os.dup(fd), "rb") as fh:
                        data = fh.read(max_bytes)
                    yield data
                    return
            finally:
                os.close(fd)  # closing the descriptor releases the lock

    def write_atomic(self, path: Path, data: bytes) -> bool:
        """Write `data` through a temporary file renamed over `path`; creates missing folders.
        Returns True when the file was created, False when replaced."""
        dfd = self._open_parent(path, create=True)
        tmp = f".{path.name}.orkas-tmp-{uuid.uuid4().hex[:8]}"
        try:
            mode = 0o644
            created = True
            try:
                st = os.stat(path.name, dir_fd=dfd, follow_symlinks=False)
                if stat.S_ISDIR(st.st_mode):
                    raise SandboxError(f"{self.display(path)} is a folder, not a file.")
                mode = stat.S_IMODE(st.st_mode)
                created = False
            except FileNotFoundError:
                pass
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode,
                         dir_fd=dfd)
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                    fh.flush()
                    os.fsync(fh.fileno())
                # rename replaces a symlink swapped in at `path` itself, never its target.
                os.replace(tmp, path.name, src_dir_fd=dfd, dst_dir_fd=dfd)
            except BaseException:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp, dir_fd=dfd)
                raise
            return created
        finally:
            os.close(dfd)


def _is_symlink_error(exc: OSError) -> bool:
    # O_NOFOLLOW on a symlink gives ELOOP (Linux) or EMLINK (FreeBSD); O_DIRECTORY on a file
    # that replaced a folder gives ENOTDIR.
    return exc.errno in (errno.ELOOP, errno.EMLINK, errno.ENOTDIR)
