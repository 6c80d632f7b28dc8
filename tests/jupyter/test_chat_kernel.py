"""`%orkas chat` in a real kernel: the widget's turn runs in the background while the user
runs other cells (J4), driven through the widget's comm as the browser would."""

from __future__ import annotations

import queue
import time

import pytest

from orkas_jupyter.testing import reply

pytestmark = pytest.mark.slow


def test_chat_widget_turn_runs_while_other_cells_run(kernel, fake_model):
    # The answer starts after the other cell below has run: `kernel.run` reads (and drops)
    # the iopub messages of other requests while it waits, the chat's deltas among them.
    fake_model.script([reply("Background answer " + "word " * 60, chunk_chars=8,
                             chunk_delay=0.03, first_byte_delay=3.0)])
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas chat")
    assert r.error is None, r.error
    chat = [m for m in r.messages if m["msg_type"] == "comm_open"
            and "orkas-chat" in str(m["content"]["data"].get("state", {}).get("_esm", ""))]
    assert chat, "the chat widget's comm was not opened"
    comm_id = chat[-1]["content"]["comm_id"]

    kc = kernel.kc
    msg = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
        "method": "custom", "content": {"type": "send", "text": "summarise the data"}}})
    kc.shell_channel.send(msg)
    time.sleep(0.5)
    started = time.monotonic()
    other = kernel.run("print(6 * 7)")
    assert "42" in other.stdout
    assert time.monotonic() - started < 2.0  # not blocked behind the chat turn

    received: list[dict] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            m = kc.get_iopub_msg(timeout=0.2)
        except queue.Empty:
            continue
        if m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == comm_id:
            data = m["content"]["data"]
            if data.get("method") == "custom":
                received.append(data["content"])
                if data["content"]["type"] == "done":
                    break
    kinds = [c["type"] for c in received]
    assert "done" in kinds, kinds
    text = "".join(c["text"] for c in received if c["type"] == "delta")
    assert text.startswith("Background answer")
    deltas = kinds.count("delta")
    assert 1 <= deltas < 60  # batched
    assert fake_model.chat_requests[0].messages[-1]["content"] in (
        "summarise the data", [{"type": "text", "text": "summarise the data"}])
