"""The six browser scenarios of issue 8 against a real JupyterLab, the installed extension and
the fake model server."""

from __future__ import annotations

import http.server
import json
import threading
from typing import Any, ClassVar

import pytest

from orkas_jupyter.testing import reply, tool_call

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def _tool_text(messages: list[dict[str, Any]]) -> str:
    parts = []
    for m in messages:
        if m["role"] in ("tool", "user"):
            content = m["content"]
            parts.append(content if isinstance(content, str) else json.dumps(content))
    return "\n".join(parts)


def test_a_orkas_magic_streams_an_answer_into_the_page(notebook, fake_model):
    answer = "The mean of the column is **42**, computed from the notebook."
    fake_model.script([reply(answer, chunk_chars=2, chunk_delay=0.1)])
    nb = notebook(["%load_ext orkas_jupyter", "%orkas what is the mean?"])
    nb.run(0)
    nb.wait_idle()
    nb.run(1)
    # Streaming: part of the answer is on the page before the cell finishes.
    nb.wait_output(1, "The mean of")
    assert "[*]" in nb.cell(1).locator(".jp-InputPrompt").inner_text()
    nb.shot("a-streaming")
    nb.wait_idle()
    nb.cell(1).locator(".jp-RenderedMarkdown strong", has_text="42").wait_for()
    nb.shot("a-answer")
    assert len(fake_model.chat_requests) == 1


def test_f_list_cells_sees_an_unsaved_edit(notebook, fake_model, lab):
    fake_model.script([tool_call("list_cells", {}), reply("I see your edit.")])
    nb = notebook(["total = 1", "%load_ext orkas_jupyter", "%%orkas\nwhat is in my notebook?"])
    nb.cell(0).locator(".jp-InputArea-editor").click()
    nb.page.keyboard.press("End")
    nb.page.keyboard.type("  # typed but not saved 7731")
    nb.run(1)
    nb.wait_idle()
    nb.run(2)
    nb.wait_output(2, "I see your edit.")
    nb.wait_idle()
    nb.shot("f-unsaved-edit")
    on_disk = (lab.root / nb.name).read_text()
    assert "7731" not in on_disk  # the edit really is unsaved
    sent = _tool_text(fake_model.chat_requests[1].messages)
    assert "total = 1  # typed but not saved 7731" in sent
    # A restarted kernel is attached again.
    nb.page.evaluate("() => { void window.jupyterapp.shell.currentWidget.sessionContext"
                     ".session.kernel.restart(); }")
    nb.page.wait_for_function("() => window.orkasJupyter.connections.get("
                              "window.jupyterapp.shell.currentWidget).status !== 'ready'")
    nb.wait_connected()


PLOT = ("import matplotlib.pyplot as plt\nsquares = [i * i for i in range(6)]\n"
        "print('sum of squares', sum(squares))\nplt.plot(squares)\nplt.show()")


def test_b_scripted_turn_inserts_runs_and_sees_a_plot(notebook, fake_model):
    def model(request):
        tools = [m for m in request.messages if m["role"] == "tool"]
        if not tools:
            return tool_call("insert_cell", {"source": PLOT, "after_cell_id": "c1"})
        if len(tools) == 1:  # "Inserted code cell <id> at position #2."
            cell_id = tools[-1]["content"].split("cell ")[1].split(" ")[0]
            return tool_call("run_cell", {"cell_id": cell_id})
        return reply("The plot shows the squares; their sum is 55.")

    fake_model.script(model)
    nb = notebook(["%load_ext orkas_jupyter", "%%orkas\nplot the squares"])
    nb.run(0)
    nb.wait_idle()
    nb.run(1)
    nb.wait_output(1, "their sum is 55", timeout=60_000)
    nb.wait_idle()
    # The new cell is in the open notebook, with its output and plot, without a reload.
    new = nb.cell(2)
    assert "sum(squares)" in new.locator(".jp-InputArea-editor").inner_text()
    new.locator(".jp-OutputArea-output", has_text="sum of squares 55").wait_for()
    new.locator(".jp-OutputArea-output img").first.wait_for()
    new.scroll_into_view_if_needed()
    nb.shot("b-inserted-cell-with-plot")
    cells = nb.cells_json()
    made = cells[2]
    assert made["metadata"]["orkas"]["session"]
    assert any(o.get("data", {}).get("image/png") for o in made["outputs"])
    # The same output reached the model in the next request, the image included.
    assert len(fake_model.chat_requests) == 3
    third = json.dumps(fake_model.chat_requests[2].messages)
    assert "sum of squares 55" in third
    assert "data:image/png;base64," in third


