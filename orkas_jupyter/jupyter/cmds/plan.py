"""`%orkas plan …` and `%%orkas plan`: a conversation's plan (O7, docs/plans.md) — show it,
resume it, answer a blocked step, pause or cancel it, or run a plan written in the cell."""

from __future__ import annotations

from typing import Any

HELP = """\
%%orkas plan                  run the plan written in the cell (YAML or JSON; docs/plans.md)
%%orkas plan edit             replace the running plan's steps (finished ones must stay)
%orkas plan [show|resume|pause|cancel]   the conversation's plan as text; go on, pause, stop
%orkas plan answer STEP TEXT  answer the question a blocked step asked"""


def run(rt: Any, parts: list[str]) -> bool:
    action = parts[0] if parts else "show"
    if action == "show" and len(parts) <= 1:
        show(rt)
        return True
    if action in ("pause", "cancel") and len(parts) == 1:
        _control(rt, action)
        return True
    if action == "resume" and len(parts) == 1:
        drive(rt, "resume", "plan resume")
        return True
    if action == "answer" and len(parts) >= 3 and parts[1].isdigit():
        text = " ".join(parts[2:])
        drive(rt, "answer", f"plan answer {parts[1]} {text}", step=int(parts[1]), text=text)
        return True
    return False


def show(rt: Any) -> None:
    from ...orchestra.plan_view import plan_text

    record = rt.submit(rt.orchestra.plans.latest(rt.session_for())).result(timeout=60)
    print(plan_text(record) if record is not None else
          "No plan in this conversation. Write one in a `%%orkas plan` cell, or ask the agent "
          "for a plan (docs/plans.md).")


def _control(rt: Any, action: str) -> None:
    from ...orchestra.plan_model import PlanError
    from ...orchestra.plan_view import plan_text

    planner = rt.orchestra.plans
    call = planner.pause if action == "pause" else planner.cancel
    try:
        record = rt.submit(call(rt.session_for())).result(timeout=60)
    except PlanError as exc:
        print(f"%orkas plan {action}: {exc}")
        return
    print(plan_text(record))


def drive(rt: Any, action: str, label: str, *, spec: Any = None, step: int = 0,
          text: str = "") -> None:
    """Run the plan action under the current cell, streaming, until the plan needs the user
    or ends (an interrupt pauses it)."""
    from ..cell_turn import cell_turn

    def source(turn: Any) -> Any:
        return rt.orchestra.plan(turn.session_id, action, spec=spec, step=step, text=text,
                                 approve=turn.approvals, cancel=turn.cancel)

    cell_turn(rt.shell, label, source=source)


def cell(rt: Any, line_args: list[str], body: str) -> None:
    """`%%orkas plan [edit]` with the plan in the cell body."""
    from ...orchestra.plan_model import PlanError, parse_plan

    if line_args not in ([], ["edit"]):
        print("%%orkas plan: the first line is `%%orkas plan` or `%%orkas plan edit`; the "
              "plan goes in the cell body (docs/plans.md)")
        return
    try:
        spec = parse_plan(body)
        spec.checked(set(rt.orchestra.team.agents()))
    except PlanError as exc:
        print(f"%%orkas plan: {exc}. Nothing was started.")
        return
    action = "edit" if line_args else "start"
    drive(rt, action, f"plan {action}: {spec.title or body.strip().splitlines()[0]}", spec=spec,
          text=spec.title)
