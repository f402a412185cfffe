"""Photos are drawn afresh at upload: no metadata, no hidden bytes, bounded size; and shown in production.

A member's photo may carry his home's GPS position in its EXIF, or a script
appended to a GIF: the site keeps only the pixels, turned upright, at most
512 px a side (``accounts.forms.profile.reencoded_avatar``). A photo over 4096 px a
side is refused. With ``DEBUG`` off the site serves ``/media/avatars/`` itself.
"""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from .test_profile import BASE

pytestmark = pytest.mark.django_db


def _upload(client, player, upload):
    client.force_login(player)
    response = client.post(reverse("accounts:profile"), {**BASE, "avatar": upload})
    player.refresh_from_db()
    return response


def _jpeg_with_gps(size=(1200, 800)) -> bytes:
    image = Image.new("RGB", size, "green")
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x8825] = {1: "N", 2: (48.0, 51.0, 24.0)}  # GPSInfo: latitude of Paris
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", exif=exif)
    return buffer.getvalue()


def test_exif_and_gps_are_stripped_and_the_photo_is_shrunk(client, player):
    raw = _jpeg_with_gps()
    assert b"PhoneMaker" in raw
    _upload(client, player, SimpleUploadedFile("me.jpg", raw, content_type="image/jpeg"))
    stored = player.avatar.read()
    assert b"PhoneMaker" not in stored and b"Exif" not in stored
    with Image.open(io.BytesIO(stored)) as image:
        assert max(image.size) == 512 and not image.getexif()


def test_a_gif_with_a_trailing_script_is_stored_without_it(client, player):
    buffer = io.BytesIO()
    Image.new("RGB", (32, 32), "red").save(buffer, format="GIF")
    polyglot = buffer.getvalue() + b"<script>alert(1)</script>"
    _upload(client, player, SimpleUploadedFile("me.gif", polyglot, content_type="image/gif"))
    assert player.avatar
    assert b"<script>" not in player.avatar.read()


def test_a_photo_over_4096_pixels_a_side_is_refused(client, player):
    buffer = io.BytesIO()
    Image.new("L", (5999, 5999), 0).save(buffer, format="PNG")
    response = _upload(
        client, player, SimpleUploadedFile("big.png", buffer.getvalue(), content_type="image/png")
    )
    assert "4096" in response.content.decode()
    assert not player.avatar


def test_photos_are_served_with_debug_off_and_only_as_pictures(client, player, settings):
    settings.DEBUG = False
    _upload(client, player, SimpleUploadedFile("me.jpg", _jpeg_with_gps((64, 64)), content_type="image/jpeg"))
    response = client.get(player.avatar.url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/jpeg" and response["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'none'" in response["Content-Security-Policy"]
    assert client.get("/media/../config/settings.py").status_code == 404
    assert client.get("/media/other/x.jpg").status_code == 404
