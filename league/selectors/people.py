"""Members joined to a league row only to be named: their name, not their whole account."""

from accounts.models import User


def with_names(queryset, *members: str):
    """``queryset`` joined to each of its ``members`` relations reading only what
    names them (``User.NAME_FIELDS``). Any other field of a member is read on
    first use, as a deferred field."""
    own = [f.name for f in queryset.model._meta.concrete_fields]
    named = [f"{relation}__{name}" for relation in members for name in User.NAME_FIELDS]
    return queryset.select_related(*members).only(*own, *named)
