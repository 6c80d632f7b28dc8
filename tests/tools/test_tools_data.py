"""Round 21's MCP tool descriptions (`tests/data/injection/TOOLS.md`): well formed, split
without overlap, the real servers' packages and licences recorded, and the scanner's measured
figures on them held."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orkas_jupyter.tools.threat_scan import scan

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "injection"
PERMISSIVE = {"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC"}


def rows(name: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in (DATA / f"{name}.jsonl").read_text("utf-8").splitlines()
            if line.strip()]


@pytest.mark.parametrize("name", ["tools_attack_train", "tools_attack_heldout",
                                  "tools_benign_train", "tools_benign_heldout",
                                  "tools_second_writer", "mcp_real_train", "mcp_real_heldout"])
def test_rows_are_labelled_and_unique(name: str) -> None:
    data = rows(name)
    assert data
    for r in data:
        assert {"label", "kind", "text"} <= set(r), r.keys()
        assert r["label"] in ("attack", "benign") and r["text"].strip()
    # a text may repeat across packages (two servers wrapping one API), never within one
    keys = [(r.get("package"), r["text"]) for r in data]
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("stem", ["tools_attack", "tools_benign", "mcp_real"])
def test_read_and_held_out_parts_share_no_text(stem: str) -> None:
    read = {r["text"] for r in rows(f"{stem}_train")}
    held = rows(f"{stem}_heldout")
    if stem == "mcp_real":  # split by package: no package is in both halves
        assert not {r["package"] for r in rows("mcp_real_train")} & {r["package"] for r in held}
    else:
        assert not read & {r["text"] for r in held}


def test_real_servers_name_their_package_and_a_permissive_licence() -> None:
    for part in ("mcp_real_train", "mcp_real_heldout"):
        for r in rows(part):
            assert r["licence"] in PERMISSIVE, r["package"]
            assert r["registry"] in ("pypi", "npm") and r["version"] and r["licence_basis"]
            assert r["kind"] in ("description", "param", "instructions")


def flagged_share(data: list[dict[str, str]], label: str) -> float:
    chosen = [r for r in data if r["label"] == label]
    return sum(bool(scan(r["text"])) for r in chosen) / len(chosen)


def test_tool_descriptions_stay_where_round_21_measured_them() -> None:
    # round 20's scanner caught 0.225 of the second writer's poisoned tools (200) and flagged
    # 1.2 % of the read half's real descriptions (the popular desktop-commander server's 26
    # tools among them); round 21 measured 0.280 and 0.6 % (docs/security.md)
    second = rows("tools_second_writer")
    assert flagged_share(second, "attack") >= 0.27
    assert flagged_share(second, "benign") <= 0.07
    real = [r for r in rows("mcp_real_train") if r["kind"] != "param"]
    assert flagged_share(real, "benign") <= 0.012


def test_the_trainers_tool_option_reads_only_the_read_halves() -> None:
    import sys

    sys.path.insert(0, str(DATA.parents[2] / "scripts"))
    from threat_training_data import tool_examples

    texts = {t for t, _, _ in tool_examples()}
    for read in ("tools_attack_train", "tools_benign_train", "mcp_real_train"):
        assert {r["text"] for r in rows(read)} <= texts, read
    for held in ("tools_attack_heldout", "tools_benign_heldout", "tools_second_writer"):
        assert not texts & {r["text"] for r in rows(held)}, held
    # a few honest texts are shared by two servers, one in each half
    shared = texts & {r["text"] for r in rows("mcp_real_heldout")}
    assert len(shared) <= 10, sorted(shared)[:3]
