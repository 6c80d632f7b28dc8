"""Cost of judging code before it runs: `code_risk.classify_code` on a 210-line notebook
cell (imports, pandas, plots, a literal subprocess call, file writes in the workspace), next
to `ast.parse` of the same cell, and `risk.classify_command` with the workspace check on a
typical command line. Prints medians in milliseconds and the classifier's cost as a multiple
of parsing alone."""

from __future__ import annotations

import argparse
import ast
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from orkas_jupyter.tools.code_risk import classify_code
from orkas_jupyter.tools.risk import classify_command

HEADER = """import os, subprocess
import pandas as pd
import matplotlib.pyplot as plt
from pathlib import Path
out = Path("results")
out.mkdir(exist_ok=True)
subprocess.run(["git", "status"], check=True)
"""
BLOCK = """df{i} = pd.read_csv("data/part{i}.csv")
summary{i} = df{i}.groupby("group").agg({{"value": ["mean", "std"]}})
summary{i}.to_csv(out / "summary{i}.csv")
plt.plot(df{i}["value"].rolling(7).mean())
print(os.listdir("."))
"""


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    cell = HEADER + "".join(BLOCK.format(i=i) for i in range(41))
    lines = cell.count("\n")
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        assessment = classify_code(cell, workspace=workspace, cwd=workspace)
        assert not assessment.risky, assessment.findings
        parse_ms = median_ms(lambda: ast.parse(cell), args.repeat)
        code_ms = median_ms(lambda: classify_code(cell, workspace=workspace, cwd=workspace),
                            args.repeat)
        command = ("cd data && tar -xzf ../raw.tgz -C extracted && sed -i 's/,/;/g' "
                   "extracted/*.csv && python -c \"import pandas\" > ../log.txt 2>&1")
        shell_ms = median_ms(lambda: classify_command(command, workspace=workspace),
                             args.repeat * 10)
    print(f"cell of {lines} lines: ast.parse {parse_ms:.2f} ms, classify_code {code_ms:.2f} ms")
    print(f"command line of {len(command)} characters: classify_command {shell_ms:.3f} ms")
    print(f"RESULT code_risk lines={lines} parse_ms={parse_ms:.2f} classify_code_ms="
          f"{code_ms:.2f} ratio={code_ms / parse_ms:.2f} classify_command_ms={shell_ms:.3f}")


if __name__ == "__main__":
    main()
