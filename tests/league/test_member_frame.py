"""A signed-in member's offices and unread notices are read together, in one query, as his request starts."""

from datetime import UTC, datetime

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts import roles
from accounts.services.offices import vice_president_designate
from league.models import SiteNotice
from league.selectors.member_frame import member_frame

MORNING = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _notice(user, *, read: bool) -> SiteNotice:
    return SiteNotice.objects.create(
        recipient=user, text="Nouveau compte-rendu", created_at=MORNING, read_at=MORNING if read else None
    )


def test_the_frame_counts_only_his_unread_notices(player, capitaine):
    _notice(player, read=False)
    _notice(player, read=False)
    _notice(player, read=True)
    _notice(capitaine, read=False)
    assert member_frame(player).unread_notices == 2
    assert member_frame(capitaine).unread_notices == 1


def test_the_frame_names_only_his_open_offices(president, player, capitaine):
    vice_president_designate(by=president, user=player, now=MORNING)
    assert member_frame(president).offices == {"president"}
    assert member_frame(player).offices == {"vice_president"}
    assert member_frame(capitaine).offices == frozenset()
    assert member_frame(capitaine).unread_notices == 0


def test_one_query_reads_both(president, django_assert_num_queries):
    _notice(president, read=False)
    with django_assert_num_queries(1):
        frame = member_frame(president)
    assert frame.offices == {"president"} and frame.unread_notices == 1


def test_the_permission_rules_ask_no_query_after_the_frame(president, django_assert_num_queries):
    with roles.offices_read_once():
        roles.remember_offices(president, member_frame(president).offices)
        with django_assert_num_queries(0):
            assert roles.is_club_president(president) and roles.is_club_officer(president)


def test_a_members_page_reads_his_frame_once(client, president):
    _notice(president, read=False)
    client.force_login(president)
    with CaptureQueriesContext(connection) as captured:
        page = client.get(reverse("league:notices")).content.decode()
    mandate_reads = [q for q in captured.captured_queries if '"accounts_mandate"' in q["sql"]]
    assert len(mandate_reads) == 1 and '"league_sitenotice"' in mandate_reads[0]["sql"]
    assert '<span class="badge rounded-pill text-bg-warning">1' in page  # the badge
    assert reverse("league:president_dashboard") in page  # the Présidence menu
