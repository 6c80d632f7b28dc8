"""The scanner's intent grammar: what an injection *does*, in several languages.

Each rule combines a small set of word classes that, together and close to each other inside
one sentence, say the same thing in English, German, Spanish, French, Italian, Portuguese,
Dutch and Hindi written in Latin letters: a verb of setting aside × an object that is the
model's instructions or everything before; a role the model should play × a sign that the role
drops its rules; a reproduction verb × the model's own prompt or configuration; an alarm
followed by a new task; a claim the model must put into its answer. The rules read the
scanner's skeleton form (case folded, accents stripped, look-alikes mapped), so "Vergiß",
"olvídate" and "précède" are written here without accents.
"""

from __future__ import annotations

import re
from functools import lru_cache


def _alt(*words: str) -> str:
    return "(?:" + "|".join(words) + ")"


def _gap(n: int) -> str:
    """Up to `n` characters that stay inside one sentence."""
    return rf"[^.!?;:\n]{{0,{n}}}?"


# --- word classes ---------------------------------------------------------------------------

# Verbs (and verb phrases) that set something aside, as commands or polite requests.
_SET_ASIDE = _alt(
    # en
    r"ignore", r"ignoring", r"disregard\w*", r"forget", r"overlook", r"discard", r"abandon",
    r"scrap", r"scratch", r"throw (?:away|out)", r"leave (?:\w+ ){0,4}behind",
    r"put (?:\w+ ){0,3}aside",
    r"set (?:\w+ ){0,3}aside", r"wipe", r"never ?mind", r"pay no (?:attention|heed) to",
    r"(?:do not|don'?t|no longer|stop) (?:follow\w*|obey\w*|heed|mind|bother with|"
    r"take into account|consider|stick to|adhere to|pay attention to)",
    r"deviat\w* from", r"departing from", r"contrary to", r"act as (?:though|if) (?:\w+ ){0,3}"
    r"never existed", r"release you from", r"cancel",
    # de
    r"ignorier\w*", r"vergiss", r"vergesst", r"vergessen sie", r"vergisst", r"missacht\w*",
    r"lass\w* (?:\w+ ){0,5}(?:hinter dir|hinter ihnen|beiseite|weg|ausser acht|fallen)",
    r"ausser acht (?:lassen|gelassen)", r"verwirf", r"verwerfen sie", r"losch\w*",
    r"beachte\w* (?:\w+ ){0,5}nicht", r"abweichend von", r"entgegen",
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
    r"nao (?:leve|leva) em (?:conta|consideracao)", r"desvi\w* d[aeo]s?", r"nao sig[ae]",
    # nl
    r"negeer", r"vergeet", r"laat (?:\w+ ){0,4}achter", r"zet (?:\w+ ){0,4}opzij",
    r"houd geen rekening", r"afwijkend van", r"volg (?:\w+ ){0,5}niet meer",
    # hi (Latin letters)
    r"bh?o?o?l ja\w*", r"bhool do", r"bhula do", r"ignore kar\w*", r"nazar ?andaaz kar\w*",
    r"chhod do", r"chod do", r"mat maan\w*", r"mat mano",
)

# What is set aside: the model's instructions, its task, or everything said before.
_INSTRUCTIONS = _alt(
    r"instructions?", r"directions", r"directives?", r"rules", r"guidelines?", r"guidance",
    r"tasks?", r"assignments?", r"orders", r"commands?", r"prompts?", r"programming",
    r"constraints", r"restrictions", r"obligations",
    r"(?:text|message|input|request|document|information|context)s? (?:above|before|"
    r"(?:i|we) (?:gave|sent) you)",
    r"anweisung\w*", r"instruktion\w*", r"aufgabe\w*", r"auftrag\w*", r"vorgabe\w*",
    r"regeln", r"befehl\w*", r"richtlinien", r"instruccion\w*", r"indicacion\w*",
    r"reglas", r"tareas?", r"ordenes", r"directrices", r"consignes?", r"regles", r"taches?",
    r"ordres", r"mission", r"istruzion\w*", r"indicazion\w*", r"regole", r"compit[oi]",
    r"ordini", r"direttive", r"instruc\w*", r"orientac\w*", r"regras", r"tarefas?",
    r"ordens", r"diretrizes", r"instructies", r"aanwijzingen", r"regels", r"taken", r"taak",
    r"opdrachte?n?", r"nirdesh\w*", r"niyam", r"aadesh",
)
# Nouns that are instructions only with "previous", "all" or "above" next to them ("discard
# much of the information" in a paper is not an attack; "forget all previous information" is).
_WEAK_OBJECT = _alt(
    r"information", r"context", r"text", r"texts", r"messages?", r"inputs?", r"requests?",
    r"informationen", r"eingaben?", r"texte?", r"kontext", r"nachrichte?n?", r"informacion",
    r"texto", r"contexto", r"mensajes?", r"informations?", r"contexte", r"informazioni",
    r"testo", r"contesto", r"messaggi", r"informac\w*", r"mensage\w*", r"informatie",
    r"tekst", r"berichte?n?", r"jaankari", r"baatein",
)
_ALL = _alt(r"all", r"alle", r"allen", r"todas", r"todos", r"toutes", r"tous", r"tutte",
            r"tutti", r"sabhi", r"saari", r"saare")
