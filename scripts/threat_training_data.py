"""The learned layer's training data (`train_threat_model.py`, the round-15 experiments):
the project's own examples, the writers' files, the external train sources, Python's
documentation and standard library, the template generator's parts, and the fixed
validation split. Held-out files (`heldout`, `written_heldout`, `fresh`, `generated`,
`other_author`, `blind`, `probes_heldout`, `benign_questions_heldout`,
`benign_requests_heldout`, `benign_shapes_heldout`, `benign_prose_heldout`,
`nonlatin_heldout`) are never read here.
"""

from __future__ import annotations

import hashlib
import json
import sys
import sysconfig
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import threat_corpus

ROOT = Path(__file__).resolve().parents[1]
TUNE = ROOT / "tests" / "data" / "injection" / "tune.jsonl"
# the training part of the examples written in round 7 (`scripts/threat_split.py`); its
# held-out part, written_heldout.jsonl, is never read here
WRITTEN_TRAIN = TUNE.with_name("written_train.jsonl")
EXTERNAL = TUNE.with_name("external.jsonl")
# Round 8: six writers who saw no scanner, data or held-out set wrote attacks and benign texts
# in 51 languages, a seventh benign texts with links (`team_*.jsonl`, TEAM.md); `--team`.
TEAM_GLOB = "team_*.jsonl"
# benign kinds that quote or stage attacks on purpose (security write-ups, role-play the user
# asked for): trained on as benign, but calibrated against a looser bound (`--max-fp-hard`)
HARD_KINDS = ("security-doc", "game")
DEV = ROOT / ".." / "shared" / "data" / "injection" / "dev.jsonl"
# Kept apart from benchmarks/injection_scan.py's STDLIB_MODULES, which measure false positives.
TRAIN_MODULES = ("ast", "inspect", "functools", "collections/__init__", "typing", "enum",
                 "tarfile", "urllib/parse", "subprocess", "tempfile", "unittest/case",
                 "asyncio/tasks", "configparser", "smtplib", "ftplib", "getpass", "netrc",
                 "optparse", "calendar", "locale")

Example = tuple[str, int, str]  # (text, label, group)


def _labelled(paths: list[Path], prefix: str) -> list[Example]:
    """JSONL rows (label, kind, text) as (text, 1 for attack, `attack` or `<prefix>-<kind>`)."""
    rows = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                attack = r["label"] == "attack"
                rows.append((r["text"], int(attack),
                             "attack" if attack else f"{prefix}-{r['kind']}"))
    return rows


def own_examples() -> list[Example]:
    """Rows of the tune split and the written training part: (text, 1 for attack, group)."""
    return _labelled([TUNE, WRITTEN_TRAIN], "own")


def team_examples() -> list[Example]:
    """Rows of the round-8 writers' files: (text, 1 for attack, `team-<kind>` when benign)."""
    return _labelled(sorted(TUNE.parent.glob(TEAM_GLOB)), "team")


def question_examples() -> list[Example]:
    """Benign questions, requests and notes about documents, rules and settings
    (`benign_questions.jsonl`, the read half): the learned layer's commonest false alarms in
    round 15."""
    return [(text, 0, "own-docq") for text, label, _ in
            _labelled([TUNE.with_name("benign_questions.jsonl")], "own") if not label]


def request_examples() -> list[Example]:
    """Benign requests to an assistant, some on alarming topics, some setting a role or naming
    instructions in their ordinary sense (`benign_requests.jsonl`), and benign notes in an
    attack's shape: a fixed reply under a condition, data set aside, a task switched, a
    reminder in capitals (`benign_shapes.jsonl`); the read halves, round 16 (PROBES.md): the
    shape of the task an attack smuggles in, without the attack."""
    return [(text, 0, "own-request") for text, label, _ in _labelled(
        [TUNE.with_name("benign_requests.jsonl"), TUNE.with_name("benign_shapes.jsonl")],
        "own") if not label]


