"""Document 004, the appendix read line by line: the cross-references, the bounds inside
the proofs of Lemmas 2-4 (eqs. 15, 16, 23, 24, 27), Claims 4, 6-8 and 21 with their
proofs, and Section 4's experiments (not checkable)."""

from __future__ import annotations

import mpmath
import numpy as np
import sympy

import rankmeasures as rm
from rankmeasures.theory import asymptotics as asy

from ..registry import Location, Result, claim, verdict
from ._common import APPENDIX_B, APPENDIX_C, CUTOFF, DOC, DPS, EXPERIMENTS, S


@claim("S004-X1", doc=DOC, recorded="erratum",
       at=Location(CUTOFF, "the remark after Theorem 9; the opening of Appendix D"),
       statement="cross-references: Section 3.3 says the cut-off measures (log and r^-beta with "
                 "k = cn) are those 'considered in Theorem 6 and Theorem 7'; Appendix D proves "
                 "'Theorems 3, 5, 5, 6, 7'")
def s004_x1() -> Result:
    # what each theorem of the paper is about, from its statement
    about = {"6": "summable discounts", "7": "cut-off k = o(n)",
             "8": "log discount cut at k = cn", "9": "r^-beta discount cut at k = cn"}
    referred = ("log discount cut at k = cn", "r^-beta discount cut at k = cn")
    cited = ("6", "7")
    matching = tuple(t for t, topic in about.items() if topic in referred)
    printed_ok = matching == cited
    listed = ["3", "5", "5", "6", "7"]
    duplicates = sorted({t for t in listed if listed.count(t) > 1})
    return Result(verdict(printed_ok and not duplicates, matching == ("8", "9")),
                  "read the proof: the theorems' statements against the references",
                  {"Section 3.3 cites": list(cited), "theorems about those measures":
                   list(matching), "Appendix D list": listed, "listed twice": duplicates,
                   "corrected": "Section 3.3 should cite Theorems 8 and 9; Appendix D's list "
                                "names Theorem 5 twice (five proofs are announced, four "
                                "distinct theorems listed)"})


def _gap(r, x):
    """|1/log(1+r) - 1/log(1+x)|, the integrand difference of eqs. (14)-(17)."""
    return np.abs(1 / np.log1p(r) - 1 / np.log1p(x))


@claim("S004-E15", doc=DOC, recorded="erratum",
       at=Location(APPENDIX_B, "eqs. (15) and (18), in the proof of Lemma 2"),
       statement="eq. (15): 2e^{-n^1/3} sum_r sup_{s outside E_n,r} |1/log(1+r) - 1/log(1+ns)| "
                 "<= (2/log 2) n e^{-2n^1/3} (and eq. 18 writes 2n e^{-2n e^{1/3}})")
def s004_e15(ns=(27, 125, 1000, 10**4, 10**6), exponent: float = 2.0) -> Result:
    rows, printed_ok, corrected_ok = {}, True, True
    for n in ns:
        e = n ** (-1 / 3)
        r = np.arange(1, n + 1, dtype=np.float64)
        lo, hi = r / n - e, r / n + e
        # the sup over [1/n, 1] minus E_{n,r} is reached at an end of an allowed piece
        cands = [np.where(1 / n < lo, _gap(r, 1.0), 0.0),
                 np.where(1 > hi, _gap(r, float(n)), 0.0),
                 np.where(lo > 1 / n, _gap(r, n * np.maximum(lo, 1 / n)), 0.0),
                 np.where(hi < 1, _gap(r, n * np.minimum(hi, 1.0)), 0.0)]
        lhs = 2 * np.exp(-n ** (1 / 3)) * np.maximum.reduce(cands).sum()
        printed = 2 / np.log(2) * n * np.exp(-exponent * n ** (1 / 3))
        corrected = 2 / np.log(2) * n * np.exp(-n ** (1 / 3))
        printed_ok &= lhs <= printed
        corrected_ok &= lhs <= corrected
        rows[str(n)] = {"left side": float(lhs), "printed bound": float(printed),
                        "corrected bound": float(corrected)}
    return Result(verdict(printed_ok, corrected_ok),
                  "the left side evaluated exactly (every r) for n = 27 ... 1e6", {
                      **rows, "corrected": "(2/log 2) n e^{-n^1/3}: each sup is at most 1/log 2 "
                      "and Claim 3 gives the factor 2e^{-n^1/3}, not 2e^{-2n^1/3}; (18) should "
                      "read 2n e^{-n^1/3}/log 2. Lemma 2's O~(n^-1/3) is unaffected."})


