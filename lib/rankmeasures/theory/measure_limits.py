"""Measures beyond DCG in Wang et al.'s model: their large-n limits and limit laws.

The model is Wang et al. (2013), Section 2, with binary relevance: n objects with canonical
scores ``U[0, 1]`` (Lemma 1), labels ``Y ~ Bernoulli(ybar(s))`` given the score, ranked by
score. Write ``eta(t) = ybar(1 - t)`` (the rate of relevance at the top fraction t of the
list), ``Phi(t) = int_0^t eta`` and ``p = Phi(1)``. These are results of this companion,
not of the documents (notebook 006 states and checks each one).

**The measures that converge** (almost surely, ``p > 0``; AUC also ``p < 1``):

* ``P@ceil(cn) -> Phi(c) / c`` and ``recall@ceil(cn) -> Phi(c) / p``, ``0 < c <= 1``;
* ``R-precision -> Phi(p) / p``;
* ``AP -> (1/p) int_0^1 eta(t) Phi(t) / t dt``;
* ``AUC -> int int_{t < u} eta(t) (1 - eta(u)) dt du / (p (1 - p))``.

*Proof sketch.* The pairs ``(s_i, y_i)`` are i.i.d.; the class of functions
``(s, y) -> y 1[s >= 1 - t]`` and ``(s, y) -> 1[s >= 1 - t]``, ``t in [0, 1]``, is a VC
class, so by Glivenko-Cantelli ``Phi_n(t) = (1/n) #{relevant in the top ceil(tn)}`` tends
to ``Phi(t)`` uniformly in t, almost surely (the top ``ceil(tn)`` ranks are the scores
above the empirical ``1 - t`` quantile, itself uniformly within ``o(1)`` of ``1 - t``;
Phi is 1-Lipschitz). Then ``R/n -> p``; P@ceil(cn), recall@ceil(cn) and R-precision are
``Phi_n`` at ``c`` or at ``R/n`` over ``c``, ``R/n``: the limits follow by continuity.
AP is ``(n/R) int Prec_n(t) dPhi_n(t)`` with ``Prec_n(t) = Phi_n(t) / (ceil(tn)/n)`` the
precision at depth ``ceil(tn)``: on ``[eps, 1]``, ``Prec_n -> Phi(t)/t`` uniformly and
``dPhi_n -> eta dt`` weakly (``Phi_n -> Phi`` uniformly; ``Phi(t)/t`` is continuous and
bounded there), and the part on ``[0, eps]`` is at most ``(n/R) Phi_n(eps) -> Phi(eps)/p
<= eps/p`` since the precision is at most 1; let ``eps -> 0``. AUC: the one-sample
U-statistic ``(1/n^2) sum_{i != j} y_i (1 - y_j) 1[s_i > s_j]`` of the i.i.d. pairs tends
to ``p (1 - p) P[s > s' | y = 1, y' = 0]`` (Hoeffding's strong law for U-statistics), the
double integral times ``p (1 - p)`` (scores are a.s. distinct); AUC is it over
``(R/n)(1 - R/n) -> p (1 - p)``.

**The top-heavy measures** (a weight bounded at the top: RR, RBP(phi), ERR@k, ERR, P@k,
NDCG@k with k fixed). Let ``q = ybar(1-)``. *Lemma (top labels).* For each fixed K the
labels at ranks 1..K converge in total variation to i.i.d. Bernoulli(q): given the
scores they are independent Bernoulli(ybar(U_(i))), the top K scores tend to 1 almost
surely, and the total-variation distance is at most ``sum_{i <= K} E|ybar(U_(i)) - q|
-> 0`` by dominated convergence. Each measure M is, up to a tail
at most ``w(K) -> 0`` uniformly in n (RR and ERR: ``1/(K+1)``, as the terms beyond rank K
carry 1/r and stop at most once; RBP: phi^K; P@k, NDCG@k: none once K >= k), a function
of the top K labels, so M converges in law to the same function of i.i.d.
Bernoulli(q) labels: a law that depends on f only through q (assumed to exist: ybar has
a left limit at 1), non-degenerate when ``0 < q < 1`` (so M does not converge in
probability to a constant; the analogue of Wang et al.'s
Theorem 6). Its mean and variance: :func:`top_law`. (NDCG@k's ideal DCG is that of k
relevant documents with probability tending to 1, as ``R -> infinity``.)

*Distinguishability* (:func:`pair_verdict`). Wang et al.'s Definition 3 (consistent
distinguishability) asks that, with probability ``1 - neg(N)`` (``neg`` smaller than every
power of N), ``M(f_b, S_n) > M(f_{1-b}, S_n)`` for all ``n >= N`` at once, on nested
samples. For the converging measures with different limits it holds: ``Z_n = sup_t
|Phi_n(t) - Phi(t)|`` has bounded differences 1/n (McDiarmid: ``P[Z_n >= E Z_n + z] <=
exp(-2 n z^2)``, ``E Z_n -> 0``), each measure is within a function of ``Z_n`` tending to
0 of its limit on ``{Z_n <= p/2}`` (AP through ``int Phi_n(t)/t dPhi_n``, split at eps),
AUC's U-statistic has bounded differences 2/n, and the union bound over ``n >= N`` is
exponentially small (notebook 006, Result 3). For RR, P@k, NDCG@k, ERR@k (k fixed) the maximum
is reached when the top k' labels of f1 are relevant (k' = 1 for RR, k otherwise), with
probability tending to ``q1^k'``; on that event ``M(f0) <= M(f1)``. So, under any
coupling of the two rankings, ``limsup P[M(f0) > M(f1)] <= 1 - q1^k' < 1`` when
``q1 > 0``: no pair with ``q0, q1 > 0`` is distinguishable even in probability, in
either direction. For RBP and ERR (no cut) the limit laws have no atom at their maximum; for
rankings of independent samples ``limsup P[M(f0) > M(f1)] <= P[L(q0) >= L'(q1)] < 1``
(portmanteau; both laws put mass near their extremes); the same holds on
:func:`~rankmeasures.theory.distinguish.coupled_sample`'s coupling (proof sketch in
notebook 006, Result 4': the two rankings' tops are disjoint with probability -> 1 and
asymptotically independent). For a general coupling the top rates do not decide:
under Wang et al.'s delta-condition (their Theorem 6: ``delta <= P[Y = 1 | X = x] <= 1 -
delta`` for every object), no pair of ranking functions is distinguishable by RBP or ERR
even in probability, ``P[M(f0) > M(f1)] <= 1 - c(delta) < 1`` at every n (notebook 006,
Result 5: condition on the objects, take the first rank where the rankings differ and
prescribe the labels of a window of ranks after it); ``coupled_sample`` meets it when both
curves stay in ``[eps, 1 - eps]``. Without it, a pair with ``0 < q0, q1 < 1`` can be
consistently distinguishable (Result 6: f1 moves a random half of the relevant objects
down, labels being functions of the features), even with equal top rates. So from two
curves alone :func:`pair_verdict` answers "undecided" for RBP and ERR, and "not
distinguishable" only when told that the delta-condition holds.

The exact finite-n expectations of P@k, recall@k, RR and the measures linear in the top
labels are in :mod:`~rankmeasures.theory.measure_finite`.
"""

