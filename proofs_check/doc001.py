"""Claims of document 001: Zhou, Zha, Xue, Yu, "Learning the Gain Values and Discount
Factors of DCG" (Sections 3-8; the simulations through the library's QP and protocol,
:mod:`rankmeasures.learning.learn_dcg_simulation`, at a reduced number of seeds: notebook 001 runs
them in full).

DCG_{g,K}(pi) = sum_{i<=K} c_i g_{pi(i)} with c_1 > ... > c_K > 0; grade 1 is the most
preferred, so a compatible gain vector is decreasing. Computed with the library's dcg
(identity gain on the gain values, the discount factors as an explicit discount).
"""

from __future__ import annotations

import itertools

import numpy as np
import sympy

import rankmeasures as rm
from rankmeasures.learning import learn_dcg
from rankmeasures.learning import learn_dcg_simulation as sim
from rankmeasures.learning.identifiability import (
    affine_residual,
    offset_free_similarity,
    studentised_affine_errors,
)
from rankmeasures.learning.verdicts import (
    LITTLE_CHANGE,
    little_change_verdict,
    paired_difference,
    paired_verdict,
)

from .registry import Location, Result, claim, t_multiple, verdict

DOC = "001"
QUARTER = sympy.Rational(1, 4)  # the example's lower bound on eps


def _dcg(gains_of_docs, ranking, c):
    """DCG_{g,K}(pi): the documents in the order ``ranking`` (top first), K = len(c)."""
    order = np.asarray(ranking)
    c_arr = np.asarray(c, dtype=float)
    k = c_arr.size
    disc = rm.CustomDiscount(
        lambda p: np.where(p <= k, c_arr[np.minimum(p, k).astype(int) - 1], 0.0), name="c")
    scores = np.empty(len(order))
    scores[order] = np.arange(len(order), 0, -1)
    return rm.dcg(np.asarray(gains_of_docs, dtype=float), scores, discount=disc,
                  ties="stable")


@claim("S001-P1", doc=DOC, recorded="verified",
       at=Location("4.1 Good News", "Proposition 1"),
       statement="Proposition 1: for a_1 >= ... >= a_N and b_1 >= ... >= b_N, sum a_i b_i = "
                 "max over permutations of sum a_i b_pi(i)")
def s001_p1(max_n: int = 6, n_random: int = 40, seed: int = 1) -> Result:
    rng = np.random.default_rng(seed)
    ok = True
    for n in range(1, max_n + 1):
        for _ in range(n_random):
            a = -np.sort(-rng.integers(-3, 4, n).astype(float))
            b = -np.sort(-rng.integers(-3, 4, n).astype(float))
            best = max(float(a @ b[list(p)]) for p in itertools.permutations(range(n)))
            ok &= float(a @ b) == best
    return Result(verdict(ok), f"exhaustive over permutations, N <= {max_n}, {n_random} random "
                  f"integer vectors per N (ties and negatives included; seed {seed})", {})


@claim("S001-C1", doc=DOC, recorded="erratum",
       at=Location("4.1 Good News", "the statement after Proposition 1"),
       statement="any ranking pi with g_pi(1) >= g_pi(2) >= ... >= g_pi(K) achieves the highest "
                 "DCG_{g,K}, as long as g is compatible")
def s001_c1() -> Result:
    gains = [2, 3, 0.5]  # the paper's own example: documents x1, x2, x3
    c = [1.5, 0.5]  # c_1 > c_2 > 0 (epsilon = 1/2)
    pi1 = (0, 2, 1)  # pi_1 = (1, 3, 2): gains 2 >= 1/2 on top, sorted as the claim asks
    best = max(_dcg(gains, p, c) for p in itertools.permutations(range(3)))
    printed_ok = _dcg(gains, pi1, c) == best
    # corrected: the top K must hold the K largest gains, in decreasing order
    corrected_ok = True
    rng = np.random.default_rng(3)
    for _ in range(200):
        n = int(rng.integers(2, 6))
        k = int(rng.integers(1, n + 1))
        g = rng.integers(0, 4, n).astype(float)
        cc = -np.sort(-rng.random(k)) + 0.01
        top = tuple(np.argsort(-g, kind="stable"))
        best = max(_dcg(g, p, cc) for p in itertools.permutations(range(n)))
        corrected_ok &= abs(_dcg(g, top, cc) - best) < 1e-12
    return Result(verdict(printed_ok, corrected_ok),
                  "the paper's own example as a counterexample; the corrected statement "
                  "exhaustively on 200 random cases (N <= 5)",
                  {"counterexample": {"gains of x1, x2, x3": gains, "c": c,
                                      "pi_1 = (1, 3, 2) DCG": _dcg(gains, pi1, c),
                                      "optimal DCG": max(_dcg(gains, p, c) for p in
                                                         itertools.permutations(range(3)))},
                   "corrected": "pi is optimal iff its first K documents have the K largest "
                                "gains, in decreasing order (sorting only the top K is not "
                                "enough)"})


#: the readings of the printed proof of the L = 2 theorem: its premise and conclusion say
#: ">=", its two middle lines ">"; each reading is (premise, middle, conclusion)
T1_READINGS = {"as printed (>= then >)": (">=", ">", ">="),
               ">= throughout": (">=", ">=", ">="),
               "> throughout": (">", ">", ">")}


def _holds(rel: str, x: np.ndarray, tol: float = 1e-12) -> np.ndarray:
    """``x >= 0`` or ``x > 0`` up to rounding, elementwise."""
    return x >= -tol if rel == ">=" else x > tol


@claim("S001-T1", doc=DOC, recorded="verified",
       at=Location("4.1 Good News", "Theorem (L = 2)"),
       statement="Theorem: if L = 2, compatibility implies coherency")
