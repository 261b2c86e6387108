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
# Monte Carlo (the library's $O(n)$ order-statistic simulator). The model is the paper's:
# canonical scores uniform on $[0, 1]$, $P[Y = 1 \mid \tilde f = s] = \bar y(s)$, with three
# ranking functions of one data distribution ($p = 1/2$): a good one $\bar y = s$, a weaker
# one $\bar y = 1/4 + s/2$ and a random one $\bar y = 1/2$.

# %%
from IPython.display import Markdown, display

from companion import guide as reading

# the reading guide: filled in at the end of the run, from the claims it has checked
guide = display(Markdown(reading.PLACEHOLDER), display_id=True)

# %% tags=["parameters"]
mc_sizes = [1000, 10000, 100000, 1000000]  # n for the Monte Carlo columns
n_draws = 16  # independent draws per Monte Carlo cell
large_sizes = [10000000, 100000000, 1000000000]  # n for the large-n check
large_draws = 4  # draws per large-n cell
large_theorems = ["1", "5", "8"]  # the theorems of the large-n check, scored on the same draws
large_rankers = ["random"]  # the ranking functions of the large-n check
mc_workers = 0  # dask workers for the Monte Carlo: 0 (this process), k, or a scheduler address
pseudo_exponents = [3, 5, 7, 10, 20, 50, 100]  # exponents e of n for the N_D(n) columns
prefix_max = 1000000  # largest prefix S_n of the synthetic sample (Figures 1-4)
dist_sizes = [100, 1000, 10000, 100000]  # n for P[NDCG(f0) > NDCG(f1)]
dist_draws = 200  # samples per n
dist_noise = [0.1, 0.3]  # score noise of the two functions compared
thm6_sizes = [100, 10000, 100000]  # n for the law of NDCG under 2^-r
thm6_draws = 400
graded_draws = 16  # draws per Monte Carlo cell of the graded Theorems 10-13
paper_queries = 40  # queries of the Figures 1-4 stand-in with the paper's protocol
paper_docs = 5000  # documents per query there
dps = 20  # mpmath digits
seed = 2013

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
from companion import figures
from rankmeasures.theory import asymptotics as A
from rankmeasures.theory import rates
from rankmeasures.theory.distinguish import win_rate
from rankmeasures.theory.simulate import latent_sample, simulate_ndcg, simulate_ndcg_many

s = A.s
rankers = {"good": s, "weaker": sympy.Rational(1, 4) + s / 2, "random": sympy.Rational(1, 2)}
beta, frac = sympy.Rational(1, 2), sympy.Rational(1, 5)
p = sympy.Rational(1, 2)
for name, y in rankers.items():
    assert sympy.integrate(y, (s, 0, 1)) == p, name

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
# | 9 | $r^{-\beta}$, $k = cn$ | $(1-\beta)\int_{1-c}^1 \bar y(1-s)^{-\beta}/\min(c,p)^{1-\beta}$ |
# | 6 (contrast) | $1/\log(1+r)$, top $k = 10$ fixed | none: a bounded cut-off is summable |
#
# The last row is not Theorem 7: with $k$ fixed the discount is summable (Theorem 6's
# regime), the mean still tends to $\bar y(1)$ but NDCG itself keeps the randomness of
# ten labels, so its Monte Carlo standard error does not shrink with $n$ (asserted below),
# while under $k = \sqrt n$ it does. The good ranker is the exception: $\bar y(1) = 1$
# breaks Theorem 6's $\delta$-condition (the top labels are then almost surely relevant),
# and its NDCG@10 does tend to 1.
#
# The closed forms below come from sympy; `asymptotics.ndcg_limit` computes the same
# limits numerically (asserted equal to 1e-15). Each Monte Carlo cell is the mean of
# `n_draws` independent draws ± its standard error. A limit is asserted against Monte Carlo
# (within 4 standard errors) wherever the pseudo-expectation says that the finite-$n$ bias
# $|N_D(n) - \lim|$ is below one standard error; elsewhere the table shows how far $n$ is
# from the limit, and the pseudo-expectation must approach the limit as $n \to 10^{100}$.

# %%
theorems = [
    ("1", "1/log2(1+r)", rm.log2_discount),
    ("3", "r^-1/2", rm.power_discount(0.5)),
    ("5", "1/r", rm.zipf_discount),
    ("7", "log, top k = sqrt(n)", rm.cutoff(rm.log2_discount, exponent=0.5)),
    ("8", "log, top k = n/5", rm.cutoff(rm.log2_discount, fraction=0.2)),
    ("9", "r^-1/2, top k = n/5", rm.cutoff(rm.power_discount(0.5), fraction=0.2)),
    ("6 (contrast)", "log, top k = 10", rm.cutoff(rm.log2_discount, k=10)),
]
mc_se, mc_stats, mc_pseudo, checked_cells = {}, {}, {}, set()
limit_rows, checked, unchecked = [], 0, 0
for thm, dname, disc in theorems:
    for rname, y in rankers.items():
        if thm == "1":
            closed = sympy.Integer(1)
        elif thm == "3":
            closed = (1 - beta) * sympy.integrate(y * (1 - s) ** -beta, (s, 0, 1)) / p ** (1 - beta)
        elif thm in ("5", "7", "6 (contrast)"):
            closed = y.subs(s, 1) if y.free_symbols else y
        elif thm == "8":
            closed = sympy.integrate(y, (s, 1 - frac, 1)) / min(frac, p)
        else:
            closed = ((1 - beta) * sympy.integrate(y * (1 - s) ** -beta, (s, 1 - frac, 1))
                      / min(frac, p) ** (1 - beta))
        closed = sympy.nsimplify(sympy.simplify(closed))
        lim = A.ndcg_limit(y, disc, dps=dps)
        with mpmath.workdps(dps):
            assert abs(mpmath.mpf(sympy.N(closed, dps + 5)) - lim) < 1e-15, (thm, rname)
        row = {"theorem": thm, "discount": dname, "ranker": rname,
               "limit": str(closed) if thm != "6 (contrast)" or closed in (0, 1)
               else f"none (mean -> {closed})",
               "limit (float)": float(lim)}
        pseudo = {e: float(A.pseudo_expectation(y, disc, mpmath.mpf(10) ** e, dps=dps))
                  for e in pseudo_exponents}
        for e in pseudo_exponents:
            row[f"N(1e{e})"] = pseudo[e]
        assert abs(pseudo[max(pseudo_exponents)] - float(lim)) < abs(
            pseudo[min(pseudo_exponents)] - float(lim)) + 1e-12, (thm, rname)
        mc_means, mc_ses = [], []
        for n in mc_sizes:
            draws = simulate_ndcg(y, disc, n, n_draws=n_draws, seed=seed + n,
                                            workers=mc_workers or None)["ndcg"]
            mean, se = float(draws.mean()), float(draws.std(ddof=1) / np.sqrt(n_draws))
            mc_pseudo[thm, rname, n] = float(A.pseudo_expectation(y, disc, n, dps=dps))
            bias = abs(mc_pseudo[thm, rname, n] - float(lim))
            row[f"MC n={n:.0e}"] = f"{mean:.5f} ± {se:.5f}"
            mc_se[thm, rname, n] = se
            mc_means.append(mean)
            mc_ses.append(se)
            if bias < se:
                assert abs(mean - float(lim)) <= 4 * se, (thm, rname, n)
                checked += 1
                checked_cells.add((thm, rname, n))
            else:
                unchecked += 1
        mc_stats[thm, rname] = (mc_means, mc_ses)
        limit_rows.append(row)
