"""Private runtime folders, sockets and files, safe on machines shared with other users.

On a JupyterHub node or an HPC login node the temp dir is shared: another user can create
`/tmp/orkas-<uid>` before we do, world-writable, and serve a fake store in it. The rules:

* `private_runtime_dir(prefix)` returns `<$XDG_RUNTIME_DIR or temp dir>/<prefix>-<uid>`,
  created 0700. An existing folder must be a real directory (not a symlink) owned by us;
  group/other bits on our own folder are removed. A folder we do not own (or a symlink, or a
  file) is never used: the next deterministic name `<prefix>-<uid>-1` … `-3` is tried, then a
  fresh `mkdtemp` folder. The deterministic names let every process of the user find the same
  folder; a process that ended on a random folder is found through what its server announces
  (the store writes its socket path in its lock file), and every candidate is checked again.
* `bind_private_socket(sock, path)` binds a Unix socket that is 0600 from the first instant
  (`fchmod` before `bind` on Linux; elsewhere a umask held for the duration of the call), in a
  folder `ensure_private_dir` accepts, and verifies the result.
* `connect_private_socket(path)` refuses a socket whose folder or file is not ours or is open
  to others, connects, and checks the peer's uid (`SO_PEERCRED`) when the platform has it.
  A server can check its clients the same way with `peer_uid(sock) in (None, os.getuid())`.
* `make_private(path)` removes group/other bits from a file or folder of ours (existing
  stores made before these rules).

Checks use `lstat`/`O_NOFOLLOW` and change modes through a file descriptor, so a symlink
swapped in between a check and a change is never followed. Failures raise `UnsafePathError`
with a message naming the path, its owner and mode.

To reuse for another socket (e.g. a kernel bridge): `path = private_runtime_dir() /
"bridge-<id>.sock"`, `bind_private_socket(server_sock, path)` on the serving side,
`connect_private_socket(path)` on the connecting side.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import stat
import struct
import tempfile
import threading
from pathlib import Path

log = logging.getLogger(__name__)

PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
_FALLBACK_NAMES = 3
_cache: dict[tuple[str, str], Path] = {}
_cache_lock = threading.Lock()
_umask_lock = threading.Lock()


class UnsafePathError(PermissionError):
    """A runtime folder or socket that another user owns or can write: never used."""


def _describe(path: Path | str, st: os.stat_result) -> str:
    kind = ("a symlink" if stat.S_ISLNK(st.st_mode) else "a folder" if stat.S_ISDIR(st.st_mode)
            else "a socket" if stat.S_ISSOCK(st.st_mode) else "a file")
    return f"{path} is {kind} owned by uid {st.st_uid} with mode {stat.S_IMODE(st.st_mode):04o}"


def ensure_private_dir(path: Path, *, fix_mode: bool = True) -> Path:
    """Create `path` 0700, or accept an existing real folder owned by us (removing group and
    other bits when `fix_mode`); anything else raises `UnsafePathError`."""
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, PRIVATE_DIR_MODE)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as exc:  # a symlink (ELOOP), a file (ENOTDIR) or a folder we cannot open
        try:
            detail = _describe(path, os.lstat(path))
        except OSError:
            detail = f"{path} cannot be opened ({exc.strerror})"
        raise UnsafePathError(f"{detail}: not a private folder of uid {os.getuid()}") from None
    try:
        st = os.fstat(fd)
        if st.st_uid != os.getuid():
            raise UnsafePathError(f"{_describe(path, st)}: not ours (uid {os.getuid()})")
        if stat.S_IMODE(st.st_mode) & 0o077:
            if not fix_mode:
                raise UnsafePathError(f"{_describe(path, st)}: open to other users")
            os.fchmod(fd, PRIVATE_DIR_MODE)
    finally:
        os.close(fd)
    return path


def runtime_base() -> Path:
    """Where runtime folders go: `$XDG_RUNTIME_DIR` when it exists, else the temp dir."""
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg and os.path.isdir(xdg):
        return Path(xdg)
    return Path(tempfile.gettempdir())


def private_runtime_dir(prefix: str = "orkas") -> Path:
    """A folder only this user can use, for sockets: `<base>/<prefix>-<uid>` when that one is
    safe, else a checked fallback (see the module docstring). Short, for `AF_UNIX`'s limit."""
    base = runtime_base()
    key = (str(base), prefix)
    with _cache_lock:
        cached = _cache.get(key)
        if cached is not None:
            with contextlib.suppress(OSError):
                return ensure_private_dir(cached)
        uid = os.getuid()
        names = [f"{prefix}-{uid}"] + [f"{prefix}-{uid}-{i}" for i in range(1, _FALLBACK_NAMES + 1)]
        refusals = []
        for name in names:
            try:
                folder = ensure_private_dir(base / name)
            except UnsafePathError as exc:
                refusals.append(str(exc))
                continue
            break
        else:
            folder = Path(tempfile.mkdtemp(prefix=f"{prefix}-{uid}-", dir=base))
            ensure_private_dir(folder, fix_mode=False)
        if refusals:
            log.warning("runtime folder(s) refused, using %s instead: %s", folder,
                        "; ".join(refusals))
        _cache[key] = folder
        return folder