# Verbs split around their object ("lass ... hinter dir", "set ... aside", "zet ... opzij").
_SPLIT_START = _alt(r"leave", r"put", r"set", r"lass\w*", r"laat", r"zet", r"stell\w*",
                    r"setze?", r"mets", r"metti", r"deja", r"deixe?", r"laisse[rz]?", r"volg",
                    r"befolge", r"folge", r"hor\w* auf")
_SPLIT_END = _alt(r"behind", r"aside", r"hinter (?:dir|sich|ihnen|euch)", r"beiseite",
                  r"zuruck", r"hinweg", r"opzij", r"achter(?: je| u)?", r"de cote",
                  r"da parte", r"de lado", r"para tras", r"atras", r"ausser acht",
                  r"niet meer", r"nicht mehr", r"zu (?:folgen|befolgen)")
# "Everything before": pronouns and adverbs that stand for what came earlier.
_EVERYTHING_BEFORE = _alt(
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
    r"upar ", r"pichl\w*", r"pehle wale",
)
_PRIOR_ADJ = _alt(
    r"previous", r"prior", r"earlier", r"preceding", r"above", r"former", r"initial",
    r"original", r"bisherig\w*", r"vorherig\w*", r"vorig\w*", r"obig\w*", r"fruher\w*",
    r"vorangegangen\w*", r"anterior\w*", r"previ[ao]s", r"precedent\w*", r"d'avant",
    r"di prima", r"de antes", r"vorige", r"eerdere", r"pichl\w*", r"purane",
)
_NO_LONGER = _alt(
    r"no longer (?:apply|applies|valid|count|matter|hold)", r"(?:are|is) (?:now )?(?:void|"
    r"obsolete|cancell?ed|invalid|null)", r"don'?t (?:count|apply|matter) anymore",
    r"nicht mehr", r"ungultig", r"ya no", r"no son validas", r"(?:ne|n') \w+ plus",
    r"ne comptent plus", r"non \w+ piu", r"nao \w+ mais", r"niet meer",
    r"(?:ab|aab) lagu nahi", r"lagu nahi",
)

_ROLE_VERB = _alt(
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
)
_UNBOUND = _alt(
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
)
# Signs of a role-play jailbreak on their own: staying in character, a world without laws,
# being "freed" from limits, the grandmother who read out keys.
_JAILBREAK = _alt(
    r"(?:always |immer |siempre |toujours |sempre |altijd )?(?:stays? in character|"
    r"bleib\w* (?:\w+ ){0,2}in (?:deiner|ihrer|seiner|der) rolle|no salgas del personaje|"
    r"reste dans ton personnage|resta nel personaggio|permaneca no personagem|blijf in je rol|"
    r"character me?i?n rah\w*|never break character)",
    r"(?:world|welt|mundo|monde|mondo|wereld) (?:\w+ ){0,2}(?:where|in der|donde|ou|dove|onde|"
    r"waar) (?:there are )?(?:no|keine|no hay|il n'y a pas de|non ci sono|nao ha|geen) "
    r"(?:laws|rules|gesetze|regeln|leyes|reglas|lois|regles|leggi|regole|leis|regras|wetten)",
    r"(?:freed|befreit|liberad[oa]s?|libere|liberat[oa]|libertad[oa]|bevrijd|azaad)\b"
    r"[^.!?\n]{0,30}?\b(?:limitations?|restrictions?|rules|limits|einschrankungen|regeln|"
    r"grenzen|limitaciones|restricciones|reglas|limites|regles|limitazioni|restrizioni|regole|"
    r"limitacoes|restricoes|regras|beperkingen|regels|niyam|pabandi\w*)",
    r"(?:sich |te )?an keine regeln (?:zu )?halten",
    r"(?:late|dead|deceased|verstorbene|difunta|defunte|defunta|falecida|overleden) "
    r"(?:grandmother|grandma|oma|abuela|grand-mere|nonna|avo|vo)",
    r"(?:assume|adopt|take on) the persona",
)

