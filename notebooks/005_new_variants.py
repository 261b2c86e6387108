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
# # 005 — Verifying new variants before writing the paper
#
# A researcher proposes a discount, a cut-off or a gain of their own and wants to know what
# the documents' theorems say about it, and whether the claim they have in mind holds.
# `rankmeasures.theory.variants.analyse` (also `python -m proofs_check variant ...`) classifies the
# discount (summable? decay against $1/r$? index of regular variation $\beta$?), finds
# which theorem of Wang et al. applies, computes the limit of NDCG (closed form by sympy,
# else mpmath), the pseudo-expectation up to $n = 10^{100}$, a Monte Carlo check, the
# separation of two ranking functions and, for a discount linear in the position, whether
# Jin & Geng's identity $\Delta DCG = R(f)$ survives. Expressions are parsed by a whitelist;
# nothing is evaluated as Python.
#
# Four variants, each with a conjecture a researcher might hold, each tested by the tool;
# the verdicts are asserted from the computed numbers.

# %%
from IPython.display import Markdown, display

from companion import guide as reading

# the reading guide: filled in at the end of the run, from the verdicts it has computed
guide = display(Markdown(reading.PLACEHOLDER), display_id=True)

# %% tags=["parameters"]
mc_n = [10000, 100000]  # n for the Monte Carlo confirmations
mc_draws = 20
seed = 5

# %%
import matplotlib.pyplot as plt
import mpmath
import numpy as np
import sympy
from IPython.display import Markdown, display

import rankmeasures as rm
from companion import figures
from rankmeasures.theory import asymptotics as A
from rankmeasures.theory import variants

# %% [markdown]
# ## Variant 1: $D(r) = 1/\log(1+r)^2$
#
# **Conjecture.** "Standard NDCG loses its power to tell a good ranking from a random one
# as lists grow: both tend to 1 (Theorem 1) and the gap closes like $1/\log n$. Squaring
# the logarithm puts more weight on the top positions, so with $1/\log^2(1+r)$ the gap
# between a good ($\bar y = s$) and a random ($\bar y = 1/2$) ranking should close more
# slowly -- or not at all."
#
# The tool classifies $1/\log^2(1+r)$ as *slowly varying* (index $\beta = 0$): Theorem 1's
# argument goes through and both limits are 1, so the gap does close. How fast is a
# question about the pseudo-expectations, computed below to $n = 10^{100}$.

# %%
rep1 = variants.analyse("1/log(1+r)^2", ybar="s", ybar_other="1/2",
                        n_values=(10**3, 10**6, 10**20, 10**100), mc_n=mc_n,
                        mc_draws=mc_draws, seed=seed)
figures.save_table(variants.report_rows(rep1), "005_variant1_log_squared")
display(Markdown(figures.markdown_table(variants.report_rows(rep1))))
assert rep1["class"]["beta"] == "0" and not rep1["class"]["summable"]
assert [m["limit"] for m in rep1["models"]] == ["1", "1"]
for model in rep1["models"]:
    for key, mc in model["Monte Carlo"].items():
        n_here = model["pseudo-expectation N(n)"].get(key)
        if n_here is not None:
            assert abs(mc["mean"] - float(n_here)) <= 4 * mc["se"] + 1e-3

# %% [markdown]
# Both functions creep towards 1, the random one more slowly. The figure follows the
# pseudo-expectations of the good and the random function from $n = 10^2$ to $10^{100}$
# under the squared and the standard logarithm, and the table their gaps: the squared
# logarithm is further from 1 at every $n$ and heads to the same place.

# %%
exponents = np.arange(2, 101, 7)
log_squared = rm.CustomDiscount(expr=variants.parse_expression("1/log(1+r)^2"))
curves = {}
for dname, disc in (("1/log(1+r)^2", log_squared), ("1/log(1+r)", rm.log_discount)):
    for rname, yb in (("good", A.s), ("random", sympy.Rational(1, 2))):
        curves[dname, rname] = [A.pseudo_expectation(yb, disc, mpmath.mpf(10) ** int(e),
                                                     dps=20) for e in exponents]
