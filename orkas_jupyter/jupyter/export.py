"""`%orkas export`: a session's conversation as a new notebook (nbformat), keeping which
session, turn and model produced each cell."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.messages import Message, ToolResultPart
from .render import result_text

CODE_TOOLS = {"insert_cell", "edit_cell"}


def export_session(messages: Sequence[Message], session: str, path: Path) -> None:
    """Write `messages` to `path` as markdown cells (and code cells for code the agent wrote)."""
    import json

    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["orkas"] = {"session": session, "exported_from": "orkas-jupyter"}
    results: dict[str, ToolResultPart] = {m.tool_result.call_id: m.tool_result
                                          for m in messages if m.tool_result is not None}
    turn = 0
    for msg in messages:
        if msg.role == "user" and not msg.meta.get("tool_images"):
            turn += 1
            asked = {"session": session, "turn": turn, "role": "user"}
            nb.cells.append(nbformat.v4.new_markdown_cell(f"**You:** {msg.text}",
                                                          metadata={"orkas": asked}))
        elif msg.role == "assistant":
            prov: dict[str, Any] = {"session": session, "turn": turn, "role": "assistant",
                                    "model": msg.meta.get("model", "")}
            if msg.text.strip():
                nb.cells.append(nbformat.v4.new_markdown_cell(msg.text,
                                                              metadata={"orkas": prov}))
            for call in msg.tool_calls:
                try:
                    args = json.loads(call.arguments)
                except json.JSONDecodeError:
                    args = {}
                result = results.get(call.id)
                if call.name in CODE_TOOLS and isinstance(args.get("source"), str):
                    nb.cells.append(nbformat.v4.new_code_cell(
                        args["source"], metadata={"orkas": {**prov, "tool": call.name}}))
                    continue
                summary = result_text(result)[:500] if result else "(no result)"
                nb.cells.append(nbformat.v4.new_markdown_cell(
                    f"<details><summary>tool <code>{call.name}</code></summary>\n\n"
                    f"```json\n{call.arguments}\n```\n\n```\n{summary}\n```\n</details>",
                    metadata={"orkas": {**prov, "tool": call.name}}))
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
