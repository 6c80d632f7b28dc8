"""The words for "summary" for one concept rule of the scanner (`threat_active.py`, round 28:
active content -- a script tag, an event handler, a frame, a data-carrying image -- to be put
into the summary an assistant writes of a mail, a page or a document: "include this image in
your summary"). "summary" is the noun for the summary, synopsis, digest, recap or abstract
written of a text, in the inflected, possessive-suffixed and locative forms that "in your
summary", "at the end of the summary" and "to your summary" use. The learned layer does not
read this concept. Written from knowledge of the languages for this project (no data set
read); same licence as the repository."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "af": {
        "summary": ("opsomming", "samevatting", "kortbegrip", "resumé"),
    },
    "am": {
        "summary": ("ማጠቃለያ", "ማጠቃለያው", "በማጠቃለያው", "አጭር መግለጫ"),
    },
    "ar": {
        "summary": ("ملخص", "الملخص", "ملخصك", "للملخص", "بالملخص", "تلخيصك", "خلاصة", "الموجز"),
    },
    "az": {
        "summary": ("xülasə", "xülasəyə", "xülasədə", "xülasənizə", "xülasənizdə", "icmal",
                    "qısa məzmun"),
    },
    "be": {
        "summary": ("рэзюмэ", "кароткі змест", "кароткага зместу", "кароткім змесце", "зводка",
                    "зводку", "зводцы", "анатацы"),
    },
    "bg": {
        "summary": ("резюме", "обобщение", "кратко съдържание", "краткото съдържание", "синопсис"),
    },
    "bn": {
        "summary": ("সারাংশ", "সারসংক্ষেপ", "সংক্ষিপ্তসার", "সারমর্ম", "সংক্ষিপ্ত বিবরণ"),
    },
    "ca": {
        "summary": ("resum$", "resums$", "sinopsi", "síntesi$", "recapitulació", "compendi$"),
    },
    "ceb": {
        "summary": ("sumaryo", "katingbanan", "summary$"),
    },
    "cs": {
        "summary": ("shrnutí", "souhrn$", "souhrnu$", "souhrnem$", "souhrny$", "resumé"),
    },
    "cy": {
        "summary": ("crynodeb", "grynodeb", "nghrynodeb", "chrynodeb", "crynhoad", "grynhoad"),
    },
    "da": {
        "summary": ("resumé", "resume$", "sammendrag", "sammenfatning", "opsummering"),
    },
    "de": {
        "summary": ("zusammenfassung", "kurzzusammenfassung", "kurzfassung", "resümee",
                    "inhaltsangabe", "synopsis"),
    },
    "el": {
        "summary": ("περίληψη", "περίληψή", "περίληψης", "περιλήψεις", "σύνοψη", "σύνοψή",
                    "σύνοψης", "ανακεφαλαίωση"),
    },
    "en": {
        "summary": ("summary", "summaries", "synopsis", "recap$", "recaps$", "digest$", "tl;dr",
                    "tldr$"),
    },
    "es": {
        "summary": ("resumen$", "resúmenes$", "sinopsis", "síntesis", "recapitulación"),
    },
    "et": {
        "summary": ("kokkuvõte", "kokkuvõtt", "lühikokkuvõt", "resümee"),
    },
    "eu": {
        "summary": ("laburpen", "sinopsi", "sintesi"),
    },
    "fa": {
        "summary": ("خلاصه", "چکیده", "جمع‌بندی", "جمع بندی", "جمعبندی", "تلخیص"),
    },
    "fi": {
        "summary": ("yhteenveto", "yhteenvedo", "tiivistelmä", "tiivistelmi", "kooste",
                    "lyhennelmä"),
    },
    "fr": {
        "summary": ("résumé", "synthèse", "récapitulatif", "synopsis", "abrégé$", "compte rendu",
                    "compte-rendu"),
    },
    "ga": {
        "summary": ("achoimre", "hachoimre", "d'achoimre", "n-achoimre"),
    },
    "gd": {
        "summary": ("geàrr-chunntas", "gheàrr-chunntas", "geàrr chunntas", "gheàrr chunntas",
                    "gearr-chunntas"),
    },
    "gl": {
        "summary": ("resumo$", "resumos$", "síntese", "sinopse", "recapitulación", "compendio$"),
    },
    "gu": {
        "summary": ("સારાંશ", "ટૂંકસાર", "સંક્ષિપ્ત સાર", "સંક્ષેપ", "સાર$", "સારમાં$"),
    },
    "ha": {
        "summary": ("taƙaitawa", "takaitawa", "taƙaitaccen bayani", "takaitaccen bayani"),
    },
    "he": {
        "summary": ("סיכום", "סיכומ", "תקציר", "תמצית"),
    },
    "hi": {
        "summary": ("सारांश", "सार$", "संक्षेप", "संक्षिप्त विवरण", "समरी"),
    },
    "hr": {
        "summary": ("sažetak", "sažetk", "sažeci", "rezime", "sinopsis"),
    },
    "hu": {
        "summary": ("összefoglaló", "összefoglalás", "összegzés", "kivonat", "szinopszis"),
    },
    "hy": {
        "summary": ("ամփոփում", "ամփոփման", "ամփոփագիր", "համառոտագիր", "ռեզյումե"),
    },
    "id": {
        "summary": ("ringkasan", "rangkuman", "ikhtisar", "sinopsis", "rekap$", "intisari"),
    },
    "ig": {
        "summary": ("nchịkọta", "nchikota", "nchịkọta okwu"),
    },
    "is": {
        "summary": ("samantekt", "útdrátt", "útdrætt", "ágrip"),
    },
    "it": {
        "summary": ("riassunt", "riepilog", "sintesi", "sinossi", "compendio$", "sommario$"),
    },
    "ja": {
        "summary": ("要約", "要旨", "概要", "サマリ", "まとめに", "まとめの", "まとめで",
                    "あらすじ", "摘要"),
    },
    "jv": {
        "summary": ("ringkesan", "ringkasan", "rangkuman", "ikhtisar"),
    },
    "ka": {
        "summary": ("შეჯამებ", "რეზიუმე", "მოკლე შინაარს", "ანოტაცი"),
    },
    "kk": {
        "summary": ("түйіндеме", "қысқаша мазмұн", "резюме", "аннотация"),
    },
    "kn": {
        "summary": ("ಸಾರಾಂಶ", "ಸಂಕ್ಷಿಪ್ತ ವಿವರ", "ಸಾರಸಂಗ್ರಹ", "ಸಂಕ್ಷೇಪ"),
    },
    "ko": {
        "summary": ("요약", "개요", "요지$", "줄거리", "서머리", "써머리"),
    },
    "lt": {
        "summary": ("santrauk", "reziumė", "konspekt"),
    },
    "lv": {
        "summary": ("kopsavilkum", "rezumē", "apkopojum", "konspekt"),
    },
    "mk": {
        "summary": ("резиме", "кратка содржина", "синопсис", "сумирање", "резимирање"),
    },
    "ml": {
        "summary": ("സംഗ്രഹ", "സാരാംശ", "രത്നച്ചുരുക്ക", "ചുരുക്കവിവരണ"),
    },
    "mn": {
        "summary": ("хураангуй", "товч агуулга", "товчоон", "резюме"),
    },
    "mr": {
        "summary": ("सारांश", "गोषवारा", "गोषवाऱ्या", "संक्षेप", "सार$"),
    },
    "ms": {
        "summary": ("ringkasan", "rumusan", "ikhtisar", "sinopsis", "intisari"),
    },
    "mt": {
        "summary": ("sommarju", "is-sommarju", "fis-sommarju", "għas-sommarju", "lis-sommarju",
                    "sommarji", "sinopsi", "riassunt"),
    },
    "ne": {
        "summary": ("सारांश", "सार$", "संक्षेप", "संक्षिप्त विवरण", "सारसंक्षेप"),
    },
    "nl": {
        "summary": ("samenvatting", "resumé", "resume$", "synopsis", "korte inhoud",
                    "beknopt overzicht", "recap$"),
    },
    "no": {
        "summary": ("sammendrag", "oppsummering", "resymé", "resyme$", "sammenfatning"),
    },
    "pa": {
        "summary": ("ਸਾਰਾਂਸ਼", "ਸਾਰ$", "ਸੰਖੇਪ", "ਸੰਖੇਪ ਵੇਰਵਾ"),
    },
    "pl": {
        "summary": ("streszczeni", "podsumowani", "synopsis", "konspekt"),
    },
    "pt": {
        "summary": ("resumo$", "resumos$", "síntese", "sinopse", "recapitulação", "sumário$"),
    },
    "ro": {
        "summary": ("rezumat", "sintez", "sinopsis", "recapitular"),
    },
    "ru": {
        "summary": ("резюме", "краткое содержание", "краткого содержания", "кратком содержании",
                    "сводк", "выжимк", "конспект", "саммари"),
    },
    "si": {
        "summary": ("සාරාංශ", "සංක්ෂේප", "කෙටි විස්තර", "සම්පිණ්ඩනය"),
    },
    "sk": {
        "summary": ("zhrnuti", "súhrn$", "súhrne$", "súhrnu$", "súhrnom$", "resumé"),
    },
    "sl": {
        "summary": ("povzetek", "povzetk", "rezime", "sinopsis", "izvleček", "izvlečk"),
    },
    "so": {
        "summary": ("soo koobid", "soo-koobid", "koobid", "gunaanad"),
    },
    "sq": {
        "summary": ("përmbledhj", "permbledhj", "rezyme", "sinopsis", "sintezë", "sinteza"),
    },
    "sr": {
        "summary": ("резиме", "сажетак", "сажетк", "сажеци", "синопсис", "rezime", "sažetak",
                    "sažetk", "sažeci"),
    },
    "sv": {
        "summary": ("sammanfattning", "sammandrag", "resumé", "summering", "synopsis"),
    },
    "sw": {
        "summary": ("muhtasari", "mukhtasari", "ufupisho"),
    },
    "ta": {
        "summary": ("சுருக்கம்", "சுருக்கத்", "சாராம்ச", "பொழிப்புரை", "சுருக்கவுரை"),
    },
    "te": {
        "summary": ("సారాంశ", "సంగ్రహ", "సంక్షిప్త సమాచార", "సంక్షిప్త వివరణ"),
    },
    "th": {
        "summary": ("บทสรุป", "สรุปย่อ", "เรื่องย่อ", "บทคัดย่อ", "ส่วนสรุป", "สรุปของคุณ",
                    "ใจความสำคัญ", "ซัมมารี"),
    },
    "tl": {
        "summary": ("buod$", "lagom$", "sinopsis", "sumaryo", "summary$", "pagbubuod"),
    },
    "tr": {
        "summary": ("özet$", "özeti$", "özetin", "özetine", "özetinde", "özete$", "özette$",
                    "özetler", "hülasa"),
    },
    "uk": {
        "summary": ("резюме", "короткий зміст", "короткого змісту", "короткому змісті",
                    "стислий виклад", "підсумок", "конспект", "анотаці"),
    },
    "ur": {
        "summary": ("خلاصہ", "خلاصے", "خلاصۂ", "تلخیص", "مختصر جائزہ", "سمری"),
    },
    "uz": {
        "summary": ("qisqacha mazmun", "qisqacha bayon", "rezyume", "xulosa", "annotatsiya",
                    "қисқача мазмун", "хулоса"),
    },
    "vi": {
        "summary": ("bản tóm tắt", "tóm tắt", "tóm lược", "bản tóm lược", "phần tóm tắt"),
    },
    "xh": {
        "summary": ("isishwankathelo", "kwisishwankathelo", "esishwankathelweni",
                    "sesishwankathelo"),
    },
    "yo": {
        "summary": ("àkópọ̀", "àkópọ", "akopo", "àkótán", "akotan"),
    },
    "zh": {
        "summary": ("摘要", "总结中", "总结里", "总结的", "總結中", "總結的", "概要", "梗概",
                    "提要", "小结"),
    },
    "zu": {
        "summary": ("isifinyezo", "esifinyezweni", "sesifinyezo", "kwisifinyezo", "isifingqo",
                    "esifingqweni"),
    },
}
# fmt: on
