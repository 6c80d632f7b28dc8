"""`%orkas sessions`: the workspace's sessions — list, new, use, rename, delete, prune."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

HELP = """\
%orkas sessions [list|new|use ID|rename ID TITLE|delete ID|prune [DAYS]]"""


def run(rt: Any, parts: list[str]) -> bool:
    client = rt.store().sync
    action = parts[0] if parts else "list"
    if action == "list" and len(parts) <= 1:
        current = rt.current_session or rt.default_session()
        sessions = client.list_sessions()
        for info in sessions:
            mark = "*" if info.id == current else " "
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.updated_at))
            where = Path(info.notebook).name if info.notebook else "-"
            title = info.title or "(untitled)"
            print(f"{mark} {info.id:28} {when}  {info.message_count:4} msgs  {where:24} "
                  f"{title[:60]}")
        if not sessions:
            print("no sessions yet")
    elif action == "new" and len(parts) == 1:
        # A new id only: the agent (and the model it needs) is made by the first turn.
        print(f"new session: {rt.session_for(new=True)}")
    elif action == "use" and len(parts) == 2:
        rt.current_session = parts[1]
        print(f"using session {parts[1]}")
    elif action == "rename" and len(parts) >= 3:
        client.rename_session(parts[1], " ".join(parts[2:]))
        print(f"renamed {parts[1]}")
    elif action == "delete" and len(parts) == 2:
        print("deleted" if client.delete_session(parts[1]) else "no such session")
    elif action == "prune" and len(parts) <= 2:
        _prune(rt, client, parts[1] if len(parts) == 2 else None)
    else:
        return False
    return True


# Another notebook's session used this recently may be open in its kernel: prune keeps it.
_IN_USE_S = 3_600.0


def _prune(rt: Any, client: Any, days: str | None) -> None:
    """Delete empty sessions, and with DAYS those not used for that many days. Never the
    current one, nor another notebook's used in the last hour: its kernel may have it open
    (a side-panel chat) and would lose its history."""
    try:
        age = float(days) * 86_400 if days is not None else None
    except ValueError:
        age = -1.0
    if age is not None and age < 0:
        print(f"sessions prune: DAYS must be a number of days (0 or more), got {days!r}")
        return
    current = rt.current_session or rt.default_session()
    here = rt.notebook_file()
    now = time.time()

    def in_use_elsewhere(info: Any) -> bool:
        other = bool(info.notebook) and (here is None or Path(info.notebook) != here)
        return other and now - info.updated_at < _IN_USE_S

    candidates = [info for info in client.list_sessions() if info.id != current and (
        info.message_count == 0 or (age is not None and now - info.updated_at > age))]
    kept = [info for info in candidates if in_use_elsewhere(info)]
    removed = [info.id for info in candidates if not in_use_elsewhere(info)]
    for sid in removed:
        client.delete_session(sid)
    which = "empty" if age is None else f"empty or unused for {days} days"
    print(f"removed {len(removed)} {which} session{'s' * (len(removed) != 1)}")
    if kept:
        print(f"kept {len(kept)} of other notebooks used in the last hour (their kernels may "
              "have them open): " + ", ".join(sorted({Path(i.notebook).name for i in kept})))
