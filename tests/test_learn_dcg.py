"""The binary representation, the utility and T(w) of Zhou, Zha, Xue, Yu."""

import numpy as np
import pytest

import rankmeasures as rm
from rankmeasures.learning import learn_dcg


def test_binary_representation_by_hand():
    s = learn_dcg.binary_representation([2, 1, 3], 3, k=2)
    assert s.tolist() == [0, 1, 0, 1, 0, 0]
    assert learn_dcg.binary_representation([1, 5, 3], 5).sum() == 3


def test_case_1_utility_is_dcg(rng):
    """w_ij = c_i g_j: the utility equals the library's DCG with discount c, gains g."""
    for _ in range(50):
        k, n_levels = 4, 5
        c = -np.sort(-rng.random(k))
        g = -np.sort(-rng.random(n_levels))
        labels = rng.integers(1, n_levels + 1, k)
        w = np.outer(c, g).ravel()
        u = learn_dcg.utility(w, learn_dcg.binary_representation(labels, n_levels))
        disc = rm.CustomDiscount(lambda p, c=c: c[p.astype(int) - 1], name="c")
        dcg = rm.dcg(g[labels - 1], -np.arange(k, dtype=float), discount=disc, ties="stable")
        assert u == pytest.approx(dcg, rel=1e-13)


def test_order_transform_and_similarity():
    w = np.array([3.0, 2.0, 1.0, 6.0, 4.0, 2.0])
    np.testing.assert_array_equal(learn_dcg.order_transform(w, 3), [2, 1, 0, 4, 2, 0])
    assert learn_dcg.similarity(w, 2 * w + np.repeat([5.0, -1.0], 3), 3) == pytest.approx(1.0)
    assert learn_dcg.similarity(w, -w, 3) == pytest.approx(-1.0)


def test_bad_input():
    with pytest.raises(ValueError, match=r"labels: grades must lie in 1..3"):
        learn_dcg.binary_representation([0, 1], 3)
    with pytest.raises(ValueError, match=r"k: must be an integer in \[1, 2\]"):
        learn_dcg.binary_representation([1, 2], 3, k=3)
    with pytest.raises(ValueError, match=r"w: length 5 is not a multiple"):
        learn_dcg.order_transform(np.ones(5), 3)
    with pytest.raises(ValueError, match=r"T\(w\) is zero"):
        learn_dcg.similarity(np.ones(3), np.ones(3), 3)


# --- the QP of eq. (1), (4), (6) -------------------------------------------------------


def test_grade_free_representation_is_the_papers_example():
    """Section 8: d3, d1, d4, d2, d5 -> the printed 25-vector."""
    printed = [0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]
    assert learn_dcg.grade_free_representation([3, 1, 4, 2, 5]).tolist() == printed


def test_binary_representation_codes_rows():
    rows = np.array([[1, 5, 3], [2, 2, 1]])
    s = learn_dcg.binary_representation(rows, 5)
    assert s.shape == (2, 15)
    assert s[0].tolist() == learn_dcg.binary_representation([1, 5, 3], 5).tolist()
    assert s[1].tolist() == learn_dcg.binary_representation([2, 2, 1], 5).tolist()


def test_monotonicity_matrix_by_hand():
    m = learn_dcg.monotonicity_matrix(2, 3)
    assert m.tolist() == [[1, -1, 0, 0, 0, 0], [0, 1, -1, 0, 0, 0],
                          [0, 0, 0, 1, -1, 0], [0, 0, 0, 0, 1, -1]]


@pytest.mark.parametrize("solver", learn_dcg.SOLVERS)
@pytest.mark.parametrize("c", [0.5, 3.0, 40.0])
def test_single_preference_closed_form(solver, c):
    """One constraint, no monotonicity: w = t d with t = C / (1 + C |d|^2) (by hand: the
    objective t^2 |d|^2 + C (1 - t |d|^2)^2 is minimal there)."""
    d = np.array([1.0, -1.0, 0.0, 2.0])
    t = c / (1 + c * (d @ d))
    w = learn_dcg.fit_utility(d[None, :], c=c, solver=solver)
    np.testing.assert_allclose(w, t * d, rtol=1e-7, atol=1e-9)


@pytest.mark.parametrize("solver", learn_dcg.SOLVERS)
def test_monotonicity_binds_by_hand(solver):
    """d = s([1,2]) - s([2,1]): unconstrained w = d/4 breaks w_21 >= w_22; with the
    constraint the optimum ties position 2 and puts the margin on position 1, where the
    objective 2a^2 + C(1-2a)^2 is minimal at a = C / (1 + 2C)."""
    d = (learn_dcg.binary_representation([1, 2], 2)
         - learn_dcg.binary_representation([2, 1], 2)).astype(float)
    c = 5.0
    a = c / (1 + 2 * c)
    w = learn_dcg.fit_utility(d[None, :], c=c, n_levels=2, solver=solver)
    np.testing.assert_allclose(w, [a, -a, 0, 0], atol=1e-8)


