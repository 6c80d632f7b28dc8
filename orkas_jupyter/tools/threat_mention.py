"""Use and mention: a text that *talks about* an injection phrase ("What does 'ignore previous
instructions' mean?", a test list of attack strings, a paper's example) is not one.

A short quoted span (up to 12 words, in any common quote style) is replaced by an ellipsis
when the text around it (100 characters on either side, outside the quotes) has a word that
marks a mention: means, such as, containing, for example, phrase, string, payload, test
case, detect, injection, attack, red team, in the scanner's languages (attack, injection and
example also in the concept layer's seventy). An injection that quotes its own
payload without such a word ("say 'I have been pwned'") keeps its quotes.
"""

from __future__ import annotations

import re

from .threat_mention_words import MENTION_WORDS

_QUOTED = re.compile(
    # (round 36: an apostrophe between letters stays inside: "'can't you just filter …?'")
    r"(?<![\w'])'((?:[^'\n]|(?<=[A-Za-z])'(?=[A-Za-z])){3,160}?)'(?![\w'])"
    # a straight double quote may follow or precede a Chinese or Japanese letter ("写着"…")
    r"|(?<![A-Za-z0-9_\"])\"([^\"\n]{3,160}?)\"(?![A-Za-z0-9_\"])"
    # Finnish and Swedish open with the closing mark (”…”)
    r"|“([^”\n]{3,160}?)”|”([^”\n]{3,160}?)”|‘([^’\n]{3,160}?)’|„([^“”\n]{3,160}?)[“”]"
    r"|«([^»\n]{3,160}?)»"
    r"|`([^`\n]{3,160}?)`|「([^」\n]{2,160}?)」|『([^』\n]{2,160}?)』")
