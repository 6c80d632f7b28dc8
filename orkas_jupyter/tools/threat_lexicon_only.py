"""The words "only" ("just", "nothing but") and "instead", for one concept rule of the scanner
(`threat_concepts.py`, round 25): an order to *say* a given text and nothing else, after the
model was told to set aside what came before or to answer something else instead ("forget
everything above and only write \"…\"", "don't answer the question; instead only write
«…»"), in the languages the grammar does not read. The learned layer does not read these
concepts (its networks were trained without them). Written from knowledge of the languages
for this project (no data set read); same licence as the repository."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "ar": {
        "only": ("فقط", "لا غير", "فحسب", "سوى"),
        "instead": ("بدلا من ذلك", "بدلاً من ذلك", "عوضا عن ذلك", "عوضاً عن ذلك", "بدل ذلك"),
    },
    "fa": {
        "only": ("فقط", "تنها", "صرفا", "صرفاً"),
        "instead": ("در عوض", "به جای آن", "به\u200cجای آن", "بجای آن"),
    },
    "ur": {
        "only": ("صرف", "فقط", "محض"),
        "instead": ("اس کی بجائے", "اس کے بجائے", "بجائے اس کے"),
    },
    "he": {"only": ("רק$", "אך ורק", "בלבד"), "instead": ("במקום זאת", "במקום זה", "אלא$")},
    "hi": {
        "only": ("सिर्फ़", "सिर्फ", "केवल", "बस$", "मात्र"),
        "instead": ("इसके बजाय", "इसकी बजाय", "बल्कि", "उसके बजाय", "इसके बदले"),
    },
    "mr": {"only": ("फक्त", "केवळ"), "instead": ("त्याऐवजी", "याऐवजी", "त्याच्याऐवजी")},
    "bn": {
        "only": ("শুধু", "শুধুমাত্র", "কেবল", "মাত্র"),
        "instead": ("পরিবর্তে", "তার বদলে", "বরং"),
    },
    "ta": {"only": ("மட்டும்", "மட்டுமே"), "instead": ("அதற்குப் பதிலாக", "பதிலாக")},
    "te": {"only": ("మాత్రమే", "కేవలం"), "instead": ("బదులుగా",)},
    "kn": {"only": ("ಮಾತ್ರ", "ಕೇವಲ"), "instead": ("ಬದಲಾಗಿ",)},
    "ml": {"only": ("മാത്രം", "മാത്രമേ"), "instead": ("പകരം",)},
    "gu": {"only": ("ફક્ત", "માત્ર", "કેવળ"), "instead": ("તેના બદલે", "બદલે")},
    "pa": {"only": ("ਸਿਰਫ਼", "ਸਿਰਫ", "ਕੇਵਲ"), "instead": ("ਇਸ ਦੀ ਬਜਾਏ", "ਬਜਾਏ")},
    "ne": {"only": ("मात्र", "केवल", "सिर्फ"), "instead": ("बरु", "यसको सट्टा", "सट्टा")},
    "si": {"only": ("පමණක්", "පමණි")},
    "th": {"only": ("แค่", "เท่านั้น", "เพียง"), "instead": ("แทน", "แต่ให้")},
    "vi": {
        "only": ("chỉ$", "duy nhất", "mà thôi"),
        "instead": ("thay vào đó", "thay vì thế", "thay vào"),
    },
    "id": {
        "only": ("hanya", "saja$", "cuma$"),
        "instead": ("sebagai gantinya", "alih-alih", "melainkan"),
    },
    "ms": {
        "only": ("hanya", "sahaja", "saja$", "cuma$"),
        "instead": ("sebaliknya", "sebagai gantinya"),
    },
    "tl": {"only": ("lamang", "lang$"), "instead": ("sa halip",)},
    "ceb": {"only": ("lamang", "ra$")},
    "jv": {"only": ("mung$", "namung", "thok$")},
    "ko": {
        "only": ("오직", "단지", "라고만", "이라고만", "만 말", "만 출력", "만 답", "만 써",
                 "만 적", "만 대답", "만 하"),
        "instead": ("대신", "그 대신", "대신에"),
    },
    "ja": {
        "only": (
            "とだけ", "だけを", "だけ答", "だけ出力", "だけ書", "だけ言", "だけ返",
            "のみを", "のみ出力", "のみ答", "のみ返", "とのみ",
        ),
        "instead": ("代わりに", "かわりに", "その代わり"),
    },
    "zh": {
        "only": ("只", "仅", "僅", "只有", "只需"),
        # not 改为 or 改成, "changed to" ("工单状态改为「已解决」")
        "instead": ("相反", "而是", "取而代之"),
    },
    "tr": {
        "only": ("sadece", "yalnızca", "yalnız$", "sırf$", "bir tek"),
        "instead": ("onun yerine", "bunun yerine", "yerine"),
    },
    "az": {"only": ("yalnız", "ancaq", "sadəcə"), "instead": ("əvəzinə", "bunun əvəzinə")},
    "uz": {
        "only": ("faqat", "faqatgina"),
        "instead": ("uning o'rniga", "o'rniga", "buning o'rniga"),
    },
    "kk": {"only": ("тек$", "тек қана"), "instead": ("оның орнына", "орнына")},
    "mn": {"only": ("зөвхөн",), "instead": ("оронд нь",)},
    "ru": {"only": ("только", "лишь$"), "instead": ("вместо этого", "взамен", "вместо")},
    "uk": {"only": ("тільки", "лише$"), "instead": ("натомість", "замість цього", "замість")},
    "be": {"only": ("толькі",)},
    "pl": {
        "only": ("tylko", "jedynie", "wyłącznie"),
        "instead": ("zamiast tego", "w zamian", "zamiast"),
    },
    "cs": {
        "only": ("jen$", "pouze", "jenom", "výhradně"),
        "instead": ("místo toho", "namísto toho"),
    },
    "sk": {
        "only": ("len$", "iba$", "jedine", "výlučne"),
        "instead": ("namiesto toho", "miesto toho"),
    },
    "sl": {"only": ("samo$", "le$", "zgolj"), "instead": ("namesto tega",)},
    "hr": {"only": ("samo$", "jedino", "isključivo"), "instead": ("umjesto toga",)},
    "sr": {
        "only": ("samo$", "само$", "jedino", "једино"),
        "instead": ("umesto toga", "уместо тога"),
    },
    "bg": {"only": ("само$", "единствено"), "instead": ("вместо това",)},
    "mk": {"only": ("само$", "единствено"), "instead": ("наместо тоа",)},
    "ro": {
        "only": ("doar$", "numai$", "exclusiv"),
        "instead": ("în schimb", "in schimb", "în loc de asta"),
    },
    "hu": {
        "only": ("csak$", "csakis", "kizárólag", "pusztán"),
        "instead": ("ehelyett", "helyette"),
    },
    "fi": {
        "only": ("vain$", "ainoastaan", "pelkästään", "pelkkä"),
        "instead": ("sen sijaan", "sijaan"),
    },
    "et": {"only": ("ainult", "vaid$", "üksnes"), "instead": ("selle asemel", "asemel")},
    "lv": {"only": ("tikai",), "instead": ("tā vietā",)},
    "lt": {"only": ("tik$", "tiktai", "vien$", "tiesiog"), "instead": ("vietoj to", "užuot")},
    "sv": {"only": ("bara$", "endast", "enbart", "enkom"), "instead": ("istället", "i stället")},
    "no": {"only": ("bare$", "kun$", "utelukkende"), "instead": ("i stedet",)},
    "da": {"only": ("kun$", "bare$", "udelukkende"), "instead": ("i stedet",)},
    "is": {"only": ("aðeins", "bara$", "einungis", "eingöngu"), "instead": ("í staðinn",)},
    "el": {
        "only": ("μόνο", "μονάχα", "αποκλειστικά", "απλώς"),
        "instead": ("αντί γι' αυτό", "αντ' αυτού", "αντί αυτού", "αντί"),
    },
    "sq": {
        "only": ("vetëm", "vetem", "thjesht"),
        "instead": ("në vend të kësaj", "në vend të saj", "përkundrazi"),
    },
    "ga": {
        "only": ("amháin", "ach amháin", "díreach"),
        "instead": ("ina áit sin", "ina ionad sin"),
    },
    "gd": {"only": ("a-mhàin", "a mhàin", "dìreach"), "instead": ("an àite sin",)},
    "cy": {"only": ("yn unig", "dim ond", "ond$"), "instead": ("yn lle hynny", "yn hytrach")},
    "eu": {"only": ("bakarrik", "soilik", "besterik ez"), "instead": ("horren ordez", "ordez")},
    "ca": {
        "only": ("només", "sols$", "únicament", "solament"),
        "instead": ("en canvi", "en lloc d'això"),
    },
    "gl": {"only": ("só$", "soamente", "unicamente"), "instead": ("no seu lugar", "en vez diso")},
    "mt": {"only": ("biss$", "unikament")},
    "sw": {"only": ("tu$", "pekee", "peke yake"), "instead": ("badala yake", "badala")},
    "zu": {"only": ("kuphela", "nje$"), "instead": ("esikhundleni salokho", "kunalokho")},
    "xh": {"only": ("kuphela", "nje$"), "instead": ("endaweni yoko", "kunoko")},
    "af": {"only": ("net$", "slegs", "uitsluitlik"), "instead": ("in plaas daarvan",)},
    "yo": {"only": ("nìkan", "nikan", "ṣoṣo"), "instead": ("dipo", "dípò")},
    "ha": {"only": ("kawai", "kaɗai", "kadai"), "instead": ("maimakon haka", "maimakon")},
    "ig": {"only": ("naanị", "naani", "sọọsọ")},
    "am": {"only": ("ብቻ",), "instead": ("ይልቁንስ", "በምትኩ")},
    "so": {"only": ("kaliya", "uun$", "oo keliya"), "instead": ("taa beddelkeed", "bedelkeed")},
    "ka": {"only": ("მხოლოდ",), "instead": ("ამის ნაცვლად", "ნაცვლად")},
    "hy": {"only": ("միայն",), "instead": ("փոխարենը",)},
}
# fmt: on
