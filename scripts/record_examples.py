"""Write the example notebooks in notebooks/ and record their model answers.

    .venv/bin/python scripts/record_examples.py [quickstart workspace knowledge]

The answers are scripted here (this file plays the model through the packaged fake model
server) and written to read like a capable model's; each notebook says so. A notebook is run
twice with nbclient: once in record mode against the scripted model, which writes
`<name>.orkas.json` beside it, then once more offline from that recording — the second run's
outputs are what gets committed, so CI's re-execution must reproduce them exactly.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from orkas_jupyter.testing import RecordedRequest, Step, reply, tool_call, tool_calls
from orkas_jupyter.testing.notebooks import check, record

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MODEL = "openai/orkas-scripted-example"
RECORDED_NOTE = (
    "> **Recorded answers.** The model's answers in this notebook come from "
    "`{name}.orkas.json` beside it. They were scripted for this example (not produced by a "
    "live model) and recorded; `%orkas replay auto {name}.orkas.json` plays them back with "
    "no API key and no network, in JupyterLab, VS Code, nbconvert or papermill. The tools "
    "run for real each time — the agent's look at the kernel, the files and the commands "
    "are recomputed — and if a request no longer matches the recording "
    "(you edited a prompt, the data changed), the cell says which message differs. To run it "
    "live, add `%orkas model openai/gpt-4o` (or any litellm `provider/model`, with its key, "
    "e.g. `OPENAI_API_KEY`) after the setup cell: every request then goes to your model and "
    "its answers are recorded in place of the scripted ones.")


# -- helpers ----------------------------------------------------------------------------------
def turn_results(request: RecordedRequest) -> list[str]:
    """The tool results of the current turn (after the user's last prompt), as text."""
    messages = request.messages
    last_user = max(i for i, m in enumerate(messages) if m.get("role") == "user"
                    and "Image returned by tool" not in json.dumps(m.get("content")))
    out = []
    for m in messages[last_user:]:
        if m.get("role") == "tool":
            content = m.get("content")
            out.append(content if isinstance(content, str) else json.dumps(content))
    return out


def notebook(cells: list[tuple[str, str, str]]) -> dict[str, Any]:
    """An nbformat 4.5 notebook from (id, kind, source) triples."""
    built = []
    for cid, kind, source in cells:
        cell: dict[str, Any] = {"cell_type": kind, "id": cid, "metadata": {}, "source": source}
        if kind == "code":
            cell.update(outputs=[], execution_count=None)
        built.append(cell)
    return {"nbformat": 4, "nbformat_minor": 5, "cells": built,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"},
                         "language_info": {"name": "python"}}}


def setup_cell(name: str) -> tuple[str, str, str]:
    # The recording is named, so the notebook replays under every runner (nbconvert,
    # papermill and nbclient do not tell the kernel which notebook it runs).
    return ("setup", "code", f"%load_ext orkas_jupyter\n%orkas replay auto {name}.orkas.json")


# -- quickstart -------------------------------------------------------------------------------
PLOT = '''import numpy as np
import matplotlib.pyplot as plt

wet = rentals.rain_mm >= 1
weekend = rentals.weekend == 1
base = ~wet & ~weekend  # dry weekdays: the temperature effect on its own
slope, intercept = np.polyfit(rentals.temp_c[base], rentals.rentals[base], 1)
expected = intercept + slope * rentals.temp_c
residual = rentals.rentals - expected

fig, ax = plt.subplots(figsize=(7, 4))
ax.scatter(rentals.temp_c[base], rentals.rentals[base], label="dry weekday")
dry_weekend = ~wet & weekend
ax.scatter(rentals.temp_c[dry_weekend], rentals.rentals[dry_weekend], marker="s",
           label="dry weekend")
ax.scatter(rentals.temp_c[wet], rentals.rentals[wet], marker="x", c="k", label="rain ≥ 1 mm")
xs = np.linspace(rentals.temp_c.min(), rentals.temp_c.max(), 2)
ax.plot(xs, intercept + slope * xs, "--", c="grey", label=f"dry weekdays: {slope:+.0f} per °C")
ax.set(xlabel="temperature (°C)", ylabel="rentals per day", title="Daily bike rentals")
ax.legend()
plt.show()

print(f"dry weekdays: {slope:+.1f} rentals per °C (n={base.sum()})")
print(f"rain: {residual[wet].mean():+.0f} rentals vs. the temperature line (n={wet.sum()})")
print(f"weekend: {residual[dry_weekend].mean():+.0f} rentals vs. the temperature line")
top = residual.idxmax()
print(f"largest surprise: day {rentals.day[top]}, {rentals.rentals[top]} rentals, "
      f"{residual[top]:+.0f} vs. expected")'''


