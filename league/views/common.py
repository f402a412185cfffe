"""What several league views share (below every views module, so none imports another for it)."""

from django.core.exceptions import ValidationError


def error_text(exc: ValidationError) -> str:
    """A service's refusal as one sentence for a flash message."""
    return " ".join(exc.messages)
