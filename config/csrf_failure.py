"""What a form refused by the CSRF check answers: the reader's page again for a button that
updates part of a page, the « Formulaire expiré » page for a whole-page form.

A page opened before the member signed in or out in another tab, or long
ago, sends a token that no longer holds. htmx does not show a refusal: the
button did nothing, and did nothing again at each tap, the page keeping its
old token. Reloaded, the page has a fresh token, and the message says that
nothing was saved.
"""

from django.contrib import messages
from django.utils.translation import gettext as _
from django.views.csrf import csrf_failure as refused_page
from django_htmx.http import HttpResponseClientRefresh


def csrf_failure(request, reason: str = ""):
    if getattr(request, "htmx", False):
        messages.warning(
            request,
            _(
                "Ce formulaire n'était plus valable (une connexion ou une déconnexion dans un autre "
                "onglet, ou une page ouverte depuis longtemps) : rien n'a été enregistré. "
                "La page est à jour : recommencez."
            ),
        )
        return HttpResponseClientRefresh()
    return refused_page(request, reason)
