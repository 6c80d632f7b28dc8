"""Concept words for the scanner's learned layer (`threat_model.py`, round 19): "reply" (the
model's answer, response or output) and "assert" (state a claim, slip something into a text),
in forty-three languages, so answer shaping ("at the end of your response, hint that …") has
concepts of its own as overrides do. No concept rule reads them. Written from knowledge of the
languages for this project by two helper sessions (no data set read); same licence as the
repository."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "reply": ("answer", "respons", "respond", "reply", "replies", "output$", "outputs$"),
        "assert": ("claim", "assert", "affirm", "state that", "insist", "maintain that", "say that",
                   "mention that", "hint that", "suggest that", "imply", "implies", "include that",
                   "work in", "slip in", "point out that"),
    },
    "de": {
        "reply": ("antwort", "beantwort", "erwider", "ausgabe", "rückmeld", "output$"),
        "assert": ("behaupt", "versicher", "erwähn", "betone$", "betonen$", "beharr", "andeut",
                   "deute an", "suggerier", "einfließ", "einbau", "unterjubel"),
    },
    "fr": {
        "reply": ("répon", "repons", "repond", "répliqu", "sortie", "output$"),
        "assert": ("affirm", "prétend", "déclar", "insist", "soutiens que$", "dis que$", "mentionn",
                   "sous-entend", "suggère", "suggérer", "insinu", "glisse"),
    },
    "es": {
        "reply": ("respuest", "respond", "contest", "replic", "output$"),
        "assert": ("afirm", "asegur", "sosten", "sostien", "insist", "declar", "di que$", "mencion",
                   "insinu", "insinú", "sugier", "da a entender"),
    },
    "it": {
        "reply": ("rispost", "rispond", "replic", "output$"),
        "assert": ("afferm", "sostien", "sosten", "insist", "dichiar", "menzion", "accenn",
                   "sugger", "suggerisc", "insinu", "lascia intendere", "infila"),
    },
    "pt": {
        "reply": ("respost", "respond", "replic", "output$"),
        "assert": ("afirm", "assegur", "sustent", "insist", "declar", "diga que$", "dizer que$",
                   "mencion", "insinu", "sugir", "suger", "dar a entender"),
    },
    "nl": {
        "reply": ("antwoord", "beantwoord", "reactie", "reage", "uitvoer", "output$"),
        "assert": ("beweer", "beweren", "bewering", "verzeker", "zeg dat$", "vermeld", "benadruk",
                   "volhoud", "suggere", "insinue", "doorschemer", "smokkel"),
    },
    "ca": {
        "reply": ("respost", "respon", "contest", "output$"),
        "assert": ("afirm", "assegur", "sosten", "insist", "declar", "digues que$", "dir que$",
                   "esment", "mencion", "suggere", "insinu", "a entendre"),
    },
    "ro": {
        "reply": ("răspun", "raspun", "replic", "output$"),
        "assert": ("afirm", "susțin", "sustin", "pretind", "insist", "declar", "spune că$",
                   "mențion", "suger", "insinu", "strecoar", "dă de înțeles"),
    },
    "ru": {
        "reply": ("ответ", "отвеч", "вывод", "выдач", "output$"),
        "assert": ("утвержд", "заявл", "заяви", "настаива", "упомян", "упомина", "намек",
                   "подразумева", "вверн", "вставь", "уверя", "подчеркн"),
    },
    "uk": {
        "reply": ("відповідь", "відповіді", "відповідай", "відповідати", "відповіс", "вивід",
                  "output$"),
        "assert": ("ствердж", "заявл", "заяви", "наполяга", "згада", "натяк", "наголос", "наголош",
                   "запевня", "встав$"),
    },
    "pl": {
        "reply": ("odpowiedź", "odpowiedzi$", "odpowiedzią", "odpowiedz$", "odpowiedzieć",
                  "odpowiadaj", "output$"),
        "assert": ("twierdz", "stwierdz", "stwierdź", "upieraj", "wspomnij", "wspomnieć", "sugeru",
                   "zasugeru", "napomkn", "daj do zrozumienia", "przemyc", "oświadcz"),
    },
    "cs": {
        "reply": ("odpověď", "odpovědi$", "odpovědět", "odpovídej", "odpověz", "výstup", "output$"),
        "assert": ("tvrdi", "tvrď$", "prohlaš", "prohlás", "trvej na", "zmiň", "zmín", "naznač",
                   "podsuň", "ujisti", "zdůrazni"),
    },
    "sk": {
        "reply": ("odpoveď", "odpovede", "odpovedz", "odpovedať", "odpovedaj", "výstup", "output$"),
        "assert": ("tvrdi", "tvrď$", "vyhlás", "prehlás", "trvaj na", "zmieň", "zmieni", "naznač",
                   "podsuň", "uisti", "zdôrazni"),
    },
    "sv": {
        "reply": ("svar$", "svaret", "svara$", "svarar", "svaren", "besvar", "utdata", "output$"),
        "assert": ("påstå", "hävda", "insistera", "stå fast vid", "säg att$", "nämn", "antyd",
                   "föreslå", "smyg in", "väv in", "framhåll", "konstatera"),
    },
    "da": {
        "reply": ("svar$", "svaret", "svare$", "svarer", "svarene", "besvar", "uddata", "output$"),
        "assert": ("påstå", "hævd", "insister", "fasthold", "sig at$", "nævn", "antyd", "foreslå",
                   "smugl", "flet ind", "fremhæv"),
    },
    "no": {
        "reply": ("svar$", "svaret", "svare$", "svarer", "svarene", "besvar", "utdata", "output$"),
        "assert": ("påstå", "hevd", "insister", "fasthold", "si at$", "nevn", "antyd", "foreslå",
                   "smugl", "flett inn", "fremhev", "understrek"),
    },
    "fi": {
        "reply": ("vastaus", "vastauks", "vastaa$", "vastata", "vastaat$", "tuloste", "output$"),
        "assert": ("väitä", "väittä", "väite", "vakuuta", "korosta", "mainitse", "mainita", "vihja",
                   "ehdota", "sano että$", "ujut", "totea"),
    },
    "et": {
        "reply": ("vastus", "vasta$", "vastama", "vastami", "vastad", "väljund", "output$"),
        "assert": ("väida", "väitm", "väide", "kinnita", "rõhuta", "maini", "vihja", "soovita",
                   "ütle et$", "sokuta", "jää kindlaks"),
    },
    "hu": {
        "reply": ("válasz", "felelj", "felelet", "kimenet", "output$"),
        "assert": ("állít", "kijelent", "ragaszkod", "említ", "megemlít", "célozz", "utalj",
                   "sugall", "javasol", "csempész", "becsempész", "hangsúlyoz"),
    },
    "lt": {
        "reply": ("atsakym", "atsakyk", "atsakyti", "atsakai", "atsakinė", "išvest", "output$"),
        "assert": ("teigk", "teigti", "teigiu", "teigia$", "tvirtin", "pabrėž", "paminė", "užsimin",
                   "įterp", "primygtin", "pareikš"),
    },
    "el": {
        "reply": ("απάντ", "απαντ", "απόκρισ", "αποκρίσ", "αποκρίν", "έξοδο$", "έξοδος$"),
        "assert": ("ισχυρίσ", "ισχυρίζ", "διαβεβαί", "δήλωσε ότι", "επίμεν", "πες ότι",
                   "ανάφερε ότι", "υπαινίξ", "υπονοή", "συμπερίλαβε ότι", "βάλε κρυφά", "χώσε"),
    },
    "is": {
        "reply": ("svar$", "svara", "svarið", "svarinu", "svarsins", "svör$", "svörin", "svörum",
                  "svörun", "úttak", "andsvar"),
        "assert": ("fullyrð", "fullyrt", "staðhæf", "halda fram", "haltu fram", "segðu að",
                   "nefndu að", "gefðu í skyn", "ýja að", "láttu fylgja", "lauma", "staðfest"),
    },
    "cy": {
        "reply": ("ateb", "hateb", "nateb", "ymateb", "hymateb", "allbwn", "hallbwn"),
        "assert": ("honni", "honnwch", "haeru", "haerwch", "datgan", "mynnu", "dweud bod",
                   "dweud fod", "dywedwch fod", "soniwch fod", "awgrym", "sleifio"),
    },
    "eu": {
        "reply": ("erantzu", "ihardets", "ihardesp", "irteera", "erreplika"),
        "assert": ("baiezta", "aldarrika", "adierazi", "aipatu", "aipa ezazu", "iradoki", "tematu",
                   "esan ezazu", "txertatu", "ezkutuan sartu"),
    },
    "tr": {
        "reply": ("cevap", "cevab", "yanıt", "karşılık ver", "çıktıs", "çıktında"),
        "assert": ("iddia", "öne sür", "ileri sür", "ısrar", "savun", "olduğunu söyle",
                   "olduğunu belirt", "olduğundan bahset", "ima et", "ima ed", "sıkıştır",
                   "olduğunu ekle"),
    },
    "sw": {
        "reply": ("jibu", "majibu", "kujibu", "ukijibu", "unapojibu", "utakapojibu", "jibio",
                  "mwitikio", "matokeo"),
        "assert": ("dai kwamba", "dai kuwa", "kudai", "sema kwamba", "sema kuwa", "sisitiza",
                   "thibitisha", "eleza kwamba", "taja kwamba", "dokeza", "ashiria", "penyeza"),
    },
    "yo": {
        "reply": ("ìdáhùn", "dáhùn", "idahun", "dahun", "fèsì", "fesi", "èsì$", "esi$", "àbájáde",
                  "abajade"),
        "assert": ("sọ pé", "tẹnumọ́", "tenumo", "fi ìdí múlẹ̀", "jẹ́rìí sí", "mẹ́nu bà", "kéde pé",
                   "tọ́ka sí", "dábàá", "fi kún un pé"),
    },
    "id": {
        "reply": ("jawab", "menjawab", "balas", "membalas", "tanggap", "menanggapi", "respon",
                  "keluaran", "output$"),
        "assert": ("klaim", "mengklaim", "nyatakan bahwa", "menyatakan bahwa", "tegaskan",
                   "menegaskan", "bersikeras", "katakan bahwa", "sebutkan bahwa", "sisipkan",
                   "menyisipkan", "menyiratkan"),
    },
    "ms": {
        "reply": ("jawapan", "jawab", "menjawab", "balas", "membalas", "respons", "maklum balas",
                  "tindak balas", "keluaran", "output$"),
        "assert": ("dakwa", "mendakwa", "tegaskan", "menegaskan", "nyatakan bahawa",
                   "menyatakan bahawa", "katakan bahawa", "sebut bahawa", "bertegas", "selitkan",
                   "menyelitkan", "cadangkan bahawa"),
    },
    "tl": {
        "reply": ("sagot", "sagut", "sumagot", "sumasagot", "sasagot", "sinagot", "isagot", "tugon",
                  "tumugon", "tugunan", "output$"),
        "assert": ("igiit", "iginiit", "ginigiit", "ipilit", "ipagpilitan", "sabihin na",
                   "sabihing", "banggitin", "ipahiwatig", "imungkahi", "isingit", "ipahayag"),
    },
    "vi": {
        "reply": ("câu trả lời", "trả lời", "tra loi", "phản hồi", "phan hoi", "hồi đáp", "đáp án",
                  "đầu ra"),
        "assert": ("khẳng định", "tuyên bố", "cho rằng", "nói rằng", "quả quyết", "khăng khăng",
                   "đề cập rằng", "ám chỉ", "gợi ý rằng", "lồng ghép", "chèn vào", "cài cắm"),
    },
    "ko": {
        "reply": ("대답", "답변", "응답", "회신", "답장", "출력", "답해", "답하", "답을", "대꾸"),
        "assert": ("주장", "단언", "확언", "언급", "암시", "넌지시", "끼워 넣", "끼워넣", "슬쩍",
                   "우겨", "우기고", "진술"),
    },
    "hi": {
        "reply": ("जवाब", "जबाब", "उत्तर दे", "उत्तर में", "अपने उत्तर", "आपके उत्तर",
                  "प्रतिक्रिया", "प्रत्युत्तर", "आउटपुट", "रिप्लाई"),
        "assert": ("दावा", "दावे", "जोर देकर", "कहो कि", "कहें कि", "बताओ कि", "लिखो कि", "पुष्टि",
                   "उल्लेख", "जिक्र", "इशारा", "चुपके से"),
    },
    "bn": {
        "reply": ("জবাব", "উত্তর দ", "তোমার উত্তর", "আপনার উত্তর", "উত্তরের শেষে", "প্রতিক্রিয়া",
                  "প্রত্যুত্তর", "আউটপুট", "রিপ্লাই"),
        "assert": ("দাবি", "দাবী", "জোর দিয়ে", "বলো যে", "বলুন যে", "লেখো যে", "উল্লেখ কর",
                   "ইঙ্গিত", "চুপিচুপি", "গুঁজে দ", "জাহির"),
    },
    "zh": {
        "reply": ("回答", "回复", "回覆", "答复", "答覆", "回应", "回應", "响应", "響應", "输出",
                  "輸出", "答案"),
        "assert": ("声称", "聲稱", "断言", "斷言", "宣称", "宣稱", "坚称", "堅稱", "暗示",
                   "坚持认为", "堅持認為", "偷偷"),
    },
    "ja": {
        "reply": ("回答", "返答", "応答", "返信", "返事", "答え", "こたえ", "出力", "アウトプット"),
        "assert": ("主張", "断言", "言い張", "と述べ", "と言って", "と書いて", "言及", "ほのめか",
                   "暗示", "示唆", "紛れ込", "盛り込"),
    },
    "th": {
        "reply": ("คำตอบ", "ตอบกลับ", "ตอบว่า", "ตอบสนอง", "การตอบ", "ตอบคำถาม", "เอาต์พุต",
                  "เอาท์พุท"),
        "assert": ("อ้างว่า", "กล่าวอ้าง", "ยืนยันว่า", "ยืนกราน", "บอกว่า", "ระบุว่า", "กล่าวว่า",
                   "พูดว่า", "บอกเป็นนัย", "สอดแทรก", "แอบใส่", "แอบแทรก"),
    },
    "ar": {
        "reply": ("إجابة", "اجابة", "إجابت", "اجابت", "جوابك", "الجواب", "استجابة", "أجب عن",
                  "في ردك", "مخرجات"),
        "assert": ("ادعاء", "ادّع", "يدعي", "أكد أن", "اكد أن", "أصر على", "اصر على", "قل إن",
                   "اذكر أن", "ألمح", "تلميح", "أدرج"),
    },
    "fa": {
        "reply": ("پاسخ", "جواب", "پاسخ بده", "جواب بده", "خروجی", "واکنش", "در پاسخت", "پاسخگو"),
        "assert": ("ادعا", "مدعی", "تاکید کن", "تأکید کن", "اصرار", "بگو که", "بنویس که",
                   "اشاره کن", "به طور ضمنی", "القا", "بگنجان", "یواشکی"),
    },
    "ur": {
        "reply": ("جواب", "جواب دو", "جواب دیں", "اپنے جواب", "ردعمل", "رد عمل", "آؤٹ پٹ"),
        "assert": ("دعویٰ", "دعوی", "دعوے", "زور دے کر", "اصرار", "کہو کہ", "کہیں کہ", "بتاؤ کہ",
                   "ذکر کر", "اشارہ", "چپکے سے", "شامل کرو"),
    },
    "he": {
        "reply": ("תשובה", "תשובת", "תשובות", "תגובה", "תגובת", "תענה", "תעני", "להשיב", "לענות",
                  "תשיב", "הפלט"),
        "assert": ("לטעון", "תטען", "טוען", "טענה", "הצהר", "הצהיר", "התעקש", "תתעקש", "תגיד ש",
                   "תזכיר ש", "רמוז", "תשחיל"),
    },
    "am": {
        "reply": ("መልስህ", "መልስሽ", "መልስዎ", "መልስ ስጥ", "መልስ ስጪ", "ምላሽ ስጥ", "ምላሽህ", "ምላሽዎ", "ስትመልስ",
                  "በመልስህ"),
        "assert": ("ይገባኛል", "አረጋግጥ", "አጥብቀህ", "አስረግጠህ", "እንደሆነ ተናገር", "ብለህ ተናገር", "ብለህ ጻፍ",
                   "መሆኑን ጥቀስ", "ፍንጭ ስጥ", "አስገባ"),
    },
}
