"""A turn under the current cell (J2): stream its events, answer approvals on stdin, stop on
an interrupt, end with the final view. Shared by `%orkas`/`%%orkas` and the plan commands."""

from __future__ import annotations

import queue
import time
from typing import Any

from .notices import NO_MODEL

__all__ = ["cell_turn", "current_cell"]

_END = object()


def cell_turn(shell: Any, prompt: str, *, model: str | None = None, session: str | None = None,
              new: bool = False, source: Any = None) -> None:
    """Run a turn under the current cell: stream, answer approvals on stdin, stop on an
    interrupt, end with the final view. `source(turn)` gives the events instead of a
    conversation turn (a plan being driven)."""
    __tracebackhide__ = True  # an interrupt's traceback shows the cell and one line of ours
    from IPython.display import clear_output, display

    from .approvals import stdin_approvals
    from .interpolate import interpolate
    from .render import CellRenderer
    from .runtime import get_runtime
    from .turns import SurfaceTurn

    rt = get_runtime(shell)
    rt.refresh_settings()
    if not (model or rt.settings.model or rt.replay.adopt_model()):
        print(NO_MODEL)
        return
    text = interpolate(prompt, shell.user_ns if shell else {}) if source is None else prompt
    events: queue.Queue[Any] = queue.Queue()
    turn = SurfaceTurn(rt, text, session=session, new=new, model=model,
                       cell=current_cell(shell, prompt),
                       approvals=stdin_approvals(rt.executor, lambda: rt.settings.approval),
                       source=source)

    async def consume() -> None:
        try:
            # The host builds the agent on the agent thread: the first use imports
            # litellm (~3 s), and the main thread must already be in the interruptible
            # wait loop below.
            async for event in turn.events():
                events.put(event)
        except Exception as exc:  # a failure to start must still end the wait loop
            events.put(exc)
        finally:
            events.put(_END)

    from ..host.budget import budget_usage_line

    renderer = CellRenderer(display, clear_output,
                            budget=lambda: budget_usage_line(turn.session_id))
    rt.executor.interrupted.clear()
    rt.submit(consume())
    final: Any = None
    interrupted = False
    deadline: float | None = None
    try:
        while True:
            try:
                event = events.get(timeout=0.02)
            except queue.Empty:
                # Show what is pending before a job that may take long (run_cell).
                renderer.flush(force=rt.executor.pending())
                if events.empty():  # events queued before a job are shown first
                    rt.executor.drain()
                if rt.executor.interrupted.is_set() and not interrupted:
                    rt.executor.interrupted.clear()
                    raise KeyboardInterrupt from None
                if deadline is not None and time.monotonic() > deadline:
                    break  # the turn did not confirm its end; do not hang the cell
                continue
            except KeyboardInterrupt:
                raise
            if event is _END:
                break
            if isinstance(event, Exception):
                final = event
                continue
            final = event
            renderer.handle(event)
            renderer.flush(force=rt.executor.pending())
            if events.empty():
                rt.executor.drain()
    except KeyboardInterrupt:
        interrupted = True
        turn.cancel.cancel("interrupted by the user")
        deadline = time.monotonic() + 10
        final = _drain_after_interrupt(events, renderer, rt, deadline) or final
    if rt.executor.interrupted.is_set():  # interrupted inside run_cell; the turn saw it
        rt.executor.interrupted.clear()
        interrupted = True
    _finish(renderer, final, interrupted, notes=turn.notes())
    if interrupted:
        _stop_run_all()


def _stop_run_all() -> None:
    """An interrupted turn ends its cell as any interrupted cell does, so Run All stops."""
    __tracebackhide__ = True
    raise KeyboardInterrupt("the agent's turn was stopped; its final view is above")


def _drain_after_interrupt(events: queue.Queue[Any], renderer: Any, rt: Any,
                           deadline: float) -> Any:
    final = None
    while time.monotonic() < deadline:
        try:
            event = events.get(timeout=0.02)
        except queue.Empty:
            rt.executor.drain()
            continue
        except KeyboardInterrupt:
            continue
        if event is _END:
            break
        if not isinstance(event, Exception):
            renderer.handle(event)
        final = event
    return final

def _finish(renderer: Any, final: Any, interrupted: bool,
            notes: list[str]) -> None:
    from ..engine.events import Done, Error
    from .views import describe_error

    if isinstance(final, Done):
        renderer.finish(final.result, notes=notes)
    elif isinstance(final, Error):
        message = "stopped." if final.kind == "cancelled" else final.message
        renderer.finish(final.result, error=message, notes=notes)
    elif isinstance(final, Exception):
        renderer.finish(None, error=describe_error(final), notes=notes)
    else:
        renderer.finish(None, error="stopped." if interrupted else "the turn ended early.",
                        notes=notes)


def current_cell(shell: Any, prompt: str) -> dict[str, Any]:
    """The running cell as a recording names it: JupyterLab's cell id (from the request's
    metadata; nbclient sends none), its execution count and its source."""
    parent = getattr(shell, "parent_header", None) or {}
    source = (parent.get("content") or {}).get("code") or prompt
    return {"id": (parent.get("metadata") or {}).get("cellId"),
            "number": getattr(shell, "execution_count", None), "source": source[:200]}
