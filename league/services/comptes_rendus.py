"""Writes of the comptes-rendus area: post, revise, judge, comment; the deadline sweep.

These functions record facts (who posted what when, who judged it when);
the bonuses and maluses that follow are computed by the rules engine from
those timestamps, so the standings are right whatever happened to the
workers. Every write locks its manche, so a post and a judgement of the same
manche never interleave, and bumps the season's revision.

The sweep sends each reminder and notice once (``league.notifications``):
its keys name the manche, the member, the kind and the instant concerned,
so a moved manche (a new deadline) gets its own reminders.
"""

import logging
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from .. import rules
from ..markdown import check_markdown
from ..models import Comment, CompteRendu, Manche, Season
from ..notifications import notify
from ..permissions import Action, require
from ..selectors.comptes_rendus import (
    MancheComptesRendus,
    manche_comptes_rendus,
    presiding_officer,
    situations_of,
    write_refusal,
)
from .revision import invalidate

logger = logging.getLogger(__name__)

TITLE_MAX = CompteRendu._meta.get_field("title").max_length
COMMENT_MAX = 4000
REMINDER_AHEAD = timedelta(hours=48)
MORNING = time(8, 0)
# Older events get no notice from the sweep: an imported season with
# long-missing comptes-rendus must not flood inboxes. Far more than any
# worker outage.
NOTICE_HORIZON = timedelta(days=30)


def _locked(manche: Manche) -> Manche:
    """Lock the manche row: the writes of one manche's comptes-rendus take turns."""
    return Manche.objects.select_for_update().select_related("season").get(pk=manche.pk)


def _clean_text(title: str, text: str) -> tuple[str, str]:
    title, text = (title or "").strip(), (text or "").strip()
    errors = {}
    if not title:
        errors["title"] = _("Le titre est obligatoire.")
    elif len(title) > TITLE_MAX:
        errors["title"] = _("Le titre tient en %(max)s caractères au plus.") % {"max": TITLE_MAX}
    if not text:
        errors["text"] = _(
            "Le texte est obligatoire : l'ambiance de la soirée, le classement et les moments forts."
        )
    else:
        try:
            check_markdown(text)
        except ValidationError as error:
            errors.update(error.message_dict)
    if errors:
        raise ValidationError(errors)
    return title, text


def compte_rendu_path(cr: CompteRendu) -> str:
    return reverse("league:cr_detail", args=[cr.manche.season.name, cr.pk])


@transaction.atomic
def compte_rendu_post(*, manche: Manche, author, title: str, text: str, now: datetime) -> CompteRendu:
    """Post a compte-rendu: the vainqueur's, his revision, or a replacement after a rejection.

    Its posting time is ``now``: that is what the deadlines are judged on.
    """
    manche = _locked(manche)
    title, text = _clean_text(title, text)
    situation = manche_comptes_rendus(manche, now=now)
    refusal = write_refusal(situation, author)
    if refusal:
        raise ValidationError({"author": refusal})
    rejection = situation.rejection
    if author.username not in situation.vainqueurs and rejection and now <= rejection[0]:
        raise ValidationError({"author": _("Un compte-rendu de remplacement se poste après le refus.")})
    cr = CompteRendu(manche=manche, author=author, title=title, text=text, posted_at=now)
    cr._history_user = author
    cr.save()
    invalidate(manche.season)
    _notify_posted(cr, situation, now)
    return cr


@transaction.atomic
def compte_rendu_edit(
    *, compte_rendu: CompteRendu, user, title: str, text: str, now: datetime
) -> CompteRendu:
    """The author corrects his compte-rendu while it awaits judgement (its posting time stays)."""
    _locked(compte_rendu.manche)
    cr = CompteRendu.objects.select_for_update().get(pk=compte_rendu.pk)
    if cr.author_id != user.pk:
        raise ValidationError({"author": _("Seul son auteur peut modifier un compte-rendu.")})
    if cr.status != CompteRendu.Status.PENDING:
        raise ValidationError(
            {"status": _("Un compte-rendu déjà jugé ne se modifie plus : postez-en un nouveau si besoin.")}
        )
    cr.title, cr.text = _clean_text(title, text)
    cr._history_user = user
    cr.save(update_fields=["title", "text"])
    invalidate(cr.manche.season)
    return cr