def test_quadprog_and_clarabel_agree_on_the_protocol(rng):
    """A cross-check by independent methods: two solvers (an active-set and an interior
    point method) give the same w on problems of the simulation's size, with and without
    the monotonicity constraints and with Hamming margins."""
    from rankmeasures.learning import learn_dcg_simulation as sim

    for seed, kw in enumerate([{}, {"grade_free": True}, {"margins": "hamming"},
                               {"c": 1000.0, "n_train": 50}, {"noisy_pairs": 30}]):
        a = sim.run_learning(seed=seed, n_test=10, **kw)
        b = sim.run_learning(seed=seed, n_test=10, solver="clarabel", **kw)
        np.testing.assert_allclose(b.w_hat, a.w_hat, rtol=0, atol=1e-7 * np.abs(a.w_hat).max())


def test_solution_is_feasible_and_optimal_against_perturbations(rng):
    """KKT by sampling: the solution satisfies the monotonicity constraints, and no
    feasible point nearby has a smaller objective (with xi at its optimum max(0, m - w.d))."""
    k, n_levels = 4, 3
    lists = rng.integers(1, n_levels + 1, (60, k))
    s = learn_dcg.binary_representation(lists, n_levels).astype(float)
    d = s[::2] - s[1::2]
    d = d[np.abs(d).sum(axis=1) > 0]
    c = 2.0
    w = learn_dcg.fit_utility(d, c=c, n_levels=n_levels)
    mono = learn_dcg.monotonicity_matrix(k, n_levels)
    assert (mono @ w).min() >= -1e-9

    def objective(v):
        return v @ v + c * np.sum(np.maximum(0.0, 1.0 - d @ v) ** 2)

    best = objective(w)
    for _ in range(300):
        v = w + 1e-3 * rng.standard_normal(w.size)
        if (mono @ v).min() >= 0:
            assert objective(v) >= best - 1e-12


def test_rank1_factors_by_hand():
    # W = diag(2, 1) as L x K: sigma = (2, 1), explained 4 / 5
    g, c, e = learn_dcg.rank1_factors(np.array([2.0, 0.0, 0.0, 1.0]), 2)
    assert e == pytest.approx(0.8)
    np.testing.assert_allclose(c, [1.0, 0.0], atol=1e-15)
    np.testing.assert_allclose(g, [2.0, 0.0], atol=1e-15)
    # a negated rank-1 W keeps the sign convention: the largest discount is +1
    g, c, e = learn_dcg.rank1_factors(-np.outer([4.0, 2.0], [3.0, 1.0]).ravel(), 2)
    np.testing.assert_allclose(c, [1.0, 0.5])
    np.testing.assert_allclose(g, [-12.0, -4.0])
    assert e == pytest.approx(1.0)


def test_qp_bad_input():
    d = np.ones((2, 4))
    with pytest.raises(ValueError, match=r"c: must be a real number > 0"):
        learn_dcg.fit_utility(d, c=0.0)
    with pytest.raises(ValueError, match=r"margins: expected 2 values"):
        learn_dcg.fit_utility(d, margins=[1.0, 1.0, 1.0])
    with pytest.raises(ValueError, match=r"margins: must be finite and >= 0"):
        learn_dcg.fit_utility(d, margins=[1.0, -1.0])
    with pytest.raises(ValueError, match=r"differences: 4 columns is not a multiple"):
        learn_dcg.fit_utility(d, n_levels=3)
    with pytest.raises(ValueError, match=r"solver: must be one of"):
        learn_dcg.fit_utility(d, solver="cvx")
    with pytest.raises(ValueError, match=r"differences: expected a 2-d array"):
        learn_dcg.fit_utility(np.ones(4))
    with pytest.raises(ValueError, match=r"order: must be a permutation of 1..3"):
        learn_dcg.grade_free_representation([0, 1, 2])
    with pytest.raises(ValueError, match=r"w: W is zero"):
        learn_dcg.rank1_factors(np.zeros(4), 2)


