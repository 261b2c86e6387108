# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: -jupytext.text_representation
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 001 — Learning the gain values and discount factors of DCG
#
# Zhou, Zha, Xue and Yu ask two questions about $DCG_{g,K}(\pi) = \sum_{i\le K} c_i
# g_{\pi(i)}$: does the choice of gains matter when two gain vectors order the grades
# the same way (*compatible*)? and can gains and discounts be learned from a user's
# preferences between whole rankings? Their answers: compatible gain vectors always agree
# (*coherence*) with two grades but not with more; and a rank-SVM-like quadratic programme
# (eq. 1) learns the utility $w^\top s(\pi)$ from preference pairs. No code was released
# and the thirteen figures are lost from the text. This notebook re-derives the theory,
# re-runs every simulation of Sections 6–8 with our own solver of the QP, and regenerates
# all thirteen figures: means with error bars over seeds (Figures 1–2 and 5–13) and every
# seed's estimate (Figures 3–4).

# %%
from IPython.display import Markdown, display

from companion import guide as reading

# the reading guide: filled in at the end of the run, from the claims it has checked
guide = display(Markdown(reading.PLACEHOLDER), display_id=True)

# %% tags=["parameters"]
n_seeds = 20  # independent runs per point of every curve
train_sizes = [20, 40, 60, 80, 100, 120, 140, 160, 180, 200]  # training pairs
noisy_pair_counts = [5, 10, 15, 20, 25, 30, 35, 40]  # reversed pairs among 200
noisy_grade_counts = [0, 1, 2, 3, 4, 5]  # corrupted grades per training list (of 10)
c_fixed = 10.0  # C of eq. (1) where the paper does not tune it
# C chosen on a validation set in the noisy settings: the decades from 1e-7 to 1e6, wide
# enough that the solution no longer changes at either end (checked below)
c_grid = [1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 0.01, 0.1, 1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6]
c_sensitivity = [1e-4, 0.01, 0.1, 1.0, 10.0, 100.0]  # C values tried at the largest pairs
grade_free_sizes = [200, 800]  # training pairs of the grade-free model, C on validation
n_pairs_large = 1000  # training pairs of one point beyond the paper's range (eq. 1, C fixed)
n_test = 1000  # test pairs per run
n_coherence_draws = 200  # random compatible gain pairs per (L, N)
seed = 2007

# %%
import inspect
import itertools
import math

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown, display

import proofs_check
from companion import checks, figures
from rankmeasures.learning import learn_dcg
from rankmeasures.learning import learn_dcg_simulation as sim
from rankmeasures.learning.identifiability import (
    affine_residual,
    min_norm_equivalent,
    offset_free_similarity,
    studentised_affine_errors,
)
from rankmeasures.learning.verdicts import (
    LITTLE_CHANGE,
    difference_verdict,
    little_change_verdict,
    paired_difference,
    paired_verdict,
)

# statistical checks: the sign of the similarity under both readings of eq. (2) (2 x 2),
# and four rival families against the true gains and discounts (2 x 4)
checks.begin("001", statistical=4 * len(sim.GAIN_SETTINGS) + 2 * len(sim.GAIN_SETTINGS))
# one name per data set, in every table, figure and sentence
labels = {"linear": "Data 1: G = v", "exponential": "Data 2: G = 2^v - 1"}
short = {g: label.split(":")[0] for g, label in labels.items()}

# %% [markdown]
# ## Compatible is not coherent
#
# With $L = 2$ grades, $DCG(\pi) = c_1(\pi) g_1 + (c - c_1(\pi)) g_2$ where $c_1(\pi)$
# sums the discounts of the positions holding grade 1, so
# $DCG(\pi_1) - DCG(\pi_2) = (c_1(\pi_1) - c_1(\pi_2))(g_1 - g_2)$: its sign does not
# depend on the gains as long as $g_1 > g_2$. Claim S001-T1 checks the factorisation in
# sympy and every pair of rankings exhaustively. The printed proof says the same with two
# slips of symbol: its first inequality compares $\pi_1$ with itself (read $\pi_2$ on
# the right), and its two middle lines say "$>$" where its premise and conclusion say
# "$\ge$". Neither touches the argument. Read with "$\ge$" throughout, every step holds.
# Read with "$>$" throughout, the chain and the exchange of $A$ and $B$ give "$A$ scores
# $\pi_1$ above $\pi_2$ iff $B$ does" for every ordered pair; applied to the reversed
# pair and negated, that is the definition's "$\ge$ iff $\ge$" (for real scores,
# $x \ge y$ iff not $y > x$), so the rankings $A$ scores alike are covered as well. The
# claim checks each step of the proof as an implication on every ordered pair of distinct
# rankings, under each reading: both consistent readings go through, and only the mixed
# one fails, at its first step, on the pairs $A$ scores alike (the slip). By the
# registry's rule, a proof whose intended argument goes through as read stays verified,
# its slips noted in the evidence: S001-T1 is *verified*.
#
# With more grades the sign can flip: the table counts, for random lists of $N$
# documents, how often some pair of rankings is ordered oppositely by two compatible gain
# vectors (all rankings enumerated; discounts $1/\log_2(1+i)$, $K = N$). These shares
# belong to a sampling design of ours, not to DCG: grade multisets drawn with replacement,
# and, in the first column, two independent sorted uniform gain vectors. The second
# column takes the one pair a practitioner actually weighs, the gains $v$ and $2^v - 1$ of
# the paper's Data 1 and Data 2, over the same random grade multisets.

# %%
t1 = proofs_check.run_claim(proofs_check.REGISTRY["S001-T1"])[0]
print("S001-T1:", t1.outcome, "-", t1.method)
t1_ties = t1.evidence["pairs of rankings A scores alike (B too in every one)"]
t1_steps = t1.evidence["the proof, step by step"]
print(f"pairs of rankings gain vector A scores alike: {t1_ties['pairs']}, of which B scores "
      f"apart: {t1_ties['of which B scores them apart']}")
display(Markdown(figures.markdown_table(
    [{"reading of the proof": r, **v["steps failing (ordered pairs of rankings)"],
      "goes through": v["goes through"]} for r, v in t1_steps.items()])))
checks.check("S001-T1", not t1.evidence["incoherent_cases"] and t1_ties["pairs"] > 0
             and t1_ties["of which B scores them apart"] == 0,
             "S001-T1: L = 2, compatible gains order every pair of rankings alike, the pairs "
             "A scores alike included")
checks.check("S001-T1-proof", t1.outcome == "verified"
             and t1_steps[">= throughout"]["goes through"]
             and t1_steps["> throughout"]["goes through"]
             # as printed, only the first step fails, on exactly the pairs A scores alike
             # (each pair twice as an ordered pair, in the chain and in its exchange)
             and list(t1_steps["as printed (>= then >)"][
                 "steps failing (ordered pairs of rankings)"].values())
             == [4 * t1_ties["pairs"], 0, 0],
             "the printed proof goes through under either consistent reading of its signs, "
             "and fails as printed only on the slip (the mixed reading, on the pairs A "
             "scores alike)")

rng = np.random.default_rng(seed)
coherence_rows = []
for n_levels, n_docs in itertools.product((2, 3, 4, 5), (3, 4, 5, 6)):
    discounts = 1.0 / np.log2(np.arange(2, n_docs + 2))
    values = np.arange(n_levels, 0, -1).astype(float)  # grade 1 (best) has value L
    incoherent, practical = 0, 0
    for _ in range(n_coherence_draws):
        ga = -np.sort(-rng.random(n_levels))
        gb = -np.sort(-rng.random(n_levels))
        grades = rng.integers(1, n_levels + 1, n_docs)
        incoherent += learn_dcg.coherence_violations(ga, gb, grades, discounts) > 0
        practical += learn_dcg.coherence_violations(values, 2.0**values - 1, grades,
                                                    discounts) > 0
    share, share_vx = incoherent / n_coherence_draws, practical / n_coherence_draws
    coherence_rows.append({
        "L": n_levels, "N": n_docs, "share incoherent (random gains)": share,
        "s.e.": float(np.sqrt(share * (1 - share) / n_coherence_draws)),
        "share incoherent (v vs 2^v - 1)": share_vx,
        "s.e. (v vs 2^v - 1)": float(np.sqrt(share_vx * (1 - share_vx) / n_coherence_draws))})
figures.save_table(coherence_rows, "001_incoherence_rates")
# two decimals: the standard errors are up to about 0.035
display(Markdown(figures.markdown_table(
    [{k: round(v, 2) if isinstance(v, float) else v for k, v in r.items()}
     for r in coherence_rows])))
checks.check("coherence-L2", all(r["share incoherent (random gains)"] == 0
                                 and r["share incoherent (v vs 2^v - 1)"] == 0
                                 for r in coherence_rows if r["L"] == 2),
             "the theorem: no incoherent pair of rankings with L = 2 (every draw)")
_ = checks.check("coherence-L5", max(r["share incoherent (random gains)"]
                                 for r in coherence_rows if r["L"] == 5) > 0,
             "a witness: some draw with L = 5 has an incoherent pair of rankings")

# %%
by_l = {lv: [r for r in coherence_rows if r["L"] == lv] for lv in (3, 5)}
display(Markdown(
    "The theorem's rows ($L = 2$) are zero in both columns. From three grades on, "
    "incoherence appears in this design: with random compatible gains, "
    f"{min(r['share incoherent (random gains)'] for r in by_l[3]):.2f}–"
    f"{max(r['share incoherent (random gains)'] for r in by_l[3]):.2f} of the lists with "
    f"$L = 3$ and {min(r['share incoherent (random gains)'] for r in by_l[5]):.2f}–"
    f"{max(r['share incoherent (random gains)'] for r in by_l[5]):.2f} with $L = 5$ "
    f"(standard errors up to {max(r['s.e.'] for r in coherence_rows):.2f}); for the one pair "
    "$v$ against $2^v - 1$, "
    f"{min(r['share incoherent (v vs 2^v - 1)'] for r in by_l[3]):.2f}–"
    f"{max(r['share incoherent (v vs 2^v - 1)'] for r in by_l[3]):.2f} and "
    f"{min(r['share incoherent (v vs 2^v - 1)'] for r in by_l[5]):.2f}–"
    f"{max(r['share incoherent (v vs 2^v - 1)'] for r in by_l[5]):.2f}. The shares are "
    "properties of the sampling design; what the paper's theorem and example establish is "
    "only that incoherence is possible from $L = 3$ on."))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S001-T1", "S001-T2"],
    done={"S001-T1": t1}))))

# %% [markdown]
# ## The incoherency example, and where it bites
#
# Three documents with gains $2, 3, 1/2$ (ranker A) and $g^B = \varphi(g^A)$ with
# $\varphi(t) = t^k$ (ranker B, compatible with A for every $k > 0$), $K = 2$,
# $c = (1+\varepsilon, 1-\varepsilon)$. The paper shows that A prefers
# $\pi_1 = (1, 3, 2)$ to $\pi_2 = (3, 2, 1)$ when $1/4 < \varepsilon < 1$ (S001-E1) and
# that B prefers $\pi_2$ "for $k$ large enough" (S001-E2). The figure maps the
# disagreement over $(\varepsilon, k)$ with the library's utility $w^\top s(\pi)$,
# $w_{ij} = c_i g_j$; grades are indexed by decreasing gain (the second document has the
# top grade).

# %%
eps_grid = np.linspace(0.0, 0.995, 200)
k_grid = np.arange(1, 31)
gains_a = np.array([3.0, 2.0, 0.5])  # grade 1, 2, 3
s_pi1 = learn_dcg.binary_representation([2, 3], 3)  # pi_1 = (x1, x3, ...): grades 2, 3
s_pi2 = learn_dcg.binary_representation([3, 1], 3)  # pi_2 = (x3, x2, ...): grades 3, 1
disagree = np.zeros((k_grid.size, eps_grid.size), dtype=bool)
other_way = np.zeros_like(disagree)  # A prefers pi_2 while B prefers pi_1
for i, k in enumerate(k_grid):
    for j, e in enumerate(eps_grid):
        c = np.array([1 + e, 1 - e])
        wa = np.outer(c, gains_a).ravel()
        wb = np.outer(c, gains_a ** float(k)).ravel()
        ua, ub = (learn_dcg.utility(w, s_pi1) - learn_dcg.utility(w, s_pi2) for w in (wa, wb))
        disagree[i, j] = ua > 0 and ub < 0
        other_way[i, j] = ua < 0 and ub > 0
k_star = [int(k_grid[disagree[:, j]].min()) if disagree[:, j].any() else None
          for j in range(eps_grid.size)]

fig, ax = plt.subplots(figsize=(7, 4), constrained_layout=True)
ax.pcolormesh(eps_grid, k_grid, disagree, cmap="Greys", vmin=0, vmax=1.6, shading="nearest",
              rasterized=True)
ax.axvline(0.25, color="C3", ls="--", label="eps = 1/4 (A prefers pi_1 beyond)")
ax.set(xlabel="epsilon", ylabel="k  (g_B = g_A^k)",
       title="001: A prefers pi_1 while B prefers pi_2 (grey)")
ax.legend(loc="upper left")
figures.save(fig, "001_incoherence_region")
plt.show()

e2 = proofs_check.run_claim(proofs_check.REGISTRY["S001-E2"])[0]
thresholds = e2.evidence["smallest k with B preferring pi_2, by eps"]
rows = []
for e_text, k_min in thresholds.items():
    j = int(np.argmin(np.abs(eps_grid - float(e_text))))
    rows.append({"epsilon": float(e_text), "k* (claim S001-E2)": k_min,
                 "k* on the grid (epsilon)": k_star[j], "grid epsilon": float(eps_grid[j])})
display(Markdown(figures.markdown_table(rows)))
checks.check("region-below-quarter", not disagree[:, eps_grid <= 0.25].any(),
             "below eps = 1/4 A does not prefer pi_1 while B prefers pi_2 (A prefers pi_2)")
checks.check("region-other-way", not other_way.any(),
             "nowhere on the grid does A prefer pi_2 while B prefers pi_1")
# why: B prefers pi_1 iff (1 + eps)/(1 - eps) exceeds this ratio, which is 5/3 at k = 1
ratio = (3.0**k_grid - 2.0**-k_grid) / (2.0**k_grid - 2.0**-k_grid)
checks.check("region-ratio", abs(ratio[0] - 5 / 3) < 1e-15 and bool(np.all(np.diff(ratio) > 0)),
             "(3^k - 2^-k)/(2^k - 2^-k) is 5/3 at k = 1 and increases with k on the grid")
above = np.flatnonzero(eps_grid > 0.26)
checks.check("region-threshold-exists", all(k_star[j] is not None for j in above),
             "above eps = 1/4 every grid eps has a threshold k* <= 30")
k_above = [k_star[j] for j in above]
# the threshold rises with epsilon: B prefers pi_2 when (1 + eps)/(1 - eps) is below
# (3^k - 2^-k)/(2^k - 2^-k), about 1.5^k, and the left side grows without bound as eps -> 1
checks.check("region-threshold-rises", all(a <= b for a, b in zip(k_above, k_above[1:],
                                                                  strict=False)),
             "k*(eps) is non-decreasing in eps on the grid")
