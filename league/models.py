"""The championship's data: seasons, manches, who sat where, what was played and written.

Models hold data and the invariants the database can enforce. Every number
the site shows (donne scores, rankings, bonuses, standings) is computed by the
rules engine (``league.rules``) from these rows, never stored: a missed task
or a forgotten update cannot leave a wrong total behind.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from accounts.models import JetonColour

from . import rules
from .markdown import render_markdown, shown_text

User = settings.AUTH_USER_MODEL


def save_keeping_counters(instance, counters: tuple[str, ...], args, kwargs) -> None:
    """Save ``instance`` without writing its concurrency counters back.

    A counter (the season's revision, the sheet's version) only ever moves by
    a conditional UPDATE; a full ``save()`` of an object loaded before that
    update would otherwise put the old number back and defeat it.
    """
    if not instance._state.adding and kwargs.get("update_fields") is None and not kwargs.get("force_insert"):
        kwargs["update_fields"] = [
            f.name for f in instance._meta.concrete_fields if not f.primary_key and f.name not in counters
        ]
    models.Model.save(instance, *args, **kwargs)


class Season(models.Model):
    class Family(models.TextChoices):
        TAROT_BIERE = "tarot-biere", _("Tarot-Bière")
        FFT = "fft", _("FFT")

    class State(models.TextChoices):
        PREPARATION = "preparation", _("En préparation")
        OPEN = "open", _("En cours")
        # "Close" alone is also Django's own msgid for the verb ("Fermer"): a context keeps them apart.
        CLOSED = "closed", pgettext_lazy("season state", "Close")

    name = models.CharField(_("nom"), max_length=40, unique=True, help_text=_("Par exemple 2011-2012."))
    family = models.CharField(_("règles"), max_length=20, choices=Family.choices, default=Family.TAROT_BIERE)
    params = models.JSONField(
        _("paramètres"),
        default=dict,
        blank=True,
        help_text=_("Seules les valeurs qui diffèrent des valeurs par défaut de la saison."),
    )
    president = models.ForeignKey(
        User, verbose_name=_("Président"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    vice_president = models.ForeignKey(
        User,
        verbose_name=_("Vice-Président"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    state = models.CharField(_("état"), max_length=20, choices=State.choices, default=State.PREPARATION)
    closed_at = models.DateTimeField(_("close le"), null=True, blank=True)
    default_location = models.CharField(_("lieu habituel"), max_length=120, blank=True)
    contest_hours = models.PositiveSmallIntegerField(
        _("délai de contestation (heures)"),
        default=48,
        help_text=_(
            "Après la clôture d'une manche, un joueur de la table peut contester une donne pendant ce délai."
        ),
    )
    # Bumped by every write that changes what the engine computes, so cached
    # standings are keyed by it and never served stale.
    revision = models.PositiveBigIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("saison")
        ordering = ["-name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        save_keeping_counters(self, ("revision",), args, kwargs)

    def get_absolute_url(self) -> str:
        return reverse("league:season_detail", args=[self.name])

    @property
    def is_closed(self) -> bool:
        return self.state == self.State.CLOSED

    @property
    def in_preparation(self) -> bool:
        """Not open yet: no manche played, so no classification to show."""
        return self.state == self.State.PREPARATION

    def ruleset(self) -> "rules.RuleSet":
        return rules.ruleset_for(self.family, self.name, self.params or {})


class Manche(models.Model):
    """One game night at one table of five (or four plus an absent player)."""

    class Status(models.TextChoices):
        PLANNED = "planned", _("Prévue")
        OPEN = "open", _("Inscriptions ouvertes")
        PLAYED = "played", _("Jouée")
        CANCELLED = "cancelled", _("Annulée")

    #: The states of a manche still to be played: its sign-ups and its date may change.
    TO_PLAY = (Status.PLANNED, Status.OPEN)

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="manches")
    number = models.PositiveIntegerField(_("numéro"))
    starts_at = models.DateTimeField(_("début"))
    location = models.CharField(_("lieu"), max_length=120, blank=True)
    is_extra = models.BooleanField(_("manche supplémentaire"), default=False)
    capitaine = models.ForeignKey(
        User,
        verbose_name=_("capitaine de soirée"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    status = models.CharField(_("état"), max_length=20, choices=Status.choices, default=Status.PLANNED)
    absent = models.ForeignKey(
        User,
        verbose_name=_("absent (jeu à 4)"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Désistement de dernière minute non remplacé : la manche se joue à 4."),
    )
    # The President's explicit final order for tied scores (list of player ids).
    order = models.JSONField(_("ordre décidé"), null=True, blank=True)
    cancelled_reason = models.CharField(_("motif d'annulation"), max_length=200, blank=True)
    closed_at = models.DateTimeField(_("clôturée le"), null=True, blank=True)
    closed_by = models.ForeignKey(
        User,
        verbose_name=_("clôturée par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # Optimistic lock of the score sheet: every sheet write must name the
    # version it saw; a stale one is refused instead of overwriting.
    sheet_version = models.PositiveIntegerField(default=0)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("manche")
        ordering = ["season", "starts_at", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="unique_manche_number"),
        ]
        indexes = [
            # A page of the season's manches in date order reads its 20 rows from here
            # instead of sorting the whole season (2.8 ms → 0.1 ms at 1,600 manches).
            models.Index(fields=["season", "starts_at", "number"], name="manche_in_date_order"),
            # The next manches to play (the home page's, the desk's, the reminders') are found
            # without passing over the played ones: those dated after now (an imported season's,
            # a manche played early) were read one by one, 1,600 of them in 0.8 ms.
            models.Index(
                fields=["season", "starts_at", "number"],
                condition=models.Q(status__in=["planned", "open"]),
                name="manche_to_play",
            ),
        ]

    def __str__(self) -> str:
        return _("Manche %(number)s (%(season)s)") % {"number": self.number, "season": self.season}

    def save(self, *args, **kwargs):
        save_keeping_counters(self, ("sheet_version",), args, kwargs)

    def get_absolute_url(self) -> str:
        return reverse("league:manche_detail", args=[self.season.name, self.number])

    @property
    def is_played(self) -> bool:
        return self.status == self.Status.PLAYED

    @property
    def is_cancelled(self) -> bool:
        return self.status == self.Status.CANCELLED

    @property
    def takes_registrations(self) -> bool:
        """Still to be played in a season not closed: its sign-ups may change. A closed season's
        manches take none (closing it cancels those left to play; an older one may still hold some)."""
        return self.status in self.TO_PLAY and not self.season.is_closed


class Registration(models.Model):
    """A sign-up ("Sélections"). Seated players hold seat 1..5; others wait in sign-up order.

    The seat number, unique per manche and checked to be 1..5, is what lets the
    database itself refuse a sixth seated player, even when two players take
    the last seat at the same instant.
    """

    manche = models.ForeignKey(Manche, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(User, on_delete=models.PROTECT, related_name="registrations")
    seat = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    created_at = models.DateTimeField(_("inscrit le"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("inscription")
        ordering = ["manche", "seat", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["manche", "player"], name="one_registration_per_player"),
            models.UniqueConstraint(fields=["manche", "seat"], name="one_player_per_seat"),
            models.CheckConstraint(
                condition=Q(seat__isnull=True) | Q(seat__gte=1, seat__lte=5), name="five_seats"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.manche}"

    @property
    def is_waiting(self) -> bool:
        return self.seat is None


class Seat(models.Model):
    """The table as played: seats in playing order and each player's jetons colour."""

    manche = models.ForeignKey(Manche, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(User, verbose_name=_("joueur"), on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField(_("place"))
    jeton_colour = models.CharField(
        _("couleur des jetons"), max_length=10, choices=JetonColour.choices, blank=True
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["manche", "position"]
        constraints = [
            models.UniqueConstraint(fields=["manche", "position"], name="unique_seat_position"),
            models.UniqueConstraint(fields=["manche", "player"], name="unique_seat_player"),
        ]

    def __str__(self) -> str:
        return f"{self.position + 1}. {self.player}"


class Donne(models.Model):
    """One line of the feuille de marque, as entered; its scores come from the engine."""

    class Kind(models.TextChoices):
        CONTRACT = "contract", _("Contrat")
        MISERE = "misere", _("Jeu de la misère")

    class Contract(models.TextChoices):
        POUCE = "pouce", _("Pouce / prise")
        GARDE = "garde", _("Garde")
        GARDE_SANS = "garde_sans", _("Garde sans")
        GARDE_CONTRE = "garde_contre", _("Garde contre")

    class PetitAuBout(models.TextChoices):
        ATTACK = "attack", _("Attaque")
        DEFENSE = "defense", _("Défense")

    class Chelem(models.TextChoices):
        ANNOUNCED_MADE = "announced_made", _("Annoncé et réalisé")
        MADE = "made", _("Réalisé sans annonce")
        ANNOUNCED_FAILED = "announced_failed", _("Annoncé et chuté")
        DEFENSE = "defense", _("Chelem de la défense")

    manche = models.ForeignKey(Manche, on_delete=models.CASCADE, related_name="donnes")
    index = models.PositiveIntegerField(_("rang"))
    kind = models.CharField(_("type de donne"), max_length=10, choices=Kind.choices, default=Kind.CONTRACT)
    dealer = models.ForeignKey(
        User, verbose_name=_("donneur"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    taker = models.ForeignKey(
        User, verbose_name=_("preneur"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    contract = models.CharField(_("contrat"), max_length=20, choices=Contract.choices, blank=True)
    partner = models.ForeignKey(
        User, verbose_name=_("appelé"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    bouts = models.PositiveSmallIntegerField(_("bouts"), null=True, blank=True)
    points = models.DecimalField(_("points"), max_digits=4, decimal_places=1, null=True, blank=True)
    petit_au_bout = models.CharField(
        _("petit au bout"), max_length=10, choices=PetitAuBout.choices, blank=True
    )
    chelem = models.CharField(_("chelem"), max_length=20, choices=Chelem.choices, blank=True)
    # Small lists kept in the interchange format's own shape (player ids):
    # [{"player", "level"}], [{"player", "kind", "valid"}], [{"player", "amount", "reason"}]
    poignees = models.JSONField(_("poignées"), default=list, blank=True)
    miseres = models.JSONField(_("misères"), default=list, blank=True)
    penalties = models.JSONField(_("pénalités"), default=list, blank=True)
    # The misère game: {"player id": card points}.
    misere_points = models.JSONField(_("points de la misère"), null=True, blank=True)
    # The id the entering phone gave the donne before sending it: a resend of
    # the same donne (double tap, retry after a lost answer) finds this row
    # instead of adding a second one.
    client_id = models.UUIDField(_("identifiant de saisie"), null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("donne")
        ordering = ["manche", "index"]
        constraints = [
            models.UniqueConstraint(fields=["manche", "index"], name="unique_donne_index"),
            models.UniqueConstraint(fields=["manche", "client_id"], name="unique_donne_client_id"),
        ]

    def __str__(self) -> str:
        return _("Donne %(index)s") % {"index": self.index}


class SheetConflict(models.Model):
    """A phone's donnes, entered offline, met a sheet another device had changed: what the capitaine chose.

    Kept for the manche's audit history: the phone's donnes as they were
    typed (``donnes``: the form fields of each, in order), the versions
    between which the conflict arose, and the choice (keep both, or keep the
    site's version and drop the phone's donnes).
    """

    class Choice(models.TextChoices):
        BOTH = "both", _("les deux gardées (celles du téléphone ajoutées à la suite)")
        SITE = "site", _("la version du site gardée (celles du téléphone abandonnées)")

    manche = models.ForeignKey(Manche, on_delete=models.CASCADE, related_name="sheet_conflicts")
    choice = models.CharField(_("choix"), max_length=10, choices=Choice.choices)
    donnes = models.JSONField(_("donnes du téléphone"), default=list)
    seen_version = models.PositiveIntegerField(_("version vue par le téléphone"))
    sheet_version = models.PositiveIntegerField(_("version du site"))
    decided_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")
    decided_at = models.DateTimeField(_("décidé le"))

    class Meta:
        verbose_name = _("conflit de saisie")
        ordering = ["manche", "decided_at"]

    def __str__(self) -> str:
        return _("Conflit de saisie du %(when)s") % {"when": self.decided_at}


class SheetSignature(models.Model):
    """A player of the table confirmed the closed sheet: from his phone, or the capitaine for the table."""

    manche = models.ForeignKey(Manche, on_delete=models.CASCADE, related_name="signatures")
    player = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    signed_at = models.DateTimeField(_("validée le"))
    at_table = models.BooleanField(_("signée à la table"), default=False)
    recorded_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")

    class Meta:
        verbose_name = _("validation de la feuille")
        constraints = [models.UniqueConstraint(fields=["manche", "player"], name="one_signature_per_player")]

    def __str__(self) -> str:
        return f"{self.player} · {self.manche}"


class DonneContest(models.Model):
    """A player of the table contests a donne after the close; the President rules (kept in the history)."""

    class Ruling(models.TextChoices):
        OPEN = "", _("en attente de la décision du Président")
        UPHELD = "upheld", _("donne maintenue")
        CORRECTED = "corrected", _("donne corrigée")

    manche = models.ForeignKey(Manche, on_delete=models.CASCADE, related_name="contests")
    donne_index = models.PositiveIntegerField(_("donne"))
    player = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField(_("motif"), max_length=1000)
    created_at = models.DateTimeField(_("contestée le"))
    ruling = models.CharField(_("décision"), max_length=10, choices=Ruling.choices, blank=True)
    ruling_note = models.TextField(_("explication du Président"), max_length=1000, blank=True)
    ruled_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    ruled_at = models.DateTimeField(_("décidée le"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("contestation")
        ordering = ["manche", "created_at"]

    def __str__(self) -> str:
        return _("Contestation de la donne %(n)s") % {"n": self.donne_index}


class QuickResult(models.Model):
    """A player's final line of a manche whose sheet was kept on paper."""

    manche = models.ForeignKey(Manche, on_delete=models.CASCADE, related_name="quick_results")
    player = models.ForeignKey(User, verbose_name=_("joueur"), on_delete=models.PROTECT, related_name="+")
    score = models.IntegerField(_("score"))
    prises = models.PositiveSmallIntegerField(_("prises"), default=0)
    bouts = models.PositiveSmallIntegerField(_("bouts"), default=0)
    prises_won = models.PositiveSmallIntegerField(_("prises gagnées"), default=0)
    history = HistoricalRecords()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["manche", "player"], name="unique_quick_result")]

    def __str__(self) -> str:
        return f"{self.player} {self.score:+d}"


class RenderedMarkdown(models.Model):
    """A member's Markdown ``text`` and its sanitised HTML, rendered once when the text is saved.

    Readers get the stored ``html``: no page waits for Markdown, and a text
    that renders badly hurts its author's preview, never every reader.
    (Bulk writes, the import's, set ``html`` themselves.)
    """

    html = models.TextField(editable=False, default="")

    class Meta:
        abstract = True

    #: The fields the shown HTML is made from.
    rendered_from = ("text",)

    def save(self, *args, **kwargs):
        update_fields = kwargs.get("update_fields")
        if update_fields is None or set(self.rendered_from) & set(update_fields):
            self.html = render_markdown(self.shown_markdown())
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "html"}
        super().save(*args, **kwargs)

    def shown_markdown(self) -> str:
        """The Markdown the page shows (all of ``text`` unless a subclass says otherwise)."""
        return self.text


class CompteRendu(RenderedMarkdown):
    class Status(models.TextChoices):
        PENDING = "pending", _("En attente")
        ACCEPTED = "accepted", _("Accepté")
        REJECTED = "rejected", _("Non conforme")

    manche = models.ForeignKey(Manche, on_delete=models.CASCADE, related_name="comptes_rendus")
    author = models.ForeignKey(User, on_delete=models.PROTECT, related_name="comptes_rendus")
    title = models.CharField(_("titre"), max_length=200, blank=True)
    text = models.TextField(_("texte (Markdown)"))
    posted_at = models.DateTimeField(_("posté le"))
    status = models.CharField(_("état"), max_length=10, choices=Status.choices, default=Status.PENDING)
    judged_at = models.DateTimeField(null=True, blank=True)
    judged_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    rejected_at = models.DateTimeField(_("rejeté le"), null=True, blank=True)
    reason = models.TextField(_("motif"), blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("compte-rendu")
        verbose_name_plural = _("comptes-rendus")
        ordering = ["-posted_at"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="rejected") | Q(rejected_at__isnull=False), name="rejected_has_time"
            )
        ]

    rendered_from = ("text", "title")

    def __str__(self) -> str:
        return self.title or _("Compte-rendu de %(author)s") % {"author": self.author}

    def shown_markdown(self) -> str:
        """Without the opening heading when, lacking a title, that heading is shown as the title."""
        return shown_text(self.title, self.text)


class Comment(RenderedMarkdown):
    compte_rendu = models.ForeignKey(CompteRendu, on_delete=models.CASCADE, related_name="comments")
    author = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    text = models.TextField(_("commentaire"), max_length=4000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return self.text[:60]


class Award(models.Model):
    """A trophy the President awards himself (the computed ones come from the engine)."""

    class Kind(models.TextChoices):
        FAIR_PLAY = "fair_play", _("Prix du Fair-Play")
        MANQUE_DE_BOL = "manque_de_bol", _("Prix du Manque de bol")
        TRUFFE = "truffe", _("Trophée de la Truffe")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="awards")
    award = models.CharField(max_length=20, choices=Kind.choices)
    player = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    citation = models.TextField(_("citation"), blank=True)
    history = HistoricalRecords()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "award", "player"], name="unique_award")]

    def __str__(self) -> str:
        return f"{self.get_award_display()} · {self.player}"


class SentNotification(models.Model):
    """A notification claimed before it is sent: the unique key makes every notice go out once.

    The sweep inserts the row in a transaction and sends only if the insert
    won; a second sweep, concurrent or late, finds the key taken. Its email,
    if the member wants one, is the outbox row of the same key
    (``accounts.OutboxEmail``).
    """

    key = models.CharField(max_length=200, unique=True)
    recipient = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    claimed_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.key


class SiteNotice(models.Model):
    """A message shown to a member on the site (the on-site half of a notification)."""

    recipient = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notices")
    #: In the club's language; ``texts`` holds it in every language of the site.
    text = models.CharField(max_length=500)
    texts = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.text[:60]

    def shown_text(self) -> str:
        """The notice in the reader's language (a notice left before there were others: the club's)."""
        return self.texts.get(get_language(), self.text)
