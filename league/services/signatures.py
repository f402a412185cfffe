"""The table signs the sheet, and may contest a donne for a while after the close.

Like the FFT's paper sheet "visée par les joueurs": after the close each
seated player confirms the sheet from his phone (or the capitaine records
that the table signed it there and then). During the season's contest period
(``Season.contest_hours`` after the close) a player of the table may contest
a donne with a reason; the result is provisional until the President rules:
he upholds the donne, or corrects it on the sheet (the correction stays in
the audit history) and says so. Everyone at the table is told.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_noop as N_

from league.models import Donne, DonneContest, Manche, SheetSignature
from league.notifications import notify
from league.permissions import Action, can, keeps_the_table
from league.selectors.signatures import in_contest_period, seated_at
from league.wording import translated_later

REASON_MAX = 1000


#: Why a sheet is no longer confirmed after the contest period (or in a closed season, or for history).
_OFFICIAL = gettext_lazy("La feuille ne se valide plus : le résultat de la manche est officiel.")


def _refused(message: str) -> ValidationError:
    return ValidationError({NON_FIELD_ERRORS: [message]})


def _table(manche: Manche) -> list:
    return [seat.player for seat in manche.seats.select_related("player").order_by("position")]


def _tell(users, *, manche: Manche, key: str, subject: str, lines: list[str], now: datetime) -> None:
    for user in users:
        notify(
            user=user,
            key=f"{key}:{user.pk}",
            template="table_notice",
            context={"subject": subject, "lines": lines, "manche": manche},
            url=manche.get_absolute_url() + "#signatures",
            now=now,
        )


def ask_to_sign(*, manche: Manche, now: datetime) -> None:
    """After the close: each seated player is asked to confirm the sheet (site notice and email)."""
    _tell(
        _table(manche),
        manche=manche,
        key=f"sign:{manche.pk}",
        subject=translated_later(N_("Manche %(n)s clôturée : validez la feuille"), {"n": manche.number}),
        lines=[
            translated_later(
                N_(
                    "La feuille de la manche %(n)s est clôturée. Vérifiez-la et validez-la d'un geste ; "
                    "une erreur ? Vous pouvez contester une donne pendant %(hours)s heures."
                ),
                {"n": manche.number, "hours": manche.season.contest_hours},
            )
        ],
        now=now,
    )


@transaction.atomic
def sheet_sign(*, manche: Manche, by, now: datetime) -> SheetSignature:
    """``by`` confirms the closed sheet from his phone (once; a second tap changes nothing),
    during the contest period."""
    if not _seated(manche, by):
        raise PermissionDenied
    if not in_contest_period(manche, now):
        raise _refused(_OFFICIAL)
    signature, _created = SheetSignature.objects.get_or_create(
        manche=manche, player=by, defaults={"signed_at": now, "recorded_by": by}
    )
    return signature


@transaction.atomic
def table_signed(*, manche: Manche, by, now: datetime) -> int:
    """The capitaine records "signée à la table" for every player who has not confirmed yet,
    during the contest period; how many."""
    if not keeps_the_table(by, manche):
        raise PermissionDenied
    if not in_contest_period(manche, now):
        raise _refused(_OFFICIAL)
    signed = set(SheetSignature.objects.filter(manche=manche).values_list("player_id", flat=True))
    missing = [p for p in _table(manche) if p.pk not in signed]
    SheetSignature.objects.bulk_create(
        [
            SheetSignature(manche=manche, player=p, signed_at=now, at_table=True, recorded_by=by)
            for p in missing
        ]
    )
    return len(missing)


@transaction.atomic
def donne_contest(*, manche: Manche, index: int, reason: str, by, now: datetime) -> DonneContest:
    """A player of the table contests donne ``index`` with a reason, within the contest period."""
    if not _seated(manche, by):
        raise PermissionDenied
    if not in_contest_period(manche, now):
        raise _refused(_("Le délai de contestation de cette manche est passé : le résultat est officiel."))
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": [_("Dites ce qui ne va pas dans cette donne.")]})
    if len(reason) > REASON_MAX:
        raise ValidationError(
            {"reason": [_("Motif trop long (%(max)s caractères au plus).") % {"max": REASON_MAX}]}
        )
    if not Donne.objects.filter(manche=manche, index=index).exists():
        raise ValidationError({"index": [_("Cette donne n'existe pas sur la feuille.")]})
    contest = DonneContest(manche=manche, donne_index=index, player=by, reason=reason, created_at=now)
    contest._history_user = by
    contest.save()
    officers = {u for u in (manche.season.president, manche.season.vice_president) if u is not None}
    _tell(
        set(_table(manche)) | officers,
        manche=manche,
        key=f"contest:{contest.pk}",
        subject=translated_later(
            N_("Manche %(n)s : la donne %(i)s est contestée"), {"n": manche.number, "i": index}
        ),
        lines=[
            translated_later(
                N_("%(who)s conteste la donne %(i)s : « %(reason)s »."),
                {"who": by.display_name, "i": index, "reason": reason},
            ),
            translated_later(N_("Le résultat de la manche est provisoire jusqu'à la décision du Président.")),
        ],
        now=now,
    )
    return contest


def _seated(manche: Manche, user) -> bool:
    return manche.status == Manche.Status.PLAYED and seated_at(manche, user)


@transaction.atomic
def contest_rule(*, contest: DonneContest, ruling: str, note: str, by, now: datetime) -> DonneContest:
    """The President upholds the contested donne, or says he corrected it (the correction must be on the sheet)."""
    manche = contest.manche
    if not can(by, Action.RULE_CONTEST, manche):
        raise PermissionDenied
    if contest.ruling:
        raise _refused(_("Cette contestation est déjà tranchée."))
    if ruling not in (DonneContest.Ruling.UPHELD, DonneContest.Ruling.CORRECTED):
        raise ValidationError({"ruling": [_("Choisissez : donne maintenue ou donne corrigée.")]})
    # Both histories are stamped by the same clock (simple-history's): "since the contest" is theirs to say.
    contested_at = contest.history.earliest("history_date").history_date
    corrected = Donne.history.filter(
        manche_id=manche.pk, index=contest.donne_index, history_type="~", history_date__gt=contested_at
    )
    if ruling == DonneContest.Ruling.CORRECTED and not corrected.exists():
        raise _refused(
            _(
                "La donne %(i)s n'a pas été corrigée depuis la contestation : corrigez-la d'abord sur la feuille."
            )
            % {"i": contest.donne_index}
        )
    contest.ruling, contest.ruling_note, contest.ruled_by, contest.ruled_at = ruling, note.strip(), by, now
    contest._history_user = by
    contest.save()
    lines = [
        translated_later(
            N_("Donne %(i)s contestée par %(who)s : %(ruling)s."),
            {
                "i": contest.donne_index,
                "who": contest.player.display_name,
                "ruling": DonneContest.Ruling(contest.ruling).label,
            },
        )
    ]
    if contest.ruling_note:
        lines.append(contest.ruling_note)
    _tell(
        _table(manche),
        manche=manche,
        key=f"ruled:{contest.pk}",
        subject=translated_later(
            N_("Manche %(n)s : le Président a tranché la contestation"), {"n": manche.number}
        ),
        lines=lines,
        now=now,
    )
    return contest
