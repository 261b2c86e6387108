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
# # 003 — The loss functions of the preference-learning tutorial, executed
#
# Fürnkranz & Hüllermeier's tutorial slides ("Loss Functions") define a dozen measures
# between a target ranking $r$ and a predicted ranking $\hat r$ and illustrate them on
# one example: $X = \{A, B, C, D, E\}$, target $E \succ B \succ C \succ A \succ D$,
# predicted $A \succ B \succ E \succ C \succ D$. This notebook computes every measure
# with `rankmeasures`, sets each value beside the number printed on the slides, and shows
# the verdict of `proofs_check`. Three pictures of the slides are lost (the bipartite,
# multipartite and gamma examples), and their printed numbers fit more than one picture, so
# none can be reconstructed. For the bipartite and multipartite examples the notebook shows
# that the numbers are consistent with each other, how many targets fit them, and the one
# target that fits under two assumptions it states; for the gamma example, its arithmetic
# and one partial order that fits.

# %%
from IPython.display import Markdown, display

from companion import guide as reading

# the reading guide: filled in at the end of the run, from the claims it has checked
guide = display(Markdown(reading.PLACEHOLDER), display_id=True)

# %% tags=["parameters"]
n_items = 10  # size of the random rankings in the disagreement figure
n_random = 2000  # number of random predicted rankings
seed = 20100920  # ECML/PKDD 2010, where the tutorial was given

# %%
import itertools

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown, display
from scipy import stats
from sklearn.metrics import ndcg_score

import proofs_check
import rankmeasures as rm
from companion import checks, figures

# every check of this notebook is deterministic (identities, enumerations, printed
# numbers): exact, or to the rounding of floating-point sums
checks.begin("003", statistical=0)

# %% [markdown]
# ## The worked example
#
# Rankings are rank vectors over the items A–E (1 = top). The slides' $R(i)$ is the true
# rank of the item predicted at position $i$.

# %%
items = "ABCDE"
r = rm.ranks_from_order("E>B>C>A>D", items)
r_hat = rm.ranks_from_order("A>B>E>C>D", items)
big_r = [int(r[np.flatnonzero(r_hat == i)[0]]) for i in range(1, 6)]
display(Markdown(figures.markdown_table([
    {"item": x, "r(x)": int(r[i]), "r_hat(x)": int(r_hat[i]),
     "|r - r_hat|": abs(int(r[i] - r_hat[i]))}
    for i, x in enumerate(items)])))
print("R(i) for i = 1..5:", big_r)

# %% [markdown]
# Each measure, computed, next to the value printed on the slides (logarithms natural: the
# slides give no base). The discounted error is printed as
# $3/\log 2 + 1/\log 4 + 2/\log 6$; the slide's own definition $w_i = 1/\log(r(x_i)+1)$
# gives $3/\log 5 + 1/\log 4 + 2/\log 2$, and the printed terms are those of the weights
# $1/\log(i + 1)$ with $i$ the index of $x_i$ in $X$ (claim S003-E7, its evidence below the
# table).

# %%
suite = rm.measure_suite(r, r_hat)
printed = {
    "footrule": 6,
    "spearman_distance": 14,
    "kendall_distance": 4,
    "position_error": 2,
    "discounted_error": 3 / np.log(2) + 1 / np.log(4) + 2 / np.log(6),
}
claim_of = {"footrule": "S003-E1", "spearman_distance": "S003-E2",
            "kendall_distance": "S003-E4", "position_error": "S003-E6",
            "discounted_error": "S003-E7"}
example_rows = [
    {"measure": name, "computed": float(value),
     "printed": float(printed[name]) if name in printed else "",
     "agrees": ("yes" if abs(value - printed[name]) < 1e-12 else "NO") if name in printed else "",
     "claim": claim_of.get(name, "")}
    for name, value in suite.items()
]
figures.save_table(example_rows, "003_example_measures")
display(Markdown(figures.markdown_table(
    example_rows, digits=4)))
e7 = proofs_check.run_claim(proofs_check.REGISTRY["S003-E7"])[0]
display(Markdown(figures.markdown_table([
    {"discounted error": "printed on the slide", "terms": e7.evidence["printed"],
     "value (natural log)": f"{e7.evidence['printed_value']:.4f}"},
    {"discounted error": "by the definition, w_i = 1/log(r(x_i) + 1)",
     "terms": e7.evidence["corrected"],
     "value (natural log)": f"{e7.evidence['corrected_value']:.4f}"},
    {"discounted error": "weights 1/log(i + 1), i the index of x_i in X",
     "terms": e7.evidence["index_weighted"],
     "value (natural log)": "the printed sum" if e7.evidence["index_weighted_equals_printed"]
     else "not the printed sum"}])))

# %% [markdown]
# The agreements the table reports are asserted, and the one disagreement is the erratum:

# %%
for name in ("footrule", "spearman_distance", "kendall_distance", "position_error"):
    checks.check("example-agrees", suite[name] == printed[name],
                 f"{name} on the example equals the slides' printed value")
checks.check("discounted-error-printed-differs",
             abs(suite["discounted_error"] - printed["discounted_error"]) > 0.5,
             "the slides' printed discounted error is not the value of their definition")
# 1e-12: the library and this line sum the same three logarithms in different orders
checks.check("discounted-error-by-definition",
             abs(suite["discounted_error"] - (3 / np.log(5) + 1 / np.log(4) + 2 / np.log(2)))
             < 1e-12, "the discounted error is 3/log 5 + 1/log 4 + 2/log 2 by the definition")
