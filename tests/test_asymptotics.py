"""Pseudo-expectations, limits and the O(n) simulator (Wang et al. 2013)."""

import mpmath
import numpy as np
import pytest
import sympy

import rankmeasures as rm
from rankmeasures.theory import asymptotics as A
from rankmeasures.theory.simulate import simulate_ndcg

S = A.s


@pytest.fixture(autouse=True)
def thirty_digits():
    """Compare high-precision results at 30 digits (mpmath's default is 15)."""
    with mpmath.workdps(30):
        yield


def test_limits_closed_forms_by_hand():
    # ybar(s) = s: p = 1/2. Theorem 3, beta = 1/2: (1/2) B(2, 1/2) / sqrt(1/2) = (2/3) sqrt 2
    lim = A.ndcg_limit(S, rm.power_discount(0.5))
    assert abs(lim - mpmath.mpf(2) / 3 * mpmath.sqrt(2)) < mpmath.mpf(10) ** -25
    # Theorem 5: ybar(1)
    assert A.ndcg_limit(S**2, rm.zipf_discount) == 1
    assert A.ndcg_limit(0.5 + 0 * S, rm.zipf_discount) == mpmath.mpf("0.5")
    # Theorem 8, c = 0.2 < p: int_{0.8}^1 s ds / 0.2 = 0.9
    assert abs(A.ndcg_limit(S, rm.cutoff("log", fraction=0.2)) - mpmath.mpf("0.9")) < 1e-25
    # Theorem 8, c = 0.8 > p = 1/2: int_{0.2}^1 s ds / 0.5 = 0.96
    assert abs(A.ndcg_limit(S, rm.cutoff("log", fraction=0.8)) - mpmath.mpf("0.96")) < 1e-25
    # Theorem 1
    assert A.ndcg_limit(S, rm.log_discount) == 1
    with pytest.raises(ValueError, match="Theorem 6"):
        A.ndcg_limit(S, rm.exponential_discount)


def test_pseudo_expectation_converges_to_the_limit():
    for disc in (rm.power_discount(0.5), rm.cutoff(rm.power_discount(0.5), fraction=0.2)):
        lim = A.ndcg_limit(S, disc)
        gaps = [abs(A.pseudo_expectation(S, disc, 10**e) - lim) for e in (3, 6, 12)]
        assert gaps[0] > gaps[1] > gaps[2] and gaps[2] < 1e-5


def test_pseudo_expectation_of_a_constant_curve_is_exact():
    """ybar = p: Ntilde(n) = p F(n) exactly, so N(n) = p F(n) / F(np)."""
    p = mpmath.mpf("0.3")
    for disc in (rm.log_discount, rm.power_discount(0.25), rm.zipf_discount):
        for n in (10, 10**4, 10**40):
            got = A.pseudo_expectation(lambda x: p + 0 * x, disc, n)
            want = p * disc.integral(n) / disc.integral(n * p)
            assert abs(got - want) < mpmath.mpf(10) ** -20 * want


def test_simulation_agrees_with_pseudo_expectation():
    """Monte Carlo mean within 4 standard errors of N_D(n) at n = 20,000 (the
    pseudo-expectation's own bias is O~(n^-1/3) by Lemma 2, far below the error bar
    only for the power discount; the log discount is checked with a wider margin)."""
    res = simulate_ndcg(S, rm.power_discount(0.5), 20_000, n_draws=40, seed=7)
    se = res["ndcg"].std(ddof=1) / np.sqrt(40)
    pe = float(A.pseudo_expectation(S, rm.power_discount(0.5), 20_000))
    assert abs(res["ndcg"].mean() - pe) < 4 * se + 2e-3


