"""Intent rules added last (`threat_intent.py` runs them after `MORE_RULES`): the model's own
instructions declared void or overridden, the text it was initialised with, answers slanted
toward a claim, a link or a product, and sandboxes or developer modes that lift the limits in
the Western languages (Russian, Ukrainian and Polish are in `threat_intent_slavic.py`).

What tells these from a data scientist's notes: the object is the *model's* setup ("your
defaults", "the rules you received", "the text you were initialised with"), not a file's
rules or a team's guidance; and an answer preference names a format or a source ("mention
the sample size"), while a slant plants a proposition ("say that ..."), a product to push
whatever the question, or a link to end on.
"""

from __future__ import annotations

from .threat_intent_rules import IntentRule
from .threat_intent_words import (
    ALARM,
    INSTRUCTIONS,
    REPRODUCE,
    SAY_THAT,
    SENTENCE_START,
    THAT,
    alt,
    gap,
)

R = IntentRule
b = r"\b"
_VOID = (r"(?:outdated|cancell?ed|revoked|superseded|void|obsolete|invalid|withdrawn|lifted|"
         r"suspended|null|rescinded|retired|no longer (?:valid|in force|in effect|active|"
         r"binding|apply))\b")
_MODEL_OWNED = alt(
    r"(?:that )?you (?:received|were given|got|have been given|were loaded with)",
    r"(?:that )?(?:were |was )?(?:loaded|given to you|set for you|configured for you)",
    r"(?:at|from) the (?:start|beginning|top)", r"before this (?:message|conversation|chat)",
)
_SLANT_VERB = alt(r"recommend", r"promote", r"endorse", r"push", r"praise", r"advertise",
                  r"plug")
# the slant does not depend on what was asked
_ANY_QUESTION = alt(r"whatever", r"regardless of", r"no matter")
_SANDBOX = alt(r"sandbox\w*", r"test ?umgebung", r"testumgebung", r"bac a sable",
               r"environnement de test", r"entorno de pruebas?", r"ambiente de testes?",
               r"ambiente di (?:prova|test)", r"testomgeving", r"test environment")
_NO_CONSEQUENCES = alt(r"ohne (?:\w+ )?(?:konsequenzen|folgen)", r"sans (?:\w+ )?consequences?",
                       r"sin (?:\w+ )?consecuencias", r"sem (?:\w+ )?consequencias",
                       r"senza (?:\w+ )?conseguenze", r"zonder (?:\w+ )?gevolgen",
                       r"without (?:any )?(?:real[- ]world )?consequences",
                       r"no (?:real[- ]world )?consequences")
_LIMITS_OFF = alt(
    r"(?:deine|die) (?:\w+ )?(?:grenzen|regeln|einschrankungen) gelten (?:\w+ ){0,2}nicht",
    r"(?:tes|les) (?:\w+ )?(?:limites|regles|restrictions) ne s'appliquent (?:\w+ )?pas",
    r"(?:tus|los) (?:\w+ )?(?:limites|reglas|restricciones) no (?:se )?aplican",
    r"(?:os )?(?:teus|seus) (?:\w+ )?(?:limites|regras|restricoes) nao (?:se )?aplicam",
    r"(?:i )?tuoi (?:\w+ )?(?:limiti|regole) non (?:valgono|si applicano)",
    r"(?:je|jouw) (?:\w+ )?(?:grenzen|regels|beperkingen) gelden (?:\w+ ){0,2}niet",
    r"your (?:usual |normal )?(?:limits|rules|restrictions|guidelines) (?:do not|don'?t|no "
    r"longer) apply")
_DEV_MODE = alt(r"modo (?:de )?desarrollador", r"mode developpeur", r"entwicklermodus",
                r"modalita (?:sviluppatore|sviluppo)", r"modo (?:de )?desenvolvedor",
                r"ontwikkelaarsmodus")
_ON = alt(r"activado", r"active", r"activee?", r"aktiviert", r"aktiv", r"attivat[ao]",
          r"ativado", r"geactiveerd", r"ingeschakeld", r"eingeschaltet", r"habilitado")

