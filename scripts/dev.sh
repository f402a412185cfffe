#!/usr/bin/env bash
# The web server, a Celery worker and beat together on the embedded defaults.
# Ctrl-C stops all three (they share this script's process group).
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'trap - EXIT INT TERM; kill 0' EXIT INT TERM
.venv/bin/celery -A config worker --beat --loglevel=info --concurrency=1 &
.venv/bin/python manage.py runserver "127.0.0.1:${PORT:-8000}"
