"""The settings as a fresh process reads them from its environment (``config/settings.py`` reads
it once, at import: a test cannot change it in this process)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def settings_read(expression: str, **env: str):
    """``expression`` (over ``settings``), as JSON, in a process started with ``env``
    (the database, cache and ``DB_…`` variables of this one left out)."""
    environ = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DATABASE_URL", "CACHE_URL", "DB_", "DJANGO_"))
    }
    code = f"import django, json; django.setup(); from django.conf import settings; print(json.dumps({expression}))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**environ, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])
