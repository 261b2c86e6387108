"""Peers as oracles on thousands of random inputs: scipy, scikit-learn, pytrec_eval.

Tolerances: rel 1e-12 where both sides compute the same float64 formula in a different
summation order (a few ulps per term, n <= 100 terms); exact equality for integer counts.
"""

import warnings

import numpy as np
import pytest
import pytrec_eval
from scipy import stats
from sklearn.metrics import dcg_score, ndcg_score, roc_auc_score

import rankmeasures as rm

N_CASES = 1000


def _cases(rng, n_cases, max_n=40, n_levels=5, n_score_values=None):
    for _ in range(n_cases):
        n = int(rng.integers(2, max_n))
        y = rng.integers(0, n_levels, n)
        if n_score_values:
            s = rng.integers(0, n_score_values, n).astype(float)
        else:
            s = rng.normal(size=n)
        yield y, s


def test_kendall_tau_b_and_spearman_vs_scipy(rng):
    for x, y in _cases(rng, N_CASES, n_score_values=6):
        x = x.astype(float)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scipy warns on constant input
            ref = stats.kendalltau(x, y, variant="b").statistic
            ref_rho = stats.spearmanr(x, y).statistic
        ours = rm.kendall_tau(x, y, variant="b")
        if np.isnan(ref):
            assert np.isnan(ours)
        else:
            assert ours == pytest.approx(ref, rel=1e-12, abs=1e-14)
        rho = rm.spearman_rho(x, y)
        if np.isnan(ref_rho):
            assert np.isnan(rho)
        else:
            assert rho == pytest.approx(ref_rho, rel=1e-12, abs=1e-14)


def test_kendall_tau_on_large_input_vs_scipy(rng):
    x = rng.integers(0, 1000, 200_000)
    y = x + rng.integers(0, 3000, 200_000)
    assert rm.kendall_tau(x, y) == pytest.approx(stats.kendalltau(x, y).statistic, rel=1e-12)


def test_somers_d_vs_scipy(rng):
    for x, y in _cases(rng, 200, n_score_values=4):
        if np.unique(x).size < 2:
            continue
        if np.unique(y).size < 2:
            # By design we differ: with y constant, C = D = 0 and (C - D)/(n0 - Tx) = 0
            # is well defined (x is not constant); scipy returns NaN there.
            assert np.isnan(stats.somersd(x, y).statistic) and rm.somers_d(x, y) == 0.0
            continue
        ref = stats.somersd(x, y).statistic
        assert rm.somers_d(x, y) == pytest.approx(ref, rel=1e-12, abs=1e-14)


def test_auc_vs_sklearn_with_ties(rng):
    for y, s in _cases(rng, N_CASES, n_levels=2, n_score_values=5):
        if np.unique(y).size < 2:
            continue
        assert rm.auc(y, s) == pytest.approx(roc_auc_score(y, s), rel=1e-12)


@pytest.mark.parametrize("ignore_ties", [False, True])
def test_ndcg_and_dcg_vs_sklearn(rng, ignore_ties):
    """scikit-learn: identity gain, 1/log2(1+r), ties averaged unless ignore_ties. With
    ignore_ties=True sklearn's order among tied scores is its argsort's, so those cases
    use distinct scores."""
    for y, s in _cases(rng, N_CASES, n_score_values=None if ignore_ties else 6):
        if y.sum() == 0:
            y[0] = 1  # sklearn returns 0 for an all-zero query; tested separately
        for k in (None, 1, 3, 10):
            ref = ndcg_score([y], [s], k=k, ignore_ties=ignore_ties)
            assert rm.ndcg(y, s, k=k) == pytest.approx(ref, rel=1e-12)
            ref_d = dcg_score([y], [s], k=k, ignore_ties=ignore_ties)
            assert rm.dcg(y, s, k=k) == pytest.approx(ref_d, rel=1e-12)


def test_batched_ndcg_vs_sklearn_2d(rng):
    y = rng.integers(0, 5, (300, 25))
    s = rng.integers(0, 8, (300, 25)).astype(float)
    for k in (None, 5):
        ours = rm.ndcg_queries(y, s, k=k)
        np.testing.assert_allclose(ours.mean, ndcg_score(y, s, k=k), rtol=1e-12)
    assert rm.ndcg([0, 0, 0], [1, 2, 3]) == ndcg_score([[0, 0, 0]], [[1, 2, 3]]) == 0.0


def _trec(y, s, qid="q"):
    qrel = {qid: {f"d{i}": int(v) for i, v in enumerate(y)}}
    run = {qid: {f"d{i}": float(v) for i, v in enumerate(s)}}
    return qrel, run


def test_ndcg_vs_pytrec_eval(rng):
    """trec_eval: gain = grade, discount 1/log2(1+r), the ideal over every judged
    document (scored or not). It breaks score ties by document name, so scores here are
    distinct and exactly representable in float32 (trec_eval's run scores go through
    float32 in some versions; small integers survive that unchanged)."""
    for y, _ in _cases(rng, N_CASES, max_n=30):
        if y.sum() == 0:
            continue
        n = y.size
        s = rng.permutation(n).astype(float)
        n_scored = int(rng.integers(1, n + 1))  # the rest are judged but unscored
        qrel, run = _trec(y, s)
        run = {"q": {d: v for d, v in run["q"].items() if int(d[1:]) < n_scored}}
        ev = pytrec_eval.RelevanceEvaluator(qrel, {"ndcg", "ndcg_cut.5", "ndcg_cut.10"})
        ref = ev.evaluate(run)["q"]
        kw = dict(unscored_labels=y[n_scored:])
        ys, ss = y[:n_scored], s[:n_scored]
        assert rm.ndcg(ys, ss, **kw) == pytest.approx(ref["ndcg"], rel=1e-12)
        assert rm.ndcg(ys, ss, k=5, **kw) == pytest.approx(ref["ndcg_cut_5"], rel=1e-12)
        assert rm.ndcg(ys, ss, k=10, **kw) == pytest.approx(ref["ndcg_cut_10"], rel=1e-12)


def test_batched_ndcg_vs_pytrec_eval(rng):
    q = 200
    lengths = rng.integers(2, 40, q)
    off = np.concatenate([[0], np.cumsum(lengths)])
    y = rng.integers(0, 5, off[-1])
    s = np.concatenate([rng.permutation(m) for m in lengths]).astype(float)
    qrel, run = {}, {}
    keep = []
    for i in range(q):
        yy, ss = y[off[i]:off[i + 1]], s[off[i]:off[i + 1]]
        if yy.sum() == 0:
            continue
        keep.append(i)
        a, b = _trec(yy, ss, qid=f"q{i:04d}")
        qrel.update(a)
        run.update(b)
    ref = pytrec_eval.RelevanceEvaluator(qrel, {"ndcg_cut.10"}).evaluate(run)
    ours = rm.ndcg_queries(y, s, offsets=off, k=10).values
    np.testing.assert_allclose(ours[keep], [ref[f"q{i:04d}"]["ndcg_cut_10"] for i in keep],
                               rtol=1e-12)
