"""A new page cannot slip past the security checks: every URL pattern must say who may use it."""

from .urlmap import CLASSIFIED, walk


def test_every_url_pattern_is_classified():
    unclassified = [f"{route.name}  ({route.route})" for route in walk() if route.name not in CLASSIFIED]
    assert not unclassified, (
        "New URL patterns are not classified in tests/security/urlmap.py (say who may use them: "
        "PUBLIC_READ, MEMBER_READ, OFFICER_READ, VISITOR_FORM, MEMBER_WRITE, RESTRICTED_WRITE, "
        "TOKEN_WRITE, TOKEN_READ):\n  " + "\n  ".join(unclassified)
    )


def test_every_classified_name_is_still_a_url_pattern():
    existing = {route.name for route in walk()}
    stale = sorted(set(CLASSIFIED) - existing)
    assert not stale, f"Classified in tests/security/urlmap.py but no longer URL patterns: {stale}"


def test_url_patterns_have_unique_names():
    seen = [route.name for route in walk()]
    duplicates = sorted({name for name in seen if seen.count(name) > 1})
    assert not duplicates, f"Two URL patterns share a name, so one cannot be checked: {duplicates}"
