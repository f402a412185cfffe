"""Members in the database: the one builder of a ``User`` row for tests and benchmarks.

Everyone signs in with ``pw-<username>`` (the browser journeys and the
benchmarks type it) and is reached at ``<username>@example.org``.
"""


def make_member(username: str, **fields):
    """An active member named after ``username`` unless ``display_name`` says otherwise."""
    from accounts.models import User

    fields.setdefault("email", f"{username}@example.org")
    fields.setdefault("display_name", username.capitalize())
    return User.objects.create_user(username=username, password="pw-" + username, **fields)
