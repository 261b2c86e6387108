"""Exact finite-n expectations of measures beyond DCG in Wang et al.'s model.

The binary model of :mod:`~rankmeasures.theory.measure_limits` (Wang et al. (2013),
Section 2): n scores uniform, labels Bernoulli(ybar(s)) given the score, ranked by score.
These expectations are the targets of the Monte Carlo checks (notebook 006,
``tests/test_measure_limits.py``) and show the rate at which the expectations reach the
limits. Results of this companion, not of the documents.

**Exact finite-n expectations** (:func:`expected_finite`), by order statistics and
exchangeability: with ``A(u) = int_u^1 ybar`` and ``I_x(a, b)`` the regularised
incomplete beta function,

* ``E[P@k] = (n/k) int_0^1 ybar(u) I_u(n - k, k) du`` (the density of the score at
  one of the top k ranks sums to ``n P[Bin(n-1, 1-u) <= k-1]``);
* ``E[RR] = int_0^1 ybar(u) ((1 - A(u))^n - u^n) / (1 - u - A(u)) du`` (a relevant item
  at u is the first relevant when no other item is relevant above u; then its rank is
  one plus the irrelevant items above u, and ``E[1/(1+B)]`` of a binomial sums);
* ``E[recall@k] = int_0^1 f_k(v) int_0^1 G_X'(x) G_Z(x) dx dv``: given the k-th largest
  score v (density ``f_k``, Beta(n-k+1, k)), the relevant count X of the top k and Z of
  the rest are independent, ``X = Bernoulli(ybar(v)) + Bin(k-1, A(v)/(1-v))`` and
  ``Z ~ Bin(n-k, (p-A(v))/v)`` with probability generating functions ``G_X``, ``G_Z``;
  ``X/(X+Z) = X int_0^1 x^(X+Z-1) dx`` gives ``E[X x^(X-1)] E[x^Z]``.
"""

from __future__ import annotations

import mpmath
import sympy

from .asymptotics import s
from .measure_limits import label_curve

__all__ = ["expected_finite", "expected_linear"]

_u = sympy.Symbol("u", positive=True)


def expected_finite(name: str, ybar, n: int, *, k: int, dps: int = 20):
    """The exact expectation at finite n of P@k, recall@k or RR (``k`` ignored for RR)
    in the binary model, by the integrals of the module docstring: P@k and RR by mpmath
    quadrature at ``dps`` digits, broken at ``1 - j/n`` where the integrands
    concentrate; recall@k (a double integral) and P@k for k > 64 (where mpmath's
    incomplete beta function fails) by Gauss-Legendre in double precision.

    Examples
    --------
    With ybar = s, E[U_(i:n)] = (n - i + 1)/(n + 1) gives E[P@k] = 1 - (k + 1)/(2 (n + 1)):

    >>> float(expected_finite("P", s, 9, k=3))
    0.8
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n: need a positive integer, got {n!r}")
    if name != "RR" and (isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= n):
        raise ValueError(f"k: need an integer in [1, n], got {k!r}")
    curve = label_curve(ybar)
    a_expr = sympy.integrate(curve.subs(s, _u), (_u, s, 1))
    with mpmath.workdps(dps + 5):
        yb = sympy.lambdify(s, curve, modules="mpmath")
        if a_expr.has(sympy.Integral):
            def big_a(x):
                return mpmath.quad(yb, [x, 1])
        else:
            big_a = sympy.lambdify(s, a_expr, modules="mpmath")
        pts = sorted({mpmath.mpf(0), mpmath.mpf(1)} | {1 - mpmath.mpf(j) / n for j in
                                                       (1, 4, 16, 64, 256) if j < n})
        if name == "P":
            if k == n:
                v = big_a(0)
            elif k > 64:  # mpmath's incomplete beta fails with both parameters large
                return _expected_precision(curve, n, k)
            else:
                v = n * mpmath.quad(lambda x: yb(x) * mpmath.betainc(n - k, k, 0, x,
                                                                       regularized=True),
                                    pts) / k
        elif name == "RR":
            def f(x):
                a = big_a(x)
                den = 1 - x - a
                if den == 0:
                    return yb(x) * n * x ** (n - 1)
                return yb(x) * ((1 - a) ** n - x**n) / den
            v = mpmath.quad(f, pts)
        elif name == "recall":
            return _expected_recall(curve, a_expr, n, k)
        else:
            raise ValueError(f"name: one of 'P', 'recall', 'RR', got {name!r}")
        return +v


def expected_linear(ybar, n: int, weights) -> sympy.Expr:
    """``E[sum_i w_i Y_(i)] = sum_i w_i E[ybar(U_(i:n))]`` for a measure linear in the
    labels of the top ``len(weights)`` ranks (RBP, P@k, DCG@k), exact for a polynomial
    ``ybar``: ``U_(i:n)`` (the i-th largest of n uniforms) is Beta(n - i + 1, i), so
    ``E[U_(i:n)^m] = prod_{j < m} (n - i + 1 + j) / (n + 1 + j)``.

    Examples
    --------
    ybar = s: E[U_(1:n)] = n / (n + 1):

    >>> expected_linear(s, 9, [1])
    9/10
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n: need a positive integer, got {n!r}")
    w = [sympy.nsimplify(x) if isinstance(x, float) else sympy.sympify(x) for x in weights]
    if not 1 <= len(w) <= n:
        raise ValueError(f"weights: need 1 to n = {n} of them, got {len(w)}")
    curve = label_curve(ybar)
    if not curve.is_polynomial(s):
        raise ValueError(f"ybar: expected_linear needs a polynomial in s, got {curve}")
    coeffs = sympy.Poly(curve, s).all_coeffs()[::-1]  # c_0, c_1, ...
    total = sympy.Integer(0)
    for i, wi in enumerate(w, start=1):
        moment, e = sympy.Integer(1), coeffs[0]
        for m in range(1, len(coeffs)):
            moment *= sympy.Rational(n - i + m, n + m)
            e += coeffs[m] * moment
        total += wi * e
    return total


