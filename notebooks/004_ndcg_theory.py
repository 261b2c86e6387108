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
# # 004 — The NDCG theory of Wang et al. (COLT 2013), computed three ways
#
# The paper proves that standard NDCG (discount $1/\log(1+r)$) tends to 1 for *every*
# ranking function, yet still tells good and bad functions apart; that $r^{-\beta}$
# discounts ($0<\beta<1$) converge to a function-dependent $\beta$-integral; that $1/r$ is
# the critical point; that summable discounts such as $2^{-r}$ have no limit in probability
# as long as no label is nearly certain (Theorem 6's $\delta$-condition); and
# what cut-offs $k = o(n)$ and $k = cn$ do. Its experiments used proprietary click data.
#
# Here every limit is computed three ways with `rankmeasures`: in closed form (sympy), by
# the pseudo-expectation $N_D(n)$ of Definition 5 (mpmath, $n$ up to $10^{100}$) and by
# Monte Carlo (the library's $O(n)$ order-statistic simulator).

# %%
from IPython.display import Markdown, display

from companion import guide as reading

# the reading guide: filled in at the end of the run, from the claims it has checked
guide = display(Markdown(reading.PLACEHOLDER), display_id=True)

# %% tags=["parameters"]
mc_sizes = [1000, 10000, 100000, 1000000]  # n for the Monte Carlo columns
n_draws = 16  # independent draws per Monte Carlo cell
large_sizes = [10000000, 100000000]  # n for the large-n check (1000000000 adds ~1 CPU-minute)
large_draws = 4  # draws per large-n cell
large_theorems = ["1", "5", "8"]  # the theorems of the large-n check, scored on the same draws
large_rankers = ["random"]  # the ranking functions of the large-n check
mc_workers = 0  # dask workers for the Monte Carlo: 0 (this process), k, or a scheduler address
pseudo_exponents = [3, 5, 7, 10, 20, 50, 100]  # exponents e of n for the N_D(n) columns
prefix_max = 1000000  # largest prefix S_n of the synthetic sample (Figures 1-4)
dist_sizes = [100, 1000, 10000, 100000]  # n for P[NDCG(f0) > NDCG(f1)], latent pair
dist_draws = 200  # samples per n
dist_noise = [0.1, 0.3]  # score noise of the two functions compared
model_sizes = [100, 1000, 10000]  # n for P[NDCG(f0) > NDCG(f1)], pairs of relevance curves
model_draws = 200  # coupled samples per n there
thm6_sizes = [100, 10000, 100000]  # n for the law of NDCG under 2^-r and r^-2
thm6_draws = 400
graded_draws = 16  # draws per Monte Carlo cell of the graded Theorems 10-13
paper_queries = 40  # queries of the Figures 1-4 stand-in with the paper's protocol
paper_docs = 5000  # documents per query there
dps = 20  # mpmath digits
seed = 2013

# %% [markdown]
# ## The model of Section 2: ranking functions and their relevance curves
#
# NDCG (Definition 1) depends on the scores only through the order they give, lies in
# $[0, 1]$, and does not depend on the base of the logarithm in its discount (claim
# S004-D1, which the claims report checks). So the model is the paper's Section 2: a
# ranking function is summarised by its canonical score $\tilde f(X)$, an order-preserving
# transform of its score, uniform on $[0, 1]$, and by its relevance curve
# $\bar y(s) = P[Y = 1 \mid \tilde f = s]$; labels depend on an object only through that
# score. Lemma 1's uniformity needs scores without atoms (claim S004-L1, true only under
# that added assumption), and its strict order preservation holds only almost surely: it
# fails at points that bound a gap of the support of $f(X)$ (with support
# $[0, 1] \cup [2, 3]$, $\tilde f$ is 1/2 at both 1 and 2), where sampled points fall with
# probability 0. Every function here has continuous scores, so ties have
# probability 0 (where they occur, `rankmeasures.ndcg` averages over the tied orders). The
# functions are named once, in the table below, and keep their names throughout; each
# model has its own.

# %%
import matplotlib.pyplot as plt
import mpmath
import numpy as np
import sympy
from IPython.display import Markdown, display
from scipy import stats
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

import proofs_check
import rankmeasures as rm
from companion import checks, figures
from proofs_check.doc004 import LIMIT_CLAIMS, LIMIT_CLAIMS_PSEUDO
from proofs_check.doc004.cutoff_remark import PAIR as T9D_PAIR
from proofs_check.registry import run_claim
from rankmeasures.theory import asymptotics as A
from rankmeasures.theory import rates
from rankmeasures.theory.distinguish import latent_relevance, model_win_rate, win_rate
from rankmeasures.theory.finite_ratio import expected_ratio
from rankmeasures.theory.fluctuation import (
    condition2_asymptotics,
    cutoff_ndcg_sd,
    random_ranking_expected_ndcg,
    random_ranking_ndcg_moments,
)
from rankmeasures.theory.relevance import GradedRelevance
from rankmeasures.theory.simulate import latent_sample, simulate_ndcg, simulate_ndcg_many

# every statistical check of the run, counted from the parameters (an upper bound): the
# Monte Carlo cells of the limits (8 rows x 3 functions, their DCG and IDCG means), the
# spread of NDCG@k (2 x 2), the graded cells (4, DCG and IDCG), the large-n cells with a
# known s.d.
# (Theorem 5, random), Theorem 6 (11 per n), the pairs against their target, and the
# paper protocol's random function (4 x 2)
n_stat = (48 + 4 + 8) * len(mc_sizes) + len(large_sizes) * ("5" in large_theorems) * (
    "random" in large_rankers) + 11 * len(thm6_sizes) + len(model_sizes) + 8
checks.begin("004", statistical=n_stat)

s = A.s
beta, frac = sympy.Rational(1, 2), sympy.Rational(1, 5)
p = sympy.Rational(1, 2)
# the canonical model: three functions of Section 2's form, and two more curves for the
# pairs below (the same p, the same ybar(1) = 3/4 as "weaker"; equal to "good" on [4/5, 1])
rankers = {"good": s, "weaker": sympy.Rational(1, 4) + s / 2, "random": sympy.Rational(1, 2)}
linear = {"good": (0.0, 1.0), "weaker": (0.25, 0.5), "random": (0.5, 0.0)}  # ybar = a + b s
curves = {**rankers, "bent": sympy.Rational(3, 4) - sympy.Rational(3, 4) * (1 - s) ** 2,
          "good + wave": T9D_PAIR[1]}
for name, y in curves.items():
    checks.check("same-p", sympy.integrate(y, (s, 0, 1)) == p,
                 f"{name}: P[Y = 1] = int ybar = 1/2, like every canonical function")
# Theorem 4's condition-2 pair comes from its claim (sympy solves for it); run once, shown
# in its section
t4b = run_claim(proofs_check.REGISTRY["S004-T4b"])[0]
t4b_f0 = sympy.Rational(1, 2) + sympy.sympify(t4b.evidence["Delta y"], locals={"s": s})
curves["T4b f0"], curves["T4b f1 (random)"] = t4b_f0, sympy.Rational(1, 2)
uses = {"good": "limits, rates, Lemmas 2-7, Theorem 6", "weaker": "the same",
        "random": "the same", "bent": "pair with weaker: equal ybar(1)",
        "good + wave": "pair with good: the NDCG@cn remark (S004-T9d)",
        "T4b f0": "Theorem 4, condition 2", "T4b f1 (random)": "Theorem 4, condition 2"}
name_rows = []
for name, y in curves.items():
    yf = sympy.lambdify(s, y, "numpy")
    grid = np.broadcast_to(yf(np.linspace(0, 1, 2001)), (2001,))
    y1 = float(y.subs(s, 1)) if y.free_symbols else float(y)
    low, high = float(grid.min()), float(grid.max())
    name_rows.append({"name": name, "model": "canonical, ybar(s) = " + str(y),
                      "labels": "Bernoulli(ybar(s))",
                      "used for": uses[name], "ybar(0)": float(yf(0.0)), "ybar(1)": y1,
                      "min ybar, max ybar": f"{low:.3g}, {high:.3g}",
                      "delta-condition (ranker level)": "holds" if 0 < low and high < 1
                      else "fails"})
# the latent model (Figures 1-4, the distinguishability pair, the paper's protocol): a
# latent Z ~ U(0, 1), score Z + noise, ybar(s) = E[Z | s]; labels Bernoulli(Z), or
# Binomial(2, Z) grades in the paper's protocol (mean grade 2 ybar(s)); the curve runs from
# 0 to 1, slowly
bernoulli, both = "Bernoulli(Z)", "Bernoulli(Z); Binomial(2, Z) in the paper protocol"
for name, noise, used, lab, same in (
        ("latent s.d. 0", 0.0, "Figures 1-4 (synthetic)", bernoulli, " (the curve of good)"),
        ("latent s.d. 0.1", 0.1, "latent pair (distinguishability)", bernoulli, ""),
        ("latent s.d. 0.3", 0.3, "latent pair; paper protocol", both, ""),
        ("latent s.d. 0.5", 0.5, "Figures 1-4 (synthetic)", bernoulli, ""),
        ("latent s.d. 1", 1.0, "paper protocol", "Binomial(2, Z)", ""),
        ("latent random", np.inf, "Figures 1-4; paper protocol", both,
         " (the curve of random)")):
    lo_y, hi_y = latent_relevance(1e-6, noise), latent_relevance(1 - 1e-6, noise)
    name_rows.append({"name": name, "model": "latent: score Z + noise, ybar(s) = E[Z | s]"
                      + same, "labels": lab,
                      "used for": used, "ybar(0)": lo_y, "ybar(1)": hi_y,
                      "min ybar, max ybar": f"ybar(1e-6) = {lo_y:.3g}, ybar(1-1e-6) = {hi_y:.3g}",
                      "delta-condition (ranker level)": "holds" if np.isinf(noise)
                      else "fails (ybar -> 0 and 1 at the ends)"})
checks.check("latent-ends", all(r["ybar(1)"] > r["ybar(0)"] for r in name_rows
                                if r["name"].startswith("latent s.d.")),
             "a latent function with finite noise ranks relevant objects higher")
figures.save_table(name_rows, "004_ranking_functions")
display(Markdown(figures.markdown_table(
    name_rows, digits=4)))

# %% [markdown]
# The canonical curves are polynomials (Lipschitz, so $\alpha$-Hölder with $\alpha = 1$),
# except "good + wave", which is Lipschitz too. For the latent functions the columns
# $\bar y(0)$ and $\bar y(1)$ are the curve at $10^{-6}$ and $1 - 10^{-6}$: with finite
# noise $\bar y(s) \to 1$ as $s \to 1$ (the posterior of $Z$ given a huge score sits at 1),
# but slowly, which matters for Figures 1–4. A latent function is one ranking function
# whatever its labels: $\bar y(s) = E[Z \mid s]$ is $P[Y = 1 \mid s]$ under Bernoulli($Z$)
# labels and half the mean grade under the Binomial($2, Z$) grades of the paper protocol.
# "Latent s.d. 0" ranks by $Z$ itself, so its curve is $\bar y(s) = s$, that of "good";
# "latent random" ranks by an independent score, so its curve is $\bar y = 1/2$, that of
# "random". The digits models of Figures 1–4 are called
# "digits 64 px", "digits 4 px" and "digits random"; their curves are unknown (a held-out
# half of scikit-learn's 1797 images).
#
# The $\delta$-condition column is a **ranker-level** reading of Theorem 6's hypothesis.
# The paper asks, for the data distribution, $P(Y = y \mid X = x) \ge \delta\,P(Y = y^*_x
# \mid X = x)$ at every $x$. In every model here the pairs (score, label) of the objects
# are i.i.d., so given all the scores the labels are independent
# Bernoulli($\bar y(\tilde f(x_i))$) — in the latent models as well, where a label depends
# on $x$ through $Z$ and not only through the score. The paper's proof goes through
# conditioned on the scores, and what it then uses is $\bar y$ bounded away from 0 and 1:
# that is the column. On one shared distribution
# that contains the good function (whose $\bar y(s) = s$ reaches 1), the paper's own
# condition would fail for all three functions, the random one included.

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S004-D1", "S004-L1"]))))

# %% [markdown]
# ## The limits of Theorems 1, 3, 5, 7, 8 and 9
#
# | theorem | discount | limit of NDCG |
# |---|---|---|
# | 1 | $1/\log(1+r)$ | $1$ |
# | 3 | $r^{-\beta}$, $0<\beta<1$ | $(1-\beta)\int_0^1 \bar y(s)(1-s)^{-\beta}ds\,/\,p^{1-\beta}$ |
# | 5 | $1/r$ | $\bar y(1)$ |
# | 7 | $1/\log(1+r)$, top $k = \lceil\sqrt n\,\rceil$ ($k \to \infty$, $k = o(n)$) | $\bar y(1)$ |
# | 8 | $1/\log(1+r)$, top $k = cn$ | $\int_{1-c}^1 \bar y\,/\,\min(c, p)$ |
# | 8, $c > p$ | the same with $c = 3/5 > p = 1/2$ | $\int_{2/5}^1 \bar y\,/\,p$ |
# | 9 | $r^{-\beta}$, $k = cn$ | $(1-\beta)\int_{1-c}^1 \bar y(1-s)^{-\beta}/\min(c,p)^{1-\beta}$ |
# | 6 (contrast) | $1/\log(1+r)$, top $k = 10$ fixed | none: a bounded cut-off is summable |
#
# The last row is not Theorem 7: with $k$ fixed the discount is summable (Theorem 6's
# regime), the mean still tends to $\bar y(1)$ but NDCG itself keeps the randomness of
# ten labels, so its spread does not shrink with $n$, while under $k = \sqrt n$ it does
# (both checked below against the exact standard deviation). The good function is the
# exception: $\bar y(1) = 1$ breaks the $\delta$-condition (the top labels are then almost
# surely relevant), and its NDCG@10 does tend to 1.
#
# Two normalisers appear below, and they are kept apart: $F(t) = \int_1^t D(x)\,dx$, the
# integral of Definition 5 (in $N_D(n) = \tilde N(n)/F(np)$), and
# $\Sigma_D(m) = \sum_{r \le m} D(r)$, the sum, so that a list with $M$ relevant objects has
# $\mathrm{IDCG} = \Sigma_D(M)$. The tables use the log discount $1/\log_2(1+r)$; the
# sections on Theorem 1's rate, Lemma 3 and the appendix use the paper's $1/\ln(1+r)$. The
# base cancels in NDCG, not in $F$: with the natural log
# $F(t) = \mathrm{li}(1+t) - \mathrm{li}(2)$, with base 2 $\ln 2$ times that. Here li is the
# logarithmic integral from 0; in the paper's notation, whose $\mathrm{Li}(t) =
# \int_2^t d\tau/\ln\tau$ (Appendix D) is the offset one, $F(t) = \mathrm{Li}(1+t)$
# exactly (eq. (19)). The notebook writes li for the first and Li only in the paper's sense.
#
# The closed forms come from sympy; the library's numerical limit gives the same values
# (checked equal to 1e-15), and $N_D(n)$ must approach the limit as
# $n \to 10^{100}$. Each Monte Carlo cell is the mean of independent draws ± its
# standard error (the number of draws is printed under the table), and is checked
# (Student's $t$ on the draws; see "About the checks" at
# the end) at its own $n$, not against $N_D(n)$: the means of its DCG and IDCG against
# their exact expectations. For a linear curve $\bar y = a + bs$ the label at rank $r$ has
# $P[Y_{(r)} = 1] = a + b(n - r + 1)/(n + 1)$ exactly, so $E[\mathrm{DCG}]$ is a finite
# sum, and $E[\mathrm{IDCG}] = E[\Sigma_D(M)]$ over the binomial law of the relevant count
# $M$; their ratio $E[\mathrm{DCG}]/E[\mathrm{IDCG}]$ is within a proven bound $b(n)$ of
# $E[\mathrm{NDCG}]$ (a Cauchy–Schwarz bound of this companion, not the paper's, introduced
# in the Lemma 2 section below). The
# pseudo-expectation $N_D(n)$ replaces these sums by integrals; the difference is the
# subject of Lemma 2 below, and under $1/r$ it is resolved by the simulation (the
# Euler–Maclaurin constant $\gamma$ of the harmonic sums, a $1/\log^2 n$ effect).
# Theorem 1's almost-sure convergence (the
# paper's Borel–Cantelli step) is taken from its proof: the table checks expectations.
#
# What "verified" means for the limit theorems, here and in the claims report (Theorems
# 3, 5 and 7–9 in this section, 10–13 in the graded one): the centring $N_D(n)$ tends to
# the stated closed form (deterministic), and the Monte Carlo means of DCG and IDCG match
# their exact expectations at finite $n$. That checks the value of the limit and the
# simulator, not the convergence in probability the theorems state. Concentration, the
# other half, is checked only where an exact standard deviation is known: NDCG@$\sqrt n$
# (Theorem 7) and the NDCG@10 contrast, below the table; Lemma 5 at one $\varepsilon$; and
# Theorem 6's laws. Elsewhere the standard deviations are shown, not checked. Nor does the
# paper prove these theorems, except Theorem 3: Appendix D proves Theorem 3 (through
# Lemma 5, whose details it omits) and says that the others "require only minor
# modifications", and Section 3.4 states Theorems 10–13 and omits their proofs. So the
# paper gives no proof for Theorems 5 and 7–13; the claims report's evidence says so for
# each.

# %%
theorems = [
    ("1", "1/log2(1+r)", rm.log2_discount),
    ("3", "r^-1/2", rm.power_discount(0.5)),
    ("5", "1/r", rm.zipf_discount),
    ("7", "log, top k = sqrt(n)", rm.cutoff(rm.log2_discount, exponent=0.5)),
    ("8", "log, top k = n/5", rm.cutoff(rm.log2_discount, fraction=0.2)),
    ("8 (c > p)", "log, top k = 3n/5", rm.cutoff(rm.log2_discount, fraction=0.6)),
    ("9", "r^-1/2, top k = n/5", rm.cutoff(rm.power_discount(0.5), fraction=0.2)),
    ("6 (contrast)", "log, top k = 10", rm.cutoff(rm.log2_discount, k=10)),
]
mc_se, mc_sd, mc_stats, mc_pseudo, mc_z, mc_dev, mc_exp = {}, {}, {}, {}, {}, {}, {}
limit_rows, no_spread, constant_parts, atom_parts = [], [], [], []
# the float column: the limit, or for the contrast rows (no limit) the limit of the mean
lim_col = "limit (float; contrast: the mean's limit)"
for thm, dname, disc in theorems:
    for rname, y in rankers.items():
        if thm == "1":
            closed = sympy.Integer(1)
        elif thm == "3":
            closed = (1 - beta) * sympy.integrate(y * (1 - s) ** -beta, (s, 0, 1)) / p ** (1 - beta)
        elif thm in ("5", "7", "6 (contrast)"):
            closed = y.subs(s, 1) if y.free_symbols else y
        elif thm.startswith("8"):
            c = frac if thm == "8" else sympy.Rational(3, 5)
            closed = sympy.integrate(y, (s, 1 - c, 1)) / min(c, p)
        else:
            closed = ((1 - beta) * sympy.integrate(y * (1 - s) ** -beta, (s, 1 - frac, 1))
                      / min(frac, p) ** (1 - beta))
        closed = sympy.nsimplify(sympy.simplify(closed))
        lim = A.ndcg_limit(y, disc, dps=dps)
        with mpmath.workdps(dps):
            checks.check("closed-form-limit", abs(mpmath.mpf(sympy.N(closed, dps + 5)) - lim)
                         < 1e-15, f"Theorem {thm}, {rname}: sympy's closed form equals "
                         "ndcg_limit to 1e-15")
        row = {"theorem": thm, "discount": dname, "function": rname,
               "limit": str(closed) if thm != "6 (contrast)" or closed in (0, 1)
               else f"none (mean -> {closed})",
               lim_col: float(lim)}
        pseudo = {e: float(A.pseudo_expectation(y, disc, mpmath.mpf(10) ** e, dps=dps))
                  for e in pseudo_exponents}
        for e in pseudo_exponents:
            row[f"N(1e{e})"] = pseudo[e]
        checks.check("pseudo-approaches-limit", abs(pseudo[max(pseudo_exponents)] - float(lim))
                     <= abs(pseudo[min(pseudo_exponents)] - float(lim)) + 1e-12,
                     f"Theorem {thm}, {rname}: N_D(n) is closer to the limit at the largest n")
        mc_means, mc_ses = [], []
        for n in mc_sizes:
            sim = simulate_ndcg(y, disc, n, n_draws=n_draws, seed=seed + n,
                                workers=mc_workers or None)
            draws = sim["ndcg"]
            mean, sd = float(draws.mean()), float(draws.std(ddof=1))
            se = sd / np.sqrt(n_draws)
            mc_pseudo[thm, rname, n] = float(A.pseudo_expectation(y, disc, n, dps=dps))
            # E[DCG] and E[IDCG] exactly (Claim 2's sum; the binomial law of the relevant
            # count), each the unbiased target of its Monte Carlo mean; E[NDCG] itself is
            # within a proven bias bound of their ratio
            exact = expected_ratio(disc, y, n)
            mc_exp[thm, rname, n] = exact.ratio
            for key, target in (("dcg", exact.expected_dcg), ("idcg", exact.expected_idcg)):
                # DCG and IDCG lie in [0, Sigma_D(n)]; a sum of n doubles is within n eps of
                # its value (the allowance)
                out = checks.mean_of_draws(
                    "mc-on-expectation", sim[key], target, float(disc.weights(n).sum()),
                    allowance=n * np.finfo(float).eps * abs(target),
                    what=f"Theorem {thm}, {rname}, n = {n}: the mean of {key.upper()} "
                         f"against E[{key.upper()}]")
                # an IDCG whose draws differ by no more than the rounding of a sum of n
                # positive doubles (below n eps of it, the allowance) is one constant in exact
                # arithmetic: every draw has at least k relevant objects, so the IDCG of the
                # cut is Sigma_D(k), summed in a different order. A draw with fewer loses at
                # least D(k), relative 1/k or more, far above n eps. Its expectation differs
                # from Sigma_D(k) by P[M < k] times at most Sigma_D(k): far below rounding
                # when k <= n/5 and p = 1/2
                if key == "idcg" and np.ptp(sim[key]) <= n * np.finfo(float).eps * abs(target):
                    rel = float(np.max(np.abs(sim[key] - target))) / abs(target)
                    constant_parts.append(rel)
                    checks.check("mc-constant-exact", rel <= n * np.finfo(float).eps,
                                 f"Theorem {thm}, {rname}, n = {n}: an IDCG without spread "
                                 "beyond rounding equals its exact expectation up to the "
                                 "rounding of the sums (n eps relative)")
                elif out.method == "standard error":
                    mc_z[thm, rname, n, key] = out.z
                else:
                    atom_parts.append((thm, rname, n, key))
            # the mean to the decimal of the second significant digit of its s.e.
            row[f"MC n={n:.0e}"] = (
                f"{mean:.{max(1 - int(np.floor(np.log10(se))), 0)}f} ± {se:#.2g}" if se > 0
                else f"{mean:g} ± 0")
            mc_se[thm, rname, n], mc_sd[thm, rname, n] = se, sd
            mc_means.append(mean)
            mc_ses.append(se)
            if se > 0:
                mc_dev[thm, rname, n] = (mean - mc_exp[thm, rname, n]) / se
            else:
                no_spread.append((thm, rname, n))
                checks.check("mc-no-spread", draws.min() == 1.0,
                             f"Theorem {thm}, {rname}, n = {n}: draws without spread are all "
                             "1 (every label of the top ten relevant)")
        mc_stats[thm, rname] = (mc_means, mc_ses)
        limit_rows.append(row)
if not no_spread:
    checks.skip("mc-no-spread", "every Monte Carlo cell has draws that differ")
if not constant_parts:
    checks.skip("mc-constant-exact", "every IDCG reading has draws that differ")
figures.save_table(limit_rows, "004_limits")
display(Markdown(figures.markdown_table(
    limit_rows, digits=6)))
# the limits of every theorem but 1 (and 6's contrast) differ between the three functions
for thm in ("3", "5", "7", "8", "8 (c > p)", "9"):
    lims = [r[lim_col] for r in limit_rows if r["theorem"] == thm]
    checks.check("limits-differ", len(set(np.round(lims, 12))) == 3,
                 f"Theorem {thm}: the three functions have three different limits")
worst_z = max(mc_z.items(), key=lambda kv: abs(kv[1]))
display(Markdown(
    f"In every Monte Carlo cell the means of DCG and IDCG are held to their exact "
    f"expectations at their own $n$: {len(mc_z)} readings agree within Student's $t$ (the "
    f"largest deviation: {abs(worst_z[1]):.2f} standard errors, {worst_z[0][3].upper()} of "
    f"Theorem {worst_z[0][0]}, {worst_z[0][1]}, $n = {worst_z[0][2]:.0e}$"
    + ")" + (f"; {len(constant_parts)} readings have no spread beyond the last bits of "
             "their sums (at most $n\\varepsilon$ relative, $\\varepsilon$ the machine "
             "epsilon), IDCGs of a cut at $k$ with at least $k$ relevant objects in every "
             "draw, constant in exact arithmetic, and equal their exact expectations "
             + ("exactly" if max(constant_parts) == 0 else
                f"to {max(constant_parts):.0e} relative") + " (checked)"
             if constant_parts else "")
    + (f"; {len(atom_parts)} more (by theorem: "
       + "; ".join(f"{sum(t == th for t, _, _, _ in atom_parts)} under Theorem {th}, the "
                   + " and ".join(sorted({f"{k.upper()} of {r}" for t, r, _, k in atom_parts
                                          if t == th}))
                   for th in dict.fromkeys(t for t, _, _, _ in atom_parts))
       + ") have a quarter or more of their draws on one value and are held only to a "
       "weak bound, which holds for any law (\"About the checks\", at the end)"
       if atom_parts else "")
    + (f"; {len(no_spread)} cell(s) of the good function under NDCG@10 have no spread at "
       "all (every top label relevant)." if no_spread else ".")
    + " The limits of Theorems 3, 5, 7, 8 and 9 differ between the three functions (the "
    "discount \"distinguishes\" them in the limit); Theorem 1's limit 1 is the same for all "
    f"three and is approached so slowly that at $n = {max(mc_sizes):.0e}$ the random "
    f"function still scores {mc_stats['1', 'random'][0][-1]:.3f}. With $c = 3/5 > p$ the "
    "ideal list's top $3n/5$ holds every relevant object, so the normaliser is the whole "
    "IDCG and the limit is $\\int_{2/5}^1 \\bar y / p$ (Theorem 8's $\\min\\{c, p\\} = p$ "
    "branch); the ranked list's top $3n/5$ still misses the relevant objects ranked below "
    "it, which is why the good function's limit there is "
    + next(f"{r[lim_col]:.4g}" for r in limit_rows
           if r["theorem"] == "8 (c > p)" and r["function"] == "good")
    + f", not 1. Each Monte Carlo cell: {n_draws} independent draws."))

