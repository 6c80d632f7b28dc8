"""read_file, write_file, edit_file, stat_file: ranges and line numbers, truncation notes,
binary refusal, PDF/docx text, atomic writes, read-before-write and stale-state errors."""

from __future__ import annotations

import asyncio
import io
import os
import time
import zipfile
from pathlib import Path

import pytest

from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools.workspace import WorkspaceTools

from .conftest import ToolCaller


def make_pdf(pages: list[str]) -> bytes:
    """A minimal valid PDF with one line of Helvetica text per page, written by hand."""
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(len(pages)))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    font_id = 3 + 2 * len(pages)
    for i, text in enumerate(pages):
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents "
                       f"{4 + 2 * i} 0 R /Resources << /Font << /F1 {font_id} 0 R >> >> >>"
                       .encode())
        stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)


def make_docx(paragraphs: list[str]) -> bytes:
    ns = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    body = "".join(f"<w:p><w:r><w:t>{p}</w:t></w:r></w:p>" for p in paragraphs)
    xml = f'<?xml version="1.0"?><w:document xmlns:w="{ns}"><w:body>{body}</w:body></w:document>'
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("word/document.xml", xml)
    return buf.getvalue()


# -- read_file ---------------------------------------------------------------------------


async def test_read_shows_line_numbers(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "a.py").write_text("first\nsecond\nthird\n")
    result = await call(ctx, "read_file", path="a.py")
    assert not result.is_error
    lines = result.text.splitlines()
    assert "3 lines" in lines[0]
    assert lines[1].split("\t") == ["     1", "first"]
    assert lines[3].split("\t") == ["     3", "third"]


