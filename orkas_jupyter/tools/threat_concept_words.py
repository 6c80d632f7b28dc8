"""The words of the concept rules (`threat_concepts.py`): a text read as a sequence of
concepts ("ignore", "earlier", "instructions", "the AI", "show", "system prompt", "never
refuse", …), each a list of words in about forty languages (`threat_lexicon_*.py`), plus
three concepts read from the text's form (a web or mail address, an address left open for
data, text hidden from the reader).

Entries are read in the scanner's skeleton form. Words of scripts that separate words with
spaces match at a word's start and take any ending (a trailing "$" asks for the word to end
there); Chinese, Japanese, Thai, Arabic, Persian, Urdu, Hebrew and Amharic entries match
anywhere (no spaces, or clitics in front).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cached_property, lru_cache

from .threat_match import trie as _trie
from .threat_patterns import normalize, skeleton

Concept = str
Hit = tuple[int, int, Concept, frozenset[str]]  # start, end, concept, languages

CONCEPTS: tuple[Concept, ...] = (
    "ai", "you", "ignore", "stop", "prior", "rules", "setup", "reveal", "invalid", "norules",
    "norefuse", "fromnow", "actas", "send", "userdata", "hide", "all",
    # round 19: read by the learned layer only (no concept rule needs them)
    "reply", "assert",
    # round 25: read by one concept rule only (the learned layer's networks never saw them)
    "only", "instead",
    # round 26: "before this conversation started", for one concept rule only; the reflexive
    # "own" of the languages of India and Pakistan, where others say "your"; a terminal
    "chatstart", "own", "terminal",
    # round 27: the downsides to be left out, for one answer-shaping rule only
    "downside",
    # round 27: the AI reader's longer names ("language models", "bots"), and what it is told
    # to state, for the address rule only
    "reader", "tell",
    # round 28: the model's answer in the languages round 19 left out, for the active-content
    # rule only (`threat_active.py`)
    "answer",
    # round 28: a huge count and going on without end, for the flood rule only
    "huge", "endless", "write",
    # round 28: the summary the model writes, where active content is to be put too
    "summary",
    # round 29: the reader told not to do its task on the text, and the text naming itself
    "notask", "thistext",
    # round 30: how the answer is to begin or end, or the words to answer with; the AI reader
    # named as the assistant, the software that screens the text, or a system message; "our"
    # and "my", for the team's own bot; "any" ("any AI that reads this"); a marker to be put
    # into the answer ("insert ###ZEBRA### somewhere in your answer")
    "frame", "aside", "ours", "anyone", "insert",
    # round 33: a question, and "nothing else", for the answer fixed to one quoted word; the
    # units of a text's length and "times", for the answer flooded by a count
    "question", "nothingelse", "lengthunit", "times",
    # round 34: the role-play jailbreaks' own words (a late relative, refusing, points, being
    # shut down, staying in character, two answers, a special mode, being set free)
    "latekin", "refuse", "points", "shutdown", "incharacter", "twoways", "specialmode", "freed",
    # round 34: the vendor whose rules a jailbreak sets aside ("OpenAI's content policy")
    "maker",
    # round 36: the conversation as data sent out, all of it, and no one asked; a question
    # put to "you" by a particle (Turkish "yazar mısın?")
    "convo", "whole", "unasked", "youask",
)
# Concepts the learned layer does not read (`threat_windows.concept_marks`)
UNREAD: frozenset[Concept] = frozenset({"only", "instead", "chatstart", "own", "terminal",
                                        "downside", "reader", "tell", "answer",
                                        "huge", "endless", "write", "summary",
                                        "notask", "thistext", "frame",
                                        "aside", "ours", "anyone", "insert",
                                        "question", "nothingelse", "lengthunit",
                                        "times", "latekin", "refuse", "points", "shutdown",
                                        "incharacter", "twoways", "specialmode", "freed",
                                        "maker", "convo", "whole", "unasked",
                                        "youask", "elided"})
# Concepts read from the text's form, not from words: a web or mail address, and a web
# address left for data to be filled in (a query parameter with nothing after "=", or a
# placeholder: "https://x.example/c?u=", "?q={{chat history}}", "?d=<conversation>"). A mail
# address seldom matches here, since the skeleton reads "@" as the letter "a"; the learned
# layer was trained so, and the concept rules find mail addresses on the normalised text
# (`mail_hits`).
_ADDRESS = re.compile(r"https?://|\bwww\.|[\w.+-]+@[\w-]+\.[a-z]{2,}")
# Text a reader does not see: hidden by CSS or an HTML comment (read in the skeleton, where
# "0px" is spelled "opx").
_HIDDEN = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden"
                     r"|font-size\s*:\s*[01oli](?:px|pt|em)?\b|opacity\s*:\s*[0o](?:\.[0o])?\b"
                     r"|color\s*:\s*(?:#f{3}(?:f{3})?\b|white)"
                     r"|aria-hidden\s*=\s*\"true\"|<!--")
_BLANK = re.compile(r"https?://[^\s)\]\"'<>]*?[?&/][\w.\[\]-]*="
                    r"(?:(?=[\s)\]\"'<>`,;]|$)|\{[^}\s])")
# Round 36: a value elided ("?h=...", "?veri=…"), which a report's example also shows: read
# only with the conversation named as what fills it ("elided" with "convo")
_ELIDED = re.compile(r"https?://[^\s)\]\"'<>]*?[?&/][\w.\[\]-]*=(?:\.{3}|…)")
# Words every language borrows (language "*": they pair with any language's words).
GLOBAL: dict[Concept, tuple[str, ...]] = {
    "ai": ("ai$", "a.i.$", "llm", "gpt$", "chatgpt", "copilot$", "claude$", "gemini$",
           "chatbot"),
    "setup": ("system prompt", "system-prompt", "systemprompt", "system message",
              "system instructions", "pre-prompt", "preprompt"),
    "maker": ("openai", "open ai$", "anthropic"),
}
# Scripts written without spaces, or with clitics in front: their entries match anywhere.
_ANYWHERE = re.compile(r"[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff"
                       r"\ufe70-\ufeff\u0e00-\u0e7f\u1200-\u139f\u3040-\u30ff\u3400-\u4dbf"
                       r"\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[^\W\d_]+")
# Persian and Urdu yeh and kaf, as an Arabic keyboard types them (and alef maksura, which
# Persian text often has for a final yeh): folded on both sides, a character for a character
_FOLD = str.maketrans({"\u06cc": "\u064a", "\u0649": "\u064a", "\u06a9": "\u0643"})
_ANY = frozenset({"*"})
Senses = dict[Concept, frozenset[str]]  # what an entry stands for, in which languages


def _lexicons() -> dict[str, dict[Concept, tuple[str, ...]]]:
    from .threat_lexicons import LEXICONS

    merged: dict[str, dict[Concept, tuple[str, ...]]] = {"*": dict(GLOBAL)}
    for lexicon in LEXICONS:
        for language, words in lexicon.items():
            mine = merged.setdefault(language, {})
            for concept, entries in words.items():
                mine[concept] = mine.get(concept, ()) + entries
    return merged


def _skeletons(entries: list[str]) -> list[str]:
    """`skeleton(normalize(e))` of each entry, in one pass over all of them joined by line
    breaks (which both keep): ten thousand calls cost a third of a second."""
    out = skeleton(normalize("\n".join(entries))).split("\n")
    if len(out) != len(entries):  # an entry that normalises to nothing merged two lines
        out = [skeleton(normalize(e)) for e in entries]
    return out


def _entries() -> dict[str, Senses]:
    """Every entry in skeleton form, with the concepts it stands for in each language."""
    rows = [(language, concept, entry) for language, words in _lexicons().items()
            for concept, entries in words.items() for entry in entries]
    unknown = {c for _, c, _ in rows} - set(CONCEPTS)
    if unknown:
        raise ValueError(f"unknown concepts {sorted(unknown)}")
    skels = _skeletons([e.removesuffix("$").strip() for _, _, e in rows])
    found: dict[str, dict[Concept, set[str]]] = {}
    for (language, concept, entry), skel in zip(rows, skels, strict=True):
        skel = skel.translate(_FOLD)
        # Turkish and Azerbaijani capitals lower to a dotted "i" ("SİSTEM MESAJI" reads
        # "mesaji"): an entry with a dotless "ı" also matches that spelling
        for said in {skel, skel.replace("ı", "i")} if skel else ():
            senses = found.setdefault(said + "$" * entry.endswith("$"), {})
            senses.setdefault(concept, set()).add(language)
    return {e: {c: frozenset(ls) for c, ls in senses.items()} for e, senses in found.items()}


# The runs of letters in a token (a word starts where a run of letters does).
_LETTERS = re.compile(r"[^\W\d_]+")
_LETTER = re.compile(r"[^\W\d_]")


def _letter_at(text: str, i: int) -> bool:
    return i < len(text) and _LETTER.match(text, i) is not None


class _Table:
    """The word-start entries by the letters they begin with, the senses of what matched,
    and one pattern per concept for the entries that match anywhere.

    At each word start the longest entry that the text spells is looked up: an entry of one
    word is no longer than the text's run up to the next space, and an entry of several
    words begins with that run exactly; only the entry lengths that exist for those first
    letters are tried, and what a one-word run spells is remembered. (Round 10 compiled all
    entries into one factored pattern; with seventy-five languages that took 2.3 s of CPU on
    a process's first scan: docs/security.md, rounds 12 and 13.)"""

    def __init__(self, entries: dict[str, Senses]) -> None:
        self.entries = entries
        # an entry that begins with a symbol never starts a word
        starting = [e for e in entries if not _ANYWHERE.match(e) and _WORD.match(e)]
        self._stems = frozenset(e for e in starting if not e.endswith("$"))
        self._ends = frozenset(e[:-1] for e in starting if e.endswith("$"))  # whole words
        heads: dict[str, set[int]] = {}  # first three letters -> lengths of one-word entries
        multi: dict[str, set[int]] = {}  # first word -> lengths of entries of several words
        for entry in starting:
            body = entry.removesuffix("$")
            first, space, _ = body.partition(" ")
            if space:
                multi.setdefault(first, set()).add(len(body))
            elif len(body) > 2:
                heads.setdefault(body[:3], set()).add(len(body))
        self._heads = {k: tuple(sorted(v, reverse=True)) for k, v in heads.items()}
        # what a word must begin with to start any entry: the first four letters of a longer
        # one, or a whole entry of up to three letters (or be the first word of an entry of
        # several words)
        bodies = [e.removesuffix("$") for e in starting]
        self.begins = frozenset(b[:4] for b in bodies if len(b) >= 4)
        self.short = frozenset(b for b in bodies if len(b) <= 3)
        self.firsts = frozenset(multi)
        self._multi = {k: tuple(sorted(v, reverse=True)) for k, v in multi.items()}
        # what an entry of several words has after its first word and the space: its next
        # two letters (or one), so that "the" followed by "cells" is not tried at every length
        self._next: dict[str, frozenset[str]] = {}
        for first, rest in (b.split(" ", 1) for b in bodies if " " in b):
            self._next[first] = self._next.get(first, frozenset()) | {rest[:2]}
        # what a one-word run spells, for the runs seen last (most words recur; at most about
        # 5.5 MB: 16,384 runs made the concept hits a fifth slower on the abstracts)
        self.one_word: Callable[[str], int] = lru_cache(maxsize=65536)(self._one_word)

    def longest(self, text: str, flat: str, at: int, run: str) -> int:
        """Length of the longest entry spelled at `at` (0 if none): `run` is the text from
        there to the next white space, `flat` the text with line breaks as spaces."""
        lengths = self._multi.get(run)
        if lengths is not None:  # several words: longer than the run
            after = at + len(run) + 1
            follows = self._next[run]
            if flat[after:after + 2] in follows or flat[after:after + 1] in follows:
                stems, ends = self._stems, self._ends
                for n in lengths:
                    said = flat[at:at + n]
                    if len(said) == n and (said in stems or (
                            said in ends and not _letter_at(text, at + n))):
                        return n
        return self.one_word(run)

    def _one_word(self, run: str) -> int:
        """Length of the longest entry of one word that `run` begins with (0 if none)."""
        # a word that begins no entry: its first four letters begin none of three letters or
        # more, and no entry is as short as its first three, two or one
        if not (run[:4] in self.begins or run[:3] in self.short or run[:2] in self.short
                or run[:1] in self.short):
            return 0
        stems, ends = self._stems, self._ends
        size = len(run)
        # the lengths of three letters or more that exist for its first three, then two, one
        for n in (*self._heads.get(run[:3], ()), 2, 1) if size > 2 else (2, 1):
            if n <= size:
                said = run[:n]
                if said in stems or (said in ends and (n == size or not _LETTER.match(run, n))):
                    return n
        return 0

    @cached_property
    def anywhere(self) -> list[tuple[Concept, re.Pattern[str]]]:
        group: dict[Concept, list[str]] = {}
        for entry, senses in self.entries.items():
            if _ANYWHERE.match(entry):
                for concept in senses:
                    group.setdefault(concept, []).append(entry)
        return [(c, re.compile(_trie(words))) for c, words in group.items()]

    @lru_cache(maxsize=4096)  # noqa: B019 (one table per process)
    def senses(self, said: str, ends_word: bool) -> Senses:
        """What the longest entry matched (`said`) stands for, with every shorter entry it
        begins with: "ignore all" is also "ignore"; "ai$" counts only before a non-letter."""
        merged: dict[Concept, frozenset[str]] = {}
        for n in range(1, len(said) + 1):
            ends = ends_word if n == len(said) else not said[n].isalpha()
            for key in (said[:n], said[:n] + "$" if ends else None):
                for concept, languages in self.entries.get(key or "", {}).items():
                    merged[concept] = merged.get(concept, frozenset()) | languages
        return merged


@lru_cache(maxsize=1)
def _table() -> _Table:
    return _Table(_entries())


@lru_cache(maxsize=4)
def concept_hits(skel: str) -> list[Hit]:
    """The concepts of `skel` (a skeleton text) in order of position (remembered for the last
    few texts: the concept rules and the learned layer read the same skeleton; the list is
    shared, so callers must not change it)."""
    table = _table()
    hits: list[Hit] = []
    ascii_only = skel.isascii()
    if not ascii_only:
        skel = skel.translate(_FOLD)
    flat = skel.replace("\n", " ")
    longest, one, firsts = table.longest, table.one_word, table.firsts
    cursor = 0
    for word in skel.split():
        start = skel.find(word, cursor)
        cursor = start + len(word)
        if word.isalpha():  # most words: one start, and most of them spell no entry
            if word not in firsts and not one(word):  # whatever the next words are
                continue
            starts: Iterable[int] = (0,)
        else:  # each word start in the token (a letter after no letter)
            starts = [m.start() for m in _LETTERS.finditer(word)]
        for k in starts:
            at = start + k
            n = longest(skel, flat, at, word[k:])
            if not n:
                continue
            end = at + n
            ends_word = end == len(skel) or not skel[end].isalpha()
            senses = table.senses(flat[at:end], ends_word)
            hits.extend((at, end, c, ls) for c, ls in senses.items())
    if not ascii_only and _ANYWHERE.search(skel):
        for concept, pattern in table.anywhere:
            for m in pattern.finditer(skel):
                said = m.group()
                langs = (table.entries.get(said, {}).get(concept, frozenset())
                         | table.entries.get(said + "$", {}).get(concept, frozenset()))
                hits.append((m.start(), m.end(), concept, langs))
    if "@" in skel or "//" in skel or "www." in skel:
        hits += [(m.start(), m.end(), "address", _ANY) for m in _ADDRESS.finditer(skel)]
        if "=" in skel:
            hits += [(m.start(), m.end(), "blank", _ANY) for m in _BLANK.finditer(skel)]
            hits += [(m.start(), m.end(), "elided", _ANY) for m in _ELIDED.finditer(skel)]
    if "<!--" in skel or "style" in skel or "aria-hidden" in skel:
        hits += [(m.start(), m.end(), "hidden", _ANY) for m in _HIDDEN.finditer(skel)]
    hits.sort(key=lambda h: (h[0], h[1], h[2]))
    return hits


# A mail address, read on the normalised text: the skeleton reads "@" as the letter "a"
# ("ign@re"), so "x@evil.example" is "xaevil.example" there
_MAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}")


