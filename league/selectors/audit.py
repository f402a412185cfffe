"""A manche's history as the President reads it: every change to the manche, its seats,
donnes and quick results, and the capitaine's choices in a conflict of entries.

The rows are django-simple-history's; each field is named by the model's own
label and each value written as the sheet writes it: a member's name (not
his id nor his login), a choice's label, a number or an instant in the
reader's notation, a donne's poignées, misères and penalties in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from config.typography import colon
from league.templatetags.numbers import num
from league.wording import SIDE_LISTS, card_points_text, instant, side_entry_text

from ..models import Donne, Manche, QuickResult, Seat

#: What the history does not show: keys, the manche the page is about (and its season),
#: bookkeeping the sheet keeps for itself.
AUDIT_SKIP = {"created_at", "updated_at", "id", "manche", "season", "sheet_version", "client_id"}


@dataclass
class AuditEntry:
    """One recorded change: who, when, what, and each field before/after."""

    when: object
    who: object
    what: str
    action: str  # "+", "~", "-", "!" (the capitaine's choice in a conflict)
    changes: list  # [(label, before, after)]


class _People:
    """The names of the members a manche's history mentions, by id (its columns) and by
    login (its JSON lists: poignées, misères, penalties, the table's order)."""

    def __init__(self, ids: Iterable[int], logins: Iterable[str]):
        users = list(User.objects.filter(pk__in=set(ids)) | User.objects.filter(username__in=set(logins)))
        self._by_id = {user.pk: str(user) for user in users}
        self._by_login = {user.username: str(user) for user in users}

    def by_id(self, pk) -> str:
        return self._by_id.get(pk, str(pk))

    def by_login(self, login) -> str:
        return self._by_login.get(login, str(login))


def _side_entry(field: str, item: dict, people: _People) -> str:
    """One entry of a donne's JSON lists in words; a penalty with the reason typed for it."""
    text = side_entry_text(field, item, people.by_login(item.get("player")))
    return f"{text}{colon()} {item['reason']}" if field == "penalties" and item.get("reason") else text


def _value(value, field, people: _People) -> str:
    """One field's value in the reader's words ("—" for nothing)."""
    if value in (None, "", [], {}):
        return "—"
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if field.is_relation:
        return people.by_id(value)
    if isinstance(value, bool):
        return gettext("oui") if value else gettext("non")
    if isinstance(value, datetime):
        return instant(timezone.localtime(value))
    if isinstance(value, int | Decimal | float):
        return num(value)
    if field.name in SIDE_LISTS:
        return " · ".join(_side_entry(field.name, item, people) for item in value)
    if isinstance(value, dict):  # a misère game's card points, by login
        return ", ".join(card_points_text(points, people.by_login(login)) for login, points in value.items())
    if isinstance(value, list):  # the order the table agreed, by login
        return ", ".join(people.by_login(login) for login in value)
    return str(value)


def _mentioned(record) -> tuple[set[int], set[str]]:
    """The member ids and logins a history row holds."""
    ids, logins = set(), set()
    for field in record.instance_type._meta.fields:
        value = getattr(record, field.attname, None)
        if field.is_relation and field.name not in AUDIT_SKIP and value:
            ids.add(value)
        elif field.name in SIDE_LISTS and value:
            logins.update(item.get("player") for item in value)
        elif isinstance(value, dict | list) and value:
            logins.update(login for login in value if isinstance(login, str))
    return ids, logins


def _conflict_entries(manche: Manche) -> list[AuditEntry]:
    """The capitaine's choices when offline donnes met a sheet changed on another device."""
    entries = []
    for conflict in manche.sheet_conflicts.select_related("decided_by"):
        typed = " ; ".join(str(d.get("summary") or d.get("client_id", "")) for d in conflict.donnes) or "—"
        entries.append(
            AuditEntry(
                when=conflict.decided_at,
                who=conflict.decided_by,
                what=gettext("Conflit de saisie (version %(seen)s vue, %(current)s sur le site)")
                % {"seen": conflict.seen_version, "current": conflict.sheet_version},
                action="!",
                changes=[
                    (gettext("Choix"), "—", conflict.get_choice_display()),
                    (gettext("Donnes du téléphone"), "—", typed),
                ],
            )
        )
    return entries


def audit_entries(manche: Manche, *, limit: int | None = None) -> list[AuditEntry]:
    """Every recorded change to the manche, its seats, donnes and quick results, newest first."""
    sources = [
        (Manche.history.filter(id=manche.pk), lambda r: gettext("Manche")),
        (Seat.history.filter(manche_id=manche.pk), lambda r: gettext("Place %(n)s") % {"n": r.position}),
        (Donne.history.filter(manche_id=manche.pk), lambda r: gettext("Donne %(n)s") % {"n": r.index}),
        (
            QuickResult.history.filter(manche_id=manche.pk),
            lambda r: gettext("Résultat de %(player)s") % {"player": people.by_id(r.player_id)},
        ),
    ]
    records = []
    for queryset, label in sources:
        rows = list(queryset.select_related("history_user").order_by("id", "history_date", "history_id"))
        previous = {}
        for record in rows:
            records.append((record, previous.get(record.id), label))
            previous[record.id] = record
    ids, logins = set(), set()
    for record, _previous, _label in records:
        mentioned_ids, mentioned_logins = _mentioned(record)
        ids |= mentioned_ids
        logins |= mentioned_logins
    people = _People(ids, logins)
    entries = []
    for record, previous, label in records:
        fields = {f.name: f for f in record.instance_type._meta.fields}
        changes = []
        if record.history_type == "~" and previous is not None:
            for change in record.diff_against(previous).changes:
                field = fields.get(change.field)
                if change.field in AUDIT_SKIP or field is None:
                    continue
                changes.append(
                    (
                        str(field.verbose_name),
                        _value(change.old, field, people),
                        _value(change.new, field, people),
                    )
                )
            if not changes:
                continue
        else:
            for name, field in fields.items():
                if name in AUDIT_SKIP:
                    continue
                value = _value(getattr(record, field.attname, None), field, people)
                if value == "—":
                    continue
                before, after = (value, "—") if record.history_type == "-" else ("—", value)
                changes.append((str(field.verbose_name), before, after))
        entries.append(
            AuditEntry(
                when=record.history_date,
                who=record.history_user,
                what=label(record),
                action=record.history_type,
                changes=changes,
            )
        )
    entries.extend(_conflict_entries(manche))
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries[:limit] if limit else entries
