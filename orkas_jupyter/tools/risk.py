"""Command risk classifier: which shell commands need the user's approval, and which are never
run at all.

The shell reading lives in `risk_shell` (lexing, unwrapping, nested code, per-program rules),
the write targets in `risk_paths`, the vocabulary in `risk_rules`. This module wires the
shell classifier to the Python one (`code_risk`), so `python -c '…'` one-liners are judged
like code run in the kernel.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .code_risk import judge_python
from .risk_paths import Place
from .risk_rules import Finding, RiskAssessment, RiskClass
from .risk_shell import classify_command_at as _classify_command_at
from .risk_shell import normalise

__all__ = ["Finding", "Place", "RiskAssessment", "RiskClass", "classify_command",
           "classify_command_at", "normalise"]


def classify_command(command: str, *, workspace: Path | None = None,
                     allowed: Sequence[Path] = (), cwd: Path | None = None,
                     home: Path | None = None) -> RiskAssessment:
    """Judge a shell command: findings that need approval, or a reason to block it. With a
    `workspace`, writes outside it and the `allowed` folders are found too (relative paths
    resolve against `cwd`, default the workspace; `~` against `home`, default `$HOME`)."""
    place = Place.make(workspace, allowed, cwd, home) if workspace is not None else None
    return classify_command_at(command, place)


def classify_command_at(command: str, place: Place | None,
                        result: RiskAssessment | None = None) -> RiskAssessment:
    """`classify_command` for an already-built `Place` (None: no workspace check), adding
    its findings to `result` when given."""
    return _classify_command_at(command, place, result, python_judge=judge_python)
