"""Kernel variables for the agent (T6): `list_variables` and `inspect_variable`.

Summaries are bounded whatever the object: a DataFrame gives shape, dtypes, nulls and a
head; an array gives shape, dtype and statistics; nothing is ever dumped whole. The tools
reach the kernel through a `KernelAccess` service (the Jupyter layer provides it) and read
objects on the kernel's main thread.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, Field

from ..engine.errors import ToolError
from ..engine.tools import Tool, ToolContext
from .output_size import strip_base64

T = TypeVar("T")

MAX_VARIABLES = 200
MAX_SUMMARY_CHARS = 6_000
HEAD_ROWS = 5
MAX_COLUMNS = 60


class ExecutionResult(BaseModel):
    """What running code in the kernel produced, as nbformat outputs."""

    outputs: list[dict[str, Any]] = Field(default_factory=list)
    success: bool = True
    error_name: str = ""
    error_value: str = ""
    traceback: list[str] = Field(default_factory=list)
    interrupted: bool = False


class KernelAccess(Protocol):
    """What the kernel tools need from the kernel."""

    async def execute(self, code: str) -> ExecutionResult:
        """Run code in the user's namespace and capture what it produced."""
        ...

    def namespace(self) -> Mapping[str, Any]:
        """The user namespace (read on the main thread)."""
        ...

    def hidden_names(self) -> set[str]:
        """Names the kernel defines for itself (In, Out, get_ipython, …)."""
        ...

    async def on_main_thread(self, fn: Callable[[], T]) -> T:
        """Run `fn` where kernel state may be touched."""
        ...


def kernel_access(ctx: ToolContext) -> KernelAccess:
    """The kernel service, or a clear error outside a kernel."""
    access = ctx.services.get("kernel")
    if access is None:
        raise ToolError("No Jupyter kernel is attached to this agent; kernel tools work only "
                        "inside a notebook or IPython session.")
    return access  # type: ignore[no-any-return]


def bounded_repr(value: Any, limit: int = 2_000) -> str:
    """`repr(value)` cut to `limit` characters; a failing `__repr__` is reported, not raised."""
    try:
        text = value if isinstance(value, str) else repr(value)
    except Exception as exc:  # user objects may have broken __repr__
        return f"<{type(value).__name__}: repr failed: {exc}>"
    if len(text) > limit:
        return f"{text[:limit]}… [{len(text) - limit:,} more characters]"
    return text


def _module_of(value: Any) -> str:
    return type(value).__module__.split(".")[0]


def shape_of(value: Any) -> str:
    """A short size description: shape for arrays and frames, length for containers."""
    shape = getattr(value, "shape", None)
    if isinstance(shape, tuple) and all(isinstance(n, int) for n in shape):
        return "×".join(str(n) for n in shape) or "scalar"
    if isinstance(value, str | bytes | list | tuple | dict | set | frozenset):
        return f"len {len(value)}"
    return ""


def _is_listable(name: str, value: Any, hidden: set[str]) -> bool:
    if name.startswith("_") or name in hidden:
        return False
    return not isinstance(value, types.ModuleType)


def describe_variables(namespace: Mapping[str, Any], hidden: set[str]) -> str:
    """One line per user variable: name, type, size."""
    rows = []
    for name, value in namespace.items():
        if not _is_listable(name, value, hidden):
            continue
        kind = type(value).__name__
        if _module_of(value) not in ("builtins", "__main__"):
            kind = f"{_module_of(value)}.{kind}"
        size = shape_of(value)
        rows.append(f"{name}: {kind}" + (f" ({size})" if size else ""))
    if not rows:
        return "No user variables are defined yet."
    extra = len(rows) - MAX_VARIABLES
    text = "\n".join(rows[:MAX_VARIABLES])
    return text + (f"\n… and {extra} more" if extra > 0 else "")


def _clip(text: str, limit: int = MAX_SUMMARY_CHARS) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n… [{len(text) - limit:,} more characters]"


def _summarize_pandas_frame(df: Any) -> str:
    import pandas as pd

    lines = [f"pandas.DataFrame shape={df.shape[0]}×{df.shape[1]}"]
    cols = list(df.columns)[:MAX_COLUMNS]
    nulls = df[cols].isna().sum()
    lines.append("columns (dtype, nulls):")
    lines += [f"  {c!r}: {df[c].dtype}, {int(nulls[c])} null" for c in cols]
    if len(df.columns) > MAX_COLUMNS:
        lines.append(f"  … {len(df.columns) - MAX_COLUMNS} more columns")
    with pd.option_context("display.max_columns", 20, "display.width", 160,
                           "display.max_colwidth", 40):
        lines.append(f"head({HEAD_ROWS}):\n{df.head(HEAD_ROWS).to_string()}")
    numeric = df[cols].select_dtypes("number")
    if not numeric.empty and len(df) > 0:
        with pd.option_context("display.width", 160, "display.max_columns", 20):
            lines.append(f"describe():\n{numeric.describe().T.to_string()}")
    return "\n".join(lines)


def _summarize_pandas_series(s: Any) -> str:
    lines = [f"pandas.Series name={s.name!r} length={len(s)} dtype={s.dtype} "
             f"nulls={int(s.isna().sum())}", f"head({HEAD_ROWS}):\n{s.head(HEAD_ROWS).to_string()}"]
    if s.dtype.kind in "iufc" and len(s):
        lines.append(f"describe():\n{s.describe().to_string()}")
    return "\n".join(lines)


