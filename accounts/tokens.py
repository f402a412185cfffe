"""Single-use secrets sent by email: only their hash is stored.

A link in an email is a bearer secret: whoever holds it may act. The
database keeps the SHA-256 of the token, so a leaked backup or a curious
admin cannot replay an invitation or an email confirmation. The raw token
exists only in the email (and the URL the recipient opens).
"""

import hashlib
import secrets

TOKEN_BYTES = 32


def new_token() -> tuple[str, str]:
    """Return ``(token, token_hash)``: send the first, store the second."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
