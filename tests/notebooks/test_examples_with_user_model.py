"""The example notebooks run by a user who exported their own model (issue 22): Run All
replays the recorded answers — outputs identical to the committed ones, the recording file
byte for byte unchanged, the user's model never called — exactly as nbconvert runs them,
with `ORKAS_MODEL`, `ORKAS_API_BASE` and a key set as README and docs/models.md say."""

from __future__ import annotations

from pathlib import Path

import pytest

from orkas_jupyter.jupyter.recording import recording_path_for
from orkas_jupyter.testing import FakeModelServer, reply
from orkas_jupyter.testing.notebooks import compare, execute, kernel_env, notebook_copy

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("name", sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")))
def test_an_exported_model_replays_the_examples_and_leaves_their_recordings(name: str):
    import json

    notebook = NOTEBOOKS / f"{name}.ipynb"
    committed = json.loads(notebook.read_text("utf-8"))
    recording = recording_path_for(notebook).read_bytes()
    with FakeModelServer(default=reply("The user's own model answered.")) as server, \
            notebook_copy(notebook) as copy_path:
        env = kernel_env(copy_path, {"ORKAS_MODEL": "openai/gpt-4o",
                                     "ORKAS_API_BASE": server.base_url,
                                     "OPENAI_API_KEY": "sk-test-not-a-real-key"})
        executed = execute(copy_path, env)
        problems = compare(committed, executed, str(copy_path.parent))
        assert not problems, "\n".join(problems)
        assert recording_path_for(copy_path).read_bytes() == recording
        assert server.chat_requests == []
