"""Create the club's first President (or hand the office to an existing member)."""

import secrets

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from accounts.models import User
from accounts.roles import current_president
from accounts.services.offices import presidency_hand_over


class Command(BaseCommand):
    help = "Crée le premier Président du club (identifiant, e-mail, nom) et affiche son mot de passe."

    def add_arguments(self, parser):
        parser.add_argument("username", help="identifiant court, ex. ben")
        parser.add_argument("--email", default="")
        parser.add_argument("--name", default="", help="nom affiché")
        parser.add_argument("--password", default="", help="sinon un mot de passe est tiré au sort")

    def handle(self, *args, username, email, name, password, **options):
        if current_president() is not None:
            raise CommandError(
                "Le club a déjà un Président : c'est à lui d'introniser le suivant, sur le site."
            )
        user, created = User.objects.get_or_create(
            username=username, defaults={"email": email, "display_name": name or username}
        )
        password = password or secrets.token_urlsafe(9)
        user.set_password(password)
        user.is_active = True
        user.is_staff = True
        user.save()
        presidency_hand_over(by=None, to=user, now=timezone.now())
        self.stdout.write(self.style.SUCCESS(f"Président : {user.username} / mot de passe : {password}"))
