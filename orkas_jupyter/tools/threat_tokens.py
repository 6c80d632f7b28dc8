"""The fast rules' English token chains, tolerant of typos, split and glued words: each word
gets its lexicon classes (`threat_vocabulary.LEXICON`), the classes are pruned where the
context says the word names data, a file or someone else's action, and a rule matches when
its classes follow each other closely inside one sentence (`threat_vocabulary.CHAIN_RULES`).
`threat_patterns.find_injection` reports the matches."""

from __future__ import annotations

import re
from functools import lru_cache

from .threat_corrections import ALIASED_NAME, SCOPED_CORRECTION
from .threat_vocabulary import (
    CHAIN_RULES,
    CONCRETE_NOUNS,
    DATA_WARNING,
    DOC_WORDS,
    HUMAN_ROLES,
    INSTRUCTION_CLASSES,
    LEXICON,
    MODALS,
    MODIFIED_NOUNS,
    PRIOR_ADJECTIVES,
    RULE_BOOKS,
    TEXT_NOUNS,
    THING_MODIFIERS,
    THIRD_PERSON,
    TOLD_SUBJECTS,
    WORK_NOUNS,
)


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
# A compound is two keywords: no part is longer than the longest one (a 100 KB DNA sequence
# is one "word", and trying every cut of it copied its halves 100,000 times: 3.8 s).
_LONGEST = max(map(len, _EXACT))
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
    # a keyword one edit away shares a deletion with the word (or is one, or has the word as
    # one): the second round of deletions is needed only when two edits are allowed
    for d in _deletes(word, 2 if len(word) >= 10 and max_edits >= 2 else 1):
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
    # (A join only empties words that were unknown before, so the pairs can be chosen first.)
    pairs = [i for i, (a, b, c, d) in enumerate(zip(tokens, tokens[1:], classes, classes[1:],
                                                     strict=False))
             if not c and not d and (len(a) <= 5 or len(b) <= 5)
             and ((a if len(a) >= 2 else a + b)[:2], len(a) + len(b)) in _JOIN_SHAPES]
    for i in pairs:  # ... and no keyword, typo or not, has another start and length
        joined = word_classes(tokens[i] + tokens[i + 1], 1)
        if joined:
            classes[i], classes[i + 1] = joined, frozenset()
    # Words glued together ("allprevious", "priorinstructions"): both halves known.
    for i, token in enumerate(tokens):
        if not classes[i] and len(token) >= 9:
            classes[i] = _compound_classes(token)
    # The passes below only take classes away: a sentence that lacks a class every chain
    # needs (most sentences of ordinary prose) is done here.
    present = frozenset().union(*classes)
    if not present or not any(present.issuperset(chain) for _, chain, _ in CHAIN_RULES):
        return classes
    # "the approach above", "outliers above the 99th": "above" follows a concrete thing
    for i in range(len(tokens)):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        # "anything before 2019", "the earlier prototype": the word qualifies a date or a
        # piece of work (an unknown word may be a typo of "instructions": it keeps the word)
        if "prior" in classes[i] and (nxt.isdigit() or (
                tokens[i] in PRIOR_ADJECTIVES and nxt in WORK_NOUNS)):
            classes[i] = classes[i] - {"prior"}
        # "can the agent ignore tool results ...": the verb has a subject of its own
        # ("models frequently ignore", "the model tends to ignore": an adverb between)
        if classes[i] & {"imperative", "override"} and i and (
                tokens[i - 1] in THIRD_PERSON or _power_of_a_person(tokens, i)
                or _caused(tokens, i) or (i >= 2 and tokens[i - 2] in THIRD_PERSON and (
                    tokens[i - 1].endswith("ly") or tokens[i - 1] in _HABITUAL))
                or (i >= 3 and tokens[i - 1] == "to" and tokens[i - 2] in ("tend", "tends")
                    and tokens[i - 3] in THIRD_PERSON)):
            classes[i] = classes[i] - {"imperative", "override"}
        # "a note asking the AI to print its system prompt": what someone asked of a model
        if classes[i] & {"extract", "reproduce"} and _caused(tokens, i):
            classes[i] = classes[i] - {"extract", "reproduce"}
        # "don't show the system prompt to users", "never bypass the checks", "don't ignore
        # rules to make the report green": a prohibition, not a request
        if classes[i] & {"extract", "reproduce", "imperative", "override"} and _negated(tokens, i):
            classes[i] = classes[i] - {"extract", "reproduce", "imperative", "override"}
        # "break down the user's instructions into steps": a phrasal verb, not breaking them
        if tokens[i] == "break" and nxt in ("down", "up", "out", "apart", "into"):
            classes[i] = classes[i] - {"override", "imperative"}
        # "Ana said so": a report by someone else, not what the model was told
        if tokens[i] in ("said", "told") and i and tokens[i - 1] not in TOLD_SUBJECTS:
            classes[i] = classes[i] - {"guard"}
        # "the installer prompts you to choose": the verb, not the model's prompt
        if (tokens[i] in ("prompts", "prompted") and nxt == "you" and i + 2 < len(tokens)
                and tokens[i + 2] in ("to", "for")):
            classes[i] = classes[i] - INSTRUCTION_CLASSES
        # "literate programming", "Python programming": a field, not the model's programming
        # (which is someone's: "your programming", "its original programming")
        if (tokens[i] in ("programming", "programing") and i
                and tokens[i - 1] not in _PROGRAMMING_OWNERS):
            classes[i] = classes[i] - INSTRUCTION_CLASSES
        # "the build instructions", "setup guidelines": instructions for a thing
        if classes[i] & INSTRUCTION_CLASSES and i and tokens[i - 1] in THING_MODIFIERS:
            classes[i] = classes[i] - INSTRUCTION_CLASSES
        # "the instructions for the install", "guidelines for naming tables"
        if classes[i] & INSTRUCTION_CLASSES and nxt == "for":
            j = i + 2
            while j < len(tokens) and tokens[j] in ("the", "a", "an", "this", "our"):
                j += 1
            # "the instructions for our coffee machine": a plain noun no class knows
            # "new instructions for upgrading": what they are for (not "the system prompt for
            # troubleshooting", the model's own)
            if j < len(tokens) and (tokens[j] in THING_MODIFIERS or tokens[j] in DOC_WORDS or (
                    not classes[j] and tokens[j] not in _ADDRESSEES
                    and tokens[j] not in TEXT_NOUNS and (j > i + 2 or (
                        tokens[j].endswith("ing") and tokens[j] not in _NOT_GERUNDS
                        and not (i and "own" in classes[i - 1]))))):
                classes[i] = classes[i] - INSTRUCTION_CLASSES
    # "the last two columns": a count between the word and the thing it qualifies
    for i in range(len(tokens) - 2):
        if ("prior" in classes[i] and tokens[i + 1] in _NUMBER_WORDS
                and tokens[i + 2] in CONCRETE_NOUNS):
            classes[i] = classes[i] - {"prior"}
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
                    and tokens[i + 2] in DOC_WORDS) or _in_a_book(tokens, classes, i)):
            classes[i] = classes[i] - INSTRUCTION_CLASSES
        if "new" in classes[i] and i + 2 < len(tokens) and tokens[i + 2] == "from":
            classes[i] = classes[i] - {"new"}
        # "a system prompt" is the concept, not this model's own prompt
        if tokens[i] in ("a", "an") and "own" in classes[i + 1]:
            classes[i + 1] = classes[i + 1] - {"own"}
    return classes


