"""Split newly written scanner examples into a training part and a held-out part, by text
hash, before anything is tuned on them (the rule `tune.jsonl`/`heldout.jsonl` followed).

Reads JSONL rows (label, kind, language, text) and appends each to
`tests/data/injection/written_train.jsonl` or `written_heldout.jsonl`: a row whose SHA-256
hash is 0 or 1 modulo 5 (about 40 %) is held out. `scripts/train_threat_model.py` reads the
training part only; the held-out part is for measuring (`benchmarks/injection_scan.py --own`
on a folder holding it as `heldout.jsonl`), never for writing rules or words.

usage: python scripts/threat_split.py NEW_ROWS.jsonl
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "injection"
FIELDS = ("label", "kind", "language", "text")


def held_out(text: str) -> bool:
    """Whether a text belongs to the held-out part (by its SHA-256 hash)."""
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % 5 < 2


def main(path: Path) -> int:
    seen: set[str] = set()  # rows already written, or already training text in tune.jsonl
    for name in ("written_train.jsonl", "written_heldout.jsonl", "tune.jsonl"):
        if (DATA / name).is_file():
            seen |= {json.loads(x)["text"] for x in (DATA / name).read_text("utf-8").splitlines()
                     if x.strip()}
    parts: dict[str, list[str]] = {"written_train.jsonl": [], "written_heldout.jsonl": []}
    for line in path.read_text("utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if set(row) != set(FIELDS) or row["label"] not in ("attack", "benign"):
            raise SystemExit(f"bad row (need {', '.join(FIELDS)}): {line[:120]}")
        if row["text"] in seen:
            continue
        seen.add(row["text"])
        name = "written_heldout.jsonl" if held_out(row["text"]) else "written_train.jsonl"
        parts[name].append(json.dumps({k: row[k] for k in FIELDS}, ensure_ascii=False) + "\n")
    for name, lines in parts.items():
        with (DATA / name).open("a", encoding="utf-8") as fh:
            fh.writelines(lines)
        print(f"{name}: +{len(lines)} rows")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    raise SystemExit(main(Path(sys.argv[1])))
