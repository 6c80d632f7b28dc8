"""Fast matching for the scanner's patterns: run a pattern only at the words it can start
with, instead of trying its leading alternation at every offset of a long text.

`start_keys` reads a pattern's alternatives (as registered by `threat_intent_words.alt`, or
parsed from its groups) and returns the keys of the words a match can begin with; `first_match`
tries the pattern at those words only. The result is the same as `pattern.search` for every
pattern that `anchored` accepts (each branch begins with a word boundary); the tests compare
both on every data set.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from itertools import chain

from .threat_intent_words import BRANCHES

# --- gates --------------------------------------------------------------------------------------

# What gives a pattern its structure: a group's parentheses and a branch's bar. An escaped
# character and a whole character class are consumed as one token, so that a "(" or "|"
# inside them is not read as structure; a regex finds the tokens (reading a long word class
# character by character in Python was most of building the rules).
_TOKENS = re.compile(r"\\.|\[\^?\]?(?:\\.|[^\]\\])*\]|[()|]", re.DOTALL)


def _closing(pattern: str, start: int) -> int:
    """Index of the parenthesis that closes the group opened at `start`."""
    depth = 0
    for m in _TOKENS.finditer(pattern, start):
        token = m.group()
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
            if depth == 0:
                return m.start()
    raise ValueError(f"unbalanced pattern: {pattern!r}")


def _top_level(pattern: str) -> tuple[str, ...]:
    """`pattern` split at its top-level `|`."""
    parts, depth, last = [], 0, 0
    for m in _TOKENS.finditer(pattern):
        token = m.group()
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
        elif token == "|" and depth == 0:
            parts.append(pattern[last:m.start()])
            last = m.end()
    return (*parts, pattern[last:])


def _skip_lookbehinds(branch: str) -> str:
    """`branch` without its leading lookbehinds ("(?<!build )instructions", or a group of
    alternative ones, "(?:(?<=so )|(?<=[.!?] ))never"): they consume nothing, and
    `pattern.match(text, pos)` still sees the text before `pos`."""
    while branch.startswith(("(?<!", "(?<=")) or (
            branch.startswith("(?:(?<") and _lookbehinds_only(branch[3:_closing(branch, 0)])):
        branch = branch[_closing(branch, 0) + 1:]
    return branch


def _lookbehinds_only(alternatives: str) -> bool:
    return all(part.startswith(("(?<!", "(?<=")) and _closing(part, 0) == len(part) - 1
               for part in _top_level(alternatives))


# The longest word prefix a key holds: a longer key passes fewer texts' gates and points at
# fewer of their words ("ign" is the start of "ignition", "ignor" is not).
KEY_LETTERS = 5


def start_keys(pattern: str) -> frozenset[str] | None:
    """Keys of every word a match of `pattern` can start with: its literal first letters, up
    to five (two when a quantifier follows the second), or "=word" for a whole word of one or
    two letters. None when that cannot be told (a character class or a one-letter prefix at
    the start)."""
    keys: set[str] = set()
    for branch in BRANCHES.get(pattern) or _top_level(pattern):
        branch = _skip_lookbehinds(branch.removeprefix(r"\b"))
        if (branch.startswith("(") and not branch.startswith("(?")) or branch.startswith("(?:"):
            end = _closing(branch, 0)
            inner = branch[3:end] if branch.startswith("(?:") else branch[1:end]
            after = branch[end + 1:]
            starts = [part + after for part in _top_level(inner)]
            if after[:1] in ("?", "*"):  # an optional group: the match may start after it
                starts = [part + after[1:] for part in _top_level(inner)]
                starts.append(after[1:])
            for start in starts:
                sub = start_keys(start)
                if sub is None:
                    return None
                keys |= sub
            continue
        word, whole = "", True
        for i, ch in enumerate(branch):
            if not ("a" <= ch <= "z"):
                whole = ch in " '-"
                break
            if branch[i + 1:i + 2] in ("?", "*", "{"):
                whole = False
                break
            word += ch
        if not word or (not whole and len(word) < 2):
            return None
        # a whole word of one or two letters must be that word ("=ta"), not any word
        # starting with those letters
        keys.add("=" + word if whole and len(word) <= 2 else word[:KEY_LETTERS])
    return frozenset(keys)


def anchored(pattern: str) -> bool:
    """Every match of `pattern` starts at a word boundary (each branch begins with \\b)."""
    if pattern.startswith(r"\b"):
        return True
    parts = _top_level(pattern)
    if len(parts) > 1:
        return all(anchored(p) for p in parts)
    if pattern.startswith("(?:") or (pattern.startswith("(") and not pattern.startswith("(?")):
        end = _closing(pattern, 0)
        inner = pattern[3:end] if pattern.startswith("(?:") else pattern[1:end]
        return pattern[end + 1:end + 2] not in ("?", "*") and all(
            anchored(p) for p in _top_level(inner))
    return False


def match_starts(pattern: str) -> frozenset[str] | None:
    """Start keys of `pattern` when matching only at word starts is exact, else None."""
    return start_keys(pattern) if anchored(pattern) else None


def split_literals(pattern: str) -> tuple[tuple[str, ...], str]:
    """`pattern`'s top-level branches that are plain lower-case words (found with `in`, which
    is many times faster than a search that tries every branch at every offset), and the
    other branches joined again ("" when there are none)."""
    parts = _top_level(pattern)
    words = tuple(p for p in parts if p.isalpha() and p.isascii() and p.islower())
    return words, "|".join(p for p in parts if p not in words)


# --- alternations of many words -------------------------------------------------------------

_Node = dict[str, "_Node"]
_LETTER_NEXT = r"(?![^\W\d_])"


def trie(words: Iterable[str]) -> str:
    """A pattern that matches the longest of `words` at a position, with their shared
    prefixes factored out, so a long alternation is tried letter by letter instead of word
    by word. A space in a word matches any one space or line break; a word ending in "$"
    matches only where a word ends."""
    root: _Node = {}
    for word in words:
        node = root
        for ch in word.removesuffix("$"):
            node = node.setdefault(ch, {})
        node["$" if word.endswith("$") else ""] = {}

    def build(node: _Node) -> str:
        alts = [(r"\s" if ch == " " else re.escape(ch)) + build(sub)
                for ch, sub in sorted(node.items()) if ch not in ("", "$")]
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:  # a stem ends here: longer words are optional
            return f"(?:{body})?" if alts else ""
        if "$" in node:  # a whole word ends here, or a longer one goes on
            return f"(?:{body}|{_LETTER_NEXT})" if alts else _LETTER_NEXT
        return body

    return build(root)


# --- the word index -----------------------------------------------------------------------------

_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=4096)  # the common words; 65,536 would hold up to 22 MB of tuples
def _word_keys(word: str) -> tuple[str, ...]:
    """The keys a word holds: its first two to `KEY_LETTERS` letters, or, a word of one or
    two letters, itself and "=word"."""
    if len(word) < 3:
        return (word, "=" + word)
    return tuple({word[:n] for n in range(2, KEY_LETTERS + 1)})


class WordIndex:
    """The keys `start_keys` uses that the lower-case words of a text hold (a prefix of two to
    five letters, or "=word" for a whole word of one or two letters), and, asked for one key,
    the offsets of the words that hold it, in order.

    The keys come from one search for the words; offsets are found only for the keys a rule
    asks for, each by a search for its letters (sre finds a literal prefix in C): most keys of
    a text are never asked for, because most rules' gates stay shut."""

    __slots__ = ("_found", "_text", "keys")

    def __init__(self, text: str) -> None:
        self._text = text
        self._found: dict[str, list[int]] = {}
        self.keys: frozenset[str] = frozenset(
            chain.from_iterable(map(_word_keys, set(_WORD.findall(text)))))

    def __getitem__(self, key: str) -> list[int]:
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = [m.start() for m in _key_pattern(key).finditer(self._text)]
        return found


