"""Path sandbox (T4): escapes by `..`, absolute paths, `~`, symlink chains, symlinks swapped
after the check, Unicode look-alikes and invisible characters; credential and product folders
never allowed; every refusal says what and why."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools.files_search import walk_files
from orkas_jupyter.tools.sandbox import PathSandbox, SandboxError
from orkas_jupyter.tools.workspace import WorkspaceTools

from .conftest import ToolCaller


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    out = tmp_path / "outside"
    out.mkdir()
    (out / "secret.txt").write_text("outside secret\n")
    return out


@pytest.fixture
def tree(root: Path, outside: Path, home: Path) -> Path:
    (root / "a.txt").write_text("hello\n")
    (root / "sub").mkdir()
    (root / "sub" / "b.txt").write_text("bee\n")
    (root / "données").mkdir()
    (root / "données" / "é.txt").write_text("accent\n")
    (root / "link_in").symlink_to(root / "sub")
    (root / "link_out").symlink_to(outside)
    (root / "file_link_out").symlink_to(outside / "secret.txt")
    # A chain: hop1 -> hop2 -> outside
    (root / "hop2").symlink_to(outside)
    (root / "hop1").symlink_to(root / "hop2")
    (root / "keys").symlink_to(home / ".ssh")
    (root / ".orkas").mkdir()
    (root / ".orkas" / "orkas.duckdb").write_text("db")
    (root / "loop").symlink_to(root / "loop")
    (root / "rel_out").symlink_to(Path("..") / "outside")
    (root / "to_orkas").symlink_to(root / ".orkas")
    return root


ESCAPES = [
    "../outside/secret.txt",
    "../../etc/passwd",
    "sub/../../outside/secret.txt",
    "sub/../../../etc/passwd",
    "./../outside",
    "/etc/passwd",
    "/etc",
    "/",
    "~",
    "~/.ssh/id_rsa",
    "~/.aws/credentials",
    "~/.orkas/profile.md",
    "~root/.bashrc",
    "~no_such_user_zz/x",
    "$HOME/.ssh/id_rsa",
    "${HOME}/.aws/credentials",
    "rel_out/secret.txt",
    "to_orkas/orkas.duckdb",
    "/proc/self/root/etc/passwd",
    "/proc/self/cwd/../../etc/passwd",
    "link_out/secret.txt",
    "file_link_out",
    "hop1/secret.txt",
    "keys/id_rsa",
    "link_in/../../outside/secret.txt",
    ".orkas/orkas.duckdb",
    "sub/../.orkas/orkas.duckdb",
    "\uff0e\uff0e/outside/secret.txt",       # fullwidth full stops
    "..\u2215outside\u2215secret.txt",        # division slash
    "..\u2044outside",                         # fraction slash
    "\u2025/outside",                          # two-dot leader
    "..\uff0foutside",                         # fullwidth solidus
    "\u200b../outside/secret.txt",             # zero-width space
    "a.txt\u202e",                             # right-to-left override
    "sub\x00/../../etc/passwd",
    "",
    "   ",
]


@pytest.mark.parametrize("raw", ESCAPES)
def test_escapes_are_refused_with_a_reason(ws: WorkspaceTools, tree: Path, raw: str) -> None:
    with pytest.raises(SandboxError) as info:
        ws.sandbox.resolve(raw)
    message = str(info.value)
    assert message.startswith("Refused")
    # Says why: outside the allowed roots, a credential/product location, or the character.
    assert any(word in message for word in ("outside", "credential", "Orkas", "character",
                                            "looks like", "empty", "expanded", "unknown"))


def test_absolute_path_of_a_refused_file_shows_where_it_resolved(ws: WorkspaceTools,
                                                                tree: Path,
                                                                outside: Path) -> None:
    with pytest.raises(SandboxError, match=str(outside)):
        ws.sandbox.resolve("link_out/secret.txt")


ALLOWED = ["a.txt", "./a.txt", "sub/b.txt", "sub/../a.txt", "link_in/b.txt", "données/é.txt",
           "new/folder/file.txt", ".", "sub/"]


@pytest.mark.parametrize("raw", ALLOWED)
def test_paths_inside_the_workspace_resolve(ws: WorkspaceTools, tree: Path, raw: str) -> None:
    resolved = ws.sandbox.resolve(raw)
    assert resolved == tree or tree in resolved.parents
    assert resolved.is_absolute()
    assert ".." not in resolved.parts


def test_absolute_path_inside_workspace_is_allowed(ws: WorkspaceTools, tree: Path) -> None:
    assert ws.sandbox.resolve(str(tree / "sub" / "b.txt")) == tree / "sub" / "b.txt"


def test_symlink_inside_resolves_to_its_target(ws: WorkspaceTools, tree: Path) -> None:
    assert ws.sandbox.resolve("link_in/b.txt") == tree / "sub" / "b.txt"


def test_authorised_folder_is_allowed_but_credentials_never(tmp_path: Path, home: Path,
                                                           root: Path, outside: Path) -> None:
    box = PathSandbox(root, authorised=[outside], home=home)
    assert box.resolve(str(outside / "secret.txt")) == outside / "secret.txt"
    with pytest.raises(SandboxError, match="credential"):
        box.authorise(home / ".ssh")
    with pytest.raises(SandboxError, match="credential"):
        box.authorise("~/.aws")
    with pytest.raises(SandboxError, match="Orkas"):
        PathSandbox(root, home=home, product_dirs=[home / ".orkas"]).authorise(home / ".orkas")
    # Authorising the whole home is possible; what is under it stays protected.
    box.authorise(home)
    with pytest.raises(SandboxError, match="credential"):
        box.resolve("~/.ssh/id_rsa")
    (home / "notes.txt").write_text("n")
    assert box.resolve("~/notes.txt") == home / "notes.txt"


def test_symlink_to_credentials_inside_authorised_home_is_refused(home: Path,
                                                                  root: Path) -> None:
    (home / "innocent").symlink_to(home / ".ssh")
    box = PathSandbox(root, authorised=[home], home=home)
    with pytest.raises(SandboxError, match="credential"):
        box.resolve("~/innocent/id_rsa")


def test_case_variant_of_a_credential_folder_is_refused(home: Path, root: Path) -> None:
    box = PathSandbox(root, authorised=[home], home=home)
    with pytest.raises(SandboxError, match="credential"):
        box.resolve("~/.SSH/id_rsa")


def test_attached_file_is_allowed_but_not_its_siblings(root: Path, outside: Path,
                                                       home: Path) -> None:
    (outside / "other.txt").write_text("other")
    box = PathSandbox(root, attached=[outside / "secret.txt"], home=home)
    assert box.read_bytes(box.resolve(str(outside / "secret.txt"))) == b"outside secret\n"
    with pytest.raises(SandboxError):
        box.resolve(str(outside / "other.txt"))
    with pytest.raises(SandboxError, match="credential"):
        box.attach(home / ".ssh" / "id_rsa")


def test_folder_swapped_for_symlink_after_check_is_not_followed(ws: WorkspaceTools,
                                                                tree: Path,
                                                                outside: Path) -> None:
    (tree / "d").mkdir()
    (tree / "d" / "secret.txt").write_text("inside\n")
    checked = ws.sandbox.resolve("d/secret.txt")
    # Another process swaps the folder for a symlink to the outside between check and use.
    (tree / "d" / "secret.txt").unlink()
    (tree / "d").rmdir()
    (tree / "d").symlink_to(outside)
    with pytest.raises(SandboxError, match="changed"):
        ws.sandbox.read_bytes(checked)
    with pytest.raises(SandboxError, match="changed"):
        ws.sandbox.write_atomic(checked, b"overwritten")
    assert (outside / "secret.txt").read_text() == "outside secret\n"


def test_file_swapped_for_symlink_after_check_is_not_followed(ws: WorkspaceTools,
                                                              tree: Path,
                                                              outside: Path) -> None:
    checked = ws.sandbox.resolve("a.txt")
    (tree / "a.txt").unlink()
    (tree / "a.txt").symlink_to(outside / "secret.txt")
    with pytest.raises(SandboxError, match="symlink"):
        ws.sandbox.read_bytes(checked)
    # A write replaces the link itself; the outside file is untouched.
    ws.sandbox.write_atomic(checked, b"new\n")
    assert not (tree / "a.txt").is_symlink()
    assert (tree / "a.txt").read_text() == "new\n"
    assert (outside / "secret.txt").read_text() == "outside secret\n"


def test_symlink_loop_is_refused_or_missing(ws: WorkspaceTools, tree: Path) -> None:
    try:
        path = ws.sandbox.resolve("loop")
    except SandboxError:
        return
    with pytest.raises(OSError):
        ws.sandbox.read_bytes(path)


def test_walk_skips_links_leaving_the_sandbox(ws: WorkspaceTools, tree: Path) -> None:
    files = {e.path.relative_to(tree).as_posix() for e in
             walk_files(ws.sandbox, tree, frozenset())}
    assert "a.txt" in files and "sub/b.txt" in files
    assert "file_link_out" not in files
    assert not any(f.startswith((".orkas", "link_out", "hop1", "keys")) for f in files)


@pytest.mark.parametrize("tool,args", [
    ("read_file", {"path": "../outside/secret.txt"}),
    ("read_file", {"path": "~/.ssh/id_rsa"}),
    ("write_file", {"path": "../outside/new.txt", "content": "x"}),
    ("write_file", {"path": "link_out/new.txt", "content": "x"}),
    ("edit_file", {"path": "link_out/secret.txt", "old_string": "outside",
                   "new_string": "pwned"}),
    ("stat_file", {"path": "/etc/passwd"}),
    ("search_files", {"pattern": "*", "path": "../outside"}),
    ("grep_files", {"pattern": "secret", "path": "~/.aws"}),
    ("read_file", {"path": ".orkas/orkas.duckdb"}),
])
async def test_every_file_tool_refuses_escapes(call: ToolCaller, ctx: ToolContext, tree: Path,
                                               outside: Path, tool: str,
                                               args: dict[str, str]) -> None:
    result = await call(ctx, tool, **args)
    assert result.is_error
    assert "Refused" in result.text
    assert "outside secret" not in result.text and "PRIVATE KEY" not in result.text
    assert not (outside / "new.txt").exists()
    assert (outside / "secret.txt").read_text() == "outside secret\n"


def test_workspace_must_exist(tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="not a folder"):
        PathSandbox(tmp_path / "missing")


def test_resolution_does_not_depend_on_the_process_cwd(ws: WorkspaceTools, tree: Path,
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert ws.sandbox.resolve("a.txt") == tree / "a.txt"
    assert os.getcwd() == str(tmp_path)
