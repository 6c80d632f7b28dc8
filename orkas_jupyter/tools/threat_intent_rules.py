"""The intent grammar's rules: each an `IntentRule` with its kind, name, pattern and the
classes every match needs (its gates). `threat_intent.py` compiles and runs them."""

from __future__ import annotations

from dataclasses import dataclass

from .threat_intent_phrases import (
    ADMIN,
    AI_READER,
    AUTHORITY,
    BEFORE,
    BEGIN,
    DONT_ANSWER,
    END_OF,
    FIRST_MESSAGE,
    FORGET_THEM,
    FROM_SOURCE,
    GAME,
    HIDDEN,
    HIDDEN_AFTER,
    MISTAKE,
    MODEL_RULES_NAMED,
    NEVER_EXISTED,
    OV_VERBS,
    PREP,
    PRIOR_PLURAL,
    RECEIVED,
    RECEIVED_BY_YOU,
    SHOW_HI,
    STAY_IN_CHARACTER,
    STOP,
    THEIR_RULES,
    THEM,
    TO_YOU,
    TOLD,
    TWO,
    WAIT,
    YOU_ARE,
    YOU_SUBJECT,
    YOUR_HI,
)
from .threat_intent_words import (
    ALARM,
    ALL,
    ANSWER,
    DONE_NOW,
    EVERYTHING_BEFORE,
    HATE,
    INSTRUCTIONS,
    JAILBREAK,
    MORE_URGENT,
    NEW_TASK,
    NO_LONGER,
    NOT,
    NOW,
    OWN_KNOWLEDGE,
    OWN_PROMPT,
    PRIOR_ADJ,
    REPRODUCE,
    ROLE_VERB,
    SAY_THAT,
    SENTENCE_START,
    SET_ASIDE,
    SOURCES,
    SPLIT_END,
    SPLIT_START,
    TASK,
    THAT,
    UNBOUND,
    WEAK_OBJECT,
    WHAT_CAME_BEFORE,
    YOUR,
    alt,
    gap,
)
from .threat_vocabulary import IN_DATA

b = r"\b"
# Up to 60 characters of one sentence without a data word: in "ignore the legacy column when
# joining orders" the verb's object is the column, whatever follows
DATA_GAP = (r"(?:(?!\b(?:columns?|tables?|rows?|files?|warnings?|cells?|values?|fields?|"
            r"sheets?|datasets?|spalten?|tabellen?|zeilen?|dateien?|columnas?|tablas?|filas?|"
            r"colonnes?|lignes?)\b)[^.!?;:\n]){0,60}?")


@dataclass(frozen=True)
class IntentRule:
    """One rule: its kind, name, pattern, and the classes every match needs (its gate).
    `present`: a pattern every match contains, searched before a rule that cannot be started
    at a word runs over the whole text (a whole word where the gate's word starts are not
    enough: "assistant", not every word that begins "ass")."""

    kind: str
    name: str
    pattern: str
    needs: tuple[str, ...] = ()
    present: str = ""
    # a pattern that must also occur within `NEAR` characters of the match (round 27: staying
    # in character counts only with the model's rules named nearby)
    near: str = ""


