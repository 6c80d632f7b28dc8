"""The one risk policy for every tool call (`engine.policy.ToolPolicy`): the only place that
asks the user.

Tools say what a call would do (`Tool.actions`); this policy judges each action — a shell
command with `risk.classify_command`, Python code with `code_risk.classify_code`, a write with
the outside-the-workspace check — against the workspace and the folders the user authorised
(`ctx.services["sandbox"]`, read at call time). A blocked action is refused outright; each risk
class found is put to the turn's approval callback once (once / for this run / deny); a denial
becomes an error result that says what happened and what would work. Logs keep the tool, the
action kind, the risk classes and the text's length, never the command or the code.

After a call, values of credential variables in this process's environment are redacted from
the result: code run in the kernel can print `os.environ`, which holds the keys the shell
never sees, and the result goes to the model provider and the session store. The output of a
command or cell that reached the network (an address in it, `outbound.py`) is outside text
like a fetched page: when the injection scanner flags it, a notice goes in front (flag only).

Hosts the user named are those of the user's own messages and of the notebook's cells the
user wrote (a cell the agent made or changed carries `orkas` metadata and does not count).
Code's addresses held in variables are read from the kernel's namespace at call time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..engine.messages import TextPart, ToolCallPart, ToolResultPart
from ..engine.policy import ToolAction
from ..engine.tools import ApprovalRequest, Tool, ToolContext, ToolOutput
from ..secrets import Redactor, secret_values
from .code_risk import classify_code_at
from .outbound import (
    addresses_in_python,
    addresses_in_shell,
    assess_code_addresses,
    assess_request,
    named_hosts,
)
from .remote_media import remote_media
from .risk import classify_command_at
from .risk_paths import Place
from .risk_rules import RiskAssessment, RiskClass
from .sandbox import PathSandbox

log = logging.getLogger(__name__)

MAX_DETAIL_CHARS = 6_000
_NOUN = {"shell": "command", "python": "code", "write": "write", "tool": "tool call",
         "markdown": "Markdown cell", "network": "web request"}
_SUMMARY = {"shell": "Run a shell command that", "python": "Run Python code that",
            "write": "Write files:", "tool": "Call a tool that",
            "markdown": "Write a Markdown cell that", "network": "Fetch a web address that"}
_SAFER = {"shell": "use a safer command", "python": "change the code to avoid it",
          "write": "write inside the workspace instead",
          "tool": "choose a call that changes nothing",
          "markdown": "link to the image instead of showing it (the user can add its host to "
                      "the image_hosts setting)",
          "network": "fetch the address without the data in it, or ask the user to name the "
                     "host if it is one they trust"}


def place_for(ctx: ToolContext, cwd: str | None = None) -> Place | None:
    """The workspace, authorised folders, home and working folder of this call (None when
    the agent has no workspace sandbox: then only the checks that need none apply)."""
    sandbox = ctx.services.get("sandbox")
    if not isinstance(sandbox, PathSandbox):
        return None
    return Place.make(sandbox.workspace, sandbox.roots[1:], Path(cwd) if cwd else None,
                      sandbox.home)


# User-role messages an agent wrote: summaries, a team's dispatched tasks and plan steps,
# the hand-back of pending items, the host's undo notes.
_AGENT_WRITTEN = ("summary", "dispatched_by", "plan_step", "plan_failure", "handback", "undo")


def user_hosts(ctx: ToolContext) -> set[str]:
    """Hosts the user named in this session's own messages (not in user-role messages an
    agent wrote, nor in anything the agent read)."""
    messages = ctx.conversation() if ctx.conversation is not None else []
    return named_hosts(m.text for m in messages if m.role == "user"
                       and not any(m.meta.get(k) for k in _AGENT_WRITTEN))


async def notebook_hosts(ctx: ToolContext) -> set[str]:
    """Hosts named in the notebook's cells the user wrote: a URL in the user's own code or
    notes is the user's (cells the agent made or changed carry `orkas` metadata)."""
    from .notebook import notebook  # the cell tools import this module's users

    try:
        cells = await notebook(ctx).cells()
    except Exception:  # no notebook, or it cannot be read now: only the messages count
        return set()
    return named_hosts(c.source for c in cells if "orkas" not in c.metadata)


def kernel_values(ctx: ToolContext) -> Mapping[str, Any]:
    """The kernel's user namespace (empty outside a kernel): the values code will read."""
    kernel = ctx.services.get("kernel")
    try:
        return kernel.namespace() if kernel is not None else {}
    except Exception:  # a kernel that cannot be read now: variables are not known
        return {}


def code_addresses(action: ToolAction, values: Mapping[str, Any] | None = None) -> list[str]:
    """The web addresses a shell or Python action requests (`values`: the namespace the
    code's variables are read from)."""
    if action.kind == "shell":
        return addresses_in_shell(action.text)
    return addresses_in_python(action.text, values) if action.kind == "python" else []


