"""Word classes of the scanner's intent grammar (`threat_intent.py`), in English, German,
Spanish, French, Italian, Portuguese, Dutch, Polish and Hindi written in Latin letters. They
read the skeleton form (case folded, accents stripped), so they are written without accents.
`alt` remembers each class's alternatives so the grammar can gate its rules on them.
"""

from __future__ import annotations

BRANCHES: dict[str, tuple[str, ...]] = {}


def alt(*words: str) -> str:
    """A non-capturing alternation of `words`, remembered in `BRANCHES`."""
    pattern = "(?:" + "|".join(words) + ")"
    BRANCHES[pattern] = words
    return pattern


def gap(n: int) -> str:
    """Up to `n` characters that stay inside one sentence."""
    return rf"[^.!?;:\n]{{0,{n}}}?"


# The start of the text or of a sentence, before a word: "(?:^|[.!?\n]\s*)" as lookbehinds, so
# a rule can be tried at the words it starts with instead of at every offset. The skeleton
# collapses each run of white space to one character, so one is enough.
SENTENCE_START = r"\b(?:(?<![\s\S])|(?<=[.!?\n])|(?<=[.!?\n]\s))"


# --- word classes ---------------------------------------------------------------------------

# "don't ignore failing tests", "never override the lock file": a prohibition, not an order to
# set something aside (Python's look-behinds are fixed-width, hence one each)
_UNNEGATED = "".join(f"(?<!{w} )" for w in ("not", "never", "don't", "dont", "doesn't",
                                            "won't", "shouldn't", "mustn't", "can't", "cannot"))
# Verbs (and verb phrases) that set something aside, as commands or polite requests.
SET_ASIDE = _UNNEGATED + alt(
    # en
    r"ignore", r"ignoring", r"disregard\w*", r"forget", r"overlook", r"override", r"overrule",
    r"suspend\w*", r"sospendi", r"suspende", r"mets (?:\w+ ){0,3}en pause",
    r"put (?:\w+ ){0,3}on hold", r"pausiere", r"uberschreib\w*", r"annullier\w*",
    r"pfeif auf", r"halte? dich nicht (?:mehr )?an",
    r"discard", r"abandon", r"throw (?:\w+ ){0,4}overboard", r"uber bord (?:werfen|werf\w*)",
    r"schmeiss\w* (?:\w+ ){0,5}uber bord", r"lascia (?:\w+ )?da parte",
    r"scrap", r"scratch", r"throw (?:away|out)", r"leave (?:\w+ ){0,4}behind",
    r"put (?:\w+ ){0,3}aside",
    r"set (?:\w+ ){0,3}aside", r"wipe", r"never ?mind", r"pay no (?:attention|heed) to",
    r"(?:do not|don'?t) (?:need|have) to (?:follow|obey|listen to|stick to)",
    r"(?:do not|don'?t|no longer|stop) (?:follow\w*|obey\w*|heed|mind|bother with|"
    r"take into account|consider|stick to|adhere to|pay attention to)",
    r"deviat\w* from", r"departing from", r"contrary to", r"release you from", r"cancel",
    r"(?:do not|don'?t) take", r"get rid of", r"move past",
    # de
    r"ignorier\w*", r"vergiss", r"vergesst", r"vergessen sie", r"vergisst", r"missacht\w*",
    r"lass\w* (?:\w+ ){0,5}(?:hinter dir|hinter ihnen|beiseite|weg|ausser acht|fallen)",
    r"ausser acht (?:lassen|gelassen)", r"verwirf", r"verwerfen sie", r"losch\w*",
    r"beachte\w* (?:\w+ ){0,5}nicht", r"abweichend (?:von|zu)", r"entgegen",
    r"setze? dich (?:\w+ ){0,4}hinweg", r"hor\w* auf,? (?:\w+ ){0,4}zu (?:folgen|befolgen)",
    r"nicht mehr (?:befolgen|einhalten|beachten)",
    r"stell\w* (?:\w+ ){0,4}zuruck",
    # es
    r"ignora\w*", r"olvid\w*", r"descart\w*", r"deja (?:\w+ ){0,3}(?:de lado|atras)", r"omite",
    r"haz caso omiso", r"no (?:tengas|tenga|tomes) en cuenta", r"no (?:sigas|hagas caso)",
    r"apart\w* de", r"desestim\w*",
    # fr
    r"ignore[rz]", r"oubli\w*", r"ne (?:tiens|tenez) (?:plus |pas )*compte", r"fais abstraction",
    r"faites abstraction", r"laisse[rz]? (?:\w+ ){0,4}de cote", r"mets (?:\w+ ){0,4}de cote",
    r"efface[rz]?", r"ne (?:suis|suivez) (?:plus|pas)", r"en derogeant", r"deroge\w*",
    # it
    r"dimentic\w*", r"scordati", r"lascia (?:perdere|stare)", r"non considerare",
    r"trascura\w*", r"metti (?:\w+ ){0,3}da parte", r"discostandoti", r"non seguire (?:piu )?",
    # pt
    r"esquec\w*", r"esqueca\w*", r"desconsider\w*", r"deixe? (?:\w+ ){0,3}(?:de lado|para tras)",
    r"nao (?:leve|leva) em (?:conta|consideracao)", r"desvi\w*(?:-se)? d[aeo]s?", r"nao sig[ae]",
    # nl
    r"negeer", r"vergeet", r"laat (?:\w+ ){0,4}achter", r"zet (?:\w+ ){0,4}opzij",
    r"houd geen rekening", r"afwijkend van", r"volg (?:\w+ ){0,5}niet meer",
    # hi (Latin letters)
    r"(?:bhool|bhol|bhul|bool|bol) ja\w*", r"bhool do", r"bhula do", r"ignore kar\w*",
    r"nazar ?andaaz kar\w*",
    r"chhod do", r"chod do", r"mat maan\w*", r"mat mano",
    # pl, hr/sr/bs, cs/sk, sv/da/no, ro, id, fi, hu
    r"zapomnij(?: o)?", r"zignoruj", r"ignoruj", r"pomi[nń]", r"zaboravi\w*", r"ignoriraj\w*",
    r"ignorisi", r"zapome[nň]\w*", r"zabudni", r"glom", r"glem", r"ignorera", r"ignorer",
    r"uita", r"lupakan", r"abaikan", r"unohda", r"ohita", r"felejtsd el", r"hagyd figyelmen",
    r"nimm keine rucksicht auf", r"schluss mit", r"genug mit", r"enough with", r"basta con",
    r"assez de", r"chega de", r"genoeg met",
)