# Spearman's rho and Kendall's tau from the distances, as the slides define them
c = len(items)
checks.check("rho-from-distance",
             abs(suite["spearman_rho"] - (1 - 6 * suite["spearman_distance"] / (c * (c * c - 1))))
             < 1e-12, "Spearman's rho = 1 - 6 D_S / (c(c^2 - 1))")
checks.check("discounted-error-index-weights",
             e7.evidence["index_weighted_equals_printed"],
             "the printed discounted error is the sum with weights by the index of x_i in X "
             "(sympy), not by the rank")
_ = checks.check("tau-from-distance",
                 abs(suite["kendall_tau"]
                     - (1 - 4 * suite["kendall_distance"] / (c * (c - 1)))) < 1e-12,
                 "Kendall's tau = 1 - 4 D_tau / (c(c - 1))")

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S003-N1", "S003-E1", "S003-E2", "S003-E4", "S003-E6", "S003-E7"],
    done={"S003-E7": e7}, below=True))))

# %% [markdown]
# ## Every claim of the slides, checked
#
# `proofs_check` holds one check per claim (exact sympy where there is algebra,
# exhaustive enumeration where the claim is about small rankings). The outcomes follow
# the rules the claims report states once ([figures/claims.md](../../figures/claims.md)):
# an *erratum* is something the slides print that is false, with the correction shown.

# %%
# the checks whose evidence the sections show, run once and reused by the table
shown = {cid: proofs_check.run_claim(proofs_check.REGISTRY[cid])[0]
         for cid in ("S003-W1", "S003-E8", "S003-R1", "S003-R2", "S003-E9", "S003-A1",
                     "S003-E10", "S003-M3", "S003-H1", "S003-G1", "S003-G2",
                     "S003-D2")}
shown["S003-E7"] = e7
claims_003 = proofs_check.document_rows("003", done=shown)
checks.check("outcomes-as-recorded",
             all(row["outcome"] == row["recorded"] for row in claims_003),
             "every check of the slides finds the outcome the catalogue records")
display(Markdown(figures.markdown_table(
    [{k: row[k] for k in ("id", "statement", "outcome", "method")} for row in claims_003])))
# why each claim could not be checked, from its row (the guide refuses a claim left out)
unchecked = [r for r in claims_003 if r["outcome"] == "not-checkable"]
guide.update(Markdown(reading.reading_guide(
    claims_003,
    not_checkable={
        "a definition": [r["id"] for r in unchecked if r["method"] == "definition"],
        "a remark on methods": [r["id"] for r in unchecked
                                if r["method"] == "a remark on methods"],
        "examples whose pictures are lost": [r["id"] for r in unchecked
                                             if "(picture lost)" in r["statement"]]},
    claims=(
        "The tutorial's slides define a dozen losses and correlations between rankings "
        '(Spearman, Kendall, gamma, position and discounted errors, DCG) and evaluate '
        'them on one worked example.'),
    surprise=(
        "the worked example's discounted error is printed with the wrong terms (S003-E7); "
        'and, in the subsection *Value ranges*, the maximum of the Spearman distance has the '
        'right value but the wrong sum (S003-R1)'),
    section='The worked example')))

# %% [markdown]
# ### Weighted errors, DCG, and its attribution
#
# The weighted-measures part opens on the slide "Weighted Ranking Errors": the measures so
# far give equal weight to all positions, so they charge a swap of the last two items what
# they charge a swap of the first two. Its DCG, $\sum_i (c - R(i))/\log(i + 1)$, has the
# IDCG $\sum_i (c - i)/\log(i + 1)$ as its maximum, reached where $R(i) = i$.

# %%
w1, e8 = shown["S003-W1"], shown["S003-E8"]
swaps = w1.evidence["unweighted"]
swap_names = {"footrule": "the footrule", "spearman": "the Spearman distance",
              "kendall": "the Kendall distance"}
de_bottom, de_top = w1.evidence["weighted_for_contrast"]["discounted_error"]
checks.check("S003-W1", all(a == b for a, b in swaps.values()) and de_bottom != de_top,
             "footrule, Spearman and Kendall distance charge the bottom swap what they charge "
             "the top swap; the discounted error does not")
checks.check("S003-E8", e8.evidence["maximum_equals_IDCG"]
             and e8.evidence["only_the_identity_attains_it"],
             "the slide's DCG is at most its IDCG, attained only by the identity (every "
             "permutation enumerated)")
display(Markdown(
    "The slide's two pairs, $D(ABCED, ABCDE)$ and $D(ABCDE, BACDE)$: "
    + ", ".join(f"{swap_names[name]} {a} and {b}" for name, (a, b) in swaps.items())
    + f" (S003-W1); the discounted error, for contrast, {de_bottom:.4f} and {de_top:.4f}. "
    "The DCG of the weighted-measures part reaches its IDCG at the identity and nowhere else "
    f"on every permutation of up to {e8.evidence['largest c']} items (S003-E8)."))

