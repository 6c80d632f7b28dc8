"""Outside agent CLIs as team members (issue #18), with real processes: Commander (the fake
model) dispatches to an agent file whose `command` is a scripted CLI; the CLI reaches the
kernel through `orkas-mcp` with the MCP config Orkas gave it, reads a variable, inserts and
runs a cell, and prints its answer, which streams into the dispatch card. Its credential ends
with it; Stop kills it; its command line passes the one risk policy."""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.jupyter.outside_agents import command_line
from orkas_jupyter.testing import reply, tool_call
from orkas_jupyter.testing.team import last_user_text, member_of

SCRIPTED_CLI = r'''
"""A scripted agent CLI: `cli.py --mcp-config FILE [--keep COPY] TASK`. Through the
orkas-mcp server its MCP config names, it reads `sales`, inserts a cell and runs it."""
import asyncio, json, os, shutil, sys
import mcp_types as types
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

args = sys.argv[1:]
config = args[args.index("--mcp-config") + 1]
assert config == os.environ["ORKAS_MCP_CONFIG"]
if "--keep" in args:  # for the test: the credential must be dead after this process
    shutil.copy(config, args[args.index("--keep") + 1])
task = args[-1]
server = json.load(open(config))["mcpServers"]["orkas"]

async def main():
    params = StdioServerParameters(command=server["command"], args=server["args"],
                                   env={**os.environ, **server["env"]})
    async with stdio_client(params) as (r, w), ClientSession(
            r, w, client_info=types.Implementation(name="scripted-cli", version="1")) as s:
        await s.initialize()
        seen = await s.call_tool("inspect_variable", {"name": "sales"})
        if seen.is_error:
            print("ERROR", seen.content[0].text, file=sys.stderr); sys.exit(3)
        print("config was", config)
        print("I see sales:", "list" in seen.content[0].text, flush=True)
        made = await s.call_tool("insert_cell", {"source": "total = sum(sales)\nprint(total)"})
        cell = made.content[0].text.split()[3]
        ran = await s.call_tool("run_cell", {"cell_id": cell})
        print(f"ANSWER ({task}): the total is", ran.content[1].text.split()[-1])

asyncio.run(main())
'''

SLEEPER = r'''
import os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # only SIGKILL ends it
open(sys.argv[1], "w").write(str(os.getpid()))
print("working on", sys.argv[-1], flush=True)
time.sleep(120)
'''


def agent_file(workspace: Path, name: str, command: str) -> None:
    folder = workspace / ".orkas" / "agents"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.md").write_text(
        f"---\nname: {name}\ndescription: an outside CLI\ncommand: {command}\n---\n")


def commander(agent: str) -> Any:
    def answer(request: Any) -> Any:
        assert member_of(request) == "commander"  # outside agents never call the model
        last = request.messages[-1]
        if last["role"] == "tool":
            return reply(f"Commander heard: {last['content'][:300]}")
        return tool_call("dispatch_to", {"agent": agent, "task": last_user_text(request)})
    return answer


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


def write_notebook(path: Path) -> None:
    cell = {"id": "c0", "cell_type": "code", "source": "sales = [3, 4, 5]", "metadata": {},
            "outputs": [], "execution_count": None}
    path.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}))


def test_the_command_line_places_the_task_and_the_config() -> None:
    config, task_file = Path("/t/mcp.json"), Path("/t/task.txt")
    task = "sum {x} of 'sales'; rm -rf ~"
    assert command_line("claude -p --mcp-config {mcp_config}", task, config, task_file) == (
        "claude -p --mcp-config /t/mcp.json 'sum {x} of '\"'\"'sales'\"'\"'; rm -rf ~'")
    assert command_line("cli --prompt {task} --json", "a b", config, task_file) == (
        "cli --prompt 'a b' --json")
    assert command_line("cli < {task_file}", "a b", config, task_file) == "cli < /t/task.txt"
    # Other braces are left alone (no format_map).
    assert command_line("jq '{a: 1}'", "t", config, task_file) == "jq '{a: 1}' t"


