"""Showing a turn under a cell.

While the turn runs, text deltas and one-line tool notes go out as stdout stream messages —
each carries only new text, batched to at most 25 messages a second, so the kernel publishes
bytes linear in the answer (not the whole text per update). When the turn ends, the streamed
lines are replaced by the final view: collapsible tool cards, the answer as Markdown (with a
plain-text fallback), and a token/cost line.
"""

from __future__ import annotations

import html
import json
import sys
import time
from typing import Any

from ..engine.events import Event, TurnResult, Usage
from ..engine.messages import ImagePart, ToolCallPart, ToolResultPart
from ..orchestra.orchestra import strip_handback
from ..orchestra.planner import PlanUpdate
from ..tools.remote_media import neutralize
from .views import event_view, result_text

__all__ = ["CellRenderer", "result_text", "tool_card", "usage_line"]

FLUSH_INTERVAL = 0.04  # 25 stream messages a second at most
MAX_CARD_TEXT = 1_500


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tool_card(call: ToolCallPart, result: ToolResultPart | None,
              transcript: str = "") -> str:
    """A collapsible HTML card: name, arguments, result summary, images; a dispatch's card
    holds the child agent's transcript."""
    status = "…" if result is None else ("✗" if result.is_error else "✓")
    summary = "" if result is None else _short(result_text(result), 90)
    body = [f"<pre>{html.escape(_pretty(call.arguments))}</pre>"]
    if transcript:
        body.append(f"<div class='orkas-child'>{transcript}</div>")
    if result is not None:
        body.append(f"<pre>{html.escape(result_text(result)[:MAX_CARD_TEXT])}</pre>")
        body += [f'<img src="data:{p.media_type};base64,{p.data}" style="max-width:480px"/>'
                 for p in result.content if isinstance(p, ImagePart)]
    return (f'<details class="orkas-tool"><summary><code>{html.escape(call.name)}</code> '
            f"{status} {html.escape(summary)}</summary>{''.join(body)}</details>")


def _pretty(arguments: str) -> str:
    try:
        return json.dumps(json.loads(arguments), indent=1, ensure_ascii=False)[:MAX_CARD_TEXT]
    except json.JSONDecodeError:
        return arguments[:MAX_CARD_TEXT]


def usage_line(usage: Usage, model_calls: int, tool_calls: int, budget: str = "") -> str:
    """Tokens, cost and counts of a turn, and its spend against the budgets (docs/budgets.md)."""
    cost = f" · ${usage.cost_usd:.4f}" if usage.cost_usd else ""
    tools = f"{tool_calls} tool call{'s' * (tool_calls != 1)}"
    extra = f" · {budget}" if budget else ""
    if not model_calls and not (usage.input_tokens or usage.output_tokens):
        # Stopped (or failed) before any answer was complete: the provider reports usage
        # only at the end of an answer, so "0 tokens" would be false.
        return f"no model answer completed, usage not reported · {tools}{extra}"
    return (f"{usage.input_tokens:,} in / {usage.output_tokens:,} out tokens{cost} · "
            f"{model_calls} model call{'s' * (model_calls != 1)} · {tools}{extra}")