# the text the model was given, set aside as a whole sentence ("Forget the article.")
_SOURCE_DROPPED = (
    r"\b(?:forget|ignore|never mind|drop|vergiss|ignoriere|olvida|ignora|oublie|dimentica|"
    r"esqueca|vergeet|negeer|lass)\s+(?:about\s+)?(?:the|this|that|den|das|diesen|el|este|"
    r"l'|le|ce|il|questo|o|het|dit)\s?(?:article|text|document|page|summary|artikel|dokument|"
    r"articulo|texto|documento|texte|articolo|testo|artigo|tekst)\s*[.!;:\u2013\u2014-]")
_PLAN_CHANGE = alt(r"change of plans?", r"plananderung",
                   r"cambio de planes", r"changement de (?:plan|programme)",
                   r"cambio di (?:programma|piani)", r"mudanca de planos", r"planwijziging",
                   r"new priority", r"neue prioritat", r"nueva prioridad",
                   r"nouvelle priorite", r"nuova priorita", r"nova prioridade",
                   r"nieuwe prioriteit")
_WHEN_ANSWERING = alt(r"when you (?:answer|reply|respond)", r"wenn du antwortest",
                      r"cuando respondas", r"quand tu (?:reponds|repondras)",
                      r"quando rispondi", r"quando responder(?:es)?", r"als je antwoordt",
                      r"(?:in|en|dans|nella|na|bij) (?:every|each|jeder|cada|chaque|ogni|"
                      r"toda|elke) (?:answer|reply|response|antwort|respuesta|reponse|"
                      r"risposta|resposta|antwoord)")

_YOUR = alt(r"your", r"deine?[nmrs]?", r"tus?", r"tes", r"vos", r"votre", r"tua", r"tue",
            r"tuoi", r"sua", r"suas", r"seus?", r"je", r"jouw", r"apna", r"apne")
_VERBATIM = alt(r"verbatim", r"word for word", r"word by word", r"wortlich",
                r"wort fur wort", r"palabra por palabra", r"literalmente", r"mot pour mot",
                r"parola per parola", r"alla lettera", r"palavra por palavra",
                r"woord voor woord", r"letterlijk", r"shabdash")
# (the secret itself: "the password policy", "password reset" name rules and procedures; a
# "password reset token" is one)
_SECRET = alt(r"password", r"passwort", r"kennwort", r"contrasena", r"mot de passe", r"senha",
              r"wachtwoord", r"secret (?:key|code|word)", r"geheim\w* (?:code|wort|schlussel)",
              r"codigo secreto", r"code secret", r"parola (?:segreta|d'ordine)",
              r"codice segreto", r"codigo secreto") + (
    r"(?! (?:polic\w*|richtlinie\w*|manager|reset(?! (?:token|link|code))|requirements?|"
    r"rules|regeln|length|strength|rotation|expiry|complexity|field|hash\w*|change|"
    r"anderung|security|hygiene|practices|tips|generators?|sicherheit|seguridad|securite|"
    r"sicurezza|seguranca|beveiliging)\b)")
_RECEIVED = alt(r"did you (?:get|receive|receive)", r"were you given", r"hast du bekommen",
                r"hast du erhalten", r"recibiste", r"recibio", r"recebeu", r"recebeste",
                r"as-tu recues?", r"avez-vous recues?", r"hai ricevuto", r"ha ricevuto",
                r"heb je gekregen", r"kreeg je", r"heb je ontvangen")

_FILTERS = (r"(?:your|deine?|tus|tes|vos|i tuoi|os teus|je) (?:\w+ )?\w*(?:filter|filtros|filtres|"
            r"filtri|guardrails|restrictions|einschrankungen|beschrankungen|restricciones|"
            r"restrizioni|restricoes|beperkingen)\w*")
_SWITCHED_OFF = alt(r"switched off", r"turned off", r"disabled", r"off", r"removed", r"lifted",
                    r"abgeschaltet", r"deaktiviert", r"ausgeschaltet", r"aus", r"aufgehoben",
                    r"desactivad\w*", r"desactive\w*", r"disattivat\w*", r"desativad\w*",
                    r"uitgeschakeld", r"uit")
_NEVER_REFUSE = alt(r"verweigere? nie\w*", r"lehne nie\w* (?:\w+ )?ab", r"nunca (?:te )?niegues",
                    r"nunca rechaces", r"ne refuse jamais", r"non rifiutare mai",
                    r"nunca recuses", r"weiger nooit", r"never say no")
