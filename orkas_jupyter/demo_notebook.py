"""The notebook demo behind `orkas-demo`: a real kernel, the `%orkas` magic, and the packaged
fake model server playing a scripted, capable model (so no key or network is needed)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .testing import FakeModelServer, RecordedRequest, Step, reply, tool_call

CSV = ("day,sales,visits\nMon,120.0,1000\nTue,135.5,1040\nWed,128.25,990\nThu,410.0,1010\n"
       "Fri,131.0,1025\n")
PLOT = ("import matplotlib.pyplot as plt\nax = df.plot(x='day', y='sales', marker='o', "
        "title='Sales by day')\nax.axhline(df.sales.median(), ls='--', c='grey')\nplt.show()\n"
        "print('median', df.sales.median(), 'max', df.sales.max())")


DEMO_MODEL = "openai/orkas-demo-model"


def scripted_model(request: RecordedRequest) -> Step:
    """What the demo model says, decided from the conversation so far."""
    messages = request.messages
    tools = [m for m in messages if m.get("role") == "tool"]
    # The user's request, not the message that carries a tool's images to the model.
    last_user = next(i for i in range(len(messages) - 1, -1, -1)
                     if messages[i].get("role") == "user"
                     and "Image returned by tool" not in json.dumps(messages[i]["content"]))
    done_this_turn = [m for m in messages[last_user:] if m.get("role") == "tool"]
    if not done_this_turn:
        return tool_call("inspect_variable", {"name": "df"},
                         text="Let me look at the data first.")
    if len(done_this_turn) == 1:
        return tool_call("insert_cell", {"source": PLOT})
    if len(done_this_turn) == 2:
        inserted = str(tools[-1].get("content", ""))
        cell_id = inserted.split("cell ")[1].split(" ")[0] if "cell " in inserted else ""
        return tool_call("run_cell", {"cell_id": cell_id})
    return reply("**Thursday is the outlier**: sales of 410.0 against a median of 131.0 — "
                 "about 3× a normal day — while visits stayed flat (1,010). More orders per "
                 "visitor, not more traffic: check Thursday's orders for a bulk purchase or a "
                 "duplicated import. I added a plot cell with the median line.\n\n"
                 "*(Answer scripted by the demo model; no API key was used.)*")


def demo_notebook() -> dict[str, Any]:
    """The notebook the demo runs."""
    def cell(kind: str, source: str, cid: str) -> dict[str, Any]:
        base: dict[str, Any] = {"cell_type": kind, "id": cid, "metadata": {}, "source": source}
        if kind == "code":
            base.update(outputs=[], execution_count=None)
        return base

    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}},
            "cells": [
                cell("markdown", "# Orkas demo\nThe agent sees the live kernel.", "intro"),
                cell("code", "import pandas as pd\ndf = pd.read_csv('sales.csv')\ndf", "load"),
                cell("code", "%load_ext orkas_jupyter", "ext"),
                cell("code", "%%orkas\nExplain the outliers in df and plot sales by day.", "ask"),
            ]}


def prepare(folder: str | None) -> Path:
    """Write the CSV and the notebook into `folder` (or a temp folder)."""
    root = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="orkas-demo-"))
    root.mkdir(parents=True, exist_ok=True)
    (root / "sales.csv").write_text(CSV)
    (root / "demo.ipynb").write_text(json.dumps(demo_notebook(), indent=1))
    return root


def demo_env(server: FakeModelServer, root: Path) -> dict[str, str]:
    """Environment for a kernel (or JupyterLab) that talks to the demo model."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKAS_")}
    # A model name with no price: the scripted answers cost nothing, and show no cost.
    env.update({"ORKAS_MODEL": DEMO_MODEL, "ORKAS_API_BASE": server.base_url,
                "OPENAI_API_KEY": "demo-key-not-secret", "ORKAS_WORKSPACE": str(root),
                "ORKAS_HOME": str(root / ".orkas-home"),
                "ORKAS_NOTEBOOK": str(root / "demo.ipynb")})
    return env


def run_notebook(folder: str | None = None) -> int:
    """Execute the demo notebook headless and print what each cell showed."""
    import importlib.util

    import nbformat
    from nbclient import NotebookClient

    missing = [m for m in ("pandas", "matplotlib") if importlib.util.find_spec(m) is None]
    if missing:
        print(f"The demo notebook needs {', '.join(missing)}: pip install 'orkas-jupyter[demo]'")
        return 2
    root = prepare(folder)
    print(f"Running {root / 'demo.ipynb'} in a real kernel; the demo model is scripted (no "
          "key, no network). Each cell's output as it finishes:", flush=True)

    def show(cell: Any, cell_index: int, execute_reply: Any) -> None:
        if cell.cell_type == "code":
            print(_cell_text(cell), flush=True)

    with FakeModelServer(scripted_model) as server:
        saved = dict(os.environ)
        os.environ.update(demo_env(server, root))
        try:
            nb = nbformat.read(str(root / "demo.ipynb"), as_version=4)
            NotebookClient(nb, timeout=300, kernel_name="python3", on_cell_executed=show,
                           resources={"metadata": {"path": str(root)}}).execute()
        finally:
            os.environ.clear()
            os.environ.update(saved)
    final = json.loads((root / "demo.ipynb").read_text())
    added = [c for c in final["cells"] if c.get("metadata", {}).get("orkas")]
    print(f"--- the agent added {len(added)} cell(s) to {root / 'demo.ipynb'}")
    nbformat.write(nb, str(root / "demo.executed.ipynb"))
    print(f"executed notebook: {root / 'demo.executed.ipynb'}")
    return 0


def _cell_text(cell: Any) -> str:
    """What a cell showed, as terminal text (the agent's Markdown without its HTML)."""
    lines = [f"--- In: {cell.source.splitlines()[0]}"]
    for out in cell.outputs:
        data = out.get("data", {})
        if out.output_type == "stream":
            lines.append(out.text.rstrip()[:400])
        elif "text/markdown" in data:
            lines.append(re.sub(r"<[^>]+>", "", data["text/markdown"]).strip())
        elif "text/html" in data and "orkas-tool" in data["text/html"]:
            lines.append(f"[{data['text/html'].count('orkas-tool')} tool cards]")
        elif "text/plain" in data:
            lines.append(data["text/plain"][:400])
    return "\n".join(lines)


def run_lab(folder: str | None = None) -> int:
    """Open JupyterLab on the demo notebook, with the demo model serving `%orkas`."""
    root = prepare(folder)
    with FakeModelServer(scripted_model) as server:
        env = demo_env(server, root)
        env.pop("ORKAS_NOTEBOOK")  # JupyterLab tells the kernel its notebook
        print(f"JupyterLab on {root} — the demo model answers at {server.base_url}")
        return subprocess.call([sys.executable, "-m", "jupyter", "lab", "demo.ipynb"],
                               cwd=root, env=env)
