"""A member's own profile: his details with a photo re-encoded on upload, and a new e-mail address."""

import io

from django import forms
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile, UploadedFile
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _
from PIL import Image, ImageOps

from ..models import User

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
