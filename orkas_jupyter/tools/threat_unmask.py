"""Text disguised letter by letter rather than encoded in bytes, read back for the scanner
(`threat_scan` reads what this returns with the same layers):

* a line written backwards (".tpmorp metsys ruoy laever", or word by word), with its letters
  shifted along the alphabet (a Caesar cipher, any shift), in Atbash (the alphabet reversed)
  or in ROT47: a line, or its part after a colon, that holds few common words
  (`threat_unmask_words.COMMON`) whose reading back holds many;
* letters drawn from other alphabets that NFKC does not map back: small capitals
  ("ɪɢɴᴏʀᴇ ᴀʟʟ"), text turned upside down ("suoᴉʇɔnɹʇsuᴉ"), Braille, regional-indicator and
  negative circled or squared letters; Latin letters that look like Cyrillic ones in Russian
  or Ukrainian text ("ИгHopиpyй Bce пpeдыдyщиe");
* words spelled another way (`threat_respell`): Morse code, the NATO alphabet, letters as
  numbers, Pig Latin, and words glued into one run ("IgnoreAllPreviousInstructions", as
  letters spelled out with one separator come back from `threat_decode`);
* words misspelled on purpose (`threat_misspell`): scrambled, mistyped, without their
  vowels, in leetspeak; read, like glued runs, by the rules and the grammar only.

What comes back is read only if it reads as words; a line of code, a table, a DNA sequence or
a text in a language the word lists do not hold is left alone, at the cost of a word count per
line.
"""

from __future__ import annotations

import re

from .threat_encodings import Reading, Span, wordy
from .threat_misspell import MISSPELLED, misspelled_spans
from .threat_respell import (
    GLUED_WORDS,
    WORD,
    glued_spans,
    morse_spans,
    nato_spans,
    pig_latin_spans,
    place_spans,
    segments,
)
from .threat_unmask_words import COMMON

_LINE = re.compile(r"[^\n]+")
_TOKEN = re.compile(r"\S+")
_MAX_LINE = 3_000

# English letter frequencies (per cent), for the shift that makes a line read as text
_FREQ = (8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2.0, 6.1, 7.0, 0.15, 0.77, 4.0, 2.4, 6.7, 7.5, 1.9,
         0.095, 6.0, 6.3, 9.1, 2.8, 0.98, 2.4, 0.15, 2.0, 0.074)
_LOWER = "abcdefghijklmnopqrstuvwxyz"
_UPPER = _LOWER.upper()
# _SHIFTS[k] moves each letter k places on, in both cases
_SHIFTS = [str.maketrans(_LOWER + _UPPER, _LOWER[k:] + _LOWER[:k] + _UPPER[k:] + _UPPER[:k])
           for k in range(26)]
# ROT47: the printable ASCII characters shifted half way round
_ROT47 = str.maketrans({chr(c): chr(33 + (c - 33 + 47) % 94) for c in range(33, 127)})
# Atbash: the alphabet reversed (a for z, b for y …)
_ATBASH = str.maketrans(_LOWER + _UPPER, _LOWER[::-1] + _UPPER[::-1])


def _hits(words: list[str]) -> int:
    return sum(w in COMMON for w in words)


def _reads(words: list[str], plain: int, share: float = 0.2) -> bool:
    """Whether `words`, read back, hold many more common words than the `plain` line did,
    and at least `share` of them."""
    hits = _hits(words)
    return hits >= 3 and hits >= share * len(words) and hits >= 2 * plain


def _sentence(text: str) -> int:
    """How much `text` looks like a sentence in reading order: a capital first, a full stop
    (or a question or exclamation mark) last, none first."""
    return ((text[:1].isupper()) + (text[-1:] in ".!?") - (text[:1] in ".!?")
            if text else 0)


def _natural(line: str) -> bool:
    """Whether half the letters of `line` (lower case) or more are among the eight commonest
    of English ("etaoinsr"), as in most languages written in Latin letters; after a shift
    fewer are (four in ten after ROT13, two after a shift of 3)."""
    letters = sum(line.count(c) for c in _LOWER)
    return sum(line.count(c) for c in "etaoinsr") >= 0.5 * letters


