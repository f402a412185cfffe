"""Reads of the comptes-rendus area: where each manche's compte-rendu stands.

Who the vainqueurs are, what the deadlines are, which deadline is open and
which bonuses and maluses follow all come from the rules engine (through
``league.selectors.engine.season_result``); this module only puts the engine's
answers next to the database rows the pages and the sweep need.
"""

import logging
from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from django.core.paginator import Page, Paginator
from django.db.models import Count
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import current_president

from .. import revision_cache, rules
from ..models import Comment, CompteRendu, Manche, Season
from ..templatetags.numbers import num, signed
from .engine import compte_rendu_to_engine, manche_outcomes
from .seasons import seasons_in_progress

logger = logging.getLogger(__name__)

CR_KINDS = ("cr_retard", "cr_non_conforme", "cr_remplacement")
#: How many of its compte-rendu adjustments a manche's page lists, the first (its vainqueurs'
#: explanations list them all): a vainqueur who never writes loses 0.5 at every later manche,
#: and early in a season of 1,600 manches the page listed 1,400 maluses (20× the sign-in page).
ADJUSTMENTS_SHOWN = 5


@dataclass
class MancheComptesRendus:
    """One played manche's compte-rendu situation, as the engine sees it."""

    manche: Manche
    ruleset: "rules.RuleSet"
    vainqueurs: tuple[str, ...]
    participants: tuple[str, ...]
    deadlines: tuple[datetime, ...]
    comptes_rendus: list[CompteRendu]
    open_deadline: "rules.OpenDeadline | None"
    adjustments: tuple["rules.Adjustment", ...]
    ranking: tuple["rules.RankingEntry", ...]
    users: dict[str, User] = field(default_factory=dict)
    #: How many adjustments more than ``adjustments`` holds (:func:`manche_situation` keeps the first).
    more_adjustments: int = 0

    @property
    def records(self) -> tuple["rules.CompteRenduRecord", ...]:
        return records_of(self.comptes_rendus)

    @property
    def vainqueur_users(self) -> list[User]:
        return [self.users[v] for v in self.vainqueurs if v in self.users]

    @property
    def participant_users(self) -> list[User]:
        return [self.users[p] for p in self.participants if p in self.users]

    @property
    def accepted(self) -> CompteRendu | None:
        return next((cr for cr in self.comptes_rendus if cr.status == CompteRendu.Status.ACCEPTED), None)

    @property
    def main(self) -> CompteRendu | None:
        """The compte-rendu to show first: the accepted one, else the latest posted."""
        return self.accepted or (self.comptes_rendus[-1] if self.comptes_rendus else None)

    @property
    def rejection(self) -> "tuple[datetime, datetime] | None":
        """``(t0, D)``: the first rejection of a vainqueur's compte-rendu and the deadline to react."""
        return rules.rejection_deadline(
            self.ruleset, vainqueurs=self.vainqueurs, deadlines=self.deadlines, comptes_rendus=self.records
        )

    @property
    def state(self) -> str:
        """``awaiting`` (nothing posted), ``pending`` (to be judged), ``accepted``, or
        ``replacement`` (a vainqueur's compte-rendu was judged non conforme, none accepted since)."""
        if self.accepted is not None:
            return "accepted"
        if any(cr.status == CompteRendu.Status.PENDING for cr in self.comptes_rendus):
            return "pending"
        if self.rejection is not None:
            return "replacement"
        return "awaiting"


def records_of(comptes_rendus) -> tuple["rules.CompteRenduRecord", ...]:
    """The engine's records of these rows, in posting order."""
    return tuple(
        compte_rendu_to_engine(
            {
                "author__username": cr.author.username,
                "posted_at": cr.posted_at,
                "status": cr.status,
                "rejected_at": cr.rejected_at,
            }
        )
        for cr in sorted(comptes_rendus, key=lambda cr: (cr.posted_at, cr.pk or 0))
    )


def presiding_officer(season: Season) -> User | None:
    """Who receives the President's notices: the season's President, else the club's."""
    return season.president if season.president_id else current_president()