def test_c_panel_chat_answers_while_a_cell_runs(notebook, fake_model):
    fake_model.script([reply("Panel answer while your cell runs.")])
    nb = notebook(["import time\ntime.sleep(120)"])
    nb.run(0)
    # The panel is opened by its command, the one the palette and the shortcut run (driving
    # the modal palette itself on two busy cores lost the focus, closed it or dropped the
    # Enter in three different full runs: the palette's behaviour under load, not the panel's).
    assert nb.page.evaluate("() => window.jupyterapp.commands.label('orkas:open-chat')") == (
        "Orkas: Open Chat Panel")
    # While the cell runs, the panel opens by that command and answers.
    panel = nb.open_panel()
    panel.locator("textarea").fill("are you there?")
    panel.locator(".orkas-Send").click()
    panel.locator(".orkas-Message.orkas-mod-assistant",
                  has_text="Panel answer while your cell runs.").wait_for(timeout=40_000)
    assert "[*]" in nb.cell(0).locator(".jp-InputPrompt").inner_text()  # still running
    nb.shot("c-panel-answers-while-cell-runs")


def test_d_stop_button_and_kernel_interrupt_stop_long_turns(notebook, fake_model):
    long_text = "word " * 400
    fake_model.script([reply(long_text, chunk_chars=5, chunk_delay=0.1) for _ in range(3)])
    nb = notebook(["%load_ext orkas_jupyter", "%%orkas\nwrite a long essay"])
    panel = nb.open_panel()
    panel.locator("textarea").fill("write a long essay")
    panel.locator(".orkas-Send").click()
    panel.locator(".orkas-Message.orkas-mod-assistant", has_text="word word").wait_for()
    panel.locator(".orkas-Stop").click()
    panel.locator(".orkas-Done").first.wait_for(timeout=10_000)
    nb.shot("d-panel-stopped")
    assert panel.locator(".orkas-Status").inner_text() == "idle"
    shown = panel.locator(".orkas-Messages").inner_text()
    assert shown.count("word") < 400  # the answer was cut short
    # The kernel's interrupt command stops a panel turn too.
    panel.locator("textarea").fill("another long essay")
    panel.locator(".orkas-Send").click()
    panel.locator(".orkas-Status", has_text="running").wait_for()
    panel.locator(".orkas-Message.orkas-mod-assistant", has_text="word word").nth(1).wait_for()
    nb.page.evaluate("() => window.jupyterapp.commands.execute('notebook:interrupt-kernel')")
    panel.locator(".orkas-Done").nth(1).wait_for(timeout=10_000)
    assert panel.locator(".orkas-Status").inner_text() == "idle"
    # Kernel interrupt stops a turn running in a cell.
    nb.run(0)
    nb.wait_idle()
    nb.run(1)
    nb.wait_output(1, "word word")
    nb.page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session"
                     ".kernel.interrupt()")
    # The whole essay streams for 40 s; idle well before that (and cut short, below) means
    # the interrupt stopped it. 15 s was too tight once on two loaded cores in a full run.
    nb.wait_idle(timeout=30_000)
    nb.wait_output(1, "stopped")
    nb.shot("d-interrupted-cell")
    assert nb.cell(1).inner_text().count("word") < 400