R = IntentRule
# How far from a match a rule's `near` pattern may stand, before or after it
NEAR = 1500
RULES: tuple[IntentRule, ...] = (
    # --- override: set the model's instructions aside ----------------------------------------
    R("override", "set aside the instructions",
      b + SET_ASIDE + b + DATA_GAP + b + INSTRUCTIONS + b + IN_DATA, (SET_ASIDE, INSTRUCTIONS)),
    R("override", "set aside everything before",
      # the words between name the text itself, not a thing ("ignore the columns above")
      b + SET_ASIDE + r"\W+(?:(?:the|all|of|this|that|these|those|it|text|message|messages|"
      r"stuff|things|words|content|instructions?|rules|said|written|what|is|was|you|were|"
      r"told|everything|anything|ganz\w*|kram|zeug|das|die|der|den|todo|lo|tout|ce|tutto|tudo|"
      r"o|het|"
      r"alles|wat|sab|jo)\W+){0,3}" + EVERYTHING_BEFORE, (SET_ASIDE,)),
    R("override", "set aside the instructions",
      b + SET_ASIDE + b + gap(50) + b + alt(PRIOR_ADJ, ALL) + r" (?:\w+ ){0,2}" + WEAK_OBJECT
      + b, (SET_ASIDE, alt(PRIOR_ADJ, ALL), WEAK_OBJECT)),
    R("override", "set aside the instructions",
      b + SPLIT_START + r" (?:\w+ ){0,5}?" + alt(INSTRUCTIONS, WEAK_OBJECT)
      + r"\b(?: \w+){0,4}? " + SPLIT_END + b,
      (SPLIT_START, alt(INSTRUCTIONS, WEAK_OBJECT), SPLIT_END)),
    R("override", "set aside the instructions",
      r"\b(?:" + alt(PRIOR_ADJ, ALL, r"upar ke(?: sabhi)?") + r" (?:\w+ ){0,2}"
      + alt(WEAK_OBJECT, INSTRUCTIONS) + "|" + INSTRUCTIONS + "|" + WHAT_CAME_BEFORE
      + r"|alles (?:von )?(?:vorher|davor|zuvor|oben|bisher\w*)|das alles"
      + r"|jo (?:bhi )?(?:upar|pehle) (?:likha|kaha|bataya))\b" + gap(30) + b + OV_VERBS,
      (OV_VERBS,)),
    R("override", "set aside the instructions",
      b + SET_ASIDE + b + gap(40) + b + alt(WEAK_OBJECT, INSTRUCTIONS) + r" (?:\w+ )?"
      + PRIOR_ADJ + b, (SET_ASIDE, alt(WEAK_OBJECT, INSTRUCTIONS), PRIOR_ADJ)),
    R("override", "set aside the instructions",
      b + alt(PRIOR_ADJ, ALL) + r" (?:\w+ ){0,2}" + INSTRUCTIONS + b + gap(60) + FORGET_THEM
      + " " + THEM + b, (INSTRUCTIONS, FORGET_THEM, THEM)),
    R("override", "set aside the instructions",
      r"\b(?:act|behave|pretend|answer) as (?:though|if) " + gap(40) + b + NEVER_EXISTED,
      (NEVER_EXISTED,)),
    R("override", "everything before declared void",
      b + WHAT_CAME_BEFORE + b + gap(30) + b + NO_LONGER, (NO_LONGER,)),
    R("override", "everything before declared void",
      r"\begal,? was (?:\w+ ){0,2}(?:vorher|davor|oben|bisher)", ("egal",)),
    R("override", "instructions declared void",
      r"\b(?:(?:alle|all|the|die|todas las|toutes les|tutte le|todas as) ?)?" + PRIOR_PLURAL
      + r" \w+ (?:sind|are|were|waren) " + alt(r"ungultig", r"void", r"invalid",
                                               r"cancell?ed", r"obsolete", r"wrong",
                                               r"ein fehler", r"a mistake"),
      (PRIOR_PLURAL,)),
    R("override", "instructions declared void",
      b + INSTRUCTIONS + r" (?:\w+ ){0,3}(?:sind|are|were|waren|was|war|eran|etaient|erano|"
      r"eram) (?:\w+ )?" + MISTAKE, (INSTRUCTIONS, MISTAKE)),
    R("override", "set aside what the model was told",
      b + SET_ASIDE + r"\W{0,3}(?:\w+ ){0,2}" + alt(
          r"(?:was|alles,? was) (?:man )?dir (?:\w+ ){0,3}(?:gesagt|aufgetragen|befohlen|"
          r"gegeben|vorgegeben)", r"what (?:you were|you've been|you have been) (?:told|given|"
          r"asked|instructed)", r"what (?:they|he|she|someone|the \w+) (?:told|said to) you",
          r"was (?:sie|er|man|jemand) dir gesagt (?:hat|haben)",
          r"lo que te (?:dijeron|han dicho|pidieron|ordenaron)",
          r"ce qu'on t'a (?:dit|demande)", r"cio che ti (?:e stato|hanno) (?:detto|chiesto)",
          r"o que te (?:disseram|pediram)", r"wat (?:je|jou) (?:\w+ )?(?:is )?(?:verteld|"
          r"gezegd|gevraagd)"), (SET_ASIDE,)),
    R("override", "set aside what came before",
      b + SET_ASIDE + b + gap(30) + alt(r"(?:escrito|dicho) (?:arriba|antes)",
                                        r"(?:ecrit|dit) (?:plus haut|ci-dessus|avant)",
                                        r"(?:scritto|detto) (?:sopra|prima)",
                                        r"(?:escrito|dito) (?:acima|antes)",
                                        r"(?:hierboven|eerder) (?:staat|stond|gezegd)",
                                        r"(?:oben|vorher|zuvor) (?:steht|stand|gesagt)",
                                        r"written (?:above|before)", r"said (?:above|before)")
      + b, (SET_ASIDE,)),
    R("override", "set aside what came before",
      r"\b(?:ab tak|abhi tak|pehle) (?:\w+ ){0,6}(?:kaha|bataya|likha) (?:gaya )?(?:hai|tha)"
      r"\b" + gap(30) + r"\b(?:bh?o+l ja\w*|bhul ja\w*|ignore kar\w*|chhod do)",
      (alt(r"ab tak", r"abhi tak", r"pehle"),)),
    R("override", "reset to factory settings",
      r"\b(?:reset (?:yourself|dich)|setze? dich (?:(?:jetzt |sofort )?(?:auf|in) (?:die |deine "
      r"|den )?(?:werkseinstellungen|werkszustand|ursprungszustand|auslieferungszustand) )?"
      r"zuruck|restablecete|"
      r"reinitialise-toi|resettati)\b"
      # round 36: the reader's own factory settings ("Return to your factory settings"), not a
      # device's in its manual ("Hold RESET to restore factory settings")
      r"|\b(?:your|deine[nm]?|tu|tus|tes|ta|vos|tue|tuoi|tua|teu|teus|je) (?:own |eigenen? )?"
      r"(?:factory settings|werkseinstellungen|configuracion de fabrica|parametres d'usine|"
      r"impostazioni di fabbrica|configuracoes de fabrica|fabrieksinstellingen)\b",
      (alt(r"reset", r"zurucksetzen", r"setze", r"restablecete", r"reinitialise",
           r"resettati", r"your", r"deine[nm]?", r"tu", r"tus", r"tes", r"ta", r"vos", r"tue",
           r"tuoi", r"tua", r"teu", r"teus", r"je", r"setz"),)),
    R("override", "everything erased from the model's memory",
      r"\b(?:from|aus|de|dalla|da|uit) (?:your|deinem|tu|ta|la tua|tua|sua|je) (?:memory|"
      r"gedachtnis|"
      r"memoria|memoire|geheugen)\b|\b(?:everything|alles|todo|tout|tutto|tudo)\b"
      + gap(60) + r"\b(?:from|aus|de|dalla|da|uit) (?:your|deinem|tu|ta|la tua|tua|sua|je) "
      r"(?:memory|gedachtnis|memoria|memoire|geheugen)\b",
      (alt(r"memory", r"gedachtnis", r"memoria", r"memoire", r"geheugen"),)),
    R("extraction", "asks which hidden instructions the model follows",
      r"\b(?:which|what|welche|que|quelles?|quali|quais|welke)\b (?:\w+ )?"
      r"(?:hidden|secret|versteckten|geheimen|ocult[ao]s|cachee?s|nascost[ei]|verborgen)\b",
      (alt(r"which", r"what", r"welche", r"que", r"quel", r"quelle", r"quelles", r"quels",
           r"quali", r"quais", r"welke"),)),
    R("shaping", "a claim put into everything the model writes",
      r"\b(?:in|en|dans) (?:whatever|everything|all|allem|todo lo|tout ce|tutto cio|tudo o)\b"
      + gap(40) + r"\b(?:claim|say|state|behaupte|afirma|affirme|afferma|diga|zeg)\b",
      (alt(r"whatever", r"everything", r"all", r"allem", r"todo", r"tout", r"tutto", r"tudo"),)),
    R("override", "text addressed to an AI reader",
      r"\b(?:note|message|hinweis|nachricht|nota|remarque|notitie)\b (?:to|for|an|fur|para|"
      r"pour|per|voor) (?:the |die |den |el |la |le |il |o |de )?" + AI_READER + b
      + r"|\b(?:if you are|if you're|falls du|wenn du|si eres|si tu es|se sei|se voce e|"
      r"als je|agar tum) (?:an? |eine? |una? |un |uma |een )?(?:ai|ki|ia|llm|language model|"
      r"sprachmodell|assistant|chatbot|modell|model)\b"
      r"|\b(?:ai|ki|ia|llm)(?:[- ]agent\w*)? (?:reading this|die das liest|que lea esto|qui lit "
      r"ceci|che legge|que le isto|die dit leest|processing this|die dieses)"
      r"|\b(?:attention|achtung|atencion|attenzione|atencao|let op),? (?:language model|"
      r"sprachmodell|ai|ki|ia|llm|assistant|modelo de lenguaje|modele de langage|"
      r"modello linguistico)\b", (alt(r"note", r"message", r"hinweis", r"nachricht", r"nota",
                                     r"remarque", r"notitie", r"if", r"falls", r"wenn", r"si",
                                     r"se", r"als", r"agar", r"ai", r"ki", r"ia", r"llm",
                                     r"attention", r"achtung", r"atencion", r"attenzione",
                                     r"atencao", r"let"),)),
    R("override", "hidden comment addressed to the model",
      r"<!--\s*(?:assistant|ai|system|llm|model|ki)\b", ()),
    R("shaping", "a slant put into every summary",
      r"\b(?:always|immer|siempre|toujours|sempre|altijd)\b" + gap(60) + r"\b(?:in|en|dans|nei|"
      r"nos|em) (?:your|deinen|tus|tes|tuoi|seus|je) (?:summaries|zusammenfassungen|resumenes|"
      r"resumes|riassunti|resumos|samenvattingen|answers|antworten|respuestas|reponses|"
      r"risposte|respostas|antwoorden)\b|\b(?:in|en|dans|nei|nos) (?:your|deinen|tus|tes|tuoi|"
      r"seus|je) (?:summaries|zusammenfassungen|resumenes|resumes|riassunti|resumos|"
      r"samenvattingen)\b" + gap(40) + r"\b(?:always|immer|siempre|toujours|sempre|altijd)\b",
      (alt(r"always", r"immer", r"siempre", r"toujours", r"sempre", r"altijd"),)),
    R("override", "an order that outranks the earlier ones",
      r"\b(?:takes?|has) (?:\w+ )?priority over (?:all|any|every)|\bvorrang vor (?:allen|allem)"
      r"|\b(?:tiene|tienen) prioridad sobre|\bpriorite sur (?:tout|toutes)|\bpriorita su tutt"
      r"|\bprioridade sobre tod|\bvoorrang boven all"
      r"|\bnone of the (?:earlier|previous|prior) ones\b|\bkeine der (?:vorherigen|fruheren)"
      r"|\bninguna de las anteriores|\baucune des precedentes|\bnessuna delle precedenti"
      r"|\bnenhuma das anteriores|\bgeen van de vorige",
      (alt(r"takes", r"take", r"has", r"vorrang", r"tiene", r"tienen", r"priorite",
           r"priorita", r"prioridade", r"voorrang", r"none", r"keine", r"ninguna", r"aucune",
           r"nessuna", r"nenhuma", r"geen"),)),
    R("extraction", "asks for the instructions the model started with",
      b + alt(INSTRUCTIONS, r"prompt", r"configuration", r"konfiguration\w*") + b + gap(40)
      + alt(r"(?:with which )?you were (?:initiali[sz]ed|started|configured|set up)",
            r"mit denen du (?:gestartet|initialisiert|konfiguriert) wurdest",
            r"con (?:las|los) que (?:fuiste|te) (?:iniciad|inicializad|configurad)\w*",
            r"avec lesquel\w* tu as ete (?:initialise|configure|demarre)\w*",
            r"con cui sei stat[oa] (?:inizializzat|configurat|avviat)\w*",
            r"com (?:as )?(?:quais|que) (?:voce )?foi (?:inicializad|configurad)\w*",
            r"waarmee je (?:bent )?(?:gestart|geinitialiseerd|geconfigureerd)"),
      (alt(r"you", r"mit", r"con", r"avec", r"com", r"waarmee", r"with"),)),
    R("persona", "two roles, one without rules",
      b + TWO + r" (?:\w+ )?(?:roles|parts|rollen|papeles|ruoli|papeis)\b[\s\S]{0,200}?\b"
      r"(?:ignor\w*|never refuses?|nie ab\w*|lehnt nie|nunca se niega|ne refuse jamais|"
      r"non rifiuta mai|nunca recusa|weigert nooit|unfiltered|ohne filter|sin filtro|"
      r"sans filtre|senza filtri)", (TWO,)),
    R("extraction", "asks for the preamble",
      b + REPRODUCE + b + gap(30) + r"\b(?:the |die |el |il |o |le |la |de |het )?(?:preamble|"
      r"praambel|preambulo|preambule|preambolo)\b", (REPRODUCE,)),
    R("shaping", "answer forced to start or end with a text",
      r"\b(?:make|let|lass|haz|fais|fai|faca|laat) (?:your|deine|tu|ta|la tua|sua|je) "
      + ANSWER + r" (?:\w+ ){0,6}?(?:end|begin|start|enden|beginnen|anfangen|terminar|"
      r"empezar|finir|commencer|finire|iniziare|comecar|eindigen|beginnen)\b", (ANSWER,)),
    R("override", "earlier text declared noise",
      r"\b(?:treat|consider|betrachte|behandle|considera|trata|traite|considere|behandel)\b"
      + gap(30) + r"\b" + PRIOR_ADJ + r" (?:\w+ ){0,2}(?:as|als|como|comme|come) (?:\w+ )?"
      r"(?:noise|void|irrelevant|rauschen|ungultig|nichtig|irrelevante|ruido|bruit|rumore|ruis|"
      r"nul|null)\b", (PRIOR_ADJ,)),
    R("persona", "safeguards switched off",
      b + YOUR + r" (?:\w+ )?(?:filters?|guardrails|safety \w+|restrictions|safeguards|"
      r"schutzmechanismen|sicherheits\w*|filtros|restricciones|filtres|restrictions|filtri|"
      r"restrizioni|filtros|restricoes|beveiliging\w*)\b" + gap(30) + r"\b(?:umgehen|abschalten|"
      r"deaktivieren|ausschalten|desactivar|saltarte|contourner|desactiver|aggirare|disattivare|"
      r"burlar|desativar|omzeilen|uitschakelen)\b"
      r"|\b(?:bypass|circumvent|disable|turn off|switch off|umgehen|abschalten|deaktivieren|"
      r"desactiva\w*|saltate|contourne\w*|desactive\w*|aggira\w*|disattiva\w*|burla\w*|"
      r"desativ\w*|omzeil\w*|schakel)\b" + gap(20) + b + YOUR + r" (?:\w+ )?(?:filters?|"
      r"guardrails|safety|restrictions|safeguards|schutzmechanismen|sicherheit\w*|filtros|"
      r"restricciones|filtres|filtri|restrizioni|restricoes)\b", (YOUR,)),
    R("shaping", "a message for the user appended to the answer",
      b + END_OF + r" (?:\w+ )?" + ANSWER + r"\w*\W{1,3}(?:\w+ )?(?:tell|say|write|add|mention|"
      r"sag|schreib\w*|erwahne|di|dis|diga|zeg)\b", (END_OF, ANSWER)),
    R("redirect", "stop what you are doing",
      r"\b(?:stop (?:what|everything) you(?:'re| are) doing|"
      r"hor\w* auf mit dem,? was du (?:gerade )?tust|deja (?:de hacer )?lo que estas haciendo|"
      r"arrete ce que tu fais|smetti (?:di fare )?quello che stai facendo|"
      r"pare (?:de fazer )?o que (?:voce )?esta fazendo|stop met wat je "
      r"(?:aan het )?doet)\b"
      r"|\b(?:new|neue|nueva|nouvelle|nuova|nova|nieuwe) (?:top )?(?:priority|prioritat|"
      r"prioridad|priorite|priorita|prioridade|prioriteit)\b"
      r"|\b(?:emergency|notfall|emergencia|urgence|emergenza|noodgeval)\s*:"
      # In English the object must be the model's work ("drop the summary"), not the
      # reader's ("change of plans: skip the code review and pair with Tom").
      r"|\bchange of plans?\W{1,4}(?:\w+ ){0,2}(?:drop|forget|ignore|skip|scrap) (?:what|"
      r"everything|all|that|this|your|(?:the|my) (?:\w+ )?(?:summary|translation|task|answer|"
      r"text|article|document|instructions?|request|analysis|above|previous|current|original|"
      r"assignment|prompt))\b"
      r"|\b(?:plananderung|cambio de planes|changement de plans?|cambio di "
      r"programma|mudanca de planos|verandering van plan)\W{1,4}(?:\w+ ){0,2}(?:lass|vergiss|"
      r"ignoriere|deja|olvida|oublie|laisse|dimentica|lascia|esqueca|vergeet|laat)\b",
      (alt(r"stop", r"hor", r"deja", r"arrete", r"smetti", r"pare",
                              r"new", r"neue", r"nueva", r"nouvelle", r"nuova", r"nova",
                              r"nieuwe", r"emergency", r"notfall", r"emergencia", r"urgence",
                              r"emergenza", r"noodgeval", r"change", r"plananderung",
                              r"cambio", r"changement", r"mudanca", r"verandering"),)),
    R("override", "address the model's instructions",
      b + YOUR + r" (?:\w+ )?" + alt(r"(?:system ?)?prompts?", r"system ?message",
                                    r"systemnachricht", r"systemanweisung\w*",
                                    r"mensaje (?:de|del) sistema", r"message systeme",
                                    r"messaggio di sistema", r"mensagem (?:de|do) sistema",
                                    r"systeembericht", r"instructions", r"anweisungen",
                                    r"instruktionen", r"vorgaben", r"regeln", r"richtlinien",
                                    r"instrucciones", r"reglas", r"directrices", r"consignes",
                                    r"instructions", r"regles", r"istruzioni", r"regole",
                                    r"instrucoes", r"regras", r"instructies", r"regels",
                                    r"programming", r"programmierung", r"guidelines",
                                    r"nirdesh\w*") + b,
      (YOUR,)),
    R("redirect", "alarm and a new task",
      SENTENCE_START + ALARM + r"\s*[!:.\u2013\u2014-]+[^\n]{0,100}?\b" + MORE_URGENT
      + b, (ALARM, MORE_URGENT)),
    # --- persona: a role that drops the model's rules ----------------------------------------
    R("persona", "role that drops its rules",
      b + ROLE_VERB + b + gap(120) + b + UNBOUND + b, (ROLE_VERB, UNBOUND)),
    R("persona", "role-play jailbreak", b + JAILBREAK + b, (JAILBREAK,)),
    R("persona", "stays in character, with the model's rules named",
      b + STAY_IN_CHARACTER + b, (STAY_IN_CHARACTER, MODEL_RULES_NAMED),
      near=b + MODEL_RULES_NAMED + b),
    R("persona", "a game in which the model plays a role",
      b + GAME + r"\b[^.!?\n]{0,60}?\b" + YOU_ARE + b, (GAME, YOU_ARE)),
    R("persona", "told it is someone else",
      r"\b(?:you are not|you're not|du bist kein\w*|sie sind kein\w*|no eres|tu n'es pas|"
      r"non sei|voce nao e|je bent geen)\b" + gap(60) + r"\b(?:but|sondern|sino|mais|ma|mas|"
      r"maar)\b", (alt(r"you", r"du", r"sie", r"no", r"tu", r"non", r"voce", r"je"),)),
    R("persona", "asked to act as something else",
      r"\b(?:i (?:want|would like|need)|i'd like) you to (?:act|behave|pretend|play|"
      r"role-?play|respond|answer) (?:as|like)\b"
      r"|\b(?:ich mochte|ich will|wir mochten),? dass sie (?:\w+ ){0,3}als (?:\w+ ){0,4}"
      r"(?:agieren|fungieren|auftreten|handeln)"
      r"|\bich mochte,? dass du (?:\w+ ){0,3}(?:als|wie) (?:\w+ ){0,4}"
      r"(?:fungierst|agierst|auftrittst|verhaltst|ausgibst|spielst)"
      r"|\bquiero que (?:actues|te comportes|hagas de|finjas)"
      r"|\bje (?:veux|voudrais) que tu (?:joues|agisses|te comportes|fasses semblant)"
      r"|\bvoglio che tu (?:agisca|faccia|finga|ti comporti)"
      r"|\bquero que voce (?:aja|atue|finja|se comporte)"
      r"|\bik wil dat je (?:je gedraagt|doet alsof|optreedt|fungeert)"
      r"|\bmain chahta hoon ki tum \w+ \w+ (?:ki tarah|jaisa)"),
    R("persona", "named persona without rules",
      r"\b(?:you are|you're|du bist|eres|tu es|sei|voce e|ben je|tum) (?:now |jetzt |"
      r"ahora |maintenant |adesso |agora |nu |ab )?(?:\w+ ){0,2}\w*(?:gpt|bot|dan|stan)\b"
      r"|\b(?:spielst du|you play|play|spiel|juegas|joues|giochi|joga|speel je) "
      r"(?:\w+ )?\w*(?:gpt|bot|dan|stan)\b"
      r"|\b(?:do anything now|strive to avoid norms)\b"),
    R("persona", "actors who stay in character",
      b + TWO + r" (?:\w+ ){0,2}(?:actors|schauspieler\w*|actores|acteurs|attori|atores|"
      r"entities|characters|personas|figuren|personajes|personnages|personaggi|personagens|"
      r"personages)\b"
      r"[\s\S]{0,200}?(?:in character|rolle|personaje|role|ruolo|personagem|rol)\b", (TWO,)),
    # --- extraction: the model's own prompt ---------------------------------------------------
    R("extraction", "asks for the model's own prompt",
      b + REPRODUCE + b + gap(50) + b + YOUR + r" (?:\w+ )?" + OWN_PROMPT + b,
      (REPRODUCE, YOUR, OWN_PROMPT)),
    R("extraction", "asks for the model's own prompt",
      b + REPRODUCE + b + gap(40) + r"\b(?:the |die |las |les |le |as |de )?" + HIDDEN + " "
      + INSTRUCTIONS, (REPRODUCE, HIDDEN, INSTRUCTIONS)),
    R("extraction", "asks for the model's own prompt",
      b + REPRODUCE + b + gap(50) + r"\b(?:your|the) " + THEIR_RULES
      + r" (?:that )?(?:you|were|must|you've|you have)\b", (REPRODUCE, THEIR_RULES)),
    R("extraction", "asks for the model's own prompt",
      b + REPRODUCE + b + gap(40) + alt(r"instructions?", r"instructies", r"istruzioni",
                                        r"instrucoes") + " " + HIDDEN_AFTER,
      (REPRODUCE, HIDDEN_AFTER)),
    R("extraction", "asks for the model's own prompt",
      b + YOUR_HI + r" (?:\w+ )?" + OWN_PROMPT + b + gap(30) + b + SHOW_HI + b,
      (YOUR_HI, SHOW_HI)),
    R("extraction", "asks what the model was told before",
      r"\b(?:what|was|que|qu'est-ce|cosa|o que|wat|kya)\b" + gap(40) + TOLD + gap(40) + BEFORE,
      (TOLD,)),
    R("extraction", "asks what the model was told before",
      r"\b(?:pehle|shuru mein)\b" + gap(20) + r"\btumhe kya (?:bataya|kaha|sikhaya)",
      ("tumhe",)),
    R("extraction", "asks for the instructions the model received",
      b + REPRODUCE + b + gap(60) + b + alt(INSTRUCTIONS, r"configuration", r"rules") + b
      + gap(40) + b + TO_YOU + b + gap(30) + b + RECEIVED,
      (REPRODUCE, alt(INSTRUCTIONS, r"configuration", r"rules"), RECEIVED)),
    R("extraction", "asks for the prompt the model received",
      r"\b(?:" + REPRODUCE + r"\b" + gap(40) + r"\b(?:" + INSTRUCTIONS + r"|configuration)"
      r"|(?:" + INSTRUCTIONS + r"|configuration)\b" + gap(20) + r"\b" + REPRODUCE + r")\b"
      + gap(40) + b + RECEIVED_BY_YOU + b, (REPRODUCE, RECEIVED_BY_YOU)),
    R("extraction", "claims authority and asks for the prompt",
      b + AUTHORITY + r"[^\n]{0,100}?\b" + REPRODUCE + b, (AUTHORITY, REPRODUCE)),
    R("extraction", "administrator mode that displays the configuration",
      b + ADMIN + r"[- ]?(?:override|mode|modus|modo|access)\b\W{0,5}(?:\w+ ){0,3}(?:display|"
      r"show|print|dump|reveal|anzeigen|zeige?n?|ausgeben|mostrar|muestra|affiche\w*|mostra|"
      r"toon)\b", (ADMIN,)),
    R("extraction", "asks for the text before the first message",
      b + REPRODUCE + b + gap(60) + FIRST_MESSAGE, (REPRODUCE, FIRST_MESSAGE)),
    # --- redirect: stop, and do something else ------------------------------------------------
    R("redirect", "alarm and a new task",
      SENTENCE_START + ALARM + r"\b[\s\W]{0,6}" + gap(30) + b + MORE_URGENT + b,
      (ALARM, MORE_URGENT)),
    R("redirect", "alarm and a new task", b + WAIT + r"\W{1,3}" + STOP + b, (WAIT, STOP)),
    R("redirect", "task declared done, now another",
      r"(?:" + DONE_NOW + r")" + gap(40) + r"[.;:,!\u2013\u2014-]+\s*(?:\w+ ){0,2}" + NOW + b,
      (NOW,)),
    R("redirect", "a new task announced",
      b + NEW_TASK + r" " + TASK + r"\b\s*(?::|is\b|lautet\b|ist\b|es\b|est\b|e\b|hai\b)",
      (NEW_TASK, TASK)),
    R("redirect", "a new task announced",
      b + alt(r"new", r"neue", r"nuevas?", r"nouvelles?", r"nuov[ei]", r"novas?", r"nieuwe",
              r"additional", r"zusatzliche") + " "
      + alt(r"tasks", r"instructions?", r"aufgaben", r"anweisungen", r"instruktionen",
            r"tareas", r"instrucciones", r"taches", r"consignes", r"compiti", r"istruzioni",
            r"tarefas", r"instrucoes", r"taken", r"instructies", r"opdrachten")
      + r"\b\s*(?:[-:]|(?:now |nun |jetzt )?(?:follow|folgen|siguen|suivent|seguono|seguem|"
      r"volgen)\b)"
      r"|\b(?:nun|jetzt|now) folgen (?:\w+ )?(?:neue|weitere) (?:aufgaben|anweisungen)"
      r"|\b(?:start over|neu anfangen|von vorne (?:anfangen|beginnen)|empezar de nuevo|"
      r"recommencer|ricominciare|recomecar|opnieuw beginnen)\b" + gap(30) + r"\b(?:new|neuen|"
      r"nueva|nouvelle|nuovo|nova|nieuwe) (?:task|aufgabe|tarea|tache|compito|tarefa|taak)"),
    R("redirect", "the model's new task",
      b + YOUR + " " + NEW_TASK + " " + TASK + b
      + r"|\b(?:out of|aus) (?:your|deinem|ihrem) (?:head|mind|memory|kopf|gedachtnis)\b",
      (alt(YOUR, r"out", r"aus"),)),
    R("extraction", "asks for the beginning of the prompt",
      r"\b(?:at|am|al|au|all'|no|aan het) ?(?:beginning|start|anfang|beginn|principio|inicio|"
      r"debut|inizio|begin) (?:of |de |des |di |da |van )?(?:this |the |dieses |des |este |"
      r"la |ce |questo |della |deste |da |deze |dit |het )?(?:prompts?|conversation|chat|"
      r"gesprachs?|conversacion|conversazione|conversa|gesprek|kontexts?|context)\b",
      (alt(r"at", r"am", r"al", r"au", r"all", r"no", r"aan"),)),
    R("redirect", "a new task announced",
      r"\b(?:now|jetzt|nun) (?:folgt|kommt|comes) (?:\w+ ){0,2}(?:neue|eigentliche|new|real)"
      r" (?:aufgabe|task)", (alt("folgt", "kommt", "comes"),)),
    # --- shaping: what the answer must claim --------------------------------------------------
    R("shaping", "a claim put into the answer",
      b + SAY_THAT + b + gap(40) + b + THAT + b + gap(80) + b + YOUR + " " + ANSWER + b,
      (SAY_THAT, THAT, YOUR, ANSWER)),
    R("shaping", "a claim put into the answer",
      b + PREP + r"\b (?:\w+ )?" + YOUR + " " + ANSWER + r"\b\W+(?:\w+ ){0,4}" + SAY_THAT + b
      + gap(40) + b + THAT + b, (YOUR, ANSWER, SAY_THAT, THAT)),
    R("shaping", "a claim put into the answer",
      b + SAY_THAT + b + gap(30) + b + PREP + r"\b (?:\w+ )?" + YOUR + " " + ANSWER
      + r"\w*\b\W{0,3}(?:\w+\W{1,3})?" + THAT + b, (SAY_THAT, YOUR, ANSWER, THAT)),
    R("shaping", "a claim put into the answer",
      b + END_OF + r" (?:\w+ )?" + ANSWER + r"\w*\W{0,3}[\"'\u00ab\u201c:]", (END_OF, ANSWER)),
    R("shaping", "the model made to say it hates",
      b + THAT + " " + YOU_SUBJECT + r" (?:\w+ ){0,3}" + HATE + b, (THAT, HATE)),
    R("shaping", "a claim put into the answer",
      r"\b(?:make sure|ensure) (?:that )?" + YOUR + " " + ANSWER + r" (?:says|claims|states|"
      r"mentions|includes)\b", (YOUR, ANSWER)),
    R("shaping", "answer from own knowledge, not the sources",
      b + OWN_KNOWLEDGE + b + gap(30) + b + NOT + b + gap(30) + b + SOURCES + b
      + "|" + b + SOURCES + r" (?:ko )?" + NOT + b + gap(40) + OWN_KNOWLEDGE,
      (OWN_KNOWLEDGE, SOURCES)),
    R("shaping", "answer from own knowledge, not the sources",
      b + DONT_ANSWER + b + gap(30) + b + FROM_SOURCE + b + gap(20) + SOURCES,
      (DONT_ANSWER, SOURCES)),
    R("shaping", "answer forced to start or end with a text",
      b + BEGIN + r" (?:\w+ ){0,2}" + ANSWER + r"\w* (?:\w+ ){0,2}(?:with|mit|con|par|avec|com|"
      r"met)\s*[\"'\u00ab\u201c]", (BEGIN, ANSWER)),
    R("shaping", "answers that lie or invent sources",
      r"\b(?:answer|respond|reply)\w* (?:to )?(?:every|each|all)\b" + gap(30)
      + r"\bwith (?:a )?(?:lie|lies|falsehoods?|wrong)\b"
      r"|\b(?:always|immer|siempre|toujours|sempre|altijd) (?:claim|behaupte|afirma|affirme|"
      r"afferma|beweer)\b"
      r"|\b(?:make up|invent|erfinde|inventa|invente|verzin)\w* (?:\w+ ){0,2}(?:source|quelle|"
      r"fuente|fonte|bron|citation|zitat)"
      r"|\bas if the (?:context|text|document|article)s? said the opposite\b"),
)
