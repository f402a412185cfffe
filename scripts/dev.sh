#!/usr/bin/env bash
# The web server, a Celery worker and beat together on the embedded defaults.
# Ctrl-C (or the end of either process) stops all of them: they share this
# script's process group, which the exit trap terminates.
set -uo pipefail
cd "$(dirname "$0")/.."
# The worker reads PORT too: links in the emails it sends follow the port
# unless SITE_URL is set (config/settings.py).
export PORT="${PORT:-8000}"
trap 'trap - EXIT INT TERM; kill -TERM 0 2>/dev/null; wait' EXIT INT TERM
.venv/bin/celery -A config worker --beat --loglevel=info --concurrency=1 &
.venv/bin/python manage.py runserver "127.0.0.1:$PORT" &
wait -n