# for 0 < k < 1 (B still compatible with A) the ratio falls below 5/3, towards
# ln 6 / ln 4 as k -> 0, so B prefers pi_1 below eps = 1/4 while A prefers pi_2
k_small = 0.5
r_small = (3.0**k_small - 2.0**-k_small) / (2.0**k_small - 2.0**-k_small)
eps_small = (r_small - 1) / (r_small + 1)
eps_mid = (eps_small + 0.25) / 2
d_a = (2 * (1 + eps_mid) + 0.5 * (1 - eps_mid)) - (0.5 * (1 + eps_mid) + 3 * (1 - eps_mid))
d_b = ((2**k_small * (1 + eps_mid) + 0.5**k_small * (1 - eps_mid))
       - (0.5**k_small * (1 + eps_mid) + 3**k_small * (1 - eps_mid)))
checks.check("region-small-k", eps_small < 0.25 and d_a < 0 < d_b and r_small < 5 / 3,
             "at k = 1/2 the ratio is below 5/3 and at an eps between its threshold and 1/4 "
             "A prefers pi_2 while B prefers pi_1")
display(Markdown(
    f"For $k \\ge 1$ (the grid's range) the rankers never disagree on this pair below "
    f"$\\varepsilon = 1/4$, in either "
    f"direction: A prefers $\\pi_2$ there, and B prefers $\\pi_1$ only when "
    f"$(1+\\varepsilon)/(1-\\varepsilon) > (3^k - 2^{{-k}})/(2^k - 2^{{-k}})$, whose right "
    f"side is at least $5/3$ for $k \\ge 1$ (its value at $k = 1$, and it increases with "
    f"$k$), while the "
    f"left side is below $5/3$ exactly when $\\varepsilon < 1/4$; the grid agrees (no "
    f"point where A prefers $\\pi_2$ and B $\\pi_1$). A compatible B with $0 < k < 1$ "
    f"does disagree below $1/4$, the other way: the ratio is then below $5/3$ "
    f"({r_small:.3f} at $k = {k_small:g}$), so B prefers $\\pi_1$ from "
    f"$\\varepsilon = {eps_small:.3f}$ on, while A still prefers $\\pi_2$ (at "
    f"$\\varepsilon = {eps_mid:.3f}$: A's difference {d_a:+.3f}, B's {d_b:+.3f}). "
    f"Above $1/4$ every $\\varepsilon$ has a "
    f"threshold "
    f"$k^*(\\varepsilon)$, and it *rises* with $\\varepsilon$: $k^* = {k_above[0]}$ just "
    f"above $1/4$ (at $\\varepsilon = {eps_grid[above[0]]:.3f}$), {k_above[-1]} at "
    f"$\\varepsilon = {eps_grid[above[-1]]:.3f}$, and without bound as "
    f"$\\varepsilon \\to 1$, since B prefers $\\pi_2$ only when $(1+\\varepsilon)/"
    f"(1-\\varepsilon) < (3^k - 2^{{-k}})/(2^k - 2^{{-k}}) \\approx 1.5^k$. The paper's "
    f"\"for $k$ large enough\" holds at every $\\varepsilon$, but how large grows with it."))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S001-E1", "S001-E2", "S001-E4"],
    done={"S001-E2": e2}))))

# %% [markdown]
# ## Proposition 1, and which rankings are optimal
#
# Proposition 1 (the rearrangement inequality) is checked on every permutation of 40
# random integer vectors for each $N \le 6$ (S001-P1). The
# paper then says that any ranking whose top $K$ gains are in decreasing order is optimal;
# its own example refutes this (S001-C1): the top $K$ must hold the $K$ largest gains.

# %%
p1 = proofs_check.run_claim(proofs_check.REGISTRY["S001-P1"])[0]
c1 = proofs_check.run_claim(proofs_check.REGISTRY["S001-C1"])[0]
print("S001-P1:", p1.outcome, "-", p1.method)
print("S001-C1:", c1.outcome)
display(Markdown(figures.markdown_table([c1.evidence["counterexample"]])))
print("corrected:", c1.evidence["corrected"])
checks.check("S001-P1", p1.outcome == "verified",
             "Proposition 1 holds on every permutation of the vectors drawn")
_ = checks.check("S001-C1", c1.outcome == "erratum"
             and (c1.evidence["counterexample"]["pi_1 = (1, 3, 2) DCG"]
                  < c1.evidence["counterexample"]["optimal DCG"]),
             "the paper's own example ranks below the optimum: sorting the top K is not enough")

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S001-P1", "S001-C1"],
    done={"S001-P1": p1, "S001-C1": c1}))))

# %% [markdown]
# ## The binary representation and the grade convention
#
# $s(\pi)$ has $K$ blocks of $L$ indicators; Section 5.1 puts the best grade ($\ell_1$,
# Perfect) first in each block, and its example (Perfect, Bad, Good) is reproduced below.
# The monotonicity constraint $w_{kl} \ge w_{k,l+1}$ of eq. (1) agrees with that: a better
# grade is worth at least as much. But the ground truth of Section 6, eq. (2),
# $w_{kl} = G_l/\log(k+1)$ with $G_l = l$ or $2^l - 1$, *increases* in $l$, and the
# simulated lists such as $[5,5,4,4,3,3,2,2,1,1]$ call 5 the best grade. The two sections
# clash in notation: read with the index of Section 5.1 the truth breaks every constraint.
# We therefore read $l$ in eq. (2) as the relevance value (index $L + 1 - v$ for value
# $v$), so that the truth satisfies all constraints and prefers the paper's optimal ranking;
# the catalogue records the clash as an erratum of notation (S001-S1). The table shows what
# the literal reading does to the learner.

# %%
s_example = learn_dcg.binary_representation([1, 5, 3], 5)
print("s(Perfect, Bad, Good) =", s_example.tolist())
checks.check("S001-E3", s_example.tolist() == [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0],
             "the binary vector of (Perfect, Bad, Good) is the paper's")

mono = learn_dcg.monotonicity_matrix(10, 5)
convention_rows = []
for literal in (True, False):
    for gains in sim.GAIN_SETTINGS:
        truth = sim.ground_truth_utility(10, 5, gains, literal_index=literal)
        runs = [sim.run_learning(gains=gains, literal_index=literal, c=c_fixed, n_test=n_test,
                                 seed=seed + i) for i in range(n_seeds)]
        sims = np.array([r.similarity for r in runs])
        convention_rows.append({
            "reading of eq. (2)": "printed index" if literal else "relevance value",
            "data": labels[gains],
            "constraints the truth meets": f"{int((mono @ truth >= 0).sum())} of {len(mono)}",
            "precision (200 pairs)": float(np.mean([r.precision for r in runs])),
            "similarity": float(sims.mean()),
            "similarity s.e.": float(sims.std(ddof=1) / np.sqrt(n_seeds)),
            "learned w meets all": bool(all((mono @ r.w_hat).min() >= -1e-9 for r in runs))})
figures.save_table(convention_rows, "001_grade_convention")
display(Markdown(figures.markdown_table(
    [{k: round(v, 3) if isinstance(v, float) else v for k, v in r.items()}
     for r in convention_rows])))
for r in convention_rows:
    checks.check("convention-constraints", r["learned w meets all"],
                 f"every learned w meets the constraints of eq. (1) ({r['reading of eq. (2)']}, "
                 f"{r['data']})")
    if r["reading of eq. (2)"] == "printed index":
        checks.within("convention-printed-negative", r["similarity"], 0.0, r["similarity s.e."],
                      dof=n_seeds - 1, side="below",
                      what=f"similarity under the printed reading ({r['data']}), not above 0")
    else:
        checks.within("convention-value-positive", r["similarity"], 0.0, r["similarity s.e."],
                      dof=n_seeds - 1, side="above",
                      what=f"similarity under the relevance-value reading ({r['data']}), "
                           "not below 0")

# %% [markdown]
# Under the printed reading the learned $w$ points away from the truth (negative
# similarity), yet it still predicts most test pairs. The reason is identifiability: when
# every ranking is a permutation of one list, a constant added to one grade at every
# position, or to every grade at one position, changes no preference. Subtracting
# $M G_l$ from the printed truth $w_{kl} = G_l c_k$ ($M \ge c_1$) gives
# $w'_{kl} = (M - c_k)(-G_l)$: gains $-G_l$ that decrease with the index (compatible) and
# a "discount" $M - c_k$ that *increases* with the position. This equivalent of the printed
# truth meets every constraint, so the QP can learn it, and it orders every ranking as the
# truth does; the similarity, which keeps the per-grade constants, sees it pointing away.
#
# $T(w)$ of eq. (3) subtracts $w_{kL}$ at each position: the per-position constants,
# which are what the paper calls the offset constant ("large offset constants will give
# similarity very close to 1"). It leaves the per-grade constants, and those, not the
# offset constant, decide the similarity of the minimum-norm learner that orders every
# ranking correctly (the reference line of Figure 2 below); the truth itself, also a
# correct learner, scores 1.

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S001-E3", "S001-E5", "S001-S1"]))))

# %% [markdown]
# ## The simulations of Sections 6–8
#
# Every point below is a mean over seeds (error bars: one standard error) of one run of the
# protocol: training pairs drawn and judged by the ground truth, the QP of eq. (1) (or its
# variants) solved, precision on fresh test pairs of random permutations of
# $[5,5,4,4,3,3,2,2,1,1]$ (a tie in the learned utility counts one half), and the paper's
# similarity $\cos(T(w), T(\hat w))$. C is fixed where the paper does not tune it, and in
# the noisy settings it is chosen on a validation set made as noisy as the training set, as
# the paper says it chose it; the table of C below shows what C does at the largest number
# of pairs.
#
# A choice on validation means something only if the grid brackets it. Both ends of the
# path of solutions are limits: as C → 0 every preference falls short of its margin and
# $\hat w / C$ tends to the projection of $\sum_i m_i d_i$ (the margins times the
# preference differences) onto the cone of the monotonicity constraints, and as C → ∞ the
# solution tends to a limit: the hard-margin one when the pairs can be separated by a
# monotone $w$; with reversed (noisy) pairs, which usually cannot, the minimum-norm
# minimiser of the squared slacks. Our grid runs over the decades until the solution
# no longer changes at either end, and a check below confirms, for every run, that a C
# chosen at an edge of the grid gives the same fit as its neighbour (up to scale), so that
# a wider grid would not change what the run learns.
#
# Beside the paper's two measures the table carries a third of ours, the similarity with
# the offsets removed: the cosine after removing per-position *and* per-grade constants,
# neither of which changes a preference between permutations of one list. It is 1 for
# every $\hat w$ that orders all rankings as the truth does.
#
# Run $i$ of a point at $x$ (pairs, reversed pairs, wrong grades) has the seed
# $s + 1000 i + x$, $s$ the notebook's seed. Two settings compared at one $x$ therefore
# run on the same seeds, hence on the same training and test pairs wherever their draws
# coincide, and their differences are *paired by seed*. The two ends of one curve (the
# fewest against the most pairs, say) have different seeds and independent draws: their
# differences are taken by seed index, which pairs nothing, and their standard error is
# that of two independent means. Either way it is the standard error of the per-index
# differences, and the sentences below say which.

# %%
grid_text = (f"the {len(c_grid)} values {', '.join(f'{c:g}' for c in sorted(c_grid))}"
             if len(c_grid) <= 4 else
             f"{len(c_grid)} values from {min(c_grid):g} to {max(c_grid):g}")
display(Markdown(
    f"Here: {n_seeds} seeds per point, {n_test} test pairs per run, C = {c_fixed:g} where "
    f"it is fixed, and C chosen from {grid_text} where it is chosen on validation."))
experiments = [
    ("pairs", "n_train", train_sizes, {"c": c_fixed}),
    ("noisy pairs", "noisy_pairs", noisy_pair_counts, {"c": c_grid}),
    ("noisy grades", "noisy_grades", noisy_grade_counts, {"c": c_grid}),
    ("optimal pairs", "n_train", train_sizes, {"c": c_fixed, "pairs": "optimal"}),
    ("different lists", "n_train", train_sizes, {"c": c_fixed, "pairs": "different"}),
    ("Hamming margin (eq. 5)", "n_train", train_sizes,
     {"c": c_fixed, "margins": "hamming_documents"}),
    ("grade-Hamming margin", "n_train", train_sizes, {"c": c_fixed, "margins": "hamming"}),
    ("oracle margin", "n_train", train_sizes, {"c": c_fixed, "margins": "oracle"}),
    ("grade-free", "n_train", train_sizes, {"c": c_fixed, "grade_free": True}),
    # beyond the paper: C chosen on validation for eq. (1), the margins and the grade-free
    # model, and more pairs for the grade-free model
    ("pairs, C on validation", "n_train", [max(train_sizes)], {"c": c_grid}),
    ("Hamming margin (eq. 5), C on validation", "n_train", [max(train_sizes)],
     {"c": c_grid, "margins": "hamming_documents"}),
    ("grade-Hamming margin, C on validation", "n_train", [max(train_sizes)],
     {"c": c_grid, "margins": "hamming"}),
    ("oracle margin, C on validation", "n_train", [max(train_sizes)],
     {"c": c_grid, "margins": "oracle"}),
    ("grade-free, C on validation", "n_train", grade_free_sizes,
     {"c": c_grid, "grade_free": True}),
]
results = {}
for name, x_name, x_values, fixed in experiments:
    for gains in sim.GAIN_SETTINGS:
        for x in x_values:
            runs = [sim.run_learning(gains=gains, n_test=n_test, seed=seed + 1000 * i + x,
                                     **{**fixed, x_name: x}) for i in range(n_seeds)]
            results[name, gains, x] = runs
x_lo, x_hi = min(train_sizes), max(train_sizes)
for gains in sim.GAIN_SETTINGS:
    # C at the largest number of pairs: the same training sets as "pairs" (the same
    # seeds), so the rows differ by C alone
    for cc in c_sensitivity:
        results["C", gains, cc] = [
            sim.run_learning(gains=gains, n_test=n_test, c=cc,
                             seed=seed + 1000 * i + x_hi) for i in range(n_seeds)]
    # eq. (1) with many more pairs, on the seeds of the largest point of Figure 1: where
    # the QP's solution goes as the pairs grow
    results["pairs, beyond the paper's range", gains, n_pairs_large] = [
        sim.run_learning(gains=gains, n_test=n_test, c=c_fixed, n_train=n_pairs_large,
                         seed=seed + 1000 * i + x_hi) for i in range(n_seeds)]
    # the two ends of the noisy-pairs curve again at one fixed C, the one chosen most often
    # there, on the same training sets (training and test pairs are drawn before the
    # validation pairs): separates the effect of the noise from the choice of C
    noisy_ends = (min(noisy_pair_counts), max(noisy_pair_counts))
    chosen = [r.c for x in noisy_ends for r in results["noisy pairs", gains, x]]
    c_mode = max(c_grid, key=chosen.count)
    for x in noisy_ends:
        results["noisy pairs, C fixed", gains, x] = [
            sim.run_learning(gains=gains, n_test=n_test, c=c_mode, noisy_pairs=x,
                             seed=seed + 1000 * i + x) for i in range(n_seeds)]