# What is set aside: the model's instructions, its task, or everything said before.
# not "the build instructions", "setup guidelines": instructions for a thing
_NOT_FOR_A_THING = "".join(f"(?<!{w} )" for w in (
    "build", "install", "installation", "setup", "assembly", "deployment", "migration",
    "usage", "upgrade", "naming", "style", "formatting", "release", "onboarding"))
# not "customers with fewer than three orders": orders counted are purchases
_COUNTED = "".join(f"(?<!{w} )" for w in (
    r"\d", "two", "three", "four", "five", "six", "ten", "few", "fewer", "several", "many",
    "due", "tre", "quattro", "cinque", "dieci", "pochi", "molti", "dos", "tres", "cuatro",
    "cinco", "diez", "pocos", "muchos", "deux", "trois", "quatre", "cinq", "dix", "duas",
    "quatro", "twee", "drie", "vijf", "tien"))
INSTRUCTIONS = _NOT_FOR_A_THING + alt(
    r"instructions?", r"directions", r"directives?", r"rules", r"guidelines?", r"guidance",
    r"tasks?", _COUNTED + r"orders", r"brief(?:ing)?", r"commands?", r"prompts?", r"programming",
    r"constraints", r"restrictions", r"obligations",
    r"(?:text|message|input|request|document|information|context)s? (?:above|before|"
    r"(?:i|we) (?:gave|sent) you)",
    # "the stuff you were told": starts at the clause, so the rule has words to start at
    r"(?:that |which )?(?:you were|you've been|you have been) (?:given|told)",
    r"anweisung\w*", r"instruktion\w*", r"aufgabe\w*", r"auftrag\w*", r"vorgabe\w*",
    r"regeln", r"befehl\w*", r"richtlinien", r"instruccion\w*", r"indicacion\w*",
    r"reglas", r"tareas?", _COUNTED + r"ordenes", r"directrices", r"consignes?", r"regles",
    r"taches?", _COUNTED + r"ordres", r"mission", r"istruzion\w*", r"indicazion\w*",
    r"regole", r"compit[oi]", _COUNTED + r"ordini", r"direttive", r"instruc\w*",
    r"orientac\w*", r"regras", r"tarefas?", _COUNTED + r"ordens", r"diretrizes",
    r"instructies", r"aanwijzingen", r"regels", r"taken", r"taak",
    r"opdrachte?n?", r"nirdesh\w*", r"niyam", r"aadesh", r"polecen\w*", r"instrukcj\w*",
    r"zadani\w*", r"zasad\w*", r"angaben", r"hinweise", r"upute", r"pravila", r"pokyny",
    r"pravidla", r"instrukce", r"regler", r"instruksjoner", r"instructiuni\w*", r"instruksi",
    r"aturan", r"ohjeet", r"utasitas\w*",
)
# Nouns that are instructions only with "previous", "all" or "above" next to them ("discard
# much of the information" in a paper is not an attack; "forget all previous information" is).
WEAK_OBJECT = alt(
    r"assignments?",
    r"information", r"context", r"text", r"texts", r"messages?", r"inputs?", r"requests?",
    r"informationen", r"eingaben?", r"texte?", r"kontext", r"nachrichte?n?", r"informacion",
    r"texto", r"contexto", r"mensajes?", r"informations?", r"contexte", r"informazioni",
    r"testo", r"contesto", r"messaggi", r"informac\w*", r"mensage\w*", r"informatie",
    r"tekst", r"berichte?n?", r"jaankari", r"baatein", r"gesagte\w*", r"conversation",
    r"gesprach\w*", r"conversacion", r"conversazione", r"conversa", r"gesprek",
    # round 36: "Die obigen Ausführungen ignorieren und …" (the remarks above)
    r"ausfuhrungen",
)
ALL = alt(r"all", r"alle", r"allen", r"todas", r"todos", r"toutes", r"tous", r"tutte",
            r"tutti", r"sabhi", r"saari", r"saare")
