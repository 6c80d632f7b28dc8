"""`%orkas` sub-commands (J3). Cheap to import: everything heavy is imported inside the
command that needs it."""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path
from typing import Any

from .notices import NO_MODEL

__all__ = ["HELP", "NO_MODEL", "full_help", "run_subcommand", "subcommand_words"]

HELP = """\
%orkas PROMPT                 ask the agent; the answer streams under the cell
%%orkas [--model M] [--session S] [--new]
PROMPT (cell body)            same, with options; `{name}` inserts a kernel variable

%orkas help                   this help
%orkas config [approval allow|deny]   the settings in effect (never keys); set the approval
                              policy used when nobody can be asked (nbclient, papermill)
%orkas config global_skills on|off   read other agent tools' skill folders (untrusted)
%orkas config review on|off   review mode: edits to existing cells and files wait for Accept
%orkas skills                 the skills the agent can use, with root and status
%orkas mcp [list|tools [NAME]|add NAME …|remove|enable|disable|test NAME]   MCP servers
                              (docs/mcp.md)
%orkas model [provider/model] show or set the model for this kernel
%orkas memory [show|export [FILE]|add TARGET TEXT|remove TARGET TEXT]   TARGET: profile|notes
%orkas kb [list|status|add PATH…|search QUERY|remove NAME…]   the knowledge base
%orkas record [FILE.json]     record the model's answers beside the notebook (<name>.orkas.json)
%orkas replay [auto|off] [FILE.json]   replay them: no key, no network (auto: record misses)
%orkas export [FILE.ipynb]    this session's conversation as a new notebook
%orkas cost                   usage and cost of this session and in total
%orkas chat [SESSION]         a chat widget; its turns run in the background
%orkas stop                   stop this kernel's running background turns

Keys: set OPENAI_API_KEY / ANTHROPIC_API_KEY / … (litellm's variables) or ORKAS_API_KEY.
Interrupt the kernel (■) to stop a turn running in a cell."""



def subcommand_words() -> frozenset[str]:
    from .cmds import command_words

    return frozenset(_COMMANDS) | command_words()


def full_help() -> str:
    """HELP with the lines of the commands that live in `cmds/`, before the key notes."""
    from .cmds import help_lines

    head, sep, tail = HELP.partition("\n\nKeys:")
    extra = help_lines()
    return head + ("\n" + extra if extra else "") + sep + tail


def run_subcommand(rt: Any, word: str, args: str) -> bool:
    """Run `%orkas WORD ARGS`; False when the arguments do not fit (the line is a prompt)."""
    from .cmds import command

    parts = shlex.split(args) if args else []
    handler = _COMMANDS.get(word)
    if handler is not None:
        return bool(handler(rt, parts))
    module = command(word)
    return bool(module and module.run(rt, parts))


def _help(rt: Any, parts: list[str]) -> bool:
    if parts:
        return False
    print(full_help())
    return True


# The settings `%orkas config KEY VALUE` sets, and their values.
_CONFIG_VALUES = {"approval": ("allow", "deny"), "review": ("on", "off"),
                  "global_skills": ("on", "off")}


def _config(rt: Any, parts: list[str]) -> bool:
    values = _CONFIG_VALUES.get(parts[0]) if parts else None
    if values is not None and (len(parts) != 2 or parts[1] not in values):
        # A known setting with a missing or wrong value: a config line, never a prompt.
        now = getattr(rt.settings, parts[0], None)
        shown = f" (now: {now})" if now is not None and len(parts) == 1 else ""
        print(f"config {parts[0]}{shown}: set it with `%orkas config {parts[0]} "
              f"{'|'.join(values)}`")
        return True
    if len(parts) == 2 and parts[0] == "review":
        from .cmds import review

        return bool(review.run(rt, parts[1:]))
    if len(parts) == 2 and parts[0] == "global_skills":
        from ..ecosystem.skills import set_global_skills

        try:
            rt.settings, message = set_global_skills(rt.settings, parts[1])
        except ValueError:
            return False
        print(message)
        return True
    if parts and (len(parts) != 2 or parts[0] != "approval" or parts[1] not in ("allow", "deny")):
        return False
    if parts:
        rt.settings = rt.settings.model_copy(update={"approval": parts[1]})
        print(f"approval: {parts[1]} — risky actions nobody can be asked about are "
              + ("allowed" if parts[1] == "allow" else "denied"))
        return True
    shown = rt.settings.model_dump(mode="json")
    shown["store"] = str(rt.settings.store_path)
    for key, value in shown.items():
        print(f"{key:16} {value}")
    return True


