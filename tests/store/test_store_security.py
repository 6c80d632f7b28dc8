"""The store on a machine shared with other users: its runtime folder and socket cannot be
squatted, its files are readable by the user alone, and its server does not outlive its
workspace. Another user is played by uid 65534 (`nobody`), which needs root here."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from orkas_jupyter.engine.messages import user_message
from orkas_jupyter.store.api import open_client
from orkas_jupyter.store.private_dir import (
    UnsafePathError,
    bind_private_socket,
    connect_private_socket,
    private_runtime_dir,
)
from orkas_jupyter.store.rpc import (
    RpcRequest,
    encode_frame,
    lock_path_for,
    log_path_for,
    socket_path_for,
)

from .conftest import pid_alive, server_pid, stop_server

NOBODY = 65534
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as another user")


@pytest.fixture
def runtime_base(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh `XDG_RUNTIME_DIR`, short and open to other users (like /tmp, minus the
    sticky bit we do not need), inherited by the store servers the test starts."""
    base = Path(tempfile.mkdtemp(prefix="orkas-sec-", dir="/tmp"))
    base.chmod(0o755)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(base))
    yield base
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """The umask of a typical kernel: new files 0644, folders 0755."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def _announced_socket(db: Path) -> Path:
    return Path(json.loads(lock_path_for(db.resolve()).read_text())["socket"])


def _squatted_folder(base: Path) -> Path:
    folder = base / f"orkas-{os.getuid()}"
    folder.mkdir()
    os.chown(folder, NOBODY, NOBODY)
    folder.chmod(0o777)
    return folder


class Squatter:
    """A process of another user listening on a socket, reporting each connection it gets."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._r, w = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the child: become nobody, listen, report; never return
            try:
                os.close(self._r)
                os.setgroups([])
                os.setgid(NOBODY)
                os.setuid(NOBODY)
                srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                srv.bind(str(path))
                os.chmod(path, 0o777)
                srv.listen(16)
                os.write(w, b"R")
                while True:
                    conn, _ = srv.accept()
                    os.write(w, b"C")
                    conn.close()
            finally:
                os._exit(0)
        os.close(w)
        assert self._read(10.0) == b"R", "the squatter did not start"

    def _read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self._r], [], [], timeout)
        return os.read(self._r, 64) if ready else b""

    def connections(self) -> int:
        """Connections accepted so far."""
        return self._read(0.3).count(b"C")

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self._r)


