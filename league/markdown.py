"""Markdown written by members, turned into HTML that is safe to show.

Rendering is markdown-it-py (CommonMark): it runs in time linear in the text
and bounds nesting itself, where Python-Markdown took 51 s on 20,000 ``[``
and hit Python's recursion limit on 300 nested list levels. Its output,
raw HTML included, is cleaned by nh3 (the maintained Rust sanitiser
``ammonia``) against an allow-list: no script or style, no event handler
attribute, no ``javascript:`` or ``data:`` URL survives, and every link gets
``rel="nofollow noopener noreferrer"``.

Limits, checked by :func:`check_markdown` before anything is stored or
previewed (a member gets a message, never a slow page):

- :data:`MAX_CHARS` characters per compte-rendu (about 3,000 words);
- :data:`MAX_DEPTH` levels of nested lists or quotes.

A picture from another site is shown as a link to it: readers' browsers
fetch nothing from a third party (the Content-Security-Policy's
``img-src 'self'`` would block it anyway, see ``config/security_headers``).
"""

import re

import nh3
from django.core.exceptions import ValidationError
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml

MAX_CHARS = 20_000
MAX_DEPTH = 10

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
_REMOTE = re.compile(r"^\s*([a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
_ALIGN = re.compile(r"^text-align:(left|right|center)$")
# Leading quote markers and indentation of a line: how deep it nests.
_LEAD = re.compile(r"^[ \t>]*")


def _cell(renderer, tokens, idx, options, env):
    """A table cell with its alignment as an ``align`` attribute: no ``style`` is let through."""
    token = tokens[idx]
    match = _ALIGN.match(token.attrGet("style") or "")
    token.attrs.pop("style", None)
    if match:
        token.attrSet("align", match.group(1))
    return renderer.renderToken(tokens, idx, options, env)


def _image(renderer, tokens, idx, options, env):
    """A picture on this site as an image; one from elsewhere as a link to it."""
    token = tokens[idx]
    src = token.attrGet("src") or ""
    if not _REMOTE.match(src):
        return renderer.image(tokens, idx, options, env)
    alt = renderer.renderInlineAsText(token.children or [], options, env) or src
    return f'<a href="{escapeHtml(src)}">{escapeHtml(alt)}</a>'


_PARSER = MarkdownIt(
    "commonmark",
    # Line breaks kept as typed; French quotes and apostrophes.
    {"breaks": True, "html": True, "typographer": True, "quotes": "«»‹›", "maxNesting": MAX_DEPTH * 2},
).enable(["table", "strikethrough", "replacements", "smartquotes"])
_PARSER.add_render_rule("th_open", _cell)
_PARSER.add_render_rule("td_open", _cell)
_PARSER.add_render_rule("image", _image)


def _depth(line: str) -> int:
    lead = _LEAD.match(line).group(0)
    return lead.count(">") + len(lead.expandtabs(4).replace(">", "")) // 2


def check_markdown(text: str, *, field: str = "text", max_chars: int = MAX_CHARS) -> str:
    """``text`` if it is within the limits, else a ValidationError naming ``field`` and the limit."""
    if len(text) > max_chars:
        raise ValidationError(
            {
                field: _("Le texte fait %(length)s caractères ; %(max)s au plus.")
                % {"length": len(text), "max": max_chars}
            }
        )
    if "\x00" in text:
        raise ValidationError({field: _("Le texte contient un caractère nul.")})
    if any(_depth(line) > MAX_DEPTH * 2 for line in text.splitlines()):
        raise ValidationError(
            {
                field: _("Le texte imbrique des listes ou citations sur plus de %(max)s niveaux.")
                % {"max": MAX_DEPTH}
            }
        )
    return text


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


#: A Markdown heading on the text's first line (``# …`` to ``###### …``).
FIRST_HEADING = re.compile(r"\A\s*#{1,6}[ \t]+(?P<heading>[^\n]+?)[ \t#]*(?:\n|\Z)")


def title_heading(title: str, text: str) -> str | None:
    """The heading a compte-rendu without a title opens with: it serves as the title."""
    match = None if title else FIRST_HEADING.match(text or "")
    return match.group("heading") if match else None


def shown_text(title: str, text: str) -> str:
    """The text shown under the title: without the opening heading when that heading is the title."""
    match = None if title else FIRST_HEADING.match(text or "")
    return text[match.end() :] if match else text


def render_markdown(text: str) -> SafeString:
    """``text`` (Markdown, raw HTML included) as sanitised HTML, ready to store or show."""
    return mark_safe(sanitize_html(_PARSER.render(text or "")))  # noqa: S308 - sanitised just above
