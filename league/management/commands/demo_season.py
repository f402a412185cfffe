"""Load the demo club into an empty database (``--if-empty``) and print its credentials."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from accounts.models import User
from accounts.services import presidency_hand_over


class Command(BaseCommand):
    help = "Crée un club de démonstration et affiche les identifiants du Président."

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true", help="ne rien faire si des membres existent")

    def handle(self, *args, if_empty, **options):
        if if_empty and User.objects.exists():
            self.stdout.write("Des membres existent déjà : rien à charger.")
            return
        president = User.objects.create_user(
            username="ben", password="tarot-biere", email="ben@example.org", display_name="Benoît", is_staff=True
        )
        presidency_hand_over(by=None, to=president, now=timezone.now())
        self.stdout.write(self.style.SUCCESS("Président de démonstration : ben / tarot-biere"))
