"""Claims of document 002: Shalev-Shwartz & Ben-David (2014), Section 17.4 (excerpt).

Delta(y', y) = 1 - G(y', y)/G(y, y) with G(y', y) = sum_i D(pi(y')_i) y_i; the top-k
discount indexes positions with the top at r; the hinge surrogate of the Kendall tau loss
starts from a rewrite of the pairwise 0-1 loss.

Our excerpt opens at p. 240 with the range of Delta. The definitions it relies on -- G,
Delta, the Kendall tau loss as an average over every pair i < j, and the assumption that
every relevance y_i is non-negative -- stand in the book's Section 17.4 just before it;
they are read there (outside the excerpt), and each use below says so.
"""

from __future__ import annotations

import itertools

import numpy as np
import sympy

import rankmeasures as rm

from .registry import Location, Result, claim, verdict

DOC = "002"

#: where the definitions the excerpt relies on stand: before it, in the book itself
BEFORE_EXCERPT = ("the book's Section 17.4 before our excerpt (which opens at p. 240), "
                  "read in the published book, outside the excerpt")


@claim("S002-C1", doc=DOC, recorded="verified",
       at=Location("17.4 Learning to Rank", "the range of Δ(y', y)", page=240),
       statement="Delta(y', y) = 1 - G(y', y)/G(y, y) lies in [0, 1], and Delta = 0 whenever "
                 "pi(y') = pi(y); for relevances y >= 0, which the book assumes where it "
                 "defines G (before the excerpt), with G(y, y) > 0 for the ratio")
