"""The versioned schema of a workspace store and its migrations (S1).

`migrate` brings a file up to `SCHEMA_VERSION` one step at a time, each step in its own
transaction; a file written by a newer version is refused instead of being half-understood.
"""

from __future__ import annotations

from collections.abc import Callable

import duckdb

from .errors import StoreVersionError

SCHEMA_VERSION = 6


def _v1(con: duckdb.DuckDBPyConnection) -> None:
    """Sessions and their messages (the first release)."""
    con.execute("""
        CREATE TABLE IF NOT EXISTS meta (key VARCHAR, value VARCHAR);
        CREATE TABLE IF NOT EXISTS sessions (
            id VARCHAR, title VARCHAR, notebook VARCHAR, created_at DOUBLE, updated_at DOUBLE);
        CREATE TABLE IF NOT EXISTS messages (
            session_id VARCHAR, seq BIGINT, msg_id VARCHAR, role VARCHAR, body VARCHAR,
            created_at DOUBLE);
    """)


def _v2(con: duckdb.DuckDBPyConnection) -> None:
    """Memory notes, recordings (P7), the usage ledger, tool statistics (E6), the table that
    makes retried non-idempotent requests safe, and a history generation per session (lets
    clients fetch only what was appended since their last load)."""
    con.execute("""
        ALTER TABLE sessions ADD COLUMN IF NOT EXISTS generation BIGINT DEFAULT 0;
        CREATE TABLE IF NOT EXISTS notes (pos BIGINT, content VARCHAR, created_at DOUBLE);
        CREATE TABLE IF NOT EXISTS recordings (
            key VARCHAR, payload VARCHAR, created_at DOUBLE);
        CREATE TABLE IF NOT EXISTS usage (
            request_id VARCHAR, session_id VARCHAR, model VARCHAR, input_tokens BIGINT,
            output_tokens BIGINT, cost_usd DOUBLE, created_at DOUBLE);
        CREATE TABLE IF NOT EXISTS tool_calls (
            call_id VARCHAR, session_id VARCHAR, tool VARCHAR, is_error BOOLEAN,
            created_at DOUBLE);
        CREATE TABLE IF NOT EXISTS applied_requests (
            request_id VARCHAR, result VARCHAR, created_at DOUBLE);
    """)


def _v3(con: duckdb.DuckDBPyConnection) -> None:
    """Agent teams (O1–O6): a child session names its parent session, the parent's tool call
    that started it and the agent that runs in it; a conversation's floor (who answers the
    user's next message, and Commander's pending items) is persisted state."""
    con.execute("""
        ALTER TABLE sessions ADD COLUMN IF NOT EXISTS parent_id VARCHAR;
        ALTER TABLE sessions ADD COLUMN IF NOT EXISTS parent_call_id VARCHAR;
        ALTER TABLE sessions ADD COLUMN IF NOT EXISTS agent VARCHAR;
        ALTER TABLE sessions ADD COLUMN IF NOT EXISTS floor VARCHAR;
    """)


def _v4(con: duckdb.DuckDBPyConnection) -> None:
    """Turn checkpoints: each root turn's changes to cells and files, with the state
    before each change, and whether the turn was undone."""
    con.execute("""
        CREATE TABLE IF NOT EXISTS checkpoint_turns (
            turn_id VARCHAR, session_id VARCHAR, prompt VARCHAR, started_at DOUBLE,
            ended_at DOUBLE, undone_at DOUBLE, undo_report VARCHAR);
        CREATE TABLE IF NOT EXISTS checkpoint_changes (
            turn_id VARCHAR, seq BIGINT, agent VARCHAR, call_id VARCHAR, kind VARCHAR,
            target VARCHAR, payload VARCHAR, created_at DOUBLE);
    """)


def _v5(con: duckdb.DuckDBPyConnection) -> None:
    """Plans (O7): a conversation's plan as written and its run state, which only the
    orchestrator writes (compare-and-swap on `version`)."""
    con.execute("""
        CREATE TABLE IF NOT EXISTS plans (
            id VARCHAR, session_id VARCHAR, spec VARCHAR, state VARCHAR, status VARCHAR,
            version BIGINT, created_at DOUBLE, updated_at DOUBLE);
    """)


def _v6(con: duckdb.DuckDBPyConnection) -> None:
    """Self-evolution (V1, V2): agents bound to evolve, their turns and weighted signals, the
    logged entries of reflection runs (what changed, before and after, model and cost) and
    each agent's competence profile."""
    con.execute("""
        CREATE TABLE IF NOT EXISTS evolution_agents (
            agent VARCHAR, enabled BOOLEAN, changed_at DOUBLE);
        CREATE TABLE IF NOT EXISTS evolution_turns (
            turn_id VARCHAR, agent VARCHAR, session_id VARCHAR, skills VARCHAR, failed BOOLEAN,
            undo_seen BOOLEAN, created_at DOUBLE);
        CREATE TABLE IF NOT EXISTS evolution_signals (
            id VARCHAR, agent VARCHAR, kind VARCHAR, weight DOUBLE, turn_id VARCHAR,
            detail VARCHAR, created_at DOUBLE, entry_id VARCHAR);
        CREATE TABLE IF NOT EXISTS evolution_entries (
            id VARCHAR, agent VARCHAR, status VARCHAR, summary VARCHAR, skill VARCHAR,
            skill_before VARCHAR, skill_after VARCHAR, profile_before VARCHAR,
            profile_after VARCHAR, model VARCHAR, input_tokens BIGINT, output_tokens BIGINT,
            cost_usd DOUBLE, note VARCHAR, created_at DOUBLE, reverted_at DOUBLE);
        CREATE TABLE IF NOT EXISTS evolution_profiles (
            agent VARCHAR, profile VARCHAR, updated_at DOUBLE);
    """)


MIGRATIONS: list[Callable[[duckdb.DuckDBPyConnection], None]] = [_v1, _v2, _v3, _v4, _v5, _v6]


def schema_version(con: duckdb.DuckDBPyConnection) -> int:
    """The version recorded in the file; 0 for an empty file."""
    has_meta = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'meta'"
    ).fetchone()
    if not has_meta or not has_meta[0]:
        return 0
    row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0


def _set_version(con: duckdb.DuckDBPyConnection, version: int) -> None:
    con.execute("DELETE FROM meta WHERE key = 'schema_version'")
    con.execute("INSERT INTO meta VALUES ('schema_version', ?)", [str(version)])


def migrate(con: duckdb.DuckDBPyConnection, path: str = "",
            target: int = SCHEMA_VERSION) -> int:
    """Upgrade the file to `target`; refuse a newer file. Returns the version found."""
    found = schema_version(con)
    if found > SCHEMA_VERSION:
        raise StoreVersionError(
            f"The store {path or '(file)'} has schema version {found}, but this orkas-jupyter "
            f"understands up to {SCHEMA_VERSION}. Upgrade orkas-jupyter, or point ORKAS_STORE "
            "at another file.")
    for version in range(found + 1, target + 1):
        con.execute("BEGIN TRANSACTION")
        try:
            MIGRATIONS[version - 1](con)
            _set_version(con, version)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    return found
