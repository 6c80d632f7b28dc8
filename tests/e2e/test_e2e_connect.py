"""How a notebook's kernel gets connected when Orkas cannot be imported in it: the quick path
on the comm's subshell fails, the extension falls back to attaching on the main shell, and the
panel says why (the kernel is another environment) and offers to load Orkas."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Lab, NotebookPage, running_lab

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def lab_without_orkas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """Kernels whose `import orkas_jupyter` fails, as in an environment without the package."""
    from orkas_jupyter.testing.notebooks import offline_environ

    base = tmp_path_factory.mktemp("lab-without-orkas")
    shadow = base / "shadow" / "orkas_jupyter"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text(
        "raise ImportError('No module named orkas_jupyter (test stand-in)')\n")
    env = {**offline_environ(), "PYTHONPATH": str(shadow.parent),
           "ORKAS_HOME": str(base / "home")}
    with running_lab(base, base / "root", env) as server:
        yield server


def test_a_kernel_without_orkas_shows_not_loaded_with_the_reason(
        lab_without_orkas: Lab, page: Any, artifacts: Path) -> None:
    lab_without_orkas.notebook("plain.ipynb", ["print('hello')"])
    nb = NotebookPage(page, lab_without_orkas, "plain.ipynb", artifacts)
    page.goto(lab_without_orkas.open_url("plain.ipynb"))
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=60_000)
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " const c = w && window.orkasJupyter.connections.get(w);"
        " return c && c.status === 'unavailable'; }", timeout=60_000)
    reason = page.evaluate(
        "() => window.orkasJupyter.connections.get(window.jupyterapp.shell.currentWidget)"
        ".reason")
    assert "orkas_jupyter is not installed in this kernel" in reason
    panel = nb.open_panel()
    notice = panel.locator("[data-orkas=notice]")
    notice.wait_for(state="visible")
    assert "not loaded" in notice.inner_text()
    assert panel.locator("[data-orkas=load]").is_visible()
    nb.shot("connect-not-installed")
    # The notebook itself still runs.
    nb.run(0)
    nb.wait_output(0, "hello")
    nb.shutdown()
