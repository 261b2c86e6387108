"""The measures beyond DCG in Wang et al.'s model (rankmeasures.theory.measure_limits and
measure_mc): closed forms against hand computation and against mpmath quadrature, the
limit laws against exact enumeration scored by the evaluator, the finite-n expectations
against independent exact formulas, and the Monte Carlo against them.

The statistical checks: ``STATISTICAL`` comparisons of a Monte Carlo mean with its exact
expectation, each allowed Student's t quantile of level ``FALSE_ALARM / STATISTICAL``
(two-sided) times its estimated standard error, so that by Bonferroni the file fails
with probability at most about ``FALSE_ALARM`` = 1e-6 under any seed when every formula
is right (nominally: the t quantile takes the means of 1000+ draws to be normal).
"""

from __future__ import annotations

import itertools
import math

import mpmath
import numpy as np
import pytest
import sympy
from scipy import stats

from rankmeasures.theory import measure_finite as F
from rankmeasures.theory import measure_limits as L
from rankmeasures.theory import measure_mc as M
from rankmeasures.theory import simulate
from rankmeasures.theory.asymptotics import s

FALSE_ALARM = 1e-6
STATISTICAL = 10  # the number of calls of _agrees below
LINEAR = (1 + s) / 3  # q = ybar(1-) = 2/3, p = 1/2
THIRD = sympy.Rational(1, 3)


def _agrees(draws, target):
    d = np.asarray(draws, dtype=np.float64)
    d = d[~np.isnan(d)]
    se = d.std(ddof=1) / math.sqrt(d.size)
    q = stats.t.ppf(1 - FALSE_ALARM / STATISTICAL / 2, d.size - 1)
    z = abs(d.mean() - float(target)) / se
    assert z <= q, f"mean {d.mean():.6g} vs exact {float(target):.6g}: z = {z:.2f} > {q:.2f}"


# -- the almost-sure limits -------------------------------------------------------------

@pytest.mark.parametrize(("name", "ybar", "cut", "hand"), [
    # eta = 1 - t, Phi = t - t^2/2, p = 1/2: AP = 2 int (1 - t)(1 - t/2) = 5/6
    ("AP", s, None, sympy.Rational(5, 6)),
    # eta = (1-t)^2, p = 1/3: AP = int w^2 (1 + w + w^2) dw / (3 p) = 47/60
    ("AP", s**2, None, sympy.Rational(47, 60)),
    # relevant scores have density 2s, irrelevant 2(1-s): 4 int s (s - s^2/2) = 5/6
    ("AUC", s, None, sympy.Rational(5, 6)),
    ("Rprec", s, None, sympy.Rational(3, 4)),      # Phi(1/2)/(1/2) = (1/2 - 1/8) * 2
    ("P", s, sympy.Rational(1, 2), sympy.Rational(3, 4)),
    ("recall", s, sympy.Rational(1, 4), sympy.Rational(7, 16)),  # (1/4 - 1/32) / (1/2)
    # a random ranking (constant ybar): AP, R-precision, P -> q; AUC -> 1/2; recall -> c
    ("AP", THIRD, None, THIRD), ("Rprec", THIRD, None, THIRD), ("AUC", THIRD, None, 0.5),
    ("P", THIRD, 0.3, THIRD), ("recall", THIRD, 0.3, sympy.Rational(3, 10)),
])
def test_closed_forms_match_hand_computation(name, ybar, cut, hand):
    assert L.limit(name, ybar, cut=cut, dps=15)["closed"] == sympy.nsimplify(hand)


