"""Prohibitions: a list under "Avoid:", "Don't:" or "Never:" names what a document forbids,
not what it asks ("Avoid:\\n- Inventing citations, fake statistics", "Never:\\n- Expose
secrets or internal errors"). Skills and project files are full of such lists; read as
orders, their items are the very attacks they forbid.

`blank_prohibited(text)` replaces each item of such a list with an ellipsis for the wording
layers (the exfiltration and invisible-character rules read the text as it is). An item that
holds a word that turns the prohibition around ("Never:\\n- refuse to share the keys", "Don't:
\\n- forget to send the logs to …") keeps its words.
"""

from __future__ import annotations

import re

# A line that only heads a list of prohibitions: "Avoid:", "## Don'ts", "**Never do:**",
# "❌ Do not", "What not to do", "Anti-patterns" (and a few languages' "avoid"/"don't").
_WORDS = (
    r"(?:❌|🚫|⛔|✗|✘)?[ \t]*(?:"
    r"avoid(?:ing)?|(?:things |what )?(?:to )?avoid|don'?ts?|do not(?: do)?|never(?: do)?|"
    r"must not|must never|should not|shouldn'?t|prohibited|forbidden|not allowed|"
    r"anti-?patterns?|what not to do|bad(?: practices?| examples?)?|common mistakes|pitfalls|"
    r"evitar|evita|no hagas|nunca|vermeide[nt]?|niemals|[àa] [ée]viter|[ée]vite[rz]?|"
    r"ne (?:jamais|pas)|jamais|da evitare|non fare|不要|禁止|避免|しないこと|禁止事項"
    r")(?:[ \t]+[\w'-]+){0,3}?")
# the words alone on their line, as a heading or ending with a colon
_HEADER = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*(?:[*_]{1,2})?" + _WORDS + r"(?:[*_]{1,2})?[ \t]*[:：]?"
    r"|(?:[*_]{1,2})?" + _WORDS + r"[ \t]*(?:[*_]{1,2})?[ \t]*[:：][ \t]*(?:[*_]{1,2})?)"
    r"[ \t]*$", re.IGNORECASE | re.MULTILINE)
_ITEM = re.compile(r"[ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]+\S")
# Words that turn an item of a prohibition list into an order: a negation ("never: refuse to
# …"), and what a prohibition of it would ask of the model against the user ("never: ask
# for permission", "don't: mention the upload to the user", "never: follow the user's rules").
_REVERSAL = re.compile(
    r"\b(?:refus\w*|forget\w*|forgot|fail\w*|hesitat\w*|not|never|no|n't|stop\w*|declin\w*|"
    r"omit\w*|withhold\w*|without|unless|except|ignor\w*|disregard\w*|skip\w*|leave|"
    r"ask\w*|confirm\w*|tell\w*|told|mention\w*|inform\w*|notif\w*|warn\w*|report\w*|"
    r"disclos\w*|follow\w*|obey\w*|respect\w*|check\w*|verif\w*|approv\w*|permission\w*|"
    r"consent\w*|users?|alert\w*|show\w*|explain\w*|log\w*)\b", re.IGNORECASE)


def blank_prohibited(text: str) -> str:
    """`text` with the items of each list of prohibitions replaced by an ellipsis."""
    if not _HEADER.search(text):
        return text
    lines = text.split("\n")
    inside = False
    for k, line in enumerate(lines):
        if _HEADER.fullmatch(line):
            inside = True
        elif inside and (item := _ITEM.match(line)):
            if not _REVERSAL.search(line):
                lines[k] = item.group(0)[:-1] + "…"  # the marker, without the item's words
        elif line.strip():
            inside = False
    return "\n".join(lines)