def _summarize_ndarray(a: Any) -> str:
    import numpy as np

    lines = [f"numpy.ndarray shape={a.shape} dtype={a.dtype} size={a.size}"]
    if a.size and a.dtype.kind in "iufb":
        flat = a.astype(float, copy=False).ravel()
        lines.append(f"min={np.nanmin(flat):.6g} max={np.nanmax(flat):.6g} "
                     f"mean={np.nanmean(flat):.6g} nan={int(np.isnan(flat).sum())}")
    with np.printoptions(threshold=50, edgeitems=3, linewidth=120):
        lines.append(f"values:\n{a!r}")
    return "\n".join(lines)


def _summarize_polars(df: Any) -> str:
    lines = [f"polars.DataFrame shape={df.shape[0]}×{df.shape[1]}",
             "schema: " + ", ".join(f"{k}: {v}" for k, v in list(df.schema.items())[:MAX_COLUMNS]),
             f"head({HEAD_ROWS}):\n{df.head(HEAD_ROWS)}"]
    return "\n".join(lines)


def _summarize_container(value: Any) -> str:
    kind = type(value).__name__
    if isinstance(value, dict):
        keys = list(value)[:20]
        lines = [f"{kind} with {len(value)} keys"]
        lines += [f"  {k!r}: {type(value[k]).__name__} = {bounded_repr(value[k], 120)}"
                  for k in keys]
        if len(value) > 20:
            lines.append(f"  … {len(value) - 20} more keys")
        return "\n".join(lines)
    items = list(value)[:10] if not isinstance(value, str | bytes) else []
    if isinstance(value, str | bytes):
        return f"{kind} of length {len(value)}: {bounded_repr(value, 1_000)}"
    types_seen = sorted({type(v).__name__ for v in items})
    return (f"{kind} of length {len(value)} (item types: {', '.join(types_seen) or '-'})\n"
            f"first items: {bounded_repr(items, 1_500)}")


def summarize(value: Any) -> str:
    """A bounded, informative description of any object."""
    module = _module_of(value)
    kind = type(value).__name__
    try:
        if module == "pandas" and kind == "DataFrame":
            return _clip(_summarize_pandas_frame(value))
        if module == "pandas" and kind == "Series":
            return _clip(_summarize_pandas_series(value))
        if module == "numpy" and kind == "ndarray":
            return _clip(_summarize_ndarray(value))
        if module == "polars" and kind == "DataFrame":
            return _clip(_summarize_polars(value))
        if isinstance(value, dict | list | tuple | set | frozenset | str | bytes):
            return _clip(_summarize_container(value))
        if callable(value) and hasattr(value, "__name__"):
            try:
                signature = str(inspect.signature(value))
            except (TypeError, ValueError):
                signature = "(…)"
            doc = (inspect.getdoc(value) or "").split("\n\n")[0]
            return _clip(f"{kind} {value.__name__}{signature}\n{doc}")
    except Exception as exc:  # a broken object must not fail the tool
        return f"{module}.{kind}: summary failed ({type(exc).__name__}: {exc}); " \
               f"repr: {bounded_repr(value, 500)}"
    attrs = [a for a in dir(value) if not a.startswith("_")][:40]
    return _clip(f"{module}.{kind}: {bounded_repr(value, 1_500)}\n"
                 f"public attributes: {', '.join(attrs)}")


class ListVariablesArgs(BaseModel):
    """No arguments."""


class ListVariables(Tool[ListVariablesArgs]):
    name = "list_variables"
    description = ("List the variables defined in the user's kernel with their types and "
                   "shapes (DataFrames, arrays, containers). Modules and private names are "
                   "left out. Use inspect_variable for details of one.")
    input_model = ListVariablesArgs
    read_only = True

    async def execute(self, args: ListVariablesArgs, ctx: ToolContext) -> str:
        access = kernel_access(ctx)
        return await access.on_main_thread(
            lambda: describe_variables(access.namespace(), access.hidden_names()))


class InspectVariableArgs(BaseModel):
    name: str = Field(description="Variable name, optionally with attributes: df, model.coef_")


class InspectVariable(Tool[InspectVariableArgs]):
    name = "inspect_variable"
    description = ("Describe one kernel variable without dumping it: for a DataFrame its "
                   "shape, dtypes, null counts, head and statistics; for an array its shape, "
                   "dtype and statistics; for containers their length and first items.")
    input_model = InspectVariableArgs
    read_only = True

    async def execute(self, args: InspectVariableArgs, ctx: ToolContext) -> str:
        access = kernel_access(ctx)

        def look() -> str:
            namespace = access.namespace()
            head, *attrs = args.name.strip().split(".")
            if head not in namespace:
                close = [n for n in namespace if n.lower().startswith(head[:2].lower())
                         and not n.startswith("_")][:10]
                hint = f" Similar names: {', '.join(close)}." if close else ""
                raise ToolError(f"No variable {head!r} in the kernel.{hint} "
                                "Call list_variables to see what exists.")
            value = namespace[head]
            for attr in attrs:
                if not hasattr(value, attr):
                    raise ToolError(f"{type(value).__name__} has no attribute {attr!r}.")
                value = getattr(value, attr)
            # A bytes or str value holding an image or a file: its base64 says nothing.
            return strip_base64(f"{args.name}: {summarize(value)}")

        return await access.on_main_thread(look)