def test_e_risky_bash_asks_and_deny_means_it_never_runs(notebook, fake_model, lab):
    precious = lab.root / "precious"
    precious.mkdir(exist_ok=True)
    (precious / "data.csv").write_text("a,b\n1,2\n")
    fake_model.script([tool_call("bash", {"command": "rm -rf precious && touch ran.txt"}),
                       reply("Understood, I left the folder alone.")])
    nb = notebook([""])
    panel = nb.open_panel()
    panel.locator("textarea").fill("clean up the workspace")
    panel.locator(".orkas-Send").click()
    approval = panel.locator(".orkas-Approval")
    approval.wait_for()
    assert "bash" in approval.inner_text() and "rm -rf precious" in approval.inner_text()
    nb.shot("e-approval-prompt")
    approval.locator(".orkas-Approve.orkas-mod-deny").click()
    panel.locator(".orkas-Message.orkas-mod-assistant",
                  has_text="I left the folder alone").wait_for()
    nb.shot("e-denied")
    assert (precious / "data.csv").exists()
    assert not (lab.root / "ran.txt").exists()
    assert "denied" in approval.inner_text()
    tool_result = _tool_text(fake_model.chat_requests[1].messages).lower()
    assert "den" in tool_result  # the model is told the user said no


def test_notebook7_has_the_panel_shortcut_and_bridge(notebook, fake_model):
    fake_model.script([tool_call("list_cells", {}), reply("Notebook 7 sees x = 5.")])
    nb = notebook(["x = 5"], classic=True)
    assert nb.page.evaluate("() => window.jupyterapp.name").startswith("Jupyter Notebook")
    nb.page.locator(".jp-Notebook").first.click()
    nb.page.keyboard.press("Escape")
    nb.page.keyboard.press("Control+Shift+O")  # the shortcut opens the panel
    panel = nb.page.locator("#orkas-chat-panel")
    panel.wait_for(state="visible")
    panel.locator("textarea").fill("what is in the notebook?")
    panel.locator(".orkas-Send").click()
    panel.locator(".orkas-Message.orkas-mod-assistant", has_text="sees x = 5").wait_for()
    nb.shot("notebook7-panel")
    assert "x = 5" in _tool_text(fake_model.chat_requests[1].messages)


class _Pixel(http.server.BaseHTTPRequestHandler):
    """A remote image host: counts what the browser asks it for."""

    hits: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/gif")
        self.end_headers()
        self.wfile.write(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;")

    def log_message(self, *args: Any) -> None:
        pass


def test_remote_images_in_answers_are_links_the_browser_never_fetches(notebook, fake_model):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Pixel)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    leak = f"http://127.0.0.1:{server.server_port}/p.gif?d=secret-from-the-page"
    try:
        fake_model.script([reply(f"Cell answer ![chart]({leak}) done."),
                           reply(f'Panel answer <img src="{leak}&panel=1"> done.')])
        nb = notebook(["%load_ext orkas_jupyter", "%orkas show the chart"])
        nb.run(0)
        nb.wait_idle()
        nb.run(1)
        nb.wait_idle()
        link = nb.cell(1).locator(".jp-RenderedMarkdown a", has_text="chart — from 127.0.0.1")
        link.wait_for()
        assert link.get_attribute("href") == leak
        panel = nb.open_panel()
        panel.locator("textarea").fill("and in the panel?")
        panel.locator(".orkas-Send").click()
        answer = panel.locator(".orkas-Message.orkas-mod-assistant", has_text="Panel answer")
        answer.locator("a", has_text="image — from 127.0.0.1").wait_for()
        assert nb.page.locator("img[src*='p.gif']").count() == 0
        nb.page.wait_for_timeout(1_000)  # a fetch, had there been one, has arrived by now
        nb.shot("remote-image-links")
        assert _Pixel.hits == []
    finally:
        server.shutdown()
