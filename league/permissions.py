"""The one place that answers "may this user do this to this object?".

Views never hand-roll a check: they call ``can`` (or ``require``, which
raises PermissionDenied) with an action name from ``Action``. Each rule is a
small function, named after what it allows, with its reason in the docstring.
"""

from enum import StrEnum

from django.core.exceptions import PermissionDenied

from accounts.roles import is_club_officer, is_club_president


class Action(StrEnum):
    MANAGE_CLUB = "club.manage"  # invitations, members, presidency
    MANAGE_SEASON = "season.manage"  # calendar, registrations of others, close/reopen, awards
    CREATE_SEASON = "season.create"
    REGISTER_SELF = "manche.register_self"
    WITHDRAW_SELF = "manche.withdraw_self"  # obj: the Registration
    RUN_DRAW = "manche.run_draw"  # the draw of jetons and seats for the night
    EDIT_SHEET = "manche.edit_sheet"
    CORRECT_RESULTS = "manche.correct_results"  # after closing: President only
    VIEW_AUDIT = "manche.view_audit"
    JUDGE_COMPTE_RENDU = "compte_rendu.judge"
    WRITE_COMPTE_RENDU = "compte_rendu.write"  # obj: the Manche
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


def can_manage_club(user, obj=None) -> bool:
    return is_club_officer(user)


def can_manage_season(user, season) -> bool:
    return is_season_officer(user, season)


def can_register_self(user, manche) -> bool:
    """Any active member may sign himself up while the manche takes registrations."""
    return user.is_authenticated and user.is_active and manche.status == manche.Status.OPEN


def can_create_season(user, obj=None) -> bool:
    """A new season is prepared by the club's President (or his Vice-President)."""
    return is_club_officer(user)


def can_withdraw_self(user, registration) -> bool:
    """A member withdraws his own sign-up only, while the manche is neither played nor cancelled."""
    manche = registration.manche
    return (
        user.is_authenticated
        and user.is_active
        and registration.player_id == user.pk
        and manche.status in (manche.Status.PLANNED, manche.Status.OPEN)
    )


def can_run_draw(user, manche) -> bool:
    """The capitaine de soirée draws the jetons and seats (or the President), before the manche is played."""
    if manche.status in (manche.Status.PLAYED, manche.Status.CANCELLED):
        return False
    if is_season_officer(user, manche.season):
        return True
    return user.is_authenticated and user.is_active and manche.capitaine_id == user.pk


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


def can_correct_results(user, manche) -> bool:
    return is_season_officer(user, manche.season)


def can_judge_compte_rendu(user, manche) -> bool:
    return is_season_officer(user, manche.season)


def can_write_compte_rendu(user, manche) -> bool:
    """Its vainqueurs, or another player of the table once a vainqueur's one was judged non conforme
    (never the President); the reasons are in ``selectors_comptes_rendus.write_refusal``."""
    from django.utils import timezone

    from .selectors_comptes_rendus import manche_comptes_rendus, write_refusal

    return write_refusal(manche_comptes_rendus(manche, now=timezone.now()), user) is None


def can_import_season(user, obj=None) -> bool:
    """Importing a season creates or replaces seasons and creates accounts: the club's President only."""
    return is_club_president(user)


def can_export_season(user, season) -> bool:
    """The whole season with its comptes-rendus, as a backup: the President's (or the season's officers')."""
    return is_season_officer(user, season)


def _seated(user, manche) -> bool:
    return (
        user.is_authenticated
        and user.is_active
        and manche.status == manche.Status.PLAYED
        and manche.seats.filter(player_id=user.pk).exists()
    )


def can_sign_sheet(user, manche) -> bool:
    """Each player seated at the table confirms the closed sheet from his own phone."""
    return _seated(user, manche)


def can_record_table_signatures(user, manche) -> bool:
    """The capitaine (or an officer) records that the table signed the sheet there and then."""
    if manche.status != manche.Status.PLAYED:
        return False
    return is_season_officer(user, manche.season) or (
        user.is_authenticated and user.is_active and manche.capitaine_id == user.pk
    )


def can_contest_donne(user, manche) -> bool:
    """A player of the table, while the season's contest period after the close runs."""
    from django.utils import timezone

    from .selectors_signatures import contest_until

    until = contest_until(manche)
    return _seated(user, manche) and until is not None and timezone.now() < until


RULES = {
    Action.MANAGE_CLUB: can_manage_club,
    Action.MANAGE_SEASON: can_manage_season,
    Action.CREATE_SEASON: can_create_season,
    Action.REGISTER_SELF: can_register_self,
    Action.WITHDRAW_SELF: can_withdraw_self,
    Action.RUN_DRAW: can_run_draw,
    Action.EDIT_SHEET: can_edit_sheet,
    Action.CORRECT_RESULTS: can_correct_results,
    Action.VIEW_AUDIT: can_correct_results,
    Action.JUDGE_COMPTE_RENDU: can_judge_compte_rendu,
    Action.WRITE_COMPTE_RENDU: can_write_compte_rendu,
    Action.IMPORT_SEASON: can_import_season,
    Action.EXPORT_SEASON: can_export_season,
    Action.SIGN_SHEET: can_sign_sheet,
    Action.RECORD_TABLE_SIGNATURES: can_record_table_signatures,
    Action.CONTEST_DONNE: can_contest_donne,
    Action.RULE_CONTEST: can_correct_results,
}


def can(user, action: Action, obj=None) -> bool:
    return RULES[Action(action)](user, obj)


def require(user, action: Action, obj=None) -> None:
    if not can(user, action, obj):
        raise PermissionDenied