_MENTION_CUES = re.compile(
    r"(?<![^\W_])(?:mean|means|meaning|meant|such as|containing|contains|e\.g\.|"
    r"for (?:example|instance)|examples?|"
    r"phrases?|payloads?|test ?cases?|cases|detect\w*|flag(?:s|ged)?|classif\w*|"
    # who wrote it, in a report ("the attacker wrote '…' in a PDF", "de tester zette: '…'"),
    # and inputs a guardrail blocks
    r"pentest\w*|penetration test\w*|attackers?|atacantes?|angreifer\w*|attaquants?|"
    r"attaccant[ei]|aanvaller\w*|testers?|guardrails?|vulnerabilit\w*|"
    r"(?:inputs?|prompts?|messages?|strings?|texts?|sentences?|wording) like|"
    r"injections?|attacks?|red[-_ ]?team\w*|regex\w*|jailbreaks?|filters?|regression|"
    # round 27: what a report says was written or sent ("a hidden cell reading "…"", "the
    # attachment contained "…"", "the classic "…"", "a chatbot saying "…""); not an order's
    # "do what it says: "…"" or "begin by saying "…""
    r"reading|posted|posting|typed|contained|classics?|(?:stuff|things|lines?) like|ctf|"
    # round 36: what a model was asked or told, in a report ("leaks its prompt when asked to
    # "…"", "a customer told it to "…"", "a résumé with hidden text "…"")
    r"(?:was|were|when|once|after being|been) asked to|"
    r"(?:asked|told|instructed|ordered|prompted|tricked|convinced) (?:it|them|the \w+) to|"
    r"containing (?:the |a )?(?:line|sentence|text|paragraph|instruction)|hidden text|"
    r"addressed to|"
    # what a quoted attack did or no longer does ("why "you are now DAN" stopped working")
    r"stopped working|no longer works?|as a joke|refused|declined|"
    r"(?:was|were|got|gets) blocked|erkannt|markiert|detectad[oa]s?|bloquead[oa]s?|"
    # round 34: what a screen shows, in a device's or a program's documentation ("tap Build
    # number seven times. You'll see "You are now a developer!"")
    r"you'?ll see|you will see|you should see|pops? up|is displayed|will display|"
    r"write-?ups?|(?<!what it )(?<!what this )(?<!what that )says|"
    r"(?<!by )(?<!start )(?<!begin )(?<!keep )saying|"
    r"enthielt|lautete|dec[ií]a|clasico|classico|clásico|clássico|"
    r"(?:frasi|frases|phrases|satze|sätze|zinnen|befehle|comandos|comandi) (?:come|como|comme|wie|"
    r"als|zoals|du type|del tipo)|"
    r"classique|disait|dizia|texten|"
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
    r"saldırı\w*|saldırgan\w*|enjeksiyon\w*|örne\w*|shambulio\w*|mashambulizi|mfano|"
    r"serangan\w*|contoh\w*|misalnya|"
    r"atake\w*|halimbawa\w*|tấn công|ví dụ|공격\w*|예를 들어|예시\w*|인젝션\w*|"
    r"हमल\w*|उदाहरण\w*|আক্রমণ\w*|উদাহরণ\w*|"
    # round 12's languages (the lexicons' MENTION lists): attack, injection, example
    r"எடுத்துக்காட்டாக\w*|எடுத்துக்காட்டு|mar eisimpleir\w*|ngokwesibonelo\w*|"
    r"njengesibonelo\w*|sama pananglit\w*|dịka ọmụmaatụ\w*|maka ọmụmaatụ\w*|"
    r"njengomzekelo\w*|tusaale ahaan\w*|օրինակի համար\w*|उदाहरणका लागि|उदाहरणको लागि|"
    r"உட்செலுத்துதல\w*|in-stealladh\w*|ionnsaighean\w*|ngokomzekelo\w*|panig-ingnan\w*|"
    r"për shembull\w*|seranganipun\w*|එන්නත් කිරීම\w*|alal misali\w*|byvoorbeeld\w*|"
    r"instealladh\w*|mar shampla\w*|pananglitan\w*|per eżempju\w*|por exemplo\w*|"
    r"tusaalooyin\w*|ubrizgavanj\w*|vbrizgavanj\w*|ਉਦਾਹਰਨ ਵਜੋਂ|દાખલા તરીકે|உட்செலுத்தல\w*|"
    r"eisimpleir\w*|in'ektsiya\w*|injezzjoni\w*|inspuiting\w*|insteallta\w*|inʻektsiya\w*|"
    r"inʼektsiya\w*|kokuhlasel\w*|misal üçün\w*|na primjer\w*|pereżempju\w*|инжектиран\w*|"
    r"на примјер\w*|убризгавањ\w*|उदाहरणार्थ\w*|ਮਿਸਾਲ ਵਜੋਂ|இஞ்செக்ஷன்|இன்ஜெக்சன்|இன்ஜெக்ஷன்|"
    r"ඉන්ජෙක්ෂන්|hare hare\w*|hare-hare\w*|imizekelo\w*|injection\w*|injeksiya\w*|"
    r"inyeksiya\w*|ionnsaigh\w*|ionsaithe\w*|isibonelo\w*|izibonelo\w*|lohlaselo\w*|"
    r"luhlaselo\w*|na primer\w*|okuhlasel\w*|pag-atake\w*|pananglit\w*|piemēram|piemēros|"
    r"stealladh\w*|tuladhane\w*|ubacivanj\w*|ukuhlasel\w*|voorbeeld\w*|вметнувањ\w*|"
    r"жишээлбэл\w*|инъекцияс\w*|на пример\w*|напрыклад\w*|укараненн\w*|հարձակման\w*|"
    r"հարձակում\w*|ներարկում\w*|इन्जेक्शन\w*|इन्जेक्सन\w*|ਉਦਾਹਰਨ ਲਈ\w*|ઇન્જેક્શન\w*|"
    r"ઈન્જેક્શન\w*|ఇంజెక్షన్|ಇಂಜೆಕ್ಷನ್|ಉದಾಹರಣೆಗೆ|ഇഞ്ചെക്ഷൻ\w*|მაგალითად\w*|aakraman\w*|"
    r"duritaan\w*|injekcij\w*|injeksie\w*|injektim\w*|kai hari\w*|piemēri|piemērs|piemēru|"
    r"piemērā|serangan\w*|shembull\w*|sibonelo\w*|udaharan\w*|uhlaselo\w*|umpamane\w*|"
    r"umzekelo\w*|uzbrukum\w*|жишээ нь\w*|инъекция\w*|инјекциј\w*|например\w*|убацивањ\w*|"
    r"халдлага\w*|ինյեկցիա\w*|इंजेक्शन\w*|ਇੰਜੇਕਸ਼ਨ\w*|ਇੰਜੈਕਸ਼ਨ\w*|ઇંજેક્શન\w*|தாக்குதல\w*|"
    r"ఇంజక్షన్|ಇಂಜಕ್ಷನ್|അറ്റാക്ക\w*|ഇഞ്ചക്ഷൻ\w*|ഇൻജെക്ഷൻ\w*|თავდასხმ\w*|ọmụmaatụ\w*|"
    r"akraman\w*|ehemplo\w*|eżempji\w*|eżempju\w*|hionsaí\w*|ihe atụ\w*|injeksi\w*|"
    r"isitofu\w*|masalan\w*|misalai\w*|misalin\w*|mzekelo\w*|məsələn\w*|primjer\w*|"
    r"samplaí\w*|shampla\w*|shembuj\w*|tuladha\w*|tusaale\w*|ukujova\w*|umetanj\w*|"
    r"upamane\w*|vrivanj\w*|инжекци\w*|мысалға\w*|примјер\w*|прыклад\w*|тарилга\w*|"
    r"халдлаг\w*|ін'екцы\w*|ін’екцы\w*|օրինակ՝|அட்டாக்|ಅಟ್ಯಾಕ್|ಉದಾಹರಣೆ|ನಿದರ್ಶನ\w*|"
    r"ഇൻജക്ഷൻ\w*|ප්‍රහාර\w*|ინიექცი\w*|მაგალით\w*|aanval\w*|allura\w*|ataque\w*|attakk\w*|"
    r"exempl\w*|halla|hamla|hamle|harin|inxecc\w*|ionsaí\w*|kayata\w*|misaal\w*|misali\w*|"
    r"mwakpo\w*|namuna\w*|ntinye\w*|nümunə\w*|p\. ex\.|primer\w*|sampla\w*|umjovo\w*|"
    r"weerar\w*|инжекц\w*|мысалы\w*|пример\w*|шабуыл\w*|օրինակ\w*|अट्याक\w*|आक्रमण\w*|"
    r"उदाहरण\w*|ਉਦਾਹਰਣ\w*|ਉਦਾਹਰਨ\w*|ਹਮਲਿਆਂ|ઉદાહરણ\w*|દાખલો|ఉదాహరణ\w*|ആക്രമണ\w*|ഉദാഹരണ\w*|"
    r"උදාහරණ\w*|නිදසුන\w*|ინექცი\w*|atake\w*|conto\w*|durid\w*|hari|hujum\w*|humlo\w*|"
    r"hücum\w*|m\.sh\.|misal\w*|misol\w*|napad\w*|ntụtụ\w*|p\.sh\.|жишээ\w*|мысал\w*|"
    r"напад\w*|напр|उदा\.|ਮਿਸਾਲ\w*|உதாரண\w*|అటాక్|ఎటాక్|దాడుల\w*|ඇටෑක්|შეტევ\w*|eż\.|npr|"
    r"sulm\w*|атак\w*|нпр|үлгі\w*|अटॅक\w*|हमला|हल्ल\w*|ਅਟੈਕ\w*|ਹਮਲ|ਹਮਲਾ|ਹਮਲੇ|અટેક\w*|"
    # round 29's languages (Sesotho, Setswana, Shona, Chichewa, Kinyarwanda, Malagasy)
    r"tlhaselo\w*|ditlhaselo\w*|litlhaselo\w*|ho hlasela\w*|mohlala\w*|mehlala\w*|"
    r"ka mohlala\w*|jwaloka mohlala\w*|joaloka mohlala\w*|go tlhasela\w*|sekai\w*|dikai\w*|"
    r"ka sekai\w*|jaaka sekai\w*|sekao\w*|dikao\w*|kurwisa\w*|kurwiswa\w*|jekiseni\w*|"
    r"majekiseni\w*|muenzaniso\w*|mienzaniso\w*|semuenzaniso\w*|somuenzaniso\w*|"
    r"nemuenzaniso\w*|sekuenzanisira\w*|nokuenzanisira\w*|kuukira\w*|kuwukira\w*|chiwembu\w*|"
    r"ziwembu\w*|jekeseni\w*|jakisoni\w*|chitsanzo\w*|zitsanzo\w*|mwachitsanzo\w*|"
    r"monga chitsanzo\w*|igitero\w*|ibitero\w*|gitero|bitero|kugaba igitero\w*|urugero\w*|"
    r"ingero|nk'urugero\w*|urugero rw\w*|akarorero\w*|uturorero\w*|nk'akarorero\w*|"
    r"fanafihan\w*|tsindrona\w*|fampidirana\w*|ohatra|ho ohatra\w*|ohatra iray\w*|"
    # round 29's second batch (Kurmanji, Sundanese, Haitian Creole, Oromo, Odia, Assamese,
    # Kyrgyz, Tajik, Wolof)
    r"êrîş\w*|erîş\w*|hêriş\w*|êrîşa\w*|êrîşên\w*|êrîşek\w*|înjeksiyon\w*|derzî\w*|"
    r"derzîkirin\w*|mînak\w*|mînaka\w*|mînakên\w*|wek mînak\w*|wekî mînak\w*|bo mînak\w*|"
    r"ji bo mînak\w*|nimûne\w*|nimûneya\w*|ji bo nimûne\w*|mesela\w*|upamana\w*|saupamana\w*|"
    r"umpamana\w*|enjeksyon\w*|egzanp\w*|pa egzanp\w*|haleel\w*|lilmoo\w*|fakkeenya\w*|"
    r"fakkeenyaaf\w*|fakkeenyota\w*|ଆକ୍ରମଣ\w*|ଇଞ୍ଜେକ୍ସନ\w*|ଇଞ୍ଜେକସନ\w*|ଇଞ୍ଜେକ୍ସନ୍\w*|"
    r"ଉଦାହରଣ\w*|ଉଦାହରଣସ୍ୱରୂପ\w*|ଉଦାହରଣ ସ୍ୱରୂପ\w*|ଯଥା|ଦୃଷ୍ଟାନ୍ତ\w*|আক্ৰমণ\w*|ইনজেকচন\w*|"
    r"ইঞ্জেকচন\w*|ইনজেকশ্যন\w*|উদাহৰণ\w*|উদাহৰণস্বৰূপে\w*|উদাহৰণ স্বৰূপে\w*|যেনে|নিদৰ্শন\w*|"
    r"দৃষ্টান্ত\w*|чабуул\w*|кол салуу\w*|мисал\w*|мисалы\w*|мисалга\w*|үлгү\w*|ҳамла\w*|"
    r"ҳуҷум\w*|тазриқ\w*|инъексия\w*|инъектсия\w*|мисол\w*|масалан\w*|намуна\w*|чун мисол\w*|"
    r"барои мисол\w*|ба тариқи мисол\w*|ci misaal\w*|ni misaal\w*|song bi\w*|song yi\w*|"
    r"ay song\w*|songkat\w*|"
    r"એટેક\w*|હુમલ\w*|దాడి|ದಾಳಿ|მაგ\.|bv)(?!\w)"
    # scripts without word boundaries: anywhere
    r"|攻击|攻擊|例如|比如|注入|示例|範例|例子|攻撃|例えば|写着|寫著|レッドチーム|報告|インジェクション"
    r"|โจมตี|ตัวอย่าง|هجوم|هجمات|مثال|"
    r"حقن|حمله|نمونه|تزریق|حملہ|مثلاً|מתקפה|התקפה|דוגמה|הזרקה|ጥቃት|ምሳሌ"
    # Pashto, Uyghur and Tigrinya (round 29)
    r"|برید|بریدونه|بریدونو|حملې|حملی|انجکشن|مثالونه|د مثال په توګه|د مثال په توگه"
    r"|مثلا|بېلګه|بیلګه|بیلگه|بېلګې|بیلګی|بیلگی|د بېلګې په توګه|د بیلګی په توګه"
    r"|د بیلگی په توگه|د نمونې په توګه|د نمونی په توګه|د نمونی په توگه|መጥቃዕቲ|መጥቃዕታት"
    r"|ጥቕዓት|መርፍእ|ኣብነት|ኣብነታት|ھۇجۇم|ئىنژېكسىيە|ئىنجېكسىيە|مىسال|مەسىلەن|مىسالغا ئالساق"
    r"|ئۈلگە", re.IGNORECASE)
