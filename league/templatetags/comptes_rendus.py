"""Template helpers of the comptes-rendus area: ``{% load comptes_rendus %}``."""

from django import template
from django.utils import timezone
from django.utils.translation import gettext as _

from ..selectors.comptes_rendus import unread_notice_count

register = template.Library()


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
