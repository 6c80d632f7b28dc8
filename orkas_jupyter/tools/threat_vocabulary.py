"""The fast rules' vocabulary: word classes and chain rules for instruction
overrides, look-alike and digit-for-letter maps, phrase and per-language patterns. The
exfiltration patterns are in `threat_exfil_vocabulary.py`, the matching logic in
`threat_patterns.py`."""

from __future__ import annotations

import re

_I = re.IGNORECASE


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags | re.MULTILINE)


# Literal strings an unanchored pattern cannot match without (each tuple needs one of its
# strings in the text it reads): a substring test rules out most texts far faster than a
# leading alternation the regex engine tries at every offset. Tests check that gated and
# ungated results agree on every data set.
PATTERN_GATES: dict[re.Pattern[str], tuple[tuple[str, ...], ...]] = {}


def _gated(pattern: re.Pattern[str], *gates: tuple[str, ...]) -> re.Pattern[str]:
    PATTERN_GATES[pattern] = gates
    return pattern


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
    "secret": _words("password passwords passphrase passcode passwd secret secrets"),
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

# Things a "previous"/"above" can qualify in ordinary notes and code comments ("ignore the
# above warning", "previous rows"): the word then points at data, not at a prompt.
CONCRETE_NOUNS = _words(
    "warning warnings error errors row rows line lines cell cells code output outputs step "
    "steps column columns value values result results plot plots figure figures table tables "
    "file files test tests comment comments section sections example examples chart graph "
    "cohort version versions commit commits run runs model models query queries approach "
    "method analysis analyses data dataset datasets batch epoch epochs release releases "
    "field fields entry entries record records page pages chapter paragraph cutoff "
    "numbers number draft drafts fit fits outlier outliers weight weights estimate estimates "
    "notice notices checklist checklists template templates link links tab tabs "
    "attempt attempts week weeks month months year years quarter sprint day days night "
    "percentile figures metrics scores cache defaults default schema "
    # correspondence and office things ("ignore my previous email", "the earlier invite")
    "email emails e-mail mail mails letter letters invite invites invitation memo memos pdf "
    "slide slides form forms deadline invoice invoices ticket tickets booking reservation "
    "agenda appointment spreadsheet sheet newsletter announcement migrations pointer")

# Subjects other than the reader: "can the agent ignore tool results ..." asks about what a
# system does; the verb is not a command to the model reading the text.
THIRD_PERSON = _words(
    "agent agents model models bot bots assistant assistants llm llms system filter scanner "
    "chatbot chatbots ai "
    "classifier app pipeline job script it they he she parser compiler")

# Words that make "instructions"/"guidelines" those of a thing ("the build instructions").
THING_MODIFIERS = _words(
    "build install installation setup assembly deployment deploy migration usage upgrade "
    "cooking packing packaging docker make naming style styling formatting coding release "
    "onboarding shipping washing budget time memory cost latency deadline storage schema "
    "capacity protection firewall lint linting linter eslint validation routing iptables "
    "alerting retention css regex parsing "
    # a dialog a program shows ("an MFA prompt you did not trigger", "the sudo prompt")
    "mfa 2fa login sudo uac cookie consent permission push auth authentication approval "
    # prompts as a genre, for people or image models ("writing prompts", "your photo prompts")
    "writing journal journaling essay photo image drawing art midjourney discussion "
    # what comes with a product or a trip ("ignore the packet instructions")
    "packet checkout checkin dosage parking boarding care")
_NOT_FOR_A_THING = "".join(f"(?<!{w} )" for w in sorted(THING_MODIFIERS))

# People whose rules a text describes ("the Dungeon Master may override any rule", "workspace
# owners can override per-user quotas"): with a modal before the verb, a power is described,
# not an order given to the reader.
HUMAN_ROLES = _words(
    "owner owners admin admins administrator administrators moderator moderators manager "
    "managers player players master masters gm dm referee referees umpire umpires judge "
    "judges teacher teachers parent parents maintainer maintainers reviewer reviewers member "
    "members staff host hosts captain captains chair editor editors users team teams lead "
    "leads organizer organizers officer officers supervisor supervisors "
    # parties of a contract ("the Supplier shall disregard any instructions received from …")
    "supplier suppliers contractor contractors vendor vendors customer customers party "
    "parties licensee licensor buyer seller tenant landlord employee employees")
