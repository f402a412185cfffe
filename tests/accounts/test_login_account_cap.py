"""The per-account cap on login guesses: many addresses cannot guess on, the owner at home still gets in.

Axes locks a username from one address after 5 failures; the cap counts
every wrong password for the username whatever its address (10 within 15
minutes by default). Beyond it, only the account's usual addresses (where it
signed in successfully lately) may still try: from anywhere else the
attempt is refused with a message, even with the right password, until the
failures age out. The clock stands still at a fixed instant in each test.
"""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.urls import reverse

from tests.support.mail import CommittingClient as Client
from tests.support.mail import link_in

pytestmark = pytest.mark.django_db

T0 = datetime(2025, 11, 19, 21, 0, tzinfo=ZoneInfo("Europe/Paris"))
HOME = "203.0.113.5"
CAPPED = "Trop de tentatives pour ce compte depuis cette adresse"


def attempt(password, address, *, username="anne", forwarded=None, proxy="10.0.0.1"):
    """One sign-in from ``address`` (directly, or through our proxy when ``forwarded``) on a fresh browser."""
    browser = Client()
    if forwarded is None:
        response = browser.post(
            reverse("accounts:login"), {"username": username, "password": password}, REMOTE_ADDR=address
        )
    else:
        response = browser.post(
            reverse("accounts:login"),
            {"username": username, "password": password},
            REMOTE_ADDR=proxy,
            HTTP_X_FORWARDED_FOR=forwarded,
        )
    response.signed_in = "_auth_user_id" in browser.session
    return response


def guesses_from_many_addresses(count, *, addresses=10, username="anne"):
    """``count`` wrong passwords, round-robin over ``addresses`` addresses (never 5 from one: axes stays quiet)."""
    return [attempt("faux", f"198.51.100.{k % addresses + 1}", username=username) for k in range(count)]


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


@pytest.fixture
def anne_at_home(player, clock):
    """anne signed in from home last week: HOME is one of her usual addresses."""
    clock.move_to(T0 - timedelta(days=7))
    assert attempt("pw-anne", HOME).signed_in
    clock.move_to(T0)
    return player


def test_fifty_guesses_from_ten_addresses_stop_after_the_cap(player, clock, settings):
    responses = guesses_from_many_addresses(50)
    tried = [r for r in responses if r.status_code == 200]
    refused = [r for r in responses if r.status_code == 429]
    assert len(tried) == settings.LOGIN_ACCOUNT_CAP_FAILURES == 10
    assert len(refused) == 40
    # Refused by the cap; from the 5th attempt of one address, axes' own lock answers first.
    assert all(CAPPED in r.content.decode() for r in responses[10:40])
    assert all("Trop de tentatives" in r.content.decode() for r in refused)
    assert not any(r.signed_in for r in responses)


def test_the_owner_from_his_usual_address_gets_in_during_the_cap(anne_at_home, clock):
    guesses_from_many_addresses(20)
    assert attempt("pw-anne", "192.0.2.77").status_code == 429  # the cap holds...
    home = attempt("pw-anne", HOME)
    assert home.status_code == 302 and home.signed_in  # ...but not at home


def test_a_new_address_during_the_cap_is_refused_even_with_the_right_password(player, clock):
    guesses_from_many_addresses(10)
    refused = attempt("pw-anne", "192.0.2.77")
    assert refused.status_code == 429 and not refused.signed_in
    page = refused.content.decode()
    assert CAPPED in page and "réessayez dans 15 minutes" in page
    assert reverse("accounts:password_reset") in page  # the way out stays on the page
    clock.shift(timedelta(minutes=6))
    assert "réessayez dans 9 minutes" in attempt("pw-anne", "192.0.2.77").content.decode()


def test_the_failures_age_out_of_the_window(player, clock, settings):
    guesses_from_many_addresses(10)
    clock.shift(timedelta(minutes=settings.LOGIN_ACCOUNT_CAP_MINUTES) - timedelta(seconds=1))
    assert attempt("pw-anne", "192.0.2.77").status_code == 429
    clock.shift(timedelta(seconds=2))
    assert attempt("pw-anne", "192.0.2.77").signed_in


