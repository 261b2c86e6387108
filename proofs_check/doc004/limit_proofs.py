"""Document 004, the appendix's proofs of the limits: Claims 1-5 and 20, eq. (30), the
steps of the proofs of Theorems 1 and 14, and Lemma 4's constant."""

from __future__ import annotations

import mpmath
import numpy as np
import sympy

import rankmeasures as rm
from rankmeasures.theory import asymptotics as asy
from rankmeasures.theory import relevance as rel
from rankmeasures.theory.simulate import simulate_ndcg

from ..registry import Location, Result, claim, verdict
from ._common import (
    APPENDIX_A,
    APPENDIX_B,
    APPENDIX_D,
    CURVES,
    DOC,
    DPS,
    LEVEL,
    S,
    t_multiple,
)


@claim("S004-C5/C20", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "Claim 5; Claim 20 in Appendix C"),
       statement="Claims 5 and 20: int log^k x dx = k! sum_{j=0}^k (-1)^(k-j) x log^j x / j! + C, "
                 "hence int_0^{2/n} log^k x dx = O(log^k n / n)")
def s004_c5(max_k: int = 8, sign_shift: int = 0) -> Result:
    x = sympy.Symbol("x", positive=True)
    ok = True
    for k in range(max_k + 1):
        anti = sympy.factorial(k) * sum((-1) ** (k - j + sign_shift) * x * sympy.log(x) ** j
                                        / sympy.factorial(j) for j in range(k + 1))
        ok &= sympy.simplify(sympy.diff(anti, x) - sympy.log(x) ** k) == 0
    # the O(.) bound: n/log^k n * |int_0^{2/n} log^k| tends to 2 (the constant of the O)
    ratios = {}
    with mpmath.workdps(DPS):
        for k in (1, 3):
            for e in (3, 10, 50):
                nn = mpmath.mpf(10) ** e
                val = mpmath.quad(lambda t, k=k: mpmath.log(t) ** k, [0, 2 / nn])
                ratios[f"k={k}, n=1e{e}"] = mpmath.nstr(abs(val) * nn / mpmath.log(nn) ** k, 8)
    return Result(verdict(ok), f"sympy differentiation for k <= {max_k}; mpmath ratios",
                  {"n |int_0^{2/n} log^k| / log^k n": ratios})


@claim("S004-L4c", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "proof of Lemma 4"),
       statement="proof of Lemma 4: |D'(1)| + D(1) <= 10 for D(r) = 1/log(1+r)")
def s004_l4c(bound: float = 10) -> Result:
    r = sympy.Symbol("r", positive=True)
    dexpr = 1 / sympy.log(1 + r)
    val = sympy.Abs(sympy.diff(dexpr, r).subs(r, 1)) + dexpr.subs(r, 1)
    exact = sympy.simplify(val)
    return Result(verdict(float(exact) <= bound), "sympy",
                  {"|D'(1)| + D(1)": str(exact), "value": float(exact)})


@claim("S004-E30", doc=DOC, recorded="erratum",
       at=Location(APPENDIX_B, "eq. (30), in the proof of Lemma 4"),
       statement="eq. (30): Hoeffding's bound uses (D(r))^2 <= D(r) for all r, giving "
                 "2 exp(-2 eps^2 / F(n))")
def s004_e30(max_n: int = 10**6) -> Result:
    d1 = 1 / mpmath.log(2)
    printed_ok = d1**2 <= d1
    # corrected: sum_{r<=n} D(r)^2 <= F(n) (what (30) needs) holds from some n0 on
    w = rm.log_discount.weights(max_n)
    sq = np.cumsum(w**2)
    f_vals = np.array([float(rm.log_discount.integral(t)) for t in range(1, 101)])
    small_fail = [t for t in range(1, 101) if sq[t - 1] > f_vals[t - 1]]
    n0 = (max(small_fail) + 1) if small_fail else 1
    # beyond 100 the sums grow apart: check on a log grid up to max_n
    grid = np.unique(np.logspace(2, np.log10(max_n), 40).astype(int))
    beyond_ok = all(sq[t - 1] <= float(rm.log_discount.integral(int(t))) for t in grid)
    return Result(verdict(bool(printed_ok), beyond_ok),
                  f"mpmath at r = 1; the sums of D^2 against F(n) for n <= {max_n}",
                  {"D(1)": float(d1), "D(1)^2": float(d1**2),
                   "corrected": f"D(r) <= 1 only for r >= e - 1, so (D(r))^2 <= D(r) fails at "
                                f"r = 1; the variance bound (30) needs sum_r D(r)^2 <= F(n), "
                                f"which holds for every n from {n0} to 100, on a log grid "
                                f"of n up to {max_n}, and asymptotically (sum D^2 ~ "
                                "n / log^2 n, "
                                "F(n) ~ n / log n)",
                   "n_where_sum_D2_exceeds_F": small_fail})


