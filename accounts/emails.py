"""Rendering the site's emails: one subject, a text and an HTML part each.

Templates live in ``templates/emails/<name>_subject.txt``, ``<name>.txt``
and ``<name>.html``. They are rendered in the site's language (French)
whoever triggered them, since they go to someone else's inbox. The subject
and the text part are plain text: rendered without HTML escaping (an
apostrophe in a name stays an apostrophe, not ``&#x27;``); only the HTML
part escapes what it shows.

Every email then goes through the one outbox (``accounts.services.outbox``):
stored with the action that causes it, sent by a worker once it commits.
"""

from datetime import datetime
from functools import cache

from django.conf import settings
from django.template import Context, Engine, engines
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from .services.outbox import queue_email


def absolute_url(viewname: str, *args, **kwargs) -> str:
    """A link for an email: there is no request to take the host from."""
    return settings.SITE_URL + reverse(viewname, args=args, kwargs=kwargs)


@cache
def _plain_text_engine() -> Engine:
    """The site's template engine, finding the same templates, without HTML escaping."""
    site = engines["django"].engine
    return Engine(
        dirs=site.dirs,
        loaders=site.loaders,
        libraries=site.libraries,
        builtins=[b for b in site.builtins if b not in Engine.default_builtins],  # {% colon %}
        string_if_invalid=site.string_if_invalid,
        file_charset=site.file_charset,
        autoescape=False,
    )


def plain_text(template: str, context: dict) -> str:
    """``template`` rendered as plain text (no HTML escaping)."""
    return _plain_text_engine().get_template(template).render(Context(context, autoescape=False))


def _with_site(context: dict) -> dict:
    return {"club_name": settings.CLUB_NAME, "site_url": settings.SITE_URL, **context}


def render_subject(name: str, context: dict, language: str) -> str:
    """The subject of email ``name`` in ``language``, on one line (a header must hold on one)."""
    with translation.override(language):
        return " ".join(plain_text(f"emails/{name}_subject.txt", _with_site(context)).split())


def render_body(name: str, context: dict) -> tuple[str, str]:
    """Text and HTML parts of email ``name``, in the club's language."""
    context = _with_site(context)
    with translation.override(settings.LANGUAGE_CODE):
        return plain_text(f"emails/{name}.txt", context), render_to_string(f"emails/{name}.html", context)


def render_email(name: str, context: dict) -> tuple[str, str, str]:
    """Subject, text and HTML of email ``name``, in the club's language."""
    return (render_subject(name, context, settings.LANGUAGE_CODE), *render_body(name, context))


def send_email(
    name: str, *, to: list[str], context: dict, reply_to: list[str] | None = None, now: datetime
) -> None:
    """Render ``templates/emails/<name>…`` and queue it in the outbox (sent once the transaction commits)."""
    if not [address for address in to if address]:
        return
    subject, text, html = render_email(name, context)
    queue_email(to=to, subject=subject, text=text, html=html, reply_to=reply_to, now=now)
