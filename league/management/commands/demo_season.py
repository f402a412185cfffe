"""``python manage.py demo_season [--seed N] [--if-empty]``: load the demo club.

Two seasons played through the interchange format's import and the
registration services (``league.demo.load``), deterministic for a seed.
``make run`` calls it with ``--if-empty`` and shows who to log in as.
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from accounts.models import User
from league.demo import club
from league.demo.load import load_demo


class Command(BaseCommand):
    help = "Crée un club de démonstration (deux saisons jouées) et affiche des identifiants."

    def add_arguments(self, parser):
        parser.add_argument(
            "--seed", type=int, default=club.DEMO_SEED, help="graine du hasard (même graine, même club)"
        )
        parser.add_argument("--if-empty", action="store_true", help="ne rien faire si des membres existent")

    def handle(self, *args, seed, if_empty, **options):
        if User.objects.exists():
            if if_empty:
                self.stdout.write("Des membres existent déjà : rien à charger.")
                self._credentials(only_if_demo=True)
                return
            raise CommandError(
                "Des membres existent déjà : le club de démonstration se charge dans une base vide."
            )
        plan = load_demo(seed=seed, now=timezone.now())
        self.stdout.write(
            self.style.SUCCESS(
                f"Club de démonstration chargé : saisons {plan.closed['season']['name']} (close) "
                f"et {plan.current['season']['name']} (en cours), {len(plan.players)} joueurs."
            )
        )
        self._credentials()

    def _credentials(self, *, only_if_demo: bool = False) -> None:
        accounts = (
            ("Président", club.PRESIDENT),
            ("Capitaine de la prochaine manche", club.DEMO_CAPITAINE),
            ("Joueur qui a un compte-rendu à écrire", club.DEMO_PLAYER),
        )
        for label, username in accounts:
            user = User.objects.filter(username=username).first()
            if only_if_demo and (user is None or not user.check_password(club.DEMO_PASSWORD)):
                continue
            self.stdout.write(self.style.SUCCESS(f"{label} : {username} / {club.DEMO_PASSWORD}"))