@lru_cache(maxsize=4096)
def _key_pattern(key: str) -> re.Pattern[str]:
    """Where a word holding `key` starts: its letters first, so that sre looks for them as a
    literal, then a lookbehind that no letter comes before them (a lookbehind of more
    characters than the text has before them does not match: the start of the text counts)."""
    word = key.removeprefix("=")
    before = rf"(?<![a-z]{re.escape(word)})"
    # a whole word (an "=" key, or a head of one letter) ends where the letters end
    after = "(?![a-z])" if key.startswith("=") or len(word) == 1 else ""
    return re.compile(re.escape(word) + after + before)


@lru_cache(maxsize=4)
def word_index(text: str) -> WordIndex:
    """The `WordIndex` of `text`; the last few are kept (the rules and the grammar both read
    the skeleton text)."""
    return WordIndex(text)


def first_match(pattern: re.Pattern[str], starts: frozenset[str] | None, text: str,
                index: WordIndex) -> re.Match[str] | None:
    """`pattern.search(text)`, tried only at the words whose keys are in `starts` (from
    `match_starts`; None searches everywhere). `index` is `word_index(text)`."""
    if starts is None:
        return pattern.search(text)
    # Most of the cost of a search is the leading alternation tried at every offset.
    keys = index.keys & starts  # in C: most texts hold few of a pattern's start keys
    if not keys:
        return None
    if len(keys) == 1:
        positions: Iterable[int] = index[next(iter(keys))]
    else:
        positions = sorted(set(chain.from_iterable(index[key] for key in keys)))
    for pos in positions:
        m = pattern.match(text, pos)
        if m:
            return m
    return None