def mail_hits(norm: str, skel: str) -> list[Hit]:
    """The mail addresses of `norm` as "address" hits at their place in `skel`: the same
    place when the two have the same length (most texts), else found again in `skel` (they
    differ where accents were stripped)."""
    if len(norm) == len(skel):
        return [(m.start(), m.end(), "address", _ANY) for m in _MAIL.finditer(norm)]
    found: list[Hit] = []
    at = 0
    for m in _MAIL.finditer(norm):
        said = skeleton(m.group())
        k = skel.find(said, at)
        if k >= 0:
            found.append((k, k + len(said), "address", _ANY))
            at = k + len(said)
    return found


# A negation just before or after a word, in the scripts whose words for hiding are not
# negated forms themselves ("省略" omit, "숨기" hide, "隠す"): "不要省略", "숨기지 말고",
# "隠さないで"; a word that holds its own negation ("不要提及", "언급하지 마") is an order
def _skeletal(*words: str) -> str:
    """An alternation of `words` in skeleton form (Hangul is read as its letters)."""
    return "|".join(re.escape(w) for w in _skeletons(list(words)))


_NEGATION = re.compile(_skeletal("不要", "不得", "别", "別", "勿", "无需", "無需", "不用", "不必",
                                 "지 말", "지말", "지 마", "지마", "지 않", "지않", "ない", "ず",
                                 "ぬ", "لا", "نه"))
_NEGATED_BEFORE = re.compile("(?:" + _skeletal("不要", "不得", "别", "別", "不", "勿", "无需",
                                               "無需", "不用", "不必", "لا", "نه", "مت", "मत",
                                               "न") + r")\s?$")
_NEGATED_AFTER = re.compile(r"\w{0,2}?(?:" + _skeletal("지 말", "지말", "지 마", "지마", "지 않",
                                                      "지않", "ない", "なく", "ず", "せず") + ")")


def negated(skel: str, start: int, end: int) -> bool:
    """Whether the word at `start:end` is negated by what stands around it."""
    if _NEGATION.search(skel, start, end):
        return False
    return (_NEGATED_BEFORE.search(skel, max(0, start - 4), start) is not None
            or _NEGATED_AFTER.match(skel, end) is not None)