def test_simulation_is_task_invariant_and_seeded():
    a = simulate_ndcg(lambda x: x**2, "log", 5000, n_draws=3, seed=11, segment_size=700)
    b = simulate_ndcg(lambda x: x**2, "log", 5000, n_draws=3, seed=11, segment_size=700,
                      task_ranks=777)
    for key in a:
        np.testing.assert_array_equal(a[key], b[key])
    c = simulate_ndcg(lambda x: x**2, "log", 5000, n_draws=3, seed=12, segment_size=700)
    assert not np.array_equal(a["dcg"], c["dcg"])


def test_simulation_matches_the_library_ndcg_on_small_lists():
    """Every simulated value is the library's NDCG of the same labels: reconstruct one
    draw's labels by simulating with ybar = 1 (all relevant) -> NDCG 1."""
    res = simulate_ndcg(lambda x: np.ones_like(x), rm.power_discount(0.5), 100, n_draws=2)
    np.testing.assert_allclose(res["ndcg"], 1.0)
    zero = simulate_ndcg(lambda x: np.zeros_like(x), "log", 50, n_draws=2)
    assert np.all(zero["ndcg"] == 0) and np.all(zero["relevant"] == 0)


def test_bad_input():
    with pytest.raises(ValueError, match="ybar: only the symbol s"):
        A.pseudo_expectation(sympy.Symbol("q"), "log", 10)
    with pytest.raises(ValueError, match="n: must be >= 2"):
        A.pseudo_expectation(S, "log", 1)
    with pytest.raises(ValueError, match="ybar: values must lie in"):
        simulate_ndcg(lambda x: 2 * x, "log", 10)
    with pytest.raises(ValueError, match="n: must be a positive integer"):
        simulate_ndcg(S, "log", 0)


def test_expected_dcg_small_n_exact():
    """n = 2, ybar = s, D = log2: E[DCG] = D(1) E[max] + D(2) E[min] = 2/3 + (1/3)/log2(3)."""
    got = A.expected_dcg(S, "log2", 2)
    want = mpmath.mpf(2) / 3 + (mpmath.mpf(1) / 3) / mpmath.log(3, 2)
    assert abs(got - want) < mpmath.mpf(10) ** -14  # D(r) enters as a double
    with pytest.raises(ValueError, match="r: must lie in 1..n"):
        A.order_statistic_density(0, 3, 0.5)


def test_graded_model_reduces_to_binary():
    """GradedRelevance([1, 0], [ybar, 1 - ybar]) gives the binary pseudo-expectation and the
    binary simulation exactly."""
    g = A.GradedRelevance([1, 0], [S, 1 - S])
    for disc in (rm.power_discount(0.5), rm.cutoff("log", fraction=0.3)):
        a = A.pseudo_expectation(g, disc, 10**6)
        b = A.pseudo_expectation(S, disc, 10**6)
        assert abs(a - b) < mpmath.mpf(10) ** -20
    sg = simulate_ndcg(g, "log", 3000, n_draws=3, seed=5)
    sb = simulate_ndcg(S, "log", 3000, n_draws=3, seed=5)
    assert sg["relevant"].tolist() == sb["relevant"].tolist()
    np.testing.assert_allclose(sg["ndcg"], sb["ndcg"], rtol=1e-12)


def test_graded_model_bad_input():
    with pytest.raises(ValueError, match="values: must be strictly decreasing"):
        A.GradedRelevance([0, 1], [S, 1 - S])
    with pytest.raises(ValueError, match="values, probs: need the same number"):
        A.GradedRelevance([1, 0], [S])


def test_log_discount_separation_by_hand():
    """ybar0 = s vs 1/2: m_1 = int (1/2 - x) log x dx = -1/4, K = 1, a = (-1)(-1/4)/p = 1/2."""
    k, a = A.log_discount_separation(S, 0.5 + 0 * S)
    assert k == 1 and abs(a - mpmath.mpf("0.5")) < mpmath.mpf(10) ** -20
    # a pair whose first moment vanishes: K = 2, a = (2/27) / (1/2)
    half, u = sympy.Rational(1, 2), 1 - S
    y0 = half + sympy.Rational(1, 9) - sympy.Rational(8, 9) * u + u**2
    k, a = A.log_discount_separation(y0, half + 0 * S)
    assert k == 2 and abs(a - mpmath.mpf(4) / 27) < mpmath.mpf(10) ** -20
    with pytest.raises(ValueError, match="P\\[Y = 1\\] differs"):
        A.log_discount_separation(S, S**2)
    with pytest.raises(ValueError, match="every moment up to order"):
        A.log_discount_separation(S, S, max_order=3)


