"""litellm's model table (prices, windows, capabilities) as it ships it, read without
importing litellm (~20 ms, once): the model host's direct path and the budgets' prices use
it before litellm is imported."""

from __future__ import annotations

import importlib.util
import json
import logging
from functools import cache
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

COST_FILE = "model_prices_and_context_window_backup.json"


@cache
def bundled_model_table() -> dict[str, Any]:
    """The file as shipped (what `LITELLM_LOCAL_MODEL_COST_MAP` loads)."""
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return {}
    path = Path(next(iter(spec.submodule_search_locations))) / COST_FILE
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        log.warning("could not read litellm's model table %s", path, exc_info=True)
        return {}
    return data if isinstance(data, dict) else {}


@cache
def served_model_table() -> dict[str, Any]:
    """The bundled table with its aliases expanded as litellm serves it: a row whose
    `alias_of` names another row is that row; a row's `aliases` are more names for it."""
    table = dict(bundled_model_table())
    for row in list(table.values()):
        aliases = row.get("aliases") if isinstance(row, dict) and "alias_of" not in row else None
        for alias in aliases if isinstance(aliases, list) else ():
            if isinstance(alias, str) and alias not in table:
                table[alias] = row
    for name, row in list(table.items()):
        target = row.get("alias_of") if isinstance(row, dict) else None
        if isinstance(target, str) and isinstance(table.get(target), dict):
            table[name] = table[target]
    return table
