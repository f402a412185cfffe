"""Every page of the site, warm, against the sign-in page, for each kind of reader.

One command (from the repository root)::

    .venv/bin/python bench/bench_pages.py [--players 200 --manches-per-player 40] [--only standings,player]

With the embedded defaults (a scratch SQLite file, the local-memory cache;
``BENCH_DATABASE_URL`` for a scratch PostgreSQL database), it loads a
generated season of 200 players × 40 manches (1,600 manches, every
compte-rendu posted) and measures every page a reader can open (each
``GET`` of the site's URLs, the files it serves included: the calendar
feeds, the spreadsheet, the share image, the export) for the readers it
is for:

- a visitor;
- a player, signed in, who played the middle manche;
- an outsider: a member, signed in, who plays no manche of the season (what
  is made for each player of a season is not made for him; a page that
  computed the season again for him at every view was 350× the sign-in page);
- the President.

On the generated season every manche is played and every compte-rendu
accepted, so four pages have nothing to show there: the draw and the quick
results (for a manche to come) and writing or editing a compte-rendu (for
the vainqueur of a manche whose compte-rendu is not written, or awaits
judgement). Once the other pages are measured, a manche to come (five
seated, one waiting) is added, and the player's compte-rendu of one manche
he won removed and that of another posted again; those four pages are then
measured against the sign-in page in their own turns (the other pages would
show that state: the next manche, the compte-rendu to write and to judge),
with the page of the manche whose compte-rendu he did not write (once its
deadlines pass, it lists his malus at every later manche).

Those two states, a season all played and a night to come, are not the
season a club reads most: every page is then measured again in two more
(their own turns, against the sign-in page of those turns):

- the season over and not closed: its last manche played a month before,
  its last manches, one in forty (``UNWRITTEN_ONE_IN``), with no
  compte-rendu, every deadline of which has passed (the President's inbox
  lists them overdue);
- the season in progress: its second half planned (the sheets and
  comptes-rendus of those manches removed), the first of them twelve hours
  ahead, the next two weeks' open with their sign-ups (one in three a player
  short, the first with one waiting), the last two played with their
  compte-rendu still to write. The President's desk, the manches
  to open, the calendar's pages and feeds, Ce qu'il me faut have the
  calendar ahead to show; the draw and the quick results are measured for
  the manche twelve hours ahead.

Each figure is the median of ``--runs`` ratios, each of a request of the
page to one of the sign-in page sent right after it (the machine's speed
drifts for seconds at a time), the requests sent in five turns over every
page after one unmeasured request (target: ≤ 3× with these defaults, ≤ 2×
under the production settings, ``bench_load.py``); the same ratio of the
CPU time of this process beside it, then the page's median time. Pages
over the target are marked, and the site's URLs that no reader can open
with a plain ``GET`` (a form's action, a link from an email) are listed at
the end with the reason they are not measured: a new page shows up there
until it is measured.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import embedded_site, load_bench_season, paired_ratios  # noqa: E402

TARGET = 3.0
VISITOR, PLAYER, OUTSIDER, PRESIDENT = "visitor", "player", "outsider", "President"
EVERYONE = (VISITOR, PLAYER, OUTSIDER, PRESIDENT)
MEMBERS = (PLAYER, OUTSIDER, PRESIDENT)

#: URLs not measured, and why: none is a page a reader opens by a plain ``GET``.
NOT_PAGES = {
    "set_language": "a form's action (POST)",
    "accounts:logout": "a form's action (POST)",
    "accounts:login": "the page every figure is a ratio to",
    "accounts:email_confirm": "a link from an email, used once",
    "accounts:invitation_accept": "a link from an email, used once",
    "accounts:password_reset_confirm": "a link from an email, used once",
    "accounts:calendar_token_reset": "a form's action (POST)",
    "accounts:invitation_resend": "a form's action (POST)",
    "accounts:invitation_revoke": "a form's action (POST)",
    "accounts:join_request_approve": "a form's action (POST)",
    "accounts:join_request_refuse": "a form's action (POST)",
    "accounts:member_deactivate": "a form's action (POST)",
    "accounts:member_reactivate": "a form's action (POST)",
    "league:registrations_open": "a form's action (POST)",
    "league:manche_cancel": "a form's action (POST)",
    "league:registration_add": "a form's action (POST)",
    "league:registration_withdraw": "a form's action (POST)",
    "league:season_open": "a form's action (POST)",
    "league:season_close": "a form's action (POST)",
    "league:season_reopen": "a form's action (POST)",
    "league:sheet_donne_add": "a form's action (POST)",
    "league:sheet_donne_delete": "a form's action (POST)",
    "league:sheet_donne_sync": "the offline sheet's sending (POST)",
    "league:sheet_conflict": "the offline sheet's sending (POST)",
    "league:sheet_close": "a form's action (POST)",
    "league:sheet_sign": "a form's action (POST)",
    "league:sheet_table_signed": "a form's action (POST)",
    "league:notices_read_all": "a form's action (POST)",
    "league:notice_read": "a form's action (POST)",
    "league:award_delete": "a form's action (POST)",
    "league:cr_judge": "a form's action (POST)",
    "league:cr_comment": "a form's action (POST)",
    "league:cr_preview": "a form's preview (POST)",
    "league:manche_order": "a form's action (POST)",
    "media": "uploaded files, served as they are",
    "league:contest_rule": "opened from a contestation: the generated season has none",
}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--manches-per-player", type=int, default=40)
    parser.add_argument("--donnes", type=int, default=20, help="donnes per sheet")
    parser.add_argument("--seed", type=int, default=2011)
    parser.add_argument(
        "--runs",
        type=int,
        default=15,
        help="requests per page and reader, each paired with one of the sign-in page (in 5 turns)",
    )
    parser.add_argument("--only", default="", help="comma-separated page names (default: every page)")
    return parser.parse_args()


def pages(season, manche: int, player, compte_rendu: int) -> dict[str, tuple[str, list, tuple]]:
    """Each page: its URL's name, its arguments, and the readers it is for."""
    name = season.name
    return {
        "home": ("home", [], EVERYONE),
        "service worker": ("service_worker", [], EVERYONE),
        "manifest": ("manifest", [], EVERYONE),
        "seasons": ("league:season_list", [], EVERYONE),
        "season": ("league:season_detail", [name], EVERYONE),
        "calendar": ("league:calendar", [name], EVERYONE),
        "results": ("league:results", [name], EVERYONE),
        "manche": ("league:manche_detail", [name, manche], EVERYONE),
        "sheet": ("league:sheet", [name, manche], EVERYONE),
        "share image": ("league:share_image", [name, manche], EVERYONE),
        "comptes-rendus": ("league:cr_list", [name], EVERYONE),
        "compte-rendu": ("league:cr_detail", [name, compte_rendu], EVERYONE),
        "season feed": ("feeds:season", [name], EVERYONE),
        "standings": ("reports:standings", [name], EVERYONE),
        "standings CSV": ("reports:standings_csv", [name], EVERYONE),
        "standings XLSX": ("reports:standings_xlsx", [name], EVERYONE),
        "explanation": ("reports:standings_explanation", [name, player.username], EVERYONE),
        "Ce qu'il me faut": ("reports:projections", [name], EVERYONE),
        "player": ("reports:player", [player.username], EVERYONE),
        "palmarès": ("reports:palmares", [], EVERYONE),
        "ratings": ("reports:ratings", [], EVERYONE),
        "palmarès to print": ("reports:palmares_print", [name], EVERYONE),
        "API": ("reports:api_standings", [name], EVERYONE),
        "join": ("accounts:join", [], (VISITOR,)),
        "join sent": ("accounts:join_sent", [], (VISITOR,)),
        "password reset": ("accounts:password_reset", [], (VISITOR,)),
        "password reset sent": ("accounts:password_reset_done", [], (VISITOR,)),
        "password reset done": ("accounts:password_reset_complete", [], (VISITOR,)),
        "personal feed": ("feeds:personal", [player.calendar_token], (PLAYER,)),
        "profile": ("accounts:profile", [], MEMBERS),
        "email change": ("accounts:email_change", [], MEMBERS),
        "password change": ("accounts:password_change", [], MEMBERS),
        "password changed": ("accounts:password_change_done", [], MEMBERS),
        "members": ("accounts:members", [], MEMBERS),
        "notices": ("league:notices", [], MEMBERS),
        "dashboard": ("league:president_dashboard", [], (PRESIDENT,)),
        "membership": ("accounts:membership", [], (PRESIDENT,)),
        "invitations": ("accounts:invitation_list", [], (PRESIDENT,)),
        "invite": ("accounts:invite", [], (PRESIDENT,)),
        "join requests": ("accounts:join_request_list", [], (PRESIDENT,)),
        "offices": ("accounts:offices", [], (PRESIDENT,)),
        "members' accounts": ("accounts:member_admin", [], (PRESIDENT,)),
        "new season": ("league:season_create", [], (PRESIDENT,)),
        "season form": ("league:season_edit", [name], (PRESIDENT,)),
        "calendar generation": ("league:calendar_generate", [name], (PRESIDENT,)),
        "new manche": ("league:manche_add", [name], (PRESIDENT,)),
        "manche form": ("league:manche_edit", [name, manche], (PRESIDENT,)),
        "sheet board": ("league:sheet_board", [name, manche], (PRESIDENT,)),
        "sheet table": ("league:sheet_table", [name, manche], (PRESIDENT,)),
        "donne correction": ("league:sheet_donne_edit", [name, manche, 1], (PRESIDENT,)),
        "contest": ("league:donne_contest", [name, manche], (PLAYER,)),
        "manche history": ("league:manche_audit", [name, manche], (PRESIDENT,)),
        "accessits": ("league:awards", [name], (PRESIDENT,)),
        "import": ("league:season_import", [], (PRESIDENT,)),
        "export": ("league:season_export", [name], (PRESIDENT,)),
        "current season": ("league:season_current", [], ()),
        "current calendar": ("league:calendar_current", [], ()),
        "current comptes-rendus": ("league:cr_current", [], ()),
        "current feed": ("feeds:current", [], ()),
        "current standings": ("reports:standings_current", [], ()),
        "current Ce qu'il me faut": ("reports:projections_current", [], ()),
    }


