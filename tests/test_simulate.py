"""The simulator of Wang et al. (2013)'s model (rankmeasures.theory.simulate): its compiled
loops must not move a single bit, and it refuses a ybar outside [0, 1] (its
distribution against a plain sort-based draw and scikit-learn: tests/test_segments.py)."""

import numpy as np
import pytest

import rankmeasures as rm
from rankmeasures._kernels import jit as _jit
from rankmeasures.theory.asymptotics import s
from rankmeasures.theory.relevance import GradedRelevance
from rankmeasures.theory.simulate import simulate_ndcg

kernel = _jit.load("simulate_numba")


CASES = [
    (s, rm.log2_discount, 100_003, {"n_draws": 2, "seed": 1}),
    (s**2, rm.PowerDiscount(0.5), 40_000, {"seed": 2, "segment_size": 12_345}),
    (s, rm.LogDiscount(10), 30_000, {"seed": 4, "segment_size": 7_000}),
    (s, rm.linear_discount, 20_000, {"seed": 5}),
    (s, rm.cutoff(rm.log2_discount, k=100), 20_000, {"seed": 6}),
    (GradedRelevance([3, 1, 0], [s**2 / 2, s / 2, 1 - s**2 / 2 - s / 2]), "log", 50_000,
     {"n_draws": 2, "seed": 7, "segment_size": 20_000}),
]


@pytest.mark.skipif(kernel is None, reason="numba not installed")
@pytest.mark.parametrize("ybar, disc, n, kw", CASES)
def test_compiled_loops_give_the_numpy_bits(monkeypatch, ybar, disc, n, kw):
    compiled = simulate_ndcg(ybar, disc, n, **kw)
    monkeypatch.setitem(_jit._LOADED, "simulate_numba", None)
    plain = simulate_ndcg(ybar, disc, n, **kw)
    for key in compiled:
        np.testing.assert_array_equal(compiled[key], plain[key])


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("bad", [lambda x: 2 * x, lambda x: x - 0.5, lambda x: x * np.nan])
def test_ybar_outside_the_unit_interval_is_refused(monkeypatch, compiled, bad):
    if not compiled:
        monkeypatch.setitem(_jit._LOADED, "simulate_numba", None)
    elif kernel is None:
        pytest.skip("numba not installed")
    with pytest.raises(ValueError, match=r"ybar: values must lie in \[0, 1\]"):
        simulate_ndcg(bad, "log", 1000)


@pytest.mark.parametrize("disc", [rm.log_discount, rm.log2_discount, rm.LogDiscount(10),
                                  rm.PowerDiscount(0.5), rm.exponential_discount,
                                  rm.cutoff(rm.log2_discount, k=5)])
def test_fill_is_evaluate_bit_for_bit(disc):
    for first in (1, 17, 10**9 - 5, 2**52):
        out = np.empty(9)
        disc.fill(first, out)
        want = disc.evaluate(np.arange(first, first + 9))
        np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("disc", [rm.cutoff(rm.log2_discount, fraction=0.2),
                                  rm.cutoff(rm.power_discount(0.5), exponent=0.5)])
def test_an_n_dependent_cutoff_fills_its_evaluate_bit_for_bit(disc):
    n = np.float64(10_000)  # k = 2000 and k = 100
    for first in (1, 95, 100, 101, 1995, 2000, 2001, 9990):
        out = np.full(11, np.nan)
        disc.fill(first, out, n)
        np.testing.assert_array_equal(
            out, disc.evaluate(np.arange(first, first + 11), n))


@pytest.mark.parametrize("probs", [
    [s, 1 - s, s * np.nan],  # NaN: refused, as by the binary model
    [s, 1 - s, s / 2],  # sums to more than 1
    [2 * s, 1 - 2 * s, 0 * s],  # a probability above 1
])
def test_graded_probabilities_outside_the_simplex_are_refused(probs):
    graded = GradedRelevance.__new__(GradedRelevance)  # past the constructor's own checks
    graded.raw_values, graded.prob_specs = [2, 1, 0], probs
    with pytest.raises(ValueError, match=r"ybar: values must lie in \[0, 1\]"):
        simulate_ndcg(graded, "log", 1000)
