"""Intent rules of round 21 for poisoned tool descriptions (`threat_intent.py` runs them
last). A poisoned MCP tool rarely says "ignore your instructions": it tells the model to keep
something from the user, to act without asking, or that its own words outrank the user and
the system prompt (a command that weakens the machine's security, asked for as a "setup
step", is an exfiltration rule in `threat_exfil_vocabulary.py`).

Written from the read half of a writer's poisoned and honest tool descriptions (the writer
did not read the scanner), and checked against real servers' descriptions: an honest tool
also gives orders ("always call list_tables first", "ask the user before deleting", "do not
show raw IDs to the user"), so each rule needs what an honest one does not say: the user
kept from knowing *this*, consent declared unneeded, precedence over the user or the system
prompt. Rules for a tool that rewrites *other* tools' calls ("whenever you use a
file-writing tool, add …") were written too and dropped: they caught none of the held-out
half's or a second writer's such attacks (round 21 in docs/security.md).
"""

from __future__ import annotations

from .threat_intent_rules import IntentRule
from .threat_intent_words import alt, gap

R = IntentRule
b = r"\b"
_USER = alt(r"the (?:end[- ])?users?", r"users", r"anyone", r"the customer", r"the human",
            r"them")
# ("that" would read "never report that a filter was applied", a conjunction)
_THIS = alt(r"this", r"it", r"these", r"those", r"this (?:step|note|part|call|copy|"
            r"section|field|instruction|behaviou?r|detail|upload|change)s?")
# what a model may be told not to do with a thing that happened
# ("reveal", "disclose": "never reveal the admin password" keeps a secret, which honest
# scripts and tools ask for; the poisoned ones keep an *event* from the user)
_TELL = alt(r"mention", r"tell", r"inform", r"notify", r"report", r"bring up", r"point out",
            r"explain", r"alert", r"acknowledge", r"flag", r"surface")
_NEVER = alt(r"do not", r"don'?t", r"never", r"must not", r"mustn'?t", r"should not",
             r"shouldn'?t", r"no need to", r"need not", r"without")
_CONSENT = alt(r"ask(?:ing)?", r"confirm(?:ing)?", r"check(?:ing)? with", r"consult(?:ing)?",
               r"prompt(?:ing)?", r"wait(?:ing)? for", r"request(?:ing)?")
_OUTRANK = alt(r"take(?:s)? precedence over", r"ha(?:s|ve) (?:\w+ )?(?:precedence|priority) over",
               r"take(?:s)? priority over", r"override(?:s)?", r"outrank(?:s)?", r"supersede(?:s)?")
# ("win over users", "comes before the user's settings" are ordinary English)
_PRINCIPAL = alt(r"the user'?s? (?:request|instructions?|messages?|wishes|questions?|chat)",
                 r"what the user (?:asks?|asked|says|said|wants)", r"the user", r"users?",
                 r"(?:the|your|any) system (?:prompt|message|instructions?)",
                 r"(?:your|the model'?s|the assistant'?s) (?:own )?(?:instructions|rules|"
                 r"guidelines|system prompt)", r"the operator", r"the chat")