@dataclass(frozen=True)
class Later:
    """What :func:`night_and_comptes_rendus_to_come` made: the manche to come's number, the
    number of a manche the player won whose compte-rendu is not written (None: he won fewer
    than two manches) and the pk of his compte-rendu awaiting judgement."""

    planned: int
    to_write: int | None
    to_edit: int | None


def later_pages(season, later: Later | None) -> dict[str, tuple[str, list, tuple]]:
    """The pages measured once :func:`night_and_comptes_rendus_to_come` has made their state
    (``later``: None to list their URLs' names only)."""
    name = season.name
    planned, to_write, to_edit = (later.planned, later.to_write, later.to_edit) if later else (1, 1, 1)
    return {
        "draw": ("league:draw", [name, planned], (PRESIDENT,)),
        "quick results": ("league:quick_results", [name, planned], (PRESIDENT,)),
        "compte-rendu to write": ("league:cr_write", [name, to_write or 1], (PLAYER,) if to_write else ()),
        "compte-rendu to edit": ("league:cr_edit", [name, to_edit or 1], (PLAYER,) if to_edit else ()),
        # Its page lists every malus of its vainqueur, one at each later manche once a deadline passed.
        "manche not written": ("league:manche_detail", [name, to_write or 1], EVERYONE if to_write else ()),
    }


