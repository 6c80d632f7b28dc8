"""A plan as people see it: text for terminals and nbclient, and a small DAG (SVG boxes in
columns by depth, arrows for `wait_for`, status colours, each step's summary on click) for a
cell. Pure functions of the plan's data, so a replayed plan renders identically."""

from __future__ import annotations

import html
from typing import Any

from .plan_model import PlanSpec, PlanState
from .plan_store import PlanRecord

__all__ = ["STATUS_COLORS", "plan_html", "plan_markdown", "plan_text"]

STATUS_COLORS = {"pending": "#d0d7de", "in_progress": "#54aeff", "done": "#4ac26b",
                 "failed": "#ff8182", "skipped": "#afb8c1", "blocked": "#d4a72c"}
MARKS = {"pending": "·", "in_progress": "▶", "done": "✓", "failed": "✗", "skipped": "⤼",
         "blocked": "?"}
_W, _H, _GX, _GY = 190, 54, 50, 16


def _parts(plan: PlanRecord | dict[str, Any]) -> tuple[PlanSpec, PlanState]:
    if isinstance(plan, PlanRecord):
        return plan.spec, plan.state
    return PlanSpec.model_validate(plan["spec"]), PlanState.model_validate(plan["state"])


def plan_text(plan: PlanRecord | dict[str, Any]) -> str:
    """The plan's state as lines of text."""
    spec, state = _parts(plan)
    done = sum(state.step(s.id).status == "done" for s in spec.steps)
    head = f"Plan{': ' + spec.title if spec.title else ''} — {state.status}, " \
           f"{done}/{len(spec.steps)} steps done"
    lines = [head + (f" ({state.reason})" if state.reason and state.status != "running"
                     else "")]
    for step in spec.steps:
        st = state.step(step.id)
        after = f" after {', '.join(map(str, step.upstream()))}" if step.upstream() else ""
        lines.append(f"  {MARKS[st.status]} {step.id}. {step.title} [{step.assignee}] "
                     f"{st.status}{after}")
        if st.status == "blocked":
            lines.append(f"      question: {st.question}  →  `%orkas plan answer {step.id} …`")
        elif st.failure_reason:
            lines.append(f"      {st.failure_reason}")
        elif st.output_summary:
            lines.append(f"      {' '.join(st.output_summary.split())[:160]}")
    return "\n".join(lines)


def plan_markdown(plan: PlanRecord | dict[str, Any]) -> str:
    """The plan's state as Markdown: a heading line and one item per step."""
    spec, state = _parts(plan)
    head = plan_text(plan).splitlines()[0]
    lines = [f"**{head}**", ""]
    for step in spec.steps:
        st = state.step(step.id)
        detail = (f" — waiting for your answer: *{st.question}* (`%orkas plan answer "
                  f"{step.id} …`)" if st.status == "blocked" else
                  f" — {st.failure_reason}" if st.failure_reason else
                  f" — {' '.join(st.output_summary.split())[:200]}" if st.output_summary
                  else "")
        lines.append(f"{step.id}. {MARKS[st.status]} **{step.title}** ({step.assignee}, "
                     f"{st.status}){detail}")
    return "\n".join(lines)


def _levels(spec: PlanSpec) -> dict[int, int]:
    level: dict[int, int] = {}
    for sid in spec.order():
        ups = spec.step(sid).upstream()
        level[sid] = 1 + max((level[u] for u in ups), default=-1)
    return level


def plan_html(plan: PlanRecord | dict[str, Any]) -> str:
    """The plan as an SVG DAG with a summary list (click a step's line to read it)."""
    spec, state = _parts(plan)
    level = _levels(spec)
    rows: dict[int, int] = {}
    pos: dict[int, tuple[int, int]] = {}
    for step in spec.steps:
        col = level[step.id]
        row = rows.get(col, 0)
        rows[col] = row + 1
        pos[step.id] = (col * (_W + _GX) + 4, row * (_H + _GY) + 4)
    width = (max(level.values()) + 1) * (_W + _GX)
    height = max(rows.values()) * (_H + _GY) + 4
    svg = [f'<svg class="orkas-plan-dag" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
           'font-family="sans-serif" font-size="12">',
           '<defs><marker id="orkas-arrow" markerWidth="8" markerHeight="8" refX="7" refY="4" '
           'orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#57606a"/></marker></defs>']
    for step in spec.steps:
        x2, y2 = pos[step.id]
        for up in step.upstream():
            x1, y1 = pos[up]
            svg.append(f'<line x1="{x1 + _W}" y1="{y1 + _H // 2}" x2="{x2 - 2}" '
                       f'y2="{y2 + _H // 2}" stroke="#57606a" marker-end="url(#orkas-arrow)"/>')
    for step in spec.steps:
        st = state.step(step.id)
        x, y = pos[step.id]
        title = html.escape(_cut(f"{step.id}. {step.title}", 28))
        tip = html.escape(st.question or st.failure_reason or st.output_summary or st.status)
        svg.append(f'<g data-step="{step.id}" data-status="{st.status}"><title>{tip}</title>'
                   f'<rect x="{x}" y="{y}" width="{_W}" height="{_H}" rx="6" '
                   f'fill="{STATUS_COLORS[st.status]}" stroke="#57606a"/>'
                   f'<text x="{x + 8}" y="{y + 20}" font-weight="bold">{title}</text>'
                   f'<text x="{x + 8}" y="{y + 40}">{html.escape(step.assignee)} · '
                   f'{MARKS[st.status]} {st.status}</text></g>')
    svg.append("</svg>")
    items = []
    for step in spec.steps:
        st = state.step(step.id)
        body = (st.question and f"question: {st.question}") or st.failure_reason or st.output
        if body:
            items.append(f"<details><summary>{step.id}. {html.escape(step.title)} — "
                         f"{st.status}</summary><pre>{html.escape(body[:4000])}</pre></details>")
    head = html.escape(plan_text(plan).splitlines()[0])
    return (f"<div class='orkas-plan'><div><b>{head}</b></div>{''.join(svg)}"
            f"{''.join(items)}</div>")


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