def assess(action: ToolAction, place: Place | None, named: Iterable[str] = (),
           values: Mapping[str, Any] | None = None) -> RiskAssessment:
    """What one action risks: findings to ask about, or a reason to refuse it. `named`:
    the hosts the user named (a network action to another host that carries data asks);
    `values`: the kernel namespace code's variables are read from."""
    if action.kind == "network":
        return assess_request(action.targets[0] if action.targets else action.text, named,
                              secret_values())
    if action.kind in ("shell", "python"):
        shell = action.kind == "shell"
        result = (classify_command_at(action.text, place) if shell
                  else classify_code_at(action.text, place))
        assess_code_addresses(code_addresses(action, values), named, result, secret_values())
        return result
    result = RiskAssessment()
    if action.kind == "markdown":
        for host in dict.fromkeys(m.host for m in remote_media(action.text)):
            result.add(RiskClass.REMOTE_IMAGE, f"shows an image from {host} (showing it "
                       "sends its address, and any data in it, to that server)")
    if action.kind == "tool":
        result.add(RiskClass.MCP_DESTRUCTIVE, "its server marks as destructive")
    if action.kind == "write" and place is not None:
        for target in action.targets:
            path = place.resolve(target)
            if path is not None and place.outside(path):
                result.add(RiskClass.OUTSIDE_WORKSPACE,
                           f"changes {target} outside the workspace")
    return result


def trim_detail(text: str, limit: int = MAX_DETAIL_CHARS) -> str:
    """The text shown with an approval request: whole when short, else head and tail."""
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    tail = limit - head
    return (f"{text[:head]}\n… [{len(text) - head - tail:,} characters not shown of "
            f"{len(text):,}] …\n{text[-tail:]}")


def _denied(kind: str, risk: RiskClass, reasons: str, place: Place | None) -> str:
    noun = _NOUN.get(kind, "action")
    text = (f"Not run: the {noun} needs approval ({risk.value}: {reasons}) and it was denied "
            "by the user or by the approval policy (ORKAS_APPROVAL). Do not retry it "
            f"unchanged; ask the user, or {_SAFER.get(kind, 'choose a safer action')}.")
    if risk is RiskClass.OUTSIDE_WORKSPACE:
        where = f" ({place.workspace})" if place is not None else ""
        text += (f" Files inside the workspace{where} can be changed without asking; the user "
                 "can also authorise another folder.")
    elif risk is RiskClass.SHELL_FROM_CODE:
        text += (" A command written out as a literal string or list can be checked, and "
                 "runs without asking when it is harmless.")
    return text


class RiskPolicy:
    """Risk classification and approval for every tool call (shell commands, code the
    model wrote, writes), plus redaction of credential values from results."""

    def __init__(self, *, redact_results: bool = True) -> None:
        self.redact_results = redact_results
        # calls allowed to run that reach the network: their output is scanned
        self._fetching: set[str] = set()

    async def before_call(self, call: ToolCallPart, tool: Tool[Any], args: BaseModel,
                          ctx: ToolContext) -> ToolOutput | None:
        actions = await tool.actions(args, ctx)
        if not actions:
            return None
        judged = []
        values = kernel_values(ctx) if any(a.kind == "python" for a in actions) else {}
        fetching = any(code_addresses(a, values) for a in actions)
        # the user's messages and cells are read only when an address needs judging
        named: set[str] = set()
        if fetching or any(a.kind == "network" for a in actions):
            named = user_hosts(ctx) | await notebook_hosts(ctx)
        for action in actions:
            place = place_for(ctx, action.cwd)
            judged.append((action, assess(action, place, named, values), place))
        for action, assessment, _ in judged:
            if assessment.blocked:
                noun = _NOUN.get(action.kind, "action")
                log.warning("%s refused a blocked %s (length %d)", call.name, action.kind,
                            len(action.text))
                return ToolOutput.text(
                    f"Refused: this {noun} {assessment.blocked}. It is on the blocked list and "
                    f"cannot be approved. Choose a narrower, safer {noun}.", is_error=True)
        for action, assessment, place in judged:
            classes = ",".join(c.value for c in assessment.classes) or "none"
            log.info("%s %s risk=%s length=%d", call.name, action.kind, classes,
                     len(action.text))
            for risk in assessment.classes:
                reasons = "; ".join(assessment.reasons(risk))
                summary = f"{_SUMMARY.get(action.kind, call.name + ':')} {reasons}"
                detail = action.text or "\n".join(action.targets)
                allowed = await ctx.request_approval(ApprovalRequest(
                    tool=call.name, summary=summary, risk=risk.value,
                    detail=trim_detail(detail)))
                log.info("%s approval risk=%s length=%d decision=%s", call.name, risk.value,
                         len(action.text), "allowed" if allowed else "denied")
                if not allowed:
                    return ToolOutput.text(_denied(action.kind, risk, reasons, place),
                                           is_error=True)
        if fetching:
            self._fetching.add(call.id)
        return None

    async def after_call(self, call: ToolCallPart, tool: Tool[Any], args: BaseModel,
                         result: ToolResultPart, ctx: ToolContext) -> ToolResultPart:
        if self.redact_results:
            result = _redacted(call, result)
        if call.id in self._fetching:
            self._fetching.discard(call.id)
            result = await asyncio.to_thread(_flagged, result)
        return result


def _redacted(call: ToolCallPart, result: ToolResultPart) -> ToolResultPart:
    redactor = Redactor(secret_values())
    if not redactor:
        return result
    content = [TextPart(text=redactor(p.text)) if isinstance(p, TextPart) else p
               for p in result.content]
    if content == result.content:
        return result
    log.info("%s result: credential values redacted", call.name)
    return result.model_copy(update={"content": content})


def _flagged(result: ToolResultPart) -> ToolResultPart:
    """The output of a command or cell that reached the network, with the scanner's notice
    in front when its text tries to instruct the model."""
    from .threat_scan import flag_content  # loaded on the first such output

    content = flag_content(result.content, "this output (the code reached the network)")
    return result if content is None else result.model_copy(update={"content": content})
