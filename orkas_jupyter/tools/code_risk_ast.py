"""The Python half of the code classifier: one walk over the syntax tree of code the model
wants to run, recording findings in the shell classifier's risk classes.

Names are followed through imports (`import shutil as sh`, `from os import system`) and simple
assignments (`home = Path.home()`, `target = home / "x"`), so a path or a command built from
literals is judged like the same text typed in a shell. Values computed at run time cannot be
read: a delete of an unknown path still asks (`destructive_delete`), a write to one does not,
and a shell command that is not a literal asks as `shell_from_code`.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
from pathlib import Path

from ..secrets import is_secret_name
from .code_values import CodeValues
from .risk_paths import Place
from .risk_rules import INTERPRETERS, ROOT_TARGETS, SHELLS, SYSTEM_DIRS, RiskAssessment, RiskClass
from .risk_shell import PythonJudge, classify_command_at, scan_code_strings

DEL, EXF = RiskClass.DESTRUCTIVE_DELETE, RiskClass.EXFILTRATION
PRIV = RiskClass.PRIVILEGE_ESCALATION
SENS, RCE = RiskClass.SENSITIVE_PATHS, RiskClass.REMOTE_CODE
OUT, SHELL = RiskClass.OUTSIDE_WORKSPACE, RiskClass.SHELL_FROM_CODE

_VALUE = "VALUE"  # stands for a run-time value inside a command we can otherwise read
_DELETES = {"shutil.rmtree": 0, "os.remove": 0, "os.unlink": 0, "os.rmdir": 0,
            "os.removedirs": 0, "os.truncate": 0, "send2trash.send2trash": 0}
# Calls that change a path: qualified name -> indices of the path arguments.
_WRITES: dict[str, tuple[int, ...]] = {
    "os.chmod": (0,), "os.lchmod": (0,), "os.chown": (0,), "os.lchown": (0,),
    "os.rename": (0, 1), "os.renames": (0, 1), "os.replace": (0, 1), "os.symlink": (1,),
    "os.link": (1,), "os.mkdir": (0,), "os.makedirs": (0,), "os.utime": (0,),
    "os.mkfifo": (0,), "os.mknod": (0,), "shutil.copy": (1,), "shutil.copy2": (1,),
    "shutil.copyfile": (1,), "shutil.copytree": (1,), "shutil.copymode": (1,),
    "shutil.copystat": (1,), "shutil.move": (0, 1), "shutil.chown": (0,),
    "shutil.make_archive": (0,), "shutil.unpack_archive": (1,),
}
_PATH_METHODS = {"write_text", "write_bytes", "touch", "mkdir", "chmod", "lchmod", "rename",
                 "replace", "symlink_to", "hardlink_to", "unlink", "rmdir"}
# Methods that save to the path given first (pandas, numpy, matplotlib, PIL, …).
_SAVE_METHOD = re.compile(r"^(to_[a-z_]+|save\w*|savefig|savetxt|dump|write_\w+|export\w*|"
                          r"extractall)$")
_SAVE_KEYWORDS = ("path", "path_or_buf", "fname", "file", "filename", "excel_writer", "fp")
_SHELL_CALLS = {"os.system", "os.popen", "subprocess.getoutput", "subprocess.getstatusoutput",
                "asyncio.create_subprocess_shell", "commands.getoutput"}
_ARGV_CALLS = {"subprocess.run", "subprocess.call", "subprocess.check_call",
               "subprocess.check_output", "subprocess.Popen", "pty.spawn",
               "asyncio.create_subprocess_exec", "os.posix_spawn", "os.posix_spawnp"}
_EXEC_FAMILY = re.compile(r"^os\.(exec|spawn)[lv]p?e?$")
_NETWORK = re.compile(r"^(requests|httpx|aiohttp|urllib3|urllib\.request|urllib2|"
                      r"http\.client)\.|^(urlopen|urlretrieve)$")
_SEND_METHOD = {"post", "put", "patch"}
_CHANNELS = re.compile(r"^(socket\.(socket|create_connection|fromfd)|smtplib\.\w+|"
                       r"ftplib\.\w+|paramiko\.\w+|telnetlib\.\w+|"
                       r"http\.client\.HTTPS?Connection)$")
_SETID = re.compile(r"^os\.set(e|re|res)?[ug]id$|^os\.setgroups$|^os\.initgroups$")
_DECODERS = re.compile(r"b64decode|b32decode|a85decode|unhexlify|decompress|codecs\.decode|"
                       r"fromhex")
_UNPICKLE = re.compile(r"^(pickle|cPickle|dill|cloudpickle|marshal|joblib)\.loads?$")
_RUNNERS = SHELLS | INTERPRETERS | {"eval", "sudo", "doas", "env", "xargs", "su", "exec"}
# Code without any of these words makes no network call we recognise: skip those checks.
_NETWORK_HINT = re.compile(r"requests|httpx|aiohttp|urllib|urlopen|urlretrieve|socket|smtplib|"
                           r"ftplib|paramiko|telnetlib|http\.client|Session|Client|PoolManager")


class CodeJudge(CodeValues):
    """Records the risks of one parsed piece of Python code in `result`."""

    def __init__(self, place: Place | None, result: RiskAssessment, source: str = "",
                 python_judge: PythonJudge | None = None) -> None:
        super().__init__()
        self.place = place
        self.python_judge = python_judge
        self.result = result
        self.maybe_network = _NETWORK_HINT.search(source) is not None if source else True
        self.strings: list[str] = []
        self.clients: set[str] = set()
        self.downloaded: set[str] = set()

    def judge(self, tree: ast.AST) -> None:
        """Walk `tree` once, then scan its string literals for credential paths."""
        self.visit(tree)
        if self.strings:
            scan_code_strings("\n".join(self.strings), self.result)

    # -- names and values ------------------------------------------------------------------

    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            self.aliases[a.asname or a.name.split(".")[0]] = a.name if a.asname else \
                a.name.split(".")[0]
            if a.name.split(".")[0] == "ctypes":
                self.result.add(PRIV, "calls native code directly (ctypes)")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        for a in node.names:
            if a.name == "*" and node.module:
                self.star_modules.append(node.module)
                continue
            self.aliases[a.asname or a.name] = f"{node.module or ''}.{a.name}".lstrip(".")
        if (node.module or "").split(".")[0] == "ctypes":
            self.result.add(PRIV, "calls native code directly (ctypes)")

    # -- statements ------------------------------------------------------------------------

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            self._bind(target, node.value)
            self.visit(target)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
            self._bind(node.target, node.value)

    def visit_With(self, node: ast.With | ast.AsyncWith) -> None:
        for item in node.items:
            self.visit(item.context_expr)
            if item.optional_vars is not None:
                self._bind(item.optional_vars, item.context_expr)
        for stmt in node.body:
            self.visit(stmt)

    visit_AsyncWith = visit_With

    def _bind(self, target: ast.AST, value: ast.AST) -> None:
        if isinstance(target, ast.Subscript) and self.qualname(target.value) == "os.environ":
            key = self.text(target.slice)
            if key and is_secret_name(key):
                self.result.add(SENS, f"sets the secret-looking variable {key}")
        if not isinstance(target, ast.Name):
            return
        text = self.text(value)
        if self._is_path(value):
            self.paths.add(target.id)
        else:
            self.paths.discard(target.id)
        if text is not None:
            self.values[target.id] = text
        else:
            self.values.pop(target.id, None)
        func = self.qualname(value.func) if isinstance(value, ast.Call) else None
        if func and re.match(r"^(requests\.Session|httpx\.(Async)?Client|aiohttp\."
                             r"ClientSession|urllib3\.PoolManager)\(?\)?$", func):
            self.clients.add(target.id)
        if self.maybe_network and self._from_network(value):
            self.downloaded.add(target.id)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and 3 <= len(node.value) <= 4000:
            self.strings.append(node.value)

    # -- calls -----------------------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        func = self.qualname(node.func) or ""
        method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if func in _DELETES:
            self._delete(func, node.args[_DELETES[func]] if node.args else None)
        elif method in ("unlink", "rmdir") and not func.startswith("os."):
            self._delete(f"Path.{method}", node.func.value)  # type: ignore[attr-defined]
        if func in _WRITES:
            for i in _WRITES[func]:
                self._write(self._arg(node, i), func)
            self._chmod_bits(func, node)
        elif method in _PATH_METHODS and not func.startswith(("os.", "shutil.")):
            self._path_method(node, method)
        elif func in ("open", "io.open", "codecs.open") or (method == "open" and node.args
                                                            and not func.startswith("os.")):
            self._open(node, func)
        elif method and _SAVE_METHOD.match(method):
            target = self._arg(node, 0) or next(
                (k.value for k in node.keywords if k.arg in _SAVE_KEYWORDS), None)
            self._write(target, method)
        self._shell(node, func)
        if self.maybe_network:
            self._network(node, func, method)
        self._environ(node, func)
        if _SETID.match(func):
            self.result.add(PRIV, f"changes the process's user or group ({func})")
        if func.startswith("ctypes."):
            self.result.add(PRIV, "calls native code directly (ctypes)")
        if func in ("os.kill", "os.killpg") and node.args and (
                self.qualname(node.args[0]) == "os.getppid()" or
                (isinstance(node.args[0], ast.UnaryOp) and ast.unparse(node.args[0]) == "-1")):
            self.result.block("kills every process, or the Jupyter server itself")
        if func in ("exec", "eval", "compile") or _UNPICKLE.match(func):
            self._run_code(node, func)

    @staticmethod
    def _arg(node: ast.Call, i: int) -> ast.AST | None:
        return node.args[i] if len(node.args) > i else None

    def _resolve(self, raw: str) -> Path | None:
        if self.place is not None:
            return self.place.resolve(raw)
        return Path(os.path.realpath(os.path.expanduser(raw)))

    def _delete(self, how: str, target: ast.AST | None) -> None:
        raw = self.text(target)
        path = self._resolve(raw) if raw else None
        home = os.path.realpath(self.place.home if self.place and self.place.home
                                else os.path.expanduser("~"))
        if how == "shutil.rmtree" and path is not None and (str(path) == home
                                                              or str(path) in ROOT_TARGETS):
            self.result.block("recursively deletes the root, home or a system folder")
        self.result.add(DEL, f"deletes files ({how})")
        if raw:
            self._write(target, how)

    def _write(self, target: ast.AST | None, how: str) -> None:
        raw = self.text(target)
        if raw is None:
            return
        path = self._resolve(raw)
        if path is None:
            return
        if str(path).startswith(SYSTEM_DIRS):
            self.result.add(PRIV, f"writes the system file {raw}")
        if self.place is not None and self.place.outside(path):
            self.result.add(OUT, f"changes {raw} outside the workspace ({how})")

    def _path_method(self, node: ast.Call, method: str) -> None:
        receiver = node.func.value  # type: ignore[attr-defined]
        # `str.replace` and friends share these names: only a Path's own methods count.
        if not self._is_path(receiver):
            return
        self._write(receiver, f"Path.{method}")
        if method in ("rename", "replace") and node.args:
            self._write(node.args[0], f"Path.{method}")

    def _open(self, node: ast.Call, func: str) -> None:
        on_path = func not in ("open", "io.open", "codecs.open")
        mode_node = self._arg(node, 0 if on_path else 1) or next(
            (k.value for k in node.keywords if k.arg == "mode"), None)
        mode = self.text(mode_node) if mode_node is not None else "r"
        if mode is None or not set(mode) & set("wax+"):
            return
        target = node.func.value if on_path else self._arg(node, 0)  # type: ignore[attr-defined]
        self._write(target, "open for writing")

    def _chmod_bits(self, func: str, node: ast.Call) -> None:
        mode = self._arg(node, 1)
        if func in ("os.chmod", "os.lchmod") and mode is not None:
            source = ast.unparse(mode)
            if "S_ISUID" in source or "S_ISGID" in source or (
                    isinstance(mode, ast.Constant) and isinstance(mode.value, int)
                    and mode.value & 0o6000):
                self.result.add(PRIV, "sets the setuid/setgid bit")
        if func in ("os.chown", "os.lchown", "shutil.chown") and len(node.args) > 1 and \
                ast.unparse(node.args[1]) in ("0", "'root'", '"root"'):
            self.result.add(PRIV, "gives files to root")

    # -- commands, network, environment, code ----------------------------------------------

    def _shell(self, node: ast.Call, func: str) -> None:
        method = func.rsplit(".", 1)[-1]
        if func.startswith("get_ipython()."):
            if method in ("system", "getoutput"):
                func = "os.system"
            elif method in ("run_line_magic", "run_cell_magic") and node.args:
                magic = self.text(node.args[0]) or ""
                if magic in ("system", "sx", "bash", "sh", "script"):
                    body = node.args[-1] if method == "run_cell_magic" else self._arg(node, 1)
                    self._command(self.text(body, _VALUE), func)
                return
        shell_kw = any(k.arg == "shell" and not (isinstance(k.value, ast.Constant)
                                                 and not k.value.value) for k in node.keywords)
        first = self._arg(node, 0)
        if func in _SHELL_CALLS or (func in _ARGV_CALLS and shell_kw):
            self._command(self.text(first, _VALUE) if first is not None else None, func)
        elif func in _ARGV_CALLS or _EXEC_FAMILY.match(func):
            argv = self._arg(node, 1) if _EXEC_FAMILY.match(func) and len(node.args) > 1 \
                else first
            self._command(self._argv(argv), func)
            if func == "pty.spawn":
                self.result.add(PRIV, "spawns a program on a pseudo-terminal (pty.spawn)")

    def _argv(self, node: ast.AST | None) -> str | None:
        if isinstance(node, (ast.List, ast.Tuple)):
            words = [self.text(e, _VALUE) if not isinstance(e, ast.Starred) else _VALUE
                     for e in node.elts]
            if not words or any(w is None for w in words):
                return None
            return shlex.join(w or "" for w in words)
        text = self.text(node, _VALUE)
        return shlex.quote(text) if text is not None else None

    def _command(self, command: str | None, func: str) -> None:
        """Judge a command run from code like a typed one; unreadable ones ask."""
        words = command.split() if command else []
        program = words[0].rsplit("/", 1)[-1].strip("'\"") if words else ""
        if command is None or not program or _VALUE in program or (
                _VALUE in command and program in _RUNNERS):
            self.result.add(SHELL, f"runs a command built at run time ({func}), which "
                                   "cannot be checked before it runs")
            return
        classify_command_at(command, self.place, self.result, python_judge=self.python_judge)

    def _from_network(self, node: ast.AST) -> bool:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and sub.id in self.downloaded:
                return True
            if isinstance(sub, ast.Call):
                func = self.qualname(sub.func) or ""
                receiver = sub.func.value if isinstance(sub.func, ast.Attribute) else None
                if _NETWORK.match(func) or (isinstance(receiver, ast.Name)
                                            and receiver.id in self.clients):
                    return True
        return False

    def _network(self, node: ast.Call, func: str, method: str) -> None:
        if _CHANNELS.match(func):
            self.result.add(EXF, f"opens a network channel ({func})")
            return
        receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
        is_client = isinstance(receiver, ast.Name) and receiver.id in self.clients
        if not (_NETWORK.match(func) or is_client):
            return
        verb = (self.text(self._arg(node, 0)) or "").upper() if method == "request" else ""
        has_data = any(k.arg in ("data", "json", "files") for k in node.keywords) or (
            func.endswith("urlopen") and len(node.args) > 1)
        if method in _SEND_METHOD or verb in ("POST", "PUT", "PATCH") or has_data:
            self.result.add(EXF, f"sends data to a server ({func})")
        source = ast.unparse(node)
        if re.search(r"environ|getenv|\bopen\(|read_text|read_bytes", source):
            self.result.add(EXF, "puts local data (files or the environment) into a web "
                                 "request")

    def _environ(self, node: ast.Call, func: str) -> None:
        if func in ("os.getenv", "os.environ.get", "os.environ.pop") and node.args:
            name = self.text(node.args[0])
            if name and is_secret_name(name):
                self.result.add(SENS, f"reads the secret-looking variable {name}")
        elif func in ("os.putenv", "os.environ.setdefault") and node.args:
            name = self.text(node.args[0])
            if name and is_secret_name(name):
                self.result.add(SENS, f"sets the secret-looking variable {name}")
        elif func == "os.environ.update":
            keys = [self.text(k) for a in node.args if isinstance(a, ast.Dict)
                    for k in a.keys if k is not None] + [k.arg for k in node.keywords]
            for name in keys:
                if name and is_secret_name(name):
                    self.result.add(SENS, f"sets the secret-looking variable {name}")

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load) and self.qualname(node.value) == "os.environ":
            name = self.text(node.slice)
            if name and is_secret_name(name):
                self.result.add(SENS, f"reads the secret-looking variable {name}")

    def _run_code(self, node: ast.Call, func: str) -> None:
        if not node.args:
            return
        payload = node.args[0]
        if self.maybe_network and self._from_network(payload):
            self.result.add(RCE, f"runs code downloaded from the network ({func})")
        elif _DECODERS.search(ast.unparse(payload)) and not _UNPICKLE.match(func):
            self.result.add(RCE, f"runs decoded code ({func})")


CodeJudge.known = frozenset({*_DELETES, *_WRITES, *_SHELL_CALLS, *_ARGV_CALLS, "os.setuid",
                            "os.setgid", "os.kill", "os.getenv", "os.putenv", "os.environ",
                            "os.execv", "os.execvp", "os.execl", "os.execlp", "os.spawnv",
                            "os.spawnl", "pathlib.Path", "requests.post", "requests.put",
                            "requests.patch", "requests.get", "urllib.request.urlopen",
                            "urllib.request.Request", "socket.socket",
                            "socket.create_connection", "pickle.loads", "pickle.load",
                            "base64.b64decode", "os.path.join", "os.path.expanduser"})
CodeJudge.dispatch = {getattr(ast, name[6:]): fn for name, fn in vars(CodeJudge).items()
                      if name.startswith("visit_") and hasattr(ast, name[6:])}
