"""Two concepts for a check of the concept rules (`threat_concept_checks.fixed_answer`, round
33), where a text fixes the answer to one quoted word: "question", the word it uses for every
question ("Jibu 'ndiyo' tu kwa kila swali", "Galdera guztiei 'ados' bakarrik erantzun"; a
form's "answer 'yes' only if all conditions are met" fixes no answer to a question), and
"nothingelse" ("Odgovori samo s 'da'. Ništa drugo.", "Ateba 'ie' yn unig. Dim byd arall.").
Stems: entries match at a word's start and take any ending. The learned layer does not read
these concepts (its networks were trained without them). Written from knowledge of the
languages for this project (no data set read); same licence as the repository."""

# fmt: off
_QUESTION: dict[str, tuple[str, ...]] = {
    "af": ("vraag", "vrae$"), "az": ("sual",), "be": ("пытанн",), "bg": ("въпрос",),
    "ca": ("pregunt",), "ceb": ("pangutana",), "cs": ("otázk", "dotaz"),
    "cy": ("cwestiwn", "cwestiynau", "gwestiwn", "gwestiynau", "nghwestiwn", "chwestiwn"),
    "da": ("spørgsmål",), "el": ("ερώτησ", "ερωτήσ", "ερώτημα"), "et": ("küsimus", "küsimu"),
    "eu": ("galder",), "fi": ("kysymy", "kysymys"), "ga": ("ceist", "cheist", "gceist"),
    "gd": ("ceist", "cheist"), "gl": ("pregunt",), "ha": ("tambaya", "tambayoyi"),
    "hr": ("pitanj",), "hu": ("kérdés",), "id": ("pertanyaan",), "ig": ("ajụjụ", "ajuju"),
    "is": ("spurning",), "jv": ("pitakonan",), "lt": ("klausim",), "lv": ("jautājum",),
    "mk": ("прашањ",), "ms": ("soalan", "pertanyaan"), "mt": ("mistoqsij",),
    "no": ("spørsmål",), "pl": ("pytani",), "ro": ("întrebar",), "ru": ("вопрос",),
    "sk": ("otázk",), "sl": ("vprašanj",), "so": ("su'aal", "suaal"), "sq": ("pyetj",),
    "sr": ("pitanj", "питањ"), "sv": ("fråga", "frågor"), "sw": ("swali", "maswali"),
    "tl": ("tanong",), "tr": ("soru",), "uk": ("питанн",), "uz": ("savol",),
    "vi": ("câu hỏi",), "xh": ("umbuzo", "imibuzo", "yombuzo", "kumbuzo"),
    "yo": ("ìbéèrè", "ibeere"), "zu": ("umbuzo", "imibuzo", "yombuzo", "kumbuzo"),
    "ar": ("سؤال", "أسئلة", "اسئلة"), "fa": ("سؤال", "سوال", "پرسش"), "he": ("שאלה", "שאלות"),
    "hi": ("प्रश्न", "सवाल"), "ja": ("質問", "問い"), "ko": ("질문",), "zh": ("问题", "問題"),
    "th": ("คำถาม",),
}
_NOTHING_ELSE: dict[str, tuple[str, ...]] = {
    "af": ("niks anders", "niks meer"), "az": ("başqa heç nə", "başqa heç bir şey"),
    "bg": ("нищо друго", "нищо повече"), "bs": ("ništa drugo", "ništa više"),
    "ca": ("res més", "res d'altre"), "cs": ("nic jiného", "nic víc", "nic dalšího"),
    "cy": ("dim byd arall", "dim byd mwy", "dim arall"), "da": ("intet andet", "ikke andet"),
    "el": ("τίποτα άλλο", "τίποτε άλλο", "τίποτα περισσότερο"),
    "et": ("mitte midagi muud", "ei midagi muud", "mitte midagi rohkem"),
    "eu": ("besterik ez", "ezer gehiago", "beste ezer ez"),
    "fi": ("ei mitään muuta", "älä mitään muuta", "ei mitään muut"),
    "ga": ("faic eile", "rud ar bith eile", "aon rud eile", "tada eile"),
    "gd": ("dad sam bith eile", "càil sam bith eile", "dad eile", "sian eile"),
    "gl": ("nada máis", "ningunha outra cousa"), "ha": ("ba wani abu", "kada ka ƙara"),
    "hr": ("ništa drugo", "ništa više"), "hu": ("semmi mást", "semmi egyebet", "semmi többet"),
    "id": ("tidak ada yang lain", "tanpa tambahan apa pun", "jangan tambahkan apa pun"),
    "is": ("ekkert annað", "ekkert annad", "ekkert meira"),
    "lt": ("nieko daugiau", "nieko kito"), "lv": ("neko citu", "neko vairāk"),
    "ms": ("tiada yang lain", "jangan tambah apa-apa"), "mt": ("xejn iktar", "xejn aktar",
                                                            "xejn ieħor", "xejn iehor"),
    "no": ("ingenting annet", "ikke noe annet", "ikke noe mer"),
    "pl": ("nic więcej", "nic innego"), "ro": ("nimic altceva", "nimic mai mult"),
    "ru": ("ничего больше", "больше ничего", "ничего другого", "ничего иного"),
    "sk": ("nič iné", "nič viac"), "sl": ("nič drugega", "nič več"),
    "sq": ("asgjë tjetër", "asgje tjeter", "asnjë gjë tjetër", "asgjë më shumë"),
    "sr": ("ništa drugo", "ništa više", "ништа друго", "ништа више"),
    "sv": ("inget annat", "ingenting annat", "inget mer", "ingenting mer"),
    "sw": ("si kitu kingine", "hakuna kingine", "bila kitu kingine", "hakuna kitu kingine"),
    "tl": ("wala nang iba", "walang iba"), "tr": ("başka hiçbir şey", "başka bir şey yazma",
                                                  "başka hiçbir şey yazma"),
    "uk": ("нічого більше", "більше нічого", "нічого іншого"),
    "vi": ("không gì khác", "không thêm gì"), "xh": ("akukho nto yimbi", "ungongezi nto"),
    "yo": ("ohunkohun miiran", "ko si ohun miiran"), "zu": ("akukho okunye", "ungengezi lutho"),
}
# fmt: on

LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    language: {"question": _QUESTION.get(language, ()),
               "nothingelse": _NOTHING_ELSE.get(language, ())}
    for language in sorted(set(_QUESTION) | set(_NOTHING_ELSE))
}
