"""`%orkas packages` in a real kernel: a package made with real git in the test is added,
its skill is listed by `%orkas skills`, its CLI runs through the agent's `bash` tool (the
fake model server calls it), a symlinked package is refused, and `remove` undoes it all."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from mcp_helpers import tool_results

from orkas_jupyter.testing import reply, tool_call

pytestmark = pytest.mark.slow


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
                   cwd=repo, capture_output=True, text=True, check=True)


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


def test_packages_from_the_magic_to_the_agents_tools(kernel, fake_model, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "stats-kit", {
        "skills/describe-data/SKILL.md": "---\nname: describe-data\ndescription: Describe a "
                                         "data set.\n---\nUse pandas describe().\n",
        "bin/kitcount": "#!/bin/sh\necho \"kitcount: $# arguments\"\n",
    }, executable=("bin/kitcount",))
    assert kernel.run("%load_ext orkas_jupyter").error is None
    r = kernel.run(f"%orkas packages add {repo}")
    assert r.error is None, r.error
    assert "Installed stats-kit" in r.stdout and "kitcount" in r.stdout, r.stdout
    listed = kernel.run("%orkas packages list").stdout
    assert "stats-kit" in listed and "skills+cli" in listed
    skills = kernel.run("%orkas skills").stdout
    assert "describe-data" in skills and "stats-kit" in skills, skills
    fake_model.script([tool_call("bash", {"command": "kitcount a b c"}), reply("Done.")])
    r = kernel.run("%orkas run kitcount with three arguments", timeout=120)
    assert r.error is None, r.error
    [result] = tool_results(fake_model.chat_requests[1])
    assert "kitcount: 3 arguments" in result, result
    r = kernel.run("%orkas packages remove stats-kit")
    assert "Removed stats-kit" in r.stdout
    assert "describe-data" not in kernel.run("%orkas skills").stdout
    assert not (tmp_path / "home" / "packages" / "stats-kit").exists()


def test_a_symlinked_package_is_refused_in_the_cell(kernel, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "src" / "bad", {"bin/tool": "#!/bin/sh\necho hi\n"},
                     executable=("bin/tool",))
    (repo / "home-link").symlink_to(Path.home())
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "link")
    assert kernel.run("%load_ext orkas_jupyter").error is None
    r = kernel.run(f"%orkas packages add {repo}")
    assert r.error is None and "Refused" in r.stdout and "home-link (symlink)" in r.stdout
    r = kernel.run("%orkas packages add 'ext::sh -c id'")
    assert "Refused" in r.stdout and "ext::" in r.stdout
    assert "No packages" in kernel.run("%orkas packages").stdout
