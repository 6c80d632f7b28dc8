"""Binder: the environment repo2docker builds from `binder/` installs orkas-jupyter with its
JupyterLab extension, and the quickstart notebook replays there without a model.

The slow test rebuilds that environment the way repo2docker's Python buildpack does, with a
fresh venv standing in for its conda `notebook` environment: the base image's Jupyter
packages, a copy of the repository (repo2docker builds a clone; the in-tree wheel build must
not write into this checkout), then from the copy's root `pip install -r
binder/requirements.txt` and `./binder/postBuild`. Only `--no-cache-dir` is left out, so the
pip cache keeps the test to a few minutes.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"
# The notebook the Binder link opens (`?urlpath=lab/tree/<this>`).
QUICKSTART = "notebooks/quickstart.ipynb"
_BINDER_LINK = re.compile(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/[^?\s)]+\?[^)\s\]`]+")
# What repo2docker's base environment holds before any repository file is read (its conda
# `notebook` env, repo2docker/buildpacks/conda/environment.yml), by PyPI name:
# jupyterhub-singleuser is conda's name for jupyterhub's single-user server.
BASE_IMAGE = ("ipywidgets==8.*", "jupyter-offlinenotebook==0.3.*", "jupyter-resource-usage==1.*",
              "jupyter_server==2.*", "jupyterhub==5.*", "jupyterlab==4.*", "notebook==7.*")
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;#]+)$")


def _pins() -> dict[str, str]:
    """binder/requirements.txt as {canonical name: version}; any other line is an error."""
    pins: dict[str, str] = {}
    for number, raw in enumerate((BINDER / "requirements.txt").read_text("utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = _PIN.match(line)
        assert match, f"binder/requirements.txt:{number}: {raw!r} is not a `name==version` pin"
        pins[canonicalize_name(match[1])] = match[2]
    return pins


def _runtime_python() -> str:
    text = (BINDER / "runtime.txt").read_text("utf-8").strip()
    match = re.fullmatch(r"python-(3\.\d+)", text)
    assert match, f"binder/runtime.txt must read python-3.X, not {text!r}"
    return match[1]


def test_runtime_python_is_one_the_package_supports() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    version = _runtime_python()
    assert version in SpecifierSet(project["requires-python"]), (version, project)


def test_pins_satisfy_every_requirement_of_the_package_and_its_demo_extra() -> None:
    """A pyproject.toml change the pins no longer satisfy would break the Binder build."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    pins = _pins()
    problems = []
    for spec in [*project["dependencies"], *project["optional-dependencies"]["demo"]]:
        requirement = Requirement(spec)
        if requirement.marker and not requirement.marker.evaluate({"extra": "demo"}):
            continue
        pinned = pins.get(canonicalize_name(requirement.name))
        if pinned is None or pinned not in requirement.specifier:
            problems.append(f"{spec!r}: binder/requirements.txt pins {pinned or 'nothing'}")
    assert not problems, "update the pins (docs/binder.md):\n" + "\n".join(problems)


def _fake_bin(folder: Path, node_version: str | None) -> Path:
    """A PATH folder with `sed` and `rm`, an optional fake `node`, and a `python` that writes
    its arguments to `python-ran`."""
    folder.mkdir()
    for tool in ("sed", "rm"):
        os.symlink(shutil.which(tool) or f"/usr/bin/{tool}", folder / tool)
    scripts = {"python": f"#!/bin/sh\necho \"$@\" > '{folder}/python-ran'\n"}
    if node_version:
        scripts["node"] = f"#!/bin/sh\necho {node_version}\n"
    for name, body in scripts.items():
        (folder / name).write_text(body)
        (folder / name).chmod(0o755)
    return folder


def _post_build(tmp_path: Path, node_version: str | None) -> tuple[int, str, str | None]:
    """Run binder/postBuild with fake tools: (exit code, stderr, what `python` was given)."""
    fake = _fake_bin(tmp_path / "bin", node_version)
    proc = subprocess.run([str(BINDER / "postBuild")], cwd=tmp_path, capture_output=True,
                          text=True, timeout=30, env={"PATH": str(fake), "HOME": str(tmp_path)})
    ran = fake / "python-ran"
    return proc.returncode, proc.stderr, ran.read_text().strip() if ran.exists() else None


@pytest.mark.parametrize("node_version", ["v18.20.4", None])
def test_post_build_stops_with_a_clear_message_without_node_20(tmp_path: Path,
                                                               node_version: str | None) -> None:
    code, stderr, python_args = _post_build(tmp_path, node_version)
    assert code != 0
    assert "needs Node >= 20" in stderr
    assert (node_version or "none") in stderr
    assert python_args is None, "postBuild went on to pip install"


@pytest.mark.parametrize("node_version", ["v20.11.1", "v22.3.0"])
def test_post_build_installs_the_checkout_with_its_demo_extra(tmp_path: Path,
                                                              node_version: str) -> None:
    code, stderr, python_args = _post_build(tmp_path, node_version)
    assert code == 0, stderr
    assert python_args == "-m pip install .[demo]"