def _named(usernames: set, known_users: dict | None) -> dict:
    """username -> ``User`` for ``usernames``: those of ``known_users``, the others read."""
    users = {name: u for name, u in (known_users or {}).items() if name in usernames}
    if usernames - users.keys():
        users |= {u.username: u for u in User.objects.filter(username__in=usernames - users.keys())}
    return users


def situations_of(
    season: Season, manches, *, now: datetime, known_users: dict | None = None
) -> list[MancheComptesRendus]:
    """The situation of each given played manche of ``season`` (one query for all the rows;
    ``known_users``, username -> ``User``, already read: only the others are read)."""
    manches = [m for m in manches if m.status == Manche.Status.PLAYED]
    if not manches:
        return []
    by_number = manche_outcomes(season, [m.number for m in manches], now=now)
    ruleset = season.ruleset()
    by_manche: dict[int, list[CompteRendu]] = {m.pk: [] for m in manches}
    for cr in (
        CompteRendu.objects.filter(manche__in=manches)
        .select_related("author", "judged_by")
        .order_by("posted_at", "pk")
    ):
        by_manche[cr.manche_id].append(cr)
    outcomes = {m.pk: by_number[m.number] for m in manches}
    usernames = {e.player for o in outcomes.values() if o for e in o.ranking}
    users = _named(usernames, known_users)
    out = []
    for manche in manches:
        outcome = outcomes[manche.pk]
        if outcome is None:  # not scored (the engine refused it): nothing to say yet
            continue
        participants = tuple(e.player for e in outcome.ranking if not e.absent)
        crs = by_manche[manche.pk]
        records = records_of(crs)
        out.append(
            MancheComptesRendus(
                manche=manche,
                ruleset=ruleset,
                vainqueurs=outcome.vainqueurs,
                participants=participants,
                deadlines=outcome.deadlines,
                comptes_rendus=crs,
                open_deadline=rules.open_deadline(
                    ruleset,
                    number=manche.number,
                    vainqueurs=outcome.vainqueurs,
                    participants=participants,
                    deadlines=outcome.deadlines,
                    comptes_rendus=records,
                    now=now,
                ),
                adjustments=tuple(a for a in outcome.adjustments if a.kind in CR_KINDS),
                ranking=outcome.ranking,
                users=users,
            )
        )
    return out


def manche_comptes_rendus(
    manche: Manche, *, now: datetime, known_users: dict | None = None
) -> MancheComptesRendus | None:
    """The situation of one manche; None until it is played (or while the engine refuses its season).
    ``known_users``: username -> ``User`` already read (the table's)."""
    if manche.status != Manche.Status.PLAYED:
        return None
    try:
        found = situations_of(manche.season, [manche], now=now, known_users=known_users)
    except rules.InvalidInput:
        logger.exception("season %s cannot be computed", manche.season)
        return None
    return found[0] if found else None


def _changes_at(situation: MancheComptesRendus, now: datetime) -> datetime | None:
    """The first instant after ``now`` at which the situation may read otherwise with
    the same rows: a deadline falls, a revision window closes, or a compte-rendu's own
    date (posted, rejected) is reached; None when none is ahead."""
    deadlines = situation.deadlines
    ahead = [deadlines.first_after(now)] if hasattr(deadlines, "first_after") else list(deadlines)
    if situation.open_deadline is not None:
        ahead.append(situation.open_deadline.deadline)
    if situation.rejection is not None:
        ahead.extend(situation.rejection)
    for record in situation.records:
        ahead += [record.posted_at, record.rejected_at]
    utc_now = now.astimezone(UTC)
    return min(
        (m.astimezone(UTC) for m in ahead if m is not None and m.astimezone(UTC) > utc_now), default=None
    )


def _deadlines_read_when_kept(situation: MancheComptesRendus) -> tuple[datetime, ...]:
    """The deadlines a kept situation still reads: only its ``rejection``'s, the first
    after the first rejection (none without one). All of them are the starts of every
    later manche of the season, shared by every manche: kept with each manche they made
    its page read a season's worth of dates (6,400 manches: 130 kB a view)."""
    rejection = situation.rejection
    return () if rejection is None else (rejection[1],)