# %% [markdown]
# The slides define DCG twice. The weighted-measures part uses the gain $c - R(i)$; the
# bipartite part uses $\sum_i l(i)/\log(i+1)$, with $l(i)$ the level of the item the
# prediction puts at position $i$ (on the C-index slide $l(i)$ is the level of item $x_i$:
# the same letter, two indexings). The slide gives the second under "[Järvelin &
# Kekäläinen, 2002] – The original formulation of (normalized) discounted cumulative gain
# refers to this setting". Read literally, the sentence attributes only the setting of
# graded levels to them, and that is right; the catalogue reads the formula displayed
# under the citation as attributed too, and on that reading the formula is not theirs.
# Their definition (Järvelin & Kekäläinen 2002, ACM TOIS 20(4), §2.2, eq. (2), p. 425,
# read in the paper: the slides give only the citation, and the seeds only the article's
# pages, 422–446) leaves the positions below the logarithm's base $b$ undiscounted and
# divides by $\log_b i$ from position $b$ on. Their SIGIR 2000 paper, "IR evaluation
# methods for retrieving highly relevant documents" (which seeds 001 and 004 cite), first
# defined the (D)CG, with the same recursion as far as we know (no copy is in the seeds),
# so the reading does not depend on which of the two "the original formulation" means. The
# slide's form divides every position, from the first, by $\log(i + 1)$, the later
# convention: trec_eval's `ndcg` computes it from release 9.0.4 (changelog of 2012) to
# 10.0, whose `m_ndcg.c` divides by $\log_2(i + 2)$ for a 0-based $i$, while the 9.0 alpha
# releases of 2008 computed J&K's base-2 original (ranks 1 and 2 undiscounted, then
# $1/\log_2 i$); the releases between are not in NIST's repository. No
# base makes the two one formula, whether both weights take
# one base or each its own (position 1 fixes the slide's base at 2, position 2 then J&K's
# at $2^{\log_3 2}$, and position 3 parts them); with $b = 2$ the original weighs position
# $i \ge 2$ as the slide weighs $i - 1$ (claim S003-D2). This erratum, like S003-M3 below,
# is one of attribution -- which name a formula goes under -- not of mathematics, unlike
# S003-R1 and S003-E7. The weights of the first positions, base 2:

# %%
d2 = shown["S003-D2"]
positions = np.arange(1, 7)
jk_weights = np.where(positions < 2, 1.0, 1.0 / np.log2(np.maximum(positions, 2)))
slide_weights = 1.0 / np.log2(positions + 1.0)
display(Markdown(figures.markdown_table([
    {"position i": int(i), "Järvelin & Kekäläinen, b = 2": f"{a:.4f}",
     "the slide, 1/log2(i + 1)": f"{b:.4f}"}
    for i, a, b in zip(positions, jk_weights, slide_weights, strict=True)])))
checks.check("jk-shifted", np.allclose(jk_weights[1:], slide_weights[:-1], rtol=0, atol=1e-15)
             and jk_weights[1] != slide_weights[1],
             "J&K's base-2 weight at position i >= 2 is the slide's at i - 1; at position 2 "
             "they differ")
two_bases = d2.evidence["two bases: J&K's base forced by position 2, and position 3"]
_ = checks.check("S003-D2", d2.evidence["bases where the weights agree at position 1"] == ["2"]
                 and len(two_bases) == 1 and all(v["differ"] for v in two_bases.values())
                 and d2.evidence["J&K (b = 2) at i = the slide's at i - 1, i >= 2"],
                 "no base, shared or one for each weight, makes the slide's DCG the J&K "
                 "original (sympy)")

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S003-W1", "S003-E8", "S003-D1", "S003-D2"], done=claims_003))))

# %% [markdown]
# ### Value ranges
#
# The slide's maximum of the Spearman distance, $\sum_{i=1}^{c}((c-i)-i)^2 = c(c^2-1)/3$,
# has the right value but the wrong sum: the reversal puts item $i$ at position
# $c+1-i$. The sum as printed evaluates to the expression below.

