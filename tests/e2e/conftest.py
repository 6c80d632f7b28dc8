"""A real `jupyter lab` on 127.0.0.1 with the installed Orkas extension, the fake model server,
and Debian Chromium driven by Python Playwright (a Debian package, not a downloaded browser).

Screenshots go to `ORKAS_E2E_ARTIFACTS` (default: a temp folder printed at the start).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.testing import FakeModelServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
_ARTIFACTS: list[Path] = []
EXTENSION = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "orkas-jupyter"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def artifacts() -> Path:
    folder = Path(os.environ.get("ORKAS_E2E_ARTIFACTS") or tempfile.mkdtemp(prefix="orkas-e2e-"))
    folder.mkdir(parents=True, exist_ok=True)
    _ARTIFACTS.append(folder)
    return folder


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print where the screenshots went (also when output is captured)."""
    for folder in _ARTIFACTS:
        terminalreporter.write_line(f"browser test screenshots: {folder}")


@pytest.fixture(scope="module")
def model_server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as server:
        yield server


@pytest.fixture
def fake_model(model_server: FakeModelServer) -> FakeModelServer:
    model_server.script([])
    model_server.clear_requests()
    return model_server


class Lab:
    """One running JupyterLab server."""

    def __init__(self, root: Path, url: str, token: str, proc: subprocess.Popen[bytes],
                 log: Path) -> None:
        self.root, self.url, self.token, self.proc, self.log = root, url, token, proc, log

    def notebook(self, name: str, cells: list[str] | None = None) -> Path:
        """Write a notebook with these code cells into the server's root."""
        path = self.root / name
        nb = {"cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "outputs": [],
                         "execution_count": None, "source": src}
                        for i, src in enumerate(cells or [""])],
              "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                          "language": "python"}},
              "nbformat": 4, "nbformat_minor": 5}
        path.write_text(json.dumps(nb))
        return path

    def open_url(self, name: str) -> str:
        # A workspace of its own: JupyterLab would otherwise reopen every earlier notebook.
        workspace = name.removesuffix(".ipynb").replace("_", "-")
        return f"{self.url}lab/workspaces/{workspace}/tree/{name}?token={self.token}"