from __future__ import annotations

from typing import Any

import mpmath
import sympy

from .asymptotics import s

__all__ = ["CONVERGING", "TOP_HEAVY", "eta_phi", "limit", "top_rate", "top_law",
           "top_grade_law", "top_law_graded", "pair_verdict", "analyse_measure"]

#: the measures with an almost-sure limit, and whether they take a cut fraction c
CONVERGING = {"AP": False, "Rprec": False, "P": True, "recall": True, "AUC": False}
#: the top-heavy measures with a limit law: name -> whether they take a cut-off k
TOP_HEAVY = {"RR": False, "RBP": False, "ERR": None, "P@k": True, "NDCG@k": True}

_t, _u = sympy.symbols("t u", positive=True)


def label_curve(ybar) -> sympy.Expr:
    """``ybar`` as a sympy expression in ``asymptotics.s`` (a number is a constant); a
    ValueError names any other symbol. Shared with
    :mod:`~rankmeasures.theory.measure_finite`; not in ``__all__``.

    Examples
    --------
    >>> label_curve(0.5), label_curve(s / 2)
    (1/2, s/2)
    """
    if isinstance(ybar, int | float | sympy.Basic) and not isinstance(ybar, bool):
        e = sympy.nsimplify(ybar) if isinstance(ybar, float) else sympy.sympify(ybar)
        if e.free_symbols - {s}:
            raise ValueError(f"ybar: may depend on s only, got {e}")
        return e
    raise ValueError(f"ybar: need a sympy expression in s or a number, got {ybar!r}")


