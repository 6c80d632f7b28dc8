"""A notebook's recording (P7): the model's answers in a JSON file beside the notebook,
`<notebook stem>.orkas.json`, so a notebook copied with it replays without keys or network.

It is a `RecordingStore` for `RecordReplayProvider`, and knows which cell and turn made each
exchange, so a request that no longer matches is reported as a person would want it: which
cell, which turn and model call, and the first message that differs from the closest
recorded request. Format `orkas-notebook-recording` version 1 (docs/notebooks.md)::

    {"format": "orkas-notebook-recording", "version": 1, "notebook": "quickstart.ipynb",
     "model": "openai/gpt-4o",
     "exchanges": [{"key": "<sha256>", "model": "…", "turn": 1, "call": 1,
                    "cell": {"id": "…", "number": 3, "source": "%%orkas …"},
                    "request": {"messages": ["<digest>", …], "tools": ["read_file", …],
                                "tools_digest": "…", "max_tokens": 4096, "purpose": "turn"},
                    "events": [{"type": "text", "text": "…"}, …, {"type": "end", …}]}],
     "messages": {"<digest>": {"role": "user", "parts": […]}}}

Messages are stored once and referenced by digest (each request repeats the history before
it), image bytes are not stored, and known secret values are redacted before writing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

from ..providers.replay import PAYLOAD_FORMAT, PAYLOAD_VERSION
from ..store.redact import SecretRedactor, secret_config_values, secret_env_values

FORMAT = "orkas-notebook-recording"
VERSION = 1
SUFFIX = ".orkas.json"
_CONTEXT_CHARS = 60


class RecordingFileError(Exception):
    """The recording file cannot be read (damaged or of another format)."""


def recording_path_for(notebook: Path) -> Path:
    """Where a notebook's recording lives: `analysis.ipynb` → `analysis.orkas.json`."""
    return notebook.with_name(notebook.stem + SUFFIX)


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _merge_text(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Adjacent text (or thinking) deltas as one event: the same answer, a readable file."""
    merged: list[dict[str, Any]] = []
    for event in events:
        last = merged[-1] if merged else None
        if (last is not None and event.get("type") in ("text", "thinking")
                and last.get("type") == event.get("type") and set(event) == {"type", "text"}
                and set(last) == {"type", "text"}):
            last["text"] += event["text"]
        else:
            merged.append(dict(event))
    return merged


class NotebookRecording:
    """The recording file of one notebook; safe to share between threads."""

    def __init__(self, path: Path, *, notebook: str | None = None,
                 secrets: set[str] | None = None) -> None:
        self.path = path
        self.notebook = notebook or path.name.removesuffix(SUFFIX) + ".ipynb"
        self.redact = SecretRedactor(secret_env_values())
        self.redact.add(secrets or set())
        self.redact.add(secret_config_values(path.parent))
        self._lock = threading.Lock()
        self._cell: dict[str, Any] | None = None
        self._turn = 0
        # The requests of the current turn, in order: a request's model call number is its
        # place here (a retry sends the same request, so it is the same call).
        self._turn_keys: list[str] = []
        self._fresh = False
        self._used: set[str] = set()
        # A model adopted from this file because none is configured: it only replays (set by
        # the kernel's ReplayControl; the provider never sends it a request).
        self.replay_only: str | None = None
        self._data = self._load()
        self.notebook = str(self._data.get("notebook") or self.notebook)

    # -- the file ---------------------------------------------------------------------------
    def _load(self) -> dict[str, Any]:
        if not self.path.exists():
            return {"format": FORMAT, "version": VERSION, "notebook": self.notebook,
                    "model": None, "exchanges": [], "messages": {}}
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RecordingFileError(f"{self.path} is not a readable recording ({exc}); it was "
                                     "left as it is. Move it away to record anew.") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordingFileError(f"{self.path} is not an orkas notebook recording.")
        if data.get("version") != VERSION:
            raise RecordingFileError(f"{self.path} has recording version "
                                     f"{data.get('version')!r}; this orkas reads {VERSION}.")
        data.setdefault("exchanges", [])
        data.setdefault("messages", {})
        return data

    def _save(self) -> None:
        # Only messages some exchange still refers to are kept.
        used = {d for x in self._data["exchanges"] for d in x["request"]["messages"]}
        self._data["messages"] = {d: m for d, m in self._data["messages"].items() if d in used}
        text = json.dumps(self._data, ensure_ascii=False, indent=1)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Written beside and renamed over: a crash mid-write leaves the old file whole.
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text + "\n")
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @property
    def model(self) -> str | None:
        """The model the notebook was recorded with (each exchange names its own)."""
        model = self._data.get("model")
        return model if isinstance(model, str) else None

    def recorded_models(self) -> list[str]:
        """Every model that answered in this file: the notebook's first, then the others
        in the order their exchanges appear."""
        with self._lock:
            models = [self._data.get("model"), *(x.get("model") for x in
                                                 self._data["exchanges"])]
        return list(dict.fromkeys(m for m in models if _answering_model(m)))

    def __len__(self) -> int:
        return len(self._data["exchanges"])

    # -- context from the kernel ------------------------------------------------------------
    def begin_turn(self, cell: dict[str, Any] | None) -> None:
        """A turn starts in `cell` ({"id", "number", "source"}; None for the chat panel)."""
        with self._lock:
            self._cell = cell
            self._turn += 1
            self._turn_keys = []

    def start_fresh(self) -> None:
        """`%orkas record`: this run replaces the file's exchanges (kept until the first
        new one is written, and those this run replays stay)."""
        self._fresh = True

    def _note_call(self, key: str) -> int:
        """The model call number of request `key` in this turn (holding the lock)."""
        if key not in self._turn_keys:
            self._turn_keys.append(key)
        return self._turn_keys.index(key) + 1

    # -- RecordingStore ---------------------------------------------------------------------
    async def get_recording(self, key: str) -> str | None:
        """The payload recorded under `key`, or None."""
        with self._lock:
            self._note_call(key)
        return await self.peek_recording(key)

    async def peek_recording(self, key: str) -> str | None:
        """The payload recorded under `key`, or None, not counted as a request of the turn
        (the same request looked up under another model's key)."""
        with self._lock:
            exchange = next((x for x in self._data["exchanges"] if x["key"] == key), None)
            if exchange is None:
                return None
            self._used.add(key)
            return json.dumps({"format": PAYLOAD_FORMAT, "version": PAYLOAD_VERSION,
                               "key": key, "model": exchange["model"],
                               "events": exchange["events"]})

    async def put_recording(self, key: str, payload: str) -> None:
        """Record one exchange, with the cell and turn it belongs to."""
        data = json.loads(payload)
        canonical = data["canonical"]
        with self._lock:
            call = self._note_call(key)
            digests = []
            for message in canonical["messages"]:
                clean = json.loads(self.redact(json.dumps(message, ensure_ascii=False)))
                digest = _digest(clean)
                self._data["messages"][digest] = clean
                digests.append(digest)
            events = json.loads(self.redact(json.dumps(data["events"], ensure_ascii=False)))
            exchange = {
                "key": key, "model": data.get("model"), "turn": self._turn,
                "call": call, "cell": self._cell,
                "request": {"messages": digests,
                            "tools": [t["name"] for t in canonical["tools"]],
                            "tools_digest": _digest(canonical["tools"]),
                            "max_tokens": canonical.get("max_tokens"),
                            "purpose": canonical.get("purpose")},
                "events": _merge_text(events),
            }
            kept = [x for x in self._data["exchanges"] if x["key"] != key]
            fresh = self._fresh
            if fresh:
                kept = [x for x in kept if x["key"] in self._used]
                self._fresh = False
            elif self._cell and self._cell.get("id"):
                # The cell was run again with a new request: its old answer is stale.
                kept = [x for x in kept if not (
                    (x.get("cell") or {}).get("id") == self._cell["id"]
                    and x.get("call") == exchange["call"])]
            kept.append(exchange)
            self._used.add(key)
            self._data["exchanges"] = kept
            # The notebook's model is the one it was recorded with: set by the first answer
            # of a new file or of `%orkas record`, never replaced by a later model's answer.
            if _answering_model(data.get("model")) and (fresh or not self.model):
                self._data["model"] = data.get("model")
            self._save()

    # -- explaining a miss ------------------------------------------------------------------
    def explain_miss(self, canonical: dict[str, Any], strict: bool = True) -> str | None:
        """What no longer matches, against the closest recorded request. Not `strict` (auto
        mode, which records the miss anyway): only when this cell's own recording went stale,
        not for a cell never recorded."""
        with self._lock:
            exchanges = list(self._data["exchanges"])
            store = dict(self._data["messages"])
            cell, turn, call = self._cell, self._turn, max(len(self._turn_keys), 1)
        now = f"{_cell_label(cell)}, turn {turn}, model call {call}"
        head = (f"**Replay:** this model request is not in the recording "
                f"`{self.path.name}` ({len(exchanges)} recorded answers).\n"
                f"- **now:** {now}")
        if not exchanges:
            return head + "\n- the recording is empty." if strict else None
        current = [self.redact(json.dumps(m, ensure_ascii=False)) for m in canonical["messages"]]
        current_msgs = [json.loads(m) for m in current]
        scores = {id(x): _closeness(x, cell, call, current_msgs, store) for x in exchanges}
        best = max(exchanges, key=lambda x: scores[id(x)])
        if not strict and not scores[id(best)][1]:
            return None
        recorded = [store.get(d, {"role": "?", "parts": []}) for d in best["request"]["messages"]]
        lines = [head, f"- **closest recording:** {_cell_label(best.get('cell'))}, turn "
                       f"{best.get('turn')}, model call {best.get('call')}"]
        lines += _first_difference(recorded, current_msgs, _settings_changed(best, canonical))
        if best.get("model") != canonical.get("model"):
            lines.append(f"- **model:** recorded `{best.get('model')}`, now "
                         f"`{canonical.get('model')}`")
        if best["request"].get("tools_digest") != _digest(canonical["tools"]):
            before = set(best["request"].get("tools", []))
            after = {t["name"] for t in canonical["tools"]}
            change = ", ".join([*(f"+{n}" for n in sorted(after - before)),
                                *(f"-{n}" for n in sorted(before - after))])
            lines.append(f"- **tools:** the tool set changed ({change or 'parameter schemas'})")
        return "\n".join(lines)


def _answering_model(model: Any) -> bool:
    """A model that answers requests (an outside agent's CLI, `outside:NAME`, does not)."""
    return isinstance(model, str) and bool(model) and not model.startswith("outside:")


def _cell_label(cell: dict[str, Any] | None) -> str:
    if not cell:
        return "no cell (the chat panel or a script)"
    number = f"[{cell['number']}]" if cell.get("number") is not None else "[ ]"
    source = " ".join(str(cell.get("source") or "").split())
    source = source if len(source) <= 70 else source[:69] + "…"
    cell_id = f" (id {cell['id']})" if cell.get("id") else ""
    return f"cell {number}{cell_id} `{source.replace('`', chr(39))}`"


def _message_text(message: dict[str, Any]) -> str:
    out = []
    for part in message.get("parts", []):
        kind = part.get("type")
        if kind == "text":
            out.append(part["text"])
        elif kind == "thinking":
            out.append(f"[thinking] {part.get('text', '')}")
        elif kind == "tool_call":
            out.append(f"{part.get('name')}({part.get('arguments')})")
        elif kind == "tool_result":
            out.append(f"[{part.get('name')} result] " + " ".join(
                p.get("text", f"[{p.get('media_type')}]") for p in part.get("content", [])))
        elif kind == "image":
            out.append(f"[{part.get('media_type')}]")
    return "\n".join(out)


def _common_prefix(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _closeness(exchange: dict[str, Any], cell: dict[str, Any] | None, call: int,
               current: list[dict[str, Any]], store: dict[str, Any]) -> tuple[int, int, int]:
    recorded_cell = exchange.get("cell") or {}
    cell = cell or {}
    same_cell = bool(cell) and bool(
        (cell.get("id") and recorded_cell.get("id") == cell.get("id"))
        or (cell.get("number") is not None and recorded_cell.get("number") == cell.get("number"))
        or recorded_cell.get("source") == cell.get("source"))
    recorded = [store.get(d) or {} for d in exchange["request"]["messages"]]
    prefix = _common_prefix(recorded, current)
    return int(same_cell and exchange.get("call") == call), int(same_cell), prefix


def _settings_changed(exchange: dict[str, Any], canonical: dict[str, Any]) -> list[str]:
    """The request's settings that differ from the recorded exchange's, by name."""
    request = exchange["request"]
    changed = [name for name, then, now in (
        ("the model", exchange.get("model"), canonical.get("model")),
        ("the tool set", request.get("tools_digest"), _digest(canonical["tools"])),
        ("max tokens", request.get("max_tokens"), canonical.get("max_tokens")),
        ("purpose", request.get("purpose"), canonical.get("purpose"))) if then != now]
    return changed


def _first_difference(recorded: list[dict[str, Any]], current: list[dict[str, Any]],
                      settings: list[str]) -> list[str]:
    index = _common_prefix(recorded, current)
    if index == len(recorded) == len(current):
        what = " and ".join(settings) if settings else "which agent asks"
        return [f"- **messages:** identical; the request differs only in {what}"]
    if index >= len(recorded):
        extra = current[index]
        return [f"- **first difference:** message {index + 1} ({extra.get('role')}) is new — "
                f"the recording ends after {len(recorded)} messages",
                f"  - now: `{_clip(_message_text(extra), 0)}`"]
    if index >= len(current):
        return [f"- **first difference:** the request ends after {len(current)} messages; the "
                f"recording has {len(recorded)}"]
    old, new = _message_text(recorded[index]), _message_text(current[index])
    at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
              min(len(old), len(new)))
    role = current[index].get("role")
    return [f"- **first difference:** message {index + 1} of {len(current)} ({role}), at "
            f"character {at + 1}",
            f"  - recorded: `{_clip(old, at)}`",
            f"  - now: `{_clip(new, at)}`"]


def _clip(text: str, at: int) -> str:
    start = max(0, at - _CONTEXT_CHARS)
    piece = text[start:at + _CONTEXT_CHARS]
    piece = ("…" if start else "") + piece + ("…" if at + _CONTEXT_CHARS < len(text) else "")
    return " ".join(piece.split()).replace("`", "'") or "(empty)"