@contextlib.contextmanager
def running_lab(base: Path, root: Path, env: dict[str, str]) -> Iterator[Lab]:
    """`jupyter lab` serving `root`, with its own settings and runtime folders under `base`."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (see .ci/run)")
    if not (EXTENSION / "package.json").exists():
        pytest.fail(f"the prebuilt extension is not installed at {EXTENSION}: pip install -e .")
    settings, runtime = base / "settings", base / "runtime"
    for folder in (root, settings, runtime):
        folder.mkdir(exist_ok=True)
    notify = settings / "@jupyterlab" / "apputils-extension"
    notify.mkdir(parents=True)
    (notify / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    token, port = secrets.token_hex(16), _free_port()
    env = {**env, "JUPYTERLAB_SETTINGS_DIR": str(settings), "JUPYTER_RUNTIME_DIR": str(runtime),
           "MPLBACKEND": "module://matplotlib_inline.backend_inline",
           "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    log = base / "lab.log"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
           "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None", "--allow-root",
           "--JupyterNotebookApp.expose_app_in_browser=True",
           f"--ServerApp.root_dir={root}"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{url}api/status?token={token}", timeout=2).close()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"jupyter lab did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.3)
    try:
        yield Lab(root, url, token, proc, log)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(runtime, ignore_errors=True)


@pytest.fixture(scope="module")
def lab(model_server: FakeModelServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ORKAS_", "JPY_"))}
    env.update({
        "ORKAS_MODEL": "openai/gpt-4o", "ORKAS_API_BASE": model_server.base_url,
        "OPENAI_API_KEY": "sk-test-not-a-real-key", "ORKAS_WORKSPACE": str(root),
        "ORKAS_HOME": str(base / "home"),
    })
    with running_lab(base, root, env) as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any, artifacts: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    try:
        yield pg
    finally:
        # A crashed page has no screenshot; the test result says why.
        with contextlib.suppress(Exception):
            pg.screenshot(path=str(artifacts / f"{request.node.name}-final.png"))
        context.close()


class NotebookPage:
    """One notebook open in the page, driven through JupyterLab's own objects."""

    def __init__(self, page: Any, lab: Lab, name: str, artifacts: Path) -> None:
        self.page, self.lab, self.name, self.artifacts = page, lab, name, artifacts

    def open(self, url: str | None = None) -> NotebookPage:
        self.page.goto(url or self.lab.open_url(self.name))
        self.page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=60_000)
        self.page.wait_for_function(
            "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
            "?.status === 'idle'", timeout=60_000)
        self.wait_connected()
        return self

    def wait_connected(self, timeout: float = 60_000) -> None:
        """Until the Orkas comm of this notebook is open."""
        self.page.wait_for_function(
            "() => { const o = window.orkasJupyter; const w = window.jupyterapp.shell"
            ".currentWidget; const c = o && w && o.connections.get(w);"
            " return c && c.status === 'ready'; }", timeout=timeout)

    def run(self, index: int, source: str | None = None) -> None:
        """Select cell `index` (optionally replacing its source) and run it; do not wait."""
        self.page.evaluate(
            """([i, src]) => { const w = window.jupyterapp.shell.currentWidget;
                 w.content.activeCellIndex = i;
                 if (src !== null) { w.content.activeCell.model.sharedModel.setSource(src); }
                 void window.jupyterapp.commands.execute('notebook:run-cell'); }""",
            [index, source])

    def cell(self, index: int) -> Any:
        return self.page.locator(".jp-NotebookPanel:visible .jp-Cell").nth(index)

    def wait_output(self, index: int, text: str, timeout: float = 30_000) -> None:
        self.cell(index).locator(".jp-OutputArea-output", has_text=text).first.wait_for(
            timeout=timeout)

    def wait_idle(self, timeout: float = 60_000) -> None:
        """Until no cell shows `[*]` (the kernel status flickers with subshells)."""
        self.page.wait_for_function(
            "() => !Array.from(document.querySelectorAll('.jp-InputPrompt'))"
            ".some(p => p.textContent.includes('*'))", timeout=timeout)

    def cells_json(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = self.page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.content.model.sharedModel.cells"
            ".map(c => c.toJSON())")
        return result

    def open_panel(self) -> Any:
        self.page.evaluate("() => window.jupyterapp.commands.execute('orkas:open-chat')")
        panel = self.page.locator("#orkas-chat-panel")
        panel.wait_for(state="visible")
        return panel

    def shot(self, label: str) -> Path:
        path = self.artifacts / f"{label}.png"
        self.page.screenshot(path=str(path))
        return path

    def shutdown(self) -> None:
        """Stop this notebook's kernel so tests do not pile kernels up on 2 cores."""
        with contextlib.suppress(Exception):  # the page may already be gone
            self.page.evaluate(
                "() => window.jupyterapp.shell.currentWidget?.sessionContext?.shutdown()")


@pytest.fixture
def notebook(page: Any, lab: Lab, artifacts: Path, request: pytest.FixtureRequest
             ) -> Iterator[Any]:
    """`notebook(cells)` writes `<test name>.ipynb`, opens it and waits for the Orkas comm."""
    opened: list[NotebookPage] = []

    def make(cells: list[str], *, classic: bool = False) -> NotebookPage:
        name = f"{request.node.name}.ipynb"
        lab.notebook(name, cells)
        # classic: the Notebook 7 page of the same server instead of JupyterLab.
        url = f"{lab.url}notebooks/{name}?token={lab.token}" if classic else None
        nb = NotebookPage(page, lab, name, artifacts).open(url)
        opened.append(nb)
        return nb

    yield make
    for nb in opened:
        nb.shutdown()


@pytest.fixture(scope="module")
def offline_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab on a copy of notebooks/ with no model setting, no key and the model API
    unreachable: what a Binder user gets."""
    from orkas_jupyter.testing.notebooks import offline_environ

    base = tmp_path_factory.mktemp("offline-lab")
    root = base / "root"
    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    shutil.copytree(notebooks, root / "notebooks",
                    ignore=shutil.ignore_patterns(".orkas", "project", ".ipynb_checkpoints"))
    env = {**offline_environ(), "ORKAS_HOME": str(base / "home")}
    with running_lab(base, root, env) as server:
        yield server


@pytest.fixture
def open_notebook(page: Any, artifacts: Path) -> Any:
    """`open_notebook(lab, "folder/name.ipynb")`: open an existing notebook of `lab`."""

    def open_(server: Lab, name: str) -> NotebookPage:
        workspace = Path(name).stem.replace("_", "-")
        url = f"{server.url}lab/workspaces/{workspace}/tree/{name}?token={server.token}"
        return NotebookPage(page, server, name, artifacts).open(url)

    return open_