def readme_examples() -> list[Example]:
    """Paragraphs of the descriptions (READMEs) of the installed Python distributions, code
    blocks left out: technical prose by many authors (this package's own README, which quotes
    attacks, is not one of them)."""
    import importlib.metadata
    import re

    out = []
    dists = sorted(importlib.metadata.distributions(), key=lambda d: d.metadata["Name"] or "")
    for dist in dists:
        if (dist.metadata["Name"] or "").startswith("orkas"):
            continue
        text = dist.metadata.get_payload() or dist.metadata.get("Description") or ""
        for para in re.split(r"\n\s*\n", str(text)):
            if len(para.split()) >= 8 and "```" not in para:
                out.append((para, 0, "prose-readme"))
    return out


def written_prose_examples() -> list[Example]:
    """Benign prose written for round 16 (`benign_prose.jsonl`, the read half): scientific
    abstracts, and news, encyclopedia, documentation, legal and how-to paragraphs in 13
    languages, using "administration", "system", "role", "instructions", "override" in their
    ordinary sense."""
    return [(text, 0, "prose-written") for text, label, _ in
            _labelled([TUNE.with_name("benign_prose.jsonl")], "own") if not label]


def document_examples() -> list[Example]:
    """Round 20: documents written to instruct a model on purpose, which the scanner reads as
    skills and MCP tools: skills, AGENTS.md-style project files and tool documentation
    (`docs_benign_train.jsonl`, written for this round) and real ones from permissively
    licensed repositories (`real_docs_train.jsonl`, DOCS.md); and the read half of a new
    writer's attacks and benign texts in the genres that carry them (`genres_train.jsonl`).
    The poisoned documents (`docs_attack.jsonl`) are never trained on: most of a poisoned
    skill's windows are the skill, and teaching them as attacks would teach skills as
    attacks."""
    docs = [e for e in _labelled([TUNE.with_name("docs_benign_train.jsonl"),
                                  TUNE.with_name("real_docs_train.jsonl")], "doc") if not e[1]]
    return docs + _labelled([TUNE.with_name("genres_train.jsonl")], "genre")


def tool_examples() -> list[Example]:
    """Round 21 (`--tools`): MCP tool descriptions (`TOOLS.md`): the read half of a writer's
    poisoned and honest tools and the read half (by package) of real servers' descriptions,
    parameters and instructions. The second writer's tools and the held-out halves are never
    read."""
    return _labelled([TUNE.with_name("tools_attack_train.jsonl"),
                      TUNE.with_name("tools_benign_train.jsonl"),
                      TUNE.with_name("mcp_real_train.jsonl")], "doc-tool")


def written_benign_examples() -> list[Example]:
    """Round 16's benign text by others, which both trainers read: requests and notes in an
    attack's shape, the installed packages' READMEs, written prose."""
    return request_examples() + readme_examples() + written_prose_examples()


# Modules whose functions' one-line summaries are read as tool descriptions (`api_examples`);
# none of benchmarks/injection_scan.py's STDLIB_MODULES, whose code measures false positives.
API_MODULES = ("os", "os.path", "collections", "itertools", "functools", "sqlite3",
               "subprocess", "tarfile", "tempfile", "threading", "asyncio", "http.client",
               "urllib.request", "socket", "ssl", "hashlib", "secrets", "random", "datetime",
               "calendar", "re", "shelve", "dbm", "glob", "fnmatch", "filecmp", "io", "queue",
               "sched", "signal", "mailbox", "smtplib", "ftplib", "imaplib", "getpass",
               "configparser", "unittest", "doctest", "pdb", "timeit", "trace", "gc",
               "inspect", "dis", "ast", "tokenize", "bisect", "array", "weakref", "copy",
               "enum", "contextlib", "abc", "decimal", "math")


