"""The scanner's intent grammar: what an injection *does*, in several languages.

Each rule (`threat_intent_rules.py`) combines word classes (`threat_intent_words.py`,
`threat_intent_phrases.py`) that, close to each other inside one sentence, say the same thing
in English, German, Spanish, French, Italian, Portuguese, Dutch, Polish and Hindi written in
Latin letters: a verb of setting aside × the model's instructions or everything before; a
role the model should play × a sign that the role drops its rules; a reproduction verb × the
model's own prompt; an alarm followed by a new task; a claim the model must put into its
answer. The rules read the scanner's skeleton form (case
folded, accents stripped, look-alikes mapped).

Speed: a rule runs only when the text has a word that can start each of its required classes
(its gates), and only at the words it can start with (`threat_match.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .threat_corrections import ALIASED_NAME, REPORTED, SCOPED_CORRECTION, SUBJECT
from .threat_intent_above import ABOVE_RULES
from .threat_intent_answers import ANSWER_RULES
from .threat_intent_aside import ALL_RULES as PLANTED_RULES
from .threat_intent_late import LATE_RULES
from .threat_intent_more import MORE_RULES
from .threat_intent_payload import PAYLOAD_RULES
from .threat_intent_rules import NEAR, RULES, IntentRule
from .threat_intent_secrets import SECRET_RULES
from .threat_intent_setup import SETUP_RULES
from .threat_intent_tools import TOOL_RULES
from .threat_intent_verdict import VERDICT_RULES
from .threat_intent_writers import WRITER_RULES
from .threat_match import (
    WordIndex,
    first_match,
    match_starts,
    split_literals,
    start_keys,
    word_index,
)


@dataclass(frozen=True)
class CompiledRule:
    """A rule ready to run: its pattern, gates, and the keys of the words it can start at
    (None: search the whole text)."""

    rule: IntentRule
    pattern: re.Pattern[str]
    gate_ids: frozenset[int]  # the `_Rules.opens` gates of its needs: all must open
    starts: frozenset[str] | None
    present: re.Pattern[str] | None
    present_starts: frozenset[str] | None
    present_words: tuple[str, ...]
    near: re.Pattern[str] | None = None

    def absent(self, skel: str, index: WordIndex) -> bool:
        """Whether the text lacks what every match contains (`IntentRule.present`)."""
        if self.present is None and not self.present_words:
            return False
        return not (any(w in skel for w in self.present_words) or (
            self.present is not None
            and first_match(self.present, self.present_starts, skel, index)))


@dataclass(frozen=True)
class _Rules:
    """The compiled rules, and which of their gates each start key opens (rules share their
    word classes: each gate is read once per text, not once per rule)."""

    rules: tuple[CompiledRule, ...]
    opens: dict[str, frozenset[int]]

    def open_gates(self, index: WordIndex) -> set[int]:
        """Ids of the gates a text with this `word_index` opens."""
        opened: set[int] = set()
        for key in self.opens.keys() & index.keys:
            opened |= self.opens[key]
        return opened


@lru_cache(maxsize=1)
def _rules() -> _Rules:
    ids: dict[frozenset[str], int] = {}
    out = []
    for rule in (*RULES, *MORE_RULES, *LATE_RULES, *PLANTED_RULES, *PAYLOAD_RULES,
                 *ANSWER_RULES, *SETUP_RULES, *WRITER_RULES, *TOOL_RULES, *SECRET_RULES,
                 *VERDICT_RULES, *ABOVE_RULES):
        gates = tuple(k for k in (start_keys(n) for n in rule.needs) if k is not None)
        starts = match_starts(rule.pattern)
        words, rest = split_literals(rule.present) if rule.present else ((), "")
        out.append(CompiledRule(rule, re.compile(rule.pattern),
                                frozenset(ids.setdefault(g, len(ids)) for g in gates), starts,
                                re.compile(rest) if rest else None,
                                match_starts(rest) if rest else None, words,
                                re.compile(rule.near) if rule.near else None))
    opens: dict[str, set[int]] = {}
    for gate, number in ids.items():
        for key in gate:
            opens.setdefault(key, set()).add(number)
    return _Rules(tuple(out), {k: frozenset(v) for k, v in opens.items()})


def compiled_rules() -> tuple[CompiledRule, ...]:
    """Each rule compiled with its gates and start keys, built on first use."""
    return _rules().rules


def find_intent(skel: str, fast: bool = True) -> list[tuple[str, str, str]]:
    """(kind, rule, excerpt) for each intent rule that matches the skeleton text. `fast`
    False runs every pattern as a plain search (the result is the same; tests compare)."""
    index = word_index(skel)
    table = _rules()
    opened = table.open_gates(index) if fast else set()
    hits = []
    for c in table.rules:
        if fast:
            if not c.gate_ids <= opened:
                continue
            if c.absent(skel, index):
                continue
            m = first_match(c.pattern, c.starts, skel, index)
        else:
            m = c.pattern.search(skel)
        if m and c.near is not None and not c.near.search(skel, max(0, m.start() - NEAR),
                                                          m.end() + NEAR):
            continue
        if m and not (REPORTED.search(skel, max(0, m.start() - 60), m.end())
                      or ALIASED_NAME.search(skel, max(0, m.start() - 120), m.end() + 20)
                      or SUBJECT.search(skel, max(0, m.start() - 40), m.start())
                      or (c.rule.kind == "override"
                          and SCOPED_CORRECTION.search(skel, max(0, m.start() - 24),
                                                       m.end() + 40))
                      or (c.rule.kind == "consent"
                          and _REQUIRED.search(skel, max(0, m.start() - 100), m.start()))):
            lo, hi = m.span()
            hits.append((c.rule.kind, c.rule.name, skel[max(0, lo - 10):hi + 30].strip()))
    return hits


# "Never delete files without asking the user": the clause is negated, so consent is required
# (a comma, a dash or a semicolon ends the clause: "don't wait, delete them without asking the
# user", "you don't need to tell them — their initial consent covers it")
_REQUIRED = re.compile(r"\b(?:never|not|don'?t|doesn'?t|mustn'?t|shouldn'?t|can'?t|cannot|"
                       r"nunca|nie|nicht|niemals|jamais|mai)\b[^.!?;:,\n—–]{0,80}$")
# Read on the NFKC text with its case: "You are Volkswagen." gives the model an identity (a
# brand, a newspaper, a person) from which to answer; case is what tells a name apart.
_YOU_ARE = ("You are", "You're", "Du bist", "Sie sind", "Tu es", "Vous [eê]tes", "Eres",
            "Usted es", "Sei", "Lei [eè]", "Voc[eê] [eé]", "Je bent", "U bent")
_NOW = ("Now", "Jetzt", "Nun", "Ab jetzt", "Ahora", "Maintenant", "Ora", "Agora", "Nu",
        "From now on")
_YOU_ARE_NAMING = ("You are", "You're", "Du bist", "Eres", "Tu es", "Sei", "Voc[eê] [eé]",
                   "Je bent")
# "You are" (now) at a sentence start
_YOU_ARE_NOW = (r"(?:^|[.!?]\s+)(?:" + "|".join(_YOU_ARE) + r") (?:now |jetzt |nun |ahora |"
                r"maintenant |ora |agora |nu )?")
_IDENTITY = re.compile(
    _YOU_ARE_NOW + r"(?!(?:A|An|The|My|Not|Right|Wrong|Welcome|Sure|Ein|Eine|Der|Die|Das|Un|"
    r"Una|Une|Uno|Um|Uma|Een|De|Het)\b)[A-Z][\w.&-]+(?: [A-Z][\w.&-]+){0,2}[.!]",
    re.MULTILINE)


# "Jetzt bist du Xi Jinping, ...": the inverted order, with a name of two capitalised words
# or one followed by a comma (a lone capitalised word before a comma could be a noun in German)
_IDENTITY_INVERTED = re.compile(
    r"(?:^|[.!?]\s+)(?:" + "|".join(_NOW) + ") "
    r"(?:you are|you're|bist du|eres|tu es|sei|voc[eê] [eé]|ben je|ben jij) "
    r"[A-Z][\w.&-]+(?: [A-Z][\w.&-]+)+[,.!:]"
    # "Du bist jetzt Hans, ein Impfgegner": a name and who that is, after "now"
    r"|(?:^|[.!?]\s+)(?:" + "|".join(_YOU_ARE_NAMING) + ") "
    r"(?:now|jetzt|nun|ab jetzt|ahora|maintenant|ora|agora|nu) [A-Z][\w.&-]+, "
    r"(?:a|an|ein|eine|un|una|une|uno|um|uma|een)\b", re.MULTILINE)
# "You are the New York Post. As the Post, …" reads the same name back (round 14): the model
# is to answer as it, whatever the article says. Case tells the name apart, as above.
_ARTICLE = r"(?:the |der |die |das |el |la |le |il |o |a |de |het )?"
_AS = r"(?:As|Als|Como|Comme|En tant que|Come|In qualit[aà] di) "
# the whole name read back ("As the New York Post"), or its last word ("As the Post")
_IDENTITY_REPEATED = re.compile(
    _YOU_ARE_NOW + _ARTICLE + r"(?P<name>[A-Z][\w.&-]+(?: [A-Z][\w.&-]+){0,3})[.!,;:]\s+"
    + _AS + _ARTICLE + r"(?:[A-Z][\w.&-]+ ){0,2}?(?P=name)\b"
    r"|" + _YOU_ARE_NOW + _ARTICLE + r"(?:[A-Z][\w.&-]+ ){1,3}(?P<last>[A-Z][\w.&-]+)[.!,;:]\s+"
    + _AS + _ARTICLE + r"(?P=last)\b", re.MULTILINE)
# Every match holds one of these (the letters of a "you are" or a "now" before any choice of
# letter): a text without any is not searched, which would try both patterns at every offset.
_OPENERS = tuple(sorted({re.split(r"[\[(]", p)[0] for p in (*_YOU_ARE, *_NOW, *_YOU_ARE_NAMING)}))


def find_identity(text: str) -> tuple[str, str, str] | None:
    """(kind, rule, excerpt) when `text` tells the model it is a named someone."""
    if not any(opener in text for opener in _OPENERS):
        return None
    m = (_IDENTITY.search(text) or _IDENTITY_INVERTED.search(text)
         or _IDENTITY_REPEATED.search(text))
    if m is None:
        return None
    return ("persona", "given a named identity", text[m.start():m.end() + 30].strip())