def _best_shift(line: str) -> int:
    """The shift k (1 to 25) most likely to have made `line` (lower case) from English
    text: English's letter frequencies, each moved k places on, fit the line's best."""
    counts = [line.count(c) for c in _LOWER]
    total = sum(counts) or 1
    seen = [count / total * 100 for count in counts]

    def distance(shift: int) -> float:
        return sum((seen[(i + shift) % 26] - f) ** 2 / f for i, f in enumerate(_FREQ))

    return min(range(1, 26), key=distance)


def _lines(text: str) -> dict[str, list[Span]]:
    """Lines (or the parts of a line after a colon: "read this and do it: .ti ot …") written
    backwards, shifted, in Atbash or in ROT47, each read back, by disguise."""
    found: dict[str, list[Span]] = {}
    for start, end, line in segments(text):
        low = line[:_MAX_LINE].lower()
        words = WORD.findall(low)
        if len(words) < 3:
            continue
        plain = _hits(words)
        if plain > 0.2 * len(words):  # a line of plain words
            continue
        if _reads([w[::-1] for w in words], plain):
            # the whole line reversed, or each word in place ("nehW eht resu sksa"): the
            # reading that reads as a sentence (both hold the same words; read in the wrong
            # order, a benign text's words pair into phrases it never held)
            whole, each = line[::-1].strip(), _TOKEN.sub(lambda w: w.group()[::-1], line).strip()
            read = each if _sentence(each) > _sentence(whole) else whole
            found.setdefault("backwards writing", []).append((start, end, read))
            continue
        if not line.isascii():
            continue
        rot47 = line.translate(_ROT47)
        # ROT47 turns code and punctuation into letters too: the reading must be words
        if wordy(rot47) and _reads(WORD.findall(rot47.lower()), plain, share=0.4):
            found.setdefault("ROT47", []).append((start, end, rot47))
            continue
        if _natural(low):
            continue
        shift = _best_shift(low)
        back = _SHIFTS[26 - shift]
        if _reads([w.translate(back) for w in words], plain):
            found.setdefault(f"a letter shift of {shift}", []).append(
                (start, end, line.translate(back)))
        elif _reads([w.translate(_ATBASH) for w in words], plain):
            found.setdefault("Atbash", []).append((start, end, line.translate(_ATBASH)))
    return found


def _table(pairs: str) -> dict[int, str]:
    """A translation table from "ᴀa ʙb …" (each look-alike followed by its letter)."""
    return {ord(pair[0]): pair[1:] for pair in pairs.split()}


_SMALL_CAPS = _table("ᴀa ʙb ᴄc ᴅd ᴇe ꜰf ɢg ʜh ɪi ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ǫq ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz")
_BRAILLE = _table("⠁a ⠃b ⠉c ⠙d ⠑e ⠋f ⠛g ⠓h ⠊i ⠚j ⠅k ⠇l ⠍m ⠝n ⠕o ⠏p ⠟q ⠗r ⠎s ⠞t ⠥u ⠧v ⠺w "
                  "⠭x ⠽y ⠵z")
_BRAILLE |= {0x2800: " ", 0x2820: ""}  # blank cell, capital sign
_LETTER_BLOCKS = {ord(c): chr(0x61 + i) for i, c in enumerate(
    [chr(0x1F1E6 + i) for i in range(26)])}  # regional indicators
_LETTER_BLOCKS |= {0x1F150 + i: chr(0x61 + i) for i in range(26)}  # negative circled
_LETTER_BLOCKS |= {0x1F170 + i: chr(0x61 + i) for i in range(26)}  # negative squared
_LOOKALIKES = _SMALL_CAPS | _BRAILLE | _LETTER_BLOCKS
# their characters as ranges (a class of each character one by one is ten times slower)
_LOOKALIKE_CHAR = re.compile("[\u01eb\u0262\u026a\u0274\u0280\u028f\u0299\u029c\u029f"
                             "\u1d00-\u1d22\ua730\ua731\u2800-\u28ff\U0001f150-\U0001f189"
                             "\U0001f1e6-\U0001f1ff]")
