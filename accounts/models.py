"""Club members and the club's officers over time."""

import secrets

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class JetonColour(models.TextChoices):
    """The five boxes of jetons; the draw at the table hands one to each seat."""

    WHITE = "white", _("Blanc")
    YELLOW = "yellow", _("Jaune")
    RED = "red", _("Rouge")
    BLUE = "blue", _("Bleu")
    GREEN = "green", _("Vert")


def new_calendar_token() -> str:
    return secrets.token_urlsafe(24)


short_id_validator = RegexValidator(
    r"^[a-z0-9][a-z0-9_-]{0,29}$",
    _("Identifiant court : lettres minuscules, chiffres, « - » ou « _ » (30 au plus)."),
)


class User(AbstractUser):
    """A club member. ``username`` is the short id used everywhere (``ben``, ``fifi``).

    Accounts created by a season import are inactive and have no usable
    password until their owner claims them through an invitation.
    """

    username = models.CharField(
        _("identifiant"), max_length=30, unique=True, validators=[short_id_validator]
    )
    display_name = models.CharField(_("nom affiché"), max_length=80)
    email = models.EmailField(_("adresse e-mail"), blank=True)
    first_season = models.CharField(
        _("première saison"),
        max_length=9,
        blank=True,
        help_text=_("Laisser vide : déduite de la première saison jouée."),
    )
    jeton_colour = models.CharField(
        _("couleur de jetons préférée"), max_length=10, choices=JetonColour.choices, blank=True
    )
    avatar = models.ImageField(_("photo"), upload_to="avatars/", blank=True)
    notify_reminders = models.BooleanField(_("rappels avant les manches"), default=True)
    notify_deadlines = models.BooleanField(_("échéances de compte-rendu"), default=True)
    notify_results = models.BooleanField(_("résultats des manches"), default=True)
    notify_comptes_rendus = models.BooleanField(_("nouveaux comptes-rendus"), default=True)
    calendar_token = models.CharField(max_length=64, unique=True, default=new_calendar_token)

    objects = UserManager()
    history = HistoricalRecords(excluded_fields=["password", "last_login"])

    REQUIRED_FIELDS = ["email", "display_name"]

    class Meta:
        verbose_name = _("membre")
        verbose_name_plural = _("membres")
        ordering = ["display_name", "username"]
        constraints = [
            models.UniqueConstraint(
                Lower("email"), condition=~Q(email=""), name="unique_nonempty_email"
            )
        ]

    def __str__(self) -> str:
        return self.display_name or self.username

    def save(self, *args, **kwargs):
        if not self.display_name:
            self.display_name = self.username
        self.email = self.email.strip()
        super().save(*args, **kwargs)


class Mandate(models.Model):
    """A President's or Vice-President's term; the current one has no end.

    Kept as history (rather than a flag on the user) so the palmarès can say
    who presided over what, and the intronisation is a recorded event.
    """

    class Role(models.TextChoices):
        PRESIDENT = "president", _("Président")
        VICE_PRESIDENT = "vice_president", _("Vice-Président")

    user = models.ForeignKey(User, on_delete=models.PROTECT, related_name="mandates")
    role = models.CharField(max_length=20, choices=Role.choices)
    started_at = models.DateTimeField(_("début"))
    ended_at = models.DateTimeField(_("fin"), null=True, blank=True)
    appointed_by = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["role"], condition=Q(ended_at__isnull=True), name="one_current_per_role"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()} {self.user}"