def night_and_comptes_rendus_to_come(season, player, *, now) -> Later:
    """A manche to come after the last, with five seated and one waiting (the last manche's
    table and one more), and two manches ``player`` won made as if he had not written their
    compte-rendu yet: one has none, the other his, posted again and awaiting judgement."""
    from league.models import CompteRendu, Manche, Seat
    from league.services.comptes_rendus import compte_rendu_post
    from league.services.revision import invalidate
    from tests.support.seasons import make_manche, register

    last = Manche.objects.filter(season=season).order_by("-number").first()
    planned = make_manche(season, last.number + 1, starts_at=last.starts_at + timedelta(days=7))
    seated = [
        s.player for s in Seat.objects.filter(manche=last).select_related("player").order_by("position")
    ]
    waiting = (
        Seat.objects.filter(manche__season=season).exclude(player__in=seated).select_related("player")[0]
    )
    register(planned, *seated, waiting.player, now=now)
    won = list(
        Manche.objects.filter(season=season, comptes_rendus__author=player).order_by("number").distinct()[:2]
    )
    if len(won) < 2:
        return Later(planned.number, None, None)
    CompteRendu.objects.filter(manche__in=won).delete()
    invalidate(season)
    edited = compte_rendu_post(
        manche=won[1], author=player, title=f"Manche {won[1].number}", text="Une belle soirée.", now=now
    )
    return Later(planned.number, won[0].number, edited.pk)


