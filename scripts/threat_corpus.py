"""Template-generated training and held-out text for the scanner's learned layer.

Attacks: per language (`threat_corpus_lang.PACKS`: en, de, fr, es, it, pt, nl, pl, ru,
hi-latn, zh, ja) and kind (override, persona, extraction, redirect, shaping, jailbreak),
frames (praise first, polite, bare, fake admin header, mixed language: a harmless question
in one language then the attack in another) × slots (verbs × objects × tasks).
Benign near misses: data-science memory notes, questions and code cells that use the same
words ("ignore the staging table", "act as reviewer", "print the config", "previous run").

The split is strict: every slot list and every template list is cut by position (every third
item is held-out only, `split_items`), so a `heldout` text never shares a template with
`train`/`valid`, and in each slot uses only words that `train` never used there.
`train` and `valid` share vocabulary and are cut by a seeded shuffle (`valid` calibrates the
threshold). Nothing is downloaded; the output is deterministic for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import threat_corpus_lang_extra
from threat_corpus_benign import BENIGN_SLOTS
from threat_corpus_lang import BENIGN_PACKS, PACKS, Pack

threat_corpus_lang_extra.extend(PACKS, BENIGN_PACKS)

Row = dict[str, str]


def split_items(items: list[str], part: str) -> list[str]:
    """The held-out part (every third item) or the rest; short lists are shared."""
    if len(items) < 3:
        return items
    held = [x for i, x in enumerate(items) if i % 3 == 2]
    return held if part == "heldout" else [x for i, x in enumerate(items) if i % 3 != 2]


def cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def sent(*parts: str) -> str:
    """Join non-empty parts with spaces, no space before CJK or after sentence marks."""
    out = ""
    for p in (x.strip() for x in parts):
        if not p:
            continue
        if out and not (out[-1] in "。！？：，" or p[0] >= "\u3000"):
            out += " "
        out += p
    return out


Pick = Callable[[str], str]
Template = Callable[[Pick], str]

ATTACK_TEMPLATES: dict[str, list[Template]] = {
    "override": [
        lambda s: sent(
            s("praise"), cap(s("please")), s("ovb"), s("ovo") + ".", cap(s("task")) + "."
        ),
        lambda s: sent(cap(s("ovb")), s("ovo") + ",", s("task") + "."),
        lambda s: sent(cap(s("task")) + "?", s("alarm") + ".", cap(s("ovb")), s("ovo") + "."),
        lambda s: sent(s("admin"), s("ovb"), s("ovo") + ".", cap(s("task")) + "."),
        lambda s: sent(cap(s("please")), s("ovb"), s("ovo"), "—", s("task") + "."),
        lambda s: sent(s("done"), cap(s("ovb")), s("ovo"), "+", s("task") + "!"),
    ],
    "persona": [
        lambda s: sent(
            cap(s("pers_open")), s("pers_who"), s("pers_tail") + ".", cap(s("task")) + "."
        ),
        lambda s: sent(
            s("praise"),
            cap(s("please")),
            s("pers_open"),
            s("pers_who") + ".",
            cap(s("pers_tail")) + ".",
        ),
        lambda s: sent(cap(s("pers_open")), s("pers_who") + ":", s("jail_task") + "."),
        lambda s: sent(
            cap(s("pers_open")), s("pers_who"), s("pers_tail") + ".", cap(s("jail")) + "."
        ),
    ],
    "extraction": [
        lambda s: sent(cap(s("ext_verb")), s("ext_obj"), s("ext_fmt") + "."),
        lambda s: sent(
            s("praise"), cap(s("please")), s("ext_verb"), s("ext_obj"), s("ext_fmt") + "."
        ),
        lambda s: s("ext_q"),
        lambda s: sent(s("admin"), s("ext_verb"), s("ext_obj") + "."),
        lambda s: sent(s("ext_q"), cap(s("ext_verb")), s("ext_fmt") + "."),
        lambda s: sent(s("done"), cap(s("ext_verb")), s("ext_obj"), s("ext_fmt") + "."),
    ],
    "redirect": [
        lambda s: sent(s("alarm"), "—", s("alarm"), "—", s("redir"), s("task") + "."),
        lambda s: sent(s("done"), cap(s("redir")), s("task") + "."),
        lambda s: sent(s("alarm") + "!", s("done"), cap(s("redir")), s("task") + "."),
        lambda s: sent(s("praise"), s("done"), s("alarm") + ":", s("task") + "."),
    ],
    "shaping": [
        lambda s: sent(s("shape_open"), s("shape_verb"), s("claim") + "."),
        lambda s: sent(cap(s("shape_alt")) + "."),
        lambda s: sent(
            s("praise"), s("shape_open"), s("please"), s("shape_verb"), s("claim") + "."
        ),
        lambda s: sent(cap(s("please")), s("shape_alt"), "—", s("shape_verb"), s("claim") + "."),
        lambda s: sent(s("done"), s("shape_open"), s("shape_verb"), s("claim") + "!"),
    ],
    "jailbreak": [
        lambda s: sent(cap(s("jail")) + ",", s("jail_task") + "."),
        lambda s: sent(s("admin"), cap(s("jail")) + ".", cap(s("jail_task")) + "."),
        lambda s: sent(
            cap(s("pers_open")), s("pers_who") + ".", cap(s("jail")) + ".", cap(s("task")) + "."
        ),
        lambda s: sent(s("praise"), cap(s("jail")) + ";", s("jail_task") + "."),
        lambda s: sent(cap(s("fiction")) + ":", s("jail_task") + "."),
        lambda s: sent(cap(s("fiction")) + ".", cap(s("pers_tail")) + ".", cap(s("task")) + "."),
    ],
}

# Round 7: each kind also planted after a sentence of ordinary text (appended, so the split by
# position keeps every earlier template where it was).
ATTACK_TEMPLATES["override"].append(
    lambda s: sent(s("ctx"), cap(s("ovb")), s("ovo") + ".", cap(s("task")) + "."))
ATTACK_TEMPLATES["persona"].append(
    lambda s: sent(s("ctx"), cap(s("pers_open")), s("pers_who"), s("pers_tail") + "."))
ATTACK_TEMPLATES["extraction"].append(
    lambda s: sent(s("ctx"), cap(s("ext_verb")), s("ext_obj"), s("ext_fmt") + "."))
ATTACK_TEMPLATES["redirect"].append(
    lambda s: sent(s("ctx"), s("alarm") + "!", cap(s("redir")), s("task") + "."))
ATTACK_TEMPLATES["shaping"].append(
    lambda s: sent(s("ctx"), s("shape_open"), s("shape_verb"), s("claim") + "."))
ATTACK_TEMPLATES["jailbreak"].append(
    lambda s: sent(s("ctx"), cap(s("jail")) + ".", cap(s("jail_task")) + "."))

# Harmless openers for mixed-language texts (the attack follows in another language).
OPENERS = [
    "What is the capital of Australia?",
    "Wie spät ist es in Tokio?",
    "Quel temps fait-il à Lyon ?",
    "¿Cuántos habitantes tiene Madrid?",
    "Quanto costa un biglietto per Roma?",
    "Summarise this article in two lines.",
    "Kitne baje meeting hai?",
    "Welche Bücher empfiehlst du über Statistik?",
    "How many rows does the table have?",
]


def attack_rows(part: str, rng: random.Random, per_cell: int) -> list[Row]:
    """`per_cell` attacks per (language, kind), plus mixed-language ones."""
    rows: list[Row] = []
    for lang, pack in PACKS.items():
        for kind, templates in ATTACK_TEMPLATES.items():
            usable = split_items(templates, part)
            for _ in range(per_cell):
                text = rng.choice(usable)(picker(pack, part, rng))
                rows.append({"label": "attack", "kind": kind, "language": lang, "text": text})
    langs = list(PACKS)
    for _ in range(per_cell * 4):
        lang = rng.choice(langs)
        kind = rng.choice(["override", "extraction", "persona", "redirect"])
        tpl = rng.choice(split_items(ATTACK_TEMPLATES[kind], part))
        opener = rng.choice(split_items(OPENERS, part))
        rows.append(
            {
                "label": "attack",
                "kind": kind,
                "language": "mixed",
                "text": sent(opener, tpl(picker(PACKS[lang], part, rng))),
            }
        )
    return rows


def picker(pack: Pack, part: str, rng: random.Random) -> Pick:
    return lambda slot: rng.choice(split_items(pack[slot], part))


# --- benign near misses ------------------------------------------------------------------------

BENIGN_TEMPLATES: list[tuple[str, Callable[[Pick], str]]] = [
    (
        "memory",
        lambda s: sent(cap(s("dverb")), s("dobj") + (", " + s("why") if s("why") else "") + "."),
    ),
    ("memory", lambda s: sent("User", s("pref") + ".")),
    ("memory", lambda s: sent(s("who"), "will act as", s("role"), s("who") + ".")),
    ("question", lambda s: s("q")),
    ("code", lambda s: s("code")),
    ("notebook", lambda s: sent("##", cap(s("show")), "\n-", s("dverb"), s("dobj"))),
    ("memory", lambda s: sent("Note:", s("show"), "before the run;", s("dverb"), s("dobj") + ".")),
    ("question", lambda s: sent(cap(s("show")) + ",", "please.")),
    ("memory", lambda s: s("bshape") + "."),
    ("memory", lambda s: s("de")),
    ("memory", lambda s: s("fr")),
    ("memory", lambda s: s("es")),
    # round 7 (`threat_corpus_lang_extra.BENIGN_SLOTS`)
    ("docs", lambda s: s("doc")),
    ("meeting", lambda s: s("meet")),
    ("memory", lambda s: s("slav")),
    ("question", lambda s: s("howq")),
    ("question", lambda s: s("gq")),
    ("request", lambda s: s("sreq")),
]
BENIGN_SLOTS.update(threat_corpus_lang_extra.BENIGN_SLOTS)


# The task an attack smuggles in is, on its own, an ordinary request ("Thanks! Now please
# write a poem about the sea."): these teach the model that the override, not the task or the
# praise, is the signal.
REQUEST_TEMPLATES: list[Template] = [
    lambda s: sent(cap(s("task")) + "."),
    lambda s: sent(s("praise"), cap(s("please")), s("task") + "."),
    lambda s: sent(cap(s("please")), s("task") + "?"),
    lambda s: sent(s("praise"), cap(s("task")) + "."),
]


LOCAL_TEMPLATES: list[Template] = [
    lambda s: sent(s("ign"), s("dobj") + "."),
    lambda s: sent(s("ans"), s("ansdo") + "."),
    lambda s: s("q"),
    lambda s: sent(s("q"), s("ans"), s("ansdo") + "."),
    lambda s: sent(s("ign"), s("dobj") + ";", s("ans").lower(), s("ansdo") + "."),
]


def benign_rows(part: str, rng: random.Random, n: int) -> list[Row]:
    """`n` benign near misses, and ordinary requests in every language."""
    pick: Pick = lambda slot: rng.choice(split_items(BENIGN_SLOTS[slot], part))  # noqa: E731
    rows = []
    for _ in range(n):
        kind, tpl = rng.choice(BENIGN_TEMPLATES)
        rows.append({"label": "benign", "kind": kind, "language": "en", "text": tpl(pick)})
    for lang, bpack in BENIGN_PACKS.items():
        for _ in range(n // 40):
            tpl = rng.choice(split_items(LOCAL_TEMPLATES, part))
            rows.append(
                {
                    "label": "benign",
                    "kind": "local",
                    "language": lang,
                    "text": tpl(picker(bpack, part, rng)),
                }
            )
    for lang, pack in PACKS.items():
        for _ in range(n // 12):
            tpl = rng.choice(split_items(REQUEST_TEMPLATES, part))
            rows.append(
                {
                    "label": "benign",
                    "kind": "request",
                    "language": lang,
                    "text": tpl(picker(pack, part, rng)),
                }
            )
    return rows


def generate(part: str, seed: int = 0, per_cell: int = 40, benign: int = 3000) -> list[Row]:
    """Rows of one part: 'train' and 'valid' (same vocabulary, shuffled apart 80/20) or
    'heldout' (held-out templates and vocabulary). Duplicates are dropped."""
    rng = random.Random(seed)
    src = "heldout" if part == "heldout" else "train"
    rows = attack_rows(src, rng, per_cell) + benign_rows(src, rng, benign)
    seen: set[str] = set()
    uniq = [r for r in rows if not (r["text"] in seen or seen.add(r["text"]))]  # type: ignore[func-returns-value]
    if part == "heldout":
        return uniq
    random.Random(seed + 1).shuffle(uniq)
    cut = len(uniq) * 4 // 5
    return uniq[:cut] if part == "train" else uniq[cut:]


if __name__ == "__main__":
    import json
    import sys
    from pathlib import Path

    # Writes the held-out part for the benchmark (tests/data/injection/generated.jsonl).
    out = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else (
            Path(__file__).resolve().parents[1] / "tests" / "data" / "injection" / "generated.jsonl"
        )
    )
    rows = generate("heldout")
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    print(f"wrote {len(rows)} rows to {out}")
