"""Relevance curves of the model of Wang et al. (2013): ``ybar(s) = P[Y = 1 | ftilde(X) = s]``
on [0, 1] (Definition 2, Lemma 1), graded labels (Section 3.4), the points where a curve
may kink or jump, and the quadrature sites that split an integral there.

``ybar`` is a callable that accepts mpmath numbers, or a sympy expression in the symbol
:data:`~rankmeasures.expressions.s`. The large-n results built on these curves are in
:mod:`rankmeasures.theory.asymptotics`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import mpmath
import sympy

from ..expressions import s  # the canonical score symbol of sympy relevance curves

__all__ = ["GradedRelevance", "relevance_curve", "curve_breakpoints", "quadrature_sites",
           "with_breakpoints", "relevance_rate", "order_statistic_density"]


class GradedRelevance:
    """Graded labels ``values[0] > values[1] > ...`` with ``P[Y = values[j] | ftilde = s]``
    given by ``probs[j]`` (callables or sympy expressions in ``s``; Wang et al. 2013,
    Section 3.4). Binary relevance is ``GradedRelevance([1, 0], [ybar, 1 - ybar])``.

    Examples
    --------
    Grades 2, 1, 0 with probabilities s/2, s/2, 1 - s: ``E[Y | s] = 2 s/2 + s/2 = 3s/2``,
    and ``R_1 = P[Y >= 2] = 1/4``, ``R_2 = 1/2``, ``R_3 = 1``.

    >>> from rankmeasures.theory.asymptotics import s
    >>> rel = GradedRelevance([2, 1, 0], [s / 2, s / 2, 1 - s])
    >>> float(rel.mean(1)), [float(r) for r in rel.level_rates()]
    (1.5, [0.25, 0.5, 1.0])
    """

    def __init__(self, values, probs):
        if len(values) != len(probs) or len(values) < 2:
            raise ValueError("values, probs: need the same number (>= 2) of grades")
        if any(a <= b for a, b in zip(values, values[1:], strict=False)):
            raise ValueError("values: must be strictly decreasing")
        if min(values) < 0:
            raise ValueError("values: gains must be non-negative")
        self.values = [mpmath.mpf(repr(float(v))) for v in values]
        self.raw_values = list(values)
        #: the probabilities as given (callables or sympy expressions), for other backends
        self.prob_specs = list(probs)
        self.probs = [relevance_curve(p) for p in probs]
        #: kinks and jumps in (0, 1) of any probability curve (see curve_breakpoints)
        self.breakpoints = sorted(set().union(*(curve_breakpoints(p) for p in probs)), key=float)

    def mean(self, x):
        """``E[Y | ftilde = x]``."""
        return sum(v * p(x) for v, p in zip(self.values, self.probs, strict=True))

    def level_rates(self, dps: int = 30) -> list:
        """``R_j = P[Y >= values[j]]`` for j = 1..m (cumulative, R_m = 1)."""
        with mpmath.workdps(dps):
            masses = [mpmath.quad(p, quadrature_sites(0, 1, self.breakpoints)) for p in self.probs]
        out, acc = [], mpmath.mpf(0)
        for m in masses:
            acc += m
            out.append(acc)
        return out


def relevance_curve(ybar: Any) -> Callable[[Any], Any]:
    """An mpmath-callable ``ybar(s)`` from a callable or a sympy expression in ``s``."""
    if isinstance(ybar, sympy.Basic):
        extra = ybar.free_symbols - {s}
        if extra:
            raise ValueError(f"ybar: only the symbol s is allowed, found {sorted(map(str, extra))}")
        return sympy.lambdify(s, ybar, modules="mpmath")
    if not callable(ybar):
        raise ValueError(f"ybar: must be callable or a sympy expression, got {type(ybar).__name__}")
    return ybar


def curve_breakpoints(ybar: Any) -> list:
    """The points of (0, 1) where a sympy relevance curve may have a kink or a jump.

    They are the zeros in (0, 1) of the arguments of ``Abs``, ``sign`` and ``Heaviside``, of
    the pairwise differences of the arguments of ``Max`` and ``Min``, and of the sides of
    ``Piecewise`` conditions. Gauss-Legendre and tanh-sinh quadrature converge slowly
    across such a point (ybar = max(0, 2s - 1) with r^-1/2 lost five digits of 2 sqrt(2)/3):
    every quadrature of this module splits its interval there. A callable has no known
    breakpoints (pass a sympy expression to get them); a ``GradedRelevance`` has the
    union of its curves' (attribute ``breakpoints``).

    Returns
    -------
    list of sympy numbers, sorted
    """
    if isinstance(ybar, GradedRelevance):
        return list(ybar.breakpoints)
    if not isinstance(ybar, sympy.Basic):
        return []
    zeros: set[Any] = set()  # sympy expressions
    for node in sympy.preorder_traversal(ybar):
        if isinstance(node, (sympy.Max, sympy.Min)):
            zeros.update(a - b for i, a in enumerate(node.args) for b in node.args[i + 1:])
        elif isinstance(node, (sympy.Abs, sympy.sign, sympy.Heaviside)):
            zeros.add(node.args[0])
        elif isinstance(node, sympy.Piecewise):
            for _, cond in node.args:
                zeros.update(r.lhs - r.rhs for r in cond.atoms(sympy.core.relational.Relational))
    points: set[Any] = set()
    for g in zeros:
        if not g.has(s):
            continue
        sol = sympy.solveset(sympy.Eq(g, 0), s, sympy.Interval.open(0, 1))
        if isinstance(sol, sympy.FiniteSet):
            points.update(x for x in sol if x.is_real)
    return sorted(points, key=float)


def quadrature_sites(a: Any, b: Any, breakpoints: Sequence[Any],
                     to_x: Callable[[Any], Any] | None = None) -> list[Any]:
    """Quadrature sites from a to b (a < b) with every breakpoint inside, mapped by ``to_x``
    (the change of variable of the integral) when given; a midpoint is added when there
    is none, as mpmath's default degree suits unit-scale pieces."""
    pts = with_breakpoints([mpmath.mpf(a), mpmath.mpf(b)], breakpoints, to_x or (lambda x: x))
    return pts if len(pts) > 2 else [pts[0], (pts[0] + pts[1]) / 2, pts[1]]