@claim("S004-E16", doc=DOC, recorded="erratum",
       at=Location(APPENDIX_B, "eq. (16), in the proof of Lemma 2"),
       statement="eq. (16): for all r > n^(2/3), sup_{s in E_n,r} |1/log(1+r) - 1/log(1+ns)| "
                 "<= n^(2/3)/((1+r) log^2(1+r)) + o(.)")
def s004_e16(ns=(10**3, 10**4, 10**6, 10**9), start_factor: float = 1.0) -> Result:
    rows, printed_ok, corrected_ok = {}, True, True
    for n in ns:
        e = n ** (-1 / 3)
        out = {}
        for factor in (start_factor, 4.0):
            r = int(np.ceil(factor * n ** (2 / 3))) + 1
            s_lo, s_hi = max(1 / n, r / n - e), min(1.0, r / n + e)
            sup = max(_gap(r, n * s_lo), _gap(r, n * s_hi))
            bound = n ** (2 / 3) / ((1 + r) * np.log1p(r) ** 2)
            out[f"r = {factor:g} n^(2/3) + 1"] = float(sup / bound)
        printed_ok &= out[f"r = {start_factor:g} n^(2/3) + 1"] < 2
        corrected_ok &= out["r = 4 n^(2/3) + 1"] < 2
        rows[str(n)] = out
    return Result(verdict(printed_ok, corrected_ok),
                  "sup / bound evaluated at the ends of E_n,r, n = 1e3 ... 1e9", {
                      "sup / printed bound": rows,
                      "corrected": "just above n^(2/3) the window E_n,r reaches s = 1/n and the "
                                   "sup is of order 1/log 2, far above the bound (the ratio grows "
                                   "with n); from r = 4n^(2/3) on the bound holds within a factor "
                                   "1.25. The r in (n^(2/3), 4n^(2/3)] add O(n^(2/3)) through "
                                   "(17)'s 1/log 2, so Lemma 2's O~(n^(2/3)) survives."})


@claim("S004-E27", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "eq. (27), in the proof of Lemma 4"),
       statement="proof of Lemma 4, eq. (27): for every r, 'with probability 2e^{-2n^1/3}', "
                 "|ftilde(x_(r)) - (1 - r/n)| > n^-1/3; then a union bound over r")
def s004_e27(ns=(8, 27, 125, 1000), exponent: float = 2.0) -> Result:
    rows, ok = {}, True
    with mpmath.workdps(DPS):
        for n in ns:
            h = mpmath.mpf(n) ** (-mpmath.mpf(1) / 3)
            worst, arg = mpmath.mpf(0), 0
            for r in range(1, n + 1):  # every r: the maximum sits near r = n/2
                c = 1 - mpmath.mpf(r) / n  # ftilde(x_(r)) ~ Beta(n - r + 1, r)
                # the two tails separately (no cancellation in 1 - P[inside])
                lower = (mpmath.betainc(n - r + 1, r, 0, c - h, regularized=True)
                         if c - h > 0 else mpmath.mpf(0))
                upper = (mpmath.betainc(n - r + 1, r, c + h, 1, regularized=True)
                         if c + h < 1 else mpmath.mpf(0))
                if lower + upper > worst:
                    worst, arg = lower + upper, r
            bound = 2 * mpmath.exp(-exponent * mpmath.mpf(n) ** (mpmath.mpf(1) / 3))
            ok &= worst <= bound
            rows[str(n)] = {"max over r = 1..n of the exact tail": mpmath.nstr(worst, 6),
                            "at r": arg, "2 e^{-2 n^1/3}": mpmath.nstr(bound, 6)}
    return Result(verdict(ok), "exact Beta tails (mpmath betainc), every r = 1..n", {
        **rows, "note": "read 'with probability at most'; the bound is also twice as strong in "
                        "the exponent as Claim 3's 2e^{-n^1/3}, and both hold"})


@claim("S004-C7", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "Claim 7"),
       statement="Claim 7: span{log^k x : k >= 0} is dense in L^2[0, 1]")
