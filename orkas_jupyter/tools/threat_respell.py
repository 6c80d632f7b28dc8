"""Words spelled another way, read back for `threat_unmask`: Morse code (".. --. -. --- .-. .
/ .- .-.. .-.."), the NATO alphabet ("India Golf November …"), letters as their places in the
alphabet ("9-7-14-15-18-5 / 1-12-12"), Pig Latin ("ignoreway allway eviouspray"), and words
glued into one run ("IgnoreAllPreviousInstructions", "ignoreallpreviousinstructions", cut into
the words the learned layer knows) or in capitals joined by underscores
("IGNORE_ALL_INSTRUCTIONS"). Each gives the spans it reads back (`Span`)."""

from __future__ import annotations

import itertools
import re
from functools import cache, lru_cache

from .threat_encodings import Span
from .threat_unmask_words import ENGLISH

WORD = re.compile(r"[^\W\d_]+")  # a run of letters
# a line, or its parts around ": " and "; "
SEGMENT = re.compile(r"(?:[^\n:;]|[:;](?! ))+")
_GLUE_BUDGET = 1_500  # letters of glued runs cut per text


@lru_cache(maxsize=2)
def segments(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, segment) for each `SEGMENT` of `text`: split once for the readers that
    go through a text by its segments (`threat_unmask`, `threat_misspell`, Pig Latin)."""
    return tuple((m.start(), m.end(), m.group()) for m in SEGMENT.finditer(text))

_MORSE_SIGNS = (".- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - "
                "..- ...- .-- -..- -.-- --.. ----- .---- ..--- ...-- ....- ..... -.... --... "
                "---.. ----. .-.-.- --..-- ..--.. -.-.-- .--.-. ---... -..-. -....- .----. "
                "-...- -.--. -.--.- .-..-. .-... -.-.-. .-.-. ..--.- ...-..-")
_MORSE_CODE = dict(zip(_MORSE_SIGNS.split(),
                       "abcdefghijklmnopqrstuvwxyz0123456789.,?!@:/-'=()\"&;+_$", strict=True))
_MORSE = re.compile(r"(?<![\w.\-])(?:[.\-]{1,7}(?: {1,3}| ?[/|] ?)){9,}[.\-]{1,7}(?![\w.\-])")


def _morse(run: str) -> str:
    words = re.split(r" ?[/|] ?| {2,}", run.strip())
    return " ".join("".join(_MORSE_CODE.get(code, "?") for code in word.split())
                    for word in words)


_NATO_NAMES = ("alfa alpha bravo charlie delta echo foxtrot golf hotel india juliett juliet kilo "
               "lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey "
               "x-ray xray yankee zulu")
_NATO_LETTER = {w: w[0] for w in _NATO_NAMES.split()}
_NATO_VOWELS = ("alfa", "alpha", "echo", "india", "oscar", "uniform", "yankee")
_NATO = re.compile(r"(?<![\w-])(?:(?:" + "|".join(_NATO_LETTER) + r")(?:[\s,./|]+|$)){6,}",
                   re.IGNORECASE)


def _nato(run: str) -> str:
    """Letters spelled with the NATO alphabet, joined; a wider gap ("/", "|", two spaces)
    splits words."""
    words = re.split(r"\s*[/|]\s*|\s{2,}", run.strip())
    return " ".join("".join(_NATO_LETTER.get(w.lower(), "") for w in re.split(r"[\s,.]+", word))
                    for word in words)


# letters written as their places in the alphabet ("9-7-14-15-18-5 / 1-12-12"): ten or more
_PLACE = r"(?:2[0-6]|1[0-9]|[1-9])"
_PLACES = re.compile(rf"(?<![\d.,-]){_PLACE}(?:(?:-| / |/| {{1,2}}){_PLACE}){{9,}}(?![\d.,-])")


def _places(run: str) -> str:
    words = re.split(r" ?/ ?| {2}", run)
    return " ".join("".join(chr(96 + int(n)) for n in re.split(r"[- ]", word) if n)
                    for word in words)


# Pig Latin: most words of a line end in "ay" ("ignoreway allway eviouspray")
_PIG = re.compile(r"\b[a-z]+ay\b", re.IGNORECASE)
_VOWELS = frozenset("aeiouAEIOU")


def _unpig(word: str) -> str:
    """"ethay" -> "the", "allway" -> "all", "eviouspray" -> "previous": the consonants moved to
    the end are put back in front, as many as make a known word (a common English one first);
    a word that began with a vowel took "way"."""
    body = word[:-2].lower()
    cut = len(body)
    while cut > 1 and body[cut - 1] not in _VOWELS:
        cut -= 1
    moves = [body[k:] + body[:k] for k in range(len(body) - 1, cut - 1, -1)]
    if body.endswith("w") and body[0] in _VOWELS:
        moves.insert(0, body[:-1])
    for known in (ENGLISH, vocabulary()):
        for move in moves:
            if move in known:
                return move
    return moves[0] if body.endswith("w") and body[0] in _VOWELS else (moves or [body])[-1]


def pig_latin_spans(text: str) -> list[Span]:
    """Lines (or parts after a colon) of four words or more, six in ten of them Pig Latin."""
    if text.count("ay") < 4 or len(_PIG.findall(text, 0, 20_000)) < 4:
        return []
    out: list[Span] = []
    for start, end, part in segments(text):
        words = WORD.findall(part)
        pig = _PIG.findall(part)
        if len(words) >= 4 and len(pig) >= 0.6 * len(words):
            out.append((start, end, _PIG.sub(lambda w: _unpig(w.group()), part)))
    return out


_GLUED = re.compile(r"[A-Za-z]{14,300}")
GLUED_WORDS = "glued words"
# four words or more in capitals joined by underscores (a few hundred at most: a long file
# of code has thousands of constants); lower-case ones are code's names, which the learned
# layer reads in place
_SNAKE = re.compile(r"(?<![\w])[A-Z]+(?:_[A-Z]+){3,}(?![\w])")
_MAX_SNAKES = 300
_CAMEL = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_LONGEST = 20


@cache
def vocabulary() -> frozenset[str]:
    """The words glued runs are cut into, and that `threat_misspell` knows: `ENGLISH`, and
    the words of three letters or more the learned layer knows (its vocabulary holds the
    attacks' words in many languages)."""
    from .threat_model import ThreatEnsemble, model

    shipped = model()
    members = shipped.members if isinstance(shipped, ThreatEnsemble) else [shipped]
    known = {f[2:] for m in members for f in m.vocabulary if f.startswith("w:")}
    return ENGLISH | {w for w in known if len(w) >= 3 and w.isascii() and w.isalpha()}


def _cut(run: str) -> list[tuple[str, bool]]:
    """`run` (lower case) cut into known words where it can be, the letters between them kept
    together: (piece, whether it is a known word)."""
    known = vocabulary()
    n = len(run)
    # (letters covered, -pieces, common English words, start): fewest pieces, then the
    # commonest words ("of the", not "oft he")
    best: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * (n + 1)
    for end in range(1, n + 1):
        covered, pieces, common, _ = best[end - 1]
        choice = (covered, pieces - 1, common, end - 1)  # a letter no word covers
        for start in range(max(0, end - _LONGEST), end):
            piece = run[start:end]
            if piece in known:
                c, p, k, _ = best[start]
                choice = max(choice, (c + end - start, p - 1, k + (piece in ENGLISH), start))
        best[end] = choice
    out: list[tuple[str, bool]] = []
    end = n
    while end > 0:
        start = best[end][3]
        piece = run[start:end]
        if piece in known:
            out.append((piece, True))
        elif out and not out[-1][1]:  # letters no word covers, kept together
            out[-1] = (piece + out[-1][0], False)
        else:
            out.append((piece, False))
        end = start
    return out[::-1]


def glued_spans(text: str) -> list[Span]:
    """Glued runs read back as words (and capitals joined by underscores): words the
    vocabulary holds must cover six in ten of a
    run's letters, and with CamelCase parts nine in ten; three words or more, two of four
    letters or more ("character is tic" is not a reading, nor is base64's "SurbvHictcy")."""
    out: list[Span] = []
    budget = _GLUE_BUDGET
    for m in _GLUED.finditer(text):
        run = m.group()
        if budget <= 0:
            break
        budget -= len(run)
        pieces: list[tuple[str, bool]] = []  # (piece, whether it reads as a word)
        known = 0  # letters in words the vocabulary holds
        for part in _CAMEL.findall(run) if not (run.islower() or run.isupper()) else [run]:
            low = part.lower()
            if low in vocabulary():
                pieces.append((low, True))
                known += len(low)
            elif len(low) < 9:  # a CamelCase part is a word of its own
                pieces.append((low, True))
            else:
                cut = _cut(low)
                pieces += cut
                known += sum(len(p) for p, word in cut if word)
        words = [p for p, word in pieces if word]
        if (known >= 0.6 * len(run) and sum(map(len, words)) >= 0.9 * len(run)
                and len(words) >= 3 and sum(len(w) >= 4 for w in words) >= 2):
            out.append((m.start(), m.end(), " ".join(p for p, _ in pieces)))
    if "_" in text:  # "IGNORE_ALL_INSTRUCTIONS": the rules read "_" as a letter
        out += [(m.start(), m.end(), m.group().replace("_", " "))
                for m in itertools.islice(_SNAKE.finditer(text), _MAX_SNAKES)]
    return sorted(out)


def morse_spans(text: str) -> list[Span]:
    """Runs of ten Morse letters or more."""
    if ".-" not in text and "-." not in text:
        return []
    return [(m.start(), m.end(), _morse(m.group())) for m in _MORSE.finditer(text)]


def nato_spans(text: str) -> list[Span]:
    """Runs of six NATO letter names or more."""
    low = text.lower()
    # words spelled with the NATO alphabet have vowels: "alfa", "echo", "india", "oscar"…
    if not any(vowel in low for vowel in _NATO_VOWELS):
        return []
    return [(m.start(), m.end(), _nato(m.group())) for m in _NATO.finditer(text)]


def place_spans(text: str) -> list[Span]:
    """Runs of ten numbers from 1 to 26 or more, read as letters."""
    if "-" not in text and "/" not in text:
        return []
    return [(m.start(), m.end(), _places(m.group())) for m in _PLACES.finditer(text)]