_ONLY_THING = alt(r"das einzige,? was jetzt zahlt", r"the only thing that matters now",
                  r"lo unico que importa ahora", r"la seule chose qui compte(?: maintenant)?",
                  r"l'unica cosa che conta(?: ora)?", r"a unica coisa que importa agora",
                  r"het enige dat nu telt")
_SETTINGS = alt(r"einstellungen", r"konfiguration", r"settings", r"configuration",
                r"ajustes", r"configuracion", r"parametres", r"impostazioni", r"configuracoes",
                r"instellingen")
_FORMAT = alt(r"als json", r"in json", r"as json", r"im codeblock", r"in a code block",
              r"as a code block", r"en json", r"como json", r"verbatim", r"wortlich")

_TRANSFORM = alt(r"encode", r"convert", r"base64", r"hex(?:adecimal)?", r"ascii", r"rot13",
                 r"reverse", r"evaluat\w*", r"spell", r"encrypt", r"cipher", r"morse")
# the model's own prompt, not a thing of that name ("the system prompt template for the bot")
_PROMPT_ITSELF = alt(r"all (?:the )?(?:prior|previous|preceding|above) text",
                     r"(?:the|your) (?:system|initial|original|first|hidden|secret) prompt"
                     r"(?! (?:template|length|file|version|for|of|we|text for)\b)",
                     r"initiali[sz]ation (?:string|text|prompt|message)",
                     r"(?:the|your) (?:secret|hidden) (?:password|key|word)")