# %% [markdown]
# **The spread of NDCG@$k$.** For a linear curve $\bar y = a + bs$ the standard deviation
# of NDCG@$k$ is known exactly (the top labels are Bernoulli($\bar y(s_{(r)})$),
# correlated only through the order statistics of the scores). For $0 < \bar y(1) < 1$
# (weaker, random: the table below) it shrinks like $k^{-1/2} = n^{-1/4}$ under
# $k = \sqrt n$ (Theorem 7: NDCG concentrates); under $k = 10$ it tends to
# $\sqrt{\bar y(1)(1-\bar y(1))\sum D^2}/\sum D$, not to 0. Each sample standard
# deviation of the table's cells is checked against it. For $\bar y(1) = 1$ (good) the
# top labels are almost surely relevant, and the spread falls faster and to 0 under both
# cuts: the sentence after the table gives its exact values, and the rates table below its
# order.

# %%
spread_rows = []
for thm in ("7", "6 (contrast)"):
    disc = dict((t, d) for t, _, d in theorems)[thm]
    for rname in ("weaker", "random"):
        a_lin, b_lin = (0.25, 0.5) if rname == "weaker" else (0.5, 0.0)
        for n in mc_sizes:
            w = disc.weights(n)
            w = w[w > 0]
            exact = cutoff_ndcg_sd(w, a_lin, b_lin, n=n)
            sd = mc_sd[thm, rname, n]
            # the sample variance's chi-square law, read as a normal deviate
            z = float(stats.norm.isf(np.clip(stats.chi2.sf(
                (n_draws - 1) * sd**2 / exact**2, n_draws - 1), 1e-300, 1 - 1e-16)))
            checks.within("cutoff-spread", z, 0.0, 1.0,
                          what=f"Theorem {thm}, {rname}, n = {n}: sample s.d. of NDCG@k "
                               f"{sd:.4g} against the exact {exact:.4g} (chi-square deviate)")
            spread_rows.append({"theorem": thm, "function": rname, "n": n, "k": int(w.size),
                                "exact s.d.": exact, "sample s.d.": sd})
figures.save_table(spread_rows, "004_cutoff_spread")
# a sample s.d. of n_draws draws is uncertain in its second digit: shown to two
display(Markdown(figures.markdown_table(
    [{**r, "sample s.d.": float(f"{r['sample s.d.']:.2g}")} for r in spread_rows], digits=4)))
sd_by = {(r["theorem"], r["function"], r["n"]): r["exact s.d."] for r in spread_rows}
n_lo, n_hi = min(mc_sizes), max(mc_sizes)
# the good function (ybar(1) = 1): its exact spread, under both cuts, at the two ends
good_sd = {"7": {}, "6 (contrast)": {}}
for thm in good_sd:
    for n in (n_lo, n_hi):
        w = dict((t, d) for t, _, d in theorems)[thm].weights(n)
        good_sd[thm][n] = cutoff_ndcg_sd(w[w > 0], *linear["good"], n=n)
good_ratio = good_sd["7"][n_hi] / good_sd["7"][n_lo]
checks.check("good-spread-order", abs(np.log(good_ratio) - 0.5 * np.log(n_lo / n_hi))
             < abs(np.log(good_ratio) - 0.25 * np.log(n_lo / n_hi)),
             "ybar(1) = 1 under k = sqrt(n): the exact s.d. ratio is nearer (n_lo/n_hi)^(1/2) "
             "than (n_lo/n_hi)^(1/4)")
checks.check("good-spread-to-zero", good_sd["6 (contrast)"][n_hi] < good_sd["6 (contrast)"][n_lo],
             "ybar(1) = 1 under k = 10: the exact s.d. decreases from n_lo to n_hi")
display(Markdown(
    f"From $n = {n_lo:.0e}$ to ${n_hi:.0e}$ the exact spread under $k = \\sqrt n$ falls by "
    f"the factor {sd_by['7', 'random', n_hi] / sd_by['7', 'random', n_lo]:.3f} (random) and "
    f"{sd_by['7', 'weaker', n_hi] / sd_by['7', 'weaker', n_lo]:.3f} (weaker), against "
    f"$(n_{{lo}}/n_{{hi}})^{{1/4}} = {(n_lo / n_hi) ** 0.25:.3f}$ for a plain $k^{{-1/2}}$ "
    "(the log weights change the constant, not the order); under $k = 10$ "
    f"it stays at {sd_by['6 (contrast)', 'random', n_hi]:.4f} (random) and "
    f"{sd_by['6 (contrast)', 'weaker', n_hi]:.4f} (weaker). The good function "
    "($\\bar y(1) = 1$): under $k = \\sqrt n$ its exact spread falls by the factor "
    f"{good_sd['7'][n_hi] / good_sd['7'][n_lo]:.4f}, of the order "
    f"$(n_{{lo}}/n_{{hi}})^{{1/2}} = {(n_lo / n_hi) ** 0.5:.4f}$ rather than $n^{{-1/4}}$; "
    f"under $k = 10$ it falls from {good_sd['6 (contrast)'][n_lo]:.3g} to "
    f"{good_sd['6 (contrast)'][n_hi]:.3g}, towards 0 (every top label relevant in the limit)."))

# %%
display(Markdown("This section's own checks, above, cover the limits of Theorems 1, 3, 5, "
                 "7, 8 and 9 and the pseudo-expectation of Definition 5; the box gives the "
                 "outcomes the catalogue records for the same claims. It also lists the "
                 "step of Theorem 1's proof that makes the limit 1 hold for every function "
                 "(eq. (40) in Appendix D, S004-T1p, checked in the claims report): even "
                 "with every relevant object at the bottom of the list, NDCG, there a ratio "
                 "of two logarithmic integrals, tends to 1. Being the worst case over all "
                 "orders of a sample, that step also bears out the paper's footnote 1 for "
                 "Theorem 1: the limit holds for any sequence of ranking functions, not only "
                 "one fixed function (the footnote's claim for Theorem 6 is not examined)."))
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T1", "S004-T1p", "S004-T3", "S004-T5", "S004-T7", "S004-T8", "S004-T9",
     "S004-D5"]))))

# %% [markdown]
# ### The limits in pictures
#
# One panel per theorem: the pseudo-expectation $N_D(n)$ of each ranking function as a
# line from $n = 10^2$ to $10^{100}$ (log axis), each limit dashed, and the Monte Carlo
# means of the table (error bars of two standard errors). The lines show what no
# simulation can: how far $n$ must go before the limit is reached. All Monte Carlo points
# lie in the first five decades, so the second figure repeats the panels on
# $10^2 \le n \le 10^7$, where they lie on the lines at the figure's scale. That agreement
# with $N_D(n)$ is visual only: what the table's cells check is the means of DCG and IDCG
# against their exact expectations; under $1/r$ the ratio $E[\mathrm{DCG}]/E[\mathrm{IDCG}]$
# differs from $N_D(n)$ by $O(1/\log^2 n)$ (below the figure, the largest deviation of an
# NDCG mean from $N_D(n)$ in standard errors). Two
# rows of the table are not drawn: the contrast (NDCG@10) and Theorem 8 with
# $c = 3/5 > p$, whose lines have the shape of Theorem 8's.

# %%
line_exponents = np.r_[np.arange(2, 7.5, 0.5), np.arange(8, 100, 6), 100]
colors = {"good": "C0", "weaker": "C1", "random": "C2"}
still_far, lines = [], {}
shown = [t for t in theorems if t[0] not in ("6 (contrast)", "8 (c > p)")]
for zoom in (False, True):
    fig, axes = plt.subplots(2, 3, figsize=(15, 7.6), constrained_layout=True)
    for ax, (thm, dname, disc) in zip(axes.ravel(), shown, strict=True):
        for rname, y in rankers.items():
            if not zoom:
                line = [float(A.pseudo_expectation(y, disc, mpmath.mpf(10) ** float(e),
                                                   dps=dps)) for e in line_exponents]
                lines[thm, rname] = (line, float(A.ndcg_limit(y, disc, dps=dps)))
            line, lim = lines[thm, rname]
            keep = line_exponents <= (7 if zoom else 100)
            ax.semilogx(10.0 ** line_exponents[keep], np.array(line)[keep],
                        color=colors[rname], lw=1.5, label=f"{rname}: N_D(n)")
            ax.axhline(lim, color=colors[rname], ls="--", lw=1, label=f"{rname}: limit")
            means, ses = mc_stats[thm, rname]
            ax.errorbar(mc_sizes, means, yerr=2 * np.array(ses), fmt="o", ms=3, capsize=2,
                        color=colors[rname], label=f"{rname}: Monte Carlo ± 2 s.e.")
            if not zoom:
                gap_100 = abs(line[-1] - lim)
                gap_50 = abs(line[list(line_exponents).index(50)] - lim)
                if gap_100 > 1e-6:
                    # log n doubles from 1e50 to 1e100, so a (log n)^a gap has the local
                    # exponent a = -log2(gap_50 / gap_100) there: 1/log n gives -1
                    local = -float(np.log2(gap_50 / gap_100))
                    checks.check("local-exponent", abs(local + 1) <= 0.1,
                                 f"Theorem {thm}, {rname}: from 1e50 to 1e100 the gap to the "
                                 f"limit falls like (log n)^{local:.3f}, within 0.1 of 1/log n")
                    still_far.append((thm, rname, gap_100, local))
        if zoom:
            ax.set(xlim=(1e2, 1e7))
        else:
            ax.set(xticks=[1e2, 1e10, 1e25, 1e50, 1e100])
        ax.set(title=f"Theorem {thm}: {dname}", xlabel="n", ylabel="NDCG")
    axes[0, 0].legend(fontsize=6, ncol=3)
    fig.suptitle("004: NDCG against n -- N_D(n) (lines), limits (dashed), Monte Carlo "
                 "± 2 s.e. (points)" + (", n up to 1e7" if zoom else ""))
    figures.save(fig, "004_limits_mc" if zoom else "004_limits_by_n")
    plt.show()
slow_theorems = sorted({t for t, _, _, _ in still_far}, key=int)
# the Monte Carlo means against N_D(n) (not checked: under 1/r E[NDCG] - N_D(n) is resolved)
dev_nd = {k: (mc_stats[k[0], k[1]][0][mc_sizes.index(k[2])] - mc_pseudo[k]) / mc_se[k]
          for k in mc_pseudo if mc_se[k] > 0 and k[0] in [t for t, _, _ in shown]}
worst_nd = max(dev_nd, key=lambda k: abs(dev_nd[k]))
display(Markdown(
    f"Against $N_D(n)$ the largest deviation of a Monte Carlo mean is {dev_nd[worst_nd]:+.1f} "
    f"standard errors (Theorem {worst_nd[0]}, {worst_nd[1]}, $n = {worst_nd[2]:.0e}$); the "
    f"same mean deviates from $E[\\mathrm{{DCG}}]/E[\\mathrm{{IDCG}}]$ by "
    f"{mc_dev[worst_nd]:+.1f}."))
# the alternative the check must reject: a gap of log log n / log n, whose local exponent
# from 1e50 to 1e100 is -log2 of its ratio there
alt_local = -float(np.log2((np.log(50 * np.log(10)) / (50 * np.log(10)))
                           / (np.log(100 * np.log(10)) / (100 * np.log(10)))))
display(Markdown(
    "At $n = 10^{100}$ every line is within $10^{-6}$ of its limit except under Theorems "
    + ", ".join(slow_theorems) + ", where the gap is still up to "
    + f"{max(g for _, _, g, _ in still_far):.4f}. From $10^{{50}}$ to $10^{{100}}$, where "
    "$\\log n$ doubles, each of these gaps falls like $(\\log n)^a$ with $a$ within 0.1 of "
    f"$-1$ (from {min(a for *_, a in still_far):.3f} to {max(a for *_, a in still_far):.3f}; "
    f"a gap of $\\log\\log n/\\log n$ would give {alt_local:.3f}, "
    + ("outside" if abs(alt_local + 1) > 0.1 else "inside") + " that window): "
    "they fall like $1/\\log n$ (" + "; ".join(f"Theorem {t}, {r}: {g:.1e}"
                                             for t, r, g, _ in still_far) + ")."))

# %% [markdown]
# ### How fast the centring $N_D(n)$ converges, and how much NDCG fluctuates around it
#
# The theorems state limits in probability. The distance of NDCG from its limit has two
# parts: the bias of the centring, $|N_D(n) - \lim|$, and the fluctuation of NDCG around
# it; convergence in probability runs at the slower of the two rates. This section
# measures the first; the table beside it states the second.
#
# The centring (the companion's derivation, not the paper's). $F(t) = \int_1^t D(x)\,dx$ is
# the normaliser of Definition 5 (not the sum $\Sigma_D$). For the tables' log discount
# $1/\log_2(1+r)$,
# $F(n) = \ln 2\,[\mathrm{li}(1+n) - \mathrm{li}(2)] = \ln 2 \cdot \frac{n}{\ln n}
# \bigl(1 + \frac{1}{\ln n} + O(\ln^{-2} n)\bigr)$: the relative correction $1/\ln n$ (and
# the $\log u$ moment of $\bar y$, in the section on how slowly standard NDCG tends to 1)
# gives the $1/\log n$ gap of Theorems 1 and 8. For $1/r$, $F(n) = \ln n$, and $\bar y$
# near the top decides the limit: again a $1/\log n$ gap (Theorem 5). For $r^{-\beta}$,
# $F(n) = (n^{1-\beta} - 1)/(1-\beta)$: the "$-1$" and the lower end $1/n$ of the scaled
# integral leave $n^{-(1-\beta)} = n^{-1/2}$ (Theorems 3 and 9). A top-$k$ cut with
# $k = \sqrt n$ (Theorem 7) averages $\bar y$ over the top $k/n = n^{-1/2}$ of the scores.
#
# Each panel draws $|N_D(n) - \lim|$ (lines; where it is above $10^{-11}$, the resolution
# of the double-precision lines), the Monte Carlo $|{\rm mean} - \lim|$ with two standard
# errors where they resolve it, and the predicted rate through the last point of the good
# function's line (dotted; $1/\ln n$ is a slowly bending curve on these axes). The random
# function has no line under Theorems 7–9: its $N_D(n)$ equals the limit exactly. Some
# lines under Theorems 3 and 9 stop early, where their gap falls below the resolution.
# The fitted exponent is the slope of $\log|gap|$ against $\log n$ for the power rates
# and against $\log\log n$ for the $1/\log n$ rates, over the last points of each line
# (the table's "fit from" and "fit to"; checked within 0.1 of the prediction). For the
# $1/\log n$ rates those points span a short range in $\log\log n$, but the lines are
# deterministic, so the fit still tells $1/\log n$ from a slowly varying alternative such
# as $\log\log n/\log n$: below the table, the slope that alternative gives on the same
# points. The check above, the local exponent from $10^{50}$ to $10^{100}$, tells them apart
# too, over a longer range. Both pin the exponent, not the constant, which is checked for
# Theorem 1, $(1 - N_D(n))\log n \to C$ (in the section on how slowly
# standard NDCG tends to 1) and Theorem 5 (below the table); Theorem 8's is not derived
# here.

# %%
predicted = {"1": ("1/log n", -1.0), "3": ("n^-1/2", -0.5), "5": ("1/log n", -1.0),
             "7": ("n^-1/2", -0.5), "8": ("1/log n", -1.0), "9": ("n^-1/2", -0.5)}
# the order of sd(NDCG) (the companion's derivation, by the delta method on DCG / IDCG;
# given the scores the labels are Bernoulli(ybar(s_(r))), and the top scores tend to 1).
# When 0 < ybar(1) < 1: log, the label count moves DCG and IDCG together and leaves
# sum (D(r) - D(np))^2 ~ n / log^4 n against F ~ n / log n; r^-1/2, sum D^2 ybar(1 - ybar)
# ~ log n against F ~ n^1/2; 1/r, sum D^2 -> zeta(2) against F ~ log n; k = sqrt(n),
# k^-1/2; k = cn < pn, the IDCG is fixed and sum_{r <= k} D^2 ~ n / log^2 n against
# F ~ n / log n. When ybar(1) = 1 (the good function) a top label has variance
# ybar(1 - ybar) ~ r/n, so the top no longer dominates: r^-1/2, sum r^-1 r/n = O(1)
# (and the scores' fluctuation, O(1) too): n^-1/2; 1/r, sum r^-2 r/n ~ log n / n against
# F ~ log n: (n log n)^-1/2; k = sqrt(n), sum_{r <= k} D^2 r/n ~ 1/log^2 k against
# F ~ k/log k: k^-1 = n^-1/2; the log discounts (bulk-dominated) keep their orders
fluctuation = {"1": "n^-1/2 / log n", "3": "(log n / n)^1/2", "5": "1/log n",
               "7": "n^-1/4", "8": "n^-1/2", "9": "(log n / n)^1/2"}
fluctuation_top_certain = {"1": "n^-1/2 / log n", "3": "n^-1/2", "5": "(n log n)^-1/2",
                           "7": "n^-1/2", "8": "n^-1/2", "9": "n^-1/2"}
ybar_at_1 = {r: float(y.subs(s, 1)) if y.free_symbols else float(y) for r, y in rankers.items()}
rate_rows, alt_fit = [], {}
disc_by_thm = {t_: d_ for t_, _, d_ in theorems}
fig, axes = plt.subplots(2, 3, figsize=(15, 7.6), constrained_layout=True)
ns_line = 10.0 ** line_exponents
for ax, (thm, dname, _) in zip(axes.ravel(), shown, strict=True):
    form, slope_pred = predicted[thm]
    for rname in rankers:
        line, lim = lines[thm, rname]
        gap = np.abs(np.array(line) - lim)
        ok = gap > rates.RESOLUTION
        if not ok.any():
            continue  # the limit is reached exactly (a constant curve under a power rate)
        ax.loglog(ns_line[ok], gap[ok], color=colors[rname], lw=1.5, label=f"{rname}")
        means, ses = (np.array(v) for v in mc_stats[thm, rname])
        mc_gap = np.abs(means - lim)
        resolved = mc_gap > 2 * ses
        if resolved.any():
            ax.errorbar(np.array(mc_sizes)[resolved], mc_gap[resolved],
                        yerr=2 * ses[resolved], fmt="o", ms=3, capsize=2,
                        color=colors[rname])
        # the fit: the last four points of the line above the resolution, from n = 1e4 on
        slope, fit = rates.fitted_exponent(ns_line, gap, in_log_n=form == "1/log n")
        if form == "1/log n":
            # the alternative log log n / log n, fitted on the same points the same way
            alt_fit[thm, rname] = rates.fitted_exponent(
                ns_line[fit], np.log(np.log(ns_line[fit])) / np.log(ns_line[fit]),
                in_log_n=True, from_n=0, points=fit.size)[0]
        sd_ratio = mc_sd[thm, rname, n_hi] / mc_sd[thm, rname, n_lo] if mc_sd[
            thm, rname, n_lo] > 0 else float("nan")
        sd_form = (fluctuation_top_certain if ybar_at_1[rname] in (0.0, 1.0)
                   else fluctuation)[thm]
        # the exact s.d. where it is known (a top-k cut with k = o(n), linear curves)
        # the exact s.d. where it is known: a top-k cut with k = o(n) and a linear curve,
        # and the random function (a constant curve) under every discount
        if thm == "7":
            exact_sd = {n: cutoff_ndcg_sd(w[w > 0], *linear[rname], n=n) for n, w in (
                (n, disc_by_thm["7"].weights(n)) for n in (n_lo, n_hi))}
        elif rname == "random":
            exact_sd = {n: random_ranking_ndcg_moments(disc_by_thm[thm].weights(n), 0.5)[1]
                        for n in (n_lo, n_hi)}
        else:
            exact_sd = {}
        exact_ratio = exact_sd[n_hi] / exact_sd[n_lo] if exact_sd else float("nan")
        rate_rows.append({"theorem": thm, "function": rname, "rate of the centring": form,
                          "predicted exponent": slope_pred, "fitted exponent": slope,
                          "fit from n": f"{ns_line[fit[0]]:.0e}",
                          "fit to n": f"{ns_line[fit[-1]]:.0e}",
                          "ybar(1)": ybar_at_1[rname], "rate of sd(NDCG)": sd_form,
                          "predicted sd ratio": rates.order_ratio(sd_form, n_lo, n_hi),
                          f"MC sd ratio n={n_hi:.0e} / n={n_lo:.0e}": sd_ratio,
                          "exact sd ratio": exact_ratio})
        checks.check("fitted-exponent", abs(slope - slope_pred) <= 0.1,
                     f"Theorem {thm}, {rname}: the fitted exponent {slope:.3f} is within 0.1 "
                     f"of {slope_pred}")
    good_line, good_lim = lines[thm, "good"]
    ax.loglog(*rates.rate_curve(ns_line, np.abs(np.array(good_line) - good_lim),
                                exponent=slope_pred, in_log_n=form == "1/log n"),
              "k:", lw=1, label=f"rate {form}")
    ax.set(title=f"Theorem {thm}: {dname}", xlabel="n", ylabel="|N_D(n) - limit|",
           xlim=(1e2, None))
    ax.legend(fontsize=7, title="no random line: N_D(n) = limit" if thm in ("7", "8", "9")
              else None, title_fontsize=7)
fig.suptitle("004: how fast the centring converges -- |N_D(n) - limit| (lines), Monte Carlo "
             "± 2 s.e. where resolved (points), the predicted rate (dotted)")
figures.save(fig, "004_rates")
plt.show()
figures.save_table(rate_rows, "004_rates", tolerance={"abs": 1e-5})
mc_col = f"MC sd ratio n={n_hi:.0e} / n={n_lo:.0e}"
# the Monte Carlo ratio scatters by a factor of order 1.7 (below): two digits shown
display(Markdown(figures.markdown_table(
    [{**r, mc_col: float(f"{r[mc_col]:.2g}")} for r in rate_rows], digits=4)))
worst = max(rate_rows, key=lambda r: abs(r["fitted exponent"] - r["predicted exponent"]))
rr = {(r["theorem"], r["function"]): r for r in rate_rows}
# the log-ratio of two sample s.d.s of n_draws draws has s.e. about sqrt(1 / (n_draws - 1))
# for Gaussian draws only: a heavy-tailed law (top-dominated rows) scatters more
noise = float(np.exp(2 * np.sqrt(1 / (n_draws - 1))))
# the rows with an exact ratio besides Theorem 7's: the random function's, where known
exact_random = [r["theorem"] for r in rate_rows if r["function"] == "random"
                and r["theorem"] != "7" and not np.isnan(r["exact sd ratio"])]

# the rows with both an exact and a predicted ratio, and how far the prediction is off
exact_pairs = [(r["theorem"], r["function"]) for r in rate_rows
               if not np.isnan(r["exact sd ratio"])]
max_off = max(max(q, 1 / q) for q in (rr[k]["exact sd ratio"] / rr[k]["predicted sd ratio"]
                                      for k in exact_pairs))
sd_by_thm = {
    thm: "; ".join(
        f"{r}: {rr[thm, r]['rate of sd(NDCG)']} (predicted ratio "
        f"{rr[thm, r]['predicted sd ratio']:.3g}, measured {rr[thm, r][mc_col]:.2g}"
        + (f", exact {rr[thm, r]['exact sd ratio']:.3g}"
           if not np.isnan(rr[thm, r]["exact sd ratio"]) else "") + ")"
        for r in rankers if (thm, r) in rr)
    for thm in ("1", "3", "5", "7", "8", "9")}
alt_lo, alt_hi = min(alt_fit.values()), max(alt_fit.values())
display(Markdown(
    f"Every fitted exponent is within 0.1 of its prediction ({len(rate_rows)} lines; the "
    f"farthest: Theorem {worst['theorem']}, {worst['function']}, "
    f"{worst['fitted exponent']:.3f} against {worst['predicted exponent']:g}). On the same "
    "points a gap of $\\log\\log n/\\log n$ gives the slope "
    + (f"{alt_lo:.3f}" if abs(alt_hi - alt_lo) < 5e-4 else f"{alt_lo:.3f} to {alt_hi:.3f}")
    + (", outside the window: the fit rejects it" if all(abs(v + 1) > 0.1
                                                          for v in alt_fit.values())
       else ", inside the window for some lines: the fit does not reject it there")
    + ". The last "
    "columns are the other half: the order of the standard deviation of NDCG, which "
    "depends on $\\bar y(1)$ (for the good function $\\bar y(1) = 1$, the top labels are "
    "almost surely relevant and stop dominating the variance), the ratio it predicts from "
    f"$n = {n_lo:.0e}$ to ${n_hi:.0e}$ (up to a constant that tends to 1 only as both $n$ "
    "grow), the ratio of the Monte Carlo standard deviations (each from "
    f"{n_draws} draws: a rough reading, not checked; for Gaussian draws it would scatter by "
    f"a factor of about {noise:.1f} either way (two standard errors of the log-ratio), "
    "and rows whose variance comes from rare events near the top -- the good function, "
    "$\\bar y(1) = 1$, under $1/r$ above all -- have heavy-tailed laws and scatter more, "
    "so no band is claimed), and the exact ratio where it is known (Theorem 7; the random "
    f"function under Theorems {', '.join(exact_random[:-1])} and {exact_random[-1]}). Where "
    "the exact ratio and the predicted one differ, the difference is what an order leaves "
    "out at these $n$: its slowly varying factor (Theorem 1's logarithms, for instance, "
    "are far from settled at $n = 10^3$). It can be large: where both are known the exact "
    "ratio is "
    + ", ".join(f"{rr[t_, r_]['exact sd ratio'] / rr[t_, r_]['predicted sd ratio']:.2f} "
                f"times the predicted one (Theorem {t_}, {r_})"
                for t_, r_ in exact_pairs)
    + f", so the predicted column gives the order only, off by a factor of up to "
    f"{max_off:.1f} where it can be compared, and the Monte Carlo ratios, which scatter "
    "besides, confirm nothing about it. By theorem: "
    + " ".join(f"**Theorem {thm}**: {txt}." for thm, txt in sd_by_thm.items())))
# Theorem 5's constant (the companion's derivation): with D = 1/r, Ntilde(n) =
# int_{1/n}^1 ybar(1-u)/u du = ybar(1) ln n + K + O(1/n), K = int_0^1 (ybar(1-u) -
# ybar(1))/u du, and F(np) = ln(np), so (N_D(n) - ybar(1)) ln(np) = K - ybar(1) ln p + O(1/n)
u_int = sympy.Symbol("u", positive=True)
rate5 = {}
for rname, y in rankers.items():
    y_top = y.subs(s, 1)
    c5 = float(sympy.integrate(sympy.cancel((y.subs(s, 1 - u_int) - y_top) / u_int),
                               (u_int, 0, 1)) - y_top * sympy.log(p))
    line, lim = lines["5", rname]
    scaled5 = [(line[list(line_exponents).index(e)] - lim) * (e * np.log(10) + np.log(float(p)))
               for e in (50, 100)]
    rate5[rname] = (c5, scaled5)
    checks.check("theorem5-rate-constant", max(abs(v - c5) for v in scaled5) < 1e-9,
                 f"Theorem 5, {rname}: (N_D(n) - ybar(1)) ln(np) equals K - ybar(1) ln p = "
                 f"{c5:.6f} at 1e50 and 1e100")