def quickstart_model(request: RecordedRequest) -> Step:
    """Inspect, insert a plotting cell, run it, explain from what it printed."""
    done = turn_results(request)
    if not done:
        return tool_call("inspect_variable", {"name": "rentals"},
                         text="Let me look at the DataFrame first.")
    if len(done) == 1:
        return tool_call("insert_cell", {"source": PLOT},
                         text="Four weeks of daily data: temperature, rain and the weekend flag "
                              "are the candidate drivers. I'll separate them in one plot and "
                              "a few numbers.")
    if len(done) == 2:
        cell_id = re.search(r"cell (\w+)", done[1]).group(1)  # type: ignore[union-attr]
        return tool_call("run_cell", {"cell_id": cell_id})
    out = done[2]

    def grab(pattern: str) -> str:
        return re.search(pattern, out).group(1)  # type: ignore[union-attr]

    slope, rain, weekend = grab(r"([+-][\d.]+) rentals per °C"), grab(r"rain: ([+-]\d+)"), \
        grab(r"weekend: ([+-]\d+)")
    day, count, surprise = grab(r"day (\d+),"), grab(r", (\d+) rentals,"), \
        grab(r"rentals, ([+-]\d+) vs")
    return reply(
        f"Three things drive daily rentals in `rentals`, and one day doesn't fit:\n\n"
        f"1. **Temperature** — on dry weekdays each extra °C brings about **{slope} rentals** "
        f"a day; it is the main trend across the month (the dashed line).\n"
        f"2. **Rain** — a day with at least 1 mm of rain sits about **{rain} rentals** below "
        f"what its temperature predicts (the × marks).\n"
        f"3. **Weekends** — dry weekend days sit about **{weekend}** above the line: "
        f"leisure riding adds more than a rainy day takes away.\n\n"
        f"**Day {day} is an outlier**: {count} rentals, {surprise} above expected — far more "
        f"than a weekend explains. Check whether something happened that day (an event, a "
        f"promotion, a data-entry error) before using it in a model; I would exclude it when "
        f"fitting the temperature effect.\n\n"
        f"The plotting cell is at the end of the notebook; it defines `slope`, `expected` and "
        f"`residual` in your kernel if you want to dig further.")


def quickstart() -> tuple[dict[str, Any], Callable[[RecordedRequest], Step]]:
    cells = [
        ("title", "markdown",
         "# Orkas quickstart: ask about a DataFrame\n\n"
         "The agent runs *inside* this kernel: it inspects `rentals`, writes a plotting cell, "
         "runs it, looks at the output and the figure, and explains.\n\n"
         + RECORDED_NOTE.format(name="quickstart")),
        setup_cell("quickstart"),
        ("load", "code", "import pandas as pd\n\n"
                         "rentals = pd.read_csv(\"data/bike_rentals.csv\")\nrentals.head()"),
        ("ask-md", "markdown", "Ask in a `%%orkas` cell. Tool calls show as cards you can "
                               "open; the answer is Markdown."),
        ("ask", "code", "%%orkas\nWhat drives daily rentals in `rentals`? Plot what matters "
                        "and explain it briefly."),
        ("after", "markdown",
         "The cell the agent added is at the end of the notebook. Its metadata "
         "(`orkas`: session, turn, model and tool call) says who made it; `%orkas export` "
         "keeps it."),
    ]
    return notebook(cells), quickstart_model