def _judge(cr_id: int, judge, now: datetime) -> tuple[CompteRendu, MancheComptesRendus]:
    cr = CompteRendu.objects.select_related("manche__season", "author").get(pk=cr_id)
    manche = _locked(cr.manche)
    require(judge, Action.JUDGE_COMPTE_RENDU, manche)
    cr = CompteRendu.objects.select_for_update().select_related("author").get(pk=cr_id)
    cr.manche = manche
    if cr.status != CompteRendu.Status.PENDING:
        raise ValidationError(
            {"status": _("Ce compte-rendu a déjà été jugé (%(state)s).") % {"state": cr.get_status_display()}}
        )
    if cr.author_id == judge.pk:
        raise ValidationError(
            {"judge": _("Personne ne juge son propre compte-rendu : le Vice-Président s'en chargera.")}
        )
    if now < cr.posted_at:
        raise ValidationError({"judged_at": _("Un compte-rendu ne se juge pas avant d'avoir été posté.")})
    return cr, manche_comptes_rendus(manche, now=now)


@transaction.atomic
def compte_rendu_accept(*, compte_rendu: CompteRendu, judge, now: datetime) -> CompteRendu:
    """The President (or the Vice-President acting for him) accepts a compte-rendu."""
    cr, situation = _judge(compte_rendu.pk, judge, now)
    cr.status = CompteRendu.Status.ACCEPTED
    cr.judged_at, cr.judged_by = now, judge
    return _record_judgement(cr, situation, ["status", "judged_at", "judged_by"], now=now)


