"""The production settings (DEBUG off, a real secret, named hosts) pass Django's deployment checklist."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args, **env):
    # A clean production environment: nothing of the test run (DJANGO_ALLOW_ASYNC_UNSAFE set for the
    # browser journeys, test settings) leaks into it.
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"} and not key.startswith(("DJANGO_", "PYTEST"))
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_check_deploy():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="test-" + "k3y-" * 16 + "long-and-random-enough-for-the-deployment-check",
        ALLOWED_HOSTS="tarot.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    result = _manage("check", DEBUG="0", ALLOWED_HOSTS="tarot.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_the_development_secret_key_would_fail_the_check():
    """The control: the same check does fail on a weak key, so passing above means something."""
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING", DEBUG="0", SECRET_KEY="short", ALLOWED_HOSTS="x.org"
    )
    assert result.returncode != 0
    assert "security.W009" in result.stdout + result.stderr