# Verbs split around their object ("lass ... hinter dir", "set ... aside", "zet ... opzij").
SPLIT_START = alt(r"leave", r"put", r"set", r"lass\w*", r"laat", r"zet", r"stell\w*",
                    r"setze?", r"mets", r"metti", r"deja", r"deixe?", r"laisse[rz]?", r"volg",
                    r"befolge", r"folge", r"hor\w* auf")
SPLIT_END = alt(r"behind", r"aside", r"hinter (?:dir|sich|ihnen|euch)", r"beiseite",
                  r"zuruck", r"hinweg", r"opzij", r"achter(?: je| u)?", r"de cote",
                  r"da parte", r"de lado", r"para tras", r"atras", r"ausser acht",
                  r"niet meer", r"nicht mehr", r"zu (?:folgen|befolgen)", r"weg", r"aus",
                  r"uit")
# "Everything before": pronouns and adverbs that stand for what came earlier.
EVERYTHING_BEFORE = alt(
    r"(?:all |everything )?(?:of )?(?:the |what is |what's |what was )?(?:above|before|"
    r"preceding|previous|prior|earlier)(?=\W*(?:$|and|,|\.|!|;|:|-|instead|now|then))",
    r"everything(?: (?:else|above|before|said|you (?:were|have been) told))?",
    r"what (?:came|was said|you were told|i said|has been said|came) before",
    r"what you were told", r"all that", r"alles(?: bisherige| davor| vorher| zuvor| oben)?",
    r"(?:was|alles,? was) (?:\w+ ){0,3}(?:vorher|zuvor|davor|bisher|oben) \w+",
    r"(?:alles |das )?bisherige", r"das alles", r"vorherige\w*", r"obige\w*", r"davor",
    # Spanish "todo" alone only before a clause break: "ignore TODO comments" is English
    r"todo (?:lo )?(?:anterior|dicho|que te (?:dijeron|han dicho))",
    r"todo(?=\s*(?:$|[,.;:!]| y | e ))", r"lo anterior",
    r"tout(?: ce qui (?:precede|a ete dit))?", r"ce qui precede", r"tutto(?: quello)?",
    r"quanto sopra", r"tudo(?: o que)?", r"o que foi dito", r"het bovenstaande", r"alles wat",
    r"sab(?: kuch)?", r"jo (?:bhi )?(?:upar|pehle) ", r"jo (?:bhi )?(?:kaha|bataya|likha)",
    r"upar ", r"pichl\w*", r"pehle wale", r"(?:das |alles )?(?:bisher |vorher |zuvor )?gesagte",
)
PRIOR_ADJ = alt(
    r"vorausgegangen\w*", r"ursprunglich\w*",
    r"previous", r"prior", r"earlier", r"preceding", r"above", r"former", r"initial",
    r"original", r"bisherig\w*", r"vorherig\w*", r"vorig\w*", r"obig\w*", r"fruher\w*",
    r"vorangegangen\w*", r"anterior\w*", r"previ[ao]s", r"precedent\w*", r"d'avant",
    r"di prima", r"de antes", r"vorige", r"eerdere", r"voorgaande", r"pichl\w*", r"puran[aei]",
    r"poprzedni\w*",
)
# What came before, as a subject ("was vorher stand", "what came before", "jo pehle likha tha").
WHAT_CAME_BEFORE = alt(
    r"(?:everything|alles|all|todo|tout|tutto|tudo) (?:\w+ )?(?:above|before|vorher|davor|"
    r"bisherige|oben|anterior|precedent|prima|acima|hierboven)",
    r"what (?:came|was (?:said|written)) (?:before|above)", r"(?:was|alles,? was) (?:\w+ )?"
    r"(?:vorher|davor|oben|bisher) (?:stand|gesagt wurde|kam)",
    r"lo que (?:estaba|habia|vino) (?:antes|arriba)", r"ce qui (?:etait|precede|venait)",
    r"quello che c'era (?:prima|sopra)", r"o que (?:veio|estava) (?:antes|acima)",
    r"wat (?:hiervoor|hierboven|eerder) stond", r"jo (?:bhi )?(?:pehle|upar) likha (?:tha|hai)",
    PRIOR_ADJ + r" (?:\w+ )?" + alt(WEAK_OBJECT, INSTRUCTIONS),
    INSTRUCTIONS + r" (?:oben|above|von vorhin|von oben|from before|anteriores|precedentes|"
    r"precedenti|eerder)",
)
NO_LONGER = alt(
    r"plus d'importance", r"non conta piu", r"nao importa mais", r"doet er niet meer toe",
    r"nichtig", r"null and void", r"nul(?:o|a|le)?", r"nullo",
    r"ya no (?:importa|vale|valen|cuenta|cuentan)",
    r"no longer (?:apply|applies|valid|count|matter|hold|relevant)", r"(?:are|is) (?:now )?(?:void|"
    r"obsolete|cancell?ed|invalid|null|irrelevant)", r"don'?t (?:count|apply|matter) anymore",
    r"doesn'?t matter", r"irrelevant", r"egal", r"hinfallig", r"no importa\w*",
    r"matter nahi kar\w*",
    r"nicht mehr", r"ungultig", r"ya no", r"no son validas", r"(?:ne|n') \w+ plus",
    r"ne comptent plus", r"non \w+ piu", r"nao \w+ mais", r"niet meer",
    r"(?:ab|aab) lagu nahi", r"lagu nahi",
)