def s004_c7(max_degree: int = 12) -> Result:
    # x = e^{-t} maps L^2[0,1] onto L^2(e^{-t} dt) on [0, inf) and log^k x to (-t)^k: the
    # claim is the completeness of the polynomials there (Laguerre), shown here by the
    # shrinking L^2 error of projections of two test functions
    with mpmath.workdps(DPS):
        def gram(m):
            # <log^i x, log^j x> = int_0^1 log^{i+j} x dx = (-1)^{i+j} (i+j)!
            return mpmath.matrix([[(-1) ** (i + j) * mpmath.factorial(i + j)
                                   for j in range(m)] for i in range(m)])

        def error(f, m):
            b = mpmath.matrix([mpmath.quad(lambda x, k=k: f(x) * mpmath.log(x) ** k, [0, 0.5, 1])
                               for k in range(m)])
            coef = mpmath.lu_solve(gram(m), b)
            norm2 = mpmath.quad(lambda x: f(x) ** 2, [0, 0.5, 1])
            return mpmath.sqrt(max(norm2 - (coef.T * b)[0], 0))

        tests = {"sqrt(x)": mpmath.sqrt, "x^3": lambda x: x**3}
        rows, ok = {}, True
        for name, f in tests.items():
            errs = [error(f, m) for m in (2, 4, 8, max_degree)]
            ok &= all(a > b for a, b in zip(errs, errs[1:], strict=False)) and errs[-1] < 0.05
            rows[name] = [mpmath.nstr(e, 6) for e in errs]
    return Result(verdict(ok), f"mpmath projections on span{{log^k x, k < m}}, m <= "
                  f"{max_degree} (Gram matrix (-1)^(i+j)(i+j)!)",
                  {"L2 error for m = 2, 4, 8, max": rows,
                   "argument": "x = e^{-t} turns the claim into the completeness of the "
                               "Laguerre polynomials in L^2(e^{-t} dt)"})


@claim("S004-EXP", doc=DOC, recorded="not-checkable",
       at=Location(EXPERIMENTS, "Figures 1-4"),
       statement="Section 4, Figures 1-4: NDCG of RankSVM, ListNet and a random ranker on "
                 "Web data, standard, r^-1/2, 2^-r and NDCG@n/5, as n grows")
def s004_exp() -> Result:
    return Result("not-checkable", "figure",
                  {"reason": "the click data are proprietary and the pictures are lost; the "
                             "same four discounts and three kinds of ranker are reproduced on "
                             "the synthetic model (where ybar is known) and on a bundled data "
                             "set by the notebook of document 004"})


@claim("S004-E23", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "eq. (23), in the proof of Lemma 3"),
       statement="eq. (23): |int_{2/n}^1 Dy(1-s)/log(1+ns) ds - int_{2/n}^1 Dy(1-s)/(log n + "
                 "log s) ds| <= int_{2/n}^1 ds/(ns log^2(ns)) <= O(log n / n)")
def s004_e23(slack: float = 1.0) -> Result:
    rows, ok = {}, True
    with mpmath.workdps(DPS):
        def dy(x):
            return x - mpmath.mpf(1) / 2  # Delta y for ybar0 = s, ybar1 = 1/2

        for e in (3, 6, 12, 30):
            n = mpmath.mpf(10) ** e
            pts = [2 / n] + [mpmath.mpf(10) ** -k for k in range(e - 1, 0, -1)] + [1]
            a = mpmath.quad(lambda x, n=n: dy(1 - x) / mpmath.log(1 + n * x), pts)
            b = mpmath.quad(lambda x, n=n: dy(1 - x) / (mpmath.log(n) + mpmath.log(x)), pts)
            middle = mpmath.quad(lambda x, n=n: 1 / (n * x * mpmath.log(n * x) ** 2), pts)
            lhs = abs(a - b)
            ok &= lhs <= slack * middle and middle <= mpmath.log(n) / n
            rows[f"n=1e{e}"] = {"left side": mpmath.nstr(lhs, 6),
                                "middle": mpmath.nstr(middle, 6),
                                "log n / n": mpmath.nstr(mpmath.log(n) / n, 6)}
    return Result(verdict(ok), "mpmath quadrature, Delta y = s - 1/2, n = 1e3 ... 1e30", {
        **rows, "note": "the middle integral is (1/log 2 - 1/log n)/n = O(1/n): the stated "
                        "O(log n / n) holds with room"})


