"""Discounts: values, partial sums, F(t) closed forms against independent quadrature."""

import math

import mpmath
import numpy as np
import pytest
import sympy

import rankmeasures as rm
from rankmeasures.discounts import n as n_sym
from rankmeasures.discounts import r as r_sym


def test_values_by_hand():
    np.testing.assert_allclose(rm.log_discount.weights(3), [1 / math.log(2), 1 / math.log(3),
                                                             1 / math.log(4)])
    np.testing.assert_allclose(rm.log2_discount.weights(3), [1, 1 / math.log2(3), 0.5])
    np.testing.assert_allclose(rm.power_discount(0.5).weights(4), [1, 2**-0.5, 3**-0.5, 0.5])
    np.testing.assert_allclose(rm.zipf_discount.weights(4), [1, 1 / 2, 1 / 3, 1 / 4])
    np.testing.assert_allclose(rm.exponential_discount.weights(3), [0.5, 0.25, 0.125])
    # Jin & Geng eq. (1): |S| - i, so the bottom item weighs 0
    np.testing.assert_array_equal(rm.linear_discount.weights(4), [3, 2, 1, 0])
    np.testing.assert_allclose(rm.cutoff("log2", 2).weights(4), [1, 1 / math.log2(3), 0, 0])
    # k = ceil(c n): c = 0.2, n = 10 -> k = 2; n = 11 -> k = 3
    assert np.count_nonzero(rm.cutoff("zipf", fraction=0.2).weights(10)) == 2
    assert np.count_nonzero(rm.cutoff("zipf", fraction=0.2).weights(11)) == 3


def test_partial_sums():
    np.testing.assert_allclose(rm.zipf_discount.partial_sums(4), [1, 1.5, 11 / 6, 25 / 12])
    np.testing.assert_array_equal(rm.linear_discount.partial_sums(4), [3, 5, 6, 6])


def test_textbook_topk_equals_log2_cut_at_k():
    """Shalev-Shwartz & Ben-David 17.4: D(i) = 1/log2(r-i+2) for i in {r-k+1..r} with the
    top at i = r is 1/log2(1+j) cut at k in top-down positions j = r-i+1."""
    for r_len in range(1, 12):
        for k in range(1, r_len + 1):
            i = np.arange(1, r_len + 1)
            book = rm.TopKDiscount.book_form(i, r_len, k)
            top_down = rm.topk_discount(k).evaluate(r_len - i + 1)
            np.testing.assert_allclose(book, top_down, rtol=0, atol=0)
            np.testing.assert_allclose(top_down, rm.cutoff("log2", k).evaluate(r_len - i + 1))


@pytest.mark.parametrize("disc", [rm.log_discount, rm.log2_discount, rm.power_discount(0.5),
                                  rm.power_discount(0.25), rm.zipf_discount,
                                  rm.exponential_discount])
@pytest.mark.parametrize("t", [1, 1.5, 10, 1234.5])
def test_integral_closed_form_against_quadrature(disc, t):
    """F(t) from the closed form agrees with mpmath quadrature of D itself at 30 digits."""
    with mpmath.workdps(40):
        f = sympy.lambdify(r_sym, disc.expr, modules="mpmath")
        quad = mpmath.quad(f, mpmath.linspace(1, t, 8))
        closed = disc.integral(t, dps=40)
        assert abs(closed - quad) <= mpmath.mpf(10) ** -30 * max(1, abs(quad))


def test_integral_sympy_form_matches_mpmath():
    for disc in (rm.log_discount, rm.power_discount(0.5), rm.zipf_discount,
                 rm.exponential_discount):
        e = disc.integral_expr()
        t = sympy.Symbol("t", positive=True)
        val = sympy.N(e.subs(t, 77), 35)
        with mpmath.workdps(35):
            assert abs(mpmath.mpf(str(val)) - disc.integral(77, dps=35)) < mpmath.mpf(10) ** -30


