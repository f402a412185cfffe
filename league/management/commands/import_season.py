"""``python manage.py import_season FILE.json [--replace] [--max-manches N]``: load a season document.

All or nothing: on any problem, every one is printed as ``path: message``,
the command exits non-zero and the database is unchanged.

The operator's tool answers no web request, so it reads a document of any
size and any number of manches (the President's upload stops at
``league.limits.UPLOAD_IMPORT``); ``--max-manches`` sets a limit. It serves
no page either: with a cache private to its process it leaves the season's
recomputation to the site's processes (``revision_cache.serving_no_pages``).
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from league import revision_cache
from league.limits import SeasonImportLimits
from league.services.transfer import ImportRefused, import_checked


class Command(BaseCommand):
    help = "Importe une saison au format d'échange (JSON) ; tout ou rien."

    def add_arguments(self, parser):
        parser.add_argument("file", help="le document JSON de la saison (« - » : l'entrée standard)")
        parser.add_argument(
            "--replace", action="store_true", help="remplacer la saison de même nom si elle existe"
        )
        parser.add_argument(
            "--max-manches",
            type=int,
            metavar="N",
            help="refuser une saison de plus de N manches (par défaut : aucune limite)",
        )

    def handle(self, *args, file, replace, max_manches, **options):
        if file == "-":
            import sys

            raw = sys.stdin.buffer.read()
        else:
            try:
                raw = Path(file).read_bytes()
            except OSError as exc:
                raise CommandError(f"{file}: {exc.strerror}") from exc
        try:
            with revision_cache.serving_no_pages():
                summary = import_checked(
                    document=raw,
                    replace=replace,
                    now=timezone.now(),
                    limits=SeasonImportLimits(manches=max_manches),
                )
        except ImportRefused as exc:
            for line in exc.lines():
                self.stderr.write(line)
            raise CommandError(
                f"{file}: {len(exc.problems)} problem(s), nothing imported", returncode=1
            ) from None
        self.stdout.write(
            self.style.SUCCESS(
                f"Saison {summary.name} importée"
                f"{' (remplacée)' if summary.exists else ''} : "
                f"{summary.manches} manches ({summary.manches_played} jouées), {summary.donnes} donnes, "
                f"{summary.comptes_rendus} comptes-rendus, {len(summary.players_new)} joueurs créés."
            )
        )
        for note in summary.first_seasons:
            self.stdout.write(
                f"players: {note.player}: le fichier déclare une première saison {note.declared}, "
                f"le site garde {note.kept} (la plus ancienne connue)."
            )
