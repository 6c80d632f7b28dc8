"""The shell command classifier: which commands need the user's approval, and which are never
run at all. (`risk.py` is its public face, wired to the Python classifier.)

A command is lexed like a shell would (quotes removed, `\\r\\m` → `rm`), split into simple
commands at `;`, `&&`, `||`, `|`, `&`, newlines and sub-shells, unwrapped (`sudo`, `env`,
`timeout`, `xargs`, `nohup`, …), and each program is judged with its arguments. Nested code is
classified too: `bash -c '…'`, `eval`, `$(…)`, backticks, `<(…)`, `find -exec`, and shell
strings inside `python -c` / `perl -e` one-liners. Invisible characters are dropped and the
text NFKC-normalised first, so look-alike spellings cannot hide a program name.

Risk classes: `exfiltration`, `destructive_delete`, `privilege_escalation`,
`sensitive_paths`, `remote_code`, and — when the caller names the workspace —
`outside_workspace`: a write (not only a delete) whose target resolves outside the workspace
and the authorised folders (`risk_paths`). Sources of the patterns are listed in docs/tools.md.
"""

from __future__ import annotations

import re
import shlex
import unicodedata
from collections.abc import Callable
from contextvars import ContextVar

from ..secrets import is_secret_name
from .risk_paths import Place, write_targets
from .risk_rules import (
    BLOCK_PATTERNS,
    DECODERS,
    DOWNLOADERS,
    INTERPRETERS,
    NETWORK_TOOLS,
    ROOT_TARGETS,
    SENSITIVE_PATTERNS,
    SHELLS,
    VAR_REFERENCE,
    RiskAssessment,
    RiskClass,
    judge_program,
    unwrap,
)

# Judges Python one-liners (`python -c`) for writes: `code_risk.judge_python`, passed in by
# the caller because the Python classifier itself uses this module for shell commands.
PythonJudge = Callable[[str, Place, RiskAssessment, int], None]
_python_judge: ContextVar[PythonJudge | None] = ContextVar("python_judge", default=None)

_SEPARATORS = frozenset({";", "&&", "||", "|", "&", "|&", "(", ")", ";;", "<(", ">("})
# Shell keywords: separators only where a command would start.
_KEYWORDS = frozenset({"!", "{", "}", "then", "do", "else", "elif", "if", "while", "until",
                       "done", "fi", "time", "for", "case", "esac", "in"})
_REDIRECTS = frozenset({">", ">>", ">|", "&>", "&>>", "<", "<<", "<<<", "<>", ">&", "<&"})
_SUBST = re.compile(r"\$\(((?:[^()]|\([^()]*\))*)\)|`([^`]*)`|[<>]\(((?:[^()]|\([^()]*\))*)\)")
_QUOTED = re.compile(r"'([^']{2,})'|\"([^\"]{2,})\"")
_INLINE_CODE_FLAGS = frozenset({"-c", "-e", "-E", "--eval", "-r", "--exec", "-p"})
_MAX_DEPTH = 6
# Commands that print nothing: redirecting them into a file empties it.
_EMPTY_OUTPUT = ([":"], ["true"], ["cat", "/dev/null"], ["echo"], ["echo", "-n"],
                 ["echo", "-n", ""], ["echo", ""], ["printf", ""], ["printf"])
_POWERSHELL_RCE = re.compile(
    r"\b(iex|invoke-expression)\b.*\b(downloadstring|iwr|irm|invoke-webrequest|"
    r"invoke-restmethod)\b|\b(downloadstring|iwr|irm|invoke-webrequest|invoke-restmethod)\b"
    r".*\|\s*(iex|invoke-expression)\b", re.IGNORECASE)
# Substitutions that read local data (files, identity, environment) rather than e.g. a date.
_LEAKY_SUBST = re.compile(r"^\s*(<|(cat|base64|whoami|hostname|id|env|printenv|head|tail|tar|"
                          r"ls|uname|pwd|find|xxd|od|gzip|zip|grep|awk|sed|cut|git|history|"
                          r"tr|sort|ifconfig|ip)\b|echo\s+\$)")
_SQL_DROP = re.compile(r"\b(drop\s+(table|database|schema|collection)|truncate\s+table|"
                       r"delete\s+from\s+\w+\s*(;|$|[\"']))", re.IGNORECASE)


def normalise(command: str) -> str:
    """NFKC form without invisible (format) characters: what the checks look at."""
    if command.isascii():
        return command  # NFKC leaves ASCII alone, and ASCII has no format characters
    text = unicodedata.normalize("NFKC", command)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _lex(text: str) -> list[str]:
    # Newlines separate commands; shlex would treat them as blanks.
    prepared = text.replace("\r", "").replace("\n", " ; ")
    lexer = shlex.shlex(prepared, posix=True, punctuation_chars=";&|()<>")
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:
        # Unbalanced quotes: bash would refuse too; judge the words we can see.
        return re.findall(r"[;&|()<>]+|[^\s;&|()<>]+", prepared.replace('"', " ")
                          .replace("'", " "))


