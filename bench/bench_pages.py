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

Each figure is the median of ``--runs`` requests sent in five turns over
every page, after one unmeasured request, as a ratio to the sign-in page's
median in the same turns (target: ≤ 3× with these defaults, ≤ 2× under the
production settings, ``bench_load.py``), the CPU time of this process beside
it. Pages over the target are marked, and the site's URLs that no reader
can open with a plain ``GET`` (a form's action, a link from an email) are
listed at the end with the reason they are not measured: a new page shows
up there until it is measured.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import embedded_site, load_bench_season, warm_medians  # noqa: E402

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
    parser.add_argument("--runs", type=int, default=15, help="requests per page and reader (in 5 turns)")
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
        "compte-rendu to write": ("league:cr_write", [name, manche], (PRESIDENT,)),
        "compte-rendu to edit": ("league:cr_edit", [name, compte_rendu], (PRESIDENT,)),
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
        "draw": ("league:draw", [name, manche], (PRESIDENT,)),
        "quick results": ("league:quick_results", [name, manche], (PRESIDENT,)),
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


def main() -> None:
    args = parse_args()
    with embedded_site("bench-pages"):
        from django.test import Client
        from django.urls import reverse
        from django.utils import timezone

        from accounts.services.offices import presidency_hand_over
        from league.models import CompteRendu, Manche, Seat
        from tests.support.members import make_member

        season = load_bench_season(args, "2030-2031")
        manche = Manche.objects.filter(season=season).count() // 2
        player = Seat.objects.filter(manche__season=season, manche__number=manche)[0].player
        president = make_member("bench-president", display_name="Président")
        presidency_hand_over(by=None, to=president, now=timezone.now())
        outsider = make_member("bench-outsider", display_name="Hors saison")
        middle = CompteRendu.objects.filter(manche__season=season).order_by("pk")
        compte_rendu = middle[middle.count() // 2].pk
        readers = {VISITOR: Client(), PLAYER: Client(), OUTSIDER: Client(), PRESIDENT: Client()}
        readers[PLAYER].force_login(player)
        readers[OUTSIDER].force_login(outsider)
        readers[PRESIDENT].force_login(president)

        listed = pages(season, manche, player, compte_rendu)
        only = [name for name in args.only.split(",") if name]
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
        sign_in = "sign-in page"
        figures = warm_medians({sign_in: (Client(), reverse("accounts:login")), **measured}, args.runs)
        base, base_cpu = figures.pop(sign_in)
        print(
            f"{season.name}: {args.players} players × {args.manches_per_player} manches each "
            f"({Manche.objects.filter(season=season).count():,} manches); sign-in page "
            f"{base * 1000:.1f} ms (CPU {base_cpu * 1000:.1f} ms); target ≤ {TARGET:g}×"
        )
        over = 0
        for name, (wall, cpu) in sorted(figures.items(), key=lambda item: -item[1][0]):
            mark = "  over" if wall / base > TARGET else ""
            over += bool(mark)
            print(
                f"  {name:40} {wall / base:7.2f}×  (CPU {cpu / base_cpu:6.2f}×, {wall * 1000:8.1f} ms){mark}"
            )
        print(f"{over} of {len(figures)} over the target")
        for name, status in refused.items():
            print(f"NOT MEASURED: {name} answers {status}")
        redirects = [page for page, (_u, _a, for_whom) in listed.items() if not for_whom]
        print("Redirects to a season's page, not measured:", ", ".join(redirects))
        missing = url_names() - {url for url, _a, _w in listed.values()} - set(NOT_PAGES)
        for name in sorted(missing):
            print(f"NOT MEASURED: {name} (add it to bench/bench_pages.py, or to NOT_PAGES with the reason)")
        for name, reason in sorted(NOT_PAGES.items()):
            print(f"  not a page: {name}: {reason}")


if __name__ == "__main__":
    main()
