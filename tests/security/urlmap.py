"""Every URL pattern of the site, and what each one lets whom do.

``CLASSIFIED`` is the register the security tests walk: each named pattern
says what an anonymous visitor and an ordinary member without any office may
do with it. A new page whose name is missing here makes
``test_every_url_pattern_is_classified`` fail on purpose: whoever adds a page
says, in one line, who may use it, and the generic checks (anonymous and
unauthorised writes refused with no row changed, CSRF enforced) then cover it.

Sample URL arguments are filled in by name from the ``world`` fixture
(``season_name``, ``name``, ``number``, ``username``, ``token``, ``uidb64``);
a pattern whose argument has another name (``pk``…) gives its own in
``kwargs``: a callable ``world -> dict``.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import URLPattern, URLResolver, get_resolver

# What an anonymous visitor gets:
LOGIN = "login"  # redirected to the sign-in page (GET and POST)
OPEN = "open"  # served
TOKEN = "token"  # a secret in the URL decides; a wrong one changes nothing

# What an ordinary signed-in member without any office or special role gets:
ALLOWED = "allowed"
FORBIDDEN = "forbidden"  # 403
REFUSED = "refused"  # 403, or sent back to a page with a message; nothing changes either way


@dataclass(frozen=True)
class Access:
    anonymous: str
    member: str
    writes: bool  # accepts a POST that changes rows (so: CSRF, no anonymous write)
    kwargs: Callable | None = field(default=None, compare=False)
    note: str = ""

    def but(self, **changes) -> "Access":
        return Access(**{**self.__dict__, **changes})


# The kinds of page, by who may use them.
PUBLIC_READ = Access(anonymous=OPEN, member=ALLOWED, writes=False)
MEMBER_READ = Access(anonymous=LOGIN, member=ALLOWED, writes=False)
OFFICER_READ = Access(anonymous=LOGIN, member=FORBIDDEN, writes=False)
VISITOR_FORM = Access(anonymous=OPEN, member=ALLOWED, writes=True)
MEMBER_WRITE = Access(anonymous=LOGIN, member=ALLOWED, writes=True)
# Officers (President, acting Vice-President), or one member in particular
# (the manche's capitaine, the compte-rendu's author, the vainqueur…).
RESTRICTED_WRITE = Access(anonymous=LOGIN, member=FORBIDDEN, writes=True)
TOKEN_WRITE = Access(anonymous=TOKEN, member=TOKEN, writes=True)
TOKEN_READ = Access(anonymous=TOKEN, member=TOKEN, writes=False)


def played_manche(world) -> dict:
    return {"season_name": world.season.name, "number": world.played.number}


def compte_rendu(world) -> dict:
    return {"season_name": world.season.name, "pk": world.compte_rendu.pk}


def avatar(world) -> dict:
    """A member's photo on disk (the storage is the test's own directory)."""
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    return {"path": default_storage.save("avatars/sample.png", ContentFile(b"\x89PNG\r\n\x1a\n"))}


CLASSIFIED: dict[str, Access] = {
    # The site
    "media": PUBLIC_READ.but(kwargs=avatar, note="members' photos, re-encoded at upload"),
    "home": PUBLIC_READ,
    "set_language": VISITOR_FORM.but(note="language choice kept in a cookie"),
    "manifest": PUBLIC_READ.but(note="the installable web app's manifest"),
    "service_worker": PUBLIC_READ.but(note="the offline sheet's service worker script"),
    # Accounts
    "accounts:login": VISITOR_FORM,
    "accounts:logout": VISITOR_FORM,
    "accounts:profile": MEMBER_WRITE,
    "accounts:password_change": MEMBER_WRITE,
    "accounts:password_change_done": MEMBER_READ,
    "accounts:password_reset": VISITOR_FORM,
    "accounts:password_reset_done": PUBLIC_READ,
    "accounts:password_reset_confirm": TOKEN_WRITE,
    "accounts:password_reset_complete": PUBLIC_READ,
    "accounts:email_change": MEMBER_WRITE,
    "accounts:calendar_token_reset": MEMBER_WRITE,
    "accounts:email_confirm": TOKEN_WRITE,
    "accounts:members": MEMBER_READ,
    "accounts:join": VISITOR_FORM,
    "accounts:join_sent": PUBLIC_READ,
    "accounts:invitation_accept": TOKEN_WRITE,
    # The President's desk
    "accounts:membership": OFFICER_READ,
    "accounts:invitation_list": OFFICER_READ,
    "accounts:invite": RESTRICTED_WRITE,
    "accounts:invitation_resend": RESTRICTED_WRITE.but(kwargs=lambda w: {"pk": w.invitation.pk}),
    "accounts:invitation_revoke": RESTRICTED_WRITE.but(kwargs=lambda w: {"pk": w.invitation.pk}),
    "accounts:join_request_list": OFFICER_READ,
    "accounts:join_request_approve": RESTRICTED_WRITE.but(kwargs=lambda w: {"pk": w.join_request.pk}),
    "accounts:join_request_refuse": RESTRICTED_WRITE.but(kwargs=lambda w: {"pk": w.join_request.pk}),
    "accounts:member_admin": OFFICER_READ,
    "accounts:member_deactivate": RESTRICTED_WRITE,
    "accounts:member_reactivate": RESTRICTED_WRITE.but(kwargs=lambda w: {"username": w.gaston.username}),
    "accounts:offices": RESTRICTED_WRITE,
    # League: seasons, calendar, registrations, the draw
    "league:season_list": PUBLIC_READ,
    "league:season_current": PUBLIC_READ,
    "league:calendar_current": PUBLIC_READ,
    "league:president_dashboard": OFFICER_READ,
    "league:season_create": RESTRICTED_WRITE,
    "league:season_detail": PUBLIC_READ,
    "league:season_edit": RESTRICTED_WRITE,
    "league:season_open": RESTRICTED_WRITE,
    "league:season_close": RESTRICTED_WRITE,
    "league:season_reopen": RESTRICTED_WRITE,
    "league:calendar": PUBLIC_READ,
    "league:calendar_generate": RESTRICTED_WRITE,
    "league:registrations_open": RESTRICTED_WRITE,
    "league:manche_add": RESTRICTED_WRITE,
    "league:manche_edit": RESTRICTED_WRITE,
    "league:manche_cancel": RESTRICTED_WRITE,
    "league:manche_detail": PUBLIC_READ,
    "league:registration_add": MEMBER_WRITE.but(note="oneself; someone else: officers only"),
    "league:registration_withdraw": MEMBER_WRITE.but(note="oneself; someone else: officers only"),
    "league:draw": RESTRICTED_WRITE.but(note="the manche's capitaine or an officer"),
    # League: the sheet (the manche's capitaine or an officer) and results
    "league:sheet": PUBLIC_READ,
    "league:sheet_board": PUBLIC_READ,
    "league:sheet_donne_add": RESTRICTED_WRITE,
    "league:sheet_donne_sync": RESTRICTED_WRITE.but(note="JSON answers for the phone's offline queue"),
    "league:sheet_conflict": RESTRICTED_WRITE.but(note="JSON answers for the phone's offline queue"),
    "league:sheet_donne_edit": RESTRICTED_WRITE,
    "league:sheet_donne_delete": RESTRICTED_WRITE,
    "league:sheet_table": RESTRICTED_WRITE,
    "league:sheet_close": RESTRICTED_WRITE,
    "league:quick_results": RESTRICTED_WRITE,
    "league:manche_order": RESTRICTED_WRITE.but(kwargs=played_manche, note="officers, after closing"),
    "league:manche_audit": OFFICER_READ.but(kwargs=played_manche),
    "league:results": PUBLIC_READ,
    "league:share_image": PUBLIC_READ.but(kwargs=played_manche, note="the night's result as a PNG"),
    "league:sheet_sign": RESTRICTED_WRITE.but(kwargs=played_manche, note="a player of the table"),
    "league:sheet_table_signed": RESTRICTED_WRITE.but(
        kwargs=played_manche, note="the capitaine or an officer"
    ),
    "league:donne_contest": RESTRICTED_WRITE.but(kwargs=played_manche, note="a player of the table, in time"),
    "league:contest_rule": RESTRICTED_WRITE.but(
        kwargs=lambda w: {**played_manche(w), "pk": 1}, note="officers"
    ),
    # League: comptes-rendus and notices
    "league:cr_current": PUBLIC_READ,
    "league:cr_list": PUBLIC_READ,
    "league:cr_detail": PUBLIC_READ.but(kwargs=compte_rendu),
    "league:cr_write": RESTRICTED_WRITE.but(
        kwargs=played_manche,
        member=REFUSED,
        note="the vainqueur, or a participant after a rejection; others are sent back with a message",
    ),
    "league:cr_edit": RESTRICTED_WRITE.but(kwargs=compte_rendu, note="its author"),
    "league:cr_judge": RESTRICTED_WRITE.but(kwargs=compte_rendu),
    "league:cr_comment": MEMBER_WRITE.but(kwargs=compte_rendu),
    "league:cr_preview": MEMBER_WRITE.but(note="renders Markdown, writes nothing"),
    "league:notices": MEMBER_READ,
    "league:notices_read_all": MEMBER_WRITE.but(note="one's own notices"),
    "league:notice_read": MEMBER_WRITE.but(kwargs=lambda w: {"pk": w.notice.pk}, note="one's own notices"),
    "league:season_import": RESTRICTED_WRITE,
    "league:season_export": OFFICER_READ,
    "league:awards": RESTRICTED_WRITE,
    "league:award_delete": RESTRICTED_WRITE.but(
        kwargs=lambda w: {"season_name": w.season.name, "pk": w.award.pk}
    ),
    # Calendar feeds: public for the season, a secret link for one's own manches
    "feeds:current": PUBLIC_READ,
    "feeds:season": PUBLIC_READ,
    "feeds:personal": TOKEN_READ,
    # Reports (read only)
    "reports:standings_current": PUBLIC_READ,
    "reports:standings": PUBLIC_READ,
    "reports:standings_csv": PUBLIC_READ,
    "reports:standings_xlsx": PUBLIC_READ,
    "reports:standings_explanation": PUBLIC_READ,
    "reports:player": PUBLIC_READ,
    "reports:palmares": PUBLIC_READ,
    "reports:ratings": PUBLIC_READ,
    "reports:projections_current": PUBLIC_READ,
    "reports:projections": PUBLIC_READ,
    "reports:palmares_print": PUBLIC_READ,
    "reports:api_standings": PUBLIC_READ,
}

# Patterns outside the register: Django's admin (its own permission system)
# and files served in development.
SKIPPED_NAMESPACES = {"admin"}


@dataclass(frozen=True)
class Route:
    name: str  # "namespace:name"
    route: str  # the pattern, for messages
    arguments: tuple[str, ...]


def _arguments(pattern) -> list[str]:
    converters = getattr(pattern.pattern, "converters", None)
    if converters is not None:
        return list(converters)
    return list(pattern.pattern.regex.groupindex)


def walk(patterns=None, namespace: str = "", prefix: str = "", arguments=()) -> list[Route]:
    """Every named URL pattern of the site (unnamed ones as ``<unnamed …>``)."""
    if patterns is None:
        patterns = get_resolver().url_patterns
    found: list[Route] = []
    for entry in patterns:
        here = prefix + str(entry.pattern)
        args = (*arguments, *_arguments(entry))
        if isinstance(entry, URLResolver):
            if entry.namespace in SKIPPED_NAMESPACES:
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            found.extend(walk(entry.url_patterns, inner, here, args))
        elif isinstance(entry, URLPattern):
            if entry.callback.__module__ == "django.views.static":
                continue
            name = f"{namespace}{entry.name}" if entry.name else f"<unnamed {here}>"
            found.append(Route(name=name, route=here, arguments=tuple(args)))
    return found