def test_binder_links_open_a_notebook_that_exists() -> None:
    """The badge in the README and docs/binder.md opens JupyterLab on a committed notebook."""
    links = [link for doc in ("README.md", "docs/binder.md")
             for link in _BINDER_LINK.findall((REPO / doc).read_text("utf-8"))]
    assert any(link.endswith(f"?urlpath=lab/tree/{QUICKSTART}") for link in links), links
    for link in links:
        found = re.search(r"\?urlpath=lab/tree/(\S+)$", link)
        assert found and (REPO / found[1]).is_file(), link


# --- the environment itself (slow) ------------------------------------------------------------


@dataclass
class BinderEnv:
    """A repository copy with a venv built from its binder/ files, and how to run in it."""

    root: Path
    venv: Path
    env: dict[str, str]
    seconds: dict[str, float]
    base_image: frozenset[str] = frozenset()  # packages the base-image step installed

    def run(self, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        """Run a command from the repository root inside the Binder environment."""
        return subprocess.run(list(args), cwd=self.root, env=self.env, capture_output=True,
                              text=True, timeout=timeout)

    def installed(self) -> dict[str, str]:
        """`pip freeze` of the environment, orkas-jupyter left out: {canonical name: version}."""
        proc = self.run("pip", "freeze", "--exclude", "orkas-jupyter")
        _check(proc, "pip freeze")
        return {canonicalize_name(name): version for name, version in
                (line.split("==", 1) for line in proc.stdout.splitlines() if "==" in line)}


def _copy_repository(dest: Path) -> None:
    """Copy the files git tracks or would track (not ignored ones: no .venv, node_modules or
    build output). In a clean checkout that is exactly what a Binder clone holds; in a
    working copy it includes edits not yet committed, so they are tested together."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout: cannot tell which files Binder would see")
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=REPO, capture_output=True, check=True, timeout=60)
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = REPO / name
        if not source.is_file():  # deleted in the working tree, not yet committed
            continue
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def _binder_environ(venv: Path, scratch: Path) -> dict[str, str]:
    """Like a fresh Binder: the venv first on PATH, no keys or Orkas settings, empty user
    Jupyter folders (a user-level labextension or kernelspec must not count)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("ORKAS_") and not k.endswith("_API_KEY")
           and k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "CONDA_PREFIX"}}
    ours = str(Path(sys.prefix) / "bin") if sys.prefix != sys.base_prefix else None
    path = [p for p in env.get("PATH", "/usr/bin:/bin").split(os.pathsep) if p and p != ours]
    env["PATH"] = os.pathsep.join([str(venv / "bin"), *path])
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        env[var] = str(scratch / var.lower())
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    # pip's byte-compiling of every installed module is a quarter of the build's time and
    # changes nothing the tests check (Python compiles what it imports). pip reads a "no-"
    # option's variable as the value of the option it negates: "0" turns compiling off.
    env["PIP_NO_COMPILE"] = "0"
    return env


def _check(proc: subprocess.CompletedProcess[str], what: str) -> None:
    assert proc.returncode == 0, (f"{what} failed ({proc.returncode}):\n"
                                  f"{proc.stdout[-3000:]}\n{proc.stderr[-5000:]}")


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BinderEnv]:
    version = _runtime_python()
    python = shutil.which(f"python{version}")
    if python is None:
        pytest.skip(f"binder/runtime.txt asks for Python {version}; no python{version} here")
    base = tmp_path_factory.mktemp("binder")
    root, venv = base / "repo", base / "venv"
    seconds: dict[str, float] = {}
    start = time.monotonic()
    _copy_repository(root)
    subprocess.run([python, "-m", "venv", str(venv)], check=True, timeout=120)
    env = BinderEnv(root, venv, _binder_environ(venv, base), seconds)
    # The base image's Jupyter packages come first, as in the image; the pins then replace
    # some of them, as they do there.
    step = time.monotonic()
    _check(env.run(str(venv / "bin" / "pip"), "install", *BASE_IMAGE, timeout=1200),
           "pip install (base image packages)")
    env.base_image = frozenset(env.installed())
    seconds["base image"] = time.monotonic() - step
    # repo2docker: `${KERNEL_PYTHON_PREFIX}/bin/pip install --no-cache-dir -r
    # "binder/requirements.txt"`, from the repository root.
    step = time.monotonic()
    _check(env.run(str(venv / "bin" / "pip"), "install", "-r", "binder/requirements.txt",
                   timeout=1200), "pip install -r binder/requirements.txt")
    seconds["requirements"] = time.monotonic() - step
    # repo2docker: `RUN chmod +x binder/postBuild` then `RUN ./binder/postBuild`, as the user.
    step = time.monotonic()
    (root / "binder" / "postBuild").chmod(0o755)
    _check(env.run("./binder/postBuild", timeout=1200), "binder/postBuild")
    seconds["postBuild"] = time.monotonic() - step
    seconds["build"] = time.monotonic() - start
    yield env
    print(f"\nbinder environment: {', '.join(f'{k} {v:.0f} s' for k, v in seconds.items())}")