def s002_c1(max_r: int = 5, grades=(0, 1, 2), seed: int = 2013) -> Result:
    """Exhaustive for non-negative grades at every cut-off k < r; a counterexample once y
    may be negative.

    The range needs y >= 0 (and G(y, y) > 0 for the ratio). The book states the sign
    condition where it defines G, just before our excerpt opens at p. 240 (outside the
    excerpt; :data:`BEFORE_EXCERPT`), so the claim is judged under it, and the
    counterexample with a negative relevance is kept as a remark on why the condition is
    there.

    The range also has a two-line proof: ``G(y', y) >= 0`` because D >= 0 and y >= 0, and
    ``G(y', y) <= G(y, y)`` by the rearrangement inequality, since the book's D is
    non-decreasing in the index i (i = r the top) and pi(y) gives the largest y_i the
    largest index. The enumeration and the random instances check it, and the library's
    loss with it.
    """
    out_of_range = []
    zero_fail = []
    cases = 0
    for r_len in range(2, max_r + 1):  # the book's k < r leaves no cut-off for r = 1
        ys = [y for y in itertools.product(grades, repeat=r_len) if sum(y) > 0]
        # G(y, y) = 0 is left out: Delta undefined (the library reports 0 by policy)
        perms = list(itertools.permutations(range(r_len)))
        scores = np.empty((len(perms), r_len))
        for row, perm in zip(scores, perms, strict=True):
            row[list(perm)] = np.arange(r_len, 0, -1)
        for k in range(1, r_len):
            # every (y, ranking) pair in one batched call: Delta = 1 - NDCG with the top-k
            # discount, as rm.ndcg_loss computes it one pair at a time
            delta = 1.0 - rm.ndcg_queries(
                np.repeat(np.asarray(ys, float), len(perms), axis=0),
                np.tile(scores, (len(ys), 1)), discount=rm.TopKDiscount(k),
                ties="stable").values
            cases += delta.size
            for i in np.flatnonzero(~((-1e-12 <= delta) & (delta <= 1 + 1e-12))):
                out_of_range.append((ys[i // len(perms)], perms[i % len(perms)], k,
                                     float(delta[i])))
            for y in ys:
                # pi(y') = pi(y): any strictly increasing transform of y (ties broken alike)
                d_same = rm.ndcg_loss(y, 3 * np.asarray(y, float) + 1, k=k)
                if abs(d_same) > 1e-12:
                    zero_fail.append((y, k, d_same))
    rng = np.random.default_rng(seed)
    n_random = 2000
    for _ in range(n_random):  # random instances on longer lists (a search, no estimate)
        r_len = int(rng.integers(2, 40))
        y = rng.integers(0, 5, r_len)
        if y.sum() == 0:
            continue
        k = int(rng.integers(1, r_len))  # k < r
        d = rm.ndcg_loss(y, rng.normal(size=r_len), k=k)
        if not (-1e-12 <= d <= 1 + 1e-12):
            out_of_range.append((y.tolist(), None, k, d))
    holds_nonneg = not out_of_range and not zero_fail
    # a remark, not the verdict: a negative relevance breaks the range, which is why the
    # book assumes y >= 0; k = 1 < r = 2, inside the book's range of k
    y_neg, yp_neg, k_neg = np.array([1.0, -1.0]), np.array([0.0, 1.0]), 1
    topk = rm.TopKDiscount(k_neg)
    g_pred = rm.dcg(y_neg, yp_neg, discount=topk)  # G(y', y); DCG allows negative gains
    g_ideal = rm.dcg(y_neg, y_neg, discount=topk)  # G(y, y)
    delta_neg = 1 - g_pred / g_ideal
    return Result(verdict(holds_nonneg),
                  f"exhaustive for y >= 0: 2 <= r <= {max_r}, grades {grades}, every ranking, "
                  f"every k < r; {n_random} random instances with k < r (seed {seed}); "
                  "rearrangement proof; a remark with y < 0",
                  {"cases": cases, "violations_nonnegative_y": out_of_range[:3],
                   "proof": "0 <= G(y', y) as D >= 0 and y >= 0; G(y', y) <= G(y, y) by the "
                            "rearrangement inequality, D being non-decreasing in the index "
                            "(the top at i = r) and pi(y) giving the largest y_i the largest "
                            "index",
                   "assumption": "y >= 0 with G(y, y) > 0: the book assumes non-negative "
                                 "relevance where it defines G, in " + BEFORE_EXCERPT,
                   "counterexample_negative_y": {"y": y_neg.tolist(), "y_pred": yp_neg.tolist(),
                                                 "k": k_neg, "Delta": float(delta_neg)}})


@claim("S002-D1", doc=DOC, recorded="verified",
       at=Location("17.4 Learning to Rank", "the top-k discount D(i)", page=240),
       statement="D(i) = 1/log2(r - i + 2) for i in {r-k+1, ..., r}, else 0, with i = r the top: "
                 "the 1/log2(1 + j) discount of position j = r - i + 1 cut off at k")
def s002_d1(max_r: int = 40, shift: int = 0) -> Result:
    i, r_sym = sympy.symbols("i r", positive=True, integer=True)
    j = r_sym - i + 1
    symbolic = sympy.simplify(1 / sympy.log(r_sym - i + 2, 2) - 1 / sympy.log(1 + j, 2)) == 0
    bad = []
    for r_len in range(1, max_r + 1):
        for k in range(1, r_len + 1):
            ii = np.arange(1, r_len + 1)
            book = rm.TopKDiscount.book_form(ii + shift, r_len, k)
            ours = rm.cutoff("log2", k).evaluate(r_len - ii + 1)
            if not np.allclose(book, ours, rtol=1e-15, atol=0):
                bad.append((r_len, k))
    return Result(verdict(symbolic and not bad),
                  f"sympy (j = r - i + 1); every r <= {max_r} and k <= r numerically",
                  {"mismatches": bad[:3]})


@claim("S002-C2", doc=DOC, recorded="needs-assumption",
       at=Location("17.4.1 Linear Predictors for Ranking",
                   "A Hinge Loss for the Kendall Tau Loss Function"),
       statement="1[sign(y'_i - y'_j) != sign(y_i - y_j)] = 1[sign(y_i - y_j)(y'_i - y'_j) <= 0], "
                 "'for every (i, j)'")
def s002_c2() -> Result:
    """The rewrite fails exactly on a pair tied in both vectors, so it holds under the
    assumption that no pair is (the same kind of outcome as an identity that fails only on
    tied scores, S000-T0). The failure is one-sided: the rewritten indicator is never
    below the defined one, so the book's hinge bound on the rewrite still bounds the
    Kendall tau loss it defines (over every pair i < j, in :data:`BEFORE_EXCERPT`)."""
    diff = []
    never_below = True
    hinge_bounds = True
    for dy in (-2, -1, 0, 1, 2):
        for dyp in (-2, -1, 0, 1, 2):
            lhs = np.sign(dyp) != np.sign(dy)
            rhs = np.sign(dy) * dyp <= 0
            never_below &= bool(rhs >= lhs)
            # the book's next step: 1[z <= 0] <= max{0, 1 - z}, z = sign(y_i - y_j)(y'_i - y'_j)
            hinge_bounds &= bool(max(0.0, 1.0 - np.sign(dy) * dyp) >= rhs)
            if lhs != rhs:
                diff.append({"y_i - y_j": dy, "y'_i - y'_j": dyp, "lhs": int(lhs),
                             "rhs": int(rhs)})
    only_double_tie = all(d["y_i - y_j"] == 0 and d["y'_i - y'_j"] == 0 for d in diff)
    # the loss the book defines (the left side, all pairs) is the library's
    # kendall_tau_loss; the rewrite over-counts it by the pairs tied in both vectors
    rng = np.random.default_rng(17)
    worst = 0.0
    for _ in range(200):
        r = int(rng.integers(2, 9))
        y, yp = rng.integers(0, 3, r), rng.integers(0, 3, r)
        i, j = np.triu_indices(r, 1)
        n0 = i.size
        book = np.mean(np.sign(yp[i] - yp[j]) != np.sign(y[i] - y[j]))
        rewrite = np.mean(np.sign(y[i] - y[j]) * (yp[i] - yp[j]) <= 0)
        double = np.sum((y[i] == y[j]) & (yp[i] == yp[j])) / n0
        worst = max(worst, abs(book - rm.kendall_tau_loss(y, yp)),
                    abs(rewrite - (book + double)))
    corrected_holds = only_double_tie and bool(diff) and worst < 1e-12
    return Result(verdict(not diff, corrected_holds and never_below and hinge_bounds,
                          assumption=True),
                  "exhaustive over the signs of both differences; 200 random graded lists",
                  {"disagreements": diff,
                   "assumption": "no pair is tied in both y and y' (y_i = y_j and "
                                 "y'_i = y'_j); automatic when the predicted scores have no "
                                 "ties, as a linear ranker's have for every w off the "
                                 "hyperplanes <w, x_i - x_j> = 0 (which all contain w = 0) "
                                 "when the instances are distinct",
                   "without it": "on a pair tied in both vectors the left side is 0 and the "
                                 "right side is 1, so the rewritten loss exceeds the defined "
                                 "one by the fraction of pairs tied in both vectors",
                   "rewrite never below the defined indicator": never_below,
                   "hinge bounds the rewrite": hinge_bounds,
                   "max |difference| over random lists (defined loss vs kendall_tau_loss; "
                   "rewrite vs defined + doubly tied)": float(worst)})


@claim("S002-C3", doc=DOC, recorded="not-checkable",
       at=Location("17.4.1 Linear Predictors for Ranking", "eq. (17.6) and the ERM rule"),
       statement="h_w(x_1, ..., x_r) = (<w, x_1>, ..., <w, x_r>) and ERM over H_W")
def s002_c3() -> Result:
    return Result("not-checkable", "definition",
                  {"reason": "definitions of the linear ranking hypothesis class and of ERM, "
                             "with nothing to prove. Both hinge surrogates are implemented "
                             "(rankmeasures.learning.linear_ranking); the 002 notebook "
                             "minimises each "
                             "over H_W and asserts, on every training list, that the "
                             "surrogate bounds its loss"})
