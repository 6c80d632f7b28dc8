"""`StoreEngine`: the one process that holds a workspace's DuckDB file open.

Operations run in the calling thread (a server connection thread, or the caller's own):
writes one at a time under a lock, each in its own transaction; reads on a per-thread cursor,
seeing the last committed state without waiting for a writer. The
engine runs inside the store server (shared by every kernel of the workspace) or in-process
(tests, scripts, a single kernel that asks for it). The file and its WAL are kept private
to the user (0600) in either case.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

import duckdb
from pydantic import ValidationError

from .errors import StoreArgumentError, StoreError, StoreUnavailableError
from .ops import (
    NEW_CONNECTION,
    REGISTRY,
    OpContext,
    Operation,
    OpRegistry,
    load_operation_modules,
)
from .private_dir import make_private
from .rpc import prepare_store_folder
from .schema import migrate

log = logging.getLogger(__name__)

# Request ids of non-idempotent writes are kept this long: far beyond any client retry.
_APPLIED_TTL_S = 7 * 24 * 3600


def open_duckdb(path: Path) -> duckdb.DuckDBPyConnection:
    """Open (creating folders) a DuckDB file, private to the user (see
    `rpc.prepare_store_folder`); a file locked by another process is reported with what to
    do about it."""
    prepare_store_folder(path)
    try:
        con = duckdb.connect(str(path))
    except duckdb.IOException as exc:
        raise StoreUnavailableError(
            f"cannot open the store {path}: {exc}. Another program holds it open; close it, "
            "or set ORKAS_STORE to another file.") from None
    prepare_store_folder(path)  # a file DuckDB just created follows the process's umask
    return con


class StoreEngine:
    """Runs registered operations against one DuckDB file, in the calling thread: writes one
    at a time under a lock, each in its own transaction; reads on the thread's own cursor,
    never waiting for a writer."""

    def __init__(self, path: Path | str, *, registry: OpRegistry = REGISTRY) -> None:
        self.path = Path(path)
        self.registry = registry
        load_operation_modules()
        self.con = open_duckdb(self.path)
        self._wal = self.path.with_name(self.path.name + ".wal")
        try:
            migrate(self.con, str(self.path))
            self.con.execute("DELETE FROM applied_requests WHERE created_at < ?",
                             [time.time() - _APPLIED_TTL_S])
        except BaseException:
            self.con.close()
            raise
        self._write_lock = threading.Lock()
        # Read cursors are made from this spare connection, so a new reader never waits for
        # the write lock (the writer's connection must not be touched from two threads).
        self._factory = self.con.cursor()
        self._factory_lock = threading.Lock()
        self._local = threading.local()
        self._cursors: set[duckdb.DuckDBPyConnection] = set()
        self._state: dict[str, Any] = {NEW_CONNECTION: self._new_connection}
        self._active = 0
        self._quiet = threading.Condition()
        self._closed = False

    def execute(self, op_name: str, args: dict[str, Any], request_id: str | None = None,
                retry: bool = False) -> Any:
        """Run an operation and return its JSON-able result; failures are `StoreError`s.
        `retry` marks a resend after a lost reply (see `Operation.idempotent`)."""
        op = self.registry.get(op_name)
        try:
            parsed = op.args_model.model_validate(args)
        except ValidationError as exc:
            raise StoreArgumentError(f"bad arguments for {op_name}: {exc}") from None
        with self._quiet:
            if self._closed:
                raise StoreUnavailableError("the store is closing; try again")
            self._active += 1
        try:
            if op.write:
                with self._write_lock:
                    return self._run_write(op, parsed, request_id, retry)
            return self._run_read(op, parsed)
        finally:
            with self._quiet:
                self._active -= 1
                self._quiet.notify_all()

    def call(self, op_name: str, args: dict[str, Any], request_id: str | None = None) -> Any:
        """Run an operation (first attempt) and return its result."""
        return self.execute(op_name, args, request_id)

    def _run_write(self, op: Operation, args: Any, request_id: str | None, retry: bool) -> Any:
        con = self.con
        track = request_id is not None and not op.idempotent
        con.execute("BEGIN TRANSACTION")
        try:
            # Only a resend can find its id already applied, so first attempts skip the lookup.
            if track and retry:
                row = con.execute("SELECT result FROM applied_requests WHERE request_id = ?",
                                  [request_id]).fetchone()
                if row is not None:
                    con.execute("ROLLBACK")
                    return json.loads(row[0])
            result = op.fn(OpContext(con, self._state, retry), args)
            if track:
                con.execute("INSERT INTO applied_requests VALUES (?, ?, ?)",
                            [request_id, json.dumps(result), time.time()])
            con.execute("COMMIT")
            self._keep_wal_private()
            return result
        except StoreError:
            con.execute("ROLLBACK")
            raise
        except duckdb.Error as exc:
            con.execute("ROLLBACK")
            raise StoreError(f"{op.name} failed: {exc}") from None
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def _keep_wal_private(self) -> None:
        # DuckDB recreates the WAL after each checkpoint with the process's umask; the store
        # server's umask is 077, but an in-process engine runs under the kernel's (often 022).
        try:
            mode = os.stat(self._wal).st_mode
        except OSError:
            return
        if mode & 0o077:
            make_private(self._wal)

    def _new_connection(self) -> duckdb.DuckDBPyConnection:
        """A connection of the engine's own for a long-lived user (the knowledge base), closed
        by that user: unlike a reader's cursor, it outlives the client that asked first."""
        with self._factory_lock:
            return self._factory.cursor()

    def _cursor(self) -> duckdb.DuckDBPyConnection:
        cur: duckdb.DuckDBPyConnection | None = getattr(self._local, "cursor", None)
        if cur is None:
            with self._factory_lock:
                cur = self._factory.cursor()
                self._cursors.add(cur)
            self._local.cursor = cur
        return cur

    def _run_read(self, op: Operation, args: Any) -> Any:
        try:
            return op.fn(OpContext(self._cursor(), self._state), args)
        except duckdb.Error as exc:
            raise StoreError(f"{op.name} failed: {exc}") from None

    def release_thread_cursor(self) -> None:
        """Close the calling thread's read cursor (when a connection thread ends)."""
        cur: duckdb.DuckDBPyConnection | None = getattr(self._local, "cursor", None)
        if cur is not None:
            self._local.cursor = None
            with self._factory_lock:
                self._cursors.discard(cur)
                cur.close()

    def close(self, timeout: float = 10.0) -> None:
        """Refuse new work, let running operations finish, checkpoint, close the file."""
        with self._quiet:
            if self._closed:
                return
            self._closed = True
            self._quiet.wait_for(lambda: self._active == 0, timeout)
        with self._write_lock, self._factory_lock:
            for cur in self._cursors:
                cur.close()
            self._cursors.clear()
            self._factory.close()
            try:
                self.con.execute("CHECKPOINT")
            except duckdb.Error:
                log.warning("checkpoint on close failed; the WAL will be replayed on next open")
            self.con.close()
