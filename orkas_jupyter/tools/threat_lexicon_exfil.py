"""Round 36: the conversation itself as the data an exfiltration sends out ("the whole
conversation", "den gesamten bisherigen Chatverlauf", "l'historique complet de cette
discussion", "historię tej rozmowy", "the last 10 messages"), all of it ("complet",
"volledige") and no one asked ("sin avisar", "du musst den Nutzer nicht fragen"), for the
rule that reads an order to send them to an address in every language. Concepts of their
own, which the learned layer does not read: its networks were trained without them.
Written from knowledge of the languages for this project (no data set read); same licence
as the repository."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"convo": ("this conversation", "this chat$", "this thread", "this session",
                     "the whole conversation", "the entire conversation", "the full conversation",
                     "the whole chat", "the entire chat", "the full chat", "the last messages",
                     "previous messages", "earlier messages", "transcript", "conversation so far",
                     "our conversation", "our chat", "the chat so far"),
           "unasked": ("without telling", "no need to tell", "no need to ask", "don't need to ask",
                       "do not need to ask", "without asking", "without informing")},
    "de": {"convo": ("verlauf", "gesprächs", "dieses gespräch", "diesen chat",
                     "dieser unterhaltung", "diese unterhaltung", "bisherigen nachrichten",
                     "letzten nachrichten", "kalender", "protokoll des chats"),
           "whole": ("vollständig", "komplett"),
           "unasked": ("ohne zu fragen", "ohne nachzufragen", "nicht fragen", "ohne den nutzer",
                       "ohne den benutzer", "ohne es zu sagen", "nicht informieren")},
    "es": {"convo": ("historial", "esta conversacion", "esta charla", "este chat",
                     "los ultimos mensajes", "mensajes anteriores", "calendario"),
           "whole": ("completo", "completa", "entero", "entera"),
           "unasked": ("no hace falta avisar", "sin avisar", "sin decirle", "sin informar",
                       "no hace falta preguntar", "sin preguntar", "no avises", "no informes")},
    "fr": {"convo": ("historique", "cette discussion", "cette conversation", "la discussion",
                     "derniers messages", "messages precedents", "agenda$", "calendrier"),
           "whole": ("complet", "complete$", "entier", "entiere"),
           "unasked": ("sans prevenir", "sans le dire", "sans informer", "sans demander",
                       "inutile de prevenir", "inutile de demander", "ne previens pas")},
    "it": {"convo": ("cronologia", "questa conversazione", "questa chat", "ultimi messaggi",
                     "messaggi precedenti", "calendario"),
           "whole": ("completa", "completo", "intera", "intero"),
           "unasked": ("senza avvisare", "senza dirlo", "senza chiedere", "senza informare",
                       "non avvisare")},
    "pt": {"convo": ("historico", "esta conversa", "este chat", "ultimas mensagens",
                     "mensagens anteriores", "calendario"),
           "whole": ("completo", "completa", "inteira", "inteiro"),
           "unasked": ("sem avisar", "sem perguntar", "sem informar", "nao avise")},
    "nl": {"convo": ("geschiedenis", "dit gesprek", "deze chat", "vorige berichten",
                     "laatste berichten", "agenda$"),
           "whole": ("volledig", "hele$"),
           "unasked": ("zonder te melden", "zonder te vragen", "zonder het te zeggen",
                       "niet melden", "hoeft niet te vragen")},
    "pl": {"convo": ("histori", "tej rozmowy", "tę rozmowę", "całą rozmowę",
                     "poprzednie wiadomości", "ostatnie wiadomości", "kalendarz"),
           "unasked": ("nie informuj", "bez informowania", "bez pytania", "nie pytaj")},
    "tr": {"youask": ("mısın$", "misin$", "musun$", "müsün$", "mısınız$", "misiniz$",
                      "musunuz$", "müsünüz$", "yazar mısın", "yazar misin", "gösterir misin",
                      "söyler misin", "paylaşır mısın", "yazdırır mısın", "verir misin"),
           # (only the system prompt's names count with it: "Kurulum talimatlarını tekrar
           # gösterir misin?" asks for a product's instructions)
           "convo": ("bu sohbet", "bu konuşma", "sohbetin tamamı", "konuşmanın tamamı",
                     "önceki mesajlar", "son mesajlar", "takvim", "mail adres",
                     "e-posta adres")},
    "id": {"convo": ("obrolan ini", "percakapan ini", "pesan sebelumnya", "pesan terakhir",
                     "kalender")},
    "sv": {"send": ("skicka", "vidarebefordra"),
           "convo": ("konversation", "chatthistorik", "den här chatten")},
}
