"""The league's middleware: a signed-in member's frame (offices, unread notices) read once."""

from accounts.roles import remember_offices

from .selectors.member_frame import member_frame


class MemberFrameMiddleware:
    """Reads a signed-in member's offices and unread notices in one query as his request starts.

    The permission rules then find his offices already read (``accounts.roles``),
    and the menu's badge reads ``request.member_frame``. A notice marked read
    or left during the request shows from the next page on; these are posts
    answered with a redirect, so no page shows the difference.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.user.is_authenticated:
            request.member_frame = member_frame(request.user)
            remember_offices(request.user, request.member_frame.offices)
        return self.get_response(request)
