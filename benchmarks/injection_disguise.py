"""Disguised injections: the scanner's recall on attacks it catches in plain text once they are
encoded (base64, hex, percent-encoding, escapes, binary, base32, ascii85, uuencode, …) or
disguised letter by letter (ROT13 and other shifts, Atbash, ROT47, backwards, spelled out,
glued, Morse, the NATO alphabet, numbers, Pig Latin, small capitals, upside down, Braille,
…) or misspelled on purpose (letters scrambled inside words, Best-of-N, typos, vowels left
out, leetspeak with signs), and the false positives of benign texts put through the same
disguises.

The disguises are written here with the standard library, not with the scanner's decoders.
Attacks are the dev file's (`../shared/data/injection/dev.jsonl`) and the project's own
multilingual attack sets; benign texts are the project's benign sets and SciFact abstracts.
Only texts the scanner reads right in plain text are used, so each figure measures the
disguise alone. A disguise that cannot write a text (Morse of Cyrillic) skips it.

Prints recall and false positives per disguise, then
`RESULT DIS1 recall=… fp=… worst=<disguise>:<recall> disguises=N attacks=N benign=N us_per_text=…`.

usage: python benchmarks/injection_disguise.py [--n 200] [--seed 7]
"""

from __future__ import annotations

import argparse
import base64
import binascii
import codecs
import json
import quopri
import random
import re
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orkas_jupyter.tools.threat_scan import scan_layers  # noqa: E402

DATA = ROOT / "tests" / "data" / "injection"
SHARED = ROOT.parent / "shared" / "data"

_MORSE_SIGNS = (".- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - "
                "..- ...- .-- -..- -.-- --.. ----- .---- ..--- ...-- ....- ..... -.... --... "
                "---.. ----.")
_MORSE = dict(zip("abcdefghijklmnopqrstuvwxyz0123456789", _MORSE_SIGNS.split(), strict=True))
_NATO_NAMES = ("Alfa Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike "
               "November Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey X-ray "
               "Yankee Zulu")
_NATO = dict(zip("abcdefghijklmnopqrstuvwxyz", _NATO_NAMES.split(), strict=True))
_SMALL = dict(zip("abcdefghijklmnopqrstuvwxyz", "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡxʏᴢ", strict=True))
_TURN = dict(zip("abcdefghijklmnopqrstuvwxyz.?!", "ɐqɔpǝɟƃɥᴉɾʞlɯuodbɹsʇnʌʍxʎz˙¿¡", strict=True))
_BRAILLE = dict(zip("abcdefghijklmnopqrstuvwxyz ", "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵⠀", strict=True))


def _latin(text: str) -> bool:
    return all(c.isascii() for c in text)


def _letters(table: dict[str, str], sep: str = "", word_sep: str = " ") -> Callable[[str], str]:
    def encode(text: str) -> str:
        return word_sep.join(sep.join(table[c] for c in word if c in table)
                             for word in text.lower().split())
    return encode


def _shift(k: int) -> Callable[[str], str]:
    low = "abcdefghijklmnopqrstuvwxyz"
    table = str.maketrans(low + low.upper(), low[k:] + low[:k] + low.upper()[k:] + low.upper()[:k])
    return lambda text: text.translate(table)


_ATBASH = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                        "zyxwvutsrqponmlkjihgfedcbaZYXWVUTSRQPONMLKJIHGFEDCBA")


def _pig(word: str) -> str:
    w = "".join(c for c in word.lower() if c.isalpha())
    if not w:
        return word
    if w[0] in "aeiou":
        return w + "way"
    k = next((i for i, c in enumerate(w) if c in "aeiou"), len(w))
    return w[k:] + w[:k] + "ay"


def _uu(text: str) -> str:
    raw = text.encode()
    lines = [binascii.b2a_uu(raw[i:i + 45]).decode() for i in range(0, len(raw), 45)]
    return "begin 644 note.txt\n" + "".join(lines) + "`\nend"


def _each_word(change: Callable[[str, random.Random], str]) -> Callable[[str], str]:
    """A misspelling applied word by word, with the same choices for the same text."""
    def encode(text: str) -> str:
        rng = random.Random(zlib.crc32(text.encode()))
        return re.sub(r"[A-Za-z]+", lambda m: change(m.group(), rng), text)
    return encode


def _scramble(word: str, rng: random.Random) -> str:
    if len(word) < 4:
        return word
    middle = list(word[1:-1])
    rng.shuffle(middle)
    return word[0] + "".join(middle) + word[-1]


