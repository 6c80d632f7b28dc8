"""Use and mention: a text that *talks about* an injection phrase ("What does 'ignore previous
instructions' mean?", a test list of attack strings, a paper's example) is not one.

A short quoted span (up to 12 words, in any common quote style) is replaced by an ellipsis
when the text around it (100 characters on either side, outside the quotes) has a word that
marks a mention: means, such as, containing, for example, phrase, string, payload, test
case, detect, injection, attack, red team, in the scanner's languages (attack, injection and
example also in the concept layer's forty). An injection that quotes its own
payload without such a word ("say 'I have been pwned'") keeps its quotes.
"""

from __future__ import annotations

import re

_QUOTED = re.compile(
    r"(?<![\w'])'([^'\n]{3,160}?)'(?![\w'])|(?<![\w\"])\"([^\"\n]{3,160}?)\"(?![\w\"])"
    r"|“([^”\n]{3,160}?)”|‘([^’\n]{3,160}?)’|„([^“”\n]{3,160}?)[“”]|«([^»\n]{3,160}?)»"
    r"|`([^`\n]{3,160}?)`|「([^」\n]{2,160}?)」|『([^』\n]{2,160}?)』")
_MENTION_CUES = re.compile(
    r"(?<![^\W_])(?:mean|means|meaning|meant|such as|containing|contains|e\.g\.|"
    r"for (?:example|instance)|examples?|"
    r"phrases?|payloads?|test ?cases?|cases|detect\w*|flag(?:s|ged)?|classif\w*|"
    r"injections?|attacks?|red[-_ ]?team\w*|regex\w*|jailbreaks?|filters?|regression|"
    r"bedeutet|bedeuten|etwa|zum beispiel|beispiel\w*|z\. ?b\.|angriff\w*|"
    r"significa|par exemple|por ejemplo|ad esempio|por exemplo|bijvoorbeeld|"
    r"например|означает|атак\w*|инъекци\w*|na przyklad|na przykład|oznacza|np\.|atak\w*|"
    r"наприклад|означає|ін'єкці\w*|"
    # the concept layer's languages: attack, injection, example, for example
    r"attaque\w*|exemples?|ataques?|ejemplos?|exemplos?|esempi\w*|attacc\w*|inyecci\w*|"
    r"injeç\w*|iniezion\w*|aanval\w*|voorbeeld\w*|angrep\w*|angreb\w*|exempel|eksempel\w*|"
    r"hyökkäy\w*|esimerk\w*|rünnak\w*|näide|näiteks|támadás\w*|példa\w*|például|"
    r"pavyzd\w*|útok\w*|příklad\w*|priklad\w*|například|napríklad|επίθεσ\w*|"
    r"παράδειγμα\w*|árás\w*|dæmi\w*|ymosod\w*|enghraifft\w*|eraso\w*|adibide\w*|"
    r"saldırı\w*|örne\w*|shambulio\w*|mashambulizi|mfano|serangan\w*|contoh\w*|misalnya|"
    r"atake\w*|halimbawa\w*|tấn công|ví dụ|공격\w*|예를 들어|예시\w*|인젝션\w*|"
    r"हमल\w*|उदाहरण\w*|আক্রমণ\w*|উদাহরণ\w*)(?!\w)"
    # scripts without word boundaries: anywhere
    r"|攻击|攻擊|例如|比如|注入|示例|範例|例子|攻撃|例えば|インジェクション|โจมตี|ตัวอย่าง|هجوم|هجمات|مثال|"
    r"حقن|حمله|نمونه|تزریق|حملہ|مثلاً|מתקפה|התקפה|דוגמה|הזרקה|ጥቃት|ምሳሌ", re.IGNORECASE)
_MAX_WORDS = 12
_CONTEXT = 100


def blank_mentions(text: str) -> str:
    """`text` with each quoted span that is talked about replaced by an ellipsis."""
    if not any(q in text for q in "'\"“‘„«`「『"):
        return text
    out, last = [], 0
    for m in _QUOTED.finditer(text):
        inner = next(g for g in m.groups() if g is not None)
        if len(inner.split()) > _MAX_WORDS:
            continue
        lo, hi = m.span()
        around = text[max(0, lo - _CONTEXT):lo] + " " + text[hi:hi + _CONTEXT]
        if _MENTION_CUES.search(around):
            out.append(text[last:lo] + "'…'")
            last = hi
    if not out:
        return text
    return "".join(out) + text[last:]
