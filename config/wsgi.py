"""The WSGI entry point (gunicorn ``config.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from config.warm_up import warm_up  # noqa: E402 (needs the settings above)

warm_up()
