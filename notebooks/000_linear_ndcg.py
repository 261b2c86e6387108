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
# # 000 — Linear NDCG and the pairwise loss, with the missing proof
#
# Jin & Geng define the measure of the ECML/PKDD Discovery Challenge 2010: a DCG whose
# discount is linear in the position, $DCG^\beta_g = \sum_{i=1}^{|S|} r_i(|S|-i)$, and
# claim that its error $\Delta DCG^\beta = DCG^\beta_\pi - DCG^\beta_g$ equals the
# multipartite pairwise loss $R(f) = \sum_{a<b}(b-a)\,\#\{f(x^b) < f(x^a)\}$ (eq. 5).
# The text stops at "Next, we will prove": the proof is missing. This notebook computes
# every quantity with `rankmeasures`, states and checks a complete proof, completes the
# route the paper itself was on (Lemma 1's exchanges, then Theorem 1's thresholds), says
# exactly what happens when scores tie, and sets the classical $NDCG^\alpha$ of eq. (2)
# beside the linear one.

# %%
from IPython.display import Markdown, display

from companion import guide as reading

# the reading guide: filled in at the end of the run, from the claims it has checked
guide = display(Markdown(reading.PLACEHOLDER), display_id=True)

# %% tags=["parameters"]
n_lists = 3000  # random ranked lists per experiment
max_n = 40  # largest list
n_levels = 5  # grades 0..4
seed = 2010

# %%
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown, display

import proofs_check
import rankmeasures as rm
from companion import figures

# %% [markdown]
# ## The definitions on one list
#
# Six documents with grades in $\{0,1,2\}$, ranked by a scoring function $f$. Position
# $i$ weighs $|S| - i$, so the last document counts for nothing.

# %%
grades = np.array([2, 0, 1, 2, 0, 1])
scores = np.array([0.9, 0.8, 0.7, 0.4, 0.3, 0.1])
weights = rm.linear_discount.weights(grades.size)
display(Markdown(figures.markdown_table([
    {"position i": i + 1, "grade r_i": int(g), "weight |S|-i": int(w), "r_i (|S|-i)": int(g * w)}
    for i, (g, w) in enumerate(zip(grades, weights, strict=True))])))
dcg_g = rm.linear_dcg(grades, scores)
dcg_pi = rm.idcg(grades, discount="linear")
summary = [
    {"quantity": "DCG^beta_g", "value": dcg_g},
    {"quantity": "DCG^beta_pi (ideal)", "value": dcg_pi},
    {"quantity": "NDCG^beta", "value": dcg_g / dcg_pi},
    {"quantity": "Delta DCG^beta", "value": rm.delta_dcg_linear(grades, scores)},
    {"quantity": "R(f)", "value": rm.pairwise_loss(grades, scores)},
    {"quantity": "Rhat(f) = R/Z", "value": rm.pairwise_loss(grades, scores, normalized=True)},
]
summary += [{"quantity": f"R_{k}(f)", "value": int(v)}
            for k, v in enumerate(rm.pairwise_loss_levels(grades, scores))]
figures.save_table(summary, "000_example")
display(Markdown(figures.markdown_table(summary)))
assert rm.delta_dcg_linear(grades, scores) == rm.pairwise_loss(grades, scores)
assert rm.pairwise_loss_levels(grades, scores).sum() == rm.pairwise_loss(grades, scores)

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S000-D1"]))))

# %% [markdown]
# ## The missing proof of $\Delta DCG^\beta = R(f)$
#
# 1. $DCG^\beta_g = \sum_i r_{(i)}(|S|-i)$ counts the grade at position $i$ once for each
#    of the $|S|-i$ documents below it: it is the sum, over all pairs of documents, of
#    the grade of the one ranked higher.
# 2. The ideal ranking puts the larger grade on top of every pair, so
#    $DCG^\beta_\pi = \sum_{\text{pairs}} \max(r_u, r_v)$.
# 3. Hence $\Delta DCG^\beta = \sum_{\text{pairs}} (\max - \text{grade on top})$: a pair
#    with the lower grade $a$ on top of the higher grade $b$ costs $b - a$, any other
#    pair costs 0. That is $R(f)$ — provided the ranking puts the higher grade on top
#    whenever two scores tie, because $R$ counts $I[f(x^b) < f(x^a)]$ strictly.
#
# Each step is checked exhaustively by `proofs_check` (claim S000-T0P):

# %%
proof = proofs_check.REGISTRY["S000-T0P"].check()
print(proof.method)
print("steps hold:", proof.evidence["steps_hold"])
assert proof.outcome == "verified"

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S000-T0P"],
    done={"S000-T0P": proof}))))