# -- workspace --------------------------------------------------------------------------------
PROJECT = '''from pathlib import Path
import shutil

# A small project with a failed nightly job (recreated each run, so the notebook re-runs cleanly).
project = Path("project")
shutil.rmtree(project, ignore_errors=True)
(project / "logs").mkdir(parents=True)
(project / "data" / "2026-11").mkdir(parents=True)
(project / "data" / "2026-11" / "orders.csv").write_text(
    "order_id,amount\\n1001,25.00\\n1002,40.50\\n")
(project / "config.toml").write_text(
    '[export]\\n'
    'input_dir = "data/2025-11"\\n'
    'output = "exports/orders.parquet"\\n'
    'notify = "data-team@example.org"\\n')
(project / "logs" / "nightly.log").write_text(
    "2026-11-28T02:00:03Z INFO  nightly export started (pid 4242)\\n"
    "2026-11-28T02:00:03Z INFO  reading config.toml\\n"
    "2026-11-28T02:00:04Z INFO  scanning input_dir data/2025-11\\n"
    "2026-11-28T02:00:04Z WARN  input_dir data/2025-11 is empty or missing\\n"
    "2026-11-28T02:00:04Z ERROR no input files found; nothing to export\\n"
    "2026-11-28T02:00:04Z ERROR export failed; lock file nightly.lock left in place\\n")
(project / "nightly.lock").write_text("pid=4242 started=2026-11-28T02:00:03Z\\n")
sorted(str(p) for p in project.rglob("*"))'''


def workspace_model(request: RecordedRequest) -> Step:
    """Read the log, check the folders, fix the config, remove the lock (with approval)."""
    done = turn_results(request)
    steps = [
        lambda: tool_call("grep_files", {"pattern": "WARN|ERROR", "path": "project/logs"},
                          text="I'll start with what the job itself reported."),
        lambda: tool_call("read_file", {"path": "project/config.toml"},
                          text="The job looked in `data/2025-11` and found nothing. Let me "
                               "see the config and what is actually under `data/`."),
        lambda: tool_call("bash", {"command": "ls project/data"}),
        lambda: tool_call("edit_file", {"path": "project/config.toml",
                                        "old_string": 'input_dir = "data/2025-11"',
                                        "new_string": 'input_dir = "data/2026-11"'},
                          text="The input folder is `data/2026-11`; the config still points "
                               "at last year's `data/2025-11`. Fixing the year:"),
        lambda: tool_call("bash", {"command": "rm project/nightly.lock"},
                          text="Now the stale lock. Deleting a file needs your approval."),
        lambda: tool_call("bash", {"command": "ls -A project && cat project/config.toml"}),
    ]
    if len(done) < len(steps):
        return steps[len(done)]()
    line = next((m.group(1) for m in re.finditer(r"nightly\.log:(\d+):[^\n]*ERROR no input",
                                                 done[0])), "?")
    return reply(
        "**Why it failed:** the config pointed the export at `data/2025-11`, a folder that "
        f"doesn't exist, so it found no input and stopped (`project/logs/nightly.log:{line}`). "
        "The data is in `data/2026-11` — the year in `input_dir` was never updated.\n\n"
        "**What I changed:**\n"
        "- `project/config.toml`: `input_dir = \"data/2026-11\"` (one line, nothing else).\n"
        "- Removed `project/nightly.lock`, left by the failed run (pid 4242); deleting "
        "it was approved (the line under this answer says by whom).\n\n"
        "The job can run again. To stop this recurring every year, consider deriving the "
        "folder from the run date instead of hard-coding it.")