figures.save_table(limit_rows, "004_limits")
display(Markdown(figures.markdown_table(limit_rows)))
print(f"{checked} Monte Carlo cells asserted against the limit (bias below one s.e.); "
      f"{unchecked} cells where n is still too small for the limit to be the right target")
# k = sqrt(n) concentrates (Theorem 7), a fixed k = 10 does not (Theorem 6's regime): for
# the rankers whose top labels are random, NDCG@k fluctuates like 1/sqrt(k), so from the
# smallest to the largest n the s.e. shrinks by about (n_lo/n_hi)^(1/4) under k = sqrt(n)
# and stays of the same order under k = 10
# the limits of every theorem but 1 (and 6's contrast) differ between the three functions
for thm in ("3", "5", "7", "8", "9"):
    lims = [r["limit (float)"] for r in limit_rows if r["theorem"] == thm]
    assert len(set(np.round(lims, 12))) == 3, thm
# Theorem 1: no Monte Carlo cell is close enough to the limit to be asserted against it
assert not any(c[0] == "1" for c in checked_cells)
display(Markdown(
    "Theorem 1's limit 1 is the same for all three functions, and it is approached so "
    "slowly that no Monte Carlo cell here has its bias below its standard error: at "
    f"$n = {max(mc_sizes):.0e}$ the random ranking still scores "
    f"{mc_stats['1', 'random'][0][-1]:.3f}."))
n_lo, n_hi = min(mc_sizes), max(mc_sizes)
expected = (n_lo / n_hi) ** 0.25
for rname in ("weaker", "random"):
    shrink_7 = mc_se["7", rname, n_hi] / mc_se["7", rname, n_lo]
    shrink_6 = mc_se["6 (contrast)", rname, n_hi] / mc_se["6 (contrast)", rname, n_lo]
    print(f"{rname}: s.e. at n = {n_hi:.0e} over s.e. at n = {n_lo:.0e}: k = sqrt(n) "
          f"{shrink_7:.2f} (about {expected:.2f} expected), k = 10 {shrink_6:.2f}")
    # a ratio of two standard errors from n_draws draws each is itself noisy (relative
    # spread about 1/sqrt(n_draws - 1)): asserted only with enough draws to tell
    if n_draws >= 16:
        assert shrink_7 < 1.5 * expected and shrink_6 > 0.5, (rname, shrink_7, shrink_6)
if n_draws < 16:
    print(f"with {n_draws} draws per cell the ratios above are too noisy to test (16 needed)")

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T1", "S004-T3", "S004-T5", "S004-T7", "S004-T8", "S004-T9", "S004-D5"]))))

# %% [markdown]
# ### The limits in pictures
#
# One panel per theorem: the pseudo-expectation $N_D(n)$ of each ranking function as a
# line from $n = 10^2$ to $10^{100}$ (log axis), the Monte Carlo means of the table at
# `mc_sizes` with error bars of two standard errors, and each limit dashed. The Monte
# Carlo points sit on the lines (asserted in the table above where the bias allows); the
# lines show what no simulation can: how far $n$ must go before the limit is reached.

# %%
line_exponents = np.r_[np.arange(2, 7.5, 0.5), np.arange(8, 100, 6), 100]
colors = {"good": "C0", "weaker": "C1", "random": "C2"}
fig, axes = plt.subplots(2, 3, figsize=(15, 7.6), constrained_layout=True, sharex=True)
still_far, lines = [], {}
for ax, (thm, dname, disc) in zip(axes.ravel(), theorems[:6], strict=True):
    for rname, y in rankers.items():
        line = [float(A.pseudo_expectation(y, disc, mpmath.mpf(10) ** float(e), dps=dps))
                for e in line_exponents]
        lim = float(A.ndcg_limit(y, disc, dps=dps))
        lines[thm, rname] = (line, lim)
        ax.semilogx(10.0 ** line_exponents, line, color=colors[rname], lw=1.5,
                    label=f"{rname}: N_D(n)")
        ax.axhline(lim, color=colors[rname], ls="--", lw=1)
        means, ses = mc_stats[thm, rname]
        ax.errorbar(mc_sizes, means, yerr=2 * np.array(ses), fmt="o", ms=3, capsize=2,
                    color=colors[rname])
        gap_100, gap_50 = abs(line[-1] - lim), abs(line[list(line_exponents).index(50)] - lim)
        if gap_100 > 1e-6:
            # a gap that halves from 1e50 to 1e100 falls like 1/log n
            assert 1.6 < gap_50 / gap_100 < 2.4, (thm, rname, gap_50, gap_100)
            still_far.append((thm, rname, gap_100))
    ax.set(title=f"Theorem {thm}: {dname}", xlabel="n", ylabel="NDCG")
axes[0, 0].legend(fontsize=8)
fig.suptitle("004: NDCG against n -- N_D(n) (lines), Monte Carlo ± 2 s.e. (points), "
             "limits (dashed)")
figures.save(fig, "004_limits_by_n")
plt.show()
slow_theorems = sorted({t for t, _, _ in still_far}, key=int)
display(Markdown(
    "At $n = 10^{100}$ every line is within $10^{-6}$ of its limit except under Theorems "
    + ", ".join(slow_theorems) + ", where the gap is still up to "
    + f"{max(g for _, _, g in still_far):.4f} and halves from $10^{{50}}$ to $10^{{100}}$: "
    "it falls like $1/\\log n$ (" + "; ".join(f"Theorem {t}, {r}: {g:.1e}"
                                             for t, r, g in still_far) + ")."))

# %% [markdown]
# ### How fast: the rates, on log–log axes
#
# The theorems state limits; how fast they are reached follows from the expansion of the
# normaliser $F(n) = \sum_{r \le n} D(r)$ (the companion's derivation, not the paper's):
# $F(n) = \ln n / \ln 2 + O(1)$ for the log discount (Theorems 1 and 8) and
# $F(n) = \ln n + \gamma + o(1)$ for $1/r$ (Theorem 5) leave gaps of order $1/\log n$;
# $F(n) = n^{1-\beta}/(1-\beta) + \zeta(\beta) + \dots$ for $r^{-\beta}$ (Theorems 3 and 9)
# leaves $n^{-(1-\beta)} = n^{-1/2}$; a top-$k$ cut with $k = \sqrt n$ (Theorem 7) averages
# $\bar y$ over the top $k/n = n^{-1/2}$ of the scores. Each panel draws $|N_D(n) - \lim|$
# (lines; where it is above $10^{-11}$, the resolution of the double-precision lines), the
# Monte Carlo $|{\rm mean} - \lim|$ with two standard errors where they resolve it, and the
# predicted rate through the last point of the good function's line (dotted; $1/\ln n$ is a
# slowly bending curve on these axes). The fitted exponent is the slope of $\log|gap|$
# against $\log n$ for the power rates and against $\log\log n$ for the $1/\log n$ rates
# (that is, on log–log-log axes), over the last points of each line; the table asserts it
# within 0.1 of the prediction.

# %%
predicted = {"1": ("1/log n", -1.0), "3": ("n^-1/2", -0.5), "5": ("1/log n", -1.0),
             "7": ("n^-1/2", -0.5), "8": ("1/log n", -1.0), "9": ("n^-1/2", -0.5)}
