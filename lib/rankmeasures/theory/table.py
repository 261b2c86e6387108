"""The variant report's table: a nested mapping as rows ``{"field": "a / b / c", "value": v}``
(the command line's table, and a notebook's), and a Monte Carlo estimate written to its
standard error for reading.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from .._validation import check_int

__all__ = ["rows_of", "to_its_se"]


class _Shown(str):
    """A value already written for reading (an estimate to its standard error), which
    :func:`rows_of` shows as it is."""

    __slots__ = ()


def to_its_se(value: float | None, se: float | None) -> tuple:
    """A Monte Carlo estimate written to the second significant digit of its standard
    error, and the standard error to 2 significant digits, for reading (the last digit
    shown is uncertain, the ones before it are not); an estimate without a positive finite
    standard error is returned as it is.

    Parameters
    ----------
    value, se : float or None
        The estimate and its standard error.

    Returns
    -------
    tuple
        ``(value, se)`` as strings that :func:`rows_of` shows unchanged, or the two
        arguments unchanged.

    Examples
    --------
    >>> to_its_se(0.8145521, 0.000884)
    ('0.81455', '0.00088')
    >>> to_its_se(13.94081, 0.0512)
    ('13.941', '0.051')
    >>> to_its_se(1.0, 0.0)
    (1.0, 0.0)
    """
    if value is None or se is None or not math.isfinite(se) or se <= 0:
        return value, se
    decimals = max(0, 1 - math.floor(math.log10(se)))
    return _Shown(f"{value:.{decimals}f}"), _Shown(f"{se:#.2g}")


_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def rows_of(report: Mapping, *, digits: int | None = None) -> list[dict]:
    """A nested mapping as rows ``{"field": "a / b / c", "value": v}`` (the CLI's table,
    and a notebook's).

    ``digits``: round every number -- a float, or a string that is one number such as
    ``"0.957993255809"`` -- to that many significant digits, for reading; None keeps the
    values (for a table saved in full).

    Examples
    --------
    >>> rows_of({"limit": "2*sqrt(2)/3", "N(n)": {"1e+03": "0.957993255809"}}, digits=4)
    [{'field': 'limit', 'value': '2*sqrt(2)/3'}, {'field': 'N(n) / 1e+03', 'value': '0.958'}]
    """
    if digits is not None:
        check_int("digits", digits, min=1)

    def show(v):
        if isinstance(v, bool) or v is None:
            return v
        if isinstance(v, _Shown):  # already written to its standard error
            return str(v)
        if isinstance(v, float):
            return f"{v:.{digits}g}" if digits else v
        if isinstance(v, int | str):
            if digits and isinstance(v, str) and _NUMBER.fullmatch(v.strip()):
                return f"{float(v):.{digits}g}"
            return v
        return str(v)

    def walk(d, prefix):
        for k, v in d.items():
            key = f"{prefix}{k}"
            if isinstance(v, dict):
                yield from walk(v, key + " / ")
            elif isinstance(v, list) and v and isinstance(v[0], dict):
                for i, item in enumerate(v):
                    yield from walk(item, f"{key}[{i}] / ")
            else:
                yield {"field": key, "value": show(v)}

    return list(walk(report, ""))
