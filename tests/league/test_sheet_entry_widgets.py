"""The entry form's buttons and small selects are written in Python (``sheet_radios``,
``sheet_select``) with the very bytes the templates they replace wrote, whatever the field
holds: nothing chosen, a choice, a bad value sent, an error to show."""

import pytest
from django import forms
from django.template import Context, Template

from league.templatetags.sheet_tags import sheet_radios, sheet_select

#: The templates the tags replace, as they were (league/sheet/_radios.html, _select.html).
RADIOS = (
    '<div class="btn-group-wrap d-flex flex-wrap gap-1{% if field.errors %} is-invalid{% endif %}" role="group" '
    'aria-label="{{ field.label }}">{% for radio in field %}\n'
    '  <input type="radio" class="btn-check" name="{{ radio.data.name }}" id="{{ radio.id_for_label }}" '
    'value="{{ radio.data.value }}" autocomplete="off"{% if radio.data.selected %} checked{% endif %}>\n'
    "  <label class=\"btn btn-outline-{{ style|default:'primary' }} btn-tap flex-fill\" "
    'for="{{ radio.id_for_label }}">{{ radio.choice_label }}</label>{% endfor %}\n'
    '</div>{% for error in field.errors %}<div class="invalid-feedback d-block">{{ error }}</div>{% endfor %}\n'
)
SELECT = (
    '<select name="{{ field.html_name }}" id="{{ field.id_for_label }}" class="form-select form-select-sm'
    '{% if field.errors %} is-invalid{% endif %}" aria-label="{{ field.label }}">{% for value, label in '
    "field.field.choices %}<option value=\"{{ value }}\"{% if field.value|default_if_none:'' == value %} "
    "selected{% endif %}>{{ label }}</option>{% endfor %}</select>{% for error in field.errors %}"
    '<div class="invalid-feedback d-block">{{ error }}</div>{% endfor %}\n'
)


class Entry(forms.Form):
    taker = forms.ChoiceField(
        label="Preneur & co", choices=[("anne", "Anne <A>"), ("bruno", "Bruno")], widget=forms.RadioSelect
    )
    bouts = forms.TypedChoiceField(
        label="Bouts", choices=[(n, str(n)) for n in range(4)], coerce=int, widget=forms.RadioSelect
    )
    poignee = forms.TypedChoiceField(
        label="Poignée", choices=[("", "—"), ("simple", "Simple"), ("double", "Double")], required=False
    )
    points = forms.TypedChoiceField(label="Points", choices=[(0, "0"), (10, "10")], coerce=int)


FORMS = {
    "unbound": Entry(),
    "initial": Entry(initial={"taker": "bruno", "bouts": 2, "poignee": "double", "points": 10}),
    "bound": Entry({"taker": "anne", "bouts": "3", "poignee": "simple", "points": "0"}),
    "bad input": Entry({"taker": "zoé", "bouts": "9", "poignee": "triple", "points": "x"}),
    "nothing sent": Entry({}),
}


@pytest.mark.parametrize("state", FORMS)
@pytest.mark.parametrize("style", [None, "dark"])
@pytest.mark.parametrize("name", ["taker", "bouts"])
def test_the_buttons_write_what_the_template_wrote(state, style, name):
    form = FORMS[state]
    form.is_bound and form.is_valid()
    field = form[name]
    expected = Template(RADIOS).render(Context({"field": field, "style": style}))
    assert (sheet_radios(field, style) if style else sheet_radios(field)) == expected


@pytest.mark.parametrize("state", FORMS)
@pytest.mark.parametrize("name", ["poignee", "points"])
def test_the_select_writes_what_the_template_wrote(state, name):
    form = FORMS[state]
    form.is_bound and form.is_valid()
    field = form[name]
    assert sheet_select(field) == Template(SELECT).render(Context({"field": field}))


def test_the_cases_compared_show_checked_buttons_and_errors():
    """The comparisons above cover what matters: a checked button, a selected option, errors."""
    assert " checked" in sheet_radios(FORMS["initial"]["taker"])
    assert " selected" in sheet_select(FORMS["initial"]["poignee"])
    FORMS["bad input"].is_valid()
    assert "invalid-feedback" in sheet_radios(FORMS["bad input"]["taker"])
    assert "is-invalid" in sheet_select(FORMS["bad input"]["poignee"])
    assert "&lt;A&gt;" in sheet_radios(FORMS["unbound"]["taker"])