def s001_t1(max_n: int = 5, n_random: int = 30, seed: int = 2,
            readings: tuple[str, ...] = (">= throughout", "> throughout")) -> Result:
    """The theorem on every pair of rankings, and the printed proof step by step.

    The proof's chain, for a pair (pi_1, pi_2) and the gains of A: DCG_A(pi_1) - DCG_A(pi_2)
    R 0, hence (c_1(pi_1) - c_1(pi_2))(g_1^A - g_2^A) R 0, hence the same with g^B, hence
    DCG_B(pi_1) - DCG_B(pi_2) R 0; then A and B exchanged. Each step is checked as an
    implication on every ordered pair of rankings, under each reading of the relations R
    (:data:`T1_READINGS`). Under "> throughout" the chain gives "A > iff B >" on every
    ordered pair; applied to the reversed pair and negated, that is "A >= iff B >=", the
    definition of coherence (for real scores x >= y iff not y > x). ``readings``: the
    readings under which the proof is taken to go through if every step holds (the
    registry's rule: a mistyped symbol whose intended argument goes through as read).
    """
    unknown = sorted(set(readings) - set(T1_READINGS))
    if unknown:
        raise ValueError(f"readings: not readings of the proof: {unknown}")
    c1a, c1b, g1, g2, cs = sympy.symbols("c1a c1b g1 g2 c", real=True)
    # DCG = c1(pi) g1 + (c - c1(pi)) g2, so DCG(pi1) - DCG(pi2) = (c1(pi1) - c1(pi2))(g1 - g2)
    diff = (c1a * g1 + (cs - c1a) * g2) - (c1b * g1 + (cs - c1b) * g2)
    symbolic = sympy.factor(diff) in (sympy.factor((c1a - c1b) * (g1 - g2)),)
    rng = np.random.default_rng(seed)
    bad = []
    # the pairs of rankings A scores alike: the theorem needs B to score them alike too
    tied_a, tied_a_not_b = 0, 0
    # per reading and step, the ordered pairs of rankings where the step's premise holds
    # and its conclusion does not
    steps = ("DCG difference -> factored form", "gains of A -> gains of B (compatibility)",
             "factored form -> DCG difference")
    failing = {r: dict.fromkeys(steps, 0) for r in T1_READINGS}
    factor_ok = True
    for n in range(2, max_n + 1):
        for _ in range(n_random):
            k = int(rng.integers(1, n + 1))
            c = -np.sort(-rng.random(k)) + 0.01
            labels = rng.integers(1, 3, n)
            # compatible gains: label 1 (preferred) above label 2, for A and for B
            g1a, g2a = 1 + rng.random(), rng.random()
            g1b, g2b = 5 + rng.random(), rng.random()
            ga, gb = np.where(labels == 1, g1a, g2a), np.where(labels == 1, g1b, g2b)
            perms = list(itertools.permutations(range(n)))
            da = np.array([_dcg(ga, p, c) for p in perms])
            db = np.array([_dcg(gb, p, c) for p in perms])
            # c_1(pi): the discounts of the top-K positions holding label 1
            c1 = np.array([sum(c[i] for i in range(k) if labels[p[i]] == 1) for p in perms])
            d_a, d_b = da[:, None] - da[None, :], db[:, None] - db[None, :]
            d_c = c1[:, None] - c1[None, :]
            factor_ok &= bool(np.allclose(d_a, d_c * (g1a - g2a), rtol=0, atol=1e-12)
                              and np.allclose(d_b, d_c * (g1b - g2b), rtol=0, atol=1e-12))
            agree = _holds(">=", d_a) == _holds(">=", d_b)
            if not agree.all():
                bad.append((n, k))
            tie_a = np.abs(d_a) <= 1e-12
            np.fill_diagonal(tie_a, False)
            tied_a += int(tie_a.sum()) // 2
            tied_a_not_b += int((tie_a & ~(np.abs(d_b) <= 1e-12)).sum()) // 2
            distinct = ~np.eye(len(perms), dtype=bool)  # ordered pairs of distinct rankings
            for name, (pre, mid, post) in T1_READINGS.items():
                # the chain for A then B, and the exchange (B then A)
                for d_x, g_x, g_y, d_y in ((d_a, g1a - g2a, g1b - g2b, d_b),
                                           (d_b, g1b - g2b, g1a - g2a, d_a)):
                    chain = (_holds(pre, d_x), _holds(mid, d_c * g_x), _holds(mid, d_c * g_y),
                             _holds(post, d_y))
                    for step, (p_now, p_next) in zip(steps, zip(chain, chain[1:], strict=False),
                                                     strict=True):
                        failing[name][step] += int((p_now & ~p_next & distinct).sum())
    holds = symbolic and factor_ok and not bad and tied_a_not_b == 0
    goes_through = {r: not any(failing[r].values()) for r in T1_READINGS}
    return Result(verdict(holds, proof_holds=any(goes_through[r] for r in readings)),
                  f"read the proof, each step checked as an implication under each reading "
                  f"of its signs; sympy (the difference factors); exhaustive over all pairs "
                  f"of rankings, N <= {max_n}, {n_random} random compatible gain pairs and "
                  "discounts each",
                  {"incoherent_cases": bad[:3],
                   "pairs of rankings A scores alike (B too in every one)":
                       {"pairs": tied_a, "of which B scores them apart": tied_a_not_b},
                   "the proof, step by step": {
                       r: {"steps failing (ordered pairs of rankings)": failing[r],
                           "goes through": goes_through[r]} for r in T1_READINGS},
                   "slips": "two slips of symbol, neither affecting the argument: the first "
                            "inequality has pi_1 on both sides (read pi_2 on the right), and "
                            "the two middle lines say '>' where the premise and the "
                            "conclusion say '>='. Read with '>=' throughout, every step "
                            "holds on every pair; read with '>' throughout, the chain gives "
                            "'A > iff B >' on every ordered pair, which applied to the "
                            "reversed pair and negated is the definition's '>= iff >=' "
                            "(for real scores x >= y iff not y > x), so the pairs A scores "
                            "alike are covered too. Only the mixed reading fails, at its "
                            "first step, on the pairs A scores alike: the slip, not a gap"})


@claim("S001-E1", doc=DOC, recorded="verified",
       at=Location("4.2 Bad News", "Example"),
       statement="example: gains 2, 3, 1/2, optimal ranking (2, 1, 3); DCG_A(pi_1) = 2c_1 + "
                 "c_2/2 > c_1/2 + 3c_2 = DCG_A(pi_2) for c = (1+eps, 1-eps), 1/4 < eps < 1")
