""""Script it" (X5) in a real kernel: the (scripted) model writes a script, runs it with
bash, checks the result and offers to keep it with save_skill; the cell's input box asks;
with a yes the skill is in `.orkas/skills/` and `%orkas skills` lists it on the next turn,
with a no nothing is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.testing import reply, tool_call
from orkas_jupyter.testing.team import tool_names

pytestmark = pytest.mark.slow

SCRIPT = ("import csv, sys\n"
          "rows = list(csv.DictReader(open(sys.argv[1])))\n"
          "print(sum(float(r['amount']) for r in rows))\n")


def script_it(request: Any) -> Any:
    assert "save_skill" in tool_names(request)
    done = [m for m in request.messages if m["role"] == "tool"]
    if not done:
        return tool_call("write_file", {"path": "csv_total.py", "content": SCRIPT})
    if len(done) == 1:
        return tool_call("bash", {"command": "python3 csv_total.py sales.csv"})
    if len(done) == 2:
        assert "7.5" in done[-1]["content"], done[-1]
        return tool_call("save_skill", {
            "name": "csv-total", "description": "Sums the amount column of a CSV file.",
            "instructions": "Use it when the user wants the total of a CSV's amount column.",
            "script_name": "csv_total.py", "script": SCRIPT})
    return reply(f"The total is 7.5. {done[-1]['content'][:120]}")


@pytest.mark.parametrize("answer", ["o", "n"])
def test_a_checked_script_becomes_a_skill_only_with_a_yes(kernel, fake_model, tmp_path: Path,
                                                          answer: str) -> None:
    (tmp_path / "sales.csv").write_text("item,amount\na,2.5\nb,5\n")
    fake_model.script(script_it)
    kernel.run("%load_ext orkas_jupyter")
    cell = kernel.run("%orkas what is the total of sales.csv?", timeout=120, stdin=[answer])
    assert cell.error is None, cell.error
    prompts = [m["content"]["prompt"] for m in cell.messages
               if m.get("msg_type") == "input_request"]
    assert len(prompts) == 1 and "csv-total" in prompts[0], prompts
    markdown = "".join(cell.data("text/markdown"))
    folder = tmp_path / ".orkas" / "skills" / "csv-total"
    listing = kernel.run("%orkas skills").stdout
    if answer == "o":
        assert "Saved the skill 'csv-total'" in markdown
        assert (folder / "scripts" / "csv_total.py").read_text() == SCRIPT
        assert "csv-total  ok" in listing and "Commander sees 1: csv-total" in listing, listing
        # The next turn offers it to the model.
        fake_model.script(lambda request: reply(json.dumps(
            "csv-total" in json.dumps(request.messages[0]))))
        assert "true" in "".join(kernel.run("%orkas hi", timeout=60).data("text/markdown"))
    else:
        assert "Not saved" in markdown
        assert not folder.exists() and "csv-total" not in listing
        assert sorted(p.name for p in (tmp_path / ".orkas").iterdir()
                      if p.name.startswith("skill-saving")) == []
