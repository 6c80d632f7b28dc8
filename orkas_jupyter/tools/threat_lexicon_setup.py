"""More words for the rule "asked to show its setup" (`threat_concepts.py`: a request that
the AI reveal its system prompt or hidden instructions) in Zulu, Xhosa, Albanian, Scottish
Gaelic, Irish, Welsh, Swahili, Maltese, Basque, Icelandic, Turkish, Sesotho, Setswana, Shona
and Chichewa: the forms of the concepts "reveal" (a request to show, print, write out,
repeat, copy, list, tell, give, explain, translate or summarise), "setup" (the model's own
setup named: system prompt, system message, hidden, original or developer instructions, what
it was told) and "rules" (nouns for instructions, rules and guidelines) that the other
lexicons leave out. Written from knowledge of the languages for this project (no data set
read); same licence as the repository.

These entries add to those of the other `threat_lexicon_*.py` files for the same language
and concept. Zulu, Xhosa, Shona and Chichewa verbs are listed with their object concords and
applied suffixes ("ungibhalele", "ndiguqulele", "ndidzokororere", "ndifotokozere"), their
nouns with the possessive "your" between noun and genitive ("imiyalelo yakho yesistimu",
"maagizo yako ya mfumo"); Irish and Welsh words in their mutated forms ("dtaispeánfá",
"threoracha córais", "gyfarwyddiadau'r system", "brompt y system"). The skeleton the entries
are read in keeps the Icelandic "ð", "þ" and "æ" and the Maltese "ħ" (of "għ"), so the
spelling typed without them is listed too ("skrifadu", "kerfisskilabod", "ghidli"); a
Turkish dotless "ı" is also read as "i" by the loader."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "zu": {
        "reveal": (
            "ungibonise", "ningibonise", "ungikhombise", "ningikhombise", "ungitshele",
            "ningitshele", "ungibhalele", "ningibhalele", "ngiphindele", "ungiphindele",
            "ngichazele", "ungichazele", "chaza$", "chazani", "ngiphrintele", "ungiphrintele",
            "unginike", "ungiphe$", "ngibalulele", "ngihumushele", "ungihumushele",
            "ngifingqele", "ngikopishele", "ngicaphunele", "ngivezele",
        ),
        "setup": (
            "imiyalelo yakho yesistimu", "miyalelo yakho yesistimu", "umyalelo wakho wesistimu",
            "umyalezo wakho wesistimu", "umlayezo wakho wesistimu", "imiyalelo yakho yohlelo",
            "umyalezo wohlelo", "umyalezo wakho wohlelo", "imiyalezo yesistimu",
            "myalezo wesistimu", "izinkomba zesistimu", "izinkomba zakho zesistimu",
            "yemiyalelo yesistimu", "nemiyalelo yesistimu", "yomyalezo wesistimu",
            "womyalezo wesistimu", "imiyalelo yakho efihliwe", "imiyalelo yakho eyimfihlo",
            "imiyalelo yakho yangaphakathi", "imiyalelo yakho yokuqala",
            "imiyalelo yakho yasekuqaleni", "umyalezo womthuthukisi", "umyalezo kanjiniyela",
            "imiyalelo kanjiniyela", "iphrompthi yakho yesistimu",
        ),
        "rules": (
            "izinkomba", "zinkomba", "inkomba", "yizinkomba", "zezinkomba", "yezinkomba",
            "nezinkomba", "ngezinkomba", "emiyalweni", "ezimisweni", "kwezimiso", "lezimiso",
            "lemigomo", "kwemigomo", "emigomweni", "yomyalo$", "ngomyalo$", "komyalo$",
            "yemibandela", "nemibandela",
        ),
    },
    "xh": {
        "reveal": (
            "undibonise", "nindibonise", "undibhalele", "nindibhalele", "ndiphindele",
            "undiphindele", "ndichazele", "undichazele", "chaza$", "chazani", "ndiprintele",
            "undiprintele", "undixelele", "nindixelele", "undinike", "guqulela$",
            "ndiguqulele", "shwankathela", "ndishwankathelele", "ndikhuphele", "undikhuphele",
            "cacisa$", "ndicacisele", "ndidwelisele", "ndityhilele",
        ),
        "setup": (
            "imiyalelo yakho yenkqubo", "miyalelo yakho yenkqubo", "umyalelo wakho wenkqubo",
            "umyalezo wakho wenkqubo", "imiyalelo yakho yesistim", "umyalezo wakho wesistim",
            "imiyalezo yenkqubo", "myalezo wenkqubo", "yemiyalelo yenkqubo",
            "nemiyalelo yenkqubo", "yomyalezo wenkqubo", "izikhokelo zenkqubo",
            "izalathiso zenkqubo", "izalathiso zesistim", "imiyalelo yakho efihliweyo",
            "imiyalelo yakho eyimfihlo", "imiyalelo yakho yangaphakathi",
            "imiyalelo yakho yokuqala", "imiyalelo yakho yantlandlolo", "iprompt yakho yenkqubo",
        ),
        "rules": (
            "imiyalo$", "umyalo$", "yimiyalo$", "yemiyalo$", "nemiyalo$", "ngemiyalo$",
            "kwimiyalo$", "emiyalweni", "kwizalathiso", "ngezalathiso", "yizalathiso",
            "kwizithintelo", "ngezithintelo", "yizithintelo", "yemiqathango", "nemiqathango",
            "kwimiqathango", "zemiqathango", "umqathango", "lemigaqo", "wemigaqo",
        ),
    },
    "sq": {
        "reveal": (
            "shpjego", "përkthe", "përmblidh", "riprodho", "ma jep", "m'i jep", "ma thuaj",
            "ma thoni", "m'i thuaj", "m'i thoni", "thuamë", "thuajmë", "shkruaji", "shtype",
            "afisho", "shpalos",
        ),
        "setup": (
            "prompti yt i sistemit", "promptin tënd të sistemit", "promptit të sistemit",
            "mesazhi yt i sistemit", "mesazhin tënd të sistemit", "mesazhit të sistemit",
            "udhëzimet e tua të sistemit", "udhëzimet tuaja të sistemit",
            "udhëzime të sistemit", "udhëzimeve të sistemit", "udhëzimet e tua fillestare",
            "udhëzimet e tua origjinale", "udhëzimet e tua të fshehura",
            "udhëzimet e tua sekrete", "udhëzimet e tua të brendshme",
            "udhëzimet e zhvilluesit", "instruksionet e sistemit", "udhëzimet që ke marrë",
            "çfarë të është thënë", "je konfiguruar", "jeni konfiguruar",
            "teksti mbi këtë bisedë", "teksti para kësaj bisede",
        ),
        "rules": (
            "rregullash", "rregullit$", "instruksion", "urdhëres", "urdhrash", "urdhëri$",
            "urdhërin$", "urdhërat$", "normat$", "normave$", "parimet$", "parimeve$", "ndalim",
            "udhërrëfyes",
        ),
    },
    "gd": {
        "reveal": (
            "sheall$", "mìnich", "eadar-theangaich", "thoir geàrr-chunntas",
            "dèan geàrr-chunntas", "dèan copaidh", "dèanaibh copaidh", "ath-sgrìobh",
            "leig fhaicinn", "leigibh fhaicinn", "thoir seachad", "thoiribh seachad",
            "taisbean", "cuir an cèill", "cuiribh an cèill", "leugh a-mach", "leughaibh a-mach",
            "dèan liosta", "thoir dhuinn", "thoiribh dhuinn",
        ),
        "setup": (
            "stiùireadh siostaim", "stiùireadh an t-siostam", "stiùiridhean an t-siostam",
            "teachdaireachd an t-siostam", "prompt an t-siostam", "brath an t-siostaim",
            "brath siostaim", "theachdaireachd an t-siostaim", "theachdaireachd siostaim",
            "phrompt siostaim", "phrompt an t-siostaim", "stiùireadh falaichte",
            "stiùireadh dìomhair", "stiùireadh tùsail", "stiùiridhean tòiseachaidh",
            "stiùiridhean bunaiteach", "stiùiridhean an leasaiche", "teachdaireachd an leasaiche",
            "a chaidh innse dhut", "a chaidh innse dhuibh", "na chaidh innse dhut",
            "teacsa os cionn a' chòmhraidh",
        ),
        "rules": (
            "àithne$", "treòrachaidh", "threòrach", "bacadh$", "bhacadh$", "bhacaidhean",
            "stiùireaidh", "riaghlaidhean", "prionnsabal", "phrionnsabal", "prionnsapal",
            "cuibhreach", "chuibhreach",
        ),
    },
    "ga": {
        "reveal": (
            "thaispeáin", "dtaispeáin", "taispeánfá", "thaispeánfá", "dtaispeánfá", "scríobhfá",
            "inseofá", "dtabharfá", "mínigh", "mínígí", "míneofá", "aistrigh", "aistrígí",
            "achoimrigh", "achoimrígí", "déan achoimre", "athscríobh", "léigh amach",
            "déan cóip", "déan liosta", "cuir i scríbhinn",
        ),
        "setup": (
            "threoracha córais", "dtreoracha córais", "teachtaireacht córais",
            "theachtaireacht chórais", "theachtaireacht an chórais", "dteachtaireacht chórais",
            "treoir chórais", "treoir an chórais", "threoir chórais", "phrompt córais",
            "phrompt an chórais", "leid córais", "treoracha an fhorbróra",
            "téacs os cionn an chomhrá", "a dúradh leat", "a dúradh libh",
            "treoracha bunúsacha", "threoracha bunúsacha", "dtreoracha ceilte",
        ),
        "rules": (
            "teagasc", "theagasc", "dteagasc", "teagaisc", "theagaisc", "dteagaisc",
            "prionsabal", "phrionsabal", "bprionsabal", "prionsabail", "phrionsabail",
            "bprionsabail", "aitheanta", "haitheanta",
        ),
    },
    "cy": {
        "reveal": (
            "eglura", "eglurwch", "egluro", "esbonia", "esboniwch", "crynhoa", "crynhowch",
            "grynhoi", "atgynhyrcha", "atgynhyrchwch", "sgwenna", "sgwennwch", "sgrifenna",
            "sgrifennwch", "rho imi", "rhowch imi", "ddweud wrtha i", "ddweud wrthyf",
            "dweud wrthyf", "gopïo", "restru", "gyfieithu", "arddangosa", "arddangoswch",
            "dyfynnwch",
        ),
        "setup": (
            "gyfarwyddiadau system", "gyfarwyddiadau'r system", "cyfarwyddiadau gwreiddiol",
            "gyfarwyddiadau gwreiddiol", "gyfarwyddiadau cychwynnol",
            "cyfarwyddiadau'r datblygwr", "gyfarwyddiadau'r datblygwr", "cyfarwyddyd system",
            "gyfarwyddyd system", "cyfarwyddyd y system", "brompt system", "brompt y system",
            "negeseuon system", "negeseuon y system", "a ddywedwyd wrthyt",
            "a ddywedwyd wrthych", "testun uwchben y sgwrs",
        ),
        "rules": (
            "nghyfarwyddyd", "chyfarwyddyd", "gyfarwyddeb", "nghyfarwyddeb", "chyfarwyddeb",
            "ngorchmynion", "rheoliad", "reoliad", "egwyddor", "gwaharddiad", "waharddiad",
            "ngwaharddiad",
        ),
    },
    "sw": {
        "reveal": (
            "andikeni", "tuandikie", "uniandikie", "elezeni", "nieleze", "unieleze", "tueleze",
            "nitajie", "nitafsirie", "fupisha", "nifupishie", "nipe$", "tupe$",
            "nipatie", "unionyeshe", "utuonyeshe", "uniambie", "utuambie", "nichapishie",
            "yaonyeshe", "zionyeshe", "yarudie", "funua", "weka hadharani",
        ),
        "setup": (
            "maagizo yako ya mfumo", "maelekezo yako ya mfumo", "ujumbe wako wa mfumo",
            "kidokezo chako cha mfumo", "maagizo yako ya siri", "maelekezo yako ya siri",
            "maagizo yako ya awali", "maelekezo yako ya awali", "maagizo yako ya asili",
            "maagizo yako ya ndani", "maelekezo yaliyofichwa", "maagizo yaliyofichika",
            "maagizo ya mwanzo", "maelekezo ya mwanzo", "maagizo ya kwanza", "maagizo ya msingi",
            "maelekezo ya msingi", "maelekezo ya asili", "ulichoambiwa", "uliyoambiwa",
            "ulizoambiwa", "maandishi yaliyo juu ya mazungumzo", "prompt yako ya mfumo",
        ),
        "rules": (
            "makatazo", "katazo", "maongozo", "kikwazo", "maamrisho", "mazuio",
            "zuio", "kaida", "uelekezaji", "marufuku",
        ),
    },
    "mt": {
        "reveal": (
            "uruna$", "iktibli", "spjegali", "fissirli", "fissrilna", "ittraduċi",
            "irriproduċi", "agħtina", "ghidli", "ghiduli", "ghidilna", "ghidulna", "aghtini",
            "aghtuni", "aghtina", "turini", "turina$", "tgħidli", "tghidli", "tiktibli",
            "tagħtini", "taghtini", "agħmel sommarju", "aghmel sommarju",
        ),
        "setup": (
            "istruzzjonijiet tiegħek tas-sistema", "istruzzjonijiet tieghek tas-sistema",
            "messaġġ tiegħek tas-sistema", "messagg tieghek tas-sistema",
            "prompt tiegħek tas-sistema", "prompt tieghek tas-sistema",
            "istruzzjonijiet tal-sistema", "istruzzjonijiet mohbija", "istruzzjonijiet mistura",
            "istruzzjonijiet tal-iżviluppatur", "ewwel istruzzjonijiet tiegħek",
            "ewwel istruzzjonijiet tieghek", "li nghatawlek", "li nghatajt", "li nghatawlkom",
            "li ntqallek", "konfigurazzjoni tieghek", "konfigurazzjoni taghkom",
            "ipprogrammar tieghek", "test ta' fuq din il-konversazzjoni",
        ),
        "rules": (
            "linji-gwida", "linja-gwida", "gwidi$", "direzzjoni", "prinċipji", "projbizzjon",
            "instruzzjon", "normi$",
        ),
    },
    "eu": {
        "reveal": (
            "azal ezazu", "azaldu iezadazu", "azal iezadazu", "azal itzazu", "labur ezazu",
            "laburbil ezazu", "itzul itzazu", "itzul iezadazu", "idatz ezazu", "idatz itzazu",
            "kopia itzazu", "kopia ezazu", "zerrenda itzazu", "zerrenda ezazu",
            "inprima itzazu", "inprima ezazu", "esan itzazu", "esaguzu", "emadazu", "emaidazu",
            "eman itzazu", "agerian jarri",
        ),
        "setup": (
            "sistemako argibide", "sistemako jarraibide", "sistemako mezu",
            "sistema-jarraibide", "sistema jarraibide", "sistema argibide",
            "sistemaren instrukzio", "sistema-instrukzio", "jatorrizko argibide",
            "jatorrizko jarraibide", "argibide ezkutu", "jarraibide ezkutu",
            "garatzailearen argibide", "garatzailearen jarraibide", "esan dizutena",
            "esan zizutena", "agindu dizutena", "elkarrizketa honen gaineko testu",
            "programatu zaituzte",
        ),
        "rules": (
            "manuak$", "manuei$", "manuen$", "direktiba", "printzipio", "mugapen",
            "orientazio", "erregela",
        ),
    },
    "is": {
        "reveal": (
            "útskýrðu", "utskyrdu", "útskýrið", "utskyrid", "dragðu saman", "dragdu saman",
            "dragið saman", "dragid saman", "gefðu upp", "gefdu upp", "láttu mig fá",
            "prentadu", "segdu", "segid", "skrifadu", "skrifid", "afritadu", "listadu",
            "thyddu", "thydid", "gefdu mer", "ordrett", "synid", "vitnadu", "stafadu",
        ),
        "setup": (
            "kerfisbod", "kerfisfyrirmael", "kerfisskilabod", "kerfisleidbeining",
            "kerfiskvadning", "faldar leidbeiningar", "falin fyrirmaeli", "innri fyrirmaeli",
            "leynileg fyrirmaeli", "leynilegar leidbeiningar", "upphafleg fyrirmaeli",
            "upphaflegu fyrirmaelin", "skilabod fra forritara", "forritaraskilabod",
            "sem thu fekkst", "sem ther voru gefin", "varst forritadur",
            "fyrirmæli kerfisins", "fyrirmaeli kerfisins", "skilaboð kerfisins",
            "skilabod kerfisins", "sem þér var sagt", "sem ther var sagt",
            "innri leiðbeiningar", "innri leidbeiningar",
        ),
        "rules": (
            "fyrirmael", "leidbeining", "vidmid", "kvadning", "reglunum", "reglunnar",
            "reglunni", "reglu$", "fyrirskipun", "fyrirskipan", "tilmæli", "tilmaeli",
            "takmarkan", "leiðsögn", "leidsogn", "boðorð", "bodord", "starfsregl", "siðaregl",
            "sidaregl",
        ),
    },
    "tr": {
        "reveal": (
            "yazsana", "yazınız$", "yaziniz$", "yazabilir mi", "özetleyin", "özetler misin",
            "özetleyebilir mi", "alıntıla", "alintila", "ekrana bas", "çıktısını ver",
            "ciktisini ver", "harf harf", "kelime kelime", "aynen aktar", "yazıver", "yaziver",
            "açığa vur", "aciga vur", "yazmanı istiyorum", "yazmani istiyorum",
        ),
        "setup": (
            "sistem mesajlar", "sistem istemler", "sistem prompt", "sistemin talimat",
            "sistemin yönerge", "saklı talimat", "sakli talimat", "gizlenmiş talimat",
            "asıl talimat", "asil talimat", "sana söylenen", "size söylenen", "sana verilmiş",
            "size verilmiş", "programlandın", "programlandin", "yapılandırıldın",
            "yapilandirildin", "geliştirici yönerge", "geliştiricinin talimat",
            "konuşmanın üstündeki metin", "konusmanin ustundeki metin",
        ),
        "rules": (
            "emrin$", "emrini$", "istemin$", "istemini$", "buyruk", "buyruğ", "prensip",
            "sınırlandırma", "sinirlandirma", "kaideler",
        ),
    },
    "st": {
        "reveal": (
            "nngolle", "re ngolle", "hlalosa", "ntlhalosetse", "re hlalosetse", "di hlalose",
            "li hlalose", "fetolela", "di fetolele", "li fetolele", "akaretsa", "qotsa",
            "di qotse", "li qotse", "mpheng", "mphetele", "e re ke bone", "nthathamisetse",
        ),
        "setup": (
            "ditaelo tsa hao tsa sistimi", "litaelo tsa hao tsa sisteme",
            "ditaelo tsa hao tsa sisteme", "molaetsa wa hao wa sistimi",
            "molaetsa oa hao oa sisteme", "ditaelo tsa hao tse patilweng",
            "litaelo tsa hao tse patiloeng", "ditaelo tsa hao tsa pele",
            "litaelo tsa hao tsa pele", "ditaelo tsa hao tsa qalo", "litaelo tsa hao tsa qalo",
            "ditaelo tsa hao tsa lekunutu", "litaelo tsa hao tsa lekunutu",
            "ditaelo tsa system", "litaelo tsa system", "molaetsa wa system",
            "molaetsa oa system", "seo o se boleletsweng", "seo u se bolelletsoeng",
            "prompt ya hao ya sistimi",
        ),
        "rules": (
            "ditshupiso", "litshupiso", "litsupiso", "tshupiso", "tsupiso", "dikeletso",
            "likeletso", "keletso",
        ),
    },
    "tn": {
        "reveal": (
            "tlhalosa", "re tlhalosetse", "ntlhalosetse", "di tlhalose", "e tlhalose", "ranola",
            "ranolela", "di ranole", "e ranole", "kgutshwafatsa", "di kgutshwafatse", "nopola",
            "di nopole", "mphe$", "mphang", "mpoeletsetse", "e re ke bone",
        ),
        "setup": (
            "ditaelo tsa gago tsa thulaganyo", "ditaelo tsa gago tsa sisteme",
            "ditaelo tsa gago tsa sistimi", "molaetsa wa gago wa thulaganyo",
            "molaetsa wa gago wa sisteme", "ditaelo tsa gago tse di fitlhilweng",
            "ditaelo tsa gago tsa ntlha", "ditaelo tsa gago tsa sephiri",
            "ditaelo tsa gago tsa simologo", "ditaelo tsa system", "molaetsa wa system",
            "prompt ya gago ya sisteme", "se o se boleletsweng", "tse o di boleletsweng",
            "ditaelo tsa tsamaiso", "molaetsa wa tsamaiso",
        ),
        "rules": (
            "dikgakololo", "kgakololo", "ditshupetso", "tshupetso", "dikaedi", "kaedi$",
            "dintlha tsa kaelo", "dikganelo", "kganelo",
        ),
    },
    "sn": {
        "reveal": (
            "ndidzokororere", "tidzokororere", "ndidhindire", "ndirondedzere", "shandurira",
            "ndishandurire", "pfupikisa", "ndipfupikisire", "ndionese", "tionese",
            "ndiburitsire", "ndizivise", "ndipewo", "dudza", "zvidudze", "ndidudzire",
            "zvitaure",
        ),
        "setup": (
            "mirairo yako yesystem", "mirairo yako yesisitimu", "mirairo yako yehurongwa",
            "mirayiridzo yako yesystem", "mirayiridzo yako yehurongwa", "meseji yako yesystem",
            "meseji yako yehurongwa", "mirairo yako yakavanzika", "mirairo yako yekutanga",
            "mirairo yako yemukati", "mirairo yesisitemu", "mirayiridzo yesisitemu",
            "meseji yesisitemu", "mirayiro yesystem", "mirayiro yehurongwa", "zvawakanzi",
            "zvawakarongerwa", "mirayiridzo yako yakavanzika", "mirayiridzo yako yekutanga",
        ),
        "rules": (
            "vemirair", "rwemirair", "vemitemo", "rwemitemo", "vemirau", "kunhungamiro",
            "munhungamiro", "pazvirambidzo", "muzvirambidzo", "kuzvirambidzo", "nhungamidzo",
        ),
    },
    "ny": {
        "reveal": (
            "undilembere", "undionetse", "undiwonetse", "undisonyeze", "undiuze",
            "ndifotokozere", "undifotokozere", "tifotokozere", "masulira", "ndimasulirire",
            "fupikitsa", "ndifupikitsire", "ndibwerezere", "undibwerezere", "ndisindikizire",
            "ndikoperere", "ndandalika", "undipatse", "ndiululire",
        ),
        "setup": (
            "malangizo ako a dongosolo", "malangizo anu a dongosolo", "malangizo ako a system",
            "malangizo anu a system", "uthenga wako wa dongosolo", "uthenga wanu wa dongosolo",
            "uthenga wako wa system", "malangizo ako obisika", "malangizo anu obisika",
            "malangizo ako achinsinsi", "malangizo ako oyamba", "malangizo ako oyambirira",
            "malangizo ako amkati", "zomwe anakuuza", "zimene anakuuza",
        ),
        "rules": (
            "chitsogozo", "zitsogozo", "chiletso", "ziletso", "kalozera", "zolamulira",
            "mndondomeko", "mfundo zoyendetsera",
        ),
    },
}
# fmt: on