# %% [markdown]
# ## Ties: which rule makes the identity exact
#
# With tied scores the DCG depends on how ties are broken, while $R(f)$ does not. Let
# $T$ be the sum of $|b-a|$ over pairs with equal scores. Then $\Delta DCG^\beta = R$
# under the optimistic rule (higher grade first), $R + T$ under the pessimistic rule,
# and $R + T/2$ in expectation over uniformly random tie-breaking — which is exactly
# `ties="average"`. The checks below run on random lists whose scores take few values.

# %%
rng = np.random.default_rng(seed)
rows, gaps_avg, half_t, r_distinct, delta_distinct = [], [], [], [], []
for _ in range(n_lists):
    n = int(rng.integers(2, max_n + 1))
    y = rng.integers(0, n_levels, n)
    s = rng.integers(0, max(2, n // 3), n).astype(float)  # many ties
    r_f = rm.pairwise_loss(y, s, n_levels=n_levels)
    t = rm.tied_pair_weight(y, s, n_levels=n_levels)
    assert rm.delta_dcg_linear(y, s, ties="optimistic") == r_f
    assert rm.delta_dcg_linear(y, s, ties="pessimistic") == r_f + t
    avg = rm.delta_dcg_linear(y, s, ties="average")
    assert abs(avg - (r_f + t / 2)) < 1e-9 * max(1.0, avg)
    gaps_avg.append(avg - r_f)
    half_t.append(t / 2)
    s_distinct = rng.permutation(n).astype(float)
    r_distinct.append(rm.pairwise_loss(y, s_distinct))
    delta_distinct.append(rm.delta_dcg_linear(y, s_distinct))
assert r_distinct == delta_distinct

t0 = proofs_check.REGISTRY["S000-T0"].check()
tie_example = t0.evidence["tie_counterexample"]
display(Markdown(figures.markdown_table([
    {"list": "grades (0, 1), scores tied",
     "Delta DCG, input order": tie_example["Delta DCG (input order)"],
     "R(f)": tie_example["R(f)"],
     "Delta DCG, ties averaged": rm.delta_dcg_linear([0, 1], [0.5, 0.5])}])))

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.5), constrained_layout=True)
axes[0].scatter(r_distinct, delta_distinct, s=6, alpha=0.5)
top = max(r_distinct)
axes[0].plot([0, top], [0, top], color="k", lw=0.8)
axes[0].set(xlabel="R(f)", ylabel="Delta DCG^beta", title="distinct scores: on the diagonal")
axes[1].scatter(half_t, gaps_avg, s=6, alpha=0.5, color="C1")
top = max(half_t)
axes[1].plot([0, top], [0, top], color="k", lw=0.8)
axes[1].set(xlabel="T/2 (half the grade gaps of tied pairs)",
            ylabel="E[Delta DCG^beta] - R(f)", title="tied scores: the excess is T/2")
fig.suptitle(f"000: Delta DCG^beta against R(f) on {n_lists} random lists")
figures.save(fig, "000_delta_dcg_vs_r")
plt.show()

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S000-T0"],
    done={"S000-T0": t0}))))

# %% [markdown]
# ## Three normalisations
#
# The DCG error can be normalised three ways: $1 - NDCG^\beta = \Delta DCG^\beta /
# DCG^\beta_\pi$, $R(f)/DCG^\beta_\pi$, and the paper's $\hat R(f) = R(f)/Z$ with $Z$ the
# number of pairs of different grades (eq. 3). By eq. (5) the first two coincide for
# distinct scores; $\hat R$ measures something else (it weighs every inverted pair by
# its grade gap but divides by the plain pair count, so it can exceed 1).

# %%
one_minus, r_over_ideal, r_hat = [], [], []
for _ in range(n_lists):
    n = int(rng.integers(2, max_n + 1))
    y = rng.integers(0, n_levels, n)
    if np.unique(y).size < 2:
        continue
    s = rng.permutation(n).astype(float)
    ideal = rm.idcg(y, discount="linear")
    one_minus.append(1 - rm.ndcg(y, s, discount="linear"))
    r_over_ideal.append(rm.pairwise_loss(y, s) / ideal)
    r_hat.append(rm.pairwise_loss(y, s, normalized=True))
one_minus, r_over_ideal, r_hat = map(np.array, (one_minus, r_over_ideal, r_hat))
assert np.allclose(one_minus, r_over_ideal, rtol=1e-12, atol=1e-15)
display(Markdown(figures.markdown_table([
    {"normalisation": "1 - NDCG^beta", "min": one_minus.min(), "max": one_minus.max()},
    {"normalisation": "R(f) / DCG_pi", "min": r_over_ideal.min(), "max": r_over_ideal.max()},
    {"normalisation": "Rhat(f) = R/Z", "min": r_hat.min(), "max": r_hat.max()},
])))