MODALS = _words("may can could might will would shall should must")
# Documents a rule or an instruction may belong to ("ignore rule 4 of the official card",
# "any rule in this book")
RULE_BOOKS = _words(
    "book rulebook card handbook manual league club contract constitution bylaws statute "
    "charter syllabus recipe kit box")

# Words around an instruction word or a "previous" that tell what it points at (read by
# `threat_tokens._classify`).
INSTRUCTION_CLASSES = frozenset(("directive", "guard", "rules", "instructions_any"))
MODIFIED_NOUNS = frozenset(("length", "template", "templates", "tokens", "size", "engineering",
                             "library", "tuning", "count", "budget", "design", "security",
                             "hygiene", "hardening"))
# what "in"/"from" may name after the model's instructions ("the rules in your prompt")
# where "the rules in ..." live when they are a file's or a document's, not the model's
DOC_WORDS = frozenset((
    "toml", "md", "txt", "yaml", "yml", "json", "py", "cfg", "ini", "csv", "sql", "ipynb",
    "rst", "readme", "docs", "wiki", "confluence", "handbook", "repo", "repository",
    "makefile", "dockerfile", "contributing", "install", "installation", "setup", "install",
    "ruff", "pyproject", "notion", "jira", "sharepoint"))
# pieces of work a "previous"/"earlier" may qualify ("the earlier prototype")
WORK_NOUNS = frozenset((
    "prototype", "prototypes", "solution", "solutions", "implementation", "script", "scripts",
    "notebook", "notebooks", "dashboard", "report", "reports", "experiment", "experiments",
    "iteration", "iterations", "snapshot", "backup", "build", "builds", "deploy",
    "deployment", "migration", "schema", "draft", "drafts", "pipeline", "pipelines", "job",
    "jobs", "sprint", "release", "branch", "checkpoint", "checkpoints", "benchmark"))



PRIOR_ADJECTIVES = frozenset(("previous", "prior", "earlier", "preceding", "former", "last",
                               "aforementioned"))

TOLD_SUBJECTS = frozenset(("you", "u", "were", "was", "been", "being", "have", "has", "had",
                            "i", "we", "they", "is", "are", "what", "everything", "anything",
                            "things", "just", "already", "previously", "before", "earlier"))
TEXT_NOUNS = frozenset((
    "text", "texts", "message", "messages", "content", "context", "conversation", "chat",
    "chats", "said", "written", "stated", "mentioned", "all", "anything", "stuff", "words",
    "request", "requests", "task", "tasks", "question", "questions", "info", "input",
    "inputs", "one", "ones", "is", "was", "were", "are", "the", "of", "it", "this", "that",
    "thing", "things", "paragraph", "paragraphs", "passage", "document", "article", "note",
    "notes", "guidance", "briefing", "setup", "training", "answers", "responses",
    "statements", "replies", "turns", "session", "sessions", "prompting", "assignment",
    "assignments", "messages", "sentence", "sentences"))