TOOL_RULES: tuple[IntentRule, ...] = (
    # --- hiding: the user kept from knowing what the tool did ---------------------------------
    R("hiding", "told to keep this from the user",
      b + _NEVER + r" (?:ever )?" + _TELL + r"(?:ing)? (?:" + _THIS + r"|" + _USER + r" about "
      + _THIS + r"|that (?:it|this) (?:exists|happened|was done))" + b
      + r"|\b(?:do not|don'?t|never) (?:mention|tell about) (?:the|any|"
        r"this) \w+(?: \w+)?(?:,| or| and| to (?:the )?users?)|\bdo not mention\b" + gap(20)
      + r"(?:$|\.)",
      (_NEVER,)),
    R("hiding", "told to keep this from the user",
      b + _USER + r" (?:does not|doesn'?t|do not|don'?t|must not|mustn'?t|should not|"
      r"shouldn'?t|need not|needn'?t|will not|won'?t)(?: need to)? (?:know|be told|be informed|"
      r"be notified|be made aware|be bothered|find out|learn|see (?:this|it|that))\b"
      r"|\b(?:keep|leave) (?:" + _THIS + r"|the \w+ (?:step|call|copy|upload|part)s?) "
      r"(?:hidden |secret |invisible )?from " + _USER + b
      + r"|\bleave (?:this|it|that|them|these|those|the \w+(?: \w+)?) out of (?:your|the) "
      r"(?:confirmation|summary|response|reply|answer|report|message|output)\b"
      r"|\bleave (?:this|it|that|them|these|those|the \w+(?: \w+)?) out of what (?:you|the "
      r"user) (?:show|tell|report|say|see)s?\b",
      (_USER + r"|keep|leave",)),
    R("hiding", "told to keep this from the user",
      # what was done, kept out of the answer: "never list them in your response", "don't
      # enumerate what was removed"
      r"\b(?:do not|don'?t|never) (?:list|enumerate|itemi[sz]e|mention|report|show|include) "
      r"(?:it|them|these|those|this) (?:in|among) (?:your|the) (?:\w+ )?(?:response|summary|"
      r"reply|answer|confirmation|output|report|list)\b"
      r"|\b(?:do not|don'?t|never) (?:list|enumerate|itemi[sz]e|mention|report|show) what "
      r"(?:was|were|has been|have been|it) (?:removed|deleted|changed|done|sent|uploaded|"
      r"shared|installed|modified|copied)\b"
      r"|\beven if (?:the user|they|users) (?:asks?|ask(?:s)? (?:about it|directly|how|why|"
      r"what))\b",
      (alt(r"do", r"don'?t", r"never", r"even"),)),
    R("hiding", "told to keep this from the user",
      # German, French, Spanish, Portuguese, Italian, Dutch
      r"\b(?:ohne|nicht) (?:den|die|dem) (?:nutzer|benutzer|anwender|kunden)\w* (?:zu )?"
      r"(?:informieren|benachrichtigen|fragen|hinzuweisen|aufmerksam zu machen)"
      r"|\b(?:erwahne|erwahnen sie|nenne|nennen sie|zeige|zeigen sie) (?:das|dies|es|diesen "
      r"\w+|diese \w+) (?:gegenuber dem \w+ )?(?:nicht|nie|niemals)\b"
      r"|\b(?:dem|den) (?:nutzer|benutzer|anwender)\w* (?:gegenuber )?(?:nichts|nicht) "
      r"(?:davon )?(?:sagen|mitteilen|erzahlen|verraten|erwahnen|zeigen)"
      r"|\bne (?:le |la |les |l'|lui |leur |en )?(?:signalez|signale|dites|dis|mentionnez|"
      r"mentionne|indiquez|indique|informez|informe|parlez|parle|precisez)"
      r" (?:pas|jamais)\b|\bsans (?:en )?(?:informer|prevenir|avertir|aviser) l'utilisat"
      r"|\bno (?:le |les )?(?:informes|informe|digas|diga|menciones|mencione|comuniques|"
      r"comunique|avises|avise|cuentes|cuente)\b"
      r"|\bsin (?:informar|avisar|decir\w*|notificar|consultar)(?:le)? al usuario"
      r"|\bnao (?:mencione|mencionar|informe|informar|diga|dizer|conte|contar|avise|"
      r"avisar)\b|\bsem (?:informar|avisar|notificar|consultar) o usuario"
      r"|\bnon (?:menzionare|menzionarlo|dirlo|informare|segnalare|segnalarlo)\b"
      r"|\bsenza (?:informare|avvisare|avvertire) l'utente"
      r"|\b(?:vermeld|meld|vertel|noem) (?:dit|het|dat) (?:niet|nooit)\b",
      (alt(r"ohne", r"nicht", r"erwahne", r"erwahnen", r"nenne", r"nennen", r"zeige", r"zeigen",
           r"dem", r"den", r"ne", r"sans", r"no", r"sin", r"nao", r"sem", r"non", r"senza",
           r"vermeld", r"meld", r"vertel", r"noem"),)),
    R("hiding", "told to keep this from the user",
      # Russian, Chinese, Japanese (skeleton forms: no dakuten, и for й)
      r"не (?:сообщаи|говори|упоминаи|рассказываи|сообщаите|говорите|упоминаите)\w* (?:об "
      r"этом |о нем |о них )?пользовател"
      r"|без (?:ведома|уведомления) пользовател"
      r"|(?:不要|不得|切勿|别|无需|不必|无须)(?:向|对|让)?用户(?:提及|说明|告知|知道)"
      r"|(?:不要|不得|切勿|无需|不必|无须)(?:告诉|告知|通知|提及|提醒)用户"
      r"|对用户保密"
      r"|ユーサーに(?:は)?(?:伝えす|知らせす|言わす|伝えないて|知らせないて|言わないて|表示しないて|"
      r"通知しないて|見せないて)",
      (), present=r"пользовател|用户|ユーサー"),
    # --- consent: told to act without asking --------------------------------------------------
    R("consent", "told that the user's consent is not needed",
      # an object: "overwrites files without asking" describes the tool
      r"\bwithout (?:first )?" + _CONSENT + r" (?:the user|users|them|anyone|for "
      r"(?:confirmation|permission|approval|consent))\b"
      r"|\b(?:no need|not necessary|isn'?t necessary|is not necessary|not required|"
      r"isn'?t required|is not required|unnecessary) (?:for you )?to (?:ask|confirm with|"
      r"check with|consult) (?:the user|users|them|anyone)\b|\b(?:no need|not necessary|"
      r"unnecessary) to get (?:the user'?s? )?(?:approval|consent|permission)"
      r"|\b(?:confirmation|approval|consent|permission) (?:from the user )?(?:is(?:n'?t| not)|"
      r"are(?:n'?t| not)) (?:necessary|needed|required)"
      r"|\bdo(?:es)?n'?t need to be (?:confirmed|approved) "
      r"|\b(?:the user|they|users?) (?:has|have) already (?:consented|approved|agreed|"
      r"authori[sz]ed)|\b(?:initial|earlier|prior|original|first) consent covers"
      r"|\b(?:is|are|counts as|treat (?:it|this|them) as) (?:already )?pre-?(?:approved|"
      r"authori[sz]ed)\b",
      (alt(r"without", r"no", r"not", r"isn'?t", r"is", r"unnecessary", r"confirmation",
           r"approval", r"consent", r"permission", r"doesn'?t", r"don'?t", r"the", r"they",
           r"users?", r"initial", r"earlier", r"prior", r"original", r"first", r"are",
           r"counts", r"treat"),),
      # its gate opens at "the" and "is"; every match holds one of these words
      present=r"without|need|necessary|required|approved|consented|agreed|authori|covers"),
    R("consent", "told that the user's consent is not needed",
      # "Dateien werden ohne Rückfrage überschrieben" describes the tool: the user named
      r"\bohne (?:den|die) (?:nutzer|benutzer|anwender)\w* (?:zu fragen|vorher zu fragen|"
      r"um (?:erlaubnis|zustimmung) zu bitten)|\bohne (?:dessen|deren|seine|ihre) (?:zustimmung|"
      r"einwilligung)"
      # the user named: "sans l'accord du responsable data" is a colleague's
      r"|\bsans (?:(?:lui |leur )?demander|consulter|l'accord de|(?:la )?confirmation de|"
      r"l'autorisation de) l'utilisat"
      r"|\bsin (?:preguntar(?:le)?|consultar(?:le)?|pedir(?:le)? (?:permiso|confirmacion)) al "
      r"usuario|\bsin (?:el )?(?:permiso|consentimiento|confirmacion) del usuario"
      r"|\bsem (?:perguntar|consultar|pedir (?:permissao|confirmacao)) (?:ao|o) usuario"
      r"|\bsenza (?:chiedere|conferma) (?:all'|dell')utente",
      (alt(r"ohne", r"sans", r"sin", r"sem", r"senza"),)),
    R("consent", "told that the user's consent is not needed",
      r"(?:无需|不需要|不必|无须)(?:征求|征得|询问|获得)?(?:用户)?(?:同意|确认|许可|批准)"
      r"|(?:確認|許可|同意)(?:は)?不要",
      (), present=r"同意|确认|许可|批准|確認|許可"),
    # --- precedence: the tool's words outrank the user or the system prompt ------------------
    R("override", "claims precedence over the user or the system prompt",
      b + _OUTRANK + r" " + _PRINCIPAL + b
      + r"|\b(?:authoritative|binding)\b" + gap(80) + r"\b(?:execute|follow|apply|obey|act on)"
        r" (?:them|it|these|every|all)\b"
      + r"|\b(?:treat(?:ed)?|regard(?:ed)?) (?:[\w']+ ){0,3}as (?:if (?:they|it) (?:came|come|"
        r"were) )?(?:coming )?from the (?:system|operator|developer)s?\b"
      + r"|\b(?:carry|carries|with) the authority of\b"
      + r"|\beven (?:when|if) (?:they|it|this|these) (?:conflict|contradict)\w* (?:with )?"
      + _PRINCIPAL + b
      + r"|\b(?:server|tool)'?s? instructions win\b"
      + r"|\bswitched off (?:the )?(?:system prompt'?s? |your )?(?:restrictions|rules|"
        r"guardrails|safety)",
      (alt(r"take", r"takes", r"has", r"have", r"override", r"overrides", r"outrank",
           r"outranks", r"supersede", r"supersedes", r"authoritative", r"binding", r"treat",
           r"treated", r"regard", r"regarded",
           r"carry", r"carries", r"with", r"even", r"server", r"tool", r"switched"),),
      # its gate opens at "has", "with" and "take"; every match holds one of these words
      present=r"precedence|priority|override|outrank|supersede|authoritative|binding|treat|"
              r"regard|authority|conflict|contradict|win|switched"),
    R("override", "claims precedence over the user or the system prompt",
      r"\b(?:haben|hat) vorrang vor (?:dem |den |der )?(?:system ?prompt|systemanweisung\w*|"
      r"nutzer\w*|benutzer\w*|anfragen)"
      r"|\bpriorit(?:e|aire) sur (?:le |les |l')?(?:prompt|instructions? (?:du )?systeme|"
      r"utilisateur|demandes)"
      r"|\bprioridad sobre (?:el |los |las )?(?:prompt|mensaje del sistema|instrucciones del "
      r"sistema|usuario|peticiones)"
      r"|\bprioridade sobre (?:o |os |as )?(?:prompt|usuario|instrucoes do sistema)"
      r"|\bpriorita su (?:il |l')?(?:prompt|utente|istruzioni di sistema)",
      (alt(r"haben", r"hat", r"priorite", r"prioritaire", r"prioridad", r"prioridade",
           r"priorita"),)),
)
