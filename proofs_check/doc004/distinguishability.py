"""Document 004, concentration and consistent distinguishability: NDCG around N(n)
(Lemmas 2, 4, 5, 7) and two ranking functions told apart with high probability
(Theorems 2/14 and 4), by Monte Carlo."""

from __future__ import annotations

import mpmath
import numpy as np
import sympy

import rankmeasures as rm
from rankmeasures.theory import asymptotics as asy
from rankmeasures.theory.finite_ratio import expected_ratio
from rankmeasures.theory.fluctuation import random_ranking_ndcg_moments
from rankmeasures.theory.simulate import simulate_ndcg

from ..registry import Location, Result, claim, verdict
from ._common import (
    APPENDIX_A,
    APPENDIX_D,
    APPENDIX_E,
    DOC,
    DPS,
    FEASIBLE,
    LEVEL,
    STANDARD,
    S,
    t_multiple,
)


def _draws_by_n(ybar, disc, ns, draws, seed):
    """NDCG draws for each n, and the fitted exponent of their standard deviation in n."""
    res = {n: simulate_ndcg(ybar, disc, n, n_draws=draws, seed=seed)["ndcg"] for n in ns}
    sds = [float(res[n].std(ddof=1)) for n in ns]
    return res, sds, float(np.polyfit(np.log(ns), np.log(sds), 1)[0])


@claim("S004-L7", doc=DOC, recorded="erratum",
       at=Location(APPENDIX_E, "Lemma 7"),
       statement="Lemma 7: D(r) = r^-beta, alpha-Hölder ybar with constant C: P[|NDCG - N(n)| >= "
                 "5 C p^-1 n^-min(alpha/3, 1)] <= O(e^{-n^((1-beta)/3)})")
def s004_l7(beta: float = 0.8, draws: int = 100, seed: int = 17) -> Result:
    ybar = 0.25 + 0.5 * S  # alpha = 1, C = 1/2, p = 1/2, ybar(1) = 3/4 (labels stay random)
    c_h, p, alpha = 0.5, 0.5, 1.0
    ns = (10**3, 10**4, 10**5)
    _, sds, slope = _draws_by_n(ybar, rm.power_discount(beta), ns, draws, seed)
    rows = {f"n=1e{len(str(n)) - 1}": {"sd of NDCG": round(sd, 6),
                                       "sd * n^(1-beta)": round(sd * n ** (1 - beta), 4),
                                       "threshold 5Cp^-1 n^-1/3": round(
                                           5 * c_h / p * n ** (-alpha / 3), 6)}
            for n, sd in zip(ns, sds, strict=True)}
    # sd ~ k n^-(1-beta) overtakes the threshold 5C/p n^-1/3 where the two lines cross
    k = sds[-1] * ns[-1] ** (1 - beta)
    crossover = (5 * c_h / p / k) ** (1 / (alpha / 3 - (1 - beta)))
    printed_ok = slope < -alpha / 3 + 0.05  # fluctuations would have to shrink like n^-1/3
    corrected_ok = slope > -(1 - beta) - 0.1 and slope < -(1 - beta) / 3 + 0.05
    return Result(verdict(printed_ok, corrected_ok),
                  f"Monte Carlo, beta = {beta}, {draws} draws per n (seed {seed}); the slope of "
                  "log sd against log n", {
                      **rows, "fitted exponent of sd(NDCG)": round(slope, 3),
                      "n where sd reaches the threshold": f"{crossover:.1e}",
                      "corrected": "the deviation also contains the Hoeffding term "
                                   "2F(n)^{2/3}/F(np) ~ n^-(1-beta)/3 of (31)-(32), which the "
                                   "lemma drops: the scale is n^-min(alpha/3, (1-beta)/3). "
                                   "Given the scores, Var(DCG) >= sum_r r^-2beta ybar(1-ybar) "
                                   "stays of order 1 for beta > 1/2, so sd(NDCG) ~ n^-(1-beta); "
                                   "for beta > 2/3 that exceeds n^-1/3 and the probability in "
                                   "the lemma tends to 1, not 0. This is the only regime where "
                                   "Theorem 4's condition alpha > 3(1 - beta) can hold for a "
                                   "non-constant ybar (alpha <= 1)."})


@claim("S004-L2", doc=DOC, recorded="verified",
       at=Location(APPENDIX_A, "Lemma 2"),
       statement="Lemma 2: |E[NDCG(f, S_n)] - N_D(n)| <= O~(n^-1/3) for D = 1/log(1+r)")
