"""The table set by hand gives the club's members to its six selects as they were read,
once: Django normalizes a list of choices again, pair by pair, each time a field or a
widget is given it (four times a select here), which was half of the page at 200 members.
"""

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import choices as django_choices

from league.forms.sheet import TableForm

pytestmark = pytest.mark.usefixtures("in_season_clock")


@pytest.fixture
def normalized(monkeypatch):
    """How many choices Django normalized (one call per pair, and one per list)."""
    calls = []
    normalize = django_choices.normalize_choices

    def counted(value, *, depth=0):
        calls.append(depth)
        return normalize(value, depth=depth)

    monkeypatch.setattr(django_choices, "normalize_choices", counted)
    return calls


def test_the_members_are_not_normalized_again_for_each_seat(client, president, manche, make_user, normalized):
    client.force_login(president)
    url = reverse("league:sheet_table", args=[manche.season.name, manche.number])

    def normalized_by_a_view() -> int:
        cache.clear()  # rendered anew, its digest read
        normalized.clear()
        assert client.get(url).status_code == 200
        return len(normalized)

    few = normalized_by_a_view()
    for i in range(30):
        make_user(f"m{i:02d}", display_name=f"Membre {i:02d}")
    assert normalized_by_a_view() == few
    assert "Membre 29</option>" in client.get(url).content.decode()


def test_every_seat_offers_the_same_members_read_once(manche, make_user):
    from accounts.forms.common import ReadChoices

    make_user("zoe", display_name="Zoé")
    form = TableForm(ruleset=manche.season.ruleset())
    members = form.fields["absent"].choices
    assert isinstance(members, ReadChoices)
    assert all(form.fields[f"seat_{i}"].choices is members for i in form.seats)
    assert any(label == "Zoé" for _value, label in members)
