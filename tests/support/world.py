"""The world: a small season to aim every URL at, and a snapshot of every row to prove nothing changed.

Who is who in the ``world``:

- ``ben`` holds the club's presidency, presides the season and played manche 2;
- ``bruno`` is the capitaine de soirée of manches 1 and 2;
- ``anne`` plays: registered to the open manche 1, vainqueur of the played
  manche 2, author of its compte-rendu;
- ``claire`` is an ordinary member with no office, no registration and no
  role in any manche: the "member without the right" of every check;
- ``david``, ``emile``, ``fanny`` fill the tables; ``gaston`` left the club (inactive).
"""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tests.support.seasons import make_manche, make_season

SNAPSHOT_APPS = ("accounts", "league")


def build_world(make_user) -> SimpleNamespace:
    """The world (see above), its people made with ``make_user``: the ``world`` fixture of tests/conftest.py."""
    from accounts.models import Invitation, JoinRequest
    from accounts.services.offices import presidency_hand_over
    from accounts.tokens import new_token
    from league.models import (
        Award,
        Comment,
        CompteRendu,
        Manche,
        QuickResult,
        Registration,
        Seat,
        SiteNotice,
    )

    now = timezone.now()
    users = {
        name: make_user(name, display_name=display)
        for name, display in [
            ("ben", "Benoît"),
            ("bruno", "Bruno"),
            ("anne", "Anne"),
            ("claire", "Claire"),
            ("david", "David"),
            ("emile", "Émile"),
            ("fanny", "Fanny"),
            ("gaston", "Gaston"),
        ]
    }
    presidency_hand_over(by=None, to=users["ben"], now=now - timedelta(days=400))
    season = make_season(president=users["ben"])
    played = make_manche(
        season,
        2,
        starts_at=now - timedelta(days=3),
        capitaine=users["bruno"],
        status=Manche.Status.PLAYED,
        closed_at=now - timedelta(days=3) + timedelta(hours=4),
        closed_by=users["bruno"],
    )
    manche = make_manche(season, 1, starts_at=now + timedelta(days=11), capitaine=users["bruno"])
    planned = make_manche(season, 3, starts_at=now + timedelta(days=25), status=Manche.Status.PLANNED)
    for seat, name in enumerate(["anne", "david", "emile", "fanny"], start=1):
        Registration.objects.create(manche=manche, player=users[name], seat=seat, created_at=now)
    # The President plays too (the engine needs to know him as a player).
    table = ["anne", "bruno", "david", "emile", "ben"]
    scores = [120, 40, -20, -60, -80]
    for position, (name, score) in enumerate(zip(table, scores, strict=True), start=1):
        Registration.objects.create(
            manche=played, player=users[name], seat=position, created_at=now - timedelta(days=10)
        )
        Seat.objects.create(manche=played, player=users[name], position=position)
        QuickResult.objects.create(manche=played, player=users[name], score=score, prises=1, bouts=1)
    compte_rendu = CompteRendu.objects.create(
        manche=played,
        author=users["anne"],
        title="Une belle soirée",
        text="Ambiance **excellente**.",
        posted_at=now - timedelta(days=2),
    )
    comment = Comment.objects.create(compte_rendu=compte_rendu, author=users["david"], text="Bravo !")
    invitation = Invitation.objects.create(
        email="gilles@example.org",
        username="gilles",
        display_name="Gilles",
        token_hash=new_token()[1],
        created_by=users["ben"],
        created_at=now,
        sent_at=now,
        expires_at=now + timedelta(days=7),
    )
    join_request = JoinRequest.objects.create(name="Hugo", email="hugo@example.org", created_at=now)
    notice = SiteNotice.objects.create(
        recipient=users["anne"], text="Votre compte-rendu est attendu", url="/", created_at=now
    )
    users["gaston"].is_active = False
    users["gaston"].save()
    award = Award.objects.create(
        season=season, award=Award.Kind.FAIR_PLAY, player=users["david"], citation="Toujours beau joueur."
    )
    return SimpleNamespace(
        users=users,
        season=season,
        manche=manche,
        played=played,
        planned=planned,
        compte_rendu=compte_rendu,
        comment=comment,
        award=award,
        invitation=invitation,
        join_request=join_request,
        notice=notice,
        now=now,
        **users,
    )


def sample_kwargs(world, route, access) -> dict:
    """URL arguments for ``route``: its own ``kwargs`` first, then by argument name."""
    given = access.kwargs(world) if access.kwargs else {}
    by_name = {
        "season_name": world.season.name,
        "name": world.season.name,
        "number": world.manche.number,
        "username": world.anne.username,
        "token": "not-the-right-token-0123456789",
        "uidb64": urlsafe_base64_encode(force_bytes(world.anne.pk)),
        "index": 1,
    }
    kwargs = {}
    for argument in route.arguments:
        if argument in given:
            kwargs[argument] = given[argument]
        elif argument in by_name:
            kwargs[argument] = by_name[argument]
        else:
            pytest.fail(
                f"{route.name} ({route.route}) takes <{argument}>: give a sample value in "
                f"tests/security/urlmap.py, e.g. kwargs=lambda w: {{'{argument}': w.compte_rendu.pk}}"
            )
    return kwargs


def snapshot() -> dict:
    """Every row of every accounts and league table (history included), comparable with ==."""
    rows = {}
    for app in SNAPSHOT_APPS:
        for model in apps.get_app_config(app).get_models():
            rows[model._meta.label] = sorted(
                (tuple(sorted(row.items())) for row in model._base_manager.values()), key=repr
            )
    return rows


def changed_tables(before: dict, after: dict) -> list[str]:
    return sorted(label for label in before.keys() | after.keys() if before.get(label) != after.get(label))