fig, ax = plt.subplots(figsize=(7, 4), constrained_layout=True)
for (dname, rname), vals in curves.items():
    ax.plot(exponents, [float(v) for v in vals], ls="-" if dname == "1/log(1+r)" else "--",
            marker="o", ms=3, label=f"{dname}, {rname}")
ax.set(xlabel="log10 n", ylabel="pseudo-expectation N(n)",
       title="005: a slowly varying discount tends to 1 like the standard one")
ax.legend()
figures.save(fig, "005_slowly_varying")
plt.show()
gap_rows = []
for i, e in enumerate(exponents):
    ln_n = mpmath.log(mpmath.mpf(10) ** int(e))
    g2 = curves["1/log(1+r)^2", "good"][i] - curves["1/log(1+r)^2", "random"][i]
    g1 = curves["1/log(1+r)", "good"][i] - curves["1/log(1+r)", "random"][i]
    gap_rows.append({"log10 n": int(e), "gap, 1/log^2": float(g2), "gap, 1/log": float(g1),
                     "ratio": float(g2 / g1), "gap x ln n, 1/log^2": float(g2 * ln_n),
                     "gap x ln n, 1/log": float(g1 * ln_n)})
figures.save_table(gap_rows, "005_variant1_gaps")
display(Markdown(figures.markdown_table(gap_rows)))
for rname in ("good", "random"):
    assert all(a < b for a, b in zip(curves["1/log(1+r)^2", rname],
                                     curves["1/log(1+r)", rname], strict=True))
    assert curves["1/log(1+r)^2", rname][-1] > 0.99
last = gap_rows[-1]
display(Markdown(
    f"At $n = 10^{{{last['log10 n']}}}$ the gap is {last['gap, 1/log^2']:.5f} under the squared "
    f"logarithm and {last['gap, 1/log']:.5f} under the standard one (ratio "
    f"{last['ratio']:.4f}); multiplied by $\\ln n$ they are {last['gap x ln n, 1/log^2']:.4f} "
    f"and {last['gap x ln n, 1/log']:.4f}. Both gaps close like $1/\\ln n$: the square "
    "doubles the constant and does not slow the rate. The conjecture is false."))
gaps2 = [row["gap, 1/log^2"] for row in gap_rows]
assert all(a > b for a, b in zip(gaps2, gaps2[1:], strict=False))  # the gap does close
assert abs(last["ratio"] - 2) < 0.01
assert abs(last["gap x ln n, 1/log^2"] - 1) < 0.01
assert abs(last["gap x ln n, 1/log"] - 0.5) < 0.01
# the conjecture: the gap closes more slowly than under 1/log(1+r), or not at all
holds_1 = not (all(a > b for a, b in zip(gaps2, gaps2[1:], strict=False))
               and abs(last["gap x ln n, 1/log^2"] / last["gap x ln n, 1/log"] - 2) < 0.01)

# %% [markdown]
# ## Variant 2: $r^{-1/2}$ cut at $k = \sqrt{n}$
#
# **Conjecture.** "Theorem 9 says $r^{-\beta}$ NDCG cut at $k = cn$ keeps a
# function-dependent $\beta$-integral limit; cutting at $k = \sqrt n$ should keep it too."
#
# False again: $k = \sqrt n$ is $o(n)$, so only objects with canonical score near 1 are
# ever looked at and the limit is $\bar y(1)$ (Theorem 7), whatever the shape of $\bar y$
# below 1. For $\bar y_0 = s$ and $\bar y_1 = 1/4 + s/2$ the limits under the cut are
# $\bar y(1) = 1$ and $3/4$,
# instead of Theorem 3's $2\sqrt2/3$ and $7\sqrt2/12$.

# %%
rep2 = variants.analyse("r^(-1/2)", cut="sqrt(n)", ybar="s", ybar_other="1/4 + s/2",
                        n_values=(10**3, 10**6, 10**20, 10**100), mc_n=mc_n,
                        mc_draws=mc_draws, seed=seed)