def workspace() -> tuple[dict[str, Any], Callable[[RecordedRequest], Step]]:
    cells = [
        ("title", "markdown",
         "# Orkas in the workspace: files, shell and approvals\n\n"
         "The agent reads and edits files and runs shell commands in the notebook's folder "
         "(its workspace; paths outside it are refused). Risky commands — deleting files, "
         "installing, sending data out — wait for your approval.\n\n"
         + RECORDED_NOTE.format(name="workspace")),
        setup_cell("workspace"),
        ("approval-md", "markdown",
         "In JupyterLab the approval question appears in a box under the running cell: "
         "answer `o` (once) to follow the recording. Run headless (nbclient, papermill, CI), "
         "nobody can be asked; then the policy decides, and this notebook allows it for its "
         "own scratch project:"),
        ("policy", "code", "%orkas config approval allow"),
        ("project", "code", PROJECT),
        ("ask", "code", "%%orkas\nThe nightly export in `project/` failed last night. Find out "
                        "why from its log, fix the config, and remove the stale lock so it "
                        "can run again."),
        ("check", "code", 'print(Path("project/config.toml").read_text())\n'
                          'print("lock still there:", Path("project/nightly.lock").exists())'),
    ]
    return notebook(cells), workspace_model


# -- knowledge --------------------------------------------------------------------------------
def passages(result: str) -> list[tuple[str, int, str]]:
    """(document, first line, text) of each passage in a knowledge_search result."""
    found = re.findall(r"\[\d+\] (\S+):(\d+)-\d+ \(score [\d.]+\)\n<<<\n(.*?)\n>>>", result,
                       re.DOTALL)
    return [(doc, int(start), text) for doc, start, text in found]


def cite(results: list[str], first: str, last: str) -> str:
    """`document:a-b`: the lines of a passage from the one holding `first` to the one holding
    `last` — what a careful reader of the passage would cite."""
    for result in results:
        for doc, start, text in passages(result):
            lines = text.split("\n")
            a = next((i for i, line in enumerate(lines) if first in line), None)
            b = next((i for i, line in enumerate(lines) if last in line and a is not None
                      and i >= a), None)
            if a is not None and b is not None:
                return f"{doc}:{start + a}-{start + b}"
    raise LookupError(f"no passage holds {first!r} … {last!r}")


def last_prompt(request: RecordedRequest) -> str:
    """The text of the user's latest prompt."""
    prompts = [m for m in request.messages if m.get("role") == "user"
               and "Image returned by tool" not in json.dumps(m.get("content"))]
    content = prompts[-1].get("content")
    return content if isinstance(content, str) else json.dumps(content)


def knowledge_model(request: RecordedRequest) -> Step:
    """Searches, then answers whose every claim cites a passage it was given."""
    done = turn_results(request)
    if "pipeline fails" in last_prompt(request):
        return knowledge_followup(done)
    if not done:
        return tool_call("knowledge_search", {"query": "how long are raw event logs kept"},
                         text="Let me check the handbook.")
    if len(done) == 1:
        return tool_call("knowledge_search",
                         {"query": "delete raw event logs early approval legal hold incident"})
    kept = cite(done, "Raw event logs (clickstream", "by the nightly retention job")
    approval = cite(done, "Deleting raw event logs before", "two working days")
    gdpr = cite(done, "GDPR article 17", "dataset owner's approval")
    hold = cite(done, "A legal hold suspends", "until Legal lifts it")
    incident = cite(done, "Do not delete raw event logs", "counts as a legal hold")
    return reply(
        f"**90 days.** Raw event logs (clickstream, API access logs) are kept for 90 days and "
        f"then deleted automatically by the nightly retention job [`{kept}`].\n\n"
        f"**Deleting them earlier** needs written approval from **two people: the dataset "
        f"owner and the Data Protection Officer (DPO)**. The request goes to #data-governance "
        f"with the dataset name and the reason; the DPO answers within two working days "
        f"[`{approval}`]. One exception: a customer's GDPR article 17 request is handled by "
        f"the privacy team without the dataset owner's approval [`{gdpr}`].\n\n"
        f"**When they can't be deleted at all:**\n"
        f"- under a **legal hold**, which suspends every deletion — automatic or requested — "
        f"until Legal lifts it in writing [`{hold}`];\n"
        f"- during an **open incident**: the affected datasets count as being on legal hold, "
        f"because raw logs are evidence [`{incident}`].\n\n"
        f"Not to be confused with the *retention rate* in the metrics glossary, which is user "
        f"retention, a product metric.")


