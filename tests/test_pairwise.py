"""Jin & Geng: linear DCG, the DCG error and the pairwise losses R, Rhat, R_k."""

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankmeasures as rm
from oracles import r_k_brute, r_loss_brute

graded = st.integers(1, 25).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 4), min_size=n, max_size=n),
    st.permutations(list(range(n)))))

graded_ties = st.integers(1, 25).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 4), min_size=n, max_size=n),
    st.lists(st.integers(0, 5), min_size=n, max_size=n)))


def test_hand_computed():
    # grades 2,0,1 scored so the order is 0-grade, 2, 1: |S| = 3, weights 2, 1, 0
    y, s = [2, 0, 1], [0.5, 0.9, 0.1]
    assert rm.linear_dcg(y, s) == 0 * 2 + 2 * 1 + 1 * 0
    assert rm.delta_dcg_linear(y, s) == (2 * 2 + 1 * 1) - 2
    # inverted pairs: grade 2 below grade 0 costs 2, grade 1 below grade 0 costs 1;
    # grade 1 is below grade 2, which is the right way round
    assert rm.pairwise_loss(y, s) == 2 + 1
    assert rm.pairwise_loss(y, s, normalized=True) == pytest.approx(3 / 3)  # Z = 1+1+1
    np.testing.assert_array_equal(rm.pairwise_loss_levels(y, s), [2, 1])


@given(graded)
def test_delta_dcg_equals_r_without_ties(data):
    """Jin & Geng eq. (5): Delta DCG^beta = R(f) when scores are distinct."""
    y, s = data
    assert rm.delta_dcg_linear(y, s) == rm.pairwise_loss(y, s) == r_loss_brute(y, s)


@given(graded_ties)
def test_r_equals_sum_of_r_k(data):
    """Jin & Geng Theorem 1: R = sum_k R_k, each checked against eq. (7) literally."""
    y, s = data
    levels = rm.pairwise_loss_levels(y, s, n_levels=5)
    assert levels.tolist() == [r_k_brute(y, s, k) for k in range(4)]
    assert int(levels.sum()) == rm.pairwise_loss(y, s, n_levels=5) == r_loss_brute(y, s)


@given(graded_ties)
def test_expected_dcg_error_under_random_tie_breaking(data):
    """With ties, E[Delta DCG] over uniform tie-breaking = R + 1/2 sum_tied |b - a|."""
    y, s = data
    half = Fraction(0)
    for i, j in itertools.combinations(range(len(y)), 2):
        if s[i] == s[j]:
            half += Fraction(abs(y[i] - y[j]), 2)
    expect = rm.pairwise_loss(y, s) + half
    assert rm.tied_pair_weight(y, s) == 2 * half
    assert rm.delta_dcg_linear(y, s, ties="average") == pytest.approx(float(expect), abs=1e-9)
    # pessimistic tie-breaking inverts every tied pair of different grades
    assert rm.delta_dcg_linear(y, s, ties="pessimistic") == pytest.approx(float(
        rm.pairwise_loss(y, s) + 2 * half), abs=1e-9)
    assert rm.delta_dcg_linear(y, s, ties="optimistic") == pytest.approx(
        rm.pairwise_loss(y, s), abs=1e-9)


def test_bipartite_ideal_dcg_exhaustive():
    """Jin & Geng: DCG_pi^beta = mn + m(m-1)/2 for m positives and n negatives."""
    for m in range(0, 8):
        for n in range(0, 8):
            if m + n == 0:
                continue
            y = [1] * m + [0] * n
            assert rm.idcg(y, discount="linear") == m * n + m * (m - 1) // 2


def test_normalised_loss_z():
    """Jin & Geng eq. (3): Z = sum_{a<b} |S_a||S_b|; a fully reversed list has R = sum (b-a)."""
    y = [0, 0, 1, 2, 2, 2]
    s = [6, 5, 4, 3, 2, 1]  # every pair reversed
    z = 2 * 1 + 2 * 3 + 1 * 3
    r_full = 2 * 1 * 1 + 2 * 3 * 2 + 1 * 3 * 1
    assert rm.pairwise_loss(y, s) == r_full
    assert rm.pairwise_loss(y, s, normalized=True) == pytest.approx(r_full / z)


def test_large_input_matches_identity(rng):
    """O(n L) at n = 200,000: R = sum_k R_k = Delta DCG (distinct scores)."""
    y = rng.integers(0, 5, 200_000)
    s = rng.permutation(200_000).astype(float)
    r = rm.pairwise_loss(y, s)
    assert r == int(rm.pairwise_loss_levels(y, s).sum())
    assert rm.delta_dcg_linear(y, s) == r  # exact: all partial sums are integers < 2^53
