"""The README's main-job command runs a real engine turn and prints its event stream."""

from __future__ import annotations

import subprocess
import sys


def test_demo_prints_the_event_stream_of_a_full_turn():
    proc = subprocess.run([sys.executable, "-m", "orkas_jupyter.demo"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    kinds = [line.split()[0] for line in lines]
    assert kinds[0] == "text_delta" and kinds[-1] == "done"
    assert kinds.count("tool_start") == 3 and kinds.count("tool_end") == 3
    assert '"tool_errors": 1' in lines[-1] and '"stop_reason": "completed"' in lines[-1]
    assert any("not valid JSON" in line for line in lines)
