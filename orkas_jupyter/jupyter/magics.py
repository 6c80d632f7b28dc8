"""`%orkas` and `%%orkas` (J2, J3, §12). Importing this module is cheap: the engine, the
store and litellm load on the first turn, not at `%load_ext`."""

from __future__ import annotations

import argparse
import re
import shlex
from typing import Any

from IPython.core.magic import Magics, line_cell_magic, magics_class

from .commands import full_help, subcommand_words


def _cell_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="%%orkas", add_help=False, exit_on_error=False)
    parser.add_argument("--model", "-m")
    parser.add_argument("--session", "-s")
    parser.add_argument("--new", action="store_true")
    return parser


@magics_class
class OrkasMagics(Magics):
    """The `orkas` line and cell magic."""

    @line_cell_magic
    def orkas(self, line: str, cell: str | None = None) -> None:
        """Run an agent turn, or a sub-command (`%orkas help`)."""
        __tracebackhide__ = True
        if cell is not None:
            if line.split()[:1] == ["plan"]:
                from .cmds import plan
                from .runtime import get_runtime

                plan.cell(get_runtime(self.shell), line.split()[1:], cell)
                return
            try:
                opts, rest = _cell_parser().parse_known_args(shlex.split(line))
            except (argparse.ArgumentError, ValueError) as exc:
                print(f"%%orkas: {exc} — options: --model M, --session S, --new "
                      "(`%orkas help` for more)")
                return
            prompt = cell if not rest else " ".join(rest) + "\n" + cell
            self._turn(prompt, model=opts.model, session=opts.session, new=opts.new)
            return
        stripped = line.strip()
        word = stripped.split(maxsplit=1)[0] if stripped else "help"
        if word in subcommand_words():
            from .commands import run_subcommand
            from .runtime import get_runtime

            try:
                if run_subcommand(get_runtime(self.shell), word, stripped[len(word):].strip()):
                    return
            except Exception as exc:  # a sub-command reports, it never stops Run All
                from .views import describe_error

                print(f"%orkas {word}: {describe_error(exc)}")
                return
        elif (guess := near_subcommand_line(stripped)) is not None:
            # A prompt that looks like a mistyped sub-command costs tokens for nothing (and
            # the agent may act on it); ask instead.
            print(f"Did you mean `%orkas {guess}`? Nothing was sent to the model (to ask "
                  f"the agent, write a longer prompt). `%orkas help` lists the sub-commands.")
            return
        self._turn(stripped)

    # -- turns ------------------------------------------------------------------------------
    def _turn(self, prompt: str, *, model: str | None = None, session: str | None = None,
              new: bool = False) -> None:
        from .cell_turn import cell_turn

        __tracebackhide__ = True
        if not prompt.strip():
            print(full_help())
            return
        cell_turn(self.shell, prompt, model=model, session=session, new=new)



def near_subcommand_line(line: str) -> str | None:
    """The sub-command line `line` is probably a typo of: one word near a sub-command, or a
    word near one followed by up to three words that read as its arguments (one of its own
    keywords from `%orkas help`, or a `provider/model` for `model`), else None."""
    words = line.split()
    if not words or len(words) > 4:
        return None
    guess = near_subcommand(words[0])
    if guess is None:
        return None
    rest = words[1:]
    if not rest:
        return guess
    first = rest[0].lower()
    model_like = guess == "model" and len(rest) == 1 and "/" in first
    return f"{guess} {' '.join(rest)}" if (model_like or first in _keywords(guess)) else None


def _keywords(command: str) -> set[str]:
    """The literal argument words of `command` in the help (`list`, `prune`, `on`, …)."""
    found: set[str] = set()
    for text in full_help().splitlines():
        if text.startswith(f"%orkas {command} "):
            syntax = re.split(r"\s{2,}", text)[0]
            if "]" in syntax:  # a long syntax is followed by its description after one space
                syntax = syntax[:syntax.rindex("]") + 1]
            found.update(w for w in re.findall(r"\b[a-z_]{2,}\b", syntax)
                         if w not in (command, "orkas"))
    return found


def near_subcommand(word: str) -> str | None:
    """The sub-command `word` is probably a typo of (one edit, or two for long words; a swap
    of neighbours is one), else None."""
    word = word.lower()
    words = subcommand_words()
    if len(word) < 3 or word in words:
        return None
    limit = 1 if len(word) <= 6 else 2
    best = min(words, key=lambda name: _distance(word, name))
    return best if _distance(word, best) <= limit else None


def _distance(a: str, b: str) -> int:
    """Edit distance counting a swap of neighbours as one edit (short words only)."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def protect_prompt_lines(lines: list[str]) -> list[str]:
    """Input transformer: turn `%orkas …` lines into explicit magic calls before IPython's
    help syntax sees them, so a question ending in `?` is a prompt, not `object?` help."""
    out = []
    for line in lines:
        if line.startswith("%orkas ") or line.rstrip("\n") == "%orkas":
            body = line[len("%orkas"):].rstrip("\n").strip()
            out.append(f"get_ipython().run_line_magic('orkas', {body!r})\n")
        else:
            out.append(line)
    return out


def register(shell: Any) -> None:
    """Register the magics with `shell` (called by `%load_ext orkas_jupyter`)."""
    shell.register_magics(OrkasMagics)
    cleanup = shell.input_transformers_cleanup
    if protect_prompt_lines not in cleanup:
        cleanup.append(protect_prompt_lines)