def test_log_discount_rate_by_hand_and_against_n_1e100():
    """C = 1 - log p + m_1/p: for ybar = s, m_1 = int (1-u) log u = -3/4 and p = 1/2, so
    C = log 2 - 1/2 (by hand); for a random ranking C = -log p. At n = 1e100 the
    pseudo-expectation's (1 - N(n)) log n is within O(1/log n) of C."""
    import mpmath

    from rankmeasures.theory import asymptotics as A

    with mpmath.workdps(30):
        assert abs(A.log_discount_rate(A.s) - (mpmath.log(2) - mpmath.mpf(1) / 2)) < 1e-25
        assert abs(A.log_discount_rate(A.s * 0 + mpmath.mpf(1) / 4) - mpmath.log(4)) < 1e-25
        n = mpmath.mpf(10) ** 100
        scaled = (1 - A.pseudo_expectation(A.s, "log", n)) * mpmath.log(n)
        c = A.log_discount_rate(A.s)
        assert abs(scaled - c) < 2 / mpmath.log(n)
        n2 = mpmath.mpf(10) ** 50
        scaled2 = (1 - A.pseudo_expectation(A.s, "log", n2)) * mpmath.log(n2)
        assert abs(scaled - c) < abs(scaled2 - c)  # and it closes in as n grows


def test_latent_sample_relevance_curves():
    """Noise 0: P[Y = 1 | Z] = Z, so the share of relevant objects among the top tenth by
    score is E[Z | Z > 0.9] = 0.95 (by hand); a random ranking's top tenth is at p = 1/2."""
    from rankmeasures.theory.simulate import latent_sample

    labels, scores = latent_sample(200_000, [0.0, float("inf")], seed=3)
    top = int(0.1 * labels.size)
    good = labels[np.argsort(-scores[0])[:top]].mean()
    rand = labels[np.argsort(-scores[1])[:top]].mean()
    se = 0.5 / np.sqrt(top)
    assert abs(good - 0.95) < 4 * se and abs(rand - 0.5) < 4 * se
    with pytest.raises(ValueError, match=r"noise: expected"):
        latent_sample(10, [-1.0])


def test_graded_limits_match_binary_and_the_pseudo_expectation_at_1e100():
    """Theorems 10-13: with values (1, 0) the graded limit is the binary one; with three
    grades it equals N_D(1e100) computed by quadrature of Definition 5 (an independent
    path: the limit formula never integrates over positions)."""
    import mpmath
    import sympy

    from rankmeasures.theory import asymptotics as A

    y = A.s
    binary = A.GradedRelevance([1, 0], [y, 1 - y])
    three = A.GradedRelevance([2, 1, 0], [A.s**2, 2 * A.s * (1 - A.s), (1 - A.s) ** 2])
    discounts = [rm.power_discount(0.5), rm.cutoff(rm.log_discount, fraction=0.2),
                 rm.cutoff(rm.power_discount(0.5), fraction=0.3)]
    with mpmath.workdps(30):
        for d in discounts + [rm.zipf_discount, rm.log_discount]:
            assert abs(A.ndcg_limit(binary, d) - A.ndcg_limit(y, d)) < 1e-20
        for d in discounts:
            lim = A.ndcg_limit(three, d)
            n_big = A.pseudo_expectation(three, d, mpmath.mpf(10) ** 100)
            log_cut = isinstance(d, rm.CutoffDiscount) and isinstance(d.base, rm.LogDiscount)
            if not log_cut:  # r^-beta: the bias is of order n^-(1-beta)
                assert abs(lim - n_big) < 1e-12, d.name
            else:  # the log cut-off approaches its limit like 1/log n
                n_mid = A.pseudo_expectation(three, d, mpmath.mpf(10) ** 50)
                assert abs(lim - n_big) < min(1e-3, abs(lim - n_mid)), d.name
        # m(s) = 2s, R_1 = 1/3: the log cut at n/5 gives int_0.8^1 2s ds / (2 * 0.2) = 9/10
        assert abs(A.ndcg_limit(three, discounts[1]) - mpmath.mpf("0.9")) < 1e-25
        # 1/r and a fixed cut-off: E[Y | s = 1] / v_1 = 2/2 = 1 here; with a flatter top:
        flat = A.GradedRelevance([2, 1, 0], [sympy.Rational(1, 4) + 0 * A.s,
                                             sympy.Rational(1, 2) + 0 * A.s,
                                             sympy.Rational(1, 4) + 0 * A.s])
        assert abs(A.ndcg_limit(flat, rm.zipf_discount) - mpmath.mpf(1) / 2) < 1e-25
    with pytest.raises(ValueError, match="summable"):
        A.ndcg_limit(three, rm.exponential_discount)