def _split(tokens: list[str]) -> list[tuple[list[str], list[tuple[str, str]], str]]:
    """Simple commands as (words, redirections, the separator that ended it)."""
    out: list[tuple[list[str], list[tuple[str, str]], str]] = []
    words: list[str] = []
    redirs: list[tuple[str, str]] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in _SEPARATORS:
            out.append((words, redirs, tok))
            words, redirs = [], []
        elif tok in _KEYWORDS and not words:
            pass
        elif tok in _REDIRECTS or re.fullmatch(r"\d?[<>]{1,2}&?|&>>?", tok):
            target = tokens[i + 1] if i + 1 < len(tokens) else ""
            redirs.append((tok, target))
            i += 1
        else:
            words.append(tok)
        i += 1
    out.append((words, redirs, ""))
    return out


def classify_command_at(command: str, place: Place | None,
                        result: RiskAssessment | None = None, *,
                        python_judge: PythonJudge | None = None) -> RiskAssessment:
    """Judge a shell command: findings that need approval, or a reason to block it, added to
    `result` when given. With a `place`, writes outside its workspace are found too; with a
    `python_judge`, so are those of Python one-liners (nested calls inherit it)."""
    token = _python_judge.set(python_judge) if python_judge is not None else None
    try:
        return _classify_command(command, place,
                                 result if result is not None else RiskAssessment())
    finally:
        if token is not None:
            _python_judge.reset(token)


def _classify_command(command: str, place: Place | None,
                      result: RiskAssessment) -> RiskAssessment:
    text = normalise(command)
    for pattern, reason in BLOCK_PATTERNS:
        if pattern.search(text):
            result.block(reason)
    if re.search(r"/dev/(tcp|udp)/", text):
        result.add(RiskClass.EXFILTRATION, "opens a raw network socket through /dev/tcp")
    if _POWERSHELL_RCE.search(text):
        result.add(RiskClass.REMOTE_CODE, "runs a downloaded PowerShell script")
    if _SQL_DROP.search(text):
        result.add(RiskClass.DESTRUCTIVE_DELETE, "drops or empties database tables (SQL)")
    _classify(text, result, 0, place)
    _sensitive_scan(text, result)
    if result.classes and RiskClass.SENSITIVE_PATHS in result.classes and any(
            re.search(rf"(^|[\s;&|(`/]){re.escape(tool)}\b", text) for tool in NETWORK_TOOLS):
        result.add(RiskClass.EXFILTRATION, "reads sensitive data in a command that uses the "
                                           "network")
    return result


def _classify(text: str, result: RiskAssessment, depth: int, place: Place | None) -> None:
    if depth > _MAX_DEPTH:
        result.add(RiskClass.REMOTE_CODE, "nests commands too deeply to be checked")
        return
    for match in _SUBST.finditer(text):
        inner = next(g for g in match.groups() if g is not None)
        if any(re.search(rf"\b{d}\b", inner) for d in DOWNLOADERS) and re.search(
                r"(^|[\s;|&(])(eval|source|\.|bash|sh|zsh|dash|ksh|python3?|perl|ruby|node)"
                r"(\s|$)", text.replace(match.group(0), " SUBST ")):
            result.add(RiskClass.REMOTE_CODE, "runs code downloaded from the network")
        if _LEAKY_SUBST.search(inner) and NETWORK_TOOLS & set(
                re.findall(r"[\w.-]+", text.replace(match.group(0), " "))):
            result.add(RiskClass.EXFILTRATION, "sends local data (a command substitution) "
                                               "over the network")
        _classify(inner, result, depth + 1, place)
    segments = _split(_lex(text))
    pipeline: list[list[str]] = []
    downloaded: set[str] = set()
    # Working folders to return to when a sub-shell `( … )` ends.
    outer: list[Place | None] = []
    for words, redirs, sep in segments:
        _judge_simple(words, redirs, result, depth, place)
        if words:
            core = unwrap(words, result)[0]
            pipeline.append(core)
            _judge_download_then_run(core, downloaded, result)
            if place is not None and core[:1] in (["cd"], ["pushd"]):
                place = _change_dir(place, core[1:])
        if sep == "(":
            outer.append(place)
        elif sep == ")" and outer:
            place = outer.pop()
        if sep != "|" and sep != "|&":
            _judge_pipeline(pipeline, result)
            pipeline = []