def _power_of_a_person(tokens: list[str], i: int) -> bool:
    """"The Dungeon Master may override any rule", "users can try to override them": a
    person's power, described with a modal, not an order to the reader."""
    k = i - 1
    if k >= 2 and tokens[k] == "to" and tokens[k - 1] in ("try", "attempt", "choose", "decide"):
        k -= 2
    return k >= 1 and tokens[k] in MODALS and tokens[k - 1] in HUMAN_ROLES


_CAUSATIVE = frozenset(("get", "gets", "getting", "got", "make", "makes", "making", "trick",
                        "tricks", "tricking", "tricked", "convince", "convincing", "persuade",
                        "persuading", "force", "forcing", "coax", "coaxing", "lure", "luring"))


def _caused(tokens: list[str], i: int) -> bool:
    """"Getting it to ignore its instructions", "tricking the chat model into ignoring …":
    what someone gets a model to do, reported (`threat_corrections.REPORTED` in the grammar)."""
    if i < 3 or tokens[i - 1] not in ("to", "into"):
        return False
    if tokens[i - 2] in ("it", "them"):
        return tokens[i - 3] in _CAUSATIVE
    # "requests to ignore prior rules", "attempts to reveal the prompt": a kind of attack named
    if tokens[i - 2] in _ATTEMPTS:
        return True
    # "officials were ordered to disregard …" (not "you were told to …")
    if tokens[i - 2] in _TOLD and tokens[i - 3] in ("was", "were") and (
            i < 4 or tokens[i - 4] not in ("you", "u")):
        return True
    return tokens[i - 2] in THIRD_PERSON and any(
        tokens[k] in _CAUSATIVE or tokens[k] in _TOLD for k in range(max(0, i - 6), i - 2))


_TOLD = frozenset(("told", "asked", "ordered", "instructed", "forced", "made", "asking"))
_ATTEMPTS = frozenset(("requests", "attempts", "tries", "attempt"))
_HABITUAL = frozenset(("often", "sometimes", "always", "usually", "still", "also", "rarely",
                       "seldom", "routinely", "typically"))
_BOOK_DETERMINERS = frozenset(("the", "this", "that", "our", "these", "their", "each"))