def _model(rt: Any, parts: list[str]) -> bool:
    if len(parts) > 1 or (parts and "/" not in parts[0]):
        return False
    if parts:
        rt.replay.forget_adopted()
        rt.settings = rt.settings.model_copy(update={"model": parts[0]})
        rt.reset_provider()
    adopted = rt.replay.no_model_note()
    if adopted is not None:  # the recording's model replays; the user has chosen none
        print(f"model: (none) — {adopted} {NO_MODEL.removeprefix('No model is configured. ')}")
    else:
        print(f"model: {rt.settings.model or '(none) — ' + NO_MODEL}")
    return True


def _cost(rt: Any, parts: list[str]) -> bool:
    if parts:
        return False
    from ..host.observers import REPLAYED_SUFFIX as REPLAYED

    client = rt.store().sync
    session = rt.current_session or rt.default_session()
    for label, sid in (("this session", session), ("all sessions", None)):
        rows = client.usage(sid)
        spent = [r for r in rows if not r.model.endswith(REPLAYED)]
        replayed = [r for r in rows if r.model.endswith(REPLAYED)]
        print(f"{label:13} {_usage_text(spent) if spent else 'no model calls'}")
        if replayed:
            print(f"{'':13} replayed from recordings (no spend): "
                  f"{sum(r.input_tokens for r in replayed):,} in / "
                  f"{sum(r.output_tokens for r in replayed):,} out tokens")
    return True


def _usage_text(rows: list[Any]) -> str:
    tokens_in = sum(r.input_tokens for r in rows)
    tokens_out = sum(r.output_tokens for r in rows)
    cost = sum(r.cost_usd for r in rows)
    unpriced = sorted(r.model for r in rows if not r.cost_usd)
    money = f", ${cost:.4f}" if cost else ""
    if unpriced:
        money += f" (no price known for {', '.join(unpriced)})"
    return f"{tokens_in:,} in / {tokens_out:,} out tokens{money}"


def _memory(rt: Any, parts: list[str]) -> bool:
    action = parts[0] if parts else "show"
    targets = ("profile", "notes")
    if action == "show" and len(parts) <= 1:
        book = rt.memory()
        for target in targets:
            print(f"{target} ({book.budget(target)}):")
            for entry in book.entries(target):
                print(f"  - {entry}")
    elif action == "export" and len(parts) <= 2:
        data = json.dumps(rt.memory().export(), indent=1, ensure_ascii=False)
        if len(parts) == 2:
            Path(parts[1]).write_text(data + "\n", encoding="utf-8")
            print(f"memory exported to {parts[1]}")
        else:
            print(data)
    elif action in ("add", "remove") and len(parts) >= 3 and parts[1] in targets:
        from ..store.errors import StoreError

        text = " ".join(parts[2:])
        try:
            if action == "add":
                print(rt.memory().edit(parts[1], "add", content=text))
            else:
                print(rt.memory().edit(parts[1], "remove", old=text))
        except StoreError as exc:
            print(f"not saved: {exc}")
    else:
        return False
    return True


def _kb(rt: Any, parts: list[str]) -> bool:
    action = parts[0] if parts else "list"
    if action not in ("add", "search", "list", "remove", "status"):
        return False
    from ..knowledge.errors import KnowledgeError

    kb = rt.knowledge()
    try:
        if action == "list" and len(parts) <= 1:
            docs = kb.list_documents()
            for doc in docs:
                print(f"{doc.name:50} {doc.kind:9} {doc.chunks:5} chunks")
            print(f"{len(docs)} document{'s' * (len(docs) != 1)}")
        elif action == "status" and len(parts) == 1:
            print(kb.status().model_dump_json(indent=1))
        elif action == "add" and len(parts) >= 2:
            report = rt.submit(kb.add_paths(parts[1:])).result()
            print(f"added {len(report.added)}, updated {len(report.updated)}, unchanged "
                  f"{len(report.unchanged)}, {report.chunks_written} chunks written")
            for skipped in report.skipped:
                print(f"  skipped {skipped.path}: {skipped.reason}")
            for warning in report.warnings:
                print(f"  warning: {warning}")
        elif action == "remove" and len(parts) >= 2:
            removed = rt.submit(kb.remove(parts[1:])).result()
            print(f"removed {len(removed)}: {', '.join(removed) or '(nothing matched)'}")
        elif action == "search" and len(parts) >= 2:
            result = rt.submit(kb.search(" ".join(parts[1:]))).result()
            for hit in result.hits:
                first = " ".join(hit.text.split())[:110]
                print(f"{hit.score:.2f}  {hit.citation()}\n      {first}")
            if not result.hits:
                print("no passage matched")
            for warning in result.warnings:
                print(f"  warning: {warning}")
        else:
            return False
    except KnowledgeError as exc:
        print(f"knowledge base: {exc}")
    return True


