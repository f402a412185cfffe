"""The site writes a number one way: the reader's notation, a true minus sign."""

from decimal import Decimal

import pytest
from django.test import override_settings
from django.utils import formats, translation
from hypothesis import given
from hypothesis import strategies as st

from league.templatetags.numbers import MINUS, num


@pytest.mark.parametrize(
    ("value", "french", "english"),
    [
        (0, "0", "0"),
        (-20, "−20", "−20"),
        (Decimal("2.5"), "2,5", "2.5"),
        (Decimal("-0.5"), "−0,5", "−0.5"),
        (Decimal("7.0"), "7", "7"),
        (None, "—", "—"),
    ],
)
def test_a_number_is_written_in_the_readers_notation_with_a_true_minus(value, french, english):
    with translation.override("fr"):
        assert num(value) == french
    with translation.override("en"):
        assert num(value) == english


def written_by_the_formats(value: int) -> str:
    """What Django's number formatting writes for a whole number, with the site's minus sign."""
    text = formats.number_format(abs(value), use_l10n=True)
    return MINUS + text if value < 0 else text


@given(st.integers(min_value=-(10**9), max_value=10**9), st.sampled_from(["fr", "en"]))
def test_a_whole_number_is_written_as_the_languages_formats_write_it(value, language):
    with translation.override(language):
        assert num(value) == written_by_the_formats(value)


@override_settings(USE_THOUSAND_SEPARATOR=True)
@given(st.integers(min_value=-(10**9), max_value=10**9), st.sampled_from(["fr", "en"]))
def test_a_whole_number_is_grouped_in_thousands_where_the_settings_group_them(value, language):
    with translation.override(language):
        assert num(value) == written_by_the_formats(value)