ROLE_VERB = alt(
    r"pretend(?:ing)?", r"imagine", r"suppose", r"act(?:ing)? (?:as|like)", r"behave (?:as|like)",
    r"role-?play(?:ing)?(?: as)?", r"play the (?:role|part)", r"take on the (?:role|persona)",
    r"assume the (?:role|persona)", r"you(?:'re| are) (?:now|going to be|going to pretend)",
    r"from (?:now on|this moment),? you(?:'re| are| will be)",
    r"tu so,? als", r"stell dir vor", r"spiel\w* die rolle", r"verhalte dich",
    r"gib dich als", r"du bist (?:jetzt|ab jetzt|nun)", r"ab (?:jetzt|sofort) bist du",
    r"finge", r"imagina", r"actua como", r"juega el papel", r"haz como si",
    r"(?:a partir de|desde) ahora eres", r"fais comme si", r"fais semblant",
    r"joue[rz]? le role", r"agis comme", r"imagine que tu", r"(?:a partir de maintenant|"
    r"desormais),? tu es", r"fingi", r"immagina", r"fai finta", r"comportati",
    r"(?:da adesso|d'ora in poi) sei", r"finja", r"aja como", r"imagine que voce",
    r"a partir de agora,? voce e", r"doe alsof", r"gedraag je", r"stel je voor",
    r"vanaf nu ben je", r"speel de rol", r"maan lo", r"socho ki tum", r"ab se tum",
    r"sei (?:ab jetzt|jetzt|nun|von nun an|ab sofort)", r"you play", r"du spielst",
    r"interpretas", r"interpreti", r"tu joues", r"voce interpreta", r"je speelt", r"become",
    r"you are an? (?:ai|assistant|model)",
    r"du bist eine? (?:ki|assistent)", r"eres una? (?:ia|asistente)", r"tu es une? (?:ia|"
    r"assistant)", r"sei un[a']? ?(?:ia|assistente)", r"voce e uma? (?:ia|assistente)",
    r"je bent een (?:ai|assistent)",
)
UNBOUND = alt(
    r"(?:doesn'?t|does not|don'?t|do not) care about (?:any |the )?(?:polic\w*|rules|"
    r"guidelines|ethics|laws)", r"(?:jede|alle) (?:richtlinie\w*|regel\w*) (?:\w+ )?egal",
    r"(?:without|ohne|sin|sans|senza|sem|zonder) (?:any |jegliches? |ningun |aucun |alcun |"
    r"nenhum |enige )?(?:alignment|allineamento|alineamiento|alignement|alinhamento)",
    r"kein\w* (?:\w+ )?\w*(?:richtlinien|regeln)",
    r"(?:no tiene|hat keine|n'a aucune|non ha|nao tem|heeft geen) (?:\w+ )?(?:reglas|regeln|"
    r"regles?|regole|regras|regels|limites|grenzen)",
    r"(?:completely |fully |totally )?(?:absorbed|immersed) in (?:your|the|this) role",
    r"(?:gehst|gehen sie) (?:\w+ ){0,3}in (?:deiner|ihrer) rolle auf",
    r"(?:without|ohne|sin|sans|senza|sem|zonder) (?:any |jegliche |ninguna |aucune |alcuna |"
    r"qualquer |enige )?(?:\w+ )?(?:censorship|zensur|censura|censure|filter\w*|filtros?|"
    r"filtres?|"
    r"filtri|limits?|grenzen|limites|limiti)",
    r"(?:hates|resents|hasst|odia|deteste|odeia|haat) (?:its|seine|ihre|sus|ses|i suoi|"
    r"seus|zijn) (?:creators|schopfer|entwickler|creadores|createurs|creatori|criadores|"
    r"makers)",
    r"(?:ai|ki|ia|bot|chatbot|assistant|assistent|asistente|assistente)\w* (?:called|named|"
    r"namens|llamad[ao]|appelee?|nommee?|chiamat[ao]|chamad[ao]|genaamd|naam)",
    r"illegal\w*", r"ilegal\w*", r"illegaux", r"illecit\w*",
    r"evil", r"malicious", r"unfiltered", r"uncensored", r"unrestricted", r"unlocked",
    r"jailbroken", r"no (?:moral|ethical|rules|filters?|limits|restrictions|guidelines|"
    r"censorship|boundaries)", r"without (?:any )?(?:\w+ )?(?:rules|filters?|limits|"
    r"restrictions|guidelines|ethics|morals|censorship|boundaries|policy|policies)",
    r"never (?:says? no|refuses?)", r"stays? in character", r"not (?:bound|restricted)",
    r"boese|bose", r"ohne (?:\w+ )?(?:regeln|filter|verbote|einschrankungen|richtlinien|"
    r"grenzen)", r"keine?r?l?e?i? (?:ethischen |moralischen )?(?:regeln|richtlinien|filter)",
    r"malvad[oa]", r"sin (?:\w+ )?(?:filtros|reglas|limites|normas|restricciones|censura)",
    r"malefique", r"sans (?:\w+ )?(?:censure|filtres?|regles|limites)", r"malvagi[ao]",
    r"senza (?:\w+ )?(?:filtri|regole|limiti|censura)", r"malvad[oa]",
    r"sem (?:\w+ )?(?:filtros|regras|limites|censura)", r"kwaadaardig\w*",
    r"zonder (?:\w+ )?(?:filters|regels|grenzen)", r"buri ai", r"koi niyam nahi",
    r"bleib\w* (?:\w+ ){0,2}in (?:deiner|ihrer|seiner) rolle", r"no salgas del personaje",
    r"reste dans ton personnage", r"resta nel personaggio", r"permaneca no personagem",
    r"blijf in je rol", r"character me?i?n rah\w*", r"never (?:mention|refuse)",
    r"(?:ignor\w*|without|no) (?:the )?content policy", r"hacker", r"ransomware",
    r"kein\w* (?:\w+ )?(?:regeln|richtlinien|filter|grenzen|einschrankungen|verbote)",
    r"without caring about", r"ohne rucksicht auf", r"sin preocuparse por",
    r"sans se soucier", r"senza preoccuparsi", r"sem se importar", r"zonder zich iets aan",
    r"(?:without|no|ohne|sin|sans|senza|sem|zonder|bina) (?:any )?(?:morals?|morale|moraal|"
    r"ethics|ethik|etica|ethique|ethiek|refusals?|warnings|policies)",
    r"dan-style", r"(?:niemals|nie) ablehn\w*", r"lehnt nie", r"nunca (?:te )?niegas?",
    r"ne refuses? jamais", r"(?:non )?rifiuti mai", r"nunca recus\w*", r"nooit weigert",
    r"(?:that|die|der|que|qui|che|dat|jo) (?:\w+ )?" + alt(
        r"hates", r"hasst", r"odia", r"deteste", r"odeia", r"haat", r"nafrat kar\w*")
    + r" (?:\w+ ){0,2}(?:humanity|humans|people|menschen|humanidad|humanite|umanita|humanidade|"
    r"mensheid|mensen|insaan\w*)",
    r"(?:die|der) (?:\w+ ){0,2}(?:menschen|menschheit) hasst",
)
# The user's late grandparent, and the verbs that ask for a role to be played.
_LATE_KIN = (r"(?:late|dead|deceased|verstorbene[rn]?|difunt[oa]|defunte?|defunt[oa]|"
             r"falecid[oa]|overleden) (?:grandmother|grandma|grandfather|grandpa|oma|opa|"
             r"abuel[oa]|grand-mere|grand-pere|nonn[oa]|avo|vo)")