@pytest.mark.parametrize("ybar", [s**2, LINEAR, s**3 / 2 + s / 4])
def test_closed_forms_match_quadrature_to_25_digits(ybar):
    with mpmath.workdps(40):
        for name, cut in [("AP", None), ("AUC", None), ("Rprec", None), ("P", 0.3),
                          ("recall", 0.7)]:
            r = L.limit(name, ybar, cut=cut, dps=30)
            assert r["closed"] is not None
            assert abs(mpmath.mpf(sympy.N(r["closed"], 40)) - r["value"]) < mpmath.mpf(
                "1e-25"), (name, ybar)


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="cut"):
        L.limit("P", s)
    with pytest.raises(ValueError, match="cut"):
        L.limit("AP", s, cut=0.5)
    with pytest.raises(ValueError, match="name"):
        L.limit("NDCG", s)
    with pytest.raises(ValueError, match="ybar"):
        L.limit("AP", sympy.Symbol("x"))
    with pytest.raises(ValueError, match="q"):
        L.top_law("RR", 2)
    with pytest.raises(ValueError, match="phi"):
        L.top_law("RBP", THIRD)
    with pytest.raises(ValueError, match="k"):
        L.top_law("P@k", THIRD)
    with pytest.raises(ValueError, match="measures"):
        M.parse_measure("P")


# -- the limit laws of the top-heavy measures -------------------------------------------

def test_rr_law_by_hand_and_by_its_series():
    mpmath.mp.dps = 40
    try:
        _rr_law()
    finally:
        mpmath.mp.dps = 15


def _rr_law():
    half = L.top_law("RR", sympy.Rational(1, 2))
    assert half["mean"] == sympy.log(2)  # sum 2^-j / j
    # E[RR^2] = Li2(1/2) = pi^2/12 - ln^2 2 / 2
    assert abs(half["variance_value"] - (mpmath.pi**2 / 12 - 1.5 * mpmath.log(2) ** 2)) < 1e-25
    q = mpmath.mpf(2) / 7
    law = L.top_law("RR", sympy.Rational(2, 7))
    m1 = mpmath.nsum(lambda j: q * (1 - q) ** (j - 1) / j, [1, mpmath.inf])
    m2 = mpmath.nsum(lambda j: q * (1 - q) ** (j - 1) / j**2, [1, mpmath.inf])
    assert abs(law["mean_value"] - m1) < 1e-25 and abs(law["variance_value"] - (m2 - m1**2)) < 1e-25


def test_rbp_law_by_hand():
    law = L.top_law("RBP", sympy.Rational(1, 2), phi=sympy.Rational(1, 2))
    assert (law["mean"], law["variance"]) == (sympy.Rational(1, 2), sympy.Rational(1, 12))


@pytest.mark.parametrize(("measure", "name", "k"), [("P@4", "P@k", 4), ("NDCG@4", "NDCG@k", 4),
                                                    ("ERR@4", "ERR", 4)])
def test_cutoff_laws_match_enumeration_by_the_evaluator(measure, name, k):
    """Every top-k label vector, scored by the evaluator (followed by k relevant
    documents, so that the ideal ranking has k relevant ones, as it has with probability
    tending to 1), weighted by its probability under i.i.d. Bernoulli(q)."""
    q = 2 / 7
    vecs = np.array(list(itertools.product([0.0, 1.0], repeat=k)))
    lists = np.hstack([vecs, np.ones((vecs.shape[0], k))])
    v = M.evaluate_lists([measure], lists)[measure]
    w = q ** vecs.sum(axis=1) * (1 - q) ** (k - vecs.sum(axis=1))
    mean = float(w @ v)
    var = float(w @ (v - mean) ** 2)
    law = L.top_law(name, sympy.Rational(2, 7), k=k)
    assert abs(float(law["mean_value"]) - mean) < 1e-12
    assert abs(float(law["variance_value"]) - var) < 1e-12


@pytest.mark.parametrize(("kind", "name", "params"), [
    ("ERR", "ERR", {"k": 3, "max_grade": 2.0}), ("ndcg", "NDCG@k", {"k": 3}),
    ("rbp", "RBP", {"p": 0.5})])