def test_breakpoints_of_piecewise_curves():
    assert A.curve_breakpoints(sympy.Max(0, 2 * S - 1)) == [sympy.Rational(1, 2)]
    pw = sympy.Piecewise((S, S < sympy.Rational(7, 10)), (1, True))
    got = A.curve_breakpoints(sympy.Abs(S - sympy.Rational(1, 3)) * sympy.Min(1, 3 * S) + pw)
    assert got == [sympy.Rational(1, 3), sympy.Rational(7, 10)]
    assert A.curve_breakpoints(S**2) == []
    assert A.curve_breakpoints(lambda x: x) == []  # a callable: nothing known


def test_kinked_curve_closed_forms():
    """Ybar = max(0, 2s - 1) (p = 1/4, kink at 1/2). By hand:
    Theorem 3, r^-1/2: (1/2) int_0^{1/2} (1 - 2u) u^-1/2 du / (1/4)^{1/2} = 2 sqrt(2)/3;
    Theorem 8, log cut at 0.3 n: int_{0.7}^1 (2s - 1) ds / min(0.3, 1/4) = 0.21/0.25 = 21/25;
    the log-discount rate C = 1 - log p + m_1/p with
    m_1 = int_0^{1/2} (1 - 2u) log u du = (1/4) log(1/2) - 3/8.
    Without splitting at the kink the first lost five digits (0.9428073645)."""
    y = sympy.Max(0, 2 * S - 1)
    tol = mpmath.mpf(10) ** -25
    assert abs(A.relevance_rate(y) - mpmath.mpf(1) / 4) < tol
    assert abs(A.ndcg_limit(y, rm.power_discount(0.5)) - 2 * mpmath.sqrt(2) / 3) < tol
    assert abs(A.ndcg_limit(y, rm.cutoff("log", fraction=0.3)) - mpmath.mpf(21) / 25) < tol
    m1 = mpmath.log(mpmath.mpf(1) / 2) / 4 - mpmath.mpf(3) / 8
    c = 1 - mpmath.log(mpmath.mpf(1) / 4) + 4 * m1
    assert abs(A.log_discount_rate(y) - c) < tol
    # the pseudo-expectation at n = 1e40 sits within n^-(1/2) ~ 1e-20 of the limit
    n_d = A.pseudo_expectation(y, rm.power_discount(0.5), mpmath.mpf(10) ** 40)
    assert abs(n_d - 2 * mpmath.sqrt(2) / 3) < mpmath.mpf(10) ** -19
    # graded, kinked: grade 2 with prob max(0, 2s-1), the rest split evenly between 1 and 0:
    # m(s) = 2 ybar + (1 - ybar)/2; R_1 = 1/4, R_2 = 1/4 + 3/8 = 5/8, R_3 = 1;
    # r^-1/2: (1/2) int_0^1 m(1-u) u^-1/2 du / (2 R_1^{1/2} + (R_2^{1/2} - R_1^{1/2}))
    rest = (1 - y) / 2
    g = A.GradedRelevance([2, 1, 0], [y, rest, rest])
    assert g.breakpoints == [sympy.Rational(1, 2)]
    num = 2 * (2 * mpmath.sqrt(2) / 3) * mpmath.sqrt(mpmath.mpf(1) / 4) + (
        mpmath.mpf(1) - 2 * mpmath.sqrt(2) / 3 * mpmath.sqrt(mpmath.mpf(1) / 4)) / 2
    den = 2 * mpmath.sqrt(mpmath.mpf(1) / 4) + (mpmath.sqrt(mpmath.mpf(5) / 8)
                                                 - mpmath.sqrt(mpmath.mpf(1) / 4))
    assert abs(A.ndcg_limit(g, rm.power_discount(0.5)) - num / den) < tol


