"""Headers that tell browsers what a page of this site may do.

Content-Security-Policy: scripts, styles, fonts and pictures come from this
site only (``data:`` pictures too: Bootstrap draws its icons that way), so a
compte-rendu cannot make readers' browsers fetch a third-party address, and
no inline script runs (the site has none: behaviours are declared in the
markup and wired by ``static/js/site.js``). Inline ``style`` attributes stay
allowed: templates size progress bars with them and htmx adds its indicator
style. Permissions-Policy: no page needs the camera, microphone or location.
"""

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"


class SecurityHeadersMiddleware:
    """Adds the two policies to every response that does not set its own."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
