"""A member keeps his own profile: name, photo, jetons, emails he wants, calendar link."""

import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from accounts.models import User

pytestmark = pytest.mark.django_db

BASE = {"display_name": "Anne-So", "jeton_colour": "blue", "notify_reminders": "on", "notify_results": "on"}


def image_file(fmt="PNG", size=(64, 64), name="photo.png"):
    buffer = io.BytesIO()
    Image.new("RGB", size, "green").save(buffer, format=fmt)
    return SimpleUploadedFile(name, buffer.getvalue(), content_type=f"image/{fmt.lower()}")


def test_profile_saves_name_jeton_colour_and_notification_choices(client, player):
    client.force_login(player)
    response = client.post(reverse("accounts:profile"), BASE)

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.display_name == "Anne-So" and player.jeton_colour == "blue"
    assert player.notify_reminders and player.notify_results
    assert not player.notify_deadlines and not player.notify_comptes_rendus


def test_profile_requires_sign_in(client):
    assert client.get(reverse("accounts:profile")).status_code == 302


def test_a_photo_can_be_added(client, player):
    client.force_login(player)
    client.post(reverse("accounts:profile"), {**BASE, "avatar": image_file()})
    player.refresh_from_db()
    assert player.avatar.name.startswith("avatars/")
    assert 'src="' + player.avatar.url in client.get(reverse("accounts:profile")).content.decode()


def test_a_photo_too_heavy_is_refused(client, player, monkeypatch):
    monkeypatch.setattr("accounts.forms.profile.AVATAR_MAX_BYTES", 100)
    client.force_login(player)
    response = client.post(reverse("accounts:profile"), {**BASE, "avatar": image_file()})
    assert response.status_code == 200
    assert "Photo trop lourde" in response.content.decode()
    player.refresh_from_db()
    assert not player.avatar


@pytest.mark.parametrize(
    "upload",
    [
        SimpleUploadedFile("virus.png", b"MZ\x90\x00 not an image", content_type="image/png"),
        image_file("BMP", name="photo.bmp"),
    ],
    ids=["not-an-image", "bmp"],
)
def test_only_common_image_formats_are_accepted(client, player, upload):
    client.force_login(player)
    response = client.post(reverse("accounts:profile"), {**BASE, "avatar": upload})
    assert response.status_code == 200
    assert response.context["form"].errors["avatar"]
    player.refresh_from_db()
    assert not player.avatar


def test_email_is_not_changed_through_the_profile_form(client, player):
    client.force_login(player)
    client.post(reverse("accounts:profile"), {**BASE, "email": "pirate@example.org"})
    player.refresh_from_db()
    assert player.email == "anne@example.org"


def test_calendar_link_can_be_reset(client, player):
    client.force_login(player)
    old = player.calendar_token
    page = client.get(reverse("accounts:profile")).content.decode()
    assert reverse("accounts:calendar_token_reset") in page

    response = client.post(reverse("accounts:calendar_token_reset"))

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.calendar_token != old and len(player.calendar_token) >= 24
    assert player.history.latest().history_change_reason == "lien de calendrier renouvelé"


def test_calendar_reset_needs_a_post(client, player):
    client.force_login(player)
    old = player.calendar_token
    assert client.get(reverse("accounts:calendar_token_reset")).status_code == 405
    assert User.objects.get(pk=player.pk).calendar_token == old


def test_personal_feed_link_is_shown_once_the_feed_exists(client, player):
    from django.urls import NoReverseMatch

    client.force_login(player)
    page = client.get(reverse("accounts:profile")).content.decode()
    try:
        feed = reverse("feeds:personal", args=[player.calendar_token])
    except NoReverseMatch:
        assert "Le calendrier personnel arrive bientôt" in page
    else:
        assert feed in page


def test_the_form_shows_each_members_details_as_saved(client, player, make_user):
    """Each member's form holds his own details, and after a change the new ones (the form,
    unbound, is kept rendered per what it shows)."""
    other = make_user("bruno", display_name="Bruno")
    client.force_login(player)
    page = client.get(reverse("accounts:profile")).content.decode()
    deadlines = re.compile(r'<input type="checkbox" name="notify_deadlines"[^>]*\bchecked>')
    assert player.notify_deadlines  # the default, which BASE turns off
    assert 'value="Anne"' in page and deadlines.search(page)
    client.post(reverse("accounts:profile"), BASE)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'value="Anne-So"' in page and 'value="blue" selected' in page
    assert not deadlines.search(page)
    client.force_login(other)
    assert 'value="Bruno"' in client.get(reverse("accounts:profile")).content.decode()