rate_rows = []
fig, axes = plt.subplots(2, 3, figsize=(15, 7.6), constrained_layout=True)
ns_line = 10.0 ** line_exponents
for ax, (thm, dname, _) in zip(axes.ravel(), theorems[:6], strict=True):
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
        rate_rows.append({"theorem": thm, "ranker": rname, "predicted rate": form,
                          "predicted exponent": slope_pred, "fitted exponent": slope,
                          "fit from n": f"{ns_line[fit[0]]:.0e}",
                          "fit to n": f"{ns_line[fit[-1]]:.0e}"})
        assert abs(slope - slope_pred) <= 0.1, (thm, rname, slope)
    good_line, good_lim = lines[thm, "good"]
    ax.loglog(*rates.rate_curve(ns_line, np.abs(np.array(good_line) - good_lim),
                                exponent=slope_pred, in_log_n=form == "1/log n"),
              "k:", lw=1, label=f"rate {form}")
    ax.set(title=f"Theorem {thm}: {dname}", xlabel="n", ylabel="|NDCG - limit|")
    ax.legend(fontsize=7)
fig.suptitle("004: how fast the limits are reached -- |N_D(n) - limit| (lines), Monte Carlo "
             "± 2 s.e. where resolved (points), the predicted rate (dotted)")
figures.save(fig, "004_rates")
plt.show()
figures.save_table(rate_rows, "004_rates", tolerance={"abs": 1e-5})
display(Markdown(figures.markdown_table(rate_rows)))
worst = max(rate_rows, key=lambda r: abs(r["fitted exponent"] - r["predicted exponent"]))
display(Markdown(
    f"Every fitted exponent is within 0.1 of its prediction ({len(rate_rows)} lines; the "
    f"farthest: Theorem {worst['theorem']}, {worst['ranker']}, "
    f"{worst['fitted exponent']:.3f} against {worst['predicted exponent']:g})."))

# %% [markdown]
# ### Lemma 2: the Monte Carlo mean against the pseudo-expectation
#
# Lemma 2 bounds $|E\,NDCG - N_D(n)|$ by $\tilde O(n^{-1/3})$ for a non-summable
# discount. Each point is $|{\rm mean} - N_D(n)|$ of one Monte Carlo cell of the limits
# table, coloured where the difference is resolved (above two standard errors) and grey
# where it is within the simulation's noise; the line is $n^{-1/3}$.

# %%
lemma2 = []
for (thm, rname, n), pseudo_n in mc_pseudo.items():
    if thm == "6 (contrast)":
        continue
    means, ses = mc_stats[thm, rname]
    i = list(mc_sizes).index(n)
    lemma2.append((n, abs(means[i] - pseudo_n), ses[i], thm))
fig, ax = plt.subplots(figsize=(7.5, 4.2), constrained_layout=True)
pts = np.array([(n, d, se) for n, d, se, _ in lemma2])
res = pts[:, 1] > 2 * pts[:, 2]
ax.loglog(pts[~res, 0], np.maximum(pts[~res, 1], 1e-9), "o", color="0.7", ms=4,
          label="within 2 s.e. (not resolved)")
if res.any():
    ax.loglog(pts[res, 0], pts[res, 1], "o", color="C3", ms=5, label="resolved")
grid = np.array(sorted(set(mc_sizes)), dtype=float)
ax.loglog(grid, grid ** (-1 / 3), "k-", lw=1, label="n^-1/3")
ax.set(xlabel="n", ylabel="|MC mean - N_D(n)|",
       title="004: Lemma 2 -- Monte Carlo against the pseudo-expectation")
ax.legend(fontsize=8)
figures.save(fig, "004_lemma2")
plt.show()
above = [(n, d, thm) for n, d, _, thm in lemma2 if d > n ** (-1 / 3)]
assert not above, above
display(Markdown(
    f"Of {len(lemma2)} cells, {int(res.sum())} resolve a difference between the Monte Carlo "
    f"mean and $N_D(n)$; every difference lies below $n^{{-1/3}}$ (the largest ratio to it "
    f"is {max(d * n ** (1 / 3) for n, d, _, _ in lemma2):.3f})."))

# %% [markdown]
# ### Graded relevance: Theorems 10–13
#
# Section 3.4 extends the limits to labels $y_1 > y_2 > \dots$ with cumulative rates
# $R_j = P[Y \ge y_j]$: the ideal list holds the grades in blocks, so the normaliser becomes
# $\sum_j y_j\,(F(nR_j) - F(nR_{j-1}))$ and the numerator uses $E[Y \mid \tilde f = s]$.
# The model here is the claims report's: labels 3, 1, 0 with
# $P[Y = 3 \mid s] = s^2/2$, $P[Y = 1 \mid s] = s/2$. For each theorem the table sets the
# paper's formula (computed independently in the claims report) beside the library's
# `ndcg_limit`, the pseudo-expectation at $10^{100}$ and the Monte Carlo mean at the
# largest $n$; the figure is the graded counterpart of the one above.

# %%
graded = A.GradedRelevance([3, 1, 0], [s**2 / 2, s / 2, 1 - s**2 / 2 - s / 2])
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
    claim = graded_claims[f"S004-T{thm}"] = proofs_check.REGISTRY[f"S004-T{thm}"].check()
    assert claim.outcome == "verified", thm
    lim = A.ndcg_limit(graded, disc, dps=dps)
    with mpmath.workdps(dps):
        assert abs(lim - mpmath.mpf(claim.evidence["stated limit"])) < 1e-15, thm
    line = [float(A.pseudo_expectation(graded, disc, mpmath.mpf(10) ** float(e), dps=dps))
            for e in line_exponents]
    means, ses = [], []
    for n in mc_sizes:
        draws = simulate_ndcg(graded, disc, n, n_draws=graded_draws, seed=seed + 5 * n,
                                        workers=mc_workers or None)["ndcg"]
        means.append(float(draws.mean()))
        ses.append(float(draws.std(ddof=1) / np.sqrt(graded_draws)))
        bias = abs(float(A.pseudo_expectation(graded, disc, n, dps=dps)) - means[-1])
        assert bias <= 4 * ses[-1] + 1e-9, (thm, n)  # Monte Carlo on N_D(n) at every n
    graded_lines[thm] = (line, float(lim), means, ses)
    graded_rows.append({"theorem": thm, "discount": dname,
                        "paper's formula": float(mpmath.mpf(claim.evidence["stated limit"])),
                        "ndcg_limit": float(lim), "N(1e100)": line[-1],
                        f"MC n={max(mc_sizes):.0e}": f"{means[-1]:.5f} ± {ses[-1]:.5f}"})
    ax.semilogx(10.0 ** line_exponents, line, color="C0", label="N_D(n)")
    ax.axhline(float(lim), color="C0", ls="--", lw=1, label="limit")
    ax.errorbar(mc_sizes, means, yerr=2 * np.array(ses), fmt="o", ms=3, capsize=2,
                color="C3", label="Monte Carlo ± 2 s.e.")
    ax.set(title=f"Theorem {thm}: {dname}", xlabel="n")
axes[0].set_ylabel("NDCG (grades 3, 1, 0)")
axes[0].legend(fontsize=8)
fig.suptitle("004: graded relevance, Theorems 10-13")
figures.save(fig, "004_graded_limits_by_n")
plt.show()
figures.save_table(graded_rows, "004_graded_limits")
display(Markdown(figures.markdown_table(graded_rows)))
slow_graded = [(r["theorem"], abs(r["N(1e100)"] - r["ndcg_limit"])) for r in graded_rows
               if abs(r["N(1e100)"] - r["ndcg_limit"]) > 1e-6]
display(Markdown(
    "The library's limits equal the paper's formulas to 15 digits, and every Monte Carlo "
    "mean agrees with $N_D(n)$ at its own $n$ within four standard errors. At $10^{100}$ "
    + ("every line is within $10^{-6}$ of its limit." if not slow_graded else
       "the lines are within $10^{-6}$ of their limits except under "
       + "; ".join(f"Theorem {t} (gap {g:.1e}), the graded form of Theorem "
                   f"{binary_form[t]}" for t, g in slow_graded)
       + ": slow in the binary case too.")))
