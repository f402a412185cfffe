"""Template helpers of the comptes-rendus area: ``{% load comptes_rendus %}``."""

import re

from django import template
from django.utils import timezone
from django.utils.html import strip_tags
from django.utils.text import Truncator
from django.utils.translation import gettext as _

from ..markdown import render_markdown
from ..selectors.comptes_rendus import unread_notice_count

register = template.Library()


@register.filter
def markdown(text: str):
    """Members' Markdown as sanitised HTML."""
    return render_markdown(text)


#: A Markdown heading on the text's first line (``# …`` to ``###### …``).
FIRST_HEADING = re.compile(r"\A\s*#{1,6}[ \t]+(?P<heading>[^\n]+?)[ \t#]*(?:\n|\Z)")
#: Where one block of rendered HTML ends: a space keeps its words apart once the tags are gone.
BLOCK_END = re.compile(r"</(?:p|h[1-6]|li|ul|ol|blockquote|pre|tr|table)>|<br\s*/?>", re.I)


def _first_heading(cr):
    return None if cr.title else FIRST_HEADING.match(cr.text or "")


@register.filter
def cr_title(cr) -> str:
    """The compte-rendu's title: its own, else the heading it opens with, else its manche's."""
    if cr.title:
        return cr.title
    heading = _first_heading(cr)
    if heading:
        return heading.group("heading")
    return _("Compte-rendu de la manche %(number)s") % {"number": cr.manche.number}


def _body(cr) -> str:
    """The text without the opening heading when that heading serves as the title."""
    heading = _first_heading(cr)
    return cr.text[heading.end() :] if heading else cr.text


@register.filter
def cr_body(cr):
    """The compte-rendu's text as sanitised HTML, without the heading already shown as its title."""
    return render_markdown(_body(cr))


@register.filter
def cr_excerpt(cr, words: int = 40) -> str:
    """The first words of the text, its blocks kept apart (``Classement 1. Anne``, not ``Classement1. Anne``)."""
    text = strip_tags(BLOCK_END.sub(" ", str(render_markdown(_body(cr)))))
    return Truncator(" ".join(text.split())).words(int(words), truncate="…")


@register.simple_tag(takes_context=True)
def unread_notices(context) -> int:
    """How many site notices the signed-in member has not read."""
    request = context.get("request")
    return unread_notice_count(request.user) if request is not None else 0


@register.filter
def adjustment_text(adjustment) -> str:
    """An engine adjustment's reason, translated."""
    return adjustment.reason.render(_)


@register.filter
def is_past(moment) -> bool:
    """Whether the instant ``moment`` has passed (compares instants, never rendered text)."""
    return moment <= timezone.now()
