"""The league's permission rules, registered in the one registry (``accounts.permissions``).

Views never hand-roll a check: they call ``can`` (or ``require``, which
raises PermissionDenied) with an action name from ``Action``; both are the
registry's, imported here so league code finds its actions and the checks in
one place. Each rule is a small function, named after what it allows, with
its reason in the docstring.
"""

from enum import StrEnum

from django.utils import timezone

from accounts.permissions import can, require, rule
from accounts.roles import is_club_officer, is_club_president

from .selectors.comptes_rendus import write_refusal
from .selectors.signatures import in_contest_period, seated_at

__all__ = ["Action", "can", "require"]


class Action(StrEnum):
    MANAGE_SEASON = "season.manage"  # calendar, registrations of others, close/reopen, awards
    CREATE_SEASON = "season.create"
    REGISTER_SELF = "manche.register_self"
    WITHDRAW_SELF = "manche.withdraw_self"  # obj: the Registration
    RUN_DRAW = "manche.run_draw"  # the draw of jetons and seats for the night
    EDIT_SHEET = "manche.edit_sheet"
    CORRECT_RESULTS = "manche.correct_results"  # after closing: President only
    VIEW_AUDIT = "manche.view_audit"
    JUDGE_COMPTE_RENDU = "compte_rendu.judge"
    WRITE_COMPTE_RENDU = "compte_rendu.write"  # obj: the manche's comptes-rendus (MancheComptesRendus)
    IMPORT_SEASON = "season.import"  # load a season document (creates seasons and accounts)
    EXPORT_SEASON = "season.export"  # obj: the Season
    SIGN_SHEET = "manche.sign_sheet"  # a player of the table confirms the closed sheet
    RECORD_TABLE_SIGNATURES = "manche.record_table_signatures"  # "signée à la table"
    CONTEST_DONNE = "manche.contest_donne"  # within the season's contest period
    RULE_CONTEST = "manche.rule_contest"


def is_season_officer(user, season) -> bool:
    """The season's President, or its Vice-President acting for him, or the club's President."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser or is_club_president(user):
        return True
    return user.pk is not None and user.pk in (season.president_id, season.vice_president_id)


@rule(Action.MANAGE_SEASON)
def can_manage_season(user, season) -> bool:
    return is_season_officer(user, season)


@rule(Action.REGISTER_SELF)
def can_register_self(user, manche) -> bool:
    """Any active member may sign himself up while the manche takes registrations (open, in a
    season not closed)."""
    return (
        user.is_authenticated
        and user.is_active
        and manche.status == manche.Status.OPEN
        and not manche.season.is_closed
    )


@rule(Action.CREATE_SEASON)
def can_create_season(user, obj=None) -> bool:
    """A new season is prepared by the club's President (or his Vice-President)."""
    return is_club_officer(user)


@rule(Action.WITHDRAW_SELF)
def can_withdraw_self(user, registration) -> bool:
    """A member withdraws his own sign-up only, while the manche takes registrations (neither
    played nor cancelled, in a season not closed)."""
    return (
        user.is_authenticated
        and user.is_active
        and registration.player_id == user.pk
        and registration.manche.takes_registrations
    )


@rule(Action.RUN_DRAW)
def can_run_draw(user, manche) -> bool:
    """The capitaine de soirée draws the jetons and seats (or the President), before the manche is played."""
    if manche.status in (manche.Status.PLAYED, manche.Status.CANCELLED):
        return False
    if is_season_officer(user, manche.season):
        return True
    return user.is_authenticated and user.is_active and manche.capitaine_id == user.pk


@rule(Action.EDIT_SHEET)
def can_edit_sheet(user, manche) -> bool:
    """The capitaine of that manche keeps the sheet until it is closed; the President always may."""
    if is_season_officer(user, manche.season):
        return True
    return (
        user.is_authenticated
        and user.is_active
        and manche.capitaine_id == user.pk
        and manche.status != manche.Status.PLAYED
        and manche.status != manche.Status.CANCELLED
    )


@rule(Action.CORRECT_RESULTS)
@rule(Action.VIEW_AUDIT)
def can_correct_results(user, manche) -> bool:
    return is_season_officer(user, manche.season)


@rule(Action.JUDGE_COMPTE_RENDU)
def can_judge_compte_rendu(user, manche) -> bool:
    return is_season_officer(user, manche.season)


@rule(Action.WRITE_COMPTE_RENDU)
def can_write_compte_rendu(user, situation) -> bool:
    """Its vainqueurs, or another player of the table once a vainqueur's one was judged non conforme
    (never the President); ``situation`` is the manche's comptes-rendus as of now
    (``selectors.comptes_rendus.manche_comptes_rendus``), the reasons are ``write_refusal``'s."""
    return write_refusal(situation, user) is None


@rule(Action.IMPORT_SEASON)
def can_import_season(user, obj=None) -> bool:
    """Importing a season creates or replaces seasons and creates accounts: the club's President only."""
    return is_club_president(user)


@rule(Action.EXPORT_SEASON)
def can_export_season(user, season) -> bool:
    """The whole season with its comptes-rendus, as a backup: the President's (or the season's officers')."""
    return is_season_officer(user, season)


def _seated(user, manche) -> bool:
    return (
        user.is_authenticated
        and user.is_active
        and manche.status == manche.Status.PLAYED
        and seated_at(manche, user)
    )


@rule(Action.SIGN_SHEET)
def can_sign_sheet(user, manche) -> bool:
    """Each player seated at the table confirms the closed sheet from his own phone, during
    the contest period (after it the result is official, and stands without him)."""
    return _seated(user, manche) and in_contest_period(manche, timezone.now())


def keeps_the_table(user, manche) -> bool:
    """The capitaine of a played manche, or an officer: who records what the table did."""
    if manche.status != manche.Status.PLAYED:
        return False
    return is_season_officer(user, manche.season) or (
        user.is_authenticated and user.is_active and manche.capitaine_id == user.pk
    )


@rule(Action.RECORD_TABLE_SIGNATURES)
def can_record_table_signatures(user, manche) -> bool:
    """The capitaine (or an officer) records that the table signed the sheet there and then,
    during the contest period."""
    return keeps_the_table(user, manche) and in_contest_period(manche, timezone.now())


@rule(Action.CONTEST_DONNE)
def can_contest_donne(user, manche) -> bool:
    """A player of the table, while the season's contest period after the close runs."""
    return _seated(user, manche) and in_contest_period(manche, timezone.now())


@rule(Action.RULE_CONTEST)
def can_rule_contest(user, manche) -> bool:
    """The President (or the season's officers) rules on a contested donne, as he corrects results."""
    return is_season_officer(user, manche.season)