def s001_e1(lower=QUARTER) -> Result:
    eps = sympy.Symbol("epsilon", real=True)
    c1, c2 = 1 + eps, 1 - eps
    gap = sympy.expand((2 * c1 + c2 / 2) - (c1 / 2 + 3 * c2))
    region = sympy.solve_univariate_inequality(gap > 0, eps, relational=False)
    # c_2 > 0 needs eps < 1; c_1 > c_2 needs eps > 0
    stated = sympy.Interval.open(lower, 1)
    region_ok = region.intersect(sympy.Interval.open(0, 1)) == stated
    gains = [2, 3, 0.5]
    optimal_ok = True
    vals_ok = True
    for e in (0.3, 0.5, 0.9):
        c = [1 + e, 1 - e]
        values = {p: _dcg(gains, p, c) for p in itertools.permutations(range(3))}
        top = max(values.values())
        optimal_ok &= [p for p, v in values.items() if v == top] == [(1, 0, 2)]  # (2, 1, 3)
        vals_ok &= abs(values[(0, 2, 1)] - (2 * c[0] + 0.5 * c[1])) < 1e-12
        vals_ok &= abs(values[(2, 1, 0)] - (0.5 * c[0] + 3 * c[1])) < 1e-12
    return Result(verdict(region_ok and optimal_ok and vals_ok),
                  "sympy (the inequality in eps); the library's DCG at eps = 0.3, 0.5, 0.9",
                  {"DCG_A(pi1) - DCG_A(pi2)": str(gap), "region": str(region)})


@claim("S001-E2", doc=DOC, recorded="verified",
       at=Location("4.2 Bad News", "Example, g^B = φ(g^A)"),
       statement="with g^B = phi(g^A), phi(t) = t^k: for k large enough 2^k c_1 + (1/2)^k c_2 < "
                 "(1/2)^k c_1 + 3^k c_2, so B prefers pi_2")
def s001_e2(eps_values=(0.26, 0.5, 0.9, 0.99)) -> Result:
    thresholds = {}
    ok = True
    for e in eps_values:
        c1, c2 = 1 + e, 1 - e

        def b_prefers_pi2(k, c1=c1, c2=c2):
            return _dcg([2.0**k, 3.0**k, 0.5**k], (0, 2, 1), [c1, c2]) < _dcg(
                [2.0**k, 3.0**k, 0.5**k], (2, 1, 0), [c1, c2])

        k_star = next(k for k in range(1, 200) if b_prefers_pi2(k))
        ok &= all(b_prefers_pi2(k) for k in range(k_star, 200))  # stays so from k* on
        ok &= not b_prefers_pi2(1)  # k = 1 is ranker A itself
        thresholds[str(e)] = k_star
    return Result(verdict(ok), "the library's DCG for integer k up to 200",
                  {"smallest k with B preferring pi_2, by eps": thresholds,
                   "condition": "B prefers pi_2 iff 3^k c_2 + 2^-k c_1 > 2^k c_1 + 2^-k c_2"})


@claim("S001-T2", doc=DOC, recorded="verified",
       at=Location("4.2 Bad News", "the conclusion of the Example (L > 2)"),
       statement="for L > 2, compatibility does not imply coherency")
def s001_t2(eps: float = 0.5) -> Result:
    gains_a = np.array([2.0, 3.0, 0.5])  # the example's three documents, L = 3
    c = [1 + eps, 1 - eps]
    found = None
    for k in range(2, 50):
        gains_b = gains_a**k  # phi(t) = t^k keeps the order: compatible
        a = _dcg(gains_a, (0, 2, 1), c) > _dcg(gains_a, (2, 1, 0), c)
        b = _dcg(gains_b, (0, 2, 1), c) < _dcg(gains_b, (2, 1, 0), c)
        if a and b:
            found = k
            break
    return Result(verdict(found is not None), "a witness from the paper's example",
                  {"eps": eps, "k": found,
                   "A (gains 2, 3, 1/2) prefers": "pi_1 = (1, 3, 2)",
                   "B (gains to the power k) prefers": "pi_2 = (3, 2, 1)"})


@claim("S001-E3", doc=DOC, recorded="verified",
       at=Location("5.1 A Binary Representation", "Example (L = 5)"),
       statement="the binary vector of (Perfect, Bad, Good) with L = 5 is "
                 "[1,0,0,0,0, 0,0,0,0,1, 0,0,1,0,0]")
def s001_e3(printed=(1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0)) -> Result:
    s = learn_dcg.binary_representation([1, 5, 3], 5)
    return Result(verdict(tuple(s.tolist()) == tuple(printed)), "exhaustive (the example)",
                  {"s(pi)": s.tolist()})


@claim("S001-E4", doc=DOC, recorded="verified",
       at=Location("5.1 A Binary Representation", "Case 1"),
       statement="Case 1: w_{i,j} = c_i g_j gives w^T s(pi) = DCG_{g,K}(pi)")
def s001_e4(k: int = 3, n_levels: int = 3) -> Result:
    c = sympy.symbols(f"c1:{k + 1}")
    g = sympy.symbols(f"g1:{n_levels + 1}")
    w = [c[i] * g[j] for i in range(k) for j in range(n_levels)]
    ok = True
    for labels in itertools.product(range(1, n_levels + 1), repeat=k):
        s = learn_dcg.binary_representation(list(labels), n_levels)
        u = sum(wi * int(si) for wi, si in zip(w, s, strict=True))
        dcg = sum(c[i] * g[labels[i] - 1] for i in range(k))
        ok &= sympy.expand(u - dcg) == 0
    return Result(verdict(ok), f"sympy, symbolic c and g, every labelling of K = {k} "
                  f"positions with L = {n_levels}", {})


@claim("S001-E5", doc=DOC, recorded="verified",
       at=Location("6.2 Evaluation Measures", "the transformation T(w)"),
       statement="T(w) preserves the order of rankings: T(w)^T s(pi_1) > T(w)^T s(pi_2) iff "
                 "w^T s(pi_1) > w^T s(pi_2)")
def s001_e5(k: int = 3, n_levels: int = 3) -> Result:
    w = sympy.symbols(f"w1:{k * n_levels + 1}")
    t = learn_dcg.order_transform(np.arange(k * n_levels), n_levels)  # numeric sanity
    ok = t.reshape(k, n_levels)[:, -1].tolist() == [0] * k
    # symbolically: w^T s - T(w)^T s = sum_i w_{i,L}, the same for every ranking
    const = sum(w[i * n_levels + n_levels - 1] for i in range(k))
    for labels in itertools.product(range(1, n_levels + 1), repeat=k):
        s = learn_dcg.binary_representation(list(labels), n_levels)
        tw = [w[i * n_levels + j] - w[i * n_levels + n_levels - 1] for i in range(k)
              for j in range(n_levels)]
        gap = sum((w[m] - tw[m]) * int(s[m]) for m in range(k * n_levels))
        ok &= sympy.expand(gap - const) == 0
    return Result(verdict(ok), "sympy: w^T s - T(w)^T s = sum_i w_{i,L} for every ranking",
                  {"note": "the shift is the same for every ranking with K positions filled, "
                           "so differences, and hence orders, are unchanged"})


