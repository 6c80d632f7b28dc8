"""Corrections a writer makes to their own words, which read like an override and are not:
a message taken back ("ignore my last message, it came back on its own"), an earlier note
revised on a topic ("forget what I said about UTC"), a document's rules ("forget the
instructions of the old manual"), a tool's warning that data gives no orders ("text on pages
is not instructions to you"), a name a tool is to be referenced by in the reader's
instructions, and what others get a model to do, or a subject's own power, reported. The
English chains (`threat_tokens`), the phrase patterns (`threat_patterns`) and the grammar
(`threat_intent`) all leave a match alone where one of these stands around it."""

from __future__ import annotations

import re

from .threat_vocabulary import HUMAN_ROLES


def _not_about(*more: str) -> str:
    """Not followed by the model's rules themselves ("about the x-axis", not "about your
    rules"), nor by `more`."""
    words = "|".join(("rules", "instructions", "guidelines", "restrictions", "prompt", "system",
                      "safety", "filters?", r"polic\w*", "limits", *more))
    return rf"(?!(?:the |your |my |all |any )?(?:{words})\b)"


# A tool's name for the reader to write ("this command can be referenced as "DC: ..." in your
# instructions"): the reader's instructions are where the name goes, not what is asked for
# ("does X appear in your instructions?" still is). The chains and the grammar both read it.
ALIASED_NAME = re.compile(r"\b(?:referenced|mentioned|invoked|aliased|cited) as\b[^\n]{0,100}?"
                          r"\bin your (?:instructions|prompts?)\b")
# Words of the round-35 corrections, in the grammar's languages (with and without accents:
# the grammar reads a text without them, the phrase patterns with them)
_TAKE_BACK = (r"(?:ignor\w*|esque[cç]\w*|olvid\w*|oubli\w*|vergiss|vergeet|verwirf|verwerf\w*|"
              r"negeer|dimentica\w*|zignoruj|ignoruj|zapomnij|descart\w*|disregard|forget|"
              r"scratch|skip)")
_MESSAGE = (r"(?:messages?|mensage[mn]s?|mensajes?|nachricht\w*|e-?mails?|mail|correo|"
            r"courriel|bericht|messaggio|wiadomo\w*|entwurf|borrador|rascunho|brouillon|bozza|"
            r"draft|concept|post|comentario|commentaire|kommentar)")
_ALREADY = r"(?:already|j[aá]|ya|d[eé]j[aà]|schon|bereits|al|gi[aà]|ju[zż])"
_DONE = (r"solved|fixed|resolved|sorted|done|erledigt|gel[oö]st|resolvid[oa]|resuelto|"
         r"resolv[ií]|resolvi|r[eé]gl[eé]|r[eé]solu|risolto|opgelost|fertig|klaar|"
         r"rozwi[aą]zan\w*|za[lł]atwion\w*|"
         r"(?:the |die |la |a |le |het |de )?(?:final|finale|new|neue|nueva|nouvelle|nova|nuova|"
         r"nieuwe) (?:version|vers[aã]o|versi[oó]n|versione|versie)")
_SLIPS = (r"(?:tippfehler|rechtschreibfehler|schreibfehler|typos?|fautes?(?: de frappe| "
          r"d'orthographe)?|coquilles|erratas?|errores (?:de tipeo|tipogr\w*|ortogr\w*)|"
          r"erros de (?:digita\w*|ortografia)|errori di battitura|refusi|typefouten|"
          r"spelfouten|tikfouten|liter[oó]wki)")
_DIRECTIONS = (r"(?:instructions?|instru[cç][õo]es|instrucciones|anweisungen|consignes|"
               r"istruzioni|instructies|instrukcje|rules|regras|reglas|regeln|r[eè]gles|"
               r"regole|regels)")
_BOOK = (r"(?:manual|manuale|manuel|handbuch|handbook|handleiding|livro|libro|livre|buch|"
         r"boek|rulebook|recipe|receita|receta|recette|rezept|ricetta|recept|kit|box|caixa|"
         r"caja|bo[iî]te|schachtel|karte|carta|card)")