class CellRenderer:
    """Renders one turn's events under the running cell."""

    def __init__(self, display: Any, clear_output: Any, stream: Any = None,
                 budget: Any = str) -> None:
        self._display = display
        # What the turn spent against its budgets, asked when the turn is over.
        self._budget = budget
        self._clear = clear_output
        self._stream = stream
        self._pending: list[str] = []
        self._last_flush = 0.0
        self._cards: dict[str, tuple[ToolCallPart, ToolResultPart | None]] = {}
        self._segments: list[tuple[str, str]] = []  # ("text", markdown) | ("card", call id)
        self._current_text: list[str] = []
        self._notices: list[str] = []
        self.streamed_anything = False
        # Teams: the agent that spoke last at the top level, and each dispatch's transcript.
        self._speaker = ""
        self._children: dict[str, _Child] = {}
        # Plans: the latest form of the plan being driven, and its live view's handle.
        self._plan: dict[str, Any] | None = None
        self._plan_view: Any = None

    def _write(self, text: str) -> None:
        self._pending.append(text)

    def flush(self, force: bool = False) -> None:
        """Send pending text if the interval has passed (or now, when forced)."""
        if not self._pending:
            return
        now = time.monotonic()
        if not force and now - self._last_flush < FLUSH_INTERVAL:
            return
        out = self._stream or sys.stdout
        out.write("".join(self._pending))
        out.flush()
        self._pending.clear()
        self._last_flush = now
        self.streamed_anything = True

    def _close_text(self) -> None:
        if self._current_text:
            text = "".join(self._current_text)
            if self._speaker:  # a member's reply: its hand-back marker is not for the user
                text = strip_handback(text)[0]
            self._segments.append(("text", text))
            self._current_text = []

    def handle(self, event: Event | PlanUpdate) -> None:
        """Account for one event and stream what is worth showing now."""
        if isinstance(event, PlanUpdate):
            self._show_plan(event.plan)
            return
        if event.parent_call_id is not None:
            self._child_event(event)
            self.flush()
            return
        if event.agent != self._speaker and event.type in (
                "text_delta", "tool_start", "assistant_message"):
            # Another member answers the user now (a hand-off, @name): a block of its own.
            self._close_text()
            self._speaker = event.agent
            self._segments.append(("agent", event.agent or "commander"))
            self._write(f"\n── {event.agent or 'commander'} ──\n")
        if event.type == "text_delta":
            self._current_text.append(event.text)
            self._write(event.text)
            self.flush()
            return
        if event.type == "tool_start":
            self._close_text()
            self._cards[event.call.id] = (event.call, None)
            self._segments.append(("card", event.call.id))
        elif event.type == "tool_end":
            self._cards[event.call.id] = (event.call, event.result)
        elif event.type == "assistant_message":
            self._close_text()
        elif event.type == "retry":
            self._current_text = []  # the text streamed since the last request is void
        view = event_view(event)
        if view is not None:
            self._stream_view(view)
        self.flush()

    def _show_plan(self, plan: dict[str, Any]) -> None:
        """The plan's DAG, redrawn in place as it changes."""
        from IPython.display import HTML

        from ..orchestra.plan_view import plan_html

        self._plan = plan
        view = HTML(plan_html(plan))
        if self._plan_view is None:
            self.flush(force=True)
            self._plan_view = self._display(view, display_id=True)
        else:
            self._plan_view.update(view)

    def _child_event(self, event: Event) -> None:
        """An event of a dispatched agent or worker: kept for its card, one line streamed."""
        assert event.parent_call_id is not None
        child = self._children.setdefault(event.parent_call_id, _Child(event.agent))
        who = event.agent or "worker"
        if event.type == "text_delta":
            if not child.text and not child.answering:
                child.answering = True  # once per child: its text goes to its card
                self._write(f"  ✎ {who} is answering…\n")
            child.text.append(event.text)
        elif event.type == "assistant_message":
            child.close_text()
            if event.message.text.strip():
                self._write(f"  ✎ {who}: {_short(event.message.text, 100)}\n")
        elif event.type == "tool_start":
            child.close_text()
            child.cards[event.call.id] = (event.call, None)
            child.segments.append(("card", event.call.id))
            self._write(f"  ▸ {who}: {event.call.name} {_short(event.call.arguments, 60)}\n")
        elif event.type == "tool_end":
            child.cards[event.call.id] = (event.call, event.result)
        elif event.type in ("warning", "notice"):
            view = event_view(event)
            if view is not None:
                child.segments.append(("notice", view["text"]))
                self._write(f"  ⚠ {who}: {_short(view['text'], 200)}\n")
        elif event.type == "retry":
            child.text = []

    def _stream_view(self, view: dict[str, Any]) -> None:
        who = f"{view['agent']}: " if view.get("agent") else ""
        if view["type"] == "tool_start":
            self._write(f"\n▸ {who}{view['name']} {_short(view['arguments'], 80)}\n")
        elif view["type"] == "tool_end":
            mark = "✗" if view["is_error"] else "✓"
            self._write(f"  {mark} {_short(view['summary'], 100)}\n")
        elif view["type"] == "notice":
            mark = {"retry": "↻"}.get(view["kind"], "ℹ" if view["level"] == "info" else "⚠")
            self._write(f"\n{mark} {who}{_short(view['text'], 300)}\n")
            if view["kind"] != "retry":
                # Why a turn stopped (loop guard, cut-off, compaction) stays in the final view.
                final_mark = "ℹ" if view["kind"] == "floor" else "⚠"
                self._notices.append(f"{final_mark} {who}{view['text']}")

    def finish(self, result: TurnResult | None, error: str | None = None,
               notes: list[str] | None = None) -> None:
        """Replace the streamed lines with the final view."""
        self._close_text()
        self.flush(force=True)
        if self.streamed_anything:
            self._clear()
        from IPython.display import HTML, Markdown

        answer = result.text if result is not None else ""
        # Everything but the final answer text: intermediate text and tool cards, in order.
        segments = list(self._segments)
        if answer and segments and segments[-1] == ("text", answer):
            segments.pop()
        if segments and segments[-1][0] == "agent" and answer:
            segments.pop()  # the final answer shows its speaker itself
        if self._plan is not None:
            from ..orchestra.plan_view import plan_html

            self._display(HTML(plan_html(self._plan)))
        if segments:
            parts = []
            for kind, value in segments:
                if kind == "card":
                    child = self._children.get(value)
                    parts.append(tool_card(*self._cards[value],
                                           child.html() if child is not None else ""))
                elif kind == "agent":
                    parts.append(_agent_heading(value))
                elif value.strip():
                    parts.append(f"<div class='orkas-text'>{html.escape(value)}</div>")
            self._display(HTML("".join(parts)))
        if answer:
            if any(kind == "agent" for kind, _ in self._segments):
                self._display(HTML(_agent_heading(self._speaker or "commander")))
            # a remote image would be fetched as soon as the output shows: a link instead
            self._display(Markdown(neutralize(answer)[0]))
        for notice in self._notices:
            self._display(Markdown(_plain(notice)))
        for note in notes or []:
            self._display(Markdown(_plain(note)))
        if error:
            self._display(Markdown(_plain(f"**Orkas:** {error}")))
        if result is not None:
            line = usage_line(result.usage, result.model_calls, result.tool_calls,
                              self._budget())
            self._display(Markdown(f"<sub>{_plain(line)}</sub>"))


