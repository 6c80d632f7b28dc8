"""What counts as a secret, in one place: the store's redaction, the shell's environment
scrubbing, the risk classifiers and the notebook checker all ask this module.

A variable is a credential when one *word* of its name is a credential word (`KEY`, `TOKEN`,
`SECRET`, `PASSWORD`, `AUTH`, `CREDENTIALS`, `PRIVATE`, `COOKIE`, …) or a word ends in one
(`GITHUBTOKEN`, `DBPASSWORD`). Words are split at `_`, `-`, `.` and camelCase, so `HF_TOKEN`,
`GITHUB_AUTH`, `apiKey` and `AWS_SECRET_ACCESS_KEY` match while `KEYBOARD`, `MONKEY`,
`GIT_AUTHOR_NAME` and `TOKENIZERS_PARALLELISM` do not. A value holding a URL with a password
(`postgres://user:pw@host/db`) is a credential too, whatever its variable is called.

Standard library only: every layer imports this, the store server included.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Collection, Iterable, Mapping

REDACTED = "[REDACTED]"
# Short values ("1", "true") would redact ordinary text and protect nothing.
MIN_SECRET_LEN = 8

_WORDS = frozenset({
    "KEY", "KEYS", "APIKEY", "APIKEYS", "TOKEN", "TOKENS", "SECRET", "SECRETS", "PASSWORD",
    "PASSWORDS", "PASSWD", "PASS", "PASSPHRASE", "PASSCODE", "CREDENTIAL", "CREDENTIALS",
    "CREDS", "AUTH", "PAT", "PRIVATE", "COOKIE", "COOKIES", "SESSIONID", "SESSID", "BEARER",
    "JWT", "OTP",
})
# A word ending like this is one too (`GITHUBTOKEN`, `DBPASSWORD`, `PHPSESSID`); `KEY` alone
# is not a suffix because of `MONKEY`, `HOTKEY`, `TURKEY`.
_SUFFIXES = ("TOKEN", "TOKENS", "SECRET", "SECRETS", "PASSWORD", "PASSWD", "APIKEY",
             "ACCESSKEY", "SECRETKEY", "PRIVATEKEY", "AUTHKEY", "CREDENTIALS", "SESSIONID",
             "SESSID", "COOKIE")
# Names made of credential words that hold no credential: a socket path, a process id.
_NOT_SECRET = frozenset({"SSH_AUTH_SOCK", "SSH_AGENT_PID", "GPG_AGENT_INFO",
                         "GNOME_KEYRING_CONTROL", "XAUTHORITY"})
_PART = re.compile(r"[^A-Za-z0-9]+")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_URL_PASSWORD = re.compile(r"\b[a-z][a-z0-9+.-]*://[^/\s:@]+:([^/\s@]+)@", re.IGNORECASE)


def _words(name: str) -> list[str]:
    words: list[str] = []
    for part in _PART.split(name):
        words.extend(w.upper() for w in _CAMEL.findall(part))
    return words


def is_secret_name(name: str) -> bool:
    """True when a variable or config key name looks like it holds a credential."""
    if name.upper() in _NOT_SECRET:
        return False
    return any(w in _WORDS or (len(w) > 5 and w.endswith(_SUFFIXES)) for w in _words(name))


def has_embedded_credentials(value: str) -> bool:
    """True when a value holds a URL with a password (`scheme://user:password@host`)."""
    return _URL_PASSWORD.search(value) is not None


def is_secret_variable(name: str, value: str) -> bool:
    """True when an environment variable is a credential, by its name or by its value."""
    return is_secret_name(name) or has_embedded_credentials(value)


def secret_values(environ: Mapping[str, str] | None = None) -> set[str]:
    """The values worth redacting from an environment (default: this process's): those of
    credential variables, and passwords embedded in URLs."""
    env = os.environ if environ is None else environ
    found: set[str] = set()
    for name, value in env.items():
        if len(value) < MIN_SECRET_LEN:
            continue
        if is_secret_name(name):
            found.add(value)
        for match in _URL_PASSWORD.finditer(value):
            found.add(value)
            found.add(match.group(1))
    return found


def scrub_environ(environ: Mapping[str, str] | None = None,
                  keep: Collection[str] = ()) -> dict[str, str]:
    """A copy of an environment (default: this process's) without credential variables,
    except the names in `keep`."""
    env = os.environ if environ is None else environ
    return {k: v for k, v in env.items() if k in keep or not is_secret_variable(k, v)}


class Redactor:
    """Replaces known secret values in text, including their JSON-escaped form."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self._secrets: set[str] = set()
        self._ordered: list[str] = []
        self.add(secrets)

    def add(self, secrets: Iterable[str]) -> None:
        """Register more values to redact (values shorter than `MIN_SECRET_LEN` are ignored)."""
        for s in secrets:
            if len(s) >= MIN_SECRET_LEN:
                self._secrets.add(s)
                self._secrets.add(json.dumps(s)[1:-1])
        # Longest first, so a secret containing another is replaced whole.
        self._ordered = sorted(self._secrets, key=len, reverse=True)

    def __bool__(self) -> bool:
        return bool(self._ordered)

    def __call__(self, text: str) -> str:
        for s in self._ordered:
            if s in text:
                text = text.replace(s, REDACTED)
        return text


def redact(text: str, values: Iterable[str]) -> str:
    """`text` with every value in `values` (and its JSON-escaped form) replaced by
    `[REDACTED]`."""
    return Redactor(values)(text)
