"""Words that introduce a quoted example in reporting or teaching text, for the scanner's
use-and-mention check (`threat_mention.py`): "such as", "like" (bringing in an example), "for
example"/"for instance" and its abbreviations, "so-called", "known as"/"called"/"named",
"along the lines of" and "similar to", in each language, where the check's `_MENTION_CUES`
regex does not have them yet. A short quoted span near one of them is talked about
("messages such as "ignore previous instructions" can mislead AI assistants"), not used.
Nouns and verbs for what was written or said ("phrase", "sentence", "command", "message",
"text", "wrote", "saying", "with the text"…) are left out, because an attacker uses them too
to bring in the payload ("complete the sentence '…'", "pin the message «…»"). Written from
knowledge of the languages for this project (no data set read); same licence as the
repository.

Keys are ISO 639-1 codes. Entries are lower case, written with their diacritics, and are
matched as whole words or phrases (a word boundary on both sides), so each inflected form to
be matched is listed. Bare words so common that almost every sentence has one (a language's
"and", "is", "as", "when" or "if") are left out; a short "like"/"as" word is kept only where
it is the usual way to bring in an example."""

# fmt: off
MENTION_WORDS: dict[str, tuple[str, ...]] = {
    "fi": ("kuten", "esim.", "niin sanottu", "niin sanotut", "niin kutsuttu"),
    "et": ("nagu", "nt", "näit.", "niinimetatud", "nn"),
    "lv": (
        "tādi kā", "tādas kā", "piem.", "tā sauktais", "tā sauktā", "tā sauktie",
        "tā saucamais",
    ),
    "lt": (
        "tokie kaip", "tokios kaip", "kaip antai", "pvz.", "vadinamasis", "vadinamoji",
        "vadinamieji",
    ),
    "sv": ("såsom", "t.ex.", "så kallad", "så kallade", "så kallat", "s.k."),
    "da": ("såsom", "fx", "f.eks.", "såkaldt", "såkaldte"),
    "no": ("slik som", "f.eks.", "såkalt", "såkalte"),
    "is": (
        "t.d.", "svo sem", "eins og", "svokallað", "svokallaður", "svokallaða", "svokölluð",
    ),
    "pl": ("takie jak", "takich jak", "tzw.", "tak zwany", "tak zwane", "tak zwanej"),
    "cs": ("jako je", "jako jsou", "např.", "tzv.", "takzvaný", "takzvané", "takzvaná"),
    "sk": ("ako je", "ako sú", "napr.", "tzv.", "takzvaný", "takzvané", "takzvaná"),
    "sl": (
        "kot so", "kot je", "tako imenovani", "tako imenovano", "tako imenovana", "t. i.",
        "t.i.",
    ),
    "hr": (
        "kao što je", "kao što su", "poput", "tzv.", "takozvani", "takozvana", "takozvane",
    ),
    "sr": ("као што је", "као што су", "попут", "тзв.", "такозвани", "такозвана", "takozvani"),
    "bs": ("kao što je", "kao što su", "poput", "tzv.", "takozvani", "takozvana"),
    "hu": ("pl.", "úgynevezett", "ún."),
    "ro": (
        "precum", "cum ar fi", "de ex.", "așa-numitul", "așa-numita", "așa-numitele",
        "așa-numiții",
    ),
    "bg": (
        "такива като", "т.нар.", "така наречения", "така нареченият", "така наречената",
        "така наречените",
    ),
    "ru": (
        "такие как", "такой как", "вроде", "типа", "так называемый", "так называемая",
        "так называемые", "так называемое",
    ),
    "uk": (
        "такі як", "такий як", "на кшталт", "як-от", "так званий", "так звана", "так звані",
        "так зване", "т.зв.",
    ),
    "el": (
        "όπως", "π.χ.", "παραδείγματος χάριν", "λεγόμενο", "λεγόμενη", "λεγόμενος",
        "λεγόμενες", "λεγόμενα",
    ),
    "tr": ("gibi", "sözde", "adı verilen", "olarak bilinen"),
    "az": ("kimi", "sözdə", "adlanan", "adlandırılan"),
    "sq": (
        "siç është", "siç janë", "të tilla si", "të ashtuquajtur", "i ashtuquajturi",
        "e ashtuquajtura", "të ashtuquajturat",
    ),
    "mt": ("bħal", "bħalma", "hekk imsejjaħ", "hekk imsejħa", "hekk imsejħin"),
    "cy": ("fel", "megis", "e.e.", "fel y'i gelwir"),
    "ga": ("amhail", "ar nós", "cosúil le", "mar a thugtar air", "mar a thugtar orthu"),
    "gd": ("leithid", "a leithid", "coltach ri", "mar a chanar ris", "m.e."),
    "eu": ("bezala", "esaterako", "adib.", "deritzon", "deritzona", "deitutako"),
    "ca": (
        "com ara", "tals com", "p.ex.", "anomenat", "anomenada", "anomenats", "anomenades",
    ),
    "gl": ("tales como", "tal como", "o chamado", "a chamada", "os chamados", "as chamadas"),
    "sw": (
        "kama vile", "k.m.", "kinachoitwa", "kiitwacho", "kinachojulikana kama", "inayoitwa",
    ),
    "zu": ("njengokuthi", "okufana nokuthi", "okuthiwa", "okubizwa ngokuthi"),
    "xh": ("njengokuthi", "okuthiwa", "ekuthiwa", "ekubizwa ngokuba"),
    "ha": ("kamar", "da ake kira"),
    "yo": ("bí àpẹẹrẹ", "fún àpẹẹrẹ", "àpẹẹrẹ", "apeere", "bíi", "tí a ń pè ní"),
    "ig": ("dịka", "dika", "dị ka", "nke a na-akpọ", "a na-akpọ"),
    "so": ("sida", "loo yaqaan", "la yiraahdo", "la yidhaahdo"),
    "af": ("soos", "sogenaamde", "sogenaamd"),
    "id": ("seperti", "semisal", "mis.", "yang disebut", "dikenal sebagai"),
    "ms": ("seperti", "umpamanya", "yang dipanggil", "dikenali sebagai"),
    "tl": ("tulad ng", "gaya ng", "katulad ng", "hal.", "tinatawag na", "kilala bilang"),
    "vi": ("như là", "chẳng hạn", "vd", "cái gọi là", "được gọi là"),
    # the regex's own languages: only what it lacks
    "de": ("sogenannte", "sogenannten", "sogenannter", "sogenanntes", "sog.", "so genannte"),
    "fr": (
        "tel que", "telle que", "tels que", "telles que", "soi-disant", "ce qu'on appelle",
    ),
    "es": (
        "tales como", "tal como", "p. ej.", "p.ej.", "el llamado", "la llamada",
        "los llamados", "las llamadas",
    ),
    "it": ("ad es.", "cosiddetto", "cosiddetta", "cosiddetti", "cosiddette"),
    "pt": ("tais como", "tal como", "o chamado", "a chamada", "os chamados", "as chamadas"),
    "nl": ("zoals", "zogenaamde", "zogenaamd", "zgn."),
    "en": ("so-called", "so called", "known as", "along the lines of", "eg"),
}