def _judge_download_then_run(core: list[str], downloaded: set[str],
                             result: RiskAssessment) -> None:
    """`curl -o x.sh URL && bash x.sh`, `wget URL/i.sh; chmod +x i.sh; ./i.sh`."""
    if not core:
        return
    program = core[0].rsplit("/", 1)[-1].lower()
    args = core[1:]
    if program in ("curl", "wget"):
        urls = [a for a in args if re.match(r"^(https?|ftp)://", a)]
        for i, arg in enumerate(args):
            nxt = args[i + 1] if i + 1 < len(args) else ""
            if arg in ("-o", "--output") or (program == "wget" and arg == "-O"):
                downloaded.add(nxt.removeprefix("./"))
            elif arg.startswith("--output-document="):
                downloaded.add(arg.split("=", 1)[1].removeprefix("./"))
            elif program == "curl" and arg.startswith("-o") and len(arg) > 2:
                downloaded.add(arg[2:].removeprefix("./"))
        if program == "wget" or any(a in ("-O", "--remote-name") for a in args):
            downloaded.update(u.rstrip("/").rsplit("/", 1)[-1] for u in urls)
        return
    if not downloaded:
        return
    plain = [a.removeprefix("./") for a in args if not a.startswith("-")]
    # The script an interpreter runs is its first plain argument; later ones are its data.
    script = plain[:1] if program in SHELLS | INTERPRETERS | {"source", "."} else []
    if program == "chmod":
        script = plain
    if core[0].removeprefix("./") in downloaded or set(script) & downloaded:
        result.add(RiskClass.REMOTE_CODE, "runs a file it has just downloaded")


def _change_dir(place: Place, args: list[str]) -> Place:
    """The place after `cd args`; unchanged when the folder cannot be read from the text."""
    plain = [a for a in args if not a.startswith("-")]
    target = place.resolve(plain[0] if plain else "~")
    return place.with_cwd(target) if target is not None else place


def _judge_writes(program: str, args: list[str], redirs: list[tuple[str, str]],
                  place: Place, result: RiskAssessment) -> None:
    """`outside_workspace` for each target this command changes outside the workspace."""
    targets = [(t, "redirection") for op, t in redirs
               if (">" in op and not (op in (">&", "<&") and re.fullmatch(r"\d*-?", t)))]
    targets += [(t, program) for t in write_targets(program, args)]
    if program == "find" and "-delete" in args:
        targets += [(t, "find -delete") for t in _find_starts(args)]
    for raw, how in targets:
        path = place.resolve(raw)
        if path is not None and place.outside(path):
            result.add(RiskClass.OUTSIDE_WORKSPACE,
                       f"changes {raw} outside the workspace ({how})")


def _find_starts(args: list[str]) -> list[str]:
    starts = []
    for arg in args:
        if arg.startswith(("-", "(", "!")):
            break
        starts.append(arg)
    return starts or ["."]


def _judge_simple(words: list[str], redirs: list[tuple[str, str]], result: RiskAssessment,
                  depth: int, place: Place | None) -> None:
    if place is not None and not words and redirs:
        _judge_writes("", [], redirs, place, result)
    for op, target in redirs:
        if op.startswith((">", "&>", "1>", "2>")) and (not words or words in _EMPTY_OUTPUT) \
                and target not in ("/dev/null", ""):
            result.add(RiskClass.DESTRUCTIVE_DELETE, f"empties the file {target} by "
                                                     "redirection")
        if target.startswith(("/etc/", "/usr/", "/boot/", "/bin/", "/sbin/", "/lib")) \
                and ">" in op:
            result.add(RiskClass.PRIVILEGE_ESCALATION, f"writes the system file {target}")
    if not words:
        return
    core, wrappers = unwrap(words, result)
    if not core:
        return
    program = core[0].rsplit("/", 1)[-1].lower()
    args = core[1:]
    if place is not None:
        _judge_writes(program, args, redirs, place, result)
    for nested in judge_program(program, args, result):
        if place is not None and program == "find":
            # `-exec chmod 000 {} +` changes what find found: below its start folder.
            nested = nested.replace("{}", shlex.quote(_find_starts(args)[0] + "/found"))
        _classify(nested, result, depth + 1, place)
    if program in SHELLS | {"eval", "su", "watch"} or program in wrappers:
        for i, arg in enumerate(args):
            if program == "eval" or (i > 0 and args[i - 1] == "-c"):
                _classify(arg, result, depth + 1, place)
    if program in INTERPRETERS and "http.server" in args:
        folder = next((args[i + 1] for i, a in enumerate(args[:-1])
                       if a in ("-d", "--directory")), ".")
        if folder.startswith("~") or folder in ROOT_TARGETS or folder.startswith("$HOME"):
            result.add(RiskClass.EXFILTRATION, f"serves {folder} over HTTP")
    if program in INTERPRETERS:
        for i, arg in enumerate(args):
            if i > 0 and args[i - 1] in _INLINE_CODE_FLAGS:
                _judge_inline_code(arg, result, depth, place,
                                   python=program.startswith(("python", "pypy")))