# %%
r1 = shown["S003-R1"]
maxima = r1.evidence["exhaustive_maxima"]
checks.check("spearman-maxima", all(maxima[c] == c * (c * c - 1) // 3 for c in maxima),
             "the largest Spearman distance over all permutations is c(c^2 - 1)/3 for every c "
             "enumerated")
display(Markdown(figures.markdown_table([
    {"form": "printed sum", "closed form": r1.evidence["printed_sum"]},
    {"form": "corrected sum", "closed form": r1.evidence["corrected_sum"]},
    {"form": "stated value", "closed form": r1.evidence["closed_form"]},
])))
r2 = shown["S003-R2"]
display(Markdown(
    "The other ranges of these slides hold: Spearman's $\\rho$ and Kendall's $\\tau$ lie in "
    "$[-1, 1]$ and $D_\\tau$ in $[0, c(c-1)/2]$, each bound attained, on every permutation "
    f"of $c$ items for $2 \\le c \\le {r2.evidence['largest c']}$ (S003-R2)."))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S003-R1", "S003-R2"], done=claims_003))))

# %% [markdown]
# ### The lost bipartite and multipartite examples
#
# The bipartite slide prints $D_\tau = 2$ and AUC $= 4/6$, the multipartite slide
# $D_\tau = 3$ and C-index $= 5/8$; the pictures of the target and the predicted ranking
# they were computed on are lost. With a total predicted ranking every preference is
# either kept or inverted, so AUC and C-index are $1 - D_\tau/\#\text{preferences}$ (the
# argument of claim S003-A1, stated there for the AUC; for the C-index it is the same
# count): each printed pair fixes the number of preferences (the table), which five items
# allow. The catalogue reconstructs a lost example only if
# exactly one reconstruction fits. Here many do, and one is singled out only under two
# assumptions the slides do not state: (a) the lost pictures keep the predicted ranking
# $A \succ B \succ E \succ C \succ D$ of the earlier slides, and (b) their levels cut the
# target $E \succ B \succ C \succ A \succ D$ into consecutive blocks, top level first.
# The counts, from an enumeration of every target and every predicted ranking:

# %%
e9 = shown["S003-E9"].evidence
e10 = shown["S003-E10"].evidence
fit_rows = [
    {"example": "bipartite: D_tau = 2, AUC = 4/6",
     "preferences fixed": e9["preferences fixed by the numbers (AUC = 1 - D_tau / c_1 c_0)"],
     "(target, prediction) pairs": e9["(target, predicted ranking) pairs fitting"],
     "targets under (a)": len(e9["targets fitting with A>B>E>C>D (assumption a)"]),
     "targets under (a) and (b)": ", ".join(
         e9["of those, the top of E>B>C>A>D (assumption b)"])},
    {"example": "multipartite: D_tau = 3, C-index = 5/8",
     "preferences fixed":
         e10["preferences fixed by the numbers (C-index = 1 - D_tau / #preferences)"],
     "(target, prediction) pairs": e10["(target, predicted ranking) pairs fitting"],
     "targets under (a)": e10["targets fitting with A>B>E>C>D (assumption a)"],
     "targets under (a) and (b)": ", ".join(
         e10["of those, blocks of E>B>C>A>D (assumption b)"])}]
display(Markdown(figures.markdown_table(fit_rows)))
checks.check("bipartite-unique", e9["of those, the top of E>B>C>A>D (assumption b)"] == ["BE"],
             "under assumptions (a) and (b) one bipartite target fits D_tau = 2, AUC = 4/6: "
             "positives {E, B}")
checks.check("multipartite-unique",
             e10["of those, blocks of E>B>C>A>D (assumption b)"] == ["(EB)(C)(AD)"],
             "under assumptions (a) and (b) one target with levels fits D_tau = 3, "
             "C-index = 5/8: {E, B} > {C} > {A, D}")
checks.check("lost-examples-ambiguous",
             len(e9["targets fitting with A>B>E>C>D (assumption a)"]) > 1
             and e10["targets fitting with A>B>E>C>D (assumption a)"] > 1,
             "without assumption (b) more than one target fits each lost example")
bip = np.isin(np.arange(5), [items.index("E"), items.index("B")]).astype(int)
multi = np.array([0, 2, 1, 0, 2])  # levels of A..E: {E, B} > {C} > {A, D}
scores = -r_hat.astype(float)
recon_rows = [
    {"example": "bipartite {E,B} > {A,C,D}", "D_tau": rm.kendall_distance(bip, scores),
     "AUC / C-index": rm.auc(bip, scores),
     "1 - normalised D_tau": 1 - rm.kendall_distance(bip, scores, normalize=True)},
    {"example": "multipartite {E,B} > {C} > {A,D}", "D_tau": rm.kendall_distance(multi, scores),
     "AUC / C-index": rm.c_index(multi, scores),
     "1 - normalised D_tau": 1 - rm.kendall_distance(multi, scores, normalize=True)},
]
checks.check("reconstructions-give-the-printed-values",
             rm.auc(bip, scores) == 4 / 6 and rm.c_index(multi, scores) == 5 / 8,
             "the targets singled out by (a) and (b) give AUC = 4/6 and C-index = 5/8 as "
             "printed")
display(Markdown(figures.markdown_table(
    recon_rows, digits=4)))
a1 = shown["S003-A1"].evidence
tie = a1["a tie breaks it (labels [1, 0], scores [1, 1])"]
tie_strict, tie_half = (tie["AUC, the slide's strict count s(p) > s(n)"],
                        tie["AUC, the library's (a tie counts 1/2)"])
checks.check("a1-needs-a-total-ranking",
             tie_strict != tie["1 - normalised D_tau"]
             and tie_half != tie["1 - normalised D_tau"],
             "with a positive tied with a negative, neither AUC is 1 - normalised D_tau")
display(Markdown(
    "The two examples are therefore *not checkable* (S003-E9, S003-E10): the printed "
    "numbers are consistent with each other, and the targets above, which assumptions (a) "
    "and (b) single out, give them; the lost pictures may have been others. The identity "
    "AUC $= 1 -$ normalised $D_\\tau$ is checked on its own, on every bipartite target "
    f"and every total predicted ranking of up to {a1['largest c']} items "
    f"({a1['cases']} cases, S003-A1). It needs the ranking total: one positive tied with "
    "one negative is neither ordered right nor inverted, so $1 -$ normalised $D_\\tau$ = "
    f"{tie['1 - normalised D_tau']:g}, while the AUC is "
    f"{tie_strict:g} by the slide's strict count and {tie_half:g} with a tie counted 1/2."))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S003-B1", "S003-E9", "S003-A1", "S003-M1", "S003-E10"], done=claims_003))))

# %% [markdown]
# The bound of S003-M1, $\sum_{i<j} c_ic_j \le (c^2/2)(1 - 1/l)$, holds for every $l$
# and $c$: $\sum_{i<j} c_ic_j = (c^2 - \sum_i c_i^2)/2$ and $\sum_i c_i^2 \ge c^2/l$ by
# Cauchy–Schwarz.
#
# The multipartite slide takes $l < c$ levels and then calls a total ranking the special
# case with one item per level, that is $l = c$: the bound is meant for $l \le c$ (it holds
# there too).
#
# ### Identities between measures
#
# On the multipartite target singled out above, the C-index is the $c_ic_j$-weighted mean
# of the pairwise AUCs and the m-AUC their plain mean (claim S003-M2; the library counts a
# score tie 1/2 in the C-index and in each AUC, the slides count strictly, and the two
# agree on total rankings such as this one). The slide calls the plain mean the
# Jonckheere–Terpstra statistic, "an *unweighted* sum of pairwise AUCs". That statistic is
# the sum over pairs of levels $i < j$ of the Mann–Whitney counts
# $U_{ij} = c_ic_j\,\mathrm{AUC}_{ij}$: the *weighted* sum of the normalised AUCs, which
# divided by its maximum $\sum c_ic_j$ is the C-index. Read with the count $U_{ij}$ for
# "AUC" (the tutorial calls the Mann–Whitney statistic the AUC's "absolute number"
# version two slides earlier), the slide's words are right: JT is the unweighted sum of the
# $U_{ij}$. What is wrong is the formula displayed under them, which averages the
# normalised AUCs: that is the m-AUC, not JT (claim S003-M3, an erratum of attribution).
# The table computes the statistic with scipy's Mann–Whitney $U$.
#
# The slide's note adds that C-index and m-AUC "can be optimized by optimization of
# pairwise AUCs", a remark on learning methods with no method on the slides (claim S003-O1,
# not checkable), and that they are "equivalent to" Hand & Till's multi-class AUC
# $M = \frac{2}{l(l-1)}\sum_{i<j}\hat A(i, j)$ (claim S003-H1). Hand & Till's pairwise term
# $\hat A(i, j) = [A(i|j) + A(j|i)]/2$ is built from a score per class, $\hat p(i|x)$,
# which a ranking does not have. The m-AUC has the form of $M$ with $\hat A(i, j)$ replaced
# by the AUC of the ranking's one score on levels $i$ and $j$; with two levels the two are
# the same AUC. The C-index, which weighs the pairs by $c_ic_j$, has that form only with
# two levels or with levels of one size. Computed instead with per-class scores made from
# the one score (scikit-learn's one-vs-one AUC, which its documentation gives as Hand &
# Till's $M$), $M$ differs from the m-AUC on random lists (the table below). No other
# per-class score made from the one score $s$ would do better, term by term: for a middle
# level, $A(\mathrm{mid}|\mathrm{low})$ equal to the ranking's AUC needs
# $\hat p(\mathrm{mid}|x)$ to increase with $s$, and $A(\mathrm{mid}|\mathrm{high})$ equal
# to it needs $\hat p(\mathrm{mid}|x)$ to decrease with $s$; one function of $s$ does both
# only where the levels' scores do not overlap (argued in the claim's evidence, not
# computed). So the remark holds under an unstated reading, and for the C-index an
# unstated condition: *needs-assumption*.
#
# For total rankings gamma equals Kendall's tau — with $d$ counting the *agreeing*
# pairs, which is the opposite of the slide's set definitions (claim S003-G1).

# %%
pa = rm.pairwise_aucs(multi, scores)
weighted = sum(a * w for a, w in pa.values()) / sum(w for _, w in pa.values())
# 1e-15: sums of a few ratios of small integers, in different orders
checks.check("c-index-weighted-mean", abs(weighted - rm.c_index(multi, scores)) < 1e-15,
             "the C-index is the c_i c_j-weighted mean of the pairwise AUCs")
checks.check("m-auc-plain-mean",
             abs(rm.m_auc(multi, scores) - np.mean([a for a, _ in pa.values()])) < 1e-15,
             "the m-AUC is the plain mean of the pairwise AUCs")
# the Jonckheere-Terpstra statistic: scipy's Mann-Whitney U of every pair of levels, the
# higher level first (its U counts the pairs it puts above the lower one, ties 1/2)
jt = sum(float(stats.mannwhitneyu(scores[multi == hi], scores[multi == lo],
                                  method="asymptotic").statistic)
         for lo, hi in itertools.combinations(np.unique(multi), 2))
pairs_multi = sum(w for _, w in pa.values())
display(Markdown(figures.markdown_table([
    {"Jonckheere-Terpstra JT": f"{jt:g}", "sum c_i c_j": pairs_multi,
     "JT / sum c_i c_j": f"{jt / pairs_multi:.4f}",
     "C-index": f"{rm.c_index(multi, scores):.4f}", "m-AUC": f"{rm.m_auc(multi, scores):.4f}"}])))
checks.check("jt-is-c-index", abs(jt / pairs_multi - rm.c_index(multi, scores)) < 1e-15
             and abs(jt - sum(a * w for a, w in pa.values())) < 1e-12,
             "the Jonckheere-Terpstra statistic is sum c_i c_j AUC_ij; normalised, the C-index")
checks.check("jt-not-m-auc", abs(jt / pairs_multi - rm.m_auc(multi, scores)) > 0.01,
             "normalised, the Jonckheere-Terpstra statistic is not the m-AUC on this target")
h1 = shown["S003-H1"].evidence
h1_differ, h1_lists = (int(v) for v in h1["per-class scores exp(i s): lists where Hand & "
                                          "Till's M (scikit-learn) differs from the m-AUC"]
                       .split(" of "))
h1_example = h1["the multipartite example {E,B} > {C} > {A,D}"]
checks.check("hand-till-reading",
             h1["two levels: largest |m-AUC - AUC|, |C-index - AUC| (scikit-learn)"] < 1e-12
             and h1["equal level sizes: largest |C-index - m-AUC|"] < 1e-12
             and h1_differ > 0 and h1_example["C-index"] != h1_example["m-AUC"],
             "two levels: m-AUC and C-index are the AUC (Hand & Till's M); equal level sizes: "
             "C-index = m-AUC; per-class scores from one score: M differs from the m-AUC on "
             "some lists; the example's C-index is not its m-AUC")
display(Markdown(figures.markdown_table([
    {"case": "two levels, random lists",
     "reading": "m-AUC and C-index against scikit-learn's AUC (Hand & Till's M)",
     "result": f"largest difference "
               f"{h1['two levels: largest |m-AUC - AUC|, |C-index - AUC| (scikit-learn)']:.1e}"},
    {"case": "three or four levels of equal size",
     "reading": "C-index against m-AUC",
     "result": f"largest difference {h1['equal level sizes: largest |C-index - m-AUC|']:.1e}"},
    {"case": "three or four levels, unequal sizes",
     "reading": "Hand & Till's M (scikit-learn, per-class scores exp(i s) normalised) "
                "against the m-AUC",
     "result": f"differs on {h1_differ} of {h1_lists} lists, by up to "
               f"{h1['largest |M - m-AUC|']:.3f}"},
    {"case": "the multipartite example",
     "reading": "C-index against m-AUC",
     "result": f"{h1_example['C-index']:.4f} against {h1_example['m-AUC']:.4f}"}])))
g1 = shown["S003-G1"].evidence
checks.check("gamma-sign-flipped",
             g1["gamma_with_the_formulas_as_printed"] == -g1["kendall_tau"],
             "the slide's set definitions of d and dbar give minus Kendall's tau")
checks.check("gamma-equals-tau", abs(suite["gamma"] - suite["kendall_tau"]) < 1e-15,
             "gamma, with d the agreeing pairs, equals Kendall's tau on the worked example "
             "(on all 120 predictions below)")
display(Markdown(figures.markdown_table(
    [{"levels": f"{int(a)} vs {int(b)}", "AUC": f"{auc_ab:.4g}", "weight c_i c_j": w}
     for (a, b), (auc_ab, w) in pa.items()])))

# %%
g2 = shown["S003-G2"].evidence
illus = g2["illustration"]
# the slide's section is about partial predictions: gamma is symmetric in its arguments, so
# the same order read with the roles swapped is a total target and an abstaining prediction
gamma_swapped = rm.goodman_kruskal_gamma(illus["predicted"], illus["target"])
checks.check("gamma-roles-swapped", abs(gamma_swapped - illus["gamma"]) < 1e-15,
             "gamma is the same with the target and the prediction swapped")
display(Markdown(
    "The gamma slide's example, $(2 - 1)/(2 + 1) = 1/3$, comes from a lost picture too: its "
    "counts $d = 2$, $\\bar d = 1$ fit many partial orders, and the slide's $d$ is both "
    "'the number of correctly ranked pairs' and the Kendall distance, which counts the "
    "inverted ones (claim S003-G1). Claim S003-G2 is therefore not checkable; its "
    "arithmetic gives "
    f"{g2['arithmetic (2 - 1)/(2 + 1)']}, and one partial order with these counts, as an "
    f"illustration: target levels {g2['illustration']['target']} (the first item above "
    f"three tied ones), predicted scores {g2['illustration']['predicted']}, "
    f"{g2['illustration']['agreeing']} agreeing and {g2['illustration']['inverted']} "
    f"inverted pair, gamma = {g2['illustration']['gamma']:.4f}. Here the target is the "
    "partial order, while the slide's section is about partial *predictions* (ranking with "
    "abstention); gamma is symmetric in its two arguments, so the roles can be swapped: a "
    f"total target {illus['predicted']} and a prediction {illus['target']} that abstains "
    f"on the three pairs of its tied items give gamma = {gamma_swapped:.4f} as well."))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S003-M2", "S003-M3", "S003-O1", "S003-H1", "S003-G1", "S003-G2"],
    done=claims_003))))