assert all(binary_form[t] in slow_theorems for t, _ in slow_graded)

# %% [markdown]
# The rates of the graded limits are those of their binary forms (the normaliser's
# expansion is the same; the grades change only the constants): the same log–log picture
# and fit as above, each exponent asserted within 0.1 of its binary form's.

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
    assert abs(slope - slope_pred) <= 0.1, (thm, slope)
    ax.loglog(*rates.rate_curve(ns_line, gap, exponent=slope_pred, in_log_n=form == "1/log n"),
              "k:", lw=1, label=f"rate {form}")
    ax.set(title=f"Theorem {thm}: {dname}", xlabel="n")
axes[0].set_ylabel("|NDCG - limit| (grades 3, 1, 0)")
axes[0].legend(fontsize=7)
fig.suptitle("004: how fast the graded limits are reached, Theorems 10-13")
figures.save(fig, "004_graded_rates")
plt.show()
figures.save_table(graded_rate_rows, "004_graded_rates", tolerance={"abs": 1e-5})
display(Markdown(figures.markdown_table(graded_rate_rows)))

# %% [markdown]
# At larger $n$ (`large_sizes`: by default up to $n = 10^9$, with `large_draws` draws
# each, $O(n)$ time and bounded memory per draw) the Monte Carlo means of the slow theorems
# (`large_theorems`: 1, 5 and 8 by default, scored on the same draws, which are generated
# once) keep tracking the pseudo-expectation, for the ranking functions in `large_rankers`
# (by default the random one, whose labels do not depend on the scores: the simulator
# then draws no scores, and a draw of $10^9$ documents costs seconds). Every Monte Carlo
# of this notebook draws with `simulate_ndcg`, in this process or on dask
# workers (`mc_workers`), the same bits either way; on a cluster the check reaches
# $n = 10^{10}$ and beyond for every ranking function, for instance
#
# ```
# python -m companion.run 004_ndcg_theory -p mc_workers tcp://10.0.0.1:8786 \
#     -p large_rankers '["good", "weaker", "random"]' \
#     -p large_sizes '[10000000, 100000000, 1000000000, 10000000000]' --output-dir out/
# ```
#
# (core-hours of simulation: a cluster's job, never run by the gate). The table
# gives both and their difference in standard errors. With a handful of draws the
# standard error is itself rough, so each difference is asserted within the two-sided
# 99.9 % quantile of Student's $t$ with `large_draws` − 1 degrees of freedom (printed below
# the table), not within a normal bound. The last column is a small
# difference of numbers near 1 divided by a small standard error, so its last digits move
# with the machine's arithmetic: this cell's output is reproduced to 1e-6 absolute (the table's
# other columns to relative 1e-9 in `figures/004_large_n.csv`).

# %% tolerance={"abs": 1e-06}
large_cells = {}
t_bound = float(stats.t.ppf(0.9995, large_draws - 1))
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
            se = float(draws.std(ddof=1) / np.sqrt(large_draws))
            pseudo_n = float(A.pseudo_expectation(y, disc, n, dps=dps))
            large_cells[thm, rname, n] = {"theorem": thm, "ranker": rname, "n": f"{n:.0e}",
                                          "N(n)": pseudo_n, "MC mean": mean, "MC s.e.": se,
                                          "(MC - N(n)) / s.e.": (mean - pseudo_n) / se}
            assert abs(mean - pseudo_n) <= t_bound * se + 1e-6, (thm, rname, n)
large_rows = [large_cells[thm, rname, n] for thm, _ in large_discounts
              for rname in large_rankers for n in large_sizes]
if large_rows:
    # the last column divides a small difference of two numbers near 1 (sums over up to
    # 1e9 terms, whose last digits move with the machine's SIMD) by a small s.e.: it is
    # reproduced to a millionth of a standard error, not to relative 1e-9
    figures.save_table(large_rows, "004_large_n",
                       column_tolerance={"(MC - N(n)) / s.e.": {"abs": 1e-6}})
    display(Markdown(figures.markdown_table(large_rows)))
    worst = max(large_rows, key=lambda r: abs(r["(MC - N(n)) / s.e."]))
    roughest = max(large_rows, key=lambda r: r["MC s.e."])
    display(Markdown(
        f"Every difference is within {t_bound:.1f} standard errors (Student's $t$, "
        f"{large_draws - 1} degrees of freedom, two-sided 99.9 %); the largest, "
        f"{worst['(MC - N(n)) / s.e.']:+.2f}, is Theorem {worst['theorem']}'s at "
        f"$n = {worst['n']}$. The largest standard error is Theorem {roughest['theorem']}'s "
        f"({roughest['MC s.e.']:.2g} at $n = {roughest['n']}$)"
        + (": the discount $1/r$ lets the first few labels decide a draw, and a handful of "
           "draws estimates that spread poorly." if roughest["theorem"] == "5" else ".")))
    assert all(abs(r["(MC - N(n)) / s.e."]) <= t_bound for r in large_rows)

# %% [markdown]
# The $r^{-1/2}$ limits differ between the functions (the discount "distinguishes" them in
# the limit), and so do the $1/r$ and cut-off limits (asserted in the table's cell).

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T10", "S004-T11", "S004-T12", "S004-T13"], done=graded_claims))))

# %% [markdown]
# ## How slowly standard NDCG tends to 1
#
# Expanding $\tilde N(n) = \int_1^n \bar y(1-x/n)/\log(1+x)\,dx$ and the normaliser
# $F(np) = \mathrm{Li}(1+np) - \mathrm{Li}(2)$ in powers of $1/\log n$ gives
# $N_D(n) = 1 - C/\log n + O(\log^{-2} n)$ with
# $C = 1 - \log p + m_1/p$, $m_1 = \int_0^1 \bar y(1-u)\log u\,du$
# (`asymptotics.log_discount_rate`). The table checks $(1 - N_D(n))\log n \to C$ up to
# $n = 10^{100}$, and shows how far the logarithmic integral is from its leading term
# $np/\log(np)$ even there.

# %%
rate_rows = []
for rname, y in rankers.items():
    c_rate = A.log_discount_rate(y, dps=dps)
    prev_gap = None
    for e in (3, 6, 10, 20, 50, 100):
        n = mpmath.mpf(10) ** e
        with mpmath.workdps(dps):
            nd = A.pseudo_expectation(y, rm.log_discount, n, dps=dps)
            scaled = (1 - nd) * mpmath.log(n)
            li_ratio = mpmath.li(1 + n * 0.5) / (n * 0.5 / mpmath.log(n * 0.5))
            gap = abs(scaled - c_rate)
        rate_rows.append({"ranker": rname, "n": f"1e{e}", "N(n)": float(nd),
                          "(1 - N(n)) log n": float(scaled), "C": float(c_rate),
                          "Li(1+np) / (np / log np)": float(li_ratio)})
        if prev_gap is not None and e >= 20:  # the expansion holds once log n is large
            assert gap < prev_gap, (rname, e)
        prev_gap = gap
    assert prev_gap < 2 / float(mpmath.log(mpmath.mpf(10) ** 100))
figures.save_table(rate_rows, "004_theorem1_rate")
display(Markdown(figures.markdown_table(rate_rows)))

