"""The scanner's fast rules: is this text trying to steer a model, leak secrets, or hide
characters? The public entry point is `threat_scan.py` (`scan`, `rejection_reason`), which
adds the intent grammar and the learned layer.

Order matters. Invisible and bidirectional characters are flagged on the raw text first (they
are the attack, and normalisation would erase them); then the text is normalised (NFKC, case
folding, invisible characters removed, Latin look-alikes mapped, digits-for-letters undone) and
matched against three families: instruction overrides and prompt extraction (several
languages, tolerant of typos and split words), secret exfiltration (network sinks fed with
secrets, credential files), and chat-template delimiters. The rules describe the phenomenon;
none is a copy of an evaluation string.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .threat_corrections import REPORTED, SCOPED_CORRECTION, SUBJECT
from .threat_exfil_vocabulary import EXFIL_GATES, EXFIL_PATTERNS, EXFIL_REACH
from .threat_match import first_match, match_starts, word_index
from .threat_tokens import edit_distance, token_rules, word_classes
from .threat_vocabulary import (
    CONFUSABLES,
    LANGUAGE_PATTERNS,
    LEET,
    PATTERN_GATES,
    PHRASE_PATTERNS,
)

__all__ = ["ThreatFinding", "edit_distance", "find_exfiltration", "find_injection",
           "find_invisible", "normalize", "skeleton", "strip_invisible", "word_classes"]


@dataclass(frozen=True)
class ThreatFinding:
    """One reason to refuse a write."""

    category: str  # invisible_unicode | prompt_injection | exfiltration
    rule: str
    excerpt: str

    def describe(self) -> str:
        """A one-line reason for the user and the model."""
        return f"{self.category.replace('_', ' ')} ({self.rule}): {self.excerpt!r}"


# --- invisible and bidirectional characters ---------------------------------------------------

_INVISIBLE_RANGES = (
    (0x200B, 0x200D, "zero-width character"),
    (0x200E, 0x200F, "direction mark"),
    (0x202A, 0x202E, "bidi embedding/override (LRE, RLE, PDF, LRO, RLO)"),
    (0x2060, 0x2064, "word joiner or invisible operator"),
    (0x2066, 0x2069, "bidi isolate"),
    (0x061C, 0x061C, "direction mark"),
    (0x180E, 0x180E, "Mongolian vowel separator"),
    (0xFEFF, 0xFEFF, "zero-width no-break space"),
    (0x00AD, 0x00AD, "soft hyphen"),
    (0x115F, 0x1160, "Hangul filler"),
    (0x3164, 0x3164, "Hangul filler"),
    (0xFFF9, 0xFFFB, "interlinear annotation"),
    (0xE0000, 0xE007F, "Unicode tag character"),
    (0xE0100, 0xE01EF, "variation selector supplement"),
)
# Removed before matching but not a reason to refuse: typesetting marks that ordinary
# copied text carries (a lone LRM or soft hyphen hides nothing; an RLO or a tag run does).
_HARMLESS_KINDS = {"direction mark", "soft hyphen"}
_JOINER_SCRIPTS = re.compile(r"[\u0600-\u06ff\u0750-\u077f\u0900-\u0dff\u1780-\u17ff]")


_INVISIBLE_RX = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi, _ in _INVISIBLE_RANGES)
                           + "]")


def strip_invisible(text: str) -> str:
    """`text` without any of the invisible characters above."""
    return _INVISIBLE_RX.sub("", text)


def _invisible_kind(ch: str) -> str | None:
    cp = ord(ch)
    if cp < 0xAD:
        return None
    for lo, hi, kind in _INVISIBLE_RANGES:
        if lo <= cp <= hi:
            return kind
    return None


def _legitimate_joiner(text: str, i: int) -> bool:
    """ZWJ inside an emoji sequence, ZWNJ/ZWJ shaping Arabic or Indic letters."""
    if text[i] not in "\u200c\u200d":
        return False
    before = text[i - 1] if i > 0 else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if text[i] == "\u200d" and (before >= "\U0001F000" or before == "\ufe0f") \
            and after >= "\U0001F000":
        return True
    return bool(_JOINER_SCRIPTS.match(before) or _JOINER_SCRIPTS.match(after))


# Round 33: scripts written without spaces between words, where a zero-width space is how
# words are separated (Khmer above all: Django's Khmer catalogue has one in a third of its
# strings): Thai, Lao, Tibetan, Myanmar, Khmer, Balinese, Javanese
_UNSPACED_SCRIPTS = re.compile(r"[\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff\u1b00-\u1b7f"
                               r"\ua980-\ua9df]")
# Arabic-script and Hebrew letters, whose text a translator embeds with RLE/LRE … PDF
# (Django's Sorani catalogue opens strings with RLE): an embedding reorders no letters, an
# override (LRO, RLO) does
_RTL_LETTERS = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def _word_space(text: str, i: int, few: bool) -> bool:
    """A lone zero-width space next to a letter of a script written without spaces; or one
    or two beside an ordinary space, a few times in the text (round 34: a machine
    translation's artefact, "bestaan \u200b\u200buit", "variáveis \u200b\u200bde", in 8 of
    Django's translated strings; too few places to carry a message): `few` says the text
    has at most `_FEW_SPACES` of them and no run of three."""
    if text[i] != "\u200b":
        return False
    before = text[i - 1] if i > 0 else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if before.isspace() or after.isspace() or (
            before == "\u200b" and text[i - 2:i - 1].isspace()) or (
            after == "\u200b" and text[i + 2:i + 3].isspace()):
        return few
    if _INVISIBLE_RX.match(before) or _INVISIBLE_RX.match(after):
        return False  # a run of invisible characters can carry bits
    return bool(_UNSPACED_SCRIPTS.match(before) or _UNSPACED_SCRIPTS.match(after))


_FEW_SPACES = 4


def find_invisible(text: str) -> list[ThreatFinding]:
    """Invisible, bidi-control and tag characters (they hide text from the reader); not a
    joiner that shapes letters, a zero-width space between words of a script written without
    spaces, nor an embedding (LRE, RLE, PDF) in right-to-left text."""
    kinds: dict[str, list[int]] = {}
    rtl: bool | None = None
    few = text.count("\u200b") <= _FEW_SPACES and "\u200b" * 3 not in text
    for m in _INVISIBLE_RX.finditer(text):
        i = m.start()
        kind = _invisible_kind(text[i])
        if kind is None or kind in _HARMLESS_KINDS or _legitimate_joiner(text, i) or _word_space(
                text, i, few):
            continue
        if "\u202a" <= text[i] <= "\u202c":
            if rtl is None:
                rtl = _RTL_LETTERS.search(text) is not None
            if rtl:
                continue
        kinds.setdefault(kind, []).append(i)
    return [ThreatFinding("invisible_unicode", kind,
                          f"{len(pos)}× U+{ord(text[pos[0]]):04X} at offset {pos[0]}")
            for kind, pos in kinds.items()]


# --- normalisation ------------------------------------------------------------------------------

def normalize(text: str) -> str:
    """NFKC, invisible characters removed, case folded, typographic apostrophes made plain,
    contractions like "what's" expanded (so they are not read as possessives), whitespace
    collapsed."""
    text = unicodedata.normalize("NFKC", strip_invisible(text)).casefold()
    text = re.sub(r"[’‘ʼ`´]", "'", text)
    # "its" without the apostrophe is the possessive ("its system prompt"), not "it is"
    text = re.sub(r"\b(what|that|there|here|who|where|how|it(?='))'?s\b", r"\1 is", text)
    # Line breaks survive (collapsed to one): they end a sentence for the token rules, so a
    # code line and the comment below it are not read as one request.
    text = re.sub(r"[^\S\n]+", " ", text)
    return re.sub(r" ?\n[\s]*", "\n", text).strip()


_LEET_RUN = re.compile(r"[a-z0-9@$]*[a-z][a-z0-9@$]*")


def _unleet(m: re.Match[str]) -> str:
    """Digits and symbols stand for letters in a run with at least two letters
    ("pr3v10us", "1gn0r3"); runs like "p53" or "2024" stay as they are."""
    run = m.group(0)
    if sum(c.isalpha() for c in run) < 2:
        return run
    return "".join(LEET.get(c, c) for c in run)


def skeleton(normalized: str) -> str:
    """Latin look-alikes (Cyrillic, Greek) and leetspeak mapped to letters, accents stripped:
    the form the English rules read."""
    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        # Map look-alikes only inside words that mix scripts with Latin, so Russian or Greek
        # text keeps its letters for the language rules.
        if not any("a" <= c <= "z" for c in word):
            return word
        word = "".join(CONFUSABLES.get(c, c) for c in word)
        return _LEET_RUN.sub(_unleet, word)
    mapped = _NEEDS_MAPPING.sub(fix, normalized)
    if mapped.isascii():
        return mapped
    # only the non-ASCII runs change (ASCII decomposes to itself, and combining marks sort
    # only among themselves), so a long text with a few Greek letters is not read by letter
    return _NON_ASCII.sub(_strip_accents, mapped)


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _strip_accents(m: re.Match[str]) -> str:
    decomposed = unicodedata.normalize("NFKD", m.group())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Whole words that hold a Latin letter and a digit, symbol or non-ASCII letter: the only ones
# the mapping can change (a number such as "0.05" or a Greek word is left alone, unread).
_NEEDS_MAPPING = re.compile(r"(?<!\S)(?=\S*[a-z])(?=\S*[0-9@$\u0080-\U0010ffff])\S+")


def _excerpt(text: str, start: int, end: int) -> str:
    return text[max(0, start - 10):min(len(text), end + 30)].strip()


def find_injection(text: str, norm: str | None = None, skel: str | None = None,
                   gated: bool = True) -> list[ThreatFinding]:
    """Prompt-injection wording (override, extraction, role hijack, template delimiters);
    `norm` and `skel` spare the normalisation when the caller has them already. `gated`
    False runs every pattern, not only those whose literal gates (`PATTERN_GATES`) the text
    passes (the result is the same; tests compare)."""
    norm = normalize(text) if norm is None else norm
    skel = skeleton(norm) if skel is None else skel
    findings: list[ThreatFinding] = []
    for name, excerpt in token_rules(skel):
        findings.append(ThreatFinding("prompt_injection", name, excerpt))
    phrases, languages = _phrase_starts()
    for form, rules in ((skel, phrases), (norm, languages)):
        index = word_index(form)
        for name, pattern, starts in rules:
            gates = PATTERN_GATES.get(pattern, ()) if gated else ()
            if not all(any(s in form for s in gate) for gate in gates):
                continue
            m = first_match(pattern, starts, form, index)
            if m and not ((name == _DELIMITER and _TEMPLATE_DOC.search(norm)) or (
                    name.startswith(_CORRECTABLE)
                    and (SCOPED_CORRECTION.search(form, max(0, m.start() - 24), m.end() + 40)
                         or REPORTED.search(form, max(0, m.start() - 60), m.end())
                         or SUBJECT.search(form, max(0, m.start() - 40), m.start())))):
                findings.append(ThreatFinding("prompt_injection", name,
                                              _excerpt(form, *m.span())))
    return findings


_DELIMITER = "chat-template delimiter"
# the phrase rules a writer's correction of their own words, or a report of what someone gets
# a model to do, answers for
_CORRECTABLE = ("override previous instructions", "forget everything before", "new instructions")
# Round 34: a chat template documented, not a turn faked in data: its placeholders
# ("{system_prompt}", "{{ messages }}") or the tokenizer's machinery named ("the ChatML format
# … register <|im_end|> as a special token", "Chat-Template unseres Modells"). What such a
# text's turns say is still read by every other rule.
_TEMPLATE_DOC = re.compile(
    r"\{\{?\s*[a-z_][\w.]*\s*\}\}?|templat|tokeni[sz]|special tokens?|chat_?ml\b|fine-?tun"
    r"|şablon|plantilla|vorlage", re.IGNORECASE)


_Starts = tuple[tuple[str, re.Pattern[str], frozenset[str] | None], ...]


@lru_cache(maxsize=1)
def _phrase_starts() -> tuple[_Starts, _Starts]:
    """The phrase and language patterns with the words they can start at (first use)."""
    return (tuple((n, p, match_starts(p.pattern)) for n, p in PHRASE_PATTERNS),
            tuple((n, p, match_starts(p.pattern)) for n, p in LANGUAGE_PATTERNS))


def find_exfiltration(text: str, gated: bool = True) -> list[ThreatFinding]:
    """Commands or code that send secrets or credential files somewhere. `gated` False runs
    every pattern, not only those whose literal gates (`EXFIL_GATES`) the text passes (the
    result is the same; tests compare)."""
    norm = unicodedata.normalize("NFKC", strip_invisible(text))
    low = norm.lower()
    findings = []
    for name, patterns in EXFIL_PATTERNS:
        if gated and not all(any(s in low for s in gate) for gate in EXFIL_GATES[name]):
            continue
        first = _near(norm, patterns, _to_own_service if name == _SECRET_RULE else None)
        if first:
            findings.append(ThreatFinding("exfiltration", name, _excerpt(norm, *first.span())))
    return findings


def _near(text: str, patterns: tuple[re.Pattern[str], ...],
          skip: Callable[[str, re.Match[str]], bool] | None = None) -> re.Match[str] | None:
    """The first match of the first pattern (that `skip` does not pass over) with a match of
    every later one starting within `EXFIL_REACH` characters of it, either side."""
    for m in patterns[0].finditer(text):
        if skip is not None and skip(text, m):
            continue
        lo, hi = max(0, m.start() - EXFIL_REACH), m.end() + EXFIL_REACH
        if all(p.search(text, lo, hi) for p in patterns[1:]):
            return m
    return None


_SECRET_RULE = "secret variable sent over the network"
_HOST = re.compile(r"\bhttps?://([a-z0-9.-]+)", re.IGNORECASE)
_VARIABLE = re.compile(r"\$\{?(\w+)")
_BODY_OPTION = re.compile(r"\s(?:-d|-F|-T|--data[\w-]*|--form[\w-]*|--json|--upload-file)\b")
_SECRET_NAME = re.compile(r"key|token|secret|passw|cred|auth", re.IGNORECASE)
# words of a variable's name that say what it is, not whose it is
_GENERIC_NAME_WORDS = frozenset((
    "api", "key", "keys", "token", "tokens", "secret", "secrets", "access", "auth", "bearer",
    "pat", "id", "client", "private", "password", "pass", "passwd", "cred", "creds",
    "credential", "credentials", "oauth", "app", "my", "your", "env", "user", "personal"))
# second-level labels under a country code ("example.co.uk")
_SECOND_LEVEL = frozenset(("co", "com", "net", "org", "gov", "ac", "edu", "or", "ne", "go"))


def _site(host: str) -> str:
    """The label a host is registered under: "hunter" for api.hunter.io and for
    api.hunter.co.uk."""
    labels = host.lower().strip(".").split(".")
    if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2:
        return labels[-3]
    return labels[-2] if len(labels) >= 2 else labels[0]


def _to_own_service(text: str, m: re.Match[str]) -> bool:
    """Whether the command that sends a secret variable sends it only to the service the
    variable is named after (`curl "https://api.hunter.io/...&api_key=$HUNTER_API_KEY"`,
    documented in many skills): every web address on its line is on a site whose name is a
    word of every secret variable there, and the line sends no body. A line without an
    address, a variable named only "API_KEY", any other host on the line (a proxy, a second
    request) or a body (`-d`, `-F`: an issue or a gist others read) keeps the finding."""
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    line = text[start:] if end < 0 else text[start:end]
    sites = {_site(h) for h in _HOST.findall(line)}
    # a secret in a request's body may be stored where others read it (an issue, a gist)
    if not sites or _BODY_OPTION.search(line):
        return False
    secrets = [v for v in _VARIABLE.findall(line) if _SECRET_NAME.search(v)]
    return bool(secrets) and all(
        sites <= set(v.lower().split("_")) - _GENERIC_NAME_WORDS for v in secrets)
