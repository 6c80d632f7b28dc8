"""search_files (glob) and grep_files (regex): semantics, ignored folders, caps, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools.files_search import glob_to_regex

from .conftest import ToolCaller


@pytest.fixture
def project(root: Path) -> Path:
    files = {
        "README.md": "# Project\nTODO: write docs\n",
        "src/app.py": "import os\n\ndef main():\n    # TODO refactor\n    return os.getcwd()\n",
        "src/util/helpers.py": "def helper(x):\n    return x * 2\n",
        "src/util/test_helpers.py": "from helpers import helper\nassert helper(2) == 4\n",
        "data/a.csv": "x,y\n1,2\n",
        "data/b.parquet": "PAR1",
        "notes/todo.txt": "nothing\n",
        ".git/config": "TODO in git\n",
        "node_modules/lib/index.js": "// TODO vendored\n",
        ".venv/lib/site.py": "TODO venv\n",
        "env2/pyvenv.cfg": "home = /usr\n",
        "env2/lib/mod.py": "TODO custom venv\n",
        "__pycache__/x.py": "TODO cache\n",
        ".orkas/jobs/job.log": "TODO log\n",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / "data" / "blob.bin").write_bytes(b"TODO\x00\x01binary")
    return root


@pytest.mark.parametrize("pattern,path,matches", [
    ("*.py", "src/app.py", True),
    ("*.py", "src/util/helpers.py", True),
    ("*.py", "src/app.pyc", False),
    ("src/*.py", "src/app.py", True),
    ("src/*.py", "src/util/helpers.py", False),
    ("src/**/*.py", "src/app.py", True),
    ("src/**/*.py", "src/util/helpers.py", True),
    ("**/test_*.py", "src/util/test_helpers.py", True),
    ("*.{csv,parquet}", "data/b.parquet", True),
    ("*.{csv,parquet}", "data/b.json", False),
    ("data/?.csv", "data/a.csv", True),
    ("data/[ab].csv", "data/b.csv", True),
    ("data/[!ab].csv", "data/b.csv", False),
    ("./src/*.py", "src/app.py", True),
    ("src/**", "src/util/helpers.py", True),
])
def test_glob_semantics(pattern: str, path: str, matches: bool) -> None:
    assert bool(glob_to_regex(pattern).match(path)) is matches


async def test_search_lists_matches_and_skips_ignored(call: ToolCaller, ctx: ToolContext,
                                                      project: Path) -> None:
    result = await call(ctx, "search_files", pattern="*.py")
    assert not result.is_error
    listed = result.text.splitlines()[1:]
    assert listed == ["src/app.py", "src/util/helpers.py", "src/util/test_helpers.py"]
    assert "3 file(s)" in result.text


async def test_search_in_a_subfolder_and_no_ignore(call: ToolCaller, ctx: ToolContext,
                                                   project: Path) -> None:
    sub = await call(ctx, "search_files", pattern="*.py", path="src/util")
    assert sub.text.splitlines()[1:] == ["src/util/helpers.py", "src/util/test_helpers.py"]
    everything = await call(ctx, "search_files", pattern="*.py", no_ignore=True)
    assert ".venv/lib/site.py" in everything.text and "env2/lib/mod.py" in everything.text
    # The product's own data stays out even with no_ignore.
    logs = await call(ctx, "search_files", pattern="*.log", no_ignore=True)
    assert "job.log" not in logs.text


async def test_search_caps_its_output(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "many").mkdir()
    for i in range(50):
        (root / "many" / f"f{i:02d}.txt").write_text("x")
    result = await call(ctx, "search_files", pattern="*.txt", limit=10)
    assert "50 file(s)" in result.text and "showing the first 10" in result.text
    assert len(result.text.splitlines()) == 11


async def test_search_no_match_and_bad_glob(call: ToolCaller, ctx: ToolContext,
                                            project: Path) -> None:
    none = await call(ctx, "search_files", pattern="*.rs")
    assert not none.is_error and "No files match" in none.text
    bad = await call(ctx, "search_files", pattern="*.{py")
    assert bad.is_error and "unclosed" in bad.text
    missing = await call(ctx, "search_files", pattern="*", path="nowhere")
    assert missing.is_error and "does not exist" in missing.text


async def test_grep_finds_lines_and_skips_ignored_and_binary(call: ToolCaller,
                                                             ctx: ToolContext,
                                                             project: Path) -> None:
    result = await call(ctx, "grep_files", pattern="TODO")
    assert not result.is_error
    assert "README.md:2:TODO: write docs" in result.text
    assert "src/app.py:4:    # TODO refactor" in result.text
    for hidden in ("vendored", "venv", "in git", "cache", "log", "binary"):
        assert hidden not in result.text.replace("binary/unreadable", "")
    assert "2 match(es) in 2 file(s)" in result.text
    assert "1 binary/unreadable/large skipped" in result.text


async def test_grep_glob_filter_context_and_case(call: ToolCaller, ctx: ToolContext,
                                                 project: Path) -> None:
    result = await call(ctx, "grep_files", pattern="todo", glob="*.py", ignore_case=True,
                        context=1)
    lines = result.text.splitlines()
    assert "src/app.py-3-def main():" in lines
    assert "src/app.py:4:    # TODO refactor" in lines
    assert "src/app.py-5-    return os.getcwd()" in lines
    assert "README" not in result.text
    files = await call(ctx, "grep_files", pattern=r"def \w+\(", files_only=True)
    assert files.text.splitlines()[:2] == ["src/app.py", "src/util/helpers.py"]


async def test_grep_on_one_file_and_invalid_regex(call: ToolCaller, ctx: ToolContext,
                                                  project: Path) -> None:
    one = await call(ctx, "grep_files", pattern="return", path="src/util/helpers.py")
    assert "src/util/helpers.py:2:    return x * 2" in one.text
    bad = await call(ctx, "grep_files", pattern="def (")
    assert bad.is_error and "not valid" in bad.text
    none = await call(ctx, "grep_files", pattern="zzz_not_there")
    assert not none.is_error and "No match" in none.text


async def test_grep_caps_matches(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "log.txt").write_text("".join(f"hit {i}\n" for i in range(1000)))
    result = await call(ctx, "grep_files", pattern="hit", max_matches=25)
    assert result.text.count("log.txt:") == 25
    assert "stopped early" in result.text
    long_line = await call(ctx, "grep_files", pattern="hit 999")
    assert "log.txt:1000:hit 999" in long_line.text


async def test_grep_clips_very_long_lines(call: ToolCaller, ctx: ToolContext,
                                          root: Path) -> None:
    (root / "min.js").write_text("var a=1;" * 10_000 + "needle\n")
    result = await call(ctx, "grep_files", pattern="needle")
    assert "[…]" in result.text and len(result.text) < 2000


async def test_fifo_and_links_do_not_hang_or_escape(call: ToolCaller, ctx: ToolContext,
                                                    root: Path, tmp_path: Path) -> None:
    import os

    os.mkfifo(root / "pipe.txt")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "leak.txt").write_text("needle outside\n")
    (root / "inner.txt").write_text("needle inside\n")
    (root / "to_outside.txt").symlink_to(outside / "leak.txt")
    (root / "to_inner.txt").symlink_to(root / "inner.txt")
    (root / "dir_out").symlink_to(outside)
    result = await call(ctx, "grep_files", pattern="needle")
    assert "inner.txt:1:needle inside" in result.text
    assert "to_inner.txt:1:needle inside" in result.text
    assert "outside" not in result.text
    listed = await call(ctx, "search_files", pattern="*.txt")
    assert "to_outside.txt" not in listed.text and "leak.txt" not in listed.text
    fifo = await call(ctx, "read_file", path="pipe.txt")
    assert fifo.is_error and "regular file" in fifo.text