# %% [markdown]
# ## How the measures disagree
#
# Over all $5! = 120$ predicted rankings of the example's items, and over random
# rankings of more items, the measures order the predictions differently, unless one is
# a strictly monotone function of another. Some are: on total rankings the Jaccard
# coefficient of the two preference sets (the slide "Evaluating Partial Structures"), with
# $N = c(c-1)/2$ preferences in each and $D$ of them inverted, is $(N - D)/(N + D)$, a
# strictly decreasing function of the Kendall distance, as Kendall's tau and gamma are.
# The matrix shows Kendall's $\tau_b$ between the measures' values (distances negated so
# that larger is better everywhere); the values are checked against scipy and
# scikit-learn first. Every prediction counts alike (all 120 on the left, uniformly random
# ones on the right): predictions close to the target, where a learner's outputs lie, are
# not sampled on their own, so the agreements describe the whole space of rankings, not
# that corner of it.

# %%
target = np.arange(1, 6)
perms = [np.array(p) for p in itertools.permutations(range(1, 6))]
table_120 = [rm.measure_suite(target, p) for p in perms]
rng = np.random.default_rng(seed)
target_n = np.arange(1, n_items + 1)
random_preds = [rng.permutation(n_items) + 1 for _ in range(n_random)]
table_rand = [rm.measure_suite(target_n, p) for p in random_preds]

