"""The chat widget (`%orkas chat`): an anywidget whose front end (static/chat.js) speaks the
chat protocol; turns run in the background on the agent thread, so the user can keep running
cells (J4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .chat import ChatController

_STATIC = Path(__file__).parent / "static"


class ChatWidget(anywidget.AnyWidget):
    """A chat bound to one session of the kernel's runtime."""

    _esm = _STATIC / "chat.js"
    _css = _STATIC / "chat.css"
    session = traitlets.Unicode("").tag(sync=True)

    def __init__(self, runtime: Any, session: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = ChatController(runtime, self._send_message, session)
        self.on_msg(self._on_message)

    def _send_message(self, msg: dict[str, Any]) -> None:
        if msg.get("type") == "state":
            self.session = msg.get("session", "")
        self.send(msg)

    def _on_message(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict):
            self.controller.handle(content)
