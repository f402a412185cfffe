"""Exact numbers in, JSON numbers out.

Points are :class:`~decimal.Decimal` (half points, 0.5 bonuses), averages are
:class:`~fractions.Fraction`; floats never enter a computation. The season
format writes integers where whole, otherwise decimals rounded to 4 places,
halves away from zero (``2.5``, ``1.5385``): :func:`json_number` does that.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

__all__ = ["json_number", "to_decimal", "decimal_of_fraction"]

_FOUR_PLACES = Decimal("0.0001")


def to_decimal(x: object) -> Decimal:
    """Exact Decimal for an int, Decimal, Fraction-with-terminating-expansion,
    numeric string or float (a float goes through its shortest repr, so a JSON
    ``30.5`` stays ``30.5``). Raises ``TypeError``/``ValueError`` otherwise."""
    if isinstance(x, bool):
        raise TypeError("a boolean is not a number")
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise ValueError("not a finite number")
        return x
    if isinstance(x, int):
        return Decimal(x)
    if isinstance(x, float):
        d = Decimal(repr(x))
        if not d.is_finite():
            raise ValueError("not a finite number")
        return d
    if isinstance(x, Fraction):
        return decimal_of_fraction(x)
    if isinstance(x, str):
        try:
            d = Decimal(x.strip())
        except ArithmeticError as exc:  # decimal.InvalidOperation
            raise ValueError(f"not a number: {x!r}") from exc
        if not d.is_finite():
            raise ValueError("not a finite number")
        return d
    raise TypeError(f"not a number: {x!r}")


def decimal_of_fraction(f: Fraction, places: int = 40) -> Decimal:
    """A Decimal equal to ``f`` when its expansion terminates, else ``f``
    correct to ``places`` significant digits (enough to round to 4 places)."""
    with localcontext() as ctx:
        ctx.prec = max(places, 60)
        return Decimal(f.numerator) / Decimal(f.denominator)


def json_number(x: int | Decimal | Fraction | float) -> int | float:
    """``int`` when whole, else a float rounded to 4 places half away from zero."""
    if isinstance(x, bool):
        raise TypeError("a boolean is not a number")
    if isinstance(x, int):
        return x
    if isinstance(x, Decimal) and x.is_finite() and x == x.to_integral_value():
        return int(x)  # a whole number of points, nearly every one written: no rounding to make
    if isinstance(x, Fraction):
        d = decimal_of_fraction(x)
    else:
        d = to_decimal(x)
    with localcontext() as ctx:
        ctx.prec = 80
        q = d.quantize(_FOUR_PLACES, rounding=ROUND_HALF_UP)
    if q == q.to_integral_value():
        return int(q)
    return float(str(q))
