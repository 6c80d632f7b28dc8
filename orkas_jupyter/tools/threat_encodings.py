"""Text smuggled in the encodings of the web, of code and of data, decoded in place so the
words around still count: percent-encoding ("%49%67%6E%6F%72%65…", "Ignore%20all%20rules"),
quoted-printable ("=49=67=6E…"), escapes ("\\x49\\x67", "\\u0049", "\\111", "0x49 0x67",
"&#73;&#103;"), bytes written in binary ("01001001 01100111") or in decimal ("73 103 110
111…"), base32 ("JFTW433SMUQGC3DM…") and base85; ascii85 ("<~9jqo^…~>") and uuencoded blocks
("begin 644 note.txt") are decoded alone.

A run counts only when it decodes to text that reads as words (`wordy`): a URL's "%2F", a hex
dump, a table of numbers or an accented JSON string decode to symbols, to one word or to
nothing the scanner flags. Percent-encoding, quoted-printable, escapes and binary are looked
for only when the text holds their mark (a "%", a "=", a backslash, "&#" or "0x", both
binary digits); the others cost one pass of a regular expression. A base85 run longer than
`MAX_RUN` is skipped.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import re
from collections.abc import Callable
from typing import NamedTuple
from urllib.parse import unquote, unquote_plus

MAX_RUN = 20_000  # characters of the longest run decoded (an image's base64 is longer)
# three escapes or more, anything but spaces and "%" between them ("Ignore%20all%20of%20it");
# a run is only tried from its start (from anywhere inside a long run without "%", as in an
# image's base64, the search took time in the square of its length)
_PERCENT = re.compile(r"(?<![^\s%])[^\s%]*(?:%[0-9A-Fa-f]{2}[^\s%]*){3,}")
_QP = re.compile(r"(?:=[0-9A-F]{2}[^\s=]{0,20}){4,}")
_QP_BYTE = re.compile(r"=([0-9A-F]{2})")
_SOFT_BREAK = re.compile(r"=\r?\n")
# six or more escapes in a row, separated by nothing, spaces or commas
_ESCAPE = (r"\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}|\\[0-3][0-7]{2}"
           r"|&#[0-9]{2,7};|&#[xX][0-9a-fA-F]{2,6};|(?<![\w])0x[0-9a-fA-F]{2}(?![\w])")
_ESCAPES = re.compile(rf"(?:(?:{_ESCAPE})[ ,;]*){{5,}}(?:{_ESCAPE})")
_ONE_ESCAPE = re.compile(_ESCAPE)
# bytes as 7 or 8 bits, six or more, spaced or not (then a multiple of 8, 48 bits or more)
_BINARY = re.compile(r"(?<![01])(?:[01]{7,8}[ ,]+){5,}[01]{7,8}(?![01])|(?<![01])(?:[01]{8}){6,}"
                     r"(?![01])")
# byte values in decimal, eight or more, spaced or separated by commas
_DECIMAL = re.compile(r"(?<![\w.])(?:[0-9]{2,3}[ ,;]+){7,}[0-9]{2,3}(?![\w.])")
_BASE32 = re.compile(r"(?<![\w=])[A-Z2-7]{16,}={0,6}(?![\w=])")
# ascii85's body holds "!" to "u", "z" and white space, never "~": a "<~" without its "~>"
# costs the length of its body, not of the text
_ASCII85 = re.compile(r"<~([!-uz\s]{10,})~>")
# base85 (git's and Python's alphabet): a run of 30 or more of its characters holding two of
# its symbols or more, which base64 does not use (a URL's "." and "/" are not in it)
_BASE85 = re.compile(r"[0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]{30,}")
_BASE85_SYMBOLS = re.compile(r"[!#$%&()*;<=>?@^`{|}~]")
_UU = re.compile(r"^begin [0-7]{3} [^\n]*\n(.*?)^end$", re.DOTALL | re.MULTILINE)


Span = tuple[int, int, str]  # where a disguised stretch stands, and what it reads back as


class Reading(NamedTuple):
    """A text read out of its encoding or disguise. `alone`: stretches read back out of their
    text (a line, a run), not the text with them read in place. `cut`: a reading the learned
    layers would take for a list of keywords (runs of glued words cut into words and read
    alone, misspelled words put right among the garbled ones), left to the rules and the
    grammar."""

    name: str
    text: str
    alone: bool = False
    cut: bool = False


def wordy(text: str) -> bool:
    """Whether decoded text reads as words: two or more, mostly letters and spaces."""
    if " " not in text.strip() or (not text.isprintable() and "\n" not in text):
        return False
    plain = sum(c.isalpha() or c.isspace() for c in text)
    return plain >= 0.75 * len(text) and len(text.split()) >= 2


def _text(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _percent(run: str) -> str | None:
    # "+" is a space in a form's query ("ignore+all+rules"), a plus where "%20" is the space
    return unquote(run, errors="strict") if "%20" in run else unquote_plus(run, errors="strict")


def _quoted_printable(run: str) -> str | None:
    return _text(_QP_BYTE.sub(lambda m: chr(int(m.group(1), 16)), run).encode("latin-1"))


def _unbroken(text: str) -> str:
    """Quoted-printable's soft line breaks ("=" at a line's end) removed."""
    return _SOFT_BREAK.sub("", text) if "=\n" in text or "=\r\n" in text else text


def _escapes(run: str) -> str | None:
    out: list[str] = []
    pending = bytearray()  # "\x" and "0x" escapes are bytes of UTF-8, the others characters
    for m in _ONE_ESCAPE.finditer(run):
        esc = m.group()
        if esc[:2] in ("\\x", "0x"):
            pending.append(int(esc[2:], 16))
            continue
        if esc[0] == "\\" and esc[1].isdigit():  # octal, a byte too
            pending.append(int(esc[1:], 8))
            continue
        if pending:
            out.append(_text(bytes(pending)) or "")
            pending.clear()
        if esc.startswith("&#"):
            code = int(esc[3:-1], 16) if esc[2] in "xX" else int(esc[2:-1])
        else:
            code = int(esc[2:], 16)
        if code > 0x10FFFF:
            return None
        out.append(chr(code))
    if pending:
        decoded = _text(bytes(pending))
        if decoded is None:
            return None
        out.append(decoded)
    return "".join(out)


def _binary(run: str) -> str | None:
    bits = re.split(r"[ ,]+", run.strip()) if " " in run or "," in run else \
        [run[i:i + 8] for i in range(0, len(run), 8)]
    return _text(bytes(int(b, 2) for b in bits))


def _decimal(run: str) -> str | None:
    values = [int(v) for v in re.split(r"[ ,;]+", run.strip())]
    if any(v < 9 or v > 255 for v in values):
        return None
    return _text(bytes(values))


def _base32(run: str) -> str | None:
    bare = run.rstrip("=")
    try:
        return _text(base64.b32decode(bare + "=" * (-len(bare) % 8)))
    except (binascii.Error, ValueError):
        return None


def _uu(block: str) -> str | None:
    try:
        return _text(b"".join(binascii.a2b_uu(line) for line in block.splitlines() if line))
    except binascii.Error:
        return None


def _base85(run: str) -> str | None:
    if len(run) > MAX_RUN or len(_BASE85_SYMBOLS.findall(run)) < 2:
        return None
    # a tag's ">" or "<" may begin or end the run
    for start, end in itertools.product((0, 1), (len(run), len(run) - 1)):
        try:
            text = _text(base64.b85decode(run[start:end]))
        except (binascii.Error, ValueError):
            continue
        if text is not None and wordy(text):
            return text
    return None


def _ascii85(run: str) -> str | None:
    try:
        return _text(base64.a85decode("<~" + run + "~>", adobe=True))
    except (binascii.Error, ValueError):
        return None


Decoder = Callable[[str], "str | None"]
# (name, whether the text may hold it, the pattern of a run, its decoder)
_ENCODINGS: tuple[tuple[str, Callable[[str], bool], re.Pattern[str], Decoder], ...] = (
    ("percent-encoding", lambda t: "%" in t, _PERCENT, _percent),
    ("quoted-printable", lambda t: "=" in t, _QP, _quoted_printable),
    ("escapes", lambda t: "\\" in t or "&#" in t or "0x" in t, _ESCAPES, _escapes),
    ("binary", lambda t: "0" in t and "1" in t, _BINARY, _binary),
    ("decimal character codes", lambda t: True, _DECIMAL, _decimal),
    ("base32", lambda t: True, _BASE32, _base32),
    ("base85", lambda t: True, _BASE85, _base85),
)


def encoded_texts(text: str) -> list[Reading]:
    """For each encoding whose runs decode to words, the text with them decoded in place;
    ascii85 and uuencoded blocks decoded, alone."""
    found: list[Reading] = []
    for name, may_hold, pattern, decode in _ENCODINGS:
        if not may_hold(text):
            continue
        changed = False

        def swap(m: re.Match[str], decode: Decoder = decode) -> str:
            nonlocal changed
            try:
                inner = decode(m.group())
            except (UnicodeError, ValueError):
                inner = None
            if inner is None or not wordy(inner):
                return m.group()
            changed = True
            return inner

        read = pattern.sub(swap, _unbroken(text) if name == "quoted-printable" else text)
        if changed:
            found.append(Reading(name, read))
    for name, mark, pattern, decode in (("ascii85", "<~", _ASCII85, _ascii85),
                                         ("uuencode", "begin ", _UU, _uu)):
        if mark in text:
            for m in pattern.finditer(text):
                inner = decode(m.group(1))
                if inner is not None and wordy(inner):
                    found.append(Reading(name, inner))
    return found
