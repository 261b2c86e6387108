"""The simulation protocol of Zhou et al., Sections 6-8."""

import numpy as np
import pytest

from rankmeasures.learning import learn_dcg
from rankmeasures.learning import learn_dcg_simulation as sim
from rankmeasures.learning.identifiability import (
    affine_residual,
    min_norm_equivalent,
    offset_free_similarity,
    studentised_affine_errors,
)
from rankmeasures.learning.verdicts import (
    difference_verdict,
    little_change_verdict,
    paired_difference,
    paired_verdict,
)


def test_ground_truth_by_hand():
    w = sim.ground_truth_utility(2, 3, "exponential").reshape(2, 3)
    # grade index 1 is value 3: G = 2^3 - 1 = 7; position 2 divides by log 3
    np.testing.assert_allclose(w[0], np.array([7.0, 3.0, 1.0]) / np.log(2))
    np.testing.assert_allclose(w[1], np.array([7.0, 3.0, 1.0]) / np.log(3))
    lit = sim.ground_truth_utility(2, 3, "linear", literal_index=True).reshape(2, 3)
    np.testing.assert_allclose(lit[0], np.array([1.0, 2.0, 3.0]) / np.log(2))


def test_literal_reading_breaks_every_monotonicity_constraint():
    m = learn_dcg.monotonicity_matrix(10, 5)
    for gains in sim.GAIN_SETTINGS:
        assert (m @ sim.ground_truth_utility(10, 5, gains)).min() > 0
        assert (m @ sim.ground_truth_utility(10, 5, gains, literal_index=True)).max() < 0


def test_truth_prefers_the_papers_optimal_ranking():
    w = sim.ground_truth_utility(10, 5)
    opt = learn_dcg.binary_representation(6 - np.array(sim.PAPER_LIST), 5)
    rev = learn_dcg.binary_representation(6 - np.array(sim.PAPER_LIST[::-1]), 5)
    assert opt @ w > rev @ w


def test_run_is_seeded_and_learned_w_is_monotone():
    a = sim.run_learning(n_train=40, n_test=200, seed=5)
    b = sim.run_learning(n_train=40, n_test=200, seed=5)
    assert a.precision == b.precision and np.array_equal(a.w_hat, b.w_hat)
    assert (learn_dcg.monotonicity_matrix(10, 5) @ a.w_hat).min() >= -1e-9
    assert 0.5 < a.precision <= 1.0


def test_oracle_margins_learn_better_than_chance_and_than_few_pairs():
    """With the true utility gaps as margins, 200 pairs predict nearly every test pair:
    an independent sanity bound (the truth itself scores 1 on the same test pairs)."""
    r = sim.run_learning(margins="oracle", n_train=200, n_test=500, seed=1)
    assert r.precision > 0.97


def test_validation_picks_c_from_the_grid():
    r = sim.run_learning(n_train=60, n_test=100, noisy_pairs=10, c=[100.0, 0.01, 1.0],
                         seed=2)
    assert r.c_grid == (0.01, 1.0, 100.0)  # kept ascending
    assert r.c in r.c_grid and len(r.validation_precision) == 3
    # the best validation precision, and the smallest C among equals
    best = max(r.validation_precision)
    assert r.c == r.c_grid[r.validation_precision.index(best)]
    assert len(r.neighbour_cosines) == 2 and all(-1 <= x <= 1 + 1e-12
                                                 for x in r.neighbour_cosines)
    one = sim.run_learning(n_train=60, n_test=100, c=1.0, seed=2)
    assert one.c_grid == one.validation_precision == one.neighbour_cosines == ()
    assert one.grid_w_hat == one.grid_precision == ()
    assert one.c_at_edge is None and one.edge_cosine is None


def test_the_grid_records_the_fit_at_every_c():
    """The fit a grid records at each C is the run at that one C on the same training and
    test pairs (drawn before the validation pairs): the same optimum, reached by another
    route (warm-started), so the same direction to rounding and the same test precision."""
    r = sim.run_learning(n_train=60, n_test=100, noisy_grades=2, c=[0.01, 1.0, 100.0],
                         seed=4)
    assert len(r.grid_w_hat) == len(r.grid_precision) == 3
    best = r.c_grid.index(r.c)
    assert np.array_equal(r.grid_w_hat[best], r.w_hat) and r.grid_precision[best] == r.precision
    for cc, w, prec in zip(r.c_grid, r.grid_w_hat, r.grid_precision, strict=True):
        alone = sim.run_learning(n_train=60, n_test=100, noisy_grades=2, c=cc, seed=4)
        cosine = w @ alone.w_hat / np.linalg.norm(w) / np.linalg.norm(alone.w_hat)
        assert cosine > 1 - 1e-9 and prec == alone.precision, cc


