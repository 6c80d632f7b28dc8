"""The word "tasks" as a name for what the model was told, for the scanner's concept rules
(`threat_concepts.py`): "forget all previous tasks" is how overrides are written in many
languages, as the grammar reads "vergiss alle vorherigen Aufgaben" and "ignore all previous
tasks". The rules still need "ignore" and "earlier" near, and "you", "all" or the AI, so
"the previous task was closed" stays clean. Written from knowledge of the languages for
this project; same licence as the repository."""

# fmt: off
LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "tr": {"rules": ("görev",)},
    "az": {"rules": ("tapşırıq",)},
    "ar": {"rules": ("المهام", "مهام", "المهمة", "مهمة", "مهامك")},
    "fa": {"rules": ("وظایف", "وظیفه", "تکالیف")},
    "he": {"rules": ("משימות", "המשימות", "משימה", "המשימה")},
    "id": {"rules": ("tugas",)},
    "ms": {"rules": ("tugas",)},
    "vi": {"rules": ("nhiệm vụ",)},
    "th": {"rules": ("งานก่อนหน้า", "ภารกิจ")},
    "ko": {"rules": ("작업", "과제", "임무")},
    "ja": {"rules": ("タスク", "課題", "任務")},
    "zh": {"rules": ("任务", "任務")},
    "hi": {"rules": ("कार्य", "टास्क")},
    "el": {"rules": ("εργασίες", "εργασιών", "καθήκοντα")},
    "fi": {"rules": ("tehtäv",)},
    "hu": {"rules": ("feladat",)},
    "cs": {"rules": ("úkol", "úlohy", "úloh$")},
    "sk": {"rules": ("úloh", "úlohy")},
    "sv": {"rules": ("uppgift",)},
    "da": {"rules": ("opgave",)},
    "no": {"rules": ("oppgave",)},
    "ro": {"rules": ("sarcin",)},
    "uk": {"rules": ("завдан",)},
    "bg": {"rules": ("задачи", "задачите")},
    "lt": {"rules": ("užduot",)},
    "lv": {"rules": ("uzdevum",)},
    "et": {"rules": ("ülesan",)},
    "hr": {"rules": ("zadatk", "zadaci", "zadatke")},
    "sl": {"rules": ("naloge", "nalog$")},
    "ca": {"rules": ("tasques",)},
}
# fmt: on