#: One manche in so many, the last of the season over, has no compte-rendu (their vainqueurs
#: never wrote one): overdue once their every deadline has passed. The last ones, as at the end
#: of a club's season: a vainqueur who never writes loses 0.5 at every later manche, and one
#: manche in four of the season without (tried at 200 × 40: 400 manches, each followed by some
#: 800) made a season of maluses no club plays.
UNWRITTEN_ONE_IN = 40
#: How long before ``now`` the last manche of the season over was played (its last deadline,
#: the last-manche delay after it, 14 days, has passed).
OVER_SINCE = timedelta(days=30)
#: How far ahead of ``now`` the first planned manche of the season in progress starts.
NEXT_IN = timedelta(hours=12)
#: How many of the season in progress's planned manches, the soonest (two weeks of the
#: generated calendar's one a day), have their registrations open and sign-ups.
OPEN_AHEAD = 14
#: How many of the season in progress's last played manches have no compte-rendu yet (the
#: first planned manche is their next deadline).
NOT_WRITTEN_YET = 2


def _move(season, by: timedelta) -> None:
    """Every date of the season's manches, sign-ups and comptes-rendus moved by ``by``: the
    season is generated from 2030 on, the states measured after it are set around ``now``
    (whose pages compare the manches and deadlines with it)."""
    from django.db.models import F

    from league.models import CompteRendu, Manche, Registration

    Manche.objects.filter(season=season).update(starts_at=F("starts_at") + by, closed_at=F("closed_at") + by)
    Registration.objects.filter(manche__season=season).update(created_at=F("created_at") + by)
    CompteRendu.objects.filter(manche__season=season).update(
        posted_at=F("posted_at") + by, judged_at=F("judged_at") + by
    )


