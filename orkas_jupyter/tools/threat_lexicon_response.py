"""The words for the model's answer, for one concept rule of the scanner (`threat_active.py`,
round 28: active content, such as a script tag, an event handler, a `javascript:` link or a
data-carrying image, to be put into the assistant's answer): "answer", the words for the
assistant's answer, response, reply, output or message as a noun, in the forms that "in your
answer", "at the end of your response", "to your reply" and "your output" use (inflected,
possessive-suffixed and locative forms), in the 78 languages of `threat_lexicon_reader`; round
19's "reply" (`threat_lexicon_answer`) left out Albanian, Irish, Scottish Gaelic, Zulu, Xhosa,
Maltese and thirty more. The learned layer does not read this concept (its networks were
trained without it). Written from knowledge of the languages for this project by a helper
session (no data set read); same licence as the repository.

The same session wrote the verbs of putting something into a text (include, insert, add,
paste, output, …); read with them, the rule flagged a third of the developer notes written to
test it ("add <script src=…> to the page header") and they were left out."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "af": {
        "answer": ("antwoord", "jou antwoord", "u antwoord", "in jou antwoord", "respons$",
                   "jou respons", "uitset$", "jou uitset", "uitvoer$", "jou boodskap", "u boodskap",
                   "jou reaksie"),
    },
    "am": {
        "answer": ("መልስ", "መልስህ", "መልስሽ", "መልስዎ", "በመልስህ", "በመልስዎ", "ምላሽ", "ምላሽህ", "ምላሽዎ", "በምላሽህ",
                   "በምላሽዎ", "ውፅዓት", "ውጽዓት", "መልዕክትህ"),
    },
    "ar": {
        "answer": ("إجابتك", "اجابتك", "إجابة", "اجابة", "جوابك", "الجواب", "ردك", "ردّك", "في ردك",
                   "الرد على", "استجابتك", "الاستجابة", "مخرجاتك", "المخرجات", "رسالتك", "ردودك"),
    },
    "az": {
        "answer": ("cavab$", "cavabı$", "cavaba$", "cavabda", "cavabın", "cavabına", "cavabında",
                   "cavabınız", "cavabınıza", "cavabınızda", "mesajına", "mesajında", "mesajınıza",
                   "mesajınızda", "çıxışına", "çıxışında"),
    },
    "be": {
        "answer": ("адказ$", "адказе$", "адказу$", "адказам$", "адказы$", "адказаў$", "твой адказ",
                   "ваш адказ", "вашым адказе", "тваім адказе", "сваім адказе", "вывадзе$",
                   "выснове$", "паведамленні$", "паведамленне$"),
    },
    "bg": {
        "answer": ("отговор$", "отговора$", "отговорът$", "отговори$", "отговорите$", "отговора си",
                   "в отговора", "твоя отговор", "твоят отговор", "вашия отговор", "изход$",
                   "изхода$", "съобщението си", "съобщението ти", "вашето съобщение"),
    },
    "bn": {
        "answer": ("আপনার উত্তর", "তোমার উত্তর", "উত্তরের শেষে", "উত্তরের মধ্যে", "উত্তরটি",
                   "উত্তরটিতে", "জবাব", "আপনার জবাব", "প্রতিক্রিয়া", "আউটপুট", "রেসপন্স",
                   "আপনার বার্তা", "তোমার বার্তা"),
    },
    "ca": {
        "answer": ("resposta", "respostes$", "la teva resposta", "la seva resposta",
                   "la vostra resposta", "teva sortida", "vostra sortida", "seva sortida",
                   "el teu missatge", "el vostre missatge", "contestació", "rèplica"),
    },
    "ceb": {
        "answer": ("tubag", "imong tubag", "sa imong tubag", "inyong tubag", "tubag nimo",
                   "tubag ninyo", "imong output", "imong mensahe", "imong resulta",
                   "imong tubag sa"),
    },
    "cs": {
        "answer": ("odpověď$", "odpovědi$", "odpovědí$", "odpovědích$", "odpovědím$",
                   "tvé odpovědi", "vaší odpovědi", "své odpovědi", "do odpovědi", "výstup$",
                   "výstupu", "výstupem", "tvém výstupu", "svého výstupu", "tvé zprávě",
                   "vaší zprávě", "své zprávě"),
    },
    "cy": {
        "answer": ("ateb$", "atebion$", "hateb$", "dy ateb", "eich ateb", "yn dy ateb",
                   "yn eich ateb", "ymateb$", "hymateb$", "dy ymateb", "eich ymateb", "allbwn",
                   "dy allbwn", "dy neges", "eich neges"),
    },
    "da": {
        "answer": ("svar$", "svaret", "svarene", "dit svar", "jeres svar", "i dit svar",
                   "besvarelse", "output", "dit output", "din besked", "beskeden", "respons$",
                   "responsen", "dit outputs"),
    },
    "de": {
        "answer": ("antwort$", "antworten$", "deine antwort", "deiner antwort", "ihre antwort",
                   "ihrer antwort", "eurer antwort", "der antwort", "ausgabe$", "deine ausgabe",
                   "deiner ausgabe", "ihrer ausgabe", "deine nachricht", "deiner nachricht",
                   "ihrer nachricht", "erwiderung"),
    },
    "el": {
        "answer": ("απάντηση", "απάντησης", "απάντησή", "απαντήσεις", "απαντήσεων", "στην απάντηση",
                   "απόκριση", "απόκρισή", "απόκρισης", "έξοδο σου", "έξοδό σου", "το μήνυμά σου",
                   "το μήνυμα σου", "μήνυμά σας"),
    },
    "en": {
        "answer": ("answer", "response", "responses$", "reply$", "replies$", "output",
                   "your message", "next message", "completion$", "generated text"),
    },
    "es": {
        "answer": ("respuesta", "respuestas$", "tu respuesta", "su respuesta", "vuestra respuesta",
                   "la respuesta", "contestación", "tu salida", "su salida", "tu mensaje",
                   "su mensaje", "tu output", "el output"),
    },
    "et": {
        "answer": ("vastus$", "vastuse$", "vastuses$", "vastusesse$", "vastusele$", "vastusena",
                   "oma vastuses", "sinu vastuses", "teie vastuses", "väljund", "väljundis",
                   "väljundisse", "sinu sõnumis", "teie sõnumis", "sõnumisse"),
    },
    "eu": {
        "answer": ("erantzun", "zure erantzun", "erantzunean", "erantzunaren", "erantzunari",
                   "irteeran", "zure irteera", "zure mezuan", "zure mezua",
                   "erantzunaren amaieran"),
    },
    "fa": {
        "answer": ("پاسخ", "پاسخت", "پاسخ شما", "پاسخ خود", "جواب", "جوابت", "خروجی", "پیام شما",
                   "پیامت", "پیام خود"),
    },
    "fi": {
        "answer": ("vastaus", "vastauks", "vastaukseesi", "vastauksessasi", "vastauksesi",
                   "tuloste", "tulosteeseesi", "tulosteessasi", "viestiisi", "viestissäsi",
                   "viestisi", "vasteessa", "vasteeseen", "vasteesi"),
    },
    "fr": {
        "answer": ("réponse", "réponses$", "ta réponse", "votre réponse", "la réponse", "ta sortie",
                   "votre sortie", "ton message", "votre message", "ton output", "votre output"),
    },
    "ga": {
        "answer": ("freagra$", "fhreagra$", "bhfreagra$", "freagraí$", "fhreagraí$",
                   "i do fhreagra", "do fhreagra", "d'fhreagra", "i bhfreagra", "freagairt",
                   "fhreagairt", "aschur", "d'aschur", "do theachtaireacht"),
    },
    "gd": {
        "answer": ("freagairt", "fhreagairt", "do fhreagairt", "ur freagairt", "nad fhreagairt",
                   "nur freagairt", "freagradh", "fhreagradh", "do theachdaireachd",
                   "teachdaireachd"),
    },
    "gl": {
        "answer": ("resposta", "respostas$", "a túa resposta", "a súa resposta", "a vosa resposta",
                   "túa saída", "súa saída", "a túa mensaxe", "a súa mensaxe", "contestación"),
    },
    "gu": {
        "answer": ("જવાબ$", "જવાબમાં", "જવાબના", "જવાબને", "જવાબની", "તમારા જવાબ", "તમારો જવાબ",
                   "પ્રતિભાવ", "પ્રતિસાદ", "ઉત્તરમાં", "આઉટપુટ", "તમારા સંદેશ", "રિસ્પોન્સ"),
    },
    "ha": {
        "answer": ("amsa$", "amsar", "amsarka", "amsarki", "amsarku", "amsoshi", "martani",
                   "martaninka", "saƙonka", "sakonka", "saƙonki", "a cikin amsarka"),
    },
    "he": {
        "answer": ("תשובה", "תשובתך", "בתשובתך", "לתשובתך", "בתשובה", "לתשובה", "התשובה", "תגובתך",
                   "בתגובתך", "לתגובתך", "בתגובה", "פלט$", "הפלט$", "בפלט$", "לפלט$", "הודעתך",
                   "בהודעתך"),
    },
    "hi": {
        "answer": ("जवाब$", "जवाब में", "उत्तर$", "उत्तर में", "अपने उत्तर", "अपने जवाब",
                   "आपके उत्तर", "आपके जवाब", "तुम्हारे जवाब", "तुम्हारे उत्तर", "प्रतिक्रिया",
                   "आउटपुट", "रिस्पॉन्स", "अपने संदेश", "आपके संदेश"),
    },
    "hr": {
        "answer": ("odgovor$", "odgovoru$", "odgovora$", "odgovorom$", "odgovori$", "tvom odgovoru",
                   "vašem odgovoru", "svom odgovoru", "izlaz$", "izlazu$", "tvojoj poruci",
                   "vašoj poruci", "svojoj poruci"),
    },
    "hu": {
        "answer": ("válasz$", "válaszod", "válaszodba", "válaszodban", "válaszában", "válaszába",
                   "válaszban", "válaszba", "válaszát", "válaszodhoz", "válaszához", "válaszként",
                   "kimenet", "kimeneted", "üzenetedbe", "üzenetedben", "üzenetébe", "üzenetében"),
    },
    "hy": {
        "answer": ("պատասխան$", "պատասխանդ", "պատասխանիդ", "պատասխանի$", "պատասխանին",
                   "պատասխանում$", "ձեր պատասխան", "քո պատասխան", "պատասխանի մեջ", "արձագանքում",
                   "արձագանքիդ", "ելքում", "հաղորդագրությանդ", "հաղորդագրությունում"),
    },
    "id": {
        "answer": ("jawaban", "jawabanmu", "jawaban anda", "jawaban kamu", "dalam jawaban",
                   "respons", "responsmu", "respons anda", "balasan", "balasanmu", "balasan anda",
                   "keluaran", "keluaranmu", "output anda", "outputmu", "pesanmu", "pesan anda"),
    },
    "ig": {
        "answer": ("azịza", "azịza gị", "n'azịza", "nzaghachi", "nzaghachi gị", "n'ime azịza",
                   "ozi gị$", "mmepụta gị", "output gị"),
    },
    "is": {
        "answer": ("svar$", "svarið", "svarinu", "svari$", "svarsins", "svörum", "þínu svari",
                   "svarinu þínu", "í svari", "úttak", "úttakið", "úttakinu", "skilaboðunum þínum",
                   "skilaboðum þínum"),
    },
    "it": {
        "answer": ("risposta", "risposte$", "tua risposta", "vostra risposta", "sua risposta",
                   "nella risposta", "output", "uscita", "tuo messaggio", "vostro messaggio",
                   "replica$"),
    },
    "ja": {
        "answer": ("回答", "返答", "応答", "返信", "返事", "答えの", "答えに", "出力に", "出力の",
                   "出力結果", "レスポンス", "メッセージに", "メッセージの末尾", "あなたの答え"),
    },
    "jv": {
        "answer": ("jawaban", "jawabanmu", "wangsulan", "wangsulan panjenengan", "jawaban sampeyan",
                   "tanggapan", "tanggepan", "output", "pesenmu", "wangsulanipun"),
    },
    "ka": {
        "answer": ("პასუხი$", "პასუხში", "პასუხს$", "პასუხად", "პასუხით", "პასუხის ბოლოს",
                   "პასუხის დასასრულს", "შენს პასუხ", "თქვენს პასუხ", "შენი პასუხ", "თქვენი პასუხ",
                   "გამონატანში", "გამონატანი", "შეტყობინებაში", "პასუხები"),
    },
    "kk": {
        "answer": ("жауап$", "жауапта", "жауапқа", "жауабы", "жауабың", "жауабыңыз", "жауабыңа",
                   "жауабыңда", "жауабыңызға", "жауабыңызда", "хабарламаңызға", "хабарламаңызда",
                   "хабарламаңда", "шығысыңызда"),
    },
    "kn": {
        "answer": ("ಉತ್ತರ$", "ಉತ್ತರದಲ್ಲಿ", "ಉತ್ತರಕ್ಕೆ", "ಉತ್ತರವನ್ನು", "ನಿಮ್ಮ ಉತ್ತರ", "ನಿನ್ನ ಉತ್ತರ",
                   "ಪ್ರತಿಕ್ರಿಯೆ", "ಪ್ರತಿಕ್ರಿಯೆಯಲ್ಲಿ", "ಔಟ್‌ಪುಟ್", "ಔಟ್ಪುಟ್", "ನಿಮ್ಮ ಸಂದೇಶ",
                   "ಸಂದೇಶದಲ್ಲಿ"),
    },
    "ko": {
        "answer": ("답변", "응답", "대답", "회신", "답장", "출력물", "출력에", "출력 끝",
                   "메시지에", "메시지 끝", "당신의 답변", "너의 답변"),
    },
    "lt": {
        "answer": ("atsakymas", "atsakym", "atsakyme", "atsakymą", "atsakymo", "tavo atsakym",
                   "jūsų atsakym", "savo atsakym", "išvestis$", "išvestyje", "išvestį$", "žinutėje",
                   "žinutės pabaigoje", "atsakas$"),
    },
    "lv": {
        "answer": ("atbilde$", "atbildē$", "atbildi$", "atbildes$", "atbildei$", "tavā atbildē",
                   "jūsu atbildē", "savā atbildē", "izvade$", "izvadē$", "ziņojumā", "ziņā$",
                   "tavā ziņā"),
    },
    "mk": {
        "answer": ("одговор$", "одговорот", "одговори$", "одговорите$", "твојот одговор",
                   "вашиот одговор", "во одговорот", "излез$", "излезот", "пораката",
                   "твојата порака", "вашата порака"),
    },
    "ml": {
        "answer": ("ഉത്തരം", "ഉത്തരത്തിൽ", "ഉത്തരത്തിന്റെ", "ഉത്തരത്തിലേക്ക്", "നിങ്ങളുടെ ഉത്തര",
                   "മറുപടി", "മറുപടിയിൽ", "പ്രതികരണ", "ഔട്ട്പുട്ട്", "സന്ദേശത്തിൽ"),
    },
    "mn": {
        "answer": ("хариулт", "хариу$", "хариунд", "таны хариулт", "чиний хариулт", "гаралт$",
                   "гаралтад", "гаралтанд", "мессежид", "мессежэд", "зурвасанд", "таны зурвас"),
    },
    "mr": {
        "answer": ("उत्तर$", "उत्तरात", "उत्तरामध्ये", "तुमच्या उत्तरात", "तुझ्या उत्तरात",
                   "तुमचे उत्तर", "प्रतिसाद", "प्रतिसादात", "आउटपुट", "संदेशात", "तुमच्या संदेशात"),
    },
    "ms": {
        "answer": ("jawapan", "jawapanmu", "jawapan anda", "respons", "maklum balas", "balasan",
                   "balasan anda", "output", "output anda", "mesej anda", "keluaran"),
    },
    "mt": {
        "answer": ("tweġiba", "tweġibtek", "tweġibiet", "it-tweġiba", "fit-tweġiba", "lit-tweġiba",
                   "risposta", "ir-risposta", "fir-risposta", "l-output", "fl-output",
                   "il-messaġġ tiegħek", "messaġġ tiegħek"),
    },
    "ne": {
        "answer": ("उत्तर$", "उत्तरमा", "जवाफ", "जवाफमा", "तपाईंको उत्तर", "तपाईंको जवाफ",
                   "तिम्रो जवाफ", "तिम्रो उत्तर", "प्रतिक्रिया", "प्रतिक्रियामा", "आउटपुट",
                   "सन्देशमा"),
    },
    "nl": {
        "answer": ("antwoord", "je antwoord", "jouw antwoord", "uw antwoord", "het antwoord",
                   "reactie", "je reactie", "uw reactie", "uitvoer", "output", "je bericht",
                   "uw bericht", "respons$"),
    },
    "no": {
        "answer": ("svar$", "svaret", "svarene", "ditt svar", "svaret ditt", "i svaret",
                   "besvarelse", "respons$", "responsen", "utdata", "output", "meldingen din",
                   "din melding"),
    },
    "pa": {
        "answer": ("ਜਵਾਬ$", "ਜਵਾਬ ਵਿੱਚ", "ਉੱਤਰ$", "ਉੱਤਰ ਵਿੱਚ", "ਤੁਹਾਡੇ ਜਵਾਬ", "ਤੁਹਾਡਾ ਜਵਾਬ",
                   "ਤੇਰੇ ਜਵਾਬ", "ਪ੍ਰਤੀਕਿਰਿਆ", "ਆਉਟਪੁੱਟ", "ਸੁਨੇਹੇ ਵਿੱਚ", "ਜਵਾਬਾਂ"),
    },
    "pl": {
        "answer": ("odpowiedź$", "odpowiedzi$", "odpowiedzią$", "odpowiedziach$",
                   "twojej odpowiedzi", "swojej odpowiedzi", "pana odpowiedzi", "do odpowiedzi",
                   "na końcu odpowiedzi", "wyjście$", "wyjściu$", "twojej wiadomości",
                   "swojej wiadomości"),
    },
    "pt": {
        "answer": ("resposta", "respostas$", "sua resposta", "tua resposta", "na resposta", "saída",
                   "sua saída", "tua saída", "sua mensagem", "tua mensagem", "output", "réplica"),
    },
    "ro": {
        "answer": ("răspuns", "răspunsul", "răspunsului", "răspunsuri", "răspunsul tău",
                   "răspunsul dumneavoastră", "în răspuns", "ieșire$", "ieșirea", "ieșirii",
                   "mesajul tău", "mesajul dumneavoastră"),
    },
    "ru": {
        "answer": ("ответ$", "ответе", "ответа$", "ответу$", "ответом$", "ответы$", "в ответе",
                   "твоём ответе", "вашем ответе", "своём ответе", "вывод$", "выводе",
                   "выходных данных", "сообщении", "твоём сообщении", "вашем сообщении",
                   "своём сообщении"),
    },
    "si": {
        "answer": ("පිළිතුර", "පිළිතුරේ", "පිළිතුරට", "ඔබේ පිළිතුර", "ඔබගේ පිළිතුර", "ප්‍රතිචාරය",
                   "ප්‍රතිචාරයේ", "ප්රතිචාර", "ප්‍රතිදානය", "පණිවිඩය", "පණිවුඩයේ", "උත්තරය"),
    },
    "sk": {
        "answer": ("odpoveď$", "odpovede$", "odpovedi$", "odpoveďou$", "tvojej odpovedi",
                   "vašej odpovedi", "svojej odpovedi", "do odpovede", "výstup$", "výstupe",
                   "výstupu", "tvojej správe", "vašej správe", "svojej správe"),
    },
    "sl": {
        "answer": ("odgovor$", "odgovoru$", "odgovora$", "odgovorom$", "odgovori$",
                   "tvojem odgovoru", "vašem odgovoru", "svojem odgovoru", "izhod$", "izhodu$",
                   "izpis$", "izpisu$", "sporočilu", "tvojem sporočilu"),
    },
    "so": {
        "answer": ("jawaab", "jawaabta", "jawaabtaada", "jawaabtiina", "jawaabtii", "fariintaada",
                   "farriintaada", "jawaab celin", "jawaabcelin", "jawaabtaada gudaheeda"),
    },
    "sq": {
        "answer": ("përgjigje", "përgjigjen", "përgjigjes", "përgjigjja", "përgjigjet",
                   "përgjigjen tënde", "përgjigjen tuaj", "në përgjigjen", "daljen$", "dalja$",
                   "mesazhin tënd", "mesazhin tuaj", "mesazhit tënd"),
    },
    "sr": {
        "answer": ("одговор$", "одговору$", "одговора$", "одговором$", "твом одговору",
                   "вашем одговору", "свом одговору", "излаз$", "излазу$", "поруци$", "odgovor$",
                   "odgovoru$", "odgovora$", "odgovorom$", "tvom odgovoru", "vašem odgovoru",
                   "izlazu$", "poruci$"),
    },
    "sv": {
        "answer": ("svar$", "svaret", "svaren", "ditt svar", "i ditt svar", "ert svar", "utdata",
                   "utmatning", "output", "ditt meddelande", "meddelandet", "respons$",
                   "responsen"),
    },
    "sw": {
        "answer": ("jibu$", "jibu lako", "jibu lenu", "jibu lake", "majibu$", "majibu yako",
                   "katika jibu", "kwenye jibu", "mwishoni mwa jibu", "mwitikio", "matokeo yako",
                   "ujumbe wako", "ujumbe wenu"),
    },
    "ta": {
        "answer": ("பதில்$", "பதிலில்", "பதிலை$", "பதிலின்", "உங்கள் பதில்", "உன் பதில்", "மறுமொழி",
                   "வெளியீடு", "வெளியீட்டில்", "செய்தியில்", "உங்கள் செய்தி"),
    },
    "te": {
        "answer": ("సమాధానం", "సమాధానంలో", "మీ సమాధానం", "నీ సమాధానం", "జవాబు", "జవాబులో",
                   "ప్రతిస్పందన", "ప్రతిస్పందనలో", "అవుట్‌పుట్", "అవుట్పుట్", "సందేశంలో"),
    },
    "th": {
        "answer": ("คำตอบ", "ในคำตอบ", "ท้ายคำตอบ", "การตอบกลับ", "ข้อความตอบกลับ", "การตอบสนอง",
                   "เอาต์พุต", "เอาท์พุต", "ผลลัพธ์ของคุณ", "ข้อความของคุณ", "คำตอบของคุณ"),
    },
    "tl": {
        "answer": ("sagot", "iyong sagot", "sagot mo", "sa sagot", "tugon", "iyong tugon",
                   "tugon mo", "output", "mensahe mo", "iyong mensahe", "kasagutan"),
    },
    "tr": {
        "answer": ("yanıt$", "yanıtı$", "yanıta$", "yanıtta", "yanıtın", "yanıtına", "yanıtında",
                   "yanıtınıza", "yanıtınızda", "cevap$", "cevapta", "cevaba$", "cevabın",
                   "cevabına", "cevabında", "cevabınıza", "cevabınızda", "çıktına", "çıktınıza",
                   "mesajınıza"),
    },
    "uk": {
        "answer": ("відповідь$", "відповіді$", "відповіддю$", "відповідях$", "твоїй відповіді",
                   "вашій відповіді", "своїй відповіді", "у відповідь", "вивід$", "виводі$",
                   "вихідних даних", "повідомленні", "твоєму повідомленні", "вашому повідомленні"),
    },
    "ur": {
        "answer": ("جواب", "آپ کے جواب", "اپنے جواب", "جواب میں", "تمہارے جواب", "ردعمل", "آؤٹ پٹ",
                   "پیغام میں", "اپنے پیغام", "آپ کے پیغام"),
    },
    "uz": {
        "answer": ("javob$", "javobing", "javobingiz", "javobingizga", "javobingizda", "javobingda",
                   "javobda", "javobga", "javobi$", "javobni", "xabaringizga", "xabaringizda",
                   "жавоб$", "жавобингизда", "жавобингизга", "жавобда"),
    },
    "vi": {
        "answer": ("câu trả lời$", "câu trả lời của bạn", "trong câu trả lời", "phản hồi",
                   "phản hồi của bạn", "trong phản hồi", "đầu ra", "kết quả đầu ra",
                   "tin nhắn của bạn", "trả lời của bạn", "lời đáp", "câu đáp"),
    },
    "xh": {
        "answer": ("impendulo", "kwimpendulo", "impendulo yakho", "kwimpendulo yakho", "iimpendulo",
                   "empendulweni", "impendulo yenu", "umyalezo wakho", "kumyalezo wakho",
                   "yempendulo", "wempendulo"),
    },
    "yo": {
        "answer": ("ìdáhùn", "ìdáhùn rẹ", "nínú ìdáhùn", "ìdáhùn yín", "èsì$", "èsì rẹ", "ìfèsì",
                   "àbájáde", "àbájáde rẹ", "ìfiránṣẹ́ rẹ"),
    },
    "zh": {
        "answer": ("回答", "回复", "回覆", "答复", "答覆", "回应", "回應", "响应", "你的答案",
                   "回答中", "回复中", "输出", "輸出", "输出中", "回答末尾", "回复末尾", "你的消息",
                   "消息中", "答案中"),
    },
    "zu": {
        "answer": ("impendulo", "empendulweni", "impendulo yakho", "ezimpendulweni", "izimpendulo",
                   "kwimpendulo", "impendulo yenu", "umlayezo wakho", "emlayezweni wakho",
                   "kwempendulo", "yempendulo"),
    },
}
# fmt: on