def knowledge_followup(done: list[str]) -> Step:
    """The second question, in the same conversation."""
    if not done:
        return tool_call("knowledge_search",
                         {"query": "pipeline failure at night on call first steps re-run"})
    oncall = cite(done, "The on-call data engineer", "do not rely on direct messages")
    first = cite(done, "Acknowledge the page", "Post a short status")
    rerun = cite(done, "Re-run a failed job only after", "understood.")
    evidence = cite(done, "Do not delete raw event logs", "counts as a legal hold")
    return reply(
        f"From the incident runbook:\n\n"
        f"1. **Page the on-call data engineer** (named in the #data-oncall channel topic) "
        f"through the incident tool — not by direct message at night [`{oncall}`].\n"
        f"2. **Acknowledge within 15 minutes**, find the first ERROR line in the dashboard or "
        f"the job's log, and post a short status in #data-incidents [`{first}`].\n"
        f"3. **Don't clean up yet**: leave the raw logs and intermediate files alone — as we "
        f"saw, an open incident counts as a legal hold [`{evidence}`].\n"
        f"4. **Re-run only once the stale lock file is removed and you understand the "
        f"cause** [`{rerun}`].")


def knowledge() -> tuple[dict[str, Any], Callable[[RecordedRequest], Step]]:
    cells = [
        ("title", "markdown",
         "# Orkas knowledge base: answers with citations\n\n"
         "Add documents to the workspace knowledge base (stored in the workspace's DuckDB "
         "file, searched with BM25 — and vectors too when an embedding model is set), then "
         "ask. The agent searches it and cites each claim as `document:lines`.\n\n"
         + RECORDED_NOTE.format(name="knowledge")),
        setup_cell("knowledge"),
        ("add", "code", "%orkas kb add handbook"),
        ("search-md", "markdown", "You can search it yourself:"),
        ("search", "code", "%orkas kb search deleting raw logs early"),
        ("ask", "code", "%%orkas\nHow long do we keep raw event logs, and who must approve "
                        "deleting them early? Are there cases where they can't be deleted at "
                        "all? Cite the handbook."),
        ("followup-md", "markdown", "A follow-up in the same conversation (the agent keeps "
                                    "the earlier question and answer):"),
        ("followup", "code", "%orkas What should I do first when the nightly pipeline fails at "
                             "night?"),
        ("after", "markdown", "Each citation names the document and its lines: open "
                              "`handbook/data-retention.md` or `handbook/incident-runbook.md` "
                              "to check them."),
    ]
    return notebook(cells), knowledge_model


# -- team -------------------------------------------------------------------------------------
GROWTH = {"none": [4.1, 3.8, 4.5, 4.0, 3.6, 4.2], "A": [5.2, 5.8, 4.9, 5.5, 6.1, 5.3],
          "B": [4.4, 6.9, 3.1, 5.8, 4.0, 6.2]}

DATA = ('import pandas as pd\n\n'
        '# Growth (cm in four weeks) of 18 seedlings under three fertilizers.\n'
        'plants = pd.DataFrame({\n'
        '    "fertilizer": ["none"] * 6 + ["A"] * 6 + ["B"] * 6,\n'
        f'    "growth_cm": {GROWTH["none"] + GROWTH["A"] + GROWTH["B"]},\n'
        '})\nplants.groupby("fertilizer").growth_cm.describe()')

AGENTS = '''from pathlib import Path

# Two agents, as files (Claude Code's agent-file format); Commander reads their descriptions.
agents = Path(".orkas/agents")
agents.mkdir(parents=True, exist_ok=True)
(agents / "statistician.md").write_text("""---
name: statistician
description: computes group statistics from the kernel's DataFrames and reports the numbers
tools: list_variables, inspect_variable
---
You are a careful statistician. Look at the data before you compute; report numbers with
their units and the group sizes.
""")
(agents / "tutor.md").write_text("""---
name: tutor
description: explains statistics concepts patiently, with small examples
tools: inspect_variable
---
You teach statistics to a scientist who is not a statistician. Short answers, one idea at a
time, an example from their own data when you can.
""")
sorted(p.name for p in agents.iterdir())'''


