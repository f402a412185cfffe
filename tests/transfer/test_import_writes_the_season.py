"""What an import writes: the season's state and officers, manches, seats, sheets, comptes-rendus, awards."""

import copy
from datetime import timedelta
from decimal import Decimal

import pytest

from accounts.models import User
from league.markdown import render_markdown
from league.models import Award, CompteRendu, Donne, Manche, QuickResult, Season, Seat
from league.services.transfer import ImportRefused, import_season


@pytest.mark.django_db
def test_the_season_rows_follow_the_document(example_doc, now):
    season = import_season(document=example_doc, now=now)
    assert season.family == "tarot-biere"
    assert season.params == {"garde_contre_multiplier": 6}
    assert season.president.username == "ben" and season.vice_president.username == "fifi"
    assert season.state == Season.State.CLOSED and season.closed_at == now
    assert season.revision >= 1  # services.revision.invalidate was called
    m1, m2, m3, m4 = Manche.objects.filter(season=season).order_by("number")
    assert [m.status for m in (m1, m2, m3, m4)] == ["played", "played", "cancelled", "planned"]
    assert m1.location == "Chez Ben" and m2.absent.username == "ben"
    assert [s.player.username for s in Seat.objects.filter(manche=m1).order_by("position")] == [
        "ben",
        "fifi",
        "anne",
        "bruno",
        "eric",
    ]
    assert [s.player.username for s in Seat.objects.filter(manche=m4).order_by("position")] == ["ben", "anne"]
    donnes = list(Donne.objects.filter(manche=m1).order_by("index"))
    assert [d.index for d in donnes] == [1, 2, 3]
    assert donnes[0].points == Decimal(49) and donnes[0].partner.username == "anne"
    assert donnes[0].penalties == [{"player": "bruno", "amount": 10, "reason": "a joué avant son tour"}]
    assert donnes[1].misere_points == {"ben": 12, "fifi": 30.5, "anne": 8, "bruno": 19, "eric": 15.5}
    assert donnes[2].dealer is None  # stored as given: the engine infers it
    assert QuickResult.objects.filter(manche=m2).count() == 4
    rejected = CompteRendu.objects.get(manche=m2, status="rejected")
    assert rejected.reason == "Trop court." and rejected.rejected_at is not None and rejected.title == ""
    assert Award.objects.get(season=season).citation == "…"


@pytest.mark.django_db
def test_an_open_season_is_open(example_doc, now):
    example_doc["closed"] = False
    season = import_season(document=example_doc, now=now)
    assert season.state == Season.State.OPEN and season.closed_at is None


@pytest.mark.django_db
def test_replace_deletes_the_old_rows_and_writes_the_new_ones(example_doc, now):
    season = import_season(document=example_doc, now=now)
    old_manches = set(Manche.objects.filter(season=season).values_list("pk", flat=True))
    example_doc["manches"] = example_doc["manches"][1:3]
    example_doc["awards"] = []
    replaced = import_season(document=example_doc, replace=True, now=now)
    assert replaced.pk == season.pk  # the same season, so its links stay
    assert not Manche.objects.filter(pk__in=old_manches).exists()
    assert sorted(Manche.objects.filter(season=season).values_list("number", flat=True)) == [2, 3]
    assert not Award.objects.filter(season=season).exists()
    assert not Donne.objects.exists()
    assert replaced.revision > season.revision


@pytest.mark.django_db
def test_replace_keeps_the_recorded_closing_time(example_doc, now):
    from datetime import timedelta

    import_season(document=example_doc, now=now)
    later = import_season(document=example_doc, replace=True, now=now + timedelta(days=3))
    assert later.closed_at == now


@pytest.mark.django_db
def test_without_replace_an_existing_name_is_refused(example_doc, now):
    import_season(document=example_doc, now=now)
    with pytest.raises(ImportRefused) as info:
        import_season(document=example_doc, now=now)
    assert "season.name" in info.value.message_dict


@pytest.mark.django_db
def test_history_records_the_importer(example_doc, now, president):
    import_season(document=example_doc, by=president, now=now)
    created = Donne.history.filter(history_type="+", history_user=president).order_by("index")
    assert created.count() == 3
    first = created.first()
    live = Donne.objects.get(pk=first.id)
    assert (first.points, first.poignees, first.taker_id, first.created_at) == (
        live.points,
        live.poignees,
        live.taker_id,
        live.created_at,
    )
    assert first.history_date == now and "2011-2012" in first.history_change_reason
    assert Manche.history.filter(history_type="+").count() == 4
    assert User.history.filter(username="eric").exists()


