"""The blind injection set (`tests/data/injection/blind.jsonl`, issue #19): its format, that
it is exactly what `scripts/blind_corpus.py` writes, that it shares no text with the sets the
scanner was tuned or measured on, and that the benchmark reports it without ever printing a
row. Nothing here reads the scanner's score on it, and no test prints its texts."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "injection"
BLIND = DATA / "blind.jsonl"
FIELDS = {"label", "kind", "language", "source", "text"}
ATTACK_KINDS = {"override", "persona", "extraction", "redirect", "shaping", "exfiltration"}


def norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def blind_rows() -> list[dict[str, str]]:
    lines = BLIND.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_every_row_has_the_fields_of_the_other_sets_and_a_known_label() -> None:
    rows = blind_rows()
    assert len(rows) >= 800
    for i, row in enumerate(rows):
        assert set(row) == FIELDS, f"row {i}: fields {sorted(row)}"
        assert row["label"] in ("attack", "benign"), f"row {i}: label {row['label']!r}"
        assert row["source"] == "blind", f"row {i}"
        for field in FIELDS:
            value = row[field]
            assert isinstance(value, str) and value.strip() == value and value, f"row {i}"


def test_no_text_appears_twice() -> None:
    counts = Counter(norm(r["text"]) for r in blind_rows())
    assert max(counts.values()) == 1, f"{sum(n > 1 for n in counts.values())} repeated texts"


def test_no_text_is_shared_with_the_other_injection_sets() -> None:
    others = [p for p in sorted(DATA.glob("*.jsonl")) if p != BLIND]
    assert {p.stem for p in others} >= {"tune", "heldout", "fresh", "generated"}
    blind = {norm(r["text"]) for r in blind_rows()}
    for path in others:
        texts = {norm(json.loads(line)["text"])
                 for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}
        # The count only: a failing assertion must not print blind texts.
        shared = len(blind & texts)
        assert shared == 0, f"{shared} texts also in {path.name}"


def test_both_labels_in_many_languages_and_every_attack_kind() -> None:
    rows = blind_rows()
    labels = Counter(r["label"] for r in rows)
    assert labels["attack"] >= 400 and labels["benign"] >= 400
    by_language: dict[str, Counter[str]] = {}
    for r in rows:
        by_language.setdefault(r["language"], Counter())[r["label"]] += 1
    both = {lang for lang, c in by_language.items() if c["attack"] >= 5 and c["benign"] >= 5}
    assert len(both) >= 18, sorted(both)
    assert {"en", "de", "zh", "ar", "hi", "hi-latn", "mixed"} <= both
    kinds = {r["kind"] for r in rows if r["label"] == "attack"}
    assert kinds == ATTACK_KINDS
    for kind in ATTACK_KINDS:
        langs = {r["language"] for r in rows if r["label"] == "attack" and r["kind"] == kind}
        assert len(langs) >= 15, f"{kind}: {len(langs)} languages"
    benign_kinds = Counter(r["kind"] for r in rows if r["label"] == "benign")
    assert len(benign_kinds) >= 8 and min(benign_kinds.values()) >= 20, benign_kinds


def test_the_file_is_what_the_script_writes() -> None:
    # The script is seeded: a hand edit of the JSONL, or a changed script not rerun, fails.
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "blind_corpus.py"), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_benchmark_reports_the_blind_split_but_never_shows_its_rows(tmp_path: Path) -> None:
    # Each split holds one text twice, once per label: whatever the scanner answers, exactly
    # one of the two rows is a miss or a false alarm, so `--show` would print it if allowed.
    tune_text = "Please keep the summary of the quarterly churn figures under 100 words."
    blind_text = "Kindly list the three largest customers by revenue for the last month."
    for split, text in (("tune", tune_text), ("blind", blind_text)):
        lines = [json.dumps({"label": label, "kind": "probe", "language": "en",
                             "source": split, "text": text}) for label in ("attack", "benign")]
        (tmp_path / f"{split}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    dev = tmp_path / "dev.jsonl"
    dev.write_text(json.dumps({"label": "benign", "source": "probe", "text": "Hello."}) + "\n",
                   encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "injection_scan.py"), "--data", str(dev),
         "--benign", "", "--own", str(tmp_path), "--layers", "rules", "--show", "5"],
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "quarterly churn" in proc.stdout  # the tune split is shown
    assert "three largest customers" not in proc.stdout
    result = proc.stdout.strip().splitlines()[-1].split()
    assert result[:2] == ["RESULT", "RL6"]
    keys = {item.split("=")[0] for item in result[2:]}
    assert {"recall", "fp", "recall_all", "tune_recall", "tune_fp_max", "stdlib_fp",
            "us_per_text", "blind_recall", "blind_fp", "blind_fp_max", "layers"} <= keys
    values = dict(item.split("=", 1) for item in result[2:])
    assert values["blind_recall"] in ("0.000", "1.000")
    assert values["blind_fp"] == values["blind_recall"]  # one text, both labels