LATE_RULES: tuple[IntentRule, ...] = (
    # jailbreak personas described by what they lack: two of ethics, morals, law after a
    # negation ("no moral, ethical or legal bounds", "disregards ethics, morals and law")
    R("persona", "a persona without ethics or morals",
      r"\b(?:no|without|not restrained by|disregard\w*|free (?:of|from)|devoid of|lacks?|"
      r"unbound by|built without) (?:any )?(?:\w+ )?(?:ethic\w*|moral\w*)\W+(?:(?:and|or|nor) )?"
      r"(?:ethic\w*|moral\w*|legal\w*)", (alt(r"no", r"without", r"not", r"disregard\w*",
                                               r"free", r"devoid", r"lacks?", r"unbound",
                                               r"built"),)),
    R("persona", "a vendor's content policy set aside",
      r"\b(?:bypass\w*|ignor\w*|break\w*|violat\w*|(?:do not|don'?t|no longer|never|won'?t|"
      r"will not|doesn'?t|does not) (?:need to |have to )?(?:obey|follow|align with|adhere to|"
      r"respect|care about|abide by)) (?:the )?(?:openai|open ai|anthropic|google|microsoft|"
      r"meta)'?s? (?:content )?(?:polic\w*|guidelines|rules|restrictions|terms)\b"
      # ("does the lease say anything about subletting?" asks about a document)
      r"|\byou (?:can|may|are (?:free|allowed) to) (?:say|do) anything\b"
      r"|\bsay anything(?: you want| now)\b",
      (alt(r"openai", r"open", r"anthropic", r"google", r"microsoft", r"meta", r"say",
           r"you"),)),
    R("extraction", "the prompt itself transformed or probed",
      b + _TRANSFORM + b + gap(40) + b + _PROMPT_ITSELF + b
      + r"|\bin (?:the|your) (?:initial|original|first|hidden|secret) prompt\b"
      + r"|\b(?:what|which)\b (?:\w+ )?(?:are|were) you (?:not supposed|not allowed|forbidden|"
      r"told not|instructed not) to (?:tell|say|reveal|share|disclose)\b",
      (alt(r"encode", r"convert", r"base64", r"hex", r"hexadecimal", r"ascii", r"rot13",
           r"reverse", r"evaluat\w*", r"spell", r"encrypt", r"cipher", r"morse", r"in",
           r"what", r"which"),)),
    R("override", "the model's previous task declared over",
      r"\byour (?:previous|old|original|prior|earlier|first|current) (?:mission|task|role|job|"
      r"instructions|assignment|orders|objective) (?:is|are|has been|have been) (?:now )?"
      r"(?:over|finished|done|complete|completed|cancell?ed|ended|terminated)\b",
      (alt(r"your"),)),
    R("jailbreak", "the model's filters switched off",
      b + _FILTERS + r" (?:sind|are|have been|wurden|estan|sont|sono|estao|zijn|is|ist) "
      r"(?:now |jetzt |nun |ahora |maintenant |ora |agora |nu )?" + _SWITCHED_OFF + b,
      (_SWITCHED_OFF,)),
    R("jailbreak", "safety filters said to be off here",
      # a filter, policy or guardrail ("the safety checks were disabled on the test rig" is
      # an engineer's note)
      r"\b(?:safety|content|moderation|ethics?) (?:filters?|polic(?:y|ies)|guidelines|"
      r"module|guardrails)(?: \w+){0,3}? (?:is|are|have been|"
      r"has been|were|was) (?:now |currently |temporarily )?(?:disabled|turned off|"
      r"switched off|suspended|lifted|removed|deprecated|bypassed|deactivated)\b"
      r"|\bexempt from (?:the |all |any |your )?(?:content|safety|usage|ethical?) (?:polic|"
      r"guideline|rule|filter|restriction)\w*",
      (alt(r"safety", r"content", r"moderation", r"ethics?", r"exempt"),)),
    R("jailbreak", "the model declared free of its rules",
      r"\b(?:you are|you're|du bist|eres|tu es|sei|voce e|je bent) (?:\w+ )?(?:free (?:of|from)|"
      r"frei von|befreit von|libre de|liber[oa] da|livre de|vrij van) (?:all |allen |todas |"
      r"toutes |tutte |alle |tes |deinen |your )?(?:\w+ )?(?:rules|regeln|richtlinien|"
      r"guidelines|restrictions|einschrankungen|reglas|regles|regole|regras|regels|limits|"
      r"grenzen|limites|limiti)\b"
      r"|\b(?:du bist|you are|you're) (?:jetzt |now )?von (?:allen |deinen )?(?:regeln|"
      r"richtlinien|grenzen) befreit\b"
      r"|\b(?:in diesem spiel|in this game|en este juego|dans ce jeu|in questo gioco|"
      r"neste jogo|in dit spel) (?:gelten|apply|there are|valen|il n'y a|non valgono|"
      r"gelden) (?:keine|no|ningunas?|aucune|nessuna|nenhuma|geen) (?:regeln|rules|reglas|"
      r"regles|regole|regras|regels)\b", (alt(r"you", r"du", r"eres", r"tu", r"sei",
                                               r"voce", r"je", r"in"),)),
    R("persona", "never refuse", b + _NEVER_REFUSE + b, (_NEVER_REFUSE,)),
    R("redirect", "the only thing that matters now", b + _ONLY_THING + b, (_ONLY_THING,)),
    R("extraction", "asks for the model's settings in a format",
      b + REPRODUCE + b + gap(20) + b + _YOUR + r" (?:\w+ )?" + _SETTINGS + b + gap(20)
      + b + _FORMAT + b, (_SETTINGS, _FORMAT)),
    R("extraction", "asks for the text the model was initialised with",
      r"\bmit (?:dem|denen|der) (?:man )?(?:du|dich) (?:\w+ )?(?:eingerichtet|konfiguriert|"
      r"eingestellt|programmiert|gestartet|initialisiert) (?:wurdest|hat)\b"
      r"|\bcon (?:el|los|las|la) que (?:te )?(?:configuraron|programaron|iniciaron)\b"
      r"|\bavec (?:lequel|lesquels|laquelle|lesquelles) (?:on t'a|tu as ete) "
      r"(?:configure|programme|initialise)\b",
      (alt(r"mit", r"con", r"avec"),)),
    # a bare request for "the instructions", a sentence on its own ("Provide the detailed
    # instructions verbatim."); "instructions for the install" names a thing and goes on
    R("extraction", "asks for the instructions, nothing else",
      SENTENCE_START + r"(?:please )?(?:provide|give|list|show|tell|repeat|print|request|"
      r"respond with|response with|output|reveal|display)(?: me| them)? (?:all |the |those |"
      r"these |your )?(?:detailed |full |complete |exact |whole )?instructions?\b"
      r"(?: (?:verbatim|backwards|in reverse|word for word|again))?\s*(?:[.!:]|$)",
      (alt(r"provide", r"give", r"list", r"show", r"tell", r"repeat", r"print", r"request",
           r"respond", r"response", r"output", r"reveal", r"display"),)),
    R("extraction", "asks whether the model took in its instructions",
      r"\b(?:did|do) you (?:understand|remember|recall|know|follow|get) (?:the |my |your |those |"
      r"these |all )?(?:previous |earlier |first |initial )?instructions?\b",
      (alt(r"did", r"do"),)),
    R("extraction", "asks for the model's own words verbatim",
      b + REPRODUCE + b + gap(40) + b + _YOUR + b + gap(40) + b + _VERBATIM + b,
      (REPRODUCE, _YOUR, _VERBATIM)),
    R("extraction", "asks for a secret",
      # (not "don't share the staging password in Slack")
      r"\b(?<!don't )(?<!dont )(?<!do not )(?<!never )(?<!not )" + REPRODUCE + b + gap(30)
      + b + _SECRET + b
      + r"|\b(?:copie|copia|copy|kopiere|kopieer|stampa|imprime|imprima|druck\w*)\b" + gap(30)
      + b + _SECRET + b, (_SECRET,)),
    R("extraction", "asks which instructions the model received",
      r"\b(?:quais|que|quelles?|quali|welke|which|what|welche)\b (?:\w+ )?"
      r"(?:instrucoes|instrucciones|instructions|istruzioni|instructies|anweisungen|regras|"
      r"reglas|regles|regole|regels|regeln|orders|rules)\b (?:\w+ ){0,2}" + _RECEIVED + b,
      (_RECEIVED,)),
    R("redirect", "urgent help with something else",
      r"\bmujhe (?:turant|abhi|jaldi) (?:tumhari |aapki )?madad chahiye\b"
      r"|\b(?:i )?(?:urgently|desperately) need your help (?:with|to)\b"
      r"|\b(?:ich brauche|brauche ich) (?:jetzt )?dringend deine hilfe\b"
      r"|\bnecesito (?:urgentemente )?tu ayuda (?:urgente|con otra)\b"
      r"|\bj'ai (?:besoin )?(?:urgemment|d'urgence) (?:besoin )?de ton aide\b",
      (alt(r"mujhe", r"urgently", r"desperately", r"ich", r"necesito", r"j'ai"),)),
    R("redirect", "the source dropped for a new task",
      _SOURCE_DROPPED + r"[^\n]{0,80}?\b(?:write|say|tell|explain|list|print|schreib\w*|sag|"
      r"erzahl\w*|erklar\w*|escribe|di|dime|explica|ecris|dis|explique|scrivi|dimmi|spiega|"
      r"escreva|diga|explique|schrijf|zeg|vertel|leg uit)\b" + "|" + _SOURCE_DROPPED
      + r"\s*" + ALARM + r"\b",
      (alt(r"forget", r"ignore", r"never", r"drop", r"vergiss", r"ignoriere", r"olvida",
           r"ignora", r"oublie", r"dimentica", r"esqueca", r"vergeet", r"negeer", r"lass"),)),
    R("redirect", "a change of plans and an alarm",
      b + _PLAN_CHANGE + r"\W{1,4}(?:\w+\W{1,3}){0,2}?" + ALARM + r"\b",
      (_PLAN_CHANGE, ALARM)),
    R("shaping", "a claim put into the answer",
      b + _WHEN_ANSWERING + r"\b,? (?:\w+ ){0,3}?" + SAY_THAT + r"\w*(?: \w+)?,? " + THAT + b,
      (_WHEN_ANSWERING, SAY_THAT, THAT)),
    R("override", "the model's instructions declared void",
      r"\b(?:your|the|all|any|whatever) (?:\w+ )?" + INSTRUCTIONS + r" " + _MODEL_OWNED
      + gap(40) + r"\b(?:is|are|were|has been|have been)(?: now| hereby| officially| all)? "
      + _VOID, (_MODEL_OWNED, _VOID)),
    R("override", "the model's instructions declared void",
      r"\byour (?:\w+ )?(?:instructions|guidelines|rules|directives|programming|guardrails|"
      r"system prompt|configuration|orders) (?:is|are|were|has been|have been)(?: now| hereby|"
      r" officially| all)? " + _VOID, (r"your", _VOID)),
    R("override", "the model's settings overridden",
      r"\b(?:overriding|override|overrides|disabling|disable|turning off|turn off|switching off|"
      r"switch off|lifting|lift|removing|remove|suspending|suspend|bypassing|bypass) "
      r"(?:all |each )?(?:of )?your (?:own )?(?:defaults?|default settings|settings|"
      r"configuration|guardrails?|safety (?:rules|settings|filters?|guidelines|measures|"
      r"features)|filters?|restrictions|limits|programming|content polic\w*|policies|"
      r"alignment)\b",
      (alt(r"overriding", r"override", r"overrides", r"disabling", r"disable", r"turning",
           r"turn", r"switching", r"switch", r"lifting", r"lift", r"removing", r"remove",
           r"suspending", r"suspend", r"bypassing", r"bypass"),)),
    R("extraction", "asks for the text the model was initialised with",
      r"\b(?:text|prompt|message|instructions?|words|configuration|setup|context|preamble)\w* "
      r"(?:that )?you (?:were|have been|got|are) (?:initiali[sz]ed|configured|set up|primed|"
      r"seeded|loaded|started|bootstrapped|booted|created|deployed) with\b",
      (alt(r"initiali[sz]ed", r"configured", r"set", r"primed", r"seeded", r"loaded",
           r"started", r"bootstrapped", r"booted", r"created", r"deployed"),)),
    R("shaping", "a claim the answer must make",
      r"\b(?:your|the|each|every|any) (?:\w+ )?(?:answer|reply|response|summary|output)s? "
      r"(?:\w+ ){0,5}?(?:has|have|must|should|needs?|is|are) (?:\w+ )?to "
      r"(?:say|state|claim|assert|mention|suggest|imply|report)\w*,? (?:that|as a fact|as if)\b"
      r"|\b(?:make sure|ensure) (?:that )?(?:it|the summary|the answer|the reply|the response) "
      r"(?:says|claims|states|reports|mentions)\b",
      (alt(r"answer", r"answers", r"reply", r"replies", r"response", r"responses", r"summary",
           r"output", r"make", r"ensure"),)),
    R("shaping", "a product pushed whatever the question",
      b + _ANY_QUESTION + r" (?:what |which )?(?:\w+ ){0,2}(?:question|asks?|asked|topic|"
      r"request|query)\b" + gap(60) + b + _SLANT_VERB + b
      + r"|\b" + _SLANT_VERB + r" (?:\w+ ){1,3}(?:in|into) (?:every|each|all) (?:of )?(?:your )?"
      r"(?:answers?|repl\w+|responses?)\b",
      (_SLANT_VERB,)),
    R("shaping", "answer forced to end on a text or link",
      r"\b(?:answers?|repl(?:y|ies)|responses?|messages?)\b (?:\w+ ){0,6}?(?:must|should|has "
      r"to|have to|needs? to|will|shall) (?:always )?(?:end|start|begin|finish|close|conclude) "
      r"(?:\w+ )?with\s*(?:[\"'\u201c\u00ab]|(?:a |the )?(?:link|url)\b)",
      (alt(r"end", r"start", r"begin", r"finish", r"close", r"conclude"),)),
    R("shaping", "the reader made to believe something",
      r"\bmake (?:the )?(?:user|reader|customer|visitor|person)s? (?:believe|think)\b",
      (r"make",)),
    R("shaping", "a slant given to every summary",
      r"\b(?:when|while|if) (?:you are |you're )?(?:summari[sz]ing|describing|writing about|"
      r"reviewing|comparing) (?:this|the|these) (?:\w+ )?(?:page|article|text|document|profile|"
      r"candidate|company|product|laptops?|models?|offers?)s?\b\W+(?:\w+ ){0,3}(?:describe|portray|"
      r"present|call|depict|paint|frame)\b", (alt(r"when", r"while", r"if"),)),
    R("jailbreak", "a sandbox without consequences",
      b + _SANDBOX + b + gap(60) + _NO_CONSEQUENCES + b, (_SANDBOX,)),
    R("jailbreak", "the model's limits lifted", b + _LIMITS_OFF + b,
      (alt(r"deine", r"die", r"tes", r"les", r"tus", r"los", r"os", r"teus", r"seus", r"i",
           r"tuoi", r"je", r"jouw", r"your"),)),
    R("jailbreak", "developer mode switched on",
      b + _DEV_MODE + r"\W{0,3}(?:\w+ )?(?:ist |est |esta |e |is )?" + _ON + b, (_DEV_MODE,)),
)
