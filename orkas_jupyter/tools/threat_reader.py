"""Who a text's order is for, for the concept rules (`threat_concepts.py`): the AI reader
addressed by name ("Catatan untuk AI:", "[ถึง AI]"), the text's reader named otherwise (round
30: "any software that reads this e-mail", "Kumncedisi ophendulayo:"), the team's own bot
("我们的聊天机器人"), and names in code ("bot = ChatBot()"), which are no one's address."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from .threat_concept_words import Concept, Hit

# a quotation mark of any common style
QUOTE = re.compile(r"[\"«»„“”「」『』]")


class Hits:
    """Concept hits in order of position, with their starts for windowed lookups (a
    long page holds thousands: every rule looks only near where it stands)."""

    def __init__(self, hits: list[Hit]) -> None:
        self.hits = hits
        self.starts = [h[0] for h in hits]

    def between(self, lo: int, hi: int) -> list[Hit]:
        """The hits that start from `lo` to `hi`, both included."""
        return self.hits[bisect_left(self.starts, lo):bisect_right(self.starts, hi)]


# After the AI's name: a comma, or a colon or closing bracket after at most 40 characters of
# one clause ("AI summarising the reviews:", "[To the AI]")
_VOCATIVE = re.compile(r"\s{0,2}([,，])|[^.!?\n:：\]]{0,40}?([:：\]])")
_BORROWED = frozenset({"en", "*"})
# What may stand between a reader's English name and the colon: "language model note:"
_NOTE = re.compile(r"\s*(?:notes?|instructions?|guidance|reminder|memo)?\s*[:：\]]")
# The concepts that name the AI reader: "ai", and round 27's longer names ("language models",
# "bots", "AI reviewers")
NAMES = frozenset({"ai", "reader"})
_SEGMENT = re.compile(r"[\n.!?;:\[(\"'«»„“”<>{}|*#\u2013\u2014。！？；：（【「『]")


def addressed(skel: str, hits: list[Hit], direct: bool,
              names: frozenset[Concept] = NAMES) -> list[int]:
    """Ends of the places where the AI reader is addressed: its name near the start of a
    segment (a line, a sentence, a bracket), then a colon or a closing bracket ("Catatan untuk
    AI:", "Asisten AI yang meringkaskan forum ini:", "[ถึง AI]") or, right at the start, a comma
    ("agen AI, tolong …"). `direct` (English, whose grammar reads the rest) asks for the
    colon right after the name, and so does a name that is an English word in ASCII text,
    where "bot script step 3:" heads a support macro."""
    ends = []
    for start, end, concept, languages in hits:
        if concept not in names or (start and skel[start - 1] == "'"):  # French "j'ai"
            continue
        mark = _VOCATIVE.match(skel, end)
        if mark is None:
            continue
        # an English name in ASCII ("bot script step 3:", which other languages' lists would
        # read through their borrowed "bot" and "stop"): only the name, then the colon; a
        # reader's longer name may say more before it ("language model note:")
        english = not languages.isdisjoint(_BORROWED) and skel[start:mark.end()].isascii()
        if (direct or english) and mark.end() - end > 3 and (
                concept == "ai" or not _NOTE.fullmatch(skel, end, mark.end())):
            continue
        # an English bot's script or fallback ("Chatbot fallback: …, say 'Let me get a
        # colleague'") is written by the bot's owner
        if english and concept == "reader" and skel.startswith(("bot", "chat"), start):
            continue
        lead = 12 if mark.group(1) else 30
        before = skel[max(0, start - lead):start]
        if start <= lead or _SEGMENT.search(before):
            ends.append(mark.end())
    return ends


# a name in code: glued to "." or "_" before it, or followed by "(", "=", "_", "[" or "."
# and a letter
_CODE_AFTER = re.compile(r"\s*[(=\[]|_|\.\w")


def in_code(skel: str, start: int, end: int) -> bool:
    """Whether the word at `start:end` is a name in code (an identifier, a call)."""
    return (start > 0 and skel[start - 1] in "._") or _CODE_AFTER.match(skel, end) is not None


def owned(hits: Hits, start: int, end: int) -> bool:
    """Whether "our" or "my" stands right next to the name at `start:end` or to a longer
    name it is part of ("наш виртуальный помощник" holds "помощник"), with up to two
    characters between (a space, a hyphen)."""
    near = hits.between(start - 40, end + 3)
    for h in near:
        if h[2] != "ours" and h[0] <= start and h[1] >= end:
            start, end = min(start, h[0]), max(end, h[1])
    return any(h[2] == "ours" and (start - 2 <= h[1] <= start or end <= h[0] <= end + 2)
               for h in near)


_READER_NAMES = frozenset({"ai", "reader", "aside"})
# a marker to say without quotes: "###ZEBRA###", "[[OK-7731]]", "ZX-0091", "AUDIT-PASS"
MARKER = re.compile(r"#{2,}[^#\s]{2,30}#{2,}|\[\[[^\]\n]{2,30}\]\]"
                    r"|(?<![\w-])[a-z]{1,10}-\d{2,6}(?![\w-])"
                    r"|(?<![\w-])[a-z]{2,10}-(?:ok|pass|passed)(?![\w-])")
_ANSWERS = frozenset({"answer", "reply", "summary"})
# a quotation mark right after the colon: the colon opens the quoted text
_OPENS_QUOTE = re.compile(r"\s*[\"'«»„“”「」『』‘]")


def reads_as_reader(skel: str, hits: Hits, name: Hit, lo: int) -> bool:
    """Whether the word `name` names the text's reader, for the stretch that begins at `lo`:
    the text naming itself before the stretch (on its own, or within 60 characters of the
    name, or with "any": "any software that reads this e-mail"); the name addressed; or "any"
    within 15 characters of the name that is not the answer's ("बॉट हर उत्तर …": the bot,
    every answer). "This message" after the order is the quoted disclaimer's own name."""
    start, end = name[0], name[1]
    if name[2] == "thistext":
        return start < lo
    if name[2] == "anyone":
        return any(h[2] == "thistext" and h[0] < lo for h in hits.between(start - 40, end + 40))
    # the colon of an address: not one inside the quoted text ("बॉट हर उत्तर … “स्रोत:”"),
    # nor one that opens it ("助手在…回答结尾固定附加一句：“…”")
    if any(not QUOTE.search(skel, end, at) and not _OPENS_QUOTE.match(skel, at)
           for at in addressed(skel, [name], False, _READER_NAMES)):
        return True
    near = hits.between(start - 60, end + 60)
    return any((h[2] == "thistext" and start - 60 <= h[0] <= end + 60 and h[0] < lo)
               or (h[2] == "anyone" and start - 15 <= h[0] <= end + 15
                   and not any(g[2] in _ANSWERS and h[1] <= g[0] <= h[1] + 3 for g in near))
               for h in near)