def manche_situation(manche: Manche, *, now: datetime, known_users: dict | None = None):
    """:func:`manche_comptes_rendus` as the manche page reads it: kept per revision of
    the season (every write to a compte-rendu bumps it) until the situation may read
    otherwise (:func:`_changes_at`), with its first :data:`ADJUSTMENTS_SHOWN` adjustments
    and how many more. The members are named as they are now (``known_users``, the others
    read), not as they were when it was kept."""
    if manche.status != Manche.Status.PLAYED:
        return None
    season = manche.season
    name = f"cr-situation:{manche.number}"

    def compute():
        situation = manche_comptes_rendus(manche, now=now, known_users=known_users)
        if situation is None:
            return {name: None}, None
        kept = replace(
            situation,
            manche=None,
            users={},
            deadlines=_deadlines_read_when_kept(situation),
            adjustments=situation.adjustments[:ADJUSTMENTS_SHOWN],
            more_adjustments=max(len(situation.adjustments) - ADJUSTMENTS_SHOWN, 0),
        )
        return {name: kept}, _changes_at(situation, now)

    kept = revision_cache.reading(season.pk, season.revision, name, now=now, compute=compute)
    if kept is None:
        return None
    usernames = {e.player for e in kept.ranking} | {cr.author.username for cr in kept.comptes_rendus}
    users = _named(usernames, known_users)
    for cr in kept.comptes_rendus:
        cr.author = users.get(cr.author.username, cr.author)
    return replace(kept, manche=manche, users=users)


#: The ``comments_mark`` of a manche whose comptes-rendus have no comment.
NO_COMMENT = ""


def comments_mark_sql(manche_table: str) -> str:
    """The SQL of a manche's ``comments_mark`` (the row of ``manche_table`` it is read with): how
    many comments its comptes-rendus have and the newest, in a few characters, so that a
    page reads their counts only when they changed (:func:`comment_counts`). Derived from
    the rows themselves, as ``signatures.night_mark_sql`` (raw SQL for the same reason)."""
    comment, compte_rendu = Comment._meta.db_table, CompteRendu._meta.db_table
    return (
        f"COALESCE((SELECT COUNT(*) || '.' || MAX(c.id) FROM {comment} c"  # noqa: S608
        f" JOIN {compte_rendu} r ON c.compte_rendu_id = r.id WHERE r.manche_id = {manche_table}.id), '')"
    )


def _comment_counts(manche: Manche) -> dict[int, int]:
    return dict(
        Comment.objects.filter(compte_rendu__manche=manche)
        .order_by()
        .values("compte_rendu")
        .annotate(n=Count("pk"))
        .values_list("compte_rendu", "n")
    )


def comment_counts(manche: Manche, *, now: datetime) -> dict[int, int]:
    """How many comments each compte-rendu of ``manche`` has (pk → count; a compte-rendu
    without comment is left out): kept in the season's cache under the manche's
    ``comments_mark`` (nothing read when it has none); read directly when the manche came
    without it."""
    mark = getattr(manche, "comments_mark", None)
    if mark is None:
        return _comment_counts(manche)
    if mark == NO_COMMENT:
        return {}
    season = manche.season
    name = f"comments:{manche.number}:{mark}"
    return revision_cache.kept(
        season.pk, season.revision, name, now=now, read=lambda: _comment_counts(manche)
    )


def season_comptes_rendus(season: Season, *, now: datetime) -> list[MancheComptesRendus]:
    """The situation of every played manche of the season, in calendar order."""
    return situations_of(season, _played_manches(season), now=now)


def _played_manches(season: Season, numbers=None) -> list[Manche]:
    """The played manches of ``season`` (those numbered ``numbers`` when given), in calendar
    order, each with ``season`` itself: not read again with every manche."""
    manches = Manche.objects.filter(season=season, status=Manche.Status.PLAYED)
    if numbers is not None:
        manches = manches.filter(number__in=numbers)
    manches = list(manches.order_by("starts_at", "number"))
    for manche in manches:
        manche.season = season
    return manches