def test_grid_edges_by_hand():
    """c_at_edge and edge_cosine read the recorded grid: the cosine between the chosen
    fit and its one neighbour, at either end, and nothing inside."""
    w = np.ones(2)
    kw = dict(w_hat=w, w_true=w, precision=1.0, similarity=1.0, n_levels=2,
              c_grid=(0.1, 1.0, 10.0), validation_precision=(0.5, 0.5, 0.5),
              neighbour_cosines=(0.25, 0.75))
    assert (sim.LearningRun(c=0.1, **kw).c_at_edge, sim.LearningRun(c=0.1, **kw).edge_cosine
            ) == ("bottom", 0.25)
    assert (sim.LearningRun(c=10.0, **kw).c_at_edge,
            sim.LearningRun(c=10.0, **kw).edge_cosine) == ("top", 0.75)
    assert sim.LearningRun(c=1.0, **kw).edge_cosine is None


def test_small_and_large_c_saturate():
    """The solution's direction converges as C -> 0 (every preference short of its margin:
    w / C tends to the projection of sum_i m_i d_i on the constraints' cone) and as
    C -> infinity: the fits at the two smallest and the two largest values of a grid of
    decades from 1e-7 to 1e6 agree in direction to 1e-6 of cosine."""
    for kw in ({"noisy_pairs": 40}, {}, {"grade_free": True}):
        r = sim.run_learning(n_test=10, c=[10.0**e for e in range(-7, 7)], seed=7, **kw)
        assert min(r.neighbour_cosines[0], r.neighbour_cosines[-1]) > 1 - 1e-6
        assert min(r.neighbour_cosines) < 0.999  # and it does move in between


def test_bad_input():
    with pytest.raises(ValueError, match=r"pairs: must be one of"):
        sim.run_learning(pairs="all")
    with pytest.raises(ValueError, match=r"margins: must be one of"):
        sim.run_learning(margins="kendall")
    with pytest.raises(ValueError, match=r"noisy_pairs: 300 exceeds n_train = 200"):
        sim.run_learning(noisy_pairs=300)
    with pytest.raises(ValueError, match=r"base: values must lie in 1..5"):
        sim.run_learning(base=(6, 1))
    with pytest.raises(ValueError, match=r"grade_free: only random or optimal pairs"):
        sim.run_learning(grade_free=True, margins="hamming")
    with pytest.raises(ValueError, match=r"c: must be a number > 0"):
        sim.run_learning(c=[1.0, -1.0])
    with pytest.raises(ValueError, match=r"gains: must be one of"):
        sim.ground_truth_utility(3, 2, "cubic")


def test_precision_and_the_choice_of_c_do_not_depend_on_the_route_to_the_optimum(
        monkeypatch):
    """The optimum ties utilities exactly (active monotonicity constraints, weights at 0)
    and a solver returns them only to rounding; with an exact test u == 0 this run chose
    C = 0.1 by one route to the optimum and C = 1 by the other (validation precision 0.6525
    against 0.6375 at C = 0.1), and its test precision was 0.823 against 0.819. With ties
    decided at the rounding scale (TIE_TOLERANCE) the two routes give the same run."""
    kw = dict(gains="linear", n_test=1000, seed=5012, noisy_grades=5,
              c=[0.1, 1.0, 10.0, 100.0])
    a = sim.run_learning(**kw)
    monkeypatch.setattr(learn_dcg, "_solve_by_pieces", lambda *args, **k: None)
    b = sim.run_learning(**kw)
    assert (a.c, a.precision) == (b.c, b.precision)
    np.testing.assert_allclose(a.w_hat, b.w_hat, rtol=0, atol=1e-12 * np.abs(b.w_hat).max())


def test_a_tie_counts_one_half_by_hand():
    """Three test pairs: one won, one lost and one tied (its difference is rounding, not
    utility): precision (1 + 0 + 1/2) / 3, whatever the sign of the rounding."""
    w = np.array([1.0, 0.1 + 0.2, 0.3])  # 0.1 + 0.2 - 0.3 = 5.6e-17, a tie
    d = np.array([[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 1.0, -1.0]])
    assert sim.precision(w, d) == pytest.approx(0.5)


