"""Which notebook does this kernel belong to, and which recording file does it replay?
Record/replay and the notebook tools need the answer; each runner reveals it differently:

- jupyter-server (JupyterLab, Notebook 7) sets `JPY_SESSION_NAME` to the notebook's path;
- `ORKAS_NOTEBOOK` is the user's own way to say it;
- VS Code runs `__vsc_ipynb_file__ = "<path>"` in the kernel when it starts it;
- papermill puts `PAPERMILL_INPUT_PATH` in the namespace only when asked
  (`--inject-input-path` / `--inject-paths`), as the path given on its command line;
- nbconvert and nbclient say nothing: the kernel only starts in the notebook's folder.

So a notebook names its recording (`%orkas replay auto quickstart.orkas.json`) to replay
under every runner, and the notebook beside a named recording is taken as the kernel's.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..config import Settings
from .recording import SUFFIX

# Names a notebook runner may leave in the kernel's namespace, in the order they are trusted.
_NAMESPACE_NAMES = ("__vsc_ipynb_file__", "PAPERMILL_INPUT_PATH")


def notebook_path(settings: Settings, environ: Mapping[str, str] | None = None,
                  namespace: Mapping[str, Any] | None = None,
                  recording: Path | None = None) -> Path | None:
    """The kernel's notebook: `JPY_SESSION_NAME`, `ORKAS_NOTEBOOK`, VS Code's
    `__vsc_ipynb_file__`, papermill's `PAPERMILL_INPUT_PATH`, else the notebook that goes
    with a `recording` named in the notebook (`x.orkas.json` → `x.ipynb`, when it exists)."""
    env = os.environ if environ is None else environ
    for var in ("JPY_SESSION_NAME", "ORKAS_NOTEBOOK"):
        value = env.get(var)
        if value and value.endswith(".ipynb"):
            path = Path(value).expanduser()
            return path if path.is_absolute() else settings.workspace / path
    for name in _NAMESPACE_NAMES:
        found = _existing_notebook((namespace or {}).get(name))
        if found is not None:
            return found
    if recording is not None:
        return notebook_for(recording)
    return None


def _existing_notebook(value: Any) -> Path | None:
    """A notebook path a runner left in the namespace, if it names a local notebook: as given
    (absolute, or relative to the kernel's folder), else by its name in the kernel's folder
    (papermill's path is relative to papermill's folder, which `--cwd` may differ from)."""
    if not isinstance(value, str | os.PathLike) or not str(value).endswith(".ipynb"):
        return None
    path = Path(value).expanduser()
    for candidate in (path, Path.cwd() / path.name):
        if candidate.is_file():
            return candidate.absolute()
    return None


def notebook_for(recording: Path) -> Path | None:
    """The notebook a recording file belongs to by name, when it is beside it."""
    if not recording.name.endswith(SUFFIX):
        return None
    notebook = recording.with_name(recording.name.removesuffix(SUFFIX) + ".ipynb")
    return notebook if notebook.is_file() else None


def resolve_named(file: Path, notebook: Path | None) -> Path:
    """A recording file named in a cell, made absolute: relative to the kernel's working
    directory (like every path in a notebook), or beside the notebook when only there."""
    file = file.expanduser()
    if file.is_absolute():
        return file
    here = Path.cwd() / file
    if not here.exists() and notebook is not None and (notebook.parent / file).exists():
        return notebook.parent / file
    return here


@dataclass(frozen=True)
class Found:
    """A recording file and how it was found (said under the cell when it was a guess)."""

    path: Path
    note: str | None = None


def find_recording(named: Path | None, notebook: Path | None,
                   folder: Path | None = None) -> Found | None:
    """The recording to replay: the file named in the notebook, else the one beside the
    kernel's notebook, else the only `*.orkas.json` in the working directory."""
    if named is not None:
        return Found(named)
    if notebook is not None:
        return Found(notebook.with_name(notebook.stem + SUFFIX))
    folder = Path.cwd() if folder is None else folder
    candidates = sorted(folder.glob("*" + SUFFIX)) if folder.is_dir() else []
    if len(candidates) == 1:
        return Found(candidates[0], note=(
            f"this kernel was not told its notebook, so it uses `{candidates[0].name}`, the "
            f"only recording in {folder}; name it in the notebook to be sure: "
            f"`%orkas replay auto {candidates[0].name}`"))
    return None


def missing_recording(mode: str, folder: Path | None = None) -> str:
    """What a cell says when `replay`/`auto` is asked and no recording file can be found."""
    folder = Path.cwd() if folder is None else folder
    count = len(list(folder.glob("*" + SUFFIX))) if folder.is_dir() else 0
    what = (f"{folder} holds {count} `*{SUFFIX}` files" if count
            else f"{folder} holds no `*{SUFFIX}` file")
    return (f"No recording file found for `{mode}`: this kernel was not told which "
            f"notebook it runs (nbconvert, nbclient and papermill do not say; JupyterLab and VS "
            f"Code do), and {what}. Name the file in the notebook: "
            f"`%orkas replay {'auto ' if mode == 'auto' else ''}NAME{SUFFIX}` (relative to "
            f"the kernel's folder), or set `ORKAS_NOTEBOOK=path/to/NAME.ipynb` for the kernel. "
            f"Until then, recordings are looked up in the workspace store.")