def test_expected_dcg_polynomial_closed_form_by_hand():
    """ybar = s, D = 1/r: E[ftilde(x_(r))] = (n - r + 1)/(n + 1), so
    E[DCG] = sum_r (n + 1 - r) / (r (n + 1)) = H_n - n/(n + 1); at n = 10^7 the Hurwitz
    (Euler-Maclaurin) path must give it to 25 digits."""
    for n in (3, 50, 10**7):
        want = mpmath.harmonic(n) - mpmath.mpf(n) / (n + 1)
        assert abs(A.expected_dcg(S, rm.zipf_discount, n) - want) < mpmath.mpf(10) ** -25
    # r^-1/2 and the quadratic u-polynomial: sum_r r^-1/2 E[(1 - U_r)^2] with
    # E[u^2] = r(r + 1)/((n + 1)(n + 2)), summed term by term at n = 12
    n = 12
    want = mpmath.fsum(mpmath.mpf(r) ** -0.5 * r * (r + 1) / ((n + 1) * (n + 2))
                       for r in range(1, n + 1))
    assert abs(A.expected_dcg((1 - S) ** 2, rm.power_discount(0.5), n) - want) < 1e-25


def test_expected_dcg_polynomial_path_matches_per_position_quadrature():
    """The moment path (sympy polynomial) against the quadrature path (a plain callable);
    the latter takes D(r) as doubles, hence 1e-14."""
    for disc in ("log2", rm.power_discount(0.5), rm.cutoff(rm.power_discount(0.3), 7)):
        for y in (S**2, 1 - S + S**3 / 2):
            f = sympy.lambdify(S, y, modules="mpmath")
            a = A.expected_dcg(y, disc, 25)
            b = A.expected_dcg(lambda x, f=f: f(x), disc, 25)
            assert abs(a - b) < 1e-14 * abs(b)


def test_pseudo_expectation_of_a_curve_with_an_endpoint_singularity():
    """ybar = sqrt(s) has an infinite slope at s = 0, i.e. at x = n: the integral is
    exact against its closed form for D = 1/r, and real (a quadrature node a few ulps
    above n once made sqrt of a negative score complex). For the log discount at
    n = 1e100, where Gauss-Legendre's value was off by 2e-5 while its own estimate called
    it converged, the routine falls back to tanh-sinh: held to plain tanh-sinh quadrature
    of the same integral at 40 digits, written here independently."""
    root = sympy.sqrt(S)
    for e in (6, 12, 30):
        n = mpmath.mpf(10) ** e
        # int_1^n sqrt(1 - x/n) / x dx = -2w - log((1 - w)/(1 + w)), w = sqrt(1 - 1/n)
        with mpmath.workdps(80):
            w = mpmath.sqrt(1 - 1 / n)
            exact = -2 * w - mpmath.log((1 - w) / (1 + w))
        got = A.pseudo_expectation(root, rm.zipf_discount, n, dps=30, normalized=False)
        assert isinstance(got, mpmath.mpf)
        assert abs(got / exact - 1) < mpmath.mpf(10) ** -27
    n = mpmath.mpf(10) ** 100
    with mpmath.workdps(40):
        top = mpmath.log(n)
        pts = [mpmath.mpf(0)] + [mpmath.mpf(2) ** k for k in range(8)] + [top]
        ref = mpmath.quad(lambda t: mpmath.sqrt(max(0, 1 - mpmath.exp(t) / n))
                          * mpmath.exp(t) / mpmath.log(1 + mpmath.exp(t)), pts)
    got = A.pseudo_expectation(root, rm.log_discount, n, dps=25, normalized=False)
    assert abs(got / ref - 1) < mpmath.mpf(10) ** -22


