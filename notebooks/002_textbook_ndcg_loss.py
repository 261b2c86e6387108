# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 002 — The textbook's NDCG loss and Kendall tau loss
#
# Shalev-Shwartz & Ben-David (§17.4) define the NDCG loss
# $\Delta(y', y) = 1 - G(y', y)/G(y, y)$ with $G(y', y) = \sum_i D(\pi(y')_i)\, y_i$ and a
# top-$k$ discount written with the *top at position $r$*:
# $D(i) = 1/\log_2(r - i + 2)$ for $i \in \{r-k+1, \dots, r\}$, else 0. They state
# $\Delta \in [0, 1]$, and rewrite the pairwise 0–1 loss behind Kendall's tau before
# building its hinge surrogate. This notebook checks each statement with `rankmeasures`.

# %% tags=["parameters"]
r_len = 8  # list length of the discount table and the loss experiment
n_draws = 4000  # random predictions per cut-off
seed = 2014

# %%
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown, display

import proofs_check
import rankmeasures as rm
from rankmeasures import figures

# %% [markdown]
# ## The top-$k$ discount, in the book's indexing and top-down
#
# In the book $\pi(y')_i = r$ marks the top item. Writing $j = r - i + 1$ for the
# top-down position, the book's $D(i)$ is $1/\log_2(1 + j)$ cut off after $j = k$ — the
# usual NDCG@k discount. The table shows both for $r = 8$, $k = 3$.

# %%
k = 3
i_book = np.arange(r_len, 0, -1)  # top first
j = r_len - i_book + 1
book = rm.TopKDiscount.book_form(i_book, r_len, k)
usual = rm.cutoff("log2", k).evaluate(j)
rows = [{"book index i": int(a), "top-down j": int(b), "book D(i)": float(c),
         "1/log2(1+j), j <= k": float(d)} for a, b, c, d in zip(i_book, j, book, usual,
                                                                strict=True)]
figures.save_table(rows, "002_topk_discount")
display(Markdown(figures.markdown_table(rows)))
assert np.array_equal(book, usual)

# %% [markdown]
# ## $\Delta(y', y)$ on one list, and its range
#
# For non-negative relevance the loss lies in $[0, 1]$ and vanishes when $y'$ orders the
# items as $y$ does. The figure draws random predictions for every cut-off $k$ and shows
# the spread of $\Delta$; every value is asserted to lie in $[0, 1]$.

# %%
rng = np.random.default_rng(seed)
y = rng.integers(0, 4, r_len)
y[0] = 3  # at least one relevant item
assert rm.ndcg_loss(2.0 * y + 1.0, y, k=3) == 0.0
stats_rows, draws_by_k = [], {}
for kk in range(1, r_len + 1):
    losses = np.array([rm.ndcg_loss(rng.normal(size=r_len), y, k=kk) for _ in range(n_draws)])
    assert losses.min() >= 0.0 and losses.max() <= 1.0
    draws_by_k[kk] = losses
    stats_rows.append({"k": kk, "mean": float(losses.mean()), "min": float(losses.min()),
                       "max": float(losses.max()),
                       "P[Delta = 0]": float(np.mean(losses == 0.0))})
figures.save_table(stats_rows, "002_loss_by_k")
display(Markdown(figures.markdown_table(stats_rows)))

fig, ax = plt.subplots(figsize=(8, 4.2), constrained_layout=True)
ax.violinplot([draws_by_k[kk] for kk in range(1, r_len + 1)], positions=range(1, r_len + 1),
              showmeans=True)
ax.set(xlabel="cut-off k", ylabel="Delta(y', y)", ylim=(-0.02, 1.02),
       title=f"002: NDCG loss of {n_draws} random predictions, y = {y.tolist()}")
figures.save(fig, "002_loss_by_k")
plt.show()

# %% [markdown]
# The range needs $y \ge 0$: the book lets $y$ range over $\mathbb{R}^r$, and one negative
# relevance already pushes $\Delta$ above 1 (claim S002-C1).

# %%
c1 = proofs_check.REGISTRY["S002-C1"].check()
neg = c1.evidence["counterexample_negative_y"]
display(Markdown(figures.markdown_table([neg])))
assert c1.outcome == "needs-assumption" and neg["Delta"] > 1

# %% [markdown]
# ## The Kendall tau loss and the sign rewrite
#
# The book rewrites $1[\mathrm{sign}(y'_i - y'_j) \ne \mathrm{sign}(y_i - y_j)]$ as
# $1[\mathrm{sign}(y_i - y_j)(y'_i - y'_j) \le 0]$. Over every sign pattern the two sides
# differ only for a pair tied in both vectors, which the left side counts as correct and
# the right side as an error (S002-C2); pairs tied in the target are normally left out.

# %%
c2 = proofs_check.REGISTRY["S002-C2"].check()
display(Markdown(figures.markdown_table(c2.evidence["disagreements"])))
assert [(d["y_i - y_j"], d["y'_i - y'_j"]) for d in c2.evidence["disagreements"]] == [(0, 0)]
print("Kendall tau loss of a reversed list:", rm.kendall_tau_loss([1, 2, 3, 4], [4, 3, 2, 1]))
assert rm.kendall_tau_loss([1, 2, 3, 4], [4, 3, 2, 1]) == 1.0

# %% [markdown]
# ## Every claim of the excerpt

# %%
claims_002 = proofs_check.document_rows("002")
assert all(row["outcome"] == row["recorded"] for row in claims_002)
display(Markdown(figures.markdown_table(
    [{k: row[k] for k in ("id", "statement", "outcome", "method")} for row in claims_002])))