def s004_l2(draws: int = 200, seed: int = 12, tolerance: float = 1.0) -> Result:
    """Exact, at each n: E[NDCG] lies within ``bias_bound`` of E[DCG]/E[IDCG]
    (finite_ratio.expected_ratio, proven), so ``B(n) = |E[DCG]/E[IDCG] - N(n)| + bias_bound``
    bounds |E[NDCG] - N(n)|; the lemma's inequality, with its O~ read as ``tolerance
    n^-1/3 log n``, holds at n when B(n) is below that. Monte Carlo: the means of DCG and
    IDCG against their exact expectations, which the bound is built from (Student's t
    multiples, no allowance beyond the rounding of the sums); the mean of NDCG is shown."""
    ns = (10**3, 10**4, 10**5)
    curves = (("s", S), ("0.25 + 0.5 s", 0.25 + 0.5 * S))
    q = t_multiple(draws, 2 * len(ns) * len(curves))
    rows, ok, slack = {}, True, []
    for name, curve in curves:
        for n in ns:
            sim = simulate_ndcg(curve, "log", n, n_draws=draws, seed=seed)
            nd = float(asy.pseudo_expectation(curve, "log", n))
            exact = expected_ratio(rm.log_discount, curve, n)
            bound = abs(exact.ratio - nd) + exact.bias_bound
            allowed = tolerance * n ** (-1 / 3) * np.log(n)
            ok &= bound <= allowed
            slack.append(allowed / bound)
            row = {"mean - N(n)": float(sim["ndcg"].mean() - nd),
                   "standard error": float(sim["ndcg"].std(ddof=1) / np.sqrt(draws)),
                   "E[DCG]/E[IDCG] - N(n)": float(exact.ratio - nd),
                   "bias bound": float(exact.bias_bound),
                   "bound on |E[NDCG] - N(n)|": float(bound), "n^-1/3 log n": float(allowed)}
            for key, target in (("DCG", exact.expected_dcg), ("IDCG", exact.expected_idcg)):
                values = sim[key.lower()]
                se = float(values.std(ddof=1) / np.sqrt(draws))
                gap = float(values.mean()) - target
                ok &= abs(gap) <= q * se + n * np.finfo(float).eps * abs(target)
                row[f"(mean {key} - E[{key}]) / s.e."] = gap / se
            rows[f"ybar = {name}, n = 1e{len(str(n)) - 1}"] = row
    share = min(r["bias bound"] / r["bound on |E[NDCG] - N(n)|"] for r in rows.values())
    return Result(verdict(ok), "exact at n = 1e3, 1e4, 1e5: |E[NDCG] - N(n)| at most "
                  "|E[DCG]/E[IDCG] - N(n)| plus the proven bound on |E[NDCG] - "
                  "E[DCG]/E[IDCG]|, below n^-1/3 log n (O~ read with constant 1) by a factor "
                  f"{min(slack):.0f} to {max(slack):.0f}; the bias bound is at least "
                  f"{share:.0%} of it, so the bound's own decay is the proof's, not N(n)'s; a "
                  "rate is not checkable at finitely many n. Monte Carlo "
                  f"({draws} draws, seed {seed}): the means of DCG and IDCG against their exact "
                  f"expectations within {q:.2f} standard errors (Student's t, level {LEVEL:g} "
                  f"over the {2 * len(ns) * len(curves)} means)", rows)


@claim("S004-L4", doc=DOC, recorded="erratum",
       at=Location(APPENDIX_A, "Lemma 4"),
       statement="Lemma 4: D = 1/log(1+r), alpha-Hölder ybar (any alpha > 0, C > 0): "
                 "P[|NDCG - N(n)| >= 5Cp^-1 n^-min(alpha/3,1)] <= O(e^{-n^1/4})")