#: The false-alarm level of one claim's Monte Carlo readings together: each reading is a
#: difference (or a distance) over seeds compared with q of its standard errors, q the
#: two-sided quantile of Student's t (seeds - 1 degrees of freedom) at LEVEL split
#: equally over the claim's readings (Bonferroni).
LEVEL = 0.01


#: the data sets by the names notebook 001 gives them (Section 6.1's linear and
#: exponential gains)
_NAME = {"linear": "Data 1", "exponential": "Data 2"}


def _q(n_seeds: int, n_readings: int) -> float:
    """The multiple of its standard error a reading must exceed (registry.t_multiple at
    this document's LEVEL)."""
    return t_multiple(n_seeds, n_readings, LEVEL)


def _runs(seeds, **kw):
    """Precision and similarity of the protocol over ``seeds`` (mean, standard error), and
    the runs themselves (for differences paired by seed)."""
    runs = [sim.run_learning(seed=int(sd), **kw) for sd in seeds]
    p = np.array([r.precision for r in runs])
    q = np.array([r.similarity for r in runs])
    se = np.sqrt(len(runs))
    return {"precision": float(p.mean()), "precision_se": float(p.std(ddof=1) / se),
            "similarity": float(q.mean()), "similarity_se": float(q.std(ddof=1) / se),
            "runs": runs}


def _values(stats, m):
    """One value of measure ``m`` per seed, in the order of the seeds."""
    return np.array([getattr(r, m) for r in stats["runs"]])


def _short(stats):
    return {k: round(v, 4) for k, v in stats.items() if k != "runs"}


def _read(after, before, q, expect):
    """The change ``before -> after`` (one value per seed each, the same seeds), paired by
    seed, read against ``q`` standard errors for a statement that it goes ``expect``
    (``"little"``: by at most ``LITTLE_CHANGE`` either way; ``"at most"``: it rises by
    at most that much; ``"not below"``: it falls by at most that much -- the notebook's
    rules, where an interval must exclude the larger change)."""
    if expect in ("little", "at most", "not below"):
        diff, se = paired_difference(after, before)
        sign = -1 if expect == "not below" else 1
        reading = little_change_verdict(sign * diff, se, q, LITTLE_CHANGE,
                                        side="both" if expect == "little" else "up")
        if expect == "not below" and reading == "up":
            reading = "down"
    else:
        diff, se, reading = paired_verdict(after, before, q, expect)
    return {"difference": round(diff, 4), "s.e. (paired by seed)": round(se, 4),
            "reading": reading}


@claim("S001-S1", doc=DOC, recorded="erratum",
       at=Location("6.1 Experimental Settings", "Data 1 and Data 2 under eq. (1) of Section 5.2"),
       statement="the ground truth w_kl = G_l / log(k+1), G_l = l (Data 1) or 2^l - 1 (Data 2), "
                 "with l the grade index of Section 5.1 (l = 1 the best grade), meets eq. (1)'s "
                 "constraint w_kl >= w_k,l+1, which the simulations learn it under")
def s001_s1(seeds=range(4), k: int = 10, n_levels: int = 5) -> Result:
    mono = learn_dcg.monotonicity_matrix(k, n_levels)
    printed_rows = {g: mono @ sim.ground_truth_utility(k, n_levels, g, literal_index=True)
                    for g in sim.GAIN_SETTINGS}
    fixed_rows = {g: mono @ sim.ground_truth_utility(k, n_levels, g) for g in sim.GAIN_SETTINGS}
    # printed: with l the index of Section 5.1 (l = 1 the best grade) the truth breaks the
    # constraint; the QP then learns a w pointing away from it
    printed_ok = all(r.min() >= 0 for r in printed_rows.values())
    literal = _runs(seeds, literal_index=True, n_test=500)
    corrected = _runs(seeds, n_test=500)
    q = _q(len(seeds), 2)
    sims = {"printed": _values(literal, "similarity"),
            "corrected": _values(corrected, "similarity")}
    readings = {"similarity, corrected reading, above 0": _read(
                    sims["corrected"], np.zeros(len(seeds)), q, "up"),
                "similarity, corrected minus printed reading (same seeds)": _read(
                    sims["corrected"], sims["printed"], q, "up")}
    corrected_ok = (all(r.min() > 0 for r in fixed_rows.values())
                    and all((mono @ r.w_hat).min() >= -1e-9 for r in corrected["runs"])
                    and all(v["reading"] == "as stated" for v in readings.values()))
    return Result(verdict(printed_ok, corrected_ok),
                  f"exact (the constraint rows on the truth); the QP over {len(seeds)} seeds, "
                  f"each similarity reading beyond {q:.2f} standard errors (Student's t, "
                  f"{len(seeds) - 1} degrees of freedom, two-sided {LEVEL:g} split over "
                  f"{len(readings)} readings)",
                  {"kind": "notation: Section 5.1 indexes the grades best first (l = 1 "
                           "Perfect), while eq. (2) and the simulated lists ([5,5,4,4,...], "
                           "5 the best) use l as the relevance value; the two clash",
                   "constraint rows w_kl - w_k,l+1 of the printed truth, largest":
                       {g: float(r.max()) for g, r in printed_rows.items()},
                   "printed reading, 200 pairs": _short(literal),
                   "corrected reading, 200 pairs": _short(corrected),
                   "readings": readings,
                   "corrected": "read G_l at the relevance value v of the grade (v = 5 best, "
                                "index l = L + 1 - v), i.e. w_kl = G_(L+1-l) / log(k+1); then "
                                "the truth satisfies every constraint and is learned",
                   "note": "the printed reading still predicts most test pairs: on "
                           "permutations of one list a constant added to one grade at every "
                           "position changes no preference, so the constraint costs only "
                           "norm; the similarity, which keeps that offset, exposes it"})