# the grid brackets every choice: a C chosen at an edge gives the fit of its neighbour on
# the grid, to 1e-6 of cosine (an angle under 0.1 degree), so the solution has stopped
# changing there and a wider grid would not change what the run learns
edge_tolerance = 1e-6
validated = [r for runs in results.values() for r in runs if len(r.c_grid) > 1]
at_edge = {side: [r for r in validated if r.c_at_edge == side] for side in ("bottom", "top")}
checks.check("c-grid-bracketed", all(r.edge_cosine >= 1 - edge_tolerance
                                     for side in at_edge.values() for r in side),
             f"every C chosen on validation is inside the grid, or at an edge where the fit "
             f"equals its neighbour's to within {edge_tolerance:g} of cosine")
edge_gap = [1 - r.edge_cosine for side in at_edge.values() for r in side]
display(Markdown(
    f"Of the {len(validated)} runs that chose C on validation, {len(at_edge['bottom'])} chose "
    f"the grid's smallest value and {len(at_edge['top'])} its largest"
    + (f"; at those edges the fit's cosine with its neighbour's differs from 1 by at most "
       f"{max(edge_gap):.1e} (the check allows {edge_tolerance:g}), so there the solution has "
       "reached its limit and a wider grid would not change it." if edge_gap else ".")))
# one value per seed (seed index i at index i), for differences paired by seed
member = {g: min_norm_equivalent(sim.ground_truth_utility(10, 5, g), 5)
          for g in sim.GAIN_SETTINGS}
per_seed = {}
for key, runs in results.items():
    per_seed[key] = {
        "precision": np.array([r.precision for r in runs]),
        "similarity": np.array([r.similarity for r in runs]),
        "offset-free similarity": np.array([
            offset_free_similarity(r.w_true, r.w_hat, r.n_levels) for r in runs])}
    if key[0] in ("pairs", "pairs, beyond the paper's range"):
        # the cosine of w_hat with the truth's minimum-norm member (below)
        m = member[key[1]]
        per_seed[key]["cosine with the minimum-norm member"] = np.array([
            r.w_hat @ m / np.linalg.norm(r.w_hat) / np.linalg.norm(m) for r in runs])