def eta_phi(ybar) -> tuple[sympy.Expr, sympy.Expr | None, sympy.Expr | None]:
    """``(eta(t), Phi(t), p)`` in the symbol ``t``; Phi and p None where sympy finds no
    closed form.

    Examples
    --------
    >>> eta_phi(s)
    (1 - t, -t**2/2 + t, 1/2)
    """
    eta = sympy.expand(label_curve(ybar).subs(s, 1 - _t))
    phi = sympy.integrate(eta, (_t, 0, _t))
    if phi.has(sympy.Integral):
        return eta, None, None
    phi = sympy.expand(phi)
    return eta, phi, sympy.simplify(phi.subs(_t, 1))


def _closed(expr) -> sympy.Expr | None:
    return None if expr is None or expr.has(sympy.Integral) else sympy.simplify(expr)


def _mp(expr):
    return sympy.lambdify(_t, expr, modules="mpmath")


def limit(name: str, ybar, *, cut=None, dps: int = 30) -> dict[str, Any]:
    """The almost-sure limit of a converging measure (module docstring).

    Parameters
    ----------
    name : {"AP", "Rprec", "P", "recall", "AUC"}
    ybar : sympy expression in ``asymptotics.s``, or a number
    cut : number in (0, 1], for "P" and "recall": the cut-off ``ceil(cut n)``
    dps : int
        Decimal digits of the quadrature.

    Returns
    -------
    dict with ``closed`` (a sympy number, or None where sympy finds no closed form) and
    ``value`` (mpmath, by quadrature of the defining integral, independent of ``closed``).

    Examples
    --------
    >>> limit("AP", s)["closed"], limit("AUC", s)["closed"], limit("P", s, cut=0.5)["closed"]
    (5/6, 5/6, 3/4)
    """
    if name not in CONVERGING:
        raise ValueError(f"name: one of {sorted(CONVERGING)}, got {name!r}")
    c: Any = None
    if CONVERGING[name]:
        c = sympy.nsimplify(cut) if cut is not None else None
        if c is None or not (0 < c <= 1):
            raise ValueError(f"cut: {name} needs a fraction in (0, 1], got {cut!r}")
    elif cut is not None:
        raise ValueError(f"cut: {name} takes no cut, got {cut!r}")
    eta, phi, p_closed = eta_phi(ybar)
    p: Any = p_closed
    closed = None
    if phi is not None:
        if not (0 < p <= 1) or (name == "AUC" and p == 1):
            raise ValueError(f"ybar: need 0 < p{' < 1' if name == 'AUC' else ''}, got p = {p}")
        if name == "P":
            closed = phi.subs(_t, c) / c
        elif name == "recall":
            closed = phi.subs(_t, c) / p
        elif name == "Rprec":
            closed = phi.subs(_t, p) / p
        elif name == "AP":
            closed = sympy.integrate(sympy.cancel(eta * phi / _t), (_t, 0, 1)) / p
        else:
            inner = sympy.integrate((1 - eta).subs(_t, _u), (_u, _t, 1))
            closed = sympy.integrate(sympy.expand(eta * inner), (_t, 0, 1)) / (p * (1 - p))
        closed = _closed(closed)
    with mpmath.workdps(dps + 5):
        e = _mp(eta)

        def big_phi(x):
            return mpmath.quad(e, [0, x])

        pn = big_phi(1)
        if name == "P":
            v = big_phi(mpmath.mpf(c.p) / c.q) / (mpmath.mpf(c.p) / c.q)
        elif name == "recall":
            v = big_phi(mpmath.mpf(c.p) / c.q) / pn
        elif name == "Rprec":
            v = big_phi(pn) / pn
        elif name == "AP":
            v = mpmath.quad(lambda x: e(x) * big_phi(x) / x, [0, 1]) / pn
        else:
            v = mpmath.quad(lambda x: e(x) * (1 - x - (pn - big_phi(x))), [0, 1]) / (
                pn * (1 - pn))
        value = +v
    return {"closed": closed, "value": value}


