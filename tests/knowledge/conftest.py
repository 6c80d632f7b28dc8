"""Fixtures for the knowledge-base tests: both implementations behind one factory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from orkas_jupyter.knowledge import InMemoryKnowledgeBase, KnowledgeBase
from orkas_jupyter.store.kb import DuckDBKnowledgeBase

KbFactory = Callable[..., KnowledgeBase]


@pytest.fixture(params=["memory", "duckdb"])
def make_kb(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[KbFactory]:
    """A factory `make_kb(**kwargs)` for the implementation under test, rooted at
    `tmp_path / "ws"`; the DuckDB one uses a real file opened here."""
    root = tmp_path / "ws"
    root.mkdir()
    connections: list[duckdb.DuckDBPyConnection] = []

    def factory(**kwargs: Any) -> KnowledgeBase:
        kwargs.setdefault("root", root)
        if request.param == "memory":
            return InMemoryKnowledgeBase(**kwargs)
        con = duckdb.connect(str(tmp_path / "orkas.duckdb"))
        connections.append(con)
        return DuckDBKnowledgeBase(con, **kwargs)

    factory.root = root  # type: ignore[attr-defined]
    factory.kind = request.param  # type: ignore[attr-defined]
    yield factory
    for con in connections:
        con.close()


def minimal_pdf(pages: list[str]) -> bytes:
    """A valid PDF with one line of Helvetica text per page (xref offsets computed)."""
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    kids = []
    font_id = 3
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for text in pages:
        stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode("latin-1")
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        content_id = len(objects)
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (content_id, font_id))
        kids.append(len(objects))
    objects[1] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids)
                  + b"] /Count %d >>" % len(kids))
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += (b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, xref))
    return bytes(out)


@pytest.fixture
def make_pdf() -> Callable[[list[str]], bytes]:
    """`make_pdf(["page one text", ...])` → PDF bytes."""
    return minimal_pdf
