"""The address of the person at the other end, as the trusted proxy saw it.

Behind a proxy every request comes from the proxy's address; the proxy
appends the address it received the request from to ``X-Forwarded-For``.
With ``TRUSTED_PROXY_COUNT`` proxies of ours in front (the setting, 0 when
the site is exposed directly), the client is the entry that many places from
the right: entries further left were written by the client itself and can
say anything. Login throttling is keyed on this address, so a stranger's
failures never lock the President out of his own home.
"""

from django.conf import settings


def client_address(request) -> str | None:
    remote = request.META.get("REMOTE_ADDR")
    trusted = settings.TRUSTED_PROXY_COUNT
    if not trusted:
        return remote
    forwarded = [
        part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()
    ]
    if len(forwarded) < trusted:
        return remote  # not through our proxies: nothing in the header is ours
    return forwarded[-trusted]