display(Markdown(
    "Theorem 5's constant, derived (by the companion) from $F(np) = \\ln(np)$ and "
    "$\\tilde N(n) = \\bar y(1)\\ln n + K + O(1/n)$, $K = \\int_0^1 (\\bar y(1-u) - "
    "\\bar y(1))\\,du/u$: $(N_D(n) - \\bar y(1))\\ln(np) = K - \\bar y(1)\\ln p + "
    "O(1/n)$, which the lines meet at $10^{50}$ and $10^{100}$ to $10^{-9}$ (checked): "
    + ", ".join(f"{r} {c:.6f}" for r, (c, _) in rate5.items())
    + ". So Theorem 5's gap is exactly of order $1/\\log n$, with these constants; "
    "Theorem 8's constant is not derived here."))
# under the log discount, per function: the slower half, read off the table's predicted
# ratios from n_lo to n_hi (the larger ratio is the slower decay); a function without a
# row has N_D(n) equal to its limit (its centring is exact)
slower = {thm: [r for r in rankers if (thm, r) in rr and order_ratio_c > rr[thm, r][
    "predicted sd ratio"]] for thm, order_ratio_c in (
    (t_, rates.order_ratio(predicted[t_][0], n_lo, n_hi)) for t_ in ("1", "8"))}
exact_centre = {thm: [r for r in rankers if (thm, r) not in rr] for thm in ("1", "8")}
checks.check("log-slower-half", all(
    set(slower[thm]) | set(exact_centre[thm]) == set(rankers) for thm in ("1", "8")),
             "under Theorems 1 and 8 every function either has the slower centring or an "
             "exact one")
rel_rows = [
    ("7", "n^-1/2", "the fluctuation is far slower than the centring, so NDCG@$\\sqrt n$ "
     "reaches its limit at the rate of its fluctuation", "it is of the centring's order"),
    ("3", "n^-1/2", "the fluctuation is slower than the centring by a factor "
     "$\\sqrt{\\log n}$ (Theorems 3 and 9)", "the two are of one order"),
    ("5", "1/log n", "both are of order $1/\\log n$", "the fluctuation is far faster than "
     "the centring's $1/\\log n$")]
display(Markdown(
    "Which half is slower, per function. "
    + " ".join(
        f"Under Theorem {thm} ({predicted[thm][0]} for the centring), for "
        + ", ".join(r for r in rankers if (thm, r) in rr
                    and rr[thm, r]["rate of sd(NDCG)"] == fluctuation[thm])
        + f" ($0 < \\bar y(1) < 1$) {mixed}; for "
        + ", ".join(r for r in rankers if (thm, r) in rr
                    and rr[thm, r]["rate of sd(NDCG)"] != fluctuation[thm])
        + f" ($\\bar y(1) = 1$) {certain}."
        for thm, _, mixed, certain in rel_rows)
    + " Under the log discount the centring's $1/\\log n$ is the slower part for "
    + " and ".join(f"{', '.join(slower[thm])} under Theorem {thm}" for thm in ("1", "8"))
    + "".join(f"; under Theorem {thm} {', '.join(exact_centre[thm])} has $N_D(n)$ equal to "
              f"its limit at every $n$, so only its fluctuation, of order "
              f"{fluctuation[thm]}, remains"
              for thm in ("1", "8") if exact_centre[thm]) + "."))

# %% [markdown]
# ### Lemma 2: the expectation against the pseudo-expectation
#
# Lemma 2 is stated for the log discount only: $|E\,\mathrm{NDCG} - N_D(n)| \le
# \tilde O(n^{-1/3})$. Two exact quantities can be read without simulation noise: the ratio
# $R(n) = E[\mathrm{DCG}]/E[\mathrm{IDCG}]$ (Claim 2's sum and the binomial law of the
# relevant count), and a proven bound $b(n)$ on $|E[\mathrm{NDCG}] - R(n)|$
# (Cauchy-Schwarz: $\mathrm{sd}(\mathrm{IDCG})/(2E[\mathrm{IDCG}])$). So
# $|E[\mathrm{NDCG}] - N_D(n)| \le |R(n) - N_D(n)| + b(n)$. The lines are $|R(n) - N_D(n)|$
# for the three functions under the log discount (Theorem 1; dashed, Theorem 8's cut at
# $n/5$ as an extension), expected of order $\log n/n$ from the sum against the integral;
# the grey line is $b(n)$; the triangles are Monte Carlo upper bounds on
# $|E[\mathrm{NDCG}] - N_D(n)|$ at the level of two standard errors, $|\text{mean} -
# N_D(n)|$ plus two standard errors, from the limits table.

# %%
lemma2_ns = np.unique(np.logspace(2, 6, 9).astype(int))
lemma2_rows, lemma2_zero = [], []
lemma2_floor = 1e-8  # the bottom of the figure's axis
fig, ax = plt.subplots(figsize=(7.5, 4.4), constrained_layout=True)
for thm, ls in (("1", "-"), ("8", "--")):
    disc = dict((t, d) for t, _, d in theorems)[thm]
    for rname, y in rankers.items():
        a_lin, b_lin = linear[rname]
        diffs = []
        for n in lemma2_ns:
            exact = expected_ratio(disc, y, int(n))
            diffs.append(abs(exact.ratio - float(A.pseudo_expectation(y, disc, int(n),
                                                                      dps=dps))))
            lemma2_rows.append({"theorem": thm, "function": rname, "n": int(n),
                                "|R - N_D(n)|": diffs[-1], "b(n)": exact.bias_bound,
                                "n^-1/3": float(n) ** (-1 / 3),
                                "log n / n": float(np.log(n) / n)})
        if max(diffs) > lemma2_floor:
            ax.loglog(lemma2_ns, diffs, ls, color=colors[rname], label=f"Theorem {thm}, {rname}")
        else:  # nothing to see on the axis: E[DCG]/E[IDCG] is within its floor of N_D(n)
            lemma2_zero.append((f"Theorem {thm}, {rname}", max(diffs)))
        if thm == "1":
            upper = [abs(mc_stats[thm, rname][0][i] - mc_pseudo[thm, rname, n])
                     + 2 * mc_stats[thm, rname][1][i] for i, n in enumerate(mc_sizes)]
            ax.loglog(mc_sizes, upper, "v", ms=5, color=colors[rname],
                      label=f"{rname}: Monte Carlo |mean - N_D(n)| + 2 s.e.")
ax.loglog(lemma2_ns, lemma2_ns ** (-1 / 3), "k-", lw=1, label="n^-1/3")
ax.loglog(lemma2_ns, np.log(lemma2_ns) / lemma2_ns, "k:", lw=1, label="log n / n")
bias_line = [r["b(n)"] for r in lemma2_rows if r["theorem"] == "1" and r["function"] == "good"]
ax.loglog(lemma2_ns, bias_line, "-", color="0.6", lw=1.5, label="b(n), Theorem 1, good")
ax.set(xlabel="n", ylabel="distance to N_D(n)", ylim=(lemma2_floor, 1),
       title="004: Lemma 2 -- the expectation against the pseudo-expectation (log discount)")
ax.legend(fontsize=7, ncol=2)
figures.save(fig, "004_lemma2")
plt.show()
figures.save_table(lemma2_rows, "004_lemma2")
ratio_third = max((r["|R - N_D(n)|"] + r["b(n)"]) / r["n^-1/3"] for r in lemma2_rows)
ratio_log = max(r["|R - N_D(n)|"] / r["log n / n"] for r in lemma2_rows)
bias_share = min(r["b(n)"] / (r["|R - N_D(n)|"] + r["b(n)"]) for r in lemma2_rows
                 if r["theorem"] == "1")  # the uncut log discount, the lemma's own
checks.check("lemma2-exact", ratio_third < 1,
             "under the log discount the proven bound |R - N_D(n)| + b(n) on "
             "|E[NDCG] - N_D(n)| stays below n^-1/3 at every n shown")
# the bounds printed below are rounded outwards (at most: up; at least: down), so that no
# printed bound is stronger than the computed one
display(Markdown(
    f"Over $n = {lemma2_ns[0]}$ to ${lemma2_ns[-1]:.0e}$ the bound $|R(n) - N_D(n)| + b(n)$ "
    f"on $|E[\\mathrm{{NDCG}}] - N_D(n)|$ is at most {np.ceil(ratio_third * 100) / 100:.2f} "
    "times $n^{-1/3}$: "
    "the lemma's inequality holds at every $n$ shown, with constant 1 and no logarithm. "
    "Under the uncut log discount the bound is mostly $b(n)$ (at least "
    f"{np.floor(bias_share * 100):.0f}% "
    "of it), the slack of the Cauchy-Schwarz step, which decays like $n^{-1/2}$ with the "
    "relative spread of the relevant count (under Theorem 8's cut at $n/5$ the IDCG hardly "
    "varies and $b(n)$ is far smaller); the "
    "deterministic part $|R(n) - N_D(n)|$ is at most "
    f"{np.ceil(ratio_log * 100) / 100:.2f} times $\\log n/n$. "
    "How close $E[\\mathrm{NDCG}]$ itself is to $R(n)$ is not resolved here: the Monte "
    "Carlo points are drawn for comparison, unchecked against the lines; the checks of "
    "the limits table hold the means of DCG and IDCG to their exact expectations."
    + (" Not drawn, because $|R(n) - N_D(n)|$ stays below the axis floor $10^{-8}$ at "
       "every $n$: " + ", ".join(f"{name} (largest {d:.1e})" for name, d in lemma2_zero)
       + "." if lemma2_zero else "")))

# %% [markdown]
# The same two exact quantities give the "in expectation" half of Theorem 14 (Definition
# 4: $E[\mathrm{NDCG}(f_0)] > E[\mathrm{NDCG}(f_1)]$ for every $n \ge N$) at the $n$
# shown, without simulation: $E[\mathrm{NDCG}(f_0)] - E[\mathrm{NDCG}(f_1)] \ge
# N_0(n) - N_1(n) - (B_0(n) + B_1(n))$, with $B(n) = |R(n) - N_D(n)| + b(n)$ each
# function's bound above. The paper combines Lemma 2's $\tilde O(n^{-1/3})$ with Lemma 3's
# gap instead; here the bounds are the exact ones, under the tables' log discount.

# %%
bound_l2 = {(r["function"], r["n"]): r["|R - N_D(n)|"] + r["b(n)"] for r in lemma2_rows
            if r["theorem"] == "1"}
def4_rows = []
for n in lemma2_ns:
    nd_n = {rname: float(A.pseudo_expectation(y, dict((t, d) for t, _, d in theorems)["1"],
                                              int(n), dps=dps))
            for rname, y in rankers.items()}
    for other in ("weaker", "random"):
        def4_rows.append({"n": int(n), "pair": f"good against {other}",
                          "N0 - N1": nd_n["good"] - nd_n[other],
                          "B0 + B1": bound_l2["good", int(n)] + bound_l2[other, int(n)]})
for r in def4_rows:
    r["lower bound on E[NDCG0] - E[NDCG1]"] = r["N0 - N1"] - r["B0 + B1"]
figures.save_table(def4_rows, "004_definition4")
display(Markdown(figures.markdown_table(def4_rows, digits=4)))
# N: the first n from which the lower bound is positive for both pairs at every n shown
def4_from = next((n for n in lemma2_ns if all(
    r["lower bound on E[NDCG0] - E[NDCG1]"] > 0 for r in def4_rows if r["n"] >= n)), None)
checks.check("definition4-expectation", def4_from is not None,
             "the exact lower bound on E[NDCG(good)] - E[NDCG(f1)] is positive for f1 = "
             "weaker and random from some n on, at every larger n shown")
display(Markdown(
    f"From $n = {def4_from}$ on, at every $n$ shown up to ${lemma2_ns[-1]:.0e}$, the lower "
    "bound is positive for both pairs: the good function has the larger expected NDCG, "
    "Definition 4 at these $n$"
    + ("" if def4_from == lemma2_ns[0] else
       f" (below $n = {def4_from}$ the bounds are too wide to tell)")
    + f". At $n = {def4_rows[-1]['n']:.0e}$ the bounds are "
    f"{def4_rows[-2]['B0 + B1']:.2g} and {def4_rows[-1]['B0 + B1']:.2g} against gaps of "
    f"{def4_rows[-2]['N0 - N1']:.3g} and {def4_rows[-1]['N0 - N1']:.3g}."))

# %% [markdown]
# The paper's proof of Lemma 2 (Appendix B) runs through three claims and two bounds, each
# checked in the claims report: the densities of the ordered canonical scores sum to $n$
# at every point (Claim 1, S004-C1); $E[\mathrm{DCG}]$ is the sum over ranks of $D(r)$
# times the expected relevance at rank $r$ (Claim 2, S004-C2: the sum that gives $R(n)$
# above); each ordered canonical score lies within $n^{-1/3}$ of $1 - r/n$ except with
# probability $2e^{-n^{1/3}}$ (Claim 3, S004-C3); and eqs. (15) and (16), which bound the
# two parts of $|E[\mathrm{DCG}] - \tilde N(n)|$, outside and inside the windows of Claim 3
# (S004-E15, S004-E16). The box gives the outcomes the catalogue records for them; Lemma 2
# itself is settled with the appendix, below.

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-C1", "S004-C2", "S004-C3", "S004-E15", "S004-E16"]))))

# %% [markdown]
# ### Graded relevance: Theorems 10–13
#
# Section 3.4 extends the limits to labels $y_1 > y_2 > \dots$ with cumulative rates
# $R_j = P[Y \ge y_j]$: the ideal list holds the grades in blocks, so the normaliser becomes
# $\sum_j y_j\,(F(nR_j) - F(nR_{j-1}))$ and the numerator uses $E[Y \mid \tilde f = s]$.
# The gain is the grade itself: the paper's footnote 2 folds any increasing gain $G(y)$
# into the labels ("without loss of generality"), so a gain $2^y - 1$ is the same
# theorem with the labels $2^y - 1$. The model here is the claims report's, called
# "graded": labels 3, 1, 0 with
# $P[Y = 3 \mid s] = s^2/2$, $P[Y = 1 \mid s] = s/2$. For each theorem the table sets the
# paper's formula (computed independently in the claims report) beside the library's
# `ndcg_limit`, the pseudo-expectation at $10^{100}$ and the Monte Carlo mean at the
# largest $n$; the figures are the graded counterparts of the two above (the whole range
# of $n$, and the range of the Monte Carlo points).

# %%
graded_spec = {"values": [3, 1, 0], "probs": [s**2 / 2, s / 2, 1 - s**2 / 2 - s / 2]}
graded = GradedRelevance(graded_spec["values"], graded_spec["probs"])
graded_theorems = [
    ("10", "r^-1/2", rm.power_discount(0.5)),
    ("11", "log, top k = sqrt(n)", rm.cutoff(rm.log2_discount, exponent=0.5)),
    ("12", "log, top k = 0.3 n", rm.cutoff(rm.log2_discount, fraction=0.3)),
    ("13", "r^-1/2, top k = 0.3 n", rm.cutoff(rm.power_discount(0.5), fraction=0.3)),
]
binary_form = {"10": "3", "11": "7", "12": "8", "13": "9"}
graded_rows, graded_lines, graded_claims = [], {}, {}
fig, axes = plt.subplots(1, 4, figsize=(17, 3.8), constrained_layout=True, sharey=True)
for ax, (thm, dname, disc) in zip(axes, graded_theorems, strict=True):
    claim = graded_claims[f"S004-T{thm}"] = run_claim(proofs_check.REGISTRY[f"S004-T{thm}"])[0]
    checks.check("graded-claim", claim.outcome == proofs_check.REGISTRY[f"S004-T{thm}"].recorded,
                 f"S004-T{thm}: the claim's check gives the catalogue's outcome")
    lim = A.ndcg_limit(graded, disc, dps=dps)
    with mpmath.workdps(dps):
        checks.check("graded-limit", abs(lim - mpmath.mpf(claim.evidence["stated limit"]))
                     < 1e-15, f"Theorem {thm}: ndcg_limit equals the paper's formula to 1e-15")
    line = [float(A.pseudo_expectation(graded, disc, mpmath.mpf(10) ** float(e), dps=dps))
            for e in line_exponents]
    means, ses = [], []
    for n in mc_sizes:
        sim = simulate_ndcg(graded, disc, n, n_draws=graded_draws, seed=seed + 5 * n,
                            workers=mc_workers or None)
        means.append(float(sim["ndcg"].mean()))
        ses.append(float(sim["ndcg"].std(ddof=1) / np.sqrt(graded_draws)))
        # as for the binary cells: the means of DCG and IDCG against their exact
        # expectations (E[Y at rank r] = 3 E[s_(r)^2]/2 + E[s_(r)]/2; the multinomial law of
        # the grade counts), each in [0, 3 Sigma_D(n)]
        exact = expected_ratio(disc, graded_spec, n)
        for key, target in (("dcg", exact.expected_dcg), ("idcg", exact.expected_idcg)):
            checks.mean_of_draws(
                "graded-mc-on-expectation", sim[key], target, 3 * float(disc.weights(n).sum()),
                allowance=n * np.finfo(float).eps * abs(target),
                what=f"Theorem {thm}, n = {n}: the mean of {key.upper()} against "
                     f"E[{key.upper()}]")
    graded_lines[thm] = (line, float(lim), means, ses)
    graded_rows.append({"theorem": thm, "discount": dname,
                        "paper's formula": float(mpmath.mpf(claim.evidence["stated limit"])),
                        "ndcg_limit": float(lim), "N(1e100)": line[-1],
                        f"MC n={max(mc_sizes):.0e}": (
                            f"{means[-1]:.{max(1 - int(np.floor(np.log10(ses[-1]))), 0)}f} "
                            f"± {ses[-1]:#.2g}")})
    ax.semilogx(10.0 ** line_exponents, line, color="C0", label="N_D(n)")
    ax.axhline(float(lim), color="C0", ls="--", lw=1, label="limit")
    ax.errorbar(mc_sizes, means, yerr=2 * np.array(ses), fmt="o", ms=3, capsize=2,
                color="C3", label="Monte Carlo ± 2 s.e.")
    ax.set(title=f"Theorem {thm}: {dname}", xlabel="n", xlim=(1e2, 1e100))
axes[0].set_ylabel("NDCG (grades 3, 1, 0)")
axes[0].legend(fontsize=8)
fig.suptitle("004: graded relevance, Theorems 10-13")
figures.save(fig, "004_graded_limits_by_n")
plt.show()
# the same panels on the range of the Monte Carlo points
fig, axes = plt.subplots(1, 4, figsize=(17, 3.8), constrained_layout=True)
for ax, (thm, dname, _) in zip(axes, graded_theorems, strict=True):
    line, lim, means, ses = graded_lines[thm]
    keep = line_exponents <= 7
    ax.semilogx(10.0 ** line_exponents[keep], np.array(line)[keep], color="C0", label="N_D(n)")
    ax.axhline(lim, color="C0", ls="--", lw=1, label="limit")
    ax.errorbar(mc_sizes, means, yerr=2 * np.array(ses), fmt="o", ms=3, capsize=2,
                color="C3", label="Monte Carlo ± 2 s.e.")
    ax.set(title=f"Theorem {thm}: {dname}", xlabel="n", xlim=(1e2, 1e7))
axes[0].set_ylabel("NDCG (grades 3, 1, 0)")
axes[0].legend(fontsize=8)
fig.suptitle("004: graded relevance, Theorems 10-13, n up to 1e7")
figures.save(fig, "004_graded_limits_mc")
plt.show()
figures.save_table(graded_rows, "004_graded_limits")
display(Markdown(figures.markdown_table(
    graded_rows, digits=6)))
slow_graded = [(r["theorem"], abs(r["N(1e100)"] - r["ndcg_limit"])) for r in graded_rows
               if abs(r["N(1e100)"] - r["ndcg_limit"]) > 1e-6]
checks.check("graded-slow-like-binary", all(binary_form[t] in slow_theorems
                                            for t, _ in slow_graded),
             "a graded limit is slow only where its binary form is")
display(Markdown(
    "The library's limits equal the paper's formulas to 15 digits, and in every Monte "
    "Carlo cell the means of DCG and IDCG are held to their exact expectations at their own "
    "$n$ (checked as in the binary table; the NDCG means shown are not checked). At "
    "$10^{100}$ "
    + ("every line is within $10^{-6}$ of its limit." if not slow_graded else
       "the lines are within $10^{-6}$ of their limits except under "
       + "; ".join(f"Theorem {t} (gap {g:.1e}), the graded form of Theorem "
                   f"{binary_form[t]}" for t, g in slow_graded)
       + ": slow in the binary case too.")))

# %% [markdown]
# The rates of the graded limits are those of their binary forms (the normaliser's
# expansion is the same; the grades change only the constants): the same log–log picture
# and fit as above, each exponent checked within 0.1 of its binary form's.

# %%
graded_rate_rows = []
fig, axes = plt.subplots(1, 4, figsize=(17, 3.8), constrained_layout=True)
for ax, (thm, dname, _) in zip(axes, graded_theorems, strict=True):
    form, slope_pred = predicted[binary_form[thm]]
    line, lim, means, ses = graded_lines[thm]
    gap = np.abs(np.array(line) - lim)
    ok = gap > rates.RESOLUTION
    ax.loglog(ns_line[ok], gap[ok], color="C0", lw=1.5, label="|N_D(n) - limit|")
    mc_gap, ses = np.abs(np.array(means) - lim), np.array(ses)
    resolved = mc_gap > 2 * ses
    if resolved.any():
        ax.errorbar(np.array(mc_sizes)[resolved], mc_gap[resolved], yerr=2 * ses[resolved],
                    fmt="o", ms=3, capsize=2, color="C3", label="Monte Carlo ± 2 s.e.")
    slope, fit = rates.fitted_exponent(ns_line, gap, in_log_n=form == "1/log n")
    graded_rate_rows.append({"theorem": thm, "binary form": binary_form[thm],
                             "predicted rate": form, "predicted exponent": slope_pred,
                             "fitted exponent": slope, "fit from n": f"{ns_line[fit[0]]:.0e}",
                             "fit to n": f"{ns_line[fit[-1]]:.0e}"})
    checks.check("graded-fitted-exponent", abs(slope - slope_pred) <= 0.1,
                 f"Theorem {thm}: the fitted exponent {slope:.3f} is within 0.1 of "
                 f"{slope_pred}")
    ax.loglog(*rates.rate_curve(ns_line, gap, exponent=slope_pred, in_log_n=form == "1/log n"),
              "k:", lw=1, label=f"rate {form}")
    ax.set(title=f"Theorem {thm}: {dname}", xlabel="n", xlim=(1e2, 1e100))
axes[0].set_ylabel("|N_D(n) - limit| (grades 3, 1, 0)")
axes[0].legend(fontsize=7)
fig.suptitle("004: how fast the graded centring converges, Theorems 10-13")
figures.save(fig, "004_graded_rates")
plt.show()
figures.save_table(graded_rate_rows, "004_graded_rates", tolerance={"abs": 1e-5})
display(Markdown(figures.markdown_table(
    graded_rate_rows, digits=4)))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T10", "S004-T11", "S004-T12", "S004-T13"], done=graded_claims))))

# %% [markdown]
# ### Larger $n$
#
# At larger $n$ (by default up to $n = 10^8$, with a few draws each; $n = 10^9$, about a
# minute of CPU more, is one parameter away: `large_sizes`) the Monte Carlo means of the
# slow theorems (1, 5 and 8, scored on the same draws) are set beside the
# pseudo-expectation, by default for the random function only (its labels do not depend
# on the scores, so the simulator draws no scores). With a handful of draws an estimated
# standard error is itself so uncertain that Student's $t$ allows a deviation of tens of
# standard errors: such a comparison tests nothing. Only the rows whose standard
# deviation is known are checked: Theorem 5 (discount $1/r$) for the random function,
# $\frac12\sqrt{\sum_{r \le n} r^{-2}} / H_{n/2}$ (the top labels are fair coins; the
# label count's share is of order $1/n$), with the normal law. The rows of Theorems 1 and 8
# are shown with their deviation from $N_D(n)$ in estimated standard errors, unchecked
# (for the random function Theorem 8's $N_D(n)$ is exactly $1/2$ at every $n$).

