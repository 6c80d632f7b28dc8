"""Pydantic models at the knowledge base's boundary: documents, hits, reports."""

from __future__ import annotations

from pydantic import BaseModel, Field


class SearchHit(BaseModel):
    """One retrieved chunk, with what the agent needs to cite it."""

    document: str = Field(description="document name (a path relative to the workspace, or "
                                      "the name given to `add_text`)")
    locator: str | None = Field(None, description="cell id or page inside the document")
    start_line: int = Field(description="first line of the chunk, 1-based")
    end_line: int = Field(description="last line of the chunk, inclusive")
    score: float = Field(description="fused score normalised to 0..1 (1 = top of every list)")
    text: str
    bm25_rank: int | None = Field(None, description="1-based rank in the BM25 list")
    vector_rank: int | None = Field(None, description="1-based rank in the vector list")

    def citation(self) -> str:
        """`doc[ locator]:start-end`, the form the tool prints."""
        where = f" {self.locator}" if self.locator else ""
        return f"{self.document}{where}:{self.start_line}-{self.end_line}"


class SearchResult(BaseModel):
    """Hits plus warnings (e.g. the vector list failed and BM25 alone was used)."""

    hits: list[SearchHit]
    warnings: list[str] = Field(default_factory=list)


class SkippedPath(BaseModel):
    """A file that was not ingested, and why."""

    path: str
    reason: str


class IngestReport(BaseModel):
    """What one `add_paths`/`add_text` call did."""

    added: list[str] = Field(default_factory=list)
    updated: list[str] = Field(default_factory=list)
    unchanged: list[str] = Field(default_factory=list)
    skipped: list[SkippedPath] = Field(default_factory=list)
    chunks_written: int = 0
    warnings: list[str] = Field(default_factory=list)

    def summary(self) -> str:
        """One line for humans."""
        return (f"{len(self.added)} added, {len(self.updated)} updated, "
                f"{len(self.unchanged)} unchanged, {len(self.skipped)} skipped, "
                f"{self.chunks_written} chunks written")


class DocumentInfo(BaseModel):
    """A stored document."""

    name: str
    source: str | None = Field(None, description="absolute path it was read from, if any")
    kind: str
    content_hash: str
    chunks: int
    added_at: float


class KbStatus(BaseModel):
    """Counts and backends, for `%orkas kb` and diagnostics."""

    documents: int
    chunks: int
    embedded_chunks: int
    embedding_model: str | None
    analyzer: str
