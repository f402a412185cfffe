"""What every form of the site shares: a service's refusal put back on the form, the
choice of a member, read and written without a model or a template per member, and
an unbound form rendered once for all it shows."""

import hashlib
import json

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.forms.models import ModelChoiceIterator
from django.template.loader import render_to_string
from django.utils.choices import BaseChoiceIterator
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from config.remembered import remembered

#: How long a form's rendering is kept: a new digest is a new key, this only lets the old ones go.
RENDERED_FORM_TIMEOUT = 24 * 3600


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


def _attrs_html(attrs: dict) -> str:
    """``django/forms/widgets/attrs.html`` in Python: `` name="value"``, a True one bare, a False one left out."""
    return "".join(
        f" {conditional_escape(name)}"
        if value is True
        else f' {conditional_escape(name)}="{conditional_escape(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


class MemberSelect(forms.Select):
    """A select of the club's members writing the HTML Django's ``select.html`` writes, in Python.

    Django renders each ``<option>`` through two included templates: a select of
    200 members took 5 to 8 ms, and the President's season form has two (55 ms at
    200 × 40, 24× the sign-in page), the manche's and the offices' forms one or two.
    """

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        parts = [f'<select name="{conditional_escape(widget["name"])}"{_attrs_html(widget["attrs"])}>']
        for group_name, options, _index in widget["optgroups"]:
            if group_name:
                parts.append(f'\n  <optgroup label="{conditional_escape(group_name)}">')
            parts.extend(
                f'\n  <option value="{conditional_escape(option["value"])}"{_attrs_html(option["attrs"])}>'
                f"{conditional_escape(option['label'])}</option>\n"  # the option's template ends a line
                for option in options
            )
            if group_name:
                parts.append("\n  </optgroup>")
        parts.append("\n</select>")
        return mark_safe("".join(parts))  # noqa: S308 (every name, value and label escaped above)


class MemberChoiceIterator(ModelChoiceIterator):
    """The members' choices read as their pk, username and name: the field's
    ``member_label``, with no model instance made per member (a fifth of the select's time)."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for pk, username, display_name in self.queryset.values_list("pk", "username", "display_name"):
            yield (pk, self.field.member_label(username, display_name))


class ReadChoices(BaseChoiceIterator):
    """Choices already read (``(value, label)`` pairs): given to a field, Django keeps them as
    they are, as it keeps its own lazy choices, where a list is normalized again, pair by
    pair, for the field and once more for its widget.

    The table set by hand gives the club's members to six selects: normalized twice
    each when given, and twice more when its rendering's digest read them (``_shown``),
    they were half of the page's time (200 members: 4.5 ms).
    """

    def __init__(self, choices):
        self.choices = list(choices)

    def __iter__(self):
        return iter(self.choices)

    def __len__(self):
        return len(self.choices)


class MemberChoiceField(forms.ModelChoiceField):
    """A choice among members (the queryset), each said as :meth:`member_label`
    says it, in a :class:`MemberSelect`."""

    widget = MemberSelect
    iterator = MemberChoiceIterator

    def member_label(self, username: str, display_name: str) -> str:
        return f"{display_name} ({username})"


def _shown(form: forms.Form) -> list:
    """All an unbound ``form`` shows, field by field: its label, help, attributes,
    initial value and choices (read here, once: the rendering uses them as read)."""
    shown = []
    for name, field in form.fields.items():
        choices = getattr(field, "choices", None)
        if choices is not None:
            if not isinstance(choices, ReadChoices):
                field.choices = ReadChoices(choices)
            choices = field.choices.choices
        initial = field.prepare_value(form.get_initial_for_field(field, name))
        shown.append(
            (
                name,
                field.label,
                field.help_text,
                field.required,
                field.disabled,
                field.widget.attrs,
                initial,
                choices,
            )
        )
    return shown


def rendered_once(template: str, form: forms.Form, **context) -> SafeString:
    """``template`` rendered with ``form`` and ``context``; for an unbound form, kept under
    a digest of all the form shows (:func:`_shown`: the members of a select are read, one
    query), with the context, the language and the code's version.

    Crispy renders each field through its templates, 0.3 ms a field: the President's
    season form (12 fields, two of them the club's 200 members) was still 5× the sign-in
    page with its options written in Python. A bound form (what was typed, its errors) is
    rendered as it is. A failing cache only costs the rendering.
    """
    if form.is_bound:
        return render_to_string(template, {"form": form, **context})
    what = [
        template,
        type(form).__qualname__,
        form.prefix,
        form.auto_id,
        sorted(context.items()),
        _shown(form),
    ]
    digest = hashlib.blake2b(json.dumps(what, default=str).encode(), digest_size=16).hexdigest()
    key = f"form:{settings.CODE_VERSION}:{get_language()}:{digest}"
    html = remembered(
        key, lambda: render_to_string(template, {"form": form, **context}), timeout=RENDERED_FORM_TIMEOUT
    )
    return mark_safe(html)  # noqa: S308 (our own template's rendering)
