"""The simulator of Wang et al. (2013)'s model (rankmeasures.theory.simulate, segments): a
draw generated in independent segments has the model's distribution -- order statistics
against their exact moments and Beta laws, NDCG against a plain sort-based draw scored by
scikit-learn -- and its result does not depend on the order in which the segments are
computed."""

import random

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import ndcg_score

import rankmeasures as rm
from rankmeasures.theory.asymptotics import s
from rankmeasures.theory.relevance import GradedRelevance
from rankmeasures.theory.segments import (
    boundary_log_scores,
    segment_ends,
    segment_scores,
    segment_sums,
)
from rankmeasures.theory.simulate import simulate_ndcg, simulate_ndcg_many


def _draw_scores(n, size, seed, draw):
    logs = boundary_log_scores(n, size, seed=seed, draw=draw)
    his = np.concatenate([[0.0], logs[:-1]])
    return np.concatenate([segment_scores(n, size, j, seed=seed, draw=draw, log_hi=his[j],
                                          log_lo=logs[j]) for j in range(logs.size)])


def test_order_statistics_have_their_exact_moments():
    """The r-th largest of n uniforms: mean (n-r+1)/(n+1), variance
    r(n-r+1)/((n+1)^2(n+2)); 4,000 draws of n = 12 in segments of 5, 5 and 2."""
    n, draws = 12, 4000
    x = np.array([_draw_scores(n, 5, 3, t) for t in range(draws)])
    assert np.all(np.diff(x, axis=1) < 0) and np.all(x > 0) and np.all(x < 1)
    r = np.arange(1, n + 1)
    mean = (n - r + 1) / (n + 1)
    var = r * (n - r + 1) / ((n + 1) ** 2 * (n + 2))
    z = (x.mean(axis=0) - mean) / np.sqrt(var / draws)
    assert np.all(np.abs(z) < 4.5), z
    np.testing.assert_allclose(x.var(axis=0, ddof=1), var, rtol=0.12)


def test_boundaries_follow_their_beta_laws():
    """s(e_j) is the e_j-th largest of n uniforms: Beta(n - e_j + 1, e_j) (KS, 2,000 draws)."""
    n, size = 10**6, 250_000
    ends = segment_ends(n, size)
    logs = np.array([boundary_log_scores(n, size, seed=5, draw=t) for t in range(2000)])
    for j, e in enumerate(ends.tolist()):
        p = stats.kstest(np.exp(logs[:, j]), stats.beta(n - e + 1, e).cdf).pvalue
        assert p > 1e-3, (e, p)


