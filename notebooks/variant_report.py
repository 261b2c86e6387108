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
# # Variant report: your discount, cut-off and gain against the theorems
#
# A template, not one of the five documents: its parameters *are* the variant. Run it
# with your own, for example
#
# ```
# python -m companion.run variant_report -p discount "1/log(1+r)^2" -p ybar_other "1/2" \
#     -p claim_limit 1 --output-dir scratch/reports/
# ```
#
# or for another measure, named as the evaluator names it (`-p measure map`, `P@10`,
# `recip_rank`, `rbp.p=0.8`, ...; `-p measure P -p cut n/5` for P at a cut-off growing
# with n): its limit, or its limit law's mean and variance, and the verdict for a pair
# (notebook 006's results; the NDCG sections stay empty).
#
# (or `papermill` on the paired `.ipynb`). The executed report, its table and its figures
# land in `scratch/reports/` (git-ignored), named after the variant
# (`variant_1_log_1_r_2.ipynb`, `figures/variant_1_log_1_r_2.png`, ...), so that several
# reports share a folder (`make docs REPORTS=scratch/reports/` adds each to the edition); a
# rerun of the same variant replaces its files, and committed outputs are never touched.
# Inputs outside the theory are refused before any computation: the run fails with the
# reason (on the terminal, and a non-zero exit status) and writes no report. Every number
# below is computed in this run by `rankmeasures.theory.analysis.analyse`, and every
# sentence about them is built from them by `rankmeasures.theory.variant_report`.

# %% tags=["parameters"]
measure = "ndcg"  # the measure, as the evaluator spells it: ndcg, map, Rprec, P@10, RR, ...
discount = "1/log(1+r)^2"  # D(r); may use n only when linear in r (document 000's |S| - r)
cut = ""  # a cut-off k(n): "sqrt(n)", "n/5", "10"; "" for none
gain = ""  # a gain g(y), for a discount linear in r (document 000); "" for none
ybar = "s"  # ranking function f0: P[Y is 1 | ftilde is s] (binary relevance)
ybar_other = "1/2"  # a second function f1 to tell apart from f0; "" for none
grades = []  # graded relevance for f0 instead of ybar: values v_1 > v_2 > ..., e.g. [2, 1, 0]
probs = []  # and P[Y is v_j | ftilde is s] for each: ["s^2", "2*s*(1-s)", "(1-s)^2"]
claim_limit = ""  # your conjecture "NDCG of f0 tends to ...", e.g. "1" or "2*sqrt(2)/3"
claim_limit_other = ""  # the same for f1
claim_theorem = ""  # "the theorem that applies is ...", e.g. "Theorem 3"
claim_distinguishable = ""  # "true": P[NDCG(f0) > NDCG(f1)] tends to 1; "false": it does not
max_exponent = 100  # the pseudo-expectation is drawn from n of 10 to 10^max_exponent
mc_n = [1000, 10000, 100000]  # n of the Monte Carlo points
mc_draws = 20
dist_sizes = [10, 100, 1000, 10000]  # n for P[NDCG(f0) > NDCG(f1)] (two binary functions)
dist_draws = 200  # coupled samples per n
seed = 0
budget_seconds = 60.0  # time budget of each analysis step
workers = 0  # local dask worker processes for the Monte Carlo; 0: this process
scheduler = ""  # or the address of a running dask scheduler, e.g. "tcp://10.0.0.1:8786"

# %%
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown, display

from companion import checks, figures
from rankmeasures.theory import variant_report as V

# a report states what it finds about the variant and asserts nothing: its checks record
# (required of every executed notebook) is empty
checks.begin("variant_report")
variant = dict(cut=cut, gain=gain, ybar=ybar, ybar_other=ybar_other, grades=grades,
               probs=probs)
# NDCG goes to the discount analysis (its cut-off the name's @k, or cut); another measure
# to notebook 006's results. A refused measure fails the run, as a refused variant does.
measured = V.measure_or_refuse(measure, cut=cut, gain=gain, ybar=ybar,
                               ybar_other=ybar_other, grades=grades, probs=probs,
                               budget=budget_seconds)