# %% tolerance={"abs": 1e-06}
large_cells = {}
large_discounts = [(thm, disc) for thm, _, disc in theorems if thm in large_theorems]
for rname in large_rankers if large_discounts else []:
    y = rankers[rname]
    for n in large_sizes:
        # one generation of the draws, scored under every discount of the check
        sims = simulate_ndcg_many(y, [d for _, d in large_discounts], n,
                                  n_draws=large_draws, seed=seed + 3 * n,
                                  workers=mc_workers or None)
        for (thm, disc), sim in zip(large_discounts, sims, strict=True):
            draws = sim["ndcg"]
            mean = float(draws.mean())
            pseudo_n = float(A.pseudo_expectation(y, disc, n, dps=dps))
            if thm == "5" and rname == "random":
                with mpmath.workdps(dps):
                    se = float(0.5 * mpmath.sqrt(mpmath.zeta(2) - mpmath.psi(1, n + 1))
                               / mpmath.harmonic(n // 2)) / np.sqrt(large_draws)
                res = checks.within("large-n", mean, pseudo_n, se,
                                    what=f"Theorem {thm}, {rname}, n = {n}: mean against "
                                         "N_D(n), known s.d.")
                z, how, allowed = res.z, "known s.d. (checked)", res.q
            else:
                se = float(draws.std(ddof=1) / np.sqrt(large_draws))
                z, how, allowed = (mean - pseudo_n) / se, "the draws (not checked)", float("nan")
            large_cells[thm, rname, n] = {"theorem": thm, "function": rname, "n": f"{n:.0e}",
                                          "N(n)": pseudo_n, "MC mean": mean, "s.e.": se,
                                          "s.e. from": how, "(MC - N(n)) / s.e.": z,
                                          "allowed |deviation| (s.e.)": allowed}
large_rows = [large_cells[thm, rname, n] for thm, _ in large_discounts
              for rname in large_rankers for n in large_sizes]
if large_rows:
    # the deviation divides a small difference of two numbers near 1 (sums over up to 1e8
    # terms, whose last digits move with the machine's SIMD) by a small s.e.
    figures.save_table(large_rows, "004_large_n",
                       column_tolerance={"(MC - N(n)) / s.e.": {"abs": 1e-6}})
    # shown: each mean to the second significant digit of its s.e., the deviations to two
    # decimals; N(n) to six digits
    display(Markdown(figures.markdown_table(
        [{**r, "MC mean": f"{r['MC mean']:.{max(1 - int(np.floor(np.log10(r['s.e.']))), 0)}f}",
          "s.e.": float(f"{r['s.e.']:.2g}"),
          "(MC - N(n)) / s.e.": round(r["(MC - N(n)) / s.e."], 2),
          "allowed |deviation| (s.e.)": round(r["allowed |deviation| (s.e.)"], 2)}
         for r in large_rows], digits=6)))
    checked = [r for r in large_rows if not np.isnan(r["allowed |deviation| (s.e.)"])]
    if checked:
        worst = max(checked, key=lambda r: abs(r["(MC - N(n)) / s.e."]))
        display(Markdown(
            f"The {len(checked)} checked rows (Theorem 5) are within the allowed deviation "
            f"of the column beside them, {checked[0]['allowed |deviation| (s.e.)']:.2f} "
            "known standard errors (see \"About the checks\"); the largest deviation is "
            f"{worst['(MC - N(n)) / s.e.']:+.2f}, at $n = {worst['n']}$. The unchecked rows "
            "deviate by " + ", ".join(f"{r['(MC - N(n)) / s.e.']:+.2f}" for r in large_rows
                                      if r not in checked)
            + f" estimated standard errors ({large_draws} draws each)."))
    else:
        checks.skip("large-n", "no row with a known standard deviation in this run")
else:
    checks.skip("large-n", "no large-n sizes in this run's parameters")
    display(Markdown("No large-$n$ sizes in this run's parameters."))

# %% [markdown]
# ## How slowly standard NDCG tends to 1
#
# With the paper's natural-log discount $1/\ln(1+r)$ (the base cancels in NDCG), expanding
# $\tilde N(n) = \int_1^n \bar y(1-x/n)/\ln(1+x)\,dx$ and the normaliser
# $F(np) = \mathrm{li}(1+np) - \mathrm{li}(2)$ (the paper's $\mathrm{Li}(1+np)$) in powers
# of $1/\log n$ gives
# $N_D(n) = 1 - C/\log n + O(\log^{-2} n)$ with
# $C = 1 - \log p + m_1/p$, $m_1 = \int_0^1 \bar y(1-u)\log u\,du$
# (computed by the library). The table checks $(1 - N_D(n))\log n \to C$ up to
# $n = 10^{100}$. The ratio of the logarithmic integral to its leading term $np/\log(np)$
# depends on $n$ only (with $p = 1/2$), so it is printed once, below the table.

# %%
rate_rows, li_rows = [], []
for rname, y in rankers.items():
    c_rate = A.log_discount_rate(y, dps=dps)
    prev_gap = None
    for e in (3, 6, 10, 20, 50, 100):
        n = mpmath.mpf(10) ** e
        with mpmath.workdps(dps):
            nd = A.pseudo_expectation(y, rm.log_discount, n, dps=dps)
            scaled = (1 - nd) * mpmath.log(n)
            gap = abs(scaled - c_rate)
            if rname == "good":
                li_rows.append({"n": f"1e{e}", "li(1+np) / (np / ln np)": float(
                    mpmath.li(1 + n * p) / (n * p / mpmath.log(n * p)))})
        rate_rows.append({"function": rname, "n": f"1e{e}", "N(n)": float(nd),
                          "(1 - N(n)) log n": float(scaled), "C": float(c_rate)})
        if prev_gap is not None and e >= 20:  # the expansion holds once log n is large
            checks.check("theorem1-rate-monotone", gap < prev_gap,
                         f"{rname}: (1 - N(n)) log n approaches C from 1e20 on")
        prev_gap = gap
    checks.check("theorem1-rate-close", prev_gap < 2 / float(mpmath.log(mpmath.mpf(10) ** 100)),
                 f"{rname}: at 1e100, (1 - N(n)) log n is within 2/log n of C")
c_by = {r["function"]: r["C"] for r in rate_rows}
checks.check("theorem1-constants-order", c_by["good"] < c_by["weaker"] < c_by["random"],
             "the rate constant C grows from the good to the random function")
figures.save_table(rate_rows, "004_theorem1_rate")
display(Markdown(figures.markdown_table(
    rate_rows, digits=6)))
display(Markdown(figures.markdown_table(
    li_rows, digits=6)))

# %% [markdown]
# Of these three functions the constant is smallest for the good one
# ($C = \log 2 - 1/2 \approx 0.19$) and largest for the random one ($C = \log 2$): all
# three tend to 1, but at different speeds, which is exactly what lets standard NDCG tell
# them apart (Theorem 2, Lemma 3). Other curves can have a larger $C$ still: a reversed
# ranking, $\bar y = 1 - s$, has $m_1 = -1/4$ and $C = 1/2 + \log 2$.
#
# ## Figures 1–4: NDCG on growing prefixes $S_n$
#
# As in the paper, one sample is drawn and each ranking function is scored on its
# prefixes $S_n$. (a) Synthetic: a latent $Z \sim U(0,1)$, label $Y \sim$ Bernoulli$(Z)$,
# and three scores of the same objects: "latent s.d. 0" (the score $Z$), "latent s.d. 0.5"
# ($Z$ plus Gaussian noise of standard deviation 0.5) and "latent random" (an independent
# uniform). (b) Real: scikit-learn's bundled handwritten digits
# (1797 images; relevant = digit $\ge 5$), split in half; a logistic regression on all 64
# pixels ("digits 64 px") and on the 4 central pixels ("digits 4 px") are trained on one
# half, and the prefixes are taken from the other half in a seeded random order, so
# $n \le 898$ there ("digits random" is a uniform score). The four panels are the paper's
# four measures: standard NDCG, $r^{-1/2}$, $2^{-r}$ and NDCG@$k$ with $k = n/5$.

# %%
measures = [("NDCG (1/log2(1+r))", rm.log2_discount), ("r^-1/2", rm.power_discount(0.5)),
            ("2^-r", rm.exponential_discount),
            ("NDCG@k, k = n/5", rm.cutoff(rm.log2_discount, fraction=0.2))]
syn_names = ["latent s.d. 0", "latent s.d. 0.5", "latent random"]
real_names = ["digits 64 px", "digits 4 px", "digits random"]
labels_syn, scores_syn = latent_sample(prefix_max, [0.0, 0.5, np.inf], seed=seed)
sizes_syn = np.unique(np.logspace(2, np.log10(prefix_max), 13).astype(int))

digits = load_digits()
rel = (digits.target >= 5).astype(float)
order = np.random.default_rng(seed).permutation(rel.size)
train, test = order[: rel.size // 2], order[rel.size // 2:]
scaler = StandardScaler().fit(digits.data[train])
x_train, x_test = scaler.transform(digits.data[train]), scaler.transform(digits.data[test])
central = [27, 28, 35, 36]
good_model = LogisticRegression(max_iter=5000).fit(x_train, rel[train])
weak_model = LogisticRegression(max_iter=5000).fit(x_train[:, central], rel[train])
scores_real = np.vstack([good_model.decision_function(x_test),
                         weak_model.decision_function(x_test[:, central]),
                         np.random.default_rng(seed + 1).random(test.size)])
labels_real = rel[test]
sizes_real = np.unique(np.logspace(1, np.log10(test.size), 10).astype(int))

prefix_rows, prefix_curves = [], {}
for data, lab, sc, sizes, names in (
        ("synthetic", labels_syn, scores_syn, sizes_syn, syn_names),
        ("digits", labels_real, scores_real, sizes_real, real_names)):
    fig, axes = plt.subplots(1, 4, figsize=(16, 3.8), constrained_layout=True)
    for ax, (mname, disc) in zip(axes, measures, strict=True):
        for j, rname in enumerate(names):
            vals = [rm.ndcg(lab[:n], sc[j, :n], discount=disc) for n in sizes]
            prefix_curves[data, mname, rname] = np.array(vals)
            ax.semilogx(sizes, vals, marker="o", ms=3, label=rname)
            prefix_rows.append({"data": data, "measure": mname, "function": rname,
                                "n smallest": int(sizes[0]), "NDCG": vals[0],
                                "n largest": int(sizes[-1]), "NDCG ": vals[-1]})
        ax.set(xlabel="n (prefix size)", title=mname, ylim=(0, 1.02))
    axes[0].set_ylabel("NDCG")
    axes[0].legend()
    fig.suptitle(f"004 Figures 1-4 ({data}): NDCG of three ranking functions on prefixes S_n")
    figures.save(fig, f"004_figs1to4_{data}")
    plt.show()
figures.save_table(prefix_rows, "004_prefixes")
display(Markdown(figures.markdown_table(
    prefix_rows, digits=4)))
# the last five prefixes of the synthetic sample: the range each curve covers there
tail = {(m, r): np.ptp(prefix_curves["synthetic", m, r][-5:]) for m, _ in measures
        for r in syn_names}
top_syn = {r: prefix_curves["synthetic", "2^-r", r][-1] for r in syn_names}
whole = {r: (prefix_curves["synthetic", "2^-r", r].min(),
             prefix_curves["synthetic", "2^-r", r].max()) for r in syn_names}
# how likely the top object of latent s.d. 0.5 is relevant, at the smallest, a middle and
# the largest prefix: E[ybar(s_(1))], s_(1) the top canonical score, where t = -n ln s_(1)
# is exponential. ybar decreases in t, so over a grid of t its values at the two ends of
# each interval, weighted by the interval's probability, bracket the expectation (below
# the grid ybar <= 1, above it ybar >= 0)
top_n = [int(sizes_syn[0]), int(sizes_syn[len(sizes_syn) // 2]), int(sizes_syn[-1])]
top_t = np.geomspace(1e-3, 12, 12)
top_mass = np.diff(np.concatenate([[0.0], -np.expm1(-top_t), [1.0]]))
top_curve = {n: np.array([latent_relevance(float(np.exp(-t / n)), 0.5) for t in top_t])
             for n in top_n}
checks.check("top-relevance-monotone", all(np.all(np.diff(v) < 0) for v in top_curve.values()),
             "latent s.d. 0.5: ybar(exp(-t/n)) decreases along the grid of t, so the two "
             "weighted sums bracket E[ybar(s_(1))]")
top_rel = [(float(np.sum(top_mass[:-1] * v)),
            float(top_mass[0] + np.sum(top_mass[1:-1] * v[:-1]) + top_mass[-1] * v[-1]))
           for v in top_curve.values()]
latent_top = next(r["ybar(1)"] for r in name_rows if r["name"] == "latent s.d. 0.5")
above = {data: [m for m, _ in measures if prefix_curves[data, m, names[0]][-1]
                > prefix_curves[data, m, names[2]][-1]]
         for data, names in (("synthetic", syn_names), ("digits", real_names))}
dig = {m: prefix_curves["digits", m, "digits 64 px"] for m, _ in measures}
settle = ("NDCG (1/log2(1+r))", "r^-1/2", "NDCG@k, k = n/5")
display(Markdown(
    "At the largest $n$ the best-informed function is above the random one under "
    f"{len(above['synthetic'])} of 4 measures on the synthetic data and "
    f"{len(above['digits'])} of 4 on the digits. On the synthetic data, over the last five "
    "prefixes, standard NDCG, $r^{-1/2}$ and NDCG@$n/5$ move by at most "
    f"{max(tail[m, r] for m in settle for r in syn_names):.3f}"
    ". Under $2^{-r}$ the curves move by "
    + ", ".join(f"{tail['2^-r', r]:.3f} for {r}" for r in syn_names)
    + " over the same five prefixes, and over the whole panel they lie between "
    + ", ".join(f"{whole[r][0]:.3f} and {whole[r][1]:.3f}" for r in syn_names)
    + ", in that order. The random function meets Theorem 6's $\\delta$-condition and "
    "has no limit in probability. The two informed functions have $\\bar y(s) \\to 1$ as "
    "$s \\to 1$ (the "
    "text under the table at the top; the table's column ybar(1) is the curve at "
    f"$1 - 10^{{-6}}$, still {latent_top:.4f} for latent s.d. 0.5) "
    "and violate the condition; their $2^{-r}$ NDCG tends to 1, as for the canonical good "
    "function in the Theorem 6 section, but at very different speeds. Latent s.d. 0 has "
    "$\\bar y(s) = s$, and its top object is relevant with probability $n/(n+1)$. Latent "
    "s.d. 0.5 approaches 1 slowly: its top object is relevant with probability "
    "$E[\\bar y(s_{(1)})]$, $s_{(1)}$ the top score, which lies between "
    + ", ".join(f"{lo:.3f} and {hi:.3f}" for lo, hi in top_rel)
    + f" at $n = $ {', '.join(f'{n:.0e}' for n in top_n)} (bounds from a grid, as "
    "$\\bar y$ increases): even at the largest prefix its top object is irrelevant with "
    f"a probability between {1 - top_rel[-1][1]:.3f} and {1 - top_rel[-1][0]:.3f}, and "
    "its convergence to 1 is not visible at these $n$. "
    f"The digits set ($n \\le {sizes_real[-1]}$) is too small to show a limit: over its "
    f"prefixes the 64-pixel model's NDCG@$n/5$ ranges from {dig['NDCG@k, k = n/5'].min():.3f} "
    f"to {dig['NDCG@k, k = n/5'].max():.3f}, its $r^{{-1/2}}$ NDCG from "
    f"{dig['r^-1/2'].min():.3f} to {dig['r^-1/2'].max():.3f} and its $2^{{-r}}$ NDCG from "
    f"{dig['2^-r'].min():.3f} to {dig['2^-r'].max():.3f}: at small $n$ a single object at "
    "the top decides its values."))

# %% [markdown]
# A slip of the paper's own: its list of experiments says "see Figure 4 and Theorem 6" for
# NDCG@$k$ with $k = n/5$, and its discussion of Figure 4 compares "Theorem 6 and Theorem 1".
# The theorem about the log discount cut at $k = cn$ is Theorem 8 (S004-T8 in the claims
# report); Theorem 6 is about summable discounts such as $2^{-r}$ in the panel beside it.
#
# ### The paper's protocol, with synthetic data
#
# The paper's Figures 1–4 average over 40 queries of 5000 documents each, with graded
# labels (2 for more than 1000 clicks, 1 for 100 to 1000, else 0), prefixes $S_n$ in the
# order the documents were created, and three functions: RankSVM, ListNet and a uniform
# random score on $[-1, 1]$. The click data are proprietary and the figures themselves
# are lost from the text, so the panels above are stand-ins. Below, the protocol is
# rebuilt as far as synthetic data allow: queries of documents (as many as the paper's
# at the full parameters; the figure's title gives this run's numbers), each with a latent
# quality $Z \sim U(0, 1)$ and a graded label
# $Y \sim$ Binomial$(2, Z)$ (0, 1 or 2; the gain of a label is its grade), prefixes in a
# random creation order, NDCG averaged over the queries at every $n$ on a linear axis up
# to the number of documents, with a band of two standard errors across queries. What
# still differs: the
# labels come from a model, not from clicks; the two trained rankers are replaced by
# "latent s.d. 0.3" and "latent s.d. 1" (the latent quality with Gaussian noise), and the
# random score is "latent random" (uniform on $[-1, 1]$, as in the paper); and the
# paper's enlarged inset of Figure 1 is a second, zoomed panel row. The random function's
# expected NDCG is known exactly at every $n$ (its DCG has the mean grade at every
# position, its IDCG depends on the label counts
# only), and its curves are checked against it at two $n$ per measure (the checks name
# them), not along the whole curve.

# %%
prng = np.random.default_rng(seed + 99)
z = prng.random((paper_queries, paper_docs))
y_paper = prng.binomial(2, z).astype(float)
scores_paper = {"latent s.d. 0.3": z + 0.3 * prng.standard_normal(z.shape),
                "latent s.d. 1": z + 1.0 * prng.standard_normal(z.shape),
                "latent random": prng.uniform(-1, 1, z.shape)}
paper_colors = dict(zip(scores_paper, ("C0", "C1", "C2"), strict=True))
sizes_paper = np.unique(np.r_[np.arange(10, 100, 10), np.arange(100, paper_docs + 1, 100)])
per_query, curves_paper = {}, {}
for mname, disc in measures:
    for rname, sc in scores_paper.items():
        per_n = [rm.ndcg_queries(y_paper[:, :n], sc[:, :n], discount=disc).values
                 for n in sizes_paper]
        per_query[mname, rname] = per_n
        curves_paper[mname, rname] = (np.array([v.mean() for v in per_n]),
                                      np.array([v.std(ddof=1) / np.sqrt(paper_queries)
                                                for v in per_n]))
fig, axes = plt.subplots(2, 4, figsize=(17, 7), constrained_layout=True)
for col, (mname, _) in enumerate(measures):
    for row in (0, 1):
        ax = axes[row, col]
        for rname in scores_paper:
            mean, se = curves_paper[mname, rname]
            ax.plot(sizes_paper, mean, color=paper_colors[rname], label=rname)
            ax.fill_between(sizes_paper, mean - 2 * se, mean + 2 * se,
                            color=paper_colors[rname], alpha=0.2, lw=0)
        ax.set(xlabel="n (documents in S_n)")
        if row == 0:
            ax.set(title=mname, ylim=(0, 1.02))
        else:  # the zoom: the upper half of the n range, the y range of the curves there
            half = sizes_paper >= paper_docs // 2
            lo = min(curves_paper[mname, r][0][half].min() for r in scores_paper)
            hi = max(curves_paper[mname, r][0][half].max() for r in scores_paper)
            pad = 0.1 * (hi - lo) + 1e-3
            ax.set(xlim=(paper_docs // 2, paper_docs), ylim=(lo - pad, hi + pad),
                   title=f"{mname}, enlarged")
axes[0, 0].set_ylabel(f"mean NDCG over {paper_queries} queries")
axes[1, 0].set_ylabel("mean NDCG (enlarged)")
axes[0, 0].legend()
fig.suptitle(f"004 Figures 1-4 with the paper's protocol: {paper_queries} queries x "
             f"{paper_docs} documents, grades 0/1/2, prefixes S_n")
figures.save(fig, "004_figs1to4_paper_protocol")
plt.show()
# the random function against its exact expectation, at n = 1000 and at the largest n;
# labels Binomial(2, Z), Z uniform: each grade has probability 1/3
i_1000 = int(np.flatnonzero(sizes_paper == 1000)[0])
i_end = len(sizes_paper) - 1
paper_rows = []
for mname, disc in measures:
    row = {"measure": mname}
    for i in (i_1000, i_end):
        n = int(sizes_paper[i])
        vals = per_query[mname, "latent random"][i]
        exact = random_ranking_expected_ndcg(disc.weights(n), [1 / 3, 1 / 3, 1 / 3])
        res = checks.within("paper-random-exact", float(vals.mean()), exact,
                            float(vals.std(ddof=1) / np.sqrt(paper_queries)),
                            dof=paper_queries - 1,
                            what=f"{mname}, n = {n}: the random function's mean over the "
                                 "queries against its exact expectation")
        row[f"random, exact E at n={n}"] = exact
        row[f"random, deviation at n={n} (s.e.)"] = res.z
    for rname in scores_paper:
        # the change from n = 1000 to the largest n, paired by query (nested prefixes)
        d = per_query[mname, rname][i_end] - per_query[mname, rname][i_1000]
        row[f"{rname}: change from n=1000"] = float(d.mean())
        row[f"{rname}: s.e. of the change"] = float(d.std(ddof=1) / np.sqrt(paper_queries))
    end = {r: curves_paper[mname, r] for r in scores_paper}
    row["s.d. 0.3 - random at the end, in s.e."] = float(
        (end["latent s.d. 0.3"][0][-1] - end["latent random"][0][-1])
        / np.hypot(end["latent s.d. 0.3"][1][-1], end["latent random"][1][-1]))
    paper_rows.append(row)
figures.save_table(paper_rows, "004_figs1to4_paper_protocol")
# shown: the deviations to two decimals, each change to the second significant digit of its
# standard error
change = {(r["measure"], rname): (r[f"{rname}: change from n=1000"],
                                  r[f"{rname}: s.e. of the change"])
          for r in paper_rows for rname in scores_paper}
change_shown = {k: f"{v:+.{max(1 - int(np.floor(np.log10(se))), 0)}f} ± {se:#.2g}"
                for k, (v, se) in change.items()}
display(Markdown(figures.markdown_table([
    {"measure": r["measure"],
     **{k: (round(v, 2) if "deviation" in k else v) for k, v in r.items()
        if k.startswith("random,")},
     **{f"{rname}: change from n=1000": change_shown[r["measure"], rname]
        for rname in scores_paper},
     "s.d. 0.3 - random at the end, in s.e.": round(
         r["s.d. 0.3 - random at the end, in s.e."], 1)}
    for r in paper_rows], digits=4)))
by_m = {r["measure"]: r for r in paper_rows}
ordered = [m for m, _ in measures
           if curves_paper[m, "latent s.d. 0.3"][0][-1] > curves_paper[m, "latent s.d. 1"][0][-1]
           > curves_paper[m, "latent random"][0][-1]]
std_name = measures[0][0]
weakest = min(measures, key=lambda m: by_m[m[0]]["s.d. 0.3 - random at the end, in s.e."])[0]
display(Markdown(
    f"At $n = {paper_docs}$ the order s.d. 0.3 > s.d. 1 > random holds for "
    f"{', '.join(ordered) if ordered else 'no measure'}; the s.d. 0.3 function leads the "
    "random one by " + ", ".join(f"{by_m[m]['s.d. 0.3 - random at the end, in s.e.']:.0f} "
                                 f"s.e. under {m}" for m, _ in measures)
    + f". The separation is the weakest under {weakest}: per query $2^{{-r}}$ is decided by "
    "the first few documents (the paper saw even its random function score close to RankSVM "
    "and ListNet there; in this model it does not). From $n = 1000$ to "
    f"{paper_docs}, standard NDCG changes by "
    + ", ".join(f"{by_m[std_name][f'{r}: change from n=1000']:+.4f} ± "
                f"{by_m[std_name][f'{r}: s.e. of the change']:.4f}" for r in scores_paper)
    + " (the three functions in the table's order), $r^{-1/2}$ by "
    + ", ".join(f"{by_m['r^-1/2'][f'{r}: change from n=1000']:+.4f}" for r in scores_paper)
    + " and NDCG@$n/5$ by "
    + ", ".join(f"{by_m['NDCG@k, k = n/5'][f'{r}: change from n=1000']:+.4f}"
                for r in scores_paper)
    + ". The paper describes its Figure 1's curves as very close, seeming to converge to "
    "the same limit, and told apart only in the enlarged inset; these stand-in curves can be "
    "set beside that description, not beside the lost figures."))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S004-EXP"]))))

# %% [markdown]
# ## Distinguishability: $P[\mathrm{NDCG}(f_0) > \mathrm{NDCG}(f_1)]$
#
# Theorems 2 and 4 conclude that two functions are "consistently distinguishable" or
# "strictly distinguishable with high probability". The paper defines only the first
# (Definition 3): with probability $1 - \mathrm{neg}(N)$, a negligible function (smaller
# than every $N^{-c}$), one function must beat the other for *all* $n \ge N$ at once. The
# second is never defined. **Operationally, this notebook reads both as: the probability
# that the better function scores higher tends to 1 as $n$ grows, at each $n$ separately.**
# That is weaker than Definition 3: it needs neither the simultaneous event nor a rate;
# different limits in probability (Theorem 3, Lemma 5) give it. Definition 3 needs the
# failure probability of the event "the same order at every $n \ge N$" to be negligible
# (below every power of $N$); per-$n$ failure probabilities with a negligible sum over
# $n \ge N$ give that, exponential concentration being one way to get them, and that is
# what Lemmas 4 (log discount) and 7 ($r^{-\beta}$) were meant to supply (below). A
# frequency per $n$, as here, shows the trend and nothing more.
#
# **The latent pair.** On independent synthetic samples (their number per $n$ is in the
# figure's title), "latent s.d. 0.1" and "latent s.d. 0.3" are scored on the same sample
# under each measure (with the same labels the IDCG is common, and the sign of the DCG
# difference is decided exactly, which matters under $2^{-r}$, where both functions often
# agree on every position with weight). Both have $\bar y(1) = 1$, so the pair lies
# outside Theorem 6 and outside the canonical limits of $1/r$ and $k = \sqrt n$ (equal
# limits, $\bar y(1) = 1$ for both).

# %%
dist_measures = measures + [("1/r", rm.zipf_discount),
                            ("NDCG@k, k = sqrt(n)", rm.cutoff(rm.log2_discount, exponent=0.5))]
dist_rows = []
wins = {m: [] for m, _ in dist_measures}
for n in dist_sizes:
    rates_n = win_rate(n, dist_noise, [disc for _, disc in dist_measures],
                       seeds=[seed + 7919 * i + n for i in range(dist_draws)])
    for (mname, _), rate in zip(dist_measures, rates_n, strict=True):
        wins[mname].append(float(rate))
    dist_rows.append({"n": n, **{m: wins[m][-1] for m, _ in dist_measures}})
figures.save_table(dist_rows, "004_distinguishability")
display(Markdown(figures.markdown_table(dist_rows)))
fig, ax = plt.subplots(figsize=(7, 4), constrained_layout=True)
for mname, _ in dist_measures:
    ax.semilogx(dist_sizes, wins[mname], marker="o", label=mname)
ax.set(xlabel="n", ylabel="P[NDCG(s.d. 0.1) > NDCG(s.d. 0.3)]", ylim=(0.4, 1.02),
       title=f"004: distinguishability, latent pair ({dist_draws} samples per n)")
ax.legend(fontsize=8)
figures.save(fig, "004_distinguishability")
plt.show()
bin_se = np.sqrt(0.25 / dist_draws)
display(Markdown(
    "Under the three measures of the paper's figures with a divergent discount sum, the "
    "frequency goes from "
    + ", ".join(f"{wins[m][0]:.2f} to {wins[m][-1]:.2f} ({m})"
                for m in ("NDCG (1/log2(1+r))", "r^-1/2", "NDCG@k, k = n/5"))
    + f" between $n = {dist_sizes[0]}$ and ${dist_sizes[-1]}$; under $2^{{-r}}$ it stays "
    f"between {min(wins['2^-r']):.3f} and {max(wins['2^-r']):.3f} (binomial s.e. "
    f"{np.sqrt(max(wins['2^-r']) * (1 - max(wins['2^-r'])) / dist_draws):.3f} to "
    f"{np.sqrt(min(wins['2^-r']) * (1 - min(wins['2^-r'])) / dist_draws):.3f} at these "
    f"values, {bin_se:.3f} at 1/2): away from a coin flip, not tending to 1. With "
    "$\\bar y(1) = 1$ for both "
    "functions this is not Theorem 6's mechanism: both $2^{-r}$ NDCGs tend to 1, and the "
    "frequency reflects the ratio of their top-rank error rates. Under $1/r$ it goes from "
    f"{wins['1/r'][0]:.2f} to {wins['1/r'][-1]:.2f}, and under NDCG@$\\sqrt n$ from "
    f"{wins['NDCG@k, k = sqrt(n)'][0]:.2f} to {wins['NDCG@k, k = sqrt(n)'][-1]:.2f}, "
    "although both functions have the limit 1 under these two measures: a frequency that "
    "rises all the same comes from different speeds of approach, not from different "
    "limits."))

# %% [markdown]
# **Pairs of relevance curves.** Coupled samples of Section 2's model are drawn for two
# curves at once (labels shared, each score from its law given the label; the number of
# samples per $n$ is printed below the table). Three pairs, each chosen for a hypothesis:
#
# * "good" against "random" under $r^{-1/2}$: Theorem 4's condition 1 (different limits),
#   at several $n$;
# * "weaker" against "bent": the same $p$ and the same $\bar y(1) = 3/4$, different curves.
#   The paper leaves open whether $1/r$ ("we suspect Zipfian does not have strong consistent
#   distinguishability", after Theorem 5) and NDCG@$k$ with $k = o(n)$ ("not clear", after
#   Theorem 7) can tell functions apart; both have the limit $\bar y(1)$, equal here, while
#   the log discount and $r^{-1/2}$ see the whole curve;
# * "weaker" against "random" under $2^{-r}$ and $r^{-2}$: both meet the (ranker-level)
#   $\delta$-condition and their top objects nearly never coincide, so Theorem 6's
#   "moreover" clause, in the corrected form proved in the Theorem 6 section (as printed
#   it can be false for pairs that agree at the top, under $r^{-2}$), says they are not
#   consistently distinguishable. Under $2^{-r}$ the limit is known: the random function's
#   NDCG tends to $U(0, 1)$, independent of the weaker one's, so
#   $P \to E[\lim \mathrm{NDCG}(\text{weaker})] = \bar y(1) = 3/4$. Each frequency is checked
#   against the weaker function's expected
#   NDCG at its $n$ (its top labels are Bernoulli($E\,\bar y(s_{(r)})$), the IDCG is
#   $1 - 2^{-l}$, taken at 1), the value the limit's argument gives. It is not exact at
#   finite $n$: with the labels shared, NDCG(random) is neither exactly uniform nor exactly
#   independent of NDCG(weaker) given the label count. We expect that offset to be of
#   order $1/n$ (not measured here); the check treats the target as exact, with the
#   binomial standard error alone as its tolerance.

# %%
pairs = [("good vs random", ("good", "random"), "r^-1/2", rm.power_discount(0.5)),
         ("weaker vs bent", ("weaker", "bent"), "1/log2(1+r)", rm.log2_discount),
         ("weaker vs bent", ("weaker", "bent"), "r^-1/2", rm.power_discount(0.5)),
         ("weaker vs bent", ("weaker", "bent"), "1/r", rm.zipf_discount),
         ("weaker vs bent", ("weaker", "bent"), "k = sqrt(n)",
          rm.cutoff(rm.log2_discount, exponent=0.5)),
         ("weaker vs random", ("weaker", "random"), "2^-r", rm.exponential_discount),
         ("weaker vs random", ("weaker", "random"), "r^-2", rm.power_discount(2.0))]
pair_rows = []
for label, (a_name, b_name), dname, disc in pairs:
    row, targets = {"pair": label, "discount": dname}, {}
    with mpmath.workdps(dps):
        row["limit f0"] = float(A.ndcg_limit(curves[a_name], disc, dps=dps)) if dname not in (
            "2^-r", "r^-2") else float("nan")
        row["limit f1"] = float(A.ndcg_limit(curves[b_name], disc, dps=dps)) if dname not in (
            "2^-r", "r^-2") else float("nan")
    for n in model_sizes:
        rate = model_win_rate(n, (curves[a_name], curves[b_name]), disc,
                              seeds=[seed + 104729 * i + 3 * n for i in range(model_draws)])
        row[f"P at n={n}"] = rate
        targets[n] = float("nan")
        if dname == "2^-r":
            w = disc.weights(n)
            target = float(np.sum(w * (0.25 + 0.5 * (n - np.arange(1, n + 1) + 1) / (n + 1))))
            checks.within("theorem6-pair", rate, target,
                          np.sqrt(target * (1 - target) / model_draws),
                          what=f"weaker vs random under 2^-r, n = {n}: frequency against "
                               "E[NDCG(weaker)]")
            targets[n] = target
    row.update({f"target at n={n}": targets[n] for n in model_sizes})
    pair_rows.append(row)
figures.save_table(pair_rows, "004_model_pairs")
display(Markdown(figures.markdown_table(
    pair_rows, digits=4)))
pr = {(r["pair"], r["discount"]): r for r in pair_rows}
n_big = max(model_sizes)
# 1/r, weaker vs bent: both ybar(1) = 3/4, so the gap and each s.d. are of order 1/log n;
# the scaled pseudo gap (N_weaker - N_bent) log(np) at 1e100 and the scaled s.d.
# sqrt(zeta(2) ybar(1)(1 - ybar(1))) give a Gaussian heuristic for the limit of P
with mpmath.workdps(dps):
    big_n = mpmath.mpf(10) ** 100
    zipf_gap = float((A.pseudo_expectation(curves["weaker"], rm.zipf_discount, big_n, dps=dps)
                      - A.pseudo_expectation(curves["bent"], rm.zipf_discount, big_n, dps=dps))
                     * mpmath.log(big_n * p))
    zipf_sd = float(mpmath.sqrt(mpmath.zeta(2) * 0.75 * 0.25))
zipf_p = float(stats.norm.cdf(zipf_gap / (np.sqrt(2) * zipf_sd)))
display(Markdown(
    "Condition 1 at work: under $r^{-1/2}$ the good function beats the random one with "
    "frequency " + ", ".join(f"{pr['good vs random', 'r^-1/2'][f'P at n={n}']:.3f}"
                             for n in model_sizes)
    + f" at $n = $ {', '.join(str(n) for n in model_sizes)}. For the pair with equal "
    f"$\\bar y(1)$ the table gives the frequency with which \"weaker\" beats \"bent\" "
    f"(the better function, bent, wins the rest); at $n = {n_big}$: log discount "
    f"{pr['weaker vs bent', '1/log2(1+r)'][f'P at n={n_big}']:.3f}, $r^{{-1/2}}$ "
    f"{pr['weaker vs bent', 'r^-1/2'][f'P at n={n_big}']:.3f} (limits "
    f"{pr['weaker vs bent', 'r^-1/2']['limit f0']:.4f} and "
    f"{pr['weaker vs bent', 'r^-1/2']['limit f1']:.4f}), $1/r$ "
    f"{pr['weaker vs bent', '1/r'][f'P at n={n_big}']:.3f} and NDCG@$\\sqrt n$ "
    f"{pr['weaker vs bent', 'k = sqrt(n)'][f'P at n={n_big}']:.3f}, where both limits are "
    f"{pr['weaker vs bent', '1/r']['limit f0']:.2f}: the log discount and $r^{{-1/2}}$ tell "
    "the pair apart; $1/r$ and NDCG@$\\sqrt n$ do not, in line with the paper's suspicion, "
    "but in two different ways. Under $1/r$ the gap and the spread are both of order "
    "$1/\\log n$ (the mechanism of Theorem 4's condition 2, below): the scaled pseudo gap "
    f"$(N_{{weaker}} - N_{{bent}})\\log(np)$ is {zipf_gap:.4f} at $n = 10^{{100}}$, each "
    f"scaled standard deviation tends to $\\sqrt{{\\zeta(2)\\cdot 3/16}} = {zipf_sd:.3f}$, "
    f"and a Gaussian heuristic puts the limit of the frequency at {zipf_p:.3f}, a constant "
    "below 1/2 (the measured "
    + ", ".join(f"{pr['weaker vs bent', '1/r'][f'P at n={n}']:.3f}" for n in model_sizes)
    + "). Under NDCG@$\\sqrt n$ the gap falls like $n^{-1/2}$ and the spread like "
    "$n^{-1/4}$, so the frequency tends to 1/2 (measured "
    + ", ".join(f"{pr['weaker vs bent', 'k = sqrt(n)'][f'P at n={n}']:.3f}" for n in model_sizes)
    + f"). {model_draws} coupled samples per $n$. Theorem 6's pair: under $2^{{-r}}$ "
    "the frequency stays at its target near 3/4 (checked at every $n$), under $r^{-2}$ at "
    + ", ".join(f"{pr['weaker vs random', 'r^-2'][f'P at n={n}']:.3f}" for n in model_sizes)
    + ": neither tends to 1, as the corrected \"moreover\" clause says for pairs whose "
    "rankings differ at the top (Theorem 6 section)."))

# %% [markdown]
# **The remark after Theorem 9.** The paper says that NDCG@$k$ with $k = cn$ (log
# discount; and $r^{-\beta}$) is consistently distinguishing "under the condition given in
# Theorem 2 and Theorem 4 respectively" (and cites Theorems 6 and 7 for these measures,
# where 8 and 9 are meant: S004-X1). Theorem 2's condition is only that the curves differ on
# a set of positive measure. But NDCG@$cn$ looks, in the limit, only at objects with
# canonical score in $[1 - c, 1]$, and its IDCG depends only on the label count: two curves
# with the same $p$ that coincide on $[1 - c, 1]$ have the same $N_D(n)$ at every $n$.
# Claim S004-T9d runs, with $c = 1/5$, on coupled samples: "good" against "good + wave"
# ($\bar y = s$ plus a full sine wave of amplitude 1/5 on $[0, 4/5]$: equal on
# $[4/5, 1]$); "good" against "weaker", which differ on $[4/5, 1]$ and have different
# NDCG@$n/5$ limits; "good" against a curve that differs from $s$ only on $[4/5, 1]$, with
# the same integral there, so that the two NDCG@$n/5$ limits are equal (the case that
# needs a Lemma 3-type argument); and, for the $r^{-\beta}$ half at $\beta = 4/5$, a pair
# meeting the cut analogue of Theorem 4's condition 2 (the $\beta$-integral over
# $[4/5, 1]$ vanishes, $\Delta y(1) = 1/6$), against the random function.

# %%
t9d = run_claim(proofs_check.REGISTRY["S004-T9d"])[0]
checks.check("S004-T9d", t9d.outcome == proofs_check.REGISTRY["S004-T9d"].recorded,
             "S004-T9d: the claim's check gives the catalogue's outcome")
t9d_gap = t9d.evidence["N0 - N1 (pseudo-expectation)"]
display(Markdown(figures.markdown_table(
    [{"pair": "good vs good + wave", "measure": m, **{k: float(f"{v:.4g}") for k, v in g.items()}}
     for m, g in t9d_gap.items()])))
t9d_p = t9d.evidence["P[NDCG(f0) > NDCG(f1)]"]
display(Markdown(figures.markdown_table([{"n": k.removeprefix("n="), **v}
                                         for k, v in t9d_p.items()])))
t9d_eq = t9d.evidence["equal-limits pair"]
t9d_c2 = t9d.evidence["r^-4/5 cut pair (condition 2's analogue)"]
display(Markdown(figures.markdown_table(
    [{"pair": "equal NDCG@n/5 limits, log k = n/5", "n": k.removeprefix("n="),
      "N0 - N1": float(f"{g['N0 - N1']:.4g}"), "scaled by": "log n",
      "scaled gap": float(f"{g['(N0 - N1) log n']:.4g}")}
     for k, g in t9d_eq["N0 - N1, log k = n/5"].items()]
    + [{"pair": "r^-4/5, k = n/5, condition 2's analogue", "n": k.removeprefix("n="),
        "N0 - N1": float(f"{g['N0 - N1']:.4g}"), "scaled by": "n^(1-beta)",
        "scaled gap": float(f"{g['(N0 - N1) n^(1-beta)']:.4g}")}
       for k, g in t9d_c2["N0 - N1, r^-4/5 k = n/5"].items()])))
checks.check("t9d-cut-gap-zero", all(g == 0 for m, gs in t9d_gap.items() if "k = n/5" in m
                                     for g in gs.values()),
             "the NDCG@n/5 pseudo-expectations of good and good + wave are equal at every n shown")
checks.check("t9d-equal-limits", abs(t9d_eq["NDCG@n/5 limits"][0]
                                     - t9d_eq["NDCG@n/5 limits"][1]) < 1e-12
             and all(g["N0 - N1"] != 0 for g in t9d_eq["N0 - N1, log k = n/5"].values()),
             "the equal-limits pair has equal NDCG@n/5 limits and non-zero pseudo gaps")
t9d_se = t9d.evidence["binomial s.e. of a frequency"]
eq_scaled = [g["(N0 - N1) log n"] for g in t9d_eq["N0 - N1, log k = n/5"].values()]
eq_limit = sympy.Rational(t9d_eq["limit of (N0 - N1) log n"])
checks.check("t9d-scaled-gap-limit", abs(eq_scaled[-1] - float(eq_limit)) < 0.01,
             "the equal-limits pair: (N0 - N1) log n at the largest n shown is within 0.01 "
             "of its limit -(1/c) int_0^c Delta ybar(1 - u) log u du")
c2_key = "r^-4/5 cut pair, right order (f1 above f0)"
display(Markdown(
    f"The first pair's curves differ below $4/5$ ($\\int_0^{{4/5}} |\\Delta\\bar y| = "
    f"{t9d.evidence['int |ybar0 - ybar1| over [0, 1 - c]']:.4f}$) and coincide above. "
    "Under NDCG@$n/5$ (log and $r^{-1/2}$) the pseudo-expectation gap is 0 at every $n$, "
    "and the good function wins with frequency "
    + ", ".join(f"{v['counterexample, log k = n/5']:.3f}" for v in t9d_p.values())
    + f" (binomial s.e. {t9d_se:.3f}): a coin flip. The uncut log discount separates the "
    "same pair (" + ", ".join(f"{v['counterexample, log, no cut']:.3f}" for v in t9d_p.values())
    + "), as Theorem 2 says. So the remark as printed is false (erratum S004-T9d). For the "
    "log discount it needs the curves to differ on a non-null subset of $[1 - c, 1]$: good "
    "against weaker is separated (" + ", ".join(
        f"{v['differ on [1-c, 1], log k = n/5']:.3f}" for v in t9d_p.values())
    + "), and so is the pair with equal NDCG@$n/5$ limits ("
    + ", ".join(f"{v['equal limits, log k = n/5']:.3f}" for v in t9d_p.values())
    + f" at $n = $ {', '.join(k.removeprefix('n=') for k in t9d_p)}), whose pseudo gap "
    "shrinks like $1/\\log n$ (scaled by $\\log n$: "
    + " → ".join(f"{v:.3f}" for v in eq_scaled)
    + " at $n = " + ", ".join(f"10^{{{k.removeprefix('n=1e')}}}"
                              for k in t9d_eq["N0 - N1, log k = n/5"])
    + "$, tending to $-\\frac1c\\int_0^c \\Delta\\bar y(1 - u)\\ln u\\,du = "
    + f"{sympy.latex(eq_limit)} \\approx {float(eq_limit):.4f}$ from the expansion "
    "$1/\\ln(un) = 1/\\ln n - \\ln u/\\ln^2 n + \\dots$, so the gap is "
    f"$\\sim 1/({sympy.latex(1 / eq_limit)}\\ln n)$) while the spread of NDCG@$n/5$ shrinks like "
    "$n^{-1/2}$: what two $n$ can show, not a proof. For $r^{-\\beta}$ only the analogue of "
    "Theorem 4's condition 1 (different limits) works: under the analogue of condition 2 "
    "the gap and the fluctuation are both of order $n^{-(1-\\beta)}$ (scaled pseudo gap "
    + " → ".join(f"{g['(N0 - N1) n^(1-beta)']:.3f}"
                 for g in t9d_c2["N0 - N1, r^-4/5 k = n/5"].values())
    + "), and the frequency of the right order is "
    + ", ".join(f"{v[c2_key]:.3f}" for v in t9d_p.values())
    + f", against a Gaussian limit of {t9d_c2['P[right order], Gaussian limit']:.3f}: a "
    "constant below 1, the failure of S004-T4b (below)."))

# %%
display(Markdown("This section's own checks, above, cover the remark after Theorem 9 (the "
                 "zero gap of the counterexample, the equal-limits pair and its scaled gap); "
                 "the box gives the outcome the catalogue records for it, and for the "
                 "remark's cross-reference to Theorems 6 and 7, where 8 and 9 are meant, "
                 "with Appendix D's list of the theorems it proves, which names Theorem 5 "
                 "twice (S004-X1, checked in the claims report)."))
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T9d", "S004-X1"], done={"S004-T9d": t9d}))))

# %% [markdown]
# ## Lemma 3: the predicted gap of standard NDCG
#
# For two functions with the same $p$, Lemma 3 says
# $N^{f_0}(n) - N^{f_1}(n) = a/\log^K n + O(\log^{-K-1} n)$ with $K$ the first non-zero
# moment $m_K = \int_0^1 \Delta\bar y(1-s)\log^K s\,ds$. The lemma's statement asserts only
# that such an $a \ne 0$ exists, and it is unaffected. Its proof identifies
# $a = (-1)^K m_K$ in eq. (25); the prefactor $n/\mathrm{Li}(1+np) \sim \log n / p$ (the
# paper's offset Li) of eq.
# (22) contributes a factor $1/p$ that eq. (25) drops (erratum S004-L3 in the claims
# report). The table sets the pseudo-expectation gap of "good" and "weaker" beside both
# predictions.

# %%
k_order, a_const = A.log_discount_separation(rankers["good"], rankers["weaker"], dps=dps)
gap_rows = []
for e in (3, 6, 10, 20, 50, 100):
    n = mpmath.mpf(10) ** e
    with mpmath.workdps(dps):
        gap = (A.pseudo_expectation(rankers["good"], rm.log_discount, n, dps=dps)
               - A.pseudo_expectation(rankers["weaker"], rm.log_discount, n, dps=dps))
        pred = a_const / mpmath.log(n) ** k_order
        printed = a_const * p / mpmath.log(n) ** k_order
    gap_rows.append({"n": f"1e{e}", "N_good - N_weaker": float(gap),
                     "a / log^K n (with 1/p)": float(pred),
                     "eq. (25) as printed": float(printed),
                     "gap / prediction": float(gap / pred)})
figures.save_table(gap_rows, "004_lemma3_gap")
display(Markdown(figures.markdown_table(
    gap_rows, digits=5)))
checks.check("lemma3-prediction", abs(gap_rows[-1]["gap / prediction"] - 1) < 0.05,
             "at 1e100 the gap is within 5 % of a / log^K n with the 1/p")
checks.check("lemma3-printed", abs(gap_rows[-1]["N_good - N_weaker"]
                                   / gap_rows[-1]["eq. (25) as printed"] - 2) < 0.1,
             "at 1e100 the gap is about twice eq. (25)'s constant (1/p = 2)")
display(Markdown(
    f"$K = {k_order}$, $a = {mpmath.nstr(a_const, 8)}$. At $n = 10^{{100}}$ the gap is "
    f"{gap_rows[-1]['gap / prediction']:.3f} times $a/\\log^K n$ with the $1/p$, and twice "
    "the printed constant ($1/p = 2$ here). At practical $n$ the leading term is still "
    f"rough: the ratio is {gap_rows[0]['gap / prediction']:.2f} at $n = 10^3$ and "
    f"{gap_rows[1]['gap / prediction']:.2f} at $10^6$."))

# %%
display(Markdown(
    "This section's own checks, above, cover Lemma 3's constant with and without the $1/p$. "
    "The other steps of the proof are checked in the claims report: eq. (23) replaces "
    "$\\log(1+ns)$ by $\\log n + \\log s$ (S004-E23); eq. (24) expands "
    "$1/(\\log n + \\log s)$ in powers of $\\log s/\\log n$ (S004-E24); Claims 5 and 20 "
    "bound the part of the moments near 0, $\\int_0^{2/n}\\log^k x\\,dx$ (S004-C5/C20), and "
    "Claims 6 and 21 the remainder of the expansion (S004-C6/C21); Claim 7, the density of "
    "the span of the $\\log^k x$ in $L^2[0, 1]$, makes some moment $m_K$ non-zero unless the "
    "two curves agree almost everywhere (S004-C7). The box gives the outcomes the catalogue "
    "records for Lemma 3 and for these steps."))
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-L3", "S004-E23", "S004-E24", "S004-C5/C20", "S004-C6/C21", "S004-C7"]))))

# %% [markdown]
# ## The appendix in order: Theorem 14 and Lemmas 2, 4 and 5
#
# The limits above are statements about $N_D(n)$; what ties them to the random NDCG of a
# sample are the appendix's concentration results. Each is checked in the claims report by
# simulation, with its own fixed seed; here they are read in the paper's order.
#
# **Theorem 14** (with Theorem 2): for $D = 1/\log(1+r)$, two functions with different
# $\bar y$ are distinguishable in expectation, and consistently (Definition 3) when the
# curves are Hölder. The Monte Carlo evidence is the pseudo-expectation gap of "good" and
# "random" (positive, Lemma 3's sign) and how often the good one wins, on independent
# samples, at $n \le 10^4$: the per-$n$ reading of the distinguishability section, on the
# easiest pair (the closer pair "weaker" against "bent" is in that section). It does not
# test Definition 3's simultaneous event; that needs an argument. The paper's is short:
# Lemma 3's gap $a/\log^K n$ against Lemma 4's window. But Lemma 4's proof drops a term
# (below), so as written the proof does not give the theorem: the catalogue records a
# **proof gap**, with the repair computed. Keep the dropped Hoeffding term of eq. (31),
# and bound $\sum_r D(r)^2 \le D(1)(F(n) + D(1))$ (which eq. (30) needs; $D$ decreases).
# The window around $N_D(n)$ then stays polynomially small, of order
# $(\log n/n)^{1/3}$ for $\alpha = 1$, hence $o(a/\log^K n)$. Its failure probability at
# each $n$ stays below $e^{-n^{1/4}}$, whose sum over $n \ge N$ is negligible (claim
# S004-T14s), and Definition 3 follows. The table after the Monte Carlo computes the
# repaired window with every constant of the proof, for the same pair.

# %%
t14 = run_claim(proofs_check.REGISTRY["S004-T2/T14"])[0]
t14_rows = [{"n": k.removeprefix("n="), **v} for k, v in t14.evidence.items()
            if k.startswith("n=")]
display(Markdown(figures.markdown_table(t14_rows)))
checks.check("S004-T2/T14", t14.outcome == proofs_check.REGISTRY["S004-T2/T14"].recorded,
             "S004-T2/T14: the claim's check gives the catalogue's outcome")
checks.check("t14-gap-positive", all(float(r["N0 - N1"]) > 0 for r in t14_rows),
             "the pseudo-expectation gap of good and random is positive at every n")
t14_p = [float(r["P[NDCG(f0) > NDCG(f1)]"]) for r in t14_rows]
t14_n = ", ".join(r["n"] for r in t14_rows)
wb = pr["weaker vs bent", "1/log2(1+r)"]
t14_a = t14.evidence["Lemma 3 for this pair"]["a"]
t14_scaled = [float(r["N0 - N1"]) * np.log(float(r["n"])) for r in t14_rows]
display(Markdown(
    "The gap is " + ", ".join(f"{float(r['N0 - N1']):.4f}" for r in t14_rows)
    + f" at $n = $ {t14_n}; times $\\ln n$ it is "
    + ", ".join(f"{v:.2f}" for v in t14_scaled)
    + f", which is consistent with Lemma 3's $a/\\ln n$ (here $K = 1$, $a = {t14_a:g}$) but "
    f"still {min(t14_scaled) / t14_a - 1:.0%} to {max(t14_scaled) / t14_a - 1:.0%} above its "
    "leading term. These $n$ do not show the $1/\\log n$ law: the Lemma 3 section follows it "
    "to $n = 10^{100}$, as does the table below. "
    + (f"The good function wins in every sample at every $n$ tested ({t14_n}), so this easy "
       "pair shows no trend in the frequency"
       if min(t14_p) == 1 else
       "The good function wins with frequency " + ", ".join(f"{v:.3f}" for v in t14_p))
    + ". The closer pair of the distinguishability section, weaker against bent under the "
    "log discount, shows one: the weaker function wins with frequency "
    + ", ".join(f"{wb[f'P at n={n}']:.3f}" for n in model_sizes)
    + f" at $n = $ {', '.join(str(n) for n in model_sizes)}. Here each function's sample "
    "is drawn independently, while the paper scores both functions on one sample."))
t14_rep = t14.evidence["repaired Lemma 4, ybar = s against ybar = 1/2 (alpha = 1, C = 1)"]
t14_from = t14.evidence["windows inside the gap from"]
display(Markdown(figures.markdown_table(
    [{"n": k.removeprefix("n="), "N0 - N1": v["N0 - N1"],
      "(N0 - N1) ln n": v["(N0 - N1) log n"], "windows W0 + W1": v["windows W0 + W1"],
      "windows / gap": v["windows / gap"],
      "log10 failure bound (each)": v["log10 of the failure bound (each)"],
      "log10 e^(-n^1/4)": v["-n^1/4 log10 e"]} for k, v in t14_rep.items()], digits=4)))
rep_ratio = [v["windows / gap"] for v in t14_rep.values()]
rep_first = list(t14_rep).index(f"n={t14_from}")
checks.check("t14-repair", all(r < 1 for r in rep_ratio[rep_first:])
             and all(b < a for a, b in zip(rep_ratio[rep_first:], rep_ratio[rep_first + 1:],
                                           strict=False))
             and all(v["log10 of the failure bound (each)"] <= v["-n^1/4 log10 e"]
                     for v in t14_rep.values()),
             "the repaired windows fit inside Lemma 3's gap from the n the claim names on, "
             "their share falling, and each failure bound is below e^(-n^1/4)")
display(Markdown(
    "With every constant of the proof kept (Hölder $\\alpha = 1$, $C = 1$ for both curves, "
    "$p = 1/2$), the two windows together fit inside the gap from "
    f"$n = {t14_from}$ on, and their share of it falls to {rep_ratio[-1]:.0e} at "
    f"$n = {list(t14_rep)[-1].removeprefix('n=')}$ (a polynomial window against "
    "$a/\\log n$). At every $n$ of the table each function's failure bound is below "
    "$e^{-n^{1/4}}$. So for this pair Definition 3 holds from an $N$ of that order. The "
    "proof's constants are crude"
    + (f": the Monte Carlo above finds the order right in every sample from "
       f"$n = {t14_rows[0]['n']}$ on" if min(t14_p) == 1 else "")
    + ". The repair is the catalogue's; the paper's proof, through Lemma 4 as written, "
    "does not give it."))

# %% [markdown]
# **Lemma 2**: $|E[\mathrm{NDCG}(f, S_n)] - N_D(n)| \le \tilde O(n^{-1/3})$ for the log
# discount. The claims report bounds $|E[\mathrm{NDCG}] - N_D(n)|$ rigorously at each $n$, by
# $|R(n) - N_D(n)| + b(n)$ as in the Lemma 2 figure above, asks that bound to be at most
# $n^{-1/3}\log n$ (reading $\tilde O$ with constant 1), and holds the Monte Carlo means
# of DCG and IDCG to their exact expectations; the mean of NDCG is shown beside them. This
# is the same bound as in the Lemma 2 section, read more loosely: that section held it to
# $n^{-1/3}$ itself, with no logarithm, at more $n$ (checked there); both readings
# hold.

# %%
l2 = run_claim(proofs_check.REGISTRY["S004-L2"])[0]
l2_rows = [{"case": k, **v} for k, v in l2.evidence.items()]
# shown: the Monte Carlo mean to the decimal of the second significant digit of its
# standard error, the standard error and the z-scores to two digits; the exact columns to
# four (the claims report keeps every digit)
display(Markdown(figures.markdown_table(
    [{k: (figures.shown(v, decimals=1 - int(np.floor(np.log10(r["standard error"]))))
          if k == "mean - N(n)" else figures.shown(v, digits=2) if k == "standard error"
          else figures.shown(v, decimals=2) if k.startswith("(mean") else v)
      for k, v in r.items()}
     for r in l2_rows], digits=4)))
checks.check("S004-L2", l2.outcome == proofs_check.REGISTRY["S004-L2"].recorded,
             "S004-L2: the claim's check gives the catalogue's outcome")
l2_margin = [r["n^-1/3 log n"] / r["bound on |E[NDCG] - N(n)|"] for r in l2_rows]
display(Markdown(
    f"At every row the proven bound is below $n^{{-1/3}}\\log n$ by a factor "
    f"{min(l2_margin):.0f} to {max(l2_margin):.0f}: the inequality holds at these $n$ with "
    "room to spare, which at finitely many $n$ is all that can be checked of a rate. The "
    "Monte Carlo means of DCG and IDCG lie within "
    f"{max(abs(r[k]) for r in l2_rows for k in r if k.startswith('(mean')):.2f} standard "
    "errors of their exact expectations."))

# %% [markdown]
# **Lemma 4**: for the log discount and an $\alpha$-Hölder $\bar y$ with constant $C$
# (any $\alpha > 0$, $C > 0$),
# $P[|\mathrm{NDCG} - N_D(n)| \ge 5Cp^{-1}n^{-\min(\alpha/3, 1)}] \le O(e^{-n^{1/4}})$.
# The window's exponent $\min(\alpha/3, 1)$ is written for $\alpha$ up to 3. A
# non-constant curve on $[0, 1]$ can be Hölder only with $\alpha \le 1$, but a constant one
# (the random function, $\bar y = 1/2$) is $\alpha$-Hölder for every $\alpha$ and every
# $C > 0$. Two cases: "weaker", $\bar y = 1/4 + s/2$ ($\alpha = 1$, $C = 1/2$, $p = 1/2$),
# by Monte Carlo; and the constant curve with $\alpha = 3$, $C = 1$, where the standard
# deviation of NDCG is known exactly (by conditioning on the label count: given it, the
# labels are in a uniformly random order).

# %%
l4 = run_claim(proofs_check.REGISTRY["S004-L4"])[0]
l4_rows = [{"n": n, "threshold": th, "frequency beyond": fr, "s.d. of NDCG": sd}
           for n, th, fr, sd in zip(l4.evidence["n"], l4.evidence["threshold 5 C p^-1 n^-1/3"],
                                    l4.evidence["frequency beyond the threshold"],
                                    l4.evidence["sd of NDCG"], strict=True)]
# shown: the sample s.d. from the claim's draws to two significant digits (its relative
# standard error is about 1/sqrt(2 draws))
display(Markdown(figures.markdown_table(
    [{**r, "s.d. of NDCG": figures.shown(r["s.d. of NDCG"], digits=2)} for r in l4_rows])))
l4_slope = l4.evidence["fitted exponent of sd (steeper than the lemma's -1/3)"]
l4_hoeff = l4.evidence["Hoeffding term 2F(n)^{2/3}/F(np) over C p^-1 n^-1/3 (C = p = 1/2)"]
display(Markdown(figures.markdown_table([{"n": k.removeprefix("n="), "Hoeffding term over "
                                          "C p^-1 n^-1/3": v} for k, v in l4_hoeff.items()])))
checks.check("S004-L4", l4.outcome == proofs_check.REGISTRY["S004-L4"].recorded,
             "S004-L4: the claim's check gives the catalogue's outcome")
l4_flat = l4.evidence["constant curve ybar = 1/2 (alpha = 3, C = 1), exact"]
display(Markdown(figures.markdown_table(
    [{"n": k.removeprefix("n="), **{c: float(f"{v:.4g}") for c, v in row.items()}}
     for k, row in l4_flat.items()])))
l4_freq3 = l4.evidence["constant curve, n = 1e5: frequency beyond the alpha = 3 window"]
l4_freq1 = l4.evidence["constant curve, n = 1e5: frequency beyond the alpha = 1 window"]
flat_ratio = [row["s.d. / window (alpha = 3)"] for row in l4_flat.values()]
checks.check("lemma4-window-below-sd", min(flat_ratio) > 1 and flat_ratio[-1] > flat_ratio[0],
             "constant curve, alpha = 3: the exact s.d. of NDCG exceeds the lemma's window at "
             "every n shown, by a growing factor")
display(Markdown(
    f"**Weaker** ($\\alpha = 1$): the fitted exponent of the standard deviation in $n$ is "
    f"{l4_slope} (the window falls like $n^{{-1/3}}$), and at $n = 10^3$ the threshold is "
    f"{l4_rows[0]['threshold'] / l4_rows[0]['s.d. of NDCG']:.0f} standard deviations away: "
    "no draw can come near it, so the frequency column says nothing about an "
    "$e^{-n^{1/4}}$ tail; what was shown is consistent with the statement, the true "
    "spread being far below the window. **Constant curve** ($\\alpha = 3$): the window "
    "$5Cp^{-1}n^{-1}$ is below "
    "the exact standard deviation at every $n$ shown, by a factor growing from "
    f"{flat_ratio[0]:.2f} to {flat_ratio[-1]:.1f} (the standard deviation is of order "
    "$n^{-1/2}/\\log n$, the window $n^{-1}$), and at $n = 10^5$ a fraction "
    f"{l4_freq3:.3f} of the Monte Carlo draws falls outside it: the probability tends to "
    "1, not to 0. Any $\\alpha > 3/2$ fails the same way. The statement as printed is "
    "false (erratum S004-L4). With the exponent $\\min(\\alpha, 1)/3$ the measurements are "
    f"consistent with it in both cases (read with $\\alpha = 1$, the constant curve's window "
    # floored: a lower bound printed must not exceed the computed one
    f"is at least {np.floor(min(r['window / s.d. (alpha = 1)'] for r in l4_flat.values())):.0f} "
    f"standard deviations wide, and the fraction of draws outside it is {l4_freq1:.3f}): "
    "plausible, but measured at a few $n$, not proven by the paper's argument: the proof "
    "does not give the window even for $\\alpha = 1$. Eq. (32) drops the Hoeffding "
    "term $2F(n)^{2/3}/F(np) \\approx (2/p)(\\log n/n)^{1/3}$ of eq. (31), which exceeds "
    "the slack $Cp^{-1}n^{-1/3}$ by the factor in the second table, growing like "
    "$\\log^{1/3} n$ and independent of $C$: the same defect as in Lemma 7's proof "
    "(S004-L7). What the proof does give, with that term kept, is the printed window plus "
    "$2F(n)^{2/3}/F(np)$, Claim 8's constant $(D(1) + |D'(1)|)/F(np) \\le 10/F(np)$ (of "
    "order $\\log n/n$; eq. (29)'s 10, which the printed window $5Cp^{-1}n^{-1}$ does not "
    "cover at $\\alpha = 3$) and Claim 4's term of order $n^{-1/3}/p$, for every $\\alpha$. "
    "Theorem 14 needs no more than that (any window $o(1/\\log^K n)$ whose failure "
    "probabilities have a negligible sum), but its proof cites Lemma 4 as stated: the "
    "proof gap of S004-T2/T14, repaired above."))

# %% [markdown]
# **Lemma 5**: for $r^{-\beta}$ and a continuous $\bar y$, $P[|\mathrm{NDCG} - N_D(n)| \ge
# 5\varepsilon/p] = o(1)$ for every $\varepsilon > 0$; checked at $\beta = 1/2$ for one
# $\varepsilon = 0.004$:

# %%
l5 = run_claim(proofs_check.REGISTRY["S004-L5"])[0]
l5_rows = [{"n": n, "frequency of |NDCG - N(n)| >= 5 eps / p": f}
           for n, f in zip(l5.evidence["n"],
                           l5.evidence["frequency of |NDCG - N| >= 5 eps / p"], strict=True)]
display(Markdown(figures.markdown_table(l5_rows)))
checks.check("S004-L5", l5.outcome == proofs_check.REGISTRY["S004-L5"].recorded,
             "S004-L5: the claim's check gives the catalogue's outcome")
display(Markdown(
    f"At $\\varepsilon = 0.004$ the frequency falls from "
    f"{l5_rows[0]['frequency of |NDCG - N(n)| >= 5 eps / p']:.3f} "
    f"at $n = {l5_rows[0]['n']}$ to {l5_rows[-1]['frequency of |NDCG - N(n)| >= 5 eps / p']:.3f} "
    f"at ${l5_rows[-1]['n']}$ ($\\bar y = {l5.evidence['ybar']}$, {l5.method}): consistent "
    "with convergence in probability, which Theorem 3 needs, at this one $\\varepsilon$ and "
    f"these {len(l5_rows)} sizes, not a proof of it. The rate is the subject of Lemma 7, "
    "below."))

# %% [markdown]
# The steps of these proofs are checked in the claims report. Theorem 14's last step sums
# the failure probabilities $e^{-n^{1/4}}$ over $n \ge N$ (S004-T14s, above). Lemma 4's
# proof puts every ordered canonical score within $n^{-1/3}$ of $1 - r/n$ at once by a
# union bound (eq. (27), S004-E27); compares $\sum_r \bar y(1 - r/n) D(r)$ with
# $\tilde N(n)$ for a Hölder curve (Claim 8, S004-C8), a proof in which a sum of the
# decreasing discount is bounded by its integral $F(n)$ (S004-C8p); bounds $D(1) + |D'(1)|$
# by a constant (S004-L4c); applies Hoeffding's inequality with $D(r)^2 \le D(r)$ (eq.
# (30), S004-E30; the repair above bounds $\sum_r D(r)^2$ by $D(1)(F(n) + D(1))$ instead);
# and passes from DCG to NDCG by Claim 4, $|\mathrm{NDCG} - \mathrm{DCG}/F(np)| \le
# O(n^{-1/3})$ with high probability (S004-C4), whose proof writes the normaliser as the
# number of relevant objects and bounds DCG by $F(n)$ (S004-C4p). The box gives the
# outcomes the catalogue records for them beside the four results of this section.

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T2/T14", "S004-T14s", "S004-L2", "S004-L4", "S004-E27", "S004-C8", "S004-C8p",
     "S004-L4c", "S004-E30", "S004-C4", "S004-C4p", "S004-L5"],
    done={"S004-T2/T14": t14, "S004-L2": l2, "S004-L4": l4, "S004-L5": l5}))))

# %% [markdown]
# ## Theorem 6: a summable discount has no limit
#
# The theorem assumes the $\delta$-condition (in its ranker-level reading, see the table at
# the top: $\bar y$ bounded away from 0 and 1). "Weaker" ($\bar y \in [1/4, 3/4]$) and
# "random" ($\bar y = 1/2$) meet it; "good" ($\bar y(1) = 1$) does not, and for it the
# conclusion fails: its top objects are almost surely relevant and its NDCG converges to 1.
#
# With $D(r) = 2^{-r}$ only the first few positions matter, and their labels stay random:
# as $n \to \infty$ the top objects have $\tilde f \to 1$, so their labels become
# independent Bernoulli$(\bar y(1))$ and the ideal DCG tends to $\sum_r 2^{-r} = 1$. Hence
# NDCG converges in law to $\sum_{r \ge 1} 2^{-r} B_r$, $B_r$ i.i.d.
# Bernoulli$(\bar y(1))$. For the random function ($\bar y(1) = 1/2$) that limit law is
# exactly the uniform law on $[0, 1]$, and at finite $n$ the law of NDCG equals it up to
# terms of order $2^{-n/2}$: the random function's ranked labels are i.i.d.
# Bernoulli(1/2) (unconditionally; given their count $l$ they are drawn without
# replacement, but $l$ is random), so the only distortions are the IDCG factor
# $1 - 2^{-l}$ with $l$ near $n/2$ and the truncation of the sum at rank $n$. It does not
# concentrate. The limit law's standard
# deviation is $\sqrt{\bar y(1)(1 - \bar y(1))/3}$. The theorem's "in particular, $D(r) \le
# r^{-(1+\epsilon)}$" covers polynomial summable discounts too; $r^{-2}$, the one that
# borders the critical $1/r$ more closely, is run beside $2^{-r}$ on the same draws: its
# limit law $\sum_r r^{-2}B_r/\zeta(2)$ has standard deviation
# $\sqrt{\bar y(1)(1-\bar y(1))\zeta(4)}/\zeta(2)$.
#
# What is checked, at every $n$ and for both discounts: the mean of "weaker" and "random"
# against $E[\mathrm{DCG}]/E[\mathrm{IDCG}]$ (top labels Bernoulli($E\,\bar y(s_{(r)})$)),
# with the proven bound on $|E[\mathrm{NDCG}] - E[\mathrm{DCG}]/E[\mathrm{IDCG}]|$ as its
# allowance; the sample standard deviation against that of $\mathrm{DCG}/\Sigma_D(np)$, the
# IDCG taken at the mean label count (which a summable discount makes nearly constant),
# with the proven distance between the two; the random function's $2^{-r}$ NDCG against
# $U(0, 1)$ (Kolmogorov–Smirnov); and for "good" the proven bound
# $E[1 - \mathrm{NDCG}] \le \sum_r D(r)\,r/(n+1) \big/ \Sigma_D(n)$ (the IDCG is at most
# $\Sigma_D(n)$, and a top label is irrelevant with probability
# $E[1 - s_{(r)}] = r/(n+1)$), which tends to 0: it concentrates at 1. That bound is close
# to tight at small $n$ (the IDCG is then nearly $\Sigma_D(n)$), so a sample mean may
# exceed it by chance; the check is one-sided: it fails only if the mean of $1 - $NDCG
# lies above the bound by more than its standard error allows.

# %%
thm6_discounts = [("2^-r", rm.exponential_discount), ("r^-2", rm.power_discount(2.0))]
law_rows, spread6 = [], {}
good_no_spread, good_excess = [], {}
for rname, y in rankers.items():
    a_lin, b_lin = linear[rname]
    for n in thm6_sizes:
        sims = simulate_ndcg_many(y, [d for _, d in thm6_discounts], n, n_draws=thm6_draws,
                                  seed=seed + 31 * n, workers=mc_workers or None)
        for (dname, disc), sim in zip(thm6_discounts, sims, strict=True):
            draws = sim["ndcg"]
            spread6[dname, rname, n] = draws
            w = disc.weights(n)
            r_idx = np.arange(1, n + 1)
            idcg = float(w[: int(round(n * 0.5))].sum())  # Sigma_D(np): the count at its mean
            mean, sd = float(draws.mean()), float(draws.std(ddof=1))
            row = {"discount": dname, "function": rname, "n": n, "mean": mean,
                   "s.e. of the mean": sd / np.sqrt(thm6_draws), "s.d.": sd}
            if rname == "good":
                bound = float(np.sum(w * r_idx / (n + 1)) / w.sum())
                gap_se = float((1 - draws).std(ddof=1) / np.sqrt(thm6_draws))
                if gap_se > 0:
                    res = checks.within("theorem6-good-bound", float(np.mean(1 - draws)), bound,
                                        gap_se, dof=thm6_draws - 1, side="below",
                                        what=f"{dname}, good, n = {n}: mean of 1 - NDCG "
                                             "against its proven bound")
                    good_excess[dname, n] = (float(np.mean(1 - draws)), bound, gap_se, res.q)
                else:
                    good_no_spread.append((dname, n))
                    checks.check("theorem6-good-exact", draws.min() == 1.0,
                                 f"{dname}, good, n = {n}: draws without spread are all 1")
                row.update({"E[DCG]/E[IDCG]": float("nan"),
                            "s.d. of DCG/Sigma_D(np)": float("nan"),
                            "its distance to s.d.(NDCG), at most": float("nan"),
                            "mean of 1 - NDCG": float(np.mean(1 - draws)),
                            "bound on E[1 - NDCG]": bound})
            else:
                # E[NDCG] is within a proven bound of E[DCG]/E[IDCG] (Cauchy-Schwarz; the
                # IDCG of a summable discount hardly varies with the label count)
                exact = expected_ratio(disc, y, n)
                exact_mean = exact.ratio
                # the weights beyond rank 2000 carry below 1e-9 of the variance (and 2^-r
                # underflows to 0 beyond rank 1074)
                wk = w[: min(n, 2000)]
                wk = wk[wk > 0]
                # what the weights beyond rank 2000 can change in the s.d. of DCG / S, with
                # S = Sigma_D(np): at most sd(sum_{r > 2000} w_r Y_r) / S <= sum_{r > 2000}
                # w_r / 2 / S (Minkowski, each label's s.d. at most 1/2)
                tail = float(np.sum(w[2000:])) / 2 / idcg
                exact_sd = cutoff_ndcg_sd(wk, a_lin, b_lin, n=n) * float(wk.sum()) / idcg
                checks.within("theorem6-mean", mean, exact_mean, sd / np.sqrt(thm6_draws),
                              dof=thm6_draws - 1, allowance=exact.bias_bound,
                              what=f"{dname}, {rname}, n = {n}: mean against E[DCG]/E[IDCG] "
                                   "and its proven bias bound")
                # exact_sd is the s.d. of DCG / Sigma_D(np), the IDCG at the mean label
                # count; NDCG differs from it by at most |Sigma_D(M) - Sigma_D(np)| /
                # Sigma_D(np) (NDCG <= 1), so by Minkowski the two s.d. differ by at most
                # delta, the root mean square of that over M ~ Binomial(n, 1/2): the
                # allowance of the test
                pmf = stats.binom.pmf(np.arange(n + 1), n, 0.5)
                cum = np.concatenate([[0.0], np.cumsum(w)])
                delta = float(np.sqrt(pmf @ (cum - idcg) ** 2)) / idcg + tail
                target_sd = min(max(sd, exact_sd - delta), exact_sd + delta)
                z = float(stats.norm.isf(np.clip(stats.chi2.sf(
                    (thm6_draws - 1) * sd**2 / target_sd**2, thm6_draws - 1), 1e-300, 1 - 1e-16)))
                checks.within("theorem6-sd", z, 0.0, 1.0,
                              what=f"{dname}, {rname}, n = {n}: s.d. {sd:.4g} against "
                                   f"{exact_sd:.4g} +/- {delta:.2g} (chi-square deviate)")
                row.update({"E[DCG]/E[IDCG]": exact_mean, "s.d. of DCG/Sigma_D(np)": exact_sd,
                            "its distance to s.d.(NDCG), at most": delta,
                            "mean of 1 - NDCG": float("nan"),
                            "bound on E[1 - NDCG]": float("nan")})
            if rname == "random" and dname == "2^-r":
                ks = stats.kstest(draws, "uniform")
                checks.within("theorem6-uniform", float(stats.norm.isf(np.clip(
                    ks.pvalue, 1e-300, 1 - 1e-16))), 0.0, 1.0,
                              side="below", what=f"2^-r, random, n = {n}: Kolmogorov-Smirnov "
                                                 "against U(0, 1), as a normal deviate")
                row["KS p-value vs U(0,1)"] = float(ks.pvalue)
            else:
                row["KS p-value vs U(0,1)"] = float("nan")
            law_rows.append(row)
if not good_no_spread:
    checks.skip("theorem6-good-exact", "every cell of the good function has spread")
figures.save_table(law_rows, "004_theorem6_law")
# shown: each Monte Carlo mean to the second significant digit of its standard error, a
# sample s.d. to two digits (its relative s.e. is about 1/sqrt(2 draws)), the KS p-value
# to two decimals; the exact columns to four digits
law_dec = {id(r): max(1 - int(np.floor(np.log10(r["s.e. of the mean"]))), 0)
           if r["s.e. of the mean"] > 0 else 0 for r in law_rows}
display(Markdown(figures.markdown_table(
    [{"discount": r["discount"], "function": r["function"], "n": r["n"],
      "mean ± s.e.": f"{r['mean']:.{law_dec[id(r)]}f} ± {r['s.e. of the mean']:#.2g}",
      "s.d.": float(f"{r['s.d.']:.2g}"), "E[DCG]/E[IDCG]": r["E[DCG]/E[IDCG]"],
      "s.d. of DCG/Sigma_D(np)": r["s.d. of DCG/Sigma_D(np)"],
      "its distance to s.d.(NDCG), at most": r["its distance to s.d.(NDCG), at most"],
      "mean of 1 - NDCG": (f"{r['mean of 1 - NDCG']:.{law_dec[id(r)]}f}"
                           if r["function"] == "good" else ""),
      "bound on E[1 - NDCG]": r["bound on E[1 - NDCG]"],
      "KS p-value vs U(0,1)": round(r["KS p-value vs U(0,1)"], 2)} for r in law_rows],
    digits=4)))
big = max(thm6_sizes)
fig, axes = plt.subplots(2, 3, figsize=(13, 6.4), constrained_layout=True)
for row_i, (dname, _) in enumerate(thm6_discounts):
    for ax, rname in zip(axes[row_i], rankers, strict=True):
        for n in thm6_sizes:
            if rname == "good":  # on a log axis: 1 - NDCG, the draws below 1 only
                gaps = 1 - spread6[dname, rname, n]
                gaps = gaps[gaps > 0]
                if gaps.size:
                    ax.hist(np.log10(gaps), bins=25, histtype="step", density=False,
                            label=f"n = {n:.0e} ({gaps.size} of {thm6_draws} below 1)")
            else:
                ax.hist(spread6[dname, rname, n], bins=25, range=(0, 1), histtype="step",
                        density=True, label=f"n = {n:.0e}")
        if rname == "random" and dname == "2^-r":
            ax.axhline(1.0, color="k", ls=":", lw=1, label="limit: U(0, 1)")
        y1 = rankers[rname].subs(s, 1) if rankers[rname].free_symbols else rankers[rname]
        ax.set(title=f"{dname}, {rname} (ybar(1) = {y1})",
               xlabel="log10(1 - NDCG)" if rname == "good" else f"NDCG, {dname}",
               ylabel="draws" if rname == "good" else "density")
        ax.legend(fontsize=6)
fig.suptitle("004: the law of NDCG under summable discounts (Theorem 6): no concentration "
             "under the delta-condition (weaker, random);\nthe good function, which the "
             "condition excludes, concentrates at 1 (log scale; draws below 1 in double "
             "precision)")
figures.save(fig, "004_theorem6_law")
plt.show()
good_sd = {(r["discount"], r["n"]): r["s.d."] for r in law_rows if r["function"] == "good"}
zeta_sd = {q: float(mpmath.sqrt(q * (1 - q) * mpmath.zeta(4)) / mpmath.zeta(2))
           for q in (0.75, 0.5)}
display(Markdown(
    "The random function's $2^{-r}$ NDCG is consistent with $U(0, 1)$ at every $n$ shown "
    "(Kolmogorov–Smirnov $p$ = "
    + ", ".join(f"{r['KS p-value vs U(0,1)']:.2f}" for r in law_rows
                if r["function"] == "random" and r["discount"] == "2^-r")
    + "), and the spread of the weaker and random functions matches the one computed with "
    "the IDCG at its mean count (within the bound on their distance) and does not "
    f"shrink: at $n = {big:.0e}$ it is "
    + ", ".join(f"{r['s.d.']:.3f} ({r['discount']}, {r['function']})" for r in law_rows
                if r["n"] == big and r["function"] != "good")
    + ", against the limits "
    f"$\\sqrt{{3/16/3}} = {np.sqrt(3 / 16 / 3):.3f}$ and $\\sqrt{{1/4/3}} = "
    f"{np.sqrt(1 / 12):.3f}$ for $2^{{-r}}$, {zeta_sd[0.75]:.3f} and {zeta_sd[0.5]:.3f} for "
    "$r^{-2}$: no limit in probability, as Theorem 6 says. "
    "The good function, which the $\\delta$-condition excludes, concentrates at 1: its "
    "standard deviation goes from "
    + ", ".join(f"{good_sd[d, min(thm6_sizes)]:.2g} to {good_sd[d, big]:.2g} ({d})"
                for d, _ in thm6_discounts)
    + ". Its mean of $1 - $NDCG is "
    + ("below its proven bound in every cell" if all(m <= b for m, b, _, _ in
                                                      good_excess.values()) else
       f"below its proven bound in {sum(m <= b for m, b, _, _ in good_excess.values())} of "
       f"{len(good_excess)} cells; in the "
       + ("other" if sum(m > b for m, b, _, _ in good_excess.values()) == 1 else "others")
       + " it exceeds the bound, which is nearly tight there, by "
       + ", ".join(f"{(m - b) / se:.2f} standard errors ({d}, $n = {n}$: {m:.4g} against "
                   f"{b:.4g})" for (d, n), (m, b, se, _) in good_excess.items() if m > b)
       + f", against the {min(q for _, _, _, q in good_excess.values()):.2f} a one-sided "
       "Student's $t$ allows at this run's level")
    + ": consistent with the bound (checked)."
    + (" Without spread at all (every draw 1): "
       + ", ".join(f"{d}, $n = {n}$" for d, n in good_no_spread) + "."
       if good_no_spread else "")))

# %% [markdown]
# ### The "moreover" clause: a pair on the same sample
#
# The theorem ends: every pair of ranking functions is not consistently distinguishable.
# Definition 3 reads: "A pair of ranking functions $f_0$, $f_1$ is said to be consistently
# distinguishable by a ranking measure $\mathcal{M}$, if there exists a negligible function
# $\mathrm{neg}(N)$ and $b\in\{0,1\}$ such that for every sufficiently large $N$, with
# probability $1-\mathrm{neg}(N)$, $\mathcal{M}(f_b,S_n)>\mathcal{M}(f_{1-b},S_n)$, holds for
# all $n\geq N$ simultaneously." Both functions are scored on the same sample $S_n$.
#
# **The printed proof's step.** Appendix D shows, for one function $f$, constants $a > b$,
# $c > 0$ with $P[\mathrm{NDCG}(f, S_n) \ge a] \ge c$ and $P[\mathrm{NDCG}(f, S_n) \le b] \ge
# c$, and then says that for every pair the two measures "overlap" with a constant
# probability. Two such marginal bounds say nothing of the joint law: with $U$ uniform on
# $[0, 0.9]$, $X_0 = U$ and $X_1 = U + 0.1$ each exceed $0.8$ and each fall below $0.2$ with
# probability at least $1/9$, yet $X_0 < X_1$ always. The step is not only unproved: for
# some summable discounts the clause is false (part 3 below). What follows are sufficient
# conditions under which the clause holds, and a counterexample; not a characterisation.
#
# **Setting.** $\mathcal{Y} = \{0, 1\}$, as in the paper's proof; $D \ge 0$ non-increasing
# and summable. Given the objects $x_1, \dots, x_n$ the two rankings are fixed permutations
# $\pi_0, \pi_1$ (ties broken by the objects alone; this covers the footnote's general
# ranking functions), and the labels are independent.
# *Scope.* The theorem is stated for a finite $\mathcal Y$; the corrected clause below is
# stated and proved for binary labels only, which is all the erratum needs (for graded
# labels the same lemma should go through with $u$ at the top grade and the window at the
# bottom one, since adding a constant to every gain leaves DCG differences unchanged; we
# have not checked it). *Ties.* A tie-breaking by randomness independent of the labels is
# covered by conditioning on it; one that looks at the labels is excluded. Writing $\eta = P(Y = 1
# \mid x)$, the
# $\delta$-condition says $\min(\eta, 1 - \eta) \ge \delta \max(\eta, 1 - \eta)$, and since the
# two add to 1, each label takes either value with conditional probability at least
# $q = \delta/(1 + \delta)$. Let $R_n(v) = \sum_{r=v}^{n} D(r)$, and let $J$ be the first rank
# at which $\pi_0$ and $\pi_1$ differ ($J = \infty$ if they are equal). The two NDCGs share
# their IDCG, so when it is positive they are ordered as the two DCGs.
#
# **Lemma.** Let $J = j < \infty$ and $u = \pi_1(j)$. For $j < v \le n + 1$, let $A_v$ be
# the event: $u$ relevant, and every object at $\pi_0$-ranks $j, \dots, v - 1$ other than
# $u$ irrelevant. Then $P[A_v \mid x] \ge q^{\min(v - j + 1,\, n - j + 1)}$, and on $A_v$
# the IDCG is positive and
# $$\mathrm{DCG}(\pi_1) - \mathrm{DCG}(\pi_0) \ge D(j) - D(j+1)\,\mathbf 1[v \ge j + 2] -
# R_n(v).$$
# *Proof.* Ranks $1, \dots, j-1$ hold the same objects in both rankings and cancel, so the
# difference is $\sum_i y_i\,(D(\mathrm{rank}_1 i) - D(\mathrm{rank}_0 i))$ over the other
# objects. Since $\pi_0(j) \ne u$ and $u$ is not among the first $j - 1$, $\mathrm{rank}_0
# u \ge j + 1$. On $A_v$ the irrelevant objects contribute nothing, $u$ contributes $D(j) -
# D(\mathrm{rank}_0 u)$, and every other object that may be relevant has $\pi_0$-rank at
# least $v$ and contributes at least $-D(\mathrm{rank}_0 i)$. If $\mathrm{rank}_0 u < v$
# (possible only when $v \ge j + 2$), the sum is at least $D(j) - D(j+1) - R_n(v)$. If
# $\mathrm{rank}_0 u \ge v$, the free objects' $\pi_0$-ranks fill $[v, n]$ without
# $\mathrm{rank}_0 u$, and the sum is at least $D(j) - D(\mathrm{rank}_0 u) - (R_n(v) -
# D(\mathrm{rank}_0 u)) = D(j) - R_n(v)$. $A_v$ fixes at most $\min(v - j + 1, n - j + 1)$
# labels, independent given the objects, each value with probability at least $q$. $\square$
#
# **Theorem 6, pair part, corrected.** Under the setting above:
#
# 1. If $D(j) \ge \sum_{r > j} D(r)$ for every $j$ (so $2^{-r}$), then for every pair and
#    every $n$, $P[\mathrm{IDCG} > 0,\ \mathrm{NDCG}(f_0, S_n) \le \mathrm{NDCG}(f_1, S_n)] \ge
#    q^2$. (Take $v = j + 1$: the bound is $D(j) - R_n(j + 1) \ge 0$. If $\pi_0 = \pi_1$ the
#    two NDCGs are equal once the IDCG is positive, which has probability at least
#    $1 - (1 - q)^n \ge q$.)
# 2. For any such $D$ with $D(1) > D(2) > \dots > D(k + 1)$: if $P[J \le k] \ge \rho > 0$ for
#    all large $n$, then $P[\mathrm{NDCG}(f_0, S_n) \le \mathrm{NDCG}(f_1, S_n)] \ge \rho\,
#    q^{v_k}$, where $\gamma_k = \min_{j \le k}(D(j) - D(j + 1))$ and $v_k$ is the least $v \ge
#    k + 2$ with $\sum_{r \ge v} D(r) \le \gamma_k$ (it exists: $D$ is summable). (For each
#    $j \le k$ take $v = \min(v_k, n + 1)$ in the lemma; $J \le n - 1$ whenever the rankings
#    differ, so $v \ge j + 2$. If $v = v_k$, the bound is at least $\gamma_k - \sum_{r \ge
#    v_k} D(r) \ge 0$ and $A_v$ fixes at most $v_k - j + 1 \le v_k$ labels; if $v = n + 1 <
#    v_k$, $R_n(n + 1) = 0$, the bound is $D(j) - D(j + 1) \ge 0$ and $A_v$ fixes at most
#    $n - j + 1 \le v_k - 2$ labels. Either way the probability is at least $q^{v_k}$ given
#    the objects on $\{J \le k\}$; averaging over the objects gives $\rho\,q^{v_k}$.)
#
# Both hypotheses are symmetric in $f_0, f_1$, so the same bound $c'$ holds with the roles
# exchanged. Then neither $b$ meets Definition 3: the event "$\mathcal M(f_b, S_n) >
# \mathcal M(f_{1-b}, S_n)$ for all $n \ge N$" lies inside the event at $n = N$ alone,
# whose probability is at most $1 - c'$, while $1 - \mathrm{neg}(N) > 1 - c'$ for large $N$.
# So the pair is not consistently distinguishable. $\square$
#
# **How far parts 1 and 2 reach.** Part 1's condition makes the tails at least halve at
# every rank, so it excludes $a^{-r}$ for $1 < a < 2$ (summable) and every polynomial
# discount. The lemma gives more: let $v_j$ be the least $v \ge j + 2$ with $D(j) - D(j+1)
# \ge \sum_{r \ge v} D(r)$; if $v_j - j \le w$ for every $j$, taking $v = \min(v_j, n + 1)$
# as in part 2 gives $P[\mathrm{IDCG} > 0,\ \mathrm{NDCG}(f_0, S_n) \le \mathrm{NDCG}(f_1,
# S_n)] \ge q^{w + 1}$ for every pair and every $n$. Under $a^{-r}$, $D(j) - D(j+1) =
# a^{-j}(1 - 1/a)$ and $\sum_{r \ge v} D(r) = a^{-v}/(1 - 1/a)$, so $v_j - j$ is the least
# $m \ge 2$ with $a^{-m} \le (1 - 1/a)^2$, the same at every $j$: every geometric discount
# is covered (the window for $a = 1.5$ is computed below). For the polynomial discounts
# $D(r) = r^{-(1+\epsilon)}$ themselves (the theorem's class $D(r) \le r^{-(1+\epsilon)}$
# also contains $2^{-r}$, which part 1 covers), $D(j) - D(j+1)$ is of order
# $j^{-(2+\epsilon)}$ while the tail from $v$ is of order $v^{-\epsilon}$, so $v_j - j$ is
# unbounded and only part 2 applies. For
# such discounts and pairs whose rankings first differ ever further down ($J \to \infty$),
# the clause is open apart from the counterexample below.
#
# 3. **Without such a hypothesis the clause is false.** Take $D(r) = r^{-2}$ (summable, and
# $D(r) \le r^{-(1+\epsilon)}$ with $\epsilon = 1$, the theorem's "in particular"), $X$
# uniform on $[0, 1]$, $\eta = 1/2, 3/4, 1/4$ on $[1/2, 1]$, $[1/4, 1/2)$, $[0, 1/4)$
# ($\delta = 1/3$), $f_1(x) = x$, and $f_0 = f_1$ on $[1/2, 1]$ with the two lower blocks
# exchanged ($x - 1/4$ on $[1/4, 1/2)$, $x + 1/4$ on $[0, 1/4)$). With block counts $K, H,
# L$ both put the top block at ranks $1..K$ in the same order; $f_1$ then ranks the $H$
# block before the $L$ block, $f_0$ the reverse, each block in the same inner order. So
# $\mathrm{DCG}_1 - \mathrm{DCG}_0 = \sum_{s \le H} y_s c_s + \sum_{t \le L} y'_t c'_t$ with
# $c_s = D(K + s) - D(K + L + s) \ge 0$ and $c'_t = D(K + H + t) - D(K + t) \le 0$, whose sums
# are $E$ and $-E$ for the same $E = \sum_{r=K+1}^{K+H} D(r) - \sum_{r=K+L+1}^{n} D(r)$.
# Given the objects the mean is $(3/4 - 1/4)E = E/2$, and Hoeffding's inequality with
# $\sum c^2 \le 2E \max|c|$ gives $P[\mathrm{DCG}_1 \le \mathrm{DCG}_0 \mid x] \le
# \exp(-E/(4\max|c|))$. When $K \ge n/4$, $H \ge n/8$, $L \ge n/8$: $\max|c| \le D(K+1) <
# 16/n^2$. Each $c_s = a^{-2} - (a + L)^{-2}$, $a = K + s \le n - L$, is decreasing in
# $a$, so $c_s \ge (n - L)^{-2} - n^{-2}$; this increases with $L$, and $L \ge n/8$ gives
# $c_s \ge (8/(7n))^2 - n^{-2} = (15/49)/n^2$. So $E \ge H\,(15/49)/n^2 \ge 15/(392\,n)$,
# and the exponent is at least $(15/(392\,n))/(4 \cdot 16/n^2) = 15n/25088$. The counts fall short
# with probability at most $e^{-n/8} + 2e^{-n/32}$
# (Hoeffding), and an IDCG of 0 makes both DCGs 0, an event already counted. So
# $P[\mathrm{NDCG}(f_1, S_n) > \mathrm{NDCG}(f_0, S_n)]$ fails with probability at most
# $\varphi(n) = e^{-n/8} + 2e^{-n/32} + e^{-15n/25088}$, and by the union bound it fails
# for some $n \ge N$ with probability at most $\sum_{n \ge N}\varphi(n) = O(e^{-15N/25088})$,
# smaller than every $N^{-c}$: a negligible function. The pair is consistently
# distinguishable (Definition 3, $b = 1$). Its rankings first differ near rank $n/2$, so
# $J \to \infty$ and part 2 does not apply, and $r^{-2}$ meets part 1's condition only at
# $j = 1$ (below). The same pair under $2^{-r}$ is not distinguishable (part 1). $\square$
#
# *Remark: a smooth variant.* The relevance curves $\bar y^{f_0}, \bar y^{f_1}$ above are
# step functions. Theorem 6 assumes no regularity, so the counterexample stands, but the
# paper's other distinguishability results assume Hölder curves. The step functions are not
# needed: take $\eta = 1/2$ on $[1/2, 1]$ and $\eta(x) = 1/2 + \sin(4\pi x)/4$ on $[0, 1/2)$
# ($\delta = 1/3$; $\eta = 1/2$ at $0$, $1/4$ and $1/2$) with the same $f_1$ and block swap.
# Both curves are then Lipschitz; now $\eta \ge 1/2$ on $[0, 1/4)$, so $f_0$, which ranks
# that block first, is the winner. The conditional mean gap is still of order $1/n$ and
# $\sum c^2$ of order $n^{-3}$, so the same Hoeffding argument gives a failure probability
# exponentially small in $n$. We state this as a remark, with the exponent computed at
# evenly spaced objects below, not as a proof (the counts' fluctuations are not bounded
# here).
#
# The claim's check computes, without Monte Carlo and in exact integer arithmetic:
#
# * **the lemma itself**, exhaustively at $n = 6$: for every ranking $\pi_0 \ne \pi_1$ of
#   6 objects ($\pi_1$ the identity), every $v$ with $j < v \le n + 1$ and every label
#   vector in $A_v$, the deterministic inequality above, that the IDCG is positive on $A_v$
#   and that $A_v$ fixes at most $\min(v - j + 1, n - j + 1)$ labels; under $2^{-r}$,
#   $r^{-2}$ and a non-increasing discount with ties and a zero, $(1, 1/2, 1/2, 1/3, 1/3,
#   0)$. The same check run on the false variant without the $-D(j + 1)$ term must find
#   violations, so the check can tell the two apart;
# * **the probability bound** the lemma gives, against the exact probability
#   $P[\mathrm{IDCG} > 0, \mathrm{DCG}(\pi_0) \le \mathrm{DCG}(\pi_1)]$ for every $\pi_0$,
#   under $2^{-r}$ and $r^{-2}$ and five laws of the labels with $P[Y = 1 \mid x] \in
#   \{1/4, 3/4\}$ ($q = 1/4$), at the pair's first differing rank. This is a consistency
#   check, not a test of the lemma: the bound is a long way below the exact probability,
#   and a false lemma with a larger bound can pass it;
# * for the counterexample, the conditional Hoeffding exponent at typical counts $(n/2,
#   n/4, n/4)$ and the proof's weaker exponent $E/(4\max|c|)$ at the three corners of the
#   counts' region, to $n = 10^5$. The corners are a spot check of the arithmetic: they do
#   not cover the whole region, whose minimum the proof bounds analytically (above).

# %%
t6 = run_claim(proofs_check.REGISTRY["S004-T6"])[0]
checks.check("S004-T6", t6.outcome == proofs_check.REGISTRY["S004-T6"].recorded,
             "S004-T6: the claim's check gives the catalogue's outcome")
t6_pairs = t6.evidence["the 'moreover' clause, pair by pair"]
t6_enum = {d: t6_pairs[f"exact enumeration, n = 6, {d}"] for d in ("2^-r", "r^-2")}
display(Markdown(figures.markdown_table(
    [{"discount": d, "first differing rank j": k.removeprefix("j="),
      "labels fixed": b["labels fixed"], "lemma's bound": b["bound"]}
     for d, en in t6_enum.items() for k, b in en["bound by first differing rank"].items()])))
display(Markdown(figures.markdown_table(
    [{"discount": d, "law of the labels": law,
      "worst pi0 (objects by rank)": str(w["at pi0 (objects by rank)"]),
      "its j": w["first difference at rank"], "exact P": w["P"], "bound": w["bound"],
      "min P / bound over all pi0": round(w["min over pi0 of P / bound"], 4)}
     for d, en in t6_enum.items() for law, w in en["worst pair per law"].items()])))
t6_ineq = {d: t6_pairs[f"the lemma's inequality, every case at n = 6, {d}"]
           for d in ("2^-r", "r^-2", "ties and a zero")}
display(Markdown(figures.markdown_table(
    [{"discount": d, "cases": x["cases (pi0, v, labels in A_v)"],
      "violations": x["violations"], "cases with equality": x["cases with equality"],
      "least margin": x["least DCG(pi1) - DCG(pi0) - bound"],
      "violations without -D(j+1)": x["without the -D(j+1) term (false), violations"]}
     for d, x in t6_ineq.items()])))
checks.check("theorem6-lemma-inequality",
             all(x["holds"] and x["cases with equality"] > 0
                 and x["without the -D(j+1) term (false), violations"] > 0
                 for x in t6_ineq.values()),
             "n = 6: the lemma's inequality holds on every case under the three discounts, "
             "with equality in some, and its variant without -D(j+1) is violated under each")
checks.check("theorem6-pair-enumeration",
             all(en["every pair at or above its bound"] for en in t6_enum.values()),
             "n = 6: every ranking pair's exact P[DCG(pi0) <= DCG(pi1)] is at least the "
             "lemma's bound, under 2^-r and r^-2 and five laws of the labels")
t6_ranks = t6_pairs["r^-2: ranks j <= 20 with D(j) >= sum_{r>j} D(r)"]
checks.check("theorem6-r2-condition", t6_ranks == [1],
             "r^-2 meets D(j) >= sum_{r>j} D(r) at j = 1 only (among j <= 20)")
t6_cx = t6_pairs["counterexample under r^-2, typical counts (n/2, n/4, n/4)"]
display(Markdown(figures.markdown_table(
    [{"n": k.removeprefix("n="), "E": float(f"{v['E']:.4g}"),
      "mean of DCG1 - DCG0 given the objects":
          float(f"{v['E[DCG1 - DCG0 | objects]']:.4g}"),
      "-log(Hoeffding bound) / n": round(v["-log(Hoeffding bound) / n"], 5),
      "E/(4 max c) / n": round(v["the proof's exponent E/(4 max|c|) / n"], 5),
      "the same, worst corner": round(v["proof's exponent / n, worst of the corners"], 5)}
     for k, v in t6_cx.items()])))
t6_rate = [v["-log(Hoeffding bound) / n"] for v in t6_cx.values()]
t6_worst = min(v["proof's exponent / n, worst of the corners"] for v in t6_cx.values())
checks.check("theorem6-counterexample-rate", t6_worst >= 15 / 25088 and min(t6_rate) > 0.05,
             "the counterexample's exponent per object is at least the proof's 15/25088 at "
             "every corner and n shown, and above 0.05 at typical counts")
t6_ratio = min(w["min over pi0 of P / bound"] for en in t6_enum.values()
               for w in en["worst pair per law"].values())
# 1.5^-r: the least m >= 2 with a^-m <= (1 - 1/a)^2, exactly
t6_window = next(m for m in range(2, 64)
                 if sympy.Rational(2, 3) ** m <= (1 - sympy.Rational(2, 3)) ** 2)
t6_smooth = t6_pairs["smooth variant (remark), objects at the midpoints"]
t6_smooth_rate = [v["-log(Hoeffding bound) / n"] for v in t6_smooth.values()]
checks.check("theorem6-smooth-variant",
             all(v["E[DCG0 - DCG1 | objects]"] > 0 for v in t6_smooth.values())
             and min(t6_smooth_rate) > 0.5 * max(t6_smooth_rate),
             "the smooth variant: f0 leads in conditional mean at every n shown, and the "
             "Hoeffding exponent grows linearly in n (per object within a factor 2)")
t6_cases = sorted({x["cases (pi0, v, labels in A_v)"] for x in t6_ineq.values()})
t6_tight = [x["cases with equality"] for x in t6_ineq.values()]
t6_false = [x["without the -D(j+1) term (false), violations"] for x in t6_ineq.values()]
display(Markdown(
    "The lemma's inequality holds on every one of the "
    + " / ".join(f"{c:,}" for c in t6_cases)
    + f" cases at $n = 6$ under each of the {len(t6_ineq)} discounts, with equality in "
    + ", ".join(str(t) for t in t6_tight) + " of them (" + ", ".join(t6_ineq)
    + "): the bound is attained, not merely respected. Without the $-D(j + 1)$ term the "
    "inequality is violated in " + ", ".join(str(v) for v in t6_false)
    + " cases, so this check tells the lemma from that false variant. The probability "
    f"enumeration cannot: over the {len(t6_enum)} discounts and five laws every pair has its "
    f"exact probability at or above the lemma's bound, but the smallest ratio is "
    f"{t6_ratio:.4f}: the exact probability is everywhere at least that many times the "
    "bound, and a false lemma whose bound stays below the probabilities passes as well. It "
    "is a consistency check of the bound (the bound is $q^2 = 1/16$ wherever part 1's "
    "condition holds at $j$ for "
    "this $n$, and smaller where the window must grow). $r^{-2}$ meets part 1's condition at "
    f"$j = {', '.join(str(j) for j in t6_ranks)}$ only, so part 1 covers $2^{{-r}}$ "
    "and not $r^{-2}$. In the "
    "counterexample, given typical counts, the chance that $f_0$ is not beaten is at most "
    # lambda and the lower bound below floored, not rounded: a bound printed must not be
    # stronger than the one computed
    f"$e^{{-\\lambda n}}$ (Hoeffding's bound) with $\\lambda$ = "
    + ", ".join(f"{np.floor(x * 10**4) / 10**4:.4f}" for x in t6_rate)
    + " at $n = " + ", ".join(f"10^{{{k.removeprefix('n=1e')}}}" for k in t6_cx)
    + "$, and the proof's weaker exponent is at least "
    f"{np.floor(t6_worst * 10**4) / 10**4:.4f} per object at every "
    f"corner, above the $15/25088 = {15 / 25088:.5f}$ the proof uses. So Theorem 6's "
    "\"moreover\" clause is false as printed (erratum S004-T6). Sufficient conditions "
    "for it to hold: every pair under $2^{-r}$ (part 1) and under every geometric discount "
    f"(for $1.5^{{-r}}$ the window is $m = {t6_window}$, so the bound is $q^{{{t6_window + 1}}}"
    "$), and, under any summable discount strictly decreasing over the first ranks, pairs "
    "whose rankings differ within a fixed number of top ranks with a probability bounded "
    "below (part 2), as the weaker-against-random pairs of the distinguishability section "
    "do. In the smooth variant of the remark, at evenly spaced objects, $f_0$ leads in "
    "conditional mean at every $n$ shown and the Hoeffding exponent per object is "
    + ", ".join(f"{x:.4f}" for x in t6_smooth_rate) + " at $n = "
    + ", ".join(f"10^{{{k.removeprefix('n=1e')}}}" for k in t6_smooth) + "$."))

# %%
display(Markdown("This section's own checks, above, cover Theorem 6's laws (the means, the "
                 "spreads, the uniform limit and the good function's bound) and its "
                 "\"moreover\" clause (the lemma's inequality on every case at $n = 6$, "
                 "its probability bound against exact probabilities as a consistency "
                 "check, the counterexample's exponent); the box gives the outcome of the "
                 "claim's check, run here."))
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S004-T6"],
                                                              done={"S004-T6": t6}))))