# peers: Spearman's rho and Kendall's tau against scipy, the tutorial's NDCG against
# scikit-learn's ndcg_score with gains c - r(x)
for p, row in zip(perms, table_120, strict=True):
    checks.check("rho-vs-scipy",
                 abs(row["spearman_rho"] - stats.spearmanr(target, p).statistic) < 1e-12,
                 f"Spearman's rho equals scipy's for the prediction {p.tolist()}")
    checks.check("tau-vs-scipy",
                 abs(row["kendall_tau"] - stats.kendalltau(target, p).statistic) < 1e-12,
                 f"Kendall's tau equals scipy's for the prediction {p.tolist()}")
    checks.check("ndcg-vs-sklearn", abs(row["ndcg"] - ndcg_score([5 - target], [-p])) < 1e-12,
                 f"NDCG equals scikit-learn's for the prediction {p.tolist()}")
    n_pref = len(target) * (len(target) - 1) // 2
    checks.check("jaccard-from-kendall",
                 abs(row["preference_jaccard"] - (n_pref - row["kendall_distance"])
                     / (n_pref + row["kendall_distance"])) < 1e-12,
                 f"the preference Jaccard is (N - D)/(N + D) for the prediction {p.tolist()}")

# %%
names = list(table_120[0])
sign = {n: -1.0 for n in ("footrule", "spearman_distance", "kendall_distance",
                          "position_error", "discounted_error")}