def test_coherence_violations_against_a_double_loop(rng):
    """Oracle: all pairs of distinct grade sequences, compared one by one."""
    import itertools

    for _ in range(30):
        n_levels = int(rng.integers(2, 4))
        n = int(rng.integers(2, 6))
        k = int(rng.integers(1, n + 1))
        ga = -np.sort(-rng.random(n_levels))
        gb = -np.sort(-rng.random(n_levels))
        grades = rng.integers(1, n_levels + 1, n)
        c = -np.sort(-rng.random(k)) + 0.01
        seqs = sorted({p[:k] for p in itertools.permutations(grades.tolist())})
        va = [sum(c[i] * ga[q[i] - 1] for i in range(k)) for q in seqs]
        vb = [sum(c[i] * gb[q[i] - 1] for i in range(k)) for q in seqs]
        expect = sum(1 for i in range(len(seqs)) for j in range(len(seqs))
                     if va[i] > va[j] + 1e-9 and vb[i] < vb[j] - 1e-9)
        assert learn_dcg.coherence_violations(ga, gb, grades, c) == expect


def test_coherence_violations_paper_example_and_bad_input():
    # documents with gains 2, 3, 1/2 are grades 2, 1, 3; phi(t) = t^3; c = (1.5, 0.5):
    # A prefers (1, 3, 2) to (3, 2, 1): 2(1.5) + 0.5(0.5) = 3.25 > 0.75 + 1.5 = 2.25, while
    # B gives 8(1.5) + 0.125(0.5) = 12.06 < 0.1875 + 13.5 = 13.69: at least that pair
    assert learn_dcg.coherence_violations([3, 2, 0.5], [27, 8, 0.125], [2, 1, 3],
                                          [1.5, 0.5]) >= 1
    assert learn_dcg.coherence_violations([3, 2, 0.5], [6, 4, 1], [2, 1, 3], [1.5, 0.5]) == 0
    with pytest.raises(ValueError, match=r"gains_b: not compatible"):
        learn_dcg.coherence_violations([3, 2, 1], [1, 2, 3], [1, 2], [1.0])
    with pytest.raises(ValueError, match=r"grades: at most 8 documents"):
        learn_dcg.coherence_violations([2, 1], [3, 1], [1] * 9, [1.0])
    with pytest.raises(ValueError, match=r"discounts: K = 3 exceeds"):
        learn_dcg.coherence_violations([2, 1], [3, 1], [1, 2], [1.0, 0.5, 0.2])


def _whole_qp(monkeypatch):
    """fit_utility with the piecewise path switched off: quadprog on the whole QP."""
    monkeypatch.setattr(learn_dcg, "_solve_by_pieces", lambda *a, **k: None)


@pytest.mark.parametrize("kw", [{}, {"grade_free": True}, {"margins": "hamming"},
                                {"margins": "oracle", "n_train": 20},
                                {"noisy_pairs": 40, "c": 100.0}, {"noisy_grades": 5, "c": 0.1},
                                {"pairs": "different"},
                                # separable, large C: a full step each time cycled here
                                {"grade_free": True, "c": 1000.0}, {"c": 1000.0},
                                # a grid, each C started from the solution at the one before
                                {"noisy_pairs": 5, "c": [10.0**e for e in range(-7, 7)]},
                                {"grade_free": True, "c": [10.0**e for e in range(-7, 7)]}])
