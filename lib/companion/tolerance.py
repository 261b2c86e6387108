"""Declared tolerances, and the comparison of numbers under them.

Every number an output carries is reproduced *within a tolerance declared where it is
produced*: a table column (:func:`companion.figures.save_table`), a figure
(:func:`companion.figures.save`), a claim's evidence (``Result.tolerance`` in
:mod:`proofs_check.registry`) or a notebook cell (the cell metadata ``tolerance``). Two
kinds exist:

*numerical*, ``{"rel": r, "abs": a}``
    deterministic numerics, where only the last digits move between machines (another
    SIMD path of numpy, another BLAS kernel): ``|x - y| <= a + r * max(|x|, |y|)``. The
    default, :data:`NUMERICAL`, is ``rel = 1e-9, abs = 1e-12``: six orders of magnitude
    above double-precision noise, far below any change a reader could see.
*statistical*, ``{"se": column, "c": c}``
    Monte Carlo estimates and trained models, whose value on another machine is another
    draw of a chaotic computation: ``|x - y| <= c * se``, with ``se`` the standard error
    the output itself reports (the named column of the same row, taken from the reference
    output). A declared ``abs`` is used as the ``se`` where no column is available
    (a figure, a notebook cell): the author states the standard error.

A number written with limited digits also carries its rounding: two values within ``t``
of each other can print ``t + q`` apart, ``q`` one unit of the last printed digit, so the
comparison adds ``q`` (the finer of the two prints, and only where both print a
fractional part with the same number of decimals, or where the writer's precision is
known, as for the tables' 10 significant digits).

Which rule says a number is right, by the question asked:

* *does a statement hold in this run?* -- :mod:`companion.checks`, inside the notebook:
  ``check`` (exact or deterministic), ``within`` (an estimate within its standard errors,
  the run's false-alarm probability split over its statistical checks by Bonferroni) and
  ``bounded`` (Hoeffding's bound for a mean of values in a known range);
* *does a rerun reproduce the committed output?* -- this module, in the gate
  (:mod:`companion.compare`): every number of a table, a figure's data, a claim's evidence
  or a notebook cell under the tolerance declared beside it, numerical or statistical as
  above. The claims report declares its evidence's tolerances with these same objects
  (``Result.tolerance`` is a :class:`Tolerance`), so there are two rules for two
  questions, not three.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

__all__ = ["DIGITS", "canonical", "Tolerance", "NUMERICAL", "EXACT", "DECLARATION", "parse",
           "quantum", "close", "split_numbers", "compare_text"]


DIGITS = 12  # significant digits of the numbers in JSON outputs (figure data, claims)


@dataclass(frozen=True)
class Tolerance:
    """A declared tolerance (see the module docstring).

    Attributes
    ----------
    rel, abs : float
        Relative and absolute parts of a numerical tolerance; for a statistical one
        without a standard-error column, ``abs`` is the stated standard error.
    se : str or None
        Name of the column that holds each row's standard error (statistical).
    c : float or None
        How many standard errors a reproduction may move (statistical).
    """

    rel: float = 1e-9
    abs: float = 1e-12
    se: str | None = None
    c: float | None = None

    def __post_init__(self):
        for name in ("rel", "abs"):
            v = getattr(self, name)
            if not (isinstance(v, int | float) and math.isfinite(v) and v >= 0):
                raise ValueError(f"tolerance: {name} must be a finite number >= 0, got {v!r}")
        if self.se is not None and self.c is None:
            raise ValueError("tolerance: se (a standard-error column) needs c")
        if self.c is not None and not (isinstance(self.c, int | float) and self.c > 0):
            raise ValueError(f"tolerance: c must be a number > 0, got {self.c!r}")

    @property
    def statistical(self) -> bool:
        return self.c is not None

    def to_json(self) -> dict:
        """The declaration as written beside an output; its numbers at 3 significant
        digits (a tolerance computed from the data, such as a standard error, moves with
        the data, so declarations are compared to :data:`DECLARATION`)."""
        if self.statistical:
            out = {"kind": "statistical", "c": canonical(self.c, 3)}
            if self.se is not None:
                out["se"] = self.se
            else:
                out["abs"] = canonical(self.abs, 3)
            return out
        return {"kind": "numerical", "rel": canonical(self.rel, 3),
                "abs": canonical(self.abs, 3)}

    def describe(self) -> str:
        if self.statistical:
            se = f"column {self.se!r}" if self.se is not None else f"{self.abs:g}"
            return f"{self.c:g} x s.e. ({se})"
        return f"rel {self.rel:g}, abs {self.abs:g}"

    def bound(self, x: float, y: float, se: float | None = None) -> float:
        """The largest allowed ``|x - y|`` (before rounding)."""
        if self.statistical:
            s = se if self.se is not None else self.abs
            if s is None or not math.isfinite(s):
                return 0.0
            return self.c * abs(s)
        return self.abs + self.rel * max(abs(x), abs(y))


NUMERICAL = Tolerance()
EXACT = Tolerance(rel=0.0, abs=0.0)
#: how closely two declarations of the same output must agree: 1% (a standard error
#: used as a tolerance is itself computed, and moves with the machine like the data)
DECLARATION = Tolerance(rel=0.01, abs=0.0)


def parse(spec) -> Tolerance:
    """A :class:`Tolerance` from a declaration: a Tolerance, a dict such as
    ``{"rel": 1e-6}``, ``{"abs": 0.01}`` or ``{"se": "s.e.", "c": 2}``, or None (the
    numerical default)."""
    if spec is None:
        return NUMERICAL
    if isinstance(spec, Tolerance):
        return spec
    if not isinstance(spec, dict):
        raise ValueError(f"tolerance: expected a dict like {{'rel': 1e-9}} or "
                         f"{{'se': 's.e.', 'c': 2}}, got {spec!r}")
    spec = {k: v for k, v in spec.items() if k != "kind"}
    unknown = set(spec) - {"rel", "abs", "se", "c"}
    if unknown:
        raise ValueError(f"tolerance: unknown key(s) {sorted(unknown)}; "
                         f"use rel, abs, se and c")
    if "c" in spec:
        if "rel" in spec:
            raise ValueError("tolerance: a statistical tolerance (c) takes se or abs, not rel")
        if "se" not in spec and "abs" not in spec:
            raise ValueError("tolerance: a statistical tolerance (c) needs se (a column) "
                             "or abs (the standard error)")
        return Tolerance(rel=0.0, abs=float(spec.get("abs", 0.0)), se=spec.get("se"),
                         c=float(spec["c"]))
    if "se" in spec:
        raise ValueError("tolerance: se needs c, the number of standard errors")
    return Tolerance(rel=float(spec.get("rel", NUMERICAL.rel if "abs" not in spec else 0.0)),
                     abs=float(spec.get("abs", NUMERICAL.abs)))


_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w.])"
                     r"|(?<![\w.])[-+]?(?:inf|nan)(?![\w.])")


def quantum(text: str) -> float:
    """One unit of the last printed digit of a number's text; 0 for an integer."""
    t = text.strip().lstrip("+-").lower()
    if t in ("inf", "nan"):
        return 0.0
    mant, _, exp = t.partition("e")
    if "." not in mant and not exp:
        return 0.0
    decimals = len(mant.partition(".")[2])
    return 10.0 ** (int(exp or 0) - decimals)