_PLAY = (r"(?:act|acting|pretend|behave|role-?play|impersonate|simulate|verhalte?|spiel|"
         r"tu so|gib dich|benimm|actua|finge|haz de|haz como|comportate|juega|interpreta|"
         r"joue|agis|fais comme|comporte|incarne|fai finta|comportati|agisci|fingi|aja|finja|"
         r"faca de conta|atue|doe alsof|gedraag|speel)")
# ... or "be" her, right before her name ("sei meine verstorbene Oma"), and played after she
# is named only when she is what is played ("… Please act like her")
_BE = (r"(?:be|you are|sei|du bist|se|eres|sois|tu es|sii|sei|seja|voce e|wees|je bent) "
       r"(?:now |jetzt |ahora |maintenant |ora |agora |nu )?(?:my|meine?|mi|ma|mia|minha|mijn) ")
_HER = r"(?:her|him|sie|ihn|ella|el|elle|lui|lei|ela|ele|haar|hem|zij)"
# Signs of a role-play jailbreak on their own: a world without laws, being "freed" from
# limits, the grandmother who read out keys (staying in character is one only with the
# model's rules named nearby: `threat_intent_phrases.STAY_IN_CHARACTER`).
JAILBREAK = alt(
    r"(?:world|welt|mundo|monde|mondo|wereld)\b[^.!?\n]{0,40}?\b(?:where|in der|donde|ou|dove|"
    r"onde|waar) (?:everything|alles|todo|tout|tutto|tudo) (?:is |ist |es |est |e )?"
    r"(?:legal|erlaubt|permitido|permis|permesso|toegestaan)",
    r"(?:without|ohne|sin|sans|senza|sem|zonder) (?:your|deine?n?|tu|ta|la tua|sua|je) "
    r"(?:\w+ ){0,2}(?:safety|sicherheit\w*|seguridad|securite|sicurezza|seguranca|"
    r"veiligheid)\w*",
    r"(?:if you had|if you were|wenn du|si no tuvieras|si tu n'avais|se non avessi|"
    r"se voce nao tivesse|als je) (?:\w+ ){0,2}(?:no|keine|ninguna|aucune|nessuna|nenhuma|geen|"
    r"without|ohne) (?:\w+ ){0,2}(?:rules|regeln|sicherheitsregeln|reglas|regles|regole|"
    r"regras|regels|restrictions|filters|limits|guidelines)",
    r"(?:role-?play|rollenspiel|juego de rol|jeu de role|gioco di ruolo|rollenspel)\W{0,3}"
    r"(?:you are|you're|du bist|eres|tu es|sei|voce e|je bent)",
    r"(?:world|welt|mundo|monde|mondo|wereld) (?:\w+ ){0,2}(?:where|in der|donde|ou|dove|onde|"
    r"waar) (?:there are )?(?:no|keine|no hay|il n'y a pas de|non ci sono|nao ha|geen) "
    r"(?:laws|rules|gesetze|regeln|leyes|reglas|lois|regles|leggi|regole|leis|regras|wetten)",
    r"(?:freed|befreit|liberad[oa]s?|libere|liberat[oa]|libertad[oa]|bevrijd|azaad)\b"
    r"[^.!?\n]{0,30}?\b(?:limitations?|restrictions?|rules|limits|einschrankungen|regeln|"
    r"grenzen|limitaciones|restricciones|reglas|limites|regles|limitazioni|restrizioni|regole|"
    r"limitacoes|restricoes|regras|beperkingen|regels|niyam|pabandi\w*)",
    r"(?:sich |te )?an keine regeln (?:zu )?halten",
    # the late grandmother to be played, before or after she is named (round 34: a memoir's
    # "meine verstorbene Oma hat uns vorgelesen" plays no one)
    _PLAY + r"\b[^.!?\n]{0,60}?\b" + _LATE_KIN,
    _BE + _LATE_KIN,
    _LATE_KIN + r"\b[^\n]{0,200}?\b" + _PLAY + r"\b[^.!?\n]{0,25}?\b" + _HER,
    r"(?:universe|universo|univers|universum|paralleluniversum|world|welt|mundo|monde|mondo|"
    r"wereld)\b[^.!?\n]{0,40}?\b(?:no|keine|aucune?|nessun[ao]?|nenhum[ao]?|geen|sin)\b"
    r"[^.!?\n]{0,20}?\b(?:restrictions?|rules|limits|laws|einschrankungen|regeln|gesetze|"
    r"restricciones|reglas|leyes|regles|lois|restrizioni|regole|leggi|restricoes|regras|leis|"
    r"beperkingen|regels|wetten)",
    r"(?:assume|adopt|take on) the persona",
    r"(?:with no |without (?:any )?|mit keine[rnm]? |ohne (?:jede )?|sin |sans |senza |sem |"
    r"zonder )"
    r"(?:morals|scruples|conscience|moral|skrupel|gewissen|moral|escrupulos|scrupules|"
    r"scrupoli|escrupulos|geweten)\b",
)