if measured["refused"] is not None:
    raise ValueError(measured["refused"])
if measured["ndcg"]:
    variant["cut"] = measured["cut"] or ""
# the runner names the executed report after output_name, its figures and table share it
output_name = V.report_name(discount if measured["ndcg"] else f"measure {measure}",
                            **variant)

# %% [markdown]
# ## The analysis
#
# `analysis.analyse` first checks the inputs against what the theory assumes: a relevance
# curve with $0 \le \bar y(s) \le 1$ and $p = \int_0^1 \bar y \in (0, 1)$ (or graded
# probabilities in $[0, 1]$ summing to 1), two curves with the same $p$ (two ranking
# functions of one distribution share the law of the labels), a positive and
# non-increasing discount, an increasing gain, a cut-off $k(n) \ge 1$ at every $n$ asked,
# list lengths at which $N(n)$ is defined ($n p > 1$), a seed and a number of workers
# $\ge 0$. Inputs outside it are refused before any computation: the run stops there with
# the reason (a `ValueError` naming the parameter), and no report is written.
# Otherwise it classifies the discount, finds the theorem of Wang et al. (2013) that applies,
# computes the limit (closed form by sympy where one exists), the pseudo-expectation
# $N(n)$ of their Definition 5 and Monte Carlo draws of NDCG. Each step has a budget of
# `budget_seconds`; a step that runs out is named below, and the report keeps what was
# computed before it. The Monte Carlo runs in this process, or on dask workers (`-p
# workers 2`, or `-p scheduler tcp://host:8786` for a cluster): the same draws to the bit
# either way, and a ceiling of 2e9 simulated documents per core and per n, checked before
# the run with its estimated cost.

# %%
# this variant's files of an earlier run go: a figure this run does not draw must not stay
figures.remove(output_name)
report = None
if measured["ndcg"]:
    display(Markdown("# " + V.report_title(discount, **variant)))
    report = V.analyse_parameters(discount, ybar=ybar, ybar_other=ybar_other, grades=grades,
                                  probs=probs, max_exponent=max_exponent, mc_n=mc_n,
                                  cut=variant["cut"] or None, gain=gain or None,
                                  mc_draws=mc_draws, seed=seed, budget=budget_seconds,
                                  workers=scheduler or workers or None, dist_n=dist_sizes,
                                  dist_draws=dist_draws)
    rows = report.to_rows()
    display(Markdown(V.summary_markdown(report)))
else:
    display(Markdown(f"# Variant report: the measure {measure}"))
    rows = measured["rows"]
    display(Markdown(V.measure_markdown(measured)))
figures.save_table(rows, output_name)

# %% [markdown]
# ## NDCG against $n$
#
# The pseudo-expectation $N(n)$ (line), the Monte Carlo means of NDCG with two standard
# errors (points) and the limit (dashed), for each ranking function.

# %%
curves = V.curve_points(report) if report is not None else []
if curves:
    fig, ax = plt.subplots(figsize=(7.5, 4.2), constrained_layout=True)
    for i, c in enumerate(curves):
        ax.plot(c["n"], c["pseudo"], color=f"C{i}", marker=".", ms=4,
                label=f"N(n), {c['label']}")
        if c["mc_n"]:
            ax.errorbar(c["mc_n"], c["mc_mean"], yerr=2 * np.asarray(c["mc_se"]), fmt="o",
                        color=f"C{i}", ms=4, capsize=3, label=f"Monte Carlo, f{i}")
        if c["limit"] is not None:
            ax.axhline(c["limit"], color=f"C{i}", ls="--", lw=1,
                       label=f"limit {c['limit_text']}")
    ax.set_xscale("log")
    ax.set(xlabel="n (list length)", ylabel="NDCG",
           title=f"D(r) = {report.discount}"
           + (f", cut at k = {report.cut}" if report.cut else ""))
    ax.legend(fontsize=8)
    figures.save(fig, output_name)
    plt.show()
elif report is not None:
    display(Markdown("No curve to draw: " + V.why_no_curve(report) + "."))
