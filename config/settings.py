"""Settings, read from the environment with embedded defaults.

Every default needs no server: SQLite under ``var/``, kombu's filesystem
broker, a local-memory cache and console email, so a newcomer runs the whole
site with ``make run``. Production sets ``DATABASE_URL``, ``CELERY_BROKER_URL``,
``CACHE_URL``, ``SECRET_KEY``, ``DEBUG=0`` and ``ALLOWED_HOSTS``.
"""

from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from .code_version import code_version
from .env import REDIS_CACHE_BACKEND, cache_config, env_bool, env_int, env_list, env_seconds, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY", "dev-only-not-secret" if DEBUG else "")
if not SECRET_KEY:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
CSRF_FAILURE_VIEW = "config.csrf_failure.csrf_failure"
# The public address, for links in emails and calendar feeds. Unset, it is
# the development server's own (`PORT=8123 make run` serves on 8123).
SITE_URL = env_str("SITE_URL", f"http://127.0.0.1:{env_int('PORT', 8000)}").rstrip("/")
CLUB_NAME = env_str("CLUB_NAME", "Tarot-Bière")
CLUB_DEFAULT_LOCATION = env_str("CLUB_DEFAULT_LOCATION", "Chez Ben")

# Standings, calendar, results, comptes-rendus and palmarès are public, as
# the forum was; set to 1 to restrict reading to signed-in members.
MEMBERS_ONLY_READING = env_bool("MEMBERS_ONLY_READING", False)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_htmx",
    "simple_history",
    "axes",
    "accounts",
    "league",
    "reports",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.security_headers.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "accounts.middleware.FrenchFirstLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.OfficesReadOncePerRequestMiddleware",
    "league.middleware.MemberFrameMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "config.method_not_allowed.MethodNotAllowedPageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "accounts.middleware.SignInFromFragmentsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "accounts.middleware.MembersOnlyReadingMiddleware",
    # Axes last: it inspects the outcome of authentication.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "accounts.context_processors.club",
            ],
            # {% colon %}: a label's colon as the reader's language writes it (config/typography.py).
            "builtins": ["config.typography"],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'tarot.sqlite3'}"),
        # Production keeps connections open (opening one to PostgreSQL was
        # most of a cached page's time) and checks them before reuse; ``none``
        # keeps each for the process's life (closed after an age, each web
        # process opened its connection again once a minute, and the request
        # that did waited three times a warm page).
        conn_max_age=env_seconds("DB_CONN_MAX_AGE", 0),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a writer instead of failing at once when the worker and the
    # web server write at the same moment.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
    "DB_PREPARED_STATEMENTS", True
):
    # PostgreSQL binds the parameters itself, and prepares a query its connection
    # has run five times: it then skips planning it (the manche page's read of its
    # manche, with the marks of its signatures and comments, took longer to plan
    # than to run). A pooler that cannot keep prepared statements (PgBouncer in
    # transaction mode before 1.21) needs DB_PREPARED_STATEMENTS=0.
    DATABASES["default"].setdefault("OPTIONS", {}).update(server_side_binding=True, prepare_threshold=5)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": cache_config(env_str("CACHE_URL", "locmem://"))}
# With a cache every process shares (Redis), a signed-in page reads its session
# there instead of querying the database (accounts/sessions.py).
if CACHES["default"]["BACKEND"] == REDIS_CACHE_BACKEND:
    SESSION_ENGINE = "accounts.sessions"
# The revision cache's keys carry the code's digest: a deploy never shows the
# previous code's wording or numbers from the cache (config/code_version.py).
CODE_VERSION = env_str("CODE_VERSION", "") or code_version(BASE_DIR)

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Refuses a capped account from an unusual address before any password is tried.
    "accounts.login_guard.AccountCapBackend",
    "accounts.backends.MemberBackend",
    # Only for the sessions opened before MemberBackend, which name it: nobody is signed out.
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3 * 24 * 3600)
INVITATION_VALID_DAYS = env_int("INVITATION_VALID_DAYS", 7)

# Login throttling: lock a username from an address after repeated failures.
# Audit notes name people (a jeton draw lists the table, a cancellation its
# reason): a text column, so no note is ever too long for the database.
SIMPLE_HISTORY_HISTORY_CHANGE_REASON_USE_TEXT_FIELD = True

# How many proxies of ours stand in front of the site (each appends to
# X-Forwarded-For): the client's address is read that many entries from the
# right. 0 when the site is exposed directly. See accounts/client_address.py.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "accounts.client_address.client_address"
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = env_int("AXES_COOLOFF_MINUTES", 15) / 60  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_VERBOSE = False
# ...and, whatever the address, cap the guesses per account: beyond this many
# failures within this many minutes, only the account's usual addresses (where
# it signed in within the last days) may still try. See accounts/login_guard.py.
LOGIN_ACCOUNT_CAP_FAILURES = env_int("LOGIN_ACCOUNT_CAP_FAILURES", 10)
LOGIN_ACCOUNT_CAP_MINUTES = env_int("LOGIN_ACCOUNT_CAP_MINUTES", 15)
LOGIN_USUAL_ADDRESS_DAYS = env_int("LOGIN_USUAL_ADDRESS_DAYS", 90)

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The site's own date formats over Django's (config/formats/<lang>/formats.py).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# Bootstrap's compiled files are vendored under static/vendor/bootstrap/.
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(VAR_DIR / "media")))
# The seasons' downloads, written once per revision (league.services.season_download).
SEASON_EXPORT_DIR = VAR_DIR / "exports"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
# A field's class names its widget's kind: the members' select (accounts.forms.common) is a select.
CRISPY_CLASS_CONVERTERS = {"memberselect": "select"}
DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

# Email: the console by default; SMTP in production.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
# For the file backend (EMAIL_BACKEND=django.core.mail.backends.filebased.EmailBackend):
# where each sent email lands, e.g. for a test reading what a worker sent.
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH", str(VAR_DIR / "emails"))
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Tarot-Bière <president@tarot-biere.example>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Celery: kombu's filesystem transport needs no server; production uses
# redis:// or amqp://. Tasks are acknowledged after they ran, so a worker
# killed mid-task leaves the message for another one.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL.startswith("filesystem://"):
    _queue_dir = VAR_DIR / "celery"
    for _sub in ("processed", "control"):
        (_queue_dir / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_dir),
        "data_folder_out": str(_queue_dir),
        "processed_folder": str(_queue_dir / "processed"),
        "control_folder": str(_queue_dir / "control"),
    }
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# The queue tasks go to unless routed; a test worker gets a queue of its own.
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# Production hardening: everything `check --deploy` asks for when DEBUG is off.
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