# %% [markdown]
# ## Theorem 4 and its Lemmas 6 and 7
#
# Theorem 4 promises that $r^{-\beta}$ NDCG distinguishes $f_0$ from $f_1$ with high
# probability if either (1) $\int_0^1 \Delta y(s)(1-s)^{-\beta}ds \ne 0$ — the limits
# of Theorem 3 differ — or (2) the curves are $\alpha$-Hölder with $\alpha > 3(1-\beta)$,
# that integral vanishes and $\Delta y(1) \ne 0$.
#
# **Condition 1** is Theorem 3 at work, in the operational sense stated in the
# distinguishability section: different limits in probability make the probability of the
# right order tend to 1 at each $n$ (the frequencies for "good" against "random" under
# $r^{-1/2}$ above). "Consistent" distinguishability in Definition 3's sense needs a
# concentration rate as well, summable over $n$, and the paper's sentence after the
# theorem claims exactly that: condition 1 makes the two functions "consistently
# distinguishable in the strongest sense". For curves that are merely continuous
# (Theorem 3's hypothesis) the paper supplies no rate, only Lemma 5's $o(1)$: the same
# missing step for which Theorem 2 is filed as a proof gap (S004-T2/T14), so S004-T4a is
# filed as one too. The missing piece, argued in the claim's evidence and not computed:
# given the scores the labels are independent, so Hoeffding's inequality bounds the
# deviation of DCG from its conditional mean by $\exp(-2\varepsilon^2 F(np)^2/\sum_r
# D(r)^2)$, which is $\exp(-c\,n^{\min(1, 2-2\beta)})$ up to a factor $\log n$ in the
# exponent at $\beta = 1/2$ ($F(np)^2$ grows like $n^{2-2\beta}$, $\sum_r D(r)^2$ like
# $n^{1-2\beta}$, $\log n$ or a constant); the relevant count and the
# ordered scores deviate with probability $2e^{-2n\eta^2}$ (Hoeffding,
# Dvoretzky–Kiefer–Wolfowitz), and the uniform continuity of $\bar y$ turns $\eta$ into
# $\varepsilon$. These bounds are summable, so their tails are negligible: the probability
# that the order fails at some $n \ge N$ is at most $\sum_{n \ge N} (e^{-c\,n^{\gamma}} +
# 2e^{-2n\eta^2} + \dots)$, $\gamma > 0$, a negligible function of $N$, which is
# Definition 3 (the step of S004-T14s; Borel–Cantelli's "eventually, almost surely" alone
# would be weaker). What the claim computes is the per-$n$ reading, at $n = 10^4$:

# %%
t4a = run_claim(proofs_check.REGISTRY["S004-T4a"])[0]
t4a_row = {"int Delta y (1-s)^-1/2 ds": t4a.evidence["int Delta y (1-s)^-1/2"],
           "limit f0": t4a.evidence["limits"][0], "limit f1": t4a.evidence["limits"][1],
           "P[NDCG(f0) > NDCG(f1)] at n = 1e4": t4a.evidence["P[NDCG(f0) > NDCG(f1)]"]}
checks.check("S004-T4a", t4a.outcome == proofs_check.REGISTRY["S004-T4a"].recorded,
             "S004-T4a: the claim's check gives the catalogue's outcome")
display(Markdown(figures.markdown_table(
    [t4a_row], digits=4)))

# %% [markdown]
# **Condition 2** rests on two lemmas. Lemma 6: when the $\beta$-integral vanishes and
# $\Delta y(1) \ne 0$, the pseudo-expectations still differ,
# $|N^{f_0}(n) - N^{f_1}(n)| \ge |\Delta y(1)|/(2p^{1-\beta})\,n^{-(1-\beta)}$. Lemma 7: NDCG
# stays within $5Cp^{-1}n^{-\min(\alpha/3, 1)}$ of $N_D(n)$ with high probability. With
# $\alpha > 3(1-\beta)$ the lemma's window $n^{-\alpha/3}$ is smaller than the gap
# $n^{-(1-\beta)}$, and the theorem would follow.
#
# *Lemma 6 holds, and also for the true expectation.* The lemma compares
# pseudo-expectations, in which Definition 5 replaces $\sum_r D(r)E[\bar y]$ by an
# integral. When the $\beta$-integral of $\Delta y$ vanishes, the terms of order
# $n^{1-\beta}$ cancel and the gap is what the sum and the integral leave at the top of the
# list: the Euler–Maclaurin constant $\zeta(\beta)\Delta y(1)$ for the exact sum against
# $-\Delta y(1)/(1-\beta)$ for the integral. The exact expected gap (computed in closed form
# by the library for polynomial curves) is therefore the pseudo-expectation's
# times $-(1-\beta)\zeta(\beta)$, a factor that rises from 1/2 ($\beta \to 0$) to 1
# ($\beta \to 1$): Lemma 6's factor 1/2 is exactly what survives (claim S004-L6).

