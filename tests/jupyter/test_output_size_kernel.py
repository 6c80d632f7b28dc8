"""Context-sized cell outputs in a real kernel: `run_cell` of a 2000×1500 plot and 200 kB of
stdout hands the model a shrunk image and a capped log; the notebook keeps the original."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from orkas_jupyter.testing import reply, tool_call
from orkas_jupyter.tools import notebook as notebook_tools
from orkas_jupyter.tools import output_size
from orkas_jupyter.tools.output_size import image_size

pytestmark = [
    pytest.mark.slow,
    # The cell tools call output_size.render_outputs once tools/notebook.py is wired to it.
    pytest.mark.skipif(notebook_tools.render_outputs is not output_size.render_outputs,
                       reason="tools/notebook.py does not use tools/output_size.py yet"),
]

CODE = ("import matplotlib.pyplot as plt\n"
        "for i in range(4000):\n"
        "    print(f'epoch {i:5d} loss={1 / (i + 1):.6f}')\n"
        "fig, ax = plt.subplots(figsize=(20, 15), dpi=100)\n"
        "ax.plot(range(10), label='line')\n"
        "ax.set_title('a big figure')\n"
        "plt.show()")


def _images(messages: list[dict]) -> list[tuple[int, int]]:
    sizes = []
    for url in _walk(messages):
        raw = base64.b64decode(url.split(",", 1)[1])
        size = image_size(raw)
        assert size is not None
        sizes.append(size)
    return sizes


def _walk(value) -> list[str]:
    if isinstance(value, dict):
        return [u for v in value.values() for u in _walk(v)]
    if isinstance(value, list):
        return [u for v in value for u in _walk(v)]
    return [value] if isinstance(value, str) and value.startswith("data:image/") else []


def test_run_cell_hands_the_model_a_shrunk_plot_and_a_capped_log(kernel, fake_model,
                                                                tmp_path: Path):
    nb = tmp_path / "analysis.ipynb"
    nb.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                              "nbformat_minor": 5}))

    def model(request):
        tools = [m for m in request.messages if m["role"] == "tool"]
        if not tools:
            return tool_call("insert_cell", {"source": CODE})
        if len(tools) == 1:
            cell_id = tools[-1]["content"].split("cell ")[1].split(" ")[0]
            return tool_call("run_cell", {"cell_id": cell_id})
        return reply("A big figure and a long log.")

    fake_model.script(model)
    kernel.run("%load_ext orkas_jupyter")
    r = kernel.run("%orkas plot it", timeout=120)
    assert r.error is None, r.error
    sent = fake_model.chat_requests[2].messages
    # The notebook keeps the full-size figure (the inline backend crops it a little).
    cell = json.loads(nb.read_text())["cells"][0]
    png = next(o["data"]["image/png"] for o in cell["outputs"] if "image/png" in o.get("data", {}))
    width, height = image_size(base64.b64decode("".join(png)))
    assert width > 1024 and height > 768
    shrunk = (1024, round(height * 1024 / width))
    assert _images(sent) == [shrunk]
    text = json.dumps(sent)
    assert (f"{width}\\u00d7{height} attached, shown at {shrunk[0]}\\u00d7{shrunk[1]}"
            in text)
    assert "epoch     0" in text and "epoch  3999" in text
    assert "characters omitted of" in text and "run code that prints only that part" in text
    tool_text = next(m for m in sent if m["role"] == "tool")
    assert len(json.dumps(tool_text)) < 9_000