def test_li_form_of_F_at_huge_n():
    """Wang et al. (2013), eq. (19): F(np) = Li(1+np); Li(x) ~ x/log x as x grows."""
    with mpmath.workdps(30):
        x = mpmath.mpf(10) ** 100
        val = rm.log_discount.integral(x - 1)
        ratio = val / (x / mpmath.log(x))
        assert abs(ratio - 1) < 0.01  # Li(x) log(x)/x = 1 + 1/log x + ... = 1.0044


def test_linear_and_cutoff_integrals():
    assert float(rm.linear_discount.integral(3, length=5)) == pytest.approx(5 * 2 - (9 - 1) / 2)
    assert float(rm.cutoff("zipf", 3).integral(10)) == pytest.approx(math.log(3))
    assert float(rm.cutoff("zipf", fraction=0.5).integral(100, length=10)) == pytest.approx(
        math.log(5))


def test_custom_discount_from_expr_and_callable_agree():
    e = 1 / sympy.log(1 + r_sym) ** 2
    a = rm.CustomDiscount(expr=e)
    b = rm.CustomDiscount(lambda p: 1 / np.log1p(p) ** 2, name="1/log^2")
    np.testing.assert_allclose(a.weights(50), b.weights(50), rtol=1e-15)
    # quadrature of the sympy form (no closed form given) vs a direct mpmath quad
    with mpmath.workdps(30):
        ref = mpmath.quad(lambda x: 1 / mpmath.log(1 + x) ** 2, [1, 20])
        assert abs(a.integral(20) - ref) < mpmath.mpf(10) ** -25
    # a discount depending on n
    c = rm.CustomDiscount(expr=(n_sym - r_sym + 1) / n_sym)
    np.testing.assert_allclose(c.weights(4), [1, 0.75, 0.5, 0.25])
    assert rm.as_discount(e).name == a.name


def test_log_base_cancels_in_ndcg(rng):
    """Wang et al. (2013), after Definition 1: the log base does not change NDCG."""
    y = rng.integers(0, 4, 30)
    s = rng.random(30)
    a = rm.ndcg(y, s, discount=rm.LogDiscount(2))
    b = rm.ndcg(y, s, discount=rm.LogDiscount(10))
    c = rm.ndcg(y, s, discount="log")
    assert a == pytest.approx(b, rel=1e-13) and a == pytest.approx(c, rel=1e-13)


def test_cutoff_at_a_power_of_n_is_theorem_7s_o_n_cut():
    d = rm.cutoff(rm.log2_discount, exponent=0.5)
    # n = 10^4 is a perfect square: k = 100 exactly, not 101
    w = d.evaluate(np.arange(1, 10_001, dtype=float), 10_000)
    assert w[99] == pytest.approx(1 / np.log2(101)) and w[100] == 0.0
    assert d.evaluate(np.array([101.0, 102.0]), 10_001).tolist() == [1 / np.log2(102), 0.0]
    assert d.needs_n and d.name.endswith("@n^0.5")
    fixed = rm.cutoff(rm.log2_discount, k=100)
    from rankmeasures.theory import asymptotics as A
    s = A.s
    assert A.pseudo_expectation(s, d, 10**4) == A.pseudo_expectation(s, fixed, 10**4)
    assert float(A.ndcg_limit(sympy.Rational(1, 4) + s / 2, d)) == pytest.approx(0.75, abs=1e-15)
    for bad in (0, 1, 1.5, True):
        with pytest.raises(ValueError, match="exponent: must be a real number in \\(0, 1\\)"):
            rm.cutoff(rm.log2_discount, exponent=bad)
    with pytest.raises(ValueError, match="give exactly one"):
        rm.cutoff(rm.log2_discount, k=3, exponent=0.5)


def test_power_cut_simulation_equals_the_fixed_cut_it_implies():
    from rankmeasures.theory.asymptotics import s
    from rankmeasures.theory.simulate import simulate_ndcg

    a = simulate_ndcg(s, rm.cutoff(rm.log2_discount, exponent=0.5), 10_000, n_draws=3, seed=4)
    b = simulate_ndcg(s, rm.cutoff(rm.log2_discount, k=100), 10_000, n_draws=3, seed=4)
    assert np.array_equal(a["ndcg"], b["ndcg"])
