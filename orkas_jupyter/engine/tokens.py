"""Token estimation that holds for English, Chinese, Japanese and code (E9).

chars/4 is +20% off for English and -55% for CJK (FACTS.md). Here text is split into classes
that tokenizers treat alike (Han and kana characters, Latin words and their length, digit
groups, whitespace, punctuation) and each class gets a weight fitted once against o200k.
Exact counting, where a provider offers it, plugs in through `TokenCounter`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .messages import ImagePart, Message, TextPart, ThinkingPart, ToolCallPart, ToolResultPart

TokenCounter = Callable[[str], int]

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]")
_KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_HANGUL = re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
_CJK_PUNCT = re.compile(r"[\u3000-\u303f\uff00-\uff65]")
_WORD = re.compile(r"[A-Za-z]+")
_LONG_WORD = re.compile(r"[A-Za-z]{7,}")
_DIGITS = re.compile(r"[0-9]+")
_NEWLINE = re.compile(r"\n[ \t]*")
_SPACES = re.compile(r"(?<!\n)(?<![ \t])[ \t]{2,}")
_ASCII_PUNCT = re.compile(r"[!-/:-@\[-`{-~]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")

# Fitted on mixed samples against o200k (per-class weights, in tokens per unit).
_W_HAN, _W_KANA, _W_HANGUL, _W_CJK_PUNCT = 0.78, 0.75, 0.8, 0.46
_W_WORD, _W_LONG_WORD_CHAR, _W_DIGIT_GROUP = 1.04, 0.14, 1.6
_W_NEWLINE, _W_SPACES, _W_PUNCT, _W_OTHER = 0.54, 1.8, 0.62, 0.7

IMAGE_TOKENS = 1_000  # a typical vision-model cost of one image
MESSAGE_OVERHEAD = 4


def estimate_tokens(text: str) -> int:
    """Estimated o200k-like token count of `text`."""
    if not text:
        return 0
    if text.isascii():
        han = kana = hangul = cjk_punct = other = 0
    else:
        han = len(_HAN.findall(text))
        kana = len(_KANA.findall(text))
        hangul = len(_HANGUL.findall(text))
        cjk_punct = len(_CJK_PUNCT.findall(text))
        other = len(_NON_ASCII.findall(text)) - han - kana - hangul - cjk_punct
    words = len(_WORD.findall(text))
    long_chars = sum(len(w) - 6 for w in _LONG_WORD.findall(text))
    digit_groups = sum((len(d) + 2) // 3 for d in _DIGITS.findall(text))
    estimate = (
        _W_HAN * han + _W_KANA * kana + _W_HANGUL * hangul + _W_CJK_PUNCT * cjk_punct
        + _W_WORD * words + _W_LONG_WORD_CHAR * long_chars + _W_DIGIT_GROUP * digit_groups
        + _W_NEWLINE * len(_NEWLINE.findall(text)) + _W_SPACES * len(_SPACES.findall(text))
        + _W_PUNCT * len(_ASCII_PUNCT.findall(text)) + _W_OTHER * other
    )
    return max(1, round(estimate))


def estimate_message_tokens(message: Message, count: TokenCounter = estimate_tokens) -> int:
    """Tokens one message takes in a request (text, calls, results, images)."""
    total = MESSAGE_OVERHEAD
    for part in message.parts:
        if isinstance(part, TextPart | ThinkingPart):
            total += count(part.text)
        elif isinstance(part, ImagePart):
            total += IMAGE_TOKENS
        elif isinstance(part, ToolCallPart):
            total += count(part.name) + count(part.arguments) + MESSAGE_OVERHEAD
        elif isinstance(part, ToolResultPart):
            for item in part.content:
                total += IMAGE_TOKENS if isinstance(item, ImagePart) else count(item.text)
    return total


class TokenCache:
    """Per-message token counts, keyed by message id (messages are immutable)."""

    def __init__(self, count: TokenCounter = estimate_tokens) -> None:
        self.count = count
        self._cache: dict[str, int] = {}

    def message(self, message: Message) -> int:
        cached = self._cache.get(message.id)
        if cached is None:
            cached = estimate_message_tokens(message, self.count)
            self._cache[message.id] = cached
        return cached

    def messages(self, messages: list[Message]) -> int:
        return sum(self.message(m) for m in messages)
