"""Template helpers of the comptes-rendus area: ``{% load comptes_rendus %}``."""

import re

from django import template
from django.template.defaultfilters import date
from django.utils import timezone
from django.utils.html import format_html, strip_tags
from django.utils.safestring import mark_safe
from django.utils.text import Truncator
from django.utils.translation import gettext as _

from league.wording import message_text

from ..markdown import title_heading
from ..presentation import countdown_text
from ..selectors.member_frame import member_frame

register = template.Library()


#: Where one block of rendered HTML ends: a space keeps its words apart once the tags are gone.
BLOCK_END = re.compile(r"</(?:p|h[1-6]|li|ul|ol|blockquote|pre|tr|table)>|<br\s*/?>", re.I)


@register.filter
def cr_title(cr) -> str:
    """The compte-rendu's title: its own, else the heading it opens with, else its manche's."""
    return (
        cr.title
        or title_heading(cr.title, cr.text)
        or _("Compte-rendu de la manche %(number)s") % {"number": cr.manche.number}
    )


@register.filter
def cr_own_title(cr) -> str:
    """The title the compte-rendu gives itself: its own, else the heading it opens with; "" when
    it has neither (an email then names it by its manche alone, never by « »)."""
    if not isinstance(getattr(cr, "text", None), str):  # no compte-rendu in the context
        return ""
    return (cr.title or "").strip() or title_heading(cr.title, cr.text) or ""


@register.filter
def cr_body(cr):
    """The stored sanitised HTML (rendered when saved, without the heading shown as the title)."""
    return mark_safe(cr.html)  # noqa: S308 - sanitised by render_markdown when saved


@register.filter
def cr_excerpt(cr, words: int = 40) -> str:
    """The first words of the text, its blocks kept apart (``Classement 1. Anne``, not ``Classement1. Anne``)."""
    text = strip_tags(BLOCK_END.sub(" ", cr.html))
    return Truncator(" ".join(text.split())).words(int(words), truncate="…")


@register.simple_tag(takes_context=True)
def unread_notices(context) -> int:
    """How many site notices the signed-in member has not read (read as his request started)."""
    request = context.get("request")
    if request is None or not request.user.is_authenticated:
        return 0
    frame = getattr(request, "member_frame", None) or member_frame(request.user)
    return frame.unread_notices


@register.filter
def adjustment_text(adjustment) -> str:
    """An engine adjustment's reason, translated."""
    return message_text(adjustment.reason)


@register.simple_tag
def countdown(deadline, now=None) -> str:
    """A live countdown to the instant ``deadline`` as of ``now`` (the clock's when not given),
    which ``static/league/countdown.js`` ticks (its text: ``presentation.countdown_text``).
    Written here rather than as an included template: a member's home page shows several,
    and each include cost half a millisecond."""
    now = now or timezone.now()
    past = deadline <= now
    local = timezone.template_localtime(deadline)
    return format_html(
        '<time class="countdown fw-semibold{}" datetime="{}" title="{}" data-units="{}" data-past="{}">{}</time>',
        " text-danger" if past else "",
        date(local, "c"),
        date(local, "l j F Y, H:i"),
        _("j h min s"),
        _("échue"),
        countdown_text(deadline, now),
    )