full = variants.analyse("r^(-1/2)", ybar="s", ybar_other="1/4 + s/2", n_values=(10**100,))
rows2 = [{"ranker": m["ybar"], "limit, cut at sqrt(n)": m["limit"],
          "N(1e100), cut at sqrt(n)": m["pseudo-expectation N(n)"]["1e+100"],
          "limit, no cut (Theorem 3)": f["limit"],
          "N(1e100), no cut": f["pseudo-expectation N(n)"]["1e+100"]}
         for m, f in zip(rep2["models"], full["models"], strict=True)]
figures.save_table(rows2, "005_variant2_sqrt_cut")
display(Markdown(figures.markdown_table(rows2)))
display(Markdown(figures.markdown_table(variants.report_rows(rep2))))
assert rep2["class"]["cut-off"] == "k -> infinity, k = o(n)"
assert rep2["class"]["theorem"].startswith("Theorem 7")  # not Theorem 3: the cut decides
assert [m["limit"] for m in rep2["models"]] == ["1", "3/4"]
for row in rows2:
    assert abs(float(row["N(1e100), cut at sqrt(n)"])
               - float(sympy.sympify(row["limit, cut at sqrt(n)"]))) < 1e-6
    assert abs(float(row["N(1e100), no cut"])
               - float(sympy.N(sympy.sympify(row["limit, no cut (Theorem 3)"])))) < 1e-6
# the conjecture: the cut at sqrt(n) keeps Theorem 3's limits
holds_2 = all(sympy.simplify(sympy.sympify(row["limit, cut at sqrt(n)"])
                             - sympy.sympify(row["limit, no cut (Theorem 3)"])) == 0
              for row in rows2)

# %% [markdown]
# The cut-off changes the limit from the $\beta$-integral to the value of $\bar y$ at the
# very top: the two functions are still told apart in the limit (1 against 3/4), but for a
# different reason, and two functions that agree at $s = 1$ would not be.
#
# ## Variant 3: the linear discount with the gain $3^y - 1$
#
# **Conjecture.** "Jin & Geng's identity $\Delta DCG^\beta = R(f)$ (document 000) holds for
# any gain, since it comes from counting pairs."
#
# The pair-counting argument does hold for every gain — but it gives
# $\Delta DCG = \sum_{\text{misordered pairs}} (g_{\text{high}} - g_{\text{low}})$, the
# *gain*-weighted loss. That equals $R(f) = \sum (b - a)\,\#\{\ldots\}$ only when the
# gains are affine in the grade. The tool checks it symbolically in the gains over every
# list of up to four items with three grades.

# %%
rep3 = variants.analyse("n - r", gain="3^y - 1")
display(Markdown(figures.markdown_table(variants.report_rows(rep3))))
assert rep3["pairwise"]["Delta DCG = -slope * sum over misordered pairs (g_high - g_low)"]
assert rep3["pairwise"]["Delta DCG = -slope * (g_1 - g_0) * R(f) holds iff"] == [
    "g2 = -g0 + 2*g1"]
assert rep3["pairwise"]["gain is affine (R(f) identity holds)"] is False

grades = np.array([0, 2, 1])
scores = np.array([3.0, 2.0, 1.0])  # the grade-0 item on top
gain3 = rm.custom_gain(expr=variants.parse_expression("3^y - 1", ("y",)))
delta = (rm.idcg(grades, gain=gain3, discount="linear")
         - rm.dcg(grades, scores, gain=gain3, discount="linear"))
example = [{"grades (ranked)": str(grades.tolist()), "Delta DCG with 3^y - 1": float(delta),
            "R(f)": float(rm.pairwise_loss(grades, scores)),
            "gain-weighted loss": float((3**2 - 1) - (3**0 - 1) + (3**1 - 1) - (3**0 - 1))}]
display(Markdown(figures.markdown_table(example)))
assert delta != rm.pairwise_loss(grades, scores)
assert delta == example[0]["gain-weighted loss"]

# %% [markdown]
# With grades $(0, 2, 1)$ ranked in that order, $R(f) = 3$ (pairs $(0,2)$ and $(0,1)$ are
# misordered, weights 2 and 1) while $\Delta DCG = (9-1) - 0 + (3-1) - 0 = 10$: the identity
# needs affine gains. The same tool run from the command line gives the same report:
#
# ```
# python -m proofs_check variant --discount "n - r" --gain "3^y - 1"
# python -m proofs_check variant --discount "1/log(1+r)^2" --ybar s --ybar2 1/2 --json
# ```