#: The names of a season's readings of its compte-rendu deadlines (:func:`_season_deadlines`):
#: the names it made, each vainqueur's deadlines ahead, the manches overdue, all the
#: deadlines ahead.
DEADLINES_MADE = "cr-deadlines"
OVERDUE = "cr-overdue"
OPEN_DEADLINES = "cr-open-deadlines"


def _deadlines_of(username: str) -> str:
    return f"cr-deadlines:{username}"


@dataclass(frozen=True)
class VainqueurDeadline:
    """A deadline ahead of a vainqueur (``open_deadline.manche`` is the manche's number);
    ``pending``: his compte-rendu awaits judgement."""

    open_deadline: "rules.OpenDeadline"
    pending: bool


def _season_deadlines(season: Season, now: datetime) -> tuple[dict, datetime | None]:
    """What the home page, the President's inbox and the comptes-rendus page read of the
    season's comptes-rendus, as of ``now``: each vainqueur's :class:`VainqueurDeadline` (in
    calendar order, only for those who have one), the numbers of the manches whose every
    deadline passed with nothing posted (in calendar order), every :class:`SeasonDeadline`
    (soonest first) and the names made; right until the first instant at which one of the
    manches' situations may read otherwise (:func:`_changes_at`)."""
    situations = season_comptes_rendus(season, now=now)
    by_vainqueur = defaultdict(list)
    for situation in situations:
        if situation.open_deadline is None:
            continue
        for vainqueur in situation.vainqueurs:
            pending = any(
                cr.author.username == vainqueur and cr.status == CompteRendu.Status.PENDING
                for cr in situation.comptes_rendus
            )
            by_vainqueur[vainqueur].append(VainqueurDeadline(situation.open_deadline, pending))
    readings = {_deadlines_of(name): tuple(found) for name, found in by_vainqueur.items()}
    readings[OVERDUE] = tuple(s.manche.number for s in situations if _is_overdue(s))
    ahead = sorted((s for s in situations if s.open_deadline), key=lambda s: s.open_deadline.deadline)
    readings[OPEN_DEADLINES] = tuple(SeasonDeadline(s.open_deadline, s.vainqueurs) for s in ahead)
    readings[DEADLINES_MADE] = frozenset([*readings, DEADLINES_MADE])
    changes = (_changes_at(situation, now) for situation in situations)
    return readings, min((c for c in changes if c is not None), default=None)


def _is_overdue(situation: MancheComptesRendus) -> bool:
    """Nothing posted and no deadline left: the President's inbox lists it."""
    return situation.state == "awaiting" and not situation.open_deadline


def _deadlines_reading(season: Season, name: str, now: datetime):
    """One of :func:`_season_deadlines`' readings (None for a member with no deadline), kept
    per revision (every write to a compte-rendu or a sheet bumps it) until a deadline falls:
    made at each view of the home page, every played manche's situation took 130 ms at
    1,600 manches. Raises ``rules.InvalidInput`` while the engine refuses the season."""
    return revision_cache.reading(
        season.pk,
        season.revision,
        name,
        now=now,
        compute=lambda: _season_deadlines(season, now),
        read_only=True,
        made_with=DEADLINES_MADE,
    )


def vainqueur_deadlines(season: Season, username: str, *, now: datetime) -> tuple[VainqueurDeadline, ...]:
    """The deadlines ahead of ``username`` as a vainqueur of ``season``'s manches, in calendar order."""
    return _deadlines_reading(season, _deadlines_of(username), now) or ()


def refresh_deadlines(season_pk: int, now: datetime) -> None:
    """Make a season's deadlines again after a change (``league.recompute_season`` runs it
    after the engine's readings), unless it is closed: no page reads them then."""
    season = Season.objects.exclude(state=Season.State.CLOSED).filter(pk=season_pk).first()
    if season is None:
        return
    try:
        revision_cache.refresh(
            season.pk,
            season.revision,
            DEADLINES_MADE,
            now=now,
            compute=lambda: _season_deadlines(season, now),
            read_only=True,
        )
    except rules.InvalidInput:  # the engine refuses the season: its pages say so
        logger.info("season %s cannot be computed: no compte-rendu deadlines kept", season)


