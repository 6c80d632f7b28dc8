"""Variable tools (T6): bounded, informative summaries whatever the object."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import numpy as np
import pandas as pd
import pytest

from orkas_jupyter.engine import ToolContext
from orkas_jupyter.engine.errors import ToolError
from orkas_jupyter.tools.kernel import (
    InspectVariable,
    InspectVariableArgs,
    ListVariables,
    ListVariablesArgs,
    summarize,
)

T = TypeVar("T")


class Namespace:
    def __init__(self, ns: dict[str, Any], hidden: set[str] | None = None) -> None:
        self.ns, self.hidden = ns, hidden or set()

    def namespace(self) -> Mapping[str, Any]:
        return self.ns

    def hidden_names(self) -> set[str]:
        return self.hidden

    async def on_main_thread(self, fn: Callable[[], T]) -> T:
        return fn()

    async def execute(self, code: str) -> Any:
        raise AssertionError("not used")


class BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


def ctx(ns: dict[str, Any], hidden: set[str] | None = None) -> ToolContext:
    return ToolContext(session_id="s", services={"kernel": Namespace(ns, hidden)})


async def test_list_variables_shows_types_and_shapes_and_hides_noise():
    import math

    ns = {"df": pd.DataFrame({"a": range(10), "b": list("abcdefghij")}),
          "arr": np.zeros((3, 4)), "names": ["x", "y"], "_private": 1, "math": math,
          "In": [], "n": 5}
    text = await ListVariables().execute(ListVariablesArgs(), ctx(ns, hidden={"In"}))
    assert "df: pandas.DataFrame (10×2)" in text
    assert "arr: numpy.ndarray (3×4)" in text
    assert "names: list (len 2)" in text and "n: int" in text
    assert "_private" not in text and "math" not in text and "In" not in text


async def test_inspect_dataframe_is_bounded_and_informative():
    big = pd.DataFrame({"value": np.arange(1_000_000, dtype=float), "label": ["k"] * 1_000_000})
    big.loc[3, "value"] = np.nan
    text = await InspectVariable().execute(InspectVariableArgs(name="big"), ctx({"big": big}))
    assert "shape=1000000×2" in text
    assert "'value': float64, 1 null" in text
    assert "'label': object" in text or "'label': str" in text  # pandas 2 or 3
    assert "head(5)" in text and "describe()" in text
    assert len(text) < 7_000


def test_summaries_of_other_kinds():
    assert "shape=(2, 3) dtype=int64" in summarize(np.arange(6).reshape(2, 3))
    assert "mean=2.5" in summarize(np.arange(6).reshape(2, 3))
    assert "dict with 3 keys" in summarize({"a": 1, "b": [1, 2], "c": "x"})
    assert "list of length 100000" in summarize(list(range(100_000)))
    assert "repr failed" in summarize(BrokenRepr())
    assert "str of length 10000" in summarize("x" * 10_000)
    assert len(summarize("x" * 10_000_000)) < 7_000
    assert "pandas.Series" in summarize(pd.Series([1.0, 2.0], name="s"))


async def test_inspect_attribute_paths_and_unknown_names():
    class Model:
        coef_ = np.array([0.5, 1.5])

    ns = {"model": Model(), "model_b": 1}
    text = await InspectVariable().execute(InspectVariableArgs(name="model.coef_"), ctx(ns))
    assert "numpy.ndarray shape=(2,)" in text
    with pytest.raises(ToolError, match=r"No variable 'modl'.*list_variables"):
        await InspectVariable().execute(InspectVariableArgs(name="modl"), ctx(ns))
    with pytest.raises(ToolError, match="has no attribute 'nope'"):
        await InspectVariable().execute(InspectVariableArgs(name="model.nope"), ctx(ns))
    with pytest.raises(ToolError, match="No Jupyter kernel"):
        await ListVariables().execute(ListVariablesArgs(), ToolContext(session_id="s"))
