"""A signed-in member is read again at each of his requests (``accounts.backends.MemberBackend``):
by a statement built once per process, into the very member the ORM reads; his session still
says who he is, what he may do and when he is no longer signed in; and a wrong password is
hashed once, whichever backend a session names."""

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY
from django.db.models.sql.compiler import SQLCompiler
from django.urls import reverse

from accounts.backends import MemberBackend
from accounts.models import User

pytestmark = pytest.mark.django_db

#: The backend the sessions opened before ``MemberBackend`` name.
EARLIER_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _signed_in_as(client) -> User | None:
    """Who the profile page, a members' page, says is signed in (None: sent to sign in)."""
    response = client.get(reverse("accounts:profile"))
    return response.context["user"] if response.status_code == 200 else None


def _fields(user: User) -> dict:
    return {
        field.attname: (type(value := getattr(user, field.attname)), value)
        for field in User._meta.concrete_fields
    }


def test_a_signed_in_member_is_the_member_the_orm_reads(client, player):
    player.first_season = "2023-2024"
    player.notify_results = False
    player.save()
    assert (
        client.post(reverse("accounts:login"), {"username": "anne", "password": "pw-anne"}).status_code == 302
    )

    read = _signed_in_as(client)

    assert client.session[BACKEND_SESSION_KEY] == "accounts.backends.MemberBackend"
    assert read.last_login is not None  # signing in set it: a date read back, aware
    assert _fields(read) == _fields(User.objects.get(pk=player.pk))


def test_a_member_is_read_without_building_a_query(player, monkeypatch):
    MemberBackend().get_user(player.pk)  # the statement built by this process's first member
    built = []
    as_sql = SQLCompiler.as_sql

    def counted(compiler, *args, **kwargs):
        built.append(compiler.query.model)
        return as_sql(compiler, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counted)
    read = MemberBackend().get_user(player.pk)

    assert read == player
    assert built == []


def test_no_such_member_is_nobody(player):
    assert MemberBackend().get_user(player.pk + 1000) is None


def test_a_deactivated_member_is_signed_out_at_his_next_request(client, player):
    client.force_login(player)
    assert _signed_in_as(client) == player
    User.objects.filter(pk=player.pk).update(is_active=False)

    assert _signed_in_as(client) is None


def test_a_session_opened_before_the_members_backend_stays_signed_in(client, player):
    client.force_login(player, backend=EARLIER_BACKEND)

    assert _signed_in_as(client) == player


@pytest.mark.parametrize("username", ["anne", "nobody"])
def test_a_refused_password_is_hashed_once(client, player, username, monkeypatch):
    """Each backend that tries a password hashes it (the member's, or a stand-in's for an
    unknown name, so that both take as long): the members' backend ends the attempt."""
    hashed = []
    check, set_password = User.check_password, User.set_password
    monkeypatch.setattr(User, "check_password", lambda u, raw: hashed.append(raw) or check(u, raw))
    monkeypatch.setattr(User, "set_password", lambda u, raw: hashed.append(raw) or set_password(u, raw))

    response = client.post(reverse("accounts:login"), {"username": username, "password": "faux"})

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert hashed == ["faux"]
