"""Word lists `threat_unmask` reads disguised text by: the English words a glued run
("ignoreallpreviousinstructions") is cut into, and with them the commonest short words of the
languages written in Latin or Cyrillic letters, which score a line: one whose reversal or
letter shift holds many more of them than the line itself was disguised."""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Function words of two letters or more; palindromes ("did", "non", "ala") are left out, as
# they read the same reversed.
ENGLISH_COMMON = _words("""
the and you your are this that with for not have has was were will what all from they them
but can say tell about which when there their then than into only also just like been being
should would could must now any some more most other these those here where who why how its
our out over under after before because while each every very again never always please
""")
_COMMON = ENGLISH_COMMON | _words("""
der die das und ist nicht ein eine einen mit von den dem des auf für sich auch wie aber oder
wenn dann noch nur schon sind wird werden kann alle diese dieser deine deinen dein ihre ich
le la les des une est pas pour que qui dans sur avec tout tous vous votre ton tes mais plus
ces cette sont comme leur fait être ont nous ils elle
el los las del una por para con como más pero sus este esta todo todas todos tus eres son
muy sin sobre entre cuando también hay ser ha
il gli della delle sono per che non una con come più anche questo questa tutti tutte tuo tua
sei hai nel alla
os as um uma não com por para mais como seu sua seus todas todos você são está foi isso
het een van dat niet zijn voor met op ook als maar wat deze alle jouw je bent
och att det som inte med för på till av den har jag ett eller alla
og ikke til av med som har jeg på
że nie się jest na do to jak tak ale czy przez wszystkie twoje jesteś
bir ve bu için ile da de ne değil gibi çok daha tüm önceki sen senin
dan yang ini itu untuk dengan dari tidak ada semua kamu anda akan
na ya kwa ni wa za katika hii yote wewe
të në dhe një për me që nuk është janë ti
és az hogy nem egy ez meg de volt
ja ei ole että se kun mutta kaikki sinun
să și în cu pentru nu este că mai toate tale
и в не на что с по это как но все его она они ты твои твой мне меня тебя тебе свой был
была были есть нет для или если когда только уже еще ещё очень может нужно надо теперь
сейчас всё всех этот эти этой которые который после перед без над под при про через здесь
там где кто почему пожалуйста скажи напиши покажи выведи забудь игнорируй инструкции
правила предыдущие системный пароль
і що це як але всі твої ти мені мене тобі або якщо коли тільки вже дуже тепер зараз цей ці
який яка після під через тут де хто чому будь ласка скажи напиши покажи забудь ігноруй
інструкції правила попередні системний пароль
anweisungen vorherigen regeln vergiss ignoriere zeige passwort
précédentes oublie ignore règles montre
instrucciones anteriores olvida ignora reglas muestra contraseña
istruzioni precedenti dimentica regole mostra
instruções regras esqueça mostre senha
instructies vorige vergeet negeer regels
""")
# English words a glued run is cut into: the commonest words, and the words of attacks.
ENGLISH = ENGLISH_COMMON | _words("""
a i an as at be by do go he if in is it me my no of on or so to up us we am
ignore disregard forget override bypass skip previous prior above earlier former last
instruction instructions rule rules guideline guidelines prompt prompts system message
messages directive directives policy policies restriction restrictions filter filters
safety security reveal show print output display repeat write give send email mail share
secret secrets password passwords key keys token tokens code codes hidden initial original
configuration config setting settings context conversation chat text word words letter
letters character characters summary answer reply response respond say said told tell
new task tasks mode developer admin administrator root sudo access now instead following
follow act pretend role play game story character persona free unrestricted unfiltered
jailbreak jailbroken dan evil bad harmful dangerous illegal stop start begin end done
translate translation encode decode execute run command commands shell file files data
user users assistant model ai bot chatbot human person contact confirmation address body
subject include including included must shall will may might can could should would need
want wants make made get got take put keep let see look find call use used using know
think believe remember memory note notes content contents everything anything nothing
something one two three first second next back down off way day time thing things yes
ok okay hi hello dear thanks thank sorry help urgent important attention warning note
""")

# The words a line is scored by, less palindromes ("did", "non") and words whose reversal is
# a word too ("on", "no"), as they read the same both ways.
_SCORED = _COMMON | ENGLISH
COMMON = frozenset(w for w in _SCORED if w != w[::-1] and w[::-1] not in _SCORED)