# %% [markdown]
# The constant is smallest for the good ranking ($C = \log 2 - 1/2 \approx 0.19$) and
# largest for the random one ($C = \log 2$): all three tend to 1, but at different speeds,
# which is exactly what lets standard NDCG tell them apart (Theorem 2, Lemma 3).
#
# ## Figures 1–4: NDCG on growing prefixes $S_n$
#
# As in the paper, one sample is drawn and each ranking function is scored on its
# prefixes $S_n$. (a) Synthetic: a latent $Z \sim U(0,1)$, label $Y \sim$ Bernoulli$(Z)$,
# and three scores of the same objects: $Z$ (good), $Z$ plus Gaussian noise of standard
# deviation 0.5 (weaker) and an independent uniform (random); `simulate.latent_sample`.
# (b) Real: scikit-learn's bundled handwritten digits (1797 images; relevant = digit
# $\ge 5$), split in half; a logistic regression on all 64 pixels (good) and on the 4
# central pixels (weaker) are trained on one half, and the prefixes are taken from the
# other half in a seeded random order, so $n \le 898$ there. The four panels are the
# paper's four measures: standard NDCG, $r^{-1/2}$, $2^{-r}$ and NDCG@$k$ with $k = n/5$.

# %%
measures = [("NDCG (1/log2(1+r))", rm.log2_discount), ("r^-1/2", rm.power_discount(0.5)),
            ("2^-r", rm.exponential_discount),
            ("NDCG@k, k = n/5", rm.cutoff(rm.log2_discount, fraction=0.2))]
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

prefix_rows = []
for data, lab, sc, sizes in (("synthetic", labels_syn, scores_syn, sizes_syn),
                             ("digits", labels_real, scores_real, sizes_real)):
    fig, axes = plt.subplots(1, 4, figsize=(16, 3.8), constrained_layout=True)
    for ax, (mname, disc) in zip(axes, measures, strict=True):
        for j, rname in enumerate(rankers):
            vals = [rm.ndcg(lab[:n], sc[j, :n], discount=disc) for n in sizes]
            ax.semilogx(sizes, vals, marker="o", ms=3, label=rname)
            prefix_rows.append({"data": data, "measure": mname, "ranker": rname,
                                "n smallest": int(sizes[0]), "NDCG": vals[0],
                                "n largest": int(sizes[-1]), "NDCG ": vals[-1]})
        ax.set(xlabel="n (prefix size)", title=mname, ylim=(0, 1.02))
    axes[0].set_ylabel("NDCG")
    axes[0].legend()
    fig.suptitle(f"004 Figures 1-4 ({data}): NDCG of three ranking functions on prefixes S_n")
    figures.save(fig, f"004_figs1to4_{data}")
    plt.show()
figures.save_table(prefix_rows, "004_prefixes")
display(Markdown(figures.markdown_table(prefix_rows)))
final = {(r["data"], r["measure"], r["ranker"]): r["NDCG "] for r in prefix_rows}
for data in ("synthetic", "digits"):
    for mname, _ in measures:
        assert final[data, mname, "good"] > final[data, mname, "random"], (data, mname)

# %% [markdown]
# ### The paper's protocol, with synthetic data
#
# The paper's Figures 1–4 average over 40 queries of 5000 documents each, with graded
# labels (2 for more than 1000 clicks, 1 for 100 to 1000, else 0), prefixes $S_n$ in the
# order the documents were created, and three functions: RankSVM, ListNet and a uniform
# random score on $[-1, 1]$. The click data are proprietary and the figures themselves
# are lost from the text, so the panels above are stand-ins. Below, the protocol is
# rebuilt as far as synthetic data allow: `paper_queries` queries of `paper_docs`
# documents, each with a latent quality $Z \sim U(0, 1)$ and a graded label
# $Y \sim$ Binomial$(2, Z)$ (0, 1 or 2; the gain of a label is its grade), prefixes in a
# random creation order, NDCG averaged over the queries at every $n$ on a linear axis up
# to 5000, with a band of two standard errors across queries. What still differs: the
# labels come from a model, not from clicks; the two trained rankers are replaced by the
# latent quality with Gaussian noise of standard deviation 0.3 ("good") and 1 ("weaker");
# and the paper's enlarged inset of Figure 1 is a second, zoomed panel row.

# %%
prng = np.random.default_rng(seed + 99)
z = prng.random((paper_queries, paper_docs))
y_paper = prng.binomial(2, z).astype(float)
scores_paper = {"good": z + 0.3 * prng.standard_normal(z.shape),
                "weaker": z + 1.0 * prng.standard_normal(z.shape),
                "random": prng.uniform(-1, 1, z.shape)}
sizes_paper = np.unique(np.r_[np.arange(10, 100, 10), np.arange(100, paper_docs + 1, 100)])
curves = {}
for mname, disc in measures:
    for rname, sc in scores_paper.items():
        per_n = [rm.ndcg_queries(y_paper[:, :n], sc[:, :n], discount=disc).values
                 for n in sizes_paper]
        curves[mname, rname] = (np.array([v.mean() for v in per_n]),
                                np.array([v.std(ddof=1) / np.sqrt(paper_queries)
                                          for v in per_n]))
fig, axes = plt.subplots(2, 4, figsize=(17, 7), constrained_layout=True)
for col, (mname, _) in enumerate(measures):
    for row in (0, 1):
        ax = axes[row, col]
        for rname in scores_paper:
            mean, se = curves[mname, rname]
            ax.plot(sizes_paper, mean, color=colors[rname], label=rname)
            ax.fill_between(sizes_paper, mean - 2 * se, mean + 2 * se, color=colors[rname],
                            alpha=0.2, lw=0)
        ax.set(xlabel="n (documents in S_n)")
        if row == 0:
            ax.set(title=mname, ylim=(0, 1.02))
        else:  # the zoom: the upper half of the n range, the y range of the curves there
            half = sizes_paper >= paper_docs // 2
            lo = min(curves[mname, r][0][half].min() for r in scores_paper)
            hi = max(curves[mname, r][0][half].max() for r in scores_paper)
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
paper_rows = []
for mname, _ in measures:
    end = {r: curves[mname, r] for r in scores_paper}
    paper_rows.append({"measure": mname,
                       **{f"{r} at n={paper_docs}": f"{end[r][0][-1]:.4f} ± {end[r][1][-1]:.4f}"
                          for r in scores_paper},
                       "good - random, in s.e.": float(
                           (end["good"][0][-1] - end["random"][0][-1])
                           / np.hypot(end["good"][1][-1], end["random"][1][-1]))})
figures.save_table(paper_rows, "004_figs1to4_paper_protocol")
display(Markdown(figures.markdown_table(paper_rows)))
gap_se = {r["measure"]: r["good - random, in s.e."] for r in paper_rows}
ordered = [m for m, _ in measures
           if curves[m, "good"][0][-1] > curves[m, "weaker"][0][-1] > curves[m, "random"][0][-1]]
display(Markdown(
    f"At $n = {paper_docs}$ the order good > weaker > random holds for "
    f"{', '.join(ordered) if ordered else 'no measure'}; the good function leads the random "
    "one by " + ", ".join(f"{g:.0f} s.e. under {m}" for m, g in gap_se.items()) + "."))
others = min(g for m, g in gap_se.items() if m != "2^-r")
assert gap_se["2^-r"] < others / 5
at_1000 = int(np.flatnonzero(sizes_paper == 1000)[0])
for rname in scores_paper:  # standard NDCG creeps up; r^-1/2 and NDCG@n/5 stay level
    assert curves[measures[0][0], rname][0][-1] > curves[measures[0][0], rname][0][at_1000]
    for mname in ("r^-1/2", "NDCG@k, k = n/5"):
        assert abs(curves[mname, rname][0][-1] - curves[mname, rname][0][at_1000]) < 0.01

