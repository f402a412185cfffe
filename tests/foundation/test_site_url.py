"""Links in emails and calendar feeds point where the site is served: SITE_URL follows PORT unless set."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRINT_SITE_URL = "import django; django.setup(); from django.conf import settings; print(settings.SITE_URL)"


def site_url(**env):
    environment = {key: value for key, value in os.environ.items() if key not in {"PORT", "SITE_URL"}}
    environment.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    result = subprocess.run(
        [sys.executable, "-c", PRINT_SITE_URL],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stdout.strip()


def test_the_development_server_port_is_the_default():
    assert site_url() == "http://127.0.0.1:8000"


def test_another_port_moves_the_links_with_it():
    """`PORT=8123 make run` serves on 8123, so links in emails say 8123."""
    assert site_url(PORT="8123") == "http://127.0.0.1:8123"


def test_an_explicit_site_url_wins_over_the_port():
    assert site_url(PORT="8123", SITE_URL="https://tarot.example.org/") == "https://tarot.example.org"
