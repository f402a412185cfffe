"""The President's forms that choose a member (the season's officers, a manche's capitaine,
the club's offices, the seats of a table set by hand) cost the same queries and templates
with 5 members or 60.

Each member is an ``<option>``: written by Django's templates, two included
templates per member, a season form of 200 members took 55 ms (24× the sign-in
page). The options are written in Python (``accounts.forms.common.MemberSelect``),
as Django writes them.
"""

import pytest
from django import forms
from django.core.cache import cache
from django.db import connection
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.forms.common import MemberChoiceField, MemberSelect
from accounts.models import User

pytestmark = pytest.mark.usefixtures("in_season_clock")


def cost(client, url) -> tuple[int, int]:
    """The queries and the templates one view of ``url`` costs."""
    templates = templates_of(client, url)
    return templates.queries, len(templates)


class Rendered(list):
    """The templates a view rendered, by name, and how many queries it made."""

    queries = 0


def templates_of(client, url) -> Rendered:
    templates = Rendered()

    def rendered(sender, template, **kwargs):
        templates.append(template.name)

    template_rendered.connect(rendered)
    try:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
    finally:
        template_rendered.disconnect(rendered)
    assert response.status_code == 200
    templates.queries = len(queries)
    return templates


def pages(manche) -> list[str]:
    season = manche.season
    return [
        reverse("league:season_edit", args=[season.name]),
        reverse("league:manche_edit", args=[season.name, manche.number]),
        reverse("accounts:offices"),
        reverse("league:sheet_table", args=[season.name, manche.number]),
    ]


def cold_costs(client, manche) -> list[tuple[int, int]]:
    """Each page's cost rendered anew, nothing kept from a previous view."""
    costs = []
    for url in pages(manche):
        cache.clear()
        costs.append(cost(client, url))
    return costs


def test_the_member_forms_cost_the_same_whatever_the_number_of_members(client, president, manche, make_user):
    """Rendered anew (nothing kept): the members' options cost no template each."""
    client.force_login(president)
    few = cold_costs(client, manche)
    for i in range(60):
        make_user(f"m{i:02d}", display_name=f"Membre {i:02d}")
    many = cold_costs(client, manche)
    assert many == few
    html = client.get(pages(manche)[0]).content.decode()
    assert f'<option value="{User.objects.get(username="m42").pk}">Membre 42 (m42)</option>' in html


class Choice(forms.Form):
    plain = forms.ModelChoiceField(queryset=User.objects.order_by("username"), required=False)
    member = MemberChoiceField(queryset=User.objects.order_by("username"), required=False)


def test_the_members_select_writes_what_djangos_select_writes(make_user):
    make_user("zoe", display_name="Zoé <b>\"&'")
    anne = make_user("anne", display_name="Anne")
    Choice.base_fields["plain"].label_from_instance = lambda u: f"{u.display_name} ({u.username})"
    form = Choice(initial={"plain": anne.pk, "member": anne.pk})
    attrs = {"class": "form-select", "required": True, "disabled": False, "data-x": "<&>"}
    written = form["member"].as_widget(attrs=attrs).replace('name="member"', "").replace("id_member", "")
    django = form["plain"].as_widget(attrs=attrs).replace('name="plain"', "").replace("id_plain", "")
    assert written == django
    assert f'<option value="{anne.pk}" selected>Anne (anne)</option>' in written
    assert "Zoé &lt;b&gt;&quot;&amp;&#x27; (zoe)" in written
    assert isinstance(form.fields["member"].widget, MemberSelect)


def test_the_season_form_is_rendered_once_until_what_it_shows_changes(client, president, season, make_user):
    client.force_login(president)
    url = reverse("league:season_edit", args=[season.name])
    renders = []

    def rendered(sender, template, **kwargs):
        renders.append(template.name)

    template_rendered.connect(rendered)
    try:
        first = client.get(url).content.decode()
        assert client.get(url).content.decode().count("<option") == first.count("<option")
        assert renders.count("league/seasons/_season_fields.html") == 1

        member = make_user("zoe", display_name="Zoé")
        assert "Zoé (zoe)" in client.get(url).content.decode()  # a new member, a new form
        User.objects.filter(pk=member.pk).update(display_name="Zoé la Renommée")
        assert "Zoé la Renommée (zoe)" in client.get(url).content.decode()
        type(season).objects.filter(pk=season.pk).update(default_location="Chez Zoé")
        assert 'value="Chez Zoé"' in client.get(url).content.decode()
        assert renders.count("league/seasons/_season_fields.html") == 4
    finally:
        template_rendered.disconnect(rendered)


def test_a_form_sent_back_with_its_errors_shows_what_was_typed(client, president, season):
    client.force_login(president)
    url = reverse("league:season_edit", args=[season.name])
    client.get(url)  # the empty form, kept
    answer = client.post(url, {"name": season.name, "family": season.family, "contest_hours": "100000"})
    html = answer.content.decode()
    assert answer.status_code == 200
    assert 'value="100000"' in html and "is-invalid" in html


def test_the_offices_forms_are_rendered_once_until_the_members_change(client, president, make_user):
    client.force_login(president)
    url = reverse("accounts:offices")
    client.get(url)
    few = cost(client, url)
    make_user("zoe", display_name="Zoé")
    html = client.get(url).content.decode()
    assert html.count("Zoé (zoe)") == 2  # in both forms
    assert cost(client, url) == few


@pytest.mark.parametrize("page", [0, 1, 2], ids=["season", "manche", "offices"])
def test_a_presidents_form_is_not_rendered_again_at_the_next_view(client, president, manche, page):
    client.force_login(president)
    url = pages(manche)[page]
    assert "bootstrap5/field.html" in templates_of(client, url)
    again = templates_of(client, url)
    assert "bootstrap5/field.html" not in again
    assert "django/forms/widgets/select.html" not in again