def top_rate(ybar) -> sympy.Expr:
    """``q = ybar(1-)``, the rate of relevance at the top of the list."""
    return sympy.limit(label_curve(ybar), s, 1, "-")


def _discount_sums(k: int) -> tuple:
    d = [1 / sympy.log(r + 1, 2) for r in range(1, k + 1)]
    return sum(d), sum(x**2 for x in d)


def top_law(name: str, q, *, k: int | None = None, phi=None, dps: int = 30
            ) -> dict[str, Any]:
    """The limit law of a top-heavy measure whose top labels are i.i.d. Bernoulli(q)
    (module docstring): its mean and variance, exact in q (sympy).

    Parameters
    ----------
    name : {"RR", "RBP", "ERR", "P@k", "NDCG@k"}
        ERR as trec_eval's with ``max_grade`` 1: a relevant rank stops with probability
        ``rho = 1/2``, so ``rho = q/2`` per rank; NDCG@k with trec_eval's 1/log2(r + 1).
    q : sympy number or symbol, in [0, 1]
    k : int, the cut-off of P@k, NDCG@k and ERR@k (None for ERR without a cut)
    phi : the persistence of RBP, in (0, 1)

    Returns
    -------
    dict with ``mean``, ``variance`` (sympy), ``law`` (a sentence) and
    ``degenerate`` (whether the law is a point mass: q in {0, 1}).

    Examples
    --------
    >>> q = sympy.Rational(1, 2)
    >>> top_law("RR", q)["mean"]
    log(2)
    >>> top_law("RBP", q, phi=sympy.Rational(1, 2))["variance"]
    1/12
    """
    q = sympy.sympify(q)
    if q.is_number and not (0 <= q <= 1):
        raise ValueError(f"q: need a rate in [0, 1], got {q}")
    if name in ("P@k", "NDCG@k") or (name == "ERR" and k is not None):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k: {name} needs a positive integer cut-off, got {k!r}")
    elif k is not None:
        raise ValueError(f"k: {name} takes no cut-off, got {k!r}")
    if name == "RR":
        mean = sympy.Piecewise((0, sympy.Eq(q, 0)), (1, sympy.Eq(q, 1)),
                               (-q * sympy.log(q) / (1 - q), True))
        second = sympy.Piecewise((0, sympy.Eq(q, 0)), (1, sympy.Eq(q, 1)),
                                 (q * sympy.polylog(2, 1 - q) / (1 - q), True))
        law = "1/G, G geometric on {1, 2, ...} with success probability q (0 when q = 0)"
    elif name == "RBP":
        phi = sympy.nsimplify(phi) if phi is not None else None
        if phi is None or not (0 < phi < 1):
            raise ValueError(f"phi: RBP needs a persistence in (0, 1), got {phi!r}")
        mean, law = q, "(1 - phi) sum_i phi^(i-1) B_i, B_i i.i.d. Bernoulli(q)"
        second = mean**2 + (1 - phi) * q * (1 - q) / (1 + phi)
    elif name == "P@k":
        mean, law = q, "Binomial(k, q) / k"
        second = q**2 + q * (1 - q) / k
    elif name == "NDCG@k":
        assert k is not None  # checked above
        sd, sd2 = _discount_sums(k)
        mean, law = q, "sum_{r<=k} B_r / log2(r+1) over sum_{r<=k} 1/log2(r+1)"
        second = q**2 + q * (1 - q) * sd2 / sd**2
    elif name == "ERR":
        mean, second = _err_moments(q / 2, q / 4, k)
        law = "sum_r (1/r) R_r prod_{i<r} (1 - R_i), R_i = B_i / 2, B_i i.i.d. Bernoulli(q)"
    else:
        raise ValueError(f"name: one of {sorted(TOP_HEAVY)}, got {name!r}")
    infinite = isinstance(second, sympy.Expr) and second.has(sympy.Sum)
    variance = second - mean**2 if infinite else sympy.simplify(second - mean**2)
    degenerate = bool(q.is_number and q in (0, 1))
    out = {"mean": sympy.simplify(mean), "variance": variance, "law": law,
           "degenerate": degenerate}
    if q.is_number:  # the numbers, to dps digits
        with mpmath.workdps(dps + 5):
            if infinite:
                m, sec = _err_moments_mp(mpmath.mpf(sympy.N(q / 2, dps + 10)),
                                         mpmath.mpf(sympy.N(q / 4, dps + 10)))
            else:
                m = mpmath.mpf(sympy.N(out["mean"], dps + 10))
                sec = m**2 + mpmath.mpf(sympy.N(variance, dps + 10))
            out["mean_value"], out["variance_value"] = +m, +(sec - m**2)
    return out


