"""Workspace tool speed: `grep_files` and `search_files` over a generated 10,000-file tree,
`read_file` of a 50 MB text file (first page and a page near the end), through the tools'
`execute` as the engine calls them (sandbox checks, skip rules and caps included).

The tree: 10,000 small Python-like files in 100 folders of 100, plus ignored folders
(`.git`, `node_modules`, `.venv`) with another 3,000 files that must be skipped.
Each figure is the median of `--repeat` runs after one warm-up run.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from orkas_jupyter.config import Settings
from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools.files import ReadFile, ReadFileInput
from orkas_jupyter.tools.files_search import (
    GrepFiles,
    GrepFilesInput,
    SearchFiles,
    SearchFilesInput,
)
from orkas_jupyter.tools.workspace import build_workspace_tools


def make_tree(root: Path, files: int = 10_000) -> None:
    """`files` source files in folders of 100, one in 97 holding a NEEDLE line."""
    for i in range(files):
        folder = root / "src" / f"pkg{i // 100:03d}"
        folder.mkdir(parents=True, exist_ok=True)
        lines = [f"def function_{i}_{j}(x):\n    return x * {j}\n" for j in range(20)]
        if i % 97 == 0:
            lines.append(f"# NEEDLE marker in file {i}\n")
        (folder / f"module_{i:05d}.py").write_text("".join(lines))
    for ignored in (".git/objects", "node_modules/lib", ".venv/lib"):
        folder = root / ignored
        folder.mkdir(parents=True)
        for i in range(1000):
            (folder / f"f{i}.py").write_text("NEEDLE should be skipped\n")


def make_big_file(path: Path, megabytes: int = 50) -> None:
    line = "2026-11-29T21:00:00Z INFO request handled in 12 ms path=/api/v1/items status=200\n"
    with open(path, "w") as fh:
        fh.write(line * (megabytes * 1_000_000 // len(line)))


async def timed(fn: Callable[[], Awaitable[str]], repeat: int) -> tuple[float, str]:
    await fn()  # warm-up: page cache, regex and glob caches
    times = []
    out = ""
    for _ in range(repeat):
        started = time.perf_counter()
        out = await fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times), out


async def run(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        started = time.perf_counter()
        make_tree(root)
        make_big_file(root / "big.log")
        print(f"generated tree + 50 MB file in {time.perf_counter() - started:.1f} s")
        ws = build_workspace_tools(Settings(workspace=root, home=root / ".home-orkas"))
        ctx = ToolContext(session_id="bench", services=ws.services)

        async def grep() -> str:
            return await GrepFiles().execute(
                GrepFilesInput(pattern=r"NEEDLE \w+", max_matches=5000), ctx)

        async def glob() -> str:
            return await SearchFiles().execute(
                SearchFilesInput(pattern="src/**/module_*5.py", limit=2000), ctx)

        async def read_first() -> str:
            out = await ReadFile().execute(ReadFileInput(path="big.log"), ctx)
            return out.content[0].text  # type: ignore[union-attr]

        async def read_end() -> str:
            out = await ReadFile().execute(ReadFileInput(path="big.log", offset=49_000_000,
                                                         limit=2000), ctx)
            return out.content[0].text  # type: ignore[union-attr]

        grep_s, grep_out = await timed(grep, repeat)
        hits = grep_out.count("NEEDLE marker")
        assert hits == len(range(0, 10_000, 97)), hits
        print(f"grep_files over 10k files: {grep_s:.3f} s ({hits} matches; ignored folders "
              "skipped)")
        glob_s, glob_out = await timed(glob, repeat)
        listed = int(glob_out.split(" ")[0].replace(",", ""))
        assert listed == 1000, listed
        print(f"search_files over 10k files: {glob_s:.3f} s ({listed} matches)")
        read_s, first = await timed(read_first, repeat)
        assert "offset=40000" in first
        print(f"read_file 50 MB, first page: {read_s:.3f} s")
        read_end_s, end = await timed(read_end, repeat)
        assert "of 50,000,000" in end or "characters 49,000,000" in end
        print(f"read_file 50 MB, page at 49 MB: {read_end_s:.3f} s")
        ws.close()
    print(f"RESULT T grep_10k_s={grep_s:.3f} glob_10k_s={glob_s:.3f} "
          f"read_50mb_s={read_s:.3f} read_50mb_end_s={read_end_s:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(run(args.repeat))


if __name__ == "__main__":
    main()
