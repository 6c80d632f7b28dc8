"""Review mode in a real kernel: an edit to an existing cell or file is shown as a diff under
the running cell and waits in the cell's input box; Accept applies it, Reject leaves the cell
or file exactly as it was, "reject all" holds for the rest of the turn, and the model gets
each decision as the tool's result. New cells are not reviewed; with no one to ask (nbclient,
papermill: no stdin) review is off and changes apply."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat

from orkas_jupyter.testing import reply, tool_call

from .conftest import Kernel


def _notebook(path: Path) -> bytes:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x = 1", id="c1"),
                nbformat.v4.new_code_cell("y = 2", id="c2")]
    nbformat.write(nb, str(path))
    return path.read_bytes()


SCRIPT = [
    tool_call("list_cells", {}),
    tool_call("insert_cell", {"source": "# a new cell is not reviewed"}),
    tool_call("edit_cell", {"cell_id": "c2", "source": "y = 20"}),
    tool_call("edit_cell", {"cell_id": "c1", "source": "x = 'changed'"}),
    tool_call("read_file", {"path": "data.csv"}),
    tool_call("write_file", {"path": "data.csv", "content": "a,b\n9,9\n"}),
    tool_call("edit_file", {"path": "data.csv", "old_string": "1,2", "new_string": "1,3"}),
    reply("Some changes were accepted, others not."),
]


def _sources(nb: Path) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(nb.read_text())["cells"]]


def _tool_results(fake_model) -> list[str]:
    messages = fake_model.chat_requests[-1].messages
    return [json.dumps(m["content"]) for m in messages if m["role"] == "tool"]


def test_accept_applies_reject_keeps_and_the_model_hears_it(kernel: Kernel, fake_model,
                                                            tmp_path: Path) -> None:
    nb = tmp_path / "analysis.ipynb"
    _notebook(nb)
    c1_before = json.loads(nb.read_text())["cells"][0]
    (tmp_path / "data.csv").write_bytes(b"a,b\n1,2\n")
    fake_model.script(SCRIPT)
    kernel.run("%load_ext orkas_jupyter")
    assert "review: on" in kernel.run("%orkas review on").stdout
    turn = kernel.run("%orkas tidy up", stdin=["a", "r keep x as it is", "n"], timeout=120)
    assert turn.error is None, turn.error

    prompts = [m for m in turn.messages if m["msg_type"] == "input_request"]
    assert len(prompts) == 3  # two cells and the file write; the insert and the edit_file not
    assert "[a]ccept / [r]eject" in prompts[0]["content"]["prompt"]
    diffs = [m["content"]["data"]["text/html"] for m in turn.messages
             if m["msg_type"] == "display_data"
             and "orkas-review-diff" in m["content"]["data"].get("text/html", "")]
    assert len(diffs) == 3
    assert "-y = 2" in diffs[0] and "+y = 20" in diffs[0] and "edit cell c2" in diffs[0]
    assert "+x = &#x27;changed&#x27;" in diffs[1]
    assert "+9,9" in diffs[2] and "overwrite data.csv" in diffs[2]

    assert _sources(nb) == ["x = 1", "y = 20", "# a new cell is not reviewed"]
    assert json.loads(nb.read_text())["cells"][0] == c1_before  # rejected: exactly as it was
    assert (tmp_path / "data.csv").read_bytes() == b"a,b\n1,2\n"

    results = _tool_results(fake_model)
    assert "accepted by the user in review" in results[2]
    assert "rejected this change to cell c1" in results[3]
    assert "The user said: keep x as it is" in results[3]
    assert "rejected this change to data.csv" in results[5]
    assert "rejected all remaining changes" in results[6]  # reject all: not asked again


def test_accept_all_applies_the_rest_without_asking(kernel: Kernel, fake_model,
                                                    tmp_path: Path) -> None:
    nb = tmp_path / "analysis.ipynb"
    _notebook(nb)
    (tmp_path / "data.csv").write_bytes(b"a,b\n1,2\n")
    fake_model.script(SCRIPT)
    kernel.run("%load_ext orkas_jupyter\n%orkas review on")
    turn = kernel.run("%orkas tidy up", stdin=["all"], timeout=120)
    assert turn.error is None, turn.error
    assert len([m for m in turn.messages if m["msg_type"] == "input_request"]) == 1
    assert _sources(nb) == ["x = 'changed'", "y = 20", "# a new cell is not reviewed"]
    assert (tmp_path / "data.csv").read_bytes() == b"a,b\n9,9\n"


def test_with_no_one_to_ask_review_is_off_and_changes_apply(kernel: Kernel, fake_model,
                                                            tmp_path: Path) -> None:
    nb = tmp_path / "analysis.ipynb"
    _notebook(nb)
    (tmp_path / "data.csv").write_bytes(b"a,b\n1,2\n")
    fake_model.script(SCRIPT)
    kernel.run("%load_ext orkas_jupyter\n%orkas review on")
    turn = kernel.run("%orkas tidy up", timeout=120)  # like nbclient: allow_stdin=False
    assert turn.error is None, turn.error
    assert not any("orkas-review-diff" in json.dumps(m["content"]) for m in turn.messages)
    assert _sources(nb) == ["x = 'changed'", "y = 20", "# a new cell is not reviewed"]
    assert (tmp_path / "data.csv").read_bytes() == b"a,b\n9,9\n"  # the write went through
    assert not any("rejected" in r for r in _tool_results(fake_model))


def test_review_through_the_live_notebook_in_the_browser(kernel: Kernel, fake_model,
                                                         tmp_path: Path) -> None:
    from .live_view import LiveView, cell_json

    nb = tmp_path / "analysis.ipynb"
    cells = [cell_json(c) for c in json.loads(_notebook(nb))["cells"]]
    (tmp_path / "data.csv").write_bytes(b"a,b\n1,2\n")
    fake_model.script(SCRIPT)
    view = LiveView(kernel, cells)
    view.run("%load_ext orkas_jupyter\n%orkas review on")
    turn = view.run("%orkas tidy up", stdin=["a", "r", "r"])
    assert turn.error is None, turn.error
    assert [c["source"] for c in view.cells] == ["x = 1", "y = 20",
                                                 "# a new cell is not reviewed"]
    assert view.cells[0] == cells[0]  # rejected: the page's cell is exactly as it was
    assert (tmp_path / "data.csv").read_bytes() == b"a,b\n1,2\n"