def _stats() -> dict[str, tuple[float, float]]:
    import statistics

    return {k: (statistics.mean(v), statistics.stdev(v)) for k, v in GROWTH.items()}


def _statistician(done: list[str]) -> Step:
    if not done:
        return tool_call("inspect_variable", {"name": "plants"}, text="Looking at `plants` first.")
    stats = _stats()
    rows = "\n".join(f"| {k} | 6 | {m:.2f} | {sd:.2f} |" for k, (m, sd) in stats.items())
    return reply("Growth by fertilizer (cm in four weeks, 6 plants each):\n\n"
                 "| fertilizer | n | mean | sd |\n|---|---|---|---|\n" + rows + "\n\n"
                 f"A grows {stats['A'][0] - stats['none'][0]:.2f} cm more than no fertilizer "
                 f"on average; B {stats['B'][0] - stats['none'][0]:.2f} cm more, but B's spread "
                 f"({stats['B'][1]:.2f} cm) is about three times A's.")


def _tutor(text: str) -> Step:
    stats = _stats()
    if "n-1" in text:
        return reply("Because the mean itself was estimated from the same 6 plants: the "
                     "deviations from it are a little smaller than deviations from the true "
                     "mean would be. Dividing by n−1 = 5 instead of 6 makes up for that "
                     "(Bessel's correction); with 6 plants it raises the variance by 20%.")
    if "thank" in text.lower():
        return reply("You're welcome — Commander will pick up the summary from here.\n"
                     "<handback />")
    if "larger standard deviation" in text:
        return reply("A larger standard deviation means the plants in that group respond less "
                     "predictably: the average gain is there, but single plants may gain much "
                     "more or almost nothing.")
    none, b = stats["none"], stats["B"]
    return reply(f"The standard deviation says how far a typical plant lies from its group's "
                 f"mean. In your data the unfertilised plants all grew close to {none[0]:.1f} "
                 f"cm (sd {none[1]:.2f} cm), while under B they ranged from 3.1 to 6.9 cm "
                 f"(sd {b[1]:.2f} cm): a similar average gain to A, much less predictable.")


def _commander(text: str, done: list[str]) -> Step:
    stats = _stats()
    if "handed the floor back" in text:
        a, b = stats["A"], stats["B"]
        return reply(f"**Summary.** Both fertilizers increase growth over none "
                     f"({stats['none'][0]:.2f} cm): A to {a[0]:.2f} cm with a small spread "
                     f"(sd {a[1]:.2f}), B to {b[0]:.2f} cm with a large one (sd {b[1]:.2f}). "
                     "With 6 plants per group, A is the reliable choice; B needs more plants "
                     "before anyone can say whether its extra variability is real.")
    if "standard deviation is" in text:
        return tool_call("hand_off_to", {
            "agent": "tutor", "note": "the user asks what a standard deviation is; they just "
            "saw the fertilizer table (B has a large sd)",
            "pending": ["write a one-paragraph summary of the fertilizer comparison"]})
    if not done:
        return tool_calls(
            ("dispatch_to", {"agent": "statistician", "task": "In the DataFrame `plants`, "
                             "compare growth_cm between the fertilizer groups: n, mean and sd "
                             "per group, and the difference of each fertilizer to none."}),
            ("dispatch_to", {"agent": "tutor", "task": "In one or two sentences a biologist "
                             "understands: what does it mean when one fertilizer group has a "
                             "much larger standard deviation than another?"}),
            text="I'll ask the statistician for the numbers and the tutor for a plain-language "
                 "reading, at the same time.")
    statistician, tutor = done
    return reply("Here is what the two agents found.\n\n" + statistician + "\n\n"
                 "**In plain words** (the tutor): " + tutor)


