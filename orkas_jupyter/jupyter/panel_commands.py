"""Commands the side panel runs as code in the kernel (its Undo and Review controls): the
panel attaches to kernels where the magic may not be loaded, so it cannot type `%orkas`."""

from __future__ import annotations

__all__ = ["PANEL_WORDS", "panel_command"]

PANEL_WORDS = ("undo", "review")


def panel_command(word: str, args: str = "") -> None:
    """`%orkas undo` / `%orkas review …` for the side panel's controls, in a kernel where the
    magic may not be loaded (the panel attaches without it): prints what the command prints,
    a failure as one line."""
    from .commands import run_subcommand
    from .runtime import get_runtime
    from .views import describe_error

    if word not in PANEL_WORDS:
        print(f"%orkas {word}: not a panel command ({', '.join(PANEL_WORDS)})")
        return
    try:
        if not run_subcommand(get_runtime(), word, args):
            print(f"%orkas {word} {args}: not understood")
    except Exception as exc:  # the panel shows it; the kernel goes on
        print(f"%orkas {word}: {describe_error(exc)}")