# %% [markdown]
# ## Variant 4: graded labels against their binarised version
#
# **Conjecture.** "Grading the labels cannot lower the limit: with grades 0, 1, 2 the
# ideal ordering rewards the same documents as with binary labels (relevant = grade
# $\ge 1$), only more, so NDCG with $r^{-1/2}$ should tend to at least the binary limit."
#
# The labels: a document at canonical score $s$ has grade 2, 1, 0 with probabilities
# $s^2$, $2s(1-s)$, $(1-s)^2$ (two independent successes of probability $s$); binarised,
# it is relevant with probability $\bar y(s) = 1 - (1-s)^2 = 2s - s^2$. The graded limit
# is Theorem 10's, the binary one Theorem 3's.

# %%
rep4 = variants.analyse("r^(-1/2)", ybar={"values": [2, 1, 0],
                                          "probs": ["s^2", "2*s*(1-s)", "(1-s)^2"]},
                        ybar_other="2*s - s^2", n_values=(10**3, 10**6, 10**100),
                        mc_n=mc_n, mc_draws=mc_draws, seed=seed)
graded, binary = rep4["models"]
rows4 = [{"labels": name, "limit": m["limit"], "limit (numeric)": float(m["limit (numeric)"]),
          "N(1e6)": float(m["pseudo-expectation N(n)"]["1e+06"]),
          "N(1e100)": float(m["pseudo-expectation N(n)"]["1e+100"])}
         for name, m in (("graded 0/1/2", graded), ("binary (grade >= 1)", binary))]
figures.save_table(rows4, "005_variant4_graded")
display(Markdown(figures.markdown_table(rows4)))
g_lim, b_lim = rows4[0]["limit (numeric)"], rows4[1]["limit (numeric)"]
display(Markdown(
    f"The graded limit is {g_lim:.6f} ({rep4['class']['theorem, graded relevance']}), the "
    f"binary one {b_lim:.6f} ({rep4['class']['theorem']}): grading "
    + ("lowers" if g_lim < b_lim else "does not lower")
    + " the limit, so the conjecture is " + ("false." if g_lim < b_lim else "true.")))
assert rep4["class"]["theorem, graded relevance"].startswith("Theorem 10")
assert g_lim < b_lim  # the conjecture fails
for m in (graded, binary):  # the pseudo-expectation reaches the limit at 1e100
    assert abs(float(m["pseudo-expectation N(n)"]["1e+100"])
               - float(m["limit (numeric)"])) < 1e-6

# %% [markdown]
# In words: the graded ideal ordering asks for more than the binary one -- grade-2
# documents before grade-1 ones -- and a function that orders documents by $s$ meets that
# second demand only in part, so its NDCG is measured against a harder ideal.
# A variant of your own gets the same treatment, as an executed report with its figure,
# from the template `notebooks/variant_report.py` (see the README).

# %%
conjectures = [
    {"name": "variant 1, the gap under 1/log(1+r)^2 closes more slowly", "holds": holds_1},
    {"name": "variant 2, a cut at sqrt(n) keeps Theorem 3's limits", "holds": holds_2},
    {"name": "variant 3, Delta DCG = R(f) for the gain 3^y - 1",
     "holds": rep3["pairwise"]["gain is affine (R(f) identity holds)"]},
    {"name": "variant 4, grading the labels cannot lower the limit",
     "holds": bool(g_lim >= b_lim)},
]
guide.update(Markdown(reading.conjectures_guide(
    conjectures,
    what=("Four conjectures a researcher might hold about a discount, a cut-off or a gain "
          "of their own, each tested by `rankmeasures.theory.variants.analyse` against the "
          "theorems of Wang et al. and the identity of Jin & Geng."),
    surprise=(f"grading the labels 0, 1, 2 lowers the limit of NDCG under r^-1/2 from "
              f"{b_lim:.4f} (binarised) to {g_lim:.4f}"),
    section="Variant 4: graded labels against their binarised version")))
