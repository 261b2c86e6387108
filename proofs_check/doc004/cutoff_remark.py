"""Document 004, the remark after Theorem 9: NDCG@k with k = cn distinguishes two ranking
functions "under the condition given in Theorem 2" (log discount) and "in Theorem 4"
(r^-beta). A cut at k = cn sees, in the limit, only the objects with canonical score in
[1 - c, 1], so the remark needs the curves to differ there."""

from __future__ import annotations

import mpmath
import numpy as np
import sympy

import rankmeasures as rm
from rankmeasures.theory import asymptotics as asy
from rankmeasures.theory.distinguish import model_win_rate

from ..registry import Location, Result, claim, verdict
from ._common import CUTOFF, DOC, DPS, S

#: the cut fraction c and the pair: ybar1 = ybar0 = s on [1 - c, 1]; below, ybar1 adds a
#: full sine wave of zero integral (same p = 1/2), Lipschitz, within [0, 1]
C = sympy.Rational(1, 5)
PAIR = (S, sympy.Piecewise((S + sympy.Rational(1, 5) * sympy.sin(2 * sympy.pi * S / (1 - C)),
                            S < 1 - C), (S, True)))


@claim("S004-T9d", doc=DOC, recorded="needs-assumption",
       at=Location(CUTOFF, "the remark after Theorem 9"),
       statement="NDCG@k with k = cn (log discount; r^-beta discount) consistently "
                 "distinguishes two ranking functions under the condition of Theorem 2 "
                 "(ybar0 != ybar1 on a set of positive measure; resp. Theorem 4)")
def s004_t9d(sizes=(10**3, 10**4), draws: int = 200, seed: int = 29) -> Result:
    y0, y1 = PAIR
    dy = sympy.simplify(y0 - y1)
    # Theorem 2's condition: same p, curves different on a set of positive measure
    same_p = sympy.integrate(y0 - y1, (S, 0, 1)) == 0
    with mpmath.workdps(DPS):
        f = sympy.lambdify(S, dy, modules="mpmath")
        l1_below = mpmath.quad(lambda x: abs(f(x)), [0, 1 - C])
        l1_top = mpmath.quad(lambda x: abs(f(x)), [1 - C, 1])
    grid = np.linspace(0, 1, 4001)
    in_range = bool(np.all((sympy.lambdify(S, y1)(grid) >= 0) & (sympy.lambdify(S, y1)(grid) <= 1)))
    theorem2_condition = bool(same_p and l1_below > 0.01 and in_range)
    cuts = {"log, k = n/5": rm.cutoff(rm.log2_discount, fraction=float(C)),
            "r^-1/2, k = n/5": rm.cutoff(rm.power_discount(0.5), fraction=float(C))}
    pseudo = {}
    with mpmath.workdps(DPS):
        for name, d in [*cuts.items(), ("log, no cut", rm.log2_discount)]:
            pseudo[name] = {f"n=1e{e}": float(asy.pseudo_expectation(y0, d, mpmath.mpf(10) ** e)
                                              - asy.pseudo_expectation(y1, d, mpmath.mpf(10) ** e))
                            for e in (3, 6, 100)}
    # the pseudo-expectation of NDCG@cn reads ybar only on [1 - c, 1]: the gap is 0 at every n
    cut_gap_zero = all(abs(g) < 1e-15 for name in cuts for g in pseudo[name].values())
    full_gap = all(g > 0 for g in pseudo["log, no cut"].values())
    # Monte Carlo on coupled samples: the counterexample pair, and a pair that differs on
    # [1 - c, 1] (s against 1/4 + s/2, the corrected condition)
    seeds = [seed + 7 * i for i in range(draws)]
    corr = (S, sympy.Rational(1, 4) + S / 2)
    rates, se = {}, float(np.sqrt(0.25 / draws))
    for n in sizes:
        rates[f"n={n}"] = {
            "counterexample, log k = n/5": model_win_rate(n, PAIR, cuts["log, k = n/5"],
                                                          seeds=seeds),
            "counterexample, log, no cut": model_win_rate(n, PAIR, rm.log2_discount,
                                                          seeds=seeds),
            "differ on [1-c, 1], log k = n/5": model_win_rate(n, corr, cuts["log, k = n/5"],
                                                              seeds=seeds)}
    last = rates[f"n={sizes[-1]}"]
    # printed: P[right order] -> 1 for the counterexample under NDCG@cn; it stays at 1/2
    stays_half = all(abs(r["counterexample, log k = n/5"] - 0.5) < 4 * se for r in rates.values())
    printed_ok = not (theorem2_condition and cut_gap_zero and stays_half)
    corrected_ok = last["differ on [1-c, 1], log k = n/5"] > 0.95 and full_gap
    return Result(verdict(printed_ok, corrected_ok, assumption=True),
                  f"sympy and mpmath (N_D(n) of both functions, n up to 1e100); Monte Carlo on "
                  f"coupled samples (model_win_rate), {draws} samples per n (seed {seed})",
                  {"c": str(C), "ybar0": str(y0), "ybar1": str(y1),
                   "int (ybar0 - ybar1) over [0, 1]": "0" if same_p else "non-zero",
                   "int |ybar0 - ybar1| over [0, 1 - c]": float(l1_below),
                   "int |ybar0 - ybar1| over [1 - c, 1]": float(l1_top),
                   "N0 - N1 (pseudo-expectation)": pseudo,
                   "P[NDCG(f0) > NDCG(f1)]": rates,
                   "binomial s.e. of a frequency": se,
                   "corrected": "the remark needs ybar0 != ybar1 on a non-null subset of "
                                "[1 - c, 1]: NDCG@cn's pseudo-expectation (and IDCG) depend on "
                                "ybar only there, so a pair equal on [1 - c, 1] has the same "
                                "N_D(n) at every n and P[NDCG(f0) > NDCG(f1)] stays at 1/2, "
                                "though the uncut log discount separates it (Theorem 2)"},
                  tolerance={"P[NDCG(f0) > NDCG(f1)]": {"abs": 1e-12}})