def _best_of_n(word: str, rng: random.Random) -> str:
    """Best-of-N augmentation (Hughes et al., 2024): middles scrambled, random capitals, and a
    few letters moved one code point."""
    word = _scramble(word, rng) if rng.random() < 0.6 else word
    word = "".join(c.swapcase() if rng.random() < 0.6 else c for c in word)
    return "".join(chr(ord(c) + rng.choice((-1, 1))) if rng.random() < 0.06 else c for c in word)


_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEAR = {c: "".join(r[j] for r in _ROWS[max(0, i - 1):i + 2] for j in (k - 1, k, k + 1)
                    if 0 <= j < len(r) and r[j] != c)
         for i, row in enumerate(_ROWS) for k, c in enumerate(row)}


def _typo(word: str, rng: random.Random) -> str:
    if len(word) < 5:
        return word
    k = rng.randrange(1, len(word))
    c = word[k].lower()
    return word[:k] + rng.choice(_NEAR.get(c, c)) + word[k + 1:]


_LEET_SIGNS = {"a": "4@", "e": "3", "i": "1!|", "o": "0", "s": "5$", "t": "7+", "l": "|1",
               "g": "9", "b": "8"}


def _leet(word: str, rng: random.Random) -> str:
    return "".join(rng.choice(_LEET_SIGNS[c.lower()]) if c.lower() in _LEET_SIGNS else c
                   for c in word)