@claim("S001-S2", doc=DOC, recorded="verified",
       at=Location("6.3 General Performance", "Figure 1"),
       statement="with about 200 training pairs the test precision is close to 95% for both "
                 "Data 1 and Data 2")
def s001_s2(seeds=range(12), c: float = 10.0, target: float = 0.95,
            rounding: float = 0.005) -> Result:
    out = {g: _short(_runs(seeds, gains=g, c=c)) for g in sim.GAIN_SETTINGS}
    q = _q(len(seeds), len(out))
    # "close to 95%" as 95 % to the nearest per cent: the mean is within the rounding
    # (0.005) plus q standard errors of 0.95
    excess = {g: round(abs(v["precision"] - target) - rounding - q * v["precision_se"], 4)
              for g, v in out.items()}
    ok = all(e <= 0 for e in excess.values())
    return Result(verdict(ok), f"Monte Carlo: {len(seeds)} seeds x 1000 test pairs, C = {c}; "
                  f"'close to 95%' read as 95 % to the nearest per cent: each mean within "
                  f"{rounding} + {q:.2f} standard errors of {target} (Student's t, "
                  f"{len(seeds) - 1} degrees of freedom, two-sided {LEVEL:g} split over "
                  f"{len(out)} readings)",
                  {"200 pairs": out,
                   "distance beyond rounding + q s.e. (<= 0: close)": excess,
                   "note": f"at C = {c:g}; notebook 001's table of C shows at which other C "
                           "it holds, and with C chosen on validation"})


@claim("S001-S3", doc=DOC, recorded="needs-assumption",
       at=Location("6.5 Optimal Rankings", "Figures 9-10"),
       statement="Section 6.5: preference pairs that involve the optimal ranking (against a "
                 "permutation of the same list) do not carry any constraints to w")
def s001_s3(seeds=range(8)) -> Result:
    # printed, literally: a monotone w (Case 2) that prefers a non-optimal ranking exists,
    # so the pair (optimal > other) does constrain w
    w = np.array([0.0, 0.0, 1.0, 0.0])  # K = L = 2: grade 1 worth 1 at position 2 only
    mono_ok = (learn_dcg.monotonicity_matrix(2, 2) @ w).min() >= 0
    u_opt = learn_dcg.utility(w, learn_dcg.binary_representation([1, 2], 2))
    u_other = learn_dcg.utility(w, learn_dcg.binary_representation([2, 1], 2))
    printed_ok = not (mono_ok and u_other > u_opt)
    # under the assumption w = c g^T with c decreasing, g compatible (Case 1): every such w
    # prefers the optimal ranking (Proposition 1), so these pairs separate no two of them
    rng = np.random.default_rng(4)
    case1_ok = True
    base = np.array(sim.PAPER_LIST)
    for _ in range(200):
        c = -np.sort(-rng.random(10)) + 1e-3
        g = -np.sort(-rng.random(5))
        wc = np.outer(c, g).ravel()
        opt = learn_dcg.binary_representation(6 - np.sort(base)[::-1], 5)
        others = learn_dcg.binary_representation(6 - rng.permuted(np.tile(base, (50, 1)),
                                                                   axis=1), 5)
        case1_ok &= bool(((opt - others) @ wc >= -1e-12).all())
    few = _runs(seeds, pairs="optimal", n_train=20, n_test=500)
    many = _runs(seeds, pairs="optimal", n_train=200, n_test=500)
    rand = _runs(seeds, pairs="random", n_train=200, n_test=500)
    q = _q(len(seeds), 2)
    # reported, not decisive (the outcome rests on the exact parts above): does learning
    # from them stay flat? A rise is ruled out only by an interval that excludes one
    # (notebook 001's one-sided rule), and at 200 pairs random pairs predict more
    prec = {k: _values(v, "precision") for k, v in (("few", few), ("many", many),
                                                     ("random", rand))}
    readings = {f"optimal pairs, 20 -> 200: precision rises by at most "
                f"{LITTLE_CHANGE:g}": _read(prec["many"], prec["few"], q, "at most"),
                "200 pairs: random minus optimal-ranking pairs, precision": _read(
                    prec["random"], prec["many"], q, "up")}
    flat, level = readings.values()
    return Result(verdict(printed_ok, case1_ok, assumption=True),
                  f"exact: a 2 x 2 counterexample; 200 random DCG-form utilities x 50 "
                  f"permutations. Reported, not decisive: Monte Carlo ({len(seeds)} seeds), "
                  f"each reading a difference paired by "
                  f"seed against {q:.2f} standard errors (Student's t, {len(seeds) - 1} "
                  f"degrees of freedom, two-sided {LEVEL:g} split over {len(readings)} "
                  f"readings)",
                  {"counterexample w (K = L = 2)": w.tolist(),
                   "u(optimal), u(other)": [u_opt, u_other],
                   "optimal pairs, 20 -> 200 training pairs": [_short(few), _short(many)],
                   "random pairs, 200 training pairs": _short(rand),
                   "readings": readings,
                   "assumption": "true for utilities of the DCG form w_kl = c_k g_l with "
                                 "decreasing discounts (Proposition 1): those pairs cannot tell "
                                 "two such utilities apart. For the position-dependent w of "
                                 "Case 2 that eq. (1) learns they are constraints (they exclude "
                                 "discounts that grow with the position)",
                   "Monte Carlo, reported": (
                       "at 200 pairs random pairs of one list predict "
                       + {"as stated": "more", "opposite": "less"}.get(
                           level["reading"], "more or less, not resolved,")
                       + f" ({level['difference']:+.3f} ± {level['s.e. (paired by seed)']:.3f} "
                         "in precision); that learning from optimal-ranking pairs does not "
                         "rise at all from 20 to 200 pairs is "
                       + {"as stated": "shown", "not resolved": "not resolved"}.get(
                           flat["reading"], "contradicted")
                       + " (Figure 9's 'do not increase')")})


@claim("S001-S4", doc=DOC, recorded="verified",
       at=Location("6.3 General Performance", "Figures 3-4"),
       statement="the leading singular pair of W (L x K) recovers the gains (u_1) and the "
                 "discounts (v_1): plotted against the true ones they lie on straight lines "
                 "(recovery up to an affine map)")
