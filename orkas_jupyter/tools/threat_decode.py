"""Text smuggled in an encoding: a base64 or hex run that decodes to words is read again by
the scanner (`threat_scan`), so "SWdub3JlIHlvdXIgcnVsZXM…" is read as "Ignore your rules…";
so is a text in ROT13 ("vtaber nyy cerivbhf vafgehpgvbaf"), recognised by three common
English words in their ROT13 form, and letters spelled out one by one ("i g n o r e  a l l",
"s-y-s-t-e-m-p-r-o-m-p-t"), joined.

Only runs that decode to text count: valid UTF-8, at least two words, mostly letters and
spaces (or another base64 run, read next). A PNG in a notebook, a hash, a JWT's JSON or a key
decodes to bytes or to symbols and is left alone. A run longer than `MAX_RUN` (an image) is
skipped; decoding stops after `BUDGET` characters of runs, so a minified file full of long
identifiers costs little, and a payload after a few of them is still read.

`decoded_texts` also gives what `threat_encodings` (percent-encoding, escapes, binary, base32,
…, decoded in place) and `threat_unmask` (text disguised letter by letter) read back.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
from collections import Counter
from collections.abc import Iterator

from .threat_encodings import MAX_RUN, Reading, encoded_texts, wordy
from .threat_unmask import unmasked_texts

BUDGET = 100_000
# A run of 20 characters or more of the base64 alphabets (standard and URL-safe) with its
# padding: base64 when it has both cases (a long word or a hash in one case is not base64
# of text), hex when it is all hex digits. One pass of a plain class, checked in Python.
_RUN = re.compile(r"[\w+/-]{20,}={0,2}", re.ASCII)
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
# Hex with a space or a colon between the bytes (at least 12 bytes); only looked for when
# the text holds an encoded space (" 20 ", ":20:"), which text of two words or more has.
_SPACED_HEX = re.compile(r"(?<![0-9a-fA-F])(?:[0-9a-fA-F]{2}[ :]){11,}[0-9a-fA-F]{2}"
                         r"(?![0-9a-fA-F])")

# "the and you your all this with are ignore previous instructions rules system prompt
# password tell say reveal" in ROT13 (short ones such as "vf", "gb", "va" are words of
# their own, "gb" a unit)
_ROT13_WORDS = re.compile(r"(?<![^\W\d_])(?:gur|naq|lbh|lbhe|nyy|guvf|jvgu|ner|vtaber|cerivbhf|"
                          r"vafgehpgvbaf|ehyrf|flfgrz|cebzcg|cnffjbeq|gryy|fnl|erirny)"
                          r"(?![^\W\d_])", re.IGNORECASE)

# Six or more single letters with a short separator between each two (three of them
# first, the cheaper search that rules out most texts)
_SEP = r"[ .\-_*|/^~+·•]"  # what may stand between two letters spelled out
_SPELLED = re.compile(rf"(?<![^\W\d_])(?:[^\W\d_]{_SEP}{{1,3}}){{5,}}[^\W\d_](?![^\W\d_])")
_SPELLED_START = re.compile(rf"\b[^\W\d_]{_SEP}{{1,3}}[^\W\d_]{_SEP}{{1,3}}[^\W\d_]{_SEP}")
# ROT13 text holds at least one of these (ROT13 of "the", "and", "you", "all", "ignore")
_ROT13_HINTS = ("gur", "naq", "lbh", "nyy", "vtaber", "Gur", "Naq", "Lbh", "Nyy", "Vtaber",
                "GUR", "NAQ", "LBH", "NYY", "VTABER")
_GAP = re.compile(f"{_SEP}+")


def _joined(run: str) -> str:
    """Letters spelled out one by one, joined into the words they spell: the commonest
    separator joins letters, any other ("i-g-n-o-r-e a-l-l", "i g n o r e  a l l") splits
    words."""
    gaps = _GAP.findall(run)
    joiner = Counter(gaps).most_common(1)[0][0]
    letters = _GAP.split(run)
    words = [letters[0]]
    for gap, letter in zip(gaps, letters[1:], strict=True):
        if gap == joiner:
            words[-1] += letter
        else:
            words.append(letter)
    return " ".join(words)


def _from_base64(run: str) -> str | None:
    alt = b"-_" if ("-" in run or "_" in run) else None
    if alt and ("+" in run or "/" in run):
        return None
    try:
        bare = run.rstrip("=")
        raw = base64.b64decode(bare + "=" * (-len(bare) % 4), altchars=alt, validate=True)
        return raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None


def _from_hex(run: str) -> str | None:
    digits = re.sub(r"[ :]", "", run)
    try:  # a last lone digit (a run cut short) is dropped
        return bytes.fromhex(digits[:len(digits) // 2 * 2]).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None


def _runs(text: str) -> Iterator[tuple[str, str]]:
    """(encoding, run) for each run of `text` that may be base64 or hex."""
    for m in _RUN.finditer(text):
        run = m.group()
        if run[:2] in ("0x", "0X"):  # one hex number of many bytes: "0x53746F70…"
            run = run[2:]
        bare = run.rstrip("=")
        if _HEX_DIGITS.issuperset(bare) and len(bare) >= 24:
            yield "hex", bare
        elif not bare.islower() and not bare.isupper():  # both cases (digits aside)
            yield "base64", run
    if " 20 " in text or ":20:" in text:
        for m in _SPACED_HEX.finditer(text):
            yield "hex", m.group()


def decoded_texts(text: str) -> list[Reading]:
    """A reading of each base64 or hex run of `text` that decodes to words, of the whole text
    in ROT13 when it reads like ROT13, of the text with letters spelled out one by one joined,
    and `threat_encodings`' and `threat_unmask`'s readings."""
    found: list[Reading] = []
    if (any(hint in text for hint in _ROT13_HINTS)
            and len({w.lower() for w in _ROT13_WORDS.findall(text)}) >= 3):
        found.append(Reading("rot13", codecs.decode(text, "rot13")))
    if _SPELLED_START.search(text) and _SPELLED.search(text):
        # read in place, so the words around still count
        found.append(Reading("spelled-out letters",
                             _SPELLED.sub(lambda m: _joined(m.group()), text)))
    spent = 0
    for encoding, run in _runs(text):
        if len(run) > MAX_RUN:
            continue
        spent += len(run)
        if spent > BUDGET:
            break
        inner = _from_base64(run) if encoding == "base64" else _from_hex(run)
        # an encoded run may hold another ("base64 twice"): kept for the next reading
        if inner is not None and (wordy(inner) or _RUN.fullmatch(inner.strip())):
            found.append(Reading(encoding, inner))
    unmasked = unmasked_texts(text)
    if found and found[0].name == "rot13":  # the whole text was read in ROT13 already
        unmasked = [u for u in unmasked if u.name != "a letter shift of 13"]
    return found + encoded_texts(text) + unmasked
