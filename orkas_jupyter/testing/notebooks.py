"""Re-executing agent notebooks (P7, issues 9 and 14): run a notebook as
`jupyter nbconvert --to notebook --execute` does — nbclient, a fresh kernel started in the
notebook's folder and told nothing else (no `JPY_SESSION_NAME`, no `ORKAS_NOTEBOOK`) — with
the model replayed from the recording the notebook names and the model API unreachable, and
compare the agent's outputs with the committed ones.

    python -m orkas_jupyter.testing.notebooks check notebooks/*.ipynb
    python -m orkas_jupyter.testing.notebooks compare notebooks/*.ipynb --executed DIR

Each run works on a copy of the notebook's folder, so the checkout is never written to.
`record` runs a notebook against a scripted model (the `FakeModelServer`) and writes the
executed notebook and its recording back — how the example notebooks' recordings are made
(scripts/record_examples.py).
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import os
import re
import shutil
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..providers.replay import normal_text
from ..secrets import is_secret_name

AGENT_CELL = re.compile(r"^\s*%%?orkas\b", re.MULTILINE)
_IMAGE = re.compile(r"(data:image/[a-z+]+;base64,)[A-Za-z0-9+/=\s]+")
_SKIP_COPY = shutil.ignore_patterns(".orkas", ".ipynb_checkpoints", "__pycache__")
TEXT_TYPES = ("text/markdown", "text/html", "text/plain")  # the richest text first


def closed_port_url() -> str:
    """An API base on 127.0.0.1 where nothing listens (the port was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def offline_environ() -> dict[str, str]:
    """This process's environment without orkas settings, notebook names or anything
    key-like, and with the model API at a closed port: a machine that has no model."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ORKAS_", "JPY_")) and not is_secret_name(k)}
    env["ORKAS_API_BASE"] = closed_port_url()
    return env


def kernel_env(notebook: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """An offline kernel environment as a fresh machine has it (nothing names the notebook;
    runners do not), with orkas's home folder in a scratch folder beside the notebook so the
    user's own memory and settings stay out of the run."""
    env = offline_environ()
    env["ORKAS_HOME"] = str(notebook.parent / ".orkas-home")
    env.update(extra or {})
    return env


@contextmanager
def notebook_copy(notebook: Path) -> Iterator[Path]:
    """The notebook, in a temporary copy of its folder (data files and recording beside it)."""
    with tempfile.TemporaryDirectory(prefix="orkas-nb-") as tmp:
        folder = Path(tmp) / notebook.parent.name
        shutil.copytree(notebook.parent, folder, ignore=_SKIP_COPY)
        yield folder / notebook.name


def execute(notebook: Path, env: Mapping[str, str], timeout: int = 300) -> dict[str, Any]:
    """Run every cell of `notebook` (in place on disk: pass a copy) the way nbconvert does,
    and return the executed notebook as JSON. Errors in cells are kept as outputs, like
    "Run All" would show them."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    nb = nbformat.read(notebook, as_version=4)  # type: ignore[no-untyped-call]
    km = KernelManager(kernel_name="python3")
    # This interpreter's kernel: the one orkas-jupyter is installed in.
    km.kernel_cmd = [  # type: ignore[attr-defined]
        sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    # nbconvert's only hint to the kernel: it starts in the notebook's folder.
    client = NotebookClient(nb, km=km, timeout=timeout, allow_errors=True, record_timing=False,
                            resources={"metadata": {"path": str(notebook.parent)}})
    client.execute(env=dict(env))
    return json.loads(nbformat.writes(nb))  # type: ignore[no-any-return, no-untyped-call]


def _normal(text: str, workspace: str) -> str:
    return normal_text(_IMAGE.sub(r"\1…", text), ((workspace, "."),))


def agent_outputs(nb: Mapping[str, Any], workspace: str = "\0") -> list[tuple[str, list[str]]]:
    """Each agent cell's source head and its outputs as comparable text (images, memory
    addresses and the folder the notebook ran in are normalised)."""
    found = []
    for cell in nb.get("cells", []):
        source = "".join(cell.get("source", ""))
        if cell.get("cell_type") != "code" or not AGENT_CELL.search(source):
            continue
        shown: list[str] = []
        last_stream = None
        for out in cell.get("outputs", []):
            kind = out.get("output_type")
            if kind == "stream" and last_stream == out.get("name"):
                # one print can reach the notebook as two stream messages (the kernel's IO
                # thread flushed between its writes); frontends show them as one text
                shown[-1] += "".join(out.get("text", ""))
                continue
            last_stream = out.get("name") if kind == "stream" else None
            if kind == "stream":
                shown.append(f"[{out.get('name')}] " + "".join(out.get("text", "")))
            elif kind == "error":
                shown.append(f"[error] {out.get('ename')}: {out.get('evalue')}")
            else:
                data = out.get("data", {})
                for mime in TEXT_TYPES:
                    if mime in data:
                        shown.append(f"[{mime}] " + "".join(data[mime]))
                        break
                else:
                    shown.append("[" + ", ".join(sorted(data)) + "]")
        found.append((source.splitlines()[0][:80] if source else "",
                      [_normal(s, workspace) for s in shown]))
    return found


def compare(committed: Mapping[str, Any], executed: Mapping[str, Any],
            workspace: str) -> list[str]:
    """Differences between the committed and the re-executed agent outputs (empty: equal)."""
    before, after = agent_outputs(committed, workspace), agent_outputs(executed, workspace)
    problems = []
    if len(before) != len(after):
        problems.append(f"{len(before)} agent cells committed, {len(after)} executed")
    for n, ((head, old), (_, new)) in enumerate(zip(before, after, strict=False), start=1):
        if old != new:
            diff = "\n".join(difflib.unified_diff(
                "\n".join(old).splitlines(), "\n".join(new).splitlines(),
                "committed", "re-executed", lineterm="", n=1))
            problems.append(f"agent cell {n} ({head}) differs:\n{diff}")
    return problems


def check(notebook: Path, timeout: int = 300) -> list[str]:
    """Re-execute `notebook` offline in replay mode; the differences from its committed
    agent outputs (empty when identical)."""
    committed = json.loads(notebook.read_text("utf-8"))
    with notebook_copy(notebook) as copy_path:
        env = kernel_env(copy_path, {"ORKAS_REPLAY": "replay"})
        executed = execute(copy_path, env, timeout)
        return compare(committed, executed, str(copy_path.parent))


def record(notebook: Path, model: Callable[[Any], Any], *, model_name: str,
           timeout: int = 300) -> dict[str, Any]:
    """Record `notebook`'s model answers from `model` (a `FakeModelServer` script), then run
    it again offline from that recording; write that run's outputs and the recording
    (`<name>.orkas.json`) beside the original. Cells the agent inserted are kept (after the
    cells that were there), with their provenance."""
    from ..jupyter.recording import recording_path_for
    from .fake_server import FakeModelServer

    with notebook_copy(notebook) as copy_path, FakeModelServer(model) as server:
        recording_path_for(copy_path).unlink(missing_ok=True)
        env = kernel_env(copy_path, {"ORKAS_REPLAY": "record", "ORKAS_MODEL": model_name,
                                     "ORKAS_API_BASE": server.base_url,
                                     "ORKAS_API_KEY": "scripted-example-no-key"})
        _write_back(notebook, copy_path, execute(copy_path, env, timeout))
        shutil.copyfile(recording_path_for(copy_path), recording_path_for(notebook))
    with notebook_copy(notebook) as copy_path:
        executed = execute(copy_path, kernel_env(copy_path, {"ORKAS_REPLAY": "replay"}),
                           timeout)
        _write_back(notebook, copy_path, executed)
        return executed


def _write_back(notebook: Path, copy_path: Path, executed: dict[str, Any]) -> None:
    on_disk = json.loads(copy_path.read_text("utf-8"))  # holds the agent's cell edits
    known = {c.get("id") for c in executed["cells"]}
    for cell in on_disk["cells"]:
        if "orkas" in cell.get("metadata", {}) and cell.get("id") not in known:
            executed["cells"].append(copy.deepcopy(cell))
    text = json.dumps(executed, indent=1, ensure_ascii=False)
    notebook.write_text(text.replace(str(copy_path.parent), ".") + "\n", "utf-8")


def compare_files(notebook: Path, executed: Path, ran_in: Path) -> list[str]:
    """Differences between a committed notebook's agent outputs and those of its copy that
    another runner (nbconvert, papermill) executed in the folder `ran_in`."""
    if not executed.is_file():
        return [f"{executed} not found: was the notebook executed there?"]
    return compare(json.loads(notebook.read_text("utf-8")),
                   json.loads(executed.read_text("utf-8")), str(ran_in.resolve()))


def main(argv: list[str] | None = None) -> int:
    """`check NOTEBOOK…` re-executes and compares; `compare NOTEBOOK… --executed DIR`
    compares runs made by another runner. Exit 0 when every notebook's agent outputs match."""
    parser = argparse.ArgumentParser(prog="python -m orkas_jupyter.testing.notebooks")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("check", help="re-execute offline in replay mode and compare")
    run.add_argument("notebooks", nargs="+", type=Path)
    run.add_argument("--timeout", type=int, default=300)
    other = sub.add_parser("compare", help="compare notebooks executed by nbconvert, papermill "
                                           "or another runner with the committed ones")
    other.add_argument("notebooks", nargs="+", type=Path, help="the committed notebooks")
    other.add_argument("--executed", type=Path, required=True,
                       help="the folder holding the executed notebooks, by the same names")
    other.add_argument("--ran-in", type=Path, default=Path("."),
                       help="the folder the notebooks ran in (its path in outputs is "
                            "normalised); default: the current folder")
    args = parser.parse_args(argv)
    failed = 0
    for path in args.notebooks:
        problems = (check(path, args.timeout) if args.command == "check"
                    else compare_files(path, args.executed / path.name, args.ran_in))
        print(f"{'ok  ' if not problems else 'FAIL'} {path}")
        for problem in problems:
            print("  " + problem.replace("\n", "\n  "))
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
