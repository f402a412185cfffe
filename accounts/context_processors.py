from django.conf import settings

from .roles import is_club_officer


def club(request):
    """What every page's layout needs: the club's name and whether to show officer menus."""
    return {
        "CLUB_NAME": settings.CLUB_NAME,
        "user_is_officer": is_club_officer(request.user) if hasattr(request, "user") else False,
    }