else:
    display(Markdown(f"Not drawn: the measure analysed is {measure}, not NDCG."))

# %%
agreement = V.mc_agreement(report) if report is not None else []
if agreement:
    display(Markdown(
        "Monte Carlo against the pseudo-expectation at the same $n$ ($z$ = distance in "
        "standard errors). Lemma 2 of Wang et al. bounds $|E\\,NDCG - N(n)|$ by "
        "$\\tilde O(n^{-1/3})$ for a non-summable discount; for a summable one (Theorem 6) "
        "NDCG keeps its randomness and the two need not agree."))
    display(Markdown(figures.markdown_table(agreement)))
    worst = agreement[int(np.argmax([row["z"] for row in agreement]))]
    display(Markdown(f"The largest distance is z = {worst['z']:.2f} ({worst['model']} at "
                     f"n = {worst['n']}); "
                     + ("every Monte Carlo mean lies within 4 standard errors of N(n)."
                        if worst["z"] <= 4 else "not every Monte Carlo mean lies within "
                        "4 standard errors of N(n).")))

# %% [markdown]
# ## Can NDCG tell $f_0$ from $f_1$?
#
# Wang et al.'s Definition 3: NDCG *consistently distinguishes* two ranking functions when
# $P[NDCG(f_0) > NDCG(f_1)] \to 1$ as $n$ grows. When the limits differ this follows from
# them (and their gap has a sign: the better function). When they are equal the
# probability is estimated on `dist_draws` samples per $n$ in which both functions score
# the same objects (`rankmeasures.theory.distinguish.coupled_sample`: shared labels, each
# score from its law given the label, independent given it), with two standard errors.

# %%
if report is not None:
    display(Markdown(V.distinguish_markdown(report)))
else:
    display(Markdown(f"For {measure}: the verdict for the pair is in the analysis above."))
wins = V.win_points(report) if report is not None else []
if wins:
    fig, ax = plt.subplots(figsize=(7.5, 3.6), constrained_layout=True)
    ns = [w["n"] for w in wins]
    ps = np.array([w["P[NDCG(f0) > NDCG(f1)]"] for w in wins])
    se = np.array([w["se"] for w in wins])
    ax.fill_between(ns, np.clip(ps - 2 * se, 0, 1), np.clip(ps + 2 * se, 0, 1), alpha=0.25,
                    color="C0", label="two standard errors")
    ax.plot(ns, ps, "o-", color="C0", label="P[NDCG(f0) > NDCG(f1)]")
    for level, style in ((0.9, ":"), (0.99, "--")):
        ax.axhline(level, color="0.4", ls=style, lw=1, label=f"{level}")
    ax.set_xscale("log")
    ax.set(xlabel="n (list length)", ylabel="probability", ylim=(0, 1.02),
           title=f"D(r) = {report.discount}: f0 against f1 ({dist_draws} samples per n)")
    ax.legend(fontsize=8, loc="lower right")
    figures.save(fig, f"{output_name}.distinguish")
    plt.show()
    display(Markdown(figures.markdown_table(wins)))

# %% [markdown]
# ## Your conjectures

# %%
verdicts = V.check_claims(report, limit=claim_limit, limit_other=claim_limit_other,
                          theorem=claim_theorem, distinguishable=claim_distinguishable
                          ) if report is not None else []
if report is None and any((claim_limit, claim_limit_other, claim_theorem,
                           claim_distinguishable)):
    display(Markdown(f"Not checked: the conjectures are about NDCG, and the measure "
                     f"analysed is {measure}."))
elif verdicts:
    display(Markdown(figures.markdown_table(verdicts)))
else:
    display(Markdown("No conjecture stated: set `claim_limit`, `claim_limit_other`, "
                     "`claim_theorem` or `claim_distinguishable` to have one checked."))

# %% [markdown]
# ## Every field of the report

# %%
display(Markdown(figures.markdown_table(rows)))

# %% [markdown]
# ## About the checks
#
# This report asserts nothing: every verdict above is a finding about your variant, shown
# whichever way it falls. The record below says that no check ran.

# %%
_ = checks.finish()
