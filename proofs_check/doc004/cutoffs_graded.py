"""Document 004, Theorem 6 (a summable discount: no convergence, no consistent
distinction) and graded relevance (Section 3.4, Theorems 10-13), three ways."""

from __future__ import annotations

import mpmath
import numpy as np

import rankmeasures as rm
from rankmeasures.theory import asymptotics as asy
from rankmeasures.theory import relevance as rel
from rankmeasures.theory.simulate import simulate_ndcg

from ..registry import Location, Result, claim, verdict
from ._common import (
    DOC,
    DPS,
    FEASIBLE,
    GENERAL,
    LEVEL,
    LIMIT_BASIS,
    LIMIT_BASIS_PSEUDO,
    MC_METHOD,
    PROOF_OMITTED_GENERAL,
    S,
    monte_carlo_against_exact,
)


@claim("S004-T6", doc=DOC, recorded="verified",
       at=Location(FEASIBLE, "Theorem 6"),
       statement="Theorem 6: sum D(r) <= B and the delta-condition: NDCG does not converge "
                 "and does not distinguish ranking functions consistently")
def s004_t6(draws: int = 200, seed: int = 6) -> Result:
    # the delta-condition needs every label to keep a probability bounded below:
    # ybar in [0.2, 0.8] satisfies it; ybar = s (P[Y = 0] -> 0 at the top) does not
    good, weak = 0.2 + 0.6 * S, 0.35 + 0.3 * S
    rows, sds, sds_violating = {}, [], []
    for n in (10**2, 10**3, 10**4):
        res = simulate_ndcg(good, rm.exponential_discount, n, n_draws=draws, seed=seed)["ndcg"]
        viol = simulate_ndcg(S, rm.exponential_discount, n, n_draws=draws, seed=seed)["ndcg"]
        sds.append(float(res.std(ddof=1)))
        sds_violating.append(float(viol.std(ddof=1)))
        rows[f"n=1e{len(str(n)) - 1}"] = {
            "sd of NDCG, ybar = 0.2 + 0.6 s": round(sds[-1], 5),
            "sd of NDCG, ybar = s (delta-condition fails)": round(sds_violating[-1], 5)}
    a = simulate_ndcg(good, rm.exponential_discount, 10**4, n_draws=draws, seed=seed + 1)
    b = simulate_ndcg(weak, rm.exponential_discount, 10**4, n_draws=draws, seed=seed + 2)
    p_wrong = float(np.mean(a["ndcg"] < b["ndcg"]))
    rows["P[NDCG(better f) < NDCG(weaker f)] at n = 1e4"] = p_wrong
    ok = min(sds) > 0.05 and sds[-1] > 0.5 * sds[0] and p_wrong > 0.05
    contrast = sds_violating[-1] < 0.1 * sds_violating[0]
    rows["without the delta-condition the spread collapses"] = contrast
    rows["proof of the 'moreover' part"] = (
        "the paper argues that for every pair there is a constant probability that the two "
        "NDCGs 'overlap' (one high, the other low); that needs the top objects of f0 all "
        "relevant while those of f1 are all irrelevant, which pairs sharing their top "
        "objects (differing lower down) cannot have. Not examined further here: the "
        "statement is checked on one pair whose scores are drawn independently (nearly "
        "disjoint top sets), and the companion does not supply the argument for the others")
    return Result(verdict(ok and contrast),
                  f"Monte Carlo with D(r) = 2^-r, {draws} draws per n (seed {seed})", rows)


# -- graded relevance (Section 3.4) ------------------------------------------------------
GRADED_SPEC = {"values": [3, 1, 0], "probs": [S**2 / 2, S / 2, 1 - S**2 / 2 - S / 2]}
GRADED = rel.GradedRelevance(GRADED_SPEC["values"], GRADED_SPEC["probs"])  # E[Y|s] = 3s^2/2 + s/2


def _graded_three_ways(disc, stated, ns=(10**3, 10**6, 10**12, 10**100), mc_n=20_000,
                       draws=30, seed=10):
    """As limits._three_ways for the graded model: N(n) approaches ``stated``, and the
    Monte Carlo means of DCG and IDCG agree with their exact expectations."""
    with mpmath.workdps(DPS):
        pe = [asy.pseudo_expectation(GRADED, disc, n, dps=DPS) for n in ns]
        gaps = [abs(v - stated) for v in pe]
        approach_ok = gaps[-1] < gaps[0] and gaps[-1] < mpmath.mpf("0.01")
        mc, mc_ok = monte_carlo_against_exact(GRADED, GRADED_SPEC, disc, mc_n, draws, seed, 2)
        ev = {"labels": "3, 1, 0 with P = s^2/2, s/2, rest",
              "stated limit": mpmath.nstr(stated, 20),
              "N(n)": {f"1e{len(str(n)) - 1}": mpmath.nstr(v, 20)
                       for n, v in zip(ns, pe, strict=True)},
              **mc}
    return ev, approach_ok and mc_ok


_GRADED_MC = MC_METHOD.format(draws=30, n=20_000, level=LEVEL, readings=2)


def _rates():
    return GRADED.level_rates(DPS + 5)


@claim("S004-T10", doc=DOC, recorded="verified",
       at=Location(GENERAL, "Theorem 10"),
       statement="Theorem 10 (graded, r^-beta): NDCG -> (1-beta) int_0^1 E[Y|s](1-s)^-beta ds / "
                 "sum_j y_j (R_j^(1-beta) - R_{j-1}^(1-beta)), R_j = P(Y >= y_j)")