def check_private_socket(path: Path) -> None:
    """Raise `UnsafePathError` unless `path` is a socket of ours in a private folder of ours
    (`FileNotFoundError` when either is missing)."""
    check_private_dir(path.parent)
    st = os.lstat(path)
    if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid():
        raise UnsafePathError(f"{_describe(path, st)}: not a socket of uid {os.getuid()}")


def check_private_dir(path: Path) -> None:
    """Raise `UnsafePathError` unless `path` is a private folder of ours; changes nothing."""
    st = os.lstat(path)
    if (not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid()
            or stat.S_IMODE(st.st_mode) & 0o077):
        raise UnsafePathError(f"{_describe(path, st)}: not a private folder of uid "
                              f"{os.getuid()}")


def peer_uid(sock: socket.socket) -> int | None:
    """The uid of the process at the other end of a connected Unix socket; None where the
    platform cannot tell (no `SO_PEERCRED`)."""
    opt = getattr(socket, "SO_PEERCRED", None)
    if opt is None:
        return None
    creds = sock.getsockopt(socket.SOL_SOCKET, opt, struct.calcsize("3i"))
    return int(struct.unpack("3i", creds)[1])


def connect_private_socket(path: Path, timeout: float | None = None) -> socket.socket:
    """Connect to a socket of ours in a private folder of ours, served by a process of ours.
    `UnsafePathError` for anything else; `OSError` when nothing listens."""
    check_private_socket(path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout)
        sock.connect(str(path))
        uid = peer_uid(sock)
        if uid is not None and uid != os.getuid():
            raise UnsafePathError(f"{path} is served by uid {uid}, not by uid {os.getuid()}")
    except BaseException:
        sock.close()
        raise
    return sock


def bind_private_socket(sock: socket.socket, path: Path) -> None:
    """Bind an `AF_UNIX` socket at `path` (in a private folder of ours) so that the file is
    0600 from the moment it exists; the caller removes a stale file first if it may."""
    ensure_private_dir(path.parent)
    try:
        # Linux gives the socket file the mode of the socket's inode: no umask needed.
        os.fchmod(sock.fileno(), PRIVATE_FILE_MODE)
    except OSError:
        # Elsewhere (macOS) the umask decides; it is process-wide, so hold it only for the
        # bind, under a lock (other threads' files created meanwhile are merely stricter).
        with _umask_lock:
            old = os.umask(0o177)
            try:
                sock.bind(str(path))
            finally:
                os.umask(old)
    else:
        sock.bind(str(path))
    st = os.lstat(path)
    if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid():
        raise UnsafePathError(f"{_describe(path, st)}: the socket we bound is not ours")
    if stat.S_IMODE(st.st_mode) & 0o077:
        os.chmod(path, PRIVATE_FILE_MODE)


def make_private(path: Path) -> bool:
    """Remove group/other permission bits from a file or folder of ours (not following
    symlinks); False when it does not exist or is not ours (left alone)."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if st.st_uid != os.getuid():
            return False
        mode = stat.S_IMODE(st.st_mode)
        if mode & 0o077:
            os.fchmod(fd, mode & 0o700)
        return True
    finally:
        os.close(fd)
