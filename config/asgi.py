"""The ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

from config.warm_up import warm_up  # noqa: E402 (needs the settings above)

warm_up()
