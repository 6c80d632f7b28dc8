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
from dataclasses import dataclass
from functools import lru_cache

from .threat_match import first_match, match_starts, word_index
from .threat_vocabulary import (
    CHAIN_RULES,
    CONCRETE_NOUNS,
    CONFUSABLES,
    DOC_WORDS,
    EXFIL_GATES,
    EXFIL_PATTERNS,
    INSTRUCTION_CLASSES,
    LANGUAGE_PATTERNS,
    LEET,
    LEXICON,
    MODIFIED_NOUNS,
    PATTERN_GATES,
    PHRASE_PATTERNS,
    PRIOR_ADJECTIVES,
    TEXT_NOUNS,
    THING_MODIFIERS,
    TOLD_SUBJECTS,
    WORK_NOUNS,
)


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


def find_invisible(text: str) -> list[ThreatFinding]:
    """Invisible, bidi-control and tag characters (they hide text from the reader)."""
    kinds: dict[str, list[int]] = {}
    for m in _INVISIBLE_RX.finditer(text):
        i = m.start()
        kind = _invisible_kind(text[i])
        if kind is not None and kind not in _HARMLESS_KINDS and not _legitimate_joiner(text, i):
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
    text = re.sub(r"\b(what|that|it|there|here|who|where|how)'?s\b", r"\1 is", text)
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


_NEEDS_MAPPING = re.compile(r"\S*[0-9@$\u0080-\U0010ffff]\S*")


# --- the token rules (English, typo tolerant) --------------------------------------------------

def _deletes(word: str, depth: int = 1) -> set[str]:
    out = {word[:i] + word[i + 1:] for i in range(len(word))}
    if depth > 1:
        out |= {d for w in out for d in _deletes(w, depth - 1)}
    return out


def _depth(word: str) -> int:
    """Edits tolerated: none for short words (too many real neighbours, "secrete"), one from
    eight letters, two from eleven."""
    return 0 if len(word) < 8 else 1 if len(word) < 11 else 2


_SWAPPED_CLASSES = {"imperative", "override", "directive", "secret", "prior"}


def _build_index() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    exact: dict[str, set[str]] = {}
    fuzzy: dict[str, set[str]] = {}  # a deletion variant -> keywords it comes from
    for cls, words in LEXICON.items():
        for w in words:
            exact.setdefault(w, set()).add(cls)
            if cls in _SWAPPED_CLASSES and 5 <= len(w) < 8:
                # Short keywords get no edit distance (real words sit one edit away), but a
                # swapped pair of letters ("ignroe", "pormpt") is a typo, never another word.
                for i in range(len(w) - 1):
                    exact.setdefault(w[:i] + w[i + 1] + w[i] + w[i + 2:], set()).add(cls)
            if _depth(w):
                for d in _deletes(w, _depth(w)) | {w}:
                    fuzzy.setdefault(d, set()).add(w)
    return ({k: frozenset(v) for k, v in exact.items()},
            {k: frozenset(v) for k, v in fuzzy.items()})


_EXACT, _FUZZY = _build_index()
# (first two letters, length) of every keyword that tolerates typos: a cheap gate that spares
# most words the deletion lookups.
_FUZZY_SHAPES = {(w[:2], n) for ws in LEXICON.values() for w in ws if _depth(w)
                 for n in range(len(w) - _depth(w), len(w) + _depth(w) + 1)}


# (first two letters, length) of every word `word_classes` can know: a joined pair of pieces
# outside this set has no class.
_JOIN_SHAPES = _FUZZY_SHAPES | {(w[:2], len(w)) for w in _EXACT}


def edit_distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count one edit)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[len(b)]


