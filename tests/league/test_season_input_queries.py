"""The season's computation reads it in a fixed handful of queries: its players once, with
their display names and first seasons (and the absent, the awarded and the officers among
them), not in four queries of the users."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from league.models import Award, Manche, Seat
from league.selectors.engine import season_input
from tests.support.seasongen import load_season


def _read(season):
    with CaptureQueriesContext(connection) as captured:
        engine_input = season_input(season)
    return engine_input, len(captured)


def _with_awards_and_officers(season) -> list[User]:
    seated = Seat.objects.filter(manche__season=season).values_list("player", flat=True)
    users = list(User.objects.filter(pk__in=seated).order_by("username"))
    season.president, season.vice_president = users[0], users[1]
    season.save()
    for kind, user in zip(Award.Kind.values, users[2:], strict=False):
        Award.objects.create(season=season, award=kind, player=user, citation=f"pour {user.username}")
    users[3].first_season = "1999-2000"
    users[3].display_name = "Éric le Rouge"
    users[3].save()
    Manche.objects.filter(season=season, number=1).update(absent=users[4])
    return users


def test_a_season_is_read_in_seven_queries_whatever_its_size(db):
    small = load_season(name="2030-2031", players=10, manches_per_player=4, donnes=5, seed=3)
    large = load_season(
        name="2031-2032", players=30, manches_per_player=8, donnes=5, seed=4, username_prefix="q"
    )
    for season in (small, large):
        _with_awards_and_officers(season)
    assert _read(small)[1] == _read(large)[1] == 7


def test_the_players_read_once_keep_their_names_first_seasons_awards_and_offices(db):
    season = load_season(name="2030-2031", players=10, manches_per_player=4, donnes=5, seed=3)
    users = _with_awards_and_officers(season)
    engine_input = season_input(season)
    assert engine_input.president == users[0].username
    assert {u.username for u in users} <= set(engine_input.players)
    for user in users:
        player = engine_input.players[user.username]
        assert (player.name, player.first_season) == (user.display_name, user.first_season or None)
    assert engine_input.players[users[3].username].first_season == "1999-2000"
    assert [(a.award, a.player, a.citation) for a in engine_input.awards] == [
        (a.award, a.player.username, a.citation)
        for a in Award.objects.filter(season=season).order_by("award", "player__username")
    ]
    (first,) = [m for m in engine_input.manches if m.number == 1]
    assert first.absent == users[4].username


def test_a_plain_contract_donne_is_made_straight_from_its_row(db, monkeypatch):
    """Nearly every donne is a contract without poignée, misère nor penalty: made from its
    row as the engine's ``donne_from_fields`` makes it, without calling it (the others do)."""
    from league import rules
    from league.models import Donne
    from league.selectors import engine

    season = load_season(players=10, manches_per_player=6, donnes=20, seed=11)
    expected = season_input(season)
    made = []
    original = rules.donne_from_fields

    def counting(**fields):
        made.append(fields["kind"])
        return original(**fields)

    monkeypatch.setattr(engine.rules, "donne_from_fields", counting)
    assert season_input(season) == expected
    donnes = Donne.objects.filter(manche__season=season)
    plain = donnes.filter(kind=Donne.Kind.CONTRACT, poignees=[], miseres=[], penalties=[]).count()
    assert 0 < len(made) == donnes.count() - plain < plain
