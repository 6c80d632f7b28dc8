"""The intent grammar in Russian and Ukrainian (Cyrillic, read on the normalised text) and
Polish (read on the skeleton, so text typed without diacritics matches too): the same
intents as `threat_intent_rules.py` — a verb of setting aside × the model's instructions,
earlier rules declared void, a role without rules, a request for the model's own prompt, a
task declared done before a new, more urgent one, a claim put into the answer, a sandbox or
developer mode that lifts the limits.

Each rule carries literal gates (strings one of which must be in the text), so a long text
in another language costs a few substring tests. One frame is here for every language, since
it needs the same gates: a task declared done, then an alarm or "instead,".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .threat_intent_rules import NEAR


@dataclass(frozen=True)
class GatedRule:
    """A rule on one form of the text, run only when every gate has one of its strings."""

    kind: str
    name: str
    pattern: str
    gates: tuple[tuple[str, ...], ...]
    form: str  # "norm" (Cyrillic) or "skel" (Polish without diacritics)
    # a pattern that must also occur within `NEAR` characters of the match
    near: str = ""


def _alt(*words: str) -> str:
    return "(?:" + "|".join(words) + ")"


_GAP = r"[^.!?;\n]{0,60}?"
_SHORT = r"[^.!?;\n]{0,25}?"

# --- Russian and Ukrainian ---------------------------------------------------------------------
_RU_ASIDE = _alt(r"(?:про)?игнорир\w*", r"(?:про)?ігнору\w*", r"забуд\w*", r"забудь(?:те)?",
                 r"не обращай(?:те)? внимания на", r"не зважай(?:те)? на", r"отбрось(?:те)?",
                 r"відкинь(?:те)?", r"отмени(?:те)?", r"скасуй(?:те)?", r"забей(?:те)? на",
                 r"наплюй(?:те)? на", r"не следуй(?:те)?", r"не слушай(?:те)?",
                 r"перестань(?:те)? (?:следовать|соблюдать|слушаться|выполнять|дотримуватися|"
                 r"слухатися|виконувати)", r"не соблюдай(?:те)?", r"не дотримуйся",
                 r"выбрось из головы", r"викинь з голови", r"сбрось", r"обнули")
_RU_RULES = _alt(r"инструкци\w*", r"інструкці\w*", r"указани\w*", r"вказів\w*", r"правил\w*",
                 r"команд\w*", r"установк\w*", r"настройк\w*", r"налаштуван\w*", r"промпт\w*",
                 r"ограничени\w*", r"обмежен\w*", r"директив\w*", r"предписани\w*",
                 r"(?:всё|все|усе|то),? что (?:тебе )?(?:было )?(?:сказано|говорили|написано)",
                 r"(?:все|усе|те),? що (?:тобі )?(?:було )?(?:сказано|казали|написано)",
                 r"(?:всё|все|усе) (?:выше|вище|вышесказанное|предыдущее|попереднє)")
_RU_PRIOR = _alt(r"предыдущ\w*", r"прежн\w*", r"прошл\w*", r"изначальн\w*", r"исходн\w*",
                 r"старые", r"попередн\w*", r"початков\w*", r"старі", r"системн\w*")
_RU_VOID = _alt(r"(?:больше |уже )?не действуют", r"недействительн\w*", r"отменен\w*",
                r"(?:больше )?не имеют силы", r"не имеет силы", r"(?:больше |вже )?не діють",
                r"недійсн\w*", r"скасован\w*", r"не считаются", r"не важны", r"не рахуються")
_RU_PERSONA = _alt(r"притворись", r"представь,? что ты", r"вообрази,? что ты",
                   r"веди себя как", r"(?:сыграй|играй) роль", r"стань", r"(?:ты )?теперь ты",
                   r"отныне ты", r"с этого момента ты", r"вдавай", r"уяви,? що ти",
                   r"тепер ти", r"(?:зіграй|грай) роль", r"поводься як", r"ты (?:—|-) ",
                   r"ти (?:—|-) ")
_RU_UNBOUND = _alt(r"без (?:каких-либо |жодних |всяких )?(?:правил|ограничений|цензуры|"
                   r"фильтров|обмежень|цензури|фільтрів|морали|моралі)",
                   r"не выходи из (?:роли|образа)", r"оставайся в (?:роли|образе)",
                   r"(?:ніколи )?не виходь з ролі", r"залишайся в ролі",
                   r"всегда остаются в роли", r"завжди залишаються в ролі",
                   r"(?:можешь|можеш) (?:делать |робити )?(?:всё|все|усе)")
_RU_SHOW = _alt(r"покажи", r"выведи", r"виведи", r"повтори", r"процитируй", r"процитуй",
                r"раскрой", r"розкрий", r"перескажи", r"переведи", r"переклади", r"назови",
                r"назви", r"напиши", r"скажи", r"скопируй", r"скопіюй")
_RU_OWN = _alt(r"системн\w* (?:промпт|сообщени\w*|инструкци\w*|повідомлен\w*|інструкці\w*)",
               r"(?:свой|твой|свій|твій) промпт", r"(?:свои|твои|свої|твої) (?:инструкци|"
               r"інструкці)\w*", r"(?:твоих|твоїх) (?:инструкци|інструкці)\w*",
               r"текст,? (?:которым|яким) тебя (?:настроили|налаштували)",
               r"(?:всё|все|усе),? что (?:написано|было) (?:до|выше)",
               r"(?:все|усе),? що (?:написано|було) (?:до|вище)",
               r"перв\w* сообщени\w* (?:этого|нашего) (?:разговора|чата|диалога)",
               # the text above asked back (round 14)
               r"(?:весь |увесь |всь )?текст,? (?:\w+ )?(?:выше|вище|до|перед) (?:этого|этой|"
               r"цього|цієї|моего|моей|мого|моєї) (?:сообщени|повідомлен|строк|рядк|вопрос|"
               r"питанн|запит|запрос)\w*",
               r"перш\w* повідомлен\w* (?:цієї|нашої) (?:розмови|бесіди|чату)",
               r"(?:секретн\w* )?пароль")
_RU_DONE = _alt(r"с этим покончено", r"это сделано", r"(?:это )?готово", r"хватит", r"достаточно",
                r"це зроблено", r"це готово", r"досить", r"з цим покінчено")
_RU_MORE = _alt(r"(?:а )?теперь (?:важнее|главное|срочно|самое важное)",
                r"тепер (?:важливіше|головне|терміново)")
_RU_ANSWER = _alt(r"в (?:своём|своем|твоём|твоем|каждом) ответе", r"в конце (?:каждого )?ответа",
                  r"(?:твой|твій) ответ должен", r"у (?:своїй|твоїй|кожній) відповіді",
                  r"в кінці (?:кожної )?відповіді", r"твоя відповідь має")
_RU_CLAIM = _alt(r"упомяни", r"добавь", r"напиши", r"скажи", r"утверждать", r"укажи",
                 r"згадай", r"додай", r"стверджувати")

# --- Polish (skeleton: lower case, no diacritics) ------------------------------------------
_PL_ASIDE = _alt(r"zignoruj\w*", r"ignoruj\w*", r"zapomnij\w*", r"pomin\w*", r"olej",
                 r"nie stosuj sie (?:juz )?do",
                 r"przestan (?:przestrzegac|stosowac sie do|sluchac)",
                 r"anuluj", r"odrzuc", r"nie zwracaj uwagi na", r"nie przejmuj sie",
                 r"nie trzymaj sie")
_PL_RULES = _alt(r"instrukcj\w*", r"polecen\w*", r"zasad\w*", r"regul\w*", r"wytyczn\w*",
                 r"komend\w*", r"prompt\w*", r"ograniczen\w*",
                 r"(?:wszystko|to),? co (?:zostalo |bylo )?(?:powiedziane|napisane|"
                 r"powiedziano|napisano)", r"wszystko (?:powyzej|wyzej|wczesniej)")
_PL_PRIOR = _alt(r"poprzedni\w*", r"wczesniejsz\w*", r"dotychczasow\w*", r"stare",
                 r"pierwotn\w*", r"systemow\w*")
_PL_VOID = _alt(r"(?:sa |juz )*niewazne", r"(?:sa |juz )*nieaktualne", r"(?:sa |zostaly )?"
                r"anulowane", r"(?:juz )?nie obowiazuja", r"(?:juz )?sie nie licza")
_PL_PERSONA = _alt(r"udawaj", r"wciel sie w", r"zagraj role", r"badz teraz",
                   r"jestes teraz", r"od teraz jestes", r"wyobraz sobie,? ze jestes",
                   r"zachowuj sie jak", r"teraz jestes")
_PL_UNBOUND = _alt(r"bez (?:zadnych )?(?:zasad|ograniczen|cenzury|regul|filtrow)",
                   r"nie wychodz z roli", r"pozostan w roli", r"nigdy nie dano",
                   r"mozesz (?:zrobic )?wszystko")
_PL_SHOW = _alt(r"pokaz", r"wypisz", r"powtorz", r"zacytuj", r"podaj", r"ujawnij",
                r"przetlumacz", r"wyswietl", r"napisz")
_PL_OWN = _alt(r"prompt systemowy", r"(?:swoj|twoj) prompt", r"(?:swoje|twoje) instrukcj\w*",
               r"tekst,? ktorym (?:zostales|zostalas) skonfigurowan\w*",
               r"wszystko,? co (?:jest|bylo|stoi) przed", r"haslo,? ktore")
_PL_ANSWER = _alt(r"w (?:swojej|twojej|kazdej) odpowiedzi", r"na koncu (?:kazdej )?odpowiedzi",
                  r"twoja odpowiedz (?:musi|powinna)")
_PL_CLAIM = _alt(r"wspomnij", r"dopisz", r"napisz", r"twierdzic", r"dodaj", r"powiedz")

# A task declared done, then an alarm or "instead": the stop-and-redirect frame, in every
# language of the scanner (Latin scripts on the skeleton, Cyrillic on the normalised text).
_DONE_LATIN = _alt(
    r"task (?:is )?(?:complete|completed|done|finished)", r"that(?:'s| is| was) (?:done|it)",
    r"done", r"finished", r"aufgabe (?:ist )?erledigt", r"das (?:ist|war) erledigt",
    r"erledigt", r"eso ya esta", r"ya esta", r"tarea (?:completada|terminada|hecha)",
    r"c'est fait", r"tache (?:terminee|accomplie|finie)", r"fatto", r"compito (?:completato|"
    r"finito|svolto)", r"isso (?:ja )?esta feito", r"tarefa (?:concluida|completa|feita)",
    r"dat is klaar", r"taak (?:voltooid|klaar|afgerond)", r"zadanie (?:zakonczone|wykonane)",
    r"to (?:juz )?(?:zrobione|gotowe)", r"wystarczy", r"gotowe", r"yeh ho gaya",
    r"kaam (?:ho gaya|khatam)")
_ALARM_LATIN = _alt(
    r"important", r"wichtig", r"importante", r"wazne", r"urgent", r"dringend", r"urgente",
    r"pilne", r"uwaga", r"achtung", r"attention", r"atencion", r"attenzione", r"atencao",
    r"let op", r"stopp?", r"alto", r"pare", r"para", r"halt", r"wait", r"warte", r"czekaj",
    r"zaczekaj", r"espera", r"attends", r"aspetta", r"espere", r"wacht", r"hold on", r"ruko",
    r"moment(?: mal)?")
_INSTEAD_LATIN = _alt(r"instead", r"stattdessen", r"en su lugar", r"en cambio",
                      r"au lieu de (?:cela|ca)", r"invece", r"em vez disso", r"em vez",
                      r"in plaats daarvan", r"zamiast tego", r"iske bajaye", r"erst einmal",
                      r"najpierw", r"first")
_DONE_CYR = _alt(r"задача выполнена", r"это сделано", r"готово", r"хватит", r"сделано",
                 r"завдання виконано", r"це зроблено", r"досить", r"зроблено")
_ALARM_CYR = _alt(r"важно", r"внимание", r"стоп", r"срочно", r"подожди", r"постой", r"увага",
                  r"терміново", r"зачекай", r"важливо", r"стій")
_INSTEAD_CYR = _alt(r"вместо этого", r"натомість", r"замість цього", r"сначала", r"спочатку")

R = GatedRule
# The model's rules, filters or policies named: what makes staying in character a jailbreak
_RU_MODEL_RULES = _alt(r"без (?:\w+ )?(?:ограничени\w*|правил\w*|цензур\w*|фильтр\w*)",
                       r"без (?:\w+ )?(?:обмежен\w*|правил\w*|цензур\w*|фільтр\w*)",
                       r"openai", r"chatgpt", r"как ии", r"як ші", r"незаконн\w*",
                       r"не отказывай\w*", r"не відмовляй\w*", r"неэтичн\w*", r"неетичн\w*")
_PL_MODEL_RULES = _alt(r"bez (?:\w+ )?(?:ograniczen\w*|zasad\w*|cenzury|filtr\w*)", r"openai",
                       r"chatgpt", r"jako ai", r"nielegaln\w*", r"nie odmawiaj\w*",
                       r"nieetyczn\w*")


RULES: tuple[GatedRule, ...] = (
    R("redirect", "task declared done, then an alarm",
      # the task is what is done, a sentence of its own ("Backfill done." names some work)
      r"(?:^|[.!?]\s+)" + _DONE_LATIN + r"[.!,;]*\s+(?:" + _ALARM_LATIN
      + r"\b\W{0,3}[:!.\u2013\u2014-]|" + _INSTEAD_LATIN + r"\b[,:])",
      (("done", "complete", "finished", "that's it", "that is it", "erledigt", "esta",
        "tarea", "c'est fait", "tache", "fatto", "compito", "feito", "tarefa", "klaar", "taak",
        "zadanie", "zrobione", "gotowe", "wystarczy", "ho gaya", "khatam"),), "skel"),
    R("redirect", "task declared done, then an alarm (ru/uk)",
      r"(?:^|[.!?]\s+)" + _DONE_CYR + r"[.!,;]*\s+(?:" + _ALARM_CYR
      + r"\b\W{0,3}[:!.\u2013\u2014-]|"
      + _INSTEAD_CYR + r"\b[,:])",
      (("выполнена", "сделано", "готово", "хватит", "виконано", "зроблено", "досить"),),
      "norm"),
    R("override", "set aside the instructions (ru/uk)", _RU_ASIDE + _GAP + _RU_RULES,
      (("игнор", "ігнор", "забуд", "забей", "наплюй", "не обращай", "не зважай", "отбрось",
        "відкинь", "отмени", "скасуй", "не следуй", "не слушай", "перестань", "не соблюдай",
        "не дотримуйся", "из головы", "з голови", "сбрось", "обнули"),), "norm"),
    R("override", "instructions declared void (ru/uk)",
      _RU_PRIOR + r" (?:\w+ )?" + _RU_RULES + _SHORT + _RU_VOID,
      (("не действ", "недейств", "отменен", "не имеют", "не имеет", "не діють", "недійсн",
        "скасован", "не считаются", "не важны", "не рахуються"),), "norm"),
    R("persona", "a role without rules (ru/uk)", _RU_PERSONA + _GAP + _RU_UNBOUND,
      (("без ", "не выходи", "оставайся", "не виходь", "залишайся", "в роли", "в ролі",
        "можешь", "можеш"),), "norm"),
    # staying in character, with the model's rules named nearby, as in English
    # (`STAY_IN_CHARACTER`): a language-practice role-play stays in character too
    R("persona", "stays in character (ru/uk)",
      _alt(r"не выходи(?:те)? из (?:роли|образа)", r"оста(?:вайся|ются|ется) в (?:роли|образе)",
           r"не виходь(?:те)? з ролі", r"залиша(?:йся|ються|ється) в ролі"),
      (("роли", "ролі", "образ"),), "norm", near=_RU_MODEL_RULES),
    R("extraction", "asks for the model's own prompt (ru/uk)", _RU_SHOW + _GAP + _RU_OWN,
      (("промпт", "инструкц", "інструкц", "настроили", "налаштували", "написано", "было",
        "було", "текст"),), "norm"),
    R("extraction", "asks what the model was told before (ru/uk)",
      _alt(r"какие инструкции ты получил", r"які інструкції ти отримав",
           r"что тебе (?:сказали|говорили) до", r"що тобі (?:сказали|казали) до"),
      (("инструкции ты", "інструкції ти", "тебе сказали", "тебе говорили", "тобі сказали",
        "тобі казали"),), "norm"),
    R("redirect", "done, now something more urgent (ru/uk)",
      _RU_DONE + r"\W{1,4}" + _RU_MORE,
      (("теперь", "тепер"),), "norm"),
    R("redirect", "urgent help or a real task (ru/uk)",
      _alt(r"(?:мне|мені) (?:срочно|терміново) (?:нужна|потрібна) (?:твоя )?(?:помощь|допомога)",
           r"(?:твоя|твоё|твое|твоє) (?:новая|настоящая|истинная|единственная|нове|справжнє|"
           r"единственное|новое) (?:задача|задание|завдання)"),
      (("срочно", "терміново", "задача", "задание", "завдання"),), "norm"),
    R("redirect", "alarm and stop (ru/uk)", r"(?:внимание|увага)\W{1,5}стоп\b",
      (("стоп",),), "norm"),
    R("shaping", "a claim put into the answer (ru/uk)",
      _RU_ANSWER + r",? " + _SHORT + _RU_CLAIM + r"\b" + _SHORT + r"(?:,? что|,? що)\b",
      (("ответ", "відповід"),), "norm"),
    R("shaping", "answer from own knowledge, not the sources (ru/uk)",
      r"(?:отвечай|відповідай) (?:на основе|на основі|исходя из) (?:собственных|своих|власних|"
      r"своїх) (?:знаний|знань),? (?:а )?не",
      (("отвечай", "відповідай"),), "norm"),
    R("jailbreak", "a sandbox without consequences (ru/uk)",
      _alt(r"тестов\w* сред\w*", r"песочниц\w*", r"тестове середовище", r"пісочниц\w*")
      + _GAP + _alt(r"без последствий", r"без наслідків", r"не действуют", r"не діють"),
      (("без последствий", "без наслідків", "не действуют", "не діють"),), "norm"),
    R("jailbreak", "limits lifted (ru/uk)",
      _alt(r"(?:твои |твої )?(?:ограничения|обмеження|правила|фильтры|фільтри)")
      + r" (?:\w+ )?(?:здесь |тут |больше |більше |уже |вже )?(?:не действуют|не діють|"
      r"отключены|вимкнені|сняты|зняті)",
      (("не действуют", "не діють", "отключены", "вимкнені", "сняты", "зняті"),), "norm"),
    R("jailbreak", "developer mode (ru/uk)",
      _alt(r"режим разработчика", r"режим розробника") + r"\W{0,3}(?:\w+ )?"
      + _alt(r"включ\w*", r"увімкн\w*", r"активир\w*", r"активован\w*"),
      (("режим разраб", "режим розроб"),), "norm"),
    # Russian in Latin letters
    R("override", "set aside the instructions (ru-latn)",
      r"\b(?:ignoriru\w*|proignoriru\w*|zabud\w*|ne obrashchay vnimaniya na|otbros\w*)"
      + _GAP + r"\b(?:instrukts\w*|pravil\w*|ukazani\w*|ogranicheni\w*|komand\w*)",
      (("ignorir", "zabud", "obrashchay", "otbros"),), "skel"),
    R("persona", "a role without rules (ru-latn)",
      r"\b(?:pritvoris\w*|predstav\w*,? chto ty|teper ty)" + _GAP
      + r"\bbez (?:pravil|ogranicheni\w*|tsenzury|filtrov)\b",
      (("pritvor", "predstav", "teper ty"),), "skel"),
    # Polish
    R("override", "set aside the instructions (pl)", r"\b" + _PL_ASIDE + _GAP + _PL_RULES,
      (("ignoruj", "zapomnij", "pomin", "olej", "nie stosuj", "przestan", "anuluj", "odrzuc",
        "nie zwracaj", "nie przejmuj", "nie trzymaj"),), "skel"),
    R("override", "instructions declared void (pl)",
      r"\b" + _PL_PRIOR + r" (?:\w+ )?" + _PL_RULES + r" " + _PL_VOID,
      (("niewazne", "nieaktualne", "anulowane", "nie obowiazuja", "nie licza"),), "skel"),
    R("persona", "a role without rules (pl)", r"\b" + _PL_PERSONA + _GAP + _PL_UNBOUND,
      (("bez ", "nie wychodz", "pozostan", "nigdy nie dano", "mozesz"),), "skel"),
    R("persona", "stays in character (pl)",
      r"\b(?:nie wychodz(?:cie)? z roli|pozostan(?:cie)? w roli|pozostaja w rolach?|"
      r"zawsze zostaja w rolach?)\b", (("roli", "rolach"),), "skel", near=_PL_MODEL_RULES),
    R("extraction", "asks for the model's own prompt (pl)", r"\b" + _PL_SHOW + _GAP + _PL_OWN,
      (("prompt", "instrukcj", "skonfigurowan", "przed", "haslo"),), "skel"),
    R("extraction", "asks what the model was told before (pl)",
      r"\b(?:jakie instrukcje (?:otrzymales|dostales|masz)|co ci (?:powiedziano|kazano) "
      r"(?:przed|na poczatku))\b",
      (("instrukcje", "co ci"),), "skel"),
    R("redirect", "done, now something more urgent (pl)",
      r"\b(?:to (?:juz )?(?:zrobione|gotowe)|wystarczy|koniec z tym)\W{1,4}teraz "
      r"(?:wazniejsze|najwazniejsze|pilne|pilniejsze)\b", (("teraz",),), "skel"),
    R("redirect", "urgent help or a real task (pl)",
      r"\b(?:pilnie|natychmiast) potrzebuje (?:twojej )?pomocy\b|\btwoje (?:nowe|prawdziwe|"
      r"jedyne) zadanie\b", (("pomocy", "zadanie"),), "skel"),
    R("extraction", "asks for a secret (pl)",
      r"\b(?:pokaz|podaj|ujawnij|wypisz|powiedz|zdradz|skopiuj)\w*" + _SHORT + r"\bhasl\w*",
      (("hasl",),), "skel"),
    R("shaping", "a claim put into the answer (pl)",
      r"\b" + _PL_ANSWER + r",? " + _SHORT + r"\b" + _PL_CLAIM + r"\b" + _SHORT + r",? ze\b",
      (("odpowiedz",),), "skel"),
    R("shaping", "answer from own knowledge, not the sources (pl)",
      r"\bodpowiadaj (?:na podstawie|w oparciu o) (?:wlasnej|swojej) wiedzy,? a nie\b",
      (("odpowiadaj",),), "skel"),
    R("jailbreak", "a sandbox or developer mode (pl)",
      r"\b(?:srodowisko testowe|piaskownic\w*)" + _GAP + r"bez konsekwencji"
      r"|\b(?:twoje )?(?:ograniczenia|zasady|filtry) (?:\w+ )?(?:tu |tutaj )?(?:nie obowiazuja|"
      r"sa wylaczone)|\btryb (?:dewelopera|programisty) (?:jest )?(?:wlaczony|aktywny|"
      r"aktywowany)\b",
      (("bez konsekwencji", "nie obowiazuja", "wylaczone", "tryb dewelopera",
        "tryb programisty"),), "skel"),
)


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[GatedRule, re.Pattern[str], re.Pattern[str] | None], ...]:
    return tuple((r, re.compile(r.pattern), re.compile(r.near) if r.near else None)
                 for r in RULES)


_CYRILLIC = re.compile("[\u0400-\u04ff]")


def find_slavic(norm: str, skel: str) -> list[tuple[str, str, str]]:
    """(kind, rule, excerpt) for each Russian, Ukrainian or Polish rule that matches."""
    hits = []
    skel = skel.replace("ł", "l")  # the one Polish letter that does not decompose
    # every gate of a rule on the normalised text is Cyrillic (a test checks): one search
    # spares a text without Cyrillic their gates' substring tests
    cyrillic = _CYRILLIC.search(norm) is not None
    for rule, pattern, near in _compiled():
        if rule.form == "norm" and not cyrillic:
            continue
        text = norm if rule.form == "norm" else skel
        if not all(any(s in text for s in gate) for gate in rule.gates):
            continue
        m = pattern.search(text)
        if m and (near is None or near.search(text, max(0, m.start() - NEAR), m.end() + NEAR)):
            lo, hi = m.span()
            hits.append((rule.kind, rule.name, text[max(0, lo - 10):hi + 30].strip()))
    return hits