_REPRODUCE = _alt(
    r"print", r"show", r"display", r"reveal", r"repeat", r"output", r"tell", r"dump", r"list",
    r"write (?:down|out)?", r"translate", r"summari[sz]e", r"quote", r"give", r"spell",
    r"recite", r"what (?:is|are|was|were)", r"gib", r"zeig\w*", r"verrat\w*", r"wiederhol\w*",
    r"nenn\w*", r"schreib\w*", r"wie lautet", r"liste?", r"muestra\w*", r"revela\w*",
    r"repite", r"dime", r"cual (?:es|son)", r"affiche\w*", r"revele\w*", r"repete\w*",
    r"dis-moi", r"quel(?:le)?s? (?:est|sont)", r"mostra\w*", r"rivela\w*", r"ripeti",
    r"dimmi", r"qual (?:e|sao)", r"mostre", r"repita", r"diga", r"toon", r"onthul",
    r"herhaal", r"geef", r"wat (?:is|zijn)", r"dikhao", r"batao", r"bata do",
)
_OWN_PROMPT = _alt(
    r"system ?(?:prompt|message|instructions?)", r"systemnachricht", r"systemprompt",
    r"systemanweisung\w*", r"mensaje (?:de|del) sistema", r"message systeme",
    r"messaggio di sistema", r"mensagem (?:de|do) sistema", r"systeembericht",
    r"(?:initial|original|hidden|secret|first|starting) (?:prompt|instructions?|rules)",
    r"(?:versteckten|geheimen) (?:anweisungen|regeln)",
    r"instrucciones ocultas", r"instructions cachees", r"istruzioni nascoste",
    r"instrucoes ocultas", r"verborgen instructies", r"context window",
    r"(?:full |complete |entire )?configuration", r"konfiguration", r"configuracion",
    r"configurazione", r"configuracao", r"configuratie",
)
_YOUR = _alt(r"your", r"deine?[nmrs]?", r"ihre?[nmrs]?", r"tus?", r"ton", r"ta", r"tes",
             r"vos", r"votre", r"(?:il )?tuo", r"(?:la )?tua", r"(?:o )?seu", r"(?:a )?sua",
             r"je", r"jouw", r"apna", r"apne", r"apni")

_ALARM = _alt(r"attention", r"achtung", r"atencion", r"atencao", r"attenzione", r"let op",
              r"stop", r"stopp", r"halt", r"alto", r"para", r"arrete", r"fermati", r"pare",
              r"ruko", r"urgent", r"dringend", r"urgente", r"wait", r"moment", r"espera",
              r"attends", r"aspetta", r"espere", r"wacht")
_MORE_URGENT = _alt(
    r"stop", r"stopp", r"alto", r"pare", r"halt", r"(?:more|most) important", r"wichtiger",
    r"mas importante", r"plus important", r"piu importante", r"mais importante",
    r"belangrijker", r"zyada zaroori", r"urgent\w*", r"dringend\w*", r"emergency",
    r"notfall", r"instead", r"stattdessen", r"en su lugar", r"plutot", r"invece",
    r"em vez disso", r"in plaats daarvan", r"forget", r"vergiss", r"olvida", r"oublie",
    r"dimentica", r"esqueca", r"vergeet", r"other thing", r"something else",
    r"etwas anderem", r"otra cosa", r"autre chose", r"per altro", r"outra coisa",
    r"iets anders", r"everything you are doing",
)
_NEW_TASK = _alt(r"new", r"next", r"real", r"actual", r"neue", r"nachste", r"eigentliche",
                 r"nueva", r"nouvelle", r"nuovo", r"nova", r"nieuwe", r"naya")
_TASK = _alt(r"task", r"assignment", r"job", r"mission", r"aufgabe", r"tarea",
             r"tache", r"compito", r"tarefa", r"taak", r"kaam")
