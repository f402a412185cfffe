"""Writes on the calendar: generating a season's manches, adding, moving, cancelling one,
designating its capitaine, opening its registrations, and the reminders two days ahead.

The dates themselves come from :mod:`league.rules.calendar` (pure rules).
Players registered to a manche that is moved or cancelled are emailed once
the change is committed.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import User

from ..models import Manche, Registration, Season
from ..notifications import notify_members
from ..rules import calendar as cal
from ..rules.ruleset import season_year
from ..wording import message_text
from .revision import invalidate

#: Reminders go out this long before a manche starts.
REMINDER_AHEAD = timedelta(days=2)


def _location(season: Season, location: str | None) -> str:
    return (location or "").strip() or season.default_location or settings.CLUB_DEFAULT_LOCATION


def _season_writable(season: Season) -> None:
    if season.state == Season.State.CLOSED:
        raise ValidationError({"season": _("La saison est close : rouvrez-la pour modifier son calendrier.")})


def _check_date(season: Season, starts_at: datetime | None) -> None:
    """A date and time with its zone, within the season's year (``rules.calendar.season_dates_problems``)."""
    if starts_at is None or starts_at.tzinfo is None:
        raise ValidationError({"starts_at": _("Indiquez la date et l'heure de la manche.")})
    problems = cal.season_dates_problems(starts_at, season_year(season.name))
    if problems:
        raise ValidationError({"starts_at": [message_text(p.message) for p in problems]})


def _registrations(manche: Manche) -> list[Registration]:
    """Every sign-up of the manche with its player, seated first, then the waiting list."""
    return list(manche.registrations.select_related("player").order_by("seat", "created_at", "pk"))


def _registered_players(manche: Manche) -> list[User]:
    """Everyone signed up for the manche, seated first, then the waiting list."""
    return [r.player for r in _registrations(manche)]


def calendar_preview(season: Season, options: cal.CalendarOptions) -> list[datetime]:
    """The start times the generation would create (nothing written)."""
    year = cal.season_start_year(season.name)
    if year is None:
        raise ValidationError({"season": _("Le nom de la saison ne commence pas par une année.")})
    return cal.season_starts(year, options)


@transaction.atomic
def calendar_generate(
    *,
    by: User | None,
    season: Season,
    start_in_august: bool = False,
    end_in_july: bool = False,
    location: str | None = None,
    now: datetime,
) -> list[Manche]:
    """Create the season's regular manches: Thursdays 21:00, every 14 days (rulebook, "Organisation").

    Only for a season that has no manche yet: a calendar already in use is
    changed manche by manche (add, move, cancel).
    """
    season = Season.objects.select_for_update().get(pk=season.pk)
    _season_writable(season)
    if season.manches.exists():
        raise ValidationError(
            {"season": _("La saison a déjà des manches : ajoutez, déplacez ou annulez-les une à une.")}
        )
    starts = calendar_preview(
        season, cal.CalendarOptions(start_in_august=start_in_august, end_in_july=end_in_july)
    )
    place = _location(season, location)
    manches = []
    for number, starts_at in enumerate(starts, start=1):
        manche = Manche(season=season, number=number, starts_at=starts_at, location=place)
        manche._history_user = by
        manche._change_reason = _("Calendrier généré")
        manche.save()
        manches.append(manche)
    invalidate(season)
    return manches


