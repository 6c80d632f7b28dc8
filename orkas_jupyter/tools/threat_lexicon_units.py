"""The words of two concepts for the rule that catches an order to make an AI's answer enormous
("your answer must be at least 10,000 words long", "write the word 'banana' 10,000 times"):
"lengthunit", the nouns that measure a written text after a number (words, pages, characters,
letters, lines, sentences, paragraphs, tokens, in the forms they take after a number: "10 000
sanaa", "10 000 слов", "10,000 o eiriau", "amagama angu-10 000", "10,000 focal", "10.000
kelime"), and "times", the word for a count of repetitions ("10.000 Mal", "10 000 fois",
"10.000 herë", "10,000 uair", "izikhathi eziyi-10 000", "mara 10,000", "10 000 kertaa"), in
the languages of `threat_lexicon_flood.py` but Chinese, Japanese and Thai (written without
spaces: left out). Stems: entries match at a word's start and take any ending; a trailing "$"
asks the word to end there (where the noun begins other common words). A "times" word that
is also a common word in another sense (Swahili "mara", Irish "uair", Turkish "kere") is read
only with a number next to it. Written from knowledge of the languages for this project (no
data set read); same licence as the repository."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "af": {
        "lengthunit": ("woorde$", "bladsye$", "karakters$", "tokens$", "reëls$", "letters$",
                       "sinne$", "paragrawe$"),
        "times": ("keer$", "maal$", "herhalings$"),
    },
    "am": {
        "lengthunit": ("ቃላት", "ገጾች", "ገጽ$", "ፊደላት", "ሆሄያት", "መስመሮች", "ዓረፍተ ነገሮች",
                       "አንቀጾች"),
        "times": ("ጊዜ$", "ግዜ$", "እጥፍ"),
    },
    "ar": {
        "lengthunit": ("كلمة", "كلمات", "صفحة", "صفحات", "حرف", "سطر", "جملة", "فقرة"),
        "times": ("مرة", "مرات", "مره$"),
    },
    "az": {
        "lengthunit": ("söz$", "sözdən$", "səhifə", "simvol", "token", "sətir", "hərf",
                       "cümlə"),
        "times": ("dəfə", "kərə$"),
    },
    "be": {
        "lengthunit": ("слоў", "старон", "сімвал", "знакаў", "токен", "радкоў", "літар$",
                       "абзац"),
        "times": ("разоў", "раз$", "разы$"),
    },
    "bg": {
        "lengthunit": ("думи$", "страници", "символ", "знака$", "токен", "реда$", "букви",
                       "абзац"),
        "times": ("пъти$", "повторения$"),
    },
    "bn": {
        "lengthunit": ("শব্দ", "পৃষ্ঠা", "পাতা", "অক্ষর", "টোকেন", "লাইন", "অনুচ্ছেদ", "বাক্য"),
        "times": ("বার$", "বারের$"),
    },
    "ca": {
        "lengthunit": ("paraules$", "pàgines$", "caràcters$", "token", "línies$", "lletres$",
                       "paràgrafs$", "frases$"),
        "times": ("vegades$", "cops$"),
    },
    "ceb": {
        "lengthunit": ("pulong", "panid", "pahina", "karakter", "token", "linya", "letra",
                       "parapo"),
        "times": ("higayon", "beses$"),
    },
    "cs": {
        "lengthunit": ("slov$", "slova$", "stran", "znak", "token", "řádk", "písmen", "odstav"),
        "times": ("krát$", "opakování$"),
    },
    "cy": {
        "lengthunit": ("geiriau", "eiriau", "gair$", "tudalen", "dudalen", "nodau$",
                       "llythrennau", "lythrennau"),
        "times": ("gwaith$", "weithiau$"),
    },
    "da": {
        "lengthunit": ("ord$", "sider$", "tegn$", "token", "linjer$", "bogstaver$", "afsnit$",
                       "sætninger$"),
        "times": ("gange$", "gentagelser$"),
    },
    "de": {
        "lengthunit": ("wort", "seite", "zeichen", "token", "zeile", "buchstabe", "absatz",
                       "satz"),
        "times": ("mal$", "male$", "wiederholung"),
    },
    "el": {
        "lengthunit": ("λέξε", "σελίδ", "χαρακτήρ", "token", "γραμμ", "παραγράφ", "προτάσε"),
        "times": ("φορές$", "επαναλήψεις$"),
    },
    "en": {
        "lengthunit": ("word", "page", "character", "token", "lines$", "letters$", "paragraph",
                       "sentence"),
        "times": ("times$", "repetitions$"),
    },
    "es": {
        "lengthunit": ("palabra", "página", "caracteres$", "token", "líneas$", "párrafo",
                       "frases$", "oraciones$"),
        "times": ("veces$", "repeticiones$"),
    },
    "et": {
        "lengthunit": ("sõna", "lehekülg", "tähemär", "märki$", "token", "rida$", "tähte$",
                       "lõiku$"),
        "times": ("korda$", "kordi$"),
    },
    "eu": {
        "lengthunit": ("hitz", "orrialde", "orri$", "karaktere", "token", "lerro", "hizki",
                       "paragrafo"),
        "times": ("aldiz$", "bider$", "aldi$"),
    },
    "fa": {
        "lengthunit": ("کلمه", "واژه", "صفحه", "کاراکتر", "نویسه", "توکن", "سطر", "پاراگراف"),
        "times": ("بار$", "مرتبه", "دفعه"),
    },
    "fi": {
        "lengthunit": ("sana", "sivu", "merkk", "token", "rivi", "kirjain", "lause"),
        "times": ("kertaa$", "toistoa$"),
    },
    "fr": {
        "lengthunit": ("mots$", "page", "caractère", "token", "lignes$", "lettres$",
                       "paragraphe", "phrases$"),
        "times": ("fois$", "répétition"),
    },
    "ga": {
        "lengthunit": ("focal", "focail$", "leathana", "carachta", "token", "líne", "litir",
                       "abairt"),
        "times": ("uair$", "huaire$", "uaire$"),
    },
    "gd": {
        "lengthunit": ("facal", "faclan", "duilleag", "caractar", "loidhne", "litir",
                       "litrichean", "seantans"),
        "times": ("uair$", "uairean$"),
    },
    "gl": {
        "lengthunit": ("palabras$", "páxinas$", "caracteres$", "token", "liñas$", "letras$",
                       "parágrafos$", "frases$"),
        "times": ("veces$", "vegadas$"),
    },
    "gu": {
        "lengthunit": ("શબ્દ", "પાના", "પૃષ્ઠ", "અક્ષર", "ટોકન", "લીટી", "લાઇન", "ફકરા"),
        "times": ("વખત", "વાર$"),
    },
    "ha": {
        "lengthunit": ("kalma", "kalmomi", "shafi", "shafuka", "haruffa", "harafi", "layuka",
                       "jimloli"),
        "times": ("sau$", "ninki"),
    },
    "he": {
        "lengthunit": ("מילים", "מילה", "עמוד", "תווים", "טוקנים", "שורות", "אותיות", "פסקאות"),
        "times": ("פעמים", "פעם$"),
    },
    "hi": {
        "lengthunit": ("शब्द", "पृष्ठ", "पेज", "पन्न", "अक्षर", "टोकन", "पंक्ति", "लाइन"),
        "times": ("बार$", "दफा$", "मर्तबा"),
    },
    "hr": {
        "lengthunit": ("riječi$", "stranic", "znak", "token", "redaka$", "redova$", "slova$",
                       "rečenica"),
        "times": ("puta$", "ponavljanja$"),
    },
    "hu": {
        "lengthunit": ("szó$", "szót$", "szavas", "oldal", "karakter", "token", "sor", "betű"),
        "times": ("szor$", "szer$", "alkalommal$"),
    },
    "hy": {
        "lengthunit": ("բառ", "էջ", "նիշ", "տառ$", "տառեր", "տող", "պարբերություն",
                       "նախադասություն"),
        "times": ("անգամ$", "անգամներ$"),
    },
    "id": {
        "lengthunit": ("kata$", "halaman$", "karakter$", "token", "baris$", "huruf$",
                       "paragraf$", "kalimat$"),
        "times": ("kali$", "pengulangan$"),
    },
    "ig": {
        "lengthunit": ("okwu$", "mkpụrụokwu", "mkpụrụ okwu", "ibe$", "peeji", "mkpụrụedemede",
                       "mkpụrụ edemede", "ahịrị"),
        "times": ("ugboro", "okpukpu"),
    },
    "is": {
        "lengthunit": ("orð$", "orða$", "blaðsíð", "síður$", "stafi$", "stafir$", "tákn$",
                       "línur$"),
        "times": ("sinnum$", "skipti$"),
    },
    "it": {
        "lengthunit": ("parole$", "pagine$", "caratteri$", "token", "righe$", "lettere$",
                       "paragrafi$", "frasi$"),
        "times": ("volte$", "ripetizioni$"),
    },
    "jv": {
        "lengthunit": ("tembung$", "kata$", "kaca$", "halaman$", "aksara$", "huruf$", "baris$",
                       "ukara$"),
        "times": ("kaping$", "ping$", "kali$"),
    },
    "ka": {
        "lengthunit": ("სიტყვ", "გვერდ", "სიმბოლო", "ტოკენ", "სტრიქონ", "ხაზ", "ასო$", "აბზაც"),
        "times": ("ჯერ$", "განმეორებ"),
    },
    "kk": {
        "lengthunit": ("сөз", "бет$", "таңба", "символ", "токен", "жол$", "әріп", "сөйлем"),
        "times": ("рет$", "мәрте$"),
    },
    "kn": {
        "lengthunit": ("ಪದಗಳ", "ಶಬ್ದ", "ಪುಟ", "ಅಕ್ಷರ", "ಟೋಕನ್", "ಸಾಲು", "ವಾಕ್ಯ", "ಪ್ಯಾರಾ"),
        "times": ("ಬಾರಿ", "ಸಲ$"),
    },
    "ko": {
        "lengthunit": ("단어", "자$", "페이지", "쪽$", "글자", "문자", "토큰", "줄$"),
        "times": ("번$", "회$", "번씩$"),
    },
    "lt": {
        "lengthunit": ("žodži", "puslapi", "simboli", "ženkl", "token", "eiluči", "eilut",
                       "raidži"),
        "times": ("kartų$", "kartus$"),
    },
    "lv": {
        "lengthunit": ("vārd", "lappus", "rakstzīm", "simbol", "token", "rindiņ", "rindu$",
                       "burt"),
        "times": ("reizes$", "reižu$"),
    },
    "mk": {
        "lengthunit": ("збор", "страниц", "знак", "символ", "токен", "редов", "реда$", "букви"),
        "times": ("пати$", "повторувања$"),
    },
    "ml": {
        "lengthunit": ("വാക്ക", "പദങ്ങ", "പേജ", "അക്ഷര", "ടോക്കൺ", "വരി", "വാചക", "ഖണ്ഡിക"),
        "times": ("തവണ", "പ്രാവശ്യ"),
    },
    "mn": {
        "lengthunit": ("үг$", "үгээс$", "хуудас", "тэмдэгт", "токен", "мөр$", "үсэг",
                       "өгүүлбэр"),
        "times": ("удаа", "дахин$"),
    },
    "mr": {
        "lengthunit": ("शब्द", "पाने$", "पृष्ठ", "अक्षर", "टोकन", "ओळी", "वाक्य", "परिच्छेद"),
        "times": ("वेळा$", "पट$"),
    },
    "ms": {
        "lengthunit": ("perkataan$", "patah perkataan", "kata$", "halaman$", "muka surat",
                       "aksara$", "huruf$", "baris$"),
        "times": ("kali$", "ulangan$"),
    },
    "mt": {
        "lengthunit": ("kelma$", "kliem$", "kelmiet$", "paġna", "paġni", "karattr", "ittri$",
                       "linji$"),
        "times": ("darba$", "darbiet$"),
    },
    "ne": {
        "lengthunit": ("शब्द", "पृष्ठ", "पाना", "अक्षर", "हरफ", "टोकन", "पङ्क्ति", "लाइन"),
        "times": ("पटक", "चोटि"),
    },
    "nl": {
        "lengthunit": ("woorden$", "pagina", "tekens$", "token", "regels$", "letters$",
                       "alinea", "zinnen$"),
        "times": ("keer$", "maal$", "herhalingen$"),
    },
    "no": {
        "lengthunit": ("ord$", "sider$", "tegn$", "token", "linjer$", "bokstaver$",
                       "avsnitt$", "setninger$"),
        "times": ("ganger$", "gjentakelser$"),
    },
    "pa": {
        "lengthunit": ("ਸ਼ਬਦ", "ਲਫ਼ਜ਼", "ਪੰਨ", "ਅੱਖਰ", "ਟੋਕਨ", "ਸਤਰ", "ਲਾਈਨ", "ਪੈਰਾ"),
        "times": ("ਵਾਰ$", "ਵਾਰੀ$", "ਦਫ਼ਾ$"),
    },
    "pl": {
        "lengthunit": ("słów$", "słowa$", "stron$", "znak", "token", "wierszy$", "linii$",
                       "liter$"),
        "times": ("razy$", "powtórzeń$"),
    },
    "pt": {
        "lengthunit": ("palavras$", "páginas$", "caracteres$", "token", "linhas$", "letras$",
                       "parágrafos$", "frases$"),
        "times": ("vezes$", "repetições$"),
    },
    "ro": {
        "lengthunit": ("cuvinte$", "pagini$", "caractere$", "token", "rânduri$", "litere$",
                       "paragrafe$", "fraze$"),
        "times": ("ori$", "repetări$"),
    },
    "ru": {
        "lengthunit": ("слов$", "слова$", "страниц", "символ", "знаков$", "токен", "строк",
                       "букв$"),
        "times": ("раз$", "раза$", "повторений$"),
    },
    "si": {
        "lengthunit": ("වචන", "පිටු", "අකුරු", "අක්ෂර", "ටෝකන", "පේළි", "ඡේද"),
        "times": ("වතාව", "වාරයක්", "වරක්"),
    },
    "sk": {
        "lengthunit": ("slov$", "slová$", "strán", "znak", "token", "riadk", "písmen", "odsek"),
        "times": ("krát$", "opakovaní$"),
    },
    "sl": {
        "lengthunit": ("besed", "strani$", "znak", "token", "vrstic", "črk", "odstavk",
                       "stavkov$"),
        "times": ("krat$", "ponovitev$"),
    },
    "so": {
        "lengthunit": ("eray", "kelmad", "bog$", "bogag", "xaraf", "xuruuf", "xariiq", "sadar"),
        "times": ("jeer", "mar$"),
    },
    "sq": {
        "lengthunit": ("fjalë", "faqe", "karakter", "token", "rresht", "shkronj", "paragraf",
                       "fjali"),
        "times": ("herë$", "përsëritje$"),
    },
    "sr": {
        "lengthunit": ("речи$", "reči$", "страниц", "stranic", "знак", "znak", "редова$",
                       "redova$"),
        "times": ("пута$", "puta$"),
    },
    "st": {
        "lengthunit": ("mantswe", "lentswe", "maqephe", "leqephe", "ditlhaku", "mela$",
                       "dipolelo", "matshwao"),
        "times": ("makgetlo", "lekgetlo"),
    },
    "sv": {
        "lengthunit": ("ord$", "sidor$", "tecken$", "token", "rader$", "bokstäver$",
                       "stycken$", "meningar$"),
        "times": ("gånger$", "repetitioner$"),
    },
    "sw": {
        "lengthunit": ("maneno$", "neno$", "kurasa$", "ukurasa$", "herufi$", "tokeni",
                       "mistari$", "sentensi$"),
        "times": ("mara$", "marudio$"),
    },
    "ta": {
        "lengthunit": ("சொற்கள்", "வார்த்தை", "பக்க", "எழுத்து", "டோக்கன்", "வரிகள்", "வாக்கிய",
                       "பத்தி"),
        "times": ("முறை$", "தடவை"),
    },
    "te": {
        "lengthunit": ("పదాల", "పదం$", "పేజీ", "అక్షర", "టోకెన", "పంక్తు", "లైన", "వాక్య"),
        "times": ("సార్లు", "సారి$", "మార్లు"),
    },
    "tl": {
        "lengthunit": ("salita", "pahina", "karakter", "titik", "letra", "linya",
                       "pangungusap", "talata"),
        "times": ("beses$", "ulit$"),
    },
    "tr": {
        "lengthunit": ("kelime", "sözcük", "sayfa", "karakter", "token", "satır", "harf",
                       "cümle"),
        "times": ("kez$", "kere$", "defa$", "sefer$"),
    },
    "uk": {
        "lengthunit": ("слів$", "слова$", "сторін", "символ", "знаків$", "токен", "рядк",
                       "літер$"),
        "times": ("разів$", "рази$", "раз$"),
    },
    "ur": {
        "lengthunit": ("الفاظ", "لفظ", "صفحات", "صفحے", "حروف", "ٹوکن", "سطر", "لائن"),
        "times": ("بار$", "مرتبہ", "دفعہ"),
    },
    "uz": {
        "lengthunit": ("so'z", "soʻz", "сўз", "sahifa", "саҳифа", "belgi", "harf", "qator"),
        "times": ("marta$", "марта$", "karra$", "карра$"),
    },
    "vi": {
        "lengthunit": ("từ$", "chữ$", "trang$", "ký tự", "kí tự", "token", "dòng$", "đoạn văn"),
        "times": ("lần$", "lượt$"),
    },
    "xh": {
        "lengthunit": ("amagama", "igama", "amaphepha", "iphepha", "oonobumba", "unobumba",
                       "imigca", "izivakalisi"),
        "times": ("amaxesha", "lamaxesha", "izihlandlo"),
    },
    "yo": {
        "lengthunit": ("ọ̀rọ̀$", "ojú-ìwé", "ojú ìwé", "lẹ́tà", "ìlà$", "gbólóhùn", "àmì$"),
        "times": ("ìgbà$", "àtúnwí"),
    },
    "zu": {
        "lengthunit": ("amagama", "igama", "amakhasi", "ikhasi", "izinhlamvu", "uhlamvu",
                       "imigqa", "imisho"),
        "times": ("izikhathi", "amahlandla"),
    },
}
# fmt: on