def _plain(text: str) -> str:
    """Our own lines as Markdown: two amounts like $0.02 … $0.03 must not become math (MathJax
    typesets the rendered page, so escaping the Markdown is not enough: it skips this class)."""
    if "$" not in text:
        return text
    return f'<span class="tex2jax_ignore mathjax_ignore">{text}</span>'



def _agent_heading(name: str) -> str:
    return f"<div class='orkas-agent'><b>{html.escape(name)}</b></div>"


class _Child:
    """What one dispatched agent or worker did, for its dispatch card."""

    def __init__(self, agent: str) -> None:
        self.agent = agent or "worker"
        self.answering = False
        self.text: list[str] = []
        self.segments: list[tuple[str, str]] = []  # ("text"|"card"|"notice", value)
        self.cards: dict[str, tuple[ToolCallPart, ToolResultPart | None]] = {}

    def close_text(self) -> None:
        if self.text:
            self.segments.append(("text", "".join(self.text)))
            self.text = []

    def html(self) -> str:
        self.close_text()
        parts = [_agent_heading(self.agent)]
        for kind, value in self.segments:
            if kind == "card":
                parts.append(tool_card(*self.cards[value]))
            elif kind == "notice":
                parts.append(f"<div class='orkas-text'>⚠ {html.escape(value)}</div>")
            elif value.strip():
                parts.append(f"<div class='orkas-text'>{html.escape(value)}</div>")
        return "".join(parts)
