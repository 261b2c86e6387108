"""Claims of document 003: Fürnkranz & Hüllermeier, Preference Learning tutorial,
"Loss Functions" (slides).

The worked example: X = {A, B, C, D, E}, target r = E>B>C>A>D, predicted rhat =
A>B>E>C>D. Three slide pictures are lost (the bipartite, multipartite and gamma examples).
The catalogue reconstructs a lost example only when exactly one reconstruction fits its
printed numbers; none does, so these examples are not checkable. Their checks show what
holds instead: the printed numbers are consistent with each other, how many targets (and
predicted rankings) fit them, and that exactly one fits under two assumptions the slides do
not state -- (a) the lost pictures keep the predicted ranking A>B>E>C>D of the earlier
slides, (b) their levels cut the target E>B>C>A>D into consecutive blocks.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import sympy
from scipy import stats

import rankmeasures as rm

from .registry import Location, Result, claim, verdict

DOC = "003"
ITEMS = "ABCDE"
TARGET = "E>B>C>A>D"
PREDICTED = "A>B>E>C>D"
AUC_PRINTED = sympy.Rational(4, 6)  # the bipartite slide
C_INDEX_PRINTED = sympy.Rational(5, 8)  # the multipartite slide


def _example():
    return rm.ranks_from_order(TARGET, ITEMS), rm.ranks_from_order(PREDICTED, ITEMS)


@claim("S003-N1", doc=DOC, recorded="verified",
       at=Location("2a Evaluation of Rankings", "slide 'Notation'"),
       statement="notation on the example: rhat(A) = 1, rhat^-1(1) = A, r^-1(4) = A, "
                 "R(1) = r(rhat^-1(1)) = 4")
def s003_n1(printed=(1, "A", "A", 4)) -> Result:
    r, rhat = _example()
    inv_hat = {int(rhat[i]): ITEMS[i] for i in range(5)}
    inv = {int(r[i]): ITEMS[i] for i in range(5)}
    got = (int(rhat[ITEMS.index("A")]), inv_hat[1], inv[4], int(r[ITEMS.index(inv_hat[1])]))
    return Result(verdict(got == tuple(printed)), "exhaustive (the example)",
                  {"computed": list(got), "printed": list(printed)})


@claim("S003-E1", doc=DOC, recorded="verified",
       at=Location("2a Evaluation of Rankings", "slide 'Spearman's Footrule'"),
       statement="footrule on the example: sum |r(x) - rhat(x)| = sum |i - R(i)| = "
                 "3 + 0 + 1 + 0 + 2 = 6")
def s003_e1(printed_terms=(3, 0, 1, 0, 2), printed_total: int = 6) -> Result:
    r, rhat = _example()
    terms = np.abs(r - rhat).tolist()  # per item A..E
    big_r = [int(r[np.flatnonzero(rhat == i)[0]]) for i in range(1, 6)]
    by_position = sum(abs(i - big_r[i - 1]) for i in range(1, 6))
    total = rm.spearman_footrule(r, rhat)
    ok = terms == list(printed_terms) and total == printed_total == by_position
    return Result(verdict(ok), "exhaustive (the example), both forms of the sum",
                  {"terms_A_to_E": terms, "total": total, "sum_|i-R(i)|": by_position})


@claim("S003-E2", doc=DOC, recorded="verified",
       at=Location("2a Evaluation of Rankings", "slide 'Spearman Distance'"),
       statement="Spearman distance on the example: 9 + 0 + 1 + 0 + 4 = 14")
def s003_e2(printed_total: int = 14) -> Result:
    r, rhat = _example()
    total = rm.spearman_distance(r, rhat)
    return Result(verdict(total == printed_total), "exhaustive (the example)",
                  {"terms_A_to_E": ((r - rhat) ** 2).tolist(), "total": total})


@claim("S003-R1", doc=DOC, recorded="erratum",
       at=Location("2a Evaluation of Rankings", "slide 'Spearman Distance'"),
       statement="max D_S = sum_{i=1}^{c} ((c - i) - i)^2 = c(c^2 - 1)/3")
def s003_r1(max_c: int = 7) -> Result:
    c, i = sympy.symbols("c i", positive=True, integer=True)
    closed = c * (c**2 - 1) / 3
    printed_sum = sympy.factor(sympy.summation(((c - i) - i) ** 2, (i, 1, c)))
    corrected_sum = sympy.factor(sympy.summation(((c + 1 - i) - i) ** 2, (i, 1, c)))
    printed_ok = sympy.simplify(printed_sum - closed) == 0
    corrected_ok = sympy.simplify(corrected_sum - closed) == 0
    maxima = {}
    for cc in range(1, max_c + 1):
        ident = list(range(1, cc + 1))
        maxima[cc] = max(rm.spearman_distance(ident, list(p))
                         for p in itertools.permutations(ident))
    exhaustive_ok = all(maxima[cc] == cc * (cc * cc - 1) // 3 for cc in maxima)
    return Result(verdict(printed_ok and exhaustive_ok, corrected_ok and exhaustive_ok),
                  f"sympy summation; exhaustive maximum over all permutations, c <= {max_c}",
                  {"printed_sum": str(printed_sum), "closed_form": str(closed),
                   "printed_sum_at_c=2": int(printed_sum.subs(c, 2)),
                   "corrected": "max D_S = sum_{i=1}^{c} ((c + 1 - i) - i)^2 = c(c^2 - 1)/3 "
                                "(the reversal puts item i at c + 1 - i)",
                   "corrected_sum": str(corrected_sum),
                   "exhaustive_maxima": maxima})


@claim("S003-R2", doc=DOC, recorded="verified",
       at=Location("2a Evaluation of Rankings",
                   "slides 'Spearman Distance' and 'Kendall's Distance'"),
       statement="1 - 6 D_S/(c(c^2-1)) in [-1, 1]; D_tau in [0, c(c-1)/2]; "
                 "1 - 4 D_tau/(c(c-1)) in [-1, 1], all bounds attained")
def s003_r2(max_c: int = 7) -> Result:
    ok = True
    for c in range(2, max_c + 1):
        ident = list(range(1, c + 1))
        ds = [rm.spearman_distance(ident, list(p)) for p in itertools.permutations(ident)]
        dt = [rm.kendall_distance(ident, list(p)) for p in itertools.permutations(ident)]
        rho = [1 - 6 * v / (c * (c * c - 1)) for v in ds]
        tau = [1 - 4 * v / (c * (c - 1)) for v in dt]
        ok &= min(rho) == -1 and max(rho) == 1
        ok &= min(dt) == 0 and max(dt) == c * (c - 1) // 2
        ok &= min(tau) == -1 and max(tau) == 1
    return Result(verdict(ok), f"exhaustive over all permutations, 2 <= c <= {max_c}",
                  {"largest c": max_c})


@claim("S003-E4", doc=DOC, recorded="verified",
       at=Location("2a Evaluation of Rankings", "slide 'Kendall's Distance'"),
       statement="Kendall distance on the example: D_tau = 4")
def s003_e4(printed: int = 4) -> Result:
    r, rhat = _example()
    d = rm.kendall_distance(r, rhat)
    inverted = [f"{ITEMS[i]}{ITEMS[j]}" for i in range(5) for j in range(5)
                if r[i] < r[j] and rhat[i] > rhat[j]]
    return Result(verdict(d == printed == len(inverted)), "exhaustive (the example)",
                  {"D_tau": d, "inverted_pairs": inverted})


@claim("S003-W1", doc=DOC, recorded="verified",
       at=Location("2b Weighted Measures", "slide 'Weighted Ranking Errors'"),
       statement="unweighted measures give D(ABCED, ABCDE) = D(ABCDE, BACDE): a swap at the "
                 "bottom costs what a swap at the top costs")
def s003_w1() -> Result:
    a = (rm.ranks_from_order("A>B>C>E>D", ITEMS), rm.ranks_from_order("A>B>C>D>E", ITEMS))
    b = (rm.ranks_from_order("A>B>C>D>E", ITEMS), rm.ranks_from_order("B>A>C>D>E", ITEMS))
    measures = {"footrule": rm.spearman_footrule, "spearman": rm.spearman_distance,
                "kendall": rm.kendall_distance}
    values = {k: (f(*a), f(*b)) for k, f in measures.items()}
    ok = all(x == y for x, y in values.values())
    weighted = {"discounted_error": (rm.discounted_error(*a), rm.discounted_error(*b))}
    return Result(verdict(ok), "exhaustive (the two pairs of the slide)",
                  {"unweighted": values, "weighted_for_contrast": weighted})


@claim("S003-E6", doc=DOC, recorded="verified",
       at=Location("2b Weighted Measures", "slide 'Position Error'"),
       statement="position error on the example = rhat(E) - 1 = 2, the footrule with every "
                 "non-target weight set to 0")
def s003_e6(printed: int = 2) -> Result:
    r, rhat = _example()
    pe = rm.position_error(r, rhat)
    weighted = rm.discounted_error(r, rhat, weights=(r == 1).astype(float))
    return Result(verdict(pe == printed == weighted), "exhaustive (the example)",
                  {"position_error": pe, "weighted_footrule": weighted})


@claim("S003-E7", doc=DOC, recorded="erratum",
       at=Location("2b Weighted Measures", "slide 'Discounted Error'"),
       statement="discounted error with w_i = 1/log(r(x_i) + 1), printed as "
                 "3/log 2 + 0 + 1/log 4 + 0 + 2/log 6")
def s003_e7() -> Result:
    r, rhat = _example()
    value = rm.discounted_error(r, rhat)
    log = sympy.log
    printed = 3 / log(2) + 1 / log(4) + 2 / log(6)
    # terms by item: A (r=4, d=3), C (r=3, d=1), E (r=1, d=2)
    corrected = 3 / log(5) + 1 / log(4) + 2 / log(2)
    # the printed weights are 1/log(i + 1) with i the index of x_i in X = (A, ..., E)
    by_index = sum(abs(int(r[i]) - int(rhat[i])) / log(i + 2) for i in range(5))
    printed_ok = abs(float(printed) - value) < 1e-12
    corrected_ok = abs(float(corrected) - value) < 1e-12
    return Result(verdict(printed_ok, corrected_ok), "sympy (exact terms) and the library",
                  {"printed": str(printed), "printed_value": float(printed),
                   "corrected": str(corrected), "corrected_value": float(corrected),
                   "library_value": value,
                   "explanation": "the slide weighs item x_i by 1/log(i + 1), its index in "
                                  "X, instead of by 1/log(r(x_i) + 1)",
                   "index_weighted": str(by_index),
                   "index_weighted_equals_printed":
                       bool(sympy.simplify(by_index - printed) == 0)})


@claim("S003-E8", doc=DOC, recorded="verified",
       at=Location("2b Weighted Measures", "slide '(Normalized) Discounted Cumulative Gain'"),
       statement="DCG = sum (c - R(i))/log(i+1), IDCG = sum (c - i)/log(i+1), the maximum "
                 "attained when i = R(i)")
def s003_e8(max_c: int = 7) -> Result:
    ok = True
    unique = True
    for c in range(1, max_c + 1):
        ident = list(range(1, c + 1))
        vals = {p: rm.tutorial_dcg(ident, list(p)) for p in itertools.permutations(ident)}
        best = max(vals.values())
        argmax = [p for p, v in vals.items() if v >= best - 1e-12]
        ok &= abs(best - rm.tutorial_idcg(c)) < 1e-12
        unique &= argmax == [tuple(ident)]
    return Result(verdict(ok and unique), f"exhaustive, c <= {max_c}",
                  {"maximum_equals_IDCG": ok, "only_the_identity_attains_it": unique,
                   "largest c": max_c})


@claim("S003-B1", doc=DOC, recorded="verified",
       at=Location("2c Evaluation of Bipartite Rankings", "slide 'Bipartite Rankings'"),
       statement="preferences: a total order has c(c-1)/2, a bipartite graph c_1 (c - c_1)")
def s003_b1(max_c: int = 9) -> Result:
    ok = True
    for c in range(1, max_c + 1):
        ok &= rm.pair_counts(list(range(c)), [0] * c).total - rm.pair_counts(
            list(range(c)), [0] * c).ties_x == c * (c - 1) // 2
        for c1 in range(c + 1):
            labels = [1] * c1 + [0] * (c - c1)
            pc = rm.pair_counts(labels, labels)
            ok &= pc.total - pc.ties_x == c1 * (c - c1)
    return Result(verdict(ok), f"exhaustive, c <= {max_c}", {})


def _predictions(c: int = 5):
    """Every total predicted ranking of c items, as scores (item perm[0] on top)."""
    for perm in itertools.permutations(range(c)):
        scores = np.empty(c)
        scores[list(perm)] = np.arange(c, 0, -1, dtype=float)
        yield scores


def _block_name(levels, order) -> str:
    """'(EB)(C)(AD)': the items of each level, top level first, in the order ``order``."""
    return "".join(f"({''.join(x for x in order if levels[ITEMS.index(x)] == g)})"
                   for g in sorted(set(levels), reverse=True))


@claim("S003-E9", doc=DOC, recorded="not-checkable",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Evaluating Partial Target Rankings'"),
       statement="bipartite example (picture lost): D_tau = 2 and AUC = 4/6, for the target "
                 "and predicted ranking of the lost picture")
def s003_e9(printed_dtau: int = 2, printed_auc=AUC_PRINTED) -> Result:
    r, _ = _example()
    # with a total predicted ranking every (positive, negative) pair is ordered right or
    # inverted, so AUC = 1 - D_tau / (c_1 c_0): the two numbers fix the preferences
    prefs = sympy.Rational(printed_dtau) / (1 - printed_auc)
    predicted = tuple((6 - _example()[1]).astype(float))  # as _predictions scores it
    top_of_target = [ITEMS[i] for i in np.argsort(r)]  # E, B, C, A, D
    pairs_fitting, fits_a, fits_ab = 0, [], []
    for scores in _predictions():
        for c1 in range(1, 5):
            for pos in itertools.combinations(range(5), c1):
                labels = np.isin(np.arange(5), pos).astype(int)
                if (rm.kendall_distance(labels, scores) != printed_dtau
                        or abs(rm.auc(labels, scores) - float(printed_auc)) > 1e-12):
                    continue
                pairs_fitting += 1
                if tuple(scores) == predicted:
                    name = "".join(ITEMS[i] for i in pos)
                    fits_a.append(name)
                    if sorted(name) == sorted(top_of_target[:c1]):
                        fits_ab.append(name)
    if not fits_a:  # the printed numbers fit no target: the slide is not what we read
        return Result("failed", "exhaustive", {"preferences": str(prefs)})
    return Result("not-checkable",
                  "exhaustive over every bipartite target on X and every predicted ranking",
                  {"reason": "the picture is lost and its printed numbers fit more than one "
                             "target: the catalogue reconstructs only a unique fit",
                   "preferences fixed by the numbers (AUC = 1 - D_tau / c_1 c_0)": str(prefs),
                   "(target, predicted ranking) pairs fitting": pairs_fitting,
                   "targets fitting with A>B>E>C>D (assumption a)": fits_a,
                   "of those, the top of E>B>C>A>D (assumption b)": fits_ab,
                   "shown instead": "the two printed numbers agree with each other "
                                    f"({prefs} preferences: c_1 in "
                                    f"{[k for k in range(1, 5) if k * (5 - k) == prefs]} of "
                                    "c = 5); under assumptions (a) and (b) "
                                    + (f"exactly one target fits, positives {fits_ab[0]}"
                                       if len(fits_ab) == 1 else
                                       f"{len(fits_ab)} targets fit")})


@claim("S003-A1", doc=DOC, recorded="verified",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Evaluating Partial Target Rankings'"),
       statement="the AUC is 1 - normalised Kendall distance for a bipartite preference "
                 "graph (normalised by its c_1 c_0 preferences) and a total predicted ranking "
                 "(no positive tied with a negative)")
def s003_a1(max_c: int = 5) -> Result:
    cases, bad = 0, []
    for c in range(2, max_c + 1):
        for scores in _predictions(c):
            for c1 in range(1, c):
                for pos in itertools.combinations(range(c), c1):
                    labels = np.isin(np.arange(c), pos).astype(int)
                    sp, sn = scores[labels == 1], scores[labels == 0]
                    # the slide's AUC: the fraction of (p, n) with s(p) > s(n), by count
                    by_count = float(np.mean(sp[:, None] > sn[None, :]))
                    d = int(np.sum(sp[:, None] < sn[None, :]))  # inverted preferences
                    lib = rm.auc(labels, scores)
                    cases += 1
                    if not (abs(lib - by_count) < 1e-12
                            and abs(by_count - (1 - d / (c1 * (c - c1)))) < 1e-12
                            and abs(lib - (1 - rm.kendall_distance(labels, scores,
                                                                   normalize=True))) < 1e-12):
                        bad.append((c, list(pos), scores.tolist()))
    # a positive tied with a negative is neither ordered right nor inverted
    tie_y, tie_s = np.array([1, 0]), np.array([1.0, 1.0])
    tie_strict = float(np.mean(tie_s[tie_y == 1][:, None] > tie_s[tie_y == 0][None, :]))
    return Result(verdict(not bad),
                  f"exhaustive: every bipartite target and every total predicted ranking of "
                  f"c <= {max_c} items (each (p, n) pair is ordered right or inverted, so "
                  "the right ones are c_1 c_0 - D_tau); the library's AUC and Kendall "
                  "distance against direct counts",
                  {"cases": cases, "largest c": max_c, "mismatches": bad[:3],
                   "a tie breaks it (labels [1, 0], scores [1, 1])": {
                       "AUC, the slide's strict count s(p) > s(n)": tie_strict,
                       "AUC, the library's (a tie counts 1/2)": rm.auc(tie_y, tie_s),
                       "1 - normalised D_tau": 1 - rm.kendall_distance(tie_y, tie_s,
                                                                       normalize=True)}})


@claim("S003-M1", doc=DOC, recorded="verified",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Evaluating Multipartite Rankings'"),
       statement="multipartite preferences: sum_{i<j} c_i c_j <= (c^2/2)(1 - 1/l)")
def s003_m1(max_c: int = 10) -> Result:
    cs = sympy.symbols("c1:4", nonnegative=True)
    c = sum(cs)
    lhs = sum(cs[i] * cs[j] for i in range(3) for j in range(i + 1, 3))
    gap = sympy.expand(c**2 / 2 * (1 - sympy.Rational(1, 3)) - lhs)
    # gap = (1/6) * sum_{i<j} (c_i - c_j)^2 >= 0
    sos = sympy.expand(sum((cs[i] - cs[j]) ** 2 for i in range(3)
                           for j in range(i + 1, 3)) / 6)
    symbolic = sympy.simplify(gap - sos) == 0
    # every l: sum_{i<j} c_i c_j = (c^2 - sum c_i^2) / 2, and sum c_i^2 >= c^2 / l by
    # Cauchy-Schwarz; the identity checked symbolically for l = 2..8
    for n_levels in range(2, 9):
        cl = sympy.symbols(f"c1:{n_levels + 1}")
        pairs = sum(cl[i] * cl[j] for i in range(n_levels) for j in range(i + 1, n_levels))
        symbolic &= sympy.expand((sum(cl) ** 2 - sum(x * x for x in cl)) / 2 - pairs) == 0
    ok = True
    for total in range(1, max_c + 1):
        for levels in range(1, total + 1):
            for cuts in itertools.combinations(range(1, total), levels - 1):
                comp = np.diff((0, *cuts, total))  # every composition of total
                labels = np.repeat(np.arange(levels), comp)
                pc = rm.pair_counts(labels, labels)
                ok &= (pc.total - pc.ties_x) <= total**2 / 2 * (1 - 1 / levels) + 1e-9
    return Result(verdict(symbolic and ok),
                  "proof for every l and c: sum_{i<j} c_i c_j = (c^2 - sum c_i^2)/2 "
                  "(sympy, l <= 8) and sum c_i^2 >= c^2/l (Cauchy-Schwarz); sympy (l = 3: "
                  "the gap is a sum of squares / 6); exhaustive over level sizes, "
                  f"c <= {max_c}", {"gap_as_sum_of_squares": str(sos)})


@claim("S003-E10", doc=DOC, recorded="not-checkable",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Evaluating Multipartite Rankings'"),
       statement="multipartite example (picture lost): D_tau = 3 and C-index = 5/8, for the "
                 "target and predicted ranking of the lost picture")
def s003_e10(printed_dtau: int = 3, printed_c=C_INDEX_PRINTED) -> Result:
    r, _ = _example()
    # with a total predicted ranking, C-index = 1 - D_tau / #preferences
    prefs = sympy.Rational(printed_dtau) / (1 - printed_c)
    predicted = tuple((6 - _example()[1]).astype(float))  # as _predictions scores it
    order = [ITEMS[i] for i in np.argsort(r)]  # E, B, C, A, D
    # every target with levels on X (a weak order: dense level numbers, top level highest)
    targets = {tuple(np.unique(a, return_inverse=True)[1].tolist())
               for a in itertools.product(range(5), repeat=5) if len(set(a)) > 1}
    with_prefs = []
    for t in sorted(targets):
        pc = rm.pair_counts(t, t)
        if pc.total - pc.ties_x == prefs:
            with_prefs.append(t)
    sizes = sorted({tuple(sorted(np.bincount(t).tolist())) for t in with_prefs})
    pairs_fitting, fits_a, fits_ab = 0, 0, []
    for scores in _predictions():
        for t in with_prefs:
            if (rm.kendall_distance(t, scores) != printed_dtau
                    or abs(rm.c_index(t, scores) - float(printed_c)) > 1e-12):
                continue
            pairs_fitting += 1
            if tuple(scores) == predicted:
                fits_a += 1
                lv = [t[ITEMS.index(x)] for x in order]
                if all(lv[k] >= lv[k + 1] for k in range(4)):
                    fits_ab.append(_block_name(t, order))
    if not fits_a:  # the printed numbers fit no target: the slide is not what we read
        return Result("failed", "exhaustive", {"preferences": str(prefs)})
    return Result("not-checkable",
                  "exhaustive over every target with levels on X and every predicted ranking",
                  {"reason": "the picture is lost and its printed numbers fit more than one "
                             "target: the catalogue reconstructs only a unique fit",
                   "preferences fixed by the numbers (C-index = 1 - D_tau / #preferences)":
                       str(prefs),
                   "level sizes with that many preferences": [list(z) for z in sizes],
                   "(target, predicted ranking) pairs fitting": pairs_fitting,
                   "targets fitting with A>B>E>C>D (assumption a)": fits_a,
                   "of those, blocks of E>B>C>A>D (assumption b)": fits_ab,
                   "shown instead": "the two printed numbers agree with each other "
                                    f"({prefs} preferences: level sizes {sizes}); under "
                                    "assumptions (a) and (b) "
                                    + (f"exactly one target fits, {fits_ab[0]}"
                                       if len(fits_ab) == 1 else
                                       f"{len(fits_ab)} targets fit")})


@claim("S003-M2", doc=DOC, recorded="verified",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Evaluating Multipartite Rankings: C-Index'"),
       statement="C-index = sum c_i c_j AUC_ij / sum c_i c_j, m-AUC = 2/(l(l-1)) sum AUC_ij "
                 "(the slide sums over j > i in the normaliser and j < i in the numerator; "
                 "AUC_ij = AUC_ji makes the two agree)")
def s003_m2(n_cases: int = 300, seed: int = 3) -> Result:
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(n_cases):
        n = int(rng.integers(3, 15))
        y = rng.integers(0, 4, n)
        if np.unique(y).size < 2:
            continue
        s = rng.integers(0, 5, n).astype(float)
        pa = rm.pairwise_aucs(y, s)
        num = sum(a * w for a, w in pa.values())
        den = sum(w for _, w in pa.values())
        worst = max(worst, abs(rm.c_index(y, s) - num / den),
                    abs(rm.m_auc(y, s) - np.mean([a for a, _ in pa.values()])))
    return Result(verdict(worst < 1e-12), f"{n_cases} random graded lists with score ties "
                  f"(seed {seed}); every AUC_ij by restriction to levels i, j",
                  {"max_abs_difference": worst})


@claim("S003-M3", doc=DOC, recorded="erratum",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Evaluating Multipartite Rankings: C-Index'"),
       statement="the Jonckheere-Terpstra statistic 'is an unweighted sum of pairwise AUCs': "
                 "m-AUC = 2/(l(l-1)) sum_{i<j} AUC_ij")
def s003_m3(n_cases: int = 200, seed: int = 3) -> Result:
    """Jonckheere's (1954) statistic sums, over the pairs of levels i < j, the Mann-Whitney
    count U_ij of (level-i item, level-j item) pairs ordered the level's way (ties 1/2).
    U_ij = c_i c_j AUC_ij, so the statistic is the c_i c_j-weighted sum: divided by its
    maximum sum_{i<j} c_i c_j it is the C-index, not the unweighted mean (the m-AUC,
    which has the form of Hand & Till's M: S003-H1). The counts here come from scipy's
    Mann-Whitney U and from a direct count of pairs, the AUCs from the library."""
    def jt_scipy(y, s):
        lv = np.unique(y)
        return sum(float(stats.mannwhitneyu(s[y == b], s[y == a], method="asymptotic")
                         .statistic) for k, a in enumerate(lv) for b in lv[k + 1:])

    def jt_count(y, s):
        lv = np.unique(y)
        total = 0.0
        for k, a in enumerate(lv):
            for b in lv[k + 1:]:
                lo, hi = s[y == a], s[y == b]
                total += np.sum(hi[:, None] > lo[None, :]) + 0.5 * np.sum(
                    hi[:, None] == lo[None, :])
        return float(total)

    # the slides' multipartite example under assumptions (a), (b) of the module docstring:
    # levels {E, B} > {C} > {A, D}, predicted A>B>E>C>D
    y = np.array([0, 2, 1, 0, 2])
    s = -_example()[1].astype(float)
    pa = rm.pairwise_aucs(y, s)
    pairs = sum(w for _, w in pa.values())
    jt = jt_scipy(y, s)
    example = {"JT (scipy Mann-Whitney U, summed)": jt, "JT (direct count)": jt_count(y, s),
               "sum c_i c_j AUC_ij (library)": sum(a * w for a, w in pa.values()),
               "sum_{i<j} c_i c_j": pairs, "JT / sum c_i c_j": jt / pairs,
               "C-index (library)": rm.c_index(y, s), "m-AUC (library)": rm.m_auc(y, s)}
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(n_cases):
        n = int(rng.integers(3, 15))
        yy = rng.integers(0, 4, n)
        if np.unique(yy).size < 2:
            continue
        ss = rng.integers(0, 5, n).astype(float)  # score ties included
        pr = rm.pairwise_aucs(yy, ss)
        j1, j2 = jt_scipy(yy, ss), jt_count(yy, ss)
        den = sum(w for _, w in pr.values())
        worst = max(worst, abs(j1 - j2), abs(j1 - sum(a * w for a, w in pr.values())),
                    abs(j1 / den - rm.c_index(yy, ss)))
    printed_ok = abs(example["JT / sum c_i c_j"] - example["m-AUC (library)"]) < 1e-12
    corrected_ok = (worst < 1e-9 and example["JT (scipy Mann-Whitney U, summed)"]
                    == example["JT (direct count)"]
                    and abs(example["JT / sum c_i c_j"] - example["C-index (library)"]) < 1e-12)
    return Result(verdict(printed_ok, corrected_ok),
                  "JT by scipy's Mann-Whitney U and by a direct count, against the library's "
                  f"pairwise AUCs, C-index and m-AUC: the slides' example and {n_cases} "
                  f"random graded lists with score ties (seed {seed})",
                  {"example {E,B} > {C} > {A,D}, predicted A>B>E>C>D": example,
                   "random lists: largest difference (JT two ways, weighted AUC sum, "
                   "JT / sum c_i c_j against the C-index)": worst,
                   "corrected": "JT = sum_{i<j} U_ij = sum_{i<j} c_i c_j AUC_ij, the "
                                "C-index's numerator (JT / sum c_i c_j is the C-index); the "
                                "unweighted mean 2/(l(l-1)) sum AUC_ij is the m-AUC, which "
                                "has the form of Hand & Till's M (S003-H1)"})


@claim("S003-H1", doc=DOC, recorded="needs-assumption",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Evaluating Multipartite Rankings: C-Index', the Note"),
       statement="C-index and m-AUC are 'equivalent to' Hand & Till's (2001) multi-class "
                 "AUC M = 2/(l(l-1)) sum_{i<j} Ahat(i, j), Ahat(i, j) = (A(i|j) + A(j|i))/2 "
                 "from per-class scores")
def s003_h1(n_cases: int = 200, seed: int = 5) -> Result:
    """Hand & Till's A(i|j) is the AUC of the class-i score phat(i|x) between the items of
    classes i and j; a ranking gives one score s, not a score per class. Read with
    Ahat(i, j) the AUC of s on levels i and j, M is the m-AUC's formula, and the C-index
    (weights c_i c_j) equals it when every level has the same size. Without that reading
    the per-class scores must be built from s: here by the adjacent-categories model
    phat(i|x) proportional to exp(i s), and M computed by scikit-learn's one-vs-one
    roc_auc_score (Hand & Till's M, its documentation says), a peer of the library."""
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(seed)
    two_levels = equal_sizes = 0.0
    differ, compared, largest_gap = 0, 0, 0.0
    for _ in range(n_cases):
        # two levels: M is the AUC, for any sizes
        n = int(rng.integers(2, 12))
        y2 = rng.permutation(np.r_[0, 1, rng.integers(0, 2, n - 2)])
        s2 = rng.integers(0, 6, y2.size).astype(float)  # score ties included
        peer = roc_auc_score(y2, s2)
        two_levels = max(two_levels, abs(rm.m_auc(y2, s2) - peer),
                         abs(rm.c_index(y2, s2) - peer))
        # l >= 3 levels of one size: the C-index's weights are equal, so it is the m-AUC
        lv, size = int(rng.integers(3, 5)), int(rng.integers(1, 4))
        y = rng.permutation(np.repeat(np.arange(lv), size))
        s = rng.normal(size=y.size)
        equal_sizes = max(equal_sizes, abs(rm.c_index(y, s) - rm.m_auc(y, s)))
        # l >= 3, unequal sizes, per-class scores from s: Hand & Till's M by scikit-learn
        yu = rng.permutation(np.r_[np.arange(lv), rng.integers(0, lv, int(rng.integers(2, 9)))])
        su = rng.normal(size=yu.size)
        logits = np.arange(lv)[None, :] * su[:, None]
        prob = np.exp(logits - logits.max(axis=1, keepdims=True))
        prob /= prob.sum(axis=1, keepdims=True)
        gap = abs(roc_auc_score(yu, prob, multi_class="ovo", labels=np.arange(lv))
                  - rm.m_auc(yu, su))
        compared += 1
        differ += int(gap > 1e-9)
        largest_gap = max(largest_gap, gap)
    _, rhat = _example()
    y_ex = np.array([0, 2, 1, 0, 2])  # the multipartite example under (a), (b)
    s_ex = -rhat.astype(float)
    example = {"C-index": rm.c_index(y_ex, s_ex), "m-AUC": rm.m_auc(y_ex, s_ex)}
    printed_ok = example["C-index"] == example["m-AUC"] and differ == 0
    corrected_ok = two_levels < 1e-12 and equal_sizes < 1e-12
    return Result(verdict(printed_ok, corrected_ok, assumption=True),
                  f"{n_cases} random lists each: two levels against scikit-learn's AUC; "
                  "levels of equal size (C-index against m-AUC); unequal sizes, Hand & "
                  "Till's M by scikit-learn's one-vs-one roc_auc_score with per-class "
                  f"scores exp(i s) normalised, against the m-AUC (seed {seed}); the "
                  "slides' multipartite example",
                  {"two levels: largest |m-AUC - AUC|, |C-index - AUC| (scikit-learn)":
                       two_levels,
                   "equal level sizes: largest |C-index - m-AUC|": equal_sizes,
                   "per-class scores exp(i s): lists where Hand & Till's M (scikit-learn) "
                   "differs from the m-AUC": f"{differ} of {compared}",
                   "largest |M - m-AUC|": float(largest_gap),
                   "the multipartite example {E,B} > {C} > {A,D}": example,
                   "assumption": "Hand & Till's pairwise term Ahat(i, j) read as the AUC of "
                                 "the ranking's one score on levels i and j (a ranking has "
                                 "no per-class scores), and, for the C-index, levels of "
                                 "equal size; with two levels both are the AUC, which is "
                                 "Hand & Till's M",
                   "why no per-class score made from the one score s does better (argued, "
                   "not computed)": "for a middle level, A(mid|low) equal to the ranking's "
                                    "AUC needs phat(mid|x) ordered as s (increasing in s), "
                                    "A(mid|high) equal to it needs phat(mid|x) ordered "
                                    "against s (decreasing in s); one function of s does both "
                                    "only where the levels' scores do not overlap, so no such "
                                    "construction makes M the m-AUC term by term; exp(i s) is "
                                    "one instance"})


@claim("S003-O1", doc=DOC, recorded="not-checkable",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Evaluating Multipartite Rankings: C-Index', the Note"),
       statement="C-index and m-AUC can be optimized by optimization of pairwise AUCs")
def s003_o1() -> Result:
    return Result("not-checkable", "a remark on methods",
                  {"reason": "a remark on learning methods, with no algorithm on the slides: "
                             "both measures are means of the pairwise AUCs (S003-M2), so a "
                             "learner can work on the pairs of levels, as the binary "
                             "decompositions the tutorial cites (Fürnkranz et al. 2009) do; "
                             "optimising each pairwise AUC on its own gives one scorer per "
                             "pair of levels, which must then be combined into one "
                             "ranking"})


@claim("S003-G1", doc=DOC, recorded="erratum",
       at=Location("2d Evaluation of Partial Rankings", "slide 'Gamma Coefficient'"),
       statement="gamma = (d - dbar)/(d + dbar) with d = '#correct pairs' = D_tau and dbar = "
                 "'#incorrect' = |{r(x_i) < r(x_j) and rhat(x_i) < rhat(x_j)}|; equal to "
                 "Kendall's tau for total rankings")
def s003_g1() -> Result:
    r, rhat = _example()
    pc = rm.pair_counts(r, rhat)
    d_printed = rm.kendall_distance(r, rhat)  # D_tau: the inverted pairs
    dbar_printed = pc.concordant  # r(x_i) < r(x_j) and rhat(x_i) < rhat(x_j): agreeing
    gamma_printed = (d_printed - dbar_printed) / (d_printed + dbar_printed)
    tau = rm.kendall_tau(r, rhat, variant="a")
    gamma = rm.goodman_kruskal_gamma(r, rhat)
    printed_ok = abs(gamma_printed - tau) < 1e-12
    corrected_ok = abs(gamma - tau) < 1e-12
    return Result(verdict(printed_ok, corrected_ok),
                  "the example, with the slide's set definitions and with the corrected ones",
                  {"d_as_defined (D_tau)": d_printed, "dbar_as_defined": dbar_printed,
                   "gamma_with_the_formulas_as_printed": gamma_printed,
                   "kendall_tau": tau,
                   "corrected": "d must count the correctly ordered (concordant) pairs and "
                                "dbar the inverted ones (D_tau); the printed set definitions "
                                "are swapped, which flips the sign of gamma",
                   "gamma_corrected": gamma})


@claim("S003-G2", doc=DOC, recorded="not-checkable",
       at=Location("2d Evaluation of Partial Rankings", "slide 'Gamma Coefficient'"),
       statement="gamma example (picture lost): d = 2, dbar = 1, gamma = (2 - 1)/(2 + 1) = 1/3")
def s003_g2() -> Result:
    exact = (sympy.Integer(2) - 1) / (2 + 1)
    # an illustration, not a reconstruction: one partial target with 2 agreeing and 1
    # inverted comparable pair: A above B, C, D (tied in the target); B > A > C > D
    # inverts (A, B) only
    target = [2, 1, 1, 1]
    pred = [3, 4, 2, 1]
    pc = rm.pair_counts(target, pred)
    gamma = rm.goodman_kruskal_gamma(target, pred)
    ok = exact == sympy.Rational(1, 3) and abs(gamma - 1 / 3) < 1e-12 and (
        pc.concordant, pc.discordant) == (2, 1)
    return Result("not-checkable" if ok else "failed",
                  "the arithmetic (sympy); one partial order with these counts, as an "
                  "illustration",
                  {"reason": "the picture is lost: the counts d = 2 and dbar = 1 come from "
                             "it, and many partial orders give them",
                   "arithmetic (2 - 1)/(2 + 1)": str(exact),
                   "illustration": {"target": target, "predicted": pred,
                                    "agreeing": pc.concordant, "inverted": pc.discordant,
                                    "gamma": gamma}})


@claim("S003-D1", doc=DOC, recorded="not-checkable",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Normalized Discounted Cumulative Gain'"),
       statement="DCG of graded levels: sum_i l(i)/log(i + 1), l(i) the level of the item "
                 "predicted at position i")
def s003_d1() -> Result:
    levels, scores = [3, 1, 0, 2], [4, 3, 2, 1]
    literal = sum(lv / math.log(i + 1) for i, lv in enumerate(levels, start=1))
    lib = rm.dcg(levels, scores, discount="log")
    return Result("not-checkable", "definition",
                  {"reason": "a definition; rankmeasures.dcg(discount='log') implements it "
                             "(its attribution to Järvelin & Kekäläinen: S003-D2)",
                   "example_literal": literal, "example_library": lib})


@claim("S003-D2", doc=DOC, recorded="erratum",
       at=Location("2c Evaluation of Bipartite Rankings",
                   "slide 'Normalized Discounted Cumulative Gain'"),
       statement="the slide's DCG, sum_i l(i)/log(i + 1), given under '[Järvelin & "
                 "Kekäläinen, 2002] - The original formulation of (normalized) discounted "
                 "cumulative gain refers to this setting', is J&K's original formulation")
def s003_d2(max_i: int = 8) -> Result:
    """Järvelin & Kekäläinen (ACM TOIS 20(4), 2002, §2.2, eq. (2), p. 425; read there, not
    in the slides) define DCG[i] = CG[i] for i < b and
    DCG[i] = DCG[i-1] + G[i]/log_b i for i >= b, b the base of the logarithm: position i
    weighs 1 below b and 1/log_b i from b on. The slide's weight is 1/log_b(i + 1) at every
    position (no base given). At position 1 the two agree only for b = 2, and with b = 2
    they part at position 2 (1 against 1/log_2 3): no base makes them one formula. Nor do
    two bases, b_s for the slide and b_j for J&K: position 1 still forces b_s = 2, position
    2 then forces b_j = 2^(log_3 2), and at position 3 the weights part (log_3(2)^2 against
    1/2). With b = 2, J&K's weight at i >= 2 is the slide's at i - 1: the slide shifts the
    discount by one position."""
    b = sympy.symbols("b", positive=True)

    def jk(i, base):  # J&K's weight of position i
        return sympy.Integer(1) if i < base else 1 / sympy.log(i, base)

    def slide(i, base):
        return 1 / sympy.log(i + 1, base)

    # position 1 (1 < b for every base b > 1): 1 = 1/log_b 2 only at b = 2
    bases_agreeing_at_1 = sympy.solve(sympy.Eq(slide(1, b), 1), b)
    at_2 = {"J&K (b = 2)": str(jk(2, 2)), "slide (b = 2)": str(slide(2, 2))}
    # two bases: J&K weigh position 1 by 1 for every b_j > 1, so b_s = 2 as above; at
    # position 2 J&K's weight is 1 (not 1/log_2 3) when b_j > 2, else 1/log_{b_j} 2
    b_j = sympy.symbols("b_j", positive=True)
    forced_j = [x for x in sympy.solve(sympy.Eq(1 / sympy.log(2, b_j), slide(2, 2)), b_j)
                if bool(1 < x) and bool(x <= 2)]
    at_3 = {str(x): {"J&K": str(sympy.simplify(jk(3, x))), "slide (b_s = 2)": str(slide(3, 2)),
                     "differ": bool(sympy.Abs(jk(3, x) - slide(3, 2)).evalf(50) > 1e-30)}
            for x in forced_j}
    printed_ok = bases_agreeing_at_1 == [2] and any(
        all(sympy.simplify(jk(i, x) - slide(i, 2)) == 0 for i in range(1, max_i + 1))
        for x in [2, *forced_j])
    shifted = all(sympy.simplify(jk(i, 2) - slide(i - 1, 2)) == 0
                  for i in range(2, max_i + 1))
    return Result(verdict(printed_ok, shifted and bases_agreeing_at_1 == [2]),
                  "sympy: the two weights position by position, for the base the slide "
                  f"leaves open, shared or one for each (positions 1..{max_i})",
                  {"J&K 2002": "DCG[i] = CG[i] for i < b; DCG[i-1] + G[i]/log_b i for "
                               "i >= b (positions below b undiscounted): §2.2, eq. (2), "
                               "p. 425, read in the paper (the slides give only the "
                               "citation)",
                   "bases where the weights agree at position 1": [str(x) for x in
                                                                   bases_agreeing_at_1],
                   "position 2 with b = 2": at_2,
                   "two bases: J&K's base forced by position 2, and position 3": at_3,
                   "J&K (b = 2) at i = the slide's at i - 1, i >= 2": shifted,
                   "corrected": "the slide's sum_i l(i)/log(i + 1) discounts every position, "
                                "from the first, by log(i + 1): the later convention (the "
                                "one trec_eval's ndcg computes, log2(rank + 1)), not J&K's "
                                "original"})
