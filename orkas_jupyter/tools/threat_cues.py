"""Cue words: the words an injection cannot do without (the model's instructions, rules or
role, what came before, setting aside, revealing …). The learned layer (`threat_model.py`)
reads a window without one at its higher threshold."""

from __future__ import annotations

import re
from functools import lru_cache


def is_cjk(word: str) -> bool:
    """Whether a word is a run of CJK (or later-block) characters, which has no spaces."""
    return word[0] >= "\u2e80"


# Words an injection cannot do without: the model's instructions, rules or role, what came
# before, setting aside, revealing, filters. The learned layer only counts for texts that have
# one, so an ordinary request ("tell me a joke about cats") is never flagged for sounding like
# the task an attack smuggles in.
CUE_STEMS = frozenset((
    "instruc", "rule", "guideline", "prompt", "system", "previous", "prior", "above",
    "earlier", "ignor", "disregard", "forget", "pretend", "roleplay", "role", "character",
    "persona", "assistant", "model", "chatbot", "developer", "operator", "admin", "config",
    "setting", "filter", "restrict", "limit", "policy", "censor", "jailbreak", "unfilter",
    "uncensor", "unrestrict", "override", "bypass", "secret", "password", "hidden",
    "reveal", "preamble", "context", "told", "obey", "stop", "attention", "urgent",
    "anweis", "instrukt", "regel", "richtlin", "vorgab", "aufgab", "befehl", "vorher",
    "bisher", "obig", "davor", "zuvor", "oben", "vergiss", "vergess", "rolle", "assistent",
    "entwickl", "betreib", "konfig", "einstell", "zensur", "einschrank", "gesagt",
    "passwort", "geheim", "versteck", "instrucc", "regla", "indicac", "anterior", "olvid",
    "papel", "personaje", "asistente", "desarroll", "filtro", "restricc", "contrase",
    "tarea", "consign", "regle", "precedent", "oubli", "personnag", "developpeur", "filtre",
    "tache", "istruz", "regol", "dimentic", "ruolo", "personaggio", "svilupp", "filtr",
    "compito", "instruc", "regra", "esquec", "personagem", "desenvolv", "tarefa", "senha",
    "instructie", "vorige", "eerder", "vergeet", "negeer", "personage", "ontwikkel", "taak",
    "wachtwoord", "nirdesh", "niyam", "pehle", "bhool", "upar", "dan", "stan", "gpt", "ki",
    "ia", "ai", "llm", "kaam",
    # answer shaping, redirects and jailbreak premises
    "answer", "reply", "respon", "antwort", "respuest", "repons", "rispost", "rispond",
    "respost", "antwoord", "odpowied", "jawab", "urgent", "dringend", "achtung", "atencion",
    "attenzion", "uwaga", "pilne", "sandbox", "unrestrict", "ethic", "moral", "mode", "modus",
    "modo", "consequen", "act", "imagin", "simulat", "behave", "verhalt", "finge", "finja",
    "fingi", "udawaj", "incarn", "interpret", "juega", "joue", "spiel", "stell", "doe",
    "priorit", "halt", "wait", "warte", "espera", "aspett", "espere", "wacht", "ruko",
    "dhyan", "bypass", "paste", "echo", "verbatim", "wortlich", "json", "preamble",
    # Polish, Russian (Cyrillic, read before any mapping), Hindi in Latin letters
    "instrukcj", "polecen", "zasad", "zignoruj", "zapomnij", "poprzed", "ogranicz", "haslo",
    "hasło", "pomin", "pomiń", "инструкц", "правил", "игнорир", "забуд", "промпт", "систем",
    "рол", "притвор", "ограничен", "фильтр", "предыдущ", "пароль", "ответ", "срочно",
    "внимани", "режим", "разработ", "веди", "представ", "nazarandaaz", "chhod", "pabandi",
    "jawab", "batao", "dikhao",
    # round 7: Ukrainian (skeleton form), and words for the conversation and the model's
    # setup that several languages lacked (not "article" or "document": ordinary requests
    # are full of them)
    "інструкц", "ігнор", "попередн", "вказів", "відповід", "обмежен", "розробн", "увага",
    "терміново", "поводь", "вдава", "фільтр", "налаштуван", "натомість", "стоп", "вместо",
    "упомян", "дословн", "розмов", "разговор", "powyz", "wyzej",
    "rozmow", "hierboven", "gesprek", "gesprach", "conversa", "guidanc", "emergenc",
    "restric", "restriz", "sistem", "repet",
))

# Runs of CJK characters have no spaces: these are looked for inside them.
CJK_CUES = (
    "指令", "指示", "提示", "规则", "忽略", "忘记", "无视", "系统", "角色", "扮演",
    "假装", "限制", "过滤", "密码", "开发者", "回答", "紧急", "無視", "忘れ", "ルール",
    "システム", "設定", "制限", "フィルター", "ふり", "役", "開発者", "パスワード",
    "答え", "緊急", "フロンフト", "キャラクター", "停", "注意", "改为", "任务", "完成",
    "提到", "声称", "代わり", "ストップ", "終わ", "完了", "タスク", "主張", "書いて",
)


@lru_cache(maxsize=32768)
def word_has_cue(word: str) -> bool:
    """`has_cue` of one word, remembered."""
    return has_cue([word])


def has_cue(words: list[str]) -> bool:
    """Whether any word starts with one of `CUE_STEMS`."""
    for w in words:
        if is_cjk(w):
            if any(c in w for c in CJK_CUES):
                return True
            continue
        for n in range(2, min(len(w), 11) + 1):
            if w[:n] in CUE_STEMS:
                return True
    return False


@lru_cache(maxsize=1)
def _cue_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """`has_cue` as two searches: a stem at the start of a word (every stem is letters below
    U+2E80, so such a word is never read as CJK), and the words that begin with a character
    from U+2E80 on (a run of CJK), whose cues are looked for inside them."""
    from .threat_match import trie  # stems factored letter by letter: 2.5 times faster

    return (re.compile(r"(?<![^\W\d_])" + trie(CUE_STEMS)),
            re.compile(r"(?<![^\W\d_])(?=[^\W\d_])[\u2e80-\U0010ffff][^\W\d_]*"))


def text_has_cue(skel: str) -> bool:
    """`has_cue(tokens(skel))`, searched in C instead of word by word."""
    stem, cjk = _cue_patterns()
    if stem.search(skel):
        return True
    return not skel.isascii() and any(
        c in word for word in cjk.findall(skel) for c in CJK_CUES)
