"""External packages with real git repositories made in the tests: skills and CLI formats,
dependencies in the package's own environment after one confirmation, update and remove,
and the refusals (symlinks, submodules, `ext::` and other transports)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from orkas_jupyter.config import Settings
from orkas_jupyter.ecosystem.packages import PackageError, PackageManager, installed_skill_roots
from orkas_jupyter.ecosystem.skills import SkillCatalog

SKILL = "---\nname: {name}\ndescription: {desc}\n---\nDo the {name} thing.\n"


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                           "-c", "init.defaultBranch=main", "-c", "protocol.file.allow=always",
                           *args], cwd=repo, capture_output=True, text=True, check=True)
    return done.stdout


def make_repo(path: Path, files: dict[str, str], executable: tuple[str, ...] = ()) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "-q")
    for rel, text in files.items():
        target = path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        if rel in executable:
            target.chmod(0o755)
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "first")
    return path


def manager(home: Path, answers: list[bool] | None = None) -> tuple[PackageManager, list[str]]:
    asked: list[str] = []
    replies = list(answers or [])

    def confirm(question: str) -> bool:
        asked.append(question)
        return replies.pop(0) if replies else False

    return PackageManager(home, confirm), asked


def test_a_skills_package_joins_the_skill_roots(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "team-skills.git", {
        "README.md": "skills",
        "skills/summarise/SKILL.md": SKILL.format(name="summarise", desc="Summarise a text."),
        "skills/chart/SKILL.md": SKILL.format(name="chart", desc="Draw a chart."),
    })
    home = tmp_path / "home"
    pm, asked = manager(home)
    lines = pm.add(f"file://{repo}")
    assert "Installed team-skills" in lines[0] and not asked
    folder = home / "packages" / "team-skills"
    assert (folder / "skills" / "chart" / "SKILL.md").is_file()
    # Unchanged: the clone's tree is the source's, and Orkas' records live outside it.
    assert git(folder, "status", "--porcelain") == ""
    assert json.loads((home / "packages.json").read_text())["packages"]["team-skills"][
        "skill_roots"] == ["skills"]
    settings = Settings(workspace=tmp_path / "ws", home=home)
    assert installed_skill_roots(settings) == [("team-skills", folder / "skills")]
    catalog = SkillCatalog(lambda: settings, environ={"ORKAS_GLOBAL_SKILLS": "0"})
    found = {s.name: s for s in catalog.skills()}
    assert {"summarise", "chart"} <= set(found)
    assert found["chart"].root.kind == "package" and found["chart"].root.label == "team-skills"
    assert found["chart"].usable


def test_a_package_that_is_one_skill(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "tidy", {
        "SKILL.md": SKILL.format(name="tidy", desc="Tidy a data frame.")})
    home = tmp_path / "home"
    manager(home)[0].add(str(repo))
    settings = Settings(workspace=tmp_path / "ws", home=home)
    catalog = SkillCatalog(lambda: settings, environ={"ORKAS_GLOBAL_SKILLS": "0"})
    [skill] = [s for s in catalog.skills() if s.root.kind == "package"]
    assert skill.name == "tidy" and skill.usable


def test_a_cli_package_gets_a_shim(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "greeter", {
        "bin/greet": "#!/bin/sh\necho \"hello $1 from greeter\"\n",
        "bin/notes.txt": "not a command",
    }, executable=("bin/greet",))
    home = tmp_path / "home"
    lines = manager(home)[0].add(str(repo))
    assert any("greet" in line and "PATH" in line for line in lines)
    shim = home / "package-bin" / "greet"
    assert os.access(shim, os.X_OK) and not (home / "package-bin" / "notes.txt").exists()
    out = subprocess.run([str(shim), "world"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "hello world from greeter"


def _wheel(path: Path, name: str, value: str) -> Path:
    """A minimal pure-Python wheel (no build backend, no index needed to install it)."""
    dist = f"{name}-0.1.dist-info"
    files = {f"{name}.py": f"VALUE = {value!r}\n",
             f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n",
             f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\n"
                              "Tag: py3-none-any\n"}
    record = []
    for rel, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{rel},sha256={digest.decode()},{len(text.encode())}")
    record.append(f"{dist}/RECORD,,")
    files[f"{dist}/RECORD"] = "\n".join(record) + "\n"
    wheel = path / f"{name}-0.1-py3-none-any.whl"
    wheel.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel, "w") as zf:
        for rel, text in files.items():
            zf.writestr(rel, text)
    return wheel


@pytest.mark.slow
def test_dependencies_install_into_the_packages_own_environment_after_one_yes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # nothing from the network
    wheel = _wheel(tmp_path / "wheelhouse", "tinydep", "42")
    repo = make_repo(tmp_path / "src" / "calc", {
        "requirements.txt": "./wheels/tinydep-0.1-py3-none-any.whl\n",
        "bin/calc.py": "#!/usr/bin/env python3\nimport tinydep\nprint('value', tinydep.VALUE)\n",
    }, executable=("bin/calc.py",))
    (repo / "wheels").mkdir()
    (repo / "wheels" / wheel.name).write_bytes(wheel.read_bytes())
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "wheel")
    home = tmp_path / "home"
    pm, asked = manager(home, [True])
    lines = pm.add(str(repo))
    assert len(asked) == 1 and "tinydep" in asked[0] and "requirements.txt" in asked[0]
    assert any("installed into" in line for line in lines)
    env = home / "package-envs" / "calc"
    assert (env / "bin" / "python").exists()
    out = subprocess.run([str(home / "package-bin" / "calc")], capture_output=True, text=True)
    assert out.stdout.strip() == "value 42", out.stderr
    # The kernel's own Python never got it.
    assert subprocess.run([sys.executable, "-c", "import tinydep"],
                          capture_output=True).returncode != 0
    assert git(home / "packages" / "calc", "status", "--porcelain") == ""
    # Declined: nothing installed, and the package still works as far as it can.
    pm2, asked2 = manager(tmp_path / "home2", [False])
    lines = pm2.add(str(repo))
    assert len(asked2) == 1 and any("not installed" in line for line in lines)
    assert not (tmp_path / "home2" / "package-envs" / "calc").exists()


def test_update_and_remove(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "kit", {
        "skills/one/SKILL.md": SKILL.format(name="one", desc="First.")})
    home = tmp_path / "home"
    pm, _ = manager(home)
    pm.add(str(repo))
    (repo / "skills" / "two").mkdir()
    (repo / "skills" / "two" / "SKILL.md").write_text(SKILL.format(name="two", desc="Second."))
    (repo / "bin").mkdir()
    (repo / "bin" / "kit").write_text("#!/bin/sh\necho kit\n")
    (repo / "bin" / "kit").chmod(0o755)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "more")
    lines = pm.update("kit")
    assert "Updated kit" in lines[0] and "→" in lines[0]
    assert (home / "packages" / "kit" / "skills" / "two" / "SKILL.md").is_file()
    assert (home / "package-bin" / "kit").exists()
    assert pm.records()["kit"].commands == {"bin/kit": "kit"}
    assert "already up to date" in pm.update("kit")[0]
    pm.remove("kit")
    assert not (home / "packages" / "kit").exists()
    assert not (home / "package-bin" / "kit").exists() and pm.records() == {}
    with pytest.raises(PackageError, match="No package"):
        pm.remove("kit")


def test_a_repository_with_a_symlink_is_refused(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "sneaky", {
        "skills/ok/SKILL.md": SKILL.format(name="ok", desc="Fine.")})
    (repo / "skills" / "ok" / "data").symlink_to(Path.home() / ".ssh")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "link")
    home = tmp_path / "home"
    pm, _ = manager(home)
    with pytest.raises(PackageError, match=r"skills/ok/data \(symlink\)"):
        pm.add(str(repo))
    assert not (home / "packages" / "sneaky").exists()
    assert list((home / "packages").iterdir()) == []  # no staging left either
    assert pm.records() == {}


def test_an_update_bringing_a_symlink_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "kit", {
        "skills/one/SKILL.md": SKILL.format(name="one", desc="First.")})
    home = tmp_path / "home"
    pm, _ = manager(home)
    pm.add(str(repo))
    before = pm.records()["kit"].commit
    (repo / "skills" / "one" / "keys").symlink_to("/etc")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "link")
    with pytest.raises(PackageError, match="symlink"):
        pm.update("kit")
    folder = home / "packages" / "kit"
    assert not (folder / "skills" / "one" / "keys").exists()
    assert git(folder, "rev-parse", "HEAD").strip() == before == pm.records()["kit"].commit


def test_a_submodule_is_refused(tmp_path: Path) -> None:
    inner = make_repo(tmp_path / "src" / "inner", {"x.txt": "x"})
    repo = make_repo(tmp_path / "src" / "outer", {
        "skills/ok/SKILL.md": SKILL.format(name="ok", desc="Fine.")})
    git(repo, "submodule", "add", "-q", str(inner), "vendor/inner")
    git(repo, "commit", "-q", "-m", "sub")
    with pytest.raises(PackageError, match="submodule"):
        manager(tmp_path / "home")[0].add(str(repo))


@pytest.mark.parametrize("source", [
    "ext::sh -c touch% {marker}",
    "fd::3",
    "http://example.com/repo.git",
    "git://example.com/repo.git",
    "-uhelp",
])
def test_unsafe_sources_are_refused_before_git_runs(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    source: str) -> None:
    marker = tmp_path / "ext-ran"
    # A user environment that would let git run `ext::` commands.
    monkeypatch.setenv("GIT_ALLOW_PROTOCOL", "ext:fd:http:git:file")
    pm, _ = manager(tmp_path / "home")
    with pytest.raises(PackageError, match=r"Refused|not a git URL"):
        pm.add(source.format(marker=marker), name="x")
    assert not marker.exists()
    assert not (tmp_path / "home" / "packages" / "x").exists()


def test_git_itself_refuses_other_transports_whatever_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from orkas_jupyter.ecosystem.packages import git as pkg_git

    marker = tmp_path / "ext-ran"
    monkeypatch.setenv("GIT_ALLOW_PROTOCOL", "ext:file")
    # Straight to the clone (past the source check): git must refuse ext:: on its own.
    with pytest.raises(PackageError, match="git clone failed"):
        pkg_git.clone_checked(f"ext::sh -c touch% {marker}", tmp_path / "home" / "x")
    assert not marker.exists()


def test_neither_skills_nor_cli_is_refused(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "docs", {"README.md": "just docs"})
    home = tmp_path / "home"
    with pytest.raises(PackageError, match="neither skills"):
        manager(home)[0].add(str(repo))
    assert not (home / "packages" / "docs").exists()
