"""One concept for a check of the concept rules (`threat_concept_checks.fixed_answer`, round
33): "question", the word a text uses when it fixes the answer to every question ("Jibu
'ndiyo' tu kwa kila swali", "Galdera guztiei 'ados' bakarrik erantzun"). A form's "answer
'yes' only if all conditions are met" fixes no answer to a question. Stems: entries match at
a word's start and take any ending. The learned layer does not read this concept (its
networks were trained without it). Written from knowledge of the languages for this project
(no data set read); same licence as the repository."""

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
# fmt: on

LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    language: {"question": stems} for language, stems in _QUESTION.items()
}