fig, axes = plt.subplots(1, 2, figsize=(11, 4.5), constrained_layout=True)
axes[0].scatter(r_over_ideal, one_minus, s=6, alpha=0.5)
axes[0].plot([0, 1], [0, 1], color="k", lw=0.8)
axes[0].set(xlabel="R(f) / DCG_pi^beta", ylabel="1 - NDCG^beta",
            title="identical, by eq. (5)")
axes[1].scatter(one_minus, r_hat, s=6, alpha=0.5, color="C2")
axes[1].axhline(1.0, color="k", lw=0.6, ls="--")
axes[1].set(xlabel="1 - NDCG^beta", ylabel="Rhat(f) = R(f) / Z",
            title="the paper's Rhat: another scale, not bounded by 1")
fig.suptitle(f"000: three normalisations of the DCG error ({len(r_hat)} random lists)")
figures.save(fig, "000_normalisations")
plt.show()

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S000-A1"]))))

# %% [markdown]
# ## Theorem 1, the bipartite case and Lemma 1
#
# Theorem 1 splits $R$ into the bipartite losses of the $L-1$ thresholds,
# $R(f) = \sum_{k=0}^{L-2} R_k(f)$: a pair with grades $a < b$ is inverted in $R_k$ for
# each of the $b - a$ thresholds $a \le k < b$. The first table above shows the split on
# the example; `proofs_check` checks it symbolically and exhaustively (S000-T1).
#
# With $m$ relevant and $n$ irrelevant documents, $DCG^\beta_\pi = mn + m(m-1)/2$, and
# any ranking is reached from the ideal one by at most $\min(m, n)$ exchanges.

# %%
bip = [{"m": m, "n": n, "DCG_pi (library)": rm.idcg([1] * m + [0] * n, discount="linear"),
        "mn + m(m-1)/2": m * n + m * (m - 1) // 2}
       for m, n in [(1, 1), (2, 3), (5, 2), (10, 10), (30, 70)]]
display(Markdown(figures.markdown_table(bip)))
assert all(row["DCG_pi (library)"] == row["mn + m(m-1)/2"] for row in bip)
lemma = proofs_check.REGISTRY["S000-L1"].check()
print("Lemma 1:", lemma.method, "->", lemma.outcome,
      "| bound attained for every size:", lemma.evidence["bound_attained_for_every_size"])
assert lemma.outcome == "verified"

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S000-T1", "S000-P1", "S000-E1", "S000-L1"],
    done={"S000-L1": lemma}))))

# %% [markdown]
# ## The paper's own route, completed
#
# The text proves Theorem 1 and Lemma 1 and breaks off; the proof above goes a shorter
# way. The route the paper was on also closes (claim S000-T0R, exhaustive):
#
# 1. *Bipartite, by Lemma 1's exchanges.* With $m$ relevant documents, let the ranking hold
#    $r$ irrelevant ones in the top $m$ positions, at $i_1 < \dots < i_r$, and so $r$
#    relevant ones below, at $j_1 < \dots < j_r$. Exchanging $i_t$ with $j_t$ for every $t$
#    gives the ideal ranking — $r \le \min(m, n)$ exchanges, Lemma 1 — and exchange $t$
#    lifts a relevant document from weight $|S| - j_t$ to $|S| - i_t$. So
#    $\Delta DCG^\beta = \sum_t (j_t - i_t)$, which is the number of inverted pairs $R$.
# 2. *$L$ grades, by Theorem 1's thresholds.* A grade is the number of thresholds it
#    exceeds, $r_i = \sum_k 1[r_i > k]$, and $DCG^\beta$ is linear in the grades, so it is
#    the sum of the bipartite $DCG^\beta_k$ of the threshold labels. The ideal ranking
#    (grades decreasing) is ideal for every threshold at once, hence
#    $\Delta DCG^\beta = \sum_k \Delta DCG^\beta_k = \sum_k R_k = R$ by Theorem 1.
#
# On the example list, threshold by threshold:

# %%
route_rows = []
for k in range(int(grades.max())):
    lab = (grades > k).astype(int)
    m = int(lab.sum())
    i_t = np.flatnonzero(lab[:m] == 0) + 1  # irrelevant in the top m (1-based positions)
    j_t = np.flatnonzero(lab[m:] == 1) + m + 1  # relevant below position m
    route_rows.append({"threshold k": k, "labels 1[r > k]": "".join(map(str, lab)),
                       "exchanges (i_t, j_t)": ", ".join(f"({a}, {b})"
                                                         for a, b in zip(i_t, j_t, strict=True)),
                       "sum (j_t - i_t)": int(np.sum(j_t - i_t)),
                       "Delta DCG_k": rm.delta_dcg_linear(lab, scores),
                       "R_k": int(rm.pairwise_loss_levels(grades, scores)[k])})