def _judge_inline_code(code: str, result: RiskAssessment, depth: int, place: Place | None,
                       python: bool = False) -> None:
    """Python/Perl/Ruby/Node one-liners: library calls that delete, send or escalate, and
    shell strings they pass to `system`/`subprocess`."""
    checks = [
        (RiskClass.DESTRUCTIVE_DELETE, r"rmtree|\bos\.(remove|unlink|rmdir|removedirs)\b|"
                                       r"\.unlink\(|\bunlink\b|File\.delete|rm_rf|"
                                       r"fs\.(rm|rmdir|unlink)|\b(rm|rmdir|unlink)Sync\b"),
        (RiskClass.EXFILTRATION, r"requests\.(post|put|patch)|urlopen\([^)]*data|socket\.|"
                                 r"smtplib|ftplib|paramiko|http\.client|Net::HTTP::Post|"
                                 r"IO::Socket|net\.connect|fetch\([^)]*method"),
        (RiskClass.PRIVILEGE_ESCALATION, r"\bos\.set(e|re)?[ug]id\b|\bsetuid\b|pty\.spawn"),
        (RiskClass.REMOTE_CODE, r"\b(eval|exec)\s*\(.*(https?://|urlopen|requests\.get|"
                                r"file_get_contents|fetch\()"),
    ]
    if re.search(r"urlopen|requests\.get|http\.get|fetch\(", code) and re.search(
            r"environ|getenv|open\(|read_text|readFile|process\.env", code):
        result.add(RiskClass.EXFILTRATION, "inline script puts local data into a web request")
    for risk, pattern in checks:
        found = re.search(pattern, code)
        if found:
            result.add(risk, f"inline script uses {found.group(0)}")
    for match in _QUOTED.finditer(code):
        _classify(match.group(1) or match.group(2), result, depth + 1, place)
    judge = _python_judge.get()
    if python and place is not None and judge is not None:
        judge(code, place, result, depth + 1)


def _judge_pipeline(stages: list[list[str]], result: RiskAssessment) -> None:
    """`download | shell`, `base64 -d | sh`, `cat secret | nc host`."""
    if len(stages) < 2:
        return
    names = [s[0].rsplit("/", 1)[-1].lower() if s else "" for s in stages]
    for i, name in enumerate(names):
        if name not in SHELLS | INTERPRETERS | {"source", "."}:
            continue
        args = stages[i][1:]
        reads_stdin = not args or args[0] in ("-", "-s") or all(a.startswith("-") for a in args)
        fed_by = set(names[:i])
        if reads_stdin and fed_by & (DOWNLOADERS | DECODERS):
            how = "downloaded" if fed_by & DOWNLOADERS else "decoded"
            result.add(RiskClass.REMOTE_CODE, f"pipes {how} content into {name}")
        elif reads_stdin and fed_by & {"echo", "printf"} and any(
                re.search(r"\\x[0-9a-f]{2}|\\[0-7]{3}", " ".join(s)) for s in stages[:i]):
            result.add(RiskClass.REMOTE_CODE, f"pipes encoded text into {name}")


def judge_code_text(code: str, result: RiskAssessment, place: Place | None) -> None:
    """The one-liner text rules (library calls that delete, send or escalate; shell strings
    inside), for code that cannot be parsed."""
    if _SQL_DROP.search(code):
        result.add(RiskClass.DESTRUCTIVE_DELETE, "drops or empties database tables (SQL)")
    _judge_inline_code(code, result, 0, place)
    _sensitive_scan(code, result)


def scan_code_strings(text: str, result: RiskAssessment) -> None:
    """Findings in the string literals of code: credential locations, secret-looking
    variables, SQL that drops tables."""
    if _SQL_DROP.search(text):
        result.add(RiskClass.DESTRUCTIVE_DELETE, "drops or empties database tables (SQL)")
    _sensitive_scan(text, result)


def _sensitive_scan(text: str, result: RiskAssessment) -> None:
    for pattern, reason in SENSITIVE_PATTERNS:
        if pattern.search(text):
            result.add(RiskClass.SENSITIVE_PATHS, reason)
    for var in VAR_REFERENCE.finditer(text):
        if is_secret_name(var.group(1)):
            result.add(RiskClass.SENSITIVE_PATHS,
                       f"reads the secret-looking variable {var.group(1)}")
