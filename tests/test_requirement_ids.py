"""Requirement ids cited in code and docs ("(E5)", "T5:", "§12") are defined in
docs/requirements.md, so the repository explains itself without any outside specification."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REQUIREMENTS = ROOT / "docs" / "requirements.md"

# Benchmark result names (PF1, RL6) and MITRE ids (T1041) never match: the letter must stand
# alone and the number has one or two digits.
_ID = re.compile(
    r"(?<![\w$#@./\\'\"`-])"                      # not inside a word, path, variable or string
    r"(?P<letter>[EPSMTJOXV])(?P<first>\d{1,2})"
    r"(?:[–-](?P=letter)(?P<last>\d{1,2}))?"      # a range: M4–M7
    r"(?![\w\"`]|'(?!s\b)|-\w|\.\d)"              # "E9's" is a citation, "E5.2" or "E5x" not
)
_SECTION = re.compile(r"§\s?(?P<num>\d{1,2})(?!\d)")
_LEAD_IN = re.compile(r"(?:\bsee|\bper|\bcf\.|\bas)\s+$", re.IGNORECASE)
_JOINER = re.compile(r"\s*(?:,|/|&|\band\b|\bor\b)\s*")
_DEFINITION = re.compile(
    r"^(?:#{1,6}\s+(?P<section>§\d{1,2})(?!\d)|\s*[-*]\s+\*\*(?P<id>[EPSMTJOXV]\d{1,2})(?!\d))"
)
_KEPT_PYTHON_TOKENS = {tokenize.COMMENT, tokenize.STRING}
if hasattr(tokenize, "FSTRING_MIDDLE"):  # Python 3.12+ splits f-strings
    _KEPT_PYTHON_TOKENS.add(tokenize.FSTRING_MIDDLE)


@dataclass(frozen=True)
class Citation:
    source: str
    line: int
    req: str
    text: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.req} in {self.text.strip()!r}"


def _inside_parentheses(prefix: str) -> bool:
    """True when `prefix` ends inside a parenthesis opened as prose, not as a call `f(`."""
    opened: list[int] = []
    for i, char in enumerate(prefix):
        if char == "(":
            opened.append(i)
        elif char == ")" and opened:
            opened.pop()
    if not opened:
        return False
    before = prefix[opened[-1] - 1] if opened[-1] else " "
    return not (before.isalnum() or before == "_")


def citations_in_line(line: str) -> list[str]:
    """Requirement ids `line` cites: "§12" anywhere; a letter id inside prose parentheses,
    before a colon, after "see"/"per"/"as", or joined to another cited id ("E5 and E6")."""
    found = [f"§{int(m['num'])}" for m in _SECTION.finditer(line)]
    previous_end: int | None = None
    for match in _ID.finditer(line):
        start, end = match.span()
        cited = (
            _inside_parentheses(line[:start])
            or line[end:end + 1] == ":"
            or _LEAD_IN.search(line[:start]) is not None
            or (previous_end is not None
                and _JOINER.fullmatch(line[previous_end:start]) is not None)
        )
        if not cited:
            continue
        previous_end = end
        first = int(match["first"])
        last = int(match["last"]) if match["last"] else first
        found += [f"{match['letter']}{n}" for n in range(min(first, last), max(first, last) + 1)]
    return found


def _python_prose(text: str) -> str:
    """Only the comments and string literals of Python source, in place (code blanked), so an
    identifier such as `T1` in code is never read as a citation."""
    lines = [[" "] * len(line) for line in text.split("\n")]
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text  # a file mid-edit: read it whole rather than skip it
    for token in tokens:
        if token.type not in _KEPT_PYTHON_TOKENS:
            continue
        row, col = token.start
        for offset, part in enumerate(token.string.split("\n")):
            target = lines[row - 1 + offset]
            begin = col if offset == 0 else 0
            target[begin:begin + len(part)] = list(part)
    return "\n".join("".join(chars) for chars in lines)


def scan(source: str, text: str) -> list[Citation]:
    """Every requirement citation in one file's text (`source` ends in .py: prose only)."""
    readable = _python_prose(text) if source.endswith(".py") else text
    out = []
    for number, line in enumerate(readable.split("\n"), start=1):
        out += [Citation(source, number, req, line) for req in citations_in_line(line)]
    return out


def definitions(text: str) -> dict[str, str]:
    """Defined id → the text of its definition (up to the next definition or heading)."""
    defined: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.split("\n"):
        match = _DEFINITION.match(line)
        if match:
            req = match["section"] or match["id"]
            assert req not in defined, f"{req} is defined twice in docs/requirements.md"
            current = defined[req] = [line]
        elif line.startswith("#"):
            current = None
        elif current is not None:
            current.append(line)
    return {req: " ".join(lines) for req, lines in defined.items()}


def undefined_citations(sources: Iterable[tuple[str, str]],
                        defined: Iterable[str]) -> list[Citation]:
    """Citations of ids that `defined` lacks, over (file name, text) pairs."""
    known = set(defined)
    return [c for name, text in sources for c in scan(name, text) if c.req not in known]


def _repository_sources() -> list[tuple[str, str]]:
    paths = [p for folder in ("orkas_jupyter", "tests", "benchmarks", "scripts")
             for p in (ROOT / folder).rglob("*.py")]
    paths += [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
    paths += sorted((ROOT / "labextension" / "src").glob("*.ts"))
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in sorted(paths)]