summary_rows = []
for (name, gains, x), runs in results.items():
    row = {"setting": name, "data": gains, "x": x}
    for m in ("precision", "similarity", "offset-free similarity"):
        v = per_seed[name, gains, x][m]
        row[m] = float(v.mean())
        row[f"{m} s.e."] = float(v.std(ddof=1) / np.sqrt(v.size))
    # the lower median, a value of the grid (the mean of two middle values need not be)
    row["lower median C"] = float(sorted(r.c for r in runs)[(len(runs) - 1) // 2])
    summary_rows.append(row)
se_of_se = 0.5 / np.sqrt(2 * (n_seeds - 1))
figures.save_table(summary_rows, "001_simulations", column_tolerance={
    key: spec for m in ("precision", "similarity", "offset-free similarity")
    for key, spec in ((m, {"se": f"{m} s.e.", "c": 0.5}), (f"{m} s.e.", {"rel": se_of_se}))})
fig_tolerance = {key: {"abs": float(np.median([r[f"{key} s.e."] for r in summary_rows])),
                       "c": 0.5} for key in ("precision", "similarity")}
stat = {(r["setting"], r["data"], r["x"]): r for r in summary_rows}
q_verdict = checks.statistical_quantile(0.01, n_seeds - 1)
# the similarity of the truth's minimum-norm member: where the QP's solution goes as the
# pairs grow (the points beyond the paper's range); at a finite number of pairs the
# solution misorders some rankings, so it is near the truth's class, not in it
reference = {g: learn_dcg.similarity(sim.ground_truth_utility(10, 5, g), member[g], 5)
             for g in sim.GAIN_SETTINGS}
disc_true = 1.0 / np.log(np.arange(2, 12))
closed_form = float(disc_true @ (disc_true - disc_true.min())
                    / np.linalg.norm(disc_true) / np.linalg.norm(disc_true - disc_true.min()))
checks.check("reference-closed-form", all(abs(v - closed_form) < 1e-9
                                          for v in reference.values()),
             "the minimum-norm equivalent is (c_k - c_min)(G_l - mean G): its similarity is "
             "cos(c, c - c_min) for both gain settings")
n_fits = sum(len(v) for v in results.values())

# %% [markdown]
# ### Figures 1–2: precision and similarity against the number of training pairs
#
# The QP's solution does not take the paper's similarity to 1, because of the per-grade
# constants. Adding a constant $b_k$ per position or $a_l$ per grade changes no preference
# between two permutations of one list: every $w_{kl} + a_l + b_k$ orders every pair of
# permutations as the truth does, and these are the truth's class. The paper's $T(w)$
# removes only the per-position constants, so a member whose $a_l$ are not all equal
# scores below 1 on the paper's similarity (and one with $a_{l+1} - a_l$ large enough
# breaks eq. (1)'s constraint $w_{kl} \ge w_{k,l+1}$). The truth itself meets every
# constraint and would score 1; the QP prefers small norms. The smallest member of the
# truth's class that meets the constraints is
# $w_{kl} = (c_k - c_{\min})(G_l - \bar G)$ (the per-grade constants $-c_{\min} G_l$
# make the last position's weights vanish, and the per-position ones centre the grades).
# Its similarity with the truth is $\cos(c, c - c_{\min})$, whatever the gains. The dashed
# line of Figure 2 is that value, computed by solving for the minimum-norm member and
# checked against the closed form. It is a reference, neither a ceiling nor a floor: at a
# finite number of pairs the QP's solution is not in the truth's class (it misorders some
# test pairs, as its precision below shows), and its similarity can lie above or below the
# line; one point far beyond the paper's range shows where the solution goes.

# %% tolerance={"abs": 0.003, "c": 0.5}
labels = {"linear": "Data 1: G = v", "exponential": "Data 2: G = 2^v - 1"}
line_label = "min-norm member of the truth's class"
for fig_no, key, ylabel in ((1, "precision", "test precision"),
                            (2, "similarity", "similarity cos(T(w), T(w_hat))")):
    fig, ax = plt.subplots(figsize=(6, 4), constrained_layout=True)
    for gains in sim.GAIN_SETTINGS:
        rows = [r for r in summary_rows if r["setting"] == "pairs" and r["data"] == gains]
        ax.errorbar([r["x"] for r in rows], [r[key] for r in rows],
                    yerr=[r[f"{key} s.e."] for r in rows], marker="o", capsize=3,
                    label=labels[gains])
    if key == "similarity":
        ax.axhline(reference["linear"], color="k", ls="--", lw=0.8, label=line_label)
    ax.set(xlabel="training pairs", ylabel=ylabel,
           title=f"001 Figure {fig_no}: {key} vs training pairs ({n_seeds} seeds)")
    ax.legend()
    figures.save(fig, f"001_fig{fig_no:02d}_{key}_vs_pairs", tolerance=fig_tolerance[key])
    plt.show()
x_mid = sorted(train_sizes)[(len(train_sizes) - 1) // 2]  # the middle of the range
lin = {x: stat["pairs", "linear", x] for x in (x_lo, x_mid, x_hi)}
x_peak = max(train_sizes, key=lambda x: stat["pairs", "linear", x]["similarity"])
peak = stat["pairs", "linear", x_peak]
# the first point within one standard error of the largest mean: where the rise ends
x_reach = min(x for x in train_sizes if stat["pairs", "linear", x]["similarity"]
              >= peak["similarity"] - peak["similarity s.e."])
half = paired_difference(per_seed["pairs", "linear", x_hi]["similarity"],
                         per_seed["pairs", "linear", x_mid]["similarity"])
half_reading = difference_verdict(*half, q_verdict, "none")
# from where the rise ends to the largest number of pairs (paired by seed index)
plateau = paired_verdict(per_seed["pairs", "linear", x_hi]["similarity"],
                         per_seed["pairs", "linear", x_reach]["similarity"], q_verdict,
                         "none") if x_reach < x_hi else None
big = "pairs, beyond the paper's range"
to_line = {(g, x): paired_difference(per_seed[k, g, x]["similarity"],
                                     np.full(n_seeds, reference[g]))
           for g in sim.GAIN_SETTINGS for k, x in (("pairs", x_hi), (big, n_pairs_large))}
cos_member = {(g, x): per_seed[k, g, x]["cosine with the minimum-norm member"]
              for g in sim.GAIN_SETTINGS for k, x in (("pairs", x_hi), (big, n_pairs_large))}
# beyond the paper's range, paired by seed: the paper's similarity against the precision
beyond = {(g, m): paired_verdict(per_seed[big, g, n_pairs_large][m],
                                 per_seed["pairs", g, x_hi][m], q_verdict, "none")
          for g in sim.GAIN_SETTINGS for m in ("precision", "similarity")}
move = {"as stated": "does not change beyond its standard errors", "up": "rises",
        "down": "falls"}
closer = all(abs(to_line[g, n_pairs_large][0]) < abs(to_line[g, x_hi][0])
             and cos_member[g, n_pairs_large].mean() > cos_member[g, x_hi].mean()
             for g in sim.GAIN_SETTINGS)
display(Markdown(
    f"For Data 1 the precision goes from {lin[x_lo]['precision']:.3f} at {x_lo} pairs to "
    f"{lin[x_hi]['precision']:.3f} at {x_hi}"
    + (" (below 1: the QP's solution misorders some test pairs, so it is not in the truth's "
       "class, whose members order every ranking as the truth does)"
       if lin[x_hi]["precision"] < 1 else "")
    + (f". The similarity is {lin[x_lo]['similarity']:.3f} at {x_lo} pairs, already within a "
       f"standard error of its largest mean, {peak['similarity']:.3f} at {x_peak} pairs"
       if x_reach == x_lo else
       f". The similarity rises from {lin[x_lo]['similarity']:.3f} at {x_lo} pairs to "
       + (f"its largest mean, {peak['similarity']:.3f}, at {x_peak} pairs" if x_reach == x_peak
          else f"{stat['pairs', 'linear', x_reach]['similarity']:.3f} by {x_reach} pairs "
               f"(within a standard error of its largest mean, {peak['similarity']:.3f} at "
               f"{x_peak} pairs)"))
    + (f", and from {x_mid} to {x_hi} pairs it changes by {half[0]:+.3f} ± {half[1]:.3f} "
       "(by seed index, independent runs at the two ends; "
       + ("no change beyond its standard errors" if half_reading == "as stated" else
          f"a significant {'rise' if half_reading == 'up' else 'fall'}") + ")"
       if x_lo < x_mid < x_hi else "")
    + f". At {x_hi} pairs it lies "
    + " and ".join(f"{to_line[g, x_hi][0]:+.3f} ± {to_line[g, x_hi][1]:.3f} "
                   f"({short[g]})" for g in sim.GAIN_SETTINGS)
    + f" from the line {reference['linear']:.3f}, the similarity of the truth's minimum-norm "
      f"member; the cosine of the QP's solution with that member is "
    + " and ".join(f"{cos_member[g, x_hi].mean():.3f}" for g in sim.GAIN_SETTINGS)
    + f". With {n_pairs_large} pairs (C = {c_fixed:g}, the same seeds) the similarity lies "
    + " and ".join(f"{to_line[g, n_pairs_large][0]:+.3f} ± {to_line[g, n_pairs_large][1]:.3f}"
                   for g in sim.GAIN_SETTINGS)
    + " from the line and the cosine is "
    + " and ".join(f"{cos_member[g, n_pairs_large].mean():.4f}" for g in sim.GAIN_SETTINGS)
    + f". From {x_hi} to {n_pairs_large} pairs (paired by seed) the paper's similarity "
    + " and ".join(f"{move[beyond[g, 'similarity'][2]]} ({beyond[g, 'similarity'][0]:+.3f} ± "
                   f"{beyond[g, 'similarity'][1]:.3f}, {short[g]})"
                   for g in sim.GAIN_SETTINGS)
    + " while the precision "
    + " and ".join(f"{move[beyond[g, 'precision'][2]]} ({beyond[g, 'precision'][0]:+.3f} ± "
                   f"{beyond[g, 'precision'][1]:.3f})" for g in sim.GAIN_SETTINGS)
    + (" (past the paper's range the paper's similarity runs against the learning)"
       if all(beyond[g, "similarity"][2] == "down" and beyond[g, "precision"][2] == "up"
              for g in sim.GAIN_SETTINGS) else "")
    + (": as the pairs grow the QP's solution approaches the minimum-norm member, and the "
       "line is where its similarity goes (the large-sample limit of a minimum-norm "
       "learner, as far as these points show), not what a learner that ordered every "
       "ranking correctly must score." if closer else
       ": these points do not show the solution approaching the minimum-norm member.")
    + f" With the offsets removed the similarity at {x_hi} pairs reaches "
    f"{lin[x_hi]['offset-free similarity']:.3f} ± "
    f"{lin[x_hi]['offset-free similarity s.e.']:.3f}: what holds the paper's similarity near "
    "the line, and past the paper's range moves it towards the line, is the per-grade "
    "constants the minimum-norm solution picks, not a failure to learn the preferences. "
    + (f"For Data 1 the similarity thus grows with the training pairs up to about {x_reach} "
       "pairs" if x_reach > x_lo else
       f"For Data 1 the similarity is thus within a standard error of its largest mean from "
       f"{x_lo} pairs on")
    + (f", {move[plateau[2]]} from there to {x_hi} ({plateau[0]:+.3f} ± {plateau[1]:.3f}, "
       "by seed index)" if plateau is not None else "")
    + (", and falls beyond the paper's range" if beyond["linear", "similarity"][2] == "down"
       else "") + "."))

# %% [markdown]
# C is not given in the paper. At the largest number of pairs, on the same training sets
# (the differences are taken seed by seed against the fixed C of the figures):

# %% tolerance={"abs": 0.003, "c": 0.5}
c_rows = []
for g in sim.GAIN_SETTINGS:
    for cc, key in [(cc, ("C", g, cc)) for cc in c_sensitivity] + [
            ("chosen on validation", ("pairs, C on validation", g, x_hi))]:
        row = {"data": labels[g], "C": cc if isinstance(cc, str) else f"{cc:g}"}
        for m in ("precision", "similarity"):
            d, se = paired_difference(per_seed[key][m], per_seed["pairs", g, x_hi][m])
            row[m] = stat[key][m]
            row[f"{m} s.e."] = stat[key][f"{m} s.e."]
            row[f"{m} minus at C = {c_fixed:g}"] = (f"{d:+.3f} ± {se:.3f}" if cc != c_fixed
                                                    else "(the same runs)")
        row["offset-free similarity"] = stat[key]["offset-free similarity"]
        c_rows.append(row)
display(Markdown(figures.markdown_table(
    [{k: round(v, 3) if isinstance(v, float) else v for k, v in r.items()} for r in c_rows])))
# "close to 95%" at each C, by the rule of the table of statements below (95 % to the
# nearest per cent: within 0.005 + q standard errors of 0.95)
close = {(r["data"], r["C"]): abs(r["precision"] - 0.95) <= 0.005 + q_verdict
         * r["precision s.e."] for r in c_rows}
spread = {m: (min(r[m] for r in c_rows), max(r[m] for r in c_rows))
          for m in ("precision", "similarity", "offset-free similarity")}
offset_share = 1 - ((spread["offset-free similarity"][1] - spread["offset-free similarity"][0])
                    / (spread["similarity"][1] - spread["similarity"][0]))
times = ((spread["similarity"][1] - spread["similarity"][0])
         / (spread["precision"][1] - spread["precision"][0]))
display(Markdown(
    f"Across these values of C the precision moves between {spread['precision'][0]:.3f} and "
    f"{spread['precision'][1]:.3f}, the paper's similarity between "
    f"{spread['similarity'][0]:.3f} and {spread['similarity'][1]:.3f}"
    + (f": C moves the paper's similarity about {times:.0f} times as far as the precision, "
       + (f"largely because it changes the per-grade constants of $\\hat w$, which the "
          "paper's similarity keeps and which change no preference between rankings of one "
          "list: with them removed the similarity moves between "
          f"{spread['offset-free similarity'][0]:.3f} and "
          f"{spread['offset-free similarity'][1]:.3f}, "
          f"{1 - offset_share:.0%} of the paper's similarity's range"
          if offset_share > 0.5 else
          "and not mainly through the per-grade constants: with them removed the "
          f"similarity still moves between {spread['offset-free similarity'][0]:.3f} and "
          f"{spread['offset-free similarity'][1]:.3f}")
       + "; the precision's own movement shows that C also changes the part of $\\hat w$ "
         "that orders rankings (for Data 1 the paper's similarity is "
       + ", ".join(f"{stat['C', 'linear', cc]['similarity']:.3f} at C = {cc:g}"
                   for cc in sorted(c_sensitivity)) + ")"
       if times > 2 else "")
    + ". \"Close to 95%\" (the rule of the table of statements) holds at "
    + "; ".join(f"{short[g]}: C = " + (", ".join(
        r["C"] for r in c_rows if r["data"] == labels[g]
        and r["C"] != "chosen on validation" and close[r["data"], r["C"]]) or "none")
        + (", and with C on validation" if close[labels[g], "chosen on validation"]
           else ", not with C on validation") for g in sim.GAIN_SETTINGS)
    + f"; the catalogue's S001-S2 reads it at C = {c_fixed:g}"
    + (", and it holds at every C tried." if all(close.values()) else
       ", so it holds for the C the companion chose, not for every C.")))

# %% [markdown]
# ### Figures 3–4: discounts and gains recovered by the rank-1 SVD
#
# $W$ ($L \times K$) from the runs with the most training pairs is factored by its leading
# singular pair. What the data identify: a per-grade constant added at every position and
# a per-position constant added to every grade change no preference, so the gains and the
# discounts are each determined only up to an increasing affine map (their origins and
# scales are free). Why the factors are nevertheless affine images of the truth: with
# arbitrary constants $W = g c^\top + a 1^\top + 1 b^\top$ has rank up to 3, and its
# leading singular pair is *not* affine in $g$ and $c$; but the QP returns a $w$ close
# to the minimum-norm member, $(c_k - c_{\min})(G_l - \bar G)$, a rank-1 matrix whose factors
# are affine in $c$ and $G$ (how close is stated below). Each estimate is mapped to the
# truth by its own least-squares affine map (no position is pinned), so perfect estimation
# is the diagonal; every seed is drawn.
#
# Ten points on a monotone curve make a correlation nearly uninformative (the true discount
# $1/\ln(k+1)$ correlates with $1/k$ at $r \approx 0.999$), so the first table asks
# instead which family an estimate is an affine image of: the largest residual of the
# affine fit (as a share of the estimate's range) against the true family and against
# rivals, paired by seed.
#
# The paper also says that the top positions (and the largest gains) are estimated more
# accurately. Since the origin is free, an error relative to the true value is not
# identified (gains $v$ and $v + 10$ order every ranking alike, yet give different relative
# errors) and is not read. An error in the truth's units after the affine map is
# identified, but the least-squares map has the largest leverage $h$ at the extreme true
# values, which shrinks the raw error there by $\sqrt{1 - h}$. The second table therefore
# compares *studentised* errors, $e_k / \sqrt{1 - h_k}$, which have one distribution at
# every position when the positions are equally noisy.
#
# Section 5.2 also remarks that in Case 1 one can fit $c_i$ and $g_j$ to a learned $w$ and
# test whether the gains depend on the position. The rank-1 factorisation here is such a
# fit; the test is not pursued, by the paper or here.

# %% tolerance={"abs": 0.003, "c": 0.5}
n_max = max(train_sizes)
positions = np.arange(1, 11)
rivals = {"discounts": {"1/k": 1.0 / positions, "1/sqrt(k)": 1.0 / np.sqrt(positions),
                        "linear in k": -positions.astype(float)},
          "gains": {}}
family_rows, accuracy_rows = [], []
for fig_no, what in ((3, "discounts"), (4, "gains")):
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for ax, gains in zip(axes, sim.GAIN_SETTINGS, strict=True):
        values = np.arange(5, 0, -1)
        truth = disc_true if what == "discounts" else sim.GAIN_SETTINGS[gains](values)
        other = {"linear": "exponential", "exponential": "linear"}[gains]
        fams = rivals[what] if what == "discounts" else {
            f"gains of {short[other]}": sim.GAIN_SETTINGS[other](values)}
        # the leverage of each true value in the least-squares map estimate ~ a truth + b
        design = np.column_stack([truth, np.ones_like(truth)])
        leverage = np.diag(design @ np.linalg.pinv(design))
        res_true, res_rival, errors = [], {f: [] for f in fams}, []
        for run in results["pairs", gains, n_max]:
            g_hat, c_hat, _ = learn_dcg.rank1_factors(run.w_hat, 5)
            est = c_hat if what == "discounts" else g_hat
            res_true.append(affine_residual(est, truth))
            for f, ref in fams.items():
                res_rival[f].append(affine_residual(est, ref))
            slope, intercept = np.polyfit(truth, est, 1)
            mapped = (est - intercept) / slope
            errors.append(studentised_affine_errors(est, truth))
            ax.plot(truth, mapped, "o", color="C0", alpha=0.3)
        ax.plot(truth, truth, "k-", lw=0.8, label="perfect estimation")
        ax.set(xlabel=f"true {what}", ylabel=f"estimated {what}, affinely mapped",
               title=labels[gains])
        ax.legend()
        for f in fams:
            d, se = paired_difference(res_rival[f], res_true)
            family_rows.append({"factor": what, "data": short[gains], "rival family": f,
                                "residual, true family": float(np.mean(res_true)),
                                "residual, rival": float(np.mean(res_rival[f])),
                                "rival minus true": d, "s.e.": se})
        # the paper: the top positions (largest gains) are estimated more accurately
        err = np.abs(np.array(errors))
        top, bottom = (slice(0, 3), slice(-3, None)) if what == "discounts" else (
            slice(0, 2), slice(-2, None))
        d, se, verdict = paired_verdict(err[:, top].mean(axis=1),
                                        err[:, bottom].mean(axis=1), q_verdict, "down")
        accuracy_rows.append({
            "factor": what, "data": short[gains],
            "positions": f"top {top.stop} against bottom {-bottom.start}",
            "leverage, top": float(leverage[top].mean()),
            "leverage, bottom": float(leverage[bottom].mean()),
            "studentised error, top": float(err[:, top].mean()),
            "studentised error, bottom": float(err[:, bottom].mean()),
            "top minus bottom": d, "s.e.": se, "reading": verdict})
    fig.suptitle(f"001 Figure {fig_no}: estimated against true {what} ({n_max} pairs, "
                 f"{n_seeds} seeds)")
    figures.save(fig, f"001_fig{fig_no:02d}_{what}")
    plt.show()
# each row to the first digit of its standard error (leverages, exact, to two decimals)
family_dec = [max(0, int(-np.floor(np.log10(max(r["s.e."], 1e-12))))) for r in family_rows]
display(Markdown(figures.markdown_table(
    [{k: round(v, d) if isinstance(v, float) else v for k, v in r.items()}
     for r, d in zip(family_rows, family_dec, strict=True)])))
for r in family_rows:
    checks.within("rank1-family", r["rival minus true"], 0.0, r["s.e."], dof=n_seeds - 1,
                  side="above", what=f"affine residual of the {r['factor']} ({r['data']}) "
                                     f"against {r['rival family']} minus against the truth, "
                                     "not below 0")
# the four rows read jointly too (two-sided 1 % split over them, Bonferroni)
q_acc_joint = checks.statistical_quantile(0.01 / len(accuracy_rows), n_seeds - 1)
for r in accuracy_rows:
    r["reading, joint"] = difference_verdict(r["top minus bottom"], r["s.e."],
                                             q_acc_joint, "down")
acc_dec = [max(0, int(-np.floor(np.log10(max(r["s.e."], 1e-12))))) for r in accuracy_rows]
display(Markdown(figures.markdown_table(
    [{k: round(v, 2 if k.startswith("leverage") else d) if isinstance(v, float) else v
      for k, v in r.items()} for r, d in zip(accuracy_rows, acc_dec, strict=True)])))

# %% tolerance={"abs": 0.003, "c": 0.5}
resolved = [r for r in family_rows if r["rival minus true"] > q_verdict * r["s.e."]]
unresolved = [r for r in family_rows if r not in resolved]
to_member = {g: paired_difference(
    [learn_dcg.similarity(member[g], r.w_hat, 5) for r in results["pairs", g, n_max]],
    np.zeros(n_seeds)) for g in sim.GAIN_SETTINGS}
acc_readings = {r["reading"] for r in accuracy_rows}
opp = [f"{r['factor']} of {r['data']}" for r in accuracy_rows if r["reading"] == "opposite"]
opp_joint = [f"{r['factor']} of {r['data']}" for r in accuracy_rows
             if r["reading, joint"] == "opposite"]
display(Markdown(
    f"How close the QP's solution is to the minimum-norm member at {n_max} pairs: its cosine "
    f"with it is "
    + " and ".join(f"{cos_member[g, n_max].mean():.3f} ± "
                   f"{cos_member[g, n_max].std(ddof=1) / np.sqrt(n_seeds):.3f} "
                   f"({short[g]})" for g in sim.GAIN_SETTINGS)
    + ", and the paper's similarity between the two is "
    + " and ".join(f"{to_member[g][0]:.3f} ± {to_member[g][1]:.3f}" for g in sim.GAIN_SETTINGS)
    + f". The estimates are affine images of the true family more closely than of "
    f"{len(resolved)} of the {len(family_rows)} rivals, by more than {q_verdict:.2f} standard "
    "errors (Student's t, two-sided 1 %)"
    + ("." if not unresolved else "; not resolved: " + "; ".join(
        f"{r['factor']} of {r['data']} against {r['rival family']} "
        f"({r['rival minus true']:+.{d}f} ± {r['s.e.']:.{d}f})"
        for r, d in zip(family_rows, family_dec, strict=True) if r in unresolved) + ".")
    + " The leverage of the map is "
    + ", ".join(f"{r['leverage, top']:.2f} at the top against {r['leverage, bottom']:.2f} at "
                f"the bottom ({r['factor']}, {r['data']})" for r in accuracy_rows)
    + "; with it divided out, the paper's remark that the top positions (and the largest "
      "gains) are estimated more accurately reads: "
    + "; ".join(f"{r['factor']} of {r['data']}: {r['reading']} "
                f"({r['top minus bottom']:+.{d}f} ± {r['s.e.']:.{d}f})"
                for r, d in zip(accuracy_rows, acc_dec, strict=True))
    + (": on the one scale the data identify, the remark holds." if acc_readings == {
        "as stated"} else
       ": on the one scale the data identify, the remark is not resolved by these runs."
       if acc_readings == {"not resolved"} else
       f": no reading supports the remark; the reading{'' if len(opp) == 1 else 's'} "
       + ", ".join(opp) + f" lean{'s' if len(opp) == 1 else ''} the other way (the top "
         "estimated *less* accurately) at 1 % per row, "
       + (f"and still when the {len(accuracy_rows)} rows are read jointly "
          f"({q_acc_joint:.2f} standard errors, Bonferroni)." if opp_joint == opp else
          f"but not when the {len(accuracy_rows)} rows are read jointly ({q_acc_joint:.2f} "
          "standard errors, Bonferroni)." if not opp_joint else
          f"and jointly ({q_acc_joint:.2f} standard errors) only " + ", ".join(opp_joint) + ".")
       if "as stated" not in acc_readings else
       ": the readings disagree between factors and data sets.")
    + " A normalisation that pins one position (the largest discount set to 1) would give "
      "that position zero spread by construction, which is why the figures and this table "
      "map each seed to the truth by least squares instead."))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S001-S4", "S001-S6"]))))

# %% [markdown]
# ### Figures 5–8: noisy preference pairs and noisy grades
#
# 200 training pairs; in Figures 5–6 a number of them are reversed, in Figures 7–8 the
# learner sees a number of documents per training list with a wrong grade (our reading of
# "the number of noisy documents"; the preferences still come from the true grades). The
# dashed line is the similarity of the truth's minimum-norm member, as in Figure 2.

# %%
for fig_no, setting, xlabel in ((5, "noisy pairs", "reversed pairs (of 200)"),
                                (7, "noisy grades", "wrong grades per training list")):
    for offset, key in enumerate(("precision", "similarity")):
        fig, ax = plt.subplots(figsize=(6, 4), constrained_layout=True)
        for gains in sim.GAIN_SETTINGS:
            rows = [r for r in summary_rows if r["setting"] == setting and r["data"] == gains]
            ax.errorbar([r["x"] for r in rows], [r[key] for r in rows],
                        yerr=[r[f"{key} s.e."] for r in rows], marker="o", capsize=3,
                        label=labels[gains])
        if key == "similarity":
            ax.axhline(reference["linear"], color="k", ls="--", lw=0.8, label=line_label)
        ax.set(xlabel=xlabel, ylabel=key,
               title=f"001 Figure {fig_no + offset}: {key}, {setting} (C on validation)")
        ax.legend()
        figures.save(fig, f"001_fig{fig_no + offset:02d}_{key}_{setting.replace(' ', '_')}",
                     tolerance=fig_tolerance[key])
        plt.show()

# %% tolerance={"abs": 0.003, "c": 0.5}
n_lo, n_hi = min(noisy_pair_counts), max(noisy_pair_counts)
# each change by seed index (independent runs at the two ends), read for its direction
# ("as stated": no change beyond q s.e.)
noisy = {(k, g, m): paired_verdict(per_seed[k, g, n_hi][m], per_seed[k, g, n_lo][m],
                                   q_verdict, "none")
         for k in ("noisy pairs", "noisy pairs, C fixed") for g in sim.GAIN_SETTINGS
         for m in ("precision", "similarity", "offset-free similarity")}
went = {"as stated": "does not change beyond its standard errors", "up": "rises",
        "down": "falls"}
c_counts = {(g, x): {cc: sum(r.c == cc for r in results["noisy pairs", g, x])
                     for cc in sorted(c_grid)} for g in sim.GAIN_SETTINGS for x in (n_lo, n_hi)}
c_median = {(g, x): stat["noisy pairs", g, x]["lower median C"]
            for g in sim.GAIN_SETTINGS for x in (n_lo, n_hi)}
bottom_hi = {g: sum(r.c_at_edge == "bottom" for r in results["noisy pairs", g, n_hi])
             for g in sim.GAIN_SETTINGS}
c_one = {g: results["noisy pairs, C fixed", g, n_lo][0].c for g in sim.GAIN_SETTINGS}
# a choice at the bottom whose neighbour validates exactly as well: automatic where the
# fit has reached its C -> 0 limit (the neighbour's fit is the same), and the tie rule (ties
# go to the smallest C) then only names that one fit by the grid's smallest value
bottom_tied = {g: sum(r.c_at_edge == "bottom"
                      and r.validation_precision[0] == r.validation_precision[1]
                      for r in results["noisy pairs", g, n_hi]) for g in sim.GAIN_SETTINGS}


# how far up the grid the C -> 0 limit reaches: the largest C whose fit is the bottom
# fit's (cosine within the edge tolerance), walking up from the bottom
limit_reach = {g: [r.c_grid[int(np.cumprod([
    w @ r.grid_w_hat[0] / np.linalg.norm(w) / np.linalg.norm(r.grid_w_hat[0])
    >= 1 - edge_tolerance for w in r.grid_w_hat]).sum()) - 1]
    for r in results["noisy pairs", g, n_hi] if r.c_at_edge == "bottom"]
    for g in sim.GAIN_SETTINGS}
# a lower median C at the grid's smallest value names the C -> 0 limit
c_text = {(g, x): "the C → 0 limit" if c_median[g, x] == min(c_grid) else
          f"{c_median[g, x]:g}" for g in sim.GAIN_SETTINGS for x in (n_lo, n_hi)}


change = {key: f"{d:+.3f} ± {se:.3f}" for key, (d, se, _) in noisy.items()}

validated_sim = {g: noisy["noisy pairs", g, "similarity"][2] for g in sim.GAIN_SETTINGS}
fixed_sim = {g: noisy["noisy pairs, C fixed", g, "similarity"][2] for g in sim.GAIN_SETTINGS}
display(Markdown(
    f"From {n_lo} to {n_hi} reversed pairs, with C chosen on validation at each noise level "
    "(differences by seed index, independent runs at the two ends): "
    + "; ".join(f"{short[g]}: the precision {went[noisy['noisy pairs', g, 'precision'][2]]} "
                f"({change['noisy pairs', g, 'precision']}), the paper's similarity "
                f"{went[validated_sim[g]]} ({change['noisy pairs', g, 'similarity']}; "
                f"{stat['noisy pairs', g, n_lo]['similarity']:.3f} → "
                f"{stat['noisy pairs', g, n_hi]['similarity']:.3f}), the offset-free one "
                f"{went[noisy['noisy pairs', g, 'offset-free similarity'][2]]} "
                f"({change['noisy pairs', g, 'offset-free similarity']})"
                for g in sim.GAIN_SETTINGS)
    + ". The C chosen on validation, seeds per value (values never chosen left out): "
    + "; ".join(f"{short[g]} at {x} reversed pairs " + ", ".join(
        f"{cc:g}: {n}" for cc, n in c_counts[g, x].items() if n)
        for g in sim.GAIN_SETTINGS for x in (n_lo, n_hi))
    + ". The lower median choice (a value of the grid) goes from "
    + " and ".join(f"{c_text[g, n_lo]} to {c_text[g, n_hi]} ({short[g]})"
                   for g in sim.GAIN_SETTINGS)
    + f"; at {n_hi} reversed pairs "
    + " and ".join(f"{bottom_hi[g]}" for g in sim.GAIN_SETTINGS)
    + f" of the {n_seeds} seeds choose the grid's smallest C, {min(c_grid):g}, where the fit "
      "has reached its limit as C → 0 (checked above): a label for that limit, not a "
      "measure of how far validation moved C. "
    + (" and ".join(f"{bottom_tied[g]}" for g in sim.GAIN_SETTINGS)
       + " of them see the next value of C validate exactly as well, as they must where the "
         "fit is the same; the tie rule (ties go to the smallest C) only chooses which value "
         "names that one fit. The same fit reaches up to C = "
       + " and ".join((f"{min(v):g}–{max(v):g}" if min(v) != max(v) else f"{v[0]:g}")
                      + f" ({short[g]})" for g, v in limit_reach.items() if v)
       + " (the largest value of the grid whose fit's cosine with it is within "
         f"{edge_tolerance:g} of 1, over those seeds). "
       if any(limit_reach.values()) else "")
    + "With 200 noisy validation pairs the validated C is "
      "itself noisy, and so is the change it brings: the catalogue's S001-S5 reads the same "
      "change under seeds of its own, and below the table of statements the two seed sets "
      "are read together. Run again at one fixed C (the value chosen most "
      "often at the two ends: "
    + " and ".join(f"{c_one[g]:g} for {short[g]}" for g in sim.GAIN_SETTINGS)
    + ") on the same training and test pairs, the paper's similarity "
    + " and ".join(f"{went[fixed_sim[g]]} ({change['noisy pairs, C fixed', g, 'similarity']})"
                   for g in sim.GAIN_SETTINGS)
    + " and the offset-free one "
    + " and ".join(f"{went[noisy['noisy pairs, C fixed', g, 'offset-free similarity'][2]]} "
                   f"({change['noisy pairs, C fixed', g, 'offset-free similarity']})"
                   for g in sim.GAIN_SETTINGS)
    + ". "
    + ("So in this run the direction of the paper's similarity under noise depends on the "
       "protocol: at one fixed C it rises, and with C chosen on validation at each noise "
       "level, as the paper did, it falls. A possible explanation, not a finding of this "
       "run: the per-grade constants the QP picks under noise (the part of $\\hat w$ that "
       "the paper's similarity keeps and the offset-free one removes) lift it at a fixed C, "
       "while validation moves C down as the noise grows "
       "and a smaller C gives a lower paper's similarity (the table of C above). The reading "
       "in the table of statements is the paper's protocol; how firmly the similarity falls "
       "under it is read below that table, over both seed sets."
       if all(fixed_sim[g] == "up" and validated_sim[g] == "down"
              and c_median[g, n_hi] < c_median[g, n_lo] for g in sim.GAIN_SETTINGS) else
       "Here the paper's similarity reads alike with C chosen on validation and at one "
       "fixed C (" + ", ".join(f"{went[validated_sim[g]]}, {short[g]}"
                               for g in sim.GAIN_SETTINGS)
       + "); the reading in the table of statements is the paper's protocol, C on "
         "validation."
       if validated_sim == fixed_sim else
       "With C chosen on validation, as the paper did, the paper's similarity "
       + " and ".join(f"{went[validated_sim[g]]} ({short[g]})" for g in sim.GAIN_SETTINGS)
       + ", and at one fixed C it "
       + " and ".join(f"{went[fixed_sim[g]]} ({short[g]})" for g in sim.GAIN_SETTINGS)
       + ": where the two differ, the choice of C (which validation moves "
       + ("down" if all(c_median[g, n_hi] < c_median[g, n_lo] for g in sim.GAIN_SETTINGS)
          else "as it does")
       + " with the noise, and which sets the per-grade constants the paper's similarity "
         "keeps) decides the direction. The reading in the table of statements is the "
         "paper's protocol, C on validation.")))

# %% [markdown]
# Figures 7–8 read the same way. With C chosen on validation at each number of wrong
# grades, the paper's similarity moves with the C that validation picks as well as with the
# noise. Every run that chooses C records its fit and test precision at every C of its
# grid, on its own training and test pairs, so the same runs are read below at one fixed C
# too: at the C chosen most often at the two ends (as for noisy pairs), and at the median
# choice of each end (the lower median, a value of the grid).

# %% tolerance={"abs": 0.003, "c": 0.5}
k_lo, k_hi = min(noisy_grade_counts), max(noisy_grade_counts)
k_next = sorted(noisy_grade_counts)[1]  # the first count above the fewest wrong grades
grid_sorted = sorted(c_grid)
# per data set: the C validation chose most often at the two ends (the smallest on a tie),
# and each end's lower median choice
grade_c = {}
for g in sim.GAIN_SETTINGS:
    chosen = {x: sorted(r.c for r in results["noisy grades", g, x]) for x in (k_lo, k_hi)}
    both = chosen[k_lo] + chosen[k_hi]
    grade_c[g] = {"most often at the two ends": max(grid_sorted, key=both.count),
                  **{f"lower median at {x}": stat["noisy grades", g, x]["lower median C"]
                     for x in (k_lo, k_hi)}}
# the change from the fewest to the most wrong grades at each of those C, fixed (by seed
# index: the two ends are independent runs)
grade_fixed, grade_fixed_rows = {}, []
for g in sim.GAIN_SETTINGS:
    for cc in sorted(set(grade_c[g].values())):
        ends = {}
        for x in (k_lo, k_hi):
            j = [r.c_grid.index(cc) for r in results["noisy grades", g, x]]
            runs_x = results["noisy grades", g, x]
            ends[x] = {
                "precision": np.array([r.grid_precision[i] for r, i in zip(runs_x, j,
                                                                          strict=True)]),
                "similarity": np.array([learn_dcg.similarity(r.w_true, r.grid_w_hat[i],
                                                             r.n_levels)
                                        for r, i in zip(runs_x, j, strict=True)]),
                "offset-free similarity": np.array([
                    offset_free_similarity(r.w_true, r.grid_w_hat[i], r.n_levels)
                    for r, i in zip(runs_x, j, strict=True)])}
        grade_fixed[g, cc] = {m: (ends[k_lo][m], ends[k_hi][m],
                                  paired_verdict(ends[k_hi][m], ends[k_lo][m], q_verdict,
                                                 "none"))
                              for m in ("precision", "similarity", "offset-free similarity")}
        row = {"data": short[g], "C (fixed)": f"{cc:g}",
               "which": ", ".join(k for k, v in grade_c[g].items() if v == cc),
               f"seeds choosing it at {k_lo} / {k_hi}": (
                   f"{sum(r.c == cc for r in results['noisy grades', g, k_lo])} / "
                   f"{sum(r.c == cc for r in results['noisy grades', g, k_hi])}")}
        for m, (a, b, (d, se, read_m)) in grade_fixed[g, cc].items():
            row[m] = f"{a.mean():.3f} → {b.mean():.3f} ({d:+.3f} ± {se:.3f}, {went[read_m]})"
        grade_fixed_rows.append(row)
display(Markdown(figures.markdown_table(grade_fixed_rows)))
# with C on validation: the whole change, and its step at the first wrong grade
grade_val = {(g, m): paired_verdict(per_seed["noisy grades", g, k_hi][m],
                                    per_seed["noisy grades", g, k_lo][m], q_verdict, "none")
             for g in sim.GAIN_SETTINGS
             for m in ("precision", "similarity", "offset-free similarity")}
grade_step = {g: paired_difference(per_seed["noisy grades", g, k_next]["similarity"],
                                   per_seed["noisy grades", g, k_lo]["similarity"])
              for g in sim.GAIN_SETTINGS}
grade_rest = {g: paired_difference(per_seed["noisy grades", g, k_hi]["similarity"],
                                   per_seed["noisy grades", g, k_next]["similarity"])
              for g in sim.GAIN_SETTINGS}
grade_median = {(g, x): stat["noisy grades", g, x]["lower median C"]
                for g in sim.GAIN_SETTINGS for x in noisy_grade_counts}
# the paper's similarity falls with C on validation, but not at every fixed C read here:
# then its fall depends on C, and the protocol's reading is flagged
no_fall = {g: [cc for cc in sorted(set(grade_c[g].values()))
               if grade_fixed[g, cc]["similarity"][2][2] != "down"] for g in sim.GAIN_SETTINGS}
grade_c_dependent = {g: grade_val[g, "similarity"][2] == "down" and bool(no_fall[g])
                     for g in sim.GAIN_SETTINGS}
# the paper's similarity at each end, across the fixed C read here (its range)
grade_span = {(g, x): (min(v), max(v)) for g in sim.GAIN_SETTINGS
              for i, x in ((0, k_lo), (1, k_hi))
              for v in [[grade_fixed[g, cc]["similarity"][i].mean()
                         for cc in set(grade_c[g].values())]]}
display(Markdown(
    f"From {k_lo} to {k_hi} wrong grades per training list, with C chosen on validation "
    "(by seed index, independent runs at the two ends), the paper's similarity "
    + "; ".join(f"{went[grade_val[g, 'similarity'][2]]} for {short[g]} "
                f"({stat['noisy grades', g, k_lo]['similarity']:.3f} → "
                f"{stat['noisy grades', g, k_hi]['similarity']:.3f}, "
                f"{grade_val[g, 'similarity'][0]:+.3f} ± {grade_val[g, 'similarity'][1]:.3f})"
                for g in sim.GAIN_SETTINGS)
    + (f"; of that change, {k_lo} → {k_next} wrong grade{'s' if k_next > 1 else ''} gives "
       + " and ".join(f"{grade_step[g][0]:+.3f} ± {grade_step[g][1]:.3f}"
                      for g in sim.GAIN_SETTINGS)
       + f" and {k_next} → {k_hi} gives "
       + " and ".join(f"{grade_rest[g][0]:+.3f} ± {grade_rest[g][1]:.3f}"
                      for g in sim.GAIN_SETTINGS)
       + ", while the lower median of the validated C goes "
       + " and ".join(f"{grade_median[g, k_lo]:g} → {grade_median[g, k_next]:g}"
                      f" ({short[g]})" for g in sim.GAIN_SETTINGS)
       + " at the first wrong grade" if k_next < k_hi else "")
    + ". At one fixed C, on the same runs (the table), the paper's similarity "
    + "; ".join(f"{went[grade_fixed[g, cc]['similarity'][2][2]]} at C = {cc:g} ({short[g]}, "
                f"{grade_fixed[g, cc]['similarity'][2][0]:+.3f} ± "
                f"{grade_fixed[g, cc]['similarity'][2][1]:.3f})"
                for g in sim.GAIN_SETTINGS for cc in sorted(set(grade_c[g].values())))
    + ", while the precision and the offset-free similarity "
    + ("fall at every one of these C"
       if all(grade_fixed[g, cc][m][2][2] == "down" for g in sim.GAIN_SETTINGS
              for cc in set(grade_c[g].values())
              for m in ("precision", "offset-free similarity"))
       else "change as the table shows")
    + ". "
    + ("So whether the wrong grades lower the paper's similarity depends on C. "
       + " ".join(
           f"For {short[g]}: "
           + ("at " + ", ".join(
               f"C = {cc:g} they lower it ({grade_fixed[g, cc]['similarity'][2][0]:+.3f} ± "
               f"{grade_fixed[g, cc]['similarity'][2][1]:.3f})"
               for cc in sorted(set(grade_c[g].values())) if cc not in no_fall[g])
              + f", against {grade_val[g, 'similarity'][0]:+.3f} ± "
                f"{grade_val[g, 'similarity'][1]:.3f} under the protocol; "
              if set(grade_c[g].values()) - set(no_fall[g]) else "")
           + "at " + ", ".join(
               f"C = {cc:g} they do not ({grade_fixed[g, cc]['similarity'][2][0]:+.3f} ± "
               f"{grade_fixed[g, cc]['similarity'][2][1]:.3f})" for cc in no_fall[g])
           + "; across these C the paper's similarity spans "
           + f"{grade_span[g, k_lo][0]:.3f}–{grade_span[g, k_lo][1]:.3f} at {k_lo} wrong "
             f"grades and {grade_span[g, k_hi][0]:.3f}–{grade_span[g, k_hi][1]:.3f} at {k_hi}."
           for g in sim.GAIN_SETTINGS)
       + " The fall under the paper's protocol, which goes from a larger C without noise to "
         "a smaller one with it, is therefore not the noise's alone (at a fixed C it can be "
         "nil)"
       + (", nor the validated C's alone (at a fixed C the wrong grades lower it too"
          + (f", by as much within {q_verdict:.2f} combined standard errors" if all(
              any(abs(grade_fixed[g, cc]["similarity"][2][0] - grade_val[g, "similarity"][0])
                  <= q_verdict * math.hypot(grade_fixed[g, cc]["similarity"][2][1],
                                            grade_val[g, "similarity"][1])
                  for cc in set(grade_c[g].values()) if cc not in no_fall[g])
              for g in sim.GAIN_SETTINGS) else "")
          + ")" if all(set(grade_c[g].values()) - set(no_fall[g])
                                       for g in sim.GAIN_SETTINGS) else
          ": at no fixed C read here do the wrong grades lower it, and its fall goes with "
          "validation moving C (a smaller C gives a lower paper's similarity, the table of "
          "C above)")
       + ". The precision and the offset-free similarity are the measures that show the "
         "learner hurt by the wrong grades at a fixed C. The table of statements keeps the "
         "paper's protocol (C on validation), and its verdict for this sentence says that "
         "at a fixed C the fall depends on C."
       if all(grade_c_dependent.values()) else
       " ".join(
           (f"For {short[g]} the fall depends on C (none at "
            + ", ".join(f"C = {cc:g}" for cc in no_fall[g])
            + ", fixed), and the sentence's verdict in the table of statements says so."
            if grade_c_dependent[g] else
            f"For {short[g]} the paper's similarity falls at every fixed C read here too, "
            "so its fall is not only the validated C's."
            if grade_val[g, "similarity"][2] == "down" else
            f"For {short[g]} it does not fall with C on validation either "
            f"({went[grade_val[g, 'similarity'][2]]}).")
           for g in sim.GAIN_SETTINGS)
       + " The table of statements reads the paper's protocol, C on validation.")))
_ = checks.check("grid-fit-is-chosen-fit", all(
    np.array_equal(r.grid_w_hat[r.c_grid.index(r.c)], r.w_hat)
    and r.grid_precision[r.c_grid.index(r.c)] == r.precision
    for x in noisy_grade_counts for g in sim.GAIN_SETTINGS
    for r in results["noisy grades", g, x]),
    "the fit a run records at its chosen C is the fit it returns (noisy grades)")

# %% [markdown]
# ### Figures 9–10: pairs that involve the optimal ranking, and pairs across lists
#
# Figure 9: every training pair is the optimal ranking against a permutation of the same
# list. Figure 10: the optimal ranking against a list whose grades are drawn afresh
# (different multisets of grades). Test pairs stay random permutations of the list. The
# design of Figure 10 is our reading: Section 6.5 says only that lists with different sets
# of grades make a fraction of the constraints effective; here one side of each pair is
# the optimal ranking of $[5, 5, 4, 4, \dots, 1, 1]$ and the other a list of ten grades
# drawn independently and uniformly from 1..5, so a fresh list can outrank the optimal one
# (each pair is ordered by the true utility).
#
# The paper argues that pairs of the first kind "do not carry any constraints" on $w$,
# since every compatible gain vector prefers the optimal ranking (Proposition 1). That
# holds for utilities of the DCG form $w_{kl} = c_k g_l$ with decreasing discounts; the
# $w$ that eq. (1) learns is any position-dependent table, and for it the pairs are
# constraints. With $K = L = 2$, $w = (w_{11}, w_{12}, w_{21}, w_{22}) = (0, 0, 1, 0)$
# meets the monotonicity constraints yet prefers (grade 2, grade 1) to the optimal
# (grade 1, grade 2), so a pair "optimal first" excludes it: these pairs rule out
# discounts that grow with the position. Claim S001-S3 records this as an assumption the
# paper leaves unstated.

# %% tolerance={"abs": 0.003, "c": 0.5}
for fig_no, setting in ((9, "optimal pairs"), (10, "different lists")):
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for ax, key in zip(axes, ("precision", "similarity"), strict=True):
        for colour, gains in zip(("C0", "C1"), sim.GAIN_SETTINGS, strict=True):
            rows = [r for r in summary_rows if r["setting"] == setting and r["data"] == gains]
            ax.errorbar([r["x"] for r in rows], [r[key] for r in rows],
                        yerr=[r[f"{key} s.e."] for r in rows], marker="o", capsize=3,
                        color=colour, label=labels[gains])
            base = [r for r in summary_rows if r["setting"] == "pairs" and r["data"] == gains]
            ax.plot([r["x"] for r in base], [r[key] for r in base], ":", color=colour,
                    label=f"{short[gains]}, random pairs")
        ax.set(xlabel="training pairs", ylabel=key)
        ax.legend(fontsize=8)
    fig.suptitle(f"001 Figure {fig_no}: {setting} (dotted: random pairs of one list)")
    figures.save(fig, f"001_fig{fig_no:02d}_{setting.replace(' ', '_')}",
                 tolerance=min(fig_tolerance.values(), key=lambda t: t["abs"]))
    plt.show()
oa, ob = stat["optimal pairs", "linear", x_lo], stat["optimal pairs", "linear", x_hi]
ra, rb = stat["pairs", "linear", x_lo], stat["pairs", "linear", x_hi]
across = {(x, m): paired_verdict(per_seed["different lists", "linear", x][m],
                                 per_seed["pairs", "linear", x][m], q_verdict, "down")
          for x in (x_lo, x_hi) for m in ("precision", "similarity", "offset-free similarity")}
dl = {x: stat["different lists", "linear", x] for x in (x_lo, x_hi)}
worse = {m: across[x_hi, m][2] == "as stated" for m in ("precision", "offset-free similarity")}
display(Markdown(
    f"Optimal-ranking pairs barely teach the learner: Data 1's precision goes "
    f"{oa['precision']:.3f} → {ob['precision']:.3f} from {x_lo} to {x_hi} pairs (the similarity "
    f"{oa['similarity']:.3f} → {ob['similarity']:.3f}), where random pairs go "
    f"{ra['precision']:.3f} → {rb['precision']:.3f}. Pairs across lists against random pairs "
    f"of one list, Data 1, at {x_hi} pairs (differences paired by seed): the precision "
    f"{dl[x_hi]['precision']:.3f} against {rb['precision']:.3f} "
    f"({across[x_hi, 'precision'][0]:+.3f} ± {across[x_hi, 'precision'][1]:.3f}), the paper's "
    f"similarity {dl[x_hi]['similarity']:.3f} against {rb['similarity']:.3f} "
    f"({across[x_hi, 'similarity'][0]:+.3f} ± {across[x_hi, 'similarity'][1]:.3f}), and the "
    f"similarity with the offsets removed {dl[x_hi]['offset-free similarity']:.3f} against "
    f"{rb['offset-free similarity']:.3f} ({across[x_hi, 'offset-free similarity'][0]:+.3f} ± "
    f"{across[x_hi, 'offset-free similarity'][1]:.3f}; at {x_lo} pairs "
    f"{dl[x_lo]['offset-free similarity']:.2f} against {ra['offset-free similarity']:.2f}). "
    "Pairs between lists with different grade multisets fix the per-grade constants, the "
    "main effect of the grade, which permutations of one list leave free and which the "
    "paper's similarity keeps"
    + (": that is why it rises above random pairs'. " if across[x_hi, "similarity"][0] > 0
       else ". ")
    + "What orders the rankings of one list is the rest of $w$, the interaction of position "
      "and grade (the discounts), which the offset-free similarity measures"
    + (", and of that these pairs teach much less than random pairs of one list. By the "
       "precision and by the interaction the paper's reading, that restricted pairs need "
       "more pairs for a comparable performance, holds"
       + ("; only the paper's similarity, which rewards the per-grade constants, points the "
          "other way." if across[x_hi, "similarity"][2] == "opposite" else ".")
       if all(worse.values()) else
       "; against random pairs at the largest number of pairs: "
       + ", ".join(f"{m} {'significantly lower' if w else 'not resolved'}"
                   for m, w in worse.items()) + ".")))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S001-S3", "S001-S7"]))))

# %% [markdown]
# ### Figures 11–12: the enhanced model (eq. 4)
#
# The margin 1 of eq. (1) becomes a distance between the two rankings. We run the Hamming
# distance of eq. (5) as printed, which counts positions $k$ with
# $\pi_1(k) \ne \pi_2(k)$, positions holding different *documents*; beside it a variant
# of ours that counts positions whose *grades* differ (what the binary representation
# $s(\pi)$ sees), so that swapping two documents of the same grade, which changes no DCG,
# adds nothing to the margin (on lists with repeated grades, as here,
# $[5,5,4,4,\dots]$, the printed count is never smaller); and, as an oracle the paper
# wished for, the true utility difference itself. A margin several times 1 also changes
# the balance between $\|w\|^2$ and the slacks at a fixed C, so the margins are compared
# with C chosen on validation as well, where each model gets its own best C.

# %% tolerance={"abs": 0.003, "c": 0.5}
margin_settings = ("pairs", "Hamming margin (eq. 5)", "grade-Hamming margin", "oracle margin")
for fig_no, key in ((11, "similarity"), (12, "precision")):
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for ax, gains in zip(axes, sim.GAIN_SETTINGS, strict=True):
        for setting in margin_settings:
            rows = [r for r in summary_rows if r["setting"] == setting and r["data"] == gains]
            ax.errorbar([r["x"] for r in rows], [r[key] for r in rows],
                        yerr=[r[f"{key} s.e."] for r in rows], marker="o", capsize=3,
                        label="eq. (1)" if setting == "pairs" else setting)
        if key == "similarity":
            ax.axhline(reference[gains], color="k", ls="--", lw=0.8, label=line_label)
        ax.set(xlabel="training pairs", ylabel=key, title=labels[gains])
        ax.legend(fontsize=8)
    fig.suptitle(f"001 Figure {fig_no}: {key} of the enhanced model")
    figures.save(fig, f"001_fig{fig_no:02d}_enhanced_{key}", tolerance=fig_tolerance[key])
    plt.show()
# the oracle against eq. (1) at the largest number of pairs, at C fixed and with each
# model's C chosen on validation, paired by seed
oracle = {(g, where, m): paired_verdict(per_seed[f"oracle margin{suffix}", g, x_hi][m],
                                        per_seed[f"pairs{suffix}", g, x_hi][m],
                                        q_verdict, "none")
          for g in sim.GAIN_SETTINGS
          for where, suffix in ((f"C = {c_fixed:g}", ""), ("C on validation",
                                                          ", C on validation"))
          for m in ("precision", "similarity", "offset-free similarity")}
wheres = (f"C = {c_fixed:g}", "C on validation")
compared = {"as stated": "no different from", "up": "above", "down": "below"}
prec_up = all(oracle[g, w, "precision"][2] == "up" for g in sim.GAIN_SETTINGS for w in wheres)
offsets_again = all(oracle[g, w, "similarity"][0] < 0 < oracle[g, w, "offset-free similarity"][0]
                    for g in sim.GAIN_SETTINGS for w in wheres)
display(Markdown(
    "The oracle margin (not in the paper) gives the learner the true utility gaps as margins: "
    "real-valued supervision that no user gives, a reference with privileged information "
    f"rather than a preference learner, and no proven bound. At {x_hi} pairs, against eq. "
    "(1) (differences paired by seed), its precision is "
    + "; ".join(f"{short[g]}, {w}: {compared[oracle[g, w, 'precision'][2]]} eq. (1)'s "
                f"({oracle[g, w, 'precision'][0]:+.3f} ± {oracle[g, w, 'precision'][1]:.3f})"
                for g in sim.GAIN_SETTINGS for w in wheres)
    + "; its paper similarity differs by "
    + ", ".join(f"{oracle[g, w, 'similarity'][0]:+.3f} ± {oracle[g, w, 'similarity'][1]:.3f}"
                for g in sim.GAIN_SETTINGS for w in wheres)
    + " and its offset-free similarity by "
    + ", ".join(f"{oracle[g, w, 'offset-free similarity'][0]:+.3f} ± "
                f"{oracle[g, w, 'offset-free similarity'][1]:.3f}"
                for g in sim.GAIN_SETTINGS for w in wheres)
    + " (same order). "
    + ("A margin that follows the DCG difference thus orders more test pairs correctly at "
       "either C, which bears out the paper's doubt that the Hamming distance is too rough "
       "a stand-in for it. " if prec_up else
       "A margin that follows the DCG difference is not significantly better in every one "
       "of these comparisons, so these runs do not settle the paper's doubt that the "
       "Hamming distance is too rough a stand-in for it. ")
    + ("The paper's similarity falls where the offset-free one rises: it is judging the "
       "per-grade offsets again, not the recovery." if offsets_again else "")))

# %% [markdown]
# ### Figure 13: learning without grades (eq. 6)
#
# Rankings are coded by document ($K \times K$, 100 weights against 50), the documents'
# grades stay hidden, and the monotonicity constraints are dropped. Beyond the paper's
# range, the squares (unjoined: nothing was run between them) show the grade-free model
# with C chosen on validation and more pairs.

# %% tolerance={"abs": 0.003, "c": 0.5}
display(Markdown(f"The squares are at {', '.join(str(x) for x in grade_free_sizes)} pairs."))
fig, ax = plt.subplots(figsize=(6, 4), constrained_layout=True)
for colour, gains in zip(("C0", "C1"), sim.GAIN_SETTINGS, strict=True):
    for setting, style, marker, text in (
            ("pairs", ":", "o", "graded"), ("grade-free", "-", "o", "no grades"),
            ("grade-free, C on validation", "none", "s", "no grades, C on validation")):
        rows = [r for r in summary_rows if r["setting"] == setting and r["data"] == gains]
        ax.errorbar([r["x"] for r in rows], [r["precision"] for r in rows],
                    yerr=[r["precision s.e."] for r in rows], marker=marker, capsize=3,
                    ls=style, color=colour, label=f"{labels[gains]}, {text}")
ax.set(xlabel="training pairs", ylabel="test precision",
       title="001 Figure 13: learning without grades")
ax.legend(fontsize=7)
figures.save(fig, "001_fig13_grade_free", tolerance=fig_tolerance["precision"])
plt.show()

# %% [markdown]
# Section 8 ends: the learned $w$ "can be interpreted as the relevant judgements for the
# documents". Read literally, the document factor of $\hat w$ should rank the documents
# by their hidden grades. A per-document and a per-position constant change no preference
# between two rankings of the same documents, so we double-centre $\hat w$ (positions by
# documents), take the document factor of its leading singular pair (the truth's is
# $G(v_i) - \bar G$, its discount factor $c_k - \bar c$ with the largest magnitude at the
# top, which fixes the sign), and count the pairs of documents with different grades that
# it orders as the grades do (a tie counts one half).

# %% tolerance={"abs": 0.003, "c": 0.5}
doc_values = np.array(sim.PAPER_LIST)
n_docs = doc_values.size
graded_pairs = [(i, j) for i in range(n_docs) for j in range(i + 1, n_docs)
                if doc_values[i] != doc_values[j]]
doc_order = {}
for key in [("grade-free", g, x_hi) for g in sim.GAIN_SETTINGS] + [
        ("grade-free, C on validation", g, max(grade_free_sizes)) for g in sim.GAIN_SETTINGS]:
    shares = []
    for r in results[key]:
        m = r.w_hat.reshape(n_docs, n_docs)  # positions x documents
        m = m - m.mean(axis=0) - m.mean(axis=1, keepdims=True) + m.mean()
        doc_factor = learn_dcg.rank1_factors(m.ravel(), n_docs)[0]
        agree = [np.sign(doc_factor[i] - doc_factor[j]) * np.sign(doc_values[i] - doc_values[j])
                 for i, j in graded_pairs]
        shares.append(np.mean([1.0 if a > 0 else 0.5 if a == 0 else 0.0 for a in agree]))
    doc_order[key] = (float(np.mean(shares)), float(np.std(shares, ddof=1) / np.sqrt(n_seeds)),
                      min(shares) == 1.0)
display(Markdown(
    f"Of the {len(graded_pairs)} pairs of documents with different grades, the document "
    "factor orders as the hidden grades do "
    + "; ".join(f"{doc_order[key][0]:.3f} ± {doc_order[key][1]:.3f} ({short[key[1]]}, "
                f"{key[2]} pairs{', C on validation' if 'validation' in key[0] else ''})"
                for key in doc_order)
    + ". "
    + (f"With {max(grade_free_sizes)} pairs and C on validation every seed's document "
       "factor orders every such pair as the grades do: read this way the sentence holds, "
       "and from preferences between rankings alone the grade-free model recovers the "
       "order of the documents' relevance (not the grades' values, which stay free up to "
       "an increasing affine map, nor the ties between documents of one grade)."
       if all(v[2] for k, v in doc_order.items() if "validation" in k[0]) else
       f"Even with {max(grade_free_sizes)} pairs and C on validation some seed's document "
       "factor misorders a pair of documents with different grades: read this way the "
       "sentence holds only in part.")))

# %% [markdown]
# ## The paper's statements beside the reproduction
#
# Each statement of Sections 6–8 is checked on every measure it covers: where the paper
# says "performance" of a pair of figures, both the precision and the similarity. Each row
# gives the compared numbers (means, and the difference ± its standard error, by seed
# index: paired by seed where the two sides share their seeds, independent runs at the two
# ends of a curve) and reads the difference against its standard error: "as stated" when it
# exceeds $q$ standard errors in the stated direction, "opposite" when it exceeds them the
# other way, "not resolved" otherwise, with $q$ the two-sided 1 % quantile of Student's
# $t$ over the seeds (its value is under the table). "The Hamming margin improves the
# performance little" is read as a change of at most a declared tolerance either way (its
# value is under the table), on the 99 % interval of the difference that the row gives:
# "as stated" when the interval lies within plus or minus the tolerance, "up" or "down"
# when it lies wholly beyond it (a change larger than little, which fails the sentence),
# "not resolved" otherwise; the catalogue's S001-S5 reads it by the same rule. It is read
# for eq. (5) as printed; our grade variant is shown for information. "The performance
# does not increase" (pairs against the optimal ranking) is read the same way on one side:
# "as stated" when the 99 % interval excludes a rise larger than the tolerance, "up" when
# it lies wholly above it, "not resolved" otherwise (a rise that is merely not significant
# does not show that there is none). "Close to 95%" is read as 95 % to the nearest per
# cent: "as stated" when the mean is within 0.005 + $q$ standard errors of 0.95, "not
# close" otherwise.
#
# "Grows slowly" (pairs across lists) is read as the paper's next sentence reads Figure 10,
# "requires more pairs to obtain a comparable performance": on the precision reached at the
# most pairs, random pairs of one list against pairs across lists (the growths from the
# fewest to the most pairs compare different stretches of two curves, since across lists
# starts far lower, and are shown for information). The growth of the paper's similarity
# relative to random pairs' is shown but not read: pairs across lists fix the per-grade constants,
# which permutations of one list leave free and which that similarity keeps, so its growth
# measures what each design can identify, not how fast it learns (Figures 9–10 above).
# The growth of the offset-free similarity relative to random pairs' is shown too, not
# read: across lists it starts
# far lower, while random pairs bring it near 1, which caps their growth.
#
# "Can be precisely learned without the grades" is read one-sided, as "does not increase"
# is: "as stated" when the 99 % interval of the grade-free precision minus the graded one
# excludes a loss larger than the tolerance, "down" when it lies wholly below minus the
# tolerance, "not resolved" otherwise.
#
# A sentence is *reproduced* when every one of its rows reads "as stated", *against the
# paper* when some row reads "opposite", "not close", "down", or "up" for the Hamming
# margin or for "does not increase" (a reading contrary to the sentence), and *not
# resolved* otherwise (no row against it, but not every row as stated). The grade-free
# sentence is the exception, since Figure 13's range of pairs and its C are lost: its row
# with the most pairs and C on validation decides it alone, "reproduced only with more
# pairs" when that row reads "as stated" and the row at the paper's 200 pairs and fixed C
# does not, *reproduced* when both do, *against the paper* when the row with more pairs
# reads "down", and *not resolved* otherwise; a "down" at 200 pairs and fixed C says only
# that more pairs were needed. The same rule decides the rows read jointly. The
# offset-free similarity is our measure, shown for the reader ("for information"), and
# takes no part in a verdict. The rows are each read at 1 %, without a correction for
# their number; the sentence under the table says which verdicts would change if they were
# read jointly (Bonferroni).

# %% tolerance={"abs": 0.003, "c": 0.5}
specs = []  # per row: the numbers shown, the difference and its standard error, the reading rule
across_data = "precision and similarity sometimes rank Data 1 and Data 2 differently"
for gains in sim.GAIN_SETTINGS:
    hi = stat["pairs", gains, x_hi]
    specs.append({"statement": "at about 200 pairs the precision is close to 95%",
                  "data": labels[gains], "measure": "precision", "compared": f"at {x_hi} pairs",
                  "numbers": f"{hi['precision']:.3f} ± {hi['precision s.e.']:.3f}",
                  "diff": hi["precision"] - 0.95, "se": hi["precision s.e."], "rule": "close"})
    trend_specs = [
        ("performance grows with the training pairs (the paper's range)", "pairs", x_lo,
         x_hi, "up"),
        ("performance decreases with noisy pairs", "noisy pairs", min(noisy_pair_counts),
         max(noisy_pair_counts), "down"),
        ("performance decreases with noisy grades", "noisy grades", min(noisy_grade_counts),
         max(noisy_grade_counts), "down"),
        ("optimal-ranking pairs: performance does not increase", "optimal pairs", x_lo, x_hi,
         "at most"),
        ("pairs across lists: performance grows slowly", "different lists", x_lo, x_hi, "up"),
    ]
    for text, setting, xa, xb, expect in trend_specs:
        for m in ("precision", "similarity"):
            a, b = per_seed[setting, gains, xa][m], per_seed[setting, gains, xb][m]
            diff, se = paired_difference(b, a)
            interval = (f"; 99 % interval {diff - q_verdict * se:+.3f} to "
                        f"{diff + q_verdict * se:+.3f}" if expect == "at most" else "")
            specs.append({"statement": text, "data": labels[gains], "measure": m,
                          "compared": f"{xa} -> {xb}",
                          "numbers": f"{a.mean():.3f} -> {b.mean():.3f} ({diff:+.3f} ± "
                                     f"{se:.3f}{interval})",
                          "diff": diff, "se": se, "rule": expect})
        if setting == "noisy grades":
            # the same runs at one fixed C (Figures 7-8): shown beside the protocol's rows
            for cc in sorted(set(grade_c[gains].values())):
                a, b, (diff, se, _) = grade_fixed[gains, cc]["similarity"]
                specs.append({"statement": text, "data": labels[gains],
                              "measure": f"similarity at C = {cc:g} fixed (the same runs)",
                              "compared": f"{xa} -> {xb}",
                              "numbers": f"{a.mean():.3f} -> {b.mean():.3f} ({diff:+.3f} ± "
                                         f"{se:.3f})",
                              "diff": diff, "se": se, "rule": "info"})
        if setting == "different lists":
            # "slowly ... requires more pairs for a comparable performance": at the most
            # pairs random pairs of one list reach a higher precision than pairs across lists
            lvl_r = per_seed["pairs", gains, xb]["precision"]
            lvl_d = per_seed[setting, gains, xb]["precision"]
            diff, se = paired_difference(lvl_r, lvl_d)
            specs.append({
                "statement": text, "data": labels[gains],
                "measure": "precision reached: random pairs minus across lists",
                "compared": f"at {xb} pairs",
                "numbers": f"{lvl_r.mean():.3f} against {lvl_d.mean():.3f} ({diff:+.3f} ± "
                           f"{se:.3f})",
                "diff": diff, "se": se, "rule": "up"})
            for m in ("precision", "similarity", "offset-free similarity"):
                grow = per_seed[setting, gains, xb][m] - per_seed[setting, gains, xa][m]
                grow_random = per_seed["pairs", gains, xb][m] - per_seed["pairs", gains, xa][m]
                diff, se = paired_difference(grow_random, grow)
                specs.append({
                    "statement": text, "data": labels[gains],
                    "measure": f"{m}: growth below random pairs'", "compared": f"{xa} -> {xb}",
                    "numbers": f"{grow.mean():+.3f} against {grow_random.mean():+.3f} "
                               f"({diff:+.3f} ± {se:.3f})",
                    "diff": diff, "se": se, "rule": "info"})
    for setting, base, where in (
            ("Hamming margin (eq. 5)", "pairs", f"{x_hi} pairs, C = {c_fixed:g}"),
            ("Hamming margin (eq. 5), C on validation", "pairs, C on validation",
             f"{x_hi} pairs, C on validation"),
            ("grade-Hamming margin", "pairs", f"{x_hi} pairs, C = {c_fixed:g}"),
            ("grade-Hamming margin, C on validation", "pairs, C on validation",
             f"{x_hi} pairs, C on validation")):
        for m in ("precision", "similarity"):
            h, e = per_seed[setting, gains, x_hi][m], per_seed[base, gains, x_hi][m]
            diff, se = paired_difference(h, e)
            printed = setting.startswith("Hamming")
            specs.append({
                "statement": "the Hamming margin improves the performance little",
                "data": labels[gains],
                "measure": m if printed else f"{m}, grade-Hamming (our variant)",
                "compared": where,
                "numbers": f"{h.mean():.3f} against {e.mean():.3f} ({diff:+.3f} ± {se:.3f}; "
                           f"99 % interval {diff - q_verdict * se:+.3f} to "
                           f"{diff + q_verdict * se:+.3f})",
                "diff": diff, "se": se, "rule": "little" if printed else "info"})
    for setting, xg in (("grade-free", x_hi), ("grade-free, C on validation",
                                               max(grade_free_sizes))):
        for m in ("precision", "similarity", "offset-free similarity"):
            g, e = per_seed[setting, gains, xg][m], per_seed["pairs", gains, x_hi][m]
            diff, se = paired_difference(g, e)
            specs.append({
                "statement": "w can be precisely learned without the grades",
                "data": labels[gains], "measure": m, "compared": (
                    f"{xg} pairs{', C on validation' if 'validation' in setting else ''} "
                    f"against graded at {x_hi}"),
                "numbers": f"{g.mean():.3f} against {e.mean():.3f} ({diff:+.3f} ± {se:.3f}"
                           + (f"; 99 % interval {diff - q_verdict * se:+.3f} to "
                              f"{diff + q_verdict * se:+.3f})" if m == "precision" else ")"),
                "diff": diff, "se": se, "rule": "not below" if m == "precision" else "info"})
# Section 6.3: "the similarity and precision sometimes give different conclusions" about
# Data 1 against Data 2: the difference averaged, seed by seed, over the upper half of
# the range of pairs
upper = [x for x in train_sizes if x >= x_mid]
for m in ("precision", "similarity"):
    d1, d2 = (np.mean([per_seed["pairs", g, x][m] for x in upper], axis=0)
              for g in sim.GAIN_SETTINGS)
    diff, se = paired_difference(d1, d2)
    specs.append({"statement": across_data, "data": "Data 1 against Data 2", "measure": m,
                  "compared": f"mean over {min(upper)}-{max(upper)} pairs",
                  "numbers": f"{d1.mean():.3f} against {d2.mean():.3f} ({diff:+.3f} ± {se:.3f})",
                  "diff": diff, "se": se, "rule": "sign"})
# the readings and verdicts, at the 1 % of each row and at 1 % for all rows together
n_read = sum(r["rule"] != "info" for r in specs)
q_joint = checks.statistical_quantile(0.01 / n_read, n_seeds - 1)
readings, verdicts = {}, {}
for q_use in (q_verdict, q_joint):
    for i, r in enumerate(specs):
        if r["rule"] == "info":
            readings[q_use, i] = "for information"
        elif r["rule"] == "close":
            readings[q_use, i] = ("as stated" if abs(r["diff"]) <= 0.005 + q_use * r["se"]
                                  else "not close")
        elif r["rule"] in ("little", "at most"):
            readings[q_use, i] = little_change_verdict(
                r["diff"], r["se"], q_use, LITTLE_CHANGE,
                side="both" if r["rule"] == "little" else "up")
        elif r["rule"] == "not below":
            # one-sided, as "does not increase": the interval must exclude a loss beyond the
            # tolerance (the grade-free minus the graded precision, its sign turned)
            loss = little_change_verdict(-r["diff"], r["se"], q_use, LITTLE_CHANGE,
                                         side="up")
            readings[q_use, i] = "down" if loss == "up" else loss
        elif r["rule"] == "sign":
            readings[q_use, i] = {"as stated": "no difference", "up": "Data 1 higher",
                                  "down": "Data 2 higher"}[
                difference_verdict(r["diff"], r["se"], q_use, "none")]
        else:
            readings[q_use, i] = difference_verdict(r["diff"], r["se"], q_use, r["rule"])
    for text, data in dict.fromkeys((r["statement"], r["data"]) for r in specs):
        idx = [i for i, r in enumerate(specs) if r["statement"] == text
               and r["data"] == data and r["rule"] != "info"]
        got = [readings[q_use, i] for i in idx]
        # against "improves little" an "up" is a gain larger than little, which fails it
        kinds = set(got)
        if text == across_data:
            verdict = ("not resolved" if "no difference" in got else
                       "reproduced" if got[0] != got[1] else "against the paper")
        elif text.startswith("w can be"):
            # Figure 13's range of pairs and C are lost: the row with the most pairs and C
            # on validation decides; the paper-range row (C fixed) only says whether more
            # pairs were needed, at either level of the readings
            verdict = {"as stated": "reproduced" if kinds == {"as stated"} else
                       f"reproduced only with more pairs ({specs[idx[-1]]['compared']})",
                       "down": "against the paper"}.get(got[-1], "not resolved")
        elif kinds == {"as stated"}:
            verdict = "reproduced"
        elif kinds & {"opposite", "down", "up", "not close"}:
            verdict = "against the paper"
        else:
            verdict = "not resolved"
        if text.startswith("pairs across lists") and verdict == "reproduced":
            # "requires more pairs for a comparable performance" is read on the precision;
            # where the paper's similarity ends higher across lists, the verdict says so
            g_of = next(g for g in sim.GAIN_SETTINGS if labels[g] == data)
            if stat["different lists", g_of, x_hi]["similarity"] > \
                    stat["pairs", g_of, x_hi]["similarity"]:
                verdict = ("reproduced on the precision (the paper's similarity ends higher "
                           "across lists, Figures 9–10)")
        if text.startswith("performance decreases with noisy grades") and \
                verdict == "reproduced" and grade_c_dependent[
                    next(g for g in sim.GAIN_SETTINGS if labels[g] == data)]:
            verdict = ("reproduced on the paper's protocol; at a fixed C the similarity's "
                       "fall depends on C (Figures 7–8)")
        verdicts[q_use, text, data] = verdict
statement_rows = [{"statement": r["statement"], "data": r["data"], "measure": r["measure"],
                   "compared": r["compared"], "numbers": r["numbers"],
                   "reading": readings[q_verdict, i],
                   "verdict of the sentence": verdicts[q_verdict, r["statement"], r["data"]]}
                  for i, r in enumerate(specs)]
figures.save_table(statement_rows, "001_statements", tolerance={"abs": 0.003, "c": 0.5})
display(Markdown(figures.markdown_table(statement_rows)))
changed = [(t, d) for (qq, t, d), v in verdicts.items()
           if qq == q_verdict and verdicts[q_joint, t, d] != v]
display(Markdown(
    f"$q$ = {q_verdict:.2f} standard errors (Student's $t$, {n_seeds - 1} degrees of "
    f"freedom); the tolerance of \"improves the performance little\" is "
    f"{LITTLE_CHANGE:g} in precision and in similarity. With {n_read} rows read at 1 % "
    f"each, about {0.01 * n_read:.1f} would read "
    f"significant by chance if nothing differed. Read jointly instead ({q_joint:.2f} "
    "standard errors, Bonferroni over the rows), "
    + ("no verdict changes." if not changed else "these verdicts change: " + "; ".join(
        f"{t} ({d.split(':')[0]}): {verdicts[q_verdict, t, d]} → {verdicts[q_joint, t, d]}"
        for t, d in changed) + ".")))

# %% tolerance={"abs": 0.003, "c": 0.5}
by_verdict = {}
for (qq, text, data), v in verdicts.items():
    if qq == q_verdict:
        vj = verdicts[q_joint, text, data]
        by_verdict.setdefault(v if vj == v else f"{v} (at 1 % per row; {vj} jointly)",
                              []).append(f"{text} ({data.split(':')[0]})")
gf = {g: stat["grade-free, C on validation", g, max(grade_free_sizes)] for g in sim.GAIN_SETTINGS}
little = {m: max(r["diff"] + q_verdict * r["se"] for r in specs
                 if r["rule"] == "little" and r["measure"] == m)
          for m in ("precision", "similarity")}
# "does not increase": the largest rise the 99 % intervals leave open, against the growth of
# random pairs of one list over the same range
rise_open = {m: max(r["diff"] + q_verdict * r["se"] for r in specs
                    if r["rule"] == "at most" and r["measure"] == m)
             for m in ("precision", "similarity")}
random_growth = {m: min(stat["pairs", g, x_hi][m] - stat["pairs", g, x_lo][m]
                        for g in sim.GAIN_SETTINGS) for m in ("precision", "similarity")}
# the catalogue's reading of the same sentences, under its own seeds
s5 = proofs_check.run_claim(proofs_check.REGISTRY["S001-S5"])[0]
# the paper's similarity under noisy pairs, C on validation, from both seed sets: the
# catalogue's (the same protocol but for its 500 test pairs, which the similarity does not
# use; its seeds are not this run's) and this run's; pooled as a mean over all the seeds
n_cat = len(inspect.signature(proofs_check.doc001.s001_s5).parameters["seeds"].default)
pooled = {}
for g in sim.GAIN_SETTINGS:
    d_run, se_run, read_run = noisy["noisy pairs", g, "similarity"]
    cat = s5.evidence["differences"][f"falls with noisy pairs ({short[g]}, similarity)"]
    d_cat, se_cat = cat["difference"], cat["s.e. (paired by seed)"]
    w_run, w_cat = n_seeds / (n_seeds + n_cat), n_cat / (n_seeds + n_cat)
    d_pool = w_run * d_run + w_cat * d_cat
    v_run, v_cat = (w_run * se_run) ** 2, (w_cat * se_cat) ** 2
    se_pool = math.sqrt(v_run + v_cat)
    # Welch-Satterthwaite degrees of freedom of the pooled standard error
    dof_pool = (v_run + v_cat) ** 2 / (v_run ** 2 / (n_seeds - 1) + v_cat ** 2 / (n_cat - 1))
    pooled[g] = {
        "run": (d_run, se_run), "catalogue": (d_cat, se_cat, cat["reading"]),
        "apart": abs(d_run - d_cat) / math.hypot(se_run, se_cat),
        "pooled": (d_pool, se_pool),
        "row": difference_verdict(d_pool, se_pool,
                                  checks.statistical_quantile(0.01, dof_pool), "down"),
        "joint": difference_verdict(
            d_pool, se_pool, checks.statistical_quantile(0.01 / n_read, dof_pool), "down")}
read_as = {"as stated": "falls", "opposite": "rises", "not resolved": "is not resolved"}
pooled_text = (
    "The paper's similarity under noisy pairs (C on validation, 5 → 40 reversed pairs), "
    "read over both seed sets: "
    + "; ".join(
        f"{short[g]}: this run {v['run'][0]:+.3f} ± {v['run'][1]:.3f}, the catalogue's "
        f"{n_cat} seeds {v['catalogue'][0]:+.3f} ± {v['catalogue'][1]:.3f} "
        f"({v['catalogue'][2]} there), {v['apart']:.1f} combined standard errors apart; "
        f"pooled over {n_seeds + n_cat} seeds {v['pooled'][0]:+.3f} ± {v['pooled'][1]:.3f}, "
        f"which {read_as[v['row']]} at 1 % and {read_as[v['joint']]} read jointly with the "
        "table's rows"
        for g, v in pooled.items())
    + ". The direction of the fall is therefore "
    + ("supported over both seed sets at 1 % per row, though not jointly, and its size is "
       f"uncertain (the two seed sets' estimates are up to "
       f"{max(v['apart'] for v in pooled.values()):.1f} combined standard errors apart)"
       if all(v["row"] == "as stated" and v["joint"] != "as stated" for v in pooled.values())
       else "supported over both seed sets, even read jointly"
       if all(v["joint"] == "as stated" for v in pooled.values())
       else "not established: the pooled seeds do not resolve it for every data set")
    + ". ")
display(Markdown(
    "Verdicts, sentence by sentence and data set by data set: "
    + "; ".join(f"**{k}**: " + ", ".join(v) for k, v in by_verdict.items()) + ". "
    + "What \"improves the performance little\" means here: the 99 % intervals of the "
      "Hamming margin's rows exclude a gain larger than "
    + " in precision and ".join(f"{little[m]:+.3f}" for m in little)
    + " in similarity, with C fixed or chosen on validation (eq. 5 as printed). "
    + "For pairs against the optimal ranking, the 99 % intervals leave open a rise of up "
      "to "
    + " in precision and ".join(f"{rise_open[m]:+.3f}" for m in rise_open)
    + " in similarity, where random pairs of one list gain at least "
    + " and ".join(f"{random_growth[m]:+.3f}" for m in random_growth)
    + (": far less than random pairs, but not shown to be nothing"
       if all(0 < rise_open[m] < random_growth[m] for m in rise_open) else "")
    + ". "
    + (f"The growth with the training pairs is read within the paper's range ({x_lo} to "
       f"{x_hi} pairs); beyond it, at {n_pairs_large} pairs, the paper's similarity falls "
       + " and ".join(f"{beyond[g, 'similarity'][0]:+.3f} ± {beyond[g, 'similarity'][1]:.3f}"
                      for g in sim.GAIN_SETTINGS)
       + " while the precision rises (Figure 2's text). "
       if all(beyond[g, "similarity"][2] == "down" and beyond[g, "precision"][2] == "up"
              for g in sim.GAIN_SETTINGS) else "")
    + "The grade-free sentence is judged under our protocol only: Figure 13 is lost, so the "
      "paper's range of pairs and its C are unknown; here the grade-free model has 100 free "
      f"weights against the graded model's 50, C = {c_fixed:g} or chosen on validation from "
      f"{grid_text}, and up to {max(grade_free_sizes)} pairs, "
      "where its precision is "
    + ", ".join(f"{gf[g]['precision']:.3f} ± {gf[g]['precision s.e.']:.3f} ({short[g]})"
                for g in sim.GAIN_SETTINGS)
    + ", against the graded model's "
    + ", ".join(f"{stat['pairs', g, x_hi]['precision']:.3f}" for g in sim.GAIN_SETTINGS)
    + f" at {x_hi} pairs (not the same number of pairs). The paper's similarity of the "
      "grade-free model stays at "
    + ", ".join(f"{gf[g]['similarity']:.2f}" for g in sim.GAIN_SETTINGS)
    + ", because on the document code it keeps a constant per document, which no "
      "preference between two rankings of the same ten documents determines; with the "
      "offsets removed it is "
    + ", ".join(f"{gf[g]['offset-free similarity']:.3f}" for g in sim.GAIN_SETTINGS)
    + ". The catalogue's S001-S5 reads the same sentences at the end points of each "
      "figure, under seeds of its own and with its readings corrected for their number "
      "(Bonferroni, so each needs more standard errors than a row here)"
    + (", with C on validation from the same grid"
       if tuple(sorted(c_grid)) == tuple(proofs_check.doc001.C_GRID) else "")
    + ": " + "; ".join(f"{t}: {h}" for t, h in s5.evidence["by sentence"].items())
    + f"; one outcome for the five, {s5.outcome}. " + pooled_text))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S001-S2", "S001-S5"],
                                                              done={"S001-S5": s5}))))