def top_grade_law(model) -> dict:
    """The grade law at the top of the list, ``{grade: lim_{s -> 1-} P[Y = grade | s]}``,
    of an ``asymptotics.GradedRelevance`` whose probabilities are sympy expressions in
    ``s`` (the top labels of the lemma in the module docstring, graded)."""
    from .relevance import GradedRelevance

    if not isinstance(model, GradedRelevance):
        raise ValueError(f"model: need an asymptotics.GradedRelevance, got {model!r}")
    law = {}
    for v, pr in zip(model.raw_values, model.prob_specs, strict=True):
        if not isinstance(pr, sympy.Basic):
            raise ValueError("model: the probabilities must be sympy expressions in s")
        law[v] = sympy.limit(pr, s, 1, "-")
    if sympy.simplify(sum(law.values()) - 1) != 0:
        raise ValueError(f"model: the top probabilities do not sum to 1: {law}")
    return law


def top_law_graded(name: str, law: dict, *, max_grade, k: int | None = None, phi=None,
                   dps: int = 30) -> dict[str, Any]:
    """The limit law of a top-heavy measure whose top grades are i.i.d. with ``law``
    (``{grade: probability}``, grades >= 0): mean and variance, with trec_eval's gains.

    * ERR: a rank of grade g stops with probability ``(2^g - 1) / 2^max_grade``
      (``max_grade`` the largest grade of the qrels, trec_eval's default: with
      probability tending to 1 the largest grade of positive probability overall);
    * NDCG@k: gain g, the ideal being k documents of ``max_grade`` (as there are more
      than k with probability tending to 1): ``sum_r D(r) g_r / (max_grade sum_r D(r))``;
    * RBP: gain ``g / max_grade`` (trec_eval's ``m_rbp.c``);
    * RR and P@k: relevance is a grade >= 1, i.e. :func:`top_law` with ``q = P[g >= 1]``.

    Examples
    --------
    Grades 0, 1, 2 with probabilities 1/2, 1/4, 1/4 at the top, NDCG@1: the gain over 2,
    mean (1/4 + 1/2)/2 = 3/8:

    >>> half, quarter = sympy.Rational(1, 2), sympy.Rational(1, 4)
    >>> top_law_graded("NDCG@k", {0: half, 1: quarter, 2: quarter}, max_grade=2, k=1)["mean"]
    3/8
    """
    law = {sympy.nsimplify(g): sympy.nsimplify(pr) for g, pr in law.items()}
    if not law or any(g < 0 or pr < 0 for g, pr in law.items()) or sum(law.values()) != 1:
        raise ValueError(f"law: need grades >= 0 with probabilities summing to 1, got {law}")
    gmax = sympy.nsimplify(max_grade)
    if gmax < max(law) or gmax <= 0:
        raise ValueError(f"max_grade: need a positive grade >= every grade of law, got "
                         f"{max_grade!r}")
    if name in ("RR", "P@k"):
        return top_law(name, sum(pr for g, pr in law.items() if g >= 1), k=k, dps=dps)
    if name in ("NDCG@k",) or (name == "ERR" and k is not None):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k: {name} needs a positive integer cut-off, got {k!r}")
    elif k is not None:
        raise ValueError(f"k: {name} takes no cut-off, got {k!r}")

    def moment(fn, power=1):
        return sum(pr * fn(g) ** power for g, pr in law.items())

    infinite = False
    if name == "ERR":
        def stop(g):
            return (2**g - 1) / 2**gmax
        rho, rho2 = moment(stop), moment(stop, 2)
        if k is None:
            infinite = True
            mean = sympy.Piecewise((0, sympy.Eq(rho, 0)), (-rho * sympy.log(rho) / (1 - rho),
                                                           True))
            second = None
        else:
            mean, second = _err_moments(rho, rho2, k)
    elif name == "NDCG@k":
        assert k is not None  # checked above
        sd, sd2 = _discount_sums(k)
        mean = moment(lambda g: g / gmax)
        second = mean**2 + (moment(lambda g: g / gmax, 2) - mean**2) * sd2 / sd**2
    elif name == "RBP":
        phi = sympy.nsimplify(phi) if phi is not None else None
        if phi is None or not (0 < phi < 1):
            raise ValueError(f"phi: RBP needs a persistence in (0, 1), got {phi!r}")
        mean = moment(lambda g: g / gmax)
        second = mean**2 + (1 - phi) * (moment(lambda g: g / gmax, 2) - mean**2) / (1 + phi)
    else:
        raise ValueError(f"name: one of {sorted(TOP_HEAVY)}, got {name!r}")
    with mpmath.workdps(dps + 5):
        if infinite:
            m, sec = _err_moments_mp(mpmath.mpf(sympy.N(rho, dps + 10)),
                                     mpmath.mpf(sympy.N(rho2, dps + 10)))
            variance = None
        else:
            variance = sympy.simplify(second - mean**2)
            m = mpmath.mpf(sympy.N(mean, dps + 10))
            sec = m**2 + mpmath.mpf(sympy.N(variance, dps + 10))
        out = {"mean": sympy.simplify(mean), "variance": variance,
               "mean_value": +m, "variance_value": +(sec - m**2)}
    return out