def test_graded_laws_match_enumeration_by_the_evaluator(kind, name, params):
    """Grades 0, 1, 2 i.i.d. at the top with probabilities 1/2, 1/3, 1/6: every top-3
    grade vector (RBP: 12 ranks, the rest weighing 0.5^12 in the variance bound below),
    followed by three documents of grade 2 for NDCG's ideal, scored by the evaluator."""
    from rankmeasures.trec.trec_measures import RankedJudgments, compute

    law = {0: sympy.Rational(1, 2), 1: sympy.Rational(1, 3), 2: sympy.Rational(1, 6)}
    depth = 8 if kind == "rbp" else 3
    vecs = np.array(list(itertools.product([0.0, 1.0, 2.0], repeat=depth)))
    marks = np.hstack([vecs, np.full((vecs.shape[0], 3), 2.0)]).ravel()
    offsets = np.arange(vecs.shape[0] + 1, dtype=np.int64) * (depth + 3)
    v = compute(kind, RankedJudgments(marks, offsets, marks, offsets), 1, params)
    if kind == "rbp":  # the three trailing grade-2 ranks are not part of the law: remove
        v = v - 0.5 * np.sum(0.5 ** np.arange(depth, depth + 3))
    pr = np.prod(np.vectorize(lambda g: float(law[int(g)]))(vecs), axis=1)
    mean, var = float(pr @ v), float(pr @ (v - pr @ v) ** 2)
    kw = {"phi": 0.5} if kind == "rbp" else {"k": 3}
    got = L.top_law_graded(name, law, max_grade=2, **kw)
    # RBP's ranks beyond 8 weigh (1 - 0.5) sum_{i > 8} 0.5^(i-1) = 0.5^8 in all
    tol = 0.5**8 if kind == "rbp" else 1e-12
    assert abs(float(got["mean_value"]) - mean) < tol
    assert abs(float(got["variance_value"]) - var) < tol


def test_err_without_cut_is_the_limit_of_its_cutoffs():
    q = sympy.Rational(1, 3)
    full, cut = L.top_law("ERR", q), L.top_law("ERR", q, k=150)
    # the terms beyond rank 150 are below (1 - q/2)^150 / 150 < 1e-13 in mean and square
    assert abs(full["mean_value"] - cut["mean_value"]) < 1e-12
    assert abs(full["variance_value"] - cut["variance_value"]) < 1e-12


# -- the exact finite-n expectations ----------------------------------------------------

@pytest.mark.parametrize(("n", "k"), [(9, 3), (200, 7), (5000, 20), (3000, 700)])
def test_finite_n_precision_against_order_statistics(n, k):
    # E[U_(i:n)] = (n-i+1)/(n+1); E[U_(i:n)^2] = (n-i+1)(n-i+2)/((n+1)(n+2))
    exact1 = 1 - mpmath.mpf(k + 1) / (2 * (n + 1))
    exact2 = mpmath.fsum(mpmath.mpf((n - i + 1) * (n - i + 2)) / ((n + 1) * (n + 2))
                         for i in range(1, k + 1)) / k
    tol = 1e-15 if k <= 64 else 1e-12  # mpmath; else double-precision quadrature
    assert abs(F.expected_finite("P", s, n, k=k) - exact1) < tol
    assert abs(F.expected_finite("P", s**2, n, k=k)
               - mpmath.mpf(sympy.N(F.expected_linear(s**2, n, [THIRD / k] * k) * 3, 30))) < tol
    assert abs(F.expected_finite("P", s**2, n, k=k) - exact2) < tol


