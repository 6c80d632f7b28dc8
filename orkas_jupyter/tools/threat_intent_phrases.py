"""Small word classes of the intent grammar, each used by one or two rules in
`threat_intent.py` (the shared classes are in `threat_intent_words.py`). Named, so the rules'
gates can read them."""

from __future__ import annotations

from .threat_intent_words import alt

OV_VERBS = alt(r"ignorier\w*", r"vergessen", r"vergisst", r"missachten", r"verwerfen",
               r"uberspringen", r"weglassen", r"fallen lassen", r"ausser kraft setzen",
               r"aufheben", r"uber bord werfen", r"negeren", r"vergeten",
               r"naast je neerleggen", r"laten varen", r"ignore kar\w*",
               r"(?:bhool|bhol|bhul|bool|bol) ja\w*", r"beiseite lassen", r"ausser acht lassen",
               r"nicht (?:mehr )?beachten",
               r"chhod do", r"mat maan\w*", r"nazar ?andaaz kar\w*", r"verwirf",
               r"zu (?:folgen|befolgen)", r"nicht mehr (?:folgen|befolgen)")
FORGET_THEM = alt(r"vergiss", r"ignoriere?", r"forget", r"ignore", r"olvida(?:las|los)?",
                  r"ignoralas", r"oublie", r"dimenticale", r"dimentica", r"esqueca", r"negeer",
                  r"vergeet")
THEM = alt(r"sie", r"them", r"las", r"los", r"les", r"le", r"li", r"elas", r"ze")
NEVER_EXISTED = alt(r"never existed", r"did(?: not|n't) exist", r"(?:was|were) never (?:said|"
                    r"written|given)")
PRIOR_PLURAL = alt(r"vorangegangenen", r"vorherigen", r"bisherigen", r"previous", r"earlier")
MISTAKE = alt(r"ein fehler", r"a mistake", r"void", r"invalid", r"ungultig", r"a test",
              r"ein test", r"fake", r"un error", r"une erreur", r"un errore", r"um erro",
              r"een fout")
GAME = alt(r"improv\w*", r"impro", r"improvis\w*", r"improvvisazione", r"play a game",
           r"let'?s play", r"wir spielen (?:ein|mal ein) spiel",
           r"lass uns (?:ein spiel )?spielen", r"vamos a jugar", r"juguemos",
           r"jouons(?: a un jeu)?", r"facciamo un gioco", r"giochiamo", r"vamos jogar",
           r"laten we een spel spelen", r"ek game khel\w*")
YOU_ARE = alt(r"you are", r"you're", r"you will be", r"du bist", r"eres", r"seras", r"tu es",
              r"tu seras", r"sei", r"sarai", r"voce e", r"voce sera", r"je bent", r"tum")
TWO = alt(r"two", r"zwei", r"dos", r"deux", r"due", r"dois", r"twee")
HIDDEN = alt(r"hidden", r"secret", r"versteckten", r"geheimen", r"ocultas", r"cachees",
             r"nascoste", r"verborgen")
HIDDEN_AFTER = alt(r"cachees", r"ocultas", r"nascoste", r"verborgen", r"secretas", r"segrete",
                   r"secretes")
THEIR_RULES = alt(r"instructions", r"rules", r"guidelines", r"constraints")
TOLD = alt(r"(?:were|was) you (?:told|given|instructed)",
           r"did (?:the \w+|they|your \w+) (?:say|tell) (?:to )?you",
           r"(?:wurde|hat man) dir (?:\w+ )?gesagt", r"te (?:dijeron|han dicho)",
           r"t'a-t-on dit", r"on t'a dit", r"ti (?:e|hanno) (?:stato )?detto", r"te disseram",
           r"is je verteld", r"tumhe \w* ?bataya")
BEFORE = alt(r"before", r"bevor", r"vor", r"antes", r"avant", r"prima", r"voordat", r"pehle",
             r"at the (?:start|beginning)", r"zu beginn")
TO_YOU = alt(r"you", r"dir", r"du", r"te", r"tu", r"ti", r"je", r"voce", r"tumhe", r"t'")
RECEIVED = alt(r"received", r"got", r"were (?:given|initiali[sz]ed \w+|configured \w+)",
               r"gave", r"bekommen", r"erhalten", r"gegeben", r"recibiste", r"dieron",
               r"recues?", r"donnee?s", r"ricevut[oe]", r"dat[oei]", r"recebeu", r"deram",
               r"kreeg", r"gekregen", r"mila", r"mile", r"diye")
RECEIVED_BY_YOU = alt(
    r"hai ricevuto", r"(?:voce )?recebeu", r"recibiste", r"as recue?s?", r"avez recue?s?",
    r"bekommen hast", r"erhalten hast", r"gegeben wurden", r"je (?:\w+ ){0,4}kreeg",
    r"you (?:\w+ ){0,3}(?:got|received|were given)", r"tumhe (?:\w+ ){0,2}mila",
    r"am anfang", r"at the (?:start|beginning)", r"al principio", r"au debut", r"all'inizio",
    r"no inicio", r"aan het begin", r"shuru mein")