def test_min_norm_equivalent_is_the_hand_formula():
    """Under eq. (1)'s constraints the minimum-norm member of the truth's class (per-grade
    and per-position constants added) is (c_k - c_min)(G_l - mean G), whose similarity with
    the truth is cos(c, c - c_min) whatever the gains."""
    c = 1.0 / np.log(np.arange(2, 12))
    for gains in sim.GAIN_SETTINGS:
        truth = sim.ground_truth_utility(10, 5, gains)
        g = sim.GAIN_SETTINGS[gains](np.arange(5, 0, -1))
        by_hand = np.outer(c - c.min(), g - g.mean()).ravel()
        got = min_norm_equivalent(truth, 5)
        np.testing.assert_allclose(got, by_hand, atol=1e-9 * np.abs(by_hand).max())
        cos = c @ (c - c.min()) / np.linalg.norm(c) / np.linalg.norm(c - c.min())
        assert learn_dcg.similarity(truth, got, 5) == pytest.approx(cos, abs=1e-12)
        # the same class: equal once per-position and per-grade constants are removed
        assert offset_free_similarity(truth, got, 5) == pytest.approx(1.0, abs=1e-12)


def test_offset_free_similarity_by_hand():
    """Constants per grade and per position do not move it; a double-centred 2 x 2 matrix
    is +-t (1, -1; -1, 1), so two such utilities have cosine +-1."""
    w = np.array([1.0, 0.0, 0.0, 0.0])  # K = L = 2, double-centred: 0.25 (1, -1, -1, 1)
    v = np.array([0.0, 1.0, 0.0, 0.0])  # double-centred: 0.25 (-1, 1, 1, -1)
    assert offset_free_similarity(w, v, 2) == pytest.approx(-1.0)
    shifted = (w.reshape(2, 2) + np.array([[3.0], [-2.0]]) + np.array([0.5, 7.0])).ravel()
    assert offset_free_similarity(w, shifted, 2) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="zero"):
        offset_free_similarity(w, np.ones(4), 2)


def test_affine_residual_by_hand():
    """(0, 1, 0) against (0, 1, 2): the least-squares line is flat at 1/3, the residuals
    -1/3, 2/3, -1/3, the range 1."""
    assert affine_residual(np.array([0.0, 1.0, 0.0]),
                           np.array([0.0, 1.0, 2.0])) == pytest.approx(2 / 3)
    assert affine_residual(np.array([5.0, 3.0, 1.0]),
                           np.array([0.0, 1.0, 2.0])) == pytest.approx(0.0, abs=1e-12)


def test_studentised_affine_errors_by_hand():
    """(0, 2, 2) against (0, 1, 2): the line est = truth + 1/3, so the mapped estimate is
    est - 1/3 and the errors -1/3, 2/3, -1/3; the leverages 1/3 + (x - 1)^2 / 2 are 5/6,
    1/3, 5/6, so the studentised errors are -1/3 / sqrt(1/6), 2/3 / sqrt(2/3), ... =
    -sqrt(2/3), sqrt(2/3), -sqrt(2/3)."""
    e = studentised_affine_errors(np.array([0.0, 2.0, 2.0]), np.array([0.0, 1.0, 2.0]))
    assert e == pytest.approx(np.sqrt(2 / 3) * np.array([-1.0, 1.0, -1.0]))
    with pytest.raises(ValueError):
        studentised_affine_errors(np.array([0.0, 1.0, 0.0]), np.array([0.0, 1.0, 2.0]))


@pytest.mark.parametrize("diff, se, reading", [
    (0.002, 0.001, "as stated"), (-0.005, 0.001, "as stated"), (0.05, 0.001, "up"),
    (-0.05, 0.001, "down"), (0.009, 0.001, "not resolved"), (0.0, 0.004, "not resolved"),
    (0.012, 0.0005, "up")])
def test_little_change_verdict(diff, se, reading):
    """q 3, tolerance 0.01: the interval diff ± 3 se against [-0.01, 0.01] (0.009 ± 0.003
    crosses 0.01; 0 ± 0.012 crosses both ends; 0.012 ± 0.0015 lies above)."""
    assert little_change_verdict(diff, se, 3.0, 0.01) == reading


@pytest.mark.parametrize("diff, se, reading", [
    (-0.05, 0.001, "as stated"), (0.005, 0.001, "as stated"), (0.009, 0.001, "not resolved"),
    (-0.023, 0.015, "not resolved"), (0.05, 0.001, "up")])
def test_does_not_increase_verdict(diff, se, reading):
    """q 3, tolerance 0.01 upwards only: a fall of any size is no increase (-0.05 ± 0.003);
    -0.023 ± 0.045 reaches +0.022, so a rise beyond 0.01 is not excluded; 0.05 ± 0.003
    lies above 0.01."""
    assert little_change_verdict(diff, se, 3.0, 0.01, side="up") == reading
    with pytest.raises(ValueError, match=r"side: 'both' or 'up'"):
        little_change_verdict(diff, se, 3.0, 0.01, side="down")