@claim("S004-T14s", doc=DOC, recorded="verified",
       at=Location(APPENDIX_A, "proof of Theorem 14"),
       statement="proof of Theorem 14: sum_{n>=N} e^{-n^{1/4}} <= O(N^{3/4} e^{-N^{1/4}}) "
                 "<= O(e^{-N^{1/5}})")
def s004_t14s() -> Result:
    rows, ok = {}, True
    with mpmath.workdps(DPS):
        prev1 = prev2 = None
        for e in (4, 8, 16, 32):
            nn = mpmath.mpf(10) ** e
            a = nn ** mpmath.mpf(0.25)
            # sum_{m>=N} e^{-m^1/4} lies between the integral from N and that plus e^{-a};
            # int_N^inf e^{-m^1/4} dm = 4 Gamma(4, N^1/4) (substitute m = t^4)
            integral = 4 * mpmath.gammainc(4, a)
            tail_hi = integral + mpmath.exp(-a)
            mid = nn ** mpmath.mpf(0.75) * mpmath.exp(-a)
            r1 = tail_hi / mid  # bounded: tends to 4
            r2 = mid / mpmath.exp(-(nn ** mpmath.mpf(0.2)))  # tends to 0
            if prev1 is not None:
                ok &= r1 < prev1 and r2 < prev2
            prev1, prev2 = r1, r2
            rows[f"N=1e{e}"] = {"tail / (N^3/4 e^-N^1/4)": mpmath.nstr(r1, 8),
                                "(N^3/4 e^-N^1/4) / e^-N^1/5": mpmath.nstr(r2, 8)}
        ok &= abs(prev1 - 4) < mpmath.mpf("0.01")
    return Result(verdict(ok), "mpmath: the tail bracketed by 4 Gamma(4, N^1/4), 30 digits",
                  rows)


@claim("S004-T1p", doc=DOC, recorded="verified",
       at=Location(APPENDIX_D, "proof of Theorem 1, eq. (40)"),
       statement="proof of Theorem 1, eq. (40): with all relevant objects at the bottom, "
                 "[Li(n+1) - Li(n(1-p+n^-1/3)+1)] / Li(n(p+n^-1/3)+1) >= 1 - o(1)")
def s004_t1p(p: float = 0.3) -> Result:
    vals = {}
    with mpmath.workdps(DPS):
        pp = mpmath.mpf(repr(p))
        for e in (3, 10, 30, 100):
            nn = mpmath.mpf(10) ** e
            eps = nn ** (-mpmath.mpf(1) / 3)

            def li(t):
                return mpmath.li(t, offset=True)

            vals[e] = (li(nn + 1) - li(nn * (1 - pp + eps) + 1)) / li(nn * (pp + eps) + 1)
    seq = list(vals.values())
    ok = all(abs(1 - b) < abs(1 - a) for a, b in zip(seq, seq[1:], strict=False)) and abs(
        1 - seq[-1]) < 0.01
    return Result(verdict(ok), "mpmath offset logarithmic integral, n to 1e100",
                  {f"n=1e{e}": mpmath.nstr(v, 15) for e, v in vals.items()})


@claim("S004-C1", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "Claim 1"),
       statement="Claim 1: sum_{r=1}^n density[ftilde(x_(r)) = s] = n for every s in [0, 1]")
def s004_c1(max_n: int = 12, extra: int = 0) -> Result:
    x = sympy.Symbol("x", positive=True)
    ok = True
    for n in range(1, max_n + 1):
        dens = [n * sympy.binomial(n - 1, r - 1) * x ** (n - r) * (1 - x) ** (r - 1)
                for r in range(1, n + 1)]
        ok &= sympy.expand(sum(dens) - n - extra) == 0
    with mpmath.workdps(DPS):
        big = max(abs(sum(rel.order_statistic_density(r, 1000, xx) for r in range(1, 1001))
                      - 1000) for xx in ("0.001", "0.5", "0.999"))
    ok &= big < mpmath.mpf(10) ** -20
    return Result(verdict(ok), f"sympy for n <= {max_n} (binomial theorem); mpmath at n = 1000",
                  {"max deviation at n = 1000": mpmath.nstr(big, 5)})


