"""Self-evolution's settings: a field of the settings model when it has one, else the
environment variable, else the default (docs/evolution.md lists them)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

# Signal weights (V1): the user's corrections weigh most.
WEIGHTS: dict[str, float] = {
    "correction": 5.0,       # the user's message opens with "no, …" / "that's wrong"
    "undo": 5.0,             # the user undid the turn (%orkas undo)
    "review_rejected": 5.0,  # the user rejected an edit in review mode
    "skill_ineffective": 3.0,  # a skill loaded in a turn that failed or was undone
    "weakness_hit": 3.0,     # a task touching a known weakness went wrong again
    "weakness_overcome": 2.0,  # a task touching a known weakness went through
    "error_recovery": 2.0,   # a tool failed and a different call then succeeded
    "complexity": 1.0,       # a long turn (many tool or model calls)
}


class EvolutionConfig(BaseModel):
    """When reflection runs and what it may spend."""

    model: str | None = Field(None, description="reflection model; None: the notebook's")
    threshold: float = Field(10.0, gt=0, description="signal weight that triggers reflection")
    cooldown_s: float = Field(6 * 3600.0, ge=0, description="seconds between two runs of an "
                              "agent")
    run_tokens: int = Field(8_000, ge=0, description="tokens (in + out) one run may use")
    total_tokens: int = Field(200_000, ge=0, description="tokens all runs may use, in all")
    max_output_tokens: int = Field(1_500, ge=1, description="answer tokens a run asks for")


_ENV: dict[str, tuple[str, str]] = {
    "model": ("evolution_model", "ORKAS_EVOLUTION_MODEL"),
    "threshold": ("evolution_threshold", "ORKAS_EVOLUTION_THRESHOLD"),
    "cooldown_s": ("evolution_cooldown", "ORKAS_EVOLUTION_COOLDOWN"),
    "run_tokens": ("evolution_run_tokens", "ORKAS_EVOLUTION_RUN_TOKENS"),
    "total_tokens": ("evolution_total_tokens", "ORKAS_EVOLUTION_TOTAL_TOKENS"),
}


def evolution_config(settings: Any, environ: Mapping[str, str] | None = None
                     ) -> EvolutionConfig:
    """The settings in effect: settings field, then environment, then default; the model
    falls back to the notebook's. A bad environment value raises a clear ValueError."""
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    for key, (field, var) in _ENV.items():
        value = getattr(settings, field, None)
        if value is None and env.get(var, "").strip():
            value = env[var].strip()
        if value is not None:
            values[key] = value
    values.setdefault("model", getattr(settings, "model", None))
    try:
        return EvolutionConfig.model_validate(values)
    except ValueError as exc:
        raise ValueError(f"invalid self-evolution setting: {exc}") from None