# %%
l6 = run_claim(proofs_check.REGISTRY["S004-L6"])[0]
l6_rows = [{"n": k.removeprefix("n="), **v}
           for k, v in l6.evidence["exact expected gap vs the pseudo-expectation's"].items()]
display(Markdown(figures.markdown_table(l6_rows)))
l6_factor = float(mpmath.mpf(l6.evidence["limit of the ratio, -(1 - beta) zeta(beta)"]))
checks.check("S004-L6", l6.outcome == proofs_check.REGISTRY["S004-L6"].recorded,
             "S004-L6: the claim's check gives the catalogue's outcome")
checks.check("lemma6-factor", abs(float(mpmath.mpf(l6_rows[-1]["ratio"])) - l6_factor) < 1e-7,
             "the exact over pseudo gap ratio reaches -(1 - beta) zeta(beta) at the largest n")
display(Markdown(f"Limit of the ratio, $-(1-\\beta)\\zeta(\\beta)$ at $\\beta = 1/2$: "
                 f"{l6_factor:.10f}; Lemma 6's bound on the scaled gap: "
                 f"{float(mpmath.mpf(l6.evidence['bound |Delta y(1)| / (2 p^(1-beta))'])):.6f}."))

# %% [markdown]
# *Lemma 7 fails where condition 2 needs it.* Given the scores, the labels are independent
# Bernoulli($\bar y(s_{(r)})$), so
# $$\mathrm{Var}(\mathrm{DCG} \mid \text{scores}) = \sum_r D(r)^2\,\bar y(s_{(r)})
# (1 - \bar y(s_{(r)})) \ge D(1)^2\,\bar y(s_{(1)})(1 - \bar y(s_{(1)})),$$
# and $s_{(1)} \to 1$: when $0 < \bar y(1) < 1$ the top label alone keeps the variance of
# DCG of order 1, while IDCG grows like $(np)^{1-\beta}/(1-\beta)$. So NDCG fluctuates by
# order $n^{-(1-\beta)}$ for $\beta > 1/2$. That true fluctuation exceeds the lemma's
# stated window $n^{-\alpha/3}$ exactly when $\alpha > 3(1-\beta)$ — precisely Theorem 4's
# condition 2 (and since a non-constant Hölder curve has $\alpha \le 1$, only for
# $\beta > 2/3$). The proof fails separately: its Hoeffding step contributes a window
# $2F(n)^{2/3}/F(np) \asymp n^{-(1-\beta)/3}$ (eqs. 30–32 with $\epsilon = F(n)^{2/3}$)
# that the statement drops (erratum S004-L7). What is measured and what is extrapolated:
# the standard deviation of NDCG at $\beta = 0.8$ is measured at $n = 10^3..10^5$ (100
# draws each); the $n$ at which it would cross the lemma's threshold comes from the fitted
# power law, far beyond any simulated $n$.

