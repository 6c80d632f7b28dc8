"""Executing code in the user's kernel and observing everything it produced (T6 `run_cell`):
stdout, stderr, rich displays, the value of the last expression, images, and the error with
its traceback, in nbformat output form."""

from __future__ import annotations

import traceback
from typing import Any

from ..engine.tool_exec import cap_text
from ..tools.kernel import ExecutionResult

MAX_STREAM_CHARS = 50_000


def _user_frames(exc: BaseException) -> list[str]:
    """The traceback without IPython's own frames (the model needs the user's code)."""
    tb = exc.__traceback__
    while tb is not None and "IPython" in tb.tb_frame.f_code.co_filename:
        tb = tb.tb_next
    return traceback.format_exception(type(exc), exc, tb)


def run_code(shell: Any, code: str) -> ExecutionResult:
    """Run `code` with `shell.run_cell` on the main thread, capturing its outputs with
    IPython's own `capture_output` (stdout, stderr, displays, the last expression)."""
    from IPython.utils.capture import capture_output

    run = ExecutionResult()
    with capture_output(stdout=True, stderr=True, display=True) as captured:
        result = shell.run_cell(code, store_history=False, silent=False)
    if captured.stdout:
        run.outputs.append({"output_type": "stream", "name": "stdout",
                            "text": cap_text(captured.stdout, MAX_STREAM_CHARS)})
    if captured.stderr:
        run.outputs.append({"output_type": "stream", "name": "stderr",
                            "text": cap_text(captured.stderr, MAX_STREAM_CHARS)})
    for item in captured.outputs:
        run.outputs.append({"output_type": "display_data", "data": dict(item.data),
                            "metadata": dict(item.metadata or {})})
    error = result.error_before_exec or result.error_in_exec
    if error is not None:
        run.success = False
        run.interrupted = isinstance(error, KeyboardInterrupt)
        run.error_name = type(error).__name__
        run.error_value = str(error)
        run.traceback = _user_frames(error)
        run.outputs.append({"output_type": "error", "ename": run.error_name,
                            "evalue": run.error_value, "traceback": run.traceback})
    return run
