"""What a fresh process reads or holds: ``config/settings.py`` reads its environment once, at
import, and an entry point runs its start-up once (a test cannot do either again in this process)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fresh_process_json(code: str, *args: str, **env: str):
    """What ``code`` (run with ``args`` as ``sys.argv[1:]``) prints last, as JSON, in a process
    started with ``env`` (the database, cache and ``DB_…`` variables of this one left out)."""
    environ = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DATABASE_URL", "CACHE_URL", "DB_", "DJANGO_"))
    }
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env={**environ, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def settings_read(expression: str, **env: str):
    """``expression`` (over ``settings``), as JSON, in a fresh process started with ``env``."""
    code = f"import django, json; django.setup(); from django.conf import settings; print(json.dumps({expression}))"
    return fresh_process_json(code, **env)
