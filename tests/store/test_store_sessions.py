"""Sessions, schema versions, recordings, usage and tool statistics against a real file."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from orkas_jupyter.engine import validate_history
from orkas_jupyter.engine.history import INTERRUPTED_TEXT
from orkas_jupyter.engine.messages import (
    Message,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    tool_message,
    user_message,
)
from orkas_jupyter.store.api import (
    WORKSPACE_SESSION,
    StoreClient,
    default_session_id,
    open_client,
    open_store,
)
from orkas_jupyter.store.errors import StoreArgumentError, StoreVersionError
from orkas_jupyter.store.schema import MIGRATIONS, SCHEMA_VERSION


def _call_pair(call_id: str) -> tuple[Message, Message]:
    call = ToolCallPart(id=call_id, name="probe", arguments='{"x": 1}')
    result = ToolResultPart(call_id=call_id, name="probe", content=[TextPart(text="done")])
    return Message(role="assistant", parts=[call]), tool_message(result)


@pytest.fixture(params=["direct", "server"])
def client(request: pytest.FixtureRequest, db_path: Path) -> StoreClient:
    c = open_client(path=db_path, mode=request.param, idle_seconds=3)
    request.addfinalizer(c.close)
    return c


def test_append_load_round_trip_keeps_order_and_content(client: StoreClient) -> None:
    msgs = [user_message(f"hello {i} — ünïcode 漢字") for i in range(5)]
    asst, res = _call_pair("c1")
    client.append("s", msgs[:2])
    client.append("s", [msgs[2], asst, res])
    client.append("s", msgs[3:])
    loaded = client.load("s")
    assert [m.id for m in loaded] == [m.id for m in (*msgs[:3], asst, res, *msgs[3:])]
    assert loaded[0] == msgs[0]
    assert validate_history(loaded) == []
    assert client.load("unknown") == []


def test_load_repairs_an_unanswered_call(client: StoreClient) -> None:
    asst, _ = _call_pair("dangling")
    client.append("s", [user_message("go"), asst])
    loaded = client.load("s")
    assert len(loaded) == 3
    assert loaded[2].tool_result is not None
    assert loaded[2].tool_result.is_error
    assert INTERRUPTED_TEXT in loaded[2].tool_result.content[0].text  # type: ignore[union-attr]
    assert validate_history(loaded) == []


def test_rewrite_replaces_history_and_appends_continue_after_it(client: StoreClient) -> None:
    client.append("s", [user_message(f"old {i}") for i in range(30)])
    summary = user_message("summary of the old part", summary=True)
    client.rewrite("s", [summary])
    client.append("s", [user_message("after")])
    assert [m.text for m in client.load("s")] == ["summary of the old part", "after"]
    client.rewrite("s", [])
    assert client.load("s") == []


def test_list_rename_delete_and_default_session(client: StoreClient, tmp_path: Path) -> None:
    nb = tmp_path / "analysis.ipynb"
    sid = client.default_session(str(nb))
    assert sid == default_session_id(str(nb)) == client.default_session(str(nb))
    assert client.default_session(None) == WORKSPACE_SESSION
    client.append(sid, [user_message("a"), user_message("b")])
    rows = {r.id: r for r in client.list_sessions()}
    assert rows[sid].title == "analysis.ipynb"
    assert rows[sid].notebook == str(nb.resolve())
    assert rows[sid].message_count == 2
    assert rows[sid].updated_at >= rows[sid].created_at
    client.rename_session(sid, "Outliers")
    assert {r.id: r.title for r in client.list_sessions()}[sid] == "Outliers"
    with pytest.raises(StoreArgumentError, match="no session"):
        client.rename_session("nope", "x")
    assert client.delete_session(sid) is True
    assert client.delete_session(sid) is False
    assert client.load(sid) == []
    assert sid not in {r.id for r in client.list_sessions()}


def test_bad_input_is_refused_whole(client: StoreClient) -> None:
    client.append("s", [user_message("kept")])
    bad = user_message("x").model_copy(update={"id": "bad\x1eid"})
    with pytest.raises(StoreArgumentError):
        client.append("s", [user_message("not kept"), bad])
    assert [m.text for m in client.load("s")] == ["kept"]
    with pytest.raises(StoreArgumentError, match="unknown store operation"):
        client.call("session.nope")


def test_recordings_usage_and_tool_stats(client: StoreClient) -> None:
    assert client.get_recording("k") is None
    client.put_recording("k", '{"chunks": [1]}')
    client.put_recording("k", '{"chunks": [2]}')
    assert client.get_recording("k") == '{"chunks": [2]}'
    client.record_usage("s1", "openai/gpt-4o", 100, 20, 0.5, request_id="r1")
    client.record_usage("s1", "openai/gpt-4o", 100, 20, 0.5, request_id="r1")  # same call
    client.record_usage("s1", "openai/gpt-4o", 10, 2, 0.25)
    client.record_usage("s2", "anthropic/claude", 1, 1, 1.0)
    (row,) = client.usage("s1")
    assert (row.model, row.requests, row.input_tokens, row.output_tokens) == \
        ("openai/gpt-4o", 2, 110, 22)
    assert client.total_cost("s1") == pytest.approx(0.75)
    assert client.total_cost() == pytest.approx(1.75)
    for i, err in enumerate([False, True, False]):
        client.record_tool_call("s1", "bash", err, call_id=f"c{i}")
    client.record_tool_call("s1", "bash", True, call_id="c1")  # a retried report
    client.record_tool_call("s2", "read_file", False)
    stats = {s.tool: (s.calls, s.errors) for s in client.tool_stats()}
    assert stats == {"bash": (3, 1), "read_file": (1, 0)}
    assert [s.tool for s in client.tool_stats("s2")] == ["read_file"]


async def test_async_store_implements_session_and_recording_protocols(db_path: Path) -> None:
    store = open_store(path=db_path, mode="direct")
    try:
        await store.append("s", [user_message("hi")])
        await store.rewrite("s", [user_message("only")])
        assert [m.text for m in await store.load("s")] == ["only"]
        await store.put_recording("key", "payload")
        assert await store.get_recording("key") == "payload"
    finally:
        store.close()


def test_retried_append_is_not_duplicated(db_path: Path) -> None:
    client = open_client(path=db_path, mode="direct")
    engine = client.transport.engine  # type: ignore[attr-defined]
    msgs = [user_message("one"), user_message("two")]
    wire = client._wire(msgs)
    engine.call("session.append", {"session_id": "s", "messages": wire}, "r1")
    # The reply was lost: the client resends the same request.
    engine.execute("session.append", {"session_id": "s", "messages": wire}, "r1", retry=True)
    assert [m.text for m in client.load("s")] == ["one", "two"]
    client.close()


def test_older_file_is_migrated_and_newer_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    con = duckdb.connect(str(db_path))
    MIGRATIONS[0](con)  # a file as the first release wrote it
    con.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    old = user_message("from v1")
    con.execute("INSERT INTO sessions VALUES ('s', 't', '', 0, 0)")
    con.execute("INSERT INTO messages VALUES ('s', 0, ?, 'user', ?, 0)",
                [old.id, old.model_dump_json()])
    con.close()
    client = open_client(path=db_path, mode="direct")
    assert [m.text for m in client.load("s")] == ["from v1"]
    client.append("s", [user_message("after migration")])
    client.put_recording("k", "v")  # a v2 table
    assert [m.text for m in client.load("s")] == ["from v1", "after migration"]
    client.close()
    con = duckdb.connect(str(db_path))
    assert con.execute("SELECT value FROM meta").fetchall() == [(str(SCHEMA_VERSION),)]
    con.execute("UPDATE meta SET value = '99'")
    con.close()
    with pytest.raises(StoreVersionError, match=r"schema version 99.*Upgrade orkas-jupyter"):
        open_client(path=db_path, mode="direct")
    with pytest.raises(StoreVersionError, match="schema version 99"):
        open_client(path=db_path, mode="server", idle_seconds=2).list_sessions()


def test_corrupt_stored_message_is_skipped_not_fatal(db_path: Path) -> None:
    client = open_client(path=db_path, mode="direct")
    client.append("s", [user_message("good")])
    client.transport.engine.con.execute(  # type: ignore[attr-defined]
        "INSERT INTO messages VALUES ('s', 5, 'm-bad', 'user', '{\"role\": \"nobody\"}', 0)")
    client.append("s", [user_message("also good")])
    assert [m.text for m in client.load("s")] == ["good", "also good"]
    client.close()


def test_cached_loads_follow_appends_rewrites_and_recreation(db_path: Path) -> None:
    a = open_client(path=db_path, idle_seconds=3)
    b = open_client(path=db_path, idle_seconds=3)
    try:
        b.append("s", [user_message(f"m{i}") for i in range(3)])
        assert [m.text for m in a.load("s")] == ["m0", "m1", "m2"]
        b.append("s", [user_message("m3")])
        assert [m.text for m in a.load("s")] == ["m0", "m1", "m2", "m3"]  # tail only
        b.rewrite("s", [user_message(f"r{i}") for i in range(6)])
        assert [m.text for m in a.load("s")] == [f"r{i}" for i in range(6)]
        b.delete_session("s")
        assert a.load("s") == []
        b.append("s", [user_message(f"n{i}") for i in range(8)])
        assert [m.text for m in a.load("s")] == [f"n{i}" for i in range(8)]
        a.append("s", [user_message("own")])
        assert [m.text for m in a.load("s")][-2:] == ["n7", "own"]
        assert [m.text for m in b.load("s")] == [m.text for m in a.load("s")]
    finally:
        a.close()
        b.close()


def test_operation_modules_extend_the_server(db_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    monkeypatch.setenv("ORKAS_STORE_OPERATION_MODULES", "tests.store.store_extra_ops")
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[2]))
    client = open_client(path=db_path, idle_seconds=3)
    try:
        client.append("s", [user_message("a"), user_message("b")])
        result = client.call("test.count_and_pid", session_id="s")
        assert result["count"] == 2
        assert result["pid"] != os.getpid()  # ran inside the store server
    finally:
        client.close()


def test_interrupt_mid_request_leaves_the_client_usable(db_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import orkas_jupyter.store.client as client_module

    client = open_client(path=db_path, idle_seconds=3)
    client.append("s", [user_message("before")])
    real_recv = client_module.recv_frame
    calls = {"n": 0}

    def interrupted(sock: object) -> bytes:
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyboardInterrupt  # the user pressed Stop while the reply was on its way
        return real_recv(sock)  # type: ignore[arg-type]

    monkeypatch.setattr(client_module, "recv_frame", interrupted)
    with pytest.raises(KeyboardInterrupt):
        client.append("s", [user_message("during")])
    # The next call must read its own reply, not the one left on the interrupted connection.
    texts = [m.text for m in client.load("s")]
    assert texts[0] == "before" and texts[-1] in ("before", "during")
    client.close()