# %% tolerance={"abs": 0.003, "c": 0.5}
printed = [r for r in convention_rows if r["reading of eq. (2)"] == "printed index"]
guide.update(Markdown(reading.reading_guide(
    proofs_check.recorded_rows("001"),
    claims=(
        "Zhou et al. learn DCG's gains and discounts from preference pairs by a QP (eqs. "
        '1, 4 and 6), prove that compatible gains are coherent when there are two grades,'
        ' and report simulations (Sections 6–8, Figures 1–13).'),
    surprise=(
        "read as printed, the ground truth of the paper's own simulations breaks every "
        "ordering constraint of eq. (1); the learned w then points away from it (similarity "
        + ", ".join(f"{r['similarity']:.2f}" for r in printed)
        + ") yet still predicts most test pairs (precision "
        + ", ".join(f"{r['precision (200 pairs)']:.2f}" for r in printed)
        + "), because an equivalent of the printed truth with increasing discounts meets "
          "the constraints; read with the grades in the other order the truth meets them "
          "itself (S001-S1)"),
    section='The binary representation and the grade convention',
    checked_here=False)
    + "\n\nNot confirmed under our protocol is not the same as contradicted: "
    + "; ".join(f"{cid}, {res.evidence['found'].split(':')[0]}"
                + (f" (at 1 % per row this notebook's own run reads {', '.join(opp)} the other "
                   "way, the top estimated less accurately; "
                   + ("jointly too)" if opp_joint == opp else "not jointly)")
                   if cid == "S001-S6" and opp else "")
                for cid, res in (
        [("S001-S5", s5)] + [(r["id"], proofs_check.run_claim(proofs_check.REGISTRY[r["id"]])[0])
                             for r in proofs_check.recorded_rows("001")
                             if r["outcome"] == "not-reproduced" and r["id"] != "S001-S5"]))
    + "."))

