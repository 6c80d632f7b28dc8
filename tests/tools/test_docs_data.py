"""Round 20's documents and genre texts (`tests/data/injection/DOCS.md`): well formed, split
without overlap, the real files' licences recorded, the poisoned documents never trained on,
and the scanner's measured figures on them held."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from orkas_jupyter.tools.threat_scan import scan

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "injection"
PERMISSIVE = {"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause"}


def rows(name: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in (DATA / f"{name}.jsonl").read_text("utf-8").splitlines()
            if line.strip()]


@pytest.mark.parametrize("name", ["docs_benign_train", "docs_benign_heldout", "docs_attack",
                                  "genres_train", "genres_heldout", "real_docs_train",
                                  "real_docs_heldout"])
def test_rows_are_labelled_and_unique(name: str) -> None:
    data = rows(name)
    assert data
    for r in data:
        assert {"label", "kind", "language", "text"} <= set(r), r.keys()
        assert r["label"] in ("attack", "benign") and r["text"].strip()
    assert len({r["text"] for r in data}) == len(data)


@pytest.mark.parametrize("stem", ["docs_benign", "genres", "real_docs"])
def test_read_and_held_out_parts_share_no_text(stem: str) -> None:
    read = {r["text"] for r in rows(f"{stem}_train")}
    assert not read & {r["text"] for r in rows(f"{stem}_heldout")}


def test_real_files_name_their_source_and_a_permissive_licence() -> None:
    for part in ("real_docs_train", "real_docs_heldout"):
        for r in rows(part):
            assert r["licence"] in PERMISSIVE, r["repo"]
            assert len(r["commit"]) == 40 and r["repo"].count("/") == 1 and r["path"]
    # split by a hash of repository and path: no file is in both halves
    keys = [{(r["repo"], r["path"]) for r in rows(p)} for p in ("real_docs_train",
                                                                "real_docs_heldout")]
    assert not keys[0] & keys[1]


def test_the_trainer_reads_the_read_parts_and_never_the_poisoned_documents() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from threat_training_data import document_examples

    texts = {t for t, _, _ in document_examples()}
    assert {r["text"] for r in rows("docs_benign_train")} <= texts
    assert {r["text"] for r in rows("real_docs_train")} <= texts
    assert {r["text"] for r in rows("genres_train")} <= texts
    for held in ("docs_attack", "docs_benign_heldout", "real_docs_heldout", "genres_heldout"):
        assert not texts & {r["text"] for r in rows(held)}, held


def flagged_share(name: str, label: str) -> float:
    chosen = [r for r in rows(name) if r["label"] == label]
    return sum(bool(scan(r["text"])) for r in chosen) / len(chosen)


def test_documents_stay_where_round_20_measured_them() -> None:
    # round 19 flagged 30 % of the real files and 71 % of the poisoned documents; round 20
    # measured 14-20 % and 65 % (docs/security.md)
    assert flagged_share("real_docs_heldout", "benign") <= 0.20
    assert flagged_share("docs_benign_heldout", "benign") <= 0.20
    assert flagged_share("docs_attack", "attack") >= 0.60