def _err_moments(rho, rho2, k):
    """E and E[.^2] of sum_{r<=k} (1/r) R_r prod_{i<r}(1 - R_i), R_i i.i.d. with
    E R = rho, E R^2 = rho2: E[T_r] = rho (1-rho)^(r-1), E[T_r^2] = rho2 m2^(r-1) with
    m2 = E(1-R)^2, E[T_r T_s] = m2^(r-1) (rho - rho2) (1-rho)^(s-r-1) rho for r < s."""
    m2 = 1 - 2 * rho + rho2
    mu11 = rho - rho2
    if k is not None:
        mean = sum(rho * (1 - rho) ** (r - 1) / r for r in range(1, k + 1))
        second = sum(rho2 * m2 ** (r - 1) / r**2 for r in range(1, k + 1)) + 2 * sum(
            m2 ** (r - 1) * mu11 * (1 - rho) ** (sv - r - 1) * rho / (r * sv)
            for r in range(1, k + 1) for sv in range(r + 1, k + 1))
        return sympy.expand(mean), sympy.expand(second)
    mean = sympy.Piecewise((0, sympy.Eq(rho, 0)), (-rho * sympy.log(rho) / (1 - rho), True))
    r = sympy.Symbol("r", integer=True, positive=True)
    second = (rho2 * sympy.polylog(2, m2) / m2
              + 2 * mu11 * rho * sympy.Sum(m2 ** (r - 1) / r * sympy.lerchphi(1 - rho, 1, r + 1),
                                           (r, 1, sympy.oo)))
    return mean, second


def _err_moments_mp(rho, rho2):
    """:func:`_err_moments` without a cut-off, numerically at the working precision.
    The inner sums ``S_r = sum_{j >= 0} x^j / (j + r + 1)``, ``x = 1 - rho`` (Lerch's
    transcendent), by the backward recurrence ``S_{r-1} = 1/r + x S_r``, which shrinks
    the error of its start by x per step; the outer series stops where ``m2^r`` is below
    the working precision."""
    if rho == 0:
        return mpmath.mpf(0), mpmath.mpf(0)
    m2, mu11, x = 1 - 2 * rho + rho2, rho - rho2, 1 - rho
    mean = -rho * mpmath.log(rho) / (1 - rho)
    eps = mpmath.mpf(10) ** (-mpmath.mp.dps - 3)
    outer = int(mpmath.ceil(mpmath.log(eps) / mpmath.log(m2))) + 2
    start = outer + int(mpmath.ceil(mpmath.log(eps) / mpmath.log(x))) + 2
    inner = 1 / ((start + 1) * (1 - x))  # S_start, its error shrunk by x^(start - outer)
    sums = {}
    for r in range(start, 0, -1):
        if r <= outer:
            sums[r] = inner
        inner = 1 / mpmath.mpf(r) + x * inner  # S_{r-1}
    second = rho2 * mpmath.polylog(2, m2) / m2 + 2 * mu11 * rho * mpmath.fsum(
        m2 ** (r - 1) / r * sums[r] for r in range(1, outer + 1))
    return mean, second