@transaction.atomic
def compte_rendu_reject(*, compte_rendu: CompteRendu, judge, reason: str, now: datetime) -> CompteRendu:
    """The President judges a compte-rendu non conforme, with a reason sent to every participant."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(
            {
                "reason": _(
                    "Un compte-rendu jugé non conforme demande un motif : il est envoyé à tous les participants."
                )
            }
        )
    cr, situation = _judge(compte_rendu.pk, judge, now)
    cr.status = CompteRendu.Status.REJECTED
    cr.judged_at, cr.judged_by, cr.rejected_at, cr.reason = now, judge, now, reason
    return _record_judgement(
        cr, situation, ["status", "judged_at", "judged_by", "rejected_at", "reason"], now=now
    )


def _record_judgement(cr: CompteRendu, situation: MancheComptesRendus, fields: list[str], *, now: datetime):
    cr._history_user = cr.judged_by
    cr.save(update_fields=fields)
    invalidate(cr.manche.season)
    # The situation was read before this judgement (the deadline to react
    # to a rejection depends on it): put the judged row in.
    situation.comptes_rendus = [cr if other.pk == cr.pk else other for other in situation.comptes_rendus]
    judgement_notices(cr, situation, now=now)
    return cr


@transaction.atomic
def comment_post(*, compte_rendu: CompteRendu, author, text: str, now: datetime) -> Comment:
    """A signed-in reader comments a compte-rendu."""
    text = (text or "").strip()
    if not text:
        raise ValidationError({"text": _("Le commentaire est vide.")})
    if len(text) > COMMENT_MAX:
        raise ValidationError(
            {"text": _("Un commentaire tient en %(max)s caractères au plus.") % {"max": COMMENT_MAX}}
        )
    if not (author.is_authenticated and author.is_active):
        raise ValidationError({"author": _("Connectez-vous pour commenter.")})
    check_markdown(text, max_chars=COMMENT_MAX)
    return Comment.objects.create(compte_rendu=compte_rendu, author=author, text=text)


# --------------------------------------------------------------------------
# notices
# --------------------------------------------------------------------------


def _key(manche: Manche, user, kind: str, moment_or_id) -> str:
    if isinstance(moment_or_id, datetime):
        moment_or_id = moment_or_id.astimezone(UTC).isoformat()
    return f"cr:{manche.pk}:{user.pk}:{kind}:{moment_or_id}"


def _base_context(situation: MancheComptesRendus) -> dict:
    manche = situation.manche
    return {
        "manche": manche,
        "season": manche.season,
        "vainqueurs": situation.vainqueur_users,
    }


def _notify_posted(cr: CompteRendu, situation: MancheComptesRendus, now: datetime) -> None:
    """Tell the President there is a compte-rendu to judge (the Vice-President when the President wrote it)."""
    season = cr.manche.season
    judge = presiding_officer(season)
    if judge is None or judge.pk == cr.author_id:
        judge = season.vice_president
    if judge is None or judge.pk == cr.author_id:
        return
    notify(
        user=judge,
        key=_key(cr.manche, judge, "posted", cr.pk),
        template="cr_posted",
        context={**_base_context(situation), "cr": cr},
        url=compte_rendu_path(cr),
        now=now,
        preference="notify_comptes_rendus",
    )


def judgement_notices(cr: CompteRendu, situation: MancheComptesRendus, *, now: datetime) -> int:
    """The notices a judgement sends, each once.

    A rejection goes to every participant of the manche, on the site and by
    email whatever their preferences: the rulebook asks the President to warn
    them all, and the first acceptable replacement earns a bonus. An
    acceptance goes to its author, and to the vainqueurs when someone else wrote it.
    """
    context = {**_base_context(situation), "cr": cr}
    sent = 0
    if cr.status == CompteRendu.Status.REJECTED:
        window = situation.rejection
        # The judge, when he sat at the table, knows already.
        for user in (u for u in situation.participant_users if u.pk != cr.judged_by_id):
            sent += notify(
                user=user,
                key=_key(cr.manche, user, "rejected", cr.pk),
                template="cr_rejected",
                context={
                    **context,
                    "is_author": user.pk == cr.author_id,
                    "is_vainqueur": user.username in situation.vainqueurs,
                    "react_before": window[1] if window else None,
                },
                url=cr.manche.get_absolute_url() + "#compte-rendu",
                now=now,
            )
    elif cr.status == CompteRendu.Status.ACCEPTED:
        recipients = [cr.author]
        if cr.author.username not in situation.vainqueurs:
            recipients += [u for u in situation.vainqueur_users if u.pk != cr.author_id]
        for user in recipients:
            sent += notify(
                user=user,
                key=_key(cr.manche, user, "accepted", cr.pk),
                template="cr_accepted",
                context={
                    **context,
                    "is_author": user.pk == cr.author_id,
                    "replacement": cr.author.username not in situation.vainqueurs,
                },
                url=compte_rendu_path(cr),
                now=now,
                preference="notify_comptes_rendus",
            )
    return sent


def _morning_of(moment: datetime, zone: str) -> datetime:
    """08:00 on the club's wall clock on the day of ``moment``."""
    tz = ZoneInfo(zone)
    return datetime.combine(moment.astimezone(tz).date(), MORNING, tzinfo=tz)


