"""PF7: signed aggregate error of the token estimator against o200k counts, per language.

Reads a JSONL file with fields `lang`, `text`, `o200k_base` (default: the shared dev set).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from orkas_jupyter.engine.tokens import estimate_tokens

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "tokens" / "dev.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=DEFAULT)
    args = parser.parse_args()
    est: dict[str, int] = defaultdict(int)
    real: dict[str, int] = defaultdict(int)
    chars: dict[str, int] = defaultdict(int)
    count: dict[str, int] = defaultdict(int)
    for line in args.data.read_text("utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        lang = row["lang"]
        est[lang] += estimate_tokens(row["text"])
        real[lang] += row["o200k_base"]
        chars[lang] += len(row["text"])
        count[lang] += 1
    errors: dict[str, float] = {}
    print(f"{'lang':6} {'n':>5} {'o200k':>9} {'estimate':>9} {'error':>8} {'chars/4 error':>14}")
    for lang in sorted(real):
        errors[lang] = (est[lang] - real[lang]) / real[lang] * 100
        naive = (chars[lang] / 4 - real[lang]) / real[lang] * 100
        print(f"{lang:6} {count[lang]:5d} {real[lang]:9d} {est[lang]:9d} "
              f"{errors[lang]:+7.1f}% {naive:+13.1f}%")
    ordered = [k for k in ("en", "zh", "ja", "code") if k in errors]
    ordered += [k for k in sorted(errors) if k not in ordered]
    print("RESULT PF7 " + " ".join(f"{k}={errors[k]:+.1f}" for k in ordered))


if __name__ == "__main__":
    main()