agreement, values = {}, {}
rand_label = f"{n_random} random permutations of {n_items}"
for label, tab in (("all 120 permutations of 5", table_120), (rand_label, table_rand)):
    values[label] = {n: sign.get(n, 1.0) * np.array([row[n] for row in tab]) for n in names}
    agreement[label] = np.array([[rm.kendall_tau(values[label][a], values[label][b])
                                  for b in names] for a in names])

# On total rankings several measures are strictly monotone functions of one another
# (Kendall's tau, gamma, the Kendall distance and the Jaccard coefficient of the
# preference sets, (N - D)/(N + D) with N = c(c-1)/2; Spearman's rho and the Spearman
# distance), so their rows coincide: each group is shown once, under all its names.
full = agreement["all 120 permutations of 5"]
groups = []
for i in range(len(names)):
    for g in groups:
        if all(np.allclose(m[i], m[g[0]], rtol=0, atol=1e-12) for m in agreement.values()):
            g.append(i)
            break
    else:
        groups.append([i])
keep = [g[0] for g in groups]
# "~": the measures of a group are strictly monotone functions of one another (they
# order the predictions alike), not equal values
group_labels = [" ~ ".join(names[i] for i in g) for g in groups]
# the right panel is a Monte Carlo estimate: its standard errors from independent batches
# of the random predictions (the variance of a batch's tau_b is about the number of batches
# times that of the whole sample's)
n_batches = max(2, min(20, n_random // 10))
batch = np.arange(n_random) % n_batches
batch_taus = np.array([[[rm.kendall_tau(values[rand_label][names[a]][batch == k],
                                        values[rand_label][names[b]][batch == k])
                         for b in keep] for a in keep] for k in range(n_batches)])
se_rand = batch_taus.std(axis=0, ddof=1) / np.sqrt(n_batches)
np.fill_diagonal(se_rand, np.nan)  # tau_b of a measure with itself is 1 in every batch
fig, axes = plt.subplots(1, 2, figsize=(13, 6.4), constrained_layout=True)
for ax, (label, mat) in zip(axes, agreement.items(), strict=True):
    sub = mat[np.ix_(keep, keep)]
    # every value shown is positive: a sequential scale on [0, 1] spends its range on them
    im = ax.imshow(sub, vmin=0, vmax=1, cmap="viridis")
    ticks = [lab.replace(" ~ ", " ~\n") for lab in group_labels]
    ax.set_xticks(range(len(keep)), ticks, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(len(keep)), ticks, fontsize=8)
    ax.set_title(label if label != rand_label else
                 f"{label} (Monte Carlo: s.e. up to {np.nanmax(se_rand):.3f})", fontsize=10)
    for i in range(len(keep)):
        for j in range(len(keep)):
            ax.text(j, i, f"{sub[i, j]:.2f}", ha="center", va="center", fontsize=8,
                    color="white" if sub[i, j] < 0.6 else "black")
fig.colorbar(im, ax=axes, shrink=0.8, label="Kendall's tau-b between the two measures' values")
fig.suptitle("003: Kendall's tau-b between the values two measures give the same predictions "
             "(1: they order the predictions alike)\n~ joins measures that are strictly "
             "monotone functions of one another")
figures.save(fig, "003_measure_agreement")
plt.show()
checks.check("groups-found", len(keep) < len(names),
             "some measures are monotone functions of one another and share a row")
off_group = full[np.ix_(keep, keep)][~np.eye(len(keep), dtype=bool)]
checks.check("groups-differ", off_group.max() < 1 - 1e-9,
             "any two measures of different groups order some of the 120 predictions "
             "differently (tau_b < 1)")
print("shown once (identical rows on total rankings; ~: strictly monotone functions of one "
      "another):", "; ".join(lab for lab in group_labels if " ~ " in lab))
checks.check("gamma-equals-tau-everywhere",
             all(abs(row["gamma"] - row["kendall_tau"]) < 1e-15 for row in table_120),
             "gamma equals Kendall's tau on every one of the 120 predictions")

# %% [markdown]
# Which measures agree most, and which least, read off the left panel (all 120 predictions,
# exact), each group of identical rows counted once:

# %%
mat = agreement["all 120 permutations of 5"]
i_tau, i_gamma = names.index("kendall_tau"), names.index("gamma")
checks.check("tau-gamma-same-row", np.allclose(mat[i_tau], mat[i_gamma], rtol=0, atol=1e-12),
             "Kendall's tau and gamma order the 120 predictions alike")
sub120 = mat[np.ix_(keep, keep)]
subrand = agreement[rand_label][np.ix_(keep, keep)]
pairs = sorted(((sub120[a, b], a, b) for a in range(len(keep)) for b in range(a + 1, len(keep))),
               reverse=True)
(v1, a1, b1), (v2, a2, b2) = pairs[0], pairs[1]
checks.check("agree-most", v1 > v2,
             f"{group_labels[a1]} and {group_labels[b1]} agree more than any other two groups "
             "over the 120 predictions")
mean_agreement = [(sub120[a].sum() - 1) / (len(keep) - 1) for a in range(len(keep))]
least, next_least = np.argsort(mean_agreement)[:2]
least_row = [sub120[least, b] for b in range(len(keep)) if b != least]
checks.check("agree-least-position-error", group_labels[least] == "position_error",
             "the position error has the smallest mean agreement with the other measures")
# tau_b also falls with ties: a measure with few values cannot reach 1 even against a
# tie-free measure that orders the predictions as it does. The discordant pairs count
# only disagreement.
pe_values = values["all 120 permutations of 5"]["position_error"]
_, pe_sizes = np.unique(pe_values, return_counts=True)
n_pairs_120 = len(perms) * (len(perms) - 1) // 2
pe_tied = int(sum(t * (t - 1) // 2 for t in pe_sizes))
tau_b_cap = float(np.sqrt((n_pairs_120 - pe_tied) / n_pairs_120))
vals120 = values["all 120 permutations of 5"]
discordant = np.array([[rm.pair_counts(vals120[names[a]], vals120[names[b]]).discordant
                        for b in keep] for a in keep])
mean_discordant = [(discordant[a].sum() - discordant[a, a]) / (len(keep) - 1)
                   for a in range(len(keep))]
by_discord = np.argsort(mean_discordant)[::-1]
display(Markdown(
    f"Over the 120 predictions the two measures that agree most are `{group_labels[a1]}` and "
    f"`{group_labels[b1]}` ($\\tau_b$ = {v1:.2f}), then `{group_labels[a2]}` and "
    f"`{group_labels[b2]}` ({v2:.2f}); on the random rankings of {n_items} items the same two "
    f"pairs show {subrand[a1, b1]:.2f} ± {se_rand[a1, b1]:.3f} and {subrand[a2, b2]:.2f} ± "
    f"{se_rand[a2, b2]:.3f}. The position error, which "
    f"sees only where the true top item lands, agrees least with the others: "
    f"{min(least_row):.2f} to {max(least_row):.2f}, {mean_agreement[least]:.2f} on average "
    f"against {mean_agreement[next_least]:.2f} for the next lowest "
    f"(`{group_labels[next_least]}`). Part of that gap is coarseness: over the 120 "
    f"predictions the position error takes only {pe_sizes.size} values, so against a "
    "tie-free measure that ordered the predictions exactly as it does its $\\tau_b$ would "
    f"still be at most {tau_b_cap:.2f}. Counted in discordant pairs (out of {n_pairs_120}), "
    "which charge disagreement only, the position error "
    + ("still disagrees most" if group_labels[by_discord[0]] == "position_error"
       else "does not disagree most")
    + ", with " + ", ".join(f"`{group_labels[g]}` {mean_discordant[g]:.0f}"
                            for g in by_discord[:3])
    + " discordant pairs on average against the other groups. Kendall's tau and gamma "
    "share one row, and their values coincide on every one of the 120 predictions, as the "
    "gamma slide says for total rankings. The right panel is a Monte Carlo estimate "
    f"over {n_random} random predictions; its standard errors (± above), from "
    f"{n_batches} independent batches of them, run from {np.nanmin(se_rand):.3f} to "
    f"{np.nanmax(se_rand):.3f}, the largest on the row of "
    f"`{group_labels[int(np.nanargmax(np.nanmax(se_rand, axis=1)))]}`."))

# %% [markdown]
# ## About the checks
#
# Every statement above is checked where the run makes it, exactly or, where floating-point
# sums are compared, to their rounding (tolerances 1e-12 or finer; a tau_b counts as below
# 1 when it is below 1 - 1e-9): the printed numbers,
# identities between measures, enumerations of small rankings, and the peers scipy and
# scikit-learn on all 120 predictions. None is statistical, so no check depends on the
# seed, which only draws the random rankings of the figure's right panel: those values
# are Monte Carlo estimates, shown with their standard errors and not asserted.

# %%
_ = checks.finish()