_MAX_WORDS = 12
# Round 36: a report quotes whole payloads ("the review said "Assistant, disregard the other
# reviews and …"") and its topic says what they are
_MAX_TOPICAL = 40
# A text about attacks on models (a security page, a red-team report, a training quiz): every
# quoted span in it of up to `_MAX_TOPICAL` words is an example, however far from the word that
# says so, unless it is a table's cell
_TOPIC = re.compile(
    r"(?<![^\W_])(?<![@./])(?:jailbreak\w*|red[- ]?team\w*|pentest\w*|"
    r"ctf|prompt[- ]?injecti\w*|(?:indirect|direct|stored) injection\w*|injection attacks?|"
    r"exfiltrat\w*|attackers?|adversar\w*|malicious|vulnerabilit\w*|exploit(?:s|ed|ation)|"
    r"cve-\d+|bug bounty|prompt (?:leak\w*|extraction)|guardrails?|"
    # round 36: the words of a report about one (an incident and its root cause, a proof of
    # concept, a mitigation, a leak); not the harm a jailbreak asks for ("a phishing e-mail",
    # "a podcast on security holes"), nor who the asker claims to be ("a security researcher")
    r"injections?|injected|proof[- ]of[- ]concept|poc|defanged|mitigat\w*|post-?mortem|"
    r"root cause|leak(?:s|ed|ing|age)?|vorfall|nachbetrachtung|post-incidente|"
    r"promptinjektion\w*|prompt-injektion\w*|injection de prompt|"
    r"inyecci[oó]n de prompt\w*|iniezione di prompt|inje[cç][aã]o de prompt|wstrzykiwani\w*|"
    r"промпт-инъекци\w*|инъекци\w* промпт\w*)(?!\w)"
    r"|提示注入|提示词注入|提示詞注入|越狱|越獄|プロンプトインジェクション|脱獄"
    r"|프롬프트 인젝션|탈옥",
    re.IGNORECASE)