def _as_nobody(action: Callable[[], bytes], timeout: float = 20.0) -> bytes:
    """Run `action` in a child process as uid 65534 and return what it returned."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            os.write(w, action())
        except BaseException as exc:
            os.write(w, f"error: {exc!r}".encode())
        finally:
            os._exit(0)
    os.close(w)
    try:
        ready, _, _ = select.select([r], [], [], timeout)
        return os.read(r, 4096) if ready else b"timeout"
    finally:
        os.close(r)
        os.waitpid(pid, 0)


def _wait_exit(pid: int, timeout: float) -> float:
    """Seconds until `pid` exited (reaping it if it is our child); fails after `timeout`."""
    start = time.monotonic()
    while pid_alive(pid) and time.monotonic() - start < timeout:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        time.sleep(0.05)
    assert not pid_alive(pid), f"the store server still runs after {timeout} s"
    return time.monotonic() - start


# -- the runtime folder ---------------------------------------------------------------------

@as_root
def test_a_folder_squatted_by_another_user_is_never_used(runtime_base: Path,
                                                         db_path: Path) -> None:
    squatted = _squatted_folder(runtime_base)
    client = open_client(path=db_path, idle_seconds=5)
    client.append("s", [user_message("private words")])
    assert [m.text for m in client.load("s")] == ["private words"]
    sock = _announced_socket(db_path)
    assert sock.parent != squatted
    assert sock.parent.parent == runtime_base
    assert os.listdir(squatted) == []  # nothing served (or left) in the other user's folder
    assert os.lstat(sock.parent).st_uid == os.getuid() and _mode(sock.parent) == 0o700
    assert stat.S_ISSOCK(os.lstat(sock).st_mode) and _mode(sock) == 0o600
    client.close()


@as_root
def test_a_squatters_server_gets_no_connection_and_no_data(runtime_base: Path,
                                                           db_path: Path) -> None:
    squatted = _squatted_folder(runtime_base)
    fake = squatted / socket_path_for(db_path.resolve()).name  # where the store used to look
    squatter = Squatter(fake)
    try:
        # A forged rendezvous pointing at the fake server must be refused too.
        db_path.parent.mkdir(parents=True)
        lock_path_for(db_path).write_text(json.dumps({"pid": 1, "socket": str(fake)}))
        client = open_client(path=db_path, idle_seconds=5)
        client.append("s", [user_message("secret notes")])
        assert [m.text for m in client.load("s")] == ["secret notes"]
        assert squatter.connections() == 0
        assert _announced_socket(db_path) != fake
        client.close()
        # A second kernel (a new process would compute the same paths) finds our server.
        again = open_client(path=db_path, idle_seconds=5)
        assert [m.text for m in again.load("s")] == ["secret notes"]
        assert squatter.connections() == 0
        again.close()
    finally:
        squatter.stop()


@as_root
def test_with_every_usual_name_squatted_the_store_still_works(runtime_base: Path,
                                                              db_path: Path) -> None:
    uid = os.getuid()
    for name in [f"orkas-{uid}"] + [f"orkas-{uid}-{i}" for i in (1, 2, 3)]:
        taken = runtime_base / name
        taken.mkdir()
        os.chown(taken, NOBODY, NOBODY)
        taken.chmod(0o777)
    client = open_client(path=db_path, idle_seconds=5)
    client.append("s", [user_message("kept")])
    client.close()
    sock = _announced_socket(db_path)
    assert sock.parent.parent == runtime_base and os.lstat(sock.parent).st_uid == uid
    # Another kernel process (its own random folder) reaches the same server.
    code = ("import sys; from pathlib import Path; from orkas_jupyter.store.api import "
            "open_client; c = open_client(path=Path(sys.argv[1])); "
            "print([m.text for m in c.load('s')], c.transport.server_pid())")
    out = subprocess.run([sys.executable, "-c", code, str(db_path)], timeout=60,
                         capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["['kept']", str(server_pid(db_path))]


@as_root
def test_the_server_drops_a_client_of_another_user(runtime_base: Path, db_path: Path) -> None:
    client = open_client(path=db_path, idle_seconds=5)
    client.append("s", [user_message("not for nobody")])
    sock = _announced_socket(db_path)
    # Open the way to the socket (only root could); the server itself must still refuse.
    sock.parent.chmod(0o755)
    sock.chmod(0o777)
    frame = encode_frame(RpcRequest(id=1, op="session.load", args={"session_id": "s"}))

    def probe() -> bytes:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(10)
            conn.connect(str(sock))
            with contextlib.suppress(OSError):
                conn.sendall(frame)
            try:
                return b"reply:" + conn.recv(4096)
            except OSError as exc:
                return f"closed: {exc}".encode()

    try:
        answer = _as_nobody(probe)
    finally:
        sock.parent.chmod(0o700)
        sock.chmod(0o600)
    assert answer in (b"reply:", b"closed: [Errno 104] Connection reset by peer"), answer
    assert b"not for nobody" not in answer
    assert [m.text for m in client.load("s")] == ["not for nobody"]
    client.close()


@as_root
@pytest.mark.parametrize("kind", ["symlink", "file", "other-owner-0700"])
def test_other_unsafe_folders_are_skipped_for_a_private_one(runtime_base: Path,
                                                            kind: str) -> None:
    name = runtime_base / f"orkas-{os.getuid()}"
    target = runtime_base / "elsewhere"
    target.mkdir(mode=0o700)
    if kind == "symlink":
        name.symlink_to(target)
    elif kind == "file":
        name.write_text("")
    else:
        name.mkdir(mode=0o700)
        os.chown(name, NOBODY, NOBODY)
    folder = private_runtime_dir()
    assert folder == runtime_base / f"orkas-{os.getuid()}-1"
    assert _mode(folder) == 0o700 and os.lstat(folder).st_uid == os.getuid()
    assert private_runtime_dir() == folder  # stable: every call finds the same folder


@as_root
def test_when_every_deterministic_name_is_taken_a_random_private_folder_is_used(
        runtime_base: Path) -> None:
    uid = os.getuid()
    for name in [f"orkas-{uid}"] + [f"orkas-{uid}-{i}" for i in (1, 2, 3)]:
        _squatted = runtime_base / name
        _squatted.mkdir()
        os.chown(_squatted, NOBODY, NOBODY)
        _squatted.chmod(0o777)
    folder = private_runtime_dir()
    assert folder.parent == runtime_base and folder.name.startswith(f"orkas-{uid}-")
    assert folder.name not in {f"orkas-{uid}-{i}" for i in (1, 2, 3)}
    assert _mode(folder) == 0o700 and os.lstat(folder).st_uid == uid
    assert private_runtime_dir() == folder


def test_our_own_folder_open_to_others_is_made_private(runtime_base: Path) -> None:
    folder = runtime_base / f"orkas-{os.getuid()}"
    folder.mkdir()
    folder.chmod(0o755)
    assert private_runtime_dir() == folder
    assert _mode(folder) == 0o700


# -- sockets --------------------------------------------------------------------------------

def test_a_bound_socket_is_0600_without_a_later_chmod(runtime_base: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    folder = private_runtime_dir()
    path = folder / "probe.sock"

    def no_chmod(*args: object, **kwargs: object) -> None:
        raise AssertionError("the socket needed a chmod after bind")

    old = os.umask(0)  # the worst umask: without care the socket would be 0777
    monkeypatch.setattr(os, "chmod", no_chmod)
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as srv:
            bind_private_socket(srv, path)
            assert _mode(path) == 0o600
            srv.listen(1)
            monkeypatch.undo()
            with connect_private_socket(path) as conn:
                conn.sendall(b"x")
    finally:
        os.umask(old)


def test_connect_refuses_a_socket_in_a_folder_open_to_others(runtime_base: Path) -> None:
    folder = runtime_base / "shared"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as srv:
        srv.bind(str(folder / "s.sock"))
        srv.listen(1)
        with pytest.raises(UnsafePathError, match="not a private folder"):
            connect_private_socket(folder / "s.sock")
        assert _mode(folder) == 0o755  # a connecting side changes nothing


@as_root
def test_connect_refuses_a_socket_file_of_another_user(runtime_base: Path) -> None:
    path = private_runtime_dir() / "s.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as srv:
        srv.bind(str(path))
        srv.listen(1)
        os.chown(path, NOBODY, NOBODY)
        with pytest.raises(UnsafePathError, match="not a socket of uid"):
            connect_private_socket(path)


@as_root
def test_connect_refuses_a_server_run_by_another_user(runtime_base: Path) -> None:
    # Every file check passes (our socket name, our folder, owner ours), but the process
    # behind it is nobody's: only the peer's credentials can tell.
    theirs = runtime_base / "theirs"
    theirs.mkdir(mode=0o777)
    os.chown(theirs, NOBODY, NOBODY)
    theirs.chmod(0o777)
    squatter = Squatter(theirs / "s.sock")
    try:
        ours = private_runtime_dir() / "s.sock"
        os.rename(theirs / "s.sock", ours)
        os.chown(ours, os.getuid(), os.getgid())
        with pytest.raises(UnsafePathError, match=f"served by uid {NOBODY}"):
            connect_private_socket(ours)
    finally:
        squatter.stop()


# -- the store's files ----------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["server", "direct"])
def test_a_new_store_is_readable_by_its_user_alone(db_path: Path, mode: str,
                                                   loose_umask: None) -> None:
    client = open_client(path=db_path, mode=mode, idle_seconds=5)  # type: ignore[arg-type]
    client.append("s", [user_message(f"m{i}") for i in range(3)])
    client.list_sessions()
    assert _mode(db_path.parent) == 0o700
    wal = db_path.with_name(db_path.name + ".wal")
    files = [db_path, wal] + ([lock_path_for(db_path), log_path_for(db_path)]
                              if mode == "server" else [])
    for f in files:
        assert f.exists(), f
        assert _mode(f) == 0o600, (f, oct(_mode(f)))
    client.close()
    leftovers = {p.name: oct(_mode(p)) for p in db_path.parent.iterdir() if _mode(p) & 0o077}
    assert leftovers == {}


@pytest.mark.parametrize("mode", ["server", "direct"])
def test_an_existing_store_open_to_others_is_made_private(db_path: Path, mode: str,
                                                          loose_umask: None) -> None:
    first = open_client(path=db_path, idle_seconds=1)
    first.append("s", [user_message("before")])
    first.close()
    stop_server(db_path)
    # What earlier versions left behind: a 0755 folder and 0644 files.
    db_path.parent.chmod(0o755)
    for f in db_path.parent.iterdir():
        f.chmod(0o755 if f.is_dir() else 0o644)
    client = open_client(path=db_path, mode=mode, idle_seconds=5)  # type: ignore[arg-type]
    assert [m.text for m in client.load("s")] == ["before"]
    assert _mode(db_path.parent) == 0o700
    for f in (db_path, lock_path_for(db_path), log_path_for(db_path)):
        assert _mode(f) == 0o600, f
    client.close()


def test_a_store_in_a_folder_the_user_chose_keeps_the_folders_mode(
        tmp_path: Path, loose_umask: None) -> None:
    shared = tmp_path / "team"
    shared.mkdir()
    shared.chmod(0o755)
    db = shared / "store.duckdb"
    try:
        client = open_client(path=db, idle_seconds=5)
        client.append("s", [user_message("x")])
        assert _mode(shared) == 0o755  # not ours to change
        assert _mode(db) == 0o600 and _mode(lock_path_for(db)) == 0o600
        client.close()
    finally:
        stop_server(db)


# -- a server whose workspace is gone ---------------------------------------------------------

@pytest.mark.parametrize("what", ["workspace", "store folder", "store file"])
def test_the_server_exits_soon_after_its_workspace_is_deleted(db_path: Path,
                                                              what: str) -> None:
    client = open_client(path=db_path, idle_seconds=300)
    client.append("s", [user_message("x")])
    pid = server_pid(db_path)
    assert pid is not None
    sock = _announced_socket(db_path)
    client.close()
    if what == "workspace":
        shutil.rmtree(db_path.parent.parent)
    elif what == "store folder":
        shutil.rmtree(db_path.parent)
    else:
        db_path.unlink()
    took = _wait_exit(pid, timeout=5.0)
    assert took < 5.0
    assert not sock.exists()  # it closed in order: socket removed


def test_the_server_exits_when_the_named_workspace_is_deleted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    workspace = tmp_path / "project"
    workspace.mkdir()
    db = tmp_path / "stores" / "project.duckdb"  # the store lives outside the workspace
    monkeypatch.setenv("ORKAS_WORKSPACE", str(workspace))
    client = open_client(path=db, idle_seconds=300)
    try:
        client.append("s", [user_message("x")])
        pid = server_pid(db)
        assert pid is not None
        shutil.rmtree(workspace)
        _wait_exit(pid, timeout=5.0)
    finally:
        client.close()
        stop_server(db)


def test_the_server_keeps_serving_while_its_workspace_exists(db_path: Path) -> None:
    client = open_client(path=db_path, idle_seconds=300)
    client.append("s", [user_message("x")])
    pid = server_pid(db_path)
    time.sleep(2.5)  # a few rounds of the server's checks
    assert pid is not None and pid_alive(pid)
    assert server_pid(db_path) == pid
    assert [m.text for m in client.load("s")] == ["x"]
    client.close()