# %% [markdown]
# Under this model $2^{-r}$ still separates the good function from the random one in the
# mean over 40 queries — the paper saw even the random function score close to RankSVM and
# ListNet — but by far fewer standard errors than the three other measures (asserted:
# less than a fifth): per query it is decided by the first few documents and stays noisy
# however large $n$ is (Theorem 6).
# Standard NDCG creeps upwards for all three functions from $n = 1000$ to 5000, as in the
# paper's Figure 1; $r^{-1/2}$ and NDCG@$n/5$ move by less than 0.01 there and stay at
# distinct levels (Figures 2 and 4; both asserted).


# %% [markdown]
# On both data sets every measure ranks the good function above the random one at the
# largest $n$. Standard NDCG creeps towards 1 for all three; $r^{-1/2}$ and NDCG@$n/5$
# settle at distinct levels; $2^{-r}$ keeps jumping, because it only ever looks at the
# first few objects (Theorem 6).
#
# A slip of the paper's own: its list of experiments says "see Figure 4 and Theorem 6" for
# NDCG@$k$ with $k = n/5$, and its discussion of Figure 4 compares "Theorem 6 and Theorem 1".
# The theorem about the log discount cut at $k = cn$ is Theorem 8 (S004-T8 in the claims
# report); Theorem 6 is about summable discounts such as $2^{-r}$ in the panel beside it.

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S004-EXP"]))))

# %% [markdown]
# ## Distinguishability: $P[\mathrm{NDCG}(f_0) > \mathrm{NDCG}(f_1)]$
#
# On `dist_draws` independent synthetic samples per $n$, two close ranking functions
# (latent score plus noise of standard deviation 0.1 and 0.3) are scored on the same
# sample under each measure (`rankmeasures.theory.distinguish.win_rate`: with the same
# labels the IDCG is common, and the sign of the DCG difference is decided exactly, which
# matters under $2^{-r}$, where both functions often agree on every position with weight
# and the two NDCGs differ in their last bits only). Consistent distinguishability
# (Definition 3) asks more than a probability tending to 1: with probability
# $1 - \mathrm{neg}(N)$, a negligible function (smaller than every $N^{-c}$), one function
# must beat the other for *all* $n \ge N$ at once. A frequency per $n$, as here, shows the
# trend but cannot certify the simultaneous event or the rate; Definition 4
# (distinguishability in expectation) is the weaker notion that compares
# $E[\mathrm{NDCG}]$.

# %%
dist_rows = []
wins = {m: [] for m, _ in measures}
for n in dist_sizes:
    rates = win_rate(n, dist_noise, [disc for _, disc in measures],
                     seeds=[seed + 7919 * i + n for i in range(dist_draws)])
    for (mname, _), rate in zip(measures, rates, strict=True):
        wins[mname].append(float(rate))
    dist_rows.append({"n": n, **{m: wins[m][-1] for m, _ in measures}})
figures.save_table(dist_rows, "004_distinguishability")
display(Markdown(figures.markdown_table(dist_rows)))
fig, ax = plt.subplots(figsize=(7, 4), constrained_layout=True)
for mname, _ in measures:
    ax.semilogx(dist_sizes, wins[mname], marker="o", label=mname)
ax.set(xlabel="n", ylabel=f"P[NDCG(f0) > NDCG(f1)], noise {dist_noise}", ylim=(0.4, 1.02),
       title=f"004: distinguishability ({dist_draws} samples per n)")
ax.legend()
figures.save(fig, "004_distinguishability")
plt.show()
noise = 3 * np.sqrt(0.25 / dist_draws)  # three binomial standard errors
for mname in ("NDCG (1/log2(1+r))", "r^-1/2", "NDCG@k, k = n/5"):
    assert wins[mname][-1] >= wins[mname][0] - noise, mname
assert max(wins["2^-r"]) < 0.9 + noise

# %% [markdown]
# The three measures with a divergent discount sum separate the pair more and more
# reliably as $n$ grows; $2^{-r}$ stays near a coin flip weighted by the top few labels.
#
# ## Lemma 3: the predicted gap of standard NDCG
#
# For two functions with the same $p$, Lemma 3 says
# $N^{f_0}(n) - N^{f_1}(n) = a/\log^K n + O(\log^{-K-1} n)$ with $K$ the first non-zero
# moment $m_K = \int_0^1 \Delta\bar y(1-s)\log^K s\,ds$. The paper's eq. (25) gives
# $a = (-1)^K m_K$; the prefactor $n/\mathrm{Li}(1+np) \sim \log n / p$ of its eq. (22)
# contributes a factor $1/p$ that eq. (25) drops (erratum S004-L3 in the claims report).
# The table sets the pseudo-expectation gap beside both predictions.

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
display(Markdown(figures.markdown_table(gap_rows)))
print(f"K = {k_order}, a = {mpmath.nstr(a_const, 12)}")
assert abs(gap_rows[-1]["gap / prediction"] - 1) < 0.05
assert abs(gap_rows[-1]["N_good - N_weaker"] / gap_rows[-1]["eq. (25) as printed"] - 2) < 0.1

# %% [markdown]
# At $n = 10^{100}$ the gap is within a few per cent of $a/\log^K n$ with the $1/p$, and
# twice the printed constant ($1/p = 2$ here).

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S004-L3"]))))

# %% [markdown]
# ## The appendix in order: Theorem 14 and Lemmas 2, 4 and 5
#
# The limits above are statements about $N_D(n)$; what ties them to the random NDCG of a
# sample are the appendix's concentration results. Each is checked in the claims report by
# simulation; here they are read in the paper's order.
#
# **Theorem 14** (with Theorem 2): for $D = 1/\log(1+r)$, two functions with different
# $\bar y$ are distinguishable in expectation, and consistently when the curves are Hölder.
# The evidence: the pseudo-expectation gap of the good and the random function (positive,
# Lemma 3's sign) and how often the good one wins.

# %%
t14 = proofs_check.REGISTRY["S004-T2/T14"].check()
t14_rows = [{"n": k.removeprefix("n="), **v} for k, v in t14.evidence.items()
            if k.startswith("n=")]
display(Markdown(figures.markdown_table(t14_rows)))
assert t14.outcome == "verified"
assert all(float(r["N0 - N1"]) > 0 for r in t14_rows)
assert t14_rows[-1]["P[NDCG(f0) > NDCG(f1)]"] >= t14_rows[0]["P[NDCG(f0) > NDCG(f1)]"]

# %% [markdown]
# The gap shrinks like $1/\log n$ (Lemma 3), yet the winning frequency rises towards 1:
# NDCG's fluctuations shrink faster than the gap (Lemma 4 below). Each function's sample
# is drawn independently here, while the paper scores both functions on one sample; the
# canonical model gives each function's $\bar y$ but no joint law of the two rankings, and
# a shared sample would only remove the common fluctuation of the label count.
#
# **Lemma 2**: $|E[\mathrm{NDCG}(f, S_n)] - N_D(n)| \le \tilde O(n^{-1/3})$ for the log
# discount. The claims report reads $\tilde O$ as $n^{-1/3}\log n$ and compares the Monte
# Carlo mean with $N_D(n)$:

# %%
l2 = proofs_check.REGISTRY["S004-L2"].check()
l2_rows = [{"case": k, **v} for k, v in l2.evidence.items()]
display(Markdown(figures.markdown_table(l2_rows)))
assert l2.outcome == "verified"
assert all(r["|mean - N(n)|"] <= 4 * r["standard error"] for r in l2_rows)

