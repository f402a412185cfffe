"""``python manage.py export_season NAME [-o FILE.json]``: write a season document.

The document holds the season's facts and everything the rules engine
computes from them (as of now); it is written in the format's canonical
form, so exporting what was imported gives the same bytes.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from league import rules
from league.models import Season
from league.services.transfer import dump, export_season


class Command(BaseCommand):
    help = "Exporte une saison au format d'échange (JSON), calculs du moteur compris."

    def add_arguments(self, parser):
        parser.add_argument("name", help="le nom de la saison, par exemple 2011-2012")
        parser.add_argument("-o", "--output", help="fichier à écrire (par défaut : la sortie standard)")

    def handle(self, *args, name, output, **options):
        season = Season.objects.filter(name=name).first()
        if season is None:
            raise CommandError(f"season.name: no season named {name}")
        try:
            text = dump(export_season(season=season, now=timezone.now()))
        except rules.InvalidInput as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise CommandError(f"{name}: the season's data is not a valid season") from None
        if output and output != "-":
            Path(output).write_text(text, encoding="utf-8")
            self.stderr.write(self.style.SUCCESS(f"Saison {name} exportée dans {output}."))
        else:
            self.stdout.write(text, ending="")
