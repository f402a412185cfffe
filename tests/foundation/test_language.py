"""The site speaks French first; English only when the visitor asks for it."""

from django.conf import settings
from django.urls import reverse


def test_an_english_browser_still_gets_french(client, db):
    response = client.get(reverse("accounts:login"), HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert response["Content-Language"] == "fr"
    assert "Se connecter" in response.content.decode()


def test_the_language_switch_gives_english(client, db):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    page = client.get(reverse("accounts:login"))
    assert page["Content-Language"] == "en"
    assert "Se connecter" not in page.content.decode()


def test_an_unknown_language_cookie_falls_back_to_french(client, db):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "klingon"
    assert client.get(reverse("accounts:login"))["Content-Language"] == "fr"
