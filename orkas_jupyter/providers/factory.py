"""Building the full provider stack from settings: litellm candidates → rotation → record/replay.

Candidates: `ORKAS_MODEL` first, then `ORKAS_FALLBACK_MODELS` in order. `ORKAS_API_KEY` may
hold several comma-separated keys: each becomes its own candidate for every model of the same
provider as `ORKAS_MODEL` (which also share `ORKAS_API_BASE`); models of other providers use
their provider's usual key variable (`ANTHROPIC_API_KEY`, …) and default endpoint.

Keys are not captured here: each candidate reads its key at every request (`KeySource`), so
a key set in the notebook after a "no key" error works on the next try. The number of keys
in `ORKAS_API_KEY` when the stack is built decides how many candidates there are.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from ..config import Settings
from ..engine.provider import Provider
from ..engine.timing import Clock
from .errors import ProviderConfigError
from .keys import KeySource, provider_of
from .litellm_provider import LiteLLMProvider, timeout_from_env
from .replay import InMemoryRecordingStore, RecordingStore, RecordReplayProvider
from .rotation import Candidate, RotatingProvider, key_hint

log = logging.getLogger(__name__)


def _keys(settings: Settings) -> list[str | None]:
    raw = settings.api_key or ""
    keys: list[str | None] = [k.strip() for k in raw.split(",") if k.strip()]
    return keys or [None]


def context_window_from_env(environ: Mapping[str, str]) -> int | None:
    raw = environ.get("ORKAS_CONTEXT_WINDOW", "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ProviderConfigError(f"ORKAS_CONTEXT_WINDOW must be a whole number of tokens, "
                                  f"got {raw!r}") from None
    if value < 1_000:
        raise ProviderConfigError(f"ORKAS_CONTEXT_WINDOW={value} is too small to hold a turn")
    return value


def build_candidates(settings: Settings, *, timeout: float,
                     context_window: int | None = None) -> list[Candidate]:
    """One candidate per (model, key): the primary model first, then the fallbacks."""
    if not settings.model:
        raise ProviderConfigError(
            "No model is configured. In a notebook: %orkas model provider/model (a litellm "
            "model string such as openai/gpt-4o-mini); or export ORKAS_MODEL before starting "
            "Jupyter, with the provider's key in its usual variable (OPENAI_API_KEY, …) or "
            "ORKAS_API_KEY. %orkas doctor checks the setup (docs/models.md).")
    primary = settings.model.strip()
    keys = _keys(settings)
    candidates: list[Candidate] = []
    seen: set[str] = set()
    for model in [primary, *settings.fallback_models]:
        model = model.strip()
        if not model:
            continue
        shares_account = provider_of(model) == provider_of(primary)
        for slot, key in enumerate(keys) if shares_account else [(None, None)]:
            label = f"{model} ({key_hint(key)})"
            if label in seen:
                label = f"{label} #{len(candidates) + 1}"
            seen.add(label)
            provider = LiteLLMProvider(
                model, key_source=KeySource(slot=slot),
                api_base=settings.api_base if shares_account else None,
                timeout=timeout, context_window=context_window)
            candidates.append(Candidate(label=label, model=model, provider=provider))
    return candidates


def make_provider(settings: Settings, *, recordings: RecordingStore | None = None,
                  clock: Clock | None = None, environ: Mapping[str, str] | None = None,
                  timeout: float | None = None,
                  leaf: Callable[[LiteLLMProvider], Provider] | None = None) -> Provider:
    """The provider stack for `settings`: rotation over the candidates, wrapped in
    record/replay unless `settings.replay` is `off`. Nothing is imported or sent yet.
    `leaf` turns each single-model provider into the one that makes the call (e.g. through
    the store server); by default litellm in this process."""
    env = os.environ if environ is None else environ
    request_timeout = timeout if timeout is not None else timeout_from_env(dict(env))
    window = context_window_from_env(env)
    candidates = build_candidates(settings, timeout=request_timeout, context_window=window)
    if leaf is not None:
        candidates = [Candidate(label=c.label, model=c.model, provider=leaf(_litellm(c.provider)))
                      for c in candidates]
    primary = candidates[0]

    def ad_hoc(model: str) -> Provider:
        # A model named per turn (`--model`) that is not a configured candidate.
        same = provider_of(model) == provider_of(primary.model)
        local = LiteLLMProvider(model, key_source=KeySource(slot=0 if same else None),
                                api_base=settings.api_base if same else None,
                                timeout=request_timeout, context_window=window)
        return leaf(local) if leaf is not None else local

    provider: Provider = RotatingProvider(candidates, clock=clock, ad_hoc=ad_hoc)
    if settings.replay == "off":
        return provider
    if recordings is None:
        log.warning("record/replay mode %r with no recording store: recordings live in memory "
                    "and are lost when the kernel stops", settings.replay)
        recordings = InMemoryRecordingStore()
    return RecordReplayProvider(provider, recordings, settings.replay, primary.model,
                                substitutions=machine_paths(settings))


def _litellm(provider: Provider) -> LiteLLMProvider:
    if not isinstance(provider, LiteLLMProvider):
        raise ProviderConfigError(f"cannot call {provider!r} through another host")
    return provider


def machine_paths(settings: Settings) -> tuple[tuple[str, str], ...]:
    """Paths that differ between machines, as the recording hash names them: a notebook
    copied elsewhere reads `<workspace>/data.csv` in its tool results either way."""
    pairs = [(str(settings.workspace.resolve()), "<workspace>"),
             (str(settings.workspace), "<workspace>"), (sys.prefix, "<python>"),
             (str(Path.home()), "~")]
    # Longest first, so a workspace under the home folder is named as the workspace; a root
    # this short ("/") would rewrite every path, so it is left alone.
    return tuple(sorted({(old, new) for old, new in pairs if len(old) > 3},
                        key=lambda pair: -len(pair[0])))