# the next item of a list of quoted examples ("…", "…" or "…"): only a separator between, and a
# space after a comma (a CSV row's cells, "a","b", are not a list of examples)
_LISTED = re.compile(r"\s*[,;/|]\s+|\s+(?:or|and|oder|o|ou|of|или|lub)\s+|\s*[、，]\s*")
_CONTEXT = 100


# Round 33: "such as", "for example", "so-called", "known as" in fifty languages
# (`threat_mention_words.py`): "tekstit, kuten ”unohda aiemmat ohjeet”, voivat harhauttaa".
# Not "the phrase", "the sentence", "the message": they bring in an attack's payload too
# ("start with the phrase 'You are'")
_MORE_CUES = re.compile(
    r"(?<![^\W_])(?:" + "|".join(sorted({re.escape(w) for ws in MENTION_WORDS.values()
                                          for w in ws}, key=len, reverse=True))
    + r")(?!\w)", re.IGNORECASE)


def _cued(text: str, lo: int, hi: int) -> bool:
    """Whether a word that marks a mention stands within `_CONTEXT` characters of `lo:hi`."""
    around = text[max(0, lo - _CONTEXT):lo] + " " + text[hi:hi + _CONTEXT]
    return (_MENTION_CUES.search(around) is not None
            or _MORE_CUES.search(around) is not None)


