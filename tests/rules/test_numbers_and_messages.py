"""Numbers as the season format writes them; messages the site translates."""

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.rules import Message, gettext_noop, json_number


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (3, 3),
        (Decimal("2.5"), 2.5),
        (Decimal("7.0"), 7),
        (Fraction(20, 13), 1.5385),
        (Fraction(1, 3), 0.3333),
        (Fraction(2, 3), 0.6667),
        (Fraction(-2, 3), -0.6667),
        (Decimal("0.00005"), 0.0001),
        (Decimal("-0.00005"), -0.0001),
        (Decimal("1.99996"), 2),
        (Fraction(-7, 2), -3.5),
    ],
)
def test_json_number_integers_where_whole_else_four_places_half_away_from_zero(value, expected):
    result = json_number(value)
    assert result == expected
    assert type(result) is type(expected)


@given(
    st.one_of(
        st.decimals(
            min_value=-(10**12), max_value=10**12, allow_nan=False, allow_infinity=False, places=places
        )
        for places in (0, 1, 2, 4, 6)
    )
)
def test_json_number_of_any_decimal_is_the_decimal_rounded_to_four_places(value):
    """Whole decimals are written without rounding them first: the same number all the same."""
    with localcontext() as ctx:
        ctx.prec = 80
        rounded = value.quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP)
    written = json_number(value)
    assert written == (int(rounded) if rounded == rounded.to_integral_value() else float(str(rounded)))
    assert type(written) is (int if rounded == rounded.to_integral_value() else float)


def test_gettext_noop_returns_its_argument():
    assert gettext_noop("x %(a)s") == "x %(a)s"


def test_message_renders_its_params():
    m = Message("+0.5 defensive: place %(place)s with %(score)s", {"place": 2, "score": 380})
    assert str(m) == "+0.5 defensive: place 2 with 380"
    assert m.render(lambda s: s.replace("defensive", "défensif")) == "+0.5 défensif: place 2 with 380"
    assert Message("plain") == Message("plain", {})
    assert hash(Message("plain")) == hash(Message("plain"))