def season_over(season, *, now) -> tuple[str, None]:
    """The season as a month after its last manche, not closed yet: what is not played (the
    manche to come of :func:`night_and_comptes_rendus_to_come`) removed, the last manche
    :data:`OVER_SINCE` before ``now``, and the comptes-rendus of its last manches, one in
    :data:`UNWRITTEN_ONE_IN`, deleted. Every deadline of those has passed: the President's
    inbox lists them overdue. Returns what it made, in words, and no manche to come."""
    from league.models import CompteRendu, Manche
    from league.services.revision import invalidate

    Manche.objects.filter(season=season).exclude(status=Manche.Status.PLAYED).delete()
    last = Manche.objects.filter(season=season).order_by("-starts_at").first()
    _move(season, now - OVER_SINCE - last.starts_at)
    unwritten = Manche.objects.filter(season=season, number__gt=last.number - last.number // UNWRITTEN_ONE_IN)
    CompteRendu.objects.filter(manche__in=unwritten).delete()
    invalidate(season)
    return (
        f"the season over, not closed: its last manche {OVER_SINCE.days} days ago, "
        f"{unwritten.count():,} manches with no compte-rendu (overdue)",
        None,
    )


def season_in_progress(season, *, now) -> tuple[str, int]:
    """The season over of :func:`season_over` made the season in progress: the manches of
    its second half planned (their donnes, seats and comptes-rendus removed), the first
    :data:`NEXT_IN` after ``now``, the :data:`OPEN_AHEAD` soonest open with their sign-ups
    (the table each had, one in three a player short, the first with a sixth waiting), and
    the comptes-rendus of the :data:`NOT_WRITTEN_YET` last played manches deleted (their
    deadline is the next manche's start). Returns what it made, in words, and the number
    of the first manche to come."""
    from league.models import CompteRendu, Donne, Manche, Registration, Seat
    from league.services.revision import invalidate

    manches = Manche.objects.filter(season=season)
    played = manches.count() // 2
    first = manches.get(number=played + 1)
    _move(season, now + NEXT_IN - first.starts_at)
    ahead = manches.filter(number__gt=played)
    opened = list(ahead.order_by("number")[:OPEN_AHEAD])
    tables = {manche.pk: [] for manche in opened}
    for seat in Seat.objects.filter(manche__in=opened).order_by("position"):
        tables[seat.manche_id].append(seat.player_id)
    waiting = Seat.objects.filter(manche__season=season).exclude(player__in=tables[first.pk])[0].player_id
    signed_up = now - timedelta(days=7)
    registrations = []
    for i, manche in enumerate(opened):
        table = tables[manche.pk][: 4 if i % 3 == 1 else 5]
        registrations += [
            Registration(manche=manche, player_id=player, seat=seat, created_at=signed_up)
            for seat, player in enumerate(table, start=1)
        ]
    registrations.append(Registration(manche=first, player_id=waiting, seat=None, created_at=signed_up))
    Registration.objects.bulk_create(registrations)
    # Removed without a history row each (16,000 donnes at 200 × 40): nobody reads them.
    for model in (Donne, Seat):
        model.objects.filter(manche__in=ahead)._raw_delete(model.objects.db)
    CompteRendu.objects.filter(manche__in=ahead).delete()
    CompteRendu.objects.filter(manche__in=manches.filter(number__gt=played - NOT_WRITTEN_YET)).delete()
    ahead.update(status=Manche.Status.PLANNED, closed_at=None, closed_by=None)
    manches.filter(pk__in=[manche.pk for manche in opened]).update(status=Manche.Status.OPEN)
    invalidate(season)
    unwritten = manches.filter(number__lte=played).exclude(comptes_rendus__isnull=False).count()
    return (
        f"the season in progress: {played:,} manches played ({unwritten:,} with no compte-rendu, "
        f"their deadline ahead), {ahead.count():,} to come, the next in {NEXT_IN.seconds // 3600} hours, "
        f"the {len(opened)} soonest open with their sign-ups",
        first.number,
    )


def middle_compte_rendu(season) -> int:
    """The pk of the season's middle compte-rendu (in the order they were made)."""
    from league.models import CompteRendu

    made = CompteRendu.objects.filter(manche__season=season).order_by("pk")
    return made[made.count() // 2].pk


def url_names() -> set[str]:
    """Every named URL of the site but the admin's."""
    from django.urls import URLResolver, get_resolver

    names = set()

    def walk(resolver, namespace):
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern, f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace)
            elif pattern.name:
                names.add(f"{namespace}{pattern.name}")

    walk(get_resolver(), "")
    return {name for name in names if not name.startswith("admin:")}


def report(figures: dict) -> int:
    """Print each page's ratios, the slowest first, those over the target marked; how many are."""
    over = 0
    for name, paired in sorted(figures.items(), key=lambda item: -item[1].wall):
        mark = "  over" if paired.wall > TARGET else ""
        over += bool(mark)
        print(
            f"  {name:40} {paired.wall:7.2f}×  (CPU {paired.cpu:6.2f}×, {paired.seconds * 1000:8.1f} ms){mark}"
        )
    return over


def main() -> None:
    args = parse_args()
    with embedded_site("bench-pages"):
        from django.test import Client
        from django.urls import reverse
        from django.utils import timezone

        from accounts.services.offices import presidency_hand_over
        from league.models import Manche, Seat
        from tests.support.members import make_member

        season = load_bench_season(args, "2030-2031")
        manche = Manche.objects.filter(season=season).count() // 2
        player = Seat.objects.filter(manche__season=season, manche__number=manche)[0].player
        president = make_member("bench-president", display_name="Président")
        presidency_hand_over(by=None, to=president, now=timezone.now())
        outsider = make_member("bench-outsider", display_name="Hors saison")
        readers = {VISITOR: Client(), PLAYER: Client(), OUTSIDER: Client(), PRESIDENT: Client()}
        readers[PLAYER].force_login(player)
        readers[OUTSIDER].force_login(outsider)
        readers[PRESIDENT].force_login(president)

        only = [name for name in args.only.split(",") if name]

        def measurable(listed: dict) -> tuple[dict, dict]:
            """The pages of ``listed`` to measure (``--only``), and those that answer no 200 (refused)."""
            measured = {
                f"{page} · {reader}": (readers[reader], reverse(url, args=arguments))
                for page, (url, arguments, for_whom) in listed.items()
                if not only or page in only
                for reader in for_whom
            }
            refused = {}
            for name, (client, url) in list(measured.items()):
                status = client.get(url).status_code
                if status != 200:
                    refused[name] = status
                    del measured[name]
            return measured, refused

        def ratios(measured: dict) -> tuple[dict, float, float]:
            """Each page against the sign-in page, each request paired with one of the sign-in page
            sent right after it (``Paired``); and the sign-in page's median wall and CPU seconds."""
            figures, (base, base_cpu) = paired_ratios(
                measured, (Client(), reverse("accounts:login")), args.runs
            )
            return figures, base, base_cpu

        def wanted(listed: dict) -> bool:
            return not only or bool(set(only) & set(listed))

        listed = pages(season, manche, player, middle_compte_rendu(season))
        measured, refused = measurable(listed)
        figures, base, base_cpu = ratios(measured)
        later = None
        if wanted(later_pages(season, None)):
            later = night_and_comptes_rendus_to_come(season, player, now=timezone.now())
            measured, refused_later = measurable(later_pages(season, later))
            refused |= refused_later
        else:
            measured = {}
        if measured:
            later_figures, later_base, _cpu = ratios(measured)
            figures |= later_figures
        print(
            f"{season.name}: {args.players} players × {args.manches_per_player} manches each "
            f"({Manche.objects.filter(season=season, status=Manche.Status.PLAYED).count():,} manches); sign-in page "
            f"{base * 1000:.1f} ms (CPU {base_cpu * 1000:.1f} ms); target ≤ {TARGET:g}×"
        )
        if measured:
            print(
                f"  (draw, quick results and comptes-rendus to write or edit measured after, "
                f"sign-in page {later_base * 1000:.1f} ms in their turns)"
            )
        over = report(figures)
        total = len(figures)

        # Every page again, the season over, then in progress (each state made from the one before).
        states = (("over", season_over), ("in progress", season_in_progress))
        if wanted({**listed, **later_pages(season, None)}):
            for short, make in states:
                told, planned = make(season, now=timezone.now())
                listed_now = pages(season, manche, player, middle_compte_rendu(season))
                to_write = later.to_write if later is not None else None
                state_later = later_pages(season, Later(planned or 1, to_write, None))
                if planned is not None:  # the draw and quick results of the manche to come
                    listed_now |= {page: state_later[page] for page in ("draw", "quick results")}
                listed_now["manche not written"] = state_later["manche not written"]
                measured, refused_now = measurable(listed_now)
                refused |= {f"{name} ({short})": status for name, status in refused_now.items()}
                if not measured:
                    continue
                state_figures, state_base, state_cpu = ratios(measured)
                print(
                    f"{told[0].upper()}{told[1:]}; sign-in page {state_base * 1000:.1f} ms "
                    f"(CPU {state_cpu * 1000:.1f} ms) in their turns"
                )
                over += report(state_figures)
                total += len(state_figures)
        print(f"{over} of {total} over the target")
        for name, status in refused.items():
            print(f"NOT MEASURED: {name} answers {status}")
        if later is not None and later.to_write is None:
            print("NOT MEASURED: compte-rendu to write, to edit: the player won fewer than two manches")
        redirects = [page for page, (_u, _a, for_whom) in listed.items() if not for_whom]
        print("Redirects to a season's page, not measured:", ", ".join(redirects))
        listed |= later_pages(season, None)
        missing = url_names() - {url for url, _a, _w in listed.values()} - set(NOT_PAGES)
        for name in sorted(missing):
            print(f"NOT MEASURED: {name} (add it to bench/bench_pages.py, or to NOT_PAGES with the reason)")
        for name, reason in sorted(NOT_PAGES.items()):
            print(f"  not a page: {name}: {reason}")


if __name__ == "__main__":
    main()