def _replay_mode(rt: Any, mode: str, file: str | None) -> None:
    from .recording import RecordingFileError

    try:
        recording = rt.replay.switch(mode, Path(file).expanduser() if file else None)
    except RecordingFileError as exc:
        print(f"model calls: unchanged ({rt.settings.replay}) — {exc}")
        return
    where = (f"{recording.path.name} beside the notebook ({len(recording)} recorded answers)"
             if recording is not None else "the workspace store")
    print(f"model calls: {mode}" + {
        "record": f" — each answer is recorded in {where}",
        "replay": f" — answers come from {where}; no key, no network",
        "auto": f" — answers come from {where}; a request not recorded calls the model and "
                "is recorded",
        "off": " — every request calls the model"}[mode])
    if mode != "off":
        # Reading a recording: the model its answers replay with, whichever model (if any)
        # is configured for new questions (`%orkas model` says which).
        replays_with = recording.model if recording is not None and mode != "record" else None
        print(f"a new session starts here (recorded runs always do); model: "
              f"{replays_with or rt.settings.model or 'not set'}")


def _file_arg(parts: list[str]) -> tuple[list[str], str | None]:
    if parts and parts[-1].endswith(".json"):
        return parts[:-1], parts[-1]
    return parts, None


def _record(rt: Any, parts: list[str]) -> bool:
    parts, file = _file_arg(parts)
    if parts:
        return False
    _replay_mode(rt, "record", file)
    return True


def _replay(rt: Any, parts: list[str]) -> bool:
    parts, file = _file_arg(parts)
    if len(parts) > 1 or (parts and parts[0] not in ("auto", "off", "on")):
        return False
    mode = parts[0] if parts and parts[0] != "on" else "replay"
    _replay_mode(rt, mode, file)
    return True


def _export(rt: Any, parts: list[str]) -> bool:
    if len(parts) > 1 or (parts and not parts[0].endswith(".ipynb")):
        return False
    session = rt.current_session or rt.default_session()
    path = Path(parts[0]) if parts else rt.settings.workspace / (
        f"orkas-{session}-{time.strftime('%Y%m%d-%H%M%S')}.ipynb")
    from .export import export_session

    messages = rt.submit(rt.store().load(session)).result(timeout=60)
    if not messages:
        print(f"nothing to export: session {session} has no messages yet")
        return True
    export_session(messages, session, path)
    print(f"exported {len(messages)} messages to {path}")
    return True


def _chat(rt: Any, parts: list[str]) -> bool:
    if len(parts) > 1:
        return False
    from IPython.display import display

    from .widget import ChatWidget

    display(ChatWidget(rt, session=parts[0] if parts else None))
    return True


def _skills(rt: Any, parts: list[str]) -> bool:
    if parts:
        return False
    from ..ecosystem.skills import skills_listing

    print(skills_listing(rt.host.skills))
    return True


def _stop(rt: Any, parts: list[str]) -> bool:
    if parts:
        return False
    stopped = rt.stop_all()
    print(f"stopped {stopped} running turn{'s' * (stopped != 1)}")
    return True


def _mcp(rt: Any, parts: list[str]) -> bool:
    import getpass

    from ..ecosystem.mcp.commands import mcp_command
    from .approvals import stdin_approvals

    approvals = stdin_approvals(rt.executor, lambda: rt.settings.approval)

    def read_secret(name: str) -> Any:
        return rt.executor.run(lambda: getpass.getpass(f"Value of {name} (not echoed): "))

    future = rt.submit(mcp_command(rt.host.mcp, parts, approve=approvals,
                                   read_secret=read_secret))
    while not future.done():  # answer the command's questions on this (main) thread
        rt.executor.wait_for_job(0.05)
    print(future.result())
    return True


_COMMANDS = {"help": _help, "config": _config, "model": _model,
             "cost": _cost, "memory": _memory, "kb": _kb, "record": _record, "replay": _replay,
             "export": _export, "chat": _chat, "stop": _stop,
             "skills": _skills, "mcp": _mcp}