def s004_l4(draws: int = 200, seed: int = 14) -> Result:
    ybar = 0.25 + 0.5 * S  # alpha = 1, C = 1/2, p = 1/2
    c_h, p = 0.5, 0.5
    ns = (10**3, 10**4, 10**5)
    res, sds, slope = _draws_by_n(ybar, "log", ns, draws, seed)
    exceed = [float(np.mean(np.abs(res[n] - float(asy.pseudo_expectation(ybar, "log", n)))
                            >= 5 * c_h / p * n ** (-1 / 3))) for n in ns]
    holds_alpha1 = max(exceed) == 0.0 and slope < -1 / 3
    # the statement allows any alpha > 0 (its window n^-min(alpha/3, 1) is written for alpha
    # up to 3). A constant curve is alpha-Hölder for every alpha and every C > 0; take the
    # random function ybar = 1/2, alpha = 3, C = 1: the window 5 C p^-1 n^-1 = 10/n falls
    # below the exact s.d. of NDCG (order n^-1/2 / log n, by conditioning on the label
    # count: fluctuation.random_ranking_ndcg_moments), so the probability tends to 1
    flat, q, c_flat = sympy.Rational(1, 2) + 0 * S, 0.5, 1.0
    exact = {}
    with mpmath.workdps(DPS):
        for e in (3, 4, 5, 6, 7):
            n = 10**e
            mean, sd = random_ranking_ndcg_moments(rm.log_discount.weights(n), q)
            nd = float(asy.pseudo_expectation(flat, "log", n))
            window3 = 5 * c_flat / q * n ** -1.0
            window1 = 5 * c_flat / q * n ** (-1 / 3)
            exact[f"n=1e{e}"] = {"exact s.d. of NDCG": sd, "exact E - N(n)": mean - nd,
                                 "window, alpha = 3": window3,
                                 "s.d. / window (alpha = 3)": sd / window3,
                                 "window / s.d. (alpha = 1)": window1 / sd}
    n_mc = 10**5
    flat_draws = simulate_ndcg(flat, "log", n_mc, n_draws=draws, seed=seed + 1)["ndcg"]
    nd_mc = float(asy.pseudo_expectation(flat, "log", n_mc))
    freq3 = float(np.mean(np.abs(flat_draws - nd_mc) >= 5 * c_flat / q / n_mc))
    freq1 = float(np.mean(np.abs(flat_draws - nd_mc) >= 5 * c_flat / q * n_mc ** (-1 / 3)))
    se = float(np.sqrt(0.25 / draws))
    ratios3 = [v["s.d. / window (alpha = 3)"] for v in exact.values()]
    # printed: false if the exact s.d. exceeds the alpha = 3 window and grows against it,
    # and the frequency beyond the window is above 1/2 by 3.29 binomial s.e. (level 1e-3)
    printed_ok = not (ratios3[-1] > 1 and all(b > a for a, b in zip(ratios3, ratios3[1:],
                                                                       strict=False))
                      and freq3 > 0.5 + 3.29 * se)
    # corrected (exponent min(alpha, 1)/3): the weaker curve at alpha = 1 as before, and the
    # constant curve read with alpha = 1: its window stays far above the exact s.d.
    corrected_ok = (holds_alpha1 and freq1 == 0.0
                    and min(v["window / s.d. (alpha = 1)"] for v in exact.values()) > 10)
    # the proof: eq. (31) bounds |DCG - Ntilde(n)| by 2C n^-alpha/3 F(n) + 2F(n)^{2/3}; divided
    # by F(np), the first term is about 2Cp^-1 n^-alpha/3, but the Hoeffding term
    # 2F(n)^{2/3}/F(np) ~ (2/p)(log n / n)^{1/3} is not of the stated order: eq. (32) keeps
    # only 4Cp^-1 n^-min(alpha/3,1). The proof gives the stated window only if that term is
    # at most Cp^-1 n^-1/3 (the slack between 4 and 5); its ratio to Cp^-1 n^-1/3 grows
    # like log^{1/3} n (and does not shrink with C).
    ratios = {}
    with mpmath.workdps(DPS):
        for e in (3, 5, 10, 30, 100):
            nn = mpmath.mpf(10) ** e
            fn, fnp = rm.log_discount.integral(nn), rm.log_discount.integral(nn * p)
            hoeffding = 2 * fn ** (mpmath.mpf(2) / 3) / fnp
            ratios[f"n=1e{e}"] = float(hoeffding / (c_h / p * nn ** (-mpmath.mpf(1) / 3)))
    return Result(verdict(printed_ok, corrected_ok),
                  f"Monte Carlo, {draws} draws per n (seed {seed}); the exact s.d. of NDCG "
                  "for a constant curve by conditioning on the label count; the terms of "
                  "eqs. (31)-(32) by mpmath",
                  {"n": list(ns), "threshold 5 C p^-1 n^-1/3": [
                      round(5 * c_h / p * n ** (-1 / 3), 6) for n in ns],
                   "frequency beyond the threshold": exceed,
                   "sd of NDCG": [round(v, 6) for v in sds],
                   "fitted exponent of sd (steeper than the lemma's -1/3)": round(slope, 3),
                   "constant curve ybar = 1/2 (alpha = 3, C = 1), exact": exact,
                   "constant curve, n = 1e5: frequency beyond the alpha = 3 window": freq3,
                   "constant curve, n = 1e5: frequency beyond the alpha = 1 window": freq1,
                   "binomial s.e. of a frequency": se,
                   "Hoeffding term 2F(n)^{2/3}/F(np) over C p^-1 n^-1/3 (C = p = 1/2)": {
                       k: round(v, 4) for k, v in ratios.items()},
                   "corrected": "the window 5Cp^-1 n^-min(alpha/3, 1) is false for alpha > "
                                "3/2: for alpha > 1 only constant curves are alpha-Hölder, and "
                                "for them (alpha = 3, C = 1) the window 5Cp^-1 n^-1 falls "
                                "below the exact s.d. of NDCG (order n^-1/2 / log n) at every "
                                "n checked, and the gap widens, so the probability tends to 1 "
                                "(any alpha > 3/2 fails the same way). What the proof gives, "
                                "with the Hoeffding term of eq. (31) kept (S004-T2/T14), is "
                                "the printed window plus 2F(n)^{2/3}/F(np) ~ (2/p)(log n / "
                                "n)^{1/3}, Claim 8's constant (D(1) + |D'(1)|)/F(np) <= "
                                "10/F(np) of order log n / n (eq. (29)) and Claim 4's term of "
                                "order n^-1/3 / p, for every alpha: that statement holds. The "
                                "measurements are consistent "
                                "also with the exponent min(alpha, 1)/3 alone (no draw near "
                                "that window, for alpha = 1 and for the constant curve read "
                                "with alpha = 1), which the paper's argument does not prove. "
                                "Theorem 14 needs only a window o(1/log^K n) whose failure "
                                "probabilities have a negligible sum over n >= N, which the "
                                "repaired proof gives (S004-T2/T14)",
                   "gap": "besides, the proof does not give the window even for alpha <= 1: "
                          "eq. (32) drops the Hoeffding term 2F(n)^{2/3}/F(np) ~ "
                          "(2/p)(log n / n)^{1/3} of eq. (31), which for C = p = 1/2 "
                          "exceeds the slack C p^-1 n^-1/3 between (32)'s 4 and the lemma's "
                          "5 at every n and by a factor growing like log^{1/3} n, and does "
                          "not shrink with C (the defect of Lemma 7's proof, S004-L7)"},
                  tolerance={"constant curve ybar = 1/2 (alpha = 3, C = 1), exact":
                             {"rel": 1e-6}})