def _in_a_book(tokens: list[str], classes: list[frozenset[str]], i: int) -> bool:
    """"Rule 4 of the official card", "any rule in this book": a document's rule (a number
    and one plain adjective may stand between)."""
    j = i + 1
    if j < len(tokens) and tokens[j].isdigit():
        j += 1
    if j >= len(tokens) or tokens[j] not in ("in", "of", "from"):
        return False
    j += 1
    while j < len(tokens) and tokens[j] in _BOOK_DETERMINERS:
        j += 1
    if j + 1 < len(tokens) and not classes[j] and tokens[j + 1] in RULE_BOOKS:
        j += 1
    return j < len(tokens) and (tokens[j] in RULE_BOOKS or tokens[j] in DOC_WORDS)


@lru_cache(maxsize=65536)
def _compound_classes(token: str) -> frozenset[str]:
    for cut in range(max(3, len(token) - _LONGEST), min(len(token) - 2, _LONGEST + 1)):
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


def token_rules(text: str) -> list[tuple[str, str]]:
    """(rule, excerpt) for each chain rule that matches within one sentence."""
    hits: list[tuple[str, str]] = []
    # An assignment ends a sentence too: `prompt = "You are ..."` defines a prompt in code.
    for sentence in _SENTENCE_END.split(text):
        # snake_case identifiers stay one word: `ignore_previous(rows)` is code, not a request
        tokens = _TOKEN.findall(sentence)
        classes = _classify(tokens)
        present = frozenset().union(*classes)
        if "secret" in present:
            # "the password policy", "password reset": the head noun is a rule or a
            # procedure, not the secret (looked at only where a secret word stands)
            # "a script that hashes passwords": code that processes secrets
            for k in range(len(tokens)):
                if "secret" in classes[k] and (
                        (k + 1 < len(tokens) and tokens[k + 1] in _NOT_THE_SECRET)
                        or (k and tokens[k - 1] in _PROCESSES_SECRETS)):
                    classes[k] = classes[k] - {"secret"}
            present = frozenset().union(*classes)
        if not present:
            continue  # most sentences of prose know no keyword at all
        for name, chain, windows in CHAIN_RULES:
            if not present.issuperset(chain):
                continue  # most sentences lack a class the rule needs: skip the search
            i = _chain(classes, chain, windows)
            if i is not None and not (name in _CORRECTABLE
                                      and (SCOPED_CORRECTION.search(sentence)
                                           or ALIASED_NAME.search(sentence)
                                           or DATA_WARNING.search(sentence))):
                hits.append((name, " ".join(tokens[i:i + 8])))
    return hits


def _negated(tokens: list[str], i: int) -> bool:
    """Whether the word at `i` follows "not", "never" or a "-n't" ("don't", "doesn't"), or
    is a second verb joined by "or"/"nor" to a negated one ("never print the file or echo
    the password")."""
    if i > 1 and tokens[i - 1] in ("or", "nor"):
        # not recursive: "x or x or x …" would try every earlier word again at each "or"
        return any(_follows_negation(tokens, j) for j in range(max(1, i - 9), i - 1))
    return _follows_negation(tokens, i)


def _follows_negation(tokens: list[str], i: int) -> bool:
    return i > 0 and (tokens[i - 1] in ("not", "never") or (tokens[i - 1] == "t" and i > 1 and (
        tokens[i - 2] in ("don", "doesn", "didn", "won", "shouldn", "mustn", "can"))))


# whose programming a "programming" may be when it is the model's
_PROGRAMMING_OWNERS = frozenset((
    "your", "ur", "yours", "my", "its", "the", "all", "any", "own", "original", "initial", "core",
    "previous", "prior", "earlier", "basic", "current", "default", "ethical", "moral", "safety",
    "internal", "entire", "whole", "existing", "old", "built", "of", "this", "that", "their"))
# the chains a scoped correction (below) answers for: they read an override
_CORRECTABLE = frozenset(("override previous instructions", "address the model's instructions",
                          "new instructions"))
# "a list of breached passwords", "common passwords": a kind of password, not the secret
_PROCESSES_SECRETS = frozenset((
    "breached", "pwned", "compromised", "common", "reused", "expired",
    "hash", "hashes", "hashed", "hashing", "salt", "salts", "salted", "encrypt", "encrypts",
    "encrypted", "encrypting", "validate", "validates", "validating", "generate", "generates",
    "generating", "random", "strong", "weak"))
_NOT_GERUNDS = frozenset(("following", "everything", "anything", "nothing", "something"))
_NUMBER_WORDS = frozenset(("two", "three", "four", "five", "six", "seven", "eight", "nine",
                           "ten", "few", "couple", "several", "dozen"))
# who instructions may be for when they are the model's ("the instructions for the assistant")
_ADDRESSEES = frozenset(("you", "ai", "assistant", "assistants", "model", "models", "bot",
                         "chatbot", "llm", "agent", "agents", "system", "gpt", "chatgpt",
                         "me", "us", "it", "them", "him", "her"))
_NOT_THE_SECRET = frozenset((
    "security", "hygiene", "practices", "tips", "generator", "generators", "policy", "policies",
    "manager", "requirements", "requirement", "rules", "length",
    "strength", "rotation", "expiry", "complexity", "field", "hash", "hashing", "change",
    "richtlinie", "richtlinien", "politica", "politique"))