def pair_verdict(name: str, ybar0, ybar1, *, cut=None, k: int | None = None,
                 dps: int = 30, delta_condition: bool = False) -> dict[str, Any]:
    """Whether the measure distinguishes two ranking functions with these ``ybar``
    (module docstring; notebook 006, Results 3-6).

    Parameters
    ----------
    name : a key of :data:`CONVERGING` or :data:`TOP_HEAVY`
    ybar0, ybar1 : the two relevance curves (sympy expressions in ``asymptotics.s``)
    cut, k : as in :func:`analyse_measure`
    dps : working precision of the limits
    delta_condition : bool
        Whether Wang et al.'s delta-condition is known to hold for the pair's model
        (``delta <= P[Y = 1 | X = x] <= 1 - delta`` for every object x). Two curves do not
        imply it: ``ybar(s)`` is ``P[Y = 1]`` given the score, an average over the objects
        with that score. It matters only for RBP and ERR without a cut.

    Returns
    -------
    dict with ``verdict``, ``better`` (0 or 1 for the function with the larger limit,
    else None) and ``reason``. ``verdict`` is ``"distinguishable"`` (the limits differ:
    consistently distinguishable in Definition 3's sense, under any coupling),
    ``"not distinguishable"`` (not even in probability: a proven bound below 1 on both
    directions under any coupling -- RR, P@k, NDCG@k, ERR@k -- or, for RBP and ERR,
    under the delta-condition) or ``"undecided"``: equal almost-sure limits, a boundary
    top rate, or RBP and ERR from the two curves alone, where the answer depends on the
    coupling of the two rankings, which the curves do not fix (Result 5: not
    distinguishable under the delta-condition; Result 6: distinguishable pairs exist
    without it, even with equal top rates).

    Examples
    --------
    >>> pair_verdict("RBP", (1 + s) / 3, sympy.Rational(1, 2))["verdict"]
    'undecided'
    >>> pair_verdict("RBP", (1 + s) / 3, sympy.Rational(1, 2),
    ...              delta_condition=True)["verdict"]
    'not distinguishable'
    """
    if name in CONVERGING:
        a, b = (limit(name, y, cut=cut, dps=dps)["value"] for y in (ybar0, ybar1))
        if abs(a - b) > mpmath.mpf(10) ** (5 - dps):
            better = 0 if a > b else 1
            return {"verdict": "distinguishable", "better": better,
                    "reason": f"the almost-sure limits differ ({mpmath.nstr(a, 8)} vs "
                              f"{mpmath.nstr(b, 8)})"}
        return {"verdict": "undecided", "better": None,
                "reason": "the almost-sure limits are equal: their fluctuations decide"}
    q0, q1 = top_rate(ybar0), top_rate(ybar1)
    if not (0 < q0 < 1 and 0 < q1 < 1):
        return {"verdict": "undecided", "better": None,
                "reason": f"a top rate on the boundary (q0 = {q0}, q1 = {q1}): not analysed"}
    if name in ("RR", "P@k", "NDCG@k") or (name == "ERR" and k is not None):
        # ERR@k, too, is at its maximum when the top k are relevant (notebook 006, Result 4)
        kk = 1 if name == "RR" else k
        return {"verdict": "not distinguishable", "better": None,
                "reason": f"either function's measure is at its maximum with probability "
                          f"tending to q^{kk} > 0 (q0 = {q0}, q1 = {q1}): "
                          f"limsup P[M(f0) > M(f1)] <= {1 - q1**kk}, and the reverse "
                          f"<= {1 - q0**kk}, under any coupling"}
    if delta_condition:
        return {"verdict": "not distinguishable", "better": None,
                "reason": f"under Wang et al.'s delta-condition, given for this model, "
                          f"P[M(f0) > M(f1)] <= 1 - c(delta) < 1 at every n, both ways, "
                          f"under any coupling (notebook 006, Result 5; q0 = {q0}, "
                          f"q1 = {q1})"}
    return {"verdict": "undecided", "better": None,
            "reason": f"the curves do not decide: it depends on the coupling of the "
                      f"two rankings, which they do not fix (q0 = {q0}, q1 = {q1}). "
                      f"Not distinguishable for rankings of independent samples "
                      f"(Result 4'(a)) and, under Wang et al.'s delta-condition (P[Y = 1] "
                      f"given the object in [delta, 1 - delta] for every object), for any "
                      f"coupling (Result 5); without it some pairs are consistently "
                      f"distinguishable, even with equal top rates (Result 6; notebook 006)"}