@pytest.mark.django_db
def test_replace_records_the_deletions_and_removes_comments(example_doc, now, president):
    from league.models import Comment

    season = import_season(document=example_doc, by=president, now=now)
    cr = CompteRendu.objects.filter(manche__season=season).first()
    Comment.objects.create(compte_rendu=cr, author=president, text="Bravo")
    import_season(document=example_doc, replace=True, by=president, now=now)
    assert not Comment.objects.exists()
    assert Donne.history.filter(history_type="-", history_user=president).count() == 3
    assert CompteRendu.history.filter(history_type="-").count() == 3
    assert Donne.objects.count() == 3


@pytest.mark.django_db
def test_replace_falls_back_to_the_cascading_delete_for_unknown_links(example_doc, now, monkeypatch):
    from league.transfer import build

    import_season(document=example_doc, now=now)
    monkeypatch.setattr(build, "_deletion_is_complete", lambda: False)
    import_season(document=example_doc, replace=True, now=now)
    assert Donne.objects.count() == 3 and Manche.objects.count() == 4


@pytest.mark.django_db
def test_imported_comptes_rendus_carry_their_rendered_html(example_doc, now):
    """Pages show the stored HTML, so the bulk rows (COPY on PostgreSQL, INSERT elsewhere) store it too."""
    example_doc["manches"][0]["comptes_rendus"][0]["text"] = "**Ambiance** <script>alert(1)</script>"
    import_season(document=example_doc, now=now)
    cr = CompteRendu.objects.get(author__username="fifi")
    assert cr.html == str(render_markdown(cr.text))
    assert "<strong>Ambiance</strong>" in cr.html and "<script>" not in cr.html
    assert cr.history.get().html == cr.html


def tracked_values(model, rows) -> dict:
    """Each row's values of the fields its history tracks, by primary key."""
    tracked = [f.attname for f in model.history.model.tracked_fields]
    return {row["id"]: tuple(row[a] for a in tracked) for row in rows.values(*tracked)}


@pytest.mark.django_db
@pytest.mark.parametrize("model", [Manche, Seat, Donne, QuickResult, CompteRendu, Award])
def test_each_history_row_is_its_row_as_written_and_as_deleted(example_doc, now, president, model):
    """A ``+`` history row per imported row, and a ``-`` one per row a replacement deletes,
    each holding the row's every tracked value, by the importer, at the import's time."""
    import_season(document=example_doc, by=president, now=now)
    written = tracked_values(model, model.objects.all())
    assert written
    created = model.history.filter(history_type="+")
    assert tracked_values(model, created) == written
    assert {(h.history_user_id, h.history_date) for h in created} == {(president.pk, now)}

    later = now + timedelta(hours=1)
    import_season(document=example_doc, replace=True, by=president, now=later)
    deleted = model.history.filter(history_type="-")
    assert tracked_values(model, deleted) == written
    assert {(h.history_user_id, h.history_date) for h in deleted} == {(president.pk, later)}
    assert all("2011-2012" in h.history_change_reason for h in deleted)


@pytest.mark.django_db
@pytest.mark.parametrize("model", [Manche, Seat, Donne, QuickResult, CompteRendu, Award])
def test_an_import_writes_history_rows_for_its_own_rows_only(example_doc, now, president, model):
    """With another season on the site, importing a season, then replacing it, gives each row
    of either season exactly one ``+`` history row, at the time of the import that wrote it."""
    import_season(document=example_doc, by=president, now=now)
    first = tracked_values(model, model.objects.all())
    other = copy.deepcopy(example_doc)
    other["season"]["name"] = "2012-2013"
    later, latest = now + timedelta(hours=1), now + timedelta(hours=2)
    import_season(document=other, by=president, now=later)
    import_season(document=other, replace=True, by=president, now=latest)
    rows_now = tracked_values(model, model.objects.all())
    created = model.history.filter(history_type="+")
    assert tracked_values(model, created.filter(history_date=now)) == first
    assert tracked_values(model, created.filter(history_date=latest)) == {
        pk: values for pk, values in rows_now.items() if pk not in first
    }
    assert created.filter(history_date=later).count() == model.history.filter(history_type="-").count()
    assert created.count() == len(first) + 2 * (len(rows_now) - len(first))