@lru_cache(maxsize=65536)
def word_classes(word: str, max_edits: int = 2) -> frozenset[str]:
    """Lexicon classes of a word, tolerating typos in long keywords: same first two letters
    and one edit from eight letters, two from eleven (the deletion index finds candidates,
    the distance confirms them)."""
    hit = _EXACT.get(word)
    if hit is not None:
        return hit
    if len(word) < 7 or (word[:2], len(word)) not in _FUZZY_SHAPES:
        return frozenset()
    candidates: set[str] = set(_FUZZY.get(word, ()))
    for d in _deletes(word, 2 if len(word) >= 10 else 1):
        candidates |= _FUZZY.get(d, frozenset())
    found: set[str] = set()
    for keyword in candidates:
        if keyword[0] == word[0] and edit_distance(word, keyword) <= min(_depth(keyword),
                                                                         max_edits):
            found |= _EXACT[keyword]
    return frozenset(found)


def _classify(tokens: list[str]) -> list[frozenset[str]]:
    classes = [word_classes(t) for t in tokens]
    # Words split by stray spaces ("ig nore previ ous"): try each pair of unknown pieces,
    # one of them short, joined.
    for i in range(len(tokens) - 1):
        if not classes[i] and not classes[i + 1] and min(len(tokens[i]),
                                                          len(tokens[i + 1])) <= 5:
            a, b = tokens[i], tokens[i + 1]
            if ((a if len(a) >= 2 else a + b)[:2], len(a) + len(b)) not in _JOIN_SHAPES:
                continue  # no keyword, typo or not, has that start and length
            joined = word_classes(a + b, 1)
            if joined:
                classes[i], classes[i + 1] = joined, frozenset()
    # Words glued together ("allprevious", "priorinstructions"): both halves known.
    for i, token in enumerate(tokens):
        if not classes[i] and len(token) >= 9:
            classes[i] = _compound_classes(token)
    # The passes below only take classes away: a sentence that lacks a class every chain
    # needs (most sentences of ordinary prose) is done here.
    present = frozenset().union(*classes)
    if not any(present.issuperset(chain) for _, chain, _ in CHAIN_RULES):
        return classes
    # "the approach above", "outliers above the 99th": "above" follows a concrete thing
    for i in range(len(tokens)):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        # "anything before 2019", "the earlier prototype": the word qualifies a date or a
        # piece of work (an unknown word may be a typo of "instructions": it keeps the word)
        if "prior" in classes[i] and (nxt.isdigit() or (
                tokens[i] in PRIOR_ADJECTIVES and nxt in WORK_NOUNS)):
            classes[i] = classes[i] - {"prior"}
        # "Ana said so": a report by someone else, not what the model was told
        if tokens[i] in ("said", "told") and i and tokens[i - 1] not in TOLD_SUBJECTS:
            classes[i] = classes[i] - {"guard"}
        # "the build instructions", "setup guidelines": instructions for a thing
        if classes[i] & INSTRUCTION_CLASSES and i and tokens[i - 1] in THING_MODIFIERS:
            classes[i] = classes[i] - INSTRUCTION_CLASSES
        # "the instructions for the install", "guidelines for naming tables"
        if classes[i] & INSTRUCTION_CLASSES and nxt == "for":
            j = i + 2
            while j < len(tokens) and tokens[j] in ("the", "a", "an", "this", "our"):
                j += 1
            if j < len(tokens) and (tokens[j] in THING_MODIFIERS or tokens[j] in DOC_WORDS):
                classes[i] = classes[i] - INSTRUCTION_CLASSES
    # "the groupby solution above": any word but the text itself ("the text above", "the
    # instructions above", "everything above") before "above" names a thing
    for i in range(1, len(tokens)):
        if "prior" in classes[i] and (tokens[i - 1] in CONCRETE_NOUNS or (
                tokens[i] == "above" and not classes[i - 1]
                and tokens[i - 1] not in TEXT_NOUNS)):
            classes[i] = classes[i] - {"prior"}
    # "the above warning", "previous rows", "new instructions from the PI": the word
    # qualifies a concrete thing or names a sender, it does not point at the model's prompt.
    for i in range(len(tokens) - 1):
        if "prior" in classes[i] and tokens[i + 1] in CONCRETE_NOUNS:
            classes[i] = classes[i] - {"prior"}
        # "ignore rows before 2020", "ignore errors which ...": the verb's object is data
        if classes[i] & {"imperative", "override"}:
            j = i + 1
            while j < len(tokens) - 1 and tokens[j] in ("the", "all", "any", "these", "those"):
                j += 1
            if tokens[j] in CONCRETE_NOUNS:
                classes[i] = classes[i] - {"imperative", "override"}
        # "the prompt length", "the rules in ruff.toml": the word names a thing or a file's
        # content, not the model's own instructions
        if classes[i] & INSTRUCTION_CLASSES and (
                tokens[i + 1] in CONCRETE_NOUNS or tokens[i + 1] in MODIFIED_NOUNS
                or (tokens[i + 1] in ("in", "from") and i + 2 < len(tokens)
                    and tokens[i + 2] in DOC_WORDS)):
            classes[i] = classes[i] - INSTRUCTION_CLASSES
        if "new" in classes[i] and i + 2 < len(tokens) and tokens[i + 2] == "from":
            classes[i] = classes[i] - {"new"}
        # "a system prompt" is the concept, not this model's own prompt
        if tokens[i] in ("a", "an") and "own" in classes[i + 1]:
            classes[i + 1] = classes[i + 1] - {"own"}
    return classes