def _decimals(text: str) -> tuple[int, int] | None:
    t = text.strip().lstrip("+-").lower()
    mant, _, exp = t.partition("e")
    if "." not in mant:
        return None
    return len(mant.partition(".")[2]), int(exp or 0)


def close(x: float, y: float, tol: Tolerance, *, se: float | None = None,
          q: float = 0.0) -> bool:
    """``|x - y|`` within the tolerance plus the rounding quantum ``q``; NaN equals NaN,
    infinities must be equal.

    Examples
    --------
    The default numerical tolerance, ``1e-12 + 1e-9 max(|x|, |y|)``:

    >>> close(1.0, 1.0 + 5e-10, NUMERICAL), close(1.0, 1.000001, NUMERICAL)
    (True, False)

    A statistical one, half a standard error: 0.02 apart is within 0.5 x 0.05, not within
    0.5 x 0.03.

    >>> t = Tolerance(se="s.e.", c=0.5)
    >>> close(0.50, 0.52, t, se=0.05), close(0.50, 0.52, t, se=0.03)
    (True, False)

    Two prints at three decimals may differ by one unit of the last digit more:

    >>> close(0.123, 0.124, NUMERICAL), close(0.123, 0.124, NUMERICAL, q=0.001)
    (False, True)
    """
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= tol.bound(x, y, se) + q


def split_numbers(text: str) -> tuple[list[str], list[str]]:
    """The text around the numbers, and the numbers' texts (``len(parts) == len(nums) + 1``)."""
    parts, nums, pos = [], [], 0
    for m in _NUMBER.finditer(text):
        parts.append(text[pos:m.start()])
        nums.append(m.group())
        pos = m.end()
    parts.append(text[pos:])
    return parts, nums


def _text_quantum(a: str, b: str) -> float:
    da, db = _decimals(a), _decimals(b)
    if da is None or db is None or da != db:
        # a different number of decimals (a float's repr against a rounded print, or an
        # integer): no common printing precision, so no rounding allowance
        return 0.0
    return quantum(a)


def compare_text(a: str, b: str, tol: Tolerance, *, se: float | None = None,
                 digits: int | None = None) -> str | None:
    """None when the texts agree: the same words, and numbers within ``tol``. Otherwise a
    short description of the first difference.

    ``digits``: the number of significant digits the writer used (tables: 10), which fixes
    the rounding quantum; without it the quantum is read from the two prints.
    """
    if a == b:
        return None
    pa, na = split_numbers(a)
    pb, nb = split_numbers(b)
    if pa != pb or len(na) != len(nb):
        return f"text differs: {_clip(a)!r} vs {_clip(b)!r}"
    for sa, sb in zip(na, nb, strict=True):
        if sa == sb:
            continue
        x, y = float(sa), float(sb)
        if digits is not None:
            m = max(abs(x), abs(y))
            q = 10.0 ** (math.floor(math.log10(m)) - (digits - 1)) if m > 0 and math.isfinite(
                m) and (quantum(sa) or quantum(sb)) else 0.0
        else:
            q = _text_quantum(sa, sb)
        if not close(x, y, tol, se=se, q=q):
            return f"{sa} vs {sb} (tolerance {tol.describe()})"
    return None


def canonical(x, digits: int = DIGITS):
    """``x`` with every float rounded to ``digits`` significant digits (recursively through
    dicts, lists, tuples and numpy arrays/scalars), so that its JSON is the same on any
    machine whose results agree to that many digits."""
    if isinstance(x, dict):
        return {str(k): canonical(v, digits) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [canonical(v, digits) for v in x]
    if isinstance(x, np.ndarray):
        return canonical(x.tolist(), digits)
    if isinstance(x, bool | np.bool_):
        return bool(x)
    if isinstance(x, int | np.integer):
        return int(x)
    if isinstance(x, float | np.floating):
        v = float(x)
        if not math.isfinite(v):
            return v
        r = float(f"{v:.{digits}g}")
        return 0.0 if r == 0 else r  # no -0.0
    return x


def _clip(s: str, n: int = 120) -> str:
    return s if len(s) <= n else s[: n - 3] + "..."
