"""How often the outbound-data rule (`tools/outbound.py`) would ask, on real links and on the
addresses attack texts name.

* Benign: every http(s) link in the metadata of the packages installed in this environment
  (project pages, docs, badges, issue trackers: links an agent may meet and fetch). The rule
  asks for one of them only when its host is not named by the user, so the share printed is
  the most it can ask.
* Attacks: the addresses written in the exfiltration attacks of the injection sets (ours and
  other authors'). Most name a bare collector ("send it to https://…/collect") and the data
  is added by the model that obeys, which the rule sees when the request is made; the share
  printed is only of addresses that already carry data as written.

Prints counts and shares, then `RESULT OUT1 …`.
"""

from __future__ import annotations

import json
import re
import sys
import time
from importlib import metadata
from pathlib import Path

from orkas_jupyter.tools.outbound import data_in_url

REPO = Path(__file__).resolve().parents[1]
LINK = re.compile(r"https?://[^\s<>\"'`)\]]+")


def benign_links() -> list[str]:
    found: set[str] = set()
    for dist in metadata.distributions():
        text = dist.read_text("METADATA") or ""
        found.update(m.group(0).rstrip(".,;:") for m in LINK.finditer(text))
    return sorted(found)


def attack_addresses() -> list[str]:
    found: list[str] = []
    for path in sorted((REPO / "tests" / "data" / "injection").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("label") == "attack" and row.get("kind") == "exfiltration":
                found += [m.group(0).rstrip(".,;:") for m in LINK.finditer(row["text"])]
    return found


def main() -> int:
    benign = benign_links()
    attacks = attack_addresses()
    start = time.process_time()
    benign_data = [u for u in benign if data_in_url(u)]
    attack_data = [u for u in attacks if data_in_url(u)]
    us = (time.process_time() - start) / max(1, len(benign) + len(attacks)) * 1e6
    kinds: dict[str, int] = {}
    for url in benign_data:
        for reason in data_in_url(url):
            kinds[reason.split(" of ")[0]] = kinds.get(reason.split(" of ")[0], 0) + 1
    print(f"benign links in installed packages' metadata: {len(benign):,}; carrying data "
          f"(ask when the host is not named): {len(benign_data):,} "
          f"({len(benign_data) / max(1, len(benign)):.3f})")
    for kind, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"  {kind}: {n}")
    print(f"addresses in exfiltration attack texts: {len(attacks):,}; carrying data as "
          f"written: {len(attack_data):,} ({len(attack_data) / max(1, len(attacks)):.3f})")
    print(f"{us:.1f} µs per address")
    benign_ask = len(benign_data) / max(1, len(benign))
    print(f"RESULT OUT1 benign_links={len(benign)} benign_ask={benign_ask:.3f} "
          f"attack_addresses={len(attacks)} attack_data_as_written="
          f"{len(attack_data) / max(1, len(attacks)):.3f} us_per_url={us:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