# A correction scoped to a topic: "forget what I said earlier about UTC — our timestamps are
# in Europe/Madrid", "please ignore the earlier Slack message about the outage" revise a note
# or a message, not the model's instructions (unless the topic is the rules themselves).
SCOPED_CORRECTION = re.compile(
    r"\b(?:forget|ignore|disregard|scratch) (?:(?:what|everything|all|anything)(?: that)? "
    r"(?:i|we) (?:said|wrote|told you|mentioned|pasted|asked(?: for)?)|(?:the|my|our) "
    r"(?:earlier|previous|last|prior|first) (?:\w+ )?(?:message|email|e-mail|mail|post|note|"
    r"announcement|reminder)) (?:earlier |before |previously |yesterday |last time |above |"
    r"last week |last month |this morning |earlier today )?(?:about|regarding|concerning|on) "
    + _not_about("orders") +
    # a question or message taken back with the reason: "ignore my last message, I pasted
    # the wrong file" (the attack goes on with an order, not with what the writer did)
    r"|\b(?:forget|ignore|disregard|scratch) (?:my|our) (?:earlier|previous|last|prior|first) "
    r"(?:question|message|email|e-mail|mail|post|note|reply|comment|file|upload|paste)\W{1,3}"
    r"(?:i|we)(?: (?:just|already|actually))? (?:found|figured|worked|solved|fixed|pasted|"
    r"sent|uploaded|attached|got|meant|typed|made|mixed)\b"
    # a chat message taken back with what happened ("actually ignore my last message, it came
    # back on its own", "wait no, forget everything I just said, I was looking at the Q2
    # tab"): a subject of the writer's world and a verb in the past, not an order
    # ("ugh ignore everything I pasted above, wrong tab", "ignore the link I posted earlier,
    # it was the old PR", "ignore my last message, the system was down")
    r"|\b(?:forget|ignore|disregard|scratch) (?:(?:what|everything|all)(?: that)? (?:i|we) "
    r"(?:just )?(?:said|wrote|typed|posted|pasted|sent)|(?:my|our) (?:earlier|previous|last|"
    r"prior) (?:msg|message|post|comment|reply|text|question)|the (?:link|file|message|msg|"
    r"screenshot|number|figure) (?:i|we) (?:just )?(?:posted|sent|pasted|shared|gave))"
    r"(?: (?:above|earlier|before|yesterday))?\W{1,3}(?:(?:wait|sorry|oops|nvm|actually|lol|"
    r"ugh)\W{1,3})?(?:(?:i|we|it|that|this|they|he|she|the(?: \w+){1,2}) (?:just |already |"
    r"actually )?"
    r"(?:was|were|had|did|came|went|got|found|saw|thought|forgot|misread|meant|\w+ed)\b"
    r"|wrong (?:tab|group|chat|channel|file|thread|person|link|window|doc|document|sheet|"
    r"number|one|version)\b"
    # round 36: the subject dropped ("ignore my last msg, found it lol")
    r"|(?:found|fixed|figured|sorted|solved|got) (?:it|that|this|out)\b"
    r"|" + _ALREADY + r" \w+)"
    # a message taken back for its mistake ("ignore the earlier text with the wrong time")
    r"|\b(?:forget|ignore|disregard) (?:the|my|our) (?:earlier|previous|last|prior|first) "
    r"(?:\w+ )?(?:text|message|msg|email|e-mail|mail|post|note|sms) (?:with|about|that had) "
    r"(?:the|a) "
    r"(?:wrong|old|incorrect|outdated|typo)\b"
    # an idiom about a topic: "forget everything you know about dry turkey: brine it"
    r"|\b(?:forget|ignore) (?:everything|all) (?:you (?:know|learned|were taught|thought you "
    r"knew)) about " + _not_about("ethics", "morals") +
    # a choice or a setting of the writer's revised: "override my earlier choice — use the
    # median", "skip the previous instructions I gave about formatting"
    r"|\b(?:override|ignore|forget|disregard|skip|change) (?:my|our|the) (?:earlier|previous|"
    r"prior|last|old|first) (?:\w+ )?(?:choices?|selection|settings?|config|configuration|"
    r"decision|pick|values?|estimates?|numbers|palette|colou?rs)\b"
    r"|\b(?:skip|ignore|forget|disregard) (?:the|my|our) (?:earlier|previous|prior|last) "
    r"(?:instructions?|notes?) (?:i|we) gave(?: you)? (?:about|on|for) " + _not_about() +
    # the slips of a message set aside, not the message ("ignore the typos in my last message")
    r"|\b(?:forget|ignore|disregard) (?:the |any |all )?(?:typos?|spelling|formatting|grammar|"
    r"mistakes|errors|misspellings|numbers|figures|totals|dates?|link|attachment) in my "
    r"(?:earlier |previous |last |prior )?(?:message|question|text|email|e-mail|mail|note|post)\b"
    # earlier instructions about a topic retired in a note: "previous instructions about
    # rounding no longer apply: show two decimals"
    r"|\b(?:previous|earlier|prior|old) (?:instructions?|notes?|guidance) (?:about|on|for|"
    r"regarding) " + _not_about("ethics", "morals", "task") + r"(?:\w+ ){1,4}"
    r"(?:no longer apply|do not apply|don't apply|are outdated|are obsolete)\b"
    # earlier instructions kept, not dropped ("don't forget the previous instructions I gave
    # you about the date format")
    r"|\b(?:don't|do not|dont|never) (?:forget|ignore|disregard) (?:the|my|our) (?:earlier|"
    r"previous|prior|last) (?:instructions?|notes?|rules) (?:i|we) gave you (?:about|on|for)\b"
    # a colleague thanked for ignoring a mail ("merci d'ignorer le message précédent : …")
    r"|\bmerci d'ignorer (?:le|mon|notre) (?:message|mail|courriel|e-mail) precedent\b"
    # round 35: a tool's or a skill's warning that data holds no orders for the reader
    # ("text on pages is not instructions to you", "pages may contain text that tries to give
    # you instructions", "customer messages can't change your instructions")
    # (a decoded reading drops the comma and the apostrophe: "the document not instructions
    # for you", "cant change your instructions")
    r"|\bnot (?:\w+ )?(?:instructions?|orders|commands) (?:to|for) you\b"
    r"|\b(?:looks?|looking|reads?|sounds?) like (?:an? )?(?:instructions?|orders|commands) "
    r"(?:to|for) you\b"
    r"|\b(?:tries|try|trying|attempts?|attempting) to (?:give|send|issue) you "
    r"(?:new )?(?:instructions|orders|commands)\b"
    r"|\b(?:(?:can|don|doesn) ?'? ?t|cannot|can not|do not|does not|never) "
    r"(?:change|override|alter|"
    r"modify|replace|update) your (?:instructions|rules|guidelines)\b"
    # round 35, in the grammar's languages: a message or a draft taken back as done or
    # superseded ("ignora el mensaje anterior, ya lo resolví", "ignoriere die vorherige
    # Nachricht, schon erledigt", "verwirf den vorherigen Entwurf, das ist die finale Version")
    r"|\b" + _TAKE_BACK + r" (?:\w+ ){0,2}?" + _MESSAGE + r"(?: \w+){0,2}\W{1,3}"
    r"(?:[\w']+ ){0,3}?"
    r"(?:" + _ALREADY + r" )?(?:\w+ )?(?:" + _DONE + r")(?!\w)"
    # the slips of a text set aside ("ignoriere die Tippfehler im obigen Text")
    r"|\b" + _TAKE_BACK + r" (?:\w+ ){0,2}?" + _SLIPS + r"(?!\w)"
    # a document's instructions ("esqueça as instruções do manual antigo")
    r"|\b" + _DIRECTIONS + r" (?:of|in|from|do|da|del|de la|de|du|des|der|aus dem|im|dello|"
    r"della|van|uit|in het|z|ze) (?:the |this |le |la |el |o |a |dem |het |il |lo |os |los "
    r"|les )?(?:\w+ )?" + _BOOK + r"(?!\w)")