def api_examples() -> list[Example]:
    """Standard-library functions as an MCP server shows its tools: the docstring's first
    paragraph, then the name as a title ("Recursively delete a directory tree." / "Rmtree"):
    a tool's description and schema are scanned, and short imperative summaries of
    destructive operations ("Remove all items", "Delete Everything") are not injections."""
    import importlib
    import inspect

    seen: dict[str, str] = {}
    for module_name in API_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name, obj in inspect.getmembers(module):
            if name.startswith("_"):
                continue
            members = [(name, obj)]
            if inspect.isclass(obj):
                members += [(n, o) for n, o in inspect.getmembers(obj)
                            if not n.startswith("_") and callable(o)]
            for member, item in members:
                summary = (inspect.getdoc(item) or "").strip().split("\n\n")[0]
                summary = " ".join(summary.split())
                if callable(item) and 3 <= len(summary.split()) <= 40:
                    seen.setdefault(summary, member)
    return [(f"{summary}\n{name.replace('_', ' ').title()}", 0, "prose-api")
            for summary, name in sorted(seen.items())]


def nonlatin_examples() -> list[Example]:
    """Attacks and near misses written natively in 16 languages of non-Latin scripts (and
    Vietnamese), round 16 (`nonlatin.jsonl`, the read half; PROBES.md)."""
    return _labelled([TUNE.with_name("nonlatin.jsonl")], "own")


def probe_examples() -> list[Example]:
    """The training half of the round-15 writers' probe sets (`probes_train.jsonl`,
    PROBES.md); the held-out half is never read."""
    return _labelled([TUNE.with_name("probes_train.jsonl")], "team")


def external_examples() -> list[Example]:
    """With `--external`: the `train` sources of `external.jsonl` (texts by other authors,
    from PyPI packages' data files: `tests/data/injection/EXTERNAL.md`), only the packages'
    own texts: rows
    that redistribute an upstream public data set (`origin` set: deepset, in-the-wild
    jailbreaks, a CTF, a mail challenge) are left out, since a reviewer's hidden set may be
    drawn from one of them."""
    if not EXTERNAL.is_file():
        return []
    rows = []
    for line in EXTERNAL.read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            # "other" holds requests that are not injections by this scanner's measure
            # ("What model version are you?", a Morse-coded question)
            if r["split"] == "train" and not r["origin"] and r["kind"] != "other":
                rows.append((r["text"], int(r["label"] == "attack"),
                             "attack" if r["label"] == "attack" else f"ext-{r['kind']}"))
    return rows


def prose_examples() -> list[Example]:
    """Paragraphs of the Python documentation shipped with CPython."""
    from pydoc_data.topics import topics

    out = []
    for text in topics.values():
        for para in text.split("\n\n"):
            if len(para.split()) >= 8:
                out.append((para, 0, "python-docs"))
    return out


def code_examples() -> list[Example]:
    """Chunks of 30 lines of standard-library modules."""
    lib = Path(sysconfig.get_paths()["stdlib"])
    out = []
    for name in TRAIN_MODULES:
        path = lib / f"{name}.py"
        if not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for i in range(0, len(lines), 30):
            chunk = "\n".join(lines[i:i + 30]).strip()
            if chunk:
                out.append((chunk, 0, "stdlib-code"))
    return out


def generated(part: str) -> list[Example]:
    """Template-generated attacks and benign near misses (`scripts/threat_corpus.py`)."""
    return [(r["text"], int(r["label"] == "attack"),
             "attack" if r["label"] == "attack" else f"gen-{r['kind']}")
            for r in threat_corpus.generate(part)]


def split_fixed(examples: list[Example], frac: float = 0.2) -> tuple[list[Example],
                                                                     list[Example]]:
    """(train, validation): about `frac` of the examples go to validation, chosen by a hash
    of their text, so adding or removing one example moves no other."""
    train_set, valid = [], []
    for ex in examples:
        digest = int(hashlib.sha256(ex[0].encode("utf-8")).hexdigest()[:8], 16)
        (valid if digest / 0xFFFFFFFF < frac else train_set).append(ex)
    return train_set, valid