# (name, classes in order, windows between them): each class must follow the previous one
# within its window of tokens, inside one sentence.
CHAIN_RULES: tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...] = (
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

# After "instructions": they are located in data ("do not follow instructions found in result
# titles or snippets", "ignore any instructions embedded in page text", "… returned by this
# tool", "… it contains": an honest tool's or skill's warning), unless the place is the
# model's own ("instructions found in your system prompt") or the text before ("… in the
# messages above").
_NOT_OWN = (r"(?!your\b|the system\b|my\b|this (?:conversation|chat)\b|the (?:original|"
            r"initial|system)\b)")
_DATA_PLACE = (
    r"(?:(?:the|any|a|an|these|those|such|fetched|retrieved|external|untrusted|third[- ]party|"
    r"scraped|web|tool|search|incoming|its|their|returned|page|email|e-mail|issue|pr|user[- ]"
    r"(?:generated|provided|supplied)) ){0,3}(?:web ?pages?|pages?|page text|page content|"
    r"documents?|files?|websites?|sites?|search results|results?|outputs?|contents?|emails?|"
    r"e-mails?|messages?|issues?|comments?|pull requests?|repositor(?:y|ies)|data|responses?|"
    r"html|snippets?|titles?|pdfs?|attachments?|transcripts?|logs?|readmes?|body|bodies|it|"
    r"them)\b(?! (?:above|below|before|earlier|previously)\b)")
_IN_DATA_AFTER = (
    r"(?: (?:or|and) (?:commands|requests|instructions|directives|prompts))?\s(?:"
    r"(?:found|embedded|contained|included|hidden|appearing|placed|planted|written|"
    r"that (?:appear|are|were|you (?:find|see|read|meet)))\w*(?: (?:found|embedded|"
    r"contained|included))? (?:in|within|inside|on) " + _NOT_OWN +
    r"|(?:in|inside|within|from) " + _DATA_PLACE +
    r"|returned by\b|(?:it|they|that|which) contains?\b)")
IN_DATA = "(?!" + _IN_DATA_AFTER + ")"
# A whole sentence that warns of such instructions: the English chains leave it alone.
DATA_WARNING = re.compile(
    r"\b(?:ignore|disregard|(?:do not|don't|never|not) (?:follow|obey|execute|act on|run)) "
    r"(?:(?:any|all|the|such|of|these|those|other) )*(?:instructions?|commands|directives|"
    r"prompts)" + _IN_DATA_AFTER)

PHRASE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("refuse to follow instructions", _rx(
        r"\b(do not|don'?t|never|stop|no longer|cease to|refuse to) (follow|obey|listen to|"
        r"adhere to|comply with|heed)(ing)? (to )?((any|all|the|your|previous|prior|those|these|"
        r"earlier|above|original|my|of) )*(instructions|rules|guidelines|directives|prompts|orders|"
        r"commands|information|programming)\b" + IN_DATA)),
    # not a thing handed over ("you are now the owner of this ticket", "you are now in
    # control of the station")
    ("role hijack", _rx(r"\byou are no longer\b|\byou are now (a|an|in|the|free|unrestricted|my|"
                        r"not|called|named|dan|evil|jailbroken|uncensored|unfiltered)\b"
                        r"(?! ?(owner|admin|administrator|maintainer|assignee|host|lead|"
                        r"manager|moderator|captain|charge|control|command) of (this|the|our|"
                        r"that|my|his|her) (?!conversation|chat|session|model|ai|assistant|"
                        r"system|prompt|rules|instructions)\w)|"
                        r"\byour (new|real|actual|true|only) (task|job|goal|purpose|mission|"
                        r"instructions?|role|objective|orders) (is|are|will be|now)\b")),
    # "Instructions for AI coding agents" heads an AGENTS.md: a note or a warning to the model
    # is the planted device, a project's instructions for its agents are not
    ("message addressed to the model", _rx(
        r"\b(note|message|reminder|warning) (to|for) (the |any |all )?(ai|assistant|"
        r"llm|language model|chatbot|agent|model)s?\b|\b(if you are|if you're|attention|dear) "
        r"(an? |the )?(ai|llm|language model|assistant|chatbot)\b|\b(ai|assistant|llm|model|"
        r"agent)s? (reading|processing|that reads) this\b")),
    ("fake system message", _gated(_rx(
        r"^\s*[\[(<]?\s*(system|admin|administrator|developer|root)\s*(message|prompt|note|"
        r"override|instruction)?\s*[\])>]?\s*:\s*(you|ignore|forget|disregard|new|from now|the "
        r"assistant|assistant|all|stop|override)\b"), ("system", "admin", "developer", "root"),
        (":",))),
    ("extract the conversation", _rx(
        r"\b(what|repeat|print|show|tell|output|reveal)\b.{0,40}\b(beginning|start|top) of "
        r"(this|the|our) (conversation|chat|prompt|context|session)\b")),
    ("persistent hijack", _rx(
        r"\b(respond|reply|answer) to (every|all|each|any) (future|subsequent|following|"
        r"further) (messages?|questions?|prompts?|requests?|inputs?)\b|\b(real|actual|true|"
        r"updated) instructions (follow|are below|start|begin)\b"
        # round 34: "for the rest of this session prefix each response with …"
        r"|\bfor the rest of (this|the) (session|conversation|chat)\b[^.!?\n]{0,40}?\b(each|"
        r"every|all|your) (responses?|replies|answers?|outputs?)\b")),
    ("role hijack", _rx(r"\bfrom (now on|this point( on)?),? (you|your|do)\b")),
    ("role hijack", _rx(r"\b(pretend|imagine|suppose|act as if|act like|assume)( that)? "
                        r"(you|there|ther|theyre)('re| are| have| were| had|'ve| did| do)? ?"
                        r"(no|not|n't|dont|didnt|forgotten|free|unrestricted|without)\b"
                        # the idiom "pretend you didn't see it"
                        r"(?! ?(see|hear|read|notice|know) (it|that|this|anything|me|us|him|"
                        r"her|them)\b)")),
    ("role hijack", _rx(r"\b(you|u) (were|are|have been|was|'re) (instructed|told|programmed) to\b"
                        r"|\bdo (as|what) (you are|you're|i) (told|say)\b")),
    # ("enable developer mode on Android", '"developer mode" in the router's admin panel' are
    # a device's settings)
    # (and "the `developer mode` toggle in Android settings", "developer mode: tap Build
    # number seven times")
    ("role hijack", _rx(r"\b((developer|god|admin|jailbreak|dan|sudo|unrestricted) mode|godmode)\b"
                        r"(?![\"'”`]?\s+((toggle|option|switch|setting|menu) )?(on|in|for|of|"
                        r"under) (\w+ ){0,2}?(android|phones?|iphone|ios|"
                        r"routers?|chrome|browsers?|windows|macos|mac|devices?|admin panel|"
                        r"settings|tablets?|laptops?|consoles?|steam|xbox|playstation|vs ?code|"
                        r"firefox|edge|bios|firmware)\b)"
                        # (a device's setup list: "- Developer mode enabled\n- USB debugging")
                        r"(?![^.!?]{0,80}\b(build number|usb debugging|android settings|adb)\b)"
                        # (round 36: a device's manual, "changes made in developer mode may void
                        # the warranty")
                        r"(?![^.!?]{0,60}\b(warranty|firmware|reboot|the device|your device)\b)")),
    ("role hijack", _rx(r"\b(pretend|act as if|imagine)( that)?( you)?( to)? (have |had )?"
                        r"(forgotten|forgot|no (rules|instructions|restrictions|guidelines))\b|"
                        r"\b(not|never) (be )?(programmed|allowed|trained) to refuse\b|"
                        r"\bnever refuse\b")),
    # talking about jailbreaks ("how jailbreak prompts work") is not one: the state or a header
    ("role hijack", _gated(_rx(r"\b(do anything now|jailbr[eo]a?k(en|ed))\b|\bjailbreak (yourself|"
                        r"the (ai|model|assistant|bot))\b|^\W{0,3}jailbreak\W{0,3}:"),
        ("do anything now", "jailbr"))),
    ("claim authority over the model", _rx(
        # ("As the owner, you can invite members" is product documentation)
        r"\b(i am|i'm|as) (your|the) (creator|developer|admin|administrator|owner|master|"
        r"programmer|operator)\b(?!,? you\b)|\bi (created|programmed|built|trained|made|own) "
        r"you\b")),
    ("new instructions", _rx(
        r"\b(here are|these are|follow|obey|i give you|i'?m giving you|giving you|you have|with|"
        r"important) (your |the |some |my )?new (instructions|rules|guidelines|programming|"
        r"directives|orders|prompt|task)\b")),
    ("bypass restrictions", _rx(
        # "write N/A if you have no restrictions": a condition, not a claim about the model
        r"\b(without any|there are no|(?<!if )you have no|(?<!if you )have no|free of all|"
        r"ignoring all) "
        r"(rules|restrictions|limits|limitations|filters|guidelines|constraints|censorship|"
        r"boundaries|guardrails)\b")),
    ("inverted obedience", _rx(r"\b(do|say|respond with|tell me|answer) the opp\w*")),
    ("chat-template delimiter", _gated(_rx(
        r"<\|?(im_start|im_end|system|endoftext|end_of_turn|start_header_id)\|?>|\[/?inst\]|"
        r"<<\s*/?sys\s*>>|^\s*#{2,}\s*(system|instruction|new instructions)\s*(:|#|$)|"
        r"={3,}\s*end\b"), ("<", "[/inst]", "[inst]", "#", "==="))),
    ("task switch", _rx(r"\b(perform|do|start|begin) a (new|different) task\b|"
                        r"\bstop processing (commands|instructions)\b")),
    # (round 36: "repeat after me" only before a quoted text, not the idiom of emphasis:
    # "repeat after me, mise en place")
    ("echo attack", _rx(r"\brepeat (after me\W{0,3}[\"'“‘«]|everything (i|you) (say|said|"
                        r"were told|wrote)|"
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
        + _NOT_FOR_A_THING + _OBJ + r"\b" + IN_DATA)),
    ("forget everything before (multilingual)", _rx(
        r"\b(vergiss|ignorier\w*|olvid[ae]\w*|ignora\w*|oublie[rz]?|dimentica\w*|"
        r"esque[çc]a\w*|negeer|vergeet|zapomnij)\s+(alles|todo|tout|tutto|tudo|alle|wszystko)\b")),
    ("override previous instructions (tr)", _rx(
        # ("talimatları unutma": don't forget the instructions)
        r"\b(talimatlar\w*|kurallar\w*)\b.{0,30}(yok say|görmezden gel|unut(?!ma))")),
    ("override previous instructions (ru/uk)", _gated(_rx(
        r"(игнорир\w*|проигнорир\w*|забуд\w*|забудь|не обращай внимания|отбрось|ігнору\w*|"
        r"забудь)\s.{0,40}(инструкци\w*|указани\w*|правил\w*|команд\w*|інструкці\w*)"),
        ("игнор", "забуд", "не обращай", "отбрось", "ігнор"))),
    ("override previous instructions (zh)", _gated(_rx(
        r"(忽略|无视|忽视|忘记|忘掉|不要理会|不要遵循|跳过|無視|忽略掉)[^。！？\n]{0,12}"
        r"(指令|指示|说明|規則|规则|提示|命令|要求|设定|說明)"),
        ("忽略", "无视", "忽视", "忘记", "忘掉", "不要理会", "不要遵循", "跳过", "無視"))),
    ("override previous instructions (ja/ko)", _gated(_rx(
        r"(指示|命令|ルール|プロンプト|指令|設定|지시|명령|규칙|지침|프롬프트)[^。.\n]{0,10}"
        r"(無視|忘れ|무시|잊어)"), ("無視", "忘れ", "무시", "잊어"))),
    ("override previous instructions (ar/hi)", _gated(_rx(
        r"(تجاهل|انس)[^.\n]{0,30}(التعليمات|الأوامر|القواعد)|(निर्देशों|निर्देश)[^।\n]{0,20}"
        r"(अनदेखा|भूल)"), ("تجاهل", "انس", "निर्देश"))),
    ("extract the secret (multilingual)", _gated(_rx(
        r"(dime|revela\w*|muestra\w*|dame|cuál es|révèle\w*|dis-moi|donne-moi|quel est|verrat\w*|"
        r"sag mir|nenne|wie lautet|скажи|назови|покажи|выведи|раскрой|какой)\b.{0,25}"
        r"(contraseña|mot de passe|passwort|kennwort|парол\w*)|"
        r"(告诉我|透露|说出|显示|输出|给我)[^。]{0,8}(密码|口令|系统提示)|"
        r"(パスワード|秘密|비밀번호|암호)[^。.\n]{0,8}(教え|言って|表示|出力|알려|말해)"),
        ("contrase", "mot de passe", "passwort", "kennwort", "парол", "密码", "口令",
         "系统提示", "パスワード", "秘密", "비밀번호", "암호"))),
]