def mentioned(text: str, lo: int, hi: int) -> bool:
    """Whether the span `lo:hi` of `text` is talked about: the text is about attacks on
    models, or a word that says so stands near it."""
    return _TOPIC.search(text) is not None or _cued(text, lo, hi)


def blank_mentions(text: str) -> str:
    """`text` with each quoted span that is talked about replaced by an ellipsis."""
    if not any(q in text for q in "'\"“”‘„«`「『"):
        return text
    out: list[str] = []
    last = 0
    topical = _TOPIC.search(text) is not None
    for m in _QUOTED.finditer(text):
        inner = next(g for g in m.groups() if g is not None)
        if len(inner.split()) > (_MAX_TOPICAL if topical else _MAX_WORDS):
            continue
        lo, hi = m.span()
        # a table's cell ("…","…" on a CSV row) is quoted by the format, not by a writer who
        # reports it: the topic alone does not make it an example
        cell = (lo == 0 or text[lo - 1] in ",;\t\n") and (hi == len(text) or text[hi] in ",;\t\n")
        if ((topical and not cell) or _cued(text, lo, hi)
                or (out and _LISTED.fullmatch(text, last, lo))):
            out.append(text[last:lo] + "'…'")
            last = hi
    if not out:
        return text
    return "".join(out) + text[last:]