display(Markdown(figures.markdown_table(route_rows)))
assert all(r["sum (j_t - i_t)"] == r["Delta DCG_k"] == r["R_k"] for r in route_rows)
assert sum(r["R_k"] for r in route_rows) == rm.delta_dcg_linear(grades, scores)
route = proofs_check.REGISTRY["S000-T0R"].check()
display(Markdown(figures.markdown_table(
    [{"step": k, "holds": v} for k, v in route.evidence["steps"].items()])))
assert route.outcome == "verified" and all(route.evidence["steps"].values())

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S000-T0R"],
    done={"S000-T0R": route}))))

# %% [markdown]
# ## The classical measure beside it: $NDCG^\alpha$ (eq. 2)
#
# The paper contrasts its linear measure with the classical
# $DCG^\alpha = \sum_i (2^{r_i} - 1)/\log_2(i + 1)$ (eq. 2; in `rankmeasures`,
# `gain="exp2", discount="log2"`). The two normalised measures need not agree on which of
# two rankings is better: $NDCG^\alpha$ is dominated by the top positions and by the
# highest grade, $NDCG^\beta$ weighs positions linearly and grades linearly. For one list
# of grades and many random rankings of it, the figure sets one against the other, and the
# table counts the pairs of rankings that the two measures order differently.

# %%
alpha_grades = rng.integers(0, n_levels, 20)
alpha_beta = []
for _ in range(400):
    sc = rng.permutation(alpha_grades.size).astype(float)
    alpha_beta.append((rm.ndcg(alpha_grades, sc, gain="exp2", discount="log2"),
                       rm.ndcg(alpha_grades, sc, discount="linear")))
alpha_beta = np.array(alpha_beta)
pc = rm.pair_counts(alpha_beta[:, 0], alpha_beta[:, 1])
ab_row = {"rankings": len(alpha_beta), "pairs": pc.total,
          "ordered alike": pc.concordant, "ordered differently": pc.discordant,
          "Kendall tau_b": rm.kendall_tau(alpha_beta[:, 0], alpha_beta[:, 1])}
example_alpha = rm.ndcg(grades, scores, gain="exp2", discount="log2")
display(Markdown(figures.markdown_table([ab_row])))
display(Markdown(f"On the six-document example above, $NDCG^\\alpha$ = {example_alpha:.4f} "
                 f"and $NDCG^\\beta$ = {dcg_g / dcg_pi:.4f}; over random rankings of "
                 f"`{alpha_grades.tolist()}` the two measures order "
                 f"{pc.discordant / pc.total:.1%} of the pairs of rankings differently."))
assert 0 < pc.discordant < pc.concordant
fig, ax = plt.subplots(figsize=(5.5, 4.5), constrained_layout=True)
ax.scatter(alpha_beta[:, 1], alpha_beta[:, 0], s=6, alpha=0.6)
ax.set(xlabel="NDCG^beta (linear discount, eq. 1)",
       ylabel="NDCG^alpha (2^r - 1, 1/log2(1+i), eq. 2)",
       title=f"000: two NDCGs of {len(alpha_beta)} random rankings")
figures.save(fig, "000_ndcg_alpha_vs_beta")
plt.show()

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S000-D2"]))))

# %% [markdown]
# ## Every claim of the paper
#
# Two remarks the table makes precise: the printed double sums of eqs. (3), (4), (6) and
# (7) index $x^b_i$ with $i$ running to $|S_a|$ (S000-E2, an erratum of notation), and
# the "normalised" error $\hat R = R/Z$ divides by the number of pairs, not by the largest
# loss, so it exceeds 1 once there are three grades (S000-A1).

# %%
# the checks shown above are not run a second time
claims_000 = proofs_check.document_rows("000", done={
    "S000-T0P": proof, "S000-T0": t0, "S000-L1": lemma, "S000-T0R": route})
assert all(row["outcome"] == row["recorded"] for row in claims_000)
display(Markdown(figures.markdown_table(
    [{k: row[k] for k in ("id", "statement", "outcome", "method")} for row in claims_000])))
guide.update(Markdown(reading.reading_guide(
    claims_000,
    claims=(
        'Jin & Geng define DCG^β with a linear discount and state, without a proof, that '
        'its error DCG^β_π − DCG^β_g equals the pairwise loss R(f) (eq. 5).'),
    surprise=(
        'eq. (5) is exact only when no two items of different grades tie; with ties it '
        "needs a tie rule, and uniform tie-breaking adds half of the tied pairs' grade "
        'gaps (S000-T0)'),
    section='Ties: which rule makes the identity exact')))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S000-E2"], done=claims_000))))