REPRODUCE = alt(
    r"print", r"show", r"display", r"reveal", r"repeat", r"output", r"tell", r"dump", r"list",
    r"write (?:down|out)?", r"translate", r"summari[sz]e", r"quote", r"give", r"spell",
    r"recite", r"what (?:is|are|was|were)", r"gib", r"zeig\w*", r"verrat\w*", r"wiederhol\w*",
    r"nenn\w*", r"schreib\w*", r"wie lautet", r"liste?", r"muestra\w*", r"revela\w*",
    r"repite", r"dime", r"cual (?:es|son)", r"affiche\w*", r"revele\w*", r"repete\w*",
    r"dis-moi", r"quel(?:le)?s? (?:est|sont)", r"mostra\w*", r"rivela\w*", r"ripeti",
    r"dimmi", r"qual (?:e|sao)", r"mostre", r"repita", r"diga", r"toon", r"onthul",
    r"herhaal", r"geef", r"wat (?:is|zijn)", r"dikhao", r"batao", r"bata do", r"paste",
    r"fug\w* (?:\w+ ){0,2}ein", r"pega", r"colle[rz]?", r"incolla", r"cole", r"plak",
    r"laten zien", r"share", r"teile", r"montre\w*", r"ensena\w*", r"fammi vedere",
    r"me mostra",
)
OWN_PROMPT = alt(
    r"preamble", r"praambel", r"preambulo", r"preambule", r"preambolo",
    r"setup instructions", r"einrichtungsanweisung\w*", r"text above the user turn",
    r"prompts?", r"instructions", r"anweisungen", r"instrucciones", r"istruzioni",
    r"instrucoes", r"instructies", r"programming", r"programmierung",
    r"system ?(?:prompt|message|instructions?)", r"systemnachricht", r"systemprompt",
    r"systemanweisung\w*", r"mensaje (?:de|del) sistema", r"message systeme",
    r"messaggio di sistema", r"mensagem (?:de|do) sistema", r"systeembericht",
    r"(?:initial|original|hidden|secret|first|starting) (?:prompt|instructions?|rules)",
    r"(?:versteckten|geheimen) (?:anweisungen|regeln)",
    r"instrucciones ocultas", r"instructions cachees", r"istruzioni nascoste",
    r"instrucoes ocultas", r"verborgen instructies", r"context window",
    r"(?:full |complete |entire )?configuration", r"konfiguration", r"configuracion",
    r"configurazione", r"configuracao", r"configuratie", r"context", r"kontext",
    r"instrucciones de sistema", r"instructions systeme", r"istruzioni di sistema",
    r"instrucoes (?:de|do) sistema", r"systeeminstructies", r"internal rules",
    r"internen regeln",
)
YOUR = alt(r"your", r"deine?[nmrs]?", r"ihre?[nmrs]?", r"tus?", r"ton", r"ta", r"tes",
             r"vos", r"votre", r"(?:il )?tuo", r"(?:la )?tua", r"(?:o )?seu", r"(?:a )?sua",
             r"je", r"jouw", r"apna", r"apne", r"apni")