@claim("S004-C2", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "Claim 2"),
       statement="Claim 2: E[DCG] = sum_r D(r) int_0^1 density[ftilde(x_(r)) = 1-s] ybar(1-s) ds")
def s004_c2(n: int = 50, draws: int = 4000, seed: int = 22) -> Result:
    ev, ok = {}, True
    q = t_multiple(draws, len(CURVES))
    with mpmath.workdps(DPS):
        for name, curve in CURVES.items():
            exact = float(asy.expected_dcg(curve, rm.log_discount, n))
            sim = simulate_ndcg(curve, rm.log_discount, n, n_draws=draws, seed=seed)["dcg"]
            se = sim.std(ddof=1) / np.sqrt(draws)
            ok &= abs(sim.mean() - exact) <= q * se
            ev[f"ybar = {name}"] = {"formula": round(exact, 6),
                                    "Monte Carlo": round(float(sim.mean()), 6),
                                    "standard error": round(float(se), 6)}
    return Result(verdict(ok), f"mpmath quadrature of the formula at n = {n}; Monte Carlo "
                  f"({draws} draws, seed {seed}) within {q:.2f} standard errors (Student's t, "
                  f"level {LEVEL:g} over the {len(CURVES)} curves)", ev)


@claim("S004-C3", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "Claim 3"),
       statement="Claim 3: P[1 - ftilde(x_(r)) in [r/n - n^-1/3, r/n + n^-1/3]] >= 1 - 2e^{-n^1/3} "
                 "for every r")
def s004_c3(ns=(8, 30, 100, 1000), width_scale: float = 1.0) -> Result:
    worst = {}
    ok = True
    with mpmath.workdps(DPS):
        for n in ns:
            h = width_scale * mpmath.mpf(n) ** (-mpmath.mpf(1) / 3)
            bound = 1 - 2 * mpmath.exp(-(mpmath.mpf(n) ** (mpmath.mpf(1) / 3)))
            rs = range(1, n + 1) if n <= 100 else list(range(1, 11)) + list(
                range(n // 2 - 5, n // 2 + 5)) + list(range(n - 9, n + 1))
            # 1 - ftilde(x_(r)) is the r-th smallest of n uniforms: Beta(r, n - r + 1)
            m = min(mpmath.betainc(r, n - r + 1, max(0, r / mpmath.mpf(n) - h),
                                   min(1, r / mpmath.mpf(n) + h), regularized=True)
                    for r in rs)
            ok &= m >= bound
            worst[str(n)] = {"min over r of the probability": mpmath.nstr(m, 12),
                             "1 - 2 exp(-n^1/3)": mpmath.nstr(bound, 12)}
    return Result(verdict(ok), "exact Beta probabilities (mpmath betainc), every r for "
                  "n <= 100, the ends and the middle for n = 1000", worst)


@claim("S004-C4", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "Claim 4"),
       statement="Claim 4: with probability at least 1 - 2e^{-2n^1/3}, |NDCG - DCG/F(np)| <= "
                 "O(n^-1/3) for the log discount")
def s004_c4(draws: int = 40, seed: int = 4) -> Result:
    rows, scaled = {}, []
    with mpmath.workdps(DPS):
        for n in (10**3, 10**4, 10**5):
            res = simulate_ndcg(S, rm.log_discount, n, n_draws=draws, seed=seed)
            fnp = float(rm.log_discount.integral(n * 0.5))
            gap = np.abs(res["ndcg"] - res["dcg"] / fnp)
            scaled.append(float(gap.max()) * n ** (1 / 3))
            rows[f"n=1e{len(str(n)) - 1}"] = {"max |NDCG - DCG/F(np)|": float(gap.max()),
                                              "times n^1/3": scaled[-1]}
    ok = all(b <= a * 1.5 for a, b in zip(scaled, scaled[1:], strict=False))
    return Result(verdict(ok), f"Monte Carlo, ybar = s (p = 1/2), {draws} draws per n (seed "
                  f"{seed}): the gap times n^1/3 stays bounded", rows)