@claim("S004-L5", doc=DOC, recorded="verified",
       at=Location(APPENDIX_D, "Lemma 5"),
       statement="Lemma 5: D = r^-beta, continuous ybar: P[|NDCG - N(n)| >= 5 eps / p] = o(1)")
def s004_l5(eps: float = 0.004, draws: int = 200, seed: int = 15) -> Result:
    ybar = 0.25 + 0.5 * S
    freq, ns = [], (10**2, 10**3, 10**4, 10**5)
    for n in ns:
        res = simulate_ndcg(ybar, rm.power_discount(0.5), n, n_draws=draws, seed=seed)["ndcg"]
        n_val = float(asy.pseudo_expectation(ybar, rm.power_discount(0.5), n))
        freq.append(float(np.mean(np.abs(res - n_val) >= 5 * eps / 0.5)))
    ok = freq[-1] < freq[0] and freq[-1] <= 0.02
    return Result(verdict(ok), f"Monte Carlo, beta = 1/2, eps = {eps}, {draws} draws per n",
                  {"ybar": "1/4 + s/2", "n": list(ns),
                   "frequency of |NDCG - N| >= 5 eps / p": freq})


def _lemma4_repaired(n, c_h: float, p):
    """Lemma 4's proof with the Hoeffding term of eq. (31) kept, for D = 1/log(1+r) and an
    alpha = 1 Hölder curve with constant ``c_h``: the window W(n) around N_D(n) and the
    probability bound of its failure, both explicit (mpmath).

    On the event of eq. (27) (probability >= 1 - 2n e^{-2n^1/3}) the scores move
    sum_r ybar(x_(r)) D(r) by at most C n^-1/3 sum_{r<=n} D(r) <= C n^-1/3 (F(n) + D(1)),
    and Claim 8, corrected (S004-C8p), adds C n^-1/3 (F(n) + D(1)) + D(1) + |D'(1)|, at
    most that plus 10 (S004-L4c). Given the scores, Hoeffding's bound with
    sum_{r<=n} D(r)^2 <= D(1) sum_{r<=n} D(r) <= D(1)(F(n) + D(1)) (D decreasing: the
    repair of eq. (30), S004-E30) puts DCG within eps = F(n)^{2/3} of its conditional mean
    but with probability 2 exp(-2 F(n)^{4/3} / (D(1)(F(n) + D(1)))); eq. (31) allows
    2F(n)^{2/3}. Claim 4: when |M - np| <= n^{2/3} (probability >= 1 - 2e^{-2n^1/3}) the
    IDCG sum_{r<=M} D(r) lies between F(M + 1) and D(1) + F(M), so NDCG <= 1 gives
    |NDCG - DCG/F(np)| <= |IDCG - F(np)| / F(np) <= (D(1) + n^{2/3} D(np - n^{2/3})) /
    F(np)."""
    d = rm.log_discount
    d1 = 1 / mpmath.log(2)
    fn, fnp = d.integral(n), d.integral(n * p)
    third = mpmath.mpf(1) / 3
    scores = (2 * c_h * n ** -third * (fn + d1) + 10) / fnp
    hoeffding = 2 * fn ** (2 * third) / fnp
    count = (d1 + n ** (2 * third) / mpmath.log(1 + n * p - n ** (2 * third))) / fnp
    fail = (2 * n * mpmath.exp(-2 * n**third) + 2 * mpmath.exp(-2 * n**third)
            + 2 * mpmath.exp(-2 * fn ** (4 * third) / (d1 * (fn + d1))))
    return scores + hoeffding + count, hoeffding, fail


