"""What every page's layout needs from accounts (``settings.TEMPLATES`` lists it)."""

from django.conf import settings

from .permissions import Action, can


def club(request):
    """What every page's layout needs: the club's name and whether to show officer menus."""
    return {
        "CLUB_NAME": settings.CLUB_NAME,
        "user_is_officer": can(request.user, Action.MANAGE_CLUB) if hasattr(request, "user") else False,
    }
