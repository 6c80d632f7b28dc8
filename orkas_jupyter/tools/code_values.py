"""Reading values out of Python code without running it: what a name was imported as, and
which string or path an expression evaluates to when the code spells it out
(`Path.home() / "x"`, `os.path.join(os.environ["HOME"], "x")`, a name assigned earlier).
The base of the code classifier's walk (`code_risk_ast.CodeJudge`)."""

from __future__ import annotations

import ast
import os
import tempfile
from collections.abc import Callable
from typing import Any, ClassVar

# Nodes with nothing to judge below them.
_LEAVES = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop, ast.Name,
           ast.Pass, ast.Break, ast.Continue)
_PATH_TYPES = ("pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "Path")


class CodeValues(ast.NodeVisitor):
    """Aliases, known values and path-valued names of the code walked so far, and a walk
    that dispatches by node type."""

    # Node type -> handler, filled by each subclass.
    dispatch: ClassVar[dict[type, Callable[[Any, Any], None]]] = {}
    # Qualified names worth recognising behind `from module import *`.
    known: ClassVar[frozenset[str]] = frozenset()

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}
        self.values: dict[str, str] = {}
        self.paths: set[str] = set()
        self.star_modules: list[str] = []

    def visit(self, node: ast.AST) -> None:
        # NodeVisitor's name-based dispatch, without its per-node string building.
        handler = self.dispatch.get(node.__class__)
        if handler is not None:
            handler(self, node)
        elif not isinstance(node, _LEAVES):
            self.generic_visit(node)

    def generic_visit(self, node: ast.AST) -> None:
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST):
                self.visit(value)

    def qualname(self, node: ast.AST) -> str | None:
        """`os.path.join` for `os.path.join`, `from os import path as p; p.join`, …"""
        if isinstance(node, ast.Name):
            if node.id not in self.aliases:
                for module in self.star_modules:
                    if f"{module}.{node.id}" in self.known:
                        return f"{module}.{node.id}"
            return self.aliases.get(node.id, node.id)
        if isinstance(node, ast.Attribute):
            base = self.qualname(node.value)
            return f"{base}.{node.attr}" if base else None
        if isinstance(node, ast.Call):
            func = self.qualname(node.func)
            if func in ("__import__", "importlib.import_module") and node.args:
                return self.text(node.args[0])
            if func == "getattr" and len(node.args) >= 2:
                # getattr(os, "system") is os.system when the name is spelled out.
                base, attr = self.qualname(node.args[0]), self.text(node.args[1])
                return f"{base}.{attr}" if base and attr else None
            return f"{func}()" if func else None
        return None

    def text(self, node: ast.AST | None, fill: str | None = None) -> str | None:
        """The string (or path) an expression evaluates to when the code says; parts known
        only at run time become `fill`, or make the whole unknown (None)."""
        if node is None:
            return None
        value = self._text(node, fill)
        return value if value is not None else fill

    def _text(self, node: ast.AST, fill: str | None) -> str | None:
        if isinstance(node, ast.Constant):
            return node.value if isinstance(node.value, str) else None
        if isinstance(node, ast.Name):
            return self.values.get(node.id)
        if isinstance(node, ast.JoinedStr):
            parts = [self.text(v.value if isinstance(v, ast.FormattedValue) else v, fill)
                     for v in node.values]
            return None if None in parts else "".join(p or "" for p in parts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Div)):
            left, right = self.text(node.left, fill), self.text(node.right, fill)
            if left is None or right is None:
                return None
            return left + right if isinstance(node.op, ast.Add) else os.path.join(left, right)
        if isinstance(node, ast.Subscript) and self.qualname(node.value) == "os.environ":
            return self._env_path(self.text(node.slice))
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            inner = self.text(node.value, fill)
            return os.path.dirname(inner.rstrip("/")) if inner else None
        if not isinstance(node, ast.Call):
            return None
        func = self.qualname(node.func) or ""
        args = [self.text(a, fill) for a in node.args]
        name = func.rsplit(".", 1)[-1]
        if func in ("os.path.join", "posixpath.join") or name in ("joinpath",):
            base = [self.text(node.func.value, fill)] if name == "joinpath" and isinstance(
                node.func, ast.Attribute) else []
            parts = base + args
            return None if not parts or None in parts else os.path.join(*parts)  # type: ignore[arg-type]
        if func in ("pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "Path", "str",
                    "os.fspath", "os.path.expanduser", "os.path.abspath", "os.path.realpath",
                    "os.path.normpath", "os.path.expandvars"):
            return None if not args or None in args else os.path.join(*args)  # type: ignore[arg-type]
        if name in ("home", "expanduser", "resolve", "absolute", "cwd") and isinstance(
                node.func, ast.Attribute):
            if name == "home":
                return "~"
            if name == "cwd":
                return "."
            return self.text(node.func.value, fill)
        if func in ("os.getcwd", "pathlib.Path.cwd"):
            return "."
        if func == "tempfile.gettempdir":
            return tempfile.gettempdir()
        if func in ("os.getenv", "os.environ.get") and node.args:
            return self._env_path(self.text(node.args[0]))
        return None

    @staticmethod
    def _env_path(name: str | None) -> str | None:
        return {"HOME": "~", "PWD": ".", "TMPDIR": tempfile.gettempdir()}.get(name or "")

    def _is_path(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.paths
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self._is_path(node.left)
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            return self._is_path(node.value)
        if isinstance(node, ast.Call):
            func = self.qualname(node.func) or ""
            if func in _PATH_TYPES:
                return True
            if isinstance(node.func, ast.Attribute) and node.func.attr in (
                    "home", "cwd", "expanduser", "resolve", "absolute", "joinpath",
                    "with_suffix", "with_name"):
                return func.startswith(("pathlib.Path.", "Path.")) or \
                    self._is_path(node.func.value)
        return False