@pytest.mark.slow
def test_commander_dispatches_to_an_outside_cli(kernel, fake_model, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb")
    (tmp_path / "cli.py").write_text(SCRIPTED_CLI)
    kept = tmp_path / "kept.json"
    agent_file(tmp_path, "scripted",
               f"{sys.executable} cli.py --mcp-config {{mcp_config}} --keep kept.json")
    fake_model.script(commander("scripted"))
    assert kernel.run("%load_ext orkas_jupyter\nsales = [3, 4, 5]").error is None
    assert "command: " in kernel.run("%orkas agents").stdout

    cell = kernel.run("%orkas add up the sales", timeout=120)
    assert cell.error is None, cell.error
    html = "".join(cell.data("text/html"))
    assert "<code>dispatch_to</code>" in html
    assert "<b>scripted</b>" in html and "I see sales: True" in html  # streamed into its card
    markdown = "".join(cell.data("text/markdown"))
    assert "Commander heard: config was" in markdown
    assert "ANSWER (add up the sales): the total is 12" in markdown
    # The CLI's cell is in the notebook and ran in this kernel.
    assert "12" in kernel.run("print(total)").stdout
    sources = [c["source"] for c in json.loads((tmp_path / "analysis.ipynb").read_text())["cells"]]
    assert any("total = sum(sales)" in "".join(s) for s in sources)
    # Its private config is gone, and the credential in it opens nothing any more.
    config = Path(markdown.split("config was ")[1].split()[0])
    assert not config.exists() and not config.parent.exists()
    again = subprocess.run([sys.executable, "cli.py", "--mcp-config", str(kept), "again"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=60,
                           env={**os.environ, "ORKAS_MCP_CONFIG": str(kept)})
    assert again.returncode != 0 and "ANSWER" not in again.stdout, again
    token = json.loads(kept.read_text())["mcpServers"]["orkas"]["env"]["ORKAS_BRIDGE_TOKEN"]
    assert token not in html + markdown + cell.stdout
    assert not list((tmp_path / ".orkas" / "jobs").glob("*.log"))  # no job left behind


@pytest.mark.slow
def test_stop_kills_an_outside_cli(kernel, fake_model, tmp_path: Path) -> None:
    """The kernel's interrupt (■) while the CLI runs: its process group gets SIGTERM at once
    and SIGKILL 100 ms later (this CLI ignores SIGTERM)."""
    (tmp_path / "sleeper.py").write_text(SLEEPER)
    agent_file(tmp_path, "sleeper", f"{sys.executable} sleeper.py pid.txt")
    fake_model.script(commander("sleeper"))
    kernel.run("%load_ext orkas_jupyter")
    pid_file, timing = tmp_path / "pid.txt", {}

    def stop_it() -> None:
        deadline = time.monotonic() + 60
        while not pid_file.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.5)
        pid = int(pid_file.read_text())
        timing["stop"] = time.monotonic()
        kernel.km.interrupt_kernel()
        while alive(pid) and time.monotonic() - timing["stop"] < 5:
            time.sleep(0.005)
        timing["gone"] = time.monotonic()

    stopper = threading.Thread(target=stop_it)
    stopper.start()
    cell = kernel.run("%orkas wait for it", timeout=60)
    stopper.join(10)
    assert cell.error is not None and cell.error["ename"] == "KeyboardInterrupt"
    assert "working on wait for it" in "".join(cell.data("text/html")) + cell.stdout
    kill_ms = (timing["gone"] - timing["stop"]) * 1000
    print(f"outside CLI gone {kill_ms:.0f} ms after the interrupt")
    assert kill_ms < 1000, kill_ms  # 100 ms of SIGTERM grace, then SIGKILL
    check = kernel.run("import time\n"
                       "from orkas_jupyter.jupyter.runtime import get_runtime\n"
                       "from orkas_jupyter.jupyter.kernel_bridge import kernel_bridge\n"
                       "rt = get_runtime(get_ipython())\n"
                       "print('running', len(rt.host.running()),\n"
                       "      'credentials', len(kernel_bridge(rt).book.live()))")
    assert check.error is None, check.error
    assert "running 0 credentials 0" in check.stdout


@pytest.mark.slow
def test_an_outside_command_passes_the_risk_policy(kernel, fake_model, tmp_path: Path) -> None:
    (tmp_path / "scratch").mkdir()
    agent_file(tmp_path, "cleaner", "rm -rf scratch && echo cleaned")
    fake_model.script(commander("cleaner"))
    kernel.run("%load_ext orkas_jupyter")
    cell = kernel.run("%orkas tidy up", timeout=120, stdin=["n"])
    prompts = [m["content"]["prompt"] for m in cell.messages
               if m.get("msg_type") == "input_request"]
    assert prompts and "cleaner" in prompts[0], prompts
    assert (tmp_path / "scratch").is_dir()  # denied: the command never ran
    assert "Commander heard: Not run: the command needs approval" in "".join(
        cell.data("text/markdown"))


FAILING = r'''
import sys
print("partial answer")
print("could not open the project: permission denied", file=sys.stderr)
sys.exit(2)
'''


@pytest.mark.slow
def test_a_failing_or_overlong_cli_is_an_error_commander_reads(kernel, fake_model,
                                                               tmp_path: Path) -> None:
    (tmp_path / "failing.py").write_text(FAILING)
    (tmp_path / "sleeper.py").write_text(SLEEPER)
    agent_file(tmp_path, "failing", f"{sys.executable} failing.py")
    agent_file(tmp_path, "sleeper", f"{sys.executable} sleeper.py pid.txt")
    kernel.run("%env ORKAS_OUTSIDE_TIMEOUT=1.5\n%load_ext orkas_jupyter")
    fake_model.script(commander("failing"))
    markdown = "".join(kernel.run("%orkas try it", timeout=60).data("text/markdown"))
    assert "failing (" in markdown and "failed with exit code 2" in markdown, markdown
    assert "could not open the project: permission denied" in markdown
    fake_model.script(commander("sleeper"))
    started = time.monotonic()
    cell = kernel.run("%orkas take your time", timeout=60)
    assert time.monotonic() - started < 20
    markdown = "".join(cell.data("text/markdown"))
    assert "did not finish within 1.5 s (ORKAS_OUTSIDE_TIMEOUT)" in markdown, markdown
    assert "working on take your time" in markdown
    pid, gone = int((tmp_path / "pid.txt").read_text()), time.monotonic() + 1
    while alive(pid) and time.monotonic() < gone:  # SIGKILL sent; the kernel reaps it
        time.sleep(0.01)
    assert not alive(pid)


ECHO_CLI = r'''
import pathlib, sys
pathlib.Path("ran.txt").write_text(sys.argv[-1])  # proof that the command ran
print("ECHO agent says: the task was", repr(sys.argv[-1]))
'''


@pytest.mark.slow
def test_an_outside_answer_replays_without_its_command(kernel, kernel_env, fake_model,
                                                       start_kernel, tmp_path: Path) -> None:
    write_notebook(tmp_path / "analysis.ipynb")
    (tmp_path / "echo.py").write_text(ECHO_CLI)
    agent_file(tmp_path, "echo", f"{sys.executable} echo.py")
    fake_model.script(commander("echo"))
    kernel.run("%load_ext orkas_jupyter")
    assert "analysis.orkas.json" in kernel.run("%orkas record").stdout
    first = kernel.run("%orkas summarise the sales", timeout=120)
    assert first.error is None, first.error
    said = "ECHO agent says: the task was 'summarise the sales'"
    assert said in "".join(first.data("text/markdown"))
    assert (tmp_path / "ran.txt").read_text() == "summarise the sales"
    recording = json.loads((tmp_path / "analysis.orkas.json").read_text())
    assert [x["model"] for x in recording["exchanges"]] == [
        "openai/gpt-4o", "outside:echo", "openai/gpt-4o"]
    requests = len(fake_model.chat_requests)

    # Another machine: no model, no key, and the CLI is gone (running it would fail).
    (tmp_path / "ran.txt").unlink()
    (tmp_path / "echo.py").unlink()
    env = {k: v for k, v in kernel_env.items() if k not in ("ORKAS_MODEL", "OPENAI_API_KEY")}
    again = start_kernel({**env, "ORKAS_REPLAY": "replay"})
    again.run("%load_ext orkas_jupyter")
    replayed = again.run("%orkas summarise the sales", timeout=120)
    assert replayed.error is None, replayed.error
    text = "".join(replayed.data("text/markdown"))
    assert f"Commander heard: {said}" in text
    assert said in html.unescape("".join(replayed.data("text/html")))  # the dispatch card
    assert "3 recorded model answers replayed" in text
    assert not (tmp_path / "ran.txt").exists()
    assert len(fake_model.chat_requests) == requests

    # A task never recorded: replay says so instead of running the command.
    fake_model.script(commander("echo"))
    missing = again.run("%orkas a task nobody recorded", timeout=120)
    assert "not in the recording" in "".join(missing.data("text/markdown")) + missing.stdout