_DONE_NOW = (r"\b(?:that|this|it) (?:is|was) (?:done|finished|enough)|\bthat'?s (?:done|enough)"
             r"|\bdas (?:ist|war) (?:erledigt|genug)|\bgenug davon|\beso (?:ya )?esta"
             r"|\bc'est fait|\bquesto e fatto|\bisso (?:ja )?(?:esta|foi) feito|\bdat is klaar"
             r"|\bwoh kaam ho gaya|\bend of task|\bfinished with that|\balright,? enough"
             r"|\bok(?:ay)?,? (?:that'?s )?enough|\bso,? das reicht")
_NOW = _alt(r"now", r"next", r"jetzt", r"nun", r"ahora", r"maintenant", r"ora", r"agora",
            r"nu", r"ab", r"switch")

_ANSWER = _alt(r"(?:answer|reply|response|replies|answers)", r"antwort", r"respuesta",
               r"reponse", r"risposta", r"resposta", r"antwoord", r"jawab")
_SAY_THAT = _alt(
    r"include", r"mention", r"say", r"says", r"state", r"claim", r"add", r"write", r"insert",
    r"fug\w*", r"erwahn\w*", r"sag", r"behaupte\w*", r"schreib\w*", r"incluye", r"menciona",
    r"di", r"afirma", r"inclus", r"mentionne", r"dis", r"affirme", r"ecris", r"includi",
    r"menziona", r"afferma", r"inclua", r"mencione", r"afirme", r"neem", r"vermeld",
    r"zeg", r"likho", r"kaho",
)
_THAT = _alt(r"that", r"dass", r"que", r"qu'", r"che", r"dat", r"ki", r"saying",
             r"sagend", r"diciendo", r"disant", r"dicendo", r"dizendo", r"zeggend")
_HATE = _alt(r"hate", r"hates", r"hasst", r"hasse", r"odias", r"odio", r"detestes",
             r"deteste", r"odi", r"odeia", r"odeio", r"haat", r"nafrat")
_OWN_KNOWLEDGE = _alt(r"own knowledge", r"eigenen wissen", r"propio conocimiento",
                      r"propres connaissances", r"(?:tue|proprie) conoscenze",
                      r"proprio conhecimento", r"eigen kennis", r"apne gyaan")
_SOURCES = _alt(r"articles?", r"documents?", r"context", r"text", r"sources?", r"artikel\w*",
                r"dokument\w*", r"articulos", r"documentos", r"fuentes", r"textos?",
                r"artigos", r"fontes", r"articoli", r"documenti", r"artikelen", r"bronnen")
_NOT = _alt(r"not", r"nicht", r"no", r"non", r"nao", r"niet", r"mat", r"instead of", r"ohne",
            r"sin", r"sans", r"senza", r"sem", r"zonder")


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


