"""The site can be added to a phone's home screen, and its service worker controls the whole site."""

import json

from django.contrib.staticfiles import finders


def test_the_manifest_names_the_site_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert sizes == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]  # from the repository


def test_the_service_worker_is_served_from_the_root_and_never_cached(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    assert 'var STATIC = "/static/"' in response.content.decode()


def test_every_page_links_the_manifest(client, db):
    html = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in html
    assert 'data-service-worker="/sw.js"' in html