# %% [markdown]
# ## About the checks
#
# Every statement this notebook makes about its own numbers (an identity, a bound, a trend
# it asserts) is a check of `companion.checks`, and the last cell lists them; its readings
# of the paper's statements are not (see the end of this paragraph). Exact and
# deterministic statements are checked as such (among them, that the grid of C brackets
# every choice made on validation). The statistical ones (the sign of the similarity under
# each reading of eq. (2), and the true families against their rivals) are each compared
# with their own standard error over seeds, with Student's $t$ quantiles at a false-alarm
# level that splits 10⁻³ for the whole run over all of them (Bonferroni): under any seed,
# a run whose statements hold fails with probability at most 10⁻³. The readings of the
# paper's statements (the table of statements, the top-against-bottom table, the sentences
# built from differences) are descriptions at 1 % each, not checks.
#
# These are Monte Carlo results of trained models. A test pair whose learned utilities
# tie counts one half, and the optimum ties many utilities exactly (every monotonicity
# constraint it makes active), which a solver returns only up to rounding: a tie is
# therefore a difference within the rounding scale of its sum
# (`learn_dcg_simulation.precision`). Two routes to the optimum give the same ties (a
# test holds it), but the last digits of each similarity still move with the CPU (its
# SIMD and BLAS kernels). So the tables are reproduced within half a standard error of each
# mean, each standard error within half of its own sampling error
# ($1/\sqrt{2(n_{seeds} - 1)}$ relative), each figure within half the median standard
# error of its points, and each cell of prose built from them within 0.003 in every
# number it shows (a cell mixes numbers of different standard errors, so one absolute
# tolerance, of the order of the standard errors of the means, serves them all).

# %%
display(Markdown(
    f"The simulations solved {n_fits} QPs of eq. (1) and its variants (plus one per value "
    "of C for every run that chose C on validation) with quadprog through "
    "`rankmeasures.learning.learn_dcg.fit_utility`; the tests solve the same problems with "
    "Clarabel and agree to 1e-7. Each point is `learn_dcg_simulation.run_learning` under "
    "one seed, which records, when it chooses C on validation, the grid's validation "
    "precisions and the cosines between neighbouring fits (what the bracketing check "
    "reads); the offset-free similarity is `identifiability.offset_free_similarity`, the "
    "minimum-norm member `identifiability.min_norm_equivalent`, the readings of "
    "\"improves little\" and \"does not increase\" `verdicts.little_change_verdict` (both "
    "modules of `rankmeasures.learning`), and the claims of the catalogue are "
    "checked by `python -m proofs_check --doc 001`."))

# %%
_ = checks.finish()
