"""The accounts' forms: the profile (and its re-encoded photo), invitations, join requests,
accepting an invitation, changing one's address, the offices, the throttled password reset;
and ``add_service_errors``, which puts a service's refusal next to the right field."""

import io
import math

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, SetPasswordForm
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile, UploadedFile
from django.template.defaultfilters import filesizeformat
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from PIL import Image, ImageOps

from .client_address import client_address
from .email_throttle import may_send
from .emails import plain_text
from .models import User, short_id_validator
from .services.outbox import queue_email

# A phone photo is a few megabytes; more is a mistake, not a portrait.
AVATAR_MAX_BYTES = getattr(settings, "AVATAR_MAX_BYTES", 3 * 1024 * 1024)
AVATAR_FORMATS = {"JPEG", "PNG", "WEBP", "GIF"}
# Larger than any phone's default photo (4032 × 3024), small enough to decode safely.
AVATAR_MAX_PIXELS = 4096
# What is stored: a portrait never shown larger than this.
AVATAR_STORED_SIDE = 512


def reencoded_avatar(upload: UploadedFile) -> SimpleUploadedFile:
    """The photo drawn afresh: its pixels only, turned upright, at most 512 px a side, as JPEG or PNG.

    Nothing of the uploaded file is kept: no EXIF (GPS position, camera), no
    comment, no bytes appended after the image (a GIF carrying a script).
    """
    upload.seek(0)
    with Image.open(upload) as original:
        original.seek(0)  # the first frame of an animation
        image = ImageOps.exif_transpose(original)
        image.thumbnail((AVATAR_STORED_SIDE, AVATAR_STORED_SIDE))
        transparent = (
            image.mode in ("RGBA", "LA", "P") and "transparency" in image.info or image.mode in ("RGBA", "LA")
        )
        image = image.convert("RGBA" if transparent else "RGB")
        buffer = io.BytesIO()
        if transparent:
            image.save(buffer, format="PNG", optimize=True)
            extension, content_type = "png", "image/png"
        else:
            image.save(buffer, format="JPEG", quality=88, optimize=True)
            extension, content_type = "jpg", "image/jpeg"
    return SimpleUploadedFile(f"avatar.{extension}", buffer.getvalue(), content_type=content_type)


def add_service_errors(form, error: ValidationError) -> None:
    """Show a service's refusal on the form field it names (or on the whole form).

    The services check again what the forms checked (and more, under a lock);
    every view of accounts and league that saves through a service puts the
    refusal back on its form this one way. A field the form does not have
    becomes a form-wide error rather than being lost.
    """
    if hasattr(error, "error_dict"):
        for field, field_errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, field_errors)
    else:
        form.add_error(None, error)


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = [
            "display_name",
            "avatar",
            "jeton_colour",
            "notify_reminders",
            "notify_deadlines",
            "notify_results",
            "notify_comptes_rendus",
        ]
        help_texts = {
            "display_name": _("Le nom que voient les autres joueurs."),
            "avatar": _("Facultatif. JPEG, PNG, WebP ou GIF, 3 Mo au plus."),
            "jeton_colour": _("Proposée en premier au tirage des jetons, si elle est libre."),
        }
        widgets = {
            "avatar": forms.ClearableFileInput(attrs={"accept": "image/jpeg,image/png,image/webp,image/gif"})
        }

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        if not name:
            raise forms.ValidationError(_("Le nom affiché ne peut pas être vide."))
        return name

    def clean_avatar(self):
        avatar = self.cleaned_data.get("avatar")
        if not isinstance(avatar, UploadedFile):
            return avatar  # unchanged, or cleared
        if avatar.size > AVATAR_MAX_BYTES:
            raise forms.ValidationError(
                _("Photo trop lourde (%(size)s) : %(max)s au plus.")
                % {"size": filesizeformat(avatar.size), "max": filesizeformat(AVATAR_MAX_BYTES)}
            )
        # Django's ImageField has already opened the file with Pillow.
        image = getattr(avatar, "image", None)
        if image is None or (image.format or "").upper() not in AVATAR_FORMATS:
            raise forms.ValidationError(_("Format de photo non accepté : JPEG, PNG, WebP ou GIF."))
        width, height = image.size
        if width > AVATAR_MAX_PIXELS or height > AVATAR_MAX_PIXELS:
            raise forms.ValidationError(
                _("Photo trop grande : %(max)s pixels de côté au plus.") % {"max": AVATAR_MAX_PIXELS}
            )
        try:
            return reencoded_avatar(avatar)
        except (OSError, ValueError, Image.DecompressionBombError):
            raise forms.ValidationError(_("Cette photo est illisible : essayez-en une autre.")) from None


