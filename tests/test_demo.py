"""The README's main-job command (`orkas-demo`) and its engine-only variant."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def test_demo_prints_the_event_stream_of_a_full_turn():
    proc = subprocess.run([sys.executable, "-m", "orkas_jupyter.demo", "--engine"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    kinds = [line.split()[0] for line in lines]
    assert kinds[0] == "text_delta" and kinds[-1] == "done"
    assert kinds.count("tool_start") == 3 and kinds.count("tool_end") == 3
    assert '"tool_errors": 1' in lines[-1] and '"stop_reason": "completed"' in lines[-1]
    assert any("not valid JSON" in line for line in lines)


@pytest.mark.slow
def test_notebook_demo_runs_the_magic_in_a_real_kernel(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "orkas_jupyter.demo", "--dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Thursday is the outlier" in proc.stdout
    assert "[3 tool cards]" in proc.stdout
    assert "the agent added 1 cell(s)" in proc.stdout
    # Terminal text: no HTML of the notebook view, and no cost for a scripted answer.
    assert "<sub>" not in proc.stdout and "tex2jax" not in proc.stdout
    assert "$0." not in proc.stdout and "model call" in proc.stdout
    # Each cell's output is printed as it finishes, after the line saying what runs.
    assert proc.stdout.index("Running ") < proc.stdout.index("--- In: import pandas")
    executed = json.loads((tmp_path / "demo.executed.ipynb").read_text())
    outputs = executed["cells"][-1]["outputs"]
    assert any("text/markdown" in o.get("data", {}) for o in outputs)
    notebook = json.loads((tmp_path / "demo.ipynb").read_text())
    plot = next(c for c in notebook["cells"] if c["metadata"].get("orkas"))
    assert any("image/png" in o.get("data", {}) for o in plot["outputs"])