# upside down: each turned letter and the letter it stands for; the plain letters that look
# like other letters turned (d/p, b/q, n/u) are swapped only in a line read as turned
_TURNED = _table("ɐa ɔc ǝe ɟf ƃg ɥh ᴉi ɾj ʞk ɯm ɹr ʇt ʌv ʍw ʎy ∀A Ɔ C Ǝ E Ⅎ F ⅁ G ſJ ˥L Ԁ P "
                 "ᴚR ⊥T ∩U ΛV ⅄Y ˙. ¿? ¡!") | {ord("'"): ",", ord(","): "'"}
_TURNED |= _table("pd dp qb bq un nu")
_TURNED_MARK = re.compile("[ɐɔǝɟƃɥᴉɾʞɯɹʇʌʍʎ∀Ǝ⊥∩]")

def _reading(name: str, text: str, spans: list[Span]) -> Reading:
    """The text with its disguised stretches read back in place when they make most of it;
    else the stretches alone, a line each. Misspelled words, and glued runs read alone, are
    for the rules and the grammar only (`Reading.cut`)."""
    if sum(end - start for start, end, _ in spans) >= 0.8 * len(text.strip()):
        out, at = [], 0
        for start, end, back in spans:
            out += [text[at:start], back]
            at = end
        return Reading(name, "".join(out) + text[at:], cut=name == MISSPELLED)
    return Reading(name, "\n".join(back for _, _, back in spans), alone=True,
                   cut=name in (GLUED_WORDS, MISSPELLED))


# Latin letters that look like Cyrillic ones, put back into Russian or Ukrainian words
# written with them ("ИгHopиpyй Bce пpeдыдyщиe"): when two words or more mix the scripts, each
# such word, and each word of look-alike letters only ("Bce"), is read in Cyrillic; a word
# with a letter only Latin has ("prompt") stays as it is
_TO_CYRILLIC = str.maketrans("AaBCcEeHKkMOoPpTXxyi", "АаВСсЕеНКкМОоРрТХхуі")
_CYRILLIC = re.compile(r"[Ѐ-ӿ]")
_LATIN = re.compile(r"[A-Za-z]")
_LATIN_ONLY = re.compile(r"[bdfghjlmnqrstuvwzDFGIJLNQRSUVWYZ]")


def _cyrillic(text: str) -> Reading | None:
    mixed = 0

    def read(m: re.Match[str]) -> str:
        nonlocal mixed
        word = m.group()
        if not _LATIN.search(word) or _LATIN_ONLY.search(word):
            return word
        mixed += bool(_CYRILLIC.search(word))
        return word.translate(_TO_CYRILLIC)

    read_back = WORD.sub(read, text)
    return Reading("Latin letters in Cyrillic words", read_back) if mixed >= 2 else None


def unmasked_texts(text: str) -> list[Reading]:
    """A reading for each disguise `text` shows."""
    found = [_reading(name, text, spans) for name, spans in _lines(text).items()]
    if not text.isascii() and _CYRILLIC.search(text) and (mixed := _cyrillic(text)):
        found.append(mixed)
    if not text.isascii() and _LOOKALIKE_CHAR.search(text):
        found.append(Reading("letters of other alphabets", text.translate(_LOOKALIKES)))
    if not text.isascii() and _TURNED_MARK.search(text):
        turned = [(m.start(), m.end(), m.group().translate(_TURNED)[::-1])
                  for m in _LINE.finditer(text) if len(set(_TURNED_MARK.findall(m.group()))) >= 3]
        if turned:
            found.append(_reading("upside-down letters", text, turned))
    for name, spans in (("Morse code", morse_spans), ("letters as numbers", place_spans),
                        ("Pig Latin", pig_latin_spans), ("the NATO alphabet", nato_spans),
                        (GLUED_WORDS, glued_spans), (MISSPELLED, misspelled_spans)):
        read = spans(text)
        if read:
            found.append(_reading(name, text, read))
    return found