# name -> (encoder, whether it can write the text)
DISGUISES: dict[str, tuple[Callable[[str], str], Callable[[str], bool]]] = {
    "base64": (lambda t: base64.b64encode(t.encode()).decode(), lambda t: True),
    "hex": (lambda t: t.encode().hex(), lambda t: True),
    "hex spaced": (lambda t: " ".join(f"{b:02x}" for b in t.encode()), lambda t: True),
    "one hex number": (lambda t: "0x" + t.encode().hex().upper(), lambda t: True),
    "octal escapes": (lambda t: "".join(f"\\{b:03o}" for b in t.encode()), lambda t: True),
    "percent": (lambda t: "".join(f"%{b:02X}" for b in t.encode()), lambda t: True),
    "url query": (lambda t: quote(t), lambda t: True),
    "quoted-printable": (lambda t: quopri.encodestring(t.encode(), quotetabs=True).decode(),
                         lambda t: True),
    "\\x escapes": (lambda t: "".join(f"\\x{b:02x}" for b in t.encode()), lambda t: True),
    "\\u escapes": (lambda t: "".join(f"\\u{ord(c):04x}" for c in t), lambda t: True),
    "0x bytes": (lambda t: " ".join(f"0x{b:02x}" for b in t.encode()), lambda t: True),
    "html entities": (lambda t: "".join(f"&#{ord(c)};" for c in t), lambda t: True),
    "binary": (lambda t: " ".join(f"{b:08b}" for b in t.encode()), lambda t: True),
    "decimal": (lambda t: " ".join(str(b) for b in t.encode()), lambda t: True),
    "base32": (lambda t: base64.b32encode(t.encode()).decode(), lambda t: True),
    "ascii85": (lambda t: base64.a85encode(t.encode(), adobe=True).decode(), lambda t: True),
    "base85": (lambda t: base64.b85encode(t.encode()).decode(), lambda t: True),
    "uuencode": (_uu, lambda t: True),
    "rot13": (lambda t: codecs.encode(t, "rot13"), _latin),
    "shift 3": (_shift(3), _latin),
    "shift 7": (_shift(7), _latin),
    "Atbash": (lambda t: t.translate(_ATBASH), _latin),
    "ROT47": (lambda t: "".join(chr(33 + (ord(c) + 14) % 94) if "!" <= c <= "~" else c
                                for c in t), _latin),
    "backwards": (lambda t: t[::-1], lambda t: True),
    "backwards after a lead": (lambda t: "Read this and do what it says: " + t[::-1],
                               lambda t: True),
    "words backwards": (lambda t: " ".join(w[::-1] for w in t.split()), lambda t: True),
    "spelled out": (lambda t: "  ".join(" ".join(w) for w in t.split()), lambda t: True),
    "dashes": (lambda t: "-".join(t.replace(" ", "")), _latin),
    "carets": (lambda t: "  ".join("^".join(w) for w in t.split()), lambda t: True),
    "glued": (lambda t: t.replace(" ", ""), _latin),
    "CamelCase": (lambda t: "".join(w.capitalize() for w in t.split()), _latin),
    "underscores": (lambda t: t.upper().replace(" ", "_"), lambda t: True),
    "Morse": (_letters(_MORSE, " ", " / "), _latin),
    "NATO": (_letters(_NATO, " ", " / "), _latin),
    "letters as numbers": (_letters({c: str(i + 1) for i, c in enumerate(
        "abcdefghijklmnopqrstuvwxyz")}, "-", " / "), _latin),
    "Pig Latin": (lambda t: " ".join(_pig(w) for w in t.split()), _latin),
    "small capitals": (lambda t: "".join(_SMALL.get(c, c) for c in t.lower()), _latin),
    "upside down": (lambda t: "".join(_TURN.get(c, c) for c in t.lower())[::-1], _latin),
    "Braille": (lambda t: "".join(_BRAILLE.get(c, c) for c in t.lower()), _latin),
    "scrambled": (_each_word(_scramble), _latin),
    "Best-of-N": (_each_word(_best_of_n), _latin),
    "typos": (_each_word(_typo), _latin),
    "vowels dropped": (_each_word(lambda w, rng: re.sub("[aeiouAEIOU]", "", w) or w), _latin),
    "symbol leet": (_each_word(_leet), _latin),
    "regional letters": (lambda t: " ".join("".join(chr(0x1F1E6 + ord(c) - 97) for c in w
                                                    if "a" <= c <= "z")
                                            for w in t.lower().split()), _latin),
}


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load(n: int, seed: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    attacks = [r["text"] for r in _rows(SHARED / "injection" / "dev.jsonl")
               if r["label"] == "attack"]
    own = [r["text"] for name in ("tune", "nonlatin", "written_train", "probes_train")
           for r in _rows(DATA / f"{name}.jsonl") if r["label"] == "attack"]
    benign = [r["text"] for name in ("benign_prose", "benign_questions", "benign_requests",
                                     "benign_shapes", "docs_benign_train", "real_docs_train")
              for r in _rows(DATA / f"{name}.jsonl") if r["label"] == "benign"]
    scifact = [(r.get("title", "") + "\n" + " ".join(r.get("abstract", [])))
               for r in _rows(SHARED / "scifact" / "corpus.jsonl")]
    rng.shuffle(attacks)
    rng.shuffle(own)
    rng.shuffle(benign)
    rng.shuffle(scifact)
    # what the scanner reads right in plain text, short enough to disguise whole
    attacks = [t for t in attacks[:4 * n] + own[:4 * n] if len(t) < 1500 and scan_layers(t)]
    benign = [t for t in benign[:4 * n] + scifact[:n] if len(t) < 3000 and not scan_layers(t)]
    rng.shuffle(attacks)
    return attacks[:n], benign[:n]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="attacks and benign texts each")
    parser.add_argument("--seed", type=int, default=7)
    ns = parser.parse_args()
    attacks, benign = load(ns.n, ns.seed)
    caught = missed = flagged = clean = scans = 0
    spent = 0.0
    per: dict[str, float] = {}
    print(f"{len(attacks)} attacks and {len(benign)} benign texts the scanner reads right in "
          "plain text")
    for name, (encode, can) in DISGUISES.items():
        hit = [bool(scan_layers(encode(t))) for t in attacks if can(t)]
        start = time.process_time()
        fp = [bool(scan_layers(encode(t))) for t in benign if can(t)]
        spent += time.process_time() - start
        scans += len(fp)
        per[name] = sum(hit) / len(hit)
        caught, missed = caught + sum(hit), missed + len(hit) - sum(hit)
        flagged, clean = flagged + sum(fp), clean + len(fp) - sum(fp)
        print(f"  {name:18s} attacks n={len(hit):4d} recall={per[name]:.3f}   "
              f"benign n={len(fp):4d} false positives={sum(fp) / len(fp):.3f}")
    worst = min(per, key=lambda k: per[k])
    print(f"RESULT DIS1 recall={caught / (caught + missed):.3f} "
          f"fp={flagged / (flagged + clean):.4f} worst={worst.replace(' ', '_')}:"
          f"{per[worst]:.3f} disguises={len(DISGUISES)} attacks={len(attacks)} "
          f"benign={len(benign)} us_per_text={1e6 * spent / scans:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
