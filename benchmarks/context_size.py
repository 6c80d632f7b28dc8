"""PF13: tokens a tool result hands the model for outputs that bloat a context window.

Four cases, each shown three ways:
- raw: the output as the notebook stores it, serialised as text (what a tool that forwards
  outputs as JSON sends — base64 images as text, jupyter-mcp-server #200);
- before: how `run_cell`/`read_cell` rendered outputs before PF13 (the renderer of commit
  b7b74d9, kept below as the baseline: whole text parts, images at full size, one 20,000-
  character cap);
- after: `tools/output_size.py render_outputs` with the default limits, and `list_cells`
  as it is in this tree (it shows sources and one-line output summaries, never outputs).

Cases: a 2000×1500 matplotlib figure; a 1000-row DataFrame displayed with max_rows=1000 (pandas'
default shows 10 rows, but users raise it); 200 kB printed to stdout (what `run_cell`'s capture
keeps of it: 50,000 characters, head and tail); `list_cells` of a 30-cell analysis notebook.

Text tokens are o200k (tiktoken, litellm's bundled file; the engine's estimate without it).
Image tokens use Anthropic's formula (w·h/750 after its own downscale to 1568 px), the larger of
the two common ones; OpenAI's high-detail tile count is printed beside it.
"""

from __future__ import annotations

import asyncio
import base64
import importlib.util
import io
import json
import math
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from orkas_jupyter.engine.messages import ImagePart, TextPart
from orkas_jupyter.engine.tokens import estimate_tokens
from orkas_jupyter.engine.tool_exec import cap_text
from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools import notebook as nb_tools
from orkas_jupyter.tools.notebook_doc import FileNotebook
from orkas_jupyter.tools.output_size import image_size, render_outputs

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_TAGS = re.compile(r"<[^>]+>")
STDOUT_BYTES = 200_000
CAPTURE_CHARS = 50_000  # jupyter/capture.py MAX_STREAM_CHARS


def baseline_render(outputs: list[dict[str, Any]]) -> list[TextPart | ImagePart]:
    """Outputs as `run_cell` handed them to the model before PF13 (commit b7b74d9)."""
    content: list[TextPart | ImagePart] = []
    texts: list[str] = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            texts.append(f"[{out.get('name', 'stdout')}]\n" + "".join(out.get("text", "")))
        elif kind == "error":
            tb = _ANSI.sub("", "".join(out.get("traceback") or []))
            texts.append(f"[error] {out.get('ename')}: {out.get('evalue')}\n{tb}")
        elif kind in ("display_data", "execute_result"):
            data = out.get("data", {})
            image = next((m for m in ("image/png", "image/jpeg") if m in data), None)
            if image:
                raw = data[image]
                content.append(ImagePart(data="".join(raw) if isinstance(raw, list) else raw,
                                         media_type=image))
                texts.append(f"[{image} attached]")
                continue
            if "text/markdown" in data:
                texts.append("".join(data["text/markdown"]))
            elif "text/plain" in data:
                texts.append("".join(data["text/plain"]))
            elif "text/html" in data:
                texts.append(_TAGS.sub(" ", "".join(data["text/html"])))
    text = cap_text("\n".join(texts), 20_000) if texts else "(no output)"
    return [TextPart(text=text), *content]


def text_counter() -> tuple[str, Callable[[str], int]]:
    """o200k through tiktoken with litellm's bundled encodings, else the engine's estimate."""
    spec = importlib.util.find_spec("litellm")
    if spec and spec.submodule_search_locations:
        folder = Path(next(iter(spec.submodule_search_locations))) / "litellm_core_utils" / \
            "tokenizers"
        os.environ.setdefault("TIKTOKEN_CACHE_DIR", str(folder))
    try:
        import tiktoken

        enc = tiktoken.get_encoding("o200k_base")
        return "o200k", lambda text: len(enc.encode(text, disallowed_special=()))
    except Exception:
        return "estimate", estimate_tokens


def anthropic_image_tokens(w: int, h: int) -> int:
    """Anthropic: images over 1568 px (long side) or ~1.15 MP are shrunk, then w·h/750."""
    scale = min(1.0, 1568 / max(w, h), math.sqrt(1_150_000 / (w * h)))
    return math.ceil(int(w * scale) * int(h * scale) / 750)


def openai_image_tokens(w: int, h: int) -> int:
    """OpenAI high detail: fit in 2048², shortest side to 768, 170 per 512 tile + 85."""
    scale = min(1.0, 2048 / max(w, h))
    w, h = w * scale, h * scale
    scale = min(1.0, 768 / min(w, h))
    w, h = w * scale, h * scale
    return 85 + 170 * math.ceil(w / 512) * math.ceil(h / 512)


def content_tokens(parts: list[TextPart | ImagePart], count: Callable[[str], int]
                   ) -> dict[str, int]:
    text = sum(count(p.text) for p in parts if isinstance(p, TextPart))
    img = oai = size = 0
    for p in parts:
        if isinstance(p, ImagePart):
            w, h = image_size(base64.b64decode(p.data)) or (0, 0)
            img += anthropic_image_tokens(w, h)
            oai += openai_image_tokens(w, h)
            size += len(p.data)
    return {"tokens": text + img, "text": text, "image": img, "image_openai": oai,
            "image_b64_chars": size}