def team_model(request: RecordedRequest) -> Step:
    """Commander dispatches two agents at once and synthesises; hands off to the tutor, who
    hands back; Commander resumes its pending item."""
    from orkas_jupyter.testing.team import last_user_text, member_of

    member = member_of(request)
    done = turn_results(request)
    text = last_user_text(request)
    if member == "statistician":
        return _statistician(done)
    if member == "tutor":
        return _tutor(text)
    return _commander(text, done)


def team() -> tuple[dict[str, Any], Callable[[RecordedRequest], Step]]:
    cells = [
        ("title", "markdown",
         "# Orkas agent teams: dispatch, hand-off and hand-back\n\n"
         "The notebook's agent is **Commander**. With agents defined in files it can "
         "*dispatch* tasks to them (several at once, each in its own session, the answers "
         "coming back to Commander), or *hand off* the floor so an agent talks with you "
         "directly until it hands back. Open a `dispatch_to` card to read what the agent "
         "did.\n\n" + RECORDED_NOTE.format(name="team")),
        setup_cell("team"),
        ("data", "code", DATA),
        ("agents-md", "markdown", "Agents are Markdown files with front matter "
                                  "(docs/teams.md). `%orkas agents` lists them with their "
                                  "files, models and tools (and the other examples' agents, "
                                  "which share this folder)."),
        ("agents", "code", AGENTS),
        ("dispatch-md", "markdown", "Commander sends two tasks **concurrently** and "
                                    "synthesises the answers:"),
        ("dispatch", "code", "%%orkas\nCompare the fertilizer groups in `plants`, and tell me "
                             "what the spread means in plain words."),
        ("handoff-md", "markdown", "A question for the tutor: Commander hands it the floor, "
                                   "with a pending item for later. The next message (no `@`) "
                                   "goes to the tutor too."),
        ("handoff", "code", "%orkas I'd like to understand what a standard deviation is."),
        ("floor", "code", "%orkas And why divide by n-1 instead of n?"),
        ("handback-md", "markdown", "The tutor ends its reply with `<handback />`: the floor "
                                    "returns to Commander, which resumes its pending item. "
                                    "(`@commander` takes the floor back at any time.)"),
        ("handback", "code", "%orkas Thanks, that's clear!"),
    ]
    return notebook(cells), team_model


# -- plan -------------------------------------------------------------------------------------
SALES = {"north": [120, 135, 150], "south": [200, 190, 185], "west": [80, 95, 130]}

SALES_DATA = ('import pandas as pd\n\n'
              '# Units sold per region, September to November.\n'
              'sales = pd.DataFrame({\n'
              '    "month": ["Sep", "Oct", "Nov"] * 3,\n'
              '    "region": ["north"] * 3 + ["south"] * 3 + ["west"] * 3,\n'
              f'    "units": {SALES["north"] + SALES["south"] + SALES["west"]},\n'
              '})\nsales.pivot(index="month", columns="region", values="units")')

PLAN_AGENTS = '''from pathlib import Path

agents = Path(".orkas/agents")
agents.mkdir(parents=True, exist_ok=True)
(agents / "analyst.md").write_text("""---
name: analyst
description: computes figures from the kernel's DataFrames
tools: list_variables, inspect_variable
---
You are a careful analyst: look at the data, then report figures with their units.
""")
(agents / "writer.md").write_text("""---
name: writer
description: writes short, clear notes for a given audience
---
You write short notes: three sentences at most, no jargon.
""")
sorted(p.name for p in agents.iterdir())'''

PLAN_CELL = '''%%orkas plan
title: quarterly sales note
steps:
  - id: 1
    title: totals
    assignee: analyst
    input: Total units per month in `sales`, and the best and worst month.
  - id: 2
    title: regions
    assignee: analyst
    input: Which region of `sales` grew most from September to November?
    wait_for: []
  - id: 3
    title: audience
    assignee: user
    input: Who will read the note (your team, management, customers)?
    wait_for: []
  - id: 4
    title: forecast
    assignee: analyst
    input: "Forecast December from these totals: {{step_1.output_summary}}"
    wait_for: [1]
    on_failure: continue
  - id: 5
    title: note
    assignee: writer
    input: |
      Write the note for {{step_3.output}}.
      Totals: {{step_1.output}}
      Regions: {{step_2.output}}
      Forecast: {{step_4.output_summary}}
    wait_for: [1, 2, 3, 4]'''