class InvitationForm(forms.Form):
    display_name = forms.CharField(label=_("Nom"), max_length=80, help_text=_("Par exemple « Benoît »."))
    username = forms.CharField(
        label=_("Identifiant court"),
        max_length=30,
        validators=[short_id_validator],
        help_text=_(
            "Par exemple « ben ». Pour un joueur déjà présent dans les saisons importées, "
            "reprenez son identifiant : il retrouvera tout son historique."
        ),
    )
    email = forms.EmailField(label=_("Adresse e-mail"))

    def clean_username(self):
        return self.cleaned_data["username"].strip().lower()


class JoinApprovalForm(forms.Form):
    """What the President decides when accepting a request: the short id and the name shown."""

    username = forms.CharField(label=_("Identifiant court"), max_length=30, validators=[short_id_validator])
    display_name = forms.CharField(label=_("Nom affiché"), max_length=80)

    @classmethod
    def for_request(cls, join_request, data=None):
        suggestion = slugify(join_request.name.split(" ")[0])[:30] or "joueur"
        return cls(data, initial={"username": suggestion, "display_name": join_request.name})

    def clean_username(self):
        return self.cleaned_data["username"].strip().lower()


class JoinRequestForm(forms.Form):
    name = forms.CharField(label=_("Votre nom"), max_length=80)
    email = forms.EmailField(label=_("Votre adresse e-mail"))
    message = forms.CharField(
        label=_("Un mot pour le Président"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Facultatif : qui vous a parlé du club, depuis quand vous jouez…"),
    )
    # Left empty by people, filled in by robots; such requests are dropped quietly.
    website = forms.CharField(
        required=False,
        label=_("Ne pas remplir"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    def is_robot(self) -> bool:
        return bool(self.cleaned_data.get("website"))


class InvitationAcceptForm(SetPasswordForm):
    """The invited player's name as others will see it, and his password."""

    display_name = forms.CharField(label=_("Votre nom affiché"), max_length=80)
    field_order = ["display_name", "new_password1", "new_password2"]

    def __init__(self, user, *args, **kwargs):
        super().__init__(user, *args, **kwargs)
        self.fields["display_name"].initial = user.display_name


class EmailChangeForm(forms.Form):
    new_email = forms.EmailField(label=_("Nouvelle adresse e-mail"))
    password = forms.CharField(
        label=_("Votre mot de passe actuel"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("Mot de passe incorrect."))
        return password


def active_members():
    return User.objects.filter(is_active=True).order_by("display_name", "username")


class MemberChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.display_name} ({obj.username})"


class PresidencyHandOverForm(forms.Form):
    to = MemberChoiceField(label=_("Nouveau Président"), queryset=User.objects.none())
    confirm = forms.BooleanField(
        label=_("Je transmets la présidence : je ne pourrai plus la reprendre moi-même."),
        required=True,
    )

    def __init__(self, *args, president=None, **kwargs):
        super().__init__(*args, **kwargs)
        members = active_members()
        if president is not None:
            members = members.exclude(pk=president.pk)
        self.fields["to"].queryset = members


class VicePresidentForm(forms.Form):
    user = MemberChoiceField(
        label=_("Vice-Président"),
        queryset=User.objects.none(),
        required=False,
        empty_label=_("— Personne —"),
    )

    def __init__(self, *args, president=None, **kwargs):
        super().__init__(*args, **kwargs)
        members = active_members()
        if president is not None:
            members = members.exclude(pk=president.pk)
        self.fields["user"].queryset = members


class LoginForm(AuthenticationForm):
    """Django's sign-in form, saying so when the account's guesses are capped (``accounts.login_guard``)."""

    def clean(self):
        try:
            return super().clean()
        except ValidationError:
            remaining = getattr(self.request, "login_capped_for", None)
            if remaining is None:
                raise
            minutes = max(1, math.ceil(remaining.total_seconds() / 60))
            raise ValidationError(
                ngettext(
                    "Trop de tentatives pour ce compte depuis cette adresse : réessayez dans %(minutes)d "
                    "minute ou depuis votre connexion habituelle, ou réinitialisez votre mot de passe.",
                    "Trop de tentatives pour ce compte depuis cette adresse : réessayez dans %(minutes)d "
                    "minutes ou depuis votre connexion habituelle, ou réinitialisez votre mot de passe.",
                    minutes,
                )
                % {"minutes": minutes},
                code="account_capped",
            ) from None


class ThrottledPasswordResetForm(PasswordResetForm):
    """Django's reset form, sending at most a few emails an hour per address and per client.

    The page answers the same whether or not an email went out. Subject and
    text are plain text (no HTML escaping), like every email of the site.
    """

    def save(self, *args, request=None, **kwargs):
        if may_send("password_reset", address=self.cleaned_data["email"], client=client_address(request)):
            super().save(*args, request=request, **kwargs)

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ):
        """Into the outbox like every email of the site (sent by a worker, retried, never twice)."""
        html = render_to_string(html_email_template_name, context) if html_email_template_name else ""
        queue_email(
            to=[to_email],
            subject=plain_text(subject_template_name, context),
            text=plain_text(email_template_name, context),
            html=html,
            now=timezone.now(),
        )