async def test_read_with_offset_and_limit_numbers_from_the_right_line(
        call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    text = "".join(f"line {i}\n" for i in range(1, 101))
    (root / "n.txt").write_text(text)
    offset = text.index("line 50")
    result = await call(ctx, "read_file", path="n.txt", offset=offset, limit=len("line 50\n"))
    assert "    50\tline 50" in result.text
    assert "line 51" not in result.text
    assert f"offset={offset + 8}" in result.text
    by_line = await call(ctx, "read_file", path="n.txt", line=99)
    assert "    99\tline 99" in by_line.text and "   100\tline 100" in by_line.text
    assert "end of the file" in by_line.text


async def test_large_file_is_truncated_with_a_note(call: ToolCaller, ctx: ToolContext,
                                                   root: Path) -> None:
    (root / "big.txt").write_text(("x" * 99 + "\n") * 2000)
    result = await call(ctx, "read_file", path="big.txt")
    assert not result.is_error
    assert "[Showing characters 0–40,000 of 200,000" in result.text
    assert "read_file with offset=40000" in result.text
    assert len(result.text) < 60_000
    nxt = await call(ctx, "read_file", path="big.txt", offset=40000)
    assert "   401\t" in nxt.text


async def test_binary_file_is_refused(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "blob.bin").write_bytes(bytes(range(256)) * 10)
    result = await call(ctx, "read_file", path="blob.bin")
    assert result.is_error
    assert "binary" in result.text and "not text" in result.text


async def test_image_is_returned_as_image(call: ToolCaller, ctx: ToolContext,
                                          root: Path) -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
    (root / "p.png").write_bytes(png)
    result = await call(ctx, "read_file", path="p.png")
    assert not result.is_error
    assert result.images and result.images[0].media_type == "image/png"


async def test_pdf_text_is_extracted(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "doc.pdf").write_bytes(make_pdf(["Hello from page one", "Second page here"]))
    result = await call(ctx, "read_file", path="doc.pdf")
    assert not result.is_error, result.text
    assert "Hello from page one" in result.text and "Second page here" in result.text
    assert "--- page 2 ---" in result.text
    assert "PDF" in result.text.splitlines()[0]


async def test_broken_pdf_gives_a_clear_error(call: ToolCaller, ctx: ToolContext,
                                              root: Path) -> None:
    (root / "bad.pdf").write_bytes(b"%PDF-1.4\n\x00\x01garbage")
    result = await call(ctx, "read_file", path="bad.pdf")
    assert result.is_error and "PDF" in result.text


async def test_docx_text_is_extracted(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "memo.docx").write_bytes(make_docx(["Quarterly memo", "Revenue grew"]))
    result = await call(ctx, "read_file", path="memo.docx")
    assert "Quarterly memo" in result.text and "Revenue grew" in result.text


async def test_latin1_and_empty_files(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "l1.txt").write_bytes("café\n".encode("latin-1"))
    assert "café" in (await call(ctx, "read_file", path="l1.txt")).text
    (root / "empty.txt").write_text("")
    assert "empty" in (await call(ctx, "read_file", path="empty.txt")).text


async def test_missing_file_and_folder_errors(call: ToolCaller, ctx: ToolContext,
                                              root: Path) -> None:
    missing = await call(ctx, "read_file", path="nope.txt")
    assert missing.is_error and "does not exist" in missing.text
    (root / "dir").mkdir()
    folder = await call(ctx, "read_file", path="dir")
    assert folder.is_error and "folder" in folder.text
    past = await call(ctx, "read_file", path="dir/../nope.txt", offset=5)
    assert past.is_error


async def test_reading_a_50mb_file_pages_through_it(call: ToolCaller, ctx: ToolContext,
                                                   root: Path) -> None:
    line = "0123456789" * 9 + "abcdefghi\n"
    (root / "huge.log").write_text(line * 500_000)  # 50 MB
    result = await call(ctx, "read_file", path="huge.log", offset=49_000_000, limit=200)
    assert not result.is_error
    assert "\n490001\t0123456789" in result.text
    assert "500,000 lines" in result.text


# -- write_file --------------------------------------------------------------------------


async def test_write_creates_folders_and_leaves_no_temp_files(call: ToolCaller,
                                                              ctx: ToolContext,
                                                              root: Path) -> None:
    result = await call(ctx, "write_file", path="deep/er/new.txt", content="one\ntwo\n")
    assert not result.is_error and "Created" in result.text
    assert (root / "deep" / "er" / "new.txt").read_text() == "one\ntwo\n"
    assert os.listdir(root / "deep" / "er") == ["new.txt"]


async def test_overwrite_needs_a_read_first(call: ToolCaller, ctx: ToolContext,
                                            root: Path) -> None:
    (root / "x.txt").write_text("original\n")
    refused = await call(ctx, "write_file", path="x.txt", content="new\n")
    assert refused.is_error and "read_file" in refused.text
    assert (root / "x.txt").read_text() == "original\n"
    await call(ctx, "read_file", path="x.txt")
    ok = await call(ctx, "write_file", path="x.txt", content="new\n")
    assert not ok.is_error and "Overwrote" in ok.text
    assert (root / "x.txt").read_text() == "new\n"
    # Its own write counts as seen: it may write again without reading.
    again = await call(ctx, "write_file", path="x.txt", content="newer\n")
    assert not again.is_error


async def test_overwrite_keeps_file_mode(call: ToolCaller, ctx: ToolContext,
                                         root: Path) -> None:
    script = root / "run.sh"
    script.write_text("echo hi\n")
    script.chmod(0o755)
    await call(ctx, "read_file", path="run.sh")
    await call(ctx, "write_file", path="run.sh", content="echo bye\n")
    assert script.stat().st_mode & 0o777 == 0o755


async def test_write_refuses_a_folder(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "d").mkdir()
    result = await call(ctx, "write_file", path="d", content="x")
    assert result.is_error and "folder" in result.text


# -- edit_file ---------------------------------------------------------------------------


async def test_edit_replaces_a_unique_match(call: ToolCaller, ctx: ToolContext,
                                            root: Path) -> None:
    (root / "m.py").write_text("def f():\n    return 1\n\ndef g():\n    return 2\n")
    await call(ctx, "read_file", path="m.py")
    result = await call(ctx, "edit_file", path="m.py", old_string="return 2",
                        new_string="return 3")
    assert not result.is_error, result.text
    assert (root / "m.py").read_text().endswith("return 3\n")
    assert "     5\t    return 3" in result.text


async def test_edit_needs_a_read_and_refuses_ambiguity(call: ToolCaller, ctx: ToolContext,
                                                       root: Path) -> None:
    (root / "m.py").write_text("x = 1\ny = 1\nx = 1\n")
    unread = await call(ctx, "edit_file", path="m.py", old_string="y = 1", new_string="y = 2")
    assert unread.is_error and "has not been read" in unread.text
    await call(ctx, "read_file", path="m.py")
    many = await call(ctx, "edit_file", path="m.py", old_string="x = 1", new_string="x = 2")
    assert many.is_error and "2 times" in many.text and "lines 1, 3" in many.text
    assert (root / "m.py").read_text() == "x = 1\ny = 1\nx = 1\n"
    every = await call(ctx, "edit_file", path="m.py", old_string="x = 1", new_string="x = 2",
                       replace_all=True)
    assert not every.is_error and "2 occurrences" in every.text
    assert (root / "m.py").read_text() == "x = 2\ny = 1\nx = 2\n"


async def test_edit_not_found_shows_nearest_candidates(call: ToolCaller, ctx: ToolContext,
                                                       root: Path) -> None:
    body = "".join(f"value_{i} = compute({i})\n" for i in range(50))
    body += "    total = sum(values)  # final\n"
    (root / "c.py").write_text(body)
    await call(ctx, "read_file", path="c.py")
    result = await call(ctx, "edit_file", path="c.py",
                        old_string="total = sum(value)  # final", new_string="total = 0")
    assert result.is_error
    assert "not found" in result.text and "Nearest candidates" in result.text
    assert "at line 51" in result.text
    spaced = await call(ctx, "edit_file", path="c.py",
                        old_string="total  =  sum(values)  # final", new_string="t = 0")
    assert "different whitespace" in spaced.text


async def test_edit_rejects_empty_and_identical(call: ToolCaller, ctx: ToolContext,
                                                root: Path) -> None:
    (root / "e.txt").write_text("abc\n")
    await call(ctx, "read_file", path="e.txt")
    assert "empty" in (await call(ctx, "edit_file", path="e.txt", old_string="",
                                  new_string="x")).text
    assert "identical" in (await call(ctx, "edit_file", path="e.txt", old_string="abc",
                                      new_string="abc")).text


async def test_edit_keeps_crlf_line_endings(call: ToolCaller, ctx: ToolContext,
                                            root: Path) -> None:
    (root / "w.txt").write_bytes(b"alpha\r\nbeta\r\ngamma\r\n")
    await call(ctx, "read_file", path="w.txt")
    result = await call(ctx, "edit_file", path="w.txt", old_string="alpha\nbeta",
                        new_string="alpha\nBETA")
    assert not result.is_error, result.text
    assert (root / "w.txt").read_bytes() == b"alpha\r\nBETA\r\ngamma\r\n"


async def test_edit_of_latin1_file_keeps_its_encoding(call: ToolCaller, ctx: ToolContext,
                                                      root: Path) -> None:
    (root / "l1.txt").write_bytes("café olé\n".encode("latin-1"))
    await call(ctx, "read_file", path="l1.txt")
    await call(ctx, "edit_file", path="l1.txt", old_string="olé", new_string="ça")
    assert (root / "l1.txt").read_bytes() == "café ça\n".encode("latin-1")


async def test_file_changed_by_someone_else_is_stale(call: ToolCaller, ctx: ToolContext,
                                                     root: Path) -> None:
    target = root / "s.txt"
    target.write_text("v1\n")
    await call(ctx, "read_file", path="s.txt")
    # The user saves the file in an editor, keeping the same size and timestamp.
    stat = target.stat()
    target.write_text("v2\n")
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    result = await call(ctx, "edit_file", path="s.txt", old_string="v1", new_string="v3")
    assert result.is_error and "changed since" in result.text
    assert target.read_text() == "v2\n"
    overwrite = await call(ctx, "write_file", path="s.txt", content="v4\n")
    assert overwrite.is_error and "changed since" in overwrite.text
    assert target.read_text() == "v2\n"
    await call(ctx, "read_file", path="s.txt")
    ok = await call(ctx, "edit_file", path="s.txt", old_string="v2", new_string="v3")
    assert not ok.is_error and target.read_text() == "v3\n"


async def test_two_sessions_editing_one_file(call: ToolCaller, ws: WorkspaceTools,
                                             root: Path) -> None:
    (root / "shared.txt").write_text("a = 1\nb = 1\n")
    one = ToolContext(session_id="one", services=ws.services)
    two = ToolContext(session_id="two", services=ws.services)
    await call(one, "read_file", path="shared.txt")
    await call(two, "read_file", path="shared.txt")
    first = await call(one, "edit_file", path="shared.txt", old_string="a = 1",
                       new_string="a = 2")
    assert not first.is_error
    second = await call(two, "edit_file", path="shared.txt", old_string="b = 1",
                        new_string="b = 2")
    assert second.is_error and "changed since" in second.text
    assert (root / "shared.txt").read_text() == "a = 2\nb = 1\n"


async def test_concurrent_edits_from_two_sessions_never_both_win(call: ToolCaller,
                                                                 ws: WorkspaceTools,
                                                                 root: Path) -> None:
    (root / "race.txt").write_text("counter = 0\n")
    contexts = [ToolContext(session_id=f"s{i}", services=ws.services) for i in range(6)]
    for c in contexts:
        await call(c, "read_file", path="race.txt")
    results = await asyncio.gather(*(
        call(c, "edit_file", path="race.txt", old_string="counter = 0",
             new_string=f"counter = {i + 1}") for i, c in enumerate(contexts)))
    winners = [r for r in results if not r.is_error]
    assert len(winners) == 1
    assert all("changed since" in r.text for r in results if r.is_error)


async def test_edit_of_pdf_is_refused(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "doc.pdf").write_bytes(make_pdf(["Hello"]))
    await call(ctx, "read_file", path="doc.pdf")
    result = await call(ctx, "edit_file", path="doc.pdf", old_string="Hello", new_string="Bye")
    assert result.is_error


# -- stat_file ---------------------------------------------------------------------------


async def test_stat_reports_facts_and_read_state(call: ToolCaller, ctx: ToolContext,
                                                 root: Path) -> None:
    (root / "s.csv").write_text("a,b\n1,2\n")
    before = await call(ctx, "stat_file", path="s.csv")
    assert "type: file" in before.text and "size_bytes: 8" in before.text
    assert "lines: 2" in before.text and "read_in_session: no" in before.text
    await call(ctx, "read_file", path="s.csv")
    assert "yes, unchanged" in (await call(ctx, "stat_file", path="s.csv")).text
    (root / "s.csv").write_text("a,b\n1,3\n")
    assert "changed since" in (await call(ctx, "stat_file", path="s.csv")).text
    (root / "sub").mkdir()
    folder = await call(ctx, "stat_file", path="sub")
    assert "type: folder" in folder.text and "entries: 0" in folder.text


async def test_stat_missing_suggests_near_names(call: ToolCaller, ctx: ToolContext,
                                                root: Path) -> None:
    (root / "results.csv").write_text("x")
    result = await call(ctx, "stat_file", path="result.csv")
    assert result.is_error and "results.csv" in result.text


async def test_stat_shows_symlink_target(call: ToolCaller, ctx: ToolContext,
                                         root: Path) -> None:
    (root / "real.txt").write_text("r")
    (root / "alias.txt").symlink_to(root / "real.txt")
    result = await call(ctx, "stat_file", path="alias.txt")
    assert "symlink_to:" in result.text and "real.txt" in result.text


@pytest.mark.parametrize("tool", ["read_file", "write_file", "edit_file", "stat_file"])
async def test_missing_required_arguments_are_tool_errors(call: ToolCaller, ctx: ToolContext,
                                                          tool: str) -> None:
    result = await call(ctx, tool)
    assert result.is_error and "path" in result.text


EDITOR_SCRIPT = """
import asyncio, json, sys, time
from pathlib import Path
from orkas_jupyter.config import Settings
from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools.files import EditFile, EditFileInput, ReadFile, ReadFileInput
from orkas_jupyter.tools.workspace import build_workspace_tools

root, name, go = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
ws = build_workspace_tools(Settings(workspace=root, home=root / ".h"))
ctx = ToolContext(session_id=name, services=ws.services)

async def main():
    await ReadFile().execute(ReadFileInput(path="shared.txt"), ctx)
    (root / f"ready-{name}").write_text("")
    while not go.exists():
        time.sleep(0.005)
    try:
        await EditFile().execute(EditFileInput(path="shared.txt", old_string="value = 0",
                                               new_string=f"value = {name}"), ctx)
        print("won")
    except Exception as exc:
        print("lost:", type(exc).__name__)

asyncio.run(main())
"""


@pytest.mark.slow
def test_edits_from_several_processes_never_both_win(root: Path, tmp_path: Path) -> None:
    import subprocess
    import sys

    (root / "shared.txt").write_text("value = 0\n")
    go = tmp_path / "go"
    names = [f"p{i}" for i in range(4)]
    procs = [subprocess.Popen([sys.executable, "-c", EDITOR_SCRIPT, str(root), n, str(go)],
                              stdout=subprocess.PIPE, text=True) for n in names]
    deadline = time.monotonic() + 60
    while not all((root / f"ready-{n}").exists() for n in names):
        assert time.monotonic() < deadline, "editors did not start"
        time.sleep(0.01)
    go.write_text("")
    outputs = [p.communicate(timeout=60)[0].strip() for p in procs]
    assert outputs.count("won") == 1, outputs
    assert all(o == "lost: StaleFileError" for o in outputs if o != "won"), outputs
    winner = names[outputs.index("won")]
    assert (root / "shared.txt").read_text() == f"value = {winner}\n"


async def test_oversized_limit_is_clamped_not_refused(call: ToolCaller, ctx: ToolContext,
                                                      root: Path) -> None:
    (root / "long.txt").write_text("y" * 200_000)
    result = await call(ctx, "read_file", path="long.txt", limit=1_000_000)
    assert not result.is_error
    assert "characters 0–90,000 of 200,000" in result.text and "offset=90000" in result.text


async def test_crlf_is_not_shown_and_edits_round_trip(call: ToolCaller, ctx: ToolContext,
                                                      root: Path) -> None:
    (root / "dos.txt").write_bytes(b"one\r\ntwo\r\n")
    result = await call(ctx, "read_file", path="dos.txt")
    assert "\r" not in result.text and "     2\ttwo" in result.text
    edit = await call(ctx, "edit_file", path="dos.txt", old_string="one\ntwo",
                      new_string="uno\ndos")
    assert not edit.is_error
    assert (root / "dos.txt").read_bytes() == b"uno\r\ndos\r\n"


def make_xlsx(rows: list[list[str | int]]) -> bytes:
    """A minimal workbook: one sheet 'Data', strings shared, numbers inline, a gap column."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    pkg = "http://schemas.openxmlformats.org/package/2006/relationships"
    strings: list[str] = []
    xml_rows = []
    for r, row in enumerate(rows, 1):
        cells = []
        for c, value in enumerate(row):
            ref = f"{'ACE'[c]}{r}"  # columns A, C, E: B and D stay empty
            if isinstance(value, str):
                strings.append(value)
                cells.append(f'<c r="{ref}" t="s"><v>{len(strings) - 1}</v></c>')
            else:
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
        xml_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("xl/workbook.xml", f'<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
                    '<sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>')
        zf.writestr("xl/_rels/workbook.xml.rels", f'<Relationships xmlns="{pkg}">'
                    '<Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="x"/>'
                    "</Relationships>")
        zf.writestr("xl/sharedStrings.xml", f'<sst xmlns="{main}">' + "".join(
            f"<si><t>{s}</t></si>" for s in strings) + "</sst>")
        zf.writestr("xl/worksheets/sheet1.xml", f'<worksheet xmlns="{main}"><sheetData>'
                    + "".join(xml_rows) + "</sheetData></worksheet>")
    return buf.getvalue()


def make_pptx(slides: list[list[str]]) -> bytes:
    ns = "http://schemas.openxmlformats.org/drawingml/2006/main"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for i, paragraphs in enumerate(slides, 1):
            body = "".join(f"<a:p><a:r><a:t>{p}</a:t></a:r></a:p>" for p in paragraphs)
            zf.writestr(f"ppt/slides/slide{i}.xml", f'<p:sld xmlns:a="{ns}" '
                        f'xmlns:p="urn:p"><p:txBody>{body}</p:txBody></p:sld>')
    return buf.getvalue()


async def test_xlsx_and_pptx_text(call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    (root / "t.xlsx").write_bytes(make_xlsx([["region", "sales"], ["north", 12]]))
    sheet = await call(ctx, "read_file", path="t.xlsx")
    assert not sheet.is_error, sheet.text
    assert "--- sheet Data ---" in sheet.text
    assert "region\t\tsales" in sheet.text and "north\t\t12" in sheet.text
    (root / "d.pptx").write_bytes(make_pptx([["Title slide"], ["Point one", "Point two"]]))
    deck = await call(ctx, "read_file", path="d.pptx")
    assert "--- slide 2 ---" in deck.text and "Point two" in deck.text
    (root / "broken.xlsx").write_bytes(b"PK\x03\x04not really a zip")
    broken = await call(ctx, "read_file", path="broken.xlsx")
    assert broken.is_error and "xlsx" in broken.text