def test_piecewise_solution_is_the_whole_qps(kw, monkeypatch):
    """The piecewise walk in w alone and quadprog on the whole QP in (w, xi) are two
    routes to one unique optimum: they agree to rounding on the simulation's problems, and
    the piecewise one settles there (it does not hand over)."""
    from rankmeasures.learning import learn_dcg_simulation as sim

    problems = []
    fit = learn_dcg.fit_utility
    monkeypatch.setattr(sim.learn_dcg, "fit_utility",
                        lambda dm, **k: problems.append((dm, k)) or fit(dm, **k))
    sim.run_learning(seed=3, n_test=10, **kw)
    monkeypatch.undo()
    for dm, k in problems:
        mono = (np.zeros((0, dm.shape[1])) if k["n_levels"] is None
                else learn_dcg.monotonicity_matrix(dm.shape[1] // k["n_levels"], k["n_levels"]))
        marg = np.broadcast_to(np.asarray(k["margins"], dtype=float), (dm.shape[0],))
        pieces = learn_dcg._solve_by_pieces(dm, marg, k["c"], mono, start=k["start"])
        assert pieces is not None
        with pytest.MonkeyPatch.context() as mp:
            _whole_qp(mp)
            whole = learn_dcg.fit_utility(dm, **{**k, "start": None})
        # both routes round within the conditioning of I + C D^T D, which grows like C:
        # 1e-10 of the largest weight up to C = 1e4, proportionally more beyond
        scale = 1e-14 * max(k["c"], 1e4)
        np.testing.assert_allclose(pieces, whole, rtol=0, atol=scale * np.abs(whole).max())


def test_piecewise_walk_hands_over_when_it_does_not_settle(monkeypatch):
    """Two preferences along one weight, margins 1 and 0.1, C = 10. Both priced, the
    minimiser of w^2 + C((1 - w)^2 + (0.1 - w)^2) is w = 11/21 > 0.1, which leaves the second
    preference satisfied: a second piece is needed, where w = C/(1 + C) = 10/11 (by hand).
    With one piece allowed the walk returns None and fit_utility solves the whole QP."""
    d = np.array([[1.0, 0.0], [1.0, 0.0]])
    marg = np.array([1.0, 0.1])
    none = np.zeros((0, 2))
    assert learn_dcg._solve_by_pieces(d, marg, 10.0, none, max_pieces=1) is None
    np.testing.assert_allclose(learn_dcg._solve_by_pieces(d, marg, 10.0, none),
                               [10 / 11, 0.0], rtol=1e-14, atol=1e-15)
    monkeypatch.setattr(learn_dcg, "MAX_PIECES", 1)
    calls = []
    whole = learn_dcg._solve_quadprog
    monkeypatch.setattr(learn_dcg, "_solve_quadprog",
                        lambda *a: calls.append(a) or whole(*a))
    np.testing.assert_allclose(learn_dcg.fit_utility(d, c=10.0, margins=marg),
                               [10 / 11, 0.0], rtol=1e-12, atol=1e-15)
    assert len(calls) == 1


def test_exact_step_by_hand():
    """One preference along one weight, margin 1, C = 1: f(w) = w^2 + max(0, 1 - w)^2.
    From w = 0 towards w = 2, f(2t) = 4t^2 + (1 - 2t)^2 for t <= 1/2, least at t = 1/4
    (w = 1/2 = C / (1 + C), the optimum); towards w = 0.4 the whole step is downhill."""
    d, m = np.array([[1.0]]), np.array([1.0])
    assert learn_dcg._exact_step(np.zeros(1), np.array([2.0]), d, m, 1.0) == pytest.approx(
        0.25, abs=1e-15)
    assert learn_dcg._exact_step(np.zeros(1), np.array([0.4]), d, m, 1.0) == 1.0
    # two preferences with margins 1 and 0.1, C = 10, from w = 0 towards w = 2: the
    # second one is met beyond t = 0.05, and the least f(2t) = 4t^2 + 10 (1 - 2t)^2
    # lies beyond it at t = 20 / 44 (w = 10/11)
    d2, m2 = np.array([[1.0], [1.0]]), np.array([1.0, 0.1])
    assert learn_dcg._exact_step(np.zeros(1), np.array([2.0]), d2, m2, 10.0) == pytest.approx(
        20 / 44, rel=1e-14)


def test_start_changes_the_route_not_the_optimum():
    from rankmeasures.learning import learn_dcg_simulation as sim

    problems = []
    fit = learn_dcg.fit_utility
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sim.learn_dcg, "fit_utility",
                   lambda dm, **k: problems.append((dm, k)) or fit(dm, **k))
        sim.run_learning(seed=4, n_test=10, noisy_pairs=10, c=1.0)
    dm, k = problems[0]
    near = learn_dcg.fit_utility(dm, **{**k, "c": 0.1})
    cold = learn_dcg.fit_utility(dm, **k)
    warm = learn_dcg.fit_utility(dm, **{**k, "start": near})
    np.testing.assert_allclose(warm, cold, rtol=0, atol=1e-10 * np.abs(cold).max())
    with pytest.raises(ValueError, match=r"start: must meet the monotonicity"):
        learn_dcg.fit_utility(dm, **{**k, "start": -sim.ground_truth_utility(10, 5)})
    with pytest.raises(ValueError, match=r"start: expected 50 finite weights"):
        learn_dcg.fit_utility(dm, **{**k, "start": np.zeros(3)})


def test_numpy_integers_are_taken_as_python_integers():
    """The learning API's counts accept numpy integers as Python's (and refuse bools), as
    the measures do: one validation vocabulary."""
    from rankmeasures.learning import learn_dcg_simulation as sim

    order = [3, 1, 4, 2, 5]
    assert np.array_equal(learn_dcg.grade_free_representation(order, k=np.int64(3)),
                          learn_dcg.grade_free_representation(order, k=3))
    assert np.array_equal(learn_dcg.monotonicity_matrix(np.int64(2), np.int32(3)),
                          learn_dcg.monotonicity_matrix(2, 3))
    assert np.array_equal(sim.ground_truth_utility(np.int64(3), np.int64(3)),
                          sim.ground_truth_utility(3, 3))
    settings = sim.LearningSettings(n_train=np.int64(50))
    assert settings == sim.LearningSettings(n_train=50) and type(settings.n_train) is int
    for bad in (True, 2.0, np.array(3)):
        with pytest.raises(ValueError, match=r"^k: must be an integer"):
            learn_dcg.grade_free_representation(order, k=bad)