def _reminders(situation: MancheComptesRendus, now: datetime) -> int:
    """48 hours before the open deadline, then on its morning (only the latter once it has come)."""
    open_deadline = situation.open_deadline
    if open_deadline is None:
        return 0
    deadline = open_deadline.deadline
    morning = _morning_of(deadline, situation.ruleset.timezone)
    if morning < deadline and now >= morning:
        kind = "reminder-morning"
    elif now >= deadline - REMINDER_AHEAD:
        kind = "reminder-48h"
    else:
        return 0
    if open_deadline.kind == "non_conforme":
        kind = "revision-" + kind
    sent = 0
    for user in situation.vainqueur_users:
        sent += with_transaction(
            notify,
            user=user,
            key=_key(situation.manche, user, kind, deadline),
            template="cr_reminder",
            context={
                **_base_context(situation),
                "deadline": deadline,
                "morning": kind.endswith("morning"),
                "revision": open_deadline.kind == "non_conforme",
                "rejection": situation.rejection,
            },
            url=reverse("league:cr_write", args=[situation.manche.season.name, situation.manche.number]),
            now=now,
            preference="notify_deadlines",
        )
    return sent


def _malus_notices(situation: MancheComptesRendus, now: datetime) -> int:
    """A notice to the vainqueur and the President for each compte-rendu malus the engine counts.

    Late (§5.4): one per deadline passed without a compte-rendu, so one when
    the deadline passes and one at each further manche. Non conforme (§5.5):
    once, when the revision deadline passed or a replacement was accepted.
    """
    rejection = situation.rejection
    president = presiding_officer(situation.manche.season)
    sent = 0
    for adjustment in situation.adjustments:
        if adjustment.kind == "cr_retard":
            moment = adjustment.reason.params.get("deadline")  # the deadline passed, an instant
            kind = "deadline-passed"
        elif adjustment.kind == "cr_non_conforme" and rejection is not None:
            moment = rejection[0]
            kind = "non-conforme"
        else:
            continue
        if moment is None or moment < now - NOTICE_HORIZON:
            continue
        vainqueur = situation.users.get(adjustment.player)
        # the President is told in the third person, and not twice when he is the vainqueur
        recipients = [vainqueur] + ([president] if president is not None and president != vainqueur else [])
        for user in recipients:
            if user is None:
                continue
            sent += with_transaction(
                notify,
                user=user,
                key=_key(
                    situation.manche, user, kind if user == vainqueur else f"{kind}-{vainqueur.pk}", moment
                ),
                template="cr_malus",
                context={
                    **_base_context(situation),
                    "late": adjustment.kind == "cr_retard",
                    "replaced": adjustment.reason.text == rules.comptes_rendus.REPLACED_FIRST,
                    "to_president": user != vainqueur,
                    "moment": moment,
                    "player": vainqueur,
                    "is_vainqueur": user == vainqueur,
                    "value": rules.json_number(adjustment.value),
                    "open_deadline": situation.open_deadline,
                },
                url=situation.manche.get_absolute_url() + "#compte-rendu",
                now=now,
                preference="notify_deadlines",
            )
    return sent


def with_transaction(function, **kwargs):
    """Run one notification in a transaction of its own: one failure leaves the others sent."""
    with transaction.atomic():
        return function(**kwargs)


def deadline_sweep(*, now: datetime) -> int:
    """Every reminder and notice due at ``now``, each sent once; how many were sent.

    Safe to run twice, concurrently, late, or after days of outage: each
    notice is claimed under its unique key before it is sent, and what is
    due is recomputed from the recorded facts.
    """
    sent = 0
    for season in (
        Season.objects.exclude(state=Season.State.CLOSED)
        .filter(manches__status=Manche.Status.PLAYED)
        .distinct()
    ):
        manches = Manche.objects.filter(season=season, status=Manche.Status.PLAYED).select_related("season")
        try:
            situations = situations_of(season, manches, now=now)
        except rules.InvalidInput:
            logger.exception("season %s cannot be computed: no compte-rendu notice for it", season)
            continue
        for situation in situations:
            sent += _reminders(situation, now)
            sent += _malus_notices(situation, now)
            for cr in situation.comptes_rendus:
                if cr.judged_at and cr.judged_at >= now - NOTICE_HORIZON:
                    with transaction.atomic():
                        sent += judgement_notices(cr, situation, now=now)
    return sent