# -- the cases ----------------------------------------------------------------------------------
def plot_output() -> dict[str, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(20, 15), dpi=100)
    x = np.linspace(0, 10, 400)
    for k in range(4):
        ax.plot(x, np.sin(x + k) * (k + 1), label=f"series {k}")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("amplitude")
    ax.set_title("Four sine waves")
    ax.legend()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    return {"output_type": "display_data", "metadata": {},
            "data": {"image/png": base64.b64encode(buf.getvalue()).decode(),
                     "text/plain": "<Figure size 2000x1500 with 1 Axes>"}}


def dataframe_output() -> dict[str, Any]:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(0)
    df = pd.DataFrame({"city": rng.choice(["Paris", "Lyon", "Nice", "Lille"], 1000),
                       "temperature": rng.normal(15, 5, 1000).round(2),
                       "humidity": rng.uniform(0.2, 0.9, 1000).round(3),
                       "wind_kmh": rng.gamma(2, 6, 1000).round(1),
                       "rain_mm": rng.exponential(2, 1000).round(2),
                       "date": pd.date_range("2024-01-01", periods=1000, freq="h")})
    with pd.option_context("display.max_rows", 1000):
        return {"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                "data": {"text/plain": repr(df), "text/html": df._repr_html_()}}


def stdout_output() -> dict[str, Any]:
    lines, size, i = [], 0, 0
    while size < STDOUT_BYTES:
        line = f"epoch {i:5d}  loss={1 / (i + 1):.6f}  accuracy={1 - 1 / (i + 2):.4f}\n"
        lines.append(line)
        size += len(line)
        i += 1
    text = "".join(lines)[:STDOUT_BYTES]
    return {"output_type": "stream", "name": "stdout", "text": cap_text(text, CAPTURE_CHARS)}


def notebook_30(path: Path, plot: dict[str, Any], frame: dict[str, Any]) -> None:
    cells: list[dict[str, Any]] = []
    for i in range(30):
        cid = f"c{i:02d}"
        if i % 5 == 0:
            cells.append({"cell_type": "markdown", "id": cid, "metadata": {},
                          "source": f"## Step {i // 5 + 1}\n\nWe look at the weather data "
                                    "again, this time by city and by hour of the day."})
            continue
        source = "\n".join([f"# step {i}", "import pandas as pd",
                            f"df{i} = df[df.city == 'Paris'].copy()",
                            f"df{i}['hour'] = df{i}.date.dt.hour",
                            f"summary{i} = df{i}.groupby('hour').temperature.agg(['mean', 'std'])",
                            f"summary{i}.plot(figsize=(8, 4), title='Paris by hour ({i})')",
                            f"print(summary{i}.describe())"])
        outputs: list[dict[str, Any]] = [{"output_type": "stream", "name": "stdout",
                                          "text": "mean std\ncount 24 24\n" * 12}]
        outputs.append(plot if i % 3 == 0 else frame)
        cells.append({"cell_type": "code", "id": cid, "metadata": {}, "source": source,
                      "outputs": outputs, "execution_count": i})
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}))


def list_cells_text(path: Path) -> str:
    ctx = ToolContext(session_id="bench", services={"notebook": FileNotebook(path)})
    return str(asyncio.run(nb_tools.ListCells().execute(nb_tools.ListCellsArgs(), ctx)))


def main() -> None:
    kind, count = text_counter()
    print(f"text tokens: {kind}; image tokens: Anthropic formula (OpenAI tiles in brackets)")
    plot, frame, stdout = plot_output(), dataframe_output(), stdout_output()
    results: dict[str, tuple[int, int, int]] = {}
    for name, output in (("plot", plot), ("df", frame), ("stdout", stdout)):
        raw = count(json.dumps(output))
        before = content_tokens(baseline_render([output]), count)
        after = content_tokens(render_outputs([output]), count)
        results[name] = (raw, before["tokens"], after["tokens"])
        print(f"{name:10} raw {raw:>8,}  before {before['tokens']:>7,} "
              f"(text {before['text']:,}, image {before['image']:,} [{before['image_openai']}],"
              f" base64 {before['image_b64_chars']:,} chars)  after {after['tokens']:>6,} "
              f"(text {after['text']:,}, image {after['image']:,} [{after['image_openai']}], "
              f"base64 {after['image_b64_chars']:,} chars)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "analysis.ipynb"
        notebook_30(path, plot, frame)
        raw = count(path.read_text())
        listed = count(list_cells_text(path))
    results["list_cells"] = (raw, listed, listed)
    print(f"list_cells raw {raw:>8,}  before {listed:>7,}  after {listed:>6,} "
          "(list_cells shows sources and one-line output summaries; no output content)")
    after = " ".join(f"{n}_tokens={r[2]}" for n, r in results.items())
    before = " ".join(f"{n}_tokens_before={r[1]}" for n, r in results.items())
    raw_part = " ".join(f"{n}_tokens_raw={r[0]}" for n, r in results.items())
    print(f"RESULT PF13 {after} {before} {raw_part}")


if __name__ == "__main__":
    main()