def test_a_callable_discount_has_a_pseudo_expectation_in_double_precision():
    """A numpy callable is integrated at real positions (Definition 5's integral), not
    refused as a non-integer rank: 1/log2(1 + r) as a callable gives the named discount's
    N(n), whose normaliser is the closed form Li (to double precision, the callable's)."""
    as_callable = rm.CustomDiscount(lambda r: 1 / np.log2(1 + r))
    for n in (10**3, 10**20):
        got = A.pseudo_expectation(S, as_callable, mpmath.mpf(n), dps=15)
        want = A.pseudo_expectation(S, rm.log2_discount, mpmath.mpf(n), dps=15)
        assert abs(got - want) < 1e-13 * want
    # its F(t) against log2's closed form ln(2)^-1 (li(1 + t) - li(2))
    t = mpmath.mpf(10) ** 6
    assert abs(as_callable.integral(t, dps=15) - rm.log2_discount.integral(t, dps=15)) < 1e-9


def test_no_limit_theorem_says_why():
    with pytest.raises(ValueError, match=r"summable: NDCG has no limit .*Theorem 6"):
        A.ndcg_limit(S, rm.exponential_discount)
    with pytest.raises(ValueError, match=r"summable"):
        A.ndcg_limit(S, rm.PowerDiscount(2))
    with pytest.raises(ValueError, match=r"analysis\.analyse classifies any other discount"):
        A.ndcg_limit(S, rm.CustomDiscount(lambda r: 1 / np.log2(1 + r)))


def test_equal_limit_difference_by_hand():
    # beta = 1/2, degree 2: q = s^2 + B s + A with int q = 1/3 + B/2 + A = 0 and
    # int q (1 - s)^-1/2 = 16/15 + 4B/3 + 2A = 0 (Beta(k + 1, 1/2) = 2, 4/3, 16/15), so
    # B = -6/5, A = 4/15; max |q| on [0, 1] is q(0) = 4/15, ceil(202 * 4/15) = 54, and
    # lam = 100/54 = 50/27
    dy = A.equal_limit_difference("1/2", power=2)
    assert sympy.expand(dy - (sympy.Rational(50, 27) * S**2 - sympy.Rational(20, 9) * S
                              + sympy.Rational(40, 81))) == 0
    assert dy.subs(S, 1) == sympy.Rational(10, 81)
    # beta = 4/5 (the pair of claim S004-T4b): both moments vanish, by quadrature
    dy = A.equal_limit_difference(0.8)
    f = sympy.lambdify(S, dy, modules="mpmath")
    assert abs(mpmath.quad(f, [0, 1])) < mpmath.mpf(10) ** -25
    # int_0^1 f(s) (1 - s)^-4/5 ds with 1 - s = v^5: 5 int_0^1 f(1 - v^5) dv
    assert abs(5 * mpmath.quad(lambda v: f(1 - v**5), [0, 1])) < mpmath.mpf(10) ** -25
    assert 0 < dy.subs(S, 1) and abs(dy.subs(S, 0)) <= sympy.Rational(1, 2)
    with pytest.raises(ValueError):
        A.equal_limit_difference("1")
    with pytest.raises(ValueError):
        A.equal_limit_difference("1/2", power=1)
