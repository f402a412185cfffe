"""Club members (and their jeton colour), the club's officers over time, invitations,
join requests and confirmations of a new e-mail address."""

import secrets

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .name_order import by_name


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
    r"^[a-z0-9][a-z0-9_-]{0,29}\Z",
    _("Identifiant court : lettres minuscules, chiffres, « - » ou « _ » (30 au plus)."),
)


class User(AbstractUser):
    """A club member. ``username`` is the short id used everywhere (``ben``, ``fifi``).

    Accounts created by a season import are inactive and have no usable
    password until their owner claims them through an invitation.
    """

    username = models.CharField(_("identifiant"), max_length=30, unique=True, validators=[short_id_validator])
    display_name = models.CharField(_("nom affiché"), max_length=80)
    email = models.EmailField(_("adresse e-mail"), blank=True)
    first_season = models.CharField(
        _("première saison"),
        max_length=40,
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
        ordering = [by_name(), "username"]
        constraints = [
            models.UniqueConstraint(Lower("email"), condition=~Q(email=""), name="unique_nonempty_email")
        ]

    #: What names a member (``str``): what a page that only names him reads of his row.
    NAME_FIELDS = ("username", "display_name")

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
    appointed_by = models.ForeignKey(User, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
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


class Invitation(models.Model):
    """The President's invitation to join (or to claim an imported player's account).

    The emailed link carries a random token; only its hash is stored. The
    link serves once (``used_at``) and not after ``expires_at`` or once
    revoked. ``user`` names the account the invitation opens: an existing
    inactive player (imported from a season, or one who left) when it is a
    claim, otherwise the account created when the invitation is accepted.
    """

    email = models.EmailField(_("adresse e-mail"))
    username = models.CharField(_("identifiant"), max_length=30, validators=[short_id_validator])
    display_name = models.CharField(_("nom affiché"), max_length=80)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("invité par")
    )
    created_at = models.DateTimeField(_("créée le"))
    sent_at = models.DateTimeField(_("envoyée le"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expire le"))
    used_at = models.DateTimeField(_("acceptée le"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("révoquée le"), null=True, blank=True)
    user = models.ForeignKey(
        User,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="invitations",
        verbose_name=_("compte"),
    )
    # True when the invitation hands over an existing player's account
    # (same username, history kept) rather than creating a new one.
    claim = models.BooleanField(_("reprise d'un compte existant"), default=False)
    history = HistoricalRecords(excluded_fields=["token_hash"])

    class Status(models.TextChoices):
        PENDING = "pending", _("En attente")
        ACCEPTED = "accepted", _("Acceptée")
        REVOKED = "revoked", _("Révoquée")
        EXPIRED = "expired", _("Expirée")

    class Meta:
        verbose_name = _("invitation")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.display_name} <{self.email}>"

    def status(self, now) -> "Invitation.Status":
        if self.used_at:
            return self.Status.ACCEPTED
        if self.revoked_at:
            return self.Status.REVOKED
        if self.expires_at <= now:
            return self.Status.EXPIRED
        return self.Status.PENDING

    def is_usable(self, now) -> bool:
        return self.status(now) == self.Status.PENDING


class JoinRequest(models.Model):
    """A visitor's request to join the club, waiting for the President's decision.

    ``approved`` is empty while the request waits, then True or False.
    Approving it sends the requester an invitation (``invitation``).
    """

    name = models.CharField(_("nom"), max_length=80)
    email = models.EmailField(_("adresse e-mail"))
    message = models.TextField(_("message"), blank=True, max_length=2000)
    created_at = models.DateTimeField(_("reçue le"))
    decided_at = models.DateTimeField(_("décidée le"), null=True, blank=True)
    decided_by = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("décidée par")
    )
    approved = models.BooleanField(_("acceptée"), null=True, blank=True)
    invitation = models.ForeignKey(
        Invitation, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("demande d'adhésion")
        verbose_name_plural = _("demandes d'adhésion")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"

    @property
    def is_pending(self) -> bool:
        return self.decided_at is None


class EmailChange(models.Model):
    """A member's new address, applied only once he opens the link sent to it."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="email_changes")
    new_email = models.EmailField(_("nouvelle adresse"))
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(_("demandé le"))
    expires_at = models.DateTimeField(_("expire le"))
    confirmed_at = models.DateTimeField(_("confirmé le"), null=True, blank=True)
    cancelled_at = models.DateTimeField(_("annulé le"), null=True, blank=True)
    history = HistoricalRecords(excluded_fields=["token_hash"])

    class Meta:
        verbose_name = _("changement d'adresse")
        verbose_name_plural = _("changements d'adresse")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user} → {self.new_email}"

    def is_usable(self, now) -> bool:
        return self.confirmed_at is None and self.cancelled_at is None and self.expires_at > now


class OutboxEmail(models.Model):
    """One email the site sends, stored in the sender's transaction and sent by a worker (``accounts.outbox``).

    Rendered when queued (subject, text and HTML), so a retry or a later
    recovery sends exactly the same message. A delivery first takes a short
    lease on the row (``sending_until``, one conditional UPDATE), so two
    deliveries of one email never send it both, on PostgreSQL or SQLite;
    ``sent_at`` is set once it went. ``key``, when given, names a message
    that may exist only once (a league notification).
    """

    key = models.CharField(max_length=200, unique=True, null=True, blank=True)
    to = models.JSONField(_("destinataires"), default=list)
    reply_to = models.JSONField(default=list, blank=True)
    subject = models.CharField(_("objet"), max_length=200)
    text = models.TextField()
    html = models.TextField(blank=True)
    created_at = models.DateTimeField(_("créé le"))
    # When it was last handed to the broker: a row still unsent a while
    # after it was queued lost its task and is queued again.
    queued_at = models.DateTimeField()
    sent_at = models.DateTimeField(_("envoyé le"), null=True, blank=True)
    # A delivery under way holds the row until then (a worker killed while
    # sending lets it go when the lease lapses).
    sending_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)

    class Meta:
        verbose_name = _("e-mail à envoyer")
        verbose_name_plural = _("e-mails à envoyer")
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["queued_at"], condition=Q(sent_at__isnull=True), name="outbox_unsent_by_queued_at"
            )
        ]

    def __str__(self) -> str:
        return self.subject


class FailedLogin(models.Model):
    """One wrong password for a username, from anywhere: the per-account cap counts them (``accounts.login_guard``)."""

    username = models.CharField(max_length=150)
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["username", "at"]), models.Index(fields=["at"])]

    def __str__(self) -> str:
        return f"{self.username} @ {self.at:%Y-%m-%d %H:%M}"


class LoginAddress(models.Model):
    """An address a member signed in from: a keyed hash of it (never the address), and when last."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    digest = models.CharField(max_length=64)
    last_success_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "digest"], name="unique_login_address")]

    def __str__(self) -> str:
        return f"{self.user} · {self.digest[:8]}…"