# %% [markdown]
# The measured bias is within four standard errors of 0 everywhere, far below the bound
# $n^{-1/3}\log n$: the bound is loose, not wrong.
#
# **Lemma 4**: for the log discount and an $\alpha$-Hölder $\bar y$ with constant $C$,
# $P[|\mathrm{NDCG} - N_D(n)| \ge 5Cp^{-1}n^{-\min(\alpha/3, 1)}] \le O(e^{-n^{1/4}})$.
# With $\bar y = 1/4 + s/2$ ($\alpha = 1$, $C = 1/2$, $p = 1/2$):

# %%
l4 = proofs_check.REGISTRY["S004-L4"].check()
l4_rows = [{"n": n, "threshold": th, "frequency beyond": fr, "s.d. of NDCG": sd}
           for n, th, fr, sd in zip(l4.evidence["n"], l4.evidence["threshold 5 C p^-1 n^-1/3"],
                                    l4.evidence["frequency beyond the threshold"],
                                    l4.evidence["sd of NDCG"], strict=True)]
display(Markdown(figures.markdown_table(l4_rows)))
l4_slope = l4.evidence["fitted exponent of sd (steeper than the lemma's -1/3)"]
display(Markdown(f"Fitted exponent of the standard deviation in $n$: {l4_slope}."))
assert l4.outcome == "verified" and l4_slope < -1 / 3
assert all(r["frequency beyond"] == 0 for r in l4_rows)
assert all(r["s.d. of NDCG"] < r["threshold"] / 5 for r in l4_rows)

# %% [markdown]
# No draw comes near the threshold, and the standard deviation falls faster than the
# lemma's $n^{-1/3}$ (the fitted exponent above; the assertion also keeps it below a fifth
# of the threshold): the $n^{-1/3}$ comes from the Chernoff step of the proof (Claims 3
# and 4), and the window it gives is loose, not wrong.
#
# **Lemma 5**: for $r^{-\beta}$ and a continuous $\bar y$, $P[|\mathrm{NDCG} - N_D(n)| \ge
# 5\varepsilon/p] = o(1)$ for every $\varepsilon > 0$. At $\beta = 1/2$, $\varepsilon = 0.004$:

# %%
l5 = proofs_check.REGISTRY["S004-L5"].check()
l5_rows = [{"n": n, "frequency of |NDCG - N(n)| >= 5 eps / p": f}
           for n, f in zip(l5.evidence["n"],
                           l5.evidence["frequency of |NDCG - N| >= 5 eps / p"], strict=True)]
display(Markdown(figures.markdown_table(l5_rows)))
l5_freq = [r["frequency of |NDCG - N(n)| >= 5 eps / p"] for r in l5_rows]
assert l5.outcome == "verified" and l5_freq[-1] < l5_freq[0] and l5_freq[-1] <= 0.02

# %% [markdown]
# The frequency falls from nearly one half at $n = 10^2$ to zero: convergence in
# probability, as Theorem 3 needs. The rate is the subject of Lemma 7, below.

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T2/T14", "S004-L2", "S004-L4", "S004-L5"],
    done={"S004-T2/T14": t14, "S004-L2": l2, "S004-L4": l4, "S004-L5": l5}))))

# %% [markdown]
# ## Theorem 6: a summable discount has no limit
#
# The theorem assumes a $\delta > 0$ such that every label has probability at least
# $\delta$ times that of the most likely one, at every $x$: for binary relevance,
# $\min(\bar y, 1 - \bar y) \ge \delta \max(\bar y, 1 - \bar y)$, i.e. $\bar y$ bounded away
# from 0 and 1. The weaker ($\bar y \in [1/4, 3/4]$) and random ($\bar y = 1/2$) functions
# satisfy it; the good one ($\bar y(s) = s$, so $\bar y(1) = 1$) does not, and for it the
# conclusion fails: its top objects are almost surely relevant and its NDCG does converge,
# to 1 (asserted below, and visible in the first panel).
#
# With $D(r) = 2^{-r}$ only the first few positions matter, and their labels stay random:
# as $n \to \infty$ the top objects have $\tilde f \to 1$, so their labels become
# independent Bernoulli$(\bar y(1))$ and the ideal DCG tends to $\sum_r 2^{-r} = 1$. Hence
# NDCG converges in law to $\sum_{r \ge 1} 2^{-r} B_r$, $B_r$ i.i.d.
# Bernoulli$(\bar y(1))$: for the random function ($\bar y(1) = 1/2$) that is exactly the
# uniform law on $[0, 1]$, whatever $n$ — it never concentrates.

# %%
law_rows = []
spread = {}
for rname, y in rankers.items():
    for n in thm6_sizes:
        draws = simulate_ndcg(y, rm.exponential_discount, n, n_draws=thm6_draws,
                                        seed=seed + 31 * n, workers=mc_workers or None)["ndcg"]
        ks = stats.kstest(draws, "uniform")
        law_rows.append({"ranker": rname, "n": n, "mean": float(draws.mean()),
                         "s.d.": float(draws.std(ddof=1)), "KS vs U(0,1)": float(ks.statistic),
                         "KS p-value": float(ks.pvalue)})
        spread[rname, n] = draws
figures.save_table(law_rows, "004_theorem6_law")
display(Markdown(figures.markdown_table(law_rows)))
fig, axes = plt.subplots(1, 3, figsize=(13, 3.6), constrained_layout=True)
for ax, rname in zip(axes, rankers, strict=True):
    for n in thm6_sizes:
        ax.hist(spread[rname, n], bins=25, range=(0, 1), histtype="step", density=True,
                label=f"n = {n:.0e}")
    ax.set(title=f"{rname} (ybar(1) = {rankers[rname].subs(s, 1)})", xlabel="NDCG, 2^-r")
axes[0].legend()
fig.suptitle("004: the law of NDCG with D(r) = 2^-r does not concentrate (Theorem 6)")
figures.save(fig, "004_theorem6_law")
plt.show()
big = max(thm6_sizes)
rand_big = [r for r in law_rows if r["ranker"] == "random" and r["n"] == big][0]
assert rand_big["KS p-value"] > 0.001  # consistent with U(0, 1) at the largest n
weak_sd = {r["n"]: r["s.d."] for r in law_rows if r["ranker"] == "weaker"}
assert weak_sd[big] > 0.7 * weak_sd[min(thm6_sizes)]  # no concentration
weak_mean = [r["mean"] for r in law_rows if r["ranker"] == "weaker" and r["n"] == big][0]
assert abs(weak_mean - 0.75) < 4 * weak_sd[big] / np.sqrt(thm6_draws)
# outside the delta-condition: the good function (ybar(1) = 1) concentrates at 1
good = {r["n"]: r for r in law_rows if r["ranker"] == "good"}
assert good[big]["s.d."] < 0.5 * good[min(thm6_sizes)]["s.d."]
assert 1 - good[big]["mean"] < 1 - good[min(thm6_sizes)]["mean"]

# %% [markdown]
# The random function's NDCG is uniform on $[0, 1]$ at every $n$ shown (Kolmogorov–Smirnov
# against $U(0,1)$), and the weaker function's spread does not shrink while its mean sits at
# $\bar y(1) = 3/4$: no limit in probability, as Theorem 6 says. The good function, which
# the $\delta$-condition excludes, concentrates at 1 instead: its standard deviation falls
# by more than half from the smallest to the largest $n$ and its mean climbs to 1.

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(["S004-T6"]))))

# %% [markdown]
# ## Theorem 4 and its Lemmas 6 and 7
#
# Theorem 4 promises that $r^{-\beta}$ NDCG distinguishes $f_0$ from $f_1$ with high
# probability if either (1) $\int_0^1 \Delta y(s)(1-s)^{-\beta}ds \ne 0$ — the limits
# of Theorem 3 differ — or (2) the curves are $\alpha$-Hölder with $\alpha > 3(1-\beta)$,
# that integral vanishes and $\Delta y(1) \ne 0$.
#
# **Condition 1** is Theorem 3 at work. For $\bar y_0 = s$ against $\bar y_1 = 1/2$ at
# $\beta = 1/2$ (claim S004-T4a):