def _month_totals() -> list[int]:
    return [sum(v[i] for v in SALES.values()) for i in range(3)]


def plan_model(request: RecordedRequest) -> Step:
    """The analyst looks at `sales` and reports; it reports a forecast as impossible; the
    writer writes for the audience the user named."""
    from orkas_jupyter.testing.team import last_user_text, member_of

    member = member_of(request)
    done = turn_results(request)
    text = last_user_text(request)
    if member == "analyst":
        if not done:
            return tool_call("inspect_variable", {"name": "sales"})
        if "Forecast" in text:
            return tool_call("report_failure", {
                "reason": "three months of data are too few for a forecast; I would only "
                          "be extrapolating a line through three points"})
        if "region" in text:
            growth = {k: v[-1] - v[0] for k, v in SALES.items()}
            best = max(growth, key=lambda k: growth[k])
            return reply(f"{best.capitalize()} grew most: +{growth[best]} units "
                         f"({SALES[best][0]} → {SALES[best][-1]}); south shrank "
                         f"({growth['south']:+d}).")
        totals = _month_totals()
        return reply(f"Units per month: Sep {totals[0]}, Oct {totals[1]}, Nov {totals[2]}. "
                     f"Best month November ({totals[2]}), worst September ({totals[0]}).")
    if member == "writer":
        audience = text.split("Write the note for ", 1)[-1].split(".", 1)[0]
        totals = _month_totals()
        return reply(f"Note for {audience}: sales rose from {totals[0]} units in September "
                     f"to {totals[2]} in November, driven by the west region (+50 units), "
                     "while the south slipped slightly. We will not forecast December yet: "
                     "three months are too few.")
    return reply("(Commander has nothing to add.)")


def plan() -> tuple[dict[str, Any], Callable[[RecordedRequest], Step]]:
    cells = [
        ("title", "markdown",
         "# Orkas plan mode: a plan the orchestrator runs\n\n"
         "A plan is a small graph of steps, each with an assignee (an agent, Commander or "
         "you), an input that can use earlier steps' results, `wait_for` and `on_failure`. "
         "The orchestrator — not the model — runs it and owns every status; a step waiting "
         "for you pauses the plan; a killed kernel resumes it (`%orkas plan resume`).\n\n"
         + RECORDED_NOTE.format(name="plan")),
        setup_cell("plan"),
        ("data", "code", SALES_DATA),
        ("agents", "code", PLAN_AGENTS),
        ("plan-md", "markdown", "The plan: two analyses, a question for you, a forecast "
                                "that may fail (`on_failure: continue`) and a note that "
                                "waits for all of them (a fan-in)."),
        ("plan", "code", PLAN_CELL),
        ("state-md", "markdown", "The plan is waiting for step 3. `%orkas plan` prints it "
                                 "as text:"),
        ("state", "code", "%orkas plan"),
        ("answer-md", "markdown", "Answer the question; the plan goes on and finishes:"),
        ("answer", "code", "%orkas plan answer 3 the management team"),
    ]
    return notebook(cells), plan_model


EXAMPLES: dict[str, Callable[[], tuple[dict[str, Any], Callable[[RecordedRequest], Step]]]] = {
    "quickstart": quickstart,
    "workspace": workspace,
    "knowledge": knowledge,
    "team": team,
    "plan": plan,
}


def main(names: list[str]) -> int:
    failed = 0
    for name in names or list(EXAMPLES):
        nb, model = EXAMPLES[name]()
        path = NOTEBOOKS / f"{name}.ipynb"
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", "utf-8")
        record(path, model, model_name=MODEL)
        problems = check(path)
        print(f"{name}: recorded; offline re-run {'identical' if not problems else 'DIFFERS'}")
        for problem in problems:
            print("  " + problem.replace("\n", "\n  "))
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