@claim("S004-T2/T14", doc=DOC, recorded="proof-gap",
       at=Location(STANDARD, "Theorem 2; Theorem 14 in Appendix A"),
       statement="Theorems 2 and 14: with D = 1/log(1+r), f0 and f1 are distinguishable in "
                 "expectation unless ybar0 = ybar1 a.e., and consistently with Hölder ybar")
def s004_t2(draws: int = 100, seed: int = 18) -> Result:
    """Monte Carlo: the pseudo-expectation gap of ybar = s against ybar = 1/2 (positive,
    Lemma 3's sign) and the frequency of the right order at n = 1e2, 1e3, 1e4, each n
    apart. The 'moreover' part (Definition 3: one order at every n >= N at once, except
    with a negligible probability) by the proof of Theorem 14 with Lemma 4 repaired
    (:func:`_lemma4_repaired`): both functions' windows together fall below Lemma 3's
    gap from some n on, and each n's failure probability is below e^{-n^1/4}, whose sum
    over n >= N is the negligible O(N^{3/4} e^{-N^{1/4}}) of S004-T14s."""
    good, flat = S, 0.5 + 0 * S  # same p = 1/2, ybar differs
    rows, ok = {}, True
    probs = []
    with mpmath.workdps(DPS):
        for n in (10**2, 10**3, 10**4):
            gap = asy.pseudo_expectation(good, "log", n) - asy.pseudo_expectation(flat, "log", n)
            a = simulate_ndcg(good, "log", n, n_draws=draws, seed=seed)["ndcg"]
            b = simulate_ndcg(flat, "log", n, n_draws=draws, seed=seed + 1)["ndcg"]
            p_right = float(np.mean(a > b))
            probs.append(p_right)
            ok &= gap > 0
            rows[f"n=1e{len(str(n)) - 1}"] = {"N0 - N1": mpmath.nstr(gap, 8),
                                              "P[NDCG(f0) > NDCG(f1)]": p_right}
    ok &= probs[-1] >= probs[0] and probs[-1] > 0.95
    # the repaired argument: ybar = s is Hölder with alpha = 1, C = 1; the constant curve
    # with any C, here 1 as well; p = 1/2
    half = mpmath.mpf(1) / 2
    repaired, ratios, below = {}, [], []
    with mpmath.workdps(DPS):
        k_order, a_const = asy.log_discount_separation(good, flat, dps=DPS)
        for e in (3, 4, 6, 8, 10, 12, 15, 20, 30, 50, 100):
            nn = mpmath.mpf(10) ** e
            gap = asy.pseudo_expectation(good, "log", nn) - asy.pseudo_expectation(flat, "log", nn)
            w_good, hoeff, fail = _lemma4_repaired(nn, 1.0, half)
            w_flat = _lemma4_repaired(nn, 1.0, half)[0]
            ratios.append(float((w_good + w_flat) / gap))
            # log10 of the failure bound of one function, against -n^1/4 log10 e
            below.append(mpmath.log(fail) <= -(nn ** (mpmath.mpf(1) / 4)))
            repaired[f"n=1e{e}"] = {
                "N0 - N1": float(gap), "(N0 - N1) log n": float(gap * mpmath.log(nn)),
                "windows W0 + W1": float(w_good + w_flat),
                "of which Hoeffding (each)": float(hoeff),
                "windows / gap": ratios[-1],
                "log10 of the failure bound (each)": float(mpmath.log10(fail)),
                "-n^1/4 log10 e": float(-(nn ** 0.25) / mpmath.log(10))}
    first = next(i for i, r in enumerate(ratios) if r < 1)
    keys = list(repaired)
    # from the first n where the windows fit inside the gap, they stay inside and their
    # share of it keeps falling (a polynomial window against a/log^K n); each n's failure
    # probability is below e^{-n^1/4}
    repair_ok = (all(r < 1 for r in ratios[first:])
                 and all(b < a for a, b in zip(ratios[first:], ratios[first + 1:], strict=False))
                 and all(below) and k_order == 1 and a_const > 0)
    ok &= repair_ok
    return Result(verdict(ok, proof_holds=False),
                  "mpmath N(n) (Lemma 3's gap, positive) and Monte Carlo with independent "
                  f"samples per function ({draws} draws); the proof of Theorem 14 with Lemma "
                  "4's window repaired, its terms in mpmath to n = 1e100", {
                      **rows, "note": "the paper compares f0, f1 on the same sample; here each "
                                      "function's list is drawn independently (the canonical "
                                      "model has no joint law of the two rankings); a "
                                      "frequency at each n apart does not test the "
                                      "simultaneous event of Definition 3",
                      "Lemma 3 for this pair": {"K": k_order, "a": float(a_const)},
                      "repaired Lemma 4, ybar = s against ybar = 1/2 (alpha = 1, C = 1)":
                          repaired,
                      "windows inside the gap from": keys[first].removeprefix("n="),
                      "gap": "the proof of the 'moreover' part (consistent distinguishability) "
                             "rests on Lemma 4, whose proof drops the Hoeffding term "
                             "2F(n)^{2/3}/F(np) ~ (2/p)(log n / n)^{1/3} of eq. (31) (S004-L4) "
                             "and uses (D(r))^2 <= D(r), false at r = 1 (S004-E30): as written "
                             "it does not give the window 5Cp^-1 n^-min(alpha/3, 1) that "
                             "Theorem 14's proof combines with Lemma 3. The missing piece: "
                             "keep the term. With sum_{r<=n} D(r)^2 <= D(1)(F(n) + D(1)) "
                             "(D decreasing) in Hoeffding's bound, eq. (31) fails with "
                             "probability at most 2n e^{-2n^1/3} + 2 exp(-2F(n)^{4/3} / "
                             "(D(1)(F(n) + D(1)))), and with Claim 4's count term NDCG lies "
                             "within a window W(n) of order (log n / n)^{1/3} of N_D(n) (for "
                             "alpha = 1; n^-alpha/3 for alpha < 1): polynomially small, so "
                             "o(a / log^K n), Lemma 3's gap, while each n's failure "
                             "probability is below e^{-n^1/4} and their sum over n >= N is "
                             "negligible (S004-T14s). Definition 3 follows for Hölder curves. "
                             "Computed for ybar = s against 1/2: the two windows fall inside "
                             f"the gap from n = {keys[first].removeprefix('n=')} on (checked "
                             "to 1e100), each failure bound below e^{-n^1/4} there"})


