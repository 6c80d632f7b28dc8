"""The secrets scan (tests/store/test_store_secrets.py) extended to MCP: a secret stored with
`%orkas mcp add … --secret K` (asked without echo, as docs/mcp.md advises) reaches the stdio
server's environment, and is absent from the DuckDB files, the session's messages, the
recording beside the notebook, the notebook itself (every cell's source and outputs, as
Jupyter saves it) and the notebook `%orkas export` writes — in a real kernel, through the fake
model. The HTTP counterpart (a header secret) is test_mcp_http.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from mcp_helpers import FAULT_SERVER, tool_results

from orkas_jupyter.testing import reply, tool_call

pytestmark = pytest.mark.slow

SECRET = "mcp-SECRET-7c41e9d05b"

SESSION_DUMP = """
import json
import sys
from orkas_jupyter.jupyter.runtime import get_runtime
rt = get_runtime()
messages = rt.submit(rt.store().load(rt.current_session or rt.default_session())).result(60)
print(json.dumps([m.model_dump(mode="json") for m in messages]))
"""


def test_an_mcp_secret_stays_out_of_the_store_recordings_and_notebooks(kernel, fake_model,
                                                                      tmp_path: Path) -> None:
    fake_model.script([tool_call("mcp__vaulted__env_var", {"name": "SERVICE_KEY"}),
                       reply("The server has its key.")])
    # (source, answers to the input box) for each cell, in order.
    cells = [("%load_ext orkas_jupyter", None),
             ("%orkas record", None),
             (f"%orkas mcp add vaulted --secret SERVICE_KEY -- {sys.executable} {FAULT_SERVER}",
              [SECRET]),
             ("%orkas does the server have its key?", ["o"]),
             ("%orkas mcp list", None),
             (SESSION_DUMP, None),
             ("%orkas export exported.ipynb", None)]
    nb = nbformat.v4.new_notebook()
    for source, stdin in cells:
        result = kernel.run(source, timeout=120, stdin=stdin)
        assert result.error is None, (source, result.error)
        cell = nbformat.v4.new_code_cell(source)
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=result.stdout),
                        *(nbformat.v4.new_output("display_data", data=o["data"])
                          for o in result.outputs)]
        nb.cells.append(cell)
    notebook = tmp_path / "analysis.ipynb"  # the kernel's ORKAS_NOTEBOOK
    nbformat.write(nb, notebook)

    # The secret really was used: the server read it from its environment, and the model got
    # the tool's answer with the value redacted.
    [result] = tool_results(fake_model.chat_requests[1])
    assert "SERVICE_KEY=[REDACTED]" in result
    mcp_json = json.loads((tmp_path / ".orkas" / "mcp.json").read_text())
    assert mcp_json["mcpServers"]["vaulted"]["env"] == {"SERVICE_KEY": "${SERVICE_KEY}"}
    session = nb.cells[5].outputs[0]["text"]
    assert "[REDACTED]" in session and "env_var" in session
    recording = tmp_path / "analysis.orkas.json"
    exported = tmp_path / "exported.ipynb"
    assert recording.exists() and exported.exists()

    assert SECRET not in json.dumps([r.body for r in fake_model.requests])
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.suffix == ".duckdb" for p in files)
    assert any(p.name == "mcp-secrets.json" for p in files)  # stored, encrypted
    for path in files:  # store, WAL, logs, recording, both notebooks, mcp.json, the vault
        assert SECRET.encode() not in path.read_bytes(), f"the MCP secret is in {path}"