@pytest.mark.slow
def test_binder_env_runs_the_installed_package_not_the_checkout(binder_env: BinderEnv) -> None:
    proc = binder_env.run("python", "-P", "-c",
                          "import orkas_jupyter; print(orkas_jupyter.__file__)")
    _check(proc, "import orkas_jupyter")
    assert Path(proc.stdout.strip()).is_relative_to(binder_env.venv), proc.stdout
    assert not (binder_env.root / "labextension" / "node_modules").exists()


@pytest.mark.slow
def test_binder_env_holds_the_pinned_versions_and_nothing_unpinned(binder_env: BinderEnv) -> None:
    """postBuild adds nothing beyond binder/requirements.txt (and the base image), so the
    Binder is fully pinned."""
    installed, pins = binder_env.installed(), _pins()
    wrong = {name: (installed.get(name), version) for name, version in pins.items()
             if installed.get(name) != version}
    unpinned = sorted(set(installed) - set(pins) - binder_env.base_image)
    assert not wrong and not unpinned, (
        f"installed vs pinned: {wrong}; installed but not pinned: {unpinned}. Regenerate "
        "binder/requirements.txt (docs/binder.md).")


@pytest.mark.slow
def test_binder_env_has_no_conflicting_requirements(binder_env: BinderEnv) -> None:
    """The pins must not break the base image's packages (jupyterhub's single-user server
    runs the Binder session)."""
    _check(binder_env.run("pip", "check"), "pip check")
    _check(binder_env.run("jupyterhub-singleuser", "--help"), "jupyterhub-singleuser --help")


@pytest.mark.slow
def test_binder_env_has_the_labextension_enabled(binder_env: BinderEnv) -> None:
    proc = binder_env.run("jupyter", "labextension", "list")
    _check(proc, "jupyter labextension list")
    listing = re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout + proc.stderr)  # its colours
    # `jupyter labextension list` prints one section per folder, then one line per extension.
    sections = re.split(r"^(?=\S.*labextensions\s*$)", listing, flags=re.MULTILINE)
    ours = [s for s in sections if re.search(r"^\s+orkas-jupyter v\S+ enabled\s+OK", s, re.M)]
    assert ours, listing
    assert str(binder_env.venv / "share" / "jupyter" / "labextensions") in ours[0], listing


@pytest.mark.slow
def test_binder_env_replays_the_example_notebooks(binder_env: BinderEnv) -> None:
    """The notebook the Binder link opens, and the others beside it, replay offline there."""
    assert (binder_env.root / QUICKSTART).is_file(), f"the Binder link opens {QUICKSTART}"
    others = sorted(str(p.relative_to(binder_env.root))
                    for p in (binder_env.root / "notebooks").glob("*.ipynb"))
    notebooks = [QUICKSTART, *(n for n in others if n != QUICKSTART)]
    proc = binder_env.run("python", "-P", "-m", "orkas_jupyter.testing.notebooks", "check",
                          *notebooks, timeout=900)
    assert proc.returncode == 0, f"{proc.stdout[-5000:]}\n{proc.stderr[-5000:]}"
    for notebook in notebooks:
        assert re.search(rf"^ok\s+{re.escape(notebook)}$", proc.stdout, re.M), proc.stdout


def _get(url: str) -> str:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # 127.0.0.1 only
    with opener.open(url, timeout=10) as response:
        return str(response.read().decode("utf-8"))


@pytest.mark.slow
def test_binder_env_serves_the_binder_link_with_the_extension(binder_env: BinderEnv) -> None:
    """What the Binder link asks of the server: JupyterLab, rooted at the repository (the
    image's home), opens `lab/tree/notebooks/quickstart.ipynb` with our extension loaded."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    token, url = secrets.token_hex(16), f"http://127.0.0.1:{port}/"
    cmd = ["jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
           "--LabApp.news_url=None", f"--ServerApp.root_dir={binder_env.root}"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    log = binder_env.venv.parent / "lab.log"
    with log.open("wb") as out:
        server = subprocess.Popen(cmd, cwd=binder_env.root, env=binder_env.env, stdout=out,
                                  stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                _get(f"{url}api/status?token={token}")
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.5)
        page = _get(f"{url}lab/tree/{QUICKSTART}?token={token}")
        found = re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', page, re.S)
        assert found, page[:3000]
        config = json.loads(found[1])
        assert config.get("treePath") == QUICKSTART, config.get("treePath")
        ours = [e for e in config["federated_extensions"] if e["name"] == "orkas-jupyter"]
        assert ours, config["federated_extensions"]
        _get(f"{url}lab/extensions/orkas-jupyter/{ours[0]['load']}?token={token}")
        # The lab page answers for any path; the contents API says the notebook is there.
        model = json.loads(_get(f"{url}api/contents/{QUICKSTART}?token={token}&content=0"))
        assert model["type"] == "notebook", model
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
