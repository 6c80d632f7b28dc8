"""Settings: one pydantic model, read from environment variables (§12, docs/requirements.md), then
`orkas.toml` or `pyproject.toml [tool.orkas]` in the workspace. Environment wins.

API keys are read where litellm reads them and are never copied into settings that get stored.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

ReplayMode = Literal["off", "record", "replay", "auto"]
ApprovalPolicy = Literal["deny", "allow"]
SemanticMode = Literal["off", "flag", "on"]

_ENV = {
    "model": "ORKAS_MODEL",
    "api_base": "ORKAS_API_BASE",
    "fallback_models": "ORKAS_FALLBACK_MODELS",
    "workspace": "ORKAS_WORKSPACE",
    "store": "ORKAS_STORE",
    "home": "ORKAS_HOME",
    "replay": "ORKAS_REPLAY",
    "approval": "ORKAS_APPROVAL",
    "embedding_model": "ORKAS_EMBEDDING_MODEL",
    "threat_semantic": "ORKAS_THREAT_SEMANTIC",
    "image_hosts": "ORKAS_IMAGE_HOSTS",
    "global_skills": "ORKAS_GLOBAL_SKILLS",
    "review": "ORKAS_REVIEW",
    "budget_turn_usd": "ORKAS_BUDGET_TURN",
    "budget_session_usd": "ORKAS_BUDGET_SESSION",
    "budget_day_usd": "ORKAS_BUDGET_DAY",
    "budget_turn_tokens": "ORKAS_BUDGET_TURN_TOKENS",
    "budget_session_tokens": "ORKAS_BUDGET_SESSION_TOKENS",
    "budget_day_tokens": "ORKAS_BUDGET_DAY_TOKENS",
    "budget_warn_at": "ORKAS_BUDGET_WARN_AT",
    "output_image_max_px": "ORKAS_OUTPUT_IMAGE_MAX_PX",
    "output_stream_chars": "ORKAS_OUTPUT_STREAM_CHARS",
    "output_text_chars": "ORKAS_OUTPUT_TEXT_CHARS",
    "output_html_chars": "ORKAS_OUTPUT_HTML_CHARS",
    "output_total_chars": "ORKAS_OUTPUT_TOTAL_CHARS",
    "bridge_ask_timeout": "ORKAS_BRIDGE_ASK_TIMEOUT",
    "outside_timeout": "ORKAS_OUTSIDE_TIMEOUT",
    "evolution_model": "ORKAS_EVOLUTION_MODEL",
    "evolution_threshold": "ORKAS_EVOLUTION_THRESHOLD",
    "evolution_cooldown": "ORKAS_EVOLUTION_COOLDOWN",
    "evolution_run_tokens": "ORKAS_EVOLUTION_RUN_TOKENS",
    "evolution_total_tokens": "ORKAS_EVOLUTION_TOTAL_TOKENS",
}
# Budget fields: "off" (or "none", or empty) in the environment or a file means no limit.
BUDGET_FIELDS = ("budget_turn_usd", "budget_session_usd", "budget_day_usd",
                 "budget_turn_tokens", "budget_session_tokens", "budget_day_tokens")
_NO_LIMIT = ("off", "none", "")


class Settings(BaseModel):
    """Every setting has a default; see docs/configuration.md."""

    model: str | None = Field(None, description="litellm model string, provider/model")
    api_base: str | None = Field(None, description="base URL of the model API")
    fallback_models: list[str] = Field(default_factory=list,
                                       description="further rotation candidates")
    workspace: Path = Field(default_factory=Path.cwd, description="root for file tools and store")
    store: Path | None = Field(None, description="DuckDB file (default under .orkas/)")
    home: Path = Field(default_factory=lambda: Path.home() / ".orkas",
                       description="user-level folder (profile memory, global config, skills)")
    replay: ReplayMode = Field("off", description="record/replay mode for model calls")
    approval: ApprovalPolicy = Field("deny", description="risky actions when nobody can be asked")
    embedding_model: str | None = Field(None, description="embedding model; unset = BM25 only")
    threat_semantic: SemanticMode = Field("flag", description="the injection scanner's "
                                          "sentence-encoder layer (orkas-jupyter[semantic]): "
                                          "flag = for passages and pages when installed, "
                                          "on = for every scan, off = never")
    image_hosts: list[str] = Field(default_factory=list, description="hosts whose images the "
                                   "agent's answers and Markdown cells may load (others "
                                   "become links)")
    global_skills: bool = Field(True, description="read other agent tools' skill folders "
                                                  "(untrusted, the notebook's agent only)")
    review: bool = Field(False, description="edits to existing cells and files wait for the "
                                            "user's Accept (off where nobody can be asked)")
    # Budgets (docs/budgets.md): None is no limit. Money in USD from litellm's prices.
    budget_turn_usd: float | None = Field(None, ge=0, description="spend limit of one turn "
                                          "(its team's turns included)")
    budget_session_usd: float | None = Field(None, ge=0, description="spend limit of a session")
    budget_day_usd: float | None = Field(None, ge=0, description="spend limit of the workspace "
                                         "per calendar day (local time)")
    budget_turn_tokens: int | None = Field(None, ge=0, description="tokens (in + out) of a turn")
    budget_session_tokens: int | None = Field(None, ge=0, description="tokens of a session")
    budget_day_tokens: int | None = Field(None, ge=0, description="tokens of the workspace "
                                          "per day")
    budget_warn_at: float = Field(0.8, gt=0, le=1, description="share of a budget that warns")
    # What tool results hand the model (docs/tools.md, "Outputs sized for the context").
    output_image_max_px: int = Field(1024, ge=64, description="longest side of an image sent "
                                     "to the model (the notebook keeps the original)")
    output_stream_chars: int = Field(6_000, ge=200, description="stdout/stderr characters "
                                     "per output sent to the model")
    output_text_chars: int = Field(4_000, ge=200, description="characters of a text/plain or "
                                   "Markdown repr (DataFrames, objects) sent to the model")
    output_html_chars: int = Field(2_000, ge=200, description="characters of text taken from "
                                   "an HTML-only output")
    output_total_chars: int = Field(20_000, ge=500, description="characters of all outputs "
                                    "of one cell sent to the model")
    bridge_ask_timeout: float = Field(300.0, gt=0, description="seconds an outside agent's "
                                      "question waits in the notebook before the approval "
                                      "policy decides")
    outside_timeout: float = Field(1800.0, gt=0, description="seconds an outside agent CLI "
                                   "(an agent file's `command`) may run on one dispatch")
    # Self-evolution (docs/evolution.md); None: the defaults there.
    evolution_model: str | None = Field(None, description="reflection model; unset: the "
                                        "notebook's")
    evolution_threshold: float | None = Field(None, gt=0, description="signal weight that "
                                              "starts a reflection (10)")
    evolution_cooldown: float | None = Field(None, ge=0, description="seconds between two "
                                             "reflections of an agent (21600)")
    evolution_run_tokens: int | None = Field(None, ge=0, description="tokens one reflection "
                                             "may use (8000)")
    evolution_total_tokens: int | None = Field(None, ge=0, description="tokens all "
                                               "reflections may use (200000)")

    @field_validator("threat_semantic", mode="before")
    @classmethod
    def _semantic_switch(cls, value: Any) -> Any:
        """A yes/no value means on/off (`ORKAS_THREAT_SEMANTIC=1`, `threat_semantic = true`)."""
        words = {"1": "on", "true": "on", "yes": "on", "0": "off", "false": "off", "no": "off"}
        if isinstance(value, bool):
            return "on" if value else "off"
        return words.get(str(value).strip().lower(), str(value).strip().lower())

    @property
    def store_path(self) -> Path:
        """The DuckDB file of this workspace."""
        return self.store or self.workspace / ".orkas" / "orkas.duckdb"

    @property
    def api_key(self) -> str | None:
        """`ORKAS_API_KEY`, read at use time so it is never part of a dumped model."""
        return os.environ.get("ORKAS_API_KEY") or None


def _file_settings(workspace: Path) -> dict[str, Any]:
    orkas_toml = workspace / "orkas.toml"
    if orkas_toml.is_file():
        return dict(tomllib.loads(orkas_toml.read_text("utf-8")))
    pyproject = workspace / "pyproject.toml"
    if pyproject.is_file():
        data = tomllib.loads(pyproject.read_text("utf-8"))
        return dict(data.get("tool", {}).get("orkas", {}))
    return {}


def load_settings(environ: dict[str, str] | None = None, **overrides: Any) -> Settings:
    """Settings from files, then the environment, then explicit `overrides`."""
    env = os.environ if environ is None else environ
    workspace = Path(overrides.get("workspace") or env.get("ORKAS_WORKSPACE") or Path.cwd())
    values: dict[str, Any] = {k: v for k, v in _file_settings(workspace).items()
                              if k in Settings.model_fields}
    for field, var in _ENV.items():
        raw = env.get(var)
        if raw:
            values[field] = raw
    for name in BUDGET_FIELDS:
        if isinstance(values.get(name), str) and values[name].strip().lower() in _NO_LIMIT:
            values[name] = None
    for name in ("fallback_models", "image_hosts"):  # comma-separated in the environment
        if isinstance(values.get(name), str):
            values[name] = [m.strip() for m in values[name].split(",") if m.strip()]
    values.update({k: v for k, v in overrides.items() if v is not None})
    values["workspace"] = workspace
    return Settings.model_validate(values)