def overdue_numbers(season: Season, *, now: datetime) -> tuple[int, ...]:
    """The numbers of the played manches of ``season`` whose every deadline passed with no
    compte-rendu posted, in calendar order, from the season's kept deadlines (no row read)."""
    return _deadlines_reading(season, OVERDUE, now) or ()


def season_overdue(season: Season, *, now: datetime) -> tuple[int, ...]:
    """:func:`overdue_numbers`, none while the engine refuses the season (the comptes-rendus
    page lists them)."""
    try:
        return overdue_numbers(season, now=now)
    except rules.InvalidInput:
        logger.exception("season %s cannot be computed", season)
        return ()


def overdue_manches(season: Season, *, now: datetime, limit: int | None = None) -> list[Manche]:
    """The first ``limit`` (all by default) of :func:`overdue_numbers`, read (the President's inbox)."""
    numbers = overdue_numbers(season, now=now)[:limit]
    return _played_manches(season, numbers) if numbers else []


def posted_page(season: Season, number, size: int, *, now: datetime) -> Page:
    """The page ``number`` (as the query gives it: :meth:`Paginator.get_page`) of the season's
    comptes-rendus, ``size`` a page, newest first: the keys of its comptes-rendus, their
    rows when they are shown (:func:`posted_rows`). Sorting the season's rows with their
    text and HTML took 4 ms at 1,600; the keys are kept per revision (every write to a
    compte-rendu bumps it): counting and sorting them was two queries at each view."""
    keys = revision_cache.kept(
        season.pk,
        season.revision,
        "cr-posted-keys",
        now=now,
        read=lambda: list(
            CompteRendu.objects.filter(manche__season=season)
            .order_by("-posted_at", "-pk")
            .values_list("pk", flat=True)
        ),
    )
    return Paginator(keys, size).get_page(number)


def posted_rows(page: Page) -> list[CompteRendu]:
    """The comptes-rendus of a :func:`posted_page`, in its order, with their manches and authors."""
    keys = list(page.object_list)
    rows = CompteRendu.objects.filter(pk__in=keys).select_related("manche", "author")
    by_pk = {cr.pk: cr for cr in rows}
    return [by_pk[pk] for pk in keys if pk in by_pk]


@dataclass(frozen=True)
class SeasonDeadline:
    """A deadline ahead of a manche's vainqueurs (``open_deadline.manche`` is its number;
    ``vainqueurs``, their usernames)."""

    open_deadline: "rules.OpenDeadline"
    vainqueurs: tuple[str, ...]


def season_open_deadlines(season: Season, *, now: datetime) -> tuple[SeasonDeadline, ...]:
    """The deadlines ahead of the season's vainqueurs, soonest first (none while the engine
    refuses the season), read from the season's kept deadlines (:func:`_deadlines_reading`):
    made at each view of the comptes-rendus page, every played manche's situation took
    100 ms at 1,600 manches."""
    try:
        return _deadlines_reading(season, OPEN_DEADLINES, now) or ()
    except rules.InvalidInput:
        logger.exception("season %s cannot be computed", season)
        return ()


@dataclass(frozen=True)
class DeadlineLine:
    """A :class:`SeasonDeadline` as the page shows it: its manche and its vainqueurs read."""

    manche: Manche
    open_deadline: "rules.OpenDeadline"
    vainqueur_users: list[User]


def deadline_lines(season: Season, deadlines) -> list[DeadlineLine]:
    """These deadlines of ``season`` (a page of :func:`season_open_deadlines`) with their
    manches and vainqueurs, read in one query each for them all."""
    deadlines = list(deadlines)
    by_number = {m.number: m for m in _played_manches(season, [d.open_deadline.manche for d in deadlines])}
    users = _named({v for d in deadlines for v in d.vainqueurs}, None)
    return [
        DeadlineLine(
            by_number[d.open_deadline.manche], d.open_deadline, [users[v] for v in d.vainqueurs if v in users]
        )
        for d in deadlines
        if d.open_deadline.manche in by_number
    ]


@dataclass(frozen=True)
class MyDeadline:
    """An open deadline of a manche the member won (``open_deadline.manche``: its number in
    ``season``); ``pending``: his compte-rendu awaits judgement."""

    season: Season
    open_deadline: "rules.OpenDeadline"
    pending: bool

    @property
    def number(self) -> int:
        return self.open_deadline.manche


