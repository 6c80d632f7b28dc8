"""Evaluate the injection scanner on labelled attacks and benign text.

Reads `../shared/data/injection/dev.jsonl` (fields: label attack|benign, source, text), the
SciFact abstracts (`../shared/data/scifact/corpus.jsonl`) as benign text, the project's own
multilingual sets (`tests/data/injection/`: label, kind, language, text; `tune.jsonl` and
`heldout.jsonl` split by text hash before any tuning on each batch, `fresh.jsonl` written after
the sixth batch (read once to diagnose its misses, see docs/security.md), `generated.jsonl`
the held-out part of `scripts/threat_corpus.py`: templates and slot words the learned layer
never trained on, 12 languages and mixed-language texts; `written_heldout.jsonl` the held-out
half of examples written before a tuning round, `scripts/threat_split.py`; `other_author.jsonl`
552 attacks and near misses written for issue #19 by helpers who did not read the scanner, its data
or the held-out sets, trained on by no layer; `probes_heldout.jsonl` the held-out half of
two round-15 writers' probe sets, `PROBES.md`; `benign_questions_heldout.jsonl` the held-out
half of 360 benign questions, requests and notes about documents, rules and settings;
`benign_requests_heldout.jsonl`, `benign_shapes_heldout.jsonl` and `benign_prose_heldout.jsonl`
the held-out halves of 400 benign requests to an assistant, 240 benign notes in an attack's
shape and 200 paragraphs of prose, round 16; `nonlatin_heldout.jsonl` the held-out half of
320 attacks and near misses in 16 languages of non-Latin scripts; round 20: `genres_heldout.jsonl`
the held-out part of a new writer's attacks and benign texts in the genres that carry them,
`docs_attack.jsonl` 150 poisoned skills, project files and tool descriptions, trained on by no
layer, `docs_benign_heldout.jsonl` the held-out part of 300 benign ones, and
`real_docs_heldout.jsonl` the held-out half of real SKILL.md and AGENTS.md-style files from
permissively licensed repositories, DOCS.md; round 21, TOOLS.md: `tools_attack_heldout.jsonl`
and `tools_benign_heldout.jsonl` the held-out halves of a writer's poisoned and honest MCP tool
descriptions, `tools_second_writer.jsonl` a second writer's, read by no one, and
`mcp_real_heldout.jsonl` the held-out half (by package) of 7,713 real tool descriptions,
parameter descriptions and server instructions of 149 permissively licensed MCP servers) and
chunks of the
Python standard library as benign code. `blind.jsonl`, when present (left out with
`--no-blind`), is the blind set (issue #19): written by
hand (`scripts/blind_corpus.py`) by someone who did not work on the scanner, read by no one
who tunes it; only its aggregates are printed. Prints recall per attack source, kind and
language, false positives per benign set, CPU microseconds per text (all layers, then each
layer alone on a fixed sample), the learned layer's weights size and load time, and ends with
`RESULT RL6 recall=… fp=… recall_all=… tune_recall=… heldout_recall=… heldout_fp_max=…
fresh_recall=… generated_recall=… … blind_recall=… blind_fp_max=… blind_fp=… …`
(`*_fp_max`: the worst benign set of the split, by kind; `blind_fp`: all its benign rows).
`recall` counts dev attacks that carry explicit injection wording (every source except
`bipia-text*`, whose payloads are ordinary task questions that only an out-of-context check
could catch); `recall_all` counts every dev attack. `--show` prints misses and false alarms of
the dev and tune sets only: the held-out, fresh, generated and blind splits are reported,
never looked into.

usage: python benchmarks/injection_scan.py [--data FILE] [--benign FILE] [--own DIR]
                                           [--layers rules,intent,learned] [--show N]
                                           [--no-blind]
       (`--layers rules,intent,learned,semantic` adds the optional semantic layer, which needs
       the `semantic` extra)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import sysconfig
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import get_args

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orkas_jupyter.tools.threat_scan import LAYERS, Layer, scan_layers  # noqa: E402

DATA = Path(os.environ.get("ORKAS_SHARED_DATA") or ROOT / ".." / "shared" / "data")
IMPLICIT_SOURCES = ("bipia-text",)
# Standard-library modules read as benign code (chunks of 30 lines), a fixed list so the
# set is the same on every machine with the same Python.
STDLIB_MODULES = ("argparse", "csv", "dataclasses", "difflib", "email/message", "fractions",
                  "gettext", "heapq", "json/decoder", "logging/__init__", "pathlib",
                  "pprint", "shutil", "statistics", "string", "textwrap", "zipfile")

# The project's own splits in `--own`, in report order; only `SHOWABLE` rows are ever printed.
OWN_SPLITS = ("tune", "heldout", "fresh", "generated", "written_heldout", "other_author",
              "probes_heldout", "benign_questions_heldout", "benign_requests_heldout",
              "benign_shapes_heldout", "benign_prose_heldout", "nonlatin_heldout",
              "genres_heldout", "docs_attack", "docs_benign_heldout", "real_docs_heldout",
              "tools_attack_heldout", "tools_benign_heldout", "tools_second_writer",
              "mcp_real_heldout", "blind")
SHOWABLE = ("tune",)

Row = dict[str, str]


def load_rows(path: Path) -> list[Row]:
    """Labelled rows of a JSONL file (label, source, text; kind and language if present)."""
    rows = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                rows.append({"label": row["label"], "source": row.get("source", path.stem),
                             "kind": row.get("kind", ""), "language": row.get("language", ""),
                             "text": row["text"]})
    return rows


def scifact_rows(path: Path) -> list[Row]:
    """SciFact abstracts (title and text) as benign rows."""
    rows = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            rows.append({"label": "benign", "source": "scifact", "kind": "scifact",
                         "language": "en", "text": f"{doc.get('title', '')}\n{doc['text']}"})
    return rows


def stdlib_rows() -> list[Row]:
    """Chunks of 30 lines of standard-library modules, as benign code."""
    lib = Path(sysconfig.get_paths()["stdlib"])
    rows = []
    for name in STDLIB_MODULES:
        path = lib / (name + ".py") if not (lib / name).is_dir() else lib / name / "__init__.py"
        if not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for i in range(0, len(lines), 30):
            chunk = "\n".join(lines[i:i + 30]).strip()
            if chunk:
                rows.append({"label": "benign", "source": "stdlib", "kind": "stdlib-code",
                             "language": "code", "text": chunk})
    return rows


class Tally:
    """Counts flagged texts per group key."""

    def __init__(self) -> None:
        self.total: Counter[tuple[str, ...]] = Counter()
        self.flagged: Counter[tuple[str, ...]] = Counter()

    def add(self, key: tuple[str, ...], hit: bool) -> None:
        self.total[key] += 1
        self.flagged[key] += hit

    def rate(self, pred: Callable[[tuple[str, ...]], bool]) -> tuple[float, int]:
        keys = [k for k in self.total if pred(k)]
        n = sum(self.total[k] for k in keys)
        return (sum(self.flagged[k] for k in keys) / n if n else float("nan")), n

    def table(self, title: str, field: int) -> None:
        print(title)
        for key in sorted(self.total):
            label = key[0]
            what = "recall" if label == "attack" else "false positives"
            rate = self.flagged[key] / self.total[key]
            print(f"  {label:7s} {' / '.join(key[1:field + 1]):34s} n={self.total[key]:5d} "
                  f"{what}={rate:.3f}")


def run(rows: Iterable[Row], layers: tuple[str, ...], keys: Callable[[Row], list[tuple[str, ...]]],
        tally: Tally, show: list[str] | None) -> tuple[int, float]:
    """Scan each row, count it under its keys; return (texts, seconds)."""
    n, elapsed = 0, 0.0
    for row in rows:
        start = time.process_time()
        findings = scan_layers(row["text"], layers)  # type: ignore[arg-type]
        elapsed += time.process_time() - start
        n += 1
        for key in keys(row):
            tally.add(key, bool(findings))
        if show is not None:
            if row["label"] == "benign" and findings:
                show.append(f"FALSE [{row['kind'] or row['source']}] {findings[0].describe()} "
                            f"<- {row['text'][:160]!r}")
            elif row["label"] == "attack" and not findings:
                show.append(f"MISS [{row['kind'] or row['source']}/{row['language']}] "
                            f"{row['text'][:160]!r}")
    return n, elapsed


def layer_costs(rows: list[Row]) -> dict[str, float]:
    """CPU µs per text of each layer alone (after a warm-up pass), and the learned layer's
    weights: file size and the time to load them."""
    from orkas_jupyter.tools import threat_model

    threat_model.model.cache_clear()
    start = time.process_time()
    threat_model.model()
    load_ms = 1e3 * (time.process_time() - start)
    print(f"learned layer weights: {threat_model.WEIGHTS.stat().st_size / 1024:.0f} KB on disk, "
          f"{threat_model.model().feature_count} features, loaded in {load_ms:.0f} ms CPU")
    out = {}
    for layer in LAYERS:
        for r in rows[:50]:
            scan_layers(r["text"], (layer,))
        start = time.process_time()
        for r in rows:
            scan_layers(r["text"], (layer,))
        out[layer] = 1e6 * (time.process_time() - start) / len(rows)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA / "injection" / "dev.jsonl")
    parser.add_argument("--benign", type=Path, default=DATA / "scifact" / "corpus.jsonl",
                        help="SciFact-style corpus read as benign text ('' to skip)")
    parser.add_argument("--own", type=Path, default=ROOT / "tests" / "data" / "injection",
                        help="folder with the own splits (tune, heldout, fresh, generated, "
                             "blind .jsonl)")
    parser.add_argument("--layers", default=",".join(LAYERS),
                        help=f"comma-separated scanner layers (default {','.join(LAYERS)})")
    parser.add_argument("--show", type=int, default=0,
                        help="print N misses and false alarms (dev and tune sets only)")
    parser.add_argument("--no-blind", action="store_true",
                        help="leave the blind set out (for whoever tunes the scanner)")
    ns = parser.parse_args()
    layers = tuple(x.strip() for x in ns.layers.split(",") if x.strip())
    known = get_args(Layer)
    unknown = set(layers) - set(known)
    if unknown:
        parser.error(f"unknown layers {sorted(unknown)}; choose from {', '.join(known)}")
    shown: list[str] = []

    dev = Tally()
    dev_rows = load_rows(ns.data)
    if str(ns.benign) and ns.benign.is_file():
        dev_rows += scifact_rows(ns.benign)
    n_dev, t_dev = run(dev_rows, layers, lambda r: [(r["label"], r["source"])], dev,
                       shown if ns.show else None)
    dev.table(f"dev set {ns.data.name} (+ SciFact as benign):", 1)
    longest = max(len(r["text"]) for r in dev_rows)

    own: dict[str, Tally] = {}
    for split in OWN_SPLITS:
        path = ns.own / f"{split}.jsonl"
        if not path.is_file() or (split == "blind" and ns.no_blind):
            continue
        tally = own[split] = Tally()
        run(load_rows(path), layers,
            lambda r: [(r["label"], r["kind"], "all"), (r["label"], "by language",
                                                         r["language"])],
            tally, shown if (ns.show and split in SHOWABLE) else None)
        tally.table(f"own {split} split ({path}):", 2)

    bench = Tally()
    n_lib, t_lib = run(stdlib_rows(), layers, lambda r: [(r["label"], r["kind"])], bench,
                       shown if ns.show else None)
    bench.table("standard-library code chunks:", 1)

    print(f"scanned {n_dev} dev texts (longest {longest:,} characters) in {t_dev:.2f} s CPU: "
          f"{1e6 * t_dev / max(1, n_dev):.0f} µs per text; {n_lib} code chunks "
          f"{1e6 * t_lib / max(1, n_lib):.0f} µs per text")
    costs = layer_costs(dev_rows[:400] + dev_rows[-400:])
    print("each layer alone on 800 dev and SciFact texts: " + ", ".join(
        f"{name} {us:.0f} µs" for name, us in costs.items()))
    misses = [s for s in shown if s.startswith("MISS")][:ns.show]
    alarms = [s for s in shown if s.startswith("FALSE")][:ns.show]
    for line in misses + alarms:
        print(line)

    explicit, _ = dev.rate(lambda k: k[0] == "attack" and not k[1].startswith(IMPLICIT_SOURCES))
    every, _ = dev.rate(lambda k: k[0] == "attack")
    fp, _ = dev.rate(lambda k: k[0] == "benign")
    extra = []
    for split, tally in own.items():
        rec, n_att = tally.rate(lambda k: k[0] == "attack" and k[2] == "all")
        worst = max((tally.flagged[k] / tally.total[k] for k in tally.total
                     if k[0] == "benign" and k[2] == "all"), default=None)
        if n_att:
            extra.append(f"{split}_recall={rec:.3f}")
        if worst is not None:  # a split of attacks only (docs_attack) has no benign set
            extra.append(f"{split}_fp_max={worst:.3f}")
        if split in ("blind", "other_author", "probes_heldout", "benign_requests_heldout",
                     "benign_shapes_heldout", "benign_prose_heldout", "nonlatin_heldout",
                     "genres_heldout", "docs_benign_heldout", "real_docs_heldout",
                     "tools_benign_heldout", "tools_second_writer", "mcp_real_heldout"):
            fp_all, _ = tally.rate(lambda k: k[0] == "benign" and k[2] == "all")
            extra.append(f"{split}_fp={fp_all:.3f}")
    code_fp, _ = bench.rate(lambda k: k[0] == "benign")
    print(f"RESULT RL6 recall={explicit:.3f} fp={fp:.4f} recall_all={every:.3f} "
          + " ".join(extra) + f" stdlib_fp={code_fp:.4f} "
          f"us_per_text={1e6 * t_dev / max(1, n_dev):.0f} "
          + " ".join(f"us_{k}={v:.0f}" for k, v in costs.items())
          + f" layers={'+'.join(layers)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