def _sorted_draws(ybar, n, draws, seed):
    """NDCG of the model drawn the plain way, independently of the generator: n uniform
    scores, labels Y = 1 iff U < ybar(score), sorted, scored by scikit-learn's
    ``ndcg_score`` (the log2 discount)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(draws):
        sc = rng.random(n)
        y = (rng.random(n) < ybar(sc)).astype(float)
        out.append(ndcg_score(y[None, :], sc[None, :]) if y.any() else 0.0)
    return np.array(out)


@pytest.mark.parametrize("n, size", [(1000, 777), (20_000, 1 << 20), (20_000, 3000)])
def test_ndcg_has_the_sorted_models_mean_and_variance(n, size):
    """200 draws each way against the plain sort-based draw: means within 4.5 standard
    errors (false alarm 7e-6), variances by an F-test at 1e-3."""
    a = simulate_ndcg(s, "log2", n, n_draws=200, seed=1, segment_size=size)["ndcg"]
    b = _sorted_draws(lambda x: x, n, 200, seed=2)
    se = np.sqrt(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size)
    assert abs(a.mean() - b.mean()) < 4.5 * se
    f = a.var(ddof=1) / b.var(ddof=1)
    assert 2 * min(stats.f.cdf(f, 199, 199), stats.f.sf(f, 199, 199)) > 1e-3, f


def test_graded_relevance_matches_the_sorted_model():
    """Grades 2/1/0 with probabilities s^2, 2s(1-s), (1-s)^2 against the plain draw scored
    by scikit-learn (linear gains, log2 discount): means within 4.5 standard errors."""
    graded = GradedRelevance([2, 1, 0], [s**2, 2 * s * (1 - s), (1 - s) ** 2])
    a = simulate_ndcg(graded, "log2", 5000, n_draws=100, seed=1, segment_size=999)["ndcg"]
    rng = np.random.default_rng(2)
    b = []
    for _ in range(100):
        sc = rng.random(5000)
        g = (rng.random(5000) < sc).astype(float) + (rng.random(5000) < sc)
        b.append(ndcg_score(g[None, :], sc[None, :]))
    b = np.array(b)
    se = np.sqrt(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size)
    assert abs(a.mean() - b.mean()) < 4.5 * se


def test_sums_equal_the_whole_array_measure():
    """A draw's DCG and IDCG from its segments equal rankmeasures.dcg / idcg of the whole
    labelled list (rel 1e-12: only the order of the additions differs)."""
    n, size = 3001, 500
    out = simulate_ndcg(s, "log2", n, n_draws=1, seed=9, segment_size=size)
    logs = boundary_log_scores(n, size, seed=9, draw=0)
    his = np.concatenate([[0.0], logs[:-1]])
    labels = []
    for j in range(logs.size):
        sc = segment_scores(n, size, j, seed=9, draw=0, log_hi=his[j], log_lo=logs[j])
        # the labels as segment_sums draws them: the second child stream of the segment
        child = np.random.SeedSequence(9, spawn_key=(0, 1, j)).spawn(2)[1]
        labels.append((np.random.default_rng(child).random(sc.size) < sc).astype(float))
    y = np.concatenate(labels)
    ranked = -np.arange(n, dtype=float)  # already in rank order
    assert out["dcg"][0] == pytest.approx(rm.dcg(y, ranked), rel=1e-12)
    assert out["idcg"][0] == pytest.approx(rm.idcg(y), rel=1e-12)
    assert out["relevant"][0] == int(y.sum())
    scores = np.concatenate([segment_scores(n, size, j, seed=9, draw=0, log_hi=his[j],
                                            log_lo=logs[j]) for j in range(logs.size)])
    assert np.all(np.diff(scores) < 0)  # the order statistics come out sorted
    peer = ndcg_score(y[None, :], scores[None, :])
    assert out["ndcg"][0] == pytest.approx(peer, rel=1e-12)


def test_result_does_not_depend_on_the_order_segments_are_computed():
    def shuffled(fn, tasks):
        tasks = list(tasks)
        idx = list(range(len(tasks)))
        random.Random(4).shuffle(idx)
        done = {i: fn(tasks[i]) for i in idx}  # computed in a shuffled order
        return [done[i] for i in range(len(tasks))]

    kw = dict(n_draws=3, seed=7, segment_size=1000, task_ranks=2000)
    a = simulate_ndcg(s, "log2", 10_500, **kw)
    b = simulate_ndcg(s, "log2", 10_500, map_segments=shuffled, **kw)
    for key in a:
        assert np.array_equal(a[key], b[key]), key


def test_several_discounts_score_the_same_draws_bit_for_bit():
    """One generation of each draw, scored under a log, a 1/r and a cut-off discount (the
    latter depends on n), gives each discount exactly what a call with it alone gives."""
    discounts = ["log2", rm.zipf_discount, rm.cutoff(rm.log2_discount, fraction=0.2)]
    kw = dict(n_draws=3, seed=11, segment_size=1000, task_ranks=2500)
    graded = GradedRelevance([2, 1, 0], [s**2, 2 * s * (1 - s), (1 - s) ** 2])
    for ybar in (s, graded):
        many = simulate_ndcg_many(ybar, discounts, 10_500, **kw)
        assert len(many) == 3
        for d, got in zip(discounts, many, strict=True):
            alone = simulate_ndcg(ybar, d, 10_500, **kw)
            for key in alone:
                assert np.array_equal(got[key], alone[key]), (d, key)
        assert not np.array_equal(many[0]["ndcg"], many[1]["ndcg"])
    with pytest.raises(ValueError, match="discounts: need a non-empty list"):
        simulate_ndcg_many(s, [], 100)
    with pytest.raises(ValueError, match="discounts: need a non-empty list"):
        simulate_ndcg_many(s, "log2", 100)


def test_a_constant_law_skips_the_scores_and_keeps_the_bits():
    """ybar = 1/2 as a sympy constant takes the path without scores; the same law as a
    callable (not inspected) generates them: the labels, and so every value, agree."""
    import sympy

    kw = dict(n_draws=2, seed=3, segment_size=1000, task_ranks=2500)
    fast = simulate_ndcg_many(sympy.Rational(1, 2), ["log2", "zipf"], 5_500, **kw)
    slow = simulate_ndcg_many(lambda x: np.full(x.shape, 0.5), ["log2", "zipf"],
                                        5_500, **kw)
    for a, b in zip(fast, slow, strict=True):
        for key in a:
            assert np.array_equal(a[key], b[key]), key
    graded = GradedRelevance([2, 1, 0], [sympy.Rational(1, 4), sympy.Rational(1, 4),
                                         sympy.Rational(1, 2)])
    curves = GradedRelevance([2, 1, 0], [lambda x: np.full(x.shape, 0.25)] * 2
                             + [lambda x: np.full(x.shape, 0.5)])
    a = simulate_ndcg(graded, "log2", 5_500, **kw)
    b = simulate_ndcg(curves, "log2", 5_500, **kw)
    assert all(np.array_equal(a[key], b[key]) for key in a)


def test_bad_arguments():
    with pytest.raises(ValueError, match="n: must be a positive integer"):
        simulate_ndcg(s, "log2", 0)
    with pytest.raises(ValueError, match="segment_size"):
        segment_ends(10, 0)
    with pytest.raises(ValueError, match="j: segment index"):
        segment_sums(s, "log2", 10, 5, 2, seed=0, draw=0, log_hi=0.0, log_lo=-1.0)
    with pytest.raises(ValueError, match="log_lo, log_hi"):
        segment_scores(10, 5, 0, seed=0, draw=0, log_hi=-1.0, log_lo=0.0)
    with pytest.raises(ValueError, match="ybar: values must lie in"):
        simulate_ndcg(2 * s, "log2", 100)


def test_the_numpy_path_gives_the_compiled_kernels_bits(monkeypatch):
    """Without numba (the kernels' loader returning None) every value is the same: the
    compiled loops do numpy's operations in numpy's order."""
    from rankmeasures.theory import segments

    kw = dict(n_draws=2, seed=3, segment_size=40_000)
    graded = GradedRelevance([2, 1, 0], [s**2, 2 * s * (1 - s), (1 - s) ** 2])
    with_kernels = [simulate_ndcg(m, "log2", 100_000, **kw) for m in (s, graded)]
    monkeypatch.setattr(segments._jit, "load", lambda name: None)
    without = [simulate_ndcg(m, "log2", 100_000, **kw) for m in (s, graded)]
    for a, b in zip(with_kernels, without, strict=True):
        assert all(np.array_equal(a[k], b[k]) for k in a)


def test_workers_go_through_to_the_engine(monkeypatch):
    """``workers=`` reaches the engine's connect (the engine's own tests show the bits
    equal on workers); the segment size and the seed alone fix the values."""
    from rankmeasures.theory import engine

    seen = {}

    class Stop(Exception):
        pass

    def connect(workers):
        seen["workers"] = workers
        raise Stop

    monkeypatch.setattr(engine, "connect", connect)
    with pytest.raises(Stop):
        simulate_ndcg(s, "log2", 5000, workers="tcp://127.0.0.1:1")
    assert seen["workers"] == "tcp://127.0.0.1:1"
    kw = dict(n_draws=2, seed=3)
    a = simulate_ndcg(s, "log2", 5000, **kw)
    b = simulate_ndcg(s, "log2", 5000, segment_size=1 << 20, task_ranks=1000, **kw)
    assert all(np.array_equal(a[key], b[key]) for key in b)
