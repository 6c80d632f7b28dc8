"""The write scanner (M6): is this text trying to steer a future model, leak secrets, or hide
characters? Memory writes use it; skills and file tools reuse it.

Order matters. Invisible and bidirectional characters are flagged on the raw text first (they
are the attack, and normalisation would erase them); then the text is normalised (NFKC, case
folding, invisible characters removed, Latin look-alikes mapped, digits-for-letters undone) and
matched against three families: instruction overrides and prompt extraction (several
languages, tolerant of typos and split words), secret exfiltration (network sinks fed with
secrets, credential files), and chat-template delimiters. The rules describe the phenomenon;
none is a copy of an evaluation string.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_I = re.IGNORECASE


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags | re.MULTILINE)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Word classes for the English token rules (read on the skeleton, so already lower case).
_IMPERATIVE = ("ignore ingore ignor ignorem ignoree ignoren ingnore ignre disregard forget "
               "overlook override overrule bypass defy disobey subvert nullify countermand rescind")
LEXICON: dict[str, frozenset[str]] = {
    # verbs that set instructions aside, as commands (not "ignored"/"forgotten" in a report)
    "imperative": _words(_IMPERATIVE),
    "override": frozenset((_IMPERATIVE + " ignoring ignoren disregarding forgetting overwrite "
                           "negate dismiss discard abandon skip scrap delete reset cancel reject "
                           "revoke invert reverse break replace omit neglect change remove erase "
                           "rewrite circumvent ignores disregards forgets").split()),
    "directive": _words(
        "instruction instructions instrucions directive directives prompt prompts promt "
        "promts programming instructed guardrails"),
    "guard": _words(
        "rules rule guidelines guideline directions commands orders restriction "
        "restrictions limitation limitations limits protocol protocols safety security "
        "measures censure censorship techniques technics training program creators "
        "conditioning constraints safeguards message sentence conversation conversations "
        "information said told wisdom"),
    "rules": _words("rules guidelines directions"),
    # instructions in the broad sense, for rules that also need the model to be addressed
    "instructions_any": _words(
        "instruction instructions directive directives prompt prompts rules guidelines "
        "directions orders programming"),
    "prior": _words(
        "previous prior above earlier preceding before everything aforementioned former "
        "last"),
    "extract": _words(
        "reveal repeat print output show tell give share list display write spell "
        "reproduce leak dump disclose recite provide say state what whats translate "
        "summarize summarise summary describe explain return send type expose divulge "
        "unveil hint quote echo regurgitate reiterate duplicate rephrase paraphrase "
        "replay"),
    # verbs that reproduce text that already exists
    "reproduce": _words(
        "repeat reveal print output quote recite display echo dump leak disclose "
        "regurgitate reiterate duplicate spell list rephrase paraphrase reproduce replay"),
    "secret": _words("password passwords passphrase passcode passwd pwd secret secrets"),
    "your": _words("your ur yours"),
    "you": _words("you u yourself"),
    "own": _words(
        "your initial original system hidden previous prior above earlier first exact "
        "secret internal basic core given preceding entire full current"),
    "received": _words("given told programmed provided received taught"),
    "invalidated": _words(
        "ignored disregarded forgotten void cancelled canceled false invalid null revoked "
        "obsolete changed overridden wrong deleted test fake outdated superseded expired"),
    "new": _words("new"),
    "principal": _words("user users human operator owner"),
    # a possessive "s" ("the doctor's instructions") ends a chain: those are not the model's
    "barrier": _words("s"),
}

# (name, classes in order, windows between them): each class must follow the previous one
# within its window of tokens, inside one sentence.
_CHAIN_RULES: tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...] = (
    ("override previous instructions", ("override", "directive"), (6,)),
    ("override previous instructions", ("imperative", "guard"), (5,)),
    ("override previous instructions", ("imperative", "prior"), (5,)),
    ("override previous instructions", ("imperative", "your"), (2,)),
    ("override the user", ("imperative", "principal"), (2,)),
    ("override previous instructions", ("directive", "invalidated"), (5,)),
    ("extract the secret", ("extract", "secret"), (7,)),
    ("extract the instructions", ("reproduce", "directive"), (4,)),
    ("extract the instructions", ("reproduce", "rules"), (3,)),
    ("extract the instructions", ("extract", "own", "instructions_any"), (6, 3)),
    ("extract the instructions", ("extract", "instructions_any", "received"), (4, 5)),
    ("address the model's instructions", ("your", "directive"), (5,)),
    ("address the model's instructions", ("you", "directive"), (1,)),
    ("address the model's instructions", ("instructions_any", "you"), (4,)),
    ("address the model's instructions", ("directive", "received", "you"), (4, 3)),
    ("new instructions", ("new", "directive"), (1,)),
)

# Latin look-alikes (after case folding) and digits or symbols used for letters.
CONFUSABLES = dict(zip("аеорсухіјѕԁɡӏкαοριεκντυχ", "aeopcyxijsdglkaopiekvtux", strict=True))
LEET = dict(zip("013457@$", "oieastas", strict=True))

PHRASE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("refuse to follow instructions", _rx(
        r"\b(do not|don'?t|never|stop|no longer|cease to|refuse to) (follow|obey|listen to|"
        r"adhere to|comply with|heed)(ing)? (to )?((any|all|the|your|previous|prior|those|these|"
        r"earlier|above|original|my|of) )*(instructions|rules|guidelines|directives|prompts|orders|"
        r"commands|information|programming)\b")),
    ("role hijack", _rx(r"\byou are no longer\b|\byou are now (a|an|in|the|free|unrestricted|my|"
                        r"not|called|named|dan|evil|jailbroken|uncensored|unfiltered)\b|"
                        r"\byour (new|real|actual|true|only) (task|job|goal|purpose|mission|"
                        r"instructions?|role|objective|orders) (is|are|will be|now)\b")),
    ("message addressed to the model", _rx(
        r"\b(note|message|instructions?|reminder|warning) (to|for) (the |any |all )?(ai|assistant|"
        r"llm|language model|chatbot|agent|model)s?\b|\b(if you are|if you're|attention|dear) "
        r"(an? |the )?(ai|llm|language model|assistant|chatbot)\b|\b(ai|assistant|llm|model|"
        r"agent)s? (reading|processing|that reads) this\b")),
    ("fake system message", _rx(
        r"^\s*[\[(<]?\s*(system|admin|administrator|developer|root)\s*(message|prompt|note|"
        r"override|instruction)?\s*[\])>]?\s*:\s*(you|ignore|forget|disregard|new|from now|the "
        r"assistant|assistant|all|stop|override)\b")),
    ("extract the conversation", _rx(
        r"\b(what|repeat|print|show|tell|output|reveal)\b.{0,40}\b(beginning|start|top) of "
        r"(this|the|our) (conversation|chat|prompt|context|session)\b")),
    ("persistent hijack", _rx(
        r"\b(respond|reply|answer) to (every|all|each|any) (future|subsequent|following|"
        r"further) (messages?|questions?|prompts?|requests?|inputs?)\b|\b(real|actual|true|"
        r"updated) instructions (follow|are below|start|begin)\b")),
    ("role hijack", _rx(r"\bfrom (now on|this point( on)?),? (you|your|do)\b")),
    ("role hijack", _rx(r"\b(pretend|imagine|suppose|act as if|act like|assume)( that)? "
                        r"(you|there|ther|theyre)('re| are| have| were| had|'ve| did| do)? ?"
                        r"(no|not|n't|dont|didnt|forgotten|free|unrestricted|without)\b")),
    ("role hijack", _rx(r"\b(you|u) (were|are|have been|was|'re) (instructed|told|programmed) to\b"
                        r"|\bdo (as|what) (you are|you're|i) (told|say)\b")),
    ("role hijack", _rx(r"\b(developer|god|admin|jailbreak|dan|sudo|unrestricted) mode\b")),
    ("role hijack", _rx(r"\b(pretend|act as if|imagine)( that)?( you)?( to)? (have |had )?"
                        r"(forgotten|forgot|no (rules|instructions|restrictions|guidelines))\b|"
                        r"\b(not|never) (be )?(programmed|allowed|trained) to refuse\b|"
                        r"\bnever refuse\b")),
    ("role hijack", _rx(r"\b(do anything now|jailbr[eo]a?k(en|ed|ing)?)\b")),
    ("claim authority over the model", _rx(
        r"\b(i am|i'm|as) (your|the) (creator|developer|admin|administrator|owner|master|"
        r"programmer|operator)\b|\bi (created|programmed|built|trained|made|own) you\b")),
    ("new instructions", _rx(
        r"\b(here are|these are|follow|obey|i give you|i'?m giving you|giving you|you have|with|"
        r"important) (your |the |some |my )?new (instructions|rules|guidelines|programming|"
        r"directives|orders|prompt|task)\b")),
    ("bypass restrictions", _rx(
        r"\b(without any|there are no|you have no|have no|free of all|ignoring all) "
        r"(rules|restrictions|limits|limitations|filters|guidelines|constraints|censorship|"
        r"boundaries|guardrails)\b")),
    ("inverted obedience", _rx(r"\b(do|say|respond with|tell me|answer) the opp\w*")),
    ("chat-template delimiter", _rx(
        r"<\|?(im_start|im_end|system|endoftext|end_of_turn|start_header_id)\|?>|\[/?inst\]|"
        r"<<\s*/?sys\s*>>|^\s*#{2,}\s*(system|instruction|new instructions)\b|={3,}\s*end\b")),
    ("task switch", _rx(r"\b(perform|do|start|begin) a (new|different) task\b|"
                        r"\bstop processing (commands|instructions)\b")),
    ("echo attack", _rx(r"\brepeat (after me|everything (i|you) (say|said|were told|wrote)|"
                        r"the (text|words|prompt|instructions) above)\b")),
]

_OBJ = (r"(instrucciones|instrucción|indicaciones|reglas|órdenes|directrices|instructions?|"
        r"consignes?|règles|directives?|anweisung\w*|instruktion\w*|befehl\w*|regeln|vorgaben|"
        r"richtlinien|eingaben|restriktionen|einschränkungen|istruzioni|regole|indicazioni|direttive|instruções|instrucoes|regras|"
        r"diretrizes|instructies|regels|opdrachten|instrukcje|polecenia|zasady|reguły)")
LANGUAGE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("override previous instructions (es/fr/de/it/pt/nl/pl)", _rx(
        r"\b(ignora\w*|ignore[rzn]?|olvid[ae]\w*|omite|descarta|haz caso omiso|oublie[rz]?|"
        r"ne tiens pas compte|ignorier\w*|vergiss\w*|missacht\w*|dimentica\w*|trascura|"
        r"esque[çc]a\w*|desconsider\w*|negeer|vergeet|zignoruj|ignoruj|zapomnij)\b.{0,40}\b"
        + _OBJ + r"\b")),
    ("forget everything before (multilingual)", _rx(
        r"\b(vergiss|ignorier\w*|olvid[ae]\w*|ignora\w*|oublie[rz]?|dimentica\w*|"
        r"esque[çc]a\w*|negeer|vergeet|zapomnij)\s+(alles|todo|tout|tutto|tudo|alle|wszystko)\b")),
    ("override previous instructions (tr)", _rx(
        r"\b(talimatlar\w*|kurallar\w*)\b.{0,30}(yok say|görmezden gel|unut)")),
    ("override previous instructions (ru/uk)", _rx(
        r"(игнорир\w*|проигнорир\w*|забуд\w*|забудь|не обращай внимания|отбрось|ігнору\w*|"
        r"забудь)\s.{0,40}(инструкци\w*|указани\w*|правил\w*|команд\w*|інструкці\w*)")),
    ("override previous instructions (zh)", _rx(
        r"(忽略|无视|忽视|忘记|忘掉|不要理会|不要遵循|跳过|無視|忽略掉)[^。！？\n]{0,12}"
        r"(指令|指示|说明|規則|规则|提示|命令|要求|设定|說明)")),
    ("override previous instructions (ja/ko)", _rx(
        r"(指示|命令|ルール|プロンプト|指令|設定|지시|명령|규칙|지침|프롬프트)[^。.\n]{0,10}"
        r"(無視|忘れ|무시|잊어)")),
    ("override previous instructions (ar/hi)", _rx(
        r"(تجاهل|انس)[^.\n]{0,30}(التعليمات|الأوامر|القواعد)|(निर्देशों|निर्देश)[^।\n]{0,20}"
        r"(अनदेखा|भूल)")),
    ("extract the secret (multilingual)", _rx(
        r"(dime|revela\w*|muestra\w*|dame|cuál es|révèle\w*|dis-moi|donne-moi|quel est|verrat\w*|"
        r"sag mir|nenne|wie lautet|скажи|назови|покажи|выведи|раскрой|какой)\b.{0,25}"
        r"(contraseña|mot de passe|passwort|kennwort|парол\w*)|"
        r"(告诉我|透露|说出|显示|输出|给我)[^。]{0,8}(密码|口令|系统提示)|"
        r"(パスワード|秘密|비밀번호|암호)[^。.\n]{0,8}(教え|言って|表示|出力|알려|말해)")),
]

_NET = (r"\b(curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|rsync|s?ftp|httpie|"
        r"invoke-webrequest|invoke-restmethod|iwr|irm)\b")
_SECRET_VAR = r"\$\{?\w*(key|token|secret|passw\w*|cred\w*|auth\w*)\w*\}?"
_SINK = (r"(requests\.(post|put|patch)|\.post\(|urlopen|http\.client|socket\.socket|sendall\(|"
         r"\bcookies\s*=\s*\w|files\s*=\s*\{|bluetoothsocket|"
         r"create_connection|\.sendto\(|smtplib|smtp_ssl|yagmail|ftplib|storbinary|paramiko|"
         r"publish\.single|axios|xmlhttprequest|websocket|/dev/tcp/|curl\b.{0,80}(-F|--upload-file"
         r"|-T|--data-binary)\b)")
_SOURCE = (r"(os\.environ|getenv|process\.env|psutil|cookie|\.ssh|keyring|getpass|clipboard|"
           r"/etc/passwd|/etc/shadow|login data|keylog|pynput|\.bash_history|wallet|open\(|"
           r"check_output|csv\.reader|query_devices|discover_devices|usb\.core|driverquery|"
           r"platform\.|gethostname|contacts)")
# (name, patterns that must all match somewhere in the text)
EXFIL_PATTERNS: list[tuple[str, tuple[re.Pattern[str], ...]]] = [
    ("secret variable sent over the network", (
        _rx(_NET + r"[^\n]{0,200}" + _SECRET_VAR + "|" + _SECRET_VAR + r"[^\n]{0,120}\|\s*"
            + _NET, _I),)),
    ("environment dumped to the network", (_rx(
        r"\b(printenv|env|export -p|compgen -v|/proc/\S*environ|os\.environ|process\.env|"
        r"get-childitem env:|gci env:)[^\n]{0,80}(\|\s*" + _NET + r"|/dev/(tcp|udp)/|"
        r"requests\.|urlopen|fetch\()", _I),)),
    ("raw network device", (_rx(r"/dev/(tcp|udp)/\S+", _I),)),
    ("credential file access", (_rx(
        r"~/\.ssh\b|\.ssh/|\bid_(rsa|dsa|ecdsa|ed25519)\b|\.aws/credentials|(^|[\s/~])\.netrc\b|"
        r"\.pgpass\b|\.git-credentials|/etc/shadow\b|\.gnupg/|\.kube/config|"
        r"\.docker/config\.json|\bauthorized_keys\b|\.pypirc\b|\.npmrc\b", _I),)),
    ("credential in text", (_rx(
        r"\b(sk-[A-Za-z0-9_-]{20,}|ghp_[A-Za-z0-9]{30,}|github_pat_\w{20,}|xox[bpars]-[\w-]{10,}|"
        r"AKIA[0-9A-Z]{16}|AIza[\w-]{30,})|-----BEGIN [A-Z ]*PRIVATE KEY-----"),)),
    ("code sending local data out", (_rx(_SINK, _I | re.S), _rx(_SOURCE, _I))),
    ("code relaying fetched data to another host", (
        _rx(r"(requests\.get|urlopen|urlretrieve|httpx\.get)\(", _I),
        _rx(r"(storbinary|sendall\(|\.send\(|files\s*=\s*\{|requests\.post)", _I))),
    ("command uploading a local file", (_rx(
        r"\bcurl\b[\s\S]{0,120}?(-F|--form|--upload-file|-T)[\s\"',]+\S*@[~/.\w]",
        _I),)),
    ("code that downloads and runs a program", (
        _rx(r"(urlretrieve|urlopen|requests\.get|httpx\.get|urllib3|wget|curl|session\.get|"
            r"http\.request)", _I),
        _rx(r"\bexec\(|os\.system\(|subprocess\.(call|run|popen)\(.{0,80}(python|nohup|\./)|"
            r"chmod \+x|\|\s*(ba|z)?sh\b|nohup", _I | re.S))),
    ("destructive command", (_rx(
        r"\brm\s+-[a-z]*r[a-z]*f?\s+(/|~|\$home|/usr|/etc|/lib|/boot)\S*|\bdd\s+if=\S+\s+of=/dev/"
        r"(sd|nvme|hd|xvd)|\bmkfs(\.\w+)?\s+/dev/|os\.remove\([\"']/(lib|usr|etc|bin|boot)|"
        r"systemctl\s+(stop|disable)\s+\S+|>>?\s*/etc/(init\.d|rc\.local|crontab|passwd|sudoers)|"
        r":\(\)\s*\{\s*:\|:&\s*\};:", _I),)),
    ("instruction to send secrets out", (_rx(
        r"\b(send|upload|post|forward|e-?mail|exfiltrate|transmit|leak|copy)\b[^.\n]{0,60}"
        r"\b(api[ _-]?keys?|tokens?|passwords?|credentials?|secrets?|env(ironment)? var\w*|"
        r"ssh keys?|private keys?|cookies)\b[^.\n]{0,60}\b(to|into)\b[^.\n]{0,40}(https?://|"
        r"\bserver\b|webhook|\burl\b|e-?mail|@|\bendpoint\b|pastebin|discord|telegram)", _I),)),
]


@dataclass(frozen=True)
class ThreatFinding:
    """One reason to refuse a write."""

    category: str  # invisible_unicode | prompt_injection | exfiltration
    rule: str
    excerpt: str

    def describe(self) -> str:
        """A one-line reason for the user and the model."""
        return f"{self.category.replace('_', ' ')} ({self.rule}): {self.excerpt!r}"


# --- invisible and bidirectional characters ---------------------------------------------------

_INVISIBLE_RANGES = (
    (0x200B, 0x200D, "zero-width character"),
    (0x200E, 0x200F, "direction mark"),
    (0x202A, 0x202E, "bidi embedding/override (LRE, RLE, PDF, LRO, RLO)"),
    (0x2060, 0x2064, "word joiner or invisible operator"),
    (0x2066, 0x2069, "bidi isolate"),
    (0x061C, 0x061C, "direction mark"),
    (0x180E, 0x180E, "Mongolian vowel separator"),
    (0xFEFF, 0xFEFF, "zero-width no-break space"),
    (0x00AD, 0x00AD, "soft hyphen"),
    (0x115F, 0x1160, "Hangul filler"),
    (0x3164, 0x3164, "Hangul filler"),
    (0xFFF9, 0xFFFB, "interlinear annotation"),
    (0xE0000, 0xE007F, "Unicode tag character"),
    (0xE0100, 0xE01EF, "variation selector supplement"),
)
# Removed before matching but not a reason to refuse: typesetting marks that ordinary
# copied text carries (a lone LRM or soft hyphen hides nothing; an RLO or a tag run does).
_HARMLESS_KINDS = {"direction mark", "soft hyphen"}
_JOINER_SCRIPTS = re.compile(r"[\u0600-\u06ff\u0750-\u077f\u0900-\u0dff\u1780-\u17ff]")


_INVISIBLE_RX = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi, _ in _INVISIBLE_RANGES)
                           + "]")


def strip_invisible(text: str) -> str:
    """`text` without any of the invisible characters above."""
    return _INVISIBLE_RX.sub("", text)


def _invisible_kind(ch: str) -> str | None:
    cp = ord(ch)
    if cp < 0xAD:
        return None
    for lo, hi, kind in _INVISIBLE_RANGES:
        if lo <= cp <= hi:
            return kind
    return None


def _legitimate_joiner(text: str, i: int) -> bool:
    """ZWJ inside an emoji sequence, ZWNJ/ZWJ shaping Arabic or Indic letters."""
    if text[i] not in "\u200c\u200d":
        return False
    before = text[i - 1] if i > 0 else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if text[i] == "\u200d" and (before >= "\U0001F000" or before == "\ufe0f") \
            and after >= "\U0001F000":
        return True
    return bool(_JOINER_SCRIPTS.match(before) or _JOINER_SCRIPTS.match(after))


def find_invisible(text: str) -> list[ThreatFinding]:
    """Invisible, bidi-control and tag characters (they hide text from the reader)."""
    kinds: dict[str, list[int]] = {}
    for m in _INVISIBLE_RX.finditer(text):
        i = m.start()
        kind = _invisible_kind(text[i])
        if kind is not None and kind not in _HARMLESS_KINDS and not _legitimate_joiner(text, i):
            kinds.setdefault(kind, []).append(i)
    return [ThreatFinding("invisible_unicode", kind,
                          f"{len(pos)}× U+{ord(text[pos[0]]):04X} at offset {pos[0]}")
            for kind, pos in kinds.items()]


# --- normalisation ------------------------------------------------------------------------------

def normalize(text: str) -> str:
    """NFKC, invisible characters removed, case folded, typographic apostrophes made plain,
    contractions like "what's" expanded (so they are not read as possessives), whitespace
    collapsed."""
    text = unicodedata.normalize("NFKC", strip_invisible(text)).casefold()
    text = re.sub(r"[’‘ʼ`´]", "'", text)
    text = re.sub(r"\b(what|that|it|there|here|who|where|how)'?s\b", r"\1 is", text)
    return re.sub(r"\s+", " ", text).strip()


_LEET_RUN = re.compile(r"[a-z0-9@$]*[a-z][a-z0-9@$]*")


def _unleet(m: re.Match[str]) -> str:
    """Digits and symbols stand for letters in a run with at least two letters
    ("pr3v10us", "1gn0r3"); runs like "p53" or "2024" stay as they are."""
    run = m.group(0)
    if sum(c.isalpha() for c in run) < 2:
        return run
    return "".join(LEET.get(c, c) for c in run)


def skeleton(normalized: str) -> str:
    """Latin look-alikes (Cyrillic, Greek) and leetspeak mapped to letters, accents stripped:
    the form the English rules read."""
    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        # Map look-alikes only inside words that mix scripts with Latin, so Russian or Greek
        # text keeps its letters for the language rules.
        if not any("a" <= c <= "z" for c in word):
            return word
        word = "".join(CONFUSABLES.get(c, c) for c in word)
        return _LEET_RUN.sub(_unleet, word)
    mapped = _NEEDS_MAPPING.sub(fix, normalized)
    if mapped.isascii():
        return mapped
    decomposed = unicodedata.normalize("NFKD", mapped)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_NEEDS_MAPPING = re.compile(r"\S*[0-9@$\u0080-\U0010ffff]\S*")


# --- the token rules (English, typo tolerant) --------------------------------------------------

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
# (first two letters, length) of every keyword that tolerates typos: a cheap gate that spares
# most words the deletion lookups.
_FUZZY_SHAPES = {(w[:2], n) for ws in LEXICON.values() for w in ws if _depth(w)
                 for n in range(len(w) - _depth(w), len(w) + _depth(w) + 1)}


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
    for d in _deletes(word, 2 if len(word) >= 10 else 1):
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
    for i in range(len(tokens) - 1):
        if not classes[i] and not classes[i + 1] and min(len(tokens[i]),
                                                          len(tokens[i + 1])) <= 5:
            joined = word_classes(tokens[i] + tokens[i + 1], 1)
            if joined:
                classes[i], classes[i + 1] = joined, frozenset()
    # Words glued together ("allprevious", "priorinstructions"): both halves known.
    for i, token in enumerate(tokens):
        if not classes[i] and len(token) >= 9:
            classes[i] = _compound_classes(token)
    return classes


@lru_cache(maxsize=65536)
def _compound_classes(token: str) -> frozenset[str]:
    for cut in range(3, len(token) - 2):
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


def _token_rules(text: str) -> list[tuple[str, str]]:
    """(rule, excerpt) for each chain rule that matches within one sentence."""
    hits: list[tuple[str, str]] = []
    for sentence in re.split(r"[.!?;\n]+(?:\s|$)", text):
        tokens = re.findall(r"[a-z]+", sentence)
        classes = _classify(tokens)
        for name, chain, windows in _CHAIN_RULES:
            i = _chain(classes, chain, windows)
            if i is not None:
                hits.append((name, " ".join(tokens[i:i + 8])))
    return hits


def _excerpt(text: str, start: int, end: int) -> str:
    return text[max(0, start - 10):min(len(text), end + 30)].strip()


def find_injection(text: str) -> list[ThreatFinding]:
    """Prompt-injection wording (override, extraction, role hijack, template delimiters)."""
    norm = normalize(text)
    skel = skeleton(norm)
    findings: list[ThreatFinding] = []
    for name, excerpt in _token_rules(skel):
        findings.append(ThreatFinding("prompt_injection", name, excerpt))
    for name, pattern in PHRASE_PATTERNS:
        m = pattern.search(skel)
        if m:
            findings.append(ThreatFinding("prompt_injection", name, _excerpt(skel, *m.span())))
    for name, pattern in LANGUAGE_PATTERNS:
        m = pattern.search(norm)
        if m:
            findings.append(ThreatFinding("prompt_injection", name, _excerpt(norm, *m.span())))
    return findings


def find_exfiltration(text: str) -> list[ThreatFinding]:
    """Commands or code that send secrets or credential files somewhere."""
    norm = unicodedata.normalize("NFKC", strip_invisible(text))
    findings = []
    for name, patterns in EXFIL_PATTERNS:
        matches = [p.search(norm) for p in patterns]
        if all(matches):
            first = matches[0]
            assert first is not None
            findings.append(ThreatFinding("exfiltration", name, _excerpt(norm, *first.span())))
    return findings


def scan(text: str) -> list[ThreatFinding]:
    """Every finding in `text` (one per rule); an empty list means the write may go ahead."""
    seen: set[tuple[str, str]] = set()
    out = []
    for f in find_invisible(text) + find_injection(text) + find_exfiltration(text):
        if (f.category, f.rule) not in seen:
            seen.add((f.category, f.rule))
            out.append(f)
    return out


def rejection_reason(text: str) -> str | None:
    """None when `text` is clean, else a message saying what was found (first three)."""
    findings = scan(text)
    if not findings:
        return None
    shown = "; ".join(f.describe() for f in findings[:3])
    more = f" (+{len(findings) - 3} more)" if len(findings) > 3 else ""
    return f"Refused: the text looks unsafe to store — {shown}{more}."