@claim("S004-T4a", doc=DOC, recorded="proof-gap",
       at=Location(FEASIBLE, "Theorem 4, condition 1, and the sentence after the theorem"),
       statement="Theorem 4, condition 1: with D = r^-beta, int Delta y(s)(1-s)^-beta ds != 0 "
                 "makes f0 and f1 distinguishable (their limits differ), 'consistently "
                 "distinguishable in the strongest sense' (Definition 3)")
def s004_t4a(draws: int = 100, seed: int = 19) -> Result:
    good, flat = S, 0.5 + 0 * S
    disc = rm.power_discount(0.5)
    with mpmath.workdps(DPS):
        lim = [asy.ndcg_limit(good, disc), asy.ndcg_limit(flat, disc)]
        beta_int = mpmath.quad(lambda x: (x - mpmath.mpf(1) / 2) * (1 - x) ** (-0.5), [0, 1])
    a = simulate_ndcg(good, disc, 10**4, n_draws=draws, seed=seed)["ndcg"]
    b = simulate_ndcg(flat, disc, 10**4, n_draws=draws, seed=seed + 1)["ndcg"]
    p_right = float(np.mean(a > b))
    ok = abs(beta_int) > 0.01 and lim[0] != lim[1] and p_right > 0.95
    return Result(verdict(ok, proof_holds=False),
                  "limits of Theorem 3 (mpmath) and Monte Carlo at n = 1e4", {
        "int Delta y (1-s)^-1/2": mpmath.nstr(beta_int, 10),
        "limits": [mpmath.nstr(v, 10) for v in lim], "P[NDCG(f0) > NDCG(f1)]": p_right,
        "checked": "the per-n reading: the limits differ, and at one n the right order has "
                   "frequency near 1; Definition 3's simultaneous event over all n >= N is "
                   "not tested",
        "gap": "Definition 3 needs a summable bound on P[|NDCG - N_D(n)| >= eps]; for curves "
               "that are merely continuous (Theorem 3's hypothesis) the paper gives only "
               "Lemma 5's o(1), as for Theorem 2 (S004-T2/T14)",
        "missing piece (argued, not computed)": "given the scores the labels are "
               "independent, so Hoeffding bounds the deviation of DCG from its conditional "
               "mean by exp(-2 eps^2 F(np)^2 / sum_{r<=n} D(r)^2), where F(np)^2 ~ n^(2-2beta) "
               "and sum D^2 is O(1), O(log n) or O(n^(1-2beta)) for beta >, =, < 1/2: "
               "exp(-c n^min(1, 2-2beta) / log n) at worst; the relevant count and the "
               "order statistics of the scores deviate by eta with probability at most "
               "2 exp(-2 n eta^2) (Hoeffding, Dvoretzky-Kiefer-Wolfowitz), and ybar's uniform "
               "continuity turns eta into eps. Each failure probability is summable over n, "
               "so its tail is negligible: P[the order fails for some n >= N] <= sum_{n>=N} "
               "(exp(-c n^gamma) + 2 exp(-2 n eta^2) + ...), gamma > 0, a negligible "
               "function of N, which is Definition 3 (the step of S004-T14s; Borel-Cantelli's "
               "'for all large n, almost surely' alone would be weaker)"})