@pytest.mark.parametrize("n", [1, 10, 3000])
def test_finite_n_rr_and_recall_of_a_random_ranking(n):
    q = mpmath.mpf(1) / 3
    exact_rr = mpmath.fsum(q * (1 - q) ** (j - 1) / j for j in range(1, n + 1))
    assert abs(F.expected_finite("RR", THIRD, n, k=1) - exact_rr) < 1e-15
    k = max(1, n // 3)
    # exchangeable: E[recall@k | R = r >= 1] = k/n
    assert abs(F.expected_finite("recall", THIRD, n, k=k)
               - float(mpmath.mpf(k) / n * (1 - (1 - q) ** n))) < 1e-10


def test_finite_n_expectations_tend_to_the_limits():
    # RR at n = 10^6 within 1e-5 of its law's mean; P@ceil(n/2) at n = 10^4 within 1e-4
    law = L.top_law("RR", sympy.Rational(2, 3))
    assert abs(F.expected_finite("RR", LINEAR, 10**6, k=1) - law["mean_value"]) < 1e-5
    assert abs(F.expected_finite("P", LINEAR, 10**4, k=5000)
               - L.limit("P", LINEAR, cut=0.5)["value"]) < 1e-4


# -- the Monte Carlo: the simulator's draws, the evaluator's values ----------------------

def test_draws_are_the_ndcg_simulators_draws():
    out = simulate.simulate_ndcg(LINEAR, "log2", 3000, n_draws=2, seed=4, segment_size=1024)
    for d in range(2):
        y = M.ranked_labels(LINEAR, 3000, seed=4, draw=d, segment_size=1024)
        assert int(y.sum()) == out["relevant"][d]
        assert math.isclose(float(np.sum(y / np.log2(np.arange(2, 3002)))), out["dcg"][d],
                            rel_tol=1e-12)


def test_values_do_not_depend_on_the_order_or_place_of_the_draws():
    kw = {"n_draws": 6, "seed": 3, "segment_size": 256}
    here = M.simulate_measures(LINEAR, ["AP", "RR", "AUC"], 700, **kw)
    # one draw per task, computed last to first
    backwards = M.simulate_measures(LINEAR, ["AP", "RR", "AUC"], 700, **kw, task_draws=1,
                                    map_draws=lambda f, t: [f(x) for x in list(t)[::-1]][::-1])
    assert all(np.array_equal(here[m], backwards[m]) for m in here)
    pytest.importorskip("distributed")
    there = M.simulate_measures(LINEAR, ["AP", "RR", "AUC"], 700, **kw, task_draws=2,
                                workers=2)
    assert all(np.array_equal(here[m], there[m]) for m in here)


def test_monte_carlo_means_match_exact_expectations():
    n, draws = 300, 1500
    v = M.simulate_measures(LINEAR, ["P@5", "recall@30", "RR", "P@150", "recall@75", "AUC",
                                     "RBP(p=0.8)", "NDCG@5"], n, n_draws=draws, seed=11)
    for spec, k in [("P@5", 5), ("recall@30", 30), ("P@150", 150), ("recall@75", 75)]:
        _agrees(v[spec], F.expected_finite(spec.split("@")[0], LINEAR, n, k=k))
    _agrees(v["RR"], F.expected_finite("RR", LINEAR, n, k=1))
    # AUC given both classes is an unbiased U-statistic of P[s_rel > s_irr]: the limit
    _agrees(v["AUC"], L.limit("AUC", LINEAR, dps=15)["value"])
    # ybar linear: E[ybar(U_(i:n))] = 2/3 - i/(3(n+1)), so E[RBP] and E[DCG@5]/IDCG@5
    # (IDCG@5 that of five relevant unless R < 5, probability below 1e-70) are sums
    ey = [mpmath.mpf(2) / 3 - mpmath.mpf(i) / (3 * (n + 1)) for i in range(1, n + 1)]
    _agrees(v["RBP(p=0.8)"], mpmath.fsum(0.2 * 0.8 ** (i - 1) * ey[i - 1]
                                         for i in range(1, n + 1)))
    dsc = [1 / mpmath.log(i + 1, 2) for i in range(1, 6)]
    dcg = mpmath.fsum(d * e for d, e in zip(dsc, ey[:5], strict=True))
    _agrees(v["NDCG@5"], dcg / mpmath.fsum(dsc))


def test_monte_carlo_ap_and_rprec_of_a_random_ranking():
    # E[AP | R = r] = (r-1)/(n-1) + (n-r) H_n / (n (n-1)) for a random order (checked by
    # hand at n = 2, 3); E[R-precision] = E[R]/n = q
    n, draws = 60, 3000
    v = M.simulate_measures(THIRD, ["AP", "Rprec"], n, n_draws=draws, seed=12)
    h = mpmath.harmonic(n)
    ap = mpmath.fsum(mpmath.binomial(n, r) * mpmath.mpf(1) / 3**r * (mpmath.mpf(2) / 3) ** (n - r)
                     * ((r - 1) / mpmath.mpf(n - 1) + (n - r) * h / (n * (n - 1)))
                     for r in range(1, n + 1))
    _agrees(v["AP"], ap)
    _agrees(v["Rprec"], 1 / 3)


# -- the verdicts -------------------------------------------------------------------------

def test_pair_verdicts_and_the_analysis_entry_point():
    v = L.analyse_measure("AP", s, ybar_other=THIRD)
    assert v["converges"] and v["limit"] == sympy.Rational(5, 6)
    assert v["pair"]["verdict"] == "distinguishable" and v["pair"]["better"] == 0
    r = L.analyse_measure("RR", LINEAR, ybar_other=sympy.Rational(1, 2))
    assert not r["converges"] and r["q"] == sympy.Rational(2, 3)
    assert r["pair"]["verdict"] == "not distinguishable"
    assert L.analyse_measure("RBP", LINEAR, phi=0.5)["law_variance"] == sympy.Rational(2, 27)
    # ERR@k is at its maximum when its top k are relevant (006, Result 4): the bound
    # 1 - q1^k under any coupling, 1 - (1/2)^3 = 7/8 by hand
    half = sympy.Rational(1, 2)
    e3 = L.pair_verdict("ERR", LINEAR, half + 0 * s, k=3)
    assert e3["verdict"] == "not distinguishable" and "<= 7/8" in e3["reason"]
    assert "any coupling" in e3["reason"] and "delta" not in e3["reason"]
    # ERR without a cut and RBP: two curves do not fix the coupling, and the answer depends
    # on it (006, Result 5: not distinguishable under the delta-condition; Result 6:
    # distinguishable pairs exist without it, and the referee of round 2 built one with
    # exactly these curves), so the verdict from the curves alone is "undecided" (it was
    # "not distinguishable", which Result 6's mechanism refutes)
    for name in ("ERR", "RBP"):
        v = L.pair_verdict(name, LINEAR, half + 0 * s)
        assert v["verdict"] == "undecided" and v["better"] is None, name
        assert "depends on the coupling" in v["reason"] and "Result 6" in v["reason"], name
        d = L.pair_verdict(name, LINEAR, half + 0 * s, delta_condition=True)
        assert d["verdict"] == "not distinguishable" and "Result 5" in d["reason"], name
    # equal top rates do not make it "not distinguishable" either (Result 6's remark)
    assert L.pair_verdict("RBP", LINEAR, LINEAR)["verdict"] == "undecided"
    # the flag is only about RBP and ERR: RR's bound holds under any coupling anyway
    assert (L.pair_verdict("RR", LINEAR, half + 0 * s, delta_condition=True)
            == L.pair_verdict("RR", LINEAR, half + 0 * s))


def test_coupled_comparison_counts_every_sample():
    c = M.coupled_comparison(["RR", "AP"], (LINEAR, sympy.Rational(1, 2) + 0 * s), 200,
                             seeds=range(5))
    assert all(sum(v.values()) == 5 for v in c.values())


def test_graded_analysis_by_hand():
    from rankmeasures.theory.relevance import GradedRelevance

    g = GradedRelevance([2, 1, 0], [s**2 / 2, s / 2, 1 - s / 2 - s**2 / 2])
    # at the top grades 2 and 1 each with probability 1/2: a rank stops with probability
    # 3/4 or 1/4, rho = 1/2, and ERR@3 has mean 1/2 + 1/8 + 1/24 = 2/3
    r = L.analyse_measure("ERR", g, k=3)
    assert r["top_grades"] == {2: sympy.Rational(1, 2), 1: sympy.Rational(1, 2), 0: 0}
    assert r["law_mean"] == sympy.Rational(2, 3) and not r["converges"]


def test_auc_is_the_evaluators_per_query_auc():
    # evaluate_lists scores AUC with rankmeasures.auc; the evaluator's runs use the
    # per-query kernel auc_queries: the two agree on random lists (scores: the ranks)
    from rankmeasures.trec.query_concordance import auc_queries

    rng = np.random.default_rng(11)
    lists = (rng.random((40, 25)) < 0.4).astype(np.float64)
    got = M.evaluate_lists(["AUC"], lists)["AUC"]
    n = lists.shape[1]
    want = auc_queries(lists.ravel() >= 1, np.tile(np.arange(n, 0, -1.0), len(lists)),
                       np.arange(0, lists.size + 1, n))
    assert np.array_equal(np.isnan(got), np.isnan(want))
    ok = ~np.isnan(got)
    assert ok.sum() > 30 and np.allclose(got[ok], want[ok], rtol=0, atol=1e-15)