def _defined() -> dict[str, str]:
    return definitions(REQUIREMENTS.read_text(encoding="utf-8"))


def test_every_cited_requirement_id_is_defined_in_docs():
    sources = _repository_sources()
    names = {name for name, _ in sources}
    assert {"README.md", "docs/requirements.md", "orkas_jupyter/engine/history.py",
            "tests/test_requirement_ids.py"} <= names
    assert len(undefined_citations(sources, [])) > 50, "the scanner found (almost) nothing"
    missing = undefined_citations(sources, _defined())
    assert not missing, ("cited but not defined in docs/requirements.md (define it there, or "
                         "cite the right id):\n" + "\n".join(map(str, missing)))


def test_an_undefined_id_fails_the_check():
    defined = _defined()
    unknown = "E" + "99"  # built, so this file's own text cites nothing undefined
    text = f'"""Retries a dropped stream ({unknown}) and keeps the history valid (E5)."""\n'
    missing = undefined_citations([("x.py", text)], defined)
    assert [(c.source, c.line, c.req) for c in missing] == [("x.py", 1, unknown)]
    section = "§" + "77"
    assert [c.req for c in undefined_citations([("x.md", f"See {section}.")], defined)] \
        == [section]


def test_the_citation_shapes_used_in_the_code_are_found():
    assert citations_in_line("The pairing invariant (E5): every tool call") == ["E5"]
    assert citations_in_line("Running tool calls (E3, E4, E6).") == ["E3", "E4", "E6"]
    assert citations_in_line("Cross-session memory (M4–M7): the profile") == \
        ["M4", "M5", "M6", "M7"]
    assert citations_in_line("File tools (T1-T3): read_file") == ["T1", "T2", "T3"]
    assert citations_in_line("J1: registering a comm target is cheap") == ["J1"]
    assert citations_in_line("cut to the limit (Anthropic, P5):") == ["P5"]
    assert citations_in_line("sized in estimated tokens (E9's estimator, so") == ["E9"]
    assert citations_in_line("the store (§11, J7): API keys") == ["§11", "J7"]
    assert citations_in_line("every tool under its §12 name") == ["§12"]
    assert citations_in_line("The weights favour vectors as M2 asks") == ["M2"]
    assert citations_in_line("## Path sandbox (T4)") == ["T4"]
    assert citations_in_line("what the executor does (T6 `run_cell`)") == ["T6"]
    assert citations_in_line("as E5 and E6 require; see E10") == ["E5", "E6", "E10"]
    assert citations_in_line("keeps E5 and E6 valid") == []


def test_text_that_only_looks_like_an_id_is_not_a_citation():
    for line in [
        "ruff: noqa: E501",
        "colour = 0xE5E5E5  # hex (0xE5)",
        'sheet["E5"] = 3  # a spreadsheet cell',
        "an Apple M2 laptop, a P1 priority",
        "MITRE ATT&CK techniques (T1041, T1048)",
        "RESULT PF1 ratio=1.2 and RL6 recall=0.96",
        "RESULT T grep_10k_s=0.4",
        "version (E5.2) of the format",
        "paths like (./E5) and ($E5) and (#E5)",
    ]:
        assert citations_in_line(line) == [], line


def test_python_code_is_not_read_only_its_comments_and_strings():
    code = (
        "T1 = TypeVar('T1')\n"
        "pair = (T1, T2)  # two type variables, not citations\n"
        "def f(x):  # compacts first (E8)\n"
        '    """Retries with backoff (E10)."""\n'
    )
    assert [(c.line, c.req) for c in scan("m.py", code)] == [(3, "E8"), (4, "E10")]
    assert [c.req for c in scan("m.md", "pair = (T1, T2)")] == ["T1", "T2"]


def test_each_definition_says_what_the_product_does():
    defined = _defined()
    for group, count in {"E": 14, "P": 8, "S": 4, "M": 7, "T": 9, "J": 7, "O": 7, "X": 5,
                         "V": 2}.items():
        assert {f"{group}{n}" for n in range(1, count + 1)} <= set(defined), group
    assert {f"§{n}" for n in range(13)} <= set(defined)
    for req, text in defined.items():
        assert len(text.split()) >= 20, f"{req}: define it in a sentence or two, not a title"
    for req in ("X1", "X2", "X3", "X4", "X5"):  # docs/packages.md, bridge.md, skills.md
        assert "planned" not in defined[req].lower(), f"{req} is built: say what it does"
    for req in ("O1", "O2", "O3", "O4", "O5", "O6", "O7",  # teams.md, plans.md
                "V1", "V2"):  # evolution.md
        assert "planned" not in defined[req].lower(), f"{req} is built: say what it does"


def test_modules_and_pages_named_in_the_requirements_exist():
    text = REQUIREMENTS.read_text(encoding="utf-8")
    modules = set(re.findall(r"`([\w./-]+\.(?:py|ts))`", text))
    assert len(modules) > 40
    gone = [m for m in sorted(modules)
            if not (ROOT / m).is_file() and not (ROOT / "orkas_jupyter" / m).is_file()]
    assert not gone, f"docs/requirements.md names modules that do not exist: {gone}"
    pages = set(re.findall(r"\]\(([\w./-]+\.md)\)", text))
    assert pages and not [p for p in pages if not (REQUIREMENTS.parent / p).is_file()]
