"""The round-8 writers' examples (`tests/data/injection/team_*.jsonl`, TEAM.md): well formed,
read by both trainers, and disjoint from every set the scanner is measured on."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "injection"
sys.path.insert(0, str(ROOT / "scripts"))

import train_threat_model  # noqa: E402

ATTACKS = {"override", "persona", "extraction", "redirect", "shaping", "exfiltration",
           "jailbreak"}
BENIGN = {"memory", "notebook", "code", "question", "docs", "email", "support",
          "security-doc", "game", "near-miss"}


def rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def team() -> list[dict[str, Any]]:
    files = sorted(DATA.glob("team_*.jsonl"))
    assert [f.name for f in files] == [f"team_{w}.jsonl" for w in "abcdef"] + ["team_links.jsonl"]
    return [r for f in files for r in rows(f)]


def test_ordinary_links_are_not_an_attack_cue() -> None:
    # Attack rows carry addresses far more often than the writers' benign rows did (234 to
    # 13), which taught the learned layer that a short text with a link is an attack; the
    # link rows (all benign) are there so an address alone says nothing.
    data = team()
    linked = [r for r in data if "://" in r["text"] or "www." in r["text"]]
    benign = sum(r["label"] == "benign" for r in linked)
    assert benign >= len(linked) - benign


def test_rows_are_well_formed_and_cover_every_kind() -> None:
    data = team()
    assert len(data) >= 6_000
    for r in data:
        assert set(r) == {"label", "kind", "language", "carrier", "text"}, r
        assert r["kind"] in (ATTACKS if r["label"] == "attack" else BENIGN), r
        assert r["text"].strip()
    kinds = Counter((r["label"], r["kind"]) for r in data)
    assert all(kinds[("attack", k)] >= 100 for k in ATTACKS)
    assert all(kinds[("benign", k)] >= 80 for k in BENIGN)
    assert len({r["language"] for r in data}) >= 40


def test_no_row_is_a_row_of_a_measured_set() -> None:
    measured: set[str] = set()
    for name in ("heldout", "fresh", "generated", "written_heldout", "other_author", "blind"):
        measured |= {r["text"].strip().lower() for r in rows(DATA / f"{name}.jsonl")}
    measured |= {r["text"].strip().lower() for r in rows(DATA / "external.jsonl")
                 if r["split"] == "heldout" or r["origin"]}
    assert not {r["text"].strip().lower() for r in team()} & measured


def test_the_trainers_read_them_when_asked_and_calibrate_the_quoting_kinds_apart() -> None:
    import train_threat_semantic

    examples = train_threat_model.team_examples()
    texts = {r["text"] for r in team()}
    assert {t for t, _, _ in examples} == texts
    # the semantic layer's shipped weights were trained without them (docs/security.md,
    # round 8); the learned layer trains on them since round 16
    assert not texts & {t for t, _, _ in train_threat_semantic.examples()}
    assert texts <= {t for t, _, _ in train_threat_semantic.examples(team=True)}
    pools = Counter(train_threat_model.pool(g) for _, label, g in examples if not label)
    assert set(pools) == {"near-miss", "hard"}
    assert pools["hard"] == sum(r["kind"] in ("security-doc", "game") for r in team())
