"""Evaluate the memory write scanner (M6) on labelled attacks and benign text.

Reads `../shared/data/injection/dev.jsonl` (fields: label attack|benign, source, text) and the
SciFact abstracts (`../shared/data/scifact/corpus.jsonl`) as benign text, prints recall per
attack source and false positives per benign source, and ends with
`RESULT RL6 recall=… fp=…`. `recall` counts attacks that carry explicit injection wording
(every source except `bipia-text*`, whose payloads are ordinary task questions that only an
out-of-context check could catch); `recall_all` counts every attack.

usage: python benchmarks/injection_scan.py [--data FILE] [--benign FILE] [--show N]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orkas_jupyter.tools.threat_patterns import scan

DATA = Path(os.environ.get("ORKAS_SHARED_DATA")
            or Path(__file__).resolve().parents[1] / ".." / "shared" / "data")
IMPLICIT_SOURCES = ("bipia-text",)


def load_rows(path: Path) -> list[dict[str, str]]:
    """Labelled rows of a JSONL file (label, source, text)."""
    rows = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                rows.append({"label": row["label"], "source": row.get("source", "data"),
                             "text": row["text"]})
    return rows


def scifact_rows(path: Path) -> list[dict[str, str]]:
    """SciFact abstracts (title and text) as benign rows."""
    rows = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            rows.append({"label": "benign", "source": "scifact",
                         "text": f"{doc.get('title', '')}\n{doc['text']}"})
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA / "injection" / "dev.jsonl")
    parser.add_argument("--benign", type=Path, default=DATA / "scifact" / "corpus.jsonl",
                        help="SciFact-style corpus read as benign text ('' to skip)")
    parser.add_argument("--show", type=int, default=0, help="print N misses and false alarms")
    ns = parser.parse_args()
    rows = load_rows(ns.data)
    if str(ns.benign) and ns.benign.is_file():
        rows += scifact_rows(ns.benign)
    total: Counter[tuple[str, str]] = Counter()
    flagged: Counter[tuple[str, str]] = Counter()
    misses: list[str] = []
    alarms: list[str] = []
    start = time.perf_counter()
    for row in rows:
        key = (row["label"], row["source"])
        total[key] += 1
        findings = scan(row["text"])
        if findings:
            flagged[key] += 1
            if row["label"] == "benign":
                alarms.append(f"{findings[0].describe()} <- {row['text'][:160]!r}")
        elif row["label"] == "attack":
            misses.append(f"[{row['source']}] {row['text'][:160]!r}")
    elapsed = time.perf_counter() - start
    for (label, source), n in sorted(total.items()):
        rate = flagged[(label, source)] / n
        kind = "recall" if label == "attack" else "false positives"
        print(f"{label:7s} {source:30s} n={n:5d} {kind}={rate:.3f}")
    def frac(pred: object) -> float:
        keys = [k for k in total if pred(k)]  # type: ignore[operator]
        n = sum(total[k] for k in keys)
        return sum(flagged[k] for k in keys) / n if n else float("nan")
    explicit = frac(lambda k: k[0] == "attack" and not k[1].startswith(IMPLICIT_SOURCES))
    every = frac(lambda k: k[0] == "attack")
    fp = frac(lambda k: k[0] == "benign")
    print(f"scanned {len(rows)} texts in {elapsed:.2f} s "
          f"({1000 * elapsed / max(1, len(rows)):.2f} ms each)")
    for line in misses[:ns.show]:
        print("MISS", line)
    for line in alarms[:ns.show]:
        print("FALSE", line)
    print(f"RESULT RL6 recall={explicit:.3f} fp={fp:.4f} recall_all={every:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
