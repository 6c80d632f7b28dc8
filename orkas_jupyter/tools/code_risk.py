"""Risk classifier for code the model wants to run in the kernel (`run_cell`): the same risk
classes as the shell classifier, for Python.

A cell is read as IPython would run it: `!cmd`, `x = !cmd`, `%system`/`%sx` lines and
`%%bash`/`%%sh`/`%%script` cells are shell commands, judged by the shell classifier;
`%%writefile path` writes `path`; `%cd` moves the working folder for the lines after it;
other magics are skipped. The rest is parsed with `ast` and walked once (`CodeJudge`): deletes
(`shutil.rmtree`, `os.remove`, `Path.unlink`, …), writes outside the workspace (`open(…, "w")`,
`Path.write_text`, `os.chmod`, `shutil.move`, `df.to_csv`, …), commands run from code
(`os.system`, `subprocess.*`, `pty.spawn` — a literal command is judged like a typed one, a
command built at run time asks as `shell_from_code`), downloads run with `exec`/`eval`/`pickle`,
uploads and raw sockets, credential paths and secret-looking variables, `ctypes` and
`os.setuid`. Code that does not parse falls back to the shell classifier's one-liner rules.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from pathlib import Path

from ..secrets import is_secret_name
from .code_risk_ast import CodeJudge
from .risk_paths import Place
from .risk_rules import RiskAssessment, RiskClass
from .risk_shell import classify_command_at, judge_code_text, normalise

__all__ = ["classify_code", "classify_code_at", "judge_python"]

_SHELL_CELLS = frozenset({"bash", "sh", "system", "zsh"})
_CODE_CELLS = frozenset({"python", "python3", "capture", "time", "timeit", "prun", "debug",
                         "pypy", "writefile"})
_SHELL_LINE = re.compile(r"^(\s*)(?:([\w.,\s]+?)\s*=\s*)?(?:!!?|%(?:sx|system|sc)\b)(.*)$")
_MAGIC_LINE = re.compile(r"^(\s*)(?:[\w.,\s]+?\s*=\s*)?%{1,2}(\w+)(.*)$")
_HELP_LINE = re.compile(r"^(\s*)[\w.]*\?{1,2}\s*$|^(\s*)\?{1,2}[\w.]*\s*$")
# Line magics whose argument is Python code.
_CODE_LINES = frozenset({"time", "timeit", "prun", "debug", "capture"})
# IPython expands `{expr}` in shell lines; what it becomes is known only at run time.
_INTERPOLATION = re.compile(r"\{[^{}]*\}")


def classify_code(code: str, *, workspace: Path | None = None, allowed: Sequence[Path] = (),
                  cwd: Path | None = None, home: Path | None = None) -> RiskAssessment:
    """Judge a cell of Python/IPython code: findings that need approval, or a reason to
    refuse it. With a `workspace`, writes outside it and the `allowed` folders are found."""
    place = Place.make(workspace, allowed, cwd, home) if workspace is not None else None
    return classify_code_at(code, place)


def classify_code_at(code: str, place: Place | None,
                     result: RiskAssessment | None = None) -> RiskAssessment:
    """`classify_code` for an already-built `Place` (None: no workspace check)."""
    result = result if result is not None else RiskAssessment()
    text = normalise(code)
    python = _cell_magic(text, place, result)
    if python is not None:
        python, place = _line_magics(python, place, result)
        judge_python(python, place, result, 0)
    return result


def judge_python(code: str, place: Place | None, result: RiskAssessment, depth: int) -> None:
    """Walk plain Python code (no IPython syntax) and record its risks in `result`."""
    if depth > 6:
        result.add(RiskClass.REMOTE_CODE, "nests code too deeply to be checked")
        return
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        judge_code_text(code, result, place)
        return
    CodeJudge(place, result, code, judge_python).judge(tree)


def _cell_magic(text: str, place: Place | None, result: RiskAssessment) -> str | None:
    """The Python left to parse after a cell magic (None: the cell is not Python)."""
    stripped = text.lstrip()
    if not stripped.startswith("%%"):
        return text
    first, _, body = stripped.partition("\n")
    name, _, line = first[2:].partition(" ")
    words = line.split()
    if name == "script" and words:
        name, words = words[0].rsplit("/", 1)[-1], words[1:]
    if name in _SHELL_CELLS:
        classify_command_at(body, place, result, python_judge=judge_python)
        return None
    if name in ("perl", "ruby", "node", "python2"):
        classify_command_at(f"{name} -e {_quote(body)}", place, result,
                            python_judge=judge_python)
        return None
    if name == "writefile":
        target = [w for w in words if not w.startswith("-")]
        if target and place is not None:
            path = place.resolve(target[0])
            if path is not None and place.outside(path):
                result.add(RiskClass.OUTSIDE_WORKSPACE,
                           f"changes {target[0]} outside the workspace (%%writefile)")
        return None
    if name in _CODE_CELLS:
        return body
    # Another language (SQL, HTML, R, …): only the text rules can read it.
    judge_code_text(body, result, place)
    return None


def _line_magics(text: str, place: Place | None,
                 result: RiskAssessment) -> tuple[str, Place | None]:
    """Judge shell lines and magics; return the code with each of them replaced by a
    statement that keeps the indentation (so the rest still parses), and the place after
    any `%cd`."""
    if "!" not in text and "%" not in text and "?" not in text:
        return text, place
    lines = text.split("\n")
    for i, line in enumerate(lines):
        shell = _SHELL_LINE.match(line)
        if shell and not line.lstrip().startswith("!="):
            indent, target, command = shell.groups()
            classify_command_at(_INTERPOLATION.sub("VALUE", command), place, result,
                                python_judge=judge_python)
            lines[i] = f"{indent}{target} = None" if target else f"{indent}pass"
            continue
        magic = _MAGIC_LINE.match(line)
        if magic:
            indent, name, rest = magic.groups()
            if name == "cd" and place is not None:
                moved = place.resolve(rest.strip() or "~")
                place = place.with_cwd(moved) if moved is not None else place
            elif name in _CODE_LINES:
                judge_python(rest.strip(), place, result, 1)
            elif name == "env" and is_secret_name(re.split(r"[\s=]", rest.strip() + " ")[0]):
                result.add(RiskClass.SENSITIVE_PATHS,
                           "reads or sets a secret-looking variable (%env)")
            else:
                judge_code_text(rest, result, place)
            lines[i] = f"{indent}pass"
            continue
        helpline = _HELP_LINE.match(line)
        if helpline:
            lines[i] = f"{helpline.group(1) or helpline.group(2) or ''}pass"
    return "\n".join(lines), place


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"