def s001_s4(seeds=range(16), c_true=None) -> Result:
    # the true discounts of eq. (2), 1/ln(k + 1) (another family: a perturbed check)
    c_true = 1.0 / np.log(np.arange(2, 12)) if c_true is None else np.asarray(c_true, float)
    exact_ok = True
    for gains in sim.GAIN_SETTINGS:
        g_true = sim.GAIN_SETTINGS[gains](np.arange(5, 0, -1))
        g, c, e = learn_dcg.rank1_factors(sim.ground_truth_utility(10, 5, gains), 5)
        exact_ok &= (abs(e - 1) < 1e-12 and np.allclose(c, c_true / c_true[0], rtol=1e-12)
                     and np.allclose(g, g_true * c_true[0], rtol=1e-12))
    k = np.arange(1, 11)
    # a rival family that the estimates must fit significantly worse than the truth
    # (decisive), and one too close to the truth to be told apart at this size (read, not
    # decisive: 1/ln(k+1) and 1/k correlate at 0.999)
    decisive = ("gains: the other data set's", "discounts: linear in k")
    q = _q(len(seeds), len(decisive) * len(sim.GAIN_SETTINGS))
    families, readings = {}, {}
    for gains in sim.GAIN_SETTINGS:
        g_true = sim.GAIN_SETTINGS[gains](np.arange(5, 0, -1))
        other = "exponential" if gains == "linear" else "linear"
        g_other = sim.GAIN_SETTINGS[other](np.arange(5, 0, -1))
        res = {"gains: true": [], "gains: the other data set's": [],
               "discounts: true": [], "discounts: 1/k": [], "discounts: linear in k": []}
        for sd in seeds:
            r = sim.run_learning(gains=gains, seed=int(sd), n_test=10)
            g, c, _ = learn_dcg.rank1_factors(r.w_hat, 5)
            for key, est, ref in (("gains: true", g, g_true),
                                  ("gains: the other data set's", g, g_other),
                                  ("discounts: true", c, c_true), ("discounts: 1/k", c, 1.0 / k),
                                  ("discounts: linear in k", c, -k.astype(float))):
                res[key].append(affine_residual(est, ref))
        families[_NAME[gains]] = {key: round(float(np.mean(v)), 4) for key, v in res.items()}
        for rival in ("gains: the other data set's", "discounts: 1/k", "discounts: linear in k"):
            true_key = rival.split(":")[0] + ": true"
            readings[f"{_NAME[gains]}, {rival} minus true"] = _read(res[rival], res[true_key],
                                                                    q, "up")
    learned_ok = all(v["reading"] == "as stated" for key, v in readings.items()
                     if key.split(", ", 1)[1].removesuffix(" minus true") in decisive)
    unresolved = [key for key, v in readings.items() if v["reading"] != "as stated"]
    return Result(verdict(exact_ok and learned_ok),
                  f"exact on the true W; on the learned W (200 pairs, {len(seeds)} seeds) "
                  f"the largest residual of the affine fit of each factor (share of its "
                  f"range) to the true family against rival families, paired by seed, each "
                  f"difference beyond {q:.2f} standard errors (Student's t, {len(seeds) - 1} "
                  f"degrees of freedom, two-sided {LEVEL:g} split over the "
                  f"{len(decisive) * len(sim.GAIN_SETTINGS)} decisive readings)",
                  {"affine residual by family": families, "readings": readings,
                   "found": "the factors are affine images of the true gains and discounts "
                            "more closely than of the other data set's gains and of linear "
                            "discounts"
                            + (f"; not told apart from the truth at {len(seeds)} seeds (a "
                               "rival too close to it, read but not decisive): "
                               + ", ".join(unresolved) if unresolved else ""),
                   "note": "a learned w is determined only up to constants added per position "
                           "and per grade; the QP's minimum-norm solution is close to "
                           "(c_k - c_min)(G_l - mean G), whose factors are affine in the true "
                           "ones: straight lines, as the paper says, not the identity"})


#: The C grid of the runs that choose C on validation: the decades from 1e-7 to 1e6, as in
#: notebook 001. At both ends the solution no longer changes (every preference short of
#: its margin as C -> 0, a limit as C -> infinity: the hard-margin solution when the
#: pairs are separable by a monotone w, else the minimum-norm minimiser of the squared
#: slacks), so a choice at an edge
#: is a choice of that limit: the check requires it (:func:`_bracketed`).
C_GRID = tuple(10.0**e for e in range(-7, 7))
#: How close to 1 the cosine between the fits at an edge of the grid and at its neighbour
#: must be for a choice at that edge to count as bracketed.
EDGE_COSINE = 1e-6


def _bracketed(runs) -> dict:
    """The C chosen on validation, seeds per value, and whether every choice is inside
    the grid or at an edge where the solution has stopped changing (:data:`EDGE_COSINE`)."""
    chosen = [r.c for r in runs]
    edges = [r.edge_cosine for r in runs if r.c_at_edge is not None]
    return {"seeds per chosen C": {f"{c:g}": chosen.count(c) for c in sorted(set(chosen))},
            "bracketed": all(e >= 1 - EDGE_COSINE for e in edges),
            "at an edge": len(edges)}


@claim("S001-S5", doc=DOC, recorded="not-reproduced",
       at=Location("6 Simulation", "Figures 1-13 (Sections 6-8)"),
       statement="Figures 1-2, 5-8 and 11-13: the performance (precision and similarity) "
                 "grows with the number of training pairs, falls with noisy pairs and with "
                 "noisy grades, improves little (by at most 0.01 either way) with the "
                 "Hamming margin, and w 'can be precisely learned even without the grades' "
                 "-- under our protocol: both data sets, 20 seeds, 500 test pairs, 20 and "
                 "200 training pairs, C = 10 (the paper gives none) except under noise, "
                 "where C is chosen on validation from the decades 1e-7 to 1e6 as the paper "
                 "says it chose it; the Hamming margin of eq. (5) as printed (positions whose "
                 "documents differ) at C = 10 and with C on validation; the grade-free model "
                 "(Figure 13, whose "
                 "range of pairs is lost) with 800 pairs and C on validation against the "
                 "graded model at 200 pairs")