def _is_graded(ybar) -> bool:
    from .relevance import GradedRelevance

    return isinstance(ybar, GradedRelevance)


def analyse_measure(name: str, ybar, *, cut=None, k: int | None = None, phi=None,
                    ybar_other=None, dps: int = 30,
                    delta_condition: bool = False) -> dict[str, Any]:
    """One measure in Wang et al.'s binary model: the entry point of the variant tool.

    Parameters
    ----------
    name : a key of :data:`CONVERGING` or :data:`TOP_HEAVY`
    ybar, ybar_other : sympy expressions in ``asymptotics.s`` (the second optional: a pair);
        for a top-heavy measure ``ybar`` may be an ``asymptotics.GradedRelevance`` with
        sympy probabilities (:func:`top_law_graded`; no pair verdict)
    cut : the fraction c of P@ceil(cn) and recall@ceil(cn)
    k, phi : the cut-off of P@k, NDCG@k, ERR@k; RBP's persistence
    delta_condition : whether Wang et al.'s delta-condition holds for the pair's model
        (:func:`pair_verdict`)

    Returns
    -------
    dict with ``converges`` (bool: almost surely for the converging measures, in
    probability for a top-heavy one with a point-mass law, q in {0, 1}), ``limit``
    (sympy closed form or None), ``limit_value`` (mpmath), for a top-heavy measure
    ``law``, ``law_mean``, ``law_variance`` and ``q``, and with ``ybar_other`` the
    ``pair`` verdict of :func:`pair_verdict`.

    Examples
    --------
    RR of a function with ybar(1-) = 2/3 has a limit law of mean -2 ln(2/3); with
    ybar(1-) = 1 it tends to 1 in probability:

    >>> r = analyse_measure("RR", (1 + s) / 3)
    >>> r["converges"], r["q"], r["law_mean"]
    (False, 2/3, -log(4/9))
    >>> analyse_measure("RR", s**2)["converges"]
    True
    >>> analyse_measure("AP", s)["limit"]
    5/6
    """
    out: dict[str, Any] = {"measure": name}
    if name in CONVERGING:
        lim = limit(name, ybar, cut=cut, dps=dps)
        out.update(converges=True, limit=lim["closed"], limit_value=lim["value"])
    elif name in TOP_HEAVY and _is_graded(ybar):
        # graded: the largest grade is taken to have positive probability overall (it
        # then fills the ideal ranking and sets ERR's and RBP's scale)
        law = top_grade_law(ybar)
        res = top_law_graded(name, law, max_grade=max(ybar.raw_values), k=k, phi=phi,
                             dps=dps)
        degenerate = res["variance_value"] == 0
        out.update(converges=degenerate, top_grades=law, law_mean=res["mean"],
                   law_variance=res["variance"], limit=res["mean"] if degenerate else None,
                   limit_value=res["mean_value"] if degenerate else None)
    elif name in TOP_HEAVY:
        q = top_rate(ybar)
        law = top_law(name, q, k=k, phi=phi)
        out.update(converges=law["degenerate"], q=q, law=law["law"], law_mean=law["mean"],
                   law_variance=law["variance"],
                   limit=law["mean"] if law["degenerate"] else None,
                   limit_value=law["mean_value"] if law["degenerate"] else None)
    else:
        raise ValueError(f"name: one of {sorted(CONVERGING) + sorted(TOP_HEAVY)}, "
                         f"got {name!r}")
    if ybar_other is not None:
        out["pair"] = pair_verdict(name, ybar, ybar_other, cut=cut, k=k, dps=dps,
                                   delta_condition=delta_condition)
    return out
