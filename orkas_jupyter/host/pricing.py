"""Prices per token from litellm's cost data, without importing litellm in the kernel.

Model calls run in the store server, so a kernel does not import litellm (3 s, 300 MB). The
prices a budget needs *before* a call are litellm's own table: `litellm.model_cost` when litellm
is already imported here (it includes models added with `litellm.register_model`), else the
same JSON file litellm ships and loads with `LITELLM_LOCAL_MODEL_COST_MAP=True` (~20 ms, read
once). Actual spend still comes from each response's usage, priced by the provider (P6).
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from typing import Any

from ..providers.model_table import served_model_table

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class Price:
    """USD per token."""

    input: float
    output: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        """USD for a call of that size."""
        return input_tokens * self.input + output_tokens * self.output


def cost_table() -> dict[str, Any]:
    """litellm's model table: the live one if litellm is imported, else its bundled file."""
    litellm = sys.modules.get("litellm")
    live = getattr(litellm, "model_cost", None)
    if isinstance(live, dict) and live:
        return live
    return served_model_table()


def price_of(model: str) -> Price | None:
    """The price of `model` (a litellm model string, `provider/name` or bare), or None when
    litellm's table does not know it (local servers, new releases)."""
    table = cost_table()
    provider, _, bare = model.partition("/")
    for key in (model, bare) if bare else (model,):
        entry = table.get(key)
        if not isinstance(entry, dict):
            continue
        # A bare name is the provider's own entry only ("gpt-4o" is openai's, not azure's).
        if key == bare and entry.get("litellm_provider") not in (None, provider):
            continue
        inp, out = entry.get("input_cost_per_token"), entry.get("output_cost_per_token")
        if isinstance(inp, int | float) and isinstance(out, int | float):
            return Price(float(inp), float(out))
    return None
