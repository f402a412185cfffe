"""Comptes-rendus and comments are Markdown: whatever is typed, no script, handler or javascript: link survives.

The corpus is the security suite's (``tests/security/xss_payloads.txt``)
plus payloads that only Markdown syntax can carry (links, images,
autolinks, reference links).
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from league.markdown import render_markdown

CORPUS = Path(__file__).resolve().parents[2] / "security" / "xss_payloads.txt"
MARKDOWN_PAYLOADS = [
    "[click](javascript:alert('xss'))",
    "[click](JAVASCRIPT:alert('xss'))",
    "[click]( javascript:alert('xss'))",
    "[click](javascript&#58;alert('xss'))",
    "[click](&#106;avascript:alert('xss'))",
    "![img](javascript:alert('xss'))",
    "![img](x\" onerror=\"alert('xss'))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzJyk8L3NjcmlwdD4=)",
    "<javascript:alert('xss')>",
    "[ref][1]\n\n[1]: javascript:alert('xss')",
    "[a](vbscript:msgbox('xss'))",
    "```\n</code><script>alert('xss')</script>\n```",
    "| a |\n|---|\n| <img src=x onerror=alert('xss')> |",
    "**<svg/onload=alert('xss')>**",
    "> <iframe src=javascript:alert('xss')></iframe>",
    '<a href="https://ok.example" onclick="alert(\'xss\')" style="x">ok</a>',
]
PAYLOADS = [
    line for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()
] + MARKDOWN_PAYLOADS
FORBIDDEN_TAGS = {
    "script",
    "style",
    "iframe",
    "frame",
    "object",
    "embed",
    "base",
    "meta",
    "link",
    "svg",
    "math",
    "form",
}
URL_ATTRS = {"href", "src", "action", "formaction", "data", "srcset", "xlink:href", "background"}
BAD_SCHEME = re.compile(r"^(javascript|vbscript|data|livescript):", re.IGNORECASE)


class Executable(HTMLParser):
    """Collects whatever in an HTML fragment could run."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []

    def handle_starttag(self, tag, attrs):
        if tag in FORBIDDEN_TAGS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            value = re.sub(r"[\x00-\x20]+", "", value or "")
            if name.startswith("on") or name == "style":
                self.found.append(f"{tag}[{name}]")
            if name in URL_ATTRS and BAD_SCHEME.match(value):
                self.found.append(f"{tag}[{name}={value}]")

    handle_startendtag = handle_starttag


def executable(html: str) -> list[str]:
    parser = Executable()
    parser.feed(html)
    parser.close()
    return parser.found


def test_the_corpus_is_not_empty():
    assert len(PAYLOADS) > 40


def test_the_check_catches_what_it_should():
    assert executable('<a href=" JaVaScript:x">a</a><img src=x onerror=y><script></script>') == [
        "a[href=JaVaScript:x]",
        "img[onerror]",
        "<script>",
    ]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payload_renders_inert(payload):
    for text in (payload, f"Une soirée **mémorable** {payload} et la suite", f"- {payload}"):
        html = str(render_markdown(text))
        assert executable(html) == [], (payload, html)


def test_safe_markdown_survives():
    html = str(
        render_markdown(
            "## Ambiance\n\n**Top** [forum](https://tarot.example/forum) ![x](https://tarot.example/a.png)"
        )
    )
    assert "<h2>Ambiance</h2>" in html and "<strong>Top</strong>" in html
    assert 'href="https://tarot.example/forum"' in html and 'rel="nofollow noopener noreferrer"' in html
    assert '<a href="https://tarot.example/a.png" rel="nofollow noopener noreferrer">x</a>' in html


def test_a_picture_from_another_site_becomes_a_link_and_ours_stays_a_picture():
    """Readers' browsers fetch nothing from a third party because of a compte-rendu."""
    html = str(
        render_markdown(
            "![loin](https://tracker.example/p.gif) ![//x](//cdn.example/a.png) ![ici](/media/a.png)"
        )
    )
    assert "<img" in html and html.count("<img") == 1 and 'src="/media/a.png"' in html
    assert 'href="https://tracker.example/p.gif"' in html and 'href="//cdn.example/a.png"' in html


def test_ranking_table_keeps_its_alignment_without_style():
    html = str(render_markdown("| Place | Joueur |\n|---:|:---|\n| 1 | Anne |"))
    assert '<td align="right">1</td>' in html and "style" not in html