def with_breakpoints(sites: Sequence[Any], breakpoints: Sequence[Any],
                     to_x: Callable[[Any], Any]) -> list[Any]:
    """``sites`` (increasing) plus every breakpoint mapped by ``to_x`` inside them."""
    lo, hi = sites[0], sites[-1]
    extra = [to_x(mpmath.mpf(sympy.N(bp, mpmath.mp.dps + 5))) for bp in breakpoints]
    return sorted({*sites, *(x for x in extra if lo < x < hi)})


def relevance_rate(ybar: Any, dps: int = 30) -> mpmath.mpf:
    """``p = P[Y = 1] = int_0^1 ybar(s) ds``."""
    f = relevance_curve(ybar)
    with mpmath.workdps(dps):
        p = mpmath.quad(f, quadrature_sites(0, 1, curve_breakpoints(ybar)))
    if not p > 0:
        raise ValueError("ybar: P[Y = 1] must be positive")
    return p


def order_statistic_density(r: int, n: int, x: Any) -> Any:
    """Density of ``ftilde(x_(r))``, the r-th largest of n uniform canonical scores, at x:
    Beta(n - r + 1, r), i.e. ``n C(n-1, r-1) x^(n-r) (1-x)^(r-1)`` (Wang et al. 2013,
    Claims 1-2)."""
    if not 1 <= r <= n:
        raise ValueError(f"r: must lie in 1..n = 1..{n}, got {r}")
    x = mpmath.mpf(x)
    return n * mpmath.binomial(n - 1, r - 1) * x ** (n - r) * (1 - x) ** (r - 1)
