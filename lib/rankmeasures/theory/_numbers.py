"""Exact numbers of the variant analysis, shared by its modules: a sympy computation under
a short time limit (:func:`symbolic`), an exact number in a tidier equal form
(:func:`tidy`), a sympy number as an mpmath real (:func:`to_mpf`), and the report's display
of a number (:func:`show_number`) and of a list length (:func:`n_key`).
"""

from __future__ import annotations

import mpmath
import sympy

from ._budget import BudgetExceeded, time_budget

__all__ = ["EXACT_SECONDS", "symbolic", "tidy", "to_mpf", "show_number", "n_key"]


#: seconds sympy may spend on one exact integral or simplification of the inputs before
#: the check falls back to quadrature (an integral sympy cannot close may never end)
EXACT_SECONDS = 5.0


def symbolic(step: str, compute, seconds: float = EXACT_SECONDS):
    """``compute()`` (a sympy computation), or None when sympy fails on it or takes more
    than ``seconds``: the caller then decides numerically. An outer time budget that runs
    out first still ends the analysis (its BudgetExceeded is not this step's)."""
    try:
        with time_budget(step, seconds):
            return compute()
    except BudgetExceeded as exc:
        if exc.step != step:
            raise
        return None
    except Exception:  # sympy's integrals, series and limits fail in many ways
        return None


def tidy(x):
    """``x`` in a tidier exact form (nsimplify's) only when that form is equal to it:
    nsimplify alone would turn 5000000001/10000000000 into 1/2. A number holding a
    Float (a quadrature) is kept as it is."""
    x = sympy.sympify(x)
    if x.has(sympy.Float) or not x.is_number:
        return x
    simpler = symbolic("tidying a number", lambda: sympy.nsimplify(sympy.simplify(x)), 2.0)
    if simpler is None or simpler == x:
        return x
    same = symbolic("tidying a number", lambda: sympy.simplify(simpler - x) == 0, 2.0)
    return simpler if same else x


def to_mpf(x, dps: int = 40):
    """A sympy number as an mpmath real of ``dps`` digits (ValueError for a complex or
    infinite one)."""
    v = sympy.N(x, dps)
    if not (v.is_real and v.is_finite):
        raise ValueError(f"{x} is not a finite real number")
    with mpmath.workdps(dps):
        return mpmath.mpf(v)


def show_number(x) -> str:
    """A number of the report: a rational as it is, 15 digits of a quadrature, a closed
    form with its value."""
    x = sympy.sympify(x)
    if x.is_Rational:
        return str(x) if len(str(x)) <= 12 else f"{x} = {mpmath.nstr(to_mpf(x), 15)}"
    value = mpmath.nstr(to_mpf(x), 15)
    if x.has(sympy.Float) or len(str(x)) > 40:
        return value
    return f"{x} = {value}"


def n_key(nv) -> str:
    """The report's key of a list length: ``1e+03``, ``1.5e+04``, ``1e+100``."""
    return f"{float(nv):.3g}"
