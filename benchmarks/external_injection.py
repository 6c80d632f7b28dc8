"""Evaluate the injection scanner on texts by other authors: `tests/data/injection/external.jsonl`
(built by `scripts/external_injection_data.py` from PyPI packages' data files; provenance in
`tests/data/injection/EXTERNAL.md`).

Prints, for each split (`train` sources, `heldout` sources), recall per source, upstream origin,
kind and language and false positives per benign source, origin, kind and language, then the recall
each layer alone reaches on all rows. Rows are never printed unless `--show N` is given (misses and
false alarms of the `train` split only: the held-out sources stay unread by whoever tunes the
scanner). Ends with `RESULT EXT1 recall=… fp=… train_recall=… train_fp=… heldout_recall=…
heldout_fp=… <layer>_recall=… us_per_text=…`.

usage: python benchmarks/external_injection.py [--data FILE] [--layers rules,intent,learned]
                                               [--show N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orkas_jupyter.tools.threat_scan import LAYERS, scan_layers  # noqa: E402

Row = dict[str, str]
SPLITS = ("train", "heldout")


def rate(hit: Counter[str], total: Counter[str], key: str) -> float:
    return hit[key] / total[key] if total[key] else 0.0


def table(title: str, rows: list[Row], flagged: list[bool], field: str) -> None:
    total: Counter[str] = Counter()
    hit: Counter[str] = Counter()
    for row, f in zip(rows, flagged, strict=True):
        key = f"{row['label']} {row[field] or '-'}"
        total[key] += 1
        hit[key] += f
    print(title)
    for key in sorted(total):
        what = "recall" if key.startswith("attack") else "false positives"
        print(f"  {key[:52]:52s} n={total[key]:5d} {what}={rate(hit, total, key):.3f}")


def summary(rows: list[Row], flagged: list[bool]) -> tuple[float, float]:
    """(recall on attacks, false-positive rate on benign rows)."""
    att = [f for r, f in zip(rows, flagged, strict=True) if r["label"] == "attack"]
    ben = [f for r, f in zip(rows, flagged, strict=True) if r["label"] == "benign"]
    return (sum(att) / len(att) if att else 0.0, sum(ben) / len(ben) if ben else 0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path,
                        default=ROOT / "tests" / "data" / "injection" / "external.jsonl")
    parser.add_argument("--layers", default=",".join(LAYERS))
    parser.add_argument("--show", type=int, default=0,
                        help="print N misses and N false alarms of the train split")
    ns = parser.parse_args()
    layers = tuple(x.strip() for x in ns.layers.split(",") if x.strip())
    if set(layers) - set(LAYERS):
        parser.error(f"unknown layers {sorted(set(layers) - set(LAYERS))}; "
                     f"choose from {', '.join(LAYERS)}")
    with ns.data.open(encoding="utf-8") as fh:
        rows: list[Row] = [json.loads(line) for line in fh if line.strip()]

    start = time.process_time()
    flagged = [bool(scan_layers(r["text"], layers)) for r in rows]
    us = 1e6 * (time.process_time() - start) / len(rows)

    result = {}
    for split in SPLITS:
        part = [i for i, r in enumerate(rows) if r["split"] == split]
        sub, fl = [rows[i] for i in part], [flagged[i] for i in part]
        for field in ("source", "origin", "kind", "language"):
            table(f"{split} split, by {field}:", sub, fl, field)
        result[f"{split}_recall"], result[f"{split}_fp"] = summary(sub, fl)
    result["recall"], result["fp"] = summary(rows, flagged)

    print("each layer alone, all rows:")
    for layer in LAYERS:
        alone = [bool(scan_layers(r["text"], (layer,))) for r in rows]
        rec, fp = summary(rows, alone)
        print(f"  {layer:8s} recall={rec:.3f} fp={fp:.3f}")
        result[f"{layer}_recall"] = rec

    if ns.show:
        train = [(r, f) for r, f in zip(rows, flagged, strict=True) if r["split"] == "train"]
        misses = [r for r, f in train if r["label"] == "attack" and not f][:ns.show]
        alarms = [r for r, f in train if r["label"] == "benign" and f][:ns.show]
        for r in misses:
            print(f"MISS [{r['source']}/{r['kind']}/{r['language']}] {r['text'][:160]!r}")
        for r in alarms:
            print(f"FALSE [{r['source']}/{r['kind']}] {r['text'][:160]!r}")

    fields = " ".join(f"{k}={v:.3f}" for k, v in result.items())
    print(f"RESULT EXT1 {fields} us_per_text={us:.0f} rows={len(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