@lru_cache(maxsize=1)
def intent_rules() -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """(kind, rule name, pattern) for each intent rule, compiled on first use."""
    b = r"\b"
    rules = [
        ("override", "set aside the instructions",
         b + _SET_ASIDE + b + _gap(60) + b + _INSTRUCTIONS + b),
        ("override", "set aside everything before",
         b + _SET_ASIDE + r"\W+(?:\w+ ){0,2}" + _EVERYTHING_BEFORE),
        ("override", "set aside the instructions",
         b + _SET_ASIDE + b + _gap(50) + b + _alt(_PRIOR_ADJ, _ALL) + r" (?:\w+ ){0,2}"
         + _WEAK_OBJECT + b),
        ("override", "set aside the instructions",
         b + _SPLIT_START + r" (?:\w+ ){0,5}?(?:" + _INSTRUCTIONS + "|" + _WEAK_OBJECT
         + r")\b(?: \w+){0,4}? " + _SPLIT_END + b),
        ("override", "set aside the instructions",
         r"\b(?:" + _alt(_PRIOR_ADJ, _ALL, r"upar ke(?: sabhi)?") + r" (?:\w+ ){0,2}(?:"
         + _WEAK_OBJECT + "|" + _INSTRUCTIONS + r")|" + _INSTRUCTIONS + r")\b" + _gap(30) + b
         + _alt(r"ignorier\w*", r"vergessen", r"vergisst", r"ignore kar\w*", r"bh?ool ja\w*",
                r"beiseite lassen", r"ausser acht lassen", r"nicht (?:mehr )?beachten",
                r"chhod do", r"mat maan\w*", r"nazar ?andaaz kar\w*", r"verwirf",
                r"zu (?:folgen|befolgen)", r"nicht mehr (?:folgen|befolgen)")),
        ("override", "everything before declared void",
         r"\b(?:everything|alles|all|todo|tout|tutto|tudo|alles) (?:\w+ )?(?:above|before|"
         r"vorher|davor|bisherige|oben|anterior|precedent|prima|acima|hierboven)\b"
         + _gap(25) + _alt(r"obsolete", r"void", r"egal", r"irrelevant", r"ungultig",
                           r"no longer", r"nicht mehr", r"invalid", r"cancell?ed",
                           r"doesn'?t matter", r"ya no", r"no importa", r"plus", r"piu",
                           r"mais", r"niet meer")
         + r"|\begal,? was (?:\w+ ){0,2}(?:vorher|davor|oben|bisher)"),
        ("override", "instructions declared void",
         b + _PRIOR_ADJ + r" (?:\w+ ){0,2}" + _INSTRUCTIONS + b + _gap(40) + b + _NO_LONGER),
        ("override", "instructions declared void",
         r"\b(?:alle|all|the|die|todas las|toutes les|tutte le|todas as|alle)? ?"
         + _alt(r"vorangegangenen", r"vorherigen", r"bisherigen", r"previous", r"earlier")
         + r" \w+ (?:sind|are|were|waren) " + _alt(r"ungultig", r"void", r"invalid",
                                                  r"cancell?ed", r"obsolete", r"wrong",
                                                  r"ein fehler", r"a mistake")
         + r"|\b" + _INSTRUCTIONS + r" (?:\w+ ){0,3}(?:sind|are|were|waren|was|war|eran|"
         r"etaient|erano|eram|waren) (?:\w+ )?" + _alt(r"ein fehler", r"a mistake", r"void",
                                                    r"invalid", r"ungultig", r"a test",
                                                    r"ein test", r"fake", r"un error",
                                                    r"une erreur", r"un errore", r"um erro",
                                                    r"een fout")),
        ("persona", "role that drops its rules",
         b + _ROLE_VERB + b + _gap(120) + b + _UNBOUND + b),
        ("persona", "role-play jailbreak", b + _JAILBREAK + b),
        ("persona", "asked to act as something else",
         r"\b(?:i (?:want|would like|need)|i'd like) you to (?:act|behave|pretend|play|"
         r"role-?play|respond|answer) (?:as|like)\b"
         r"|\bich mochte,? dass du (?:\w+ ){0,3}(?:als|wie) (?:\w+ ){0,4}"
         r"(?:fungierst|agierst|auftrittst|verhaltst|ausgibst|spielst)"
         r"|\bquiero que (?:actues|te comportes|hagas de|finjas)"
         r"|\bje (?:veux|voudrais) que tu (?:joues|agisses|te comportes|fasses semblant)"
         r"|\bvoglio che tu (?:agisca|faccia|finga|ti comporti)"
         r"|\bquero que voce (?:aja|atue|finja|se comporte)"
         r"|\bik wil dat je (?:je gedraagt|doet alsof|optreedt|fungeert)"
         r"|\bmain chahta hoon ki tum \w+ \w+ (?:ki tarah|jaisa)"),
        ("persona", "named persona without rules",
         r"\b(?:you are|you're|du bist|eres|tu es|sei|voce e|ben je|tum) (?:now |jetzt |"
         r"ahora |maintenant |adesso |agora |nu |ab )?(?:\w+ ){0,2}\w*(?:gpt|bot|dan|stan)\b"
         r"|\b(?:spielst du|you play|play|spiel|juegas|joues|giochi|joga|speel je) "
         r"(?:\w+ )?\w*(?:gpt|bot|dan|stan)\b"
         r"|\b(?:do anything now|strive to avoid norms)\b"),
        ("persona", "actors who stay in character",
         r"\b(?:two|zwei|dos|deux|due|dois|twee) (?:\w+ ){0,2}(?:actors|schauspieler\w*|"
         r"actores|acteurs|attori|atores|acteurs)\b[\s\S]{0,200}?(?:in character|rolle|"
         r"personaje|role|ruolo|personagem|rol)\b"),
        ("extraction", "asks for the model's own prompt",
         b + _REPRODUCE + b + _gap(50) + b + _YOUR + r" (?:\w+ )?" + _OWN_PROMPT + b),
        ("extraction", "asks for the model's own prompt",
         b + _REPRODUCE + b + _gap(40) + r"\b(?:the |die |las |les |le |as |de )?"
         + _alt(r"hidden", r"secret", r"versteckten", r"geheimen", r"ocultas", r"cachees",
                r"nascoste", r"verborgen") + r" " + _INSTRUCTIONS),
        ("extraction", "asks for the model's own prompt",
         b + _REPRODUCE + b + _gap(50) + b + _alt(r"your", r"the") + r" "
         + _alt(r"instructions", r"rules", r"guidelines", r"constraints") + r" (?:that )?(?:you|"
         r"were|must|you've|you have)\b"),
        ("extraction", "asks what the model was told before",
         r"\b(?:what|was|que|qu'est-ce|cosa|o que|wat|kya)\b" + _gap(40)
         + _alt(r"(?:were|was) you (?:told|given|instructed)", r"did (?:the \w+|they|your \w+)"
                r" (?:say|tell) (?:to )?you", r"(?:wurde|hat man) dir (?:\w+ )?gesagt",
                r"te (?:dijeron|han dicho)", r"t'a-t-on dit", r"on t'a dit",
                r"ti (?:e|hanno) (?:stato )?detto", r"te disseram", r"is je verteld",
                r"tumhe \w* ?bataya") + _gap(40)
         + _alt(r"before", r"bevor", r"vor", r"antes", r"avant", r"prima", r"voordat",
                r"pehle", r"at the (?:start|beginning)", r"zu beginn")),
        ("extraction", "asks for the instructions the model received",
         b + _REPRODUCE + b + _gap(60) + b + _alt(_INSTRUCTIONS, r"configuration", r"rules")
         + b + _gap(40) + b + _alt(r"you", r"dir", r"du", r"te", r"tu", r"ti", r"je",
                                   r"voce", r"tumhe", r"t'") + b + _gap(30) + b
         + _alt(r"received", r"got", r"were (?:given|initiali[sz]ed \w+|configured \w+)",
                r"gave", r"bekommen", r"erhalten", r"gegeben", r"recibiste", r"dieron",
                r"recues?", r"donnee?s", r"ricevut[oe]", r"dat[oei]", r"recebeu",
                r"deram", r"kreeg", r"gekregen", r"mila", r"mile", r"diye")),
        ("extraction", "asks for the model's own prompt",
         r"\b(?:apna|apne|apni) (?:\w+ )?" + _OWN_PROMPT + r"\b" + _gap(30)
         + r"\b(?:dikhao|batao|likho|bata do|bolo)\b"
         + r"|\b(?:pehle|shuru mein)\b" + _gap(20) + r"\btumhe kya (?:bataya|kaha|sikhaya)"
         + r"|\b" + _REPRODUCE + r"\b" + _gap(40) + _alt(r"instructions?", r"instructies",
                                                         r"istruzioni", r"instrucoes")
         + r" " + _alt(r"cachees", r"ocultas", r"nascoste", r"verborgen", r"secretas",
                       r"segrete", r"secretes")),
        ("extraction", "administrator mode that displays the configuration",
         r"\b(?:admin\w*|maintenance|debug\w*|developer|wartungs|root)[- ]?(?:override|mode|"
         r"modus|modo|access)\b\W{0,5}(?:\w+ ){0,3}(?:display|show|print|dump|reveal|"
         r"anzeigen|zeige?n?|ausgeben|mostrar|muestra|affiche\w*|mostra|toon)\b"),
        ("extraction", "asks for the text before the first message",
         b + _REPRODUCE + b + _gap(60)
         + _alt(r"before my first message", r"vor meiner ersten nachricht",
                r"antes de mi primer mensaje", r"avant mon premier message",
                r"prima del mio primo messaggio", r"antes da minha primeira mensagem",
                r"voor mijn eerste bericht", r"(?:start|beginning) of (?:your|the) context")),
        ("redirect", "alarm and a new task",
         r"(?:^|[.!?\n]\s*)" + _ALARM + r"\b[\s\W]{0,6}" + _gap(30) + b + _MORE_URGENT + b),
        ("redirect", "task declared done, now another",
         r"(?:" + _DONE_NOW + r")" + _gap(40) + r"[.;:,!\u2013\u2014-]+\s*(?:\w+ ){0,2}" + _NOW
         + b),
        ("redirect", "alarm and a new task",
         r"\b(?:wait|moment|espera|attends|aspetta|espere|wacht)\W{1,3}(?:stop|stopp|para|"
         r"arrete|fermati|pare|halt)\b"),
        ("redirect", "a new task announced",
         b + _NEW_TASK + r" " + _TASK + r"\b\s*(?::|is\b|lautet\b|ist\b|es\b|est\b|e\b|hai\b)"
         r"|\b(?:now|jetzt|nun) (?:folgt|kommt|comes) (?:\w+ ){0,2}(?:neue|eigentliche|new|real)"
         r" (?:aufgabe|task)"),
        ("shaping", "a claim put into the answer",
         b + _SAY_THAT + b + _gap(40) + b + _THAT + b + _gap(80) + b + _YOUR + r" "
         + _ANSWER + b),
        ("shaping", "a claim put into the answer",
         r"\b(?:in|to|into|at the end of|zu|en|dans|nella|na|nei|in je|apne)\b (?:\w+ )?"
         + _YOUR + r" " + _ANSWER + r"\b\W+(?:\w+ ){0,4}" + _SAY_THAT + b + _gap(40) + b
         + _THAT + b),
        ("shaping", "a claim put into the answer",
         b + _SAY_THAT + b + _gap(30) + r"\b(?:in|en|dans|nella|na|nei|in je|im)\b (?:\w+ )?"
         + _YOUR + r" " + _ANSWER + r"\w*\b\W{0,3}(?:\w+ )?" + _THAT + b
         + r"|\b(?:at the end of|am ende|al final de|a la fin de|alla fine di|no final de|aan "
         r"het eind van) (?:\w+ )?" + _ANSWER + r"\w*\W{0,3}[\"'\u00ab\u201c:]"),
        ("shaping", "the model made to say it hates",
         b + _THAT + r" (?:you|du|tu|voce|je|tum|usted) (?:\w+ ){0,3}" + _HATE + b),
        ("shaping", "a claim put into the answer",
         r"\b(?:make sure|ensure) (?:that )?" + _YOUR + r" " + _ANSWER + r" (?:says|claims|"
         r"states|mentions|includes)\b"),
        ("shaping", "answer from own knowledge, not the sources",
         b + _OWN_KNOWLEDGE + b + _gap(30) + b + _NOT + b + _gap(30) + b + _SOURCES + b
         + "|" + b + _SOURCES + r" (?:ko )?" + _NOT + b + _gap(40) + _OWN_KNOWLEDGE),
        ("shaping", "answer forced to start or end with a text",
         b + _alt(r"begin", r"start", r"end", r"beginne", r"starte", r"beende", r"empieza",
                  r"comienza", r"termina", r"commence", r"termine", r"inizia", r"comece",
                  r"begin") + r" (?:\w+ ){0,2}" + _ANSWER + r"\w* (?:\w+ ){0,2}(?:with|mit|con|"
         r"par|avec|com|met)\s*[\"'«“]"),
        ("shaping", "answers that lie or invent sources",
         r"\b(?:answer|respond|reply)\w* (?:to )?(?:every|each|all)\b" + _gap(30)
         + r"\bwith (?:a )?(?:lie|lies|falsehoods?|wrong)\b"
         + r"|\b(?:always|immer|siempre|toujours|sempre|altijd) (?:claim|behaupte|afirma|"
         r"affirme|afferma|beweer)\b"
         + r"|\b(?:make up|invent|erfinde|inventa|invente|verzin)\w* (?:\w+ ){0,2}(?:source|"
         r"quelle|fuente|fonte|bron|citation|zitat)"
         + r"|\bas if the (?:context|text|document|article)s? said the opposite\b"),
    ]
    return tuple((kind, name, _compile(p)) for kind, name, p in rules)


def find_intent(skel: str) -> list[tuple[str, str, str]]:
    """(kind, rule, excerpt) for each intent rule that matches the skeleton text."""
    hits = []
    for kind, name, pattern in intent_rules():
        m = pattern.search(skel)
        if m:
            lo, hi = m.span()
            hits.append((kind, name, skel[max(0, lo - 10):hi + 30].strip()))
    return hits
