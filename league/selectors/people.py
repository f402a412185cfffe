"""Members joined to a league row only to be named: their name, not their whole account."""

from accounts.models import User


def with_names(queryset, *members: str, whole: tuple[str, ...] = ()):
    """``queryset`` joined to each of its ``members`` relations reading only what
    names them (``User.NAME_FIELDS``), and to each ``whole`` relation in full.
    Any other field of a member is read on first use, as a deferred field."""
    model = queryset.model
    own = [f.name for f in model._meta.concrete_fields]
    full = [
        f"{relation}__{f.name}"
        for relation in whole
        for f in model._meta.get_field(relation).related_model._meta.concrete_fields
    ]
    named = [f"{relation}__{name}" for relation in members for name in User.NAME_FIELDS]
    return queryset.select_related(*members, *whole).only(*own, *full, *named)
