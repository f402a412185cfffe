"""Views of the seasons area."""


def manche_section_context(request, manche) -> dict:
    """What this area's section of the manche page needs."""
    return {}
