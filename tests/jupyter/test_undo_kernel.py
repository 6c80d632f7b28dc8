"""`%orkas undo` in a real kernel run the way nbclient runs one (no browser, no stdin): the
notebook file back-end. A turn that edits, deletes, inserts and runs cells and writes files
is undone to the byte-identical notebook and files; what the user changed since is left
alone and named; the cells it ran are listed (their kernel state stays); the model reads the
undo on its next turn."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import nbformat

from orkas_jupyter.testing import reply, tool_call

from .conftest import Kernel


def _notebook(path: Path) -> bytes:
    nb = nbformat.v4.new_notebook()
    first = nbformat.v4.new_code_cell("x = 1\nprint(x)", id="c1")
    first.execution_count = 1
    first.outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    nb.cells = [first, nbformat.v4.new_markdown_cell("# Notes\n- keep me", id="m1"),
                nbformat.v4.new_code_cell("y = 2", id="c2", metadata={"tags": ["mine"]})]
    nbformat.write(nb, str(path))
    return path.read_bytes()


def _inserted_id(call_id: str, source: str) -> str:
    # insert_cell names a new cell after its call and source (tools/notebook.py).
    return hashlib.sha256(f"{call_id}\0{source}".encode()).hexdigest()[:8]


def _script(new_source: str) -> list:
    new_id = _inserted_id("call_ins", new_source)
    return [
        tool_call("list_cells", {}),
        tool_call("edit_cell", {"cell_id": "c2", "source": "y = 20"}),
        tool_call("delete_cell", {"cell_id": "m1"}),
        tool_call("insert_cell", {"source": new_source, "after_cell_id": "c1"}, id="call_ins"),
        tool_call("run_cell", {"cell_id": new_id}),
        tool_call("write_file", {"path": "notes.txt", "content": "made by the agent\n"}),
        tool_call("read_file", {"path": "data.csv"}),
        tool_call("edit_file", {"path": "data.csv", "old_string": "1,2", "new_string": "1,99"}),
        reply("Done: edited, deleted, inserted and ran cells, wrote two files."),
    ]


def test_undo_restores_the_notebook_and_files_exactly(kernel: Kernel, fake_model,
                                                      tmp_path: Path) -> None:
    nb = tmp_path / "analysis.ipynb"
    original = _notebook(nb)
    (tmp_path / "data.csv").write_bytes(b"a,b\n1,2\n")
    source = "z = x + 41\nprint('z is', z)"
    fake_model.script([*_script(source), reply("I see that my turn was undone.")])
    assert kernel.run("%load_ext orkas_jupyter\nx = 1").error is None
    turn = kernel.run("%orkas tidy the notebook", timeout=120)
    assert turn.error is None, turn.error
    cells = json.loads(nb.read_text())["cells"]
    assert [c["id"] for c in cells] == ["c1", _inserted_id("call_ins", source), "c2"]
    assert (tmp_path / "notes.txt").exists()

    listing = kernel.run("%orkas undo list")
    assert "can be undone" in listing.stdout and "tidy the notebook" in listing.stdout

    undo = kernel.run("%orkas undo")
    assert undo.error is None, undo.error
    assert nb.read_bytes() == original, undo.stdout
    assert not (tmp_path / "notes.txt").exists()
    assert (tmp_path / "data.csv").read_bytes() == b"a,b\n1,2\n"
    assert "left alone" not in undo.stdout
    assert "not undone: the code this turn ran in the kernel" in undo.stdout
    assert f"cell {_inserted_id('call_ins', source)} (z = x + 41)" in undo.stdout
    # The kernel state the run made is still there: undo said so.
    assert "42" in kernel.run("print(z)").stdout

    again = kernel.run("%orkas undo")
    assert "nothing to undo" in again.stdout
    unknown = kernel.run("%orkas undo --turn msg_nope")
    assert unknown.error is None and "no checkpoint for turn 'msg_nope'" in unknown.stdout
    assert "undone" in kernel.run("%orkas undo list").stdout

    kernel.run("%orkas what happened to your changes?", timeout=60)
    last = json.dumps(fake_model.chat_requests[-1].messages)
    assert "undid your turn" in last and "notes.txt: created by the turn, removed" in last


def test_what_the_user_changed_since_is_left_alone_and_named(kernel: Kernel, fake_model,
                                                             tmp_path: Path) -> None:
    nb = tmp_path / "analysis.ipynb"
    _notebook(nb)
    (tmp_path / "data.csv").write_bytes(b"a,b\n1,2\n")
    source = "w = 5"
    fake_model.script(_script(source))
    kernel.run("%load_ext orkas_jupyter")
    assert kernel.run("%orkas tidy the notebook", timeout=120).error is None
    # The user works on after the turn: edits the agent's cell c2 and the agent's data.csv.
    data = json.loads(nb.read_text())
    next(c for c in data["cells"] if c["id"] == "c2")["source"] = "y = 'the user decides'"
    nb.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    (tmp_path / "data.csv").write_text("a,b\n1,99\n3,4\n")

    undo = kernel.run("%orkas undo")
    assert undo.error is None, undo.error
    out = undo.stdout
    assert "left alone: cell c2 (y = 2): edited since the turn; kept as it is now" in out
    assert "left alone: data.csv: changed since the turn" in out
    cells = json.loads(nb.read_text())["cells"]
    assert [c["id"] for c in cells] == ["c1", "m1", "c2"]  # the rest is back
    assert cells[2]["source"] == "y = 'the user decides'"
    assert (tmp_path / "data.csv").read_text() == "a,b\n1,99\n3,4\n"
    assert not (tmp_path / "notes.txt").exists()


def test_undo_through_the_live_notebook_in_the_browser(kernel: Kernel, fake_model,
                                                       tmp_path: Path) -> None:
    from .live_view import LiveView, cell_json

    nb = tmp_path / "analysis.ipynb"
    _notebook(nb)
    on_disk = nb.read_bytes()
    original = [cell_json(c) for c in json.loads(on_disk)["cells"]]
    (tmp_path / "data.csv").write_bytes(b"a,b\n1,2\n")
    source = "z = x + 41\nprint(z)"
    fake_model.script(_script(source))
    view = LiveView(kernel, original)
    assert view.run("%load_ext orkas_jupyter\nx = 1").error is None
    turn = view.run("%orkas tidy the notebook")
    assert turn.error is None, turn.error
    new_id = _inserted_id("call_ins", source)
    assert [c["id"] for c in view.cells] == ["c1", new_id, "c2"], turn.stdout
    assert "orkas" in view.cells[2]["metadata"]  # provenance the edit added
    assert view.cells[1]["outputs"]  # the run's outputs, in the page

    undo = view.run("%orkas undo")
    assert undo.error is None, undo.error
    assert view.cells == original, undo.stdout  # metadata the turn added is gone too
    assert nb.read_bytes() == on_disk  # the page is the notebook: the file was not touched
    assert not (tmp_path / "notes.txt").exists()
    assert (tmp_path / "data.csv").read_bytes() == b"a,b\n1,2\n"
    ops = [r["op"] for r in view.requests]
    assert "insert" in ops and "update" in ops and "delete" in ops