def s004_t10(beta: float = 0.5, exponent_shift: float = 0.0) -> Result:
    with mpmath.workdps(DPS + 5):
        b = mpmath.mpf(repr(beta))
        e = 1 / (1 - b)
        num = mpmath.quad(lambda v: GRADED.mean(1 - v**e), [0, 1])  # (1-b) int E[Y|s](1-s)^-b
        rates, prev, den = _rates(), mpmath.mpf(0), mpmath.mpf(0)
        q = 1 - b + mpmath.mpf(repr(exponent_shift))  # the stated power 1 - beta
        for yj, rj in zip(GRADED.values, rates, strict=True):
            den += yj * (rj**q - prev**q)
            prev = rj
        stated = num / den
    ev, ok = _graded_three_ways(rm.power_discount(beta), stated)
    ev["verified rests on"] = LIMIT_BASIS
    ev["proof in the paper"] = PROOF_OMITTED_GENERAL
    return Result(verdict(ok), "mpmath N(n) to 1e100 (graded); graded " + _GRADED_MC, ev)


@claim("S004-T11", doc=DOC, recorded="verified",
       at=Location(GENERAL, "Theorem 11"),
       statement="Theorem 11 (graded, k = o(n), k -> infinity): NDCG@k -> E[Y | ftilde = 1] / y_1")
def s004_t11() -> Result:
    vals, ok = {}, True
    with mpmath.workdps(DPS):
        stated = GRADED.mean(mpmath.mpf(1)) / GRADED.values[0]
        for e in (4, 10, 40, 100):
            k = int(mpmath.floor(mpmath.sqrt(mpmath.mpf(10) ** e)))
            vals[f"n=1e{e}, k=sqrt(n)"] = asy.pseudo_expectation(
                GRADED, rm.cutoff(rm.log_discount, k), 10**e, dps=DPS)
        gaps = [abs(v - stated) for v in vals.values()]
        ok = all(a > b for a, b in zip(gaps, gaps[1:], strict=False)) and gaps[-1] < 1e-6
    return Result(verdict(ok), "mpmath N(n), D = 1/log(1+r) cut at k = sqrt(n), to 1e100",
                  {"stated limit": mpmath.nstr(stated, 20),
                   **{k: mpmath.nstr(v, 20) for k, v in vals.items()},
                   "verified rests on": LIMIT_BASIS_PSEUDO,
                   "proof in the paper": PROOF_OMITTED_GENERAL})


def _t_index(rates, c):
    """t with R_t < c <= R_{t+1} (R_0 = 0)."""
    padded = [mpmath.mpf(0), *rates]
    return next(t for t in range(len(rates)) if padded[t] < c <= padded[t + 1])


@claim("S004-T12", doc=DOC, recorded="verified",
       at=Location(GENERAL, "Theorem 12"),
       statement="Theorem 12 (graded, log, k = cn): NDCG@k -> c E[Y | ftilde >= 1-c] / "
                 "(sum_{j<=t} y_j (R_j - R_{j-1}) + y_{t+1} (c - R_t)), R_t < c <= R_{t+1}")
def s004_t12(c: float = 0.3) -> Result:
    with mpmath.workdps(DPS + 5):
        cc = mpmath.mpf(repr(c))
        num = mpmath.quad(GRADED.mean, [1 - cc, 1])  # c E[Y | ftilde >= 1 - c]
        rates = _rates()
        t = _t_index(rates, cc)
        padded = [mpmath.mpf(0), *rates]
        den = sum(GRADED.values[j] * (padded[j + 1] - padded[j]) for j in range(t))
        den += GRADED.values[t] * (cc - padded[t])
        stated = num / den
    ev, ok = _graded_three_ways(rm.cutoff(rm.log_discount, fraction=c), stated)
    ev["t"] = t
    ev["verified rests on"] = LIMIT_BASIS
    ev["proof in the paper"] = PROOF_OMITTED_GENERAL
    return Result(verdict(ok), f"c = {c}; mpmath N(n) to 1e100 (graded); graded "
                  + _GRADED_MC,
                  ev)


@claim("S004-T13", doc=DOC, recorded="verified",
       at=Location(GENERAL, "Theorem 13"),
       statement="Theorem 13 (graded, r^-beta, k = cn): the analogue of Theorem 12 with "
                 "powers 1 - beta")
def s004_t13(c: float = 0.3, beta: float = 0.5) -> Result:
    with mpmath.workdps(DPS + 5):
        cc, b = mpmath.mpf(repr(c)), mpmath.mpf(repr(beta))
        e = 1 / (1 - b)
        num = mpmath.quad(lambda v: GRADED.mean(1 - v**e), [0, cc ** (1 - b)])
        rates = _rates()
        t = _t_index(rates, cc)
        padded = [mpmath.mpf(0), *rates]
        den = sum(GRADED.values[j] * (padded[j + 1] ** (1 - b) - padded[j] ** (1 - b))
                  for j in range(t))
        den += GRADED.values[t] * (cc ** (1 - b) - padded[t] ** (1 - b))
        stated = num / den
    ev, ok = _graded_three_ways(rm.cutoff(rm.power_discount(beta), fraction=c), stated)
    ev["t"] = t
    ev["verified rests on"] = LIMIT_BASIS
    ev["proof in the paper"] = PROOF_OMITTED_GENERAL
    return Result(verdict(ok), f"c = {c}, beta = {beta}; mpmath N(n) to 1e100 (graded); "
                  "graded " + _GRADED_MC, ev)
