"""Settings: one pydantic model, read from environment variables (§12, docs/requirements.md), then
`orkas.toml` or `pyproject.toml [tool.orkas]` in the workspace. Environment wins.

API keys are read where litellm reads them and are never copied into settings that get stored.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

ReplayMode = Literal["off", "record", "replay", "auto"]
ApprovalPolicy = Literal["deny", "allow"]

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
    "global_skills": "ORKAS_GLOBAL_SKILLS",
}


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
    global_skills: bool = Field(True, description="read other agent tools' skill folders "
                                                  "(untrusted, the notebook's agent only)")

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
    if isinstance(values.get("fallback_models"), str):
        values["fallback_models"] = [m.strip() for m in values["fallback_models"].split(",")
                                     if m.strip()]
    values.update({k: v for k, v in overrides.items() if v is not None})
    values["workspace"] = workspace
    return Settings.model_validate(values)
