"""The checkpoint operations on a real DuckDB file: changes kept in order and once per
(turn, seq), turns listed newest first with their counts, a session keeps its last
`KEEP_TURNS` turns, and an unknown turn is a clear argument error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orkas_jupyter.store.api import open_client
from orkas_jupyter.store.checkpoints import KEEP_TURNS
from orkas_jupyter.store.errors import StoreArgumentError


def _record(client, turn: str, seq: int, session: str = "s") -> None:
    client.call("checkpoint.record", turn_id=turn, session_id=session, prompt=f"prompt {turn}",
                seq=seq, agent="", call_id=f"call{seq}", kind="file.write", target=f"f{seq}",
                payload=json.dumps({"seq": seq}))


def test_changes_are_kept_in_order_once_and_turns_listed_newest_first(tmp_path: Path) -> None:
    client = open_client(path=tmp_path / "s.duckdb", mode="direct")
    try:
        for seq in (0, 1, 1, 2):  # a resend of seq 1 is kept once
            _record(client, "t1", seq)
        _record(client, "t2", 0)
        _record(client, "other", 0, session="s2")
        client.call("checkpoint.end", turn_id="t1")
        turns = client.call("checkpoint.turns", session_id="s")
        assert [(t["turn_id"], t["changes"]) for t in turns] == [("t2", 1), ("t1", 3)]
        assert turns[1]["ended_at"] is not None and turns[0]["ended_at"] is None
        turn = client.call("checkpoint.turn", turn_id="t1")
        assert [json.loads(c["payload"])["seq"] for c in turn["changes"]] == [0, 1, 2]
        client.call("checkpoint.undone", turn_id="t1", report="restored: f0")
        assert client.call("checkpoint.turn", turn_id="t1")["undo_report"] == "restored: f0"
        with pytest.raises(StoreArgumentError, match="no checkpoint for turn 'nope'"):
            client.call("checkpoint.turn", turn_id="nope")
    finally:
        client.close()


def test_a_session_keeps_its_last_turns(tmp_path: Path) -> None:
    client = open_client(path=tmp_path / "s.duckdb", mode="direct")
    try:
        for i in range(KEEP_TURNS + 3):
            _record(client, f"t{i:03}", 0)
        _record(client, "elsewhere", 0, session="s2")
        kept = [t["turn_id"] for t in client.call("checkpoint.turns", session_id="s",
                                                  limit=1000)]
        assert len(kept) == KEEP_TURNS and kept[-1] == "t003" and "t000" not in kept
        with pytest.raises(StoreArgumentError):
            client.call("checkpoint.turn", turn_id="t000")
        assert client.call("checkpoint.turns", session_id="s2")[0]["turn_id"] == "elsewhere"
    finally:
        client.close()