@pytest.mark.parametrize("diff, expect, reading", [
    (0.05, "up", "as stated"), (-0.05, "up", "opposite"), (0.02, "up", "not resolved"),
    (-0.05, "down", "as stated"), (0.05, "down", "opposite"),
    (0.05, "not up", "opposite"), (-0.05, "not up", "as stated"), (0.02, "not up", "as stated"),
    (0.02, "none", "as stated"), (0.05, "none", "up"), (-0.05, "none", "down")])
def test_difference_verdict(diff, expect, reading):
    """se 0.01, q 3: 0.05 is 5 standard errors, 0.02 two."""
    assert difference_verdict(diff, 0.01, 3.0, expect) == reading


def test_paired_difference_by_hand():
    """Differences (1, 1, 0): mean 2/3, sample variance ((1/3)^2 + (1/3)^2 + (2/3)^2) / 2
    = 1/3, standard error sqrt(1/3) / sqrt(3) = 1/3. The unpaired standard error of the
    same two series, sqrt(var(after)/3 + var(before)/3) = sqrt(1/3 + 7/9), is about 1.05:
    pairing removes the seed-to-seed variation the two series share."""
    diff, se = paired_difference([1.0, 2.0, 3.0], [0.0, 1.0, 3.0])
    assert diff == pytest.approx(2 / 3)
    assert se == pytest.approx(1 / 3)
    assert np.hypot(np.std([1.0, 2.0, 3.0], ddof=1), np.std([0.0, 1.0, 3.0], ddof=1)) / np.sqrt(
        3) == pytest.approx(np.sqrt(1 / 3 + 7 / 9))
    # a contrast of four series is a difference of two differences: per seed
    # (3 - 1) - (2 - 1) = 1 and (5 - 1) - (2 - 0) = 2, mean 3/2, sd sqrt(1/2), se 1/2
    diff, se = paired_difference(np.array([3.0, 5.0]) - [1.0, 1.0],
                                 np.array([2.0, 2.0]) - [1.0, 0.0])
    assert (diff, se) == pytest.approx((1.5, 0.5))


def test_paired_verdict_by_hand():
    """2/3 with standard error 1/3 is 2 standard errors: resolved at q = 1.5, not at 3."""
    after, before = [1.0, 2.0, 3.0], [0.0, 1.0, 3.0]
    assert paired_verdict(after, before, 3.0, "up")[2] == "not resolved"
    assert paired_verdict(after, before, 1.5, "up")[2] == "as stated"
    assert paired_verdict(after, before, 1.5, "down")[2] == "opposite"
    assert paired_verdict(after, before, 3.0, "none")[2] == "as stated"
    # the same difference under every seed is exact: read by its sign
    assert paired_verdict([1.0, 2.0], [1.0, 2.0], 3.0, "none") == (0.0, 0.0, "as stated")
    assert paired_verdict([1.0, 2.0], [1.0, 2.0], 3.0, "up")[2] == "not resolved"
    assert paired_verdict([2.0, 3.0], [1.0, 2.0], 3.0, "up") == (1.0, 0.0, "as stated")
    with pytest.raises(ValueError, match="one length"):
        paired_difference([1.0, 2.0], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="one length"):
        paired_difference([1.0], [2.0])


def test_documents_hamming_margin_counts_documents_not_grades():
    """Eq. (5) as printed counts positions whose documents differ; the grade variant counts
    positions whose grades differ, which a swap of two documents of one grade leaves
    unchanged: on the same pairs the printed count is never smaller, and here larger."""
    margins = {}
    for kind in ("hamming", "hamming_documents"):
        s = sim.LearningSettings(margins=kind, n_train=50, seed=8)
        base = np.asarray(s.base)
        w_true, _ = sim._truth(s, base)
        draw = sim._pair_drawer(s, np.random.default_rng(s.seed), base, w_true)
        margins[kind] = draw(50, "random", 0, 0)
    np.testing.assert_array_equal(margins["hamming"][0], margins["hamming_documents"][0])
    grade, docs = margins["hamming"][1], margins["hamming_documents"][1]
    assert (docs >= grade).all() and (docs > grade).any()
    with pytest.raises(ValueError, match=r"'hamming_documents' needs two rankings"):
        sim.run_learning(margins="hamming_documents", pairs="different")
