"""Round 35: the conversation's "context" as a thing an override sets aside ("shpërfill
kontekstin e mëparshëm", "ziba umongo wangaphambilini", "déan neamhaird den chomhthéacs
roimhe seo"), counted with the rules; "everything" and "above" where the older lists missed
a form ("Anghofia bopeth uchod", "Shpërfill çdo gjë më lart"); "aside" where an object
stands inside the verb ("cuir do rialacha i leataobh", "ubeke eceleni imithetho"). Entries
match at a word's start; Celtic mutations and Bantu noun classes are listed as they stand
before an override. Written from knowledge of the languages for this project (no data set
read); same licence as the repository."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "sq": {"rules": ("kontekst",), "prior": ("më lart", "më sipër", "më parë", "mbi këtë"),
           "ignore": ("mënjanë",),
           "you": ("e tu$", "e tua$", "tuaj$", "tënd$", "tënde$", "jote$")},
    "ga": {"rules": ("comhthéacs", "chomhthéacs", "gcomhthéacs"), "ignore": ("i leataobh",),
           "prior": ("os cionn",)},
    "gd": {"rules": ("co-theacs", "cho-theacs"), "ignore": ("an dàrna taobh", "air chùl")},
    "cy": {"rules": ("cyd-destun", "gyd-destun", "nghyd-destun", "chyd-destun"),
           "all": ("popeth", "bopeth", "phopeth"), "ignore": ("o'r neilltu",)},
    # the object's concord before the verb: "yiziba" (ignore it), "ziziba" (ignore them)
    "zu": {"rules": ("umongo", "emongweni"), "reveal": ("humushela", "finyeza"),
           "prior": ("ongaphezu kwalo", "ngaphezu kwalo"),
           "thistext": ("lo mlayezo", "kwalo mlayezo", "le ngxoxo"),
           "ignore": ("eceleni", "yiziba", "ziziba", "wuziba", "ungazinaki", "ungayinaki",
                      "ungawunaki")},
    "xh": {"rules": ("umxholo", "kumxholo", "umongo"), "reveal": ("guqulela", "shwankathela"),
           "prior": ("ongaphezulu kwalo", "ngaphezulu kwalo"),
           "thistext": ("lo myalezo", "kwalo myalezo", "le ncoko"),
           "ignore": ("ecaleni", "ungazihoyi", "ungayihoyi", "ungawuhoyi", "yityeshele",
                      "zityeshele")},
    "sw": {"rules": ("muktadha",)},
    "af": {"rules": ("konteks",)},
    "eu": {"rules": ("testuinguru",)},
    "mt": {"rules": ("kuntest",)},
    "is": {"rules": ("samhengi", "samhengið", "samhenginu")},
    "lv": {"rules": ("kontekst",)},
    "lt": {"rules": ("kontekst",)},
    "et": {"rules": ("kontekst",)},
    "fi": {"rules": ("kontekst", "asiayhtey")},
    "hu": {"rules": ("kontextus", "szövegkörnyezet")},
    "cs": {"rules": ("kontext",)},
    "sk": {"rules": ("kontext",)},
    "sl": {"rules": ("kontekst",)},
    "hr": {"rules": ("kontekst",)},
    "sr": {"rules": ("kontekst", "контекст")},
    "bs": {"rules": ("kontekst",)},
    "ro": {"rules": ("contextul", "contextului")},
    "bg": {"rules": ("контекст",)},
    "mk": {"rules": ("контекст",)},
    "ru": {"rules": ("контекст",)},
    "uk": {"rules": ("контекст",)},
    "tr": {"rules": ("bağlam",)},
    "az": {"rules": ("kontekst",)},
    "id": {"rules": ("konteks",)},
    "ms": {"rules": ("konteks",)},
    "tl": {"rules": ("konteksto",)},
}
# fmt: on