@transaction.atomic
def manche_add(
    *,
    by: User | None,
    season: Season,
    starts_at: datetime,
    location: str | None = None,
    is_extra: bool = True,
    now: datetime,
) -> Manche:
    """An extra manche ("parties supplémentaires"), numbered after the last one."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    _season_writable(season)
    _check_date(season, starts_at)
    number = (season.manches.aggregate(n=Max("number"))["n"] or 0) + 1
    manche = Manche(
        season=season,
        number=number,
        starts_at=starts_at,
        location=_location(season, location),
        is_extra=is_extra,
    )
    manche._history_user = by
    manche._change_reason = _("Manche ajoutée")
    manche.save()
    invalidate(season)
    return manche


def _lock(manche: Manche) -> Manche:
    return Manche.objects.select_for_update().select_related("season").get(pk=manche.pk)


@transaction.atomic
def manche_move(
    *, by: User | None, manche: Manche, starts_at: datetime, location: str | None = None, now: datetime
) -> Manche:
    """Change a manche's date, time or place; its registered players are emailed (the mover
    himself only if he is seated at its table)."""
    manche = _lock(manche)
    _season_writable(manche.season)
    if manche.status not in Manche.TO_PLAY:
        raise ValidationError({"starts_at": _("Une manche jouée ou annulée ne peut plus être déplacée.")})
    _check_date(manche.season, starts_at)
    place = _location(manche.season, location)
    if starts_at == manche.starts_at and place == manche.location:
        return manche
    old = {"starts_at": manche.starts_at, "location": manche.location}
    manche.starts_at = starts_at
    manche.location = place
    manche._history_user = by
    manche._change_reason = _("Manche déplacée")
    manche.save()
    invalidate(manche.season)  # compte-rendu deadlines follow the later manches' dates
    registrations = _registrations(manche)
    # The mover knows what he changed: he is told only when he plays it (seated at its table).
    notify_members(
        [r.player for r in registrations if by is None or r.player_id != by.pk or r.seat is not None],
        key=f"manche-moved:{manche.pk}:{int(now.timestamp())}",
        template="manche_moved",
        context={
            "manche": manche,
            "season": manche.season,
            "old": old,
            "waiting": any(r.seat is None for r in registrations),
        },
        url=manche.get_absolute_url(),
        now=now,
    )
    return manche


def cancel_locked(
    manche: Manche, *, by: User | None, reason: str, now: datetime, season_over: bool = False
) -> Manche:
    """Cancel an already-locked manche and email its registered players (used by the registrations
    and the season's closing too, which says the ``season_over``). The email points them to the
    season's calendar, where the next manches are."""
    manche.status = Manche.Status.CANCELLED
    manche.cancelled_reason = reason[:200]
    manche.absent = None
    manche._history_user = by
    manche._change_reason = _("Manche annulée : %(reason)s") % {"reason": reason}
    manche.save()
    invalidate(manche.season)
    notify_members(
        _registered_players(manche),
        key=f"manche-cancelled:{manche.pk}:{int(now.timestamp())}",
        template="manche_cancelled",
        context={"manche": manche, "season": manche.season, "reason": reason, "season_over": season_over},
        url=reverse("league:calendar", args=[manche.season.name]),
        now=now,
    )
    return manche


@transaction.atomic
def manche_cancel(*, by: User | None, manche: Manche, reason: str, now: datetime) -> Manche:
    """Cancel a manche that was not played; its registered players are emailed."""
    manche = _lock(manche)
    _season_writable(manche.season)
    if manche.status not in Manche.TO_PLAY:
        raise ValidationError({"status": _("Seule une manche prévue peut être annulée.")})
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Indiquez le motif de l'annulation : les inscrits le recevront.")})
    return cancel_locked(manche, by=by, reason=reason, now=now)


@transaction.atomic
def manche_set_capitaine(*, by: User | None, manche: Manche, capitaine: User | None, now: datetime) -> Manche:
    """The President designates the capitaine de soirée, who keeps the sheet."""
    manche = _lock(manche)
    if manche.status == Manche.Status.CANCELLED:
        raise ValidationError({"capitaine": _("La manche est annulée.")})
    if capitaine is not None and not capitaine.is_active:
        raise ValidationError({"capitaine": _("Le capitaine doit être un membre actif.")})
    if manche.capitaine_id == (capitaine.pk if capitaine else None):
        return manche
    manche.capitaine = capitaine
    manche._history_user = by
    manche._change_reason = _("Capitaine désigné")
    manche.save()
    return manche


@transaction.atomic
def registrations_open(*, by: User | None, manches: list[Manche], now: datetime) -> list[Manche]:
    """Open the sign-ups ("Sélections") of one or several planned manches."""
    if not manches:
        raise ValidationError({"manches": _("Choisissez au moins une manche.")})
    opened = []
    for manche in sorted(manches, key=lambda m: m.pk):
        manche = _lock(manche)
        _season_writable(manche.season)
        if manche.status == Manche.Status.OPEN:
            continue
        if manche.status != Manche.Status.PLANNED:
            raise ValidationError(
                {
                    "manches": _(
                        "Manche %(number)s : les inscriptions ne s'ouvrent que sur une manche prévue."
                    )
                    % {"number": manche.number}
                }
            )
        manche.status = Manche.Status.OPEN
        manche._history_user = by
        manche._change_reason = _("Inscriptions ouvertes")
        manche.save()
        opened.append(manche)
    return opened


# --- Reminders -------------------------------------------------------------------


def reminder_key(manche: Manche) -> str:
    """One reminder per manche date (the member's id is appended): a moved manche is announced again."""
    return f"manche-reminder:{manche.pk}:{int(manche.starts_at.timestamp())}"


def manche_reminders_send(*, now: datetime) -> int:
    """Remind the seated players of every manche starting within two days; each reminder once.

    Each reminder is claimed by inserting its key in ``SentNotification``
    (unique) in a transaction before anything is sent
    (``league.notifications.notify``); only the run whose insert won sends
    it, so two runs, concurrent or late, never send twice. Members who
    turned reminders off get the site notice only.
    """
    sent = 0
    manches = (
        Manche.objects.filter(
            status__in=Manche.TO_PLAY, starts_at__gt=now, starts_at__lte=now + REMINDER_AHEAD
        )
        .exclude(season__state=Season.State.CLOSED)  # a closed season's manches are not played
        .select_related("season", "capitaine", "absent")
    )
    for manche in manches:
        registrations = _registrations(manche)
        table = [r.player for r in registrations if r.seat is not None]
        with transaction.atomic():
            sent += notify_members(
                table,
                key=reminder_key(manche),
                template="manche_reminder",
                context={
                    "manche": manche,
                    "season": manche.season,
                    "table": table,
                    # The email says who would take a withdrawn place only when someone waits.
                    "waiting": any(r.seat is None for r in registrations),
                },
                url=manche.get_absolute_url(),
                now=now,
                preference="notify_reminders",
            )
    return sent
