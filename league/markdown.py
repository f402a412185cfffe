"""Markdown written by members, turned into HTML that is safe to show.

Python-Markdown passes raw HTML through untouched, so its output is cleaned
by nh3 (the maintained Rust sanitiser ``ammonia``) against an allow-list:
no script or style, no event handler attribute, no ``javascript:`` or
``data:`` URL survives, and every link gets ``rel="nofollow noopener
noreferrer"``.
"""

import markdown as _markdown
import nh3
from django.utils.safestring import SafeString, mark_safe

EXTENSIONS = ["tables", "sane_lists", "nl2br", "fenced_code", "smarty"]
EXTENSION_CONFIGS = {
    # Column alignment as an ``align`` attribute: no ``style`` is let through.
    "tables": {"use_align_attribute": True},
    # French quotes and apostrophes; no HTML entities for them.
    "smarty": {"smart_angled_quotes": True},
}

ALLOWED_TAGS = {
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "code",
    "del",
    "em",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "img",
    "li",
    "ol",
    "p",
    "pre",
    "s",
    "strong",
    "sub",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "img": {"src", "alt", "title"},
    "td": {"align"},
    "th": {"align"},
    "ol": {"start"},
}
URL_SCHEMES = {"http", "https", "mailto"}


def sanitize_html(html: str) -> str:
    """Keep only the allowed tags, attributes and URL schemes."""
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="nofollow noopener noreferrer",
        strip_comments=True,
    )


def render_markdown(text: str) -> SafeString:
    """``text`` (Markdown, raw HTML included) as sanitised HTML, ready for a template."""
    html = _markdown.markdown(text or "", extensions=EXTENSIONS, extension_configs=EXTENSION_CONFIGS)
    return mark_safe(sanitize_html(html))  # noqa: S308 - sanitised just above