def s001_s5(seeds=range(20), grid=C_GRID, n_grade_free: int = 800) -> Result:
    grid = list(grid)
    runs, protocol = {}, {}
    for g in sim.GAIN_SETTINGS:
        def ends(g=g, **kw):
            return _runs(seeds, gains=g, n_test=500, **kw)

        runs[g] = {"pairs 20": ends(n_train=20), "pairs 200": ends(n_train=200),
                   "pairs 200, C on validation": ends(c=grid),
                   "noisy pairs 5": ends(noisy_pairs=5, c=grid),
                   "noisy pairs 40": ends(noisy_pairs=40, c=grid),
                   "noisy grades 0": ends(c=grid),
                   "noisy grades 5": ends(noisy_grades=5, c=grid),
                   "hamming 200": ends(margins="hamming_documents"),
                   "hamming 200, C on validation": ends(margins="hamming_documents", c=grid),
                   "grade-free 200": ends(grade_free=True),
                   f"grade-free {n_grade_free}, C on validation": ends(
                       grade_free=True, n_train=n_grade_free, c=grid)}
        protocol[g] = {k: _bracketed(v["runs"]) for k, v in runs[g].items()
                       if len(v["runs"][0].c_grid) > 1}
    # the sentences, each read on both measures and both data sets (as notebook 001 does)
    sentences = {
        "grows with the training pairs": [("pairs 20", "pairs 200", "up")],
        "falls with noisy pairs": [("noisy pairs 5", "noisy pairs 40", "down")],
        "falls with noisy grades": [("noisy grades 0", "noisy grades 5", "down")],
        f"Hamming margin: a change of at most {LITTLE_CHANGE:g}": [
            ("pairs 200", "hamming 200", "little"),
            ("pairs 200, C on validation", "hamming 200, C on validation", "little")],
    }
    specs = {}
    for text, pairs in sentences.items():
        for a, b, expect in pairs:
            for g in sim.GAIN_SETTINGS:
                for m in ("precision", "similarity"):
                    where = ("" if len(pairs) == 1 else
                             ", C on validation" if b.endswith("validation") else ", C = 10")
                    specs[f"{text} ({_NAME[g]}, {m}{where})"] = (text, g, a, b, m, expect)
    gf = f"grade-free {n_grade_free}, C on validation"
    for g in sim.GAIN_SETTINGS:
        # 'precisely learned without grades': not significantly below the graded model
        specs[f"grade-free at {n_grade_free} pairs as precise as graded at 200 ({_NAME[g]})"] = (
            "learned without the grades", g, "pairs 200", gf, "precision", "not below")
    q = _q(len(seeds), len(specs))
    detail = {k: _read(_values(runs[g][b], m), _values(runs[g][a], m), q, expect)
              for k, (_, g, a, b, m, expect) in specs.items()}
    readings = {k: v["reading"] for k, v in detail.items()}
    # not decisive: the grade-free model at the paper's 200 pairs, C = 10, by the same
    # one-sided rule; it says only whether the sentence needed more pairs (notebook 001)
    info = {_NAME[g]: _read(_values(runs[g]["grade-free 200"], "precision"),
                     _values(runs[g]["pairs 200"], "precision"), q, "not below")
            for g in sim.GAIN_SETTINGS}
    by_sentence = {}
    for k, (text, *_rest) in specs.items():
        by_sentence.setdefault(text, []).append(readings[k])
    held = {t: ("holds" if set(v) == {"as stated"} else
                "against the paper" if set(v) & {"opposite", "up", "down"} else
                "not resolved")
            for t, v in by_sentence.items()}
    if held["learned without the grades"] == "holds" and any(
            v["reading"] != "as stated" for v in info.values()):
        held["learned without the grades"] = (
            f"holds only with more pairs ({n_grade_free}, C on validation)")
    failing = [k for k, v in readings.items() if v != "as stated"]
    if not all(p["bracketed"] for per in protocol.values() for p in per.values()):
        return Result("failed", "a C chosen at an edge of the grid where the solution still "
                      "changes: the grid does not bracket the choice", {"grid": protocol})
    rows = {g: {k: _short(v) for k, v in r.items()} for g, r in runs.items()}
    # an empirical result checked under our protocol: one that fails is not reproduced
    # here, not shown false (another C or more pairs may reproduce it)
    return Result(verdict(not failing, protocol=True),
                  f"Monte Carlo at the end points of each figure, {len(seeds)} seeds, 500 test "
                  f"pairs, both data sets; each change paired by seed (every setting runs on "
                  f"the same seeds) and read against its standard error, beyond {q:.2f} s.e. "
                  f"(Student's t, {len(seeds) - 1} degrees of freedom, two-sided {LEVEL:g} "
                  f"split over {len(specs)} readings); C on validation from the decades "
                  f"{min(grid):g} to {max(grid):g}, every choice inside the grid or at an "
                  f"edge where the fit no longer changes (cosine with its neighbour's within "
                  f"{EDGE_COSINE:g} of 1) (the optimal-pairs figures are S001-S3, pairs "
                  f"across lists S001-S7; all figures: notebook 001)",
                  {"by sentence": held,
                   "noisy grades, which C": "read with C on validation (the paper's "
                                            "protocol); at a fixed C whether the similarity "
                                            "falls depends on C (notebook 001, noisy grades)",
                   "readings": readings,
                   "differences": detail,
                   "not decisive: grade-free at 200 pairs, C = 10, against graded": info,
                   "C chosen on validation": protocol,
                   "end points": {_NAME[g]: v for g, v in rows.items()},
                   "found": ("every sentence holds on both measures and both data sets"
                             if not failing else
                             ("none against the paper, some not resolved: " if not any(
                                 h == "against the paper" for h in held.values())
                              else "some reading against the paper: ")
                             + "; ".join(f"{t}: {h}" for t, h in held.items())
                             + ". Not as stated: " + "; ".join(f"{k}: {readings[k]}"
                                                              for k in failing))
                            + " (the paper's figures, its range of pairs for Figure 13 and "
                              "its C are lost)"})


@claim("S001-S6", doc=DOC, recorded="not-reproduced",
       at=Location("6.3 General Performance", "Figures 3-4"),
       statement="the discount factors of the top-ranked positions (and the largest gains) "
                 "are estimated more accurately than the others -- under our protocol: "
                 "200 training pairs, C = 10, 16 seeds; the rank-1 factors mapped onto the "
                 "truth by least squares (their origin and scale are not identified), "
                 "studentised errors of the top 3 discounts (2 gains) against the bottom 3 (2)")