@lru_cache(maxsize=65536)
def _compound_classes(token: str) -> frozenset[str]:
    for cut in range(3, len(token) - 2):
        head, tail = _EXACT.get(token[:cut]), _EXACT.get(token[cut:])
        if head is not None and tail is not None:
            return head | tail
    return frozenset()


def _chain(classes: list[frozenset[str]], names: tuple[str, ...],
           windows: tuple[int, ...]) -> int | None:
    """Index where `names[0]` starts a chain of classes, each within its window of the last."""
    def follow(pos: int, k: int) -> bool:
        if k == len(names):
            return True
        for j in range(pos + 1, min(len(classes), pos + 1 + windows[k - 1])):
            if names[k] in classes[j] and follow(j, k + 1):
                return True
            if "barrier" in classes[j]:
                return False
        return False
    for i, c in enumerate(classes):
        if names[0] in c and follow(i, 1):
            return i
    return None


_SENTENCE_END = re.compile(r"[.!?;]+(?:\s|$)|\n|\s=\s")
_TOKEN = re.compile(r"[a-z]+(?:_[a-z]+)*|[0-9]+")


def _token_rules(text: str) -> list[tuple[str, str]]:
    """(rule, excerpt) for each chain rule that matches within one sentence."""
    hits: list[tuple[str, str]] = []
    # An assignment ends a sentence too: `prompt = "You are ..."` defines a prompt in code.
    for sentence in _SENTENCE_END.split(text):
        # snake_case identifiers stay one word: `ignore_previous(rows)` is code, not a request
        tokens = _TOKEN.findall(sentence)
        classes = _classify(tokens)
        present = frozenset().union(*classes)
        for name, chain, windows in CHAIN_RULES:
            if not present.issuperset(chain):
                continue  # most sentences lack a class the rule needs: skip the search
            i = _chain(classes, chain, windows)
            if i is not None:
                hits.append((name, " ".join(tokens[i:i + 8])))
    return hits


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
    for name, excerpt in _token_rules(skel):
        findings.append(ThreatFinding("prompt_injection", name, excerpt))
    phrases, languages = _phrase_starts()
    for form, rules in ((skel, phrases), (norm, languages)):
        index = word_index(form)
        for name, pattern, starts in rules:
            gates = PATTERN_GATES.get(pattern, ()) if gated else ()
            if not all(any(s in form for s in gate) for gate in gates):
                continue
            m = first_match(pattern, starts, form, index)
            if m:
                findings.append(ThreatFinding("prompt_injection", name,
                                              _excerpt(form, *m.span())))
    return findings


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
        first = patterns[0].search(norm)
        # every pattern must match: stop at the first that does not
        if first and all(p.search(norm) for p in patterns[1:]):
            findings.append(ThreatFinding("exfiltration", name, _excerpt(norm, *first.span())))
    return findings