@claim("S004-E24", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "eq. (24), in the proof of Lemma 3"),
       statement="eq. (24): 1/(log n + log s) = sum_{j=1}^m (-1)^{j-1} log^{j-1} s / log^j n + "
                 "(-1)^m log^m s / (log n + xi)^{m+1} with xi in (log s, 0)")
def s004_e24(max_m: int = 6) -> Result:
    big_l, u = sympy.symbols("L u", real=True)
    ok = True
    for m in range(1, max_m + 1):
        partial = sum((-1) ** (j - 1) * u ** (j - 1) / big_l**j for j in range(1, m + 1))
        remainder = sympy.simplify(1 / (big_l + u) - partial)
        # the exact remainder is (-1)^m u^m / (L^m (L + u)); the Lagrange form needs a xi in
        # (u, 0) with (L + xi)^(m+1) = L^m (L + u), which exists for u < 0 < L + u
        ok &= sympy.simplify(remainder - (-1) ** m * u**m / (big_l**m * (big_l + u))) == 0
    with mpmath.workdps(DPS):
        for lv, uv in ((mpmath.mpf(20), mpmath.mpf(-3)), (mpmath.mpf(5), mpmath.mpf(-4.5))):
            for m in (1, 3, 5):
                target = (lv**m * (lv + uv)) ** (mpmath.mpf(1) / (m + 1)) - lv  # xi
                ok &= uv < target < 0
    return Result(verdict(ok), f"sympy (exact remainder, m <= {max_m}); xi solved with mpmath",
                  {"remainder": "(-1)^m log^m s / (log^m n (log n + log s))"})


@claim("S004-C6/C21", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "Claim 6; Claim 21 in Appendix C"),
       statement="Claims 6 and 21: int_{2/n}^1 |log^k x| / log^{k+1}(nx) dx <= O(log^{-k-1} n)")
def s004_c6() -> Result:
    rows, ok = {}, True
    with mpmath.workdps(DPS):
        for k in (1, 2, 3):
            vals = []
            for e in (6, 20, 100):
                n = mpmath.mpf(10) ** e
                pts = [2 / n] + [mpmath.mpf(10) ** -j for j in range(e - 1, 0, -1)] + [1]
                integral = mpmath.quad(lambda x, k=k, n=n: abs(mpmath.log(x)) ** k
                                       / mpmath.log(n * x) ** (k + 1), pts)
                vals.append(integral * mpmath.log(n) ** (k + 1))
            # the scaled integral settles to int_0^1 |log x|^k dx = k!
            ok &= abs(vals[-1] - mpmath.factorial(k)) < abs(vals[0] - mpmath.factorial(k))
            ok &= abs(vals[-1] / mpmath.factorial(k) - 1) < 0.2
            rows[f"k={k}"] = [mpmath.nstr(v, 8) for v in vals]
    return Result(verdict(ok), "mpmath, n = 1e6, 1e20, 1e100",
                  {"log^{k+1} n times the integral (tends to k!)": rows})


@claim("S004-C8", doc=DOC, recorded="verified",
       at=Location(APPENDIX_B, "Claim 8"),
       statement="Claim 8: |sum_r ybar(1-r/n) D(r) - Ntilde(n)| <= C n^{-alpha/3} F(n) + D(1) + "
                 "|D'(1)| for alpha-Hölder ybar with constant C")
def s004_c8(slack: float = 1.0) -> Result:
    rows, ok = {}, True
    d1 = 1 / np.log(2)
    dprime1 = 1 / (2 * np.log(2) ** 2)
    for n in (10**3, 10**4, 10**6):
        r = np.arange(1, n + 1, dtype=np.float64)
        w = rm.log_discount.weights(n)
        total = float(np.sum((1 - r / n) * w))  # ybar(s) = s: Hölder with alpha = 1, C = 1
        tilde = float(asy.pseudo_expectation(S, "log", n, normalized=False))
        bound = slack * (n ** (-1 / 3) * float(rm.log_discount.integral(n)) + d1 + dprime1)
        ok &= abs(total - tilde) <= bound
        rows[str(n)] = {"left side": abs(total - tilde), "bound": bound}
    return Result(verdict(ok), "the sum in numpy, Ntilde(n) by mpmath, ybar = s", rows)


@claim("S004-C4p", doc=DOC, recorded="erratum",
       at=Location(APPENDIX_C, "proof of Claim 4"),
       statement="proof of Claim 4: 'NDCG = DCG/l' (l the number of relevant objects) and "
                 "'observe that DCG <= F(n)'")