# %%
l7 = run_claim(proofs_check.REGISTRY["S004-L7"])[0]
l7_rows = [{"n": k.removeprefix("n="), **v} for k, v in l7.evidence.items()
           if k.startswith("n=")]
# shown: the sample s.d. and its scaled value to two significant digits (100 draws, a
# relative standard error of about 7 %)
display(Markdown(figures.markdown_table(
    [{k: figures.shown(v, digits=2) if k in ("sd of NDCG", "sd * n^(1-beta)") else v
      for k, v in r.items()} for r in l7_rows])))
l7_slope = l7.evidence["fitted exponent of sd(NDCG)"]
l7_cross = float(l7.evidence["n where sd reaches the threshold"])
checks.check("S004-L7", l7.outcome == proofs_check.REGISTRY["S004-L7"].recorded,
             "S004-L7: the claim's check gives the catalogue's outcome")
display(Markdown(f"Fitted exponent of the standard deviation: {l7_slope} (theory "
                 f"$-(1-\\beta) = -0.2$); the fitted line meets the threshold at "
                 f"$n \\approx$ {l7_cross:.1e} (extrapolated)."))

# %% [markdown]
# *So condition 2 gives a constant probability, not a high one.* For an exact pair meeting
# condition 2 at $\beta = 4/5$ (claim S004-T4b: "T4b f0" against "T4b f1 (random)", the
# table at the top), gap and fluctuation are both of order $n^{-(1-\beta)}$. Their scaled
# limits follow from the two paragraphs above: the scaled pseudo gap is
# $-\Delta y(1)/p^{1-\beta}$, the scaled true gap that times $-(1-\beta)\zeta(\beta) > 0$,
# i.e. $(1-\beta)\zeta(\beta)\Delta y(1)/p^{1-\beta}$ (negative for $\Delta y(1) > 0$, as
# $\zeta(\beta) < 0$), and each scaled
# standard deviation to $(1-\beta)p^{-(1-\beta)}\sqrt{\zeta(2\beta)\bar y(1)(1-\bar y(1))}$;
# a Gaussian law with those moments gives the limiting probability of the right order
# (the order of the expectations)
# (only a heuristic: a few top labels dominate, and the law is not Gaussian). Each
# function's list is drawn independently. On a common sample the two IDCGs
# $\Sigma_D(l_0)$, $\Sigma_D(l_1)$ would coincide; with independent samples they differ by
# a relative $n^{-1/2}$, against a signal and a fluctuation of order $n^{-(1-\beta)}$, so
# for $\beta > 1/2$ (here $\beta = 4/5$) the two
# designs differ by a term that vanishes like $n^{-(\beta - 1/2)}$. For $\beta \le 1/2$
# the argument does not apply: the IDCG's relative $n^{-1/2}$ is then of the order of the
# fluctuation itself. The column "true /
# pseudo gap" uses the exact expected DCG; it tends to $-(1-\beta)\zeta(\beta)$ as in
# Lemma 6.

# %%
display(Markdown(f"$\\Delta y$ = `{t4b.evidence['Delta y']}`"))
t4b_rows = t4b.evidence["by n"]
figures.save_table(t4b_rows, "004_theorem4_condition2")
# shown: the Monte Carlo columns (200 draws) to the second significant digit of their
# standard errors, about 0.012 and 0.035; the exact ones to four digits
display(Markdown(figures.markdown_table(
    [{**r, "s.d. NDCG(f0) n^(1-beta)": figures.shown(r["s.d. NDCG(f0) n^(1-beta)"],
                                                       decimals=3),
      "P[order of N0, N1]": figures.shown(r["P[order of N0, N1]"], decimals=3)}
     for r in t4b_rows],
    digits=4)))
t4b_factor = t4b.evidence["-(1 - beta) zeta(beta), the limit of true / pseudo gap (S004-L6)"]
asym = condition2_asymptotics(0.8, 0.5, float(t4b_f0.subs(s, 1)), 0.5)
display(Markdown(figures.markdown_table([{
    "": "limit (n -> infinity)", "scaled true gap": asym["scaled gap"],
    "scaled pseudo gap": -float(t4b_f0.subs(s, 1) - sympy.Rational(1, 2)) / 0.5**0.2,
    "scaled s.d. f0": asym["scaled sd f0"], "scaled s.d. f1": asym["scaled sd f1"],
    "P[right order], Gaussian": asym["P Gaussian"]}])))
display(Markdown(f"**Erratum S004-T4b.** {t4b.evidence['corrected']}."))
checks.check("S004-T4b", t4b.outcome == proofs_check.REGISTRY["S004-T4b"].recorded,
             "S004-T4b: the claim's check gives the catalogue's outcome")
checks.check("t4b-factor", all(abs(r["true / pseudo gap"] - t4b_factor) < 0.01
                               for r in t4b_rows),
             "the exact over pseudo gap ratio is within 0.01 of -(1 - beta) zeta(beta)")
checks.check("t4b-true-gap-sign", all(np.sign(r["E[DCG0 - DCG1] / F(np)"])
                                      == np.sign(asym["scaled gap"]) for r in t4b_rows),
             "the exact expected gap has at every n the sign of its limit "
             "(1 - beta) zeta(beta) Delta y(1) / p^(1 - beta)")
p_orders = [r["P[order of N0, N1]"] for r in t4b_rows]
pg = [r["(N0 - N1) n^(1-beta)"] for r in t4b_rows]  # deterministic
pg_lim = -float(t4b_f0.subs(s, 1) - sympy.Rational(1, 2)) / 0.5**0.2
sd0 = [r["s.d. NDCG(f0) n^(1-beta)"] for r in t4b_rows]  # 200 draws each
display(Markdown(
    "Measured: the probability of the right order is "
    + ", ".join(f"{v:.3f}" for v in p_orders)
    + f" at $n = $ {', '.join(str(r['n']) for r in t4b_rows)} (binomial s.e. "
    f"{np.sqrt(0.25 / 200):.3f}), against the Gaussian limit {asym['P Gaussian']:.3f}. The "
    "scaled pseudo-gap "
    + ("moves towards" if all(abs(a - pg_lim) > abs(b - pg_lim)
                              for a, b in zip(pg, pg[1:], strict=False))
       else "does not move steadily towards")
    + f" its limit {pg_lim:.3f} ({', '.join(f'{v:.3f}' for v in pg)}); the scaled standard "
    "deviation of $f_0$, a Monte Carlo column whose relative standard error is about "
    f"{1 / np.sqrt(2 * 199):.0%}, reads {', '.join(f'{v:.3f}' for v in sd0)} against its "
    f"limit {asym['scaled sd f0']:.3f}, at $n$ = {t4b_rows[-1]['n']} still "
    f"{abs(sd0[-1] / asym['scaled sd f0'] - 1):.0%} "
    + ("above" if sd0[-1] > asym['scaled sd f0'] else "below") + " it. The "
    "plateau of the probability strictly between 1/2 and 1 is the theory's conclusion; the "
    "table is consistent with it."))

# %% [markdown]
# **What the erratum does to the paper's characterisation of $r^{-\beta}$.** Condition 2
# can hold only for $\beta > 2/3$ (a non-constant Hölder curve has $\alpha \le 1$), and
# there it yields a constant probability. So Theorem 4, corrected, separates with high
# probability only pairs whose $r^{-\beta}$ limits differ (condition 1). How pairs with
# equal limits fare at other $\beta$ is not a theorem of the paper; the computation below
# measures it. For $\beta = 3/10$, $1/2$ and $4/5$ the library solves for a difference
# $\Delta y$ with $\int\Delta y = 0$, a vanishing $\beta$-integral and $\Delta y(1) \ne 0$
# (the construction of S004-T4b, whose pair is the $\beta = 4/5$ one). Two exact
# quantities are set side by side at each $n$: the expected gap of "$1/2 + \Delta y$"
# against "random" (its DCG part exact, over $F(np)$, as in the table above); and the
# exact standard deviation of the random function's NDCG, by conditioning on the label
# count. With independent samples the difference of the two NDCGs spreads at least that
# much, so their ratio bounds the gap in standard deviations of the difference from above.
# That bound is about independent samples: on the paper's common sample (Definition 3's
# setting) the IDCG's fluctuation, of the same order as NDCG's for $\beta \le 1/2$, largely
# cancels in the difference, which changes the constant of the ratio but not its order
# $n^{-(1/2-\beta)}$ (the companion's order argument, not simulated).

# %%
eq_betas, eq_sizes = ["3/10", "1/2", "4/5"], [1000, 100000, 1000000]
eq_rows = []
for b_str in eq_betas:
    b_val = float(sympy.Rational(b_str))
    eq_dy = A.equal_limit_difference(b_str)
    eq_disc = rm.power_discount(b_val)
    for n in eq_sizes:
        with mpmath.workdps(dps):
            eq_gap = float((A.expected_dcg(sympy.Rational(1, 2) + eq_dy, eq_disc, n, dps=dps)
                            - A.expected_dcg(sympy.Rational(1, 2) + 0 * s, eq_disc, n, dps=dps))
                           / eq_disc.integral(mpmath.mpf(n) / 2, dps=dps))
        eq_sd = random_ranking_ndcg_moments(eq_disc.weights(n), 0.5)[1]
        eq_rows.append({"beta": b_str, "Delta y(1)": float(eq_dy.subs(s, 1)), "n": n,
                        "E[DCG0 - DCG1] / F(np)": eq_gap,
                        "times n^(1-beta)": eq_gap * n ** (1 - b_val),
                        "s.d. of NDCG(random)": eq_sd, "|gap| / s.d.": abs(eq_gap) / eq_sd})
figures.save_table(eq_rows, "004_equal_limits_by_beta")
display(Markdown(figures.markdown_table(eq_rows, digits=4)))
eq_ratio = {b: [r["|gap| / s.d."] for r in eq_rows if r["beta"] == b] for b in eq_betas}
t4b_gap = {r["n"]: r["E[DCG0 - DCG1] / F(np)"] for r in t4b_rows}
checks.check("equal-limits-same-pair", all(
    abs(r["E[DCG0 - DCG1] / F(np)"] / t4b_gap[r["n"]] - 1) < 1e-9 for r in eq_rows
    if r["beta"] == "4/5" and r["n"] in t4b_gap),
             "beta = 4/5: the library's pair gives the expected gap of claim S004-T4b")
checks.check("equal-limits-ratio", all(
    all(b < a for a, b in zip(v, v[1:], strict=False)) for k, v in eq_ratio.items()
    if sympy.Rational(k) <= sympy.Rational(1, 2))
             and abs(eq_ratio["4/5"][-1] / eq_ratio["4/5"][0] - 1) < 0.1,
             "the gap in units of the random function's s.d. falls at every step for beta "
             "<= 1/2 and changes by less than 10 % for beta = 4/5")
display(Markdown(
    f"From $n = {eq_sizes[0]:.0e}$ to ${eq_sizes[-1]:.0e}$ the expected gap, in standard "
    "deviations of the random function's NDCG, goes "
    + "; ".join(f"from {v[0]:.3f} to {v[-1]:.3f} at $\\beta = {k}$" for k, v in eq_ratio.items())
    + ". At $\\beta = 4/5$ it settles, the constant probability of S004-T4b. At "
    "$\\beta \\le 1/2$ it falls, as the orders of the two say it must (the companion's "
    "derivation, as in the rates table: the gap is of order $n^{-(1-\\beta)}$, the "
    "fluctuation of order $n^{-1/2}$, or "
    "$(\\log n/n)^{1/2}$ at $\\beta = 1/2$; their ratio falls like $n^{-(1/2-\\beta)}$, "
    "or $(\\log n)^{-1/2}$). The ratio bounds the standardised gap from above, and a "
    "standardised gap that tends to 0 does not by itself rule out a skewed difference that "
    "is positive with probability tending to 1; if the law of the difference is close to "
    "normal (a heuristic; not simulated here), the frequency of the right order tends to "
    "1/2 there. At $\\beta = 4/5$ the right order was measured with frequency "
    f"{min(p_orders):.2f} to {max(p_orders):.2f} (S004-T4b, above; Gaussian limit "
    f"{asym['P Gaussian']:.2f}): separated with a constant probability, not with high "
    "probability. So no $\\beta$ computed separates these pairs with equal limits and "
    "$\\Delta y(1) \\ne 0$ with high probability: measured at $\\beta = 4/5$, "
    "heuristically at $\\beta \\le 1/2$. That changes a conclusion of the paper. Its "
    "characterisation of the feasible discounts (Section 3.2) says that, the scaling "
    "aside, both the logarithmic and the $r^{-\\beta}$ discounts have consistent "
    "distinguishability, and its introduction speaks of a \"strong power\" of it for "
    "discounts that decay slower than $1/r$. For $r^{-\\beta}$ the corrected Theorem 4 "
    "gives this only for pairs with different limits (condition 1), the pairs its own \"in "
    "most cases\" refers to, and there in the per-$n$ reading (Definition 3 would need the "
    "concentration rate discussed under condition 1). The log discount, by Theorem 2, "
    "separates every pair of different Hölder curves."))

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T4a", "S004-L6", "S004-L7", "S004-T4b"],
    done={"S004-T4a": t4a, "S004-L6": l6, "S004-L7": l7, "S004-T4b": t4b}))))

# %% [markdown]
# ## What this notebook leaves to the claims report
#
# The exact checks of every lemma, claim and theorem are in `figures/claims.md`, produced
# by `python -m proofs_check`. The paragraph below lists the errata, the added
# assumptions and the proof gaps the catalogue records for this document, and says which
# errata change a conclusion the paper draws.
#
# Four small slips of the paper are read through and not catalogued, since none changes
# a statement or a step: Lemma 6's proof sets $\delta = \Delta y(1)/2$, negative when
# $\Delta y(1) < 0$ (it must be $|\Delta y(1)|/2$); the same proof writes
# $F(np) = (np)^{1-\beta}/(1-\beta)$, dropping the $-1$ of $F$ (a lower-order term);
# Theorem 9 writes $\Pr[Y = 1 \mid r(X) = s]$ for $\Pr[Y = 1 \mid \tilde f(X) = s]$; and
# Theorem 11 asks that "$D(r)$ and $k$ grow unboundedly", where $\sum_{r \le k} D(r)$ must.

# %%
catalogue_004 = proofs_check.recorded_rows("004")
errata_004 = [r["id"] for r in catalogue_004 if r["outcome"] == "erratum"]
assumed_004 = [r["id"] for r in catalogue_004 if r["outcome"] == "needs-assumption"]
gaps_004 = [r["id"] for r in catalogue_004 if r["outcome"] == "proof-gap"]
# the errata that overturn a conclusion of the paper, and the rest: what each says
conclusion_errata = {
    "S004-T4b": "Theorem 4's condition 2 yields only a constant probability of the right "
                "order, not a high one, Lemma 7's window being wrong for $\\beta > 2/3$ "
                "(S004-L7); with it, Theorem 4 separates with high probability only pairs "
                "whose $r^{-\\beta}$ limits differ, and the pairs with equal limits computed "
                "are not separated with high probability (at $\\beta = 4/5$ the right order "
                f"comes out with frequency {min(p_orders):.2f} to {max(p_orders):.2f}; at "
                "$\\beta \\le 1/2$ by a Gaussian heuristic, the upper bound on the standardised "
                "gap for independent samples (the paper's common sample changes its constant, "
                "not its order $n^{-(1/2-\\beta)}$) having "
                f"fallen at $n = {eq_sizes[-1]:.0e}$ to "
                + " and ".join(f"{v[-1]:.3f} at $\\beta = {k}$" for k, v in eq_ratio.items()
                               if sympy.Rational(k) <= sympy.Rational(1, 2))
                + "), so the "
                "paper's characterisation that $r^{-\\beta}$ discounts have (strong) "
                "consistent distinguishability (Sections 1.1 and 3.2) is given by its "
                "theorems only for pairs with different limits",
    "S004-T9d": "the remark after Theorem 9 that NDCG@$cn$ is a feasible measure under the "
                "conditions of Theorems 2 and 4: the log cut needs the curves to differ on "
                "$[1 - c, 1]$, and under $r^{-\\beta}$ only the analogue of condition 1 "
                "works, condition 2's fails as in S004-T4b",
    "S004-T6": "Theorem 6's \"moreover\" clause, that under a summable discount no pair "
               "is consistently distinguishable: false under $r^{-2}$ for a pair ranked "
               "alike at the top (the counterexample of its section); proved there under "
               "sufficient conditions (not a characterisation), for binary labels: for "
               "every pair when $D(j) \\ge \\sum_{r>j} D(r)$ (as $2^{-r}$) or, more "
               "generally, when the lemma's window is bounded (every geometric discount), "
               "and, under any summable discount strictly decreasing at the top, for pairs "
               "whose rankings differ within the top $k$ ranks with a probability $\\ge "
               "\\rho$ for all large $n$; the paper's verdict that such "
               "discounts are not feasible rests on the non-convergence, which holds, and "
               "on these pairs"}
other_errata = {
    "S004-L3": "eq. (25)'s missing $1/p$ (Lemma 3's statement stands)",
    "S004-E15": "Lemma 2's proof, eqs. (15) and (16) (S004-E15, S004-E16)",
    "S004-E30": "Hoeffding's bound used with $D(r)^2 \\le D(r)$, false at $r = 1$ for the "
                "natural-log discount",
    "S004-X1": "the cross-references to Theorems 6 and 7 where 8 and 9 are meant",
    "S004-C4p": "the slips in the proofs of Claims 4 and 8 (the normaliser written $l$ "
                "instead of IDCG, and two sums of a decreasing discount bounded by its "
                "integral from the wrong side; S004-C4p, S004-C8p)",
    "S004-L4": "Lemma 4's window, false for $\\alpha > 3/2$, where only constant curves "
               "qualify; its proof drops a Hoeffding term, and with that term (and Claim "
               "8's constant) kept a wider window holds for every $\\alpha$ (the exponent "
               "$\\min(\\alpha, 1)/3$ alone "
               "is consistent with the measurements, not proven)"}
added_assumptions = {"S004-L1": "Lemma 1 needs scores without atoms for uniformity, and "
                                 "its strict order preservation holds only almost surely "
                                 "(not at points bounding a gap of the support)"}
proof_gaps = {"S004-T2/T14": "Theorems 2 and 14 hold, but their proof takes Lemma 4 as "
                             "stated; with Lemma 4's dropped term kept the argument goes "
                             "through (repaired in its section)",
              "S004-T4a": "Theorem 4's condition 1 gives consistent distinguishability "
                          "'in the strongest sense' only with a concentration rate the "
                          "paper does not supply for continuous curves (argued in its "
                          "section)"}
counts = {1: "One", 2: "Two", 3: "Three", 4: "Four"}
closing = (
    f"{counts[len(conclusion_errata)]} errata there change a conclusion of the paper: "
    + "; and ".join(f"{cid} (above), {txt}" for cid, txt in conclusion_errata.items())
    + ". The others do not: "
    + "; ".join(f"{txt}" + ("" if cid in txt else f" ({cid})")
                for cid, txt in other_errata.items())
    + f". {counts[len(added_assumptions)]} statement holds only under an added assumption: "
    + "; ".join(f"{txt} ({cid})" for cid, txt in added_assumptions.items()) + ". "
    + f"{counts[len(proof_gaps)]} "
    + ("result holds but the paper's proof does not give it: " if len(proof_gaps) == 1
       else "results hold but the paper's proofs do not give them: ")
    + "; ".join(f"{txt} ({cid})" for cid, txt in proof_gaps.items()) + ".")
checks.check("closing-errata", set(conclusion_errata) <= set(errata_004)
             and all(cid in closing for cid in errata_004)
             and set(added_assumptions) == set(assumed_004)
             and set(proof_gaps) == set(gaps_004),
             "the closing paragraph names every erratum, added assumption and proof gap the "
             "catalogue records for document 004, and only errata as changing a conclusion")
display(Markdown(closing))

# %% [markdown]
# ### About the checks

# %%
display(Markdown(
    "Every check of this notebook is stated with `companion.checks`. Not every check site "
    "runs in every run: a branch for a case the parameters may not produce (a cell "
    "without spread, for instance) is declared skipped when it has nothing to check, and "
    "the last line of the run counts the sites that ran and names those skipped, with the "
    "reason. "
    "Exact identities, closed forms and proven bounds are checked exactly. Every Monte "
    "Carlo or statistical statement is checked against its own standard error: Student's "
    "$t$ when the standard error comes from the draws, the normal law when it is known (a "
    "binomial frequency, an exact standard deviation), a sample variance through its "
    f"chi-square law. The run declares at most {n_stat} such comparisons (counted from its "
    "parameters) and allows each the quantile of level "
    f"$10^{{-3}}/{n_stat} = {1e-3 / n_stat:.1e}$ (a reading that chooses its test from its "
    "draws, below, runs each test at half that level), which keeps the probability of any "
    "false alarm in the whole run, under any seed, nominally below $10^{-3}$ (Bonferroni): "
    f"{stats.norm.isf(1e-3 / n_stat / 2):.2f} known standard errors, for instance, or "
    f"{stats.t.isf(1e-3 / n_stat / 4, n_draws - 1):.2f} estimated ones from the {n_draws} "
    "draws of a Monte Carlo cell (at half the level). Nominally: with few draws the "
    "allowed deviation lies far in the tails of "
    "Student's $t$, which discrete or skewed laws of NDCG, DCG or IDCG (NDCG@10, $1/r$) "
    "need not follow exactly.\n\n"
    "A mean of draws of which one value holds at least a quarter (a law with much of its "
    "mass on one value, whose standard error a few draws misjudge) is held instead to "
    "Hoeffding's bound from the range its values can take, for DCG and IDCG "
    "$[0, \\Sigma_D(n)]$. That bound holds for any law but is weak: with "
    f"{n_draws} draws it allows a deviation of "
    f"{np.sqrt(np.log(2 * 2 * n_stat / 1e-3) / (2 * n_draws)):.2f} $\\Sigma_D(n)$, so it "
    f"excludes only gross errors. In the limits table it concerns {len(atom_parts)} "
    "readings; IDCGs without spread beyond the rounding of their sums are compared with "
    "their expectations to that rounding ($n\\varepsilon$ relative). "
    "Which of the two tests applies is decided from the draws, so the false-alarm "
    "probability of such a reading is at most the sum of the two tests' levels: each runs "
    "at half the reading's share, and the sum stays within it (Student's $t$ read at its "
    "nominal level), so the whole run's bound of $10^{-3}$ holds as stated.\n\n"
    "The claims' own simulations run with the catalogue's fixed seeds; here their outcome "
    "is compared with the catalogue's. Not checked, only shown: the large-$n$ rows "
    "without a known standard deviation; the ratios of standard deviations in the rates "
    "table; the NDCG means of the limits and graded tables (their DCG and IDCG means are "
    "checked); the frequencies of the latent pair, of weaker against bent and under "
    "$r^{-2}$ (those under $2^{-r}$ are checked against their target); the probabilities of "
    "Theorem 4's condition 2 (the claim S004-T4b judges them, with its own seeds); the "
    "prefix curves of Figures 1–4 and the informed functions of the paper protocol (its "
    "random function is checked); and the Gaussian heuristics (Theorem 4's condition 2, the "
    "$1/r$ pair, the pairs with equal $r^{-\\beta}$ limits)."))

# %% [markdown]
# Where the computations live (package `rankmeasures.theory`): limits, pseudo-expectations,
# the rate constant of Theorem 1, the exact expected DCG and the differences with equal
# $r^{-\beta}$ limits (`equal_limit_difference`) in `asymptotics`; the
# simulator and the latent model in `simulate`; the coupled pairs (`model_win_rate`) and
# the latent pair (`win_rate`) in `distinguish`; the exact standard deviations
# (`cutoff_ndcg_sd`, `random_ranking_ndcg_moments`), the random function's expectation and
# the condition-2 asymptotics in `fluctuation`; the fitted exponents and the orders of the
# rates table in `rates`. The run's parameters (Monte Carlo sizes and draws: `mc_sizes`,
# `n_draws`; large $n$: `large_sizes`, `large_draws`, `large_theorems`, `large_rankers`;
# distinguishability: `dist_sizes`, `dist_draws`, `model_sizes`, `model_draws`; the paper's
# protocol: `paper_queries`, `paper_docs`) are in the parameters cell at the top.
#
# Reproduction notes. The large-$n$ table's deviation column divides a small difference of
# numbers near 1 (sums over up to $10^8$ terms by default, whose last digits move with the
# machine's vector arithmetic) by a small standard error, so its output is reproduced to $10^{-6}$
# absolute (the other columns of `figures/004_large_n.csv` to relative $10^{-9}$). Every
# Monte Carlo of this notebook draws with `simulate_ndcg`, in this process or on dask
# workers (`mc_workers`), the same bits either way; on a cluster the large-$n$ check can
# reach $n = 10^{10}$ for every function, for instance
#
# ```
# python -m companion.run 004_ndcg_theory -p mc_workers tcp://10.0.0.1:8786 \
#     -p large_rankers '["good", "weaker", "random"]' \
#     -p large_sizes '[10000000, 100000000, 1000000000, 10000000000]' --output-dir out/
# ```
#
# which is many hours of computation, not part of the routine run.

# %%
guide.update(Markdown(reading.reading_guide(
    proofs_check.recorded_rows("004"),
    claims=(
        'Wang et al. prove that standard NDCG (discount 1/log(1+r)) tends to 1 for every'
        ' ranking function yet consistently distinguishes good from bad ones, and derive '
        'the limits and distinguishing power of r^−β, 1/r, summable and cut-off discounts '
        '(Theorems 1–14, Lemmas 1–7).'),
    surprise=(
        'Theorem 4\'s condition 2 does not give what it promises: where it can hold '
        '(β > 2/3), NDCG fluctuates by as much as the gap it should detect, so the better '
        'of two such functions wins with a constant probability, not with high probability '
        '(S004-T4b, from the Lemma 7 erratum S004-L7)'),
    section='Theorem 4 and its Lemmas 6 and 7',
    checked_here=False,
    verified_basis=(
        list(LIMIT_CLAIMS + LIMIT_CLAIMS_PSEUDO),
        "the limit of the centring N_D(n) (deterministic, to n = 1e100) and, for "
        f"{len(LIMIT_CLAIMS)} of them, Monte Carlo means of DCG and IDCG against "
        "their exact expectations, not on the convergence in probability the theorems state; "
        "the paper proves none of them but Theorem 3 (see *The limits of Theorems 1, 3, 5, "
        "7, 8 and 9*)"))))

# %%
_ = checks.finish()
