"""The President's forms that choose a member (the season's officers, a manche's capitaine,
the club's offices) cost the same queries and templates with 5 members or 60.

Each member is an ``<option>``: written by Django's templates, two included
templates per member, a season form of 200 members took 55 ms (24× the sign-in
page). The options are written in Python (``accounts.forms.common.MemberSelect``),
as Django writes them.
"""

import pytest
from django import forms
from django.db import connection
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.forms.common import MemberChoiceField, MemberSelect
from accounts.models import User

pytestmark = pytest.mark.usefixtures("in_season_clock")


def cost(client, url) -> tuple[int, int]:
    """The queries and the templates one view of ``url`` costs."""
    templates = []

    def rendered(sender, template, **kwargs):
        templates.append(template.name)

    template_rendered.connect(rendered)
    try:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
    finally:
        template_rendered.disconnect(rendered)
    assert response.status_code == 200
    return len(queries), len(templates)


def pages(manche) -> list[str]:
    season = manche.season
    return [
        reverse("league:season_edit", args=[season.name]),
        reverse("league:manche_edit", args=[season.name, manche.number]),
        reverse("accounts:offices"),
    ]


def test_the_member_forms_cost_the_same_whatever_the_number_of_members(client, president, manche, make_user):
    client.force_login(president)
    few = [cost(client, url) for url in pages(manche)]
    for i in range(60):
        make_user(f"m{i:02d}", display_name=f"Membre {i:02d}")
    many = [cost(client, url) for url in pages(manche)]
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
