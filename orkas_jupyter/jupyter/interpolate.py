"""`{name}` in a prompt becomes a bounded repr of the kernel variable `name` (J2).

Only a brace pair around an identifier (or dotted attribute path) that names an existing
variable is replaced; every other brace — JSON, set literals, `{}` — is left as typed, so
`str.format_map` pitfalls cannot happen.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..tools.kernel import bounded_repr

_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\}(?!\})")


def _lookup(path: str, namespace: Mapping[str, Any]) -> tuple[bool, Any]:
    head, *rest = path.split(".")
    if head not in namespace:
        return False, None
    value = namespace[head]
    for attr in rest:
        try:
            value = getattr(value, attr)
        except Exception:
            return False, None
    return True, value


def interpolate(prompt: str, namespace: Mapping[str, Any]) -> str:
    """Replace `{name}` for names present in `namespace`; leave everything else untouched.
    `{{name}}` escapes to a literal `{name}`."""

    def replace(match: re.Match[str]) -> str:
        found, value = _lookup(match.group(1), namespace)
        return bounded_repr(value) if found else match.group(0)

    text = _FIELD.sub(replace, prompt)
    return re.sub(r"\{\{([A-Za-z_][A-Za-z0-9_.]*)\}\}", r"{\1}", text)