def test_refused_attempts_do_not_count_as_guesses(player, clock):
    """Only a password actually tried counts: a refusal does not push the cap further."""
    guesses_from_many_addresses(10)
    clock.shift(timedelta(minutes=10))
    guesses_from_many_addresses(30)  # all refused, none tried
    clock.shift(timedelta(minutes=5, seconds=1))
    assert attempt("pw-anne", "192.0.2.77").signed_in


def test_the_owners_success_does_not_reset_the_strangers_count(anne_at_home, clock):
    guesses_from_many_addresses(10)
    assert attempt("pw-anne", HOME).signed_in
    assert attempt("faux", "192.0.2.78").status_code == 429


def test_the_cap_reads_the_client_behind_the_trusted_proxy(anne_at_home, clock, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    clock.move_to(T0 - timedelta(days=1))
    assert attempt("pw-anne", None, forwarded=HOME).signed_in  # home, through the proxy
    clock.move_to(T0)
    for k in range(10):
        assert attempt("faux", None, forwarded=f"198.51.100.{k + 1}").status_code == 200
    assert attempt("faux", None, forwarded="198.51.100.99").status_code == 429
    # The client may prepend the owner's address: only the entry our proxy appended counts.
    assert attempt("pw-anne", None, forwarded=f"{HOME}, 198.51.100.99").status_code == 429
    assert attempt("pw-anne", None, forwarded=HOME).signed_in


def test_an_unknown_username_is_capped_the_same_way(db, clock):
    """The refusal reveals nothing about who is registered."""
    guesses_from_many_addresses(10, username="nobody")
    refused = attempt("anything", "192.0.2.77", username="nobody")
    assert refused.status_code == 429 and CAPPED in refused.content.decode()


def test_the_numbers_are_settings(player, clock, settings):
    settings.LOGIN_ACCOUNT_CAP_FAILURES = 3
    settings.LOGIN_ACCOUNT_CAP_MINUTES = 2
    assert [r.status_code for r in guesses_from_many_addresses(4)] == [200, 200, 200, 429]
    assert "réessayez dans 2 minutes" in attempt("pw-anne", "192.0.2.77").content.decode()


def test_a_usual_address_is_forgotten_after_months(anne_at_home, clock, settings):
    clock.move_to(T0 + timedelta(days=settings.LOGIN_USUAL_ADDRESS_DAYS))
    guesses_from_many_addresses(10)
    assert attempt("pw-anne", HOME).status_code == 429


def test_the_password_reset_stays_open_and_makes_its_address_usual(player, clock, mailoutbox):
    guesses_from_many_addresses(10)
    away = Client()
    sent = away.post(
        reverse("accounts:password_reset"), {"email": "anne@example.org"}, REMOTE_ADDR="192.0.2.77"
    )
    assert sent.status_code == 302 and len(mailoutbox) == 1
    link = away.get(link_in(mailoutbox[0], "/mot-de-passe/nouveau/"), REMOTE_ADDR="192.0.2.77", follow=True)
    form_url = link.redirect_chain[-1][0]
    done = away.post(
        form_url,
        {"new_password1": "un-nouveau-mot-2025", "new_password2": "un-nouveau-mot-2025"},
        REMOTE_ADDR="192.0.2.77",
    )
    assert done.status_code == 302
    assert attempt("un-nouveau-mot-2025", "192.0.2.77").signed_in  # proved the mailbox from there
    assert attempt("un-nouveau-mot-2025", "192.0.2.88").status_code == 429  # elsewhere, still capped


def test_the_admin_sign_in_is_capped_too(player, clock):
    player.is_staff = True
    player.save()
    guesses_from_many_addresses(10)
    browser = Client()
    browser.post(
        reverse("admin:login"), {"username": "anne", "password": "pw-anne"}, REMOTE_ADDR="192.0.2.77"
    )
    assert "_auth_user_id" not in browser.session


def test_no_address_is_stored_only_a_keyed_hash(anne_at_home):
    from accounts.models import FailedLogin, LoginAddress

    guesses_from_many_addresses(3)
    stored = [str(v) for row in LoginAddress.objects.values() for v in row.values()]
    stored += [str(v) for row in FailedLogin.objects.values() for v in row.values()]
    assert not any(HOME in value or "198.51.100" in value for value in stored)
    assert LoginAddress.objects.get(user=anne_at_home).digest