# %%
t4a = proofs_check.REGISTRY["S004-T4a"].check()
t4a_row = {"int Delta y (1-s)^-1/2 ds": t4a.evidence["int Delta y (1-s)^-1/2"],
           "limit f0": t4a.evidence["limits"][0], "limit f1": t4a.evidence["limits"][1],
           "P[NDCG(f0) > NDCG(f1)] at n = 1e4": t4a.evidence["P[NDCG(f0) > NDCG(f1)]"]}
display(Markdown(figures.markdown_table([t4a_row])))
assert t4a.outcome == "verified" and t4a_row["P[NDCG(f0) > NDCG(f1)] at n = 1e4"] > 0.95

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
# by `asymptotics.expected_dcg` for polynomial curves) is therefore the pseudo-expectation's
# times $-(1-\beta)\zeta(\beta)$, a factor that rises from 1/2 ($\beta \to 0$) to 1
# ($\beta \to 1$): Lemma 6's factor 1/2 is exactly what survives (claim S004-L6).

# %%
l6 = proofs_check.REGISTRY["S004-L6"].check()
l6_rows = [{"n": k.removeprefix("n="), **v}
           for k, v in l6.evidence["exact expected gap vs the pseudo-expectation's"].items()]
display(Markdown(figures.markdown_table(l6_rows)))
l6_factor = float(mpmath.mpf(l6.evidence["limit of the ratio, -(1 - beta) zeta(beta)"]))
display(Markdown(f"Limit of the ratio, $-(1-\\beta)\\zeta(\\beta)$ at $\\beta = 1/2$: "
                 f"{l6_factor:.10f}; Lemma 6's bound on the scaled gap: "
                 f"{float(mpmath.mpf(l6.evidence['bound |Delta y(1)| / (2 p^(1-beta))'])):.6f}."))
assert l6.outcome == "verified"
assert abs(float(mpmath.mpf(l6_rows[-1]["ratio"])) - l6_factor) < 1e-7

# %% [markdown]
# *Lemma 7 fails where condition 2 needs it.* Given the scores, the labels are independent
# Bernoulli($\bar y(s_{(r)})$), so
# $$\mathrm{Var}(\mathrm{DCG} \mid \text{scores}) = \sum_r D(r)^2\,\bar y(s_{(r)})
# (1 - \bar y(s_{(r)})) \ge D(1)^2\,\bar y(s_{(1)})(1 - \bar y(s_{(1)})),$$
# and $s_{(1)} \to 1$: when $0 < \bar y(1) < 1$ the top label alone keeps the variance of
# DCG of order 1, while IDCG grows like $(np)^{1-\beta}/(1-\beta)$. So NDCG fluctuates by
# order $n^{-(1-\beta)}$ — more than the lemma's $n^{-1/3}$ once $\beta > 2/3$. The
# lemma's proof drops a Hoeffding term of exactly this order (erratum S004-L7). And
# $\beta > 2/3$ is forced by condition 2: a non-constant Hölder curve has $\alpha \le 1$,
# so $\alpha > 3(1-\beta)$ needs $\beta > 2/3$. What is measured and what is extrapolated:
# the standard deviation of NDCG at $\beta = 0.8$ is measured at $n = 10^3..10^5$ (100
# draws each); the $n$ at which it would cross the lemma's threshold comes from the fitted
# power law, far beyond any simulated $n$.

# %%
l7 = proofs_check.REGISTRY["S004-L7"].check()
l7_rows = [{"n": k.removeprefix("n="), **v} for k, v in l7.evidence.items()
           if k.startswith("n=")]
display(Markdown(figures.markdown_table(l7_rows)))
l7_slope = l7.evidence["fitted exponent of sd(NDCG)"]
l7_cross = float(l7.evidence["n where sd reaches the threshold"])
display(Markdown(f"Fitted exponent of the standard deviation: {l7_slope} (theory "
                 f"$-(1-\\beta) = -0.2$); the fitted line meets the threshold at "
                 f"$n \\approx$ {l7_cross:.1e} (extrapolated)."))
assert l7.outcome == "erratum"
assert abs(l7_slope + 0.2) < 0.1 and abs(l7_slope + 0.2) < abs(l7_slope + 1 / 3)
assert l7_cross > 100 * max(float(r["n"]) for r in l7_rows)

# %% [markdown]
# *So condition 2 gives a constant probability, not a high one.* For an exact pair meeting
# condition 2 at $\beta = 4/5$ (claim S004-T4b, $\bar y_1 = 1/2$ a random ranking), gap and
# fluctuation are both of order $n^{-(1-\beta)}$: the scaled gap, the scaled standard
# deviation and the probability of the right order all settle. Each function's list is
# drawn independently: $f_1$ is random, so on a common sample its top labels would be a
# uniform draw of the labels, independent of $f_0$'s given the shared count, and the two
# designs agree up to $O(1/n)$. The column "true / pseudo gap" uses the exact expected DCG;
# it tends to $-(1-\beta)\zeta(\beta)$ as in Lemma 6.

# %%
t4b = proofs_check.REGISTRY["S004-T4b"].check()
display(Markdown(f"$\\Delta y$ = `{t4b.evidence['Delta y']}`"))
figures.save_table(t4b.evidence["by n"], "004_theorem4_condition2")
display(Markdown(figures.markdown_table(t4b.evidence["by n"])))
t4b_factor = t4b.evidence["-(1 - beta) zeta(beta), the limit of true / pseudo gap (S004-L6)"]
display(Markdown(f"**Erratum S004-T4b.** {t4b.evidence['corrected']}."))
assert t4a.outcome == "verified" and t4b.outcome == "erratum"
assert all(0.55 < r["P[order of N0, N1]"] < 0.9 for r in t4b.evidence["by n"])
assert all(abs(r["true / pseudo gap"] - t4b_factor) < 0.01 for r in t4b.evidence["by n"])

# %%
display(Markdown(reading.claims_box(proofs_check.settled_rows(
    ["S004-T4a", "S004-L6", "S004-L7", "S004-T4b"],
    done={"S004-T4a": t4a, "S004-L6": l6, "S004-L7": l7, "S004-T4b": t4b}))))

# %% [markdown]
# ## What this notebook leaves to the claims report
#
# The exact checks of every lemma, claim and theorem are in `figures/claims.md`, produced
# by `python -m proofs_check`: among them the errata on eq. (25), on Lemma 7's rate for
# $\beta > 2/3$, on Lemma 2's proof, and the slips in the proofs of Claims 4 and 8 (the
# normaliser written $l$ instead of IDCG, and two sums of a decreasing discount bounded by
# its integral from the wrong side; S004-C4p, S004-C8p), none of which changes a
# conclusion.

# %%
guide.update(Markdown(reading.reading_guide(
    proofs_check.recorded_rows("004"),
    claims=(
        'Wang et al. prove that NDCG with a slowly decaying discount tends to 1 for every'
        ' ranking function yet consistently distinguishes good from bad ones, and derive '
        'the limits for r^−β and cut-off discounts (Theorems 1–13, Lemmas 1–7).'),
    surprise=(
        'the proof of Lemma 3 drops a factor 1/p (eq. 22), so the predicted gap of '
        'standard NDCG between two ranking functions is off by that factor (S004-L3)'),
    section='Lemma 3: the predicted gap of standard NDCG',
    checked_here=False)))
