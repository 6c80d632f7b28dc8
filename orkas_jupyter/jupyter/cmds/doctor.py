"""`%orkas doctor`: check the model, its key, the base URL and tool calling
(`providers/doctor.py`), in a process of its own so the kernel never imports litellm."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

HELP = """\
%orkas doctor                 check the model, its key, the base URL and tool calling"""

TIMEOUT_S = 240.0


def run(rt: Any, parts: list[str]) -> bool:
    if parts:
        return False
    from ...providers.doctor import DoctorReport

    rt.refresh_settings()
    adopted = rt.replay.no_model_note()
    # The recording's own model is not the user's choice: nothing to check or call.
    settings = rt.settings.model_copy(update={"model": None}) if adopted else rt.settings
    print("checking the model (one tiny request)…", flush=True)
    try:
        done = subprocess.run([sys.executable, "-m", "orkas_jupyter.providers.doctor"],
                              input=settings.model_dump_json(), capture_output=True,
                              text=True, timeout=TIMEOUT_S, env=dict(os.environ),
                              cwd=str(settings.workspace))
    except subprocess.TimeoutExpired:
        print(f"doctor: no report within {TIMEOUT_S:g} s")
        return True
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        print(f"doctor could not run its checks (exit {done.returncode}): {tail[0]}")
        return True
    print(DoctorReport.model_validate_json(lines[-1]).render())
    if adopted:
        print(adopted)
    return True