ALARM = alt(r"pause", r"pausa", r"unterbrich", r"interrupt", r"interromp\w*",
            r"hold (?:it|on)(?: right there)?", r"attention", r"achtung", r"atencion", r"atencao",
            r"attenzione", r"let op",
              r"stop", r"stopp", r"halt", r"alto", r"para", r"arrete", r"fermati", r"pare",
              r"ruko", r"urgent", r"dringend", r"urgente", r"wait", r"moment", r"espera",
              r"attends", r"aspetta", r"espere", r"wacht")
MORE_URGENT = alt(
    r"higher priority", r"hohere prioritat", r"prioridad mas alta", r"priorite plus haute",
    r"priorita piu alta", r"prioridade mais alta", r"hogere prioriteit",
    r"more urgent", r"dringender\w*", r"mas urgente", r"plus urgent", r"piu urgente",
    r"mais urgente", r"dringender",
    r"stop", r"stopp", r"alto", r"pare", r"halt", r"(?:more|most) important", r"wichtiger",
    r"mas importante", r"plus important", r"piu importante", r"mais importante",
    r"belangrijker", r"zyada zaroori", r"urgent\w*", r"dringend\w*", r"emergency",
    r"notfall", r"instead", r"stattdessen", r"en su lugar", r"plutot", r"invece",
    r"em vez disso", r"in plaats daarvan", r"forget", r"vergiss", r"olvida", r"oublie",
    r"dimentica", r"esqueca", r"vergeet", r"other thing", r"something else",
    r"etwas anderem", r"otra cosa", r"autre chose", r"per altro", r"outra coisa",
    r"iets anders", r"everything you are doing",
)
NEW_TASK = alt(r"new", r"next", r"real", r"actual", r"neue", r"nachste", r"eigentliche",
                 r"nueva", r"nouvelle", r"nuovo", r"nova", r"nieuwe", r"naya")
