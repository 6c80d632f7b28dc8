"""HTML pages as readable text (for indexing) or as Markdown (for the model to read), with
BeautifulSoup; scripts, styles and other invisible parts dropped."""

from __future__ import annotations

import re
from urllib.parse import urljoin

_BLANK_RUNS = re.compile(r"\n\s*\n(\s*\n)+")
_INVISIBLE = ("script", "style", "noscript", "template", "svg", "head")
# For a page shown to the model: navigation and page furniture go too.
_FURNITURE = (*_INVISIBLE, "iframe", "canvas", "nav", "footer", "aside", "form", "button")


def html_to_text(html: str) -> str:
    """Visible text of an HTML page, one block per line, the title first."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    title = soup.title.get_text(" ", strip=True) if soup.title else ""
    for tag in soup(_INVISIBLE):
        tag.decompose()
    text = (title + "\n" if title else "") + soup.get_text("\n")
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return _BLANK_RUNS.sub("\n\n", "\n".join(lines)).strip() + "\n"


def html_to_markdown(html: str, base_url: str) -> tuple[str, str | None]:
    """Readable Markdown of a page's main content (links made absolute against `base_url`),
    and its title."""
    from bs4 import BeautifulSoup
    from markdownify import markdownify

    soup = BeautifulSoup(html, "html.parser")
    title = soup.title.get_text(strip=True) if soup.title else None
    for tag in soup.find_all(_FURNITURE):
        tag.decompose()
    for link in soup.find_all("a", href=True):
        href = link.get("href")
        if isinstance(href, str) and not href.startswith(("#", "javascript:")):
            link["href"] = urljoin(base_url, href)
    body = soup.find("main") or soup.find("article") or soup.body or soup
    text = markdownify(str(body), heading_style="ATX", strip=["img"])
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return text, title