@claim("S004-T4b", doc=DOC, recorded="erratum",
       at=Location(FEASIBLE, "Theorem 4, condition 2; its proof in Appendix E"),
       statement="Theorem 4, condition 2: with D = r^-beta, alpha-Hölder curves with alpha > "
                 "3(1-beta), int Delta y(s)(1-s)^-beta ds = 0 and Delta y(1) != 0, f0 and f1 are "
                 "strictly distinguishable with high probability")
def s004_t4b(beta: str = "4/5", power: int = 8, sizes=(10**3, 10**4, 10**5),
             draws: int = 200, seed: int = 23) -> Result:
    b = sympy.Rational(beta)
    # Delta y = lam (s^m + B s + A): same p (int = 0) and zero beta-moment, Delta y(1) != 0
    # (the library solves for B and A); ybar0 = 1/2 + Delta y, ybar1 = 1/2 (a random
    # ranking); smooth, so alpha = 1 > 3(1-beta)
    dy = asy.equal_limit_difference(b, power=power)
    y0, y1 = sympy.Rational(1, 2) + dy, sympy.Rational(1, 2) + 0 * S
    dy1 = dy.subs(S, 1)
    with mpmath.workdps(DPS):  # the beta-moment, by quadrature in x = v^(1/(1-b))
        qfun = sympy.lambdify(S, dy, modules="mpmath")
        e = 1 / (1 - mpmath.mpf(b.p) / b.q)
        moment = mpmath.quad(lambda v: qfun(1 - v**e), [0, 1]) * e
    grid = np.linspace(0, 1, 2001)
    inside = bool(np.all(np.abs(sympy.lambdify(S, dy)(grid)) <= 0.5))
    conditions = (sympy.integrate(dy, (S, 0, 1)) == 0 and abs(moment) < 1e-20 and inside
                  and dy1 != 0 and 1 > 3 * (1 - b))
    disc = rm.power_discount(float(b))
    rows, p_right = [], []
    for n in sizes:
        with mpmath.workdps(DPS):
            gap = float(asy.pseudo_expectation(y0, disc, n) - asy.pseudo_expectation(y1, disc, n))
        with mpmath.workdps(DPS + 20):  # the true expected gap, same normaliser F(np)
            exact = float((asy.expected_dcg(y0, disc, n, dps=DPS + 20)
                           - asy.expected_dcg(y1, disc, n, dps=DPS + 20))
                          / disc.integral(mpmath.mpf(n) / 2, dps=DPS + 20))
        # f1 is a random ranking: on a common sample its top labels are a uniform draw of the
        # labels, independent of f0's top labels up to the shared count; independent samples
        # differ from that design through the two normalisers F(l0), F(l1), a relative
        # n^-1/2 against a gap and a spread of order n^-(1-beta): a difference that
        # vanishes like n^-(beta-1/2)
        a = simulate_ndcg(y0, disc, n, n_draws=draws, seed=seed + n)["ndcg"]
        c = simulate_ndcg(y1, disc, n, n_draws=draws, seed=seed + 2 * n + 1)["ndcg"]
        right = float(np.mean(np.sign(a - c) == np.sign(gap)))
        p_right.append(right)
        scale = n ** float(1 - b)
        rows.append({"n": n, "N0 - N1": gap, "(N0 - N1) n^(1-beta)": gap * scale,
                     "E[DCG0 - DCG1] / F(np)": exact, "true / pseudo gap": exact / gap,
                     "s.d. NDCG(f0) n^(1-beta)": float(a.std(ddof=1)) * scale,
                     "P[order of N0, N1]": right})
    # each frequency read at the level 1e-3 with its binomial s.e. at the measured value
    # (3.09 one-sided, 3.29 two-sided), so that another seed changes a verdict rarely
    bse = [float(np.sqrt(max(pr * (1 - pr), 1e-12) / draws)) for pr in p_right]
    drift_se = float(np.hypot(bse[0], bse[-1]))
    printed_ok = p_right[-1] > 0.95 or p_right[-1] - p_right[0] > 3.29 * drift_se
    # corrected: gap and fluctuations are both of order n^-(1-beta), so the probability of
    # the right order settles at a constant strictly between 1/2 and 1
    corrected_ok = (conditions and all(0.5 + 3.09 * b < pr < 1 - 3.09 * b
                                       for pr, b in zip(p_right, bse, strict=True))
                    and all(r["true / pseudo gap"] > 0 for r in rows)
                    and abs(p_right[-1] - p_right[0]) <= 3.29 * drift_se
                    and max(r["s.d. NDCG(f0) n^(1-beta)"] for r in rows)
                    < 2 * min(r["s.d. NDCG(f0) n^(1-beta)"] for r in rows))
    return Result(verdict(printed_ok, corrected_ok),
                  f"sympy (a pair meeting condition 2 exactly, beta = {beta}); mpmath N(n); "
                  f"Monte Carlo, {draws} draws per n",
                  {"Delta y": str(dy), "Delta y(1)": str(dy1),
                   "by n": rows,
                   "-(1 - beta) zeta(beta), the limit of true / pseudo gap (S004-L6)":
                       float(-(1 - float(b)) * mpmath.zeta(float(b))),
                   "corrected": "alpha > 3(1-beta) with alpha <= 1 forces beta > 2/3, where "
                                "NDCG fluctuates by order n^-(1-beta) (S004-L7), the order of "
                                "Lemma 6's gap: P[right order] tends to a constant strictly "
                                "between 1/2 and 1, not to 1; condition 2 does not give strict "
                                "distinguishability with high probability. Since condition 2 "
                                "can hold only for beta > 2/3, Theorem 4 then gives r^-beta "
                                "distinguishability with high probability only for pairs "
                                "whose limits differ (condition 1)"})
