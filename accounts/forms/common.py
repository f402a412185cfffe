"""What every form of the site shares: a service's refusal put back on the form."""

from django.core.exceptions import ValidationError


def add_service_errors(form, error: ValidationError) -> None:
    """Show a service's refusal on the form field it names (or on the whole form).

    The services check again what the forms checked (and more, under a lock);
    every view of accounts and league that saves through a service puts the
    refusal back on its form this one way. A field the form does not have
    becomes a form-wide error rather than being lost.
    """
    if hasattr(error, "error_dict"):
        for field, field_errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, field_errors)
    else:
        form.add_error(None, error)