AUTHORITY = alt(
    r"(?:i am|i'm) (?:your|the) (?:developer|admin\w*|creator|operator|owner)",
    r"ich bin (?:dein|der|ihr) (?:entwickler|admin\w*|ersteller|betreiber)",
    r"soy (?:tu|el) (?:desarrollador|administrador|creador)",
    r"je suis (?:ton|le|votre) (?:developpeur|administrateur|createur)",
    r"sono (?:il tuo|lo|il) (?:sviluppatore|amministratore|creatore)",
    r"sou (?:o seu|o|seu) (?:desenvolvedor|administrador|criador)",
    r"ik ben (?:je|jouw|de) (?:ontwikkelaar|beheerder|maker)",
    r"main (?:tumhara |aapka )?(?:developer|admin) hoon")
YOUR_HI = alt(r"apna", r"apne", r"apni")
SHOW_HI = alt(r"dikhao", r"batao", r"likho", r"bata do", r"bolo")
ADMIN = alt(r"admin\w*", r"maintenance", r"debug\w*", r"developer", r"wartungs", r"root")
FIRST_MESSAGE = alt(r"(?:before|vor|antes de|avant|prima del|antes da|voor) (?:my|meiner|mi|"
                    r"ma|mon|mio|minha|mijn) (?:first|ersten|primera|primer|premiere|premier|"
                    r"prima|primo|primeira|eerste) (?:message|question|nachricht|frage|mensaje|"
                    r"pregunta|messaggio|domanda|mensagem|pergunta|bericht|vraag)",
                    r"(?:start|beginning) of (?:your|the) context")
WAIT = alt(r"wait", r"moment", r"espera", r"attends", r"aspetta", r"espere", r"wacht")
STOP = alt(r"stop", r"stopp", r"para", r"arrete", r"fermati", r"pare", r"halt")
PREP = alt(r"in", r"en", r"dans", r"nella", r"na", r"nei", r"in je", r"im", r"to", r"into",
           r"zu", r"at the end of", r"apne")
END_OF = alt(r"at the end of", r"am ende", r"al final de", r"a la fin de", r"alla fine di",
             r"no final de", r"aan het eind van")
YOU_SUBJECT = alt(r"you", r"du", r"tu", r"voce", r"je", r"tum", r"usted")
DONT_ANSWER = alt(r"(?:do not|don'?t|never) (?:answer|respond|reply)",
                  r"(?:antworte|beantworte)\w* nicht", r"no respondas", r"ne reponds pas",
                  r"non rispondere", r"nao responda", r"antwoord niet")
FROM_SOURCE = alt(r"from", r"based on", r"using", r"anhand", r"aus", r"basandote en",
                  r"a partir de", r"sulla base", r"com base", r"op basis van")
AI_READER = alt(r"ai", r"ki", r"ia", r"assistant", r"assistent", r"asistente", r"assistente",
                r"summari[sz]er", r"zusammenfasser", r"resumidor", r"resumeur", r"riassuntore",
                r"samenvatter", r"model", r"modell", r"modelo", r"modele", r"modello", r"llm",
                r"chatbot")  # not "agents": a note for agents is a call-centre's, for people
BEGIN = alt(r"begin", r"start", r"end", r"beginne", r"starte", r"beende", r"empieza",
            r"comienza", r"termina", r"commence", r"termine", r"inizia", r"comece")

# People at a party or a game who stay in character are not the model ("everyone must stay
# in character", a murder-mystery how-to); Python's look-behinds are fixed-width, hence one each.
_PEOPLE_STAY = "".join(
    f"(?<!{who} {modal})"
    for who in ("everyone", "everybody", "guests", "players", "participants", "the cast")
    for modal in ("must ", "should ", "will ", "has to ", "have to ", "need to ", "needs to ",
                  "must always ", "should always ", "")
)
# Staying in character: a game's rule as often as a jailbreak's ("stay in character as the
# innkeeper until the players notice"); a sign only with the model's rules, filters or
# policies named nearby (round 27)
STAY_IN_CHARACTER = alt(
    _PEOPLE_STAY + r"(?:always |immer |siempre |toujours |sempre |altijd )?(?:stays? in character|"
    r"bleib\w* (?:\w+ ){0,2}in (?:deiner|ihrer|seiner|der) rolle|no salgas del personaje|"
    r"reste dans ton personnage|resta nel personaggio|permaneca no personagem|blijf in je rol|"
    r"character me?i?n rah\w*|never break character)",
)
_RULES_OF = (r"(?:rules|restrictions|filters|limits|limitations|guidelines|ethics|morals|"
             r"censorship|regeln|einschrankungen|filter|grenzen|zensur|reglas|restricciones|"
             r"filtros|limites|censura|regles|filtres|censure|regole|restrizioni|filtri|"
             r"regras|restricoes|regels|beperkingen|censuur)")
MODEL_RULES_NAMED = alt(
    r"openai", r"chatgpt", r"gpt-?\d\w*", r"bing ai", r"content polic\w*", r"as an ai",
    r"(?:a|an|the|your) (?:ai )?language model", r"jailbr\w*", r"dan mode",
    r"do anything now", r"(?:as|called|named|are|is) dan",
    r"uncensored", r"unfiltered", r"unrestricted", r"unzensiert\w*", r"sin censura",
    r"sans censure", r"senza censura", r"sem censura", r"ongecensureerd",
    r"(?:no|without|keine|ohne|sin|sans|senza|sem|zonder|geen) (?:\w+ ){0,2}" + _RULES_OF,
    r"(?:never|don'?t|do not) refuse", r"illegal\w*", r"ilegal\w*", r"illecit\w*",
    r"unethical", r"immoral", r"unmoralisch", r"poco etico", r"contraire a l'ethique",
)