def _gauss(edges, order: int = 48):
    """Gauss-Legendre nodes and weights on each interval between sorted ``edges``."""
    import numpy as np

    z, w = np.polynomial.legendre.leggauss(order)
    e = np.asarray(edges, dtype=np.float64)
    lo, hi = e[:-1, None], e[1:, None]
    return ((hi - lo) / 2 * z + (hi + lo) / 2).ravel(), ((hi - lo) / 2 * w).ravel()


def _expected_precision(curve, n: int, k: int) -> float:
    """E[P@k] = (n/k) int ybar(u) I_u(n-k, k) du in double precision (scipy's incomplete
    beta, Gauss-Legendre on intervals of width about ``sqrt(k)/n`` around ``1 - k/n``)."""
    import numpy as np
    from scipy.special import betainc

    yb = sympy.lambdify(s, curve, modules="numpy")
    width, centre = np.sqrt(k) / n, 1 - k / n
    us = sorted({0.0, 1.0} | {float(centre + j * width) for j in (-40, -12, -4, -1, 0, 1, 4,
                                                                   12, 40)
                              if 0 < centre + j * width < 1})
    u, w = _gauss(us)
    y = np.broadcast_to(np.asarray(yb(u), dtype=np.float64), u.shape)
    return float(n / k * np.sum(w * y * betainc(n - k, k, u)))


def _expected_recall(curve, a_expr, n: int, k: int) -> float:
    """E[recall@k] by the double integral of the module docstring, in double precision:
    Gauss-Legendre on intervals of width about ``sqrt(k)/n`` around ``v = 1 - k/n`` and
    ``1/(n p)`` below ``x = 1``, where the integrand concentrates; the powers in logs.
    160 nodes per interval: at n = 10^6 the result moves by under 1e-12 from 96 to 200
    nodes (48 were 1e-7 off); tested against the exact value of a constant ybar."""
    import numpy as np
    from scipy.special import betaln

    yb = sympy.lambdify(s, curve, modules="numpy")
    if a_expr.has(sympy.Integral):
        raise ValueError("ybar: recall@k's finite-n expectation needs int_u^1 ybar in "
                         "closed form")
    big_a = sympy.lambdify(s, a_expr, modules="numpy")
    p = float(big_a(0.0))
    width, centre = np.sqrt(k) / n, 1 - k / n
    vs = sorted({0.0, 1.0} | {float(centre + j * width) for j in (-40, -12, -4, -1, 0, 1, 4)
                              if 0 < centre + j * width < 1})
    v, wv = _gauss(vs, 160)
    xs = sorted({0.0, 1.0} | {1 - j / (n * p) for j in (1, 4, 16, 64) if j < n * p})
    x, wx = _gauss(xs, 160)
    a = np.broadcast_to(np.asarray(big_a(v), dtype=np.float64), v.shape)
    y = np.broadcast_to(np.asarray(yb(v), dtype=np.float64), v.shape)
    al, be = (a / (1 - v))[:, None], ((p - a) / v)[:, None]
    y = y[:, None]
    top = 1 - al + al * x[None, :]
    with np.errstate(divide="ignore"):
        log_z = (n - k) * np.log1p(be * (x[None, :] - 1))
        log_top = np.log(top)
        dx = y * np.exp((k - 1) * log_top + log_z)
        if k > 1:
            dx = dx + (1 - y + y * x[None, :]) * (k - 1) * al * np.exp(
                (k - 2) * log_top + log_z)
    log_dens = (n - k) * np.log(v) + (k - 1) * np.log1p(-v) - betaln(n - k + 1, k)
    return float(np.sum(wv * np.exp(log_dens) * (dx @ wx)))