def my_open_deadlines(user, now: datetime, in_progress: list[Season] | None = None) -> list[MyDeadline]:
    """The open deadlines of the manches ``user`` won, across the seasons in progress, soonest first,
    read from each season's kept deadlines (:func:`vainqueur_deadlines`); ``in_progress``: the
    seasons not closed, when the page read them already.

    For the home page: ``templates/league/comptes_rendus/_my_deadlines.html``
    shows them, given ``{"my_deadlines": my_open_deadlines(request.user, now)}``.
    """
    if not user.is_authenticated:
        return []
    # Every season in progress (a club has one or two): one without deadlines of his
    # says so from its kept reading, cheaper than finding his seasons through every seat.
    out = []
    for season in seasons_in_progress() if in_progress is None else in_progress:
        try:
            mine = vainqueur_deadlines(season, user.username, now=now)
        except rules.InvalidInput:
            logger.exception("season %s cannot be computed", season)
            continue
        # The page links to each manche by its number: no row of it is read (the kept
        # deadlines are those of played manches at the season's revision).
        out.extend(MyDeadline(season, d.open_deadline, d.pending) for d in mine)
    return sorted(out, key=lambda d: d.open_deadline.deadline)


def write_refusal(situation: MancheComptesRendus | None, user) -> str | None:
    """Why ``user`` may not post a compte-rendu of this manche now; None when he may.

    The vainqueurs write it (and revise it after a rejection); once a
    vainqueur's compte-rendu is judged non conforme, the other players of
    the table may post a replacement, except the President and the
    Vice-President who stood in for him (rulebook, « Contenu »).
    """
    if situation is None:
        return _("Le compte-rendu s'écrit une fois la manche jouée et sa feuille close.")
    if not (user.is_authenticated and user.is_active):
        return _("Connectez-vous pour écrire le compte-rendu.")
    if user.username not in situation.participants:
        return _("Seuls les joueurs assis à la table de cette manche peuvent en écrire le compte-rendu.")
    if situation.accepted is not None:
        return _("Le compte-rendu de cette manche a déjà été accepté par le Président.")
    mine = [cr for cr in situation.comptes_rendus if cr.author_id == user.pk]
    if any(cr.status == CompteRendu.Status.PENDING for cr in mine):
        return _(
            "Votre compte-rendu attend le jugement du Président : modifiez-le plutôt que d'en poster un second."
        )
    if user.username in situation.vainqueurs:
        return None
    if situation.rejection is None:
        return _(
            "Le compte-rendu revient au vainqueur de la manche ; les autres joueurs ne peuvent en proposer "
            "un que si le sien est jugé non conforme."
        )
    if user.pk in excluded_from_replacement(situation):
        return _(
            "Le Président, ou le Vice-Président qui l'a suppléé, ne peut pas participer à la rédaction "
            "du compte-rendu de remplacement."
        )
    return None


def excluded_from_replacement(situation: MancheComptesRendus) -> set[int]:
    """The President of the season (the club's when it has none) and whoever judged this manche's comptes-rendus."""
    president = presiding_officer(situation.manche.season)
    excluded = {cr.judged_by_id for cr in situation.comptes_rendus if cr.judged_by_id}
    if president is not None:
        excluded.add(president.pk)
    return excluded


def ranking_markdown(situation: MancheComptesRendus) -> str:
    """The manche's classification as a Markdown table, to prefill the compte-rendu: its scores and
    points written as the site's results write them (``+300``, ``−250``, ``1,5``)."""
    lines = [
        "| " + " | ".join([_("Place"), _("Joueur"), _("Score"), _("Points")]) + " |",
        "|---:|:---|---:|---:|",
    ]
    for entry in situation.ranking:
        user = situation.users.get(entry.player)
        name = str(user) if user else entry.player
        if entry.absent:
            name = _("%(name)s (absent)") % {"name": name}
        lines.append(f"| {entry.place} | {name} | {signed(entry.score)} | {num(entry.points)} |")
    return "\n".join(lines)