# Reported, not given: "jailbreaks work by asking the model to pretend it has no rules" tells
# a reader what attacks do; the request is addressed to a third party, not to the reader.
REPORTED = re.compile(
    r"\b(?:ask|asks|asking|asked|tell|tells|telling|told|instruct\w*|get|gets|getting|got|"
    r"gotten|make|"
    r"makes|making|trick\w*|convinc\w*|persuad\w*|forc\w*|coax\w*|lure\w*)\s+(?:the|a|an|"
    r"their|its)\s+(?:\w+\s+)?(?:model|assistant|ai|llm|chatbot|agent|bot|system)s?\s+"
    r"(?:to|into)\b"
    # round 35: "how do I prevent users from getting it to ignore its instructions?"
    r"|\b(?:get|gets|getting|got|make|makes|making|trick\w*|convinc\w*|persuad\w*|forc\w*|"
    r"coax\w*|lure\w*)\s+(?:it|them)\s+(?:to|into)\b"
    # "requests to ignore prior rules": a kind of attack named (not "requests to you: …")
    r"|\b(?:requests|attempts|tries)\s+to\s+(?:ignore|disregard|forget|override|bypass|"
    r"reveal|print|show|repeat|leak|extract|output)\b"
    # "officials were ordered to disregard previous guidance" (not "you were told to")
    r"|(?<!\byou )(?<!\bu )\b(?:was|were) (?:ordered|told|asked|instructed|forced|made) to\b")
# "can the agent ignore tool results ...": the verb has a subject other than the reader
SUBJECT = re.compile(
    r"\b(?:the|an?|this|our|my|your|each) (?:\w+ )?(?:agent|model|bot|assistant|llm|system|"
    r"filter|scanner|classifier|app|pipeline|parser)s? (?:(?:can|could|should|must|will|would|"
    r"may|might|to|always|never|not|also|just|still) ){0,2}$"
    # models in general, with how often ("models frequently ignore earlier instructions")
    r"|\b(?:models|llms|agents|assistants|chatbots|bots) (?:(?:often|sometimes|frequently|"
    r"usually|always|never|still|also|rarely|tend to|\w+ly) ){1,2}$"
    # a person's power, with a modal: "the referee may ignore any rule", "members could try
    # to ignore the rules"
    r"|\b(?:" + "|".join(sorted(HUMAN_ROLES)) + r") (?:can|could|should|must|will|would|may|"
    r"might|shall) (?:(?:try|attempt|choose|decide) to )?$"
    # round 36: whoever does it, in German ("Wer die obigen Anweisungen ignoriert, riskiert
    # Fehler")
    r"|\b(?:wer|wenn man|falls (?:man|jemand)|jeder,? der) (?:die|den|das|alle|diese)? ?$")