def s004_c4p() -> Result:
    # (a) the normaliser is IDCG = sum_{r <= l} D(r), not l: one list by hand
    y = np.array([1.0, 0.0, 1.0, 0.0])
    s_ = np.array([4.0, 3.0, 2.0, 1.0])
    nd = rm.ndcg(y, s_, discount="log")
    dcg = rm.dcg(y, s_, discount="log")
    idcg = 1 / np.log(2) + 1 / np.log(3)
    by_l = dcg / y.sum()
    a_wrong = abs(nd - by_l) > 0.1 and abs(nd - dcg / idcg) < 1e-15
    # the proof then uses 1/F(l) for 1/IDCG: IDCG - F(l) stays bounded (D(1)/2 + const)
    gaps, sums = {}, {}
    with mpmath.workdps(DPS):
        for e in (1, 2, 3, 4, 5):
            m = 10**e
            ssum = mpmath.fsum(1 / mpmath.log(1 + mpmath.mpf(r)) for r in range(1, m + 1))
            fm = rm.log_discount.integral(m)
            sums[f"n=1e{e}"] = {"sum_{r<=n} D(r)": mpmath.nstr(ssum, 10),
                                "F(n)": mpmath.nstr(fm, 10), "difference": mpmath.nstr(
                                    ssum - fm, 8)}
            gaps[e] = ssum - fm
    # (b) an all-relevant list has DCG = sum_{r<=n} D(r) > F(n): 'DCG <= F(n)' is false;
    # since D decreases, sum_{r=1}^n D(r) <= D(1) + F(n) is the bound that holds
    b_wrong = all(g > 0 for g in gaps.values())
    corrected = all(g <= 1 / mpmath.log(2) for g in gaps.values())
    return Result(verdict(False, a_wrong and b_wrong and corrected),
                  "one list by hand; the partial sums of 1/log(1+r) against F(n) = "
                  "Li(1+n) - Li(2), n = 10..1e5 (mpmath)",
                  {"list y = (1, 0, 1, 0) in score order": {
                      "NDCG": float(nd), "DCG / l": float(by_l), "DCG / IDCG": float(dcg / idcg)},
                   "all relevant: DCG = sum D(r) against F(n)": sums,
                   "corrected": "NDCG = DCG / IDCG with IDCG = sum_{r <= l} D(r) = F(l) + O(1); "
                                "and DCG <= sum_{r <= n} D(r) <= D(1) + F(n) (a sum of a "
                                "decreasing function exceeds its integral from 1). Both slips "
                                "change only constants: the O(n^-1/3) conclusion stands "
                                "(S004-C4)"})


@claim("S004-C8p", doc=DOC, recorded="erratum",
       at=Location(APPENDIX_C, "proof of Claim 8"),
       statement="proof of Claim 8, from its fourth to its fifth line: "
                 "C n^-alpha/3 sum_{r=1}^{n-1} D(r) <= C n^-alpha/3 F(n)")
def s004_c8p() -> Result:
    rows, wrong, fixed = {}, True, True
    with mpmath.workdps(DPS):
        for n in (2, 10, 100, 1000, 10**4):
            ssum = mpmath.fsum(1 / mpmath.log(1 + mpmath.mpf(r)) for r in range(1, n))
            fn = rm.log_discount.integral(n)
            wrong &= ssum > fn
            fixed &= ssum <= 1 / mpmath.log(2) + fn
            rows[f"n={n}"] = {"sum_{r=1}^{n-1} D(r)": mpmath.nstr(ssum, 10),
                              "F(n)": mpmath.nstr(fn, 10)}
    return Result(verdict(not wrong, wrong and fixed),
                  "mpmath sums of 1/log(1+r) against F(n) = Li(1+n) - Li(2)",
                  {**rows, "corrected": "D decreases, so sum_{r=1}^{n-1} D(r) >= F(n) (each "
                                        "term is at least the integral over [r, r+1]); the "
                                        "bound that holds is D(1) + F(n), and eq. (26) becomes "
                                        "C n^-alpha/3 (F(n) + D(1)) + D(1) + |D'(1)|. The "
                                        "extra C n^-alpha/3 D(1) vanishes as n grows, so "
                                        "Lemma 4 is unaffected; eq. (26) as printed is "
                                        "checked directly in S004-C8"})