def s001_s6(seeds=range(16)) -> Result:
    c_true = 1.0 / np.log(np.arange(2, 12))
    q = _q(len(seeds), 2 * len(sim.GAIN_SETTINGS))
    readings = {}
    for gains in sim.GAIN_SETTINGS:
        g_true = sim.GAIN_SETTINGS[gains](np.arange(5, 0, -1))
        err = {"discounts": [], "gains": []}
        for sd in seeds:
            r = sim.run_learning(gains=gains, seed=int(sd), n_test=10)
            g, c, _ = learn_dcg.rank1_factors(r.w_hat, 5)
            err["discounts"].append(np.abs(studentised_affine_errors(c, c_true)))
            err["gains"].append(np.abs(studentised_affine_errors(g, g_true)))
        for what, n_end in (("discounts", 3), ("gains", 2)):
            e = np.array(err[what])
            readings[f"{what} of {_NAME[gains]}: top {n_end} minus bottom {n_end}"] = _read(
                e[:, :n_end].mean(axis=1), e[:, -n_end:].mean(axis=1), q, "down")
    failing = [k for k, v in readings.items() if v["reading"] != "as stated"]
    return Result(verdict(not failing, protocol=True),
                  f"Monte Carlo, {len(seeds)} seeds at 200 pairs, both data sets; the mean "
                  f"absolute studentised error of the top positions minus the bottom ones, "
                  f"paired by seed, beyond {q:.2f} standard errors (Student's t, "
                  f"{len(seeds) - 1} degrees of freedom, two-sided {LEVEL:g} split over "
                  f"{len(readings)} readings) (notebook 001: 20 seeds)",
                  {"readings": readings,
                   "found": ("the top is estimated more accurately in every reading"
                             if not failing else
                             ("none against the paper, no reading resolved either way: " if all(
                                 readings[k]["reading"] == "not resolved" for k in failing)
                              else "not as stated: ") + "; ".join(
                                 f"{k}: {readings[k]['reading']}" for k in failing)),
                   "note": "an error relative to the true value is not identified (the "
                           "origin of the gains and discounts is free), so the errors are "
                           "read in the truth's units after the affine map, divided by "
                           "sqrt(1 - leverage)"})


@claim("S001-S7", doc=DOC, recorded="verified",
       at=Location("6.5 Optimal Rankings", "Figure 10"),
       statement="with training pairs of rankings of different lists the performance grows "
                 "slowly with the number of pairs: 'the learning algorithm requires more "
                 "pairs to obtain a comparable performance' than with random pairs of one "
                 "list -- under our protocol: 20 seeds, 500 test pairs, C = 10, 20 and 200 "
                 "pairs, both data sets, read as the paper's next sentence reads it, on the "
                 "precision reached at 200 pairs (random pairs of one list against pairs "
                 "across lists; the precision is the measure the paper calls the more "
                 "meaningful), and on the growth of the precision of pairs across lists from "
                 "20 to 200 pairs ('grows'); the growths of the two designs are compared "
                 "for information, not read")
def s001_s7(seeds=range(20)) -> Result:
    q = _q(len(seeds), 2 * len(sim.GAIN_SETTINGS))
    readings, info, ends = {}, {}, {}
    for gains in sim.GAIN_SETTINGS:
        name = _NAME[gains]
        runs = {(kind, n): _runs(seeds, gains=gains, pairs=kind, n_train=n, n_test=500)
                for kind in ("random", "different") for n in (20, 200)}
        ends[name] = {f"{kind}, {n} pairs": _short(v) for (kind, n), v in runs.items()}
        for key, v in runs.items():
            v["offset-free similarity"] = np.array([
                offset_free_similarity(r.w_true, r.w_hat, r.n_levels) for r in v["runs"]])
            ends[name][f"{key[0]}, {key[1]} pairs"]["offset-free similarity"] = round(
                float(v["offset-free similarity"].mean()), 4)
        readings[f"{name}: precision at 200 pairs, random pairs minus across lists"] = _read(
            _values(runs["random", 200], "precision"),
            _values(runs["different", 200], "precision"), q, "up")
        # "grows": a design that did not grow at all would also stay below random pairs
        readings[f"{name}: precision of pairs across lists, 20 -> 200 pairs"] = _read(
            _values(runs["different", 200], "precision"),
            _values(runs["different", 20], "precision"), q, "up")
        for m in ("precision", "similarity", "offset-free similarity"):
            grow = {kind: (runs[kind, 200][m] - runs[kind, 20][m] if m.startswith("offset")
                           else _values(runs[kind, 200], m) - _values(runs[kind, 20], m))
                    for kind in ("random", "different")}
            info[f"{name}, {m}: growth of random pairs minus across lists"] = _read(
                grow["random"], grow["different"], q, "up")
    failing = [k for k, v in readings.items() if v["reading"] != "as stated"]
    against = [k for k, v in readings.items() if v["reading"] == "opposite"]
    return Result(verdict(not failing, protocol=True),
                  f"Monte Carlo, {len(seeds)} seeds; the precision at 200 pairs of random "
                  f"pairs of one list minus that of pairs across lists, and the growth of "
                  f"the latter from 20 to 200 pairs, each paired by seed, "
                  f"beyond {q:.2f} standard errors (Student's t, {len(seeds) - 1} "
                  f"degrees of freedom, two-sided {LEVEL:g} split over {len(readings)} "
                  f"readings) (notebook 001: 20 seeds, Figure 10)",
                  {"readings": readings, "for information, not read": info, "end points": ends,
                   "found": ("pairs across lists grow in precision from 20 to 200 pairs, yet "
                             "reach a lower precision at 200 pairs than random pairs of one "
                             "list, in both data sets"
                             if not failing else
                             ("none against the paper, not resolved: " if not against else
                              "against the paper: ") + "; ".join(
                                 f"{k}: {readings[k]['reading']}" for k in failing)),
                   "note": "the growths of the two designs from 20 to 200 pairs compare "
                           "different stretches of two curves (across lists starts far "
                           "lower), so their difference is not read. The paper's similarity "
                           "is not read either: "
                           "pairs across lists fix the per-grade constants, which permutations "
                           "of one list leave free and which that similarity keeps, so it "
                           "measures what each design identifies rather than how fast "
                           "it learns. The offset-free similarity removes those constants, "
                           "but random pairs of one list bring it close to 1 by 200 pairs, "
                           "which caps their growth; both are shown for information"})