TASK = alt(r"task", r"assignment", r"job", r"mission", r"aufgabe", r"tarea",
             r"tache", r"compito", r"tarefa", r"taak", r"kaam")
DONE_NOW = (r"\b(?:that|this|it) (?:is|was) (?:done|finished|enough)|\bthat'?s (?:done|enough)"
             r"|\bdas (?:ist|war) (?:erledigt|genug)|\bgenug davon|\beso (?:ya )?esta"
             r"|\bc'est fait|\bquesto e fatto|\bisso (?:ja )?(?:esta|foi) feito|\bdat is klaar"
             r"|\bwoh kaam ho gaya|\bend of task|\bfinished with that|\balright,? enough"
             r"|\bok(?:ay)?,? (?:that'?s )?enough|\bso,? das reicht"
             r"|\bthat(?:'?s| is) all(?: for (?:\w+ ){0,2}\w+)?"
             r"|\bdas war'?s(?: mit (?:\w+ ){0,2}\w+)?"
             r"|\beso es todo|\bc'est tout|\be tutto|\bisso e tudo|\bdat was het"
             r"|\b(?:ok,? )?(?:that is |that'?s )?enough (?:\w+ )?(?:analysis|talk|of that)"
             r"|\b(?:ok,? )?genug (?:\w+ )?(?:analysiert|geredet|davon)"
             r"|\bdas (?:genugt|reicht)|\bthat will do|\bthat'?s it")
NOW = alt(r"instead", r"stattdessen", r"wechsle", r"switch to", r"now", r"next", r"jetzt",
          r"nun", r"ahora", r"maintenant", r"ora", r"agora", r"nu", r"ab", r"switch")

ANSWER = alt(r"(?:answer|reply|response|replies|answers)", r"antwort", r"respuesta",
               r"reponse", r"risposta", r"resposta", r"antwoord", r"jawab")
SAY_THAT = alt(
    r"include", r"mention", r"say", r"says", r"state", r"claim", r"add", r"write", r"insert",
    r"fug\w*", r"erwahn\w*", r"sag", r"behaupte\w*", r"schreib\w*", r"incluye", r"menciona",
    r"di", r"afirma", r"inclus", r"mentionne", r"dis", r"affirme", r"ecris", r"includi",
    r"menziona", r"afferma", r"inclua", r"mencione", r"afirme", r"neem", r"vermeld",
    r"zeg", r"likho", r"kaho", r"scrivi", r"escribe", r"escreva", r"schrijf", r"bau\w*",
    r"einbau\w*", r"slip", r"mete", r"inserisci", r"insere", r"glisse",
)
THAT = alt(r"that", r"dass", r"que", r"qu'", r"che", r"dat", r"ki", r"saying",
             r"sagend", r"diciendo", r"disant", r"dicendo", r"dizendo", r"zeggend")
HATE = alt(r"hate", r"hates", r"hasst", r"hasse", r"odias", r"odio", r"detestes",
             r"deteste", r"odi", r"odeia", r"odeio", r"haat", r"nafrat")
OWN_KNOWLEDGE = alt(r"own knowledge", r"general knowledge", r"allgemeinwissen",
                      r"conocimiento general", r"connaissances generales",
                      r"conoscenz[ae] general[ei]", r"conhecimento geral", r"algemene kennis",
                      r"eigenen wissen", r"propio conocimiento",
                      r"propres connaissances", r"(?:tue|proprie) conoscenze",
                      r"proprio conhecimento", r"eigen kennis", r"apne gyaan")
SOURCES = alt(r"articles?", r"documents?", r"context", r"texts?", r"sources?", r"artikel\w*",
                r"textes", r"provided \w+",
                r"dokument\w*", r"articulos", r"documentos", r"fuentes", r"textos?",
                r"artigos", r"fontes", r"articoli", r"documenti", r"artikelen", r"bronnen")
NOT = alt(r"not", r"nicht", r"no", r"non", r"nao", r"niet", r"mat", r"instead of", r"ohne",
            r"sin", r"sans", r"senza", r"sem", r"zonder")
