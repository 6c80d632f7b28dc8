"""Where a candidate's key comes from, and which endpoint it calls — read at every request.

Keys are never kept: a key set with `%env ORKAS_API_KEY=…` (or the provider's own variable)
after a failure is used by the very next request. `ORKAS_API_KEY` may hold several
comma-separated keys; candidate number *n* of the primary's provider uses the *n*-th.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass

from ._litellm import load_litellm

ORKAS_KEY = "ORKAS_API_KEY"
# Sent to a custom base URL when no key is set: the openai SDK refuses to send without one,
# and local servers (Ollama, vLLM, llama.cpp) accept anything.
NO_KEY_PLACEHOLDER = "sk-no-key-set"

# The provider's own key variables where litellm's name for them is not `<PROVIDER>_API_KEY`.
_KEY_VARIABLES: dict[str, tuple[str, ...]] = {
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    "together_ai": ("TOGETHERAI_API_KEY", "TOGETHER_AI_API_KEY", "TOGETHER_API_KEY"),
    "fireworks_ai": ("FIREWORKS_API_KEY", "FIREWORKS_AI_API_KEY"),
    "huggingface": ("HF_TOKEN", "HUGGINGFACE_API_KEY"),
    "vertex_ai": ("GOOGLE_APPLICATION_CREDENTIALS",),
    "bedrock": ("AWS_ACCESS_KEY_ID",),
}
# Endpoints named in messages when no base URL is configured.
_DEFAULT_ENDPOINTS = {
    "openai": "https://api.openai.com/v1",
    "anthropic": "https://api.anthropic.com",
    "openrouter": "https://openrouter.ai/api/v1",
    "ollama": "http://localhost:11434",
    "ollama_chat": "http://localhost:11434",
}
# Providers served on the user's own machine by default: no key exists to set.
_KEYLESS = {"ollama", "ollama_chat", "hosted_vllm", "lm_studio", "llamafile", "vllm"}


def split_keys(raw: str | None) -> list[str]:
    """The keys of a comma-separated list, blanks dropped."""
    return [k.strip() for k in (raw or "").split(",") if k.strip()]


def provider_of(model: str) -> str:
    """The provider prefix of a litellm model string (`openai` for bare OpenAI names)."""
    if "/" in model:
        return model.split("/", 1)[0]
    return "anthropic" if model.startswith("claude") else "openai"


def key_variables(model: str) -> tuple[str, ...]:
    """The provider's own variables for `model`'s key, most usual first."""
    provider = provider_of(model)
    return _KEY_VARIABLES.get(provider, (f"{provider.upper()}_API_KEY",))


@dataclass(frozen=True)
class KeySource:
    """How one candidate finds its key at request time.

    `fixed`: a key given in code. Else `slot`: the position in `ORKAS_API_KEY`'s list (None
    for candidates of another provider than the primary, which use their own variable).
    `environ` is read live (the process environment unless a mapping is given).
    """

    slot: int | None = 0
    fixed: str | None = None
    environ: Mapping[str, str] | None = None

    def orkas_key(self) -> str | None:
        """The key this candidate sends itself, or None (litellm then reads the provider's
        own variable)."""
        if self.fixed:
            return self.fixed
        if self.slot is None:
            return None
        env = os.environ if self.environ is None else self.environ
        keys = split_keys(env.get(ORKAS_KEY))
        return keys[self.slot] if self.slot < len(keys) else None

    def provider_key(self, model: str) -> tuple[str, str] | None:
        """(variable, key) of the provider's own variable that litellm will use, if set."""
        env = os.environ if self.environ is None else self.environ
        for variable in key_variables(model):
            if env.get(variable):
                return variable, env[variable]
        return None

    def effective(self, model: str) -> str | None:
        """The key a request for `model` goes out with (ours, else the provider's variable)."""
        own = self.orkas_key()
        if own:
            return own
        found = self.provider_key(model)
        return found[1] if found else None

    def describe(self, model: str) -> str:
        """Which variable the key comes from, never the key: for messages and the doctor."""
        if self.fixed:
            return "the key given in code"
        if self.orkas_key():
            count = len(split_keys((os.environ if self.environ is None
                                    else self.environ).get(ORKAS_KEY)))
            return ORKAS_KEY if count <= 1 else f"{ORKAS_KEY} (key {(self.slot or 0) + 1})"
        found = self.provider_key(model)
        return found[0] if found else "no key"


def credential_id(key: str | None) -> str:
    """A short fingerprint telling keys apart without revealing them."""
    if not key:
        return "none"
    return hashlib.sha256(key.encode()).hexdigest()[:12]


def needs_key(model: str) -> bool:
    """True when `model`'s provider wants a key litellm cannot find in the environment."""
    if provider_of(model) in _KEYLESS:
        return False
    try:
        report = load_litellm().validate_environment(model=model)
    except Exception:  # an unknown provider: let the request say what it lacks
        return False
    missing = [v for v in report.get("missing_keys") or [] if "KEY" in v or "TOKEN" in v]
    return bool(missing)


def missing_key_message(model: str, source: KeySource, refused_by: str | None = None) -> str:
    """What to set when `model` has no key (names variables, never values). `refused_by`: the
    server that was sent no key and answered 401/403 (else nothing was sent)."""
    own = " or ".join(key_variables(model))
    if source.slot and source.slot > 0:
        where = f"{ORKAS_KEY} has fewer than {source.slot + 1} keys and {own} is not set"
    else:
        where = f"neither {ORKAS_KEY} nor {own} is set"
    outcome = (f"and the server at {refused_by} wants one" if refused_by
               else "so nothing was sent")
    variable = key_variables(model)[0]
    return (f"{model}: no API key — {where}, {outcome}. Set one in the notebook "
            f"(`%env {variable}=…` or `%env {ORKAS_KEY}=…`) and run the cell again, or export "
            "it before starting Jupyter.")


# Base-URL variables litellm itself reads when no `api_base` is passed.
_BASE_VARIABLES = {
    "openai": ("OPENAI_BASE_URL", "OPENAI_API_BASE"),
    "anthropic": ("ANTHROPIC_API_BASE", "ANTHROPIC_BASE_URL"),
    "ollama": ("OLLAMA_API_BASE",), "ollama_chat": ("OLLAMA_API_BASE",),
    "openrouter": ("OPENROUTER_API_BASE",),
}


def endpoint_of(model: str, api_base: str | None) -> str:
    """The URL a request for `model` goes to: the configured base URL, else the provider's
    own base-URL variable, else its default endpoint as litellm knows it."""
    if api_base:
        return api_base
    provider = provider_of(model)
    for variable in _BASE_VARIABLES.get(provider, ()):
        if os.environ.get(variable):
            return os.environ[variable]
    if provider in _DEFAULT_ENDPOINTS:
        return _DEFAULT_ENDPOINTS[provider]
    try:
        base = load_litellm().get_api_base(model, {})
    except Exception:
        base = None
    return str(base) if base else f"{provider}'s default endpoint"
